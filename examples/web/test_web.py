#!/usr/bin/env python3
"""The page of examples/web in headless Chromium: for every module it plays a
few decisions against the bots through the page's own code (autoplay), and
checks the state the page wrote: the game moved on, the refused illegal
action left it unchanged, the board SVG drew every road and permanent of
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
        url = f"file://{page}?module={module}&autoplay=25&bad=2&seed=3"
        run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=30000",
                              "--dump-dom", url], capture_output=True, text=True, timeout=300)
        found = re.search(r'<pre id="result">([^<]*)</pre>', run.stdout)
        if not found:
            status = re.search(r'<div id="status">([^<]*)', run.stdout)
            print(f"FAIL {module}: no result; status: {status.group(1) if status else run.stdout[-500:]}")
            failures += 1
            continue
        r = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        checks = {
            "module": r["module"] == module,
            "decisions": r["decisions"] == 25 or r["status"] != 0,
            "illegal refused": r["refused"] == 2,
            "roads drawn": r["roads_drawn"] == r["roads_in_view"],
            "permanents drawn": r["permanents_drawn"] == r["permanents_in_view"],
            "log": r["log"] > 0,
            "buttons": r["buttons"] > 0 or r["status"] != 0,
            "no error": r["message"] == "",
        }
        bad = [k for k, ok in checks.items() if not ok]
        print(("FAIL " if bad else "ok   ") + module, r, bad or "")
        failures += bool(bad)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
