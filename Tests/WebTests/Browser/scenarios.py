#!/usr/bin/env python3
"""The app in a real browser: Debian's Chromium driven by Playwright, against the built
`clubhouse web` on a temporary file. Run by EndToEndTests (WebBrowserTests), or by hand:

    python3 Tests/WebTests/Browser/scenarios.py --clubhouse .build/debug/clubhouse --workdir /tmp/x

Each scenario prints `ok: NAME`; the first that fails prints `FAIL: NAME: why` and the script
exits 1. Waits are for a condition with a generous deadline: no verdict depends on the machine's
speed (how long a live change took is printed, not judged).
"""

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time

from playwright.sync_api import expect, sync_playwright

PASSWORD = "correct horse battery"
DEADLINE = 15_000  # ms: the longest any page or change may take before the scenario fails


class Web:
    """`clubhouse web` as a process on a fixed port, so that a restart keeps the addresses."""

    def __init__(self, clubhouse, database):
        self.clubhouse = clubhouse
        self.database = database
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [self.clubhouse, "web", "--database", self.database, "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if "Serving the app at" not in line:
            raise AssertionError("clubhouse web did not start: %r %r" % (line, self.process.stderr.read()))
        self.base = "http://127.0.0.1:%d" % self.port

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(timeout=30)
        if status != 0:
            raise AssertionError("clubhouse web exited %d on Ctrl-C: %s" % (status, self.process.stderr.read()))

    def cli(self, *arguments, stdin=None):
        done = subprocess.run([self.clubhouse, "--database", self.database, *arguments],
                              input=stdin, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise AssertionError("clubhouse %s: %s" % (" ".join(arguments), done.stderr))
        return done.stdout


def scene_of(url):
    return url.split("s=")[1].split("&")[0]


def sign_up_and_add_a_player_with_a_picker(web, page):
    page.goto(web.base + "/")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator(".who")).to_have_text("Signed in as ana")
    page.get_by_role("navigation", name="Tabs").get_by_role("link", name="Players").click()
    page.get_by_role("link", name="Add a player").click()
    assert "/players/new" in page.url, page.url
    page.get_by_label("Name").fill("Zoë")
    page.get_by_label("Position").select_option("striker")
    page.get_by_label("Skill").select_option("amateur")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Added player #1 Zoë.")).to_be_visible()
    shown = web.cli("player", "show", "1")
    assert "striker" in shown and "amateur" in shown, shown


def a_reload_mid_form_finds_the_draft(web, page):
    page.get_by_role("navigation", name="Tabs").get_by_role("link", name="Players").click()
    page.get_by_role("link", name="Add a player").click()
    with page.expect_response(lambda r: r.request.method == "POST" and r.status == 204, timeout=DEADLINE):
        page.get_by_label("Name").fill("Half typed")
    page.reload()
    expect(page.get_by_label("Name")).to_have_value("Half typed")


def a_restarted_server_shows_the_same_screen(web, page):
    url = page.url
    web.stop()
    web.start()
    page.goto(url)
    assert page.url == url, (page.url, url)
    expect(page.get_by_label("Name")).to_have_value("Half typed")
    page.get_by_role("button", name="Back").click()


def back_and_forward_follow_the_stack(web, page):
    page.get_by_role("navigation", name="Tabs").get_by_role("link", name="Players").click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    page.get_by_role("link", name="Zoë").click()
    expect(page.get_by_role("heading", name="Zoë (#1)")).to_be_visible()
    page.go_back()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    nav = web.cli("--scene", scene_of(page.url), "nav")
    assert "players > players/1" not in nav, nav
    page.go_forward()
    expect(page.get_by_role("heading", name="Zoë (#1)")).to_be_visible()
    nav = web.cli("--scene", scene_of(page.url), "nav")
    assert "players > players/1" in nav, nav


def a_goal_scored_with_the_cli_appears_in_the_open_gather(web, page):
    web.cli("player", "add", "--name", "Kai", "--position", "goalkeeper")
    web.cli("gather", "new", "--team-a", "1", "--team-b", "2")
    gather_id = json.loads(web.cli("gather", "show", "--json"))["id"]
    page.goto(web.base + "/gathers/%s?s=%s" % (gather_id, scene_of(page.url)))
    expect(page.get_by_label("Team A: 0 goals")).to_be_visible()
    expect(page.locator("svg[data-countdown]")).to_be_visible()
    started = time.monotonic()
    web.cli("gather", "score", "a")
    expect(page.get_by_label("Team A: 1 goals")).to_be_visible(timeout=DEADLINE)
    print("   the goal showed %.2f s after the CLI returned" % (time.monotonic() - started))
    page.get_by_role("button", name="A goal for Team B").click()
    expect(page.get_by_label("Team B: 1 goals")).to_be_visible()
    score = json.loads(web.cli("gather", "show", "--json"))["score"]
    assert score == {"a": 1, "b": 1}, "the CLI sees %r, not the browser's goal" % score


def two_browser_tabs_are_two_scenes(web, page):
    first_scene = scene_of(page.url)
    other = page.context.new_page()
    other.goto(web.base + "/library")
    expect(other.get_by_role("heading", name="Library")).to_be_visible()
    assert scene_of(other.url) != first_scene, other.url
    page.reload()
    assert "/gathers/" in page.url, page.url
    scenes = web.cli("scene", "list")
    assert first_scene in scenes and scene_of(other.url) in scenes, scenes
    other.close()


def a_hostile_name_renders_as_text(web, page):
    hostile = "<img src=x onerror=alert(1)>"
    web.cli("player", "add", "--name", hostile)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(web.base + "/players?s=%s" % scene_of(page.url))
    expect(page.get_by_role("link", name=hostile)).to_be_visible()
    assert page.locator("table img").count() == 0
    assert dialogs == [], dialogs


def a_post_without_its_token_is_refused(web, page):
    url = page.url
    answer = page.request.post(url, form={"_do": "tab:library"})
    assert answer.status == 403, answer.status
    page.reload()
    assert "/players" in page.url, page.url
    forged = page.request.post(url, form={"_do": "tab:library", "_csrf": "forged"})
    assert forged.status == 403, forged.status


def javascript_off_still_works(web, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(web.base + "/library")
    # The device is signed in: this browser gives the password first.
    expect(page.get_by_text("ana is signed in on this device")).to_be_visible()
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Library")).to_be_visible()
    page.get_by_role("link", name="Add a book").click()
    page.get_by_label("ISBN").fill("9780441013593")
    page.get_by_label("Title").fill("Dune")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Added “Dune” to the shelf.")).to_be_visible()
    page.get_by_role("link", name="Take it off the shelf…").click()
    page.get_by_role("button", name="Take it off").click()
    expect(page.get_by_text("Took “Dune” off the shelf.")).to_be_visible()
    context.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clubhouse", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    options = parser.parse_args()
    web = Web(options.clubhouse, os.path.join(options.workdir, "web.sqlite"))
    web.start()
    name = "starting"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
            page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
            page.set_default_timeout(DEADLINE)
            for scenario in [
                sign_up_and_add_a_player_with_a_picker, a_reload_mid_form_finds_the_draft,
                a_restarted_server_shows_the_same_screen, back_and_forward_follow_the_stack,
                a_goal_scored_with_the_cli_appears_in_the_open_gather, two_browser_tabs_are_two_scenes,
                a_hostile_name_renders_as_text, a_post_without_its_token_is_refused,
            ]:
                name = scenario.__name__
                scenario(web, page)
                print("ok: " + name, flush=True)
            name = "javascript_off_still_works"
            javascript_off_still_works(web, browser)
            print("ok: " + name, flush=True)
            browser.close()
    except Exception as error:  # the scenario's name and why, in one line, then the trace
        print("FAIL: %s: %s" % (name, str(error).splitlines()[0] if str(error) else repr(error)), flush=True)
        raise
    finally:
        if web.process and web.process.poll() is None:
            web.stop()


if __name__ == "__main__":
    main()
