"""The rule module muhq through the binding: a module outside the Catan family,
whose actions are codes with text forms (docs/muhq-actions.md) and whose
views are JSON.  Random games to the end on each map, saves, records, undo,
text round trips and hidden hands."""

import json
import pickle
import random

import pytest

from catanrisk import OMNISCIENT, SPECTATOR, FormatError, Game, IllegalActionError, Rules, Status, _lib, replay

# Action types of docs/muhq-actions.md.
RELEASE = 4
CONCEDE = 23

MAPS = [
    ("2P-ring-street", 2),
    ("2P-river-king", 2),
    ("4P-islands", 2),
    ("4P-islands", 4),
]


def muhq_rules(map_name="2P-ring-street", players=2, seed=7, **extra):
    return Rules("muhq", map=map_name, players=players, draft="none", seed=seed, **extra)


def bot_codes(game):
    """What the random bots choose from: never concede, nor release a unit (one's
    King included, which loses a king map), while anything else is legal."""
    return (
        game.legal_codes(skip_types=[CONCEDE, RELEASE])
        or game.legal_codes(skip_types=[CONCEDE])
        or game.legal_codes()
    )


def play_bots(game, rng, steps=None):
    """Random bot actions until the game ends or `steps` were applied."""
    n = 0
    while not game.is_over and (steps is None or n < steps):
        codes = bot_codes(game)
        game.apply(rng.choice(codes))
        n += 1
    return n


def test_muhq_is_not_in_the_catan_family():
    assert "muhq" not in _lib.CATAN_FAMILY


@pytest.mark.parametrize("map_name,players", MAPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_to_the_end(map_name, players, seed):
    with muhq_rules(map_name, players, seed) as rules, rules.new_game() as game:
        assert game.module == "muhq"
        assert game.num_seats == players
        steps = play_bots(game, random.Random(seed))
        assert game.is_over and steps > 0
        assert game.status in (Status.WON, Status.ENDED)
        assert game.current_seat < 0
        assert game.legal_codes() == []
        view = game.view(OMNISCIENT)
        assert view["status"] in ("won", "ended")
        if game.status == Status.WON:
            assert game.winner == view["winner"]
            assert 0 <= game.winner < players
        else:
            assert game.winner is None
        # The score is the seat's resource (M-6, public).
        assert game.scores() == [s["resource"] for s in view["seats"]]
        texts = [e["text"] for e in game.events(0)]
        assert any("wins" in t or "round limit" in t or "no winner" in t for t in texts[-3:])


def test_board_json():
    with muhq_rules("2P-river-king") as rules:
        board = rules.board
        assert board["module"] == "muhq"
        assert (board["width"], board["height"]) == (13, 14)
        assert len(board["tiles"]) == 14 and all(len(row) == 13 for row in board["tiles"])
        assert board["tiles"][0][6] == "house"  # seat 1's King stands on a House (§29.2)
        assert board["win"]["condition"] == "king"


def test_actions_are_codes_with_text_forms():
    with muhq_rules() as rules, rules.new_game() as game:
        rng = random.Random(5)
        seen = set()
        for _ in range(300):
            if game.is_over:
                break
            for action in game.legal_actions():
                text = action.text
                assert text and text == str(action)
                # Text -> code -> text gives the same action back.
                assert game.action(text).code == action.code
                assert game.action(action.code).text == text
                fields = action.fields
                assert set(fields) == {"type", "name"}
                assert fields["type"] == action.code >> 56 == action.type
                assert fields["name"] == text.split()[0] == action.name
                seen.add(action.name)
            play_bots(game, rng, steps=1)
        assert {"play", "pass", "concede"} <= seen


def test_apply_by_text_and_concede():
    with muhq_rules(seed=3) as rules, rules.new_game() as game:
        names = [a.text for a in game.legal_actions()]
        play = next(t for t in names if t.startswith("play "))
        game.apply(play)  # e.g. "play c42 at 1,4"
        assert game.action("concede").type == CONCEDE
        seat = game.current_seat
        game.apply("concede")
        assert game.status == Status.WON and game.winner == 1 - seat


def test_illegal_and_unreadable_text():
    with muhq_rules() as rules, rules.new_game() as game:
        with pytest.raises(FormatError):
            game.action("play c42 at")
        with pytest.raises(FormatError):
            game.action("fly c42")
        assert game.why_illegal("done") is not None
        with pytest.raises(IllegalActionError):
            game.apply("done")


@pytest.mark.parametrize("map_name,players", MAPS)
def test_save_and_load_mid_game(map_name, players):
    with muhq_rules(map_name, players, seed=11) as rules, rules.new_game() as game:
        rng = random.Random(11)
        play_bots(game, rng, steps=60)
        assert not game.is_over
        data, text = game.save(), game.save_json()
        assert isinstance(data, bytes) and json.loads(text)["module"] == "muhq"
        with Game.load(data) as a, Game.load_json(text) as b:
            for again in (a, b):
                assert again.module == "muhq"
                assert again.rules.params == rules.params
                assert again.save() == data and again.save_json() == text
                assert again.view(OMNISCIENT) == game.view(OMNISCIENT)
                assert again.legal_codes() == game.legal_codes()
            # The same actions from here give the same games.
            for _ in range(200):
                if game.is_over:
                    break
                code = rng.choice(bot_codes(game))
                for g in (game, a, b):
                    g.apply(code)
            assert a.save() == b.save() == game.save()
        again = pickle.loads(pickle.dumps(game))
        assert again.save() == game.save()


def test_record_and_replay():
    with muhq_rules(seed=4) as rules, rules.new_game(record=True) as game:
        play_bots(game, random.Random(4))
        assert game.is_over
        text = game.record()
        assert "\nplay c" in text  # cN: records read '#' as a comment
        with replay(text) as again:
            assert again.save() == game.save()


def test_undo():
    with muhq_rules(seed=4) as rules, Game(rules, undo_depth=8) as game:
        play_bots(game, random.Random(2), steps=30)
        before = game.save()
        play_bots(game, random.Random(3), steps=5)
        game.undo(5)
        assert game.save() == before


def test_playout_in_the_library():
    with muhq_rules("4P-islands", 3, seed=2) as rules, rules.new_game() as game:
        steps, _ = game.playout(9, skip_types=[CONCEDE])
        assert game.is_over and steps > 0


def hands(view):
    return {s["seat"]: s.get("hand") for s in view["seats"]}


@pytest.mark.parametrize("map_name,players", MAPS)
def test_a_seat_never_sees_another_seats_hand(map_name, players):
    with muhq_rules(map_name, players, seed=8) as rules, rules.new_game() as game:
        rng = random.Random(8)
        checked = 0
        while not game.is_over and checked < 150:
            full = game.view(OMNISCIENT)
            for viewer in range(players):
                view = game.view(viewer)
                for s in view["seats"]:
                    if s["seat"] == viewer:
                        assert s["hand"] == full["seats"][viewer]["hand"]
                    else:
                        assert "hand" not in s and "deck" not in s
                        assert s["hand_count"] == len(full["seats"][s["seat"]]["hand"])
                # No card of another seat's hand is named anywhere in the view.
                named = card_ids(view)
                for other in range(players):
                    if other != viewer:
                        assert not named & {c["id"] for c in full["seats"][other]["hand"]}
            spectator = game.view(SPECTATOR)
            assert all(h is None for h in hands(spectator).values())
            play_bots(game, rng, steps=1)
            checked += 1


def card_ids(value):
    """Every card id a view names (members "id", "card", "src"), recursively."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "card", "src") and isinstance(item, int):
                found.add(item)
            else:
                found |= card_ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_ids(item)
    return found


def test_draws_are_hidden_in_the_events_of_other_seats():
    with muhq_rules(seed=9) as rules, rules.new_game() as game:
        play_bots(game, random.Random(9), steps=40)
        draws = [e for e in game.events(0, OMNISCIENT) if e["type"] == "draw"]
        assert draws
        for viewer in (0, 1, SPECTATOR):
            for e in game.events(0, viewer):
                if e["type"] != "draw":
                    continue
                if e["seat"] == viewer:
                    assert "a card" not in e["text"]
                else:
                    assert e["text"].endswith("draws a card"), e


def test_kraken_mode_with_ai_seats():
    """M-99..M-102, M-98: two players against seat K, one of them AI-played; the
    host decides for seat 0 only, a save mid-game loads back, and the game ends
    with seat 0 (the players) or seat K (2) as the winner."""
    with muhq_rules("the-kraken", 2, seed=5, ai="1") as rules, rules.new_game() as game:
        assert game.num_seats == 3
        rng = random.Random(5)
        steps = 0
        while not game.is_over:
            assert game.current_seat == 0
            game.apply(rng.choice(bot_codes(game)))
            steps += 1
            if steps == 20:
                with Game.load(game.save()) as again:
                    assert again.save() == game.save()
        assert game.status == Status.WON and game.winner in (0, 2)


def test_every_seat_ai_played_ends_in_new_game():
    """M-98, M-100: with every human seat AI-played there is no decision at all."""
    with muhq_rules("the-kraken", 3, seed=6, ai="0,1,2") as rules, rules.new_game() as game:
        assert game.is_over
