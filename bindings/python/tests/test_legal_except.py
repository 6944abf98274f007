"""Game.legal_codes / legal_actions with skip_types (crisk_game_legal_actions_except)."""

import os
import random

import pytest

import catanrisk
from catanrisk import Game, InvalidArgumentError, Rules

OFFER_TRADE = 23  # CRISK_CATAN_OFFER_TRADE
MARITIME_TRADE = 22
END_TURN = 28
BUILD_ROAD = 10


def without(codes, types):
    return [c for c in codes if (c >> 56) not in types]


def check_every_step(game, rng, steps, masks):
    offers_seen = 0
    for _ in range(steps):
        if game.is_over:
            break
        full = game.legal_codes()
        for types in masks:
            assert game.legal_codes(skip_types=types) == without(full, set(types))
        offers_seen += any(c >> 56 == OFFER_TRADE for c in full)
        game.apply(rng.choice(full))
    return offers_seen


@pytest.mark.parametrize(
    "module, params",
    [
        ("base", {"players": 4, "seed": 7, "chance": "explicit"}),
        ("two_player", {"seed": 8}),
        ("risk", {"players": 3, "seed": 9}),
    ],
)
def test_skip_types_is_the_filtered_list(module, params):
    masks = [[OFFER_TRADE], (MARITIME_TRADE, END_TURN), {BUILD_ROAD, OFFER_TRADE}, range(40, 48), [63], range(64)]
    with Game(Rules(module, **params)) as game:
        assert check_every_step(game, random.Random(1), 600, masks) > 10


def test_skip_nothing_and_actions(midgame):
    full = midgame.legal_codes()
    assert midgame.legal_codes(skip_types=()) == full == midgame.legal_codes(skip_types=[])
    assert midgame.legal_codes(skip_types=iter([])) == full
    kept = midgame.legal_actions(skip_types=[OFFER_TRADE])
    assert all(isinstance(a, catanrisk.Action) and a.type != OFFER_TRADE for a in kept)
    assert [a.code for a in kept] == without(full, {OFFER_TRADE})
    # Skipping only changes the list: an offer is still accepted.
    offers = [c for c in full if c >> 56 == OFFER_TRADE]
    if offers:
        midgame.check(offers[0])


def test_skip_types_refuses_bad_types(game):
    with pytest.raises(InvalidArgumentError, match="action type 64 cannot be skipped"):
        game.legal_codes(skip_types=[64])
    with pytest.raises(InvalidArgumentError):
        game.legal_actions(skip_types=[-1])
    with pytest.raises(TypeError, match="not an int"):
        game.legal_codes(skip_types=OFFER_TRADE)
    with pytest.raises(TypeError):
        game.legal_codes(skip_types=["offer"])
    with pytest.raises(TypeError):
        game.legal_codes(skip_types=[True])


def test_skip_types_grows_the_buffer():
    # A fresh buffer of one slot must grow to the kept list's length.
    with Game(Rules("base", players=4, seed=7)) as game:
        game._buf._resize(1)
        full = game.legal_codes()
        game._buf._resize(1)
        assert game.legal_codes(skip_types=[BUILD_ROAD]) == without(full, {BUILD_ROAD})


HOUSE = os.environ.get("CRISK_HOUSE_RULES_SO")


@pytest.mark.skipif(not HOUSE, reason="CRISK_HOUSE_RULES_SO is not set")
def test_skip_types_of_a_loaded_module():
    # A host module: the library's generic filter.
    with Game(Rules.from_file(HOUSE, players=3, seed=4)) as game:
        check_every_step(game, random.Random(2), 300, [[MARITIME_TRADE], [BUILD_ROAD, END_TURN], range(64)])
