/// The screens' templates, each filling the layout's body (`{{<layout}}`).
enum ScreenTemplates {
    static let all: [String: String] = [
        "login": login, "home": home, "players": players, "player": player, "form": form, "library": library,
        "book": book, "questions": questions, "question": question, "profile": profile,
    ]

    static let login = """
        {{<layout}}{{$body}}{{#screen}}
        <form method="post" action="{{action}}" class="card">{{> hidden}}
        {{#claim}}<p>{{.}} is signed in on this device. Give the password to open the clubhouse in this browser.</p>{{/claim}}
        {{#refused}}<p class="message error" role="alert" id="refusal">{{refusal}}</p>{{/refused}}
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required maxlength="{{usernameLongest}}" value="{{username}}" autocapitalize="none"{{^hasUsername}} autofocus{{/hasUsername}}>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" required maxlength="{{passwordLongest}}"{{#registering}} minlength="8" autocomplete="new-password"{{/registering}}{{^registering}} autocomplete="current-password"{{/registering}}{{#hasUsername}} autofocus{{/hasUsername}}>
        {{#registering}}<button name="_do" value="register">Create the account</button>{{/registering}}
        {{^registering}}<button name="_do" value="signin">Sign in</button>{{/registering}}
        </form>
        {{^claim}}{{#registering}}<p><a href="{{loginHref}}">I have an account: sign in</a></p>{{/registering}}{{^registering}}<p>New here? <a href="{{registerHref}}">Create an account</a></p>{{/registering}}{{/claim}}
        {{/screen}}{{/body}}{{/layout}}
        """

    static let home = """
        {{<layout}}{{$body}}{{#screen}}
        <nav class="pages" aria-label="Home pages"><ul>{{#pages}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a></li>{{/pages}}</ul></nav>
        {{#squad}}<section aria-labelledby="squad-heading"><h2 id="squad-heading">Squad: {{count}}</h2>
        {{#pitch}}{{> pitch}}{{/pitch}}
        {{#empty}}<p>No players yet. <a href="{{playersHref}}">Add the first on the players tab.</a></p>{{/empty}}
        <ul class="rows">{{#players}}<li><a href="{{href}}">{{name}}</a> <span class="aside">{{position}}</span></li>{{/players}}</ul></section>{{/squad}}
        {{#results}}<section aria-labelledby="results-heading"><h2 id="results-heading">Results</h2>
        {{#chart}}{{> results-chart}}{{/chart}}
        {{#empty}}<p>No gather has ended yet.</p>{{/empty}}
        <ul class="rows">{{#gathers}}<li><a href="{{href}}">{{score}}</a> <span class="aside">{{winner}} · {{when}}</span></li>{{/gathers}}</ul>
        <p><a href="{{historyHref}}">Every gather played</a></p></section>{{/results}}
        {{#reading}}<section aria-labelledby="reading-heading"><h2 id="reading-heading">Reading</h2>
        {{#empty}}<p>No book recommended yet. <a href="{{libraryHref}}">The library</a></p>{{/empty}}
        <ul class="rows">{{#books}}<li><a href="{{href}}">{{title}}</a> <span class="aside">{{author}}</span></li>{{/books}}</ul></section>{{/reading}}
        {{/screen}}{{/body}}{{/layout}}
        """

    static let players = """
        {{<layout}}{{$body}}{{#screen}}
        <p class="actions"><a class="button" href="{{newHref}}" data-key="n">Add a player</a> <a class="button" href="{{pickHref}}">Pick teams from everyone</a></p>
        {{#anyMarked}}<form method="post" action="{{action}}" class="actions">{{> hidden}}<button name="_do" value="confirm-marked">Pick teams from the {{markedCount}} marked</button> <button name="_do" value="unmark-all" class="quiet">Clear the marks</button></form>{{/anyMarked}}
        {{#empty}}<p>No players yet.</p>{{/empty}}
        {{^empty}}<form method="post" action="{{action}}" class="scroll">{{> hidden}}<table>
        <thead><tr><th scope="col"><span class="visually-hidden">Mark</span></th><th scope="col">Name</th>{{#columns}}<th scope="col">{{.}}</th>{{/columns}}</tr></thead>
        <tbody>{{#rows}}<tr{{#selected}} class="selected"{{/selected}}><td><button name="_do" value="{{markDo}}" aria-pressed="{{pressed}}" aria-label="{{markLabel}}" class="mark">{{mark}}</button></td><th scope="row"><a href="{{href}}">{{name}}</a></th>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>{{/rows}}</tbody>
        </table></form>{{/empty}}
        {{/screen}}{{> paging}}{{/body}}{{/layout}}
        """

    static let player = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        <dl class="fields">{{#fields}}<div><dt>{{label}}</dt><dd>{{value}} <a href="{{editHref}}" aria-label="{{editLabel}}">Edit</a></dd></div>{{/fields}}</dl>
        <p class="actions"><a class="button danger" href="{{deleteHref}}">Delete…</a></p>
        {{/screen}}{{/body}}{{/layout}}
        """

    static let form = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        <form method="post" action="{{action}}" class="card" data-draft>{{> hidden}}
        {{#refused}}<p class="message error" role="alert" id="refusal">{{refusal}}</p>{{/refused}}
        {{#fields}}<div class="field">
        <label for="{{id}}">{{label}}{{#required}} <span class="required">(required)</span>{{/required}}</label>
        {{#text}}<input id="{{id}}" name="{{name}}" value="{{value}}"{{#maxlength}} maxlength="{{maxlength}}"{{/maxlength}}{{#numeric}} inputmode="numeric"{{/numeric}}{{#required}} required{{/required}}{{#autofocus}} autofocus{{/autofocus}} aria-describedby="{{id}}-hint">{{/text}}
        {{#paragraph}}<textarea id="{{id}}" name="{{name}}" rows="6"{{#maxlength}} maxlength="{{maxlength}}"{{/maxlength}}{{#required}} required{{/required}}{{#autofocus}} autofocus{{/autofocus}} aria-describedby="{{id}}-hint">{{value}}</textarea>{{/paragraph}}
        {{#isChoice}}<select id="{{id}}" name="{{name}}"{{#required}} required{{/required}}{{#autofocus}} autofocus{{/autofocus}} aria-describedby="{{id}}-hint">{{#optional}}<option value="">—</option>{{/optional}}{{#choices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/choices}}</select>{{/isChoice}}
        <p class="hint" id="{{id}}-hint">{{hint}}</p>
        </div>{{/fields}}
        <p class="actions"><button name="_do" value="submit" data-key="save">Save</button>{{#hasDraft}} <a href="{{discardHref}}" class="quiet">Clear the form…</a>{{/hasDraft}}</p>
        </form>
        {{/screen}}{{/body}}{{/layout}}
        """

    static let library = """
        {{<layout}}{{$body}}{{#screen}}
        <form method="post" action="{{action}}" class="search" role="search">{{> hidden}}
        <label for="q">Search the shelf</label> <input id="q" name="q" type="search" value="{{query}}" maxlength="200" data-key="/"> <button name="_do" value="search">Search</button>{{#searching}} <button name="_do" value="search-clear" class="quiet">Show the whole shelf</button>{{/searching}}
        </form>
        <p class="actions"><a class="button" href="{{newHref}}" data-key="n">Add a book</a></p>
        {{#empty}}<p>{{#searching}}No book on the shelf matches.{{/searching}}{{^searching}}The shelf is empty.{{/searching}}</p>{{/empty}}
        <ul class="rows">{{#rows}}<li{{#selected}} class="selected"{{/selected}}><a href="{{href}}">{{title}}</a> <span class="aside">{{author}}{{#hasPrice}} · {{price}}{{/hasPrice}}{{#offShelf}} · off the shelf{{/offShelf}}</span></li>{{/rows}}</ul>
        {{/screen}}{{> paging}}{{/body}}{{/layout}}
        """

    static let book = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        {{^owned}}<p class="message note">This book is off the shelf: a question recommended it.</p>{{/owned}}
        <dl class="fields">{{#fields}}{{#hasValue}}<div{{#paragraph}} class="paragraph"{{/paragraph}}><dt>{{label}}</dt><dd>{{value}}</dd></div>{{/hasValue}}{{/fields}}</dl>
        <p class="aside">Added {{added}}, updated {{updated}}</p>
        {{#owned}}<p class="actions"><a class="button danger" href="{{deleteHref}}">Take it off the shelf…</a></p>{{/owned}}
        {{/screen}}{{/body}}{{/layout}}
        """

    static let questions = """
        {{<layout}}{{$body}}{{#screen}}
        <p class="actions"><a class="button" href="{{newHref}}" data-key="n">Ask a question</a></p>
        {{#empty}}<p>No question asked yet.</p>{{/empty}}
        <ul class="rows">{{#rows}}<li{{#selected}} class="selected"{{/selected}}><a href="{{href}}">{{text}}</a> <span class="aside">{{books}} · {{asked}}</span></li>{{/rows}}</ul>
        {{/screen}}{{> paging}}{{/body}}{{/layout}}
        """

    static let question = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        <blockquote class="asked"><p>{{text}}</p><footer>Asked {{asked}}</footer></blockquote>
        <h2>Answer</h2><p class="answer">{{answer}}</p>
        <h2>Recommended books</h2>
        <ul class="rows">{{#books}}<li><a href="{{href}}">{{title}}</a> <span class="aside">{{author}}</span></li>{{/books}}</ul>
        <p class="actions"><a class="button danger" href="{{deleteHref}}">Delete…</a></p>
        {{/screen}}{{/body}}{{/layout}}
        """

    static let profile = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        <dl class="fields">
        <div><dt>Username</dt><dd>{{username}}</dd></div>
        <div><dt>Players</dt><dd>{{players}} <form method="post" action="{{action}}" class="inline">{{> hidden}}<button name="_do" value="tab:players" class="quiet">Open the players</button></form></dd></div>
        <div><dt>Gathers</dt><dd>{{played}} <a href="{{historyHref}}">History</a></dd></div>
        </dl>
        <form method="post" action="{{action}}" class="card">{{> hidden}}
        <label for="landing">Sign-ins land on</label>
        <select id="landing" name="tab">{{#tabs}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{title}}</option>{{/tabs}}</select>
        <button name="_do" value="land-on">Keep</button>
        </form>
        <p class="actions"><a class="button danger" href="{{signOutHref}}">Sign out…</a></p>
        {{/screen}}{{/body}}{{/layout}}
        """
}
