"""crisk-play driven through a pipe: scripted games of every module against
the bots, typos and illegal actions answered without losing the game, undo,
save and load."""
import os
import subprocess

import pytest

PLAY = os.environ["CRISK_PLAY"]


def play(args, lines, cwd=None):
    run = subprocess.run([PLAY, *args], input="".join(l + "\n" for l in lines), capture_output=True,
                         text=True, timeout=600, cwd=cwd)
    return run


GAMES = [
    ("base", "players=3 max_turns=12"),
    ("two_player", "max_turns=12"),
    ("risk", "players=3 max_turns=8"),
    ("hawaii", "players=4 max_turns=10"),
    ("muhq", "map=2P-ring-street players=2 draft=none limit=4"),
]


@pytest.mark.parametrize("module,rules", GAMES)
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_scripted_game_to_the_end(module, rules, bots):
    # The person ends the turn where it may and takes the first listed action
    # otherwise (a refused end_turn is answered and the game goes on);
    # max_turns / limit end the game.
    run = play(["--module", module, "--rules", rules, "--bots", bots], ["end_turn", "0"] * 3000)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert f"you play seat 0 of {module} against {bots} bots" in out
    assert "seat  score" in out  # the final table
    assert ("you win" in out) or ("you lose" in out) or ("without a winner" in out)
    assert "seat 0>" in out


def test_typos_and_illegal_actions_are_answered():
    run = play(["--rules", "players=3"], ["hello", "9999", "build_city 3", "place_settlement 1000", "0", "quit"])
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "not an action or command: unknown action 'hello'" in out
    assert "no action 9999: the list has 0..53" in out
    assert "illegal: that action belongs to another decision point" in out
    assert "seat 0 placed a settlement on intersection 0" in out


def test_undo_save_and_load(tmp_path):
    save = tmp_path / "g.save"
    run = play(["--rules", "players=3", "--seed", "5"],
               ["0", "0", "undo", "undo 1", "undo x", "3", f"save {save}", "quit"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "took back 1 decision" in run.stdout
    assert "undo wants a count >= 1" in run.stdout
    assert f"saved to {save}" in run.stdout
    # The saved game continues where it stood: seat 0 placed its settlement on 3.
    run = play(["--load", str(save)], ["board", "quit"])
    assert run.returncode == 0, run.stderr
    assert "settlement at 3" in run.stdout
    # JSON saves too, and a corrupt file keeps the current game.
    js = tmp_path / "g.json"
    bad = tmp_path / "bad.save"
    bad.write_bytes(b"not a save")
    run = play(["--load", str(save)], [f"save {js}", f"load {bad}", f"load {js}", "quit"])
    assert "cannot load" in run.stdout and f"loaded {js}" in run.stdout


def test_bad_options():
    assert play(["--module", "nope"], []).returncode == 1
    assert play(["--bots", "clever"], []).returncode == 2
    assert play(["--rules", "players=3", "--seat", "3"], []).returncode == 2
    assert play(["--load", "/nonexistent/file"], []).returncode == 1


def test_autosave_keeps_every_action(tmp_path):
    auto = tmp_path / "auto.save"
    play(["--rules", "players=3", "--autosave", str(auto)], ["0", "0"])
    run = play(["--load", str(auto)], ["board", "quit"])
    assert "your roads: 1" in run.stdout
