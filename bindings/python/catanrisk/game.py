"""Rules, games and actions: the Pythonic layer over libcatanrisk.

Nothing here is specific to one rule module: parameters are passed through
as text, actions are shown with the library's text form, views and events
come from the library's JSON.
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from .errors import CatanriskError, IllegalActionError, InvalidArgumentError, ParameterError

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
]

#: ``Game.current_seat`` when a chance outcome must be applied (``chance=explicit``).
SEAT_CHANCE = -1
#: ``Game.current_seat`` when the game is over.
SEAT_NONE = -2
#: Viewer who sees public information only.
SPECTATOR = -3
#: Viewer who sees everything (referee, debugging).
OMNISCIENT = -4

ParamValue = Union[str, int, float, bool, Sequence[Union[str, int]], None]
ActionLike = Union["Action", int, str]


class Status(IntEnum):
    """What :attr:`Game.status` reports."""

    RUNNING = 0
    WON = 1
    ENDED = 2


class ParamInfo(NamedTuple):
    """One parameter a rule module accepts, as the library describes it."""

    name: str
    type: str
    default: str
    accepted: str
    help: str


def _param_text(key: str, value: ParamValue) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (str, int, float)):
        text = str(value)
    elif isinstance(value, (list, tuple)):
        text = ",".join(_param_text(key, item) for item in value)
    else:
        raise TypeError(f"parameter {key}: values must be str, int, bool or a list of them, not {type(value).__name__}")
    # The library splits the string on spaces and ';': such a value would be
    # misread as another key, so refuse it here with a clear message.
    if not _is_word(text):
        raise ParameterError(f"parameter {key}: value {text!r} may not contain spaces, ';' or '='", -6)
    return text


def _is_word(text: str) -> bool:
    return not any(c.isspace() or c in ";=" for c in text)


def param_string(params: str, kwargs: Dict[str, ParamValue]) -> str:
    """Joins a parameter string and keyword arguments into one ``key=value`` string."""
    if not isinstance(params, str):
        raise TypeError(f"params must be a str, not {type(params).__name__}")
    parts = [params.strip()] if params.strip() else []
    for key, value in kwargs.items():
        if not key or not _is_word(key):
            raise ParameterError(f"parameter name {key!r} may not be empty or contain spaces, ';' or '='", -6)
        if value is not None:
            parts.append(f"{key}={_param_text(key, value)}")
    return " ".join(parts)


class Rules:
    """A rule module with validated parameters and its generated board.

    Immutable and shareable.  Keyword arguments become parameters
    (``True``/``False`` as 1/0, lists joined with commas, ``None`` left out)::

        rules = Rules("base", players=4, seed=7, board="beginner")
        rules = Rules("base", "players=4 seed=7")

    Raises:
        NotFoundError: no such module.
        ParameterError: unknown key or bad value (the library's message says which).
    """

    __slots__ = ("_h", "_module", "_params", "_seats", "__weakref__")

    def __init__(self, module: str, params: str = "", /, **kwargs: ParamValue) -> None:
        self._h: Optional[_lib.Handle] = None
        text = param_string(params, kwargs)
        self._h = _lib.rules_new(module, text)
        self._module = _lib.rules_module(self._h)
        self._params = _lib.rules_params(self._h)
        self._seats = _lib.rules_num_seats(self._h)

    @staticmethod
    def parameters(module: str) -> List[ParamInfo]:
        """The parameters a built-in module accepts, in declared order."""
        return [ParamInfo(*row) for row in _lib.module_params(module)]

    @property
    def module(self) -> str:
        """The rule module's name, e.g. ``"base"``."""
        return self._module

    @property
    def params(self) -> str:
        """The canonical parameter string (every parameter, value in force)."""
        return self._params

    @property
    def num_seats(self) -> int:
        """Number of seats (players who make decisions)."""
        return self._seats

    @property
    def board(self) -> Dict[str, Any]:
        """The static board description (hexes, intersections, paths, harbors)."""
        return json.loads(_lib.rules_board_json(self._handle()))

    @property
    def closed(self) -> bool:
        return self._h is None

    def new_game(self) -> "Game":
        """A new game of these rules at its first decision point."""
        return Game(self)

    def _handle(self) -> _lib.Handle:
        if self._h is None:
            raise ValueError("the rules are closed")
        return self._h

    def close(self) -> None:
        """Releases the rules.  Games already created keep working."""
        if self._h is not None:
            _lib.rules_free(self._h)
            self._h = None

    def __enter__(self) -> "Rules":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # At interpreter exit _lib may already be torn down; nothing to do then.
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"Rules({self._module!r}, {self._params!r})"


class Action:
    """One action: its code, its text form and, for Catan-family modules, its fields.

    Compares equal to another Action or int with the same code, so
    ``action in game.legal_actions()`` and ``code == action`` both work.
    """

    __slots__ = ("code", "_game", "_text")

    def __init__(self, code: int, game: Optional["Game"] = None) -> None:
        self.code = code
        self._game = game
        self._text: Optional[str] = None

    @property
    def text(self) -> str:
        """The library's text form, e.g. ``"build_road 12"`` (parsable by :meth:`Game.apply`).

        The code in hexadecimal once the game is closed.

        Raises:
            InvalidArgumentError: the code is malformed (unknown type, stray bits).
        """
        if self._text is None:
            game = self._game
            if game is None or game._h is None:
                return f"0x{self.code:016x}"
            self._text = _lib.action_to_string(game._h, self.code)
        return self._text

    @property
    def type(self) -> int:
        """The action type: the top byte of the code, in every module family."""
        return self.code >> 56

    @property
    def name(self) -> str:
        """The type's name: the first word of the text form."""
        return self.text.split(" ", 1)[0]

    @property
    def fields(self) -> Dict[str, Any]:
        """The decoded fields.

        Catan-family modules give ``type``, ``name``, ``arg`` (3 ints),
        ``to``, ``give`` and ``want`` (6 ints each) as in ``crisk_catan_action``;
        other modules give ``type`` and ``name``.
        """
        game = self._game
        if game is not None and game.module in _lib.CATAN_FAMILY:
            fields = _lib.catan_decode(self.code)
        else:
            fields = {"type": self.type}
        fields["name"] = self.name
        return fields

    def _display(self) -> str:
        # str() and repr() must not raise, even for a malformed code.
        try:
            return self.text
        except CatanriskError:
            return f"0x{self.code:016x}"

    def __str__(self) -> str:
        return self._display()

    def __repr__(self) -> str:
        return f"<Action {self._display()} (0x{self.code:016x})>"

    def __int__(self) -> int:
        return self.code

    __index__ = __int__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        if isinstance(other, int) and not isinstance(other, bool):
            return self.code == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.code)


class Game:
    """One match of a set of rules.  Mutable; use it from one thread at a time.

    Example::

        with Game(Rules("base", players=4, seed=7)) as game:
            while not game.is_over:
                game.apply(random.choice(game.legal_actions()))
    """

    __slots__ = ("_h", "_rules", "_buf", "_module", "__weakref__")

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"Game() needs a Rules object, not {type(rules).__name__}")
        self._h: Optional[_lib.Handle] = None
        self._h = _lib.game_new(rules._handle())
        self._init(rules)

    def _init(self, rules: Rules) -> None:
        self._rules = rules
        self._module = rules.module
        self._buf = _lib.ActionBuffer()

    def _handle(self) -> _lib.Handle:
        if self._h is None:
            raise ValueError("the game is closed")
        return self._h

    # ---- what the game is

    @property
    def rules(self) -> Rules:
        """The Rules object the game was created from (the game works even if it is closed)."""
        return self._rules

    @property
    def module(self) -> str:
        return self._module

    @property
    def num_seats(self) -> int:
        return self._rules.num_seats

    @property
    def state_size(self) -> int:
        """Bytes of mutable state: what :meth:`copy_from` copies."""
        return _lib.game_state_size(self._handle())

    # ---- where it stands

    @property
    def current_seat(self) -> int:
        """The seat that must act, :data:`SEAT_CHANCE` or :data:`SEAT_NONE` (game over)."""
        return _lib.game_current_seat(self._handle())

    @property
    def status(self) -> Status:
        return Status(_lib.game_status(self._handle())[0])

    @property
    def winner(self) -> Optional[int]:
        """The winning seat, or None (running, or ended without a winner)."""
        winner = _lib.game_status(self._handle())[1]
        return winner if winner >= 0 else None

    @property
    def is_over(self) -> bool:
        return not _lib.game_running(self._handle())

    @property
    def turn(self) -> int:
        """0 during set-up, then 1, 2, ..."""
        return _lib.game_turn(self._handle())

    def score(self, seat: int, viewer: int = OMNISCIENT) -> int:
        """Victory points of ``seat`` as ``viewer`` may know them."""
        return _lib.game_score(self._handle(), seat, viewer)

    def scores(self, viewer: int = OMNISCIENT) -> List[int]:
        """Victory points of every seat as ``viewer`` may know them."""
        h = self._handle()
        return [_lib.game_score(h, seat, viewer) for seat in range(self.num_seats)]

    # ---- actions

    def legal_codes(self) -> List[int]:
        """The legal action codes in ascending order (the fast path for playouts)."""
        return self._buf.legal(self._handle())

    def legal_actions(self) -> List[Action]:
        """The legal actions of the current decision point, in ascending code order."""
        return [Action(code, self) for code in self._buf.legal(self._handle())]

    def action(self, action: ActionLike) -> Action:
        """An :class:`Action` from a code or a text form (``"build_road 12"``).

        Raises:
            FormatError: the text cannot be read (the message says where).
        """
        return Action(self._code(action), self)

    def _code(self, action: ActionLike) -> int:
        if isinstance(action, Action):
            return action.code
        if isinstance(action, str):
            return _lib.action_from_string(self._handle(), action)
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action <= _lib.UINT64_MAX:
                raise InvalidArgumentError(f"action code {action} is not an unsigned 64-bit number", -1)
            return action
        raise TypeError(f"an action is an Action, an int code or a str, not {type(action).__name__}")

    def check(self, action: ActionLike) -> None:
        """Validates an action without applying it.

        Raises:
            IllegalActionError: with the library's reason in player terms.
            FormatError: unreadable text form.
        """
        _lib.game_check(self._handle(), self._code(action))

    def is_legal(self, action: ActionLike) -> bool:
        """Whether :meth:`check` would accept the action."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def why_illegal(self, action: ActionLike) -> Optional[str]:
        """None if the action is legal, else the library's reason."""
        return _lib.game_check_reason(self._handle(), self._code(action))

    def apply(self, action: ActionLike) -> None:
        """Applies an action; when it is refused the game is unchanged.

        Raises:
            IllegalActionError: the action is not legal now (the message says why).
            FormatError: unreadable text form.
        """
        h = self._h
        if h is None:
            raise ValueError("the game is closed")
        # Codes straight from legal_codes() skip the conversions.
        _lib.game_apply(h, action if type(action) is int and 0 <= action <= _lib.UINT64_MAX else self._code(action))

    def chance_outcomes(self) -> List[Tuple[Action, float]]:
        """At a chance decision point, each outcome with its exact probability.

        Raises:
            StateError: the current decision point is not a chance point.
        """
        return [(Action(code, self), p) for code, p in _lib.game_chance(self._handle())]

    # ---- views and events

    def view(self, viewer: int) -> Dict[str, Any]:
        """The state as ``viewer`` (a seat, :data:`SPECTATOR` or :data:`OMNISCIENT`) may see it."""
        return json.loads(_lib.game_to_json(self._handle(), viewer))

    def events(self, since: int = 0, viewer: int = SPECTATOR) -> List[Dict[str, Any]]:
        """Events with sequence number >= ``since`` that the log still holds, as ``viewer`` sees them.

        Each event is a dict with ``seq``, ``type``, ``seat``, ``target``,
        ``args`` (None where hidden from the viewer) and ``text``.
        """
        if not isinstance(since, int) or isinstance(since, bool):
            raise TypeError(f"since must be an int, not {type(since).__name__}")
        if not 0 <= since <= _lib.UINT64_MAX:
            raise InvalidArgumentError(f"since {since} is not an unsigned 64-bit number", -1)
        return json.loads(_lib.game_events_json(self._handle(), since, viewer))

    @property
    def next_event(self) -> int:
        """The sequence number the next event will get."""
        return _lib.game_event_range(self._handle())[1]

    def set_event_capacity(self, capacity: int) -> None:
        """How many events the log keeps (0 turns it off; the default is 4096)."""
        if not isinstance(capacity, int) or isinstance(capacity, bool):
            raise TypeError(f"capacity must be an int, not {type(capacity).__name__}")
        if capacity < 0:
            raise InvalidArgumentError(f"capacity {capacity} is negative", -1)
        _lib.game_set_event_capacity(self._handle(), capacity)

    # ---- copies and lifetime

    def copy(self) -> "Game":
        """An independent copy: state, RNG and event log."""
        clone = Game.__new__(Game)
        clone._h = _lib.game_clone(self._handle())
        clone._init(self._rules)
        return clone

    __copy__ = copy

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.copy()

    def copy_from(self, other: "Game") -> None:
        """Overwrites this game's state with ``other``'s without allocating.

        Both must come from the same Rules object; the event log is emptied.
        """
        if not isinstance(other, Game):
            raise TypeError(f"copy_from() needs a Game, not {type(other).__name__}")
        _lib.game_copy(self._handle(), other._handle())

    @property
    def closed(self) -> bool:
        return self._h is None

    def close(self) -> None:
        """Frees the game; further use raises ValueError."""
        if self._h is not None:
            _lib.game_free(self._h)
            self._h = None

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        if self._h is None:
            return f"<Game {self._module} closed>"
        status, winner = _lib.game_status(self._h)
        state = {0: f"seat {self.current_seat} to act", 1: f"won by seat {winner}", 2: "ended"}.get(status, "?")
        return f"<Game {self._module} turn {self.turn}, {state}>"
