"""Rules with a data text of the host (Rules(..., data=...), Rules.from_data_file,
Rules.data): a .mqd text for muhq (docs/mqd.md) with a card set, a deck and a
map of its own.  Saves, JSON saves and records carry the text, so loading and
replaying need no file."""

import json
import os
import pickle
import random

import pytest

from catanrisk import FormatError, Game, NotFoundError, ParameterError, Rules, Status, UnsupportedError, replay

# The example of rules/muhq.md M-116: valid on top of the built-in data.
MQD = """\
| myset | Militia | unit | 2 | 1 | 0 | 3 | 2 | 1 | 1 | Brace 1 | - | aggressive |
| myset | Smoke Bomb | spell | 3 | 1 | - | - | - | - | - | - | play {unit own}: ADD_MARK ward 1 @T; DRAW 1 | - |
deck militia-start: Militia x3, Farmer x2
map tiny-duel
players 2
size 5 3
gain 3
deck militia-start
store qs-duel
win capture 1
area M 2 1 1 1
grid
1...2
1.F.2
1...2
end
"""

PARAMS = "map=tiny-duel players=2 draft=piles sets=myset,base seed=3"
CONCEDE = 23


def make_rules():
    return Rules("muhq", PARAMS, data=MQD)


def bot_codes(game):
    """Random bots never concede unless it is all they can do."""
    return game.legal_codes(skip_types=[CONCEDE]) or game.legal_codes()


def play(game, rng, steps=None):
    """Random bot actions until the game ends or `steps` were applied; the codes applied."""
    applied = []
    while not game.is_over and (steps is None or len(applied) < steps):
        code = rng.choice(bot_codes(game))
        game.apply(code)
        applied.append(code)
    return applied


def fingerprint(game):
    """What must agree between two games that continue identically."""
    return (game.save(), game.status, game.winner, game.legal_codes())


def play_on_identically(original, loaded, seed):
    """Plays both games with the same random choices to the end, comparing at each step."""
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    assert fingerprint(original) == fingerprint(loaded)
    while not original.is_over:
        a, b = rng_a.choice(bot_codes(original)), rng_b.choice(bot_codes(loaded))
        assert a == b
        original.apply(a)
        loaded.apply(b)
        assert original.current_seat == loaded.current_seat
    assert loaded.is_over
    assert fingerprint(original) == fingerprint(loaded)
    assert original.view(-4) == loaded.view(-4)


def test_data_gives_the_text_back():
    with make_rules() as rules:
        assert rules.module == "muhq"
        assert rules.num_seats == 2
        assert rules.data == MQD.encode()
        assert isinstance(rules.data, bytes)
        assert "map=tiny-duel" in rules.params
        assert "data=<" in repr(rules)


def test_data_as_bytes_and_bytearray():
    for data in (MQD.encode(), bytearray(MQD.encode()), memoryview(MQD.encode())):
        with Rules("muhq", PARAMS, data=data) as rules:
            assert rules.data == MQD.encode()


def test_parameters_as_keywords_with_data():
    with Rules("muhq", data=MQD, map="tiny-duel", players=2, draft="piles", sets=["myset", "base"], seed=3) as rules:
        with make_rules() as same:
            assert rules.params == same.params


def test_rules_without_data_have_none():
    with Rules("muhq", "map=2P-ring-street players=2 seed=1") as rules:
        assert rules.data is None
        assert "data=" not in repr(rules)
    with Rules("base", players=3, seed=1) as rules:
        assert rules.data is None


def test_map_of_the_text_needs_the_text():
    with pytest.raises(ParameterError, match="tiny-duel"):
        Rules("muhq", PARAMS)


def test_random_game_to_the_end():
    with make_rules() as rules, rules.new_game() as game:
        applied = play(game, random.Random(1))
        assert game.is_over and applied
        assert game.status in (Status.WON, Status.ENDED)
        assert game.legal_codes() == []


@pytest.mark.parametrize("steps", [0, 5, 30])
def test_binary_save_loads_without_the_text(steps):
    with make_rules() as rules, rules.new_game() as game:
        play(game, random.Random(2), steps)
        data = game.save()
        with Game.load(data) as loaded:
            assert loaded.rules.data == MQD.encode()
            assert loaded.rules.params == rules.params
            assert loaded.save() == data
            play_on_identically(game, loaded, seed=steps + 10)


@pytest.mark.parametrize("steps", [0, 5, 30])
def test_json_save_loads_without_the_text(steps):
    with make_rules() as rules, rules.new_game() as game:
        play(game, random.Random(3), steps)
        text = game.save_json()
        doc = json.loads(text)
        assert doc["data"] == MQD
        with Game.load_json(text) as loaded:
            assert loaded.rules.data == MQD.encode()
            assert loaded.save_json() == text
            play_on_identically(game, loaded, seed=steps + 20)
        with Game.load_json(doc) as loaded:  # the parsed dict too
            assert loaded.rules.data == MQD.encode()


def test_pickle_keeps_the_text():
    with make_rules() as rules, rules.new_game() as game:
        play(game, random.Random(4), 12)
        with pickle.loads(pickle.dumps(game)) as again:
            assert again.rules.data == MQD.encode()
            play_on_identically(game, again, seed=4)


def test_loaded_rules_make_new_games():
    with make_rules() as rules, rules.new_game() as game:
        play(game, random.Random(5), 8)
        with Game.load(game.save()) as loaded, loaded.rules.new_game() as fresh:
            assert fresh.rules.data == MQD.encode()
            fresh.copy_from(loaded)
            assert fresh.save() == loaded.save()


def test_record_replays_without_the_text():
    with make_rules() as rules, rules.new_game(record=True) as game:
        play(game, random.Random(6))
        assert game.is_over
        text = game.record()
        assert "\ndata " in text
        with replay(text) as again:
            assert again.rules.data == MQD.encode()
            assert again.is_over
            assert again.save() == game.save()
            assert again.record() == text


def test_record_of_a_game_in_progress_replays_and_plays_on():
    with make_rules() as rules, rules.new_game(record=True) as game:
        play(game, random.Random(7), 20)
        with replay(game.record()) as again:
            play_on_identically(game, again, seed=7)


def test_broken_text_is_a_format_error_naming_the_line():
    broken = "| myset | Militia | unit | 2 | 1 |\n" + MQD
    with pytest.raises(FormatError) as exc:
        Rules("muhq", PARAMS, data=broken)
    assert "data:1" in exc.value.message


def test_broken_line_further_down_is_named():
    lines = MQD.splitlines(keepends=True)
    broken = "".join(lines[:2] + ["| myset | Broken | unit | 2 | 1 |\n"] + lines[2:])
    with pytest.raises(FormatError) as exc:
        Rules("muhq", PARAMS, data=broken)
    assert "data:3" in exc.value.message


def test_module_without_data_is_unsupported():
    with pytest.raises(UnsupportedError):
        Rules("base", "players=3 seed=1", data=MQD)


def test_wrong_data_type_is_a_type_error():
    with pytest.raises(TypeError):
        Rules("muhq", PARAMS, data=42)
    with pytest.raises(TypeError):
        Rules("muhq", PARAMS, data=["a"])


def test_from_data_file(tmp_path):
    path = tmp_path / "mine.mqd"
    path.write_text(MQD, encoding="utf-8")
    with Rules.from_data_file("muhq", str(path), PARAMS) as rules:
        assert rules.data == MQD.encode()
        with make_rules() as same:
            assert rules.params == same.params
        with rules.new_game() as game:
            play(game, random.Random(8))
            assert game.is_over
    # os.PathLike and keyword parameters.
    kwargs = dict(map="tiny-duel", players=2, draft="piles", sets="myset,base", seed=3)
    with Rules.from_data_file("muhq", path, **kwargs) as rules:
        assert rules.data == MQD.encode()


def test_from_data_file_missing_file_is_not_found(tmp_path):
    with pytest.raises(NotFoundError):
        Rules.from_data_file("muhq", str(tmp_path / "missing.mqd"), PARAMS)


def test_from_data_file_broken_text(tmp_path):
    path = tmp_path / "broken.mqd"
    path.write_text("| myset | Militia | unit | 2 | 1 |\n", encoding="utf-8")
    with pytest.raises(FormatError) as exc:
        Rules.from_data_file("muhq", os.fspath(path), PARAMS)
    assert "data:1" in exc.value.message
