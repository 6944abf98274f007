#!/usr/bin/env python3
"""Win rate by seat and game length over many games of base Catan (stdlib only).

    CATANRISK_LIBRARY=build/libcatanrisk.so PYTHONPATH=bindings/python \
        python3 examples/python/stats.py --games 1000 --bots random,random,random,random
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import List, TextIO

import catanrisk
from bots import BOTS, play


class Progress:
    """A one-line progress bar on a terminal stream: [#####-----] 40/100 12.3 games/s ETA 5s."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.start = time.monotonic()

    def update(self, done: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        filled = self.width * done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {rate:.1f} games/s ETA {eta:.0f}s ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def describe(values: List[int]) -> str:
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return (
        f"mean {statistics.fmean(values):.1f}, median {statistics.median(values):.0f}, "
        f"10%-90% {q[0]:.0f}-{q[-1]:.0f}, min {min(values)}, max {max(values)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="random,random,random,random", help="bot per seat: random or greedy")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i")
    parser.add_argument("--rules", default="", help='more parameters, e.g. "board=beginner vp_target=8"')
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args()
    names = args.bots.split(",")
    if args.games < 1 or any(name not in BOTS for name in names):
        parser.error(f"--games must be positive and bots are {', '.join(BOTS)}")

    seats = len(names)
    wins = [0] * seats
    no_winner = 0
    turns: List[int] = []
    steps: List[int] = []
    progress = None if args.no_progress else Progress(args.games, sys.stderr)
    start = time.monotonic()
    for i in range(args.games):
        try:
            rules = catanrisk.Rules("base", args.rules, players=seats, seed=args.seed + i)
        except catanrisk.CatanriskError as exc:
            print(f"stats: {exc}", file=sys.stderr)
            return 1
        with catanrisk.Game(rules) as game:
            game.set_event_capacity(0)  # nobody reads the log here
            bots = [BOTS[name]((args.seed + i) * 7 + seat) for seat, name in enumerate(names)]
            steps.append(play(game, bots))
            turns.append(game.turn)
            if game.winner is None:
                no_winner += 1
            else:
                wins[game.winner] += 1
        if progress and (i + 1 == args.games or (i + 1) % 10 == 0):
            progress.update(i + 1)
    if progress:
        progress.close()
    elapsed = time.monotonic() - start

    n = args.games
    print(f"{n} games of base, {seats} seats ({args.bots}), seeds {args.seed}..{args.seed + n - 1}, {elapsed:.1f} s")
    # A 95% interval half-width of about 1.96 * sqrt(p(1-p)/n), shown for scale.
    for seat in range(seats):
        p = wins[seat] / n
        half = 1.96 * (p * (1 - p) / n) ** 0.5
        print(f"  seat {seat} ({names[seat]:6}): {wins[seat]:5} wins  {100 * p:5.1f}% +- {100 * half:.1f}")
    if no_winner:
        print(f"  no winner: {no_winner}")
    print(f"turns per game: {describe(turns)}")
    print(f"steps per game: {describe(steps)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
