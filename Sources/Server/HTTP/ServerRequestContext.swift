import Hummingbird

/// A request's context: Hummingbird's core, plus the bearer token of a signed-in route (set by
/// `BearerAuthenticator`; checked by the route's own database work).
package struct ServerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package var bearer: SignIn?
    /// Who sent the request, as hashing turns count clients.
    package let client: ClientAddress

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        bearer = nil
        client = ClientAddress(source.channel.remoteAddress)
    }

    package var maxUploadSize: Int { ServerLimits.bodyBytes }

    /// The request's token, to be checked with its work; every record a route touches is scoped
    /// to the account it signs in.
    package func signIn() throws -> SignIn {
        guard let bearer else { throw APIError.unauthorized }
        return bearer
    }
}
