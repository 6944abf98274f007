"""Games: actions, checks, chance, views, events, copies, lifetime."""

import copy
import random

import pytest

import catanrisk
from catanrisk import OMNISCIENT, SEAT_CHANCE, SPECTATOR, Game, IllegalActionError, Rules, Status

from conftest import play_random


def test_new_game_is_running(game):
    assert game.status is Status.RUNNING and not game.is_over and game.winner is None
    assert game.current_seat == 0 and game.turn == 0
    assert game.module == "base" and game.num_seats == 4
    assert 0 < game.state_size < 1024
    assert "seat 0 to act" in repr(game)


def test_legal_actions_are_readable_and_ascending(game):
    actions = game.legal_actions()
    codes = [a.code for a in actions]
    assert codes == sorted(codes) == game.legal_codes()
    first = actions[0]
    assert str(first).startswith("place_settlement ")
    assert first.name == "place_settlement"
    assert repr(first) == f"<Action {first} (0x{first.code:016x})>"
    fields = first.fields
    assert fields["name"] == "place_settlement" and fields["type"] == first.type == first.code >> 56
    assert fields["arg"][0] == int(str(first).split()[1])
    assert len(fields["give"]) == len(fields["want"]) == 6


def test_action_equality_and_hash(game):
    a = game.legal_actions()[0]
    assert a == a.code and a == game.action(str(a)) and hash(a) == hash(a.code)
    assert a in game.legal_codes() and a.code in game.legal_actions()
    assert a != "place_settlement 0"
    assert int(a) == a.code


def test_apply_accepts_action_code_and_text(game):
    game.apply(game.legal_actions()[0])
    assert game.legal_actions()[0].name == "place_road"
    game.apply(str(game.legal_actions()[0]))
    game.apply(game.legal_codes()[-1])
    assert game.current_seat == 1


def test_illegal_action_raises_with_reason_and_changes_nothing(game):
    before = game.view(OMNISCIENT)
    with pytest.raises(IllegalActionError) as info:
        game.apply("build_city 3")
    assert info.value.message and info.value.code == -4
    assert game.view(OMNISCIENT) == before
    assert game.why_illegal("build_city 3") == info.value.message
    assert not game.is_legal("build_city 3")


def test_check_legal_action(game):
    legal = game.legal_actions()[5]
    game.check(legal)
    assert game.is_legal(legal) and game.why_illegal(legal) is None


@pytest.mark.parametrize("text", ["", "garbage", "build_road", "build_road x", "offer give=99wool", "x" * 5000])
def test_unreadable_text_raises_format_error(game, text):
    with pytest.raises(catanrisk.FormatError) as info:
        game.apply(text)
    assert info.value.message


@pytest.mark.parametrize("bad", [None, 1.5, b"roll", [1], True])
def test_wrong_action_types(game, bad):
    with pytest.raises(TypeError):
        game.apply(bad)


@pytest.mark.parametrize("code", [-1, 1 << 64, -(1 << 70)])
def test_codes_out_of_range(game, code):
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.apply(code)


def test_random_codes_never_crash(midgame):
    rng = random.Random(11)
    for _ in range(3000):
        code = rng.getrandbits(64) if rng.random() < 0.5 else (rng.randrange(1, 40) << 56) | rng.getrandbits(16)
        before = midgame.view(OMNISCIENT)
        try:
            midgame.apply(code)
        except (IllegalActionError, catanrisk.InvalidArgumentError) as exc:
            assert exc.message
            assert midgame.view(OMNISCIENT) == before


def test_full_game_is_reproducible():
    results = []
    for _ in range(2):
        with Game(Rules("base", players=4, seed=21)) as g:
            steps = play_random(g, random.Random(5))
            results.append((steps, g.status, g.winner, g.scores(), g.turn))
    assert results[0] == results[1]
    steps, status, winner, scores, _ = results[0]
    assert status is Status.WON and scores[winner] >= 10


def test_explicit_chance(rules):
    with Game(Rules("base", players=3, seed=2, chance="explicit")) as g:
        rng = random.Random(4)
        while g.current_seat != SEAT_CHANCE:
            g.apply(rng.choice(g.legal_codes()))
        outcomes = g.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert [a for a, _ in outcomes] == g.legal_actions()
        assert all(a.name == "dice" for a, _ in outcomes)
        g.apply("dice 8")  # no robber on 8: the roller acts next
        assert g.current_seat >= 0
        with pytest.raises(catanrisk.StateError) as info:
            g.chance_outcomes()
        assert info.value.message


def test_views_hide_what_the_viewer_may_not_know(midgame):
    omniscient = midgame.view(OMNISCIENT)
    own = midgame.view(0)
    spectator = midgame.view(SPECTATOR)
    assert isinstance(own, dict)
    assert "hand" in own["seats"][0] and "hand" not in own["seats"][1]
    assert all("hand" not in s for s in spectator["seats"])
    assert all("hand" in s for s in omniscient["seats"])


@pytest.mark.parametrize("viewer", [4, 99, -5, 1 << 40])
def test_bad_viewer(midgame, viewer):
    with pytest.raises(catanrisk.InvalidArgumentError) as info:
        midgame.view(viewer)
    assert info.value.message


def test_scores(midgame):
    assert midgame.scores() == [midgame.score(s) for s in range(4)]
    assert all(v >= 2 for v in midgame.scores(SPECTATOR))
    with pytest.raises(catanrisk.InvalidArgumentError):
        midgame.score(7)
    with pytest.raises(TypeError):
        midgame.score("0")


def test_events(game):
    assert game.events() == []
    first = game.next_event
    game.apply(game.legal_codes()[0])
    events = game.events(first)
    assert events and events[0]["seq"] == first and events[0]["text"]
    assert game.events(game.next_event) == []
    assert game.events(first, viewer=2) == events  # set-up is public


def test_private_events_are_redacted(game):
    # Play on until some event (a steal, a card bought) hides an argument from spectators.
    rng = random.Random(8)
    hidden = None
    while hidden is None and not game.is_over:
        since = game.next_event
        game.apply(rng.choice(game.legal_codes()))
        for event in game.events(since, SPECTATOR):
            if None in event["args"]:
                hidden = event
    assert hidden is not None
    index = hidden["args"].index(None)
    seen = game.events(hidden["seq"], OMNISCIENT)[0]
    assert seen["seq"] == hidden["seq"] and seen["args"][index] is not None
    own = game.events(hidden["seq"], hidden["seat"])[0]
    assert own["args"][index] == seen["args"][index]


def test_event_capacity(game):
    game.set_event_capacity(0)
    game.apply(game.legal_codes()[0])
    assert game.events() == []
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.set_event_capacity(1 << 40)
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.set_event_capacity(-1)


def test_copy_is_independent(midgame):
    clone = midgame.copy()
    assert clone.view(OMNISCIENT) == midgame.view(OMNISCIENT)
    assert clone.events(0, OMNISCIENT) == midgame.events(0, OMNISCIENT)
    clone.apply(clone.legal_codes()[0])
    assert clone.view(OMNISCIENT) != midgame.view(OMNISCIENT)
    for other in (copy.copy(midgame), copy.deepcopy(midgame)):
        assert other.view(OMNISCIENT) == midgame.view(OMNISCIENT)


def test_copy_from(midgame, rules):
    target = Game(rules)
    target.copy_from(midgame)
    assert target.view(OMNISCIENT) == midgame.view(OMNISCIENT)
    foreign = Game(Rules("base", players=4, seed=7))
    with pytest.raises(catanrisk.InvalidArgumentError):
        foreign.copy_from(midgame)
    with pytest.raises(TypeError):
        target.copy_from("game")


def test_closed_game(rules):
    with Game(rules) as g:
        action = g.legal_actions()[0]
    assert g.closed and "closed" in repr(g)
    for call in (g.legal_actions, lambda: g.apply(action), lambda: g.view(0), g.copy, lambda: g.current_seat):
        with pytest.raises(ValueError):
            call()
    assert str(action) == f"0x{action.code:016x}"  # text was never asked for while the game lived
    g.close()  # twice is fine


def test_game_needs_rules():
    with pytest.raises(TypeError):
        Game("base")


def test_malformed_code_as_action(game):
    bad = game.action(0xFF << 56)
    assert str(bad) == f"0x{bad.code:016x}" and "0xff00000000000000" in repr(bad)
    with pytest.raises(catanrisk.InvalidArgumentError) as info:
        bad.text
    assert info.value.message
    with pytest.raises(catanrisk.InvalidArgumentError):
        bad.fields
    with pytest.raises(IllegalActionError):
        game.apply(bad)
