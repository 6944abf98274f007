/* Fishing, fish and the fish market in module hawaii (rules/hawaii.md
 * sections 11-13 and 17: H-65..H-74, H-85, H-86, H-103..H-105, H-110),
 * played through the module's actions in explicit chance mode.  Moving
 * ships belongs to another slice: a ship leaving its space is ship_leaves
 * (its removal and hw_ship_removed, the call a ship move makes). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "catanrisk/game.h"
#include "core/error.h"
#include "hawaii_play.h"
#include "modules/hawaii/hawaii.h"

/* Seat 0: waimea (r010 to j_hanapepe), kealakekua (r098 to j_keauhou),
 * kaunakakai (r037 to j_palaau); seat 1: hana (r061 to j_kipahulu);
 * seat 2: a settlement at lanaicity; seat 3: a set-up ship on f08. */
static const char *const setup_c[] = {
	"waimea", "r010",     "hana", "r061",       "lanaicity", "r041",  "wailea_makena", "f08",
	"kamuela", "r104",    "pearlcity", "r029",  "paauilo", "r080",    "kealakekua", "r098",
	"kaunakakai", "r037", "lihue", "r007",      "hanalei", "r002",    "haleiwa", "r012",
};

/* Seat 0: waianae (r026), waimea (r011), wailea_makena (r067). */
static const char *const setup_d[] = {
	"waianae", "r026",    "paauilo", "r080",    "pearlcity", "r029",  "kamuela", "r104",
	"lihue", "r007",      "kealakekua", "r097", "hanalei", "r002",    "waimea", "r011",
	"wailea_makena", "r067", "kaunakakai", "r037", "hana", "r061",    "kapalua", "r046",
};

static int fish(const fixture *f, int s)
{
	return hwx(f->k, f->st)->fish[s];
}

static void next_turn(fixture *f, int sum)
{
	end_turn(f);
	roll(f, sum);
}

/* H-103, H-68, H-53: 1 fish per ship on a fishing space next to a disc
 * showing the roll; buildings never fish; the pirate does not stop it;
 * a 7 gives none. */
START_TEST(fishing_H103)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_c);
	roll(&f, 12);
	build_ship(&f, "s03");
	build_ship(&f, "f02"); /* d01 4, d02 10 */
	build_ship(&f, "f11"); /* d10 9, d11 4 */
	build_ship(&f, "s14");
	build_ship(&f, "s13");
	build_ship(&f, "f06"); /* d04 6, d05 11 */
	next_turn(&f, 12);
	build_ship(&f, "f10"); /* seat 1: d08 3, d09 10 */
	int grain = kseat_of(f.k, f.st, 2)->hand[GRAIN];
	next_turn(&f, 8); /* seat 2 rolls */
	ck_assert_int_eq(fish(&f, 0), 0);
	ck_assert_int_eq(fish(&f, 3), 1); /* f08, d06 8 */
	ck_assert_int_eq(fish(&f, 2), 0); /* lanaicity: la1's grain, no fish from d06 */
	ck_assert_int_eq(kseat_of(f.k, f.st, 2)->hand[GRAIN], grain + 1);
	build_ship(&f, "f07"); /* seat 2: d06 8 */
	next_turn(&f, 4);
	ck_assert_int_eq(fish(&f, 0), 2); /* f02 and f11 */
	ck_assert_int_eq(fish(&f, 1), 0);
	next_turn(&f, 10);
	ck_assert_int_eq(fish(&f, 0), 3); /* f02 */
	ck_assert_int_eq(fish(&f, 1), 1); /* f10 */
	next_turn(&f, 9);
	ck_assert_int_eq(fish(&f, 0), 4); /* f11 */
	next_turn(&f, 3);
	ck_assert_int_eq(fish(&f, 0), 4);
	ck_assert_int_eq(fish(&f, 1), 2); /* f10 */
	next_turn(&f, 6);
	ck_assert_int_eq(fish(&f, 0), 5); /* f06 */
	next_turn(&f, 11);
	ck_assert_int_eq(fish(&f, 0), 6); /* f06 */
	ck_assert_int_eq(ks(f.st)->active, 0);
	/* The pirate on sea22 touches f07 and f08 and stops no fishing. */
	play(&f, fish_code(HW_FISH_MOVE_PIRATE, hx(&f, "sea22")));
	ck_assert_int_eq(hwx(f.k, f.st)->pirate, hx(&f, "sea22"));
	ck_assert_int_eq(fish(&f, 0), 4);
	next_turn(&f, 8);
	ck_assert_int_eq(fish(&f, 0), 4); /* nothing on an 8 */
	ck_assert_int_eq(fish(&f, 2), 1); /* f07 */
	ck_assert_int_eq(fish(&f, 3), 2); /* f08 */
	roundtrip(&f);
	next_turn(&f, 7);
	ck_assert_int_eq(fish(&f, 0), 4);
	ck_assert_int_eq(fish(&f, 1), 2);
	ck_assert_int_eq(fish(&f, 2), 1);
	ck_assert_int_eq(fish(&f, 3), 2);
	close_game(&f);
}
END_TEST

/* H-103: fishing pips per space, the sum of its discs' pips (B-4); and one
 * fish per ship and roll (H-68): each fishing path once per number. */
START_TEST(fishing_pips_H103)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	static const char *const ids[12] = {"f01", "f02", "f03", "f04", "f05", "f06",
					    "f07", "f08", "f09", "f10", "f11", "f12"};
	static const int pips[12] = {3, 6, 4, 4, 5, 7, 5, 5, 4, 5, 7, 4};
	const hw_rules *r = hwr(f.k);
	for (int i = 0; i < 12; i++) {
		int p = sp(&f, ids[i]), got = 0;
		for (int t = 2; t <= 12; t++) {
			int n = 0;
			for (int j = r->fish_first[t]; j < r->fish_first[t + 1]; j++)
				n += r->fish_path[j] == p;
			ck_assert_int_le(n, 1);
			got += n * (6 - abs(t - 7));
		}
		ck_assert_msg(got == pips[i], "%s: %d pips", ids[i], got);
	}
	ck_assert_int_eq(r->fish_first[8] - r->fish_first[7], 0); /* a 7 fishes nothing */
	close_game(&f);
}
END_TEST

/* H-104, H-65, H-66: 0..8 ships on fishing spaces give 0, 0, 1, 1, 2, 3,
 * 4, 5, 5 VP; with 8, one ship away leaves 5 VP, another 4. */
START_TEST(fishing_track_H104)
{
	static const int want[9] = {0, 0, 1, 1, 2, 3, 4, 5, 5};
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit vp_target=30");
	play_setup(&f, setup_d);
	roll(&f, 12);
	int k = 0;
	ck_assert_int_eq(hw_fishing_vp(f.k, f.st, 0), want[0]);
	/* Each step: the pieces that lead there, then one fishing space. */
	static const char *const plan[][8] = {
		{"s02", "f01"},                                              /* from waimea's r011 */
		{"f02"},
		{"f04"},                                                     /* from waianae's r026 */
		{"r027", "r028", "f03"},
		{"f08"},                                                     /* from wailea_makena */
		{"f09"},                                                     /* from r067's j_makena */
		{"r040", "*lanaicity", "f07"},
		{"r041", "s19", "s17", "s16", "s13", "f06"},
	};
	for (int i = 0; i < 8; i++) {
		for (int j = 0; j < 8 && plan[i][j]; j++) {
			const char *id = plan[i][j];
			if (id[0] == '*')
				build_settlement(&f, id + 1);
			else if (id[0] == 'r')
				build_road(&f, id);
			else
				build_ship(&f, id);
		}
		k++;
		ck_assert_int_eq(hw_boat_count(f.k, f.st, 0), k);
		ck_assert_int_eq(hwx(f.k, f.st)->boat[0], k < 7 ? k : 7);
		ck_assert_msg(hw_fishing_vp(f.k, f.st, 0) == want[k], "%d ships: %d VP", k, hw_fishing_vp(f.k, f.st, 0));
	}
	/* Visible VP: 4 settlements, 3 chits (Pu'uwai, Ka'ena, Kanapou), 5 fishing VP, Longest Trade Route. */
	ck_assert_int_eq(hw_chits_of(f.k, f.st, 0), 3);
	ck_assert_int_eq(visible(&f, 0), 4 + 3 + 5 + 2 * (ks(f.st)->lr == 0));
	roundtrip(&f);
	ship_leaves(&f, 0, "f06");
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 7);
	ck_assert_int_eq(hw_fishing_vp(f.k, f.st, 0), 5);
	ship_leaves(&f, 0, "f07");
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 6);
	ck_assert_int_eq(hw_fishing_vp(f.k, f.st, 0), 4);
	close_game(&f);
}
END_TEST

/* H-110, H-86, H-85: a seat at 12 of 13 VP (4 seats) that places its
 * fourth ship on a fishing space (boat 3 -> 4, fishing VP 1 -> 2) wins at
 * once; targets 15 / 13 / 11 / 10 for 3 / 4 / 5 / 6 seats. */
START_TEST(fishing_wins_H110)
{
	static const int targets[7] = {0, 0, 0, 15, 13, 11, 10};
	for (int seats = 3; seats <= 6; seats++) {
		fixture g;
		char params[32];
		snprintf(params, sizeof params, "players=%d seed=1", seats);
		open_game(&g, params);
		ck_assert_int_eq(g.k->cfg.vp_target, targets[seats]);
		close_game(&g);
	}
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_d);
	roll(&f, 12);
	build_ship(&f, "s02"); /* Pu'uwai's chit */
	build_ship(&f, "f01");
	build_ship(&f, "f02");
	build_ship(&f, "f04");
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 3);
	static const char *const towns[3] = {"waianae", "waimea", "wailea_makena"};
	for (int i = 0; i < 3; i++) {
		grant(&f, 0, GRAIN, 2);
		grant(&f, 0, ORE, 3);
		play(&f, act_make(CRISK_CATAN_BUILD_CITY, (uint64_t)pt(&f, towns[i])));
	}
	for (int i = 0; i < 4; i++) { /* four victory point cards, bought */
		grant(&f, 0, WOOL, 1);
		grant(&f, 0, GRAIN, 1);
		grant(&f, 0, ORE, 1);
		play(&f, act_make(CRISK_CATAN_BUY_DEV, 0));
		play(&f, act_make(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_VICTORY_POINT));
	}
	ck_assert_int_eq(vp(&f, 0), 12);
	ck_assert_int_eq(visible(&f, 0), 6 + 1 + 1);
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_RUNNING);
	build_ship(&f, "f08");
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 4);
	ck_assert_int_eq(hw_fishing_vp(f.k, f.st, 0), 2);
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_WON);
	ck_assert_int_eq(ks(f.st)->winner, 0);
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	close_game(&f);
}
END_TEST

/* H-110 (B-106, B-119): only on one's own turn; with 5 seats a fishing
 * ship built in the special build phase (H-89) reaches the target, and the
 * seat wins when its own turn starts. */
START_TEST(win_only_in_own_turn_H110)
{
	fixture f;
	open_game(&f, "players=5 seed=1 chance=explicit vp_target=5");
	static const char *const setup5[] = {
		"waimea", "r010",  "paauilo", "r080",  "pearlcity", "r029", "kamuela", "r104", "hana", "r061",
		"kapalua", "r046", "lihue", "r007",    "kealakekua", "r097", "kaunakakai", "r037", "waianae", "r026",
		"lopa", "s23",     "laie", "r014",     "halawa", "r031",     "poipu", "r008",    "hilo", "r081",
	};
	play_setup(&f, setup5);
	roll(&f, 12);
	build_ship(&f, "s03");
	build_ship(&f, "f02");
	ck_assert_int_eq(visible(&f, 0), 3); /* 1 fishing ship: 0 VP */
	for (int turn = 1; turn <= 5; turn++) {
		if (turn > 1)
			roll(&f, 12);
		end_turn(&f);
		while (ks(f.st)->dp == DP_SPECIAL_BUILD && !(turn == 5 && ks(f.st)->active == 0))
			play(&f, act_make(CRISK_CATAN_PASS, 0));
	}
	/* Seat 4's turn is over: seat 0 builds first in its special build phase. */
	ck_assert_int_eq(ks(f.st)->dp, DP_SPECIAL_BUILD);
	ck_assert_int_eq(ks(f.st)->part_owner, 4);
	ck_assert_int_eq(ks(f.st)->active, 0);
	build_ship(&f, "f01"); /* ends at Pu'uwai, a named location with 5 seats */
	ck_assert_int_eq(hw_fishing_vp(f.k, f.st, 0), 1);
	grant(&f, 0, GRAIN, 2);
	grant(&f, 0, ORE, 3);
	play(&f, act_make(CRISK_CATAN_BUILD_CITY, (uint64_t)pt(&f, "waimea")));
	ck_assert_int_eq(vp(&f, 0), 5);
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_RUNNING);
	for (int s = 0; s < 4; s++)
		play(&f, act_make(CRISK_CATAN_PASS, 0));
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_WON); /* at the start of its own turn */
	ck_assert_int_eq(ks(f.st)->winner, 0);
	close_game(&f);
}
END_TEST

/* Seat 0 with ships on f01, f02 (from waimea in setup_d): a 4 gives 2 fish.
 * Setup_c's f11 adds another on a 4. */
static void fishing_fleet(fixture *f)
{
	play_setup(f, setup_c);
	roll(f, 12);
	build_ship(f, "s03");
	build_ship(f, "f02");
	build_ship(f, "f01");
	build_ship(f, "f11");
}

/* H-105, H-71: END_TURN is illegal with 8 or more fish; with 9, one
 * FISH_MOVE_ROBBER (-2) makes it legal.  More than 7 at other times is
 * fine.  RETURN_FISH only when no ability is usable. */
START_TEST(fish_limit_H105)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	fishing_fleet(&f);
	next_turn(&f, 4);
	next_turn(&f, 4);
	next_turn(&f, 4);
	ck_assert_int_eq(fish(&f, 0), 9); /* 3 per 4: f01, f02, f11 */
	ck_assert(play_listed(&f, act_make(CRISK_CATAN_END_TURN, 0))); /* seat 3 ends, seat 0 holds 9 */
	next_turn(&f, 8);
	ck_assert_int_eq(ks(f.st)->active, 0);
	ck_assert_int_eq(fish(&f, 0), 9);
	refused(&f, act_make(CRISK_CATAN_END_TURN, 0), "(H-71)");
	refused(&f, act_make(HW_RETURN_FISH, 0), "(H-71)");
	play(&f, fish_code(HW_FISH_MOVE_ROBBER, hx(&f, "ka1")));
	ck_assert_int_eq(ks(f.st)->robber, hx(&f, "ka1"));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN); /* no steal (H-73) */
	ck_assert_int_eq(fish(&f, 0), 7);
	end_turn(&f);
	close_game(&f);
}
END_TEST

/* H-105, H-70, H-60: a seat with 8 cards and 9 fish discards 4 on a 7 and
 * keeps its fish; the robber's steal, FISH_STEAL and Monopoly take cards
 * only. */
START_TEST(fish_not_cards_H105)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	fishing_fleet(&f);
	next_turn(&f, 4);
	next_turn(&f, 4);
	next_turn(&f, 4);
	ck_assert_int_eq(fish(&f, 0), 9);
	kseat *p = kseat_of(f.k, f.st, 0);
	grant(&f, 0, BRICK, 8 - p->cards);
	ck_assert_int_eq(p->cards, 8);
	hwx(f.k, f.st)->fish[2] = 4;
	play(&f, act_make(CRISK_CATAN_END_TURN, 0));
	ck_assert_int_eq(ks(f.st)->active, 0);
	roll(&f, 7); /* seat 0's own 7 */
	ck_assert_int_eq(ks(f.st)->dp, DP_DISCARD);
	ck_assert_int_eq(ks(f.st)->cur, 0);
	ck_assert_int_eq(p->owe, 4);
	while (ks(f.st)->dp == DP_DISCARD) {
		crisk_action buf[PLAY_CAP];
		ck_assert_uint_gt(play_list(&f, buf), 0);
		play(&f, buf[0]);
	}
	ck_assert_int_eq(p->cards, 4);
	ck_assert_int_eq(fish(&f, 0), 9);
	/* The robber onto ka1 (waimea: seat 0's own, hanalei: seat 2's). */
	play(&f, act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "ka1")));
	ck_assert_int_eq(ks(f.st)->dp, DP_STEAL);
	ck_assert_int_eq(ks(f.st)->victim, 2);
	crisk_action acts[16];
	double probs[16];
	size_t n;
	ck_assert_int_eq(kern_chance(f.k, f.st, acts, probs, 16, &n), CRISK_OK);
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_lt(ACT_ID(acts[i]), NUM_RES); /* cards only */
		sum += probs[i];
	}
	ck_assert(sum > 0.999999 && sum < 1.000001);
	play(&f, acts[0]);
	ck_assert_int_eq(fish(&f, 2), 4);
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	/* FISH_STEAL: a seat with fish and no cards is no target. */
	kseat *v = kseat_of(f.k, f.st, 3);
	hwx(f.k, f.st)->fish[3] = 5;
	for (int r = 0; r < NUM_RES; r++) { /* seat 3's cards back to the bank */
		ks(f.st)->bank[r] = (uint8_t)(ks(f.st)->bank[r] + v->hand[r]);
		v->cards = (uint8_t)(v->cards - v->hand[r]);
		v->hand[r] = 0;
	}
	refused(&f, fish_code(HW_FISH_STEAL, 3), "no resource cards");
	/* Monopoly: cards of the type, never fish. */
	kstate *h = ks(f.st);
	h->deck[CRISK_CATAN_MONOPOLY]--;
	p->dev[CRISK_CATAN_MONOPOLY]++;
	play(&f, act_make(CRISK_CATAN_PLAY_MONOPOLY, 0));
	play(&f, act_make(CRISK_CATAN_NAME, WOOL));
	ck_assert_int_eq(fish(&f, 0), 9);
	ck_assert_int_eq(fish(&f, 2), 4);
	ck_assert_int_eq(fish(&f, 3), 5);
	close_game(&f);
}
END_TEST

/* H-105, H-73, H-74: costs 2, 2, 3, 3, 4, 5, 5, 7, one fish short refused;
 * each use returns its cost to the supply and does what the card says. */
START_TEST(market_costs_H105)
{
	static const int cost[HW_N_ABILITIES] = {2, 2, 3, 3, 4, 5, 5, 7};
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_c);
	roll(&f, 12);
	build_ship(&f, "m4"); /* a merchant space for FISH_TAKE_MERCHANT */
	const int arg[HW_N_ABILITIES] = {hx(&f, "ka1"), hx(&f, "sea22"), 1, ORE, ORE, sp(&f, "r036"), sp(&f, "s14"), 0};
	hw_ext *x = hwx(f.k, f.st);
	for (int a = 0; a < HW_N_ABILITIES; a++) {
		x->fish[0] = (uint8_t)(cost[a] - 1);
		char need[64];
		snprintf(need, sizeof need, "need %d, have %d (H-73)", cost[a], cost[a] - 1);
		refused(&f, fish_code(a, arg[a]), need);
		x->fish[0] = (uint8_t)cost[a];
		int cards = kseat_of(f.k, f.st, 0)->cards, roads = kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD];
		int ships = x->ships[0];
		play(&f, fish_code(a, arg[a]));
		ck_assert_int_eq(x->fish[0], 0);
		switch (a) {
		case HW_FISH_MOVE_ROBBER:
			ck_assert_int_eq(ks(f.st)->robber, arg[a]);
			break;
		case HW_FISH_MOVE_PIRATE:
			ck_assert_int_eq(x->pirate, arg[a]);
			break;
		case HW_FISH_STEAL:
			ck_assert_int_eq(ks(f.st)->dp, DP_STEAL);
			ck_assert_int_eq(ks(f.st)->cur, CRISK_SEAT_CHANCE);
			roundtrip(&f);
			crisk_action acts[16];
			double probs[16];
			size_t n;
			ck_assert_int_eq(kern_chance(f.k, f.st, acts, probs, 16, &n), CRISK_OK);
			ck_assert_uint_gt(n, 0);
			play(&f, acts[0]);
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, cards + 1);
			break;
		case HW_FISH_TAKE_MERCHANT:
		case HW_FISH_TAKE:
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, cards + 1);
			break;
		case HW_FISH_BUILD_ROAD:
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD], roads - 1);
			break;
		case HW_FISH_BUILD_SHIP:
			ck_assert_int_eq(x->ships[0], ships - 1);
			break;
		default:
			ck_assert_int_eq(ks(f.st)->dp, DP_DEV_DRAW);
			roundtrip(&f);
			play(&f, act_make(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->dev_new[CRISK_CATAN_KNIGHT], 1);
			break;
		}
		ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
		ck_assert_int_eq(x->market, HW_MK_NONE);
	}
	close_game(&f);
}
END_TEST

/* H-105, H-72, H-73: before the roll too; a card from FISH_DEV cannot be
 * played in the same turn (B-79), the steal returns to pre-roll, and a use
 * is no card play (B-78). */
START_TEST(market_before_roll_H105)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_c);
	hw_ext *x = hwx(f.k, f.st);
	x->fish[0] = 10;
	play(&f, fish_code(HW_FISH_DEV, 0));
	play(&f, act_make(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	refused(&f, act_make(CRISK_CATAN_PLAY_KNIGHT, 0), NULL);
	play(&f, fish_code(HW_FISH_STEAL, 1));
	ck_assert_int_eq(ks(f.st)->dp, DP_STEAL);
	roundtrip(&f);
	crisk_action acts[16];
	double probs[16];
	size_t n;
	ck_assert_int_eq(kern_chance(f.k, f.st, acts, probs, 16, &n), CRISK_OK);
	play(&f, acts[0]);
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(ks(f.st)->card_played, 0);
	ck_assert_int_eq(x->fish[0], 0);
	/* H-42: not at another decision point. */
	x->fish[0] = 4;
	play(&f, act_make(CRISK_CATAN_ROLL, 0));
	refused(&f, fish_code(HW_FISH_TAKE, ORE), "(H-42)");
	close_game(&f);
	/* The next own turn the knight is playable. */
}
END_TEST

/* H-92: with chance=auto the market's steal and draw resolve at once from
 * the game's generator and play returns where it was. */
START_TEST(market_auto_chance_H92)
{
	fixture f;
	open_game(&f, "players=4 seed=5");
	static const char *const *steps = setup_c;
	for (int i = 0; i < kern_setup_steps(f.k); i++) {
		play(&f, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, steps[2 * i])));
		int p = sp(&f, steps[2 * i + 1]);
		play(&f, act_make(kern_road_path(f.k, p) ? CRISK_CATAN_PLACE_ROAD : HW_PLACE_SHIP, (uint64_t)p));
	}
	hw_ext *x = hwx(f.k, f.st);
	x->fish[0] = 10;
	int cards = kseat_of(f.k, f.st, 0)->cards, dev = 0;
	play(&f, fish_code(HW_FISH_STEAL, 1));
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, cards + 1);
	play(&f, fish_code(HW_FISH_DEV, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	for (int c = 0; c < NUM_DEV; c++)
		dev += kseat_of(f.k, f.st, 0)->dev_new[c];
	ck_assert_int_eq(dev, 1);
	ck_assert_int_eq(x->fish[0], 0);
	ck_assert_int_eq(x->market, HW_MK_NONE);
	close_game(&f);
}
END_TEST

/* H-112: the state check refuses fish in set-up or of a missing seat, a boat
 * off its ships, and a market event without its phase. */
START_TEST(fish_state_check_H112)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	hw_ext *x = hwx(f.k, f.st);
	x->fish[1] = 1;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT); /* set-up */
	x->fish[1] = 0;
	play_setup(&f, setup_c);
	x->fish[1] = 255; /* fish trades (H-61) can gather any count up to the engine's limit */
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	x->fish[4] = 1;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT); /* no seat 4 */
	x->fish[4] = 0;
	ck_assert_int_eq(x->boat[3], 1); /* f08 */
	x->boat[3] = 0;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->boat[3] = 1;
	x->market = HW_MK_STEAL;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->market = 3;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->market = HW_MK_NONE;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	close_game(&f);
}
END_TEST

/* H-93, H-69: fish counts, boats, fishing VP and chits are in every view. */
START_TEST(fish_in_views_H93)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_c);
	hwx(f.k, f.st)->fish[2] = 6;
	const int viewers[3] = {1, CRISK_VIEWER_SPECTATOR, CRISK_VIEWER_OMNISCIENT};
	for (int i = 0; i < 3; i++) {
		char *text = view(&f, viewers[i]);
		ck_assert_msg(strstr(text, "\"fish\":[0,0,6,0]") != NULL, "%s", text);
		ck_assert_msg(strstr(text, "\"boat\":[0,0,0,1]") != NULL, "%s", text);
		ck_assert_msg(strstr(text, "\"fishing_vp\":[0,0,0,0]") != NULL, "%s", text);
		ck_assert_msg(strstr(text, "\"chits\":[[0,-1],") != NULL, "%s", text);
		free(text);
	}
	close_game(&f);
}
END_TEST

/* H-68, H-103 (statistics): with chance=auto, seat 0's ships on f02 (4,
 * 10), f11 (9, 4) and f06 (6, 11) earn 2 fish on a 4, 1 on a 10, 9, 6 or
 * 11, else none; over 20000 rolls the mean is 20/36 per roll (B-133), within
 * 6 standard deviations (variance 26/36 - (20/36)^2 per roll). */
START_TEST(fishing_frequency_H68)
{
	fixture f;
	open_game(&f, "players=4 seed=11");
	for (int i = 0; i < kern_setup_steps(f.k); i++) {
		play(&f, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, setup_c[2 * i])));
		int p = sp(&f, setup_c[2 * i + 1]);
		play(&f, act_make(kern_road_path(f.k, p) ? CRISK_CATAN_PLACE_ROAD : HW_PLACE_SHIP, (uint64_t)p));
	}
	play(&f, act_make(CRISK_CATAN_ROLL, 0));
	while (ks(f.st)->dp != DP_MAIN) { /* a 7: discards and the robber, first choices */
		crisk_action buf[PLAY_CAP];
		ck_assert_uint_gt(play_list(&f, buf), 0);
		play(&f, buf[0]);
	}
	static const char *const ships[6] = {"s03", "f02", "f11", "s14", "s13", "f06"};
	for (int i = 0; i < 6; i++)
		build_ship(&f, ships[i]);
	static const int per_sum[13] = {0, 0, 0, 0, 2, 0, 1, 0, 0, 1, 1, 1, 0};
	long rolls = 0, total = 0;
	hw_ext *x = hwx(f.k, f.st);
	while (rolls < 20000) {
		crisk_action buf[PLAY_CAP];
		size_t n = hawaii_legal(f.k, f.st, buf, PLAY_CAP);
		ck_assert_uint_gt(n, 0);
		crisk_action pick = buf[0];
		for (size_t i = 0; i < n; i++) {
			if (buf[i] == act_make(CRISK_CATAN_END_TURN, 0))
				pick = buf[i];
		}
		for (size_t i = 0; i < n && pick != act_make(CRISK_CATAN_END_TURN, 0); i++) {
			if (ACT_TYPE(buf[i]) == HW_FISH) { /* spend down to the limit (H-71) */
				pick = buf[i];
				break;
			}
		}
		int before = x->fish[0];
		ck_assert_int_eq(hawaii_apply(f.k, f.st, pick, &f.log), CRISK_OK);
		if (pick == act_make(CRISK_CATAN_ROLL, 0)) {
			int sum = ks(f.st)->dice[0] + ks(f.st)->dice[1];
			int got = x->fish[0] - before;
			ck_assert_int_eq(got, per_sum[sum]);
			rolls++;
			total += got;
		}
	}
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	double mean = (double)total / (double)rolls, want = 20.0 / 36.0;
	double sd = sqrt((26.0 / 36.0 - want * want) / (double)rolls);
	ck_assert_msg(fabs(mean - want) < 6 * sd, "mean %f, want %f +- %f", mean, want, 6 * sd);
	close_game(&f);
}
END_TEST

static Suite *hawaii_fish_suite(void)
{
	Suite *s = suite_create("hawaii_fish");
	TCase *tc = tcase_create("fish");
	tcase_add_test(tc, fishing_H103);
	tcase_add_test(tc, fishing_pips_H103);
	tcase_add_test(tc, fishing_track_H104);
	tcase_add_test(tc, fishing_wins_H110);
	tcase_add_test(tc, win_only_in_own_turn_H110);
	tcase_add_test(tc, fish_limit_H105);
	tcase_add_test(tc, fish_not_cards_H105);
	tcase_add_test(tc, market_costs_H105);
	tcase_add_test(tc, market_before_roll_H105);
	tcase_add_test(tc, market_auto_chance_H92);
	tcase_add_test(tc, fish_state_check_H112);
	tcase_add_test(tc, fish_in_views_H93);
	tcase_add_test(tc, fishing_frequency_H68);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_fish_suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
