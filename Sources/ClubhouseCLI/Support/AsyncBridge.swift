import Dispatch

/// Runs the library's async calls (sync, remote set) from a command's synchronous `run()`: the
/// work runs on the concurrency pool while the main thread waits for it.
enum AsyncBridge {
    private final class Box<Value: Sendable>: @unchecked Sendable {
        // Written once by the task before it signals, read once after the wait.
        var result: Result<Value, any Error>?
    }

    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}
