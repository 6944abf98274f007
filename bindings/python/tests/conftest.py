"""Shared fixtures.  The library comes from CATANRISK_LIBRARY (set by meson test)."""

import random

import pytest

import catanrisk


@pytest.fixture
def rules():
    with catanrisk.Rules("base", players=4, seed=7) as r:
        yield r


@pytest.fixture
def game(rules):
    with catanrisk.Game(rules) as g:
        yield g


def play_random(game, rng, steps=None):
    """Random legal actions until the game ends or `steps` were applied; returns the count."""
    n = 0
    while not game.is_over and (steps is None or n < steps):
        game.apply(rng.choice(game.legal_codes()))
        n += 1
    return n


@pytest.fixture
def midgame(rules):
    """A game some way past set-up, with hidden cards in hands."""
    with catanrisk.Game(rules) as g:
        play_random(g, random.Random(3), steps=400)
        assert not g.is_over
        yield g
