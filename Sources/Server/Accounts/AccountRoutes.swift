import ClubhouseDomain
import Foundation
import Hummingbird

/// `/v1/accounts`, `/v1/sessions`, `/v1/account`: register, sign in for a bearer token, sign out,
/// who am I. The username and password rules are the CLI's (Domain's `Username`, `Password`).
struct AccountRoutes {
    let database: Database
    let hashing: PasswordHashing
    let configuration: ServerConfiguration

    struct UserJSON: Encodable {
        let id: Int64
        let username: String

        init(_ user: User) {
            id = user.id
            username = user.username
        }
    }

    struct SessionJSON: Encodable {
        let token: String
        let expiresAt: String
        let user: UserJSON
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
        // Fails fast, before anyone pays for hashing, when the name is taken.
        let taken = try await database.read { try await AccountStore($0, logger: logger).exists(key: username.key) }
        if taken { throw ClubhouseError.usernameTaken(username.display) }
        let hash = try await hashing.hash(password)
        let user = try await database.transaction {
            try await AccountStore($0, logger: logger).insert(username, passwordHash: hash)
        }
        return try JSONResponse.make(UserJSON(user), status: .created)
    }

    /// A wrong password and an unknown username answer alike (same status, code, message, and one
    /// scrypt verification each), and both count towards the same per-username slowdown: every
    /// attempt is counted before its password is checked, and a right one clears the count.
    private func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let body = try await JSONObject.read(request, allowing: ["username", "password"])
        let typed = try body.requiredString("username")
        let password = try body.requiredString("password")
        guard password.utf8.count <= Password.maximumBytes else { throw ClubhouseError.wrongCredentials }
        let key = Username.key(for: typed)
        let logger = context.logger
        let (wait, account) = try await database.read { [configuration] connection in
            let store = AccountStore(connection, logger: logger)
            let wait = try await store.countAttempt(
                key: key, allowed: configuration.signInFailuresBeforeSlowdown,
                first: configuration.firstSignInWait, longest: configuration.longestSignInWait)
            return (wait, wait == nil ? try await store.credentials(key: key) : nil)
        }
        if let wait {
            let seconds = max(Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0), 1)
            throw APIError(
                .tooManyRequests, "too_many_attempts",
                "too many wrong passwords for this username; try again in \(seconds) s", retryAfter: seconds)
        }
        // Already counted: a wrong password or an unknown username has nothing more to record.
        guard try await hashing.verify(password, against: account?.passwordHash), let account else {
            throw ClubhouseError.wrongCredentials
        }
        let token = BearerToken.random()
        let hash = token.hash
        let expiry = try await database.transaction { [configuration] connection in
            let store = AccountStore(connection, logger: logger)
            try await store.clearFailures(key: key)
            try await store.deleteExpiredTokens(of: account.user.id)
            return try await store.insertToken(hash: hash, user: account.user.id, lifetime: configuration.tokenLifetime)
        }
        return try JSONResponse.make(
            SessionJSON(token: token.text, expiresAt: expiry.apiText, user: UserJSON(account.user)), status: .created)
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
        return try JSONResponse.make(UserJSON(user))
    }
}
