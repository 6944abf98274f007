"""Reinforcement-learning environments for every module (docs/rl.md).

Three environments over the library's action index and observations
(``rl.h``), with no dependency beyond the standard library:

* :class:`CatanriskEnv` -- one learning seat, Gymnasium's API shape:
  ``reset(seed=) -> (obs, info)``, ``step(a) -> (obs, reward, terminated,
  truncated, info)``; the other seats are played by given policies.
* :class:`CatanriskAECEnv` -- every seat an agent, PettingZoo's AEC shape:
  ``agent_selection``, ``observe(agent)``, ``last()``, ``step(a)``.
* :class:`VectorEnv` -- N games stepped by one C call, the masks and
  observations written into arrays, for high throughput.

Actions are indices 0 .. A-1 of the module's action index, relative to the
seat to act; ``info["action_mask"]`` (and :meth:`CatanriskEnv.action_masks`)
says which are legal now.  Observations are float32 vectors of a fixed size
computed from the acting seat's view only.  When numpy is installed,
observations and masks are numpy arrays (float32, int8); otherwise
``array.array`` objects ('f', 'b').

When Gymnasium or PettingZoo is installed the classes derive from
``gymnasium.Env`` / ``pettingzoo.AECEnv``, use their space classes, and
:func:`register` registers ``catanrisk/<Module>-v0`` ids with Gymnasium.
"""

from __future__ import annotations

import array
import random
import re
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _rl_lib
from .errors import CatanriskError, IllegalActionError, InvalidArgumentError
from .game import Game, Rules

try:  # optional: arrays
    import numpy as _np
except ImportError:  # pragma: no cover - depends on the machine
    _np = None
try:  # optional: the Gymnasium base class and spaces
    import gymnasium as _gym
except ImportError:
    _gym = None
try:  # optional: the PettingZoo base class
    import pettingzoo as _pz
except ImportError:
    _pz = None

#: The modules with an action index and observations.
MODULES = ("base", "two_player", "risk", "hawaii", "muhq")

#: A policy for the seats the learner does not play: called with the
#: observation, the legal-action mask and the game (which it must not
#: change), it returns an action index.  The string "random" picks uniformly
#: among the legal indices.
Policy = Union[str, Callable[[Any, Any, Game], int]]


class PolicyError(CatanriskError):
    """A policy raised or returned an index that is not legal; the game is unchanged."""


# ------------------------------------------------------------------ spaces


class Discrete:
    """The action space: integers 0 .. n-1 (Gymnasium's ``Discrete`` shape)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        self._rng.seed(seed)

    def sample(self, mask: Any = None) -> int:
        """A uniform index, among those with mask[i] != 0 when a mask is given."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i in range(self.n) if mask[i]]
        if not legal:
            raise InvalidArgumentError("the mask has no legal index", -1)
        return self._rng.choice(legal)

    def contains(self, x: Any) -> bool:
        if isinstance(x, bool) or not (isinstance(x, int) or _is_np_int(x)):
            return False
        return 0 <= int(x) < self.n

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box:
    """The observation space: float32 vectors of a fixed length with per-float bounds."""

    def __init__(self, low: Sequence[float], high: Sequence[float]) -> None:
        self.shape = (len(low),)
        self.dtype = "float32"
        self.low = _floats(low)
        self.high = _floats(high)

    def contains(self, x: Any) -> bool:
        if len(x) != self.shape[0]:
            return False
        return all(lo <= v <= hi for v, lo, hi in zip(x, self.low, self.high))

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Box(shape={self.shape}, dtype=float32)"


def _is_np_int(x: Any) -> bool:
    return _np is not None and isinstance(x, _np.integer)


def _floats(values: Sequence[float]) -> Any:
    if _np is not None:
        return _np.asarray(values, dtype=_np.float32)
    return array.array("f", values)


def _zeros(n: int, kind: str) -> Any:
    """A zeroed buffer of n items: 'f' float32, 'b' int8, 'i' int32."""
    if _np is not None:
        return _np.zeros(n, dtype={"f": _np.float32, "b": _np.int8, "i": _np.int32}[kind])
    return array.array(kind, bytes(n * array.array(kind).itemsize))


def _address(buf: Any) -> int:
    if _np is not None and isinstance(buf, _np.ndarray):
        return buf.ctypes.data
    return buf.buffer_info()[0]


def _copy(buf: Any) -> Any:
    return buf.copy() if _np is not None and isinstance(buf, _np.ndarray) else array.array(buf.typecode, buf)


class Spaces:
    """The action index and observation of a rules object, from crisk_rl_spaces_json().

    Attributes:
        actions: A, the size of the action index.
        observation: O, the length of an observation.
        action_ranges: one dict per range (name, first, count, arg).
        observation_fields: one dict per field (name, offset, count, low, high, about).
    """

    def __init__(self, rules: Rules) -> None:
        raw = _rl_lib.spaces(rules._handle())
        self.actions: int = raw["actions"]
        self.observation: int = raw["observation"]
        self.action_ranges: List[Dict[str, Any]] = raw["action_ranges"]
        self.observation_fields: List[Dict[str, Any]] = raw["observation_fields"]
        low: List[float] = []
        high: List[float] = []
        for f in self.observation_fields:
            low += [float(f["low"])] * f["count"]
            high += [float(f["high"])] * f["count"]
        self.low, self.high = low, high

    def field(self, obs: Any, name: str) -> Any:
        """The floats of field `name` in an observation."""
        for f in self.observation_fields:
            if f["name"] == name:
                return obs[f["offset"]: f["offset"] + f["count"]]
        raise KeyError(f"no observation field {name!r}")

    def action_space(self, seed: Optional[int] = None) -> Any:
        if _gym is not None:
            return _gym.spaces.Discrete(self.actions, seed=seed)
        return Discrete(self.actions, seed)

    def observation_space(self) -> Any:
        if _gym is not None:
            return _gym.spaces.Box(_np.asarray(self.low, dtype=_np.float32), _np.asarray(self.high, dtype=_np.float32),
                                   dtype=_np.float32)
        return Box(self.low, self.high)


# ------------------------------------------------------------------ one game


def _rules_for(module: str, params: str, data: Optional[bytes], seed: Optional[int]) -> Rules:
    """Rules of module with params, the seed replaced when one is given."""
    if seed is not None:
        params = re.sub(r"(^|[\s,])seed=\S*", " ", params).strip() + f" seed={seed}"
    return Rules(module, params, data=data) if data is not None else Rules(module, params)


class _OneGame:
    """What both single-game environments share: rules, game, buffers, policies."""

    def __init__(self, module: str, params: str, data: Optional[bytes], new_board: bool) -> None:
        if not isinstance(module, str) or not isinstance(params, str):
            raise TypeError("module and params must be str")
        self._module, self._params, self._data = module, params, data
        self._new_board = new_board
        self.rules = _rules_for(module, params, data, 0 if new_board else None)
        self.spaces = Spaces(self.rules)
        self.num_seats = self.rules.num_seats
        self.game: Optional[Game] = None
        self._mask = _zeros(self.spaces.actions, "b")
        self._obs = _zeros(self.spaces.observation, "f")
        self._rng = random.Random()
        self._legal = 0

    def _new_game(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._rng.seed(seed)
        if self._new_board:
            self.rules.close()
            self.rules = _rules_for(self._module, self._params, self._data, self._rng.getrandbits(63))
        if self.game is not None:
            self.game.close()
        self.game = self.rules.new_game()

    def _refresh_mask(self) -> int:
        self._legal = _rl_lib.legal_mask(self.game._handle(), _address(self._mask), self.spaces.actions)
        return self._legal

    def _observe(self, seat: int) -> Any:
        _rl_lib.observe(self.game._handle(), seat, _address(self._obs), self.spaces.observation)
        return _copy(self._obs)

    def _index(self, action: Any, who: str) -> int:
        if isinstance(action, bool) or not (isinstance(action, int) or _is_np_int(action)):
            raise TypeError(f"{who}: an action index must be an int, not {type(action).__name__}")
        index = int(action)
        if not 0 <= index < self.spaces.actions:
            raise IllegalActionError(f"{who}: action index {index} is out of 0..{self.spaces.actions - 1}", -4)
        if not self._mask[index]:
            raise IllegalActionError(f"{who}: action index {index} is not legal now", -4)
        return index

    def _in_range(self, action: Any) -> bool:
        """Whether action is an int index 0 .. A-1 (legal or not)."""
        if isinstance(action, bool) or not (isinstance(action, int) or _is_np_int(action)):
            return False
        return 0 <= int(action) < self.spaces.actions

    def _apply_index(self, index: int) -> None:
        self.game.apply(_rl_lib.index_action(self.game._handle(), index))

    def _random_index(self) -> int:
        k = self._rng.randrange(self._legal)
        for i in range(self.spaces.actions):
            if self._mask[i]:
                if k == 0:
                    return i
                k -= 1
        raise AssertionError("mask count and content disagree")

    def _policy_index(self, policy: Policy, seat: int) -> int:
        """The index the policy of seat picks; the game stays unchanged on failure."""
        if policy == "random":
            return self._random_index()
        who = f"policy of seat {seat}"
        try:
            choice = policy(self._observe(seat), _copy(self._mask), self.game)
        except Exception as exc:  # the policy's own failure, reported with its seat
            raise PolicyError(f"{who} raised {type(exc).__name__}: {exc}") from exc
        try:
            return self._index(choice, who)
        except (TypeError, IllegalActionError) as exc:
            raise PolicyError(str(exc)) from exc


def _new_board_default(new_board: Optional[bool], params: str) -> bool:
    """new_board as given, else True when params name no seed."""
    if new_board is not None:
        return bool(new_board)
    return re.search(r"(^|[\s,])seed=", params) is None


def _check_policy(policy: Any, what: str) -> Policy:
    if policy == "random" or callable(policy):
        return policy
    raise TypeError(f"{what} must be 'random' or a callable (observation, mask, game) -> index")


_GymBase = _gym.Env if _gym is not None else object


class CatanriskEnv(_GymBase):  # type: ignore[misc, valid-type]
    """One learning seat against given policies (Gymnasium's API shape).

    Args:
        module: a module of :data:`MODULES`.
        params: the rules' parameters, e.g. ``"players=4"``.
        seat: the learner's seat.
        opponents: one policy for every other seat, or a dict seat -> policy
            (missing seats play "random").
        data: the rules' data text (hawaii map=data, muhq custom cards).
        new_board: a new seed (board and dice) per reset; default: when
            ``params`` names no seed.
        max_steps: truncate an episode after this many learner steps.
        invalid_action: "raise" (default): an index that is not legal now
            raises IllegalActionError; "penalty": it changes nothing, gives
            ``invalid_action_reward`` and ``info["invalid_action"] = True``,
            and ``max_invalid_actions`` of them in a row truncate the episode
            (for generic agents and checkers that sample without the mask).
            An index outside 0 .. A-1 or not an int always raises.

    Reward: +1 when the learner wins, -1 when another seat wins, 0 otherwise.
    ``terminated`` when a seat won; ``truncated`` when the game ended without
    winner (``max_turns``) or after ``max_steps``.  ``info`` holds
    ``action_mask``, ``seat``, ``legal`` (count) and, at the end, ``winner``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, module: str = "base", params: str = "players=4", *, seat: int = 0,
                 opponents: Union[Policy, Dict[int, Policy]] = "random", data: Optional[bytes] = None,
                 new_board: Optional[bool] = None, max_steps: Optional[int] = None,
                 invalid_action: str = "raise", invalid_action_reward: float = -1.0,
                 max_invalid_actions: int = 100, render_mode: Optional[str] = None) -> None:
        if invalid_action not in ("raise", "penalty"):
            raise InvalidArgumentError(f"invalid_action {invalid_action!r}: 'raise' or 'penalty'", -1)
        self.invalid_action = invalid_action
        self.invalid_action_reward = float(invalid_action_reward)
        self.max_invalid_actions = max_invalid_actions
        self._invalid_in_row = 0
        self._g = _OneGame(module, params, data, _new_board_default(new_board, params))
        if not isinstance(seat, int) or not 0 <= seat < self._g.num_seats:
            raise InvalidArgumentError(f"seat {seat!r} is not a seat 0..{self._g.num_seats - 1}", -1)
        self.seat = seat
        if isinstance(opponents, dict):
            self._policies = {s: _check_policy(opponents.get(s, "random"), f"opponents[{s}]")
                              for s in range(self._g.num_seats) if s != seat}
        else:
            policy = _check_policy(opponents, "opponents")
            self._policies = {s: policy for s in range(self._g.num_seats) if s != seat}
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError(f"render_mode {render_mode!r}: only 'ansi' or None", -1)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.spaces = self._g.spaces
        self.action_space = self.spaces.action_space()
        self.observation_space = self.spaces.observation_space()
        self._steps = 0

    @property
    def game(self) -> Optional[Game]:
        """The current game (read it, do not change it)."""
        return self._g.game

    def action_masks(self) -> Any:
        """The legal-action mask of the learner's decision (MaskablePPO's convention)."""
        return _copy(self._g._mask)

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": _copy(self._g._mask), "seat": self.seat, "legal": self._g._legal}

    def _advance(self) -> Tuple[float, bool, bool]:
        """Lets the other seats play until the learner acts or the game ends."""
        g = self._g
        while True:
            seat = g.game.current_seat
            if seat < 0:  # over (automatic chance never stops at a chance point)
                winner = g.game.winner
                if winner is None:
                    return 0.0, False, True
                return (1.0 if winner == self.seat else -1.0), True, False
            if g._refresh_mask() == 0:
                raise CatanriskError(f"seat {seat} has no indexed legal action", -8)
            if seat == self.seat:
                return 0.0, False, False
            g._apply_index(g._policy_index(self._policies[seat], seat))

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Any, Dict]:
        if _gym is not None:
            super().reset(seed=seed)
        self._g._new_game(seed)
        self._steps = 0
        self._invalid_in_row = 0
        self._done = False
        reward, terminated, truncated = self._advance()
        if terminated or truncated:  # only a game that ends before the learner acts
            raise CatanriskError("the game ended before the learner's first decision", -8)
        return self._g._observe(self.seat), self._info()

    def step(self, action: Any) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        if self._g.game is None or self._done:
            raise CatanriskError("call reset() first" if self._g.game is None else "the episode is over: reset()", -8)
        if self.invalid_action == "penalty" and self._g._in_range(action) and not self._g._mask[int(action)]:
            self._invalid_in_row += 1
            truncated = self._invalid_in_row >= self.max_invalid_actions
            self._done = truncated
            info = self._info()
            info["invalid_action"] = True
            return self._g._observe(self.seat), self.invalid_action_reward, False, truncated, info
        self._g._apply_index(self._g._index(action, "step"))
        self._invalid_in_row = 0
        self._steps += 1
        reward, terminated, truncated = self._advance()
        if not terminated and self.max_steps is not None and self._steps >= self.max_steps:
            truncated = True
        info = self._info()
        if terminated or truncated:
            self._done = True
            info["winner"] = self._g.game.winner
        return self._g._observe(self.seat), reward, terminated, truncated, info

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self._g.game is None:
            return None
        game = self._g.game
        scores = " ".join(f"seat{s}={game.score(s, viewer=self.seat)}" for s in range(self._g.num_seats))
        return f"{game.module} turn {game.turn}, seat {game.current_seat} to act; points {scores}"

    def close(self) -> None:
        if self._g.game is not None:
            self._g.game.close()
            self._g.game = None
        self._g.rules.close()


_AECBase = _pz.AECEnv if _pz is not None else object


class CatanriskAECEnv(_AECBase):  # type: ignore[misc, valid-type]
    """Every seat an agent (PettingZoo's AEC API shape): agents "seat_0", "seat_1", ...

    ``observe(agent)`` returns ``{"observation": obs, "action_mask": mask}``
    from that seat's view (the mask is all zero unless the agent is to act).
    Rewards: +1 to the winner, -1 to the others when a seat wins.  After the
    end every agent is stepped once with ``None`` (PettingZoo's dead step).
    """

    metadata = {"render_modes": ["ansi"], "name": "catanrisk_v0", "is_parallelizable": False}

    def __init__(self, module: str = "base", params: str = "players=4", *, data: Optional[bytes] = None,
                 new_board: Optional[bool] = None, render_mode: Optional[str] = None) -> None:
        if _pz is not None:
            super().__init__()
        self._g = _OneGame(module, params, data, _new_board_default(new_board, params))
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self._g.num_seats)]
        self.spaces = self._g.spaces
        self._action_space = self.spaces.action_space()
        obs_space = self.spaces.observation_space()
        if _gym is not None:
            mask_space = _gym.spaces.Box(0, 1, (self.spaces.actions,), dtype=_np.int8)
            self._observation_space = _gym.spaces.Dict({"observation": obs_space, "action_mask": mask_space})
        else:
            self._observation_space = {"observation": obs_space, "action_mask": Box([0.0] * self.spaces.actions,
                                                                                    [1.0] * self.spaces.actions)}
        self.agents: List[str] = []

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def agent_iter(self, max_iter: int = 2**63):
        """Yields the agent to act until every agent is done (PettingZoo's loop)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def action_space(self, agent: str) -> Any:
        return self._action_space

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise InvalidArgumentError(f"no agent {agent!r}; agents are {self.possible_agents}", -1) from None

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._g._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._sync()

    def _sync(self) -> None:
        """Selects the seat to act, or marks every agent done at the end."""
        game = self._g.game
        seat = game.current_seat
        if seat >= 0:
            if self._g._refresh_mask() == 0:
                raise CatanriskError(f"seat {seat} has no indexed legal action", -8)
            self.agent_selection = self.possible_agents[seat]
            return
        winner = game.winner
        for a in self.agents:
            if winner is None:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
                self.rewards[a] = 1.0 if self._seat(a) == winner else -1.0
                self._cumulative_rewards[a] += self.rewards[a]
        self.agent_selection = self.agents[0] if self.agents else ""

    def observe(self, agent: str) -> Dict[str, Any]:
        seat = self._seat(agent)
        acting = self._g.game.current_seat == seat
        mask = _copy(self._g._mask) if acting else _zeros(self.spaces.actions, "b")
        return {"observation": self._g._observe(seat), "action_mask": mask}

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if not self.agents:
            raise CatanriskError("no agents left: reset()", -8)
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgumentError(f"{agent} is done; step it with None", -1)
            self.agents.remove(agent)
            self.agent_selection = self.agents[0] if self.agents else ""
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._g._apply_index(self._g._index(action, f"step of {agent}"))
        self._sync()

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self._g.game is None:
            return None
        game = self._g.game
        return f"{game.module} turn {game.turn}, {self.agent_selection} to act"

    def close(self) -> None:
        if self._g.game is not None:
            self._g.game.close()
            self._g.game = None
        self._g.rules.close()


# ------------------------------------------------------------------ vector


class VectorEnv:
    """N games of one rules object stepped by single C calls (crisk_vec_env_*).

    Args:
        module, params, data: the rules.
        num_envs: N.
        agent_seats: the seats the caller plays (default all: self-play); the
            others play uniformly random legal indices inside the library.
        seed: seed of the random seats and of the per-game seeds.
        new_board: every game gets its own seed (board and dice); needs a
            module with a ``seed`` parameter.
        copy: return fresh arrays from reset/step (default); with False the
            environment's own arrays, overwritten by the next call.

    ``reset() -> (obs (N, O) float32, info)`` and ``step(actions (N,)) ->
    (obs, rewards (N, S), terminated (N,), truncated (N,), info)``, with
    ``info["action_mask"]`` (N, A) and ``info["seat"]`` (N,): the seat each
    observation belongs to.  A game that ends starts again at once: the step
    that ended it reports its rewards and flags, and the observation and mask
    of the new game.  Without numpy, arrays are flat ``array.array`` objects.
    """

    def __init__(self, module: str = "base", params: str = "players=4", num_envs: int = 64, *,
                 agent_seats: Optional[Sequence[int]] = None, seed: int = 0, new_board: bool = True,
                 data: Optional[bytes] = None, copy: bool = True) -> None:
        self._env = None
        if not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgumentError(f"num_envs must be a positive int, not {num_envs!r}", -1)
        rules = _rules_for(module, params, data, 0 if new_board else None)
        try:
            seats = range(rules.num_seats) if agent_seats is None else agent_seats
            bits = 0
            for s in seats:
                if not isinstance(s, int) or not 0 <= s < rules.num_seats:
                    raise InvalidArgumentError(f"agent seat {s!r} is not a seat 0..{rules.num_seats - 1}", -1)
                bits |= 1 << s
            self._env = _rl_lib.vec_new(rules._handle(), num_envs, bits, seed & ((1 << 64) - 1),
                                        _rl_lib.VEC_NEW_SEED if new_board else 0)
            self.spaces = Spaces(rules)
        finally:
            rules.close()
        self.num_envs, self.num_actions, self.observation_size, self.num_seats = _rl_lib.vec_sizes(self._env)
        self.agent_seats = sorted(seats)
        self.copy = copy
        self.single_action_space = self.spaces.action_space()
        self.single_observation_space = self.spaces.observation_space()
        n = self.num_envs
        self._obs = _zeros(n * self.observation_size, "f")
        self._masks = _zeros(n * self.num_actions, "b")
        self._seats = _zeros(n, "i")
        self._rewards = _zeros(n * self.num_seats, "f")
        self._term = _zeros(n, "b")
        self._trunc = _zeros(n, "b")
        self._actions = _zeros(n, "i")
        if _np is not None:
            self._obs = self._obs.reshape(n, self.observation_size)
            self._masks = self._masks.reshape(n, self.num_actions)
            self._rewards = self._rewards.reshape(n, self.num_seats)

    def _out(self, buf: Any, boolean: bool = False) -> Any:
        if boolean and _np is not None:
            return buf.astype(bool)
        return _copy(buf) if self.copy else buf

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self._out(self._masks), "seat": self._out(self._seats)}

    def reset(self, seed: Optional[int] = None) -> Tuple[Any, Dict[str, Any]]:
        if seed is not None:
            raise InvalidArgumentError("VectorEnv takes its seed at construction", -1)
        _rl_lib.vec_reset(self._handle(), _address(self._obs), _address(self._masks), _address(self._seats))
        return self._out(self._obs), self._info()

    def _actions_arg(self, actions: Any) -> int:
        n = self.num_envs
        if _np is not None:
            arr = _np.asarray(actions)
            if arr.shape != (n,):
                raise ValueError(f"actions must have shape ({n},), not {arr.shape}")
            if not _np.issubdtype(arr.dtype, _np.integer):
                raise TypeError(f"actions must be integers, not {arr.dtype}")
            if arr.dtype != _np.int32 or not arr.flags["C_CONTIGUOUS"]:
                if arr.size and (arr.min() < -(1 << 31) or arr.max() >= 1 << 31):
                    raise IllegalActionError("an action index is out of the int32 range", -4)
                arr = _np.ascontiguousarray(arr, dtype=_np.int32)
            self._keep = arr
            return _address(arr)
        values = list(actions)
        if len(values) != n:
            raise ValueError(f"actions must have {n} items, not {len(values)}")
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"actions must be ints, not {type(v).__name__}")
            if not -(1 << 31) <= v < 1 << 31:
                raise IllegalActionError(f"action index {v} is out of the int32 range", -4)
        self._actions[:] = array.array("i", values)
        return _address(self._actions)

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        _rl_lib.vec_step(self._handle(), self._actions_arg(actions), _address(self._obs), _address(self._masks),
                         _address(self._rewards), _address(self._term), _address(self._trunc),
                         _address(self._seats))
        return (self._out(self._obs), self._out(self._rewards), self._out(self._term, True),
                self._out(self._trunc, True), self._info())

    def sample_actions(self) -> Any:
        """A uniformly random legal index per game, drawn inside the library."""
        _rl_lib.vec_sample(self._handle(), _address(self._actions))
        return _copy(self._actions)

    def game(self, i: int) -> Dict[str, Any]:
        """Game i's omniscient JSON view, for inspection."""
        from . import _lib
        if not isinstance(i, int) or not 0 <= i < self.num_envs:
            raise InvalidArgumentError(f"game {i!r} is not 0..{self.num_envs - 1}", -1)
        import json
        return json.loads(_lib.game_to_json(_rl_lib.vec_game(self._handle(), i), -4))

    def _handle(self) -> Any:
        if self._env is None:
            raise CatanriskError("the environment is closed", -8)
        return self._env

    def close(self) -> None:
        if self._env is not None:
            _rl_lib.vec_free(self._env)
            self._env = None

    def __del__(self) -> None:
        self.close()

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ------------------------------------------------------------------ registry


def _env_id(module: str) -> str:
    return "catanrisk/" + "".join(part.capitalize() for part in module.split("_")) + "-v0"


def register() -> List[str]:
    """Registers ``catanrisk/<Module>-v0`` (e.g. ``catanrisk/TwoPlayer-v0``) with
    Gymnasium when it is installed; returns the ids (empty without Gymnasium)."""
    if _gym is None:
        return []
    ids = []
    defaults = {"base": "players=4", "two_player": "", "risk": "players=3", "hawaii": "players=4",
                "muhq": "map=2P-ring-street"}
    for module in MODULES:
        env_id = _env_id(module)
        if env_id not in _gym.registry:
            _gym.register(id=env_id, entry_point="catanrisk.env:CatanriskEnv",
                          kwargs={"module": module, "params": defaults[module]})
        ids.append(env_id)
    return ids


register()
