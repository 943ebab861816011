import Hummingbird

/// Refuses a request whose `Host` is not one of this server's names (see `WebHosts`), or that
/// names more than one: HTTP/1.1 answers that with 400, and a proxy or cache in front could read
/// the other one than this check did.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let hosts: WebHostsBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // The first `Host` is the request's authority; NIO leaves any further one among the fields.
        guard !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
            return WebResponse.plain(.badRequest, "a request names one Host")
        }
        guard let host = request.head.authority, let known = hosts.current,
            known.accepts(host)
        else {
            return WebResponse.plain(
                .misdirectedRequest, "This page is served under another name: open the address clubhouse web printed.")
        }
        return try await next(request, context)
    }
}
