"""The only module of the package that uses ctypes.

It finds and loads libcatanrisk, declares the C prototypes, applies the
caller-buffer convention (try, and on CRISK_EBUFSIZE grow to the size the
library reported, then retry) and turns negative return codes into the
exceptions of :mod:`catanrisk.errors`.  Handles cross this boundary as
opaque objects that the rest of the package only stores and passes back, so
it is ordinary Python.

The library is looked up, in this order:

1. the path in the environment variable ``CATANRISK_LIBRARY`` (if set, it is
   the only candidate: an explicit choice must not be silently replaced);
2. a ``libcatanrisk.so*`` inside the package folder, then next to it;
3. the system: ``ctypes.util.find_library("catanrisk")``, then the soname
   ``libcatanrisk.so.0``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import POINTER, byref, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from .errors import CatanriskError, InvalidArgumentError, error_for

ENV_VAR = "CATANRISK_LIBRARY"
SONAME = "libcatanrisk.so.0"
#: Major version this binding was written for; the soname changes with it.
ABI_MAJOR = 0

#: Rule modules whose action codes follow the Catan-family layout of catan.h,
#: so that crisk_catan_action_decode() applies.  The binding's only list of
#: module names: every other module (muhq, modules loaded from shared objects)
#: is handled without module-specific code: codes, text forms, JSON views.
CATAN_FAMILY = frozenset({"base", "two_player", "risk", "hawaii"})

EBUFSIZE = -3
EILLEGAL = -4
UINT64_MAX = (1 << 64) - 1
INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1

#: An opaque library handle (crisk_rules * or crisk_game *).
Handle = c_void_p


def _candidates() -> Iterator[str]:
    env = os.environ.get(ENV_VAR)
    if env:
        yield env
        return
    here = Path(__file__).resolve().parent
    for folder in (here, here.parent):
        yield from sorted(str(p) for p in folder.glob("libcatanrisk.so*"))
    found = ctypes.util.find_library("catanrisk")
    if found:
        yield found
    yield SONAME


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as exc:
            tried.append(f"{path}: {exc}")
    raise ImportError(
        f"libcatanrisk could not be loaded; set {ENV_VAR} to the path of libcatanrisk.so. Tried:\n  "
        + "\n  ".join(tried)
    )


class _ParamInfo(ctypes.Structure):
    _fields_ = [
        ("version", c_uint32),
        ("name", c_char_p),
        ("type", c_char_p),
        ("default_value", c_char_p),
        ("accepted", c_char_p),
        ("help", c_char_p),
    ]


class _CatanAction(ctypes.Structure):
    _fields_ = [
        ("version", c_uint32),
        ("type", c_uint32),
        ("arg", c_int32 * 3),
        ("to", c_int32),
        ("give", c_int32 * 6),
        ("want", c_int32 * 6),
    ]


PARAM_INFO_VERSION = 1
CATAN_ACTION_VERSION = 1

_size_p = POINTER(c_size_t)
_TEXT = [c_char_p, c_size_t, _size_p]  # the tail of every text-returning call

_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "crisk_version": (c_char_p, [POINTER(c_int)] * 3),
    "crisk_error_last": (c_char_p, []),
    "crisk_strerror": (c_char_p, [c_int]),
    "crisk_rules_new": (c_int, [POINTER(c_void_p), c_char_p, c_char_p]),
    "crisk_rules_free": (None, [c_void_p]),
    "crisk_rules_module": (c_char_p, [c_void_p]),
    "crisk_rules_num_seats": (c_int, [c_void_p]),
    "crisk_rules_params": (c_int, [c_void_p] + _TEXT),
    "crisk_rules_board_json": (c_int, [c_void_p] + _TEXT),
    # rules.h: rules with a data text of the host (muhq: a .mqd text, docs/mqd.md).
    "crisk_rules_new_with_data": (c_int, [POINTER(c_void_p), c_char_p, c_char_p, c_char_p, c_size_t]),
    "crisk_rules_new_with_data_file": (c_int, [POINTER(c_void_p), c_char_p, c_char_p, c_char_p]),
    "crisk_rules_data": (c_int, [c_void_p, POINTER(c_void_p), _size_p]),
    "crisk_param_info_init": (c_int, [POINTER(_ParamInfo), c_uint32]),
    "crisk_module_param_count": (c_int, [c_char_p]),
    "crisk_module_param_info": (c_int, [POINTER(_ParamInfo), c_char_p, c_int]),
    "crisk_game_new": (c_int, [POINTER(c_void_p), c_void_p]),
    "crisk_game_clone": (c_int, [POINTER(c_void_p), c_void_p]),
    "crisk_game_copy": (c_int, [c_void_p, c_void_p]),
    "crisk_game_state_size": (c_size_t, [c_void_p]),
    "crisk_game_free": (None, [c_void_p]),
    "crisk_game_current_seat": (c_int, [c_void_p]),
    "crisk_game_status": (c_int, [c_void_p, POINTER(c_int)]),
    "crisk_game_turn": (c_int64, [c_void_p]),
    "crisk_game_score": (c_int, [c_void_p, c_int, c_int, POINTER(c_int)]),
    "crisk_game_legal_actions": (c_int, [c_void_p, POINTER(c_uint64), c_size_t, _size_p]),
    "crisk_game_legal_actions_except": (c_int, [c_void_p, c_uint64, POINTER(c_uint64), c_size_t, _size_p]),
    "crisk_game_check": (c_int, [c_void_p, c_uint64]),
    "crisk_game_apply": (c_int, [c_void_p, c_uint64]),
    "crisk_game_chance_probabilities": (
        c_int,
        [c_void_p, POINTER(c_uint64), POINTER(c_double), c_size_t, _size_p],
    ),
    "crisk_game_action_to_string": (c_int, [c_void_p, c_uint64] + _TEXT),
    "crisk_game_action_from_string": (c_int, [POINTER(c_uint64), c_void_p, c_char_p]),
    "crisk_game_event_range": (c_int, [c_void_p, POINTER(c_uint64), POINTER(c_uint64)]),
    "crisk_game_events_json": (c_int, [c_void_p, c_uint64, c_int] + _TEXT),
    "crisk_game_set_event_capacity": (c_int, [c_void_p, c_size_t]),
    "crisk_game_to_json": (c_int, [c_void_p, c_int] + _TEXT),
    "crisk_catan_action_init": (c_int, [POINTER(_CatanAction), c_uint32]),
    "crisk_catan_action_decode": (c_int, [POINTER(_CatanAction), c_uint64]),
    "crisk_game_rules": (c_void_p, [c_void_p]),
    # serialize.h: the data arguments are byte strings with an explicit length.
    "crisk_game_save": (c_int, [c_void_p, c_char_p, c_size_t, _size_p]),
    "crisk_game_load": (c_int, [POINTER(c_void_p), c_char_p, c_size_t]),
    "crisk_game_save_json": (c_int, [c_void_p] + _TEXT),
    "crisk_game_load_json": (c_int, [POINTER(c_void_p), c_char_p, c_size_t]),
    # game.h: undo.
    "crisk_game_set_undo_depth": (c_int, [c_void_p, c_size_t]),
    "crisk_game_undo": (c_int, [c_void_p, c_size_t]),
    "crisk_game_undo_available": (c_int, [c_void_p, _size_p]),
    # record.h.
    "crisk_game_set_recording": (c_int, [c_void_p, c_int]),
    "crisk_game_record": (c_int, [c_void_p] + _TEXT),
    "crisk_record_replay": (c_int, [POINTER(c_void_p), c_char_p, c_size_t]),
    # module.h: rule modules from shared objects, their parameters and saves.
    "crisk_rules_new_from_file": (c_int, [POINTER(c_void_p), c_char_p, c_char_p]),
    "crisk_rules_param_count": (c_int, [c_void_p]),
    "crisk_rules_param_info": (c_int, [POINTER(_ParamInfo), c_void_p, c_int]),
    "crisk_game_load_as": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_size_t]),
    "crisk_game_load_json_as": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_size_t]),
    "crisk_record_replay_as": (c_int, [POINTER(c_void_p), c_void_p, c_char_p, c_size_t]),
    # game.h: random playouts inside the library.
    "crisk_game_playout": (c_int, [c_void_p, c_uint64, c_uint64, POINTER(c_uint64), POINTER(c_uint64)]),
    "crisk_game_playouts": (
        c_int,
        [c_void_p, c_size_t, ctypes.c_uint, c_uint64, c_uint64, c_uint64, POINTER(c_uint64), c_size_t,
         POINTER(c_uint64), POINTER(c_uint64)],
    ),
}

_L = _load()
for _name, (_restype, _argtypes) in _PROTOTYPES.items():
    _fn = getattr(_L, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes


def _error(rc: int) -> CatanriskError:
    """The exception for return code rc, with the library's message."""
    raw = _L.crisk_error_last()
    message = raw.decode("utf-8", "replace") if raw else ""
    if not message:
        message = (_L.crisk_strerror(rc) or b"unknown error").decode("utf-8", "replace")
    return error_for(rc, message)


def _check(rc: int) -> int:
    if rc < 0:
        raise _error(rc)
    return rc


def cstr(text: str, what: str) -> bytes:
    """UTF-8 bytes for a C string argument; refuses what C would silently cut."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    if "\0" in text:
        raise ValueError(f"{what} contains a NUL character")
    return text.encode("utf-8")


def c_int_arg(value: Any, what: str) -> int:
    """A Python int that fits a C int, or TypeError / InvalidArgumentError."""
    if not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    if not INT32_MIN <= value <= INT32_MAX:
        raise InvalidArgumentError(f"{what} {value} is out of range", -1)
    return value


def _bytes(fn: Callable[..., int], *args: Any, initial: int = 128) -> bytes:
    """Calls a function that fills a caller buffer, with the buffer-size convention.

    One byte more than the reported length is allocated, so the calls that
    count a terminating NUL in the capacity (text) and those that do not
    (binary saves) are served alike.
    """
    length = c_size_t(0)
    cap = initial
    buf = ctypes.create_string_buffer(cap) if cap else None
    rc = fn(*args, buf, cap, byref(length))
    # The needed size can only grow between two calls if the object changed,
    # which a single-threaded caller cannot do; a few rounds are plenty.
    for _ in range(3):
        if rc != EBUFSIZE:
            break
        cap = length.value + 1
        buf = ctypes.create_string_buffer(cap)
        rc = fn(*args, buf, cap, byref(length))
    _check(rc)
    return buf.raw[: length.value] if buf is not None else b""


def _text(fn: Callable[..., int], *args: Any, initial: int = 128) -> str:
    """Calls a text-returning function with the buffer-size convention."""
    return _bytes(fn, *args, initial=initial).decode("utf-8", "replace")


# ---------------------------------------------------------------- library


def version() -> Tuple[str, int, int, int]:
    major, minor, patch = c_int(), c_int(), c_int()
    text = _L.crisk_version(byref(major), byref(minor), byref(patch))
    return text.decode(), major.value, minor.value, patch.value


def strerror(code: int) -> str:
    return _L.crisk_strerror(c_int_arg(code, "code")).decode("utf-8", "replace")


# ---------------------------------------------------------------- rules


def rules_new(module: str, params: str) -> Handle:
    out = c_void_p()
    _check(_L.crisk_rules_new(byref(out), cstr(module, "module"), cstr(params, "params")))
    return out


def rules_free(handle: Handle) -> None:
    _L.crisk_rules_free(handle)


def rules_module(handle: Handle) -> str:
    return _L.crisk_rules_module(handle).decode()


def rules_num_seats(handle: Handle) -> int:
    return _check(_L.crisk_rules_num_seats(handle))


def rules_params(handle: Handle) -> str:
    return _text(_L.crisk_rules_params, handle)


def rules_board_json(handle: Handle) -> str:
    return _text(_L.crisk_rules_board_json, handle, initial=0)


def rules_new_from_file(path: str, params: str) -> Handle:
    out = c_void_p()
    _check(_L.crisk_rules_new_from_file(byref(out), cstr(path, "path"), cstr(params, "params")))
    return out


def rules_new_with_data(module: str, params: str, data: bytes) -> Handle:
    """crisk_rules_new_with_data; ``data`` is passed with its length (NUL bytes reach the library)."""
    out = c_void_p()
    _check(_L.crisk_rules_new_with_data(byref(out), cstr(module, "module"), cstr(params, "params"), data, len(data)))
    return out


def rules_new_with_data_file(module: str, params: str, path: str) -> Handle:
    out = c_void_p()
    name, text, file = cstr(module, "module"), cstr(params, "params"), cstr(path, "path")
    _check(_L.crisk_rules_new_with_data_file(byref(out), name, text, file))
    return out


def rules_data(handle: Handle) -> Optional[bytes]:
    """The host data text of the rules, or None when they have none."""
    ptr = c_void_p()
    length = c_size_t(0)
    _check(_L.crisk_rules_data(handle, byref(ptr), byref(length)))
    if not ptr.value:
        return None
    # Not NUL-terminated: copy exactly length bytes (owned by the rules).
    return ctypes.string_at(ptr.value, length.value)


ParamRow = Tuple[str, str, str, str, str]


def _param_rows(count: int, fill: Callable[[Any, int], int]) -> List[ParamRow]:
    """(name, type, default, accepted, help) of parameters 0..count-1, each filled by fill(info, index)."""
    result = []
    for index in range(count):
        info = _ParamInfo()
        _check(_L.crisk_param_info_init(byref(info), PARAM_INFO_VERSION))
        _check(fill(byref(info), index))
        result.append(
            tuple(
                (getattr(info, f) or b"").decode("utf-8", "replace")
                for f in ("name", "type", "default_value", "accepted", "help")
            )
        )
    return result  # type: ignore[return-value]


def module_params(module: str) -> List[ParamRow]:
    """The parameters of a built-in module by name."""
    name = cstr(module, "module")
    count = _check(_L.crisk_module_param_count(name))
    return _param_rows(count, lambda info, index: _L.crisk_module_param_info(info, name, index))


def rules_param_list(rules: Handle) -> List[ParamRow]:
    """The parameters of the module of a rules object (any module, also loaded ones)."""
    count = _check(_L.crisk_rules_param_count(rules))
    return _param_rows(count, lambda info, index: _L.crisk_rules_param_info(info, rules, index))


# ---------------------------------------------------------------- games


def game_new(rules: Handle) -> Handle:
    out = c_void_p()
    _check(_L.crisk_game_new(byref(out), rules))
    return out


def game_clone(game: Handle) -> Handle:
    out = c_void_p()
    _check(_L.crisk_game_clone(byref(out), game))
    return out


def game_copy(dst: Handle, src: Handle) -> None:
    _check(_L.crisk_game_copy(dst, src))


def game_free(game: Handle) -> None:
    _L.crisk_game_free(game)


def game_state_size(game: Handle) -> int:
    return _L.crisk_game_state_size(game)


def game_current_seat(game: Handle) -> int:
    # No error check: CRISK_EINVAL (-1) only comes for a NULL handle, which the
    # callers rule out, and -1 is also the valid CRISK_SEAT_CHANCE.
    return _L.crisk_game_current_seat(game)


def game_status(game: Handle) -> Tuple[int, int]:
    winner = c_int(-1)
    status = _check(_L.crisk_game_status(game, byref(winner)))
    return status, winner.value


_status = _L.crisk_game_status


def game_running(game: Handle) -> bool:
    """The hot-loop form of game_status(): no winner, no allocation."""
    return _status(game, None) == 0


def game_turn(game: Handle) -> int:
    return _check(_L.crisk_game_turn(game))


def game_score(game: Handle, seat: int, viewer: int) -> int:
    vp = c_int()
    _check(_L.crisk_game_score(game, c_int_arg(seat, "seat"), c_int_arg(viewer, "viewer"), byref(vp)))
    return vp.value


_apply = _L.crisk_game_apply
_check_action = _L.crisk_game_check


def game_apply(game: Handle, code: int) -> None:
    rc = _apply(game, code)
    if rc:
        raise _error(rc)


def game_check(game: Handle, code: int) -> None:
    rc = _check_action(game, code)
    if rc:
        raise _error(rc)


def game_check_reason(game: Handle, code: int) -> Optional[str]:
    """None when the action is legal, else the library's reason."""
    rc = _check_action(game, code)
    if rc == EILLEGAL:
        return _error(rc).message
    _check(rc)
    return None


class ActionBuffer:
    """A reusable action array for crisk_game_legal_actions (no allocation per call)."""

    __slots__ = ("_buf", "_cap", "_count", "_count_p")

    def __init__(self, cap: int = 256) -> None:
        self._resize(cap)
        self._count = c_size_t(0)
        self._count_p = ctypes.pointer(self._count)

    def _resize(self, cap: int) -> None:
        self._cap = cap
        self._buf = (c_uint64 * cap)()

    def legal(self, game: Handle) -> List[int]:
        rc = _L.crisk_game_legal_actions(game, self._buf, self._cap, self._count_p)
        if rc == EBUFSIZE:
            self._resize(self._count.value)
            rc = _L.crisk_game_legal_actions(game, self._buf, self._cap, self._count_p)
        if rc:
            raise _error(rc)
        return self._buf[: self._count.value]

    def legal_except(self, game: Handle, skip_types: int) -> List[int]:
        """The legal codes without those whose type bit is in the mask skip_types."""
        rc = _L.crisk_game_legal_actions_except(game, skip_types, self._buf, self._cap, self._count_p)
        if rc == EBUFSIZE:
            self._resize(self._count.value)
            rc = _L.crisk_game_legal_actions_except(game, skip_types, self._buf, self._cap, self._count_p)
        if rc:
            raise _error(rc)
        return self._buf[: self._count.value]


def type_mask(types: Iterable[int]) -> int:
    """The skip_types mask of crisk_game_legal_actions_except: bit t for each action type t (0..63)."""
    if isinstance(types, int):
        raise TypeError(f"skip_types is an iterable of action types, e.g. [{types}], not an int")
    mask = 0
    for t in types:
        if isinstance(t, bool) or not isinstance(t, int):
            raise TypeError(f"an action type is an int, not {type(t).__name__}")
        if not 0 <= t <= 63:
            raise InvalidArgumentError(f"action type {t} cannot be skipped: only types 0..63 can", -1)
        mask |= 1 << t
    return mask


def game_chance(game: Handle) -> List[Tuple[int, float]]:
    count = c_size_t(0)
    rc = _L.crisk_game_chance_probabilities(game, None, None, 0, byref(count))
    if rc not in (0, EBUFSIZE):
        raise _error(rc)
    cap = count.value
    actions = (c_uint64 * max(cap, 1))()
    probs = (c_double * max(cap, 1))()
    _check(_L.crisk_game_chance_probabilities(game, actions, probs, cap, byref(count)))
    return list(zip(actions[: count.value], probs[: count.value]))


def action_to_string(game: Handle, code: int) -> str:
    return _text(_L.crisk_game_action_to_string, game, code, initial=64)


def action_from_string(game: Handle, text: str) -> int:
    out = c_uint64(0)
    _check(_L.crisk_game_action_from_string(byref(out), game, cstr(text, "action text")))
    return out.value


def catan_decode(code: int) -> Dict[str, Any]:
    fields = _CatanAction()
    _check(_L.crisk_catan_action_init(byref(fields), CATAN_ACTION_VERSION))
    _check(_L.crisk_catan_action_decode(byref(fields), code))
    return {
        "type": fields.type,
        "arg": tuple(fields.arg),
        "to": fields.to,
        "give": tuple(fields.give),
        "want": tuple(fields.want),
    }


def game_event_range(game: Handle) -> Tuple[int, int]:
    first, nxt = c_uint64(0), c_uint64(0)
    _check(_L.crisk_game_event_range(game, byref(first), byref(nxt)))
    return first.value, nxt.value


def game_events_json(game: Handle, since: int, viewer: int) -> str:
    return _text(_L.crisk_game_events_json, game, since, c_int_arg(viewer, "viewer"), initial=4096)


def game_set_event_capacity(game: Handle, capacity: int) -> None:
    _check(_L.crisk_game_set_event_capacity(game, capacity))


def game_to_json(game: Handle, viewer: int) -> str:
    return _text(_L.crisk_game_to_json, game, c_int_arg(viewer, "viewer"), initial=4096)


def game_rules(game: Handle) -> Handle:
    """The rules object of a game (borrowed: valid while the game lives)."""
    return c_void_p(_L.crisk_game_rules(game))


# ---------------------------------------------------------------- saving


def data_arg(data: Any, what: str) -> bytes:
    """Bytes for a (pointer, length) argument: bytes, bytearray or memoryview; never str."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"{what} must be bytes, bytearray or memoryview, not {type(data).__name__}")


def _create(fn: Callable[..., int], data: bytes) -> Handle:
    out = c_void_p()
    # c_char_p passes a pointer to the bytes object's buffer; the explicit
    # length makes embedded NUL bytes harmless.
    _check(fn(byref(out), data, len(data)))
    return out


def game_save(game: Handle) -> bytes:
    return _bytes(_L.crisk_game_save, game, initial=1024)


def game_load(data: bytes) -> Handle:
    return _create(_L.crisk_game_load, data)


def game_load_as(like: Handle, data: bytes) -> Handle:
    out = c_void_p()
    _check(_L.crisk_game_load_as(byref(out), like, data, len(data)))
    return out


def game_save_json(game: Handle) -> str:
    return _text(_L.crisk_game_save_json, game, initial=4096)


def game_load_json(text: bytes) -> Handle:
    return _create(_L.crisk_game_load_json, text)


def game_load_json_as(like: Handle, text: bytes) -> Handle:
    out = c_void_p()
    _check(_L.crisk_game_load_json_as(byref(out), like, text, len(text)))
    return out


# ---------------------------------------------------------------- undo


def _size_arg(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    if not 0 <= value <= UINT64_MAX:
        raise InvalidArgumentError(f"{what} {value} is out of range", -1)
    return value


def game_set_undo_depth(game: Handle, depth: int) -> None:
    _check(_L.crisk_game_set_undo_depth(game, _size_arg(depth, "undo depth")))


def game_undo(game: Handle, steps: int) -> None:
    _check(_L.crisk_game_undo(game, _size_arg(steps, "steps")))


def game_undo_available(game: Handle) -> int:
    steps = c_size_t(0)
    _check(_L.crisk_game_undo_available(game, byref(steps)))
    return steps.value


# ---------------------------------------------------------------- records


def game_set_recording(game: Handle, on: bool) -> None:
    _check(_L.crisk_game_set_recording(game, 1 if on else 0))


def game_record(game: Handle) -> str:
    return _text(_L.crisk_game_record, game, initial=4096)


def record_replay(text: bytes) -> Handle:
    return _create(_L.crisk_record_replay, text)


def record_replay_as(like: Handle, text: bytes) -> Handle:
    out = c_void_p()
    _check(_L.crisk_record_replay_as(byref(out), like, text, len(text)))
    return out


# ---------------------------------------------------------------- playouts


def _uint64_arg(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    if not 0 <= value <= UINT64_MAX:
        raise InvalidArgumentError(f"{what} {value} is not an unsigned 64-bit number", -1)
    return value


def skip_mask(skip_types: Any) -> int:
    """A skip mask from an int mask or an iterable of action types 0..63."""
    if isinstance(skip_types, int) and not isinstance(skip_types, bool):
        return _uint64_arg(skip_types, "skip_types")
    try:
        types = list(skip_types)
    except TypeError:
        raise TypeError(f"skip_types must be an int mask or action types, not {type(skip_types).__name__}") from None
    return type_mask(types)


def game_playout(game: Handle, skip_types: int, max_steps: int, rng_state: int) -> Tuple[int, int]:
    """crisk_game_playout: (steps, new generator state).  On failure the
    exception carries ``steps`` and ``state`` (the actions before the
    failing one stay applied)."""
    state = c_uint64(_uint64_arg(rng_state, "state"))
    steps = c_uint64(0)
    rc = _L.crisk_game_playout(game, skip_types, _uint64_arg(max_steps, "max_steps"), byref(state), byref(steps))
    if rc:
        err = _error(rc)
        err.steps = steps.value  # type: ignore[attr-defined]
        err.state = state.value  # type: ignore[attr-defined]
        raise err
    return steps.value, state.value


def game_playouts(
    game: Handle, seats: int, n: int, threads: int, skip_types: int, max_steps: int, seed: int
) -> Tuple[List[int], int, int]:
    """crisk_game_playouts: (wins per seat, unfinished, steps)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be an int >= 0, not {n!r}")
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 256:
        raise ValueError(f"threads must be an int in 1..256, not {threads!r}")
    wins = (c_uint64 * seats)()
    unfinished = c_uint64(0)
    steps = c_uint64(0)
    _check(
        _L.crisk_game_playouts(
            game, n, threads, skip_types, _uint64_arg(max_steps, "max_steps"), _uint64_arg(seed, "seed"),
            wins, seats, byref(unfinished), byref(steps),
        )
    )
    return list(wins), unfinished.value, steps.value


# ================================================================ catan.h queries, view.h events
# One block, prototypes included, so that it merges apart from other additions.


class _Event(ctypes.Structure):
    _fields_ = [
        ("version", c_uint32),
        ("type", c_uint32),
        ("seq", c_uint64),
        ("seat", c_int32),
        ("target", c_int32),
        ("args", c_int32 * 6),
    ]


EVENT_VERSION = 1
_i32_p = POINTER(c_int32)

_QUERY_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "crisk_catan_action_encode": (c_int, [POINTER(c_uint64), POINTER(_CatanAction)]),
    "crisk_catan_hand": (c_int, [c_void_p, c_int, c_int, _i32_p]),
    "crisk_catan_dev_cards": (c_int, [c_void_p, c_int, c_int, _i32_p]),
    "crisk_catan_seat_counts": (c_int, [c_void_p, c_int, _i32_p, _i32_p, _i32_p]),
    "crisk_catan_building": (c_int, [c_void_p, c_int, _i32_p, _i32_p]),
    "crisk_catan_road": (c_int, [c_void_p, c_int, _i32_p]),
    "crisk_catan_robber": (c_int, [c_void_p, _i32_p]),
    "crisk_catan_bank": (c_int, [c_void_p, _i32_p, _i32_p]),
    "crisk_event_init": (c_int, [POINTER(_Event), c_uint32]),
    "crisk_game_event": (c_int, [POINTER(_Event), c_void_p, c_uint64, c_int]),
    "crisk_event_to_string": (c_int, [c_void_p, POINTER(_Event)] + _TEXT),
}
for _name, (_restype, _argtypes) in _QUERY_PROTOTYPES.items():
    _fn = getattr(_L, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes


def catan_hand(game: Handle, seat: int, viewer: int) -> Tuple[int, ...]:
    """crisk_catan_hand: the 5 resource counts of seat, if viewer may see them."""
    counts = (c_int32 * 5)()
    _check(_L.crisk_catan_hand(game, c_int_arg(seat, "seat"), c_int_arg(viewer, "viewer"), counts))
    return tuple(counts)


def catan_dev_cards(game: Handle, seat: int, viewer: int) -> Tuple[int, ...]:
    """crisk_catan_dev_cards: the 5 unplayed development card counts of seat, if viewer may see them."""
    counts = (c_int32 * 5)()
    _check(_L.crisk_catan_dev_cards(game, c_int_arg(seat, "seat"), c_int_arg(viewer, "viewer"), counts))
    return tuple(counts)


def catan_seat_counts(game: Handle, seat: int) -> Tuple[int, int, int]:
    """crisk_catan_seat_counts: (hand size, unplayed development cards, played knights)."""
    cards, dev, knights = c_int32(), c_int32(), c_int32()
    _check(_L.crisk_catan_seat_counts(game, c_int_arg(seat, "seat"), byref(cards), byref(dev), byref(knights)))
    return cards.value, dev.value, knights.value


def catan_building(game: Handle, node: int) -> Tuple[int, int]:
    """crisk_catan_building: (owner or -1, kind 0 empty / 1 settlement / 2 city)."""
    owner, kind = c_int32(), c_int32()
    _check(_L.crisk_catan_building(game, c_int_arg(node, "intersection"), byref(owner), byref(kind)))
    return owner.value, kind.value


def catan_road(game: Handle, path: int) -> int:
    """crisk_catan_road: the owner of the road on path, or -1."""
    owner = c_int32()
    _check(_L.crisk_catan_road(game, c_int_arg(path, "path"), byref(owner)))
    return owner.value


def catan_robber(game: Handle) -> int:
    hex_id = c_int32()
    _check(_L.crisk_catan_robber(game, byref(hex_id)))
    return hex_id.value


def catan_bank(game: Handle) -> Tuple[Tuple[int, ...], int]:
    """crisk_catan_bank: (5 resource counts, development deck size)."""
    counts = (c_int32 * 5)()
    deck = c_int32()
    _check(_L.crisk_catan_bank(game, counts, byref(deck)))
    return tuple(counts), deck.value


def _int32_fields(values: Any, n: int, what: str) -> List[int]:
    """Up to n ints for a fixed int32 array of crisk_catan_action, the rest 0."""
    try:
        items = list(values)
    except TypeError:
        raise TypeError(f"{what} must be a sequence of ints, not {type(values).__name__}") from None
    if len(items) > n:
        raise InvalidArgumentError(f"{what} has {len(items)} values, at most {n} are allowed", -1)
    for i, v in enumerate(items):
        c_int_arg(v, f"{what}[{i}]")
    return items + [0] * (n - len(items))


def catan_encode(type_: int, arg: Any = (), to: int = 0, give: Any = (), want: Any = ()) -> int:
    """crisk_catan_action_encode: the code of the given fields (not checked for legality)."""
    fields = _CatanAction()
    _check(_L.crisk_catan_action_init(byref(fields), CATAN_ACTION_VERSION))
    t = c_int_arg(type_, "action type")
    if not 0 <= t <= 255:
        raise InvalidArgumentError(f"action type {t} is out of range 0..255", -1)
    fields.type = t
    fields.arg[:] = _int32_fields(arg, 3, "arg")
    fields.to = c_int_arg(to, "to")
    fields.give[:] = _int32_fields(give, 6, "give")
    fields.want[:] = _int32_fields(want, 6, "want")
    out = c_uint64(0)
    _check(_L.crisk_catan_action_encode(byref(out), byref(fields)))
    return out.value


def game_event(game: Handle, seq: int, viewer: int) -> Tuple[int, int, int, int, Tuple[int, ...], str]:
    """crisk_game_event and crisk_event_to_string: (seq, type, seat, target, args, text)."""
    event = _Event()
    _check(_L.crisk_event_init(byref(event), EVENT_VERSION))
    _check(_L.crisk_game_event(byref(event), game, _uint64_arg(seq, "seq"), c_int_arg(viewer, "viewer")))
    text = _text(_L.crisk_event_to_string, game, byref(event), initial=128)
    return event.seq, event.type, event.seat, event.target, tuple(event.args), text
