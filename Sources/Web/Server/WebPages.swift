import Clubhouse
import ClubhousePeers
import Foundation
import Hummingbird
import ServiceLifecycle

/// The pages: a GET shows the scene's screen (opening the screen its URL names first, as
/// `clubhouse open` does), a POST performs one action and answers with a redirect to where it
/// landed. Nothing here decides a rule: the coordinators do, behind `ClubhouseApp.perform`.
package struct WebPages: Sendable {
    let scenes: ScenePool
    let cookies: WebCookies
    let flash = FlashMessages()
    let templates: WebTemplates
    let passwords = PasswordGate()
    let streams = StreamPlaces()

    package init(scenes: ScenePool, secret: WebSecret) throws {
        self.scenes = scenes
        self.templates = try WebTemplates()
        self.cookies = WebCookies(secret: secret)
    }

    func addRoutes(to router: Hummingbird.Router<WebRequestContext>) {
        router.get("/_/app.js") { _, _ in WebResponse.asset(AppScript.text, type: "text/javascript; charset=utf-8") }
        router.get("/_/app.css") { _, _ in WebResponse.asset(AppStyle.text, type: "text/css; charset=utf-8") }
        router.get("/_/events") { request, context in try await events(request, context: context) }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/") { request, _ in try await page(request) }
        router.get("**") { request, _ in try await page(request) }
        router.post("/") { request, context in try await post(request, from: context.client) }
        router.post("**") { request, context in try await post(request, from: context.client) }
    }

    // MARK: Who is asking

    /// The browser's visitor name, and the cookie to set when it had none.
    func visitor(_ request: Request) -> (name: String, cookie: Cookie?) {
        if let known = cookies.visitor(request) { return (known, nil) }
        let fresh = WebCookies.newVisitor()
        return (fresh, cookies.visitorCookie(fresh))
    }

    /// Whether this browser may see the signed-in user's screens: its session cookie was signed
    /// here for the user signed in on the device now.
    func isSignedIn(_ request: Request, on scene: SceneName) async throws -> Bool {
        guard let session = cookies.session(request) else { return false }
        return try await scenes.run(scene) { try session.isCurrent(on: $0) }
    }

    // MARK: GET

    func page(_ request: Request) async throws -> Response {
        let address = PageAddress(request)
        let (visitor, newCookie) = visitor(request)
        var response = try await page(address, request: request, visitor: visitor, known: newCookie == nil)
        if let newCookie { response.setCookie(newCookie) }
        return response
    }

    private func page(_ address: PageAddress, request: Request, visitor: String, known: Bool) async throws -> Response {
        // A tab without a scene (a bookmark, a link typed in) becomes a scene of its own.
        guard let scene = address.scene else {
            return WebResponse.redirect(PageAddress.url(address.place, scene: try ScenePool.newScene()))
        }
        let frame = PageFrame(
            scene: scene, csrf: cookies.csrfToken(for: visitor), ask: address.ask, requested: address.place)
        let session = cookies.session(request)
        let flash = self.flash
        let templates = self.templates
        let step: PageStep = try await scenes.run(scene) { app in
            try PageStep.make(address, app: app, session: session, knownVisitor: known)
        }
        switch step {
        case .redirect(let place, let messages):
            flash.add(messages, for: scene)
            return WebResponse.redirect(PageAddress.url(place, scene: scene))
        case .show(let view), .missing(let view):
            let messages = flash.take(for: scene) + view.messages
            let status: HTTPResponse.Status = if case .missing = step { .notFound } else { .ok }
            return WebResponse.html(templates.render(view, frame: frame, messages: messages), status: status)
        }
    }

    // MARK: POST

    func post(_ request: Request, from client: ClientAddress) async throws -> Response {
        let address = PageAddress(request)
        guard let visitor = cookies.visitor(request) else {
            return refusedForm(
                "This form came without this browser's cookie; nothing was changed. Open the page again and retry.")
        }
        let body: FormBody
        do {
            body = try await FormBody(request)
        } catch let error as FormBody.Refusal {
            return WebResponse.plain(error.status, error.message)
        }
        guard cookies.checksCSRF(body["_csrf"], visitor: visitor) else {
            return refusedForm(
                "This form is out of date or came from another site; nothing was changed. Open the page again and retry."
            )
        }
        guard let scene = address.scene else {
            return WebResponse.plain(.badRequest, "the form's address names no scene (?s=)")
        }
        let signedIn = try await isSignedIn(request, on: scene)
        let post = FormPost(body: body, address: address)
        let frame = PageFrame(
            scene: scene, csrf: cookies.csrfToken(for: visitor), ask: nil, requested: address.place)
        let scenes = self.scenes
        let perform: @Sendable () async throws -> PostAnswer = {
            try await scenes.run(scene) { app in try post.perform(on: app, signedIn: signedIn) }
        }
        // A post that checks a password waits its turn (`PasswordGate`).
        let answer: PostAnswer
        do {
            answer =
                post.checksPassword(signedIn: signedIn)
                ? try await passwords.run(visitor: visitor, from: client, perform, refused: { $0.isPasswordRefusal })
                : try await perform()
        } catch let full as PasswordGate.Full {
            return WebResponse.plain(.tooManyRequests, full.message)
        }
        switch answer {
        case .landed(let place, let messages, let session):
            flash.add(messages, for: scene)
            var response = WebResponse.redirect(PageAddress.url(place, scene: scene))
            switch session {
            case .keep: break
            case .start(let session): response.setCookie(cookies.sessionCookie(for: session))
            case .end: response.setCookie(cookies.signedOutCookie)
            }
            return response
        case .typed:
            return Response(status: .noContent)
        case .refused(let view, let status):
            return WebResponse.html(templates.render(view, frame: frame, messages: view.messages), status: status)
        case .plain(let status, let text):
            return WebResponse.plain(status, text)
        }
    }

    private func refusedForm(_ text: String) -> Response {
        WebResponse.plain(.forbidden, text)
    }

    // MARK: Live

    /// Server-Sent Events: `change` each time another connection commits to the file, so the
    /// open page can fetch itself again (`app.js`). A page without script simply never asks.
    func events(_ request: Request, context: WebRequestContext) async throws -> Response {
        let address = PageAddress(request)
        guard let scene = address.scene else { return WebResponse.plain(.badRequest, "no scene (?s=)") }
        guard try await isSignedIn(request, on: scene) else { return WebResponse.plain(.unauthorized, "sign in first") }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        // A HEAD is told what a GET would get, without a place or a watch of the file.
        if request.method == .head { return Response(status: .ok, headers: headers) }
        guard let place = streams.take() else {
            return WebResponse.plain(
                .serviceUnavailable, "too many pages are open live (\(StreamPlaces.limit)); this one does without")
        }
        let scenes = self.scenes
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // The watch starts with the body: an answer whose body is never written (a
                // client gone first) leaves no watch running.
                let live = try await scenes.run(scene) { app in LiveChanges(app) }
                defer {
                    live.end()
                    withExtendedLifetime(place) {}
                }
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                // A stream never ends by itself: Ctrl-C's graceful shutdown ends it, so the
                // server stops at once instead of waiting for every open page to close.
                try await withGracefulShutdownHandler {
                    for try await line in live.stream {
                        try await writer.write(ByteBuffer(string: line))
                    }
                } onGracefulShutdown: {
                    live.end()
                }
                try await writer.finish(nil)
            })
    }
}
