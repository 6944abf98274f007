#!/usr/bin/env python3
"""The install path a new user takes, offline: build the wheel of
bindings/python with meson-python (libcatanrisk built from this tree goes
inside it), install it into a fresh virtual environment without any package
index, and play a game of every module with no CATANRISK_LIBRARY set.

Usage: check_wheel.py WORK_DIR. Exits 77 (skipped) where Debian's
python3-mesonpy or python3-venv is missing."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PLAY = """
import os, catanrisk as cr
lib = cr._lib._L._name
assert lib.startswith(os.environ["VENV"]) and lib.endswith("catanrisk/libcatanrisk.so"), lib
for module, params in [("base", "players=4"), ("two_player", ""), ("risk", "players=3"),
                       ("hawaii", "players=5"), ("muhq", "map=2P-ring-street players=2 draft=none")]:
    game = cr.Game(cr.Rules(module, params, seed=3))
    steps, _ = game.playout(7)
    assert game.is_over, module
    print(module, steps, "steps,", game.status, "winner", game.winner)
# The whole package is in the wheel: Catan queries and the Dask runner's module
# (which imports distributed only when a run starts).
import catanrisk.distributed
import catanrisk.env  # the RL environments and their prototypes are in the wheel too
game = cr.Game(cr.Rules("base", players=4, seed=3))
assert game.bank() == ((19, 19, 19, 19, 19), 25) and game.robber == game.rules.board["robber_start"]
assert catanrisk.distributed.game_seed(0, 0) != catanrisk.distributed.game_seed(0, 1)
print("library", cr.library_version(), "from", lib)
"""


def run(*cmd, **kw):
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main():
    work = os.path.abspath(sys.argv[1])
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    probe = subprocess.run([python, "-c", "import mesonpy, venv, ensurepip"], capture_output=True)
    if probe.returncode:
        print("skipped: needs python3-mesonpy and python3-venv (Debian)")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    builder, user, wheels = (os.path.join(work, d) for d in ("builder", "user", "wheels"))
    # The builder sees Debian's meson-python; --no-build-isolation keeps pip off the index.
    run(python, "-m", "venv", "--system-site-packages", builder)
    run(os.path.join(builder, "bin", "python"), "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
        "--no-index", "-w", wheels, HERE)
    wheel = [w for w in os.listdir(wheels) if w.endswith(".whl")]
    assert len(wheel) == 1, wheel
    # The user's environment sees nothing of the system's packages or of this tree.
    run(python, "-m", "venv", user)
    run(os.path.join(user, "bin", "python"), "-m", "pip", "install", "--no-index", os.path.join(wheels, wheel[0]))
    env = {k: v for k, v in os.environ.items() if k not in ("CATANRISK_LIBRARY", "PYTHONPATH")}
    env["VENV"] = user
    run(os.path.join(user, "bin", "python"), "-c", PLAY, env=env, cwd=work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
