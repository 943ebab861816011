import Clubhouse

/// What every page of a scene carries: the scene its links keep, the form token, and the
/// question a destructive button asks first (`?ask=`).
struct PageFrame: Sendable {
    let scene: SceneName
    let csrf: String
    let ask: String?
    /// The screen path the URL names (where a sign-in in this browser goes on to).
    var requested = ""

    func url(_ place: String, _ extra: [(String, String)] = []) -> String {
        PageAddress.url(place, scene: scene, extra)
    }
}

/// A mustache context: dictionaries and arrays of them, strings, numbers and booleans.
typealias Context = [String: Any]

extension WebTemplates {
    /// The page: the layout's context (title, tabs, messages, the forms' hidden fields) around
    /// the screen's own.
    func render(_ view: PageView, frame: PageFrame, messages: [Message]) -> String {
        var context: Context = [
            "scene": frame.scene.rawValue, "csrf": frame.csrf, "css": "/_/app.css", "js": "/_/app.js",
        ]
        let screen: ScreenPage
        switch view.kind {
        case .login(let registering, let claim):
            screen = LoginPage.page(registering: registering, claim: claim, view: view, frame: frame)
            context["place"] = registering ? "login/register" : "login"
        case .screen(let outcome, let window):
            guard case .main(let user, let state, let content) = outcome.view else {
                screen = LoginPage.page(registering: false, claim: nil, view: view, frame: frame)
                break
            }
            let place = state.currentPlace
            context["place"] = place
            context["user"] = user.username
            context["action"] = frame.url(place)
            context["live"] = true
            context["tabs"] = Tab.allCases.map { tab -> Context in
                [
                    "title": tab.title, "href": frame.url(state.place(of: tab)),
                    "current": tab == state.selectedTab && state.modal == nil,
                    "key": String(tab.number),
                ]
            }
            let stack = state.modal?.stack ?? state.stack(for: state.selectedTab)
            context["backable"] = stack.count > 1
            context["inModal"] = state.modal != nil
            screen = ScreenPage.make(content, state: state, window: window, view: view, frame: frame)
        }
        context["title"] = screen.title
        context["messages"] = messages.map { message -> Context in
            ["text": message.text, "kind": message.kind.rawValue, "alert": message.kind != .note]
        }
        if let refusal = view.refusal { context["refusal"] = refusal }
        context["screen"] = screen.context
        if let action = screen.context["action"] { context["action"] = action }
        return library.render(context, withTemplate: screen.template) ?? "template \(screen.template) is missing"
    }
}
