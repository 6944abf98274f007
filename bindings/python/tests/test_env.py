"""The RL environments of catanrisk.env (docs/rl.md): API shapes of Gymnasium
(single agent) and PettingZoo AEC (multi agent) and the C vector environment,
for every module; bad input raises exceptions that name the problem and leave
the game unchanged.  Gymnasium's and PettingZoo's own checkers run when those
packages are installed."""

import os
import random
import subprocess
import sys

import pytest

import catanrisk
from catanrisk import env as cenv
from catanrisk.errors import IllegalActionError

try:
    import numpy as np
except ImportError:
    np = None

MODULES = [
    ("base", "players=4"),
    ("base", "players=6"),
    ("two_player", ""),
    ("risk", "players=3"),
    ("hawaii", "players=4"),
    ("muhq", "map=2P-ring-street"),
]


def legal_indices(mask):
    return [i for i in range(len(mask)) if mask[i]]


def assert_observation(env_spaces, obs):
    assert len(obs) == env_spaces.observation
    if np is not None:
        assert obs.dtype == np.float32
    for f in env_spaces.observation_fields:
        for v in obs[f["offset"]: f["offset"] + f["count"]]:
            assert f["low"] <= v <= f["high"], (f["name"], v)


@pytest.mark.parametrize("module,params", MODULES)
def test_single_agent_episode(module, params):
    env = cenv.CatanriskEnv(module, params, seat=0, max_steps=300)
    rng = random.Random(5)
    obs, info = env.reset(seed=3)
    assert_observation(env.spaces, obs)
    assert info["seat"] == 0 and info["legal"] == len(legal_indices(info["action_mask"])) > 0
    assert env.action_space.n == env.spaces.actions == len(info["action_mask"])
    assert list(env.action_masks()) == list(info["action_mask"])
    done, steps, rewards = False, 0, []
    while not done:
        action = rng.choice(legal_indices(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        assert_observation(env.spaces, obs)
        rewards.append(reward)
        steps += 1
        done = terminated or truncated
        if not done:
            assert reward == 0.0 and info["legal"] > 0
    if terminated:
        assert rewards[-1] == (1.0 if info["winner"] == 0 else -1.0)
    else:
        assert steps == 300 or info["winner"] is None
    with pytest.raises(catanrisk.CatanriskError, match="reset"):
        env.step(0)
    env.close()


def test_new_board_per_reset_and_same_seed_same_game():
    env = cenv.CatanriskEnv("base", "players=3")
    env.reset(seed=11)
    board1 = env.game.rules.board
    env.reset(seed=12)
    assert env.game.rules.board != board1
    obs_a, _ = env.reset(seed=11)
    assert env.game.rules.board == board1
    fixed = cenv.CatanriskEnv("base", "players=3 seed=4")
    fixed.reset(seed=1)
    b = fixed.game.rules.board
    fixed.reset(seed=2)
    assert fixed.game.rules.board == b
    env.close()
    fixed.close()


def test_bad_actions_leave_the_game_unchanged():
    env = cenv.CatanriskEnv("base", "players=3", seat=1)
    obs, info = env.reset(seed=2)
    before = env.game.save_json()
    illegal = next(i for i in range(env.spaces.actions) if not info["action_mask"][i])
    with pytest.raises(IllegalActionError, match="not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="out of"):
        env.step(env.spaces.actions)
    with pytest.raises(TypeError, match="must be an int"):
        env.step(1.5)
    with pytest.raises(TypeError):
        env.step(True)
    assert env.game.save_json() == before
    env.close()


def test_invalid_actions_can_be_penalised():
    env = cenv.CatanriskEnv("base", "players=3", invalid_action="penalty", invalid_action_reward=-0.5,
                            max_invalid_actions=3)
    obs, info = env.reset(seed=2)
    before = env.game.save_json()
    illegal = next(i for i in range(env.spaces.actions) if not info["action_mask"][i])
    with pytest.raises(IllegalActionError, match="out of"):
        env.step(10**6)
    for k in range(3):
        obs2, reward, terminated, truncated, info2 = env.step(illegal)
        assert reward == -0.5 and info2["invalid_action"] and not terminated
        assert truncated == (k == 2)
    assert env.game.save_json() == before
    with pytest.raises(catanrisk.InvalidArgumentError, match="invalid_action"):
        cenv.CatanriskEnv("base", "players=3", invalid_action="ignore")
    env.close()


def test_policies_that_fail_are_named():
    def raising(obs, mask, game):
        raise RuntimeError("boom")

    env = cenv.CatanriskEnv("base", "players=3", seat=2, opponents={0: raising})
    with pytest.raises(cenv.PolicyError, match="seat 0 raised RuntimeError: boom"):
        env.reset(seed=1)

    def illegal(obs, mask, game):
        return next(i for i in range(len(mask)) if not mask[i])

    env = cenv.CatanriskEnv("base", "players=3", seat=2, opponents=illegal)
    with pytest.raises(cenv.PolicyError, match="not legal now"):
        env.reset(seed=1)
    assert env.game.turn == 0 and env.game.current_seat == 0  # nothing was applied
    with pytest.raises(TypeError, match="opponents"):
        cenv.CatanriskEnv("base", "players=3", opponents=42)
    with pytest.raises(catanrisk.InvalidArgumentError, match="seat 5"):
        cenv.CatanriskEnv("base", "players=3", seat=5)


def test_opponent_policies_see_their_own_view():
    seen = []

    def first_legal(obs, mask, game):
        seen.append((game.current_seat, len(obs)))
        return next(i for i in range(len(mask)) if mask[i])

    env = cenv.CatanriskEnv("base", "players=3", seat=0, opponents=first_legal)
    obs, info = env.reset(seed=4)
    rng = random.Random(1)
    for _ in range(30):
        obs, r, term, trunc, info = env.step(rng.choice(legal_indices(info["action_mask"])))
        if term or trunc:
            break
    assert seen and all(seat in (1, 2) and n == env.spaces.observation for seat, n in seen)
    env.close()


@pytest.mark.parametrize("module,params", MODULES)
def test_multi_agent_aec(module, params):
    env = cenv.CatanriskAECEnv(module, params)
    env.reset(seed=7)
    assert env.agents == env.possible_agents
    rng = random.Random(2)
    steps = 0
    while env.agents and steps < 3000:
        agent = env.agent_selection
        obs, reward, termination, truncation, info = env.last()
        assert set(obs) == {"observation", "action_mask"}
        if termination or truncation:
            env.step(None)
            continue
        for other in env.agents:
            if other != agent:
                assert not any(env.observe(other)["action_mask"])
        env.step(rng.choice(legal_indices(obs["action_mask"])))
        steps += 1
    if not env.agents:
        total = sum(env._cumulative_rewards.values())
        assert total in (0.0, 1.0 - (len(env.possible_agents) - 1))
    env.close()


def test_aec_dead_steps_take_none_only():
    env = cenv.CatanriskAECEnv("base", "players=2 max_turns=3")
    env.reset(seed=1)
    rng = random.Random(3)
    while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        env.step(rng.choice(legal_indices(env.observe(env.agent_selection)["action_mask"])))
    with pytest.raises(catanrisk.InvalidArgumentError, match="step it with None"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(catanrisk.InvalidArgumentError, match="no agent"):
        env.observe("seat_9")


@pytest.mark.parametrize("module,params", MODULES)
def test_vector_env(module, params):
    venv = cenv.VectorEnv(module, params, num_envs=8, seed=3)
    obs, info = venv.reset()
    n, a, o, s = venv.num_envs, venv.num_actions, venv.observation_size, venv.num_seats
    if np is not None:
        assert obs.shape == (n, o) and obs.dtype == np.float32
        assert info["action_mask"].shape == (n, a)
    ended = 0
    for _ in range(200):
        actions = venv.sample_actions()
        obs, rewards, terminated, truncated, info = venv.step(actions)
        if np is not None:
            assert rewards.shape == (n, s)
            assert (info["action_mask"].sum(axis=1) > 0).all()
            ended += int(terminated.sum() + truncated.sum())
            for i in range(n):
                assert 0 <= info["seat"][i] < s
                if not terminated[i]:
                    assert not rewards[i].any()
    venv.close()
    with pytest.raises(catanrisk.CatanriskError, match="closed"):
        venv.step([0] * 8)


def test_vector_env_bad_input():
    venv = cenv.VectorEnv("base", "players=3", num_envs=4, agent_seats=[0], seed=1)
    obs, info = venv.reset()
    assert list(info["seat"]) == [0, 0, 0, 0]
    if np is not None:
        with pytest.raises(ValueError, match=r"shape \(4,\)"):
            venv.step(np.zeros(3, dtype=np.int64))
        with pytest.raises(TypeError, match="integers"):
            venv.step(np.zeros(4, dtype=np.float32))
        mask = info["action_mask"]
        actions = np.array([int(np.flatnonzero(mask[i])[0]) for i in range(4)])
        actions[3] = int(np.flatnonzero(mask[3] == 0)[0])
        before = [venv.game(i) for i in range(4)]
        with pytest.raises(IllegalActionError, match="game 3"):
            venv.step(actions)
        assert [venv.game(i) for i in range(4)] == before
    with pytest.raises(ValueError, match="4 items|shape"):
        venv.step([0, 0])
    with pytest.raises(catanrisk.InvalidArgumentError, match="agent seat 7"):
        cenv.VectorEnv("base", "players=3", num_envs=2, agent_seats=[7])
    with pytest.raises(catanrisk.InvalidArgumentError, match="num_envs"):
        cenv.VectorEnv("base", "players=3", num_envs=0)
    venv.close()


def test_spaces_describe_every_float():
    rules = catanrisk.Rules("base", players=4, seed=1)
    sp = cenv.Spaces(rules)
    assert sum(f["count"] for f in sp.observation_fields) == sp.observation
    assert sum(r["count"] for r in sp.action_ranges) == sp.actions
    assert len(sp.low) == sp.observation
    rules.close()


def test_works_without_numpy():
    """The environments need only the standard library."""
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from catanrisk import env\n"
        "e = env.CatanriskEnv('base', 'players=3')\n"
        "obs, info = e.reset(seed=1)\n"
        "import array; assert isinstance(obs, array.array) and obs.typecode == 'f'\n"
        "obs, r, t, tr, info = e.step([i for i in range(len(info['action_mask'])) if info['action_mask'][i]][0])\n"
        "v = env.VectorEnv('base', 'players=3', num_envs=3)\n"
        "o, i = v.reset()\n"
        "assert len(o) == 3 * v.observation_size\n"
        "o, r, t, tr, i = v.step(list(v.sample_actions()))\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_gymnasium_checker_when_installed():
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    assert "catanrisk/Base-v0" in cenv.register()
    check_env(cenv.CatanriskEnv("base", "players=4", invalid_action="penalty"), skip_render_check=True)
    assert gym.make("catanrisk/Base-v0") is not None


def test_pettingzoo_checker_when_installed():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    api_test(cenv.CatanriskAECEnv("base", "players=3"), num_cycles=200)
