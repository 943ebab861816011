import ClubhousePeers
import Hummingbird
import NIOCore

/// A request's context: Hummingbird's core, plus the bearer token of a signed-in route (set by
/// `BearerAuthenticator`; checked by the route's own database work).
package struct ServerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package var bearer: SignIn?
    /// The peer, read as the request arrives (a connection that closes forgets it).
    private let peer: SocketAddress?

    /// Who sent the request, as hashing turns count clients: made only for the few routes that
    /// ask (sign-in and registration), not for every request.
    package var client: ClientAddress { ClientAddress(peer) }

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        bearer = nil
        peer = source.channel.remoteAddress
    }

    package var maxUploadSize: Int { ServerLimits.bodyBytes }

    /// The request's token, to be checked with its work; every record a route touches is scoped
    /// to the account it signs in.
    package func signIn() throws -> SignIn {
        guard let bearer else { throw APIError.unauthorized }
        return bearer
    }
}
