import Mustache

/// The pages' templates, compiled once. `{{name}}` escapes for HTML (text and attributes alike);
/// no template uses `{{{ }}}`, so every stored value reaches the page as text.
struct WebTemplates: Sendable {
    let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, text) in LayoutTemplates.all.merging(ScreenTemplates.all, uniquingKeysWith: { a, _ in a })
            .merging(GatherTemplates.all, uniquingKeysWith: { a, _ in a })
        {
            // The templates are this file's own constants: one that does not parse stops the
            // server's start with the parser's message (every test meets it first).
            do {
                try library.register(text, named: name)
            } catch {
                throw WebStartError("the page template \(name) does not parse: \(error)")
            }
        }
        self.library = library
    }
}

enum LayoutTemplates {
    static let all: [String: String] = [
        "layout": layout, "hidden": hidden, "confirm": confirm, "message": message, "paging": paging,
    ]

    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="same-origin">
        <title>{{title}} · Clubhouse</title>
        <link rel="stylesheet" href="{{css}}">
        <script src="{{js}}" defer></script>
        </head>
        <body data-scene="{{scene}}" data-place="{{place}}" data-csrf="{{csrf}}"{{#live}} data-live="/_/events?s={{scene}}"{{/live}}>
        <a class="skip" href="#main">Skip to the page</a>
        <header class="bar">
        <span class="brand">Clubhouse</span>
        {{#user}}<span class="who">Signed in as <strong>{{user}}</strong></span>{{/user}}
        </header>
        {{#user}}{{^inModal}}<nav class="tabs" aria-label="Tabs"><ul>{{#tabs}}<li><a href="{{href}}" data-key="{{key}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a></li>{{/tabs}}</ul></nav>{{/inModal}}{{/user}}
        <main id="main" tabindex="-1">
        <div id="screen">
        <div class="messages" aria-live="polite">{{#messages}}<p class="message {{kind}}"{{#alert}} role="alert"{{/alert}}>{{text}}</p>{{/messages}}</div>
        <div class="heading">
        {{#backable}}<form method="post" action="{{action}}" class="back">{{> hidden}}<button name="_do" value="back" data-key="Escape">← Back</button></form>{{/backable}}
        <h1>{{title}}</h1>
        </div>
        {{$body}}{{/body}}
        </div>
        </main>
        {{#user}}<footer><form method="post" action="{{action}}">{{> hidden}}<button name="_do" value="undo" class="quiet">Undo</button> <button name="_do" value="reopen" class="quiet">Reopen</button></form></footer>{{/user}}
        </body>
        </html>
        """

    /// Every form's own fields: the CSRF token and the screen it was drawn for.
    static let hidden = """
        <input type="hidden" name="_csrf" value="{{csrf}}"><input type="hidden" name="_screen" value="{{place}}">
        """

    static let confirm = """
        {{#screen.confirm}}<section class="confirm" role="alertdialog" aria-labelledby="confirm-question">
        <p id="confirm-question">{{question}}</p>
        <form method="post" action="{{action}}">{{> hidden}}<button name="_do" value="{{do}}" class="danger" autofocus>{{yes}}</button> <a href="{{noHref}}">Keep it</a></form>
        </section>{{/screen.confirm}}
        """

    static let message = """
        {{<layout}}{{$body}}<p>{{screen.text}}</p>{{/body}}{{/layout}}
        """

    static let paging = """
        {{#screen}}{{#earlier}}<form method="post" action="{{action}}" class="paging">{{> hidden}}<button name="_do" value="earlier">Earlier rows</button></form>{{/earlier}}{{#later}}<form method="post" action="{{action}}" class="paging">{{> hidden}}<button name="_do" value="later">Later rows</button></form>{{/later}}{{/screen}}
        """
}
