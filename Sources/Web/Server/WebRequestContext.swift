import ClubhousePeers
import Hummingbird
import NIOCore

/// A page request's context: Hummingbird's core, plus the peer it came from, read as the request
/// arrives, for the turns password checks take by address (`PasswordGate`).
package struct WebRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    private let peer: SocketAddress?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress
    }

    /// Who sent the request, as password checks count clients.
    package var client: ClientAddress { ClientAddress(peer) }
}
