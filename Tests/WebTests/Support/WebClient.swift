import Clubhouse
import ClubhouseTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle
import Testing

@testable import ClubhouseWeb

/// A browser as the routes see it, in process: it keeps the cookies it is given, follows
/// nothing by itself, and posts forms with the token its last page carried.
struct WebClient {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    /// The session cookie's value, whatever this server's key names it.
    var session: String? { cookies.first { $0.key.hasPrefix(WebCookies.sessionPrefix + "_") }?.value }

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    struct Page {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: String
        var location: String? { headers[.location] }
        var setCookies: [String] { headers[values: .setCookie] }

        /// The value of the hidden input `name` on the page.
        func hidden(_ name: String) -> String? {
            guard let range = body.range(of: "name=\"\(name)\" value=\"") else { return nil }
            let rest = body[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    mutating func get(_ path: String, headers extra: HTTPFields = [:]) async throws -> Page {
        try await send(.get, path, body: nil, headers: extra)
    }

    /// Posts `fields` as a form, with this page's token unless `csrf` says otherwise.
    mutating func post(_ path: String, _ fields: [(String, String)], csrf: String?, screen: String? = nil) async throws
        -> Page
    {
        var all = fields
        if let csrf { all.append(("_csrf", csrf)) }
        if let screen { all.append(("_screen", screen)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(.post, path, body: body, headers: headers)
    }

    /// Posts `body` as it is, as a form (a hostile client's bytes).
    mutating func postRaw(_ path: String, _ body: String) async throws -> Page {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(.post, path, body: body, headers: headers)
    }

    /// Sends `method` to `path` with this browser's cookies and nothing else (HEAD, PUT, …).
    mutating func ask(_ method: HTTPRequest.Method, _ path: String) async throws -> Page {
        try await send(method, path, body: nil, headers: [:])
    }

    /// Follows redirects from `page`, at most a few.
    mutating func follow(_ page: Page) async throws -> Page {
        var page = page
        var hops = 0
        while page.status == .seeOther, let location = page.location, hops < 5 {
            page = try await get(location)
            hops += 1
        }
        return page
    }

    private mutating func send(_ method: HTTPRequest.Method, _ path: String, body: String?, headers extra: HTTPFields)
        async throws -> Page
    {
        var headers = extra
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        let page = Page(
            status: response.status, headers: response.headers, body: String(buffer: response.body))
        for cookie in page.setCookies {
            let pair = cookie.split(separator: ";").first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if value.isEmpty || cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return page
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(
            of: "%20", with: "+")
    }
}

/// The web routes on a real temporary file, with apps hashing at the test cost.
struct WebHarness: @unchecked Sendable {  // the folder is only removed when released
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("web.sqlite")
    }

    /// An app of the file's scene `main`, as another program (the CLI) would open it.
    func app(scene: SceneName = .main) throws -> ClubhouseApp {
        try ClubhouseApp(path: path, scene: scene, hashingCost: .testing)
    }

    /// The pages of the file, each scene's app hashing at the test cost.
    func pages() throws -> WebPages {
        let location = try ClubhouseApp.Location(path: path)
        let pool = ScenePool(location: location) { location, scene in
            try ClubhouseApp(at: location, creating: true, scene: scene, hashingCost: .testing)
        }
        return try WebPages(scenes: pool, secret: .random())
    }

    /// The whole server listening on a free loopback port, as `clubhouse web` runs it: `test`
    /// learns the port. (HummingbirdTesting's `.live` rebuilds the configuration without its
    /// connection bound, so the application runs here as it does in the command.)
    func live(_ options: WebServer.Options, _ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        let server = WebServer(pages: try pages(), options: options)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = server.application(port: 0) { address in
            listening.yield(URL(string: address)?.port ?? 0)
        }
        let services = ServiceGroup(
            configuration: .init(services: [application], logger: Logger(label: "web-test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                // A server that fails before listening ends the stream, so the wait below ends
                // too (and the failure is the group's), as LiveServer's does for the API server.
                defer { listening.finish() }
                try await services.run()
            }
            var next = ports.makeAsyncIterator()
            guard let port = await next.next() else {
                try await tasks.waitForAll()
                Issue.record("the web server stopped before it listened")
                return
            }
            do {
                try await test(port)
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    func run(_ test: @escaping @Sendable (inout WebClient) async throws -> Void) async throws {
        let server = WebServer(pages: try pages(), options: .init())
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            var browser = WebClient(client)
            try await test(&browser)
        }
    }
}
