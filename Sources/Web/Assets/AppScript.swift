/// The project's one script, served as `/_/app.js` (no inline script: the page's policy forbids
/// it). Every screen works without it; it only adds: drafts saved as they are typed, the page
/// brought up to date when another program commits, the countdown ticking, and keys.
enum AppScript {
    static let text = """
        "use strict";
        (function () {
          var body = document.body;
          var csrf = body.dataset.csrf, place = body.dataset.place;

          function post(fields) {
            var data = new URLSearchParams();
            data.set("_csrf", csrf);
            data.set("_screen", place);
            Object.keys(fields).forEach(function (k) { data.set(k, fields[k]); });
            return fetch(location.pathname + location.search, {
              method: "POST", body: data, credentials: "same-origin",
              headers: { "Content-Type": "application/x-www-form-urlencoded" }
            });
          }

          // Drafts: what is typed is saved a moment after the last key, so a reload, a closed
          // tab or a restarted server finds it (the server keeps it as the form's draft).
          var pending = null, lastSaved = null;
          function fieldsOf(form) {
            var fields = { _do: "typing" };
            Array.prototype.forEach.call(form.elements, function (el) {
              if (el.name && el.name.charAt(0) !== "_" && el.type !== "submit") fields[el.name] = el.value;
            });
            return fields;
          }
          function saveDraft(form) {
            var fields = fieldsOf(form), text = JSON.stringify(fields);
            if (text === lastSaved) return Promise.resolve();
            lastSaved = text;
            return post(fields).catch(function () { lastSaved = null; });
          }
          document.querySelectorAll("form[data-draft]").forEach(function (form) {
            lastSaved = JSON.stringify(fieldsOf(form));
            form.addEventListener("input", function () {
              clearTimeout(pending);
              pending = setTimeout(function () { saveDraft(form); }, 250);
            });
            form.addEventListener("change", function () { clearTimeout(pending); saveDraft(form); });
          });

          function typing() {
            var el = document.activeElement;
            return el && el.form && el.form.hasAttribute("data-draft") ||
              (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.type !== "submit");
          }

          // Live: another program's commit brings this page up to date, unless the person is
          // typing (their text is not replaced under them; the next change or key catches up).
          var stale = false;
          function refresh() {
            if (typing()) { stale = true; return; }
            stale = false;
            fetch(location.pathname + location.search, { credentials: "same-origin" }).then(function (r) {
              var landed = new URL(r.url);
              if (landed.pathname !== location.pathname) { location.replace(r.url); return null; }
              return r.text();
            }).then(function (html) {
              if (html === null || html === undefined) return;
              var next = new DOMParser().parseFromString(html, "text/html");
              var screen = next.getElementById("screen"), mine = document.getElementById("screen");
              if (screen && mine) { mine.replaceWith(screen); start(); }
              var tabs = next.querySelector("nav.tabs"), myTabs = document.querySelector("nav.tabs");
              if (tabs && myTabs) myTabs.replaceWith(tabs);
              document.title = next.title;
            }).catch(function () {});
          }
          if (body.dataset.live && window.EventSource) {
            var source = new EventSource(body.dataset.live);
            source.addEventListener("change", refresh);
          }
          document.addEventListener("focusout", function () { if (stale) setTimeout(refresh, 50); });

          // The countdown ticks here between pages; the server's number is the truth at each page.
          var ticking = null;
          function start() {
            clearInterval(ticking);
            var clock = document.querySelector("[data-countdown]");
            if (!clock || clock.dataset.running !== "1") return;
            var remaining = parseInt(clock.dataset.remaining, 10), total = parseInt(clock.dataset.duration, 10);
            var circumference = parseFloat(clock.dataset.circumference), began = Date.now();
            var ring = clock.querySelector(".ring"), text = clock.querySelector("text");
            ticking = setInterval(function () {
              var left = Math.max(0, remaining - Math.floor((Date.now() - began) / 1000));
              var m = Math.floor(left / 60), s = left % 60;
              text.textContent = (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s;
              ring.setAttribute("stroke-dashoffset", (circumference * (1 - left / Math.max(total, 1))).toFixed(2));
              if (left === 0) { clearInterval(ticking); refresh(); }
            }, 250);
          }
          start();

          // Keys, as the terminal app has them: 1-5 the tabs, Esc back, n adds, / searches.
          document.addEventListener("keydown", function (event) {
            if (event.ctrlKey || event.metaKey || event.altKey || typing()) {
              if (event.key === "Escape" && document.activeElement) document.activeElement.blur();
              return;
            }
            var target = null;
            if (/^[1-5]$/.test(event.key)) target = document.querySelector('nav.tabs a[data-key="' + event.key + '"]');
            else if (event.key === "Escape") target = document.querySelector('button[data-key="Escape"]');
            else if (event.key === "n") target = document.querySelector('a[data-key="n"]');
            else if (event.key === "/") {
              var search = document.querySelector('input[data-key="/"]');
              if (search) { event.preventDefault(); search.focus(); }
              return;
            }
            if (target) { event.preventDefault(); target.click(); }
          });
        })();
        """
}
