"""Many games on a Dask distributed cluster: self-play and evaluation.

:func:`run_games` splits a number of games into tasks, each of which plays a
block of games in one worker process, and streams the results back as the
tasks complete::

    from distributed import Client
    from catanrisk.distributed import run_games, summarize

    client = Client("tcp://scheduler:8786")          # or Client(LocalCluster(...))
    run = run_games("base", "players=4", games=100_000, client=client,
                    games_per_task=2_000, skip_types=[23])
    for result in run:                               # GameResult, in completion order
        ...
    print(summarize(run.results))

Seats are played by *policies*: ``None`` is the library's own uniform random
policy (:meth:`catanrisk.Game.playout`, native speed), a callable gets the
:class:`catanrisk.Game` whose seat is to act and returns an action (a code,
an :class:`catanrisk.Action` or a text form).  Policies travel to the
workers with cloudpickle, so module-level functions, lambdas and picklable
objects all work; they run inside the worker processes.

Game ``i`` plays the rules ``module`` + ``params`` with ``seed=`` set to
:func:`game_seed` ``(seed, i)`` (a new board and new dice per game) and the
random policy seeded alike, so a run is reproducible game by game whatever
the task split and the cluster.

Failures: a policy that raises (or returns an action that is not legal) ends
its task; the games that task finished before are still delivered, and the
task is reported with the game and the error.  A worker that dies loses only
its running task: the scheduler retries it on another worker up to
``distributed.scheduler.allowed-failures`` times (Dask's setting, 3 by
default) and then reports it.  Results of every task that finished are
delivered; at the end, iteration raises :class:`TasksFailedError` naming the
failed tasks (``raise_on_failure=False`` ends quietly; see :attr:`Run.failed`).

A real cluster: start ``dask scheduler`` on one machine and
``dask worker tcp://scheduler:8786`` on the others; every worker needs the
catanrisk package with its library (``pip install`` the wheel built from
``bindings/python``, the same version as the client's), and the policies'
own modules.  Then pass ``client=Client("tcp://scheduler:8786")``.

The package ``distributed`` (Debian: python3-distributed) is only imported
when a run starts; :func:`play_block` runs one task's work in this process
without it.
"""

from __future__ import annotations

import math
import os
import traceback
from typing import Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from .errors import CatanriskError, IllegalActionError
from .game import Game, Rules, Status, param_string

__all__ = [
    "GameResult",
    "TaskFailure",
    "TasksFailedError",
    "PolicyError",
    "Run",
    "run_games",
    "play_block",
    "game_seed",
    "summarize",
]

#: A policy: called with the game when its seat is to act, returns an action
#: (int code, Action or text form).  ``None``: the library's random policy.
Policy = Optional[Callable[[Game], Any]]
Policies = Union[Policy, Sequence[Policy]]

_MASK64 = (1 << 64) - 1


def game_seed(seed: int, index: int) -> int:
    """The rules seed of game ``index`` of a run started with ``seed``
    (splitmix64 of their sum, so neighbouring games share nothing)."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class GameResult(NamedTuple):
    """One finished game."""

    game: int
    """Index of the game in the run, 0 .. games-1."""
    seed: int
    """The rules seed it was played with (:func:`game_seed`)."""
    status: Status
    """WON, or ENDED (turn limit, ``max_actions``)."""
    winner: Optional[int]
    """The winning seat, or None."""
    actions: int
    """Actions applied (chance outcomes in ``chance=explicit`` included)."""
    turns: int
    """The game's turn number at the end."""
    scores: Tuple[int, ...]
    """Victory points of every seat at the end (omniscient)."""
    record: Optional[str]
    """The game record (:meth:`catanrisk.Game.record`) when ``records=True``; :func:`catanrisk.replay` replays it."""


class TaskFailure(NamedTuple):
    """A task that did not finish."""

    task: int
    """Index of the task, 0 .. tasks-1."""
    games: range
    """The games the task was to play."""
    delivered: int
    """How many of them were played and delivered anyway (a policy error ends a task after its finished games)."""
    kind: str
    """``"policy"`` (a policy raised or returned an illegal action), ``"worker"`` (a worker died
    running it) or ``"error"`` (anything else, e.g. bad rules)."""
    error: str
    """What went wrong: the game, the seat and the exception, or Dask's report."""


class TasksFailedError(RuntimeError):
    """Raised at the end of a run's iteration when tasks failed.  Every
    result of the tasks that finished was delivered before."""

    def __init__(self, failures: List[TaskFailure], delivered: int) -> None:
        lines = [f"task {f.task} (games {f.games.start}..{f.games.stop - 1}, {f.kind}): {f.error}" for f in failures]
        super().__init__(f"{len(failures)} task(s) failed, {delivered} games delivered:\n  " + "\n  ".join(lines))
        self.failures = failures
        self.delivered = delivered


class PolicyError(RuntimeError):
    """A policy raised or returned an action that is not legal (inside a task)."""


class _Block(NamedTuple):
    """What one task plays: picklable, small."""

    module: str
    params: str
    data: Optional[bytes]
    seed: int
    first: int
    count: int
    policies: Tuple[Policy, ...]
    records: bool
    skip_types: int
    max_actions: int


class _BlockResult(NamedTuple):
    results: List[GameResult]
    #: (kind, message) when the block stopped early.
    error: Optional[Tuple[str, str]]


def _apply_policy(game: Game, policy: Callable[[Game], Any], seat: int, index: int) -> None:
    try:
        action = policy(game)
    except Exception as exc:
        raise PolicyError(
            f"game {index}: the policy of seat {seat} raised {type(exc).__name__}: {exc}\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-3:])
        ) from None
    try:
        game.apply(action)
    except (IllegalActionError, CatanriskError, TypeError, ValueError) as exc:
        raise PolicyError(f"game {index}: the policy of seat {seat} returned {action!r}: {exc}") from None


def _play_one(block: _Block, index: int) -> GameResult:
    seed = game_seed(block.seed, index)
    rules = Rules(block.module, param_string(block.params, {"seed": seed}), data=block.data)
    with rules, Game(rules, record=block.records) as game:
        game.set_event_capacity(0)  # nobody reads the log: keep apply cheap
        state = seed ^ 0x5DEECE66D
        actions = 0
        policies = block.policies
        random_only = all(p is None for p in policies)
        limit = block.max_actions
        while not game.is_over and (not limit or actions < limit):
            if random_only:
                steps, state = game.playout(state, skip_types=block.skip_types,
                                            max_steps=limit - actions if limit else 0)
                actions += steps
                continue
            seat = game.current_seat
            policy = policies[seat] if 0 <= seat < len(policies) else None
            if policy is None:
                # One random action (or a chance outcome) from the library.
                steps, state = game.playout(state, skip_types=block.skip_types, max_steps=1)
                actions += steps
            else:
                _apply_policy(game, policy, seat, index)
                actions += 1
        status = game.status
        winner = game.winner
        return GameResult(index, seed, status, winner, actions, game.turn, tuple(game.scores()),
                          game.record() if block.records else None)


def play_block(block: _Block) -> _BlockResult:
    """Plays the games of one task in this process (what each Dask task runs).

    A policy failure ends the block; the games finished before it are
    returned with the error.  Other exceptions propagate (Dask reports them).
    """
    results: List[GameResult] = []
    for index in range(block.first, block.first + block.count):
        try:
            results.append(_play_one(block, index))
        except PolicyError as exc:
            return _BlockResult(results, ("policy", str(exc)))
    return _BlockResult(results, None)


def _policies(policies: Policies, seats: int) -> Tuple[Policy, ...]:
    if policies is None or callable(policies):
        return (policies,) * seats
    try:
        items = tuple(policies)
    except TypeError:
        raise TypeError(f"policies must be None, a callable or a sequence of them, not {type(policies).__name__}") \
            from None
    if len(items) != seats:
        raise ValueError(f"policies has {len(items)} entries, the rules have {seats} seats")
    for seat, p in enumerate(items):
        if p is not None and not callable(p):
            raise TypeError(f"the policy of seat {seat} is neither None nor callable: {type(p).__name__}")
    return items


class Run:
    """The results of :func:`run_games` as they come: iterate over it for
    :class:`GameResult` objects in task completion order.

    Attributes:
        results: every result delivered so far.
        failed: the :class:`TaskFailure` of each failed task (complete once
            iteration ended).
        tasks: the number of tasks.
    """

    def __init__(self, client: Any, futures: List[Any], blocks: List[_Block], raise_on_failure: bool,
                 owned: Optional[Tuple[Any, Any]]) -> None:
        self._client = client
        self._futures = futures
        self._blocks = blocks
        self._raise = raise_on_failure
        self._owned = owned
        self._iter: Optional[Iterator[GameResult]] = None
        self.results: List[GameResult] = []
        self.failed: List[TaskFailure] = []
        self.tasks = len(futures)

    def __iter__(self) -> Iterator[GameResult]:
        if self._iter is None:
            self._iter = self._stream()
        return self._iter

    def collect(self) -> List[GameResult]:
        """Waits for every task and returns all results sorted by game
        (raises :class:`TasksFailedError` as iteration does)."""
        for _ in self:
            pass
        return sorted(self.results, key=lambda r: r.game)

    def _stream(self) -> Iterator[GameResult]:
        from distributed import as_completed

        index_of = {f.key: i for i, f in enumerate(self._futures)}
        try:
            for future in as_completed(self._futures):
                task = index_of[future.key]
                block = self._blocks[task]
                games = range(block.first, block.first + block.count)
                if future.status == "finished":
                    try:
                        out = future.result()
                    except Exception as exc:  # lost between completion and fetch
                        self.failed.append(TaskFailure(task, games, 0, "worker", _describe(exc)))
                        continue
                    for result in out.results:
                        self.results.append(result)
                        yield result
                    if out.error is not None:
                        kind, message = out.error
                        self.failed.append(TaskFailure(task, games, len(out.results), kind, message))
                else:
                    exc = future.exception()
                    kind = "worker" if type(exc).__name__ == "KilledWorker" else "error"
                    self.failed.append(TaskFailure(task, games, 0, kind, _describe(exc)))
                future.release()
        finally:
            self.close()
        self.failed.sort(key=lambda f: f.task)
        if self.failed and self._raise:
            raise TasksFailedError(self.failed, len(self.results))

    def cancel(self) -> None:
        """Cancels the tasks not finished yet."""
        self._client.cancel(self._futures)

    def close(self) -> None:
        """Releases the run's cluster if :func:`run_games` started one."""
        if self._owned is not None:
            client, cluster = self._owned
            self._owned = None
            client.close()
            cluster.close()


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) < 2000 else text[:2000] + " ..."


def run_games(
    module: str,
    params: str = "",
    *,
    games: int,
    policies: Policies = None,
    client: Any = None,
    games_per_task: int = 500,
    records: bool = False,
    seed: int = 0,
    data: Optional[bytes] = None,
    skip_types: Union[int, Iterable[int]] = 0,
    max_actions: int = 0,
    raise_on_failure: bool = True,
) -> Run:
    """Plays ``games`` games of ``module`` with ``params`` on a Dask cluster.

    Args:
        module: rule module name, e.g. ``"base"``.
        params: parameter string without ``seed`` (set per game, see
            :func:`game_seed`), e.g. ``"players=4"``.
        games: how many games.
        policies: ``None`` (every seat random, inside the library), one
            callable for every seat, or a sequence with one entry (callable
            or ``None``) per seat.
        client: a ``distributed.Client``; ``None`` uses the current default
            client, else starts a local cluster for this run (one worker
            process per core) and closes it when iteration ends.
        games_per_task: games each task plays in one worker; a few thousand
            for random play keeps the scheduler's overhead negligible.
        records: also return each game's record (costs memory and transfer).
        seed: the run's seed; the same seed gives the same games.
        data: a data text for the module (``Rules(..., data=...)``).
        skip_types: action types the random policy never draws, e.g.
            ``[23]`` (domestic offers) for much shorter games.
        max_actions: stop a game after this many actions (0: play it out);
            such a game reports status RUNNING.
        raise_on_failure: raise :class:`TasksFailedError` at the end of
            iteration when tasks failed (else see :attr:`Run.failed`).

    Returns:
        A :class:`Run`: iterate over it for the :class:`GameResult` of each
        game as its task completes.

    Raises:
        ImportError: ``distributed`` is not installed.
        ValueError, TypeError: bad arguments (checked here, before any task
            is sent: the rules are built once to validate them).
    """
    try:
        import distributed
    except ImportError as exc:
        raise ImportError("catanrisk.distributed needs the package 'distributed' (Debian: python3-distributed)") \
            from exc
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a non-negative int, not {games!r}")
    if not isinstance(games_per_task, int) or isinstance(games_per_task, bool) or games_per_task < 1:
        raise ValueError(f"games_per_task must be a positive int, not {games_per_task!r}")
    if not isinstance(seed, int) or not 0 <= seed <= _MASK64:
        raise ValueError(f"seed must be an unsigned 64-bit int, not {seed!r}")
    if not isinstance(max_actions, int) or max_actions < 0:
        raise ValueError(f"max_actions must be a non-negative int, not {max_actions!r}")
    if not isinstance(params, str):
        raise TypeError(f"params must be a str, not {type(params).__name__}")
    if any(part.split("=", 1)[0] == "seed" for part in params.replace(";", " ").split()):
        raise ValueError("params may not set seed: the runner gives every game its own (argument seed=, game_seed())")
    # Validate the rules here, with the first game's seed, so that a typo fails
    # at once rather than in every task.
    with Rules(module, param_string(params, {"seed": game_seed(seed, 0)}), data=data) as probe:
        seats = probe.num_seats
    block_policies = _policies(policies, seats)
    mask = _lib.skip_mask(skip_types)

    owned = None
    if client is None:
        try:
            client = distributed.default_client()
        except ValueError:
            cluster = distributed.LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                               dashboard_address=":0")
            client = distributed.Client(cluster)
            owned = (client, cluster)

    tasks = math.ceil(games / games_per_task)
    blocks = [
        _Block(module, params, data, seed, t * games_per_task, min(games_per_task, games - t * games_per_task),
               block_policies, records, mask, max_actions)
        for t in range(tasks)
    ]
    # pure=False: two runs with equal arguments are two runs.
    futures = client.map(play_block, blocks, pure=False)
    return Run(client, futures, blocks, raise_on_failure, owned)


def summarize(results: Iterable[GameResult]) -> Dict[str, Any]:
    """Wins per seat, games without a winner, mean actions and turns."""
    wins: Dict[int, int] = {}
    games = no_winner = actions = turns = 0
    for r in results:
        games += 1
        actions += r.actions
        turns += r.turns
        if r.winner is None:
            no_winner += 1
        else:
            wins[r.winner] = wins.get(r.winner, 0) + 1
    return {
        "games": games,
        "wins": dict(sorted(wins.items())),
        "no_winner": no_winner,
        "mean_actions": actions / games if games else 0.0,
        "mean_turns": turns / games if games else 0.0,
    }
