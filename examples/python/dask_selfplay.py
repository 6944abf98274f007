#!/usr/bin/env python3
"""Self-play of many games on a Dask cluster with catanrisk.distributed.

Random play inside the library on a local cluster of 2 worker processes:

    CATANRISK_LIBRARY=build/libcatanrisk.so PYTHONPATH=bindings/python \
        python3 examples/python/dask_selfplay.py --games 20000 --workers 2 --skip-offers

A real cluster (every worker has the catanrisk wheel installed):

    python3 examples/python/dask_selfplay.py --scheduler tcp://scheduler:8786 --games 1000000

``--policy greedy`` plays seat 0 with a small Python policy (build when
possible, else random) against the library's random policy on the other
seats.  The
script prints wins per seat, mean game length and games per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import catanrisk
from catanrisk.distributed import run_games, summarize

# Action types the greedy policy prefers, best first (catan.h).
_PREFERRED = (
    catanrisk.CatanActionType.BUILD_CITY,
    catanrisk.CatanActionType.BUILD_SETTLEMENT,
    catanrisk.CatanActionType.BUY_DEV,
)
_rng = random.Random(1)


def greedy(game: catanrisk.Game) -> int:
    """Builds a city, a settlement or buys a card when it can, else plays a
    random action other than a domestic offer.

    Dask ships it to the workers with cloudpickle (by value, since it lives
    in ``__main__``); the workers only need catanrisk installed."""
    codes = game.legal_codes(skip_types=[catanrisk.CatanActionType.OFFER_TRADE])
    for wanted in _PREFERRED:
        for code in codes:
            if code >> 56 == wanted:
                return code
    return _rng.choice(codes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", default="base")
    parser.add_argument("--params", default="players=4", help="rules parameters without seed")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--games-per-task", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-offers", action="store_true", help="random policy never makes domestic offers")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random", help="seat 0's policy")
    parser.add_argument("--scheduler", help="address of a running scheduler, e.g. tcp://scheduler:8786")
    parser.add_argument("--workers", type=int, default=2, help="local cluster size (without --scheduler)")
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0")
        client = Client(cluster)
    try:
        seats = catanrisk.Rules(args.module, args.params, seed=0).num_seats
        policies = None if args.policy == "random" else [greedy] + [None] * (seats - 1)
        start = time.monotonic()
        run = run_games(args.module, args.params, games=args.games, policies=policies, client=client,
                        games_per_task=args.games_per_task, seed=args.seed,
                        skip_types=[catanrisk.CatanActionType.OFFER_TRADE] if args.skip_offers else 0,
                        raise_on_failure=False)
        done = 0
        for _ in run:
            done += 1
            if done % max(1, args.games // 10) == 0:
                print(f"  {done}/{args.games} games", file=sys.stderr)
        elapsed = time.monotonic() - start
        summary = summarize(run.results)
        print(f"{args.module} {args.params}: {summary['games']} games in {elapsed:.2f} s "
              f"= {summary['games'] / elapsed:.0f} games/s on {len(client.scheduler_info()['workers'])} workers")
        print(f"wins by seat {summary['wins']}, no winner {summary['no_winner']}, "
              f"mean {summary['mean_actions']:.0f} actions, {summary['mean_turns']:.1f} turns")
        for failure in run.failed:
            print(f"task {failure.task} failed ({failure.kind}): {failure.error}", file=sys.stderr)
        return 1 if run.failed else 0
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
