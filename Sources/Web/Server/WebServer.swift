import Clubhouse
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `clubhouse web`: the app served to a browser on the device's own database file. Every page is
/// a scene's outcome drawn as HTML, and every form posts an action to `ClubhouseApp.perform`; the
/// web layer decides no rule and writes no SQL.
public struct WebServer: Sendable {
    public struct Options: Sendable {
        /// The address to listen on: loopback unless told otherwise.
        public var bind: String
        /// The port; nil: `defaultPort`, or any free port when that one is taken.
        public var port: Int?
        /// Connections open at once; past it a new one waits in the listen queue until one
        /// closes, so a client opening sockets by the thousand cannot use up the process's files
        /// (the database's among them). Above `StreamPlaces.limit`: each live page holds one.
        public var maxConnections: Int

        public init(bind: String = "127.0.0.1", port: Int? = nil, maxConnections: Int = 256) {
            self.bind = bind
            self.port = port
            self.maxConnections = maxConnections
        }

        /// Whether a browser on another machine can reach the pages.
        public var isLoopback: Bool { WebHosts.isLoopback(bind) }
    }

    /// The port a bookmark keeps finding when nobody else holds it.
    public static let defaultPort = 8470

    let location: ClubhouseApp.Location
    let options: Options
    let pages: WebPages

    /// The server for the file at `location`. Its session key is read from (or made beside) the
    /// file, so a restart keeps the browsers that signed in.
    public init(location: ClubhouseApp.Location, options: Options) throws {
        self.location = location
        self.options = options
        self.pages = try WebPages(scenes: ScenePool(location: location), secret: try WebSecret.beside(location.path))
    }

    /// A server on `pages` (tests open the scenes' apps themselves, at a cheap hashing cost).
    package init(pages: WebPages, options: Options) {
        self.location = pages.scenes.location
        self.options = options
        self.pages = pages
    }

    /// Serves until SIGINT or SIGTERM; `onReady` learns the address as soon as it is listening.
    /// A port taken or an address this machine cannot listen on is a `WebStartError` saying which.
    public func run(onReady: @escaping @Sendable (String) -> Void) async throws {
        do {
            try await serve(port: options.port ?? Self.defaultPort, onReady: onReady)
        } catch let error as IOError where options.port == nil && error.errnoCode == EADDRINUSE {
            // The usual port is taken (another `clubhouse web`, say): any free one will do.
            try await serve(port: 0, onReady: onReady)
        }
    }

    private func serve(port: Int, onReady: @escaping @Sendable (String) -> Void) async throws {
        do {
            try await application(port: port, onReady: onReady).runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError where error.errnoCode == EADDRINUSE && options.port != nil {
            throw WebStartError("port \(port) is in use: choose another with --port, or leave it out for a free one")
        } catch let error as IOError where [EADDRNOTAVAIL, EACCES, EAFNOSUPPORT].contains(error.errnoCode) {
            let why = String(cString: strerror(error.errnoCode)).lowercased()
            throw WebStartError("cannot listen on \(options.bind) port \(port): \(why)")
        } catch is SocketAddressError, is SocketAddressError.UnknownHost {
            throw WebStartError("cannot listen on \(options.bind): no such address on this machine")
        }
    }

    func application(port: Int, onReady: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
        let bind = options.bind
        let hosts = WebHostsBox()
        var logger = Logger(label: "clubhouse-web")
        logger.logLevel = .warning
        return Application(
            router: router(hosts: hosts),
            // A connection that sends nothing for 30 s (a request's headers never finished, a
            // keep-alive left open) is closed; a page's change stream is an answer, never idle.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(
                address: .hostname(bind, port: port), serverName: nil,
                availableConnectionsDelegate: .maximum(options.maxConnections, logger: logger)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                hosts.set(WebHosts(bind: bind))
                onReady(WebHosts.address(bind: bind, port: bound))
            },
            logger: logger)
    }

    /// The routes alone (tests run them in process).
    package func router() -> Hummingbird.Router<WebRequestContext> {
        let hosts = WebHostsBox()
        hosts.set(WebHosts(bind: options.bind))
        return router(hosts: hosts)
    }

    func router(hosts: WebHostsBox) -> Hummingbird.Router<WebRequestContext> {
        let router = Hummingbird.Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: HostCheck(hosts: hosts))
        router.add(middleware: MethodCheck())
        pages.addRoutes(to: router)
        return router
    }
}
