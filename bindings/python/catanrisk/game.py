"""Rules, games and actions: the Pythonic layer over libcatanrisk.

Nothing here is specific to one rule module: parameters are passed through
as text, actions are shown with the library's text form, views and events
come from the library's JSON.  Saves (binary and JSON), game records and
undo are the library's own (serialize.h, record.h, game.h).
"""

from __future__ import annotations

import json
import os
from enum import IntEnum
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from .catan import Bank, Building, BuildingKind, Event, SeatCounts
from .errors import CatanriskError, IllegalActionError, InvalidArgumentError, ParameterError, UnsupportedError

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
]

#: ``Game.current_seat`` when a chance outcome must be applied (``chance=explicit``).
SEAT_CHANCE = -1
#: ``Game.current_seat`` when the game is over.
SEAT_NONE = -2
#: Viewer who sees public information only.
SPECTATOR = -3
#: Viewer who sees everything (referee, debugging).
OMNISCIENT = -4
#: The largest undo depth the library accepts (``CRISK_MAX_UNDO_DEPTH``).
MAX_UNDO_DEPTH = 4096

ParamValue = Union[str, int, float, bool, Sequence[Union[str, int]], None]
ActionLike = Union["Action", int, str]
#: What :meth:`Game.load` accepts.
BytesLike = Union[bytes, bytearray, memoryview]
#: What ``Rules(..., data=...)`` accepts: the text as str (UTF-8) or bytes.
DataText = Union[str, bytes, bytearray, memoryview]
#: What :meth:`Game.load_json` accepts: the text of :meth:`Game.save_json`,
#: as str or UTF-8 bytes, or that text parsed with :func:`json.loads`.
JsonSave = Union[str, bytes, bytearray, Dict[str, Any]]


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


def _data_text(data: Any) -> bytes:
    """The bytes of a ``data`` argument: str (as UTF-8) or bytes-like."""
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"data must be str, bytes, bytearray or memoryview, not {type(data).__name__}")


def _path_arg(path: Any) -> str:
    """A file path argument: str or os.PathLike of str."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"path must be a str or os.PathLike, not {type(path).__name__}")
    return path


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


class _Handle:
    """Lifetime of one library handle: context manager, ``closed``, and a free on
    garbage collection.  Subclasses implement :meth:`close`."""

    __slots__ = ("_h",)
    _what = "handle"

    @property
    def closed(self) -> bool:
        return self._h is None

    def close(self) -> None:
        raise NotImplementedError

    def _handle(self) -> _lib.Handle:
        if self._h is None:
            raise ValueError(f"the {self._what} is closed")
        return self._h

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # At interpreter exit _lib may already be torn down; nothing to do then.
        try:
            self.close()
        except Exception:
            pass


class Rules(_Handle):
    """A rule module with validated parameters and its generated board.

    Immutable and shareable.  Keyword arguments become parameters
    (``True``/``False`` as 1/0, lists joined with commas, ``None`` left out)::

        rules = Rules("base", players=4, seed=7, board="beginner")
        rules = Rules("base", "players=4 seed=7")

    ``data`` (keyword only, so it is never a parameter) is a data text of the
    host, as ``str`` (written as UTF-8) or ``bytes``: for ``muhq`` a ``.mqd``
    text read on top of the built-in data, with card sets, decks, stores and
    maps (docs/mqd.md), so that ``map=`` and ``sets=`` may name what it
    defines; for ``hawaii`` a catanmap text (docs/catanmap.md) played instead
    of the built-in map (``params`` then reads ``map=data``)::

        rules = Rules("muhq", "map=tiny-duel players=2 sets=myset,base", data=mqd_text)
        rules = Rules("hawaii", players=3, seed=1, data=catanmap_text)

    The text becomes part of the rules (:attr:`data`); saves, JSON saves and
    game records carry it, so :meth:`Game.load`, :meth:`Game.load_json` and
    :func:`replay` need no file.  :meth:`from_data_file` reads it from a file.

    Raises:
        NotFoundError: no such module.
        ParameterError: unknown key or bad value (the library's message says which).
        UnsupportedError: ``data`` was given and the module reads no data.
        FormatError: the module refuses ``data``; the message names the line
            (``data:3: ...``).
        TypeError: ``data`` is neither str nor bytes-like.
    """

    __slots__ = ("_keep", "_module", "_params", "_seats", "_data_len", "__weakref__")
    _what = "rules"

    def __init__(
        self, module: str, params: str = "", /, *, data: Optional[DataText] = None, **kwargs: ParamValue
    ) -> None:
        self._h: Optional[_lib.Handle] = None
        self._keep: Optional[_lib.Handle] = None
        text = param_string(params, kwargs)
        if data is None:
            self._h = _lib.rules_new(module, text)
        else:
            self._h = _lib.rules_new_with_data(module, text, _data_text(data))
        self._describe()

    def _describe(self) -> None:
        assert self._h is not None
        self._module = _lib.rules_module(self._h)
        self._params = _lib.rules_params(self._h)
        self._seats = _lib.rules_num_seats(self._h)
        data = _lib.rules_data(self._h)
        self._data_len = None if data is None else len(data)

    @classmethod
    def _of_game(cls, game: _lib.Handle) -> "Rules":
        """The rules object of a game the library created (load, replay).

        The C API has no way to take a reference to a rules object other
        than creating a game of it, so the wrapper keeps a small game of its
        own (event log off) that holds the rules alive.  Games made with
        ``new_game()`` of this object share the rules object with the loaded
        game, so :meth:`Game.copy_from` works between them.
        """
        self = cls.__new__(cls)
        self._h = None
        self._keep = None
        self._keep = _lib.game_new(_lib.game_rules(game))
        _lib.game_set_event_capacity(self._keep, 0)
        self._h = _lib.game_rules(self._keep)
        self._describe()
        return self

    @classmethod
    def from_file(cls, path: str, params: str = "", /, **kwargs: ParamValue) -> "Rules":
        """Rules of a rule module loaded from a shared object (docs/modules.md).

        The object must export ``crisk_module_entry``; it stays loaded while
        these rules or any game of them exist.  Parameters as for
        :class:`Rules`::

            rules = Rules.from_file("./house_rules.so", seed=7, players=3)

        Games of such modules are loaded with ``Game.load(data, rules=...)``.

        Raises:
            NotFoundError: the file cannot be loaded or lacks the entry symbol.
            UnsupportedError: the module serves another module ABI version.
            InvalidArgumentError: the module's table is invalid (the message says what).
            ParameterError: unknown key or bad value.
        """
        self = cls.__new__(cls)
        self._h = None
        self._keep = None
        self._h = _lib.rules_new_from_file(path, param_string(params, kwargs))
        self._describe()
        return self

    @classmethod
    def from_data_file(
        cls, module: str, path: Union[str, "os.PathLike[str]"], params: str = "", /, **kwargs: ParamValue
    ) -> "Rules":
        """Rules of a built-in module with the data text of a file, read once
        here (``crisk_rules_new_with_data_file``); otherwise like
        ``Rules(module, params, data=...)``::

            rules = Rules.from_data_file("muhq", "my_cards.mqd", map="tiny-duel", players=2)
            rules = Rules.from_data_file("hawaii", "islands.catanmap", players=4, seed=1)

        Raises:
            NotFoundError: no such module, or the file cannot be read.
            FormatError: the module refuses the text (the message names the
                line), or the file is longer than 32 MiB.
            UnsupportedError: the module reads no data.
            ParameterError: unknown key or bad value.
        """
        text = param_string(params, kwargs)
        self = cls.__new__(cls)
        self._h = None
        self._keep = None
        self._h = _lib.rules_new_with_data_file(module, text, _path_arg(path))
        self._describe()
        return self

    @property
    def data(self) -> Optional[bytes]:
        """The host data text of the rules (see :class:`Rules`) as bytes, or
        None when they were made without one.  Rules of a loaded or replayed
        game give the text the save or record carried."""
        return _lib.rules_data(self._handle())

    @staticmethod
    def parameters(module: str) -> List[ParamInfo]:
        """The parameters a built-in module accepts, in declared order."""
        return [ParamInfo(*row) for row in _lib.module_params(module)]

    def parameter_info(self) -> List[ParamInfo]:
        """The parameters the module of these rules accepts (any module, also loaded ones)."""
        return [ParamInfo(*row) for row in _lib.rules_param_list(self._handle())]

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

    def new_game(self, *, record: bool = False, undo_depth: int = 0) -> "Game":
        """A new game of these rules at its first decision point (see :class:`Game`)."""
        return Game(self, record=record, undo_depth=undo_depth)

    def close(self) -> None:
        """Releases the rules.  Games already created keep working."""
        if self._keep is not None:
            _lib.game_free(self._keep)  # the rules belong to it
            self._keep = None
            self._h = None
        if self._h is not None:
            _lib.rules_free(self._h)
            self._h = None

    def __repr__(self) -> str:
        if self._data_len is not None:
            return f"Rules({self._module!r}, {self._params!r}, data=<{self._data_len} bytes>)"
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


class Game(_Handle):
    """One match of a set of rules.  Mutable; use it from one thread at a time.

    Args:
        rules: the rules to play.
        record: record every applied action from the start, so that
            :meth:`record` can write the game record (off by default: a
            recording game may allocate in :meth:`apply`).  Recording can
            only start at creation; see :attr:`recording`.
        undo_depth: how many actions :meth:`undo` can take back
            (0 .. :data:`MAX_UNDO_DEPTH`, default 0 = undo off); see
            :attr:`undo_depth`.

    Example::

        with Game(Rules("base", players=4, seed=7)) as game:
            while not game.is_over:
                game.apply(random.choice(game.legal_actions()))

    Games also come from :meth:`load` (binary save), :meth:`load_json`
    (JSON save) and :func:`replay` (game record).  A game pickles as its
    binary save (recording and undo history are not kept).
    """

    __slots__ = ("_rules", "_buf", "_module", "_recording", "_undo_depth", "__weakref__")
    _what = "game"

    def __init__(self, rules: Rules, *, record: bool = False, undo_depth: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"Game() needs a Rules object, not {type(rules).__name__}")
        self._h: Optional[_lib.Handle] = None
        self._h = _lib.game_new(rules._handle())
        self._init(rules)
        if record:
            self.recording = True
        if undo_depth:
            self.undo_depth = undo_depth

    def _init(self, rules: Rules, recording: bool = False, undo_depth: int = 0) -> None:
        self._rules = rules
        self._module = rules.module
        self._buf = _lib.ActionBuffer()
        self._recording = recording
        self._undo_depth = undo_depth

    @classmethod
    def _adopt(cls, handle: _lib.Handle, recording: bool = False) -> "Game":
        """Wraps a game the library created from data (load, replay)."""
        game = cls.__new__(cls)
        game._h = handle  # owned from here on: __del__ frees it if the rest fails
        game._init(Rules._of_game(handle), recording=recording)
        return game

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

    def legal_codes(self, *, skip_types: Iterable[int] = ()) -> List[int]:
        """The legal action codes in ascending order (the fast path for playouts).

        ``skip_types`` leaves out the actions of those types (the numbers of
        :attr:`Action.type`, 0..63), as if they were filtered from the full
        list afterwards; e.g. ``skip_types=[23]`` drops the domestic trade
        offers of the Catan modules, which the built-in modules then do not
        even list.  What :meth:`check` and :meth:`apply` accept is unchanged.

        Raises:
            InvalidArgumentError: a type outside 0..63.
        """
        if skip_types:
            return self._buf.legal_except(self._handle(), _lib.type_mask(skip_types))
        return self._buf.legal(self._handle())

    def legal_actions(self, *, skip_types: Iterable[int] = ()) -> List[Action]:
        """The legal actions of the current decision point, in ascending code order.

        ``skip_types``: as for :meth:`legal_codes`.
        """
        return [Action(code, self) for code in self.legal_codes(skip_types=skip_types)]

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

    def playout(
        self, state: int, *, skip_types: Union[int, Iterable[int]] = 0, max_steps: int = 0
    ) -> Tuple[int, int]:
        """Plays uniformly random legal actions inside the library until the
        game is over or ``max_steps`` actions were applied (0 = no limit).

        Each step is what a Python loop of :meth:`legal_codes`, a uniform draw
        and :meth:`apply` would do, at native speed; at a chance point
        (``chance=explicit``) an outcome is drawn by its probability.  The
        draws come from the splitmix64 generator state ``state`` (any
        unsigned 64-bit value is a seed; the algorithm is in docs/api.md),
        which the game does not keep: pass the returned state to the next
        call to continue the same random sequence.  Undo, the record and
        the event log see every action, as with :meth:`apply`.

        Args:
            state: the generator state (a seed).
            skip_types: action types never drawn, as a mask of bits
                ``1 << type`` or an iterable of types 0..63, e.g. ``[23]``
                (OFFER_TRADE, docs/actions.md) for a bot that makes no
                domestic offers.
            max_steps: stop after this many actions; 0 = until the game is over.

        Returns:
            ``(steps, state)``: the number of actions applied and the new
            generator state.

        Raises:
            StateError: a seat to act has nothing left after skipping; the
                exception's ``steps`` and ``state`` attributes tell how far
                the playout went (those actions stay applied).
        """
        return _lib.game_playout(self._handle(), _lib.skip_mask(skip_types), max_steps, state)

    def playouts(
        self,
        n: int,
        *,
        threads: int = 1,
        seed: int = 0,
        skip_types: Union[int, Iterable[int]] = 0,
        max_steps: int = 0,
    ) -> Tuple[List[int], int, int]:
        """Plays ``n`` random playouts from this position on up to
        ``threads`` threads inside the library and counts how they end; the
        game is not changed.

        Playout ``i`` is :meth:`playout` on a copy of the game with the
        state given by the first splitmix64 output from ``seed + i``
        (docs/api.md), so the counts do not depend on ``threads``.  In
        ``chance=auto`` every copy starts from the game's own dice
        generator; with ``chance=explicit`` each playout draws its own.

        Returns:
            ``(wins, unfinished, steps)``: per seat the playouts it won, the
            playouts without a winner (or stopped at ``max_steps``), and
            the actions applied in all.

        Raises:
            StateError: a playout failed (the lowest index is in the message).
        """
        return _lib.game_playouts(
            self._handle(), self.num_seats, n, threads, _lib.skip_mask(skip_types), max_steps, seed
        )

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

    def event(self, seq: int, viewer: int = SPECTATOR) -> Event:
        """One event of the log as ``viewer`` sees it (``crisk_game_event``),
        with its text form (``crisk_event_to_string``).

        Raises:
            NotFoundError: ``seq`` is not in the log (older than the oldest
                kept event, or not yet numbered: see :attr:`next_event`).
            InvalidArgumentError: ``viewer`` is not a seat,
                :data:`SPECTATOR` or :data:`OMNISCIENT`.
        """
        seq_, type_, seat, target, args, text = _lib.game_event(self._handle(), seq, viewer)
        return Event(seq_, type_, seat, target, args, text)  # type: ignore[arg-type]

    # ---- Catan-family queries (catan.h)
    #
    # They answer for games of base, two_player, risk and hawaii (and of host
    # modules that wrap one); for other modules they raise UnsupportedError.
    # The library checks every argument; on an error the game is unchanged.

    def hand(self, seat: int, viewer: int) -> Tuple[int, int, int, int, int]:
        """The resource cards of ``seat`` in :class:`~catanrisk.catan.Resource`
        order, if ``viewer`` may see them: the seat itself or
        :data:`OMNISCIENT` (B-134).

        Raises:
            HiddenInformationError: ``viewer`` is another seat or :data:`SPECTATOR`.
            InvalidArgumentError: ``seat`` or ``viewer`` out of range.
            UnsupportedError: not a Catan-family game.
        """
        return _lib.catan_hand(self._handle(), seat, viewer)  # type: ignore[return-value]

    def dev_cards(self, seat: int, viewer: int) -> Tuple[int, int, int, int, int]:
        """The unplayed development cards of ``seat`` in
        :class:`~catanrisk.catan.DevCard` order, if ``viewer`` may see them
        (the seat itself or :data:`OMNISCIENT`).

        Raises: as :meth:`hand`.
        """
        return _lib.catan_dev_cards(self._handle(), seat, viewer)  # type: ignore[return-value]

    def seat_counts(self, seat: int) -> SeatCounts:
        """The public counts of ``seat``: hand size, unplayed development
        cards and played knights.

        Raises:
            InvalidArgumentError: ``seat`` out of range.
            UnsupportedError: not a Catan-family game.
        """
        return SeatCounts(*_lib.catan_seat_counts(self._handle(), seat))

    def building(self, node: int) -> Building:
        """The building on intersection ``node`` (ids of :attr:`Rules.board`).

        Raises:
            InvalidArgumentError: no such intersection.
            UnsupportedError: not a Catan-family game.
        """
        owner, kind = _lib.catan_building(self._handle(), node)
        return Building(owner if owner >= 0 else None, BuildingKind(kind))

    def road(self, path: int) -> Optional[int]:
        """The seat owning the road on ``path`` (in two_player also the neutral
        owner ids 2 and 3, T-1), or None when there is no road.

        Raises:
            InvalidArgumentError: no such path.
            UnsupportedError: not a Catan-family game.
        """
        owner = _lib.catan_road(self._handle(), path)
        return owner if owner >= 0 else None

    @property
    def robber(self) -> int:
        """The hex holding the robber.

        Raises:
            UnsupportedError: not a Catan-family game.
        """
        return _lib.catan_robber(self._handle())

    def bank(self) -> Bank:
        """The bank's resource cards and the development deck size (public, B-134).

        Raises:
            UnsupportedError: not a Catan-family game.
        """
        counts, deck = _lib.catan_bank(self._handle())
        return Bank(counts, deck)  # type: ignore[arg-type]

    def encode(
        self,
        type: int,
        arg: Sequence[int] = (),
        *,
        to: int = 0,
        give: Sequence[int] = (),
        want: Sequence[int] = (),
    ) -> Action:
        """The action of the given fields, as :attr:`Action.fields` gives
        them back (``crisk_catan_action_encode``): ``type`` a
        :class:`~catanrisk.catan.CatanActionType` (or a two_player or risk
        type), ``arg`` up to 3 ids, ``to``, ``give`` and ``want`` up to 6
        counts; missing values are 0.  Legality is not checked (see
        :meth:`check`)::

            game.apply(game.encode(CatanActionType.BUILD_ROAD, [12]))
            game.encode(CatanActionType.OFFER_TRADE, give=[0, 0, 2], want=[0, 0, 0, 0, 1], to=TO_ALL)

        Raises:
            InvalidArgumentError: unknown type or a field that does not fit
                (the message names it).
            UnsupportedError: not a Catan-family game.
        """
        if self._module not in _lib.CATAN_FAMILY:
            raise UnsupportedError(f"encode: module '{self._module}' is not a Catan-family module", -9)
        self._handle()
        return Action(_lib.catan_encode(type, arg, to, give, want), self)

    # ---- saving and loading

    def save(self) -> bytes:
        """The binary save of the game (``crisk_game_save``).

        Self-describing (module, canonical parameters, the full state with
        the RNG, a checksum) and portable across platforms; saving the same
        state twice gives identical bytes.  :meth:`load` turns it back into a
        game that continues exactly like this one.  A save holds hidden
        information (every hand, the deck order, the RNG): do not hand it
        to players.

        Raises:
            UnsupportedError: the rule module cannot save.
        """
        return _lib.game_save(self._handle())

    @classmethod
    def load(cls, data: BytesLike, rules: Optional[Rules] = None) -> "Game":
        """A new game from a binary save written by :meth:`save`.

        The game continues exactly like the saved one (same legal actions,
        same results of the same applies, same random draws); its event log
        starts empty, it is not recording and its undo depth is 0.  Its
        :attr:`rules` is a new :class:`Rules` object that holds the loaded
        game's rules (``rules.new_game()`` gives games :meth:`copy_from`
        accepts).

        ``rules`` names the module for saves of modules loaded with
        :meth:`Rules.from_file` (any rules of that module; the save's own
        parameters are used); built-in modules are found by name.  A save
        of rules with a data text (``Rules(..., data=...)``) carries the
        text, so it loads without it.

        Raises:
            TypeError: ``data`` is not bytes, bytearray or memoryview.
            FormatError: corrupt, truncated, foreign or newer data; the
                message says what is wrong (bad magic, truncated at byte N,
                checksum mismatch, invalid field ...).
            UnsupportedError: the rule module cannot load.
        """
        raw = _lib.data_arg(data, "save data")
        if rules is not None:
            return cls._adopt(_lib.game_load_as(rules._handle(), raw))
        return cls._adopt(_lib.game_load(raw))

    def save_json(self) -> str:
        """The JSON save of the game as text (``crisk_game_save_json``).

        A str, not a dict, so that it round-trips byte for byte; use
        :func:`json.loads` to inspect it.  The object has the members
        ``format`` (``"crisk-save"``), ``version``, ``module``,
        ``module_version``, ``params``, ``event_seq`` and ``state`` (the
        exact, omniscient state: every hidden card and the RNG).  It is a
        complete save, not a view: do not hand it to players.

        Raises:
            UnsupportedError: the rule module cannot save.
        """
        return _lib.game_save_json(self._handle())

    @classmethod
    def load_json(cls, data: JsonSave, rules: Optional[Rules] = None) -> "Game":
        """A new game from a JSON save written by :meth:`save_json`.

        ``data`` is the text (str or UTF-8 bytes) or, for convenience, the
        dict :func:`json.loads` made of it.  Otherwise like :meth:`load`
        (including ``rules``).

        Raises:
            TypeError: ``data`` is of another type.
            FormatError: invalid JSON or an invalid save; the message gives
                the byte offset of a syntax error or the JSON path of the
                offending value (``$.state.seats[2].hand[1]: ...``).
            UnsupportedError: the rule module cannot load.
        """
        if isinstance(data, dict):
            text = json.dumps(data, separators=(",", ":"), allow_nan=False).encode()
        elif isinstance(data, str):
            text = data.encode("utf-8", "surrogatepass")
        elif isinstance(data, (bytes, bytearray, memoryview)):
            text = bytes(data)
        else:
            raise TypeError(f"load_json() needs a str, bytes or dict, not {type(data).__name__}")
        if rules is not None:
            return cls._adopt(_lib.game_load_json_as(rules._handle(), text))
        return cls._adopt(_lib.game_load_json(text))

    def __reduce__(self) -> Tuple[Any, Tuple[bytes]]:
        return (Game.load, (self.save(),))

    # ---- game records

    @property
    def recording(self) -> bool:
        """Whether the game records its actions for :meth:`record`.

        Setting it to True is only allowed before the first action of a
        game created with :class:`Game` (``Game(rules, record=True)`` does
        it at creation); later, and on loaded games, it raises
        :class:`StateError`, since the record could not be complete.
        Setting it to False stops recording and discards the record.
        Copies (:meth:`copy`) and replayed games (:func:`replay`) record
        if their source did.
        """
        self._handle()
        return self._recording

    @recording.setter
    def recording(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise TypeError(f"recording must be a bool, not {type(on).__name__}")
        _lib.game_set_recording(self._handle(), on)
        self._recording = on

    def record(self) -> str:
        """The game record: the ``crisk-record`` header, the module, the
        canonical parameters, the rules' data text if they have one
        (``data <hex>`` lines, see :attr:`Rules.data`) and every action since
        creation, one per line (LF).

        :func:`replay` turns it back into this game, with this or any later
        version of the library.

        Raises:
            StateError: the game is not recording, or its record is
                incomplete (after :meth:`copy_from` of a game whose record
                could not be taken over).
        """
        return _lib.game_record(self._handle())

    @classmethod
    def replay(cls, text: Union[str, bytes, bytearray], rules: Optional[Rules] = None) -> "Game":
        """Same as :func:`catanrisk.replay`."""
        if isinstance(text, str):
            data = text.encode("utf-8", "surrogatepass")
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f"replay() needs the record text as str or bytes, not {type(text).__name__}")
        if rules is not None:
            return cls._adopt(_lib.record_replay_as(rules._handle(), data), recording=True)
        return cls._adopt(_lib.record_replay(data), recording=True)

    # ---- undo

    @property
    def undo_depth(self) -> int:
        """How many actions :meth:`undo` can take back at most (0: undo off, the default).

        Setting it preallocates that many snapshots (0 .. :data:`MAX_UNDO_DEPTH`)
        so that :meth:`apply` never allocates for undo, and discards the undo
        history.  Copies keep the depth; loaded and replayed games start at 0.

        Raises:
            InvalidArgumentError: negative or above :data:`MAX_UNDO_DEPTH`.
            OutOfMemoryError: the snapshots could not be allocated (the
                previous depth and history are kept).
        """
        self._handle()
        return self._undo_depth

    @undo_depth.setter
    def undo_depth(self, depth: int) -> None:
        _lib.game_set_undo_depth(self._handle(), depth)
        self._undo_depth = depth

    @property
    def undo_available(self) -> int:
        """How many actions :meth:`undo` can take back now (at most :attr:`undo_depth`)."""
        return _lib.game_undo_available(self._handle())

    def undo(self, steps: int = 1) -> None:
        """Restores the game exactly as it was ``steps`` successful applies ago.

        The state including the RNG comes back, so the same actions give the
        same results again; events newer than the restored point are dropped
        (:attr:`next_event` goes back and those sequence numbers are given
        again) and, when recording, the undone actions leave the record.
        ``steps=0`` does nothing.  Undoing past a chance outcome lets a player
        learn the future: see the library's undo documentation before
        offering undo to people.

        Raises:
            StateError: fewer than ``steps`` actions can be undone (see
                :attr:`undo_available`); the game is unchanged.
            InvalidArgumentError: ``steps`` is negative.
        """
        _lib.game_undo(self._handle(), steps)

    # ---- copies and lifetime

    def copy(self) -> "Game":
        """An independent copy: state, RNG, event log, undo history and record."""
        clone = Game.__new__(Game)
        clone._h = _lib.game_clone(self._handle())
        clone._init(self._rules, recording=self._recording, undo_depth=self._undo_depth)
        return clone

    __copy__ = copy

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.copy()

    def copy_from(self, other: "Game") -> None:
        """Overwrites this game's state with ``other``'s without allocating.

        Both must come from the same Rules object; the event log and the undo
        history are emptied (the undo depth is kept).  A recording game takes
        over ``other``'s record when it fits in the room its own record list
        already has (nothing is allocated); otherwise :meth:`record` raises
        :class:`StateError` afterwards.
        """
        if not isinstance(other, Game):
            raise TypeError(f"copy_from() needs a Game, not {type(other).__name__}")
        _lib.game_copy(self._handle(), other._handle())

    def close(self) -> None:
        """Frees the game; further use raises ValueError."""
        if self._h is not None:
            _lib.game_free(self._h)
            self._h = None

    def __repr__(self) -> str:
        if self._h is None:
            return f"<Game {self._module} closed>"
        status, winner = _lib.game_status(self._h)
        state = {0: f"seat {self.current_seat} to act", 1: f"won by seat {winner}", 2: "ended"}.get(status, "?")
        return f"<Game {self._module} turn {self.turn}, {state}>"


def replay(text: Union[str, bytes, bytearray], rules: Optional[Rules] = None) -> Game:
    """A new game from a game record written by :meth:`Game.record`.

    Creates the rules the record names and applies its actions in order.
    ``rules`` names the module for records of modules loaded with
    :meth:`Rules.from_file` (any rules of that module).
    The game is recording, so its record can be written again; its undo
    depth is 0.

    Raises:
        TypeError: ``text`` is not str or bytes.
        FormatError: the record cannot be replayed; the message names the
            line and the reason (``line 17: illegal action 'build_road 3': ...``).
    """
    return Game.replay(text, rules)
