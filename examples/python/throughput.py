#!/usr/bin/env python3
"""Random-playout throughput through the Python binding, for comparison with crisk-bench.

Plays complete games of base with the policy of examples/crisk-bench.c (uniform
over the legal actions, event log off) and prints steps/s.  A step is
legal actions + a uniform pick + apply.

    CATANRISK_LIBRARY=build/libcatanrisk.so PYTHONPATH=bindings/python \
        python3 examples/python/throughput.py --games 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import catanrisk

OFFER_TRADE = 23  # CRISK_CATAN_OFFER_TRADE (catan.h)


def run(fresh: catanrisk.Game, games: int, rng: random.Random, objects: bool, no_offers: bool):
    work = fresh.copy()
    steps = turns = 0
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(games):
        work.copy_from(fresh)
        while not work.is_over:
            if objects:
                actions = work.legal_actions()
                if no_offers:
                    actions = [a for a in actions if a.type != OFFER_TRADE] or actions
            else:
                actions = work.legal_codes()
                if no_offers:
                    actions = [c for c in actions if c >> 56 != OFFER_TRADE] or actions
            work.apply(choice(actions))
            steps += 1
        turns += work.turn
    return steps, turns, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="", help="more parameters")
    parser.add_argument("--no-offers", action="store_true", help="the policy never picks an offer")
    parser.add_argument("--events", action="store_true", help="keep the event log on")
    args = parser.parse_args()
    try:
        rules = catanrisk.Rules("base", args.rules, players=args.players, seed=args.seed)
    except catanrisk.CatanriskError as exc:
        print(f"throughput: {exc}", file=sys.stderr)
        return 1
    fresh = catanrisk.Game(rules)
    if not args.events:
        fresh.set_event_capacity(0)
    print(f"rules: base {rules.params}")
    print(f"library {catanrisk.library_version()}, Python {sys.version.split()[0]}, "
          f"policy uniform{' without offers' if args.no_offers else ''}, events {'on' if args.events else 'off'}")
    for label, objects in (("int codes (legal_codes)", False), ("Action objects (legal_actions)", True)):
        steps, turns, seconds = run(fresh, args.games, random.Random(args.seed), objects, args.no_offers)
        print(f"{label:32} {args.games} games, {steps} steps, {turns / args.games:.0f} turns/game: "
              f"{steps / seconds:,.0f} steps/s, {1e6 * seconds / steps:.2f} us/step, {args.games / seconds:.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
