#!/usr/bin/env python3
"""`clubhouse web` under a paced load, beside the CLI doing the same screens (issue 43's goals).

Usage: python3 Benchmarks/web_load.py [--binary PATH] [--players 10000] [--rate 100] [--seconds 20]

1. Pages at a paced rate: one keep-alive connection asks for the players list, a player and the
   home page in turn, each request sent at its scheduled time (start + i / rate); a request's
   latency counts from that time, so a slow answer delays the ones behind it and is seen
   (no coordinated omission). Goal: p99 <= 10 ms for a 10 000-player file at 100 requests/s.
2. Work per page against the CLI: the server's CPU time (from /proc, user + system) per page,
   beside the CPU time of one `clubhouse open` process landing on the same screen (its start
   included: that is what a CLI user pays). Goal: a page's work no more than the command's.

Measure the release build README installs (`--binary .build/release/clubhouse`); a debug build
works but is several times slower.
"""
import argparse
import http.client
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

from commands import PASSWORD, seed  # the same file of players that the CLI benchmarks read

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ["players", "players/5000", "home/squad"]


class Browser:
    """One keep-alive connection with the cookies it was given."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port)
        self.cookies = {}

    def request(self, method, path, body=None):
        headers = {"Cookie": "; ".join("%s=%s" % item for item in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, value = header.split(";")[0].partition("=")
            self.cookies[name] = value
        return response.status, response.headers, text

    def sign_in(self, screen):
        status, headers, _ = self.request("GET", "/" + screen)
        path = headers["Location"]
        status, _, page = self.request("GET", path)
        csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        action = re.search(r'action="([^"]+)"', page).group(1).replace("&amp;", "&")
        body = urllib.parse.urlencode({"_do": "signin", "username": "bench", "password": PASSWORD, "_csrf": csrf})
        status, _, _ = self.request("POST", action, body)
        if status != 303:
            sys.exit("the sign-in was answered %d" % status)
        return path.split("s=")[1]


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/clubhouse"))
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--cli-runs", type=int, default=20)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="web-load-")
    db = seed(options.binary, folder, options.players, "web")
    server = subprocess.Popen([options.binary, "web", "--database", db, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    try:
        browser = Browser(port)
        scene = browser.sign_in(SCREENS[0])
        paths = ["/%s?s=%s" % (screen, scene) for screen in SCREENS]
        for path in paths * 5:  # warm: each screen opened once, so the paced run only reads
            browser.request("GET", path)
        count = int(options.rate * options.seconds)
        latencies = []
        by_screen = {screen: [] for screen in SCREENS}
        cpu_before = cpu_seconds(server.pid)
        start = time.perf_counter()
        for i in range(count):
            due = start + i / options.rate
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            status, _, _ = browser.request("GET", paths[i % len(paths)])
            if status != 200:
                sys.exit("a page was answered %d" % status)
            latencies.append((time.perf_counter() - due) * 1000)
            by_screen[SCREENS[i % len(SCREENS)]].append(latencies[-1])
        elapsed = time.perf_counter() - start
        page_cpu = (cpu_seconds(server.pid) - cpu_before) / count * 1000
    finally:
        server.terminate()
        server.wait()
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))]

    print("pages: %d in %.1f s (%.0f/s asked, %.0f/s answered), %d players" % (
        count, elapsed, options.rate, count / elapsed, options.players))
    print("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f   (goal: p99 <= 10)" % (
        percentile(0.5), percentile(0.9), percentile(0.99), latencies[-1]))
    for screen, times in by_screen.items():
        times.sort()
        print("  %-14s p50 %.2f  p99 %.2f" % (screen, times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]))
    cli = []
    for i in range(options.cli_runs):
        screen = SCREENS[i % len(SCREENS)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([options.binary, "open", screen, "--database", db], stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cli.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    print("work per screen, CPU ms: page %.2f   clubhouse open %.2f (median of %d)   (goal: page <= command)" % (
        page_cpu, statistics.median(cli), len(cli)))


if __name__ == "__main__":
    main()
