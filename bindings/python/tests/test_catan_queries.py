"""Catan-family queries (catan.h): hands, development cards, public counts,
buildings, roads, robber, bank, action encoding, single events, and the
constants of catan.h, two_player.h and risk.h.  Values are checked against
the library's JSON view; viewer rights follow B-134."""

import random
import re
from pathlib import Path

import pytest

import catanrisk
from catanrisk import (
    OMNISCIENT,
    SPECTATOR,
    BuildingKind,
    CatanActionType,
    Game,
    HiddenInformationError,
    InvalidArgumentError,
    NotFoundError,
    Rules,
    UnsupportedError,
)
from catanrisk import catan

from conftest import play_random

INCLUDE = Path(__file__).resolve().parents[3] / "include" / "catanrisk"


def header_defines(name, prefix):
    """{suffix: value} of the integer #defines of include/catanrisk/<name> starting with prefix."""
    found = {}
    for line in (INCLUDE / name).read_text().splitlines():
        m = re.match(r"#define (CRISK_\w+) (-?\d+)u?\b", line)
        if m and m.group(1).startswith(prefix):
            found[m.group(1)[len(prefix):]] = int(m.group(2))
    return found


@pytest.mark.parametrize(
    "enum, header, prefix, skip",
    [
        (catan.Resource, "catan.h", "CRISK_CATAN_", None),
        (catan.DevCard, "catan.h", "CRISK_CATAN_", None),
        (catan.CatanActionType, "catan.h", "CRISK_CATAN_", None),
        (catan.CatanEvent, "catan.h", "CRISK_CATAN_EV_", None),
        (catan.TwoPlayerActionType, "two_player.h", "CRISK_TP_", None),
        (catan.TwoPlayerEvent, "two_player.h", "CRISK_TP_EV_", None),
        (catan.RiskActionType, "risk.h", "CRISK_RISK_", None),
        (catan.RiskEvent, "risk.h", "CRISK_RISK_EV_", None),
    ],
)
def test_enums_mirror_the_headers(enum, header, prefix, skip):
    defines = header_defines(header, prefix)
    for member in enum:
        assert defines.get(member.name) == member.value, f"{enum.__name__}.{member.name}"
    # Every action or event type of the header is in the enum.
    if enum.__name__.endswith("Event"):
        assert {m.name for m in enum} == set(defines)
    elif enum.__name__.endswith("ActionType"):
        types = {k for k, v in defines.items() if not k.startswith("EV_") and k.isupper()}
        missing = {k for k in types if k not in enum.__members__}
        # The rest are the counts and seat constants of the module, checked below.
        assert missing <= {"BRICK", "LUMBER", "WOOL", "GRAIN", "ORE", "NUM_RESOURCES", "KNIGHT", "VICTORY_POINT",
                           "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "NUM_DEV_TYPES", "TO_ALL",
                           "ACTION_VERSION", "NEUTRAL_0", "NEUTRAL_1", "TOKENS_TOTAL", "NO_CARD", "NEUTRAL"}


def test_constants_mirror_the_headers():
    assert catan.TO_ALL == header_defines("catan.h", "CRISK_CATAN_")["TO_ALL"]
    tp = header_defines("two_player.h", "CRISK_TP_")
    assert (catan.TP_NEUTRAL_0, catan.TP_NEUTRAL_1, catan.TP_TOKENS_TOTAL, catan.TP_NO_CARD) == (
        tp["NEUTRAL_0"], tp["NEUTRAL_1"], tp["TOKENS_TOTAL"], tp["NO_CARD"])
    assert catan.RISK_NEUTRAL == header_defines("risk.h", "CRISK_RISK_")["NEUTRAL"]
    assert catan.HIDDEN == -1000


def test_hand_and_dev_cards_match_the_view(midgame):
    """B-134: a seat sees its own cards; the omniscient viewer sees all."""
    for seat in range(midgame.num_seats):
        mine = midgame.view(seat)["seats"][seat]
        assert midgame.hand(seat, seat) == tuple(mine["hand"])
        assert midgame.hand(seat, OMNISCIENT) == tuple(mine["hand"])
        assert midgame.dev_cards(seat, seat) == tuple(mine["dev"])
        assert sum(midgame.hand(seat, seat)) == mine["hand_size"]


def test_seat_counts_match_the_public_view(midgame):
    public = midgame.view(SPECTATOR)["seats"]
    for seat in range(midgame.num_seats):
        counts = midgame.seat_counts(seat)
        assert counts == (public[seat]["hand_size"], public[seat]["dev_count"], public[seat]["knights"])
        assert counts.cards == sum(midgame.hand(seat, OMNISCIENT))
        assert counts.dev_cards == sum(midgame.dev_cards(seat, OMNISCIENT))


def test_hidden_cards_raise_and_leave_the_game_unchanged(midgame):
    """B-134: other seats and spectators may not see a hand or development cards."""
    before = midgame.save()
    for query in (midgame.hand, midgame.dev_cards):
        with pytest.raises(HiddenInformationError, match="may not see seat 1"):
            query(1, 0)
        with pytest.raises(HiddenInformationError):
            query(1, SPECTATOR)
        with pytest.raises(InvalidArgumentError, match="seat 4 out of range 0..3"):
            query(4, OMNISCIENT)
        with pytest.raises(InvalidArgumentError, match="seat -1 out of range"):
            query(-1, OMNISCIENT)
        with pytest.raises(InvalidArgumentError, match="viewer 9"):
            query(0, 9)
        with pytest.raises(TypeError, match="seat must be an int"):
            query("0", 0)
        with pytest.raises(InvalidArgumentError, match="out of range"):
            query(1 << 40, 0)
    with pytest.raises(InvalidArgumentError, match="seat 7"):
        midgame.seat_counts(7)
    assert midgame.save() == before


def test_board_queries_match_the_view(midgame):
    view = midgame.view(SPECTATOR)
    board = midgame.rules.board
    buildings = {b["node"]: b for b in view["buildings"]}
    roads = {r["path"]: r["seat"] for r in view["roads"]}
    assert buildings and roads
    for node in range(len(board["nodes"])):
        got = midgame.building(node)
        if node in buildings:
            assert got.owner == buildings[node]["seat"]
            assert got.kind.name.lower() == buildings[node]["kind"]
        else:
            assert got == (None, BuildingKind.EMPTY)
    for path in range(len(board["paths"])):
        assert midgame.road(path) == roads.get(path)
    assert midgame.robber == view["robber"]
    bank = midgame.bank()
    assert bank.resources == tuple(view["bank"]) and bank.deck_size == view["deck_size"]


def test_board_query_ids_out_of_range(game):
    nodes = len(game.rules.board["nodes"])
    paths = len(game.rules.board["paths"])
    with pytest.raises(InvalidArgumentError, match=f"intersection {nodes} out of range 0..{nodes - 1}"):
        game.building(nodes)
    with pytest.raises(InvalidArgumentError, match=f"path {paths} out of range 0..{paths - 1}"):
        game.road(paths)
    with pytest.raises(InvalidArgumentError, match="path -1"):
        game.road(-1)


def test_new_game_bank_and_robber(game):
    """B-7, B-134: 19 cards of each resource and 25 development cards; the robber starts where the board says."""
    assert game.bank() == ((19, 19, 19, 19, 19), 25)
    board = game.rules.board
    assert game.robber == board["robber_start"]
    assert board["hexes"][game.robber]["terrain"] == "desert"


def test_two_player_neutral_pieces_have_their_owner_ids():
    """T-1: the neutral players' pieces are reported with owner ids 2 and 3, as in the view."""
    with Game(Rules("two_player", seed=5)) as g:
        play_random(g, random.Random(5), steps=300)
        view = g.view(SPECTATOR)
        owners = {b["seat"] for b in view["buildings"]}
        assert owners & {catan.TP_NEUTRAL_0, catan.TP_NEUTRAL_1}
        for b in view["buildings"]:
            assert g.building(b["node"]).owner == b["seat"]
        for r in view["roads"]:
            assert g.road(r["path"]) == r["seat"]


@pytest.mark.parametrize("module, params", [("risk", "players=3 seed=4"), ("hawaii", "players=3 seed=4")])
def test_queries_work_for_every_catan_module(module, params):
    with Game(Rules(module, params)) as g:
        play_random(g, random.Random(4), steps=200)
        view = g.view(OMNISCIENT)
        for seat in range(g.num_seats):
            assert sum(g.hand(seat, OMNISCIENT)) == view["seats"][seat]["hand_size"] == g.seat_counts(seat).cards
        assert g.robber == view["robber"]


def test_queries_of_a_non_catan_module_are_unsupported():
    with Game(Rules("muhq", "map=2P-ring-street players=2 draft=none seed=7")) as g:
        for call in (lambda: g.hand(0, 0), lambda: g.bank(), lambda: g.robber, lambda: g.building(0),
                     lambda: g.road(0), lambda: g.seat_counts(0), lambda: g.dev_cards(0, 0)):
            with pytest.raises(UnsupportedError, match="not a Catan-family module"):
                call()
        with pytest.raises(UnsupportedError, match="encode"):
            g.encode(1, [0])


def test_encode_round_trips_every_legal_action(midgame):
    rng = random.Random(11)
    seen = set()
    for _ in range(300):
        if midgame.is_over:
            break
        for action in midgame.legal_actions():
            f = action.fields
            again = midgame.encode(f["type"], f["arg"], to=f["to"], give=f["give"], want=f["want"])
            assert again == action and str(again) == str(action)
            seen.add(action.type)
        midgame.apply(rng.choice(midgame.legal_codes()))
    assert {CatanActionType.ROLL, CatanActionType.BUY_DEV, CatanActionType.MARITIME_TRADE,
            CatanActionType.OFFER_TRADE} <= seen


def test_encode_examples_and_bad_fields(game):
    road = game.encode(CatanActionType.PLACE_SETTLEMENT, [12])
    assert str(road) == "place_settlement 12" and game.is_legal(road)
    offer = game.encode(CatanActionType.OFFER_TRADE, give=[0, 0, 2], want=[0, 0, 0, 0, 1], to=catan.TO_ALL)
    assert offer.fields["give"] == (0, 0, 2, 0, 0, 0) and offer.fields["to"] == catan.TO_ALL
    before = game.save()
    with pytest.raises(InvalidArgumentError, match="unknown action type 200"):
        game.encode(200)
    with pytest.raises(InvalidArgumentError, match=r"give\[2\] = 16 does not fit 0..15"):
        game.encode(CatanActionType.OFFER_TRADE, give=[0, 0, 16])
    with pytest.raises(InvalidArgumentError, match="arg has 4 values"):
        game.encode(CatanActionType.BUILD_ROAD, [1, 2, 3, 4])
    with pytest.raises(InvalidArgumentError, match="out of range 0..255"):
        game.encode(256)
    with pytest.raises(TypeError, match=r"arg\[0\] must be an int"):
        game.encode(CatanActionType.BUILD_ROAD, ["x"])
    with pytest.raises(TypeError, match="give must be a sequence"):
        game.encode(CatanActionType.OFFER_TRADE, give=3)
    assert game.save() == before


def test_single_events_match_the_event_list(midgame):
    listed = midgame.events(0, viewer=1)
    assert listed
    for item in listed[-40:]:
        event = midgame.event(item["seq"], viewer=1)
        assert event.seq == item["seq"] and event.text == item["text"]
        assert catan.CatanEvent(event.type).name.lower() == item["type"]
        assert (event.seat, event.target) == (item["seat"], item["target"])
        assert [None if a == catan.HIDDEN else a for a in event.args][: len(item["args"])] == item["args"]
    with pytest.raises(NotFoundError):
        midgame.event(midgame.next_event)
    with pytest.raises(InvalidArgumentError, match="viewer"):
        midgame.event(listed[-1]["seq"], viewer=99)


def test_steal_results_are_hidden_from_other_seats():
    """B-65: the stolen card's resource is known to thief and victim only."""
    with Game(Rules("base", players=4, seed=21)) as g:
        play_random(g, random.Random(21), steps=2000)
        steals = [e for e in g.events(0, viewer=OMNISCIENT) if e["type"] == "steal"]
        assert steals, "no steal in 2000 random actions"
        e = steals[-1]
        outsider = next(s for s in range(4) if s not in (e["seat"], e["target"]))
        assert g.event(e["seq"], viewer=outsider).args[0] == catan.HIDDEN
        assert g.event(e["seq"], viewer=e["seat"]).args[0] == e["args"][0] != catan.HIDDEN
