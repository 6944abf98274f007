"""Python binding of libcatanrisk, a rules engine for Catan-family games.

Quick start::

    import random
    import catanrisk

    with catanrisk.Game(catanrisk.Rules("base", players=4, seed=7)) as game:
        while not game.is_over:
            action = random.choice(game.legal_actions())
            game.apply(action)
        print(game.status, game.winner, game.scores())

Catan-family queries (catan.h), with the visibility rules of the library::

    game.hand(seat=0, viewer=0)             # (brick, lumber, wool, grain, ore)
    game.hand(0, catanrisk.SPECTATOR)       # HiddenInformationError
    game.bank(), game.robber, game.building(12), game.road(5), game.seat_counts(1)
    game.encode(catanrisk.CatanActionType.BUILD_ROAD, [12])

Saving, game records and undo::

    data = game.save()                      # bytes; Game.load(data) continues identically
    text = game.save_json()                 # str; Game.load_json(text)
    game = catanrisk.Game(rules, record=True, undo_depth=64)
    ...
    game.undo()                             # take the last action back
    again = catanrisk.replay(game.record())

The library is found through the environment variable ``CATANRISK_LIBRARY``,
then a ``libcatanrisk.so*`` next to the package, then the system (see
:mod:`catanrisk._lib`).
"""

from . import _lib, catan
from .catan import (
    Bank,
    Building,
    BuildingKind,
    CatanActionType,
    CatanEvent,
    DevCard,
    Event,
    Resource,
    SeatCounts,
)
from .errors import (
    CatanriskError,
    FormatError,
    HiddenInformationError,
    IllegalActionError,
    InvalidArgumentError,
    NotFoundError,
    OutOfMemoryError,
    ParameterError,
    StateError,
    UnsupportedError,
)
from .game import (
    MAX_UNDO_DEPTH,
    OMNISCIENT,
    SEAT_CHANCE,
    SEAT_NONE,
    SPECTATOR,
    Action,
    Game,
    ParamInfo,
    Rules,
    Status,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Rules",
    "Game",
    "Action",
    "ParamInfo",
    "Status",
    "SEAT_CHANCE",
    "SEAT_NONE",
    "SPECTATOR",
    "OMNISCIENT",
    "MAX_UNDO_DEPTH",
    "replay",
    "catan",
    "Resource",
    "DevCard",
    "BuildingKind",
    "CatanActionType",
    "CatanEvent",
    "SeatCounts",
    "Building",
    "Bank",
    "Event",
    "CatanriskError",
    "InvalidArgumentError",
    "OutOfMemoryError",
    "IllegalActionError",
    "NotFoundError",
    "ParameterError",
    "FormatError",
    "StateError",
    "UnsupportedError",
    "HiddenInformationError",
    "library_version",
    "strerror",
]


def library_version() -> str:
    """The version of the loaded libcatanrisk, e.g. ``"0.1.0"``."""
    return _lib.version()[0]


def strerror(code: int) -> str:
    """The library's static text for an error code."""
    return _lib.strerror(code)


if _lib.version()[1] != _lib.ABI_MAJOR:
    raise ImportError(
        f"libcatanrisk {library_version()} is not compatible with this binding (major {_lib.ABI_MAJOR})"
    )
