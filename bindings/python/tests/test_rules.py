"""Rules: parameters from keyword arguments, errors with the library's messages."""

import pytest

import catanrisk
from catanrisk import ParameterError, Rules


def test_keyword_arguments_become_parameters():
    r = Rules("base", players=3, seed=9, board="beginner", friendly_robber=True, max_turns=None)
    assert r.module == "base" and r.num_seats == 3
    assert "players=3" in r.params and "seed=9" in r.params
    assert "board=beginner" in r.params and "friendly_robber=1" in r.params


def test_false_becomes_zero():
    assert "friendly_robber=0" in Rules("base", players=2, seed=1, friendly_robber=False).params


def test_string_and_keywords_combine():
    r = Rules("base", "players=2", seed=5)
    assert "players=2" in r.params and "seed=5" in r.params


def test_canonical_params_round_trip():
    r = Rules("base", players=4, seed=7, board="random")
    again = Rules("base", r.params)
    assert again.params == r.params
    assert again.board == r.board


def test_list_values_are_comma_joined():
    tokens = [10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11]
    r = Rules("base", players=4, seed=1, board="custom", terrain="mpfghphgfdfmfmgphgp", tokens=tokens, harbors="3go3w33bl")
    assert "tokens=" + ",".join(map(str, tokens)) in r.params


def test_unknown_parameter_raises_with_library_message():
    with pytest.raises(ParameterError) as info:
        Rules("base", players=4, seed=7, colour="red")
    assert "colour" in str(info.value) and info.value.code == -6


def test_bad_value_names_key_and_accepted_values():
    with pytest.raises(ParameterError) as info:
        Rules("base", players=9, seed=7)
    assert "players" in info.value.message


def test_unknown_module():
    with pytest.raises(catanrisk.NotFoundError) as info:
        Rules("no_such_module", players=4, seed=7)
    assert "no_such_module" in str(info.value)


@pytest.mark.parametrize("value", ["two words", "a;b", "k=v"])
def test_values_that_would_be_misread_are_refused(value):
    with pytest.raises(ParameterError):
        Rules("base", players=4, seed=7, board=value)


@pytest.mark.parametrize(
    "args, kwargs",
    [((42,), {}), (("base", 4), {}), (("base",), {"players": object()}), (("base",), {"players": {"a": 1}})],
)
def test_wrong_types_raise_type_error(args, kwargs):
    with pytest.raises(TypeError):
        Rules(*args, **kwargs)


def test_nul_in_string_is_refused():
    with pytest.raises(ValueError):
        Rules("base\0x", "players=4 seed=1")


def test_parameter_descriptions():
    infos = Rules.parameters("base")
    names = [p.name for p in infos]
    assert names[:2] == ["players", "seed"]
    assert all(p.type and p.help for p in infos)
    with pytest.raises(catanrisk.NotFoundError):
        Rules.parameters("no_such_module")


def test_board_is_a_dict(rules):
    board = rules.board
    assert isinstance(board, dict) and board


def test_context_manager_closes_but_games_live_on():
    with Rules("base", players=2, seed=3) as r:
        game = catanrisk.Game(r)
    assert r.closed
    with pytest.raises(ValueError):
        r.board
    with pytest.raises(ValueError):
        catanrisk.Game(r)
    assert game.legal_actions()  # the game holds its own reference
    assert r.params and repr(r).startswith("Rules('base'")


@pytest.mark.parametrize("key", ["", "a b", "a=b", "x;y"])
def test_parameter_names_that_would_be_misread_are_refused(key):
    with pytest.raises(ParameterError):
        Rules("base", "players=4 seed=7", **{key: 1})
