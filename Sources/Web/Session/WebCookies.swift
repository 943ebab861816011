import Clubhouse
import Foundation
import Hummingbird

/// The two cookies, both HttpOnly and SameSite=Strict, so no script reads them and no other
/// site's page or form sends them:
/// - the visitor cookie, a random name for this browser, set on its first page; every form's CSRF
///   token is this name signed, so a form can only be posted by a page this server gave it;
/// - the session cookie, set by a sign-in in this browser: the signed-in user's id and when,
///   signed. It opens the pages only while that user is the one signed in on the device.
struct WebCookies: Sendable {
    static let visitorPrefix = "clubhouse_visitor"
    static let sessionPrefix = "clubhouse_session"
    /// How long a browser stays signed in without signing in again.
    static let sessionLifetime: TimeInterval = 30 * 24 * 3600

    let secret: WebSecret
    let visitorName: String
    let sessionName: String

    /// The names carry a tag of this file's key: a browser gives a cookie to every port of a host,
    /// so two `clubhouse web` on one machine (two files) overwrote each other's under one name
    /// and signed each other out.
    init(secret: WebSecret) {
        self.secret = secret
        let tag = String(secret.mac("cookie names").prefix(8))
        visitorName = Self.visitorPrefix + "_" + tag
        sessionName = Self.sessionPrefix + "_" + tag
    }

    // MARK: Visitor and CSRF

    /// This request's visitor name, if it carries a well-formed one.
    func visitor(_ request: Request) -> String? {
        guard let value = request.cookies[visitorName]?.value, value.utf8.count == 22,
            value.utf8.allSatisfy({ Self.isBase64URL($0) })
        else { return nil }
        return value
    }

    static func newVisitor() -> String {
        Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64URL
    }

    func visitorCookie(_ visitor: String) -> Cookie {
        Cookie(
            name: visitorName, value: visitor, maxAge: 400 * 24 * 3600, path: "/", httpOnly: true,
            sameSite: .strict)
    }

    /// The token every form of this visitor's pages carries.
    func csrfToken(for visitor: String) -> String { secret.mac("csrf:" + visitor) }

    func checksCSRF(_ token: String?, visitor: String?) -> Bool {
        guard let token, let visitor else { return false }
        return secret.verifies(token, of: "csrf:" + visitor)
    }

    // MARK: Session

    func sessionCookie(for session: WebSession, at now: Date = Date()) -> Cookie {
        let claim = "\(session.user).\(session.signIn).\(Int64(now.timeIntervalSince1970))"
        return Cookie(
            name: sessionName, value: claim + "." + secret.mac("session:" + claim),
            maxAge: Int(Self.sessionLifetime), path: "/", httpOnly: true, sameSite: .strict)
    }

    var signedOutCookie: Cookie {
        Cookie(name: sessionName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// The session this request's cookie was signed for, if it is ours and not too old.
    func session(_ request: Request, now: Date = Date()) -> WebSession? {
        guard let value = request.cookies[sessionName]?.value, value.utf8.count <= 200 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, let id = User.ID(parts[0]), let signIn = Int64(parts[1]), let issued = Int64(parts[2])
        else { return nil }
        let claim = "\(parts[0]).\(parts[1]).\(parts[2])"
        guard secret.verifies(String(parts[3]), of: "session:" + claim) else { return nil }
        let age = now.timeIntervalSince1970 - TimeInterval(issued)
        guard age >= -300, age < Self.sessionLifetime else { return nil }
        return WebSession(user: id, signIn: signIn)
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }
}

/// A browser's session: the user, and the device's sign-in it was given in. A sign-out, here or
/// in any other program, ends that sign-in, and the next is another number: the cookie then
/// opens nothing (it outlived `clubhouse logout` and a new `login`).
struct WebSession: Equatable, Sendable {
    let user: User.ID
    let signIn: Int64

    init(user: User.ID, signIn: Int64) {
        self.user = user
        self.signIn = signIn
    }

    init(_ signedIn: (user: User, session: Int64)) {
        self.init(user: signedIn.user.id, signIn: signedIn.session)
    }

    /// Whether this session is of the sign-in the device has now.
    func isCurrent(on app: ClubhouseApp) throws -> Bool {
        guard let now = try app.signedInSession() else { return false }
        return WebSession(now) == self
    }
}
