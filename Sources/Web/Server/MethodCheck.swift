import Hummingbird

/// The methods a page answers: GET and POST, and HEAD as a GET without its body (the router's
/// own HEAD endpoints; a link checker or `curl -I` asks so, and it was 404). Any other method is
/// 405 with `Allow`: the router hands a method no route has to its not-found road, where this
/// middleware runs too.
struct MethodCheck<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard [.get, .head, .post].contains(request.method) else {
            var response = WebResponse.plain(.methodNotAllowed, "these pages answer GET, HEAD and POST")
            response.headers[.allow] = "GET, HEAD, POST"
            return response
        }
        return try await next(request, context)
    }
}
