/// The team picker, a gather and the pictures (SVG).
enum GatherTemplates {
    static let all: [String: String] = [
        "picker": picker, "gather": gather, "pitch": pitch, "results-chart": resultsChart, "wins-chart": winsChart,
        "gathers": gathers,
    ]

    static let picker = """
        {{<layout}}{{$body}}{{#screen}}
        {{#empty}}<p>No players to pick from. <a href="{{newHref}}">Add a player</a></p>{{/empty}}
        {{^empty}}<form method="post" action="{{action}}" class="card">{{> hidden}}
        {{#refused}}<p class="message error" role="alert">{{refusal}}</p>{{/refused}}
        <p>{{#marked}}The players marked on the list.{{/marked}}{{^marked}}Every player.{{/marked}} Put each in Team A, Team B, or leave them on the bench.</p>
        <div class="scroll"><table class="picker">
        <thead><tr><th scope="col">Player</th><th scope="col">Team A</th><th scope="col">Team B</th><th scope="col">Bench</th></tr></thead>
        <tbody>{{#players}}<tr><th scope="row">{{name}} <span class="aside">{{position}}</span></th>
        <td><input type="radio" name="player-{{id}}" value="a" aria-label="{{name}} in Team A"{{#a}} checked{{/a}}></td>
        <td><input type="radio" name="player-{{id}}" value="b" aria-label="{{name}} in Team B"{{#b}} checked{{/b}}></td>
        <td><input type="radio" name="player-{{id}}" value="bench" aria-label="{{name}} on the bench"{{#bench}} checked{{/bench}}></td></tr>{{/players}}</tbody>
        </table></div>
        <p class="actions"><button name="_do" value="start-gather">Start the gather</button></p>
        </form>{{/empty}}
        {{/screen}}{{/body}}{{/layout}}
        """

    static let gather = """
        {{<layout}}{{$body}}{{> confirm}}{{#screen}}
        <section class="score" aria-label="Score">
        {{#teams}}<div class="team team-{{key}}"><h2>{{name}}</h2><p class="goals" aria-label="{{name}}: {{goals}} goals">{{goals}}</p>
        {{#inProgress}}<form method="post" action="{{action}}">{{> hidden}}<button name="_do" value="goal:{{key}}:1" aria-label="A goal for {{name}}">+1</button> <button name="_do" value="goal:{{key}}:-1" class="quiet" aria-label="Take back a goal of {{name}}">−1</button></form>{{/inProgress}}
        <ul class="lineup">{{#players}}<li>{{name}} <span class="aside">{{position}}</span></li>{{/players}}</ul></div>{{/teams}}
        </section>
        {{#clock}}<section class="clock" aria-label="Countdown">
        <svg viewBox="0 0 120 120" width="160" height="160" role="img" aria-labelledby="clock-text" data-countdown data-remaining="{{remaining}}" data-duration="{{duration}}" data-running="{{#running}}1{{/running}}{{^running}}0{{/running}}" data-circumference="{{circumference}}">
        <circle class="ring-back" cx="60" cy="60" r="52" fill="none" stroke-width="10"></circle>
        <circle class="ring" cx="60" cy="60" r="52" fill="none" stroke-width="10" stroke-dasharray="{{circumference}}" stroke-dashoffset="{{offset}}" transform="rotate(-90 60 60)"></circle>
        <text id="clock-text" x="60" y="68" text-anchor="middle" class="clock-text">{{text}}</text>
        </svg>
        <p class="aside">The countdown is {{state}}.{{#timeUp}} Time is up.{{/timeUp}}</p>
        </section>{{/clock}}
        {{#inProgress}}<form method="post" action="{{action}}" class="actions">{{> hidden}}
        {{#refused}}<p class="message error" role="alert" id="refusal">{{refusal}}</p>{{/refused}}
        <button name="_do" value="timer:{{timerVerb}}" data-key=" ">{{timerLabel}}</button> <button name="_do" value="timer:reset" class="quiet">Reset</button>
        <label for="minutes">Minutes</label> <input id="minutes" name="minutes" inputmode="numeric" value="{{minutes}}" size="3" maxlength="2"> <button name="_do" value="timer:length" class="quiet">Set the length</button>
        </form>
        <p class="actions"><a class="button" href="{{endHref}}">End the gather…</a> <a class="button danger" href="{{cancelHref}}">Cancel the gather…</a></p>{{/inProgress}}
        {{^inProgress}}<p>{{winner}}, {{score}}, ended {{ended}} after {{played}}.</p>
        <p class="actions"><a class="button danger" href="{{deleteHref}}">Delete from history…</a></p>{{/inProgress}}
        <h2>Line-ups</h2>
        {{#pitch}}{{> pitch}}{{/pitch}}
        {{/screen}}{{/body}}{{/layout}}
        """

    static let gathers = """
        {{<layout}}{{$body}}{{#screen}}
        {{#empty}}<p>No gather has ended yet.</p>{{/empty}}
        {{^empty}}<h2>Goals per gather</h2>{{#chart}}{{> results-chart}}{{/chart}}
        <h2>Wins</h2>{{#wins}}{{> wins-chart}}{{/wins}}{{/empty}}
        <ul class="rows">{{#rows}}<li><a href="{{href}}">{{score}}</a> <span class="aside">{{winner}} · {{when}}</span></li>{{/rows}}</ul>
        {{/screen}}{{> paging}}{{/body}}{{/layout}}
        """

    static let pitch = """
        {{^empty}}<figure class="pitch"><svg viewBox="0 0 {{width}} {{height}}" role="img" aria-label="{{description}}">
        <rect class="grass" x="0" y="0" width="{{width}}" height="{{height}}"></rect>
        <line class="chalk" x1="160" y1="0" x2="160" y2="{{height}}"></line>
        <circle class="chalk" cx="160" cy="100" r="24" fill="none"></circle>
        {{#dots}}<g class="dot dot-{{team}}"><title>{{full}}</title><circle cx="{{x}}" cy="{{y}}" r="6"></circle><text x="{{x}}" y="{{labelY}}" text-anchor="middle">{{label}}</text></g>{{/dots}}
        </svg>{{#hasUnplaced}}<figcaption>No position: {{unplaced}}</figcaption>{{/hasUnplaced}}</figure>{{/empty}}
        """

    static let resultsChart = """
        {{^empty}}<figure class="chart"><svg viewBox="0 0 {{width}} {{height}}" role="img" aria-label="{{description}}">
        <line class="axis" x1="0" y1="130" x2="{{width}}" y2="130"></line>
        {{#bars}}<rect class="bar bar-{{team}}" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"><title>{{title}}</title></rect>{{/bars}}
        {{#labels}}<text class="label" x="{{x}}" y="{{y}}" text-anchor="middle">{{text}}</text>{{/labels}}
        </svg><figcaption><span class="key key-a">Team A</span> <span class="key key-b">Team B</span></figcaption></figure>{{/empty}}
        """

    static let winsChart = """
        {{^empty}}<figure class="chart"><svg viewBox="0 0 320 82" role="img" aria-label="{{description}}">
        {{#bars}}<text class="label" x="0" y="{{textY}}">{{label}}</text><rect class="bar bar-{{team}}" x="72" y="{{y}}" width="{{width}}" height="20"></rect><text class="label" x="{{countX}}" y="{{textY}}">{{count}}</text>{{/bars}}
        </svg></figure>{{/empty}}
        """
}
