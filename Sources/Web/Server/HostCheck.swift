import Hummingbird

/// Refuses a request whose `Host` is not one of this server's names (see `WebHosts`).
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let hosts: WebHostsBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let host = request.head.authority, let known = hosts.current,
            known.accepts(host)
        else {
            return WebResponse.plain(
                .misdirectedRequest, "This page is served under another name: open the address clubhouse web printed.")
        }
        return try await next(request, context)
    }
}
