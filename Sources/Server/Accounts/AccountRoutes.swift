import ClubhouseDomain
import Foundation
import Hummingbird
import Logging

/// `/v1/accounts`, `/v1/sessions`, `/v1/account`: register, sign in for a bearer token, sign out,
/// who am I. The username and password rules are the CLI's (Domain's `Username`, `Password`).
struct AccountRoutes {
    let database: Database
    let hashing: PasswordHashing
    let configuration: ServerConfiguration

    struct SessionJSON: Encodable {
        let token: String
        let expiresAt: String
        let user: User
        /// Sent with this client's next sign-ins (`SignInAttempts`); never a credential by itself.
        let deviceCookie: String
    }

    func add(public group: RouterGroup<ServerRequestContext>, signedIn: RouterGroup<ServerRequestContext>) {
        group.post("accounts") { request, context in try await register(request, context) }
        group.post("sessions") { request, context in try await signIn(request, context) }
        signedIn.delete("sessions/current") { request, context in try await signOut(request, context) }
        signedIn.get("account") { _, context in try await whoAmI(context) }
    }

    private func register(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let body = try await JSONObject.read(request, allowing: ["username", "password"])
        let rawUsername = try body.requiredString("username")
        let rawPassword = try body.requiredString("password")
        let username: Username
        let password: Password
        do { username = try Username(rawUsername) } catch { throw APIError(error, field: "username") }
        do { password = try Password(rawPassword) } catch { throw APIError(error, field: "password") }
        let logger = context.logger
        // A taken name is known only after the hash, as a free one: answering it sooner (it was
        // 0.6 s for 200 names) told who has an account, and unthrottled. The hashing line is the
        // sign-ins', so registrations wait their turn with them.
        let user = try await hashing.admitted(.client(context.client)) { turn in
            let hash = try await turn.hash(password)
            return try await database.transaction {
                try await AccountStore($0, logger: logger).insert(username, passwordHash: hash)
            }
        }
        return try JSONResponse.make(user, status: .created)
    }

    /// A wrong password and an unknown username answer alike (same status, code, message, and one
    /// scrypt verification each), and both count towards the same slowdown: every attempt is
    /// counted before its password is checked, and a right one clears the count. The count is the
    /// username's, or a device cookie's when the client presents one the account issued (see
    /// `SignInAttempts`): guessing at a username never makes its owner's devices wait.
    private func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let body = try await JSONObject.read(request, allowing: ["username", "password", "deviceCookie"])
        let typed = try body.requiredString("username")
        let password = try body.requiredString("password")
        let presented = try body.string("deviceCookie").map { text in
            guard let cookie = DeviceCookie(presented: text) else {
                throw APIError.invalidField("deviceCookie", "must be a deviceCookie a sign-in answered")
            }
            return cookie
        }
        // No account has such a name (PostgreSQL's text cannot even hold a NUL: it answered 500).
        guard password.utf8.count <= Password.maximumBytes, !typed.utf8.contains(0) else {
            throw ClubhouseError.wrongCredentials
        }
        let key = Username.key(for: typed)
        let logger = context.logger
        let lane = try await database.read { [configuration] connection in
            try await SignInAttempts(connection, logger: logger, configuration: configuration)
                .lane(key: key, cookie: presented)
        }
        let client: HashingClient =
            if case .device = lane { .knownDevice(account: key, from: context.client) } else { .client(context.client) }
        // The place in line first: a sign-in refused one (429, 503) has counted nothing.
        return try await hashing.admitted(client) { turn in
            try await signIn(key: key, password: password, presented: presented, turn: turn, logger: logger)
        }
    }

    private func signIn(
        key: String, password: String, presented: DeviceCookie?, turn: PasswordHashing.Turn, logger: Logger
    ) async throws -> Response {
        let (lane, wait, account) = try await database.read { [configuration] connection in
            let attempts = SignInAttempts(connection, logger: logger, configuration: configuration)
            let (lane, wait) = try await attempts.count(key: key, cookie: presented)
            let account = wait == nil ? try await AccountStore(connection, logger: logger).credentials(key: key) : nil
            return (lane, wait, account)
        }
        if let wait {
            let seconds = max(Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0), 1)
            throw APIError(
                .tooManyRequests, "too_many_attempts",
                "too many wrong passwords for this username; try again in \(seconds) s", retryAfter: seconds)
        }
        // Already counted: a wrong password or an unknown username has nothing more to record.
        guard try await turn.verify(password, against: account?.passwordHash), let account else {
            throw ClubhouseError.wrongCredentials
        }
        let token = BearerToken.random()
        let hash = token.hash
        let (expiry, cookie) = try await database.transaction { [configuration] connection in
            let attempts = SignInAttempts(connection, logger: logger, configuration: configuration)
            let cookie = try await attempts.succeeded(key: key, lane: lane, user: account.user.id, presented: presented)
            let store = AccountStore(connection, logger: logger)
            try await store.deleteExpiredTokens(of: account.user.id)
            let expiry = try await store.insertToken(
                hash: hash, user: account.user.id, lifetime: configuration.tokenLifetime)
            return (expiry, cookie)
        }
        return try JSONResponse.make(
            SessionJSON(
                token: token.text, expiresAt: expiry.apiText, user: account.user, deviceCookie: cookie.text),
            status: .created)
    }

    private func signOut(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let logger = context.logger
        let owner = try await database.read { try await AccountStore($0, logger: logger).deleteToken(signIn.hash) }
        try signIn.found(owner)
        return JSONResponse.noContent()
    }

    private func whoAmI(_ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let logger = context.logger
        let user = try await database.read { try await AccountStore($0, logger: logger).user(ofToken: signIn.hash) }
        guard let user else { throw APIError.unauthorized }
        try signIn.found(user.id)
        return try JSONResponse.make(user)
    }
}
