/// The one style sheet, served as `/_/app.css`: readable from 360 px wide up, visible focus, and
/// colours that keep their contrast.
enum AppStyle {
    static let text = """
        :root { --ink: #1b1f23; --paper: #fbfbf8; --line: #d0d4d8; --accent: #0b5cad; --a: #0b5cad; --b: #b3261e;
          --draw: #6b6f73; --grass: #2e7d32; --danger: #a4161a; font-family: system-ui, sans-serif; }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--ink); background: var(--paper); line-height: 1.45; }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        .bar { display: flex; justify-content: space-between; align-items: baseline; padding: 8px 16px;
          background: var(--ink); color: #fff; }
        .brand { font-weight: 700; }
        nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px; }
        nav.tabs { border-bottom: 1px solid var(--line); padding: 4px 8px; background: #fff; }
        nav a { display: inline-block; padding: 8px 12px; border-radius: 6px; color: var(--accent); text-decoration: none; }
        nav a[aria-current] { background: var(--accent); color: #fff; }
        main { max-width: 760px; margin: 0 auto; padding: 12px 16px 48px; }
        .heading { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        h1 { font-size: 1.5rem; margin: 8px 0; overflow-wrap: anywhere; }
        a { color: var(--accent); } a, td, dd, li, p { overflow-wrap: anywhere; }
        :focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
        button, .button { font: inherit; padding: 8px 14px; border-radius: 6px; border: 1px solid var(--accent);
          background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
        button.quiet, .button.quiet, a.quiet { background: transparent; color: var(--accent); }
        .danger, button.danger { background: var(--danger); border-color: var(--danger); color: #fff; }
        button.mark { background: transparent; color: var(--accent); padding: 2px 8px; }
        .actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
        form.inline, form.back, form.paging { display: inline; }
        .card { display: grid; gap: 8px; padding: 12px; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
        .field { display: grid; gap: 4px; }
        input, select, textarea { font: inherit; padding: 8px; border: 1px solid #8a9096; border-radius: 6px; width: 100%; }
        input[type=radio] { width: auto; }
        .search input { width: auto; max-width: 100%; }
        .hint, .aside { color: #555b61; font-size: 0.9rem; }
        .required { color: var(--danger); font-size: 0.85rem; }
        .message { padding: 8px 12px; border-radius: 6px; border-left: 4px solid var(--accent); background: #eef4fb; }
        .message.warning { border-color: #b26a00; background: #fff6e5; }
        .message.error { border-color: var(--danger); background: #fdecec; }
        .confirm { border: 2px solid var(--danger); border-radius: 8px; padding: 12px; margin: 12px 0; background: #fff; }
        .rows { list-style: none; padding: 0; } .rows li { padding: 8px 0; border-bottom: 1px solid var(--line); }
        .selected { background: #eef4fb; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); }
        dl.fields div { display: grid; grid-template-columns: 9rem 1fr; gap: 8px; padding: 6px 0; border-bottom: 1px solid var(--line); }
        dl.fields dt { font-weight: 600; } dl.fields dd { margin: 0; }
        dl.fields div.paragraph { grid-template-columns: 1fr; }
        .score { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        .team { border-top: 6px solid var(--a); padding: 8px; background: #fff; border-radius: 6px; }
        .team-b { border-top-color: var(--b); }
        .goals { font-size: 3rem; font-weight: 700; margin: 0; }
        .lineup { padding-left: 18px; }
        .clock { text-align: center; } .ring-back { stroke: var(--line); } .ring { stroke: var(--accent); }
        .clock-text { font-size: 22px; font-weight: 700; fill: var(--ink); }
        figure { margin: 8px 0; } figure svg { width: 100%; height: auto; max-width: 520px; display: block; }
        .grass { fill: var(--grass); } .chalk { stroke: #e8f5e9; stroke-width: 2; fill: none; }
        .dot circle { fill: #fff; stroke: var(--ink); } .dot-a circle { fill: var(--a); } .dot-b circle { fill: var(--b); }
        .dot text { fill: #fff; font-size: 9px; }
        .bar-a { fill: var(--a); } .bar-b { fill: var(--b); } .bar-draw { fill: var(--draw); }
        .axis { stroke: var(--ink); } .label { font-size: 10px; fill: var(--ink); }
        .key::before { content: "■ "; } .key-a::before { color: var(--a); } .key-b::before { color: var(--b); }
        footer { max-width: 760px; margin: 0 auto; padding: 8px 16px 24px; }
        blockquote.asked { margin: 0; padding: 8px 12px; border-left: 4px solid var(--line); }
        @media (max-width: 420px) { dl.fields div { grid-template-columns: 1fr; } .goals { font-size: 2.2rem; } }
        """
}
