"""Module hawaii from Python (rules/hawaii.md): a game on the built-in map
played to a winner, saved and loaded; a host map (option ``map``, H-91) from
a string and from a file, whose saves and records carry the map text."""

import os
import random

import pytest

from catanrisk import FormatError, Game, ParameterError, Rules, Status, replay

OFFER = 23  # OFFER_TRADE (docs/actions.md): random bots make no domestic offers

# The small host map of the C tests (tests/catanmap/three_isles.catanmap).
MAP_PATH = os.environ.get(
    "CRISK_HAWAII_MAP",
    os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "catanmap", "three_isles.catanmap"),
)


@pytest.fixture(scope="module")
def map_text():
    with open(MAP_PATH, encoding="utf-8") as f:
        return f.read()


def play_to_end(game, seed):
    steps, _ = game.playout(seed, skip_types=[OFFER])
    assert steps > 0
    assert game.status == Status.WON and game.winner in range(game.num_seats)


def test_builtin_map_to_a_winner_and_back():
    rules = Rules("hawaii", players=4, seed=11)
    assert "map=hawaii" in rules.params and rules.data is None
    game = rules.new_game()
    game.playout(5, skip_types=[OFFER], max_steps=500)
    loaded = Game.load(game.save())
    assert loaded.save() == game.save()
    play_to_end(game, 6)
    play_to_end(loaded, 6)
    assert loaded.winner == game.winner and loaded.save() == game.save()


def test_host_map_from_a_string(map_text):
    # H-91: with a text and no ``map`` the host's map is in force.
    rules = Rules("hawaii", players=3, seed=2, data=map_text)
    assert "map=data" in rules.params
    assert rules.data == map_text.encode()
    ids = {p["map_id"] for p in rules.board["nodes"]}
    assert "cove" in ids and "kalalau" not in ids
    play_to_end(rules.new_game(), 9)


def test_host_map_from_a_file(map_text):
    rules = Rules.from_data_file("hawaii", MAP_PATH, players=4, seed=1, chance="explicit")
    assert rules.data == map_text.encode() and rules.num_seats == 4
    play_to_end(rules.new_game(), 4)


def test_host_map_games_load_without_the_file(map_text):
    game = Rules("hawaii", "map=data players=3 seed=5", data=map_text).new_game(record=True)
    game.playout(1, skip_types=[OFFER], max_steps=400)
    for loaded in (Game.load(game.save()), Game.load_json(game.save_json()), replay(game.record())):
        assert loaded.rules.data == map_text.encode()
        assert loaded.save() == game.save()
    rng = random.Random(3)
    loaded = Game.load(game.save())
    while not game.is_over:
        code = rng.choice(game.legal_codes(skip_types=[OFFER]))
        game.apply(code)
        loaded.apply(code)
    assert loaded.winner == game.winner


def test_map_option_errors(map_text):
    with pytest.raises(ParameterError, match="'hawaii' is the built-in map"):
        Rules("hawaii", map="hawaii", players=3, seed=1, data=map_text)
    with pytest.raises(ParameterError, match="none was given"):
        Rules("hawaii", map="data", players=3, seed=1)
    with pytest.raises(ParameterError, match=r"accepted: hawaii\|data"):
        Rules("hawaii", map="maui", players=3, seed=1)
    with pytest.raises(ParameterError, match="no target for 5 seats"):
        Rules("hawaii", players=5, seed=1, data=map_text)
    with pytest.raises(FormatError, match="line 4: unsupported version '2'"):
        Rules("hawaii", players=3, seed=1, data=map_text.replace("catanmap 1", "catanmap 2"))
