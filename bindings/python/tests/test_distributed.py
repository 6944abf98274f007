"""catanrisk.distributed: games on a Dask LocalCluster of two worker processes.

Skipped when the package ``distributed`` is missing.  Checks that results are
complete and reproducible (the same games as in this process), streamed,
replayable from their records, and that a raising policy and a dying worker
lose no result of the tasks that finished."""

import os
import random

import pytest

distributed = pytest.importorskip("distributed")
import dask  # noqa: E402  (installed with distributed)

import catanrisk  # noqa: E402
from catanrisk import Status  # noqa: E402
from catanrisk.distributed import (  # noqa: E402
    TasksFailedError,
    _Block,
    game_seed,
    play_block,
    run_games,
    summarize,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    # A task whose worker dies is reported at once instead of retried on
    # the other worker (which it would kill too): keeps the test short.
    # Workers take one task at a time (the others wait at the scheduler), so
    # a dying worker takes down only the task it runs.
    config = {
        "distributed.scheduler.allowed-failures": 0,
        "distributed.scheduler.worker-saturation": 1.0,
        "distributed.scheduler.work-stealing": False,
    }
    with dask.config.set(config):
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
        )
        with cluster, distributed.Client(cluster) as c:
            yield c


def random_seat0(game):
    """A Python policy: a uniform legal action without domestic offers, seeded by the game's state."""
    codes = game.legal_codes(skip_types=[23])
    return random.Random(game.turn * 1000 + len(codes)).choice(codes)


def test_random_games_are_complete_and_reproducible(client):
    """Every game arrives once; each equals the same game played in this process."""
    run = run_games("base", "players=4", games=60, games_per_task=15, client=client, seed=5, skip_types=[23])
    streamed = list(run)
    assert run.tasks == 4 and not run.failed
    assert sorted(r.game for r in streamed) == list(range(60))
    local = play_block(_Block("base", "players=4", None, 5, 0, 60, (None,) * 4, False, 1 << 23, 0)).results
    assert sorted(streamed, key=lambda r: r.game) == local
    for r in streamed:
        assert r.seed == game_seed(5, r.game)
        # B-33: a won game ends with the winner at 10 or more points.
        assert r.status is Status.WON and r.scores[r.winner] >= 10
        assert r.actions > 0 and r.turns > 0 and r.record is None
    assert len({r.seed for r in streamed}) == 60
    summary = summarize(streamed)
    assert summary["games"] == 60 and sum(summary["wins"].values()) + summary["no_winner"] == 60


def test_records_replay_to_the_same_result(client):
    results = run_games("base", "players=3", games=6, games_per_task=2, client=client, records=True,
                        skip_types=[23]).collect()
    assert [r.game for r in results] == list(range(6))
    for r in results:
        with catanrisk.replay(r.record) as game:
            assert game.winner == r.winner and game.turn == r.turns
            assert f"seed={r.seed}" in game.rules.params


def test_python_policies_play_their_seats(client):
    """A policy function plays seat 0; the library's random policy the others."""
    results = run_games("base", "players=4", games=8, games_per_task=4, client=client, seed=9,
                        policies=[random_seat0, None, None, None], skip_types=[23]).collect()
    assert len(results) == 8 and all(r.status is Status.WON for r in results)
    local = play_block(_Block("base", "players=4", None, 9, 0, 8, (random_seat0, None, None, None), False,
                              1 << 23, 0)).results
    assert results == local


def failing_policy(game):
    if f"seed={game_seed(1, 13)} " in game.rules.params + " ":
        raise ZeroDivisionError("policy bug in game 13")
    return random_seat0(game)


def test_a_raising_policy_fails_its_task_only(client):
    """Games 0..19 in tasks of 5: task 2 (games 10..14) stops at game 13."""
    run = run_games("base", "players=4", games=20, games_per_task=5, client=client, seed=1,
                    policies=failing_policy, skip_types=[23])
    with pytest.raises(TasksFailedError) as info:
        for _ in run:
            pass
    err = info.value
    assert [(f.task, f.games, f.delivered, f.kind) for f in err.failures] == [(2, range(10, 15), 3, "policy")]
    assert "game 13" in err.failures[0].error and "ZeroDivisionError" in err.failures[0].error
    assert "policy bug in game 13" in str(err)
    assert sorted(r.game for r in run.results) == [g for g in range(20) if g not in (13, 14)]
    assert err.delivered == 18


def illegal_policy(game):
    return 0  # never a legal code


def test_an_illegal_action_from_a_policy_is_reported(client):
    run = run_games("base", "players=2", games=2, games_per_task=1, client=client, policies=illegal_policy,
                    raise_on_failure=False)
    assert list(run) == []
    assert [f.kind for f in run.failed] == ["policy", "policy"]
    assert "returned 0" in run.failed[0].error


def dying_policy(game):
    if f"seed={game_seed(2, 7)} " in game.rules.params + " ":
        os._exit(3)  # the worker process dies mid-task
    return random_seat0(game)


def test_a_dying_worker_loses_only_its_task(client):
    """Task 3 (games 6, 7) kills its worker at game 7; the other tasks' results all arrive."""
    # 8 tasks, more than twice the cluster's threads: Dask queues them at the
    # scheduler and (worker-saturation 1.0) hands each worker one at a time.
    run = run_games("base", "players=4", games=16, games_per_task=2, client=client, seed=2,
                    policies=dying_policy, skip_types=[23], raise_on_failure=False)
    got = sorted(r.game for r in run)
    assert [(f.task, f.games, f.delivered, f.kind) for f in run.failed] == [(3, range(6, 8), 0, "worker")]
    assert "KilledWorker" in run.failed[0].error
    assert got == [g for g in range(16) if g not in (6, 7)]


def test_bad_arguments_fail_before_any_task(client):
    with pytest.raises(ValueError, match="may not set seed"):
        run_games("base", "players=4 seed=3", games=1, client=client)
    with pytest.raises(catanrisk.ParameterError):
        run_games("base", "players=9", games=1, client=client)
    with pytest.raises(ValueError, match="policies has 2 entries, the rules have 4 seats"):
        run_games("base", "players=4", games=1, client=client, policies=[None, None])
    with pytest.raises(TypeError, match="seat 1 is neither None nor callable"):
        run_games("base", "players=2", games=1, client=client, policies=[None, 3])
    with pytest.raises(ValueError, match="games_per_task"):
        run_games("base", "players=2", games=1, client=client, games_per_task=0)
