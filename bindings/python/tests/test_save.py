"""Saves (binary and JSON), game records, undo: round trips and refusals."""

import copy
import json
import pickle
import random
import struct
import zlib

import pytest

import catanrisk
from catanrisk import OMNISCIENT, FormatError, Game, Rules, StateError

from conftest import play_random


def snapshot(game):
    """Everything a caller can observe of a game, hidden information included."""
    return (
        game.view(OMNISCIENT),
        game.legal_codes(),
        game.current_seat,
        game.status,
        game.turn,
        game.scores(),
        game.next_event,
    )


def assert_same_future(a, b, seed, steps=300):
    """Applies the same random actions to both games; they must stay identical."""
    rng = random.Random(seed)
    for _ in range(steps):
        assert snapshot(a) == snapshot(b)
        if a.is_over:
            break
        since = a.next_event
        code = rng.choice(a.legal_codes())
        a.apply(code)
        b.apply(code)
        # Same events (dice, steals, cards drawn) with the same numbers.
        assert a.events(since, OMNISCIENT) == b.events(since, OMNISCIENT)
    assert a.save() == b.save()


def fix_crc(blob):
    """A blob with its trailing CRC-32 recomputed, to get past the checksum."""
    body = bytes(blob[:-4])
    return body + struct.pack("<I", zlib.crc32(body))


# ---------------------------------------------------------------- binary saves


def test_save_is_bytes_and_deterministic(midgame):
    data = midgame.save()
    assert isinstance(data, bytes) and data.startswith(b"CRISKSAV")
    assert midgame.save() == data
    assert Game.load(data).save() == data


def test_binary_round_trip_continues_identically(midgame):
    loaded = Game.load(midgame.save())
    assert loaded.module == "base" and loaded.num_seats == 4
    assert loaded.rules.params == midgame.rules.params
    assert loaded.events() == []  # the event log starts empty ...
    assert loaded.next_event == midgame.next_event  # ... at the saved sequence number
    assert_same_future(midgame, loaded, seed=17)


@pytest.mark.parametrize("params", ["players=3 seed=5 chance=explicit", "players=2 seed=9 board=beginner"])
def test_round_trip_other_rules(params):
    game = Game(Rules("base", params))
    play_random(game, random.Random(1), steps=250)
    assert_same_future(game, Game.load(game.save()), seed=2)
    assert_same_future(game, Game.load_json(game.save_json()), seed=3)


def test_round_trip_at_start_and_at_end(rules):
    fresh = Game(rules)
    assert_same_future(fresh, Game.load(fresh.save()), seed=4, steps=50)
    finished = Game(Rules("base", players=4, seed=21))
    play_random(finished, random.Random(5))
    assert finished.is_over
    loaded = Game.load(finished.save())
    assert snapshot(loaded) == snapshot(finished) and loaded.winner == finished.winner


def test_load_accepts_bytearray_and_memoryview(midgame):
    data = midgame.save()
    for form in (bytearray(data), memoryview(data)):
        assert Game.load(form).save() == data


def test_loaded_rules_share_the_rules_object(midgame):
    loaded = Game.load(midgame.save())
    other = loaded.rules.new_game()
    other.copy_from(loaded)
    assert snapshot(other)[:-1] == snapshot(loaded)[:-1]
    with pytest.raises(catanrisk.InvalidArgumentError):
        midgame.copy_from(loaded)  # equal rules, but another rules object
    loaded.rules.close()
    assert loaded.legal_codes() == other.legal_codes()  # the game keeps its rules alive


def test_pickle_and_copy_of_loaded_game(midgame):
    again = pickle.loads(pickle.dumps(midgame))
    assert again.save() == midgame.save()
    assert_same_future(midgame, copy.deepcopy(Game.load(midgame.save())), seed=6, steps=50)


def test_truncated_saves_are_refused(midgame):
    data = midgame.save()
    for cut in range(len(data)):
        with pytest.raises(FormatError) as info:
            Game.load(data[:cut])
        assert info.value.message and info.value.code == -7
    with pytest.raises(FormatError, match="truncated"):
        Game.load(data[:100])
    with pytest.raises(FormatError):
        Game.load(data + b"\0")  # trailing bytes


def test_every_flipped_byte_is_refused(midgame):
    data = midgame.save()
    for pos in range(len(data)):
        for mask in (0x01, 0x80):
            bad = bytearray(data)
            bad[pos] ^= mask
            with pytest.raises(FormatError) as info:
                Game.load(bad)
            assert info.value.message


def test_random_bytes_are_refused():
    rng = random.Random(23)
    for _ in range(500):
        blob = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 700)))
        if rng.random() < 0.5:
            blob = b"CRISKSAV" + blob
        with pytest.raises(FormatError) as info:
            Game.load(blob)
        assert info.value.message


def test_valid_checksum_over_bad_content_is_refused(midgame):
    data = bytearray(midgame.save())
    newer = bytearray(data)
    newer[8:12] = struct.pack("<I", 99)  # format 2 exists (saves with a data text)
    with pytest.raises(FormatError, match="newer"):
        Game.load(fix_crc(newer))
    # A random state byte changed, CRC fixed: the module's validation must refuse
    # it or accept a state that is still consistent; either way, no crash.
    rng = random.Random(31)
    state_at = 26 + len(b"base") + len(midgame.rules.params)
    refused = 0
    for _ in range(400):
        bad = bytearray(data)
        pos = rng.randrange(state_at, len(data) - 12)
        bad[pos] = rng.getrandbits(8)
        try:
            game = Game.load(fix_crc(bad))
        except FormatError as exc:
            assert exc.message
            refused += 1
        else:
            play_random(game, random.Random(pos), steps=30)
    assert refused > 0
    phase = bytearray(data)
    phase[state_at + 50] = 250
    with pytest.raises(FormatError, match="phase"):
        Game.load(fix_crc(phase))


@pytest.mark.parametrize("bad", ["CRISKSAV", None, 42, 1.5, [1, 2], {"a": 1}, object()])
def test_load_wrong_types(bad):
    with pytest.raises(TypeError):
        Game.load(bad)


# ---------------------------------------------------------------- JSON saves


def test_save_json_is_text(midgame):
    text = midgame.save_json()
    assert isinstance(text, str)
    doc = json.loads(text)
    assert doc["format"] == "crisk-save" and doc["module"] == "base"
    assert doc["params"] == midgame.rules.params and doc["event_seq"] == midgame.next_event
    assert midgame.save_json() == text


def test_json_round_trips(midgame):
    text = midgame.save_json()
    for form in (text, text.encode(), bytearray(text.encode()), json.loads(text)):
        loaded = Game.load_json(form)
        assert loaded.save_json() == text
        assert loaded.save() == midgame.save()  # the two forms convert without loss
    assert_same_future(midgame, Game.load_json(text), seed=8)


def test_json_syntax_errors(midgame):
    text = midgame.save_json()
    for cut in list(range(0, 60)) + list(range(60, len(text), 37)):
        with pytest.raises(FormatError) as info:
            Game.load_json(text[:cut])
        assert info.value.message
    for bad in ["", "{", "[]", "null", text + ",", text.replace(":", "=", 1), "{\"format\":\"crisk-save\",}"]:
        with pytest.raises(FormatError):
            Game.load_json(bad)
    with pytest.raises(FormatError, match="byte"):
        Game.load_json('{"format" "crisk-save"}')
    with pytest.raises(FormatError):
        Game.load_json(b"\xff\xfe" + text.encode())  # not UTF-8


def test_json_content_errors_name_the_path(midgame):
    doc = json.loads(midgame.save_json())

    def refused(change):
        bad = copy.deepcopy(doc)
        change(bad)
        with pytest.raises(FormatError) as info:
            Game.load_json(bad)
        return info.value.message

    assert refused(lambda d: d.update(format="other")).startswith("$.format")
    assert refused(lambda d: d.update(version=99)).startswith("$.version")
    assert refused(lambda d: d.update(module="chess")).startswith("$.module")
    assert refused(lambda d: d.update(params="players=9")).startswith("$.params")
    assert refused(lambda d: d.update(extra=1))  # unknown member
    assert refused(lambda d: d.pop("state"))  # missing member
    assert refused(lambda d: d["state"].update(turn="four")).startswith("$.state.turn")
    assert refused(lambda d: d["state"].update(phase="lunch")).startswith("$.state.phase")
    assert refused(lambda d: d["state"].update(dice=[7, 9])).startswith("$.state.dice")
    assert refused(lambda d: d["state"].update(rng=[1, 2]))
    assert refused(lambda d: d.update(event_seq=-1)).startswith("$.event_seq")


def test_json_random_mutations_never_crash(midgame):
    text = midgame.save_json()
    rng = random.Random(41)
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randrange(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice('0123456789{}[]",:-ae ')
        try:
            game = Game.load_json("".join(chars))
        except FormatError as exc:
            assert exc.message
        else:
            game.legal_codes()


@pytest.mark.parametrize("bad", [None, 42, ["{}"], object()])
def test_load_json_wrong_types(bad):
    with pytest.raises(TypeError):
        Game.load_json(bad)


# ---------------------------------------------------------------- records


def test_record_and_replay(rules):
    game = Game(rules, record=True)
    assert game.recording
    play_random(game, random.Random(12), steps=200)
    text = game.record()
    lines = text.split("\n")
    assert lines[0] == "crisk-record 1" and lines[1] == "module base"
    assert lines[2] == "params " + rules.params
    assert len(lines) == 3 + 200 + 1 and lines[-1] == ""
    again = catanrisk.replay(text)
    assert again.recording and again.record() == text
    assert again.save() == game.save()
    assert_same_future(game, again, seed=13)
    assert game.record() == again.record()
    assert Game.replay(text.encode()).save() == catanrisk.replay(text).save()


def test_record_prefix_replays_to_that_point(rules):
    game = Game(rules, record=True)
    saves = [game.save()]
    rng = random.Random(14)
    for _ in range(60):
        game.apply(rng.choice(game.legal_codes()))
        saves.append(game.save())
    lines = game.record().splitlines(keepends=True)
    for n in (0, 1, 17, 60):
        assert catanrisk.replay("".join(lines[: 3 + n])).save() == saves[n]


def test_recording_only_from_the_start(rules):
    game = Game(rules)
    assert not game.recording
    with pytest.raises(StateError) as info:
        game.record()
    assert info.value.message
    game.recording = True  # no action applied yet: allowed
    game.apply(game.legal_codes()[0])
    assert len(game.record().splitlines()) == 4
    game.recording = False
    assert not game.recording
    with pytest.raises(StateError):
        game.record()
    with pytest.raises(StateError) as info:
        game.recording = True  # too late
    assert "crisk_game_new" in info.value.message and not game.recording
    loaded = Game.load(game.save())
    assert not loaded.recording
    with pytest.raises(StateError):
        loaded.recording = True
    with pytest.raises(TypeError):
        game.recording = 1


def test_copies_keep_the_record(rules):
    game = rules.new_game(record=True)
    play_random(game, random.Random(15), steps=30)
    clone = game.copy()
    assert clone.recording and clone.record() == game.record()
    # copy_from() does not allocate: the destination takes the record over
    # only when its own list has room for it.
    roomy = rules.new_game(record=True)
    play_random(roomy, random.Random(16), steps=40)
    roomy.copy_from(game)
    assert roomy.record() == game.record()
    for target in (rules.new_game(record=True), Game(rules)):
        target.copy_from(game)
        with pytest.raises(StateError):
            target.record()


@pytest.mark.parametrize(
    "text, where",
    [
        ("", "line"),
        ("hello", "line 1"),
        ("crisk-record 1\nmodule chess\n", "line 2"),
        ("crisk-record 1\nmodule base\nparams players=9\n", "line 3"),
        ("crisk-record 1\nmodule base\nparams players=4 seed=7\nbiuld_road 3\n", "line 4"),
        ("crisk-record 1\nmodule base\nparams players=4 seed=7\nbuild_city 3\n", "line 4"),
        ("crisk-record 1\nmodule base\nparams players=4 seed=7\nplace_settlement 0\x00\n", "line 4"),
        ("crisk-record 99\n", "line 1"),
    ],
)
def test_bad_records_are_refused(text, where):
    with pytest.raises(FormatError) as info:
        catanrisk.replay(text)
    assert where in info.value.message


def test_random_record_damage_never_crashes(rules):
    game = Game(rules, record=True)
    play_random(game, random.Random(16), steps=80)
    text = game.record()
    rng = random.Random(17)
    for _ in range(200):
        chars = list(text)
        chars[rng.randrange(len(chars))] = rng.choice("0123456789 abz\n#")
        try:
            catanrisk.replay("".join(chars)).legal_codes()
        except FormatError as exc:
            assert exc.message.startswith("line ")


@pytest.mark.parametrize("bad", [None, 42, ["crisk-record 1"]])
def test_replay_wrong_types(bad):
    with pytest.raises(TypeError):
        catanrisk.replay(bad)


# ---------------------------------------------------------------- undo


def test_undo_restores_the_exact_view(rules):
    game = Game(rules, undo_depth=100)
    assert game.undo_depth == 100 and game.undo_available == 0
    rng = random.Random(18)
    history = []
    for _ in range(100):
        history.append((snapshot(game), game.save(), game.events(0, OMNISCIENT)))
        game.apply(rng.choice(game.legal_codes()))
    assert game.undo_available == 100
    for i in reversed(range(100)):
        game.undo()
        view, save, events = history[i]
        assert snapshot(game) == view
        assert game.save() == save
        assert game.events(0, OMNISCIENT) == events
    assert game.undo_available == 0


def test_undo_several_steps_and_redo_gives_the_same_results(midgame):
    midgame.undo_depth = 16
    rng = random.Random(19)
    before = snapshot(midgame)
    codes = []
    for _ in range(10):
        codes.append(rng.choice(midgame.legal_codes()))
        midgame.apply(codes[-1])
    after = midgame.save()
    midgame.undo(10)
    assert snapshot(midgame) == before
    for code in codes:  # the RNG came back too: the same dice, draws and steals
        midgame.apply(code)
    assert midgame.save() == after
    midgame.undo(0)
    assert midgame.save() == after


def test_undo_refusals_leave_the_game_unchanged(rules):
    game = Game(rules)
    with pytest.raises(StateError):
        game.undo()  # undo is off by default
    game.undo_depth = 3
    play_random(game, random.Random(20), steps=5)
    assert game.undo_available == 3  # the ring keeps the newest three
    before = game.save()
    with pytest.raises(StateError) as info:
        game.undo(4)
    assert "3" in info.value.message
    assert game.save() == before and game.undo_available == 3
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.undo(-1)
    with pytest.raises(TypeError):
        game.undo("1")
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.undo_depth = catanrisk.MAX_UNDO_DEPTH + 1
    with pytest.raises(catanrisk.InvalidArgumentError):
        game.undo_depth = -1
    with pytest.raises(TypeError):
        game.undo_depth = 2.0
    assert game.undo_depth == 3 and game.undo_available == 3
    game.undo_depth = 3  # setting the depth starts an empty history
    assert game.undo_available == 0


def test_undo_with_recording_shortens_the_record(rules):
    game = Game(rules, record=True, undo_depth=8)
    play_random(game, random.Random(21), steps=20)
    full = game.record().splitlines()
    game.undo(5)
    assert game.record().splitlines() == full[:-5]
    assert catanrisk.replay(game.record()).save() == game.save()


def test_copies_and_loads_and_undo(rules):
    game = Game(rules, undo_depth=10)
    play_random(game, random.Random(22), steps=6)
    clone = game.copy()
    assert clone.undo_depth == 10 and clone.undo_available == 6
    clone.undo(6)
    assert clone.save() == Game(rules).save()
    loaded = Game.load(game.save())
    assert loaded.undo_depth == 0 and loaded.undo_available == 0
    target = Game(rules, undo_depth=4)
    target.copy_from(game)
    assert target.undo_depth == 4 and target.undo_available == 0


def test_closed_game_refuses_saving(rules):
    game = Game(rules, record=True, undo_depth=2)
    game.close()
    for call in (game.save, game.save_json, game.record, game.undo, lambda: game.undo_available,
                 lambda: game.recording, lambda: game.undo_depth):
        with pytest.raises(ValueError):
            call()
