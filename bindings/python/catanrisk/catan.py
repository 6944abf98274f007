"""Constants and result types of the Catan family (modules base, two_player,
risk, hawaii): the orders and codes of ``catan.h``, ``two_player.h`` and
``risk.h``, and the tuples that :class:`catanrisk.Game`'s typed queries
return (:meth:`~catanrisk.Game.hand`, :meth:`~catanrisk.Game.bank`, ...).

The enums mirror the C headers value for value (tests/test_catan_queries.py
reads the headers and compares), so codes from the library compare equal to
them: ``action.type == CatanActionType.BUILD_ROAD``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple, Optional, Tuple

__all__ = [
    "Resource",
    "DevCard",
    "BuildingKind",
    "CatanActionType",
    "CatanEvent",
    "TwoPlayerActionType",
    "TwoPlayerEvent",
    "RiskActionType",
    "RiskEvent",
    "TO_ALL",
    "HIDDEN",
    "TP_NEUTRAL_0",
    "TP_NEUTRAL_1",
    "TP_TOKENS_TOTAL",
    "TP_NO_CARD",
    "RISK_NEUTRAL",
    "SeatCounts",
    "Building",
    "Bank",
    "Event",
]

#: Offer addressee meaning "all opponents" (B-96).
TO_ALL = 15
#: Value of an event argument the viewer may not know (``CRISK_HIDDEN``).
HIDDEN = -1000
#: Owner ids of two_player's neutral players (T-1).
TP_NEUTRAL_0 = 2
TP_NEUTRAL_1 = 3
#: Trade tokens in a two_player game (T-16).
TP_TOKENS_TOTAL = 20
#: arg[1] of ``TwoPlayerActionType.DRAW_RESULT`` when only one card was drawn.
TP_NO_CARD = 255
#: Seat number of risk's neutral defenders and resigned seats' pieces (RC-27).
RISK_NEUTRAL = 15


class Resource(IntEnum):
    """Resources in the canonical order of every count tuple (B-1)."""

    BRICK = 0
    LUMBER = 1
    WOOL = 2
    GRAIN = 3
    ORE = 4


class DevCard(IntEnum):
    """Development card types in the canonical order (B-7)."""

    KNIGHT = 0
    VICTORY_POINT = 1
    ROAD_BUILDING = 2
    YEAR_OF_PLENTY = 3
    MONOPOLY = 4


class BuildingKind(IntEnum):
    """What stands on an intersection (:meth:`catanrisk.Game.building`)."""

    EMPTY = 0
    SETTLEMENT = 1
    CITY = 2


class CatanActionType(IntEnum):
    """Action types of the Catan family (bits 56-63 of a code; catan.h, docs/actions.md)."""

    PLACE_SETTLEMENT = 1
    PLACE_ROAD = 2
    ROLL = 3
    DICE = 4
    DISCARD = 5
    DISCARD_CARDS = 6
    MOVE_ROBBER = 7
    STEAL_FROM = 8
    STEAL_RESULT = 9
    BUILD_ROAD = 10
    BUILD_SETTLEMENT = 11
    BUILD_CITY = 12
    BUY_DEV = 13
    DEV_RESULT = 14
    PLAY_KNIGHT = 15
    PLAY_ROAD_BUILDING = 16
    PLAY_YEAR_OF_PLENTY = 17
    PLAY_MONOPOLY = 18
    PLACE_FREE_ROAD = 19
    PICK = 20
    NAME = 21
    MARITIME_TRADE = 22
    OFFER_TRADE = 23
    ACCEPT = 24
    DECLINE = 25
    CONFIRM = 26
    CANCEL = 27
    END_TURN = 28
    PASS = 29
    END_PART = 30


class CatanEvent(IntEnum):
    """Event types of the Catan family (``Event.type``; catan.h, docs/events.md)."""

    TURN_START = 1
    SETUP_SETTLEMENT = 2
    SETUP_ROAD = 3
    STARTING_RESOURCES = 4
    DICE = 5
    PRODUCTION = 6
    SHORTAGE = 7
    DISCARD = 8
    ROBBER = 9
    STEAL = 10
    BUILD_ROAD = 11
    BUILD_SETTLEMENT = 12
    BUILD_CITY = 13
    BUY_DEV = 14
    PLAY_DEV = 15
    PICK = 16
    MONOPOLY = 17
    MARITIME = 18
    OFFER = 19
    ANSWER = 20
    TRADE = 21
    TRADE_CANCEL = 22
    LONGEST_ROAD = 23
    LARGEST_ARMY = 24
    END_TURN = 25
    REVEAL_VP = 26
    GAME_OVER = 27
    PASS = 28
    SETUP_SKIP = 29


class TwoPlayerActionType(IntEnum):
    """Action types of module two_player (two_player.h, T-11..T-19)."""

    NEUTRAL_ROAD = 32
    NEUTRAL_SETTLEMENT = 33
    FORCED_TRADE = 34
    DRAW_RESULT = 35
    GIVE = 36
    ROBBER_DESERT = 37
    KNIGHT_TOKENS = 38


class TwoPlayerEvent(IntEnum):
    """Event types of module two_player (two_player.h)."""

    NEUTRAL_ROAD = 32
    NEUTRAL_SETTLEMENT = 33
    NEUTRAL_LAPSE = 34
    TOKENS = 35
    FORCED_TRADE = 36
    DRAW = 37
    GIVE = 38
    ROBBER_DESERT = 39
    KNIGHT_TOKENS = 40


class RiskActionType(IntEnum):
    """Action types of module risk (risk.h, RC-8..RC-27)."""

    PLACE_ARMY = 40
    BUY_ARMIES = 41
    MOVE_ARMIES = 42
    ATTACK = 43
    ATTACK_ALL = 44
    REDEPLOY = 45
    RESIGN = 46
    BATTLE_DICE = 47


class RiskEvent(IntEnum):
    """Event types of module risk (risk.h)."""

    ARMIES_PLACED = 48
    ARMIES_BOUGHT = 49
    ARMIES_MOVED = 50
    BATTLE_ROLL = 51
    BATTLE_END = 52
    REDEPLOY = 53
    ANNEX_ROAD = 54
    ANNEX_BUILDING = 55
    ELIMINATED = 56
    RESIGNED = 57
    REVEAL = 58


class SeatCounts(NamedTuple):
    """A seat's public counts (:meth:`catanrisk.Game.seat_counts`)."""

    cards: int
    """Resource cards in hand."""
    dev_cards: int
    """Unplayed development cards."""
    knights: int
    """Knights played."""


class Building(NamedTuple):
    """The building on an intersection (:meth:`catanrisk.Game.building`)."""

    owner: Optional[int]
    """The owning seat (in two_player also :data:`TP_NEUTRAL_0` or
    :data:`TP_NEUTRAL_1` for the neutral players' pieces, T-1), None when empty."""
    kind: BuildingKind


class Bank(NamedTuple):
    """The bank (:meth:`catanrisk.Game.bank`); both parts are public (B-134)."""

    resources: Tuple[int, int, int, int, int]
    """Resource cards in :class:`Resource` order."""
    deck_size: int
    """Development cards left in the deck."""


class Event(NamedTuple):
    """One event as a viewer sees it (:meth:`catanrisk.Game.event`).

    ``args`` holds :data:`HIDDEN` where the viewer may not know a value;
    the meaning of ``type`` and ``args`` is per module (:class:`CatanEvent`,
    :class:`TwoPlayerEvent`, :class:`RiskEvent`; docs/events.md).
    """

    seq: int
    type: int
    seat: int
    target: int
    args: Tuple[int, int, int, int, int, int]
    text: str
