import ArgumentParser
import Clubhouse
import ClubhouseWeb
import Foundation

/// `clubhouse web`: the app in a browser, on this device's file.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the app to a browser on this device's database, until Ctrl-C.",
        discussion: """
            Prints the address to open. Every screen of the app is a page whose address is the \
            screen's path (/players/3/edit/name opens what `clubhouse open players/3/edit/name` \
            opens), each browser tab is a scene of its own, and every page comes back after a \
            reload or a restart, half-typed forms included. A browser signs in with the account's \
            password, even when the device is signed in already. Pages serve only this machine \
            unless --bind says otherwise. See docs/web.md.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "The address to listen on (127.0.0.1; 0.0.0.0 for every network).")
    var bind = "127.0.0.1"
    @Option(
        help: ArgumentHelp(
            "The port (default: \(WebServer.defaultPort), or a free one when it is taken).", valueName: "port"))
    var port: Int?

    func validate() throws {
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port must be from 0 (any free port) to 65535")
        }
        if bind.isEmpty || bind.utf8.count > 255 || bind.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--bind needs an address such as 127.0.0.1 or 0.0.0.0")
        }
    }

    func run() throws {
        let app = try CommandContext.app(global, creating: true)
        guard !app.isInMemory else {
            throw InputError(message: "clubhouse web needs a database file, not one in memory")
        }
        let location = try ClubhouseApp.Location(path: app.path)
        let options = WebServer.Options(bind: bind, port: port)
        let server: WebServer
        do {
            server = try WebServer(location: location, options: options)
        } catch let error as WebStartError {
            throw InputError(message: error.message)
        }
        let loopback = options.isLoopback
        let bind = self.bind
        do {
            try AsyncBridge.run {
                try await server.run { address in
                    Output.print("Serving the app at \(address) (Ctrl-C stops).")
                    if !loopback {
                        Output.print(
                            "The page is reachable from the network on \(bind): anyone who can reach it can try to sign in."
                        )
                    }
                }
            }
        } catch let error as WebStartError {
            throw InputError(message: error.message)
        }
    }
}
