import ClubhouseDomain
import Hummingbird

/// A request's context: Hummingbird's core, plus the account its bearer token signed in (set by
/// `BearerAuthenticator` on the routes that need one).
package struct ServerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package var userID: User.ID?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        userID = nil
    }

    package var maxUploadSize: Int { ServerLimits.bodyBytes }

    /// The signed-in account; every record a route touches is scoped to it.
    package func owner() throws -> User.ID {
        guard let userID else { throw APIError.unauthorized }
        return userID
    }
}
