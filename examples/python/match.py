#!/usr/bin/env python3
"""A match of base Catan between a random bot and a greedy bot, with a log.

    CATANRISK_LIBRARY=build/libcatanrisk.so PYTHONPATH=bindings/python \
        python3 examples/python/match.py --seed 3
"""

from __future__ import annotations

import argparse
import sys

import catanrisk
from bots import BOTS, play

# Events worth a line in the log; the others (dice, production, ...) are many.
SHOWN = {"build_settlement", "build_city", "longest_road", "largest_army", "play_dev", "reveal_vp", "game_over"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the board, dice and bots")
    parser.add_argument("--bots", default="random,greedy", help="comma-separated bot per seat (random, greedy)")
    parser.add_argument("--all-events", action="store_true", help="log every event")
    args = parser.parse_args()

    names = args.bots.split(",")
    if any(name not in BOTS for name in names):
        parser.error(f"bots are {', '.join(BOTS)}")
    try:
        rules = catanrisk.Rules("base", players=len(names), seed=args.seed, board="random")
    except catanrisk.CatanriskError as exc:
        print(f"match: {exc}", file=sys.stderr)
        return 1
    bots = [BOTS[name](args.seed * 31 + seat) for seat, name in enumerate(names)]
    print(f"rules: base {rules.params}")
    for seat, name in enumerate(names):
        print(f"seat {seat}: {name}")

    with catanrisk.Game(rules) as game:
        steps = play(game, bots)
        for event in game.events(0, catanrisk.SPECTATOR):
            if args.all_events or event["type"] in SHOWN:
                print(f"  {event['text']}")
        scores = game.scores()
        print(f"{game.status.name.lower()} after {game.turn} turns, {steps} steps; scores {scores}")
        if game.winner is not None:
            print(f"winner: seat {game.winner} ({names[game.winner]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
