"""Game.playout: random playouts inside the library, equal to a Python step
loop with the generator documented in docs/api.md."""

import pytest

import catanrisk
from catanrisk import Game, InvalidArgumentError, Rules, StateError

M64 = (1 << 64) - 1
OFFER_TRADE = 23
MARITIME_TRADE = 22


def next64(state):
    """splitmix64: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def pick(state, n):
    """Lemire's multiply-shift on the high 32 bits, rejecting below 2^32 mod n."""
    if n == 1:
        return state, 0
    threshold = (1 << 32) % n
    while True:
        state, x = next64(state)
        m = (x >> 32) * n
        if m & 0xFFFFFFFF >= threshold:
            return state, m >> 32


def weighted(state, probs):
    state, x = next64(state)
    u = (x >> 11) * 2.0**-53
    acc = 0.0
    for i, p in enumerate(probs[:-1]):
        acc += p
        if u < acc:
            return state, i
    return state, len(probs) - 1


def step_loop(game, state, skip_types=0, max_steps=0):
    steps = 0
    while not game.is_over and (not max_steps or steps < max_steps):
        if game.current_seat == catanrisk.SEAT_CHANCE:
            outcomes = game.chance_outcomes()
            state, i = weighted(state, [p for _, p in outcomes])
            game.apply(outcomes[i][0])
        else:
            codes = [c for c in game.legal_codes() if not (skip_types >> (c >> 56)) & 1]
            state, i = pick(state, len(codes))
            game.apply(codes[i])
        steps += 1
    return steps, state


@pytest.mark.parametrize(
    "module, params",
    [
        ("base", dict(players=4, seed=1, max_turns=40)),
        ("base", dict(players=3, seed=2, chance="explicit", max_turns=40)),
        ("two_player", dict(seed=3, max_turns=40)),
        ("risk", dict(players=3, seed=4, chance="explicit", max_turns=30)),
    ],
)
@pytest.mark.parametrize("skip", [1 << OFFER_TRADE, (1 << OFFER_TRADE) | (1 << MARITIME_TRADE)])
def test_playout_equals_python_step_loop(module, params, skip):
    with Rules(module, **params) as rules, Game(rules) as a, Game(rules) as b:
        steps, state = a.playout(99, skip_types=skip)
        assert a.is_over and steps > 0
        assert (steps, state) == step_loop(b, 99, skip)
        assert a.save() == b.save()


def test_skip_types_as_a_list_and_max_steps(game):
    other = game.copy()
    steps, state = game.playout(5, skip_types=[OFFER_TRADE], max_steps=30)
    assert (steps, state) == other.playout(5, skip_types=1 << OFFER_TRADE, max_steps=30)
    assert steps == 30 and not game.is_over
    # Continuing with the returned state is one uninterrupted playout.
    rest, end = game.playout(state, skip_types=[OFFER_TRADE])
    assert game.is_over
    with Game(game.rules) as whole:
        assert whole.playout(5, skip_types=[OFFER_TRADE]) == (30 + rest, end)
        assert whole.save() == game.save()
    assert game.playout(end) == (0, end)  # over already: nothing drawn


def test_playout_keeps_undo_and_record(rules):
    with Game(rules, record=True, undo_depth=10) as g, Game(rules) as fast:
        assert g.playout(7, skip_types=[OFFER_TRADE], max_steps=50) == fast.playout(
            7, skip_types=[OFFER_TRADE], max_steps=50
        )
        assert g.save() == fast.save()
        assert g.undo_available == 10
        assert g.record().count("\n") >= 50
        with catanrisk.replay(g.record()) as back:
            assert back.save() == g.save()


def test_playout_errors(game):
    with pytest.raises(StateError) as err:
        game.playout(1, skip_types=catanrisk_all_types())
    assert err.value.steps == 0 and err.value.state == 1
    with pytest.raises(InvalidArgumentError):
        game.playout(-1)
    with pytest.raises(InvalidArgumentError):
        game.playout(1, max_steps=1 << 64)
    with pytest.raises(InvalidArgumentError):
        game.playout(1, skip_types=[64])
    with pytest.raises(TypeError):
        game.playout("seed")
    with pytest.raises(TypeError):
        game.playout(1, skip_types=1.5)
    assert game.turn == 0 and game.current_seat == 0


def test_playout_error_after_some_steps(game):
    """Set-up only (types 1 and 2): the first roll finds nothing left."""
    skip = M64 & ~((1 << 1) | (1 << 2))
    with pytest.raises(StateError) as err:
        game.playout(3, skip_types=skip)
    assert err.value.steps == 16 and game.turn == 1 and not game.is_over
    with Game(game.rules) as other:
        assert step_loop(other, 3, skip, 16) == (16, err.value.state)


def catanrisk_all_types():
    return M64


@pytest.mark.parametrize("threads", [1, 3])
def test_playouts_equal_single_playouts(threads):
    """Game.playouts: playout i is Game.playout on a copy with the state
    splitmix64 gives from seed + i; the position is unchanged."""
    rules = Rules("base", players=3, seed=9, chance="explicit")
    game = Game(rules)
    game.playout(5, skip_types=[OFFER_TRADE], max_steps=50)
    before = game.view(catanrisk.OMNISCIENT)
    wins, unfinished, steps = [0, 0, 0], 0, 0
    for i in range(8):
        copy = game.copy()
        _, state = next64((77 + i) & M64)
        n, _ = copy.playout(state, skip_types=[OFFER_TRADE])
        steps += n
        if copy.winner is not None:
            wins[copy.winner] += 1
        else:
            unfinished += 1
    assert game.playouts(8, threads=threads, seed=77, skip_types=[OFFER_TRADE]) == (wins, unfinished, steps)
    assert game.view(catanrisk.OMNISCIENT) == before


def test_playouts_errors():
    game = Game(Rules("base", players=4, seed=1))
    with pytest.raises(ValueError):
        game.playouts(4, threads=0)
    with pytest.raises(ValueError):
        game.playouts(-1)
    assert game.playouts(0, threads=4) == ([0, 0, 0, 0], 0, 0)
    with pytest.raises(StateError, match="playout 0"):
        game.playouts(3, threads=2, skip_types=M64)
