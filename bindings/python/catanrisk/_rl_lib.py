"""ctypes declarations of rl.h (action index, masks, observations, vector env).

Kept apart from :mod:`catanrisk._lib` so that the environments' low level is
in one place; it reuses that module's loaded library and error conversion.
Buffers are passed as raw addresses of caller memory (numpy arrays or
``array.array`` objects), checked for size by :mod:`catanrisk.env`.
"""

from __future__ import annotations

import ctypes
import json
from ctypes import POINTER, byref, c_int, c_size_t, c_uint32, c_uint64, c_void_p
from typing import Any, Dict, Tuple

from . import _lib
from ._lib import Handle, _check, _text

_size_p = POINTER(c_size_t)

_PROTOTYPES = {
    "crisk_rl_action_count": (c_int, [c_void_p, _size_p]),
    "crisk_rl_observation_size": (c_int, [c_void_p, _size_p]),
    "crisk_rl_spaces_json": (c_int, [c_void_p, ctypes.c_char_p, c_size_t, _size_p]),
    "crisk_rl_action_index": (c_int, [c_void_p, c_uint64, _size_p]),
    "crisk_rl_index_action": (c_int, [c_void_p, c_size_t, POINTER(c_uint64)]),
    "crisk_rl_legal_mask": (c_int, [c_void_p, c_void_p, c_size_t, _size_p]),
    "crisk_rl_observe": (c_int, [c_void_p, c_int, c_void_p, c_size_t]),
    "crisk_vec_env_new": (c_int, [POINTER(c_void_p), c_void_p, c_size_t, c_uint32, c_uint64, c_uint32]),
    "crisk_vec_env_free": (None, [c_void_p]),
    "crisk_vec_env_reset": (c_int, [c_void_p, c_void_p, c_void_p, c_void_p]),
    "crisk_vec_env_step": (c_int, [c_void_p, c_void_p] + [c_void_p] * 6),
    "crisk_vec_env_sample": (c_int, [c_void_p, c_void_p]),
    "crisk_vec_env_sizes": (c_int, [c_void_p, _size_p, _size_p, _size_p, _size_p]),
    "crisk_vec_env_game": (c_int, [c_void_p, c_size_t, POINTER(c_void_p)]),
}

_L = _lib._L
for _name, (_restype, _argtypes) in _PROTOTYPES.items():
    _fn = getattr(_L, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes

#: crisk_vec_env_new() flag: every game gets new rules with another seed.
VEC_NEW_SEED = 1


def action_count(rules: Handle) -> int:
    n = c_size_t(0)
    _check(_L.crisk_rl_action_count(rules, byref(n)))
    return n.value


def observation_size(rules: Handle) -> int:
    n = c_size_t(0)
    _check(_L.crisk_rl_observation_size(rules, byref(n)))
    return n.value


def spaces(rules: Handle) -> Dict[str, Any]:
    return json.loads(_text(_L.crisk_rl_spaces_json, rules, initial=4096))


def action_index(game: Handle, code: int) -> int:
    n = c_size_t(0)
    _check(_L.crisk_rl_action_index(game, code, byref(n)))
    return n.value


def index_action(game: Handle, index: int) -> int:
    code = c_uint64(0)
    _check(_L.crisk_rl_index_action(game, index, byref(code)))
    return code.value


def legal_mask(game: Handle, address: int, cap: int) -> int:
    legal = c_size_t(0)
    _check(_L.crisk_rl_legal_mask(game, address, cap, byref(legal)))
    return legal.value


def observe(game: Handle, viewer: int, address: int, cap: int) -> None:
    _check(_L.crisk_rl_observe(game, viewer, address, cap))


def vec_new(rules: Handle, n: int, agent_seats: int, seed: int, flags: int) -> Handle:
    env = c_void_p()
    _check(_L.crisk_vec_env_new(byref(env), rules, n, agent_seats, seed, flags))
    return env


def vec_free(env: Handle) -> None:
    _L.crisk_vec_env_free(env)


def vec_reset(env: Handle, obs: int, masks: int, seats: int) -> None:
    _check(_L.crisk_vec_env_reset(env, obs, masks, seats))


def vec_step(env: Handle, actions: int, obs: int, masks: int, rewards: int, terminated: int, truncated: int,
             seats: int) -> None:
    _check(_L.crisk_vec_env_step(env, actions, obs, masks, rewards, terminated, truncated, seats))


def vec_sample(env: Handle, actions: int) -> None:
    _check(_L.crisk_vec_env_sample(env, actions))


def vec_sizes(env: Handle) -> Tuple[int, int, int, int]:
    n, a, o, s = c_size_t(), c_size_t(), c_size_t(), c_size_t()
    _check(_L.crisk_vec_env_sizes(env, byref(n), byref(a), byref(o), byref(s)))
    return n.value, a.value, o.value, s.value


def vec_game(env: Handle, i: int) -> Handle:
    game = c_void_p()
    _check(_L.crisk_vec_env_game(env, i, byref(game)))
    return game

