"""Two bots for Catan-family games, used by match.py and stats.py.

A bot is a callable ``bot(game) -> action`` for the seat that must act.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Optional, Union

import catanrisk

Bot = Callable[[catanrisk.Game], Union[int, catanrisk.Action]]

# Action types of the Catan family (CRISK_CATAN_* in catan.h), compared on
# codes so the bots only ask for text forms of the few actions they rank.
BUILD_SETTLEMENT = 11
BUILD_CITY = 12
MARITIME_TRADE = 22
OFFER_TRADE = 23
BUILDINGS = (BUILD_SETTLEMENT, BUILD_CITY)


class RandomBot:
    """Uniform over the legal actions, except domestic offers.

    Offers are legal at almost every point of a turn and a random bot would
    spend most of its moves on them, so they are left out unless nothing else
    is legal.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: catanrisk.Game) -> int:
        codes = game.legal_codes()
        useful = [c for c in codes if c >> 56 != OFFER_TRADE]
        return self.rng.choice(useful or codes)


def pips(token: int) -> int:
    """Ways to roll a number with two dice (0 for the desert)."""
    return 6 - abs(7 - token) if token else 0


# Higher first; actions not listed rank with "other".
PRIORITY: Dict[str, int] = {
    "roll": 100,
    "build_city": 90,
    "build_settlement": 80,
    "maritime_trade": 70,  # only kept when it enables a city or settlement
    "buy_dev": 50,
    "play_knight": 45,
    "play_road_building": 44,
    "play_year_of_plenty": 43,
    "play_monopoly": 42,
    "build_road": 30,
    "other": 20,
    "decline": 10,
    "end_turn": 0,
    "offer": -10,
}


class GreedyBot:
    """Takes the most valuable kind of action available right now.

    Cities before settlements before development cards before roads; a
    maritime trade only when it makes a city or settlement affordable (found
    by trying it on a copy of the game).  Places are ranked by production:
    the pips of the hexes around an intersection.  Never offers trades.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rules: Optional[catanrisk.Rules] = None
        self.scratch: Optional[catanrisk.Game] = None
        self.node_value: Dict[int, int] = {}
        self.path_nodes: Dict[int, List[int]] = {}
        self.hex_value: Dict[int, int] = {}

    def _learn(self, game: catanrisk.Game) -> None:
        self.rules = game.rules
        board = game.rules.board
        self.hex_value = {h["id"]: pips(h.get("token") or 0) for h in board["hexes"]}
        self.node_value = {n["id"]: sum(self.hex_value[h] for h in n["hexes"]) for n in board["nodes"]}
        self.path_nodes = {p["id"]: p["nodes"] for p in board["paths"]}
        # Trades are tried on a scratch game: copy_from() reuses it without allocating.
        self.scratch = game.copy()
        self.scratch.set_event_capacity(0)

    def _place_value(self, action: catanrisk.Action) -> int:
        arg = action.fields["arg"][0]
        if action.name in ("place_settlement", "build_settlement", "build_city"):
            return self.node_value.get(arg, 0)
        if action.name in ("place_road", "build_road", "place_free_road"):
            return max(self.node_value.get(n, 0) for n in self.path_nodes.get(arg, [0]))
        if action.name == "move_robber":
            return self.hex_value.get(arg, 0)
        return 0

    def _enables_building(self, game: catanrisk.Game, trade: int) -> bool:
        assert self.scratch is not None
        self.scratch.copy_from(game)
        self.scratch.apply(trade)
        return any(code >> 56 in BUILDINGS for code in self.scratch.legal_codes())

    def __call__(self, game: catanrisk.Game) -> catanrisk.Action:
        if self.rules is not game.rules:
            self._learn(game)
        codes = game.legal_codes()
        codes = [c for c in codes if c >> 56 != OFFER_TRADE] or codes
        if any(c >> 56 in BUILDINGS for c in codes):
            codes = [c for c in codes if c >> 56 != MARITIME_TRADE]
        else:
            codes = [c for c in codes if c >> 56 != MARITIME_TRADE or self._enables_building(game, c)]
        actions = [game.action(c) for c in codes]

        def rank(a: catanrisk.Action):
            kind = PRIORITY.get(a.name, PRIORITY["other"])
            return (kind, self._place_value(a), self.rng.random())

        return max(actions, key=rank)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def play(game: catanrisk.Game, bots: List[Bot], step_limit: int = 1_000_000) -> int:
    """Plays until the game ends; returns the number of steps."""
    steps = 0
    while not game.is_over:
        seat = game.current_seat
        if seat < 0:
            raise RuntimeError("explicit chance mode needs a chance player; use chance=auto")
        game.apply(bots[seat](game))
        steps += 1
        if steps >= step_limit:
            raise RuntimeError(f"no end after {step_limit} steps")
    return steps
