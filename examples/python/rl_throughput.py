#!/usr/bin/env python3
"""Environment steps per second of catanrisk.env, for the RL figures of docs/performance.md.

Measures, for one module:
  vector   VectorEnv with N = 1, 64, 1024 (by default), actions from the
           library's random policy (sample_actions) and, with numpy, from a
           numpy draw over the masks (what a Python policy pays at least);
  single   CatanriskEnv (one learning seat, the others random);
  plain    the plain binding: legal codes, random.choice, apply.
An environment step is one decision of an agent seat (all seats play in the
vector env), the observation and mask written.  Medians of --rounds rounds.

    CATANRISK_LIBRARY=build-release/libcatanrisk.so PYTHONPATH=bindings/python \\
        python3 examples/python/rl_throughput.py --module base --envs 1,64,1024
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import catanrisk
from catanrisk import env as cenv

try:
    import numpy as np
except ImportError:
    np = None

DEFAULT_PARAMS = {"base": "players=4", "two_player": "", "risk": "players=4", "hawaii": "players=4",
                  "muhq": "map=2P-ring-street"}


def rate(fn, rounds: int) -> float:
    return statistics.median(fn() for _ in range(rounds))


def vector(module: str, params: str, n: int, seconds: float, numpy_policy: bool) -> float:
    venv = cenv.VectorEnv(module, params, num_envs=n, seed=1, copy=False)
    obs, info = venv.reset()
    rng = np.random.default_rng(1) if np is not None else None
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if numpy_policy:
            mask = info["action_mask"]
            actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        else:
            actions = venv.sample_actions()
        obs, rewards, terminated, truncated, info = venv.step(actions)
        steps += n
    elapsed = time.perf_counter() - start
    venv.close()
    return steps / elapsed


def single(module: str, params: str, seconds: float) -> float:
    env = cenv.CatanriskEnv(module, params)
    rng = random.Random(1)
    obs, info = env.reset(seed=1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = info["action_mask"]
        obs, reward, terminated, truncated, info = env.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
        steps += 1
        if terminated or truncated:
            obs, info = env.reset()
    elapsed = time.perf_counter() - start
    env.close()
    return steps / elapsed


def plain(module: str, params: str, seconds: float) -> float:
    rules = catanrisk.Rules(module, params + " seed=1")
    game = rules.new_game()
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if game.is_over:
            game.close()
            game = rules.new_game()
        game.apply(rng.choice(game.legal_codes()))
        steps += 1
    elapsed = time.perf_counter() - start
    game.close()
    rules.close()
    return steps / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", default="base")
    parser.add_argument("--rules", default=None, help="parameters without seed (default per module)")
    parser.add_argument("--envs", default="1,64,1024")
    parser.add_argument("--seconds", type=float, default=1.0, help="per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    params = DEFAULT_PARAMS.get(args.module, "") if args.rules is None else args.rules
    print(f"module {args.module}, rules \"{params}\", medians of {args.rounds} rounds of {args.seconds} s")
    for n in (int(x) for x in args.envs.split(",")):
        r = rate(lambda: vector(args.module, params, n, args.seconds, False), args.rounds)
        line = f"vector N={n:<5} library policy {r:12.0f} steps/s"
        if np is not None:
            r = rate(lambda: vector(args.module, params, n, args.seconds, True), args.rounds)
            line += f"   numpy policy {r:12.0f} steps/s"
        print(line)
    print(f"single CatanriskEnv           {rate(lambda: single(args.module, params, args.seconds), args.rounds):12.0f} steps/s")
    print(f"plain binding (codes, apply)  {rate(lambda: plain(args.module, params, args.seconds), args.rounds):12.0f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
