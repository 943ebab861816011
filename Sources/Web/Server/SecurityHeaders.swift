import Clubhouse
import Hummingbird

/// What every answer carries: a Content-Security-Policy that allows the project's own script and
/// style and nothing inline (a stored value that slipped past escaping still could not run) and no
/// framing (`frame-ancestors`), no sniffing, and no caching of pages that show a user's records.
/// (The pages say their referrer policy in a `<meta>` of their own.)
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // The file failed under the server (replaced, truncated, the disk gone): one line
            // that says why, with the headers of every answer, not an empty 500.
            response = WebResponse.plain(.internalServerError, Self.describe(error))
        }
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func describe(_ error: any Error) -> String {
        "the page could not be made: \(ClubhouseError.message(of: error).prefix(300))"
    }
}
