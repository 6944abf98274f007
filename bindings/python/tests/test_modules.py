"""Rule modules loaded from shared objects (Rules.from_file, docs/modules.md).

Uses the house_rules example module; meson test sets CRISK_HOUSE_RULES_SO.
"""

import os
import random

import pytest

from catanrisk import Game, NotFoundError, ParameterError, Rules, replay

from conftest import play_random

HOUSE = os.environ.get("CRISK_HOUSE_RULES_SO")
needs_house = pytest.mark.skipif(not HOUSE, reason="CRISK_HOUSE_RULES_SO is not set")


@needs_house
def test_from_file_plays_a_game():
    with Rules.from_file(HOUSE, seed=3, players=3) as rules:
        assert rules.module == "house_rules"
        assert rules.num_seats == 3
        assert "vp_target=8" in rules.params  # HR-4
        with rules.new_game() as game:
            play_random(game, random.Random(1))
            assert game.is_over


@needs_house
def test_parameter_info_of_a_loaded_module():
    with Rules.from_file(HOUSE, seed=1) as rules:
        info = {p.name: p for p in rules.parameter_info()}
    assert info["vp_target"].default == "8"
    assert info["bank_trades_per_turn"].accepted == "0..20"
    assert info["seed"].default == ""


@needs_house
def test_saves_of_a_loaded_module_load_with_its_rules():
    with Rules.from_file(HOUSE, seed=5, players=2) as rules, rules.new_game() as game:
        play_random(game, random.Random(2), steps=150)
        data, text = game.save(), game.save_json()
        with Game.load(data, rules=rules) as again:
            assert again.save() == data
        with Game.load_json(text, rules=rules) as again:
            assert again.save_json() == text
        with pytest.raises(Exception) as info:
            Game.load(data)
        assert "crisk_game_load_as" in str(info.value)


@needs_house
def test_records_of_a_loaded_module_replay_with_its_rules():
    with Rules.from_file(HOUSE, seed=6, players=3) as rules, rules.new_game(record=True) as game:
        play_random(game, random.Random(6), steps=200)
        text = game.record()
        with replay(text, rules=rules) as again:
            assert again.save() == game.save()


@needs_house
def test_house_rule_refusal_message():
    with Rules.from_file(HOUSE, seed=5, players=2) as rules, rules.new_game() as game:
        rng = random.Random(4)
        while game.turn < 1 or "end_turn" not in [a.text for a in game.legal_actions()]:
            game.apply(rng.choice(game.legal_codes()))
        reason = game.why_illegal("offer give=1brick want=1ore to=*")
        assert reason is not None and "HR-1" in reason


def test_missing_file_and_bad_parameters():
    with pytest.raises(NotFoundError) as info:
        Rules.from_file("./no/such/module.so", seed=1)
    assert "no/such/module.so" in str(info.value)
    if HOUSE:
        with pytest.raises(ParameterError):
            Rules.from_file(HOUSE, seed=1, colour="red")
