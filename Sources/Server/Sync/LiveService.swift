import Foundation
import ServiceLifecycle

/// Live sync as one of the application's services, beside the connection pool: the log listener,
/// and once a second (or each keep-alive, if shorter) the sweep that sends keep-alives and ends streams whose token expired. On
/// graceful shutdown it stops listening and ends every stream still open with
/// `closed(shutting_down)` (each stream also ends itself when the HTTP server shuts down, which
/// comes first: SIGTERM never waits for a device to hang up).
struct LiveService: Service {
    let hub: LiveHub
    let listener: LogListener?

    func run() async throws {
        await cancelWhenGracefulShutdown { [hub, listener] in
            await withTaskGroup(of: Void.self) { group in
                if let listener { group.addTask { await listener.run() } }
                group.addTask {
                    let tick = min(Duration.seconds(1), hub.keepAlive)
                    while (try? await Task.sleep(for: tick)) != nil { hub.sweep() }
                }
                await group.waitForAll()
            }
        }
        hub.shutDown()
    }
}
