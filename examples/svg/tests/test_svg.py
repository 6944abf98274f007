"""crisk-svg draws every module from the public board and view JSON alone.

Each test plays a game through the Python binding, saves it, has crisk-svg
draw it for a viewer, parses the SVG and compares what is drawn with the
view that viewer gets: pieces, hexes, points, armies, permanents, and hands
(only the viewer's own)."""
import os
import random
import subprocess
import xml.etree.ElementTree as ET

import pytest

import catanrisk as cr

SVG = os.environ["CRISK_SVG"]
NS = "{http://www.w3.org/2000/svg}"


def play(module, steps, seed=1, **params):
    game = cr.Game(cr.Rules(module, seed=seed, **params))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_codes()))
    return game


def draw(tmp_path, game, viewer="spectator", as_json=False):
    save = tmp_path / ("game.json" if as_json else "game.save")
    if as_json:
        save.write_text(game.save_json())
    else:
        save.write_bytes(game.save())
    out = tmp_path / "game.svg"
    run = subprocess.run([SVG, "--save", str(save), "--viewer", str(viewer), "-o", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    root = ET.parse(out).getroot()  # well-formed XML, or this raises
    assert root.tag == NS + "svg"
    return root


def with_class(root, word):
    return [e for e in root.iter() if word in e.get("class", "").split()]


def texts(root, word):
    return ["".join(e.itertext()) for e in with_class(root, word)]


CATAN = [("base", {"players": 4}), ("two_player", {}), ("risk", {"players": 4}), ("hawaii", {"players": 4})]


@pytest.mark.parametrize("module,params", CATAN)
@pytest.mark.parametrize("steps", [0, 150, 600])
def test_catan_pieces_match_the_view(tmp_path, module, params, steps):
    game = play(module, steps, **params)
    view = game.view(cr.SPECTATOR)
    board = game.rules.board
    root = draw(tmp_path, game)
    assert len(with_class(root, "hex")) == len(board["hexes"])
    assert len(with_class(root, "road")) + len(with_class(root, "ship")) == len(view["roads"])
    for kind in ("settlement", "city"):
        assert len(with_class(root, kind)) == sum(b["kind"] == kind for b in view["buildings"])
    for b in view["buildings"]:  # each building in its owner's colour class
        assert any(f"seat-{b['seat']}" in e.get("class") for e in with_class(root, b["kind"]))
    assert len(with_class(root, "robber")) == 1
    assert len(with_class(root, "swatch")) == len(view["seats"])


def test_hawaii_map_is_drawn_whole(tmp_path):
    game = play("hawaii", 800, players=5, seed=4)
    view = game.view(cr.SPECTATOR)
    board = game.rules.board
    root = draw(tmp_path, game, as_json=True)
    assert len(with_class(root, "point")) == len(board["nodes"])
    assert len(with_class(root, "space")) == len(board["paths"])
    assert len(with_class(root, "disc")) == len(board["discs"])
    assert len(with_class(root, "scroll")) == sum("trade" in p for p in board["paths"])
    ship_type = {p["id"] for p in board["paths"] if p["kind"] != "road"}
    assert len(with_class(root, "ship")) == sum(r["path"] in ship_type for r in view["roads"])
    assert len(with_class(root, "pirate")) == 1
    assert len(with_class(root, "chit")) == sum(taker < 0 for _, taker in view["chits"])
    named = [n["name"] for n in board["nodes"] if n["kind"] != "junction"]
    assert sorted(texts(root, "place")) == sorted(named)


def test_risk_armies_and_fog(tmp_path):
    game = play("risk", 30, players=3, fog=True, seed=2)
    view = game.view(0)
    root = draw(tmp_path, game, viewer=0)
    hexes = view["risk"]["hexes"]
    drawn = sum(a > 0 for h in hexes for a in h["armies"]) + sum(h["neutral"] > 0 for h in hexes)
    assert len(with_class(root, "army")) == drawn
    hidden = sum(not h["revealed"] for h in hexes)
    assert hidden > 0  # fog still hides part of the board at this point
    assert len(with_class(root, "terrain-hidden")) == hidden
    omni = draw(tmp_path, game, viewer="omniscient")
    assert len(with_class(omni, "terrain-hidden")) == 0


@pytest.mark.parametrize("module,params", CATAN)
def test_catan_hands_only_for_the_viewer(tmp_path, module, params):
    game = play(module, 200, **params)
    assert not with_class(draw(tmp_path, game, "spectator"), "hand")
    for seat in range(game.rules.num_seats):
        hands = texts(draw(tmp_path, game, seat), "hand")
        hand = game.view(seat)["seats"][seat]["hand"]
        names = ("brick", "lumber", "wool", "grain", "ore")
        assert hands == ["hand: " + " ".join(f"{n} {c}" for n, c in zip(names, hand))]


MUHQ = [("2P-ring-street", 2), ("2P-river-king", 2), ("4P-islands", 4), ("the-kraken", 2)]


@pytest.mark.parametrize("map_name,players", MUHQ)
@pytest.mark.parametrize("steps", [0, 60, 250])
def test_muhq_grid_and_permanents(tmp_path, map_name, players, steps):
    game = play("muhq", steps, map=map_name, players=players, draft="none")
    board = game.rules.board
    root = draw(tmp_path, game, viewer=0)
    view = game.view(0)
    assert len(with_class(root, "tile")) == board["width"] * board["height"]
    assert len(with_class(root, "home")) == len(board["home_tiles"])
    placed = [p for p in view["permanents"] if p["tile"] is not None]
    assert len(with_class(root, "permanent")) == len(placed)
    assert len(with_class(root, "wall")) == sum(w["standing"] for w in view["walls"])
    hand = [c["name"] for c in view["seats"][0]["hand"]]
    assert texts(root, "hand") == ["hand:" + ",".join(" " + n for n in hand)]
    assert not with_class(draw(tmp_path, game, "spectator"), "hand")


def run_svg(*args):
    return subprocess.run([SVG, *args], capture_output=True, text=True)


def test_bad_input_is_refused_with_the_library_message(tmp_path):
    bad = tmp_path / "bad.save"
    bad.write_bytes(b"\x00garbage" * 10)
    out = tmp_path / "out.svg"
    run = run_svg("--save", str(bad), "-o", str(out))
    assert run.returncode == 1 and "crisk-svg: save:" in run.stderr
    assert not out.exists()
    run = run_svg("--module", "no_such_module", "-o", str(out))
    assert run.returncode == 1 and "no_such_module" in run.stderr
    assert not out.exists()
    run = run_svg("--record", str(tmp_path / "missing.rec"))
    assert run.returncode == 1 and "cannot open" in run.stderr
    assert run_svg("--module", "base", "--rules", "players=4", "--viewer", "4").returncode == 2
    assert run_svg("--module", "base", "--save", str(bad)).returncode == 2
    assert run_svg("--steps", "-3", "--module", "base").returncode == 2


def test_record_and_seed_sources(tmp_path):
    game = cr.Game(cr.Rules("base", players=3, seed=9), record=True)
    rng = random.Random(3)
    for _ in range(120):
        game.apply(rng.choice(game.legal_codes()))
    rec = tmp_path / "game.rec"
    rec.write_text(game.record())
    run = run_svg("--record", str(rec))
    assert run.returncode == 0, run.stderr
    root = ET.fromstring(run.stdout)
    assert len(with_class(root, "road")) == len(game.view(cr.SPECTATOR)["roads"])
    run = run_svg("--module", "muhq", "--rules", "map=2P-river-king players=2 draft=none", "--steps", "40")
    assert run.returncode == 0, run.stderr
    ET.fromstring(run.stdout)


@pytest.mark.parametrize("module,rules", [("base", "players=3"), ("hawaii", "players=3"),
                                          ("muhq", "map=2P-ring-street players=2 draft=none")])
def test_demo_writes_a_picture_per_turn(tmp_path, module, rules):
    run = subprocess.run([os.environ["CRISK_DEMO"], "--module", module, "--rules", rules, "--seed", "2",
                          "--viewer", "0", "--svg", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    turns = sorted(p.name for p in tmp_path.glob("turn-*.svg"))
    assert (tmp_path / "final.svg").exists() and len(turns) >= 2
    assert f"{len(turns) + 1} SVG pictures in {tmp_path}" in run.stdout
    # One picture per turn: the numbers are the turns the game went through.
    numbers = [int(t[5:10]) for t in turns]
    assert numbers == sorted(set(numbers)) and numbers[0] <= 1
    for name in turns[:3] + turns[-2:] + ["final.svg"]:
        root = ET.parse(tmp_path / name).getroot()
        assert root.tag == NS + "svg"
    # the viewer's own hand only
    assert len(with_class(ET.parse(tmp_path / "final.svg").getroot(), "hand")) == 1


def test_demo_svg_into_a_missing_folder_fails_cleanly(tmp_path):
    run = subprocess.run([os.environ["CRISK_DEMO"], "--svg", str(tmp_path / "nope")], capture_output=True, text=True)
    assert run.returncode != 0 and "cannot write" in run.stderr
