#!/usr/bin/env python3
"""The page of examples/web in headless Chromium: for every module it plays a
few decisions against the bots through the page's own code (autoplay), and
checks the state the page wrote: the game moved on, the refused illegal
action and corrupt saves left it unchanged, a JSON save loads back to the
same view, an unknown module is refused with the library's message, the board SVG drew every road and permanent of
the view, the log and the action buttons are there.

Usage: test_web.py BUILD_DIR (the WebAssembly build is made there with
build.sh). Exits 77 (skipped) without emcc or chromium."""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ["base", "two_player", "risk", "hawaii", "muhq"]


def page_result(chromium, url):
    """The page's #result, or None. --virtual-time-budget does not wait for the
    WebAssembly compilation, so V8 compiles synchronously, and a dump taken
    before the page was ready (no #result yet, nothing judged) is retried, with
    a longer budget each time: on a busy machine the library's load can outlast
    several short ones."""
    for attempt in range(8):
        budget = 30000 * (attempt + 1)
        run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                              "--js-flags=--no-wasm-async-compilation", f"--virtual-time-budget={budget}",
                              "--dump-dom", url], capture_output=True, text=True, timeout=300)
        found = re.search(r'<pre id="result">([^<]*)</pre>', run.stdout)
        if found:
            return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        status = re.search(r'<div id="status">([^<]*)', run.stdout)
        print(f"  (no result yet; status: {status.group(1) if status else run.stdout[-300:]!r})")
    return None


def main():
    build = os.path.abspath(sys.argv[1])
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not shutil.which("emcc") or not chromium:
        print("skipped: needs emscripten and chromium (apt install emscripten chromium)")
        return 77
    subprocess.run([os.path.join(HERE, "build.sh"), build], check=True)
    page = os.path.join(build, "examples", "web", "index.html")
    failures = 0
    for module in MODULES:
        r = page_result(chromium, f"file://{page}?module={module}&autoplay=25&bad=2&seed=3")
        if r is None:
            print(f"FAIL {module}: the page wrote no result")
            failures += 1
            continue
        checks = {
            "module": r["module"] == module,
            "decisions": r["decisions"] == 25 or r["status"] != 0,
            "illegal refused": r["refused"] == 2,
            "corrupt saves refused, JSON save round trip": r["saves"] is True,
            "roads drawn": r["roads_drawn"] == r["roads_in_view"],
            "permanents drawn": r["permanents_drawn"] == r["permanents_in_view"],
            "log": r["log"] > 0,
            "buttons": r["buttons"] > 0 or r["status"] != 0,
            "no error": r["message"] == "",
        }
        bad = [k for k, ok in checks.items() if not ok]
        print(("FAIL " if bad else "ok   ") + module, r, bad or "")
        failures += bool(bad)
    # An unknown module is refused with the library's message, not a blank page.
    r = page_result(chromium, f"file://{page}?module=nope&autoplay=1") or {}
    ok = "unknown module 'nope'" in r.get("message", "")
    print(("ok   " if ok else "FAIL ") + "unknown module:", r)
    failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
