/* Merchant spaces in module hawaii (rules/hawaii.md section 10: H-62, H-63,
 * H-102), played through the module's actions in explicit chance mode; the
 * scrolls of other maps on tests/catanmap/three_isles.catanmap, the
 * argument.
 * Moving ships belongs to another slice: a ship leaving a merchant space is
 * its removal followed by hw_ship_removed, the call a ship move makes. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "hawaii_play.h"
#include "map_text.h"
#include "modules/hawaii/hawaii.h"

/* 4 seats; seat 0's third set-up piece is a ship on m4 (2:1 wool, H-38). */
static const char *const setup_a[] = {
	"kaneohe", "s11",     "paauilo", "r080",   "pearlcity", "r029",  "kamuela", "r104",
	"waimea",  "r011",    "kealakekua", "r097", "lihue",   "r007",   "milolii", "r095",
	"kaunakakai", "m4",   "lopa",    "s23",    "hanalei",  "r002",   "wailea_makena", "f08",
};

static crisk_action trade(int give, int take)
{
	return act_make(CRISK_CATAN_MARITIME_TRADE, (uint64_t)(give | take << 8));
}

static int rate(const fixture *f, int s, int r)
{
	return kern_trade_rate(f->k, kseat_of(f->k, f->st, s), r);
}

/* H-63, H-38: a set-up ship on a merchant space gives its rate at once. */
START_TEST(setup_ship_on_merchant_H63)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	ck_assert_int_eq(rate(&f, 0, WOOL), 2);
	ck_assert_int_eq(rate(&f, 0, ORE), 4);
	ck_assert_int_eq(rate(&f, 1, WOOL), 4);
	roll(&f, 12);
	const kseat *p = kseat_of(f.k, f.st, 0);
	ck_assert_int_eq(p->hand[WOOL], 1); /* kaunakakai's starting wool (H-39) */
	ck_assert_int_eq(p->hand[ORE], 0);
	grant(&f, 0, WOOL, 1);
	play(&f, trade(WOOL, ORE)); /* H-62: 2 wool for 1 ore */
	ck_assert_int_eq(p->hand[WOOL], 0);
	ck_assert_int_eq(p->hand[ORE], 1);
	grant(&f, 0, ORE, 2);
	refused(&f, trade(ORE, BRICK), "not enough ore: need 4, have 3");
	close_game(&f);
}
END_TEST

/* H-102: a ship of A on m5 (lahaina-w19, 2:1 ore), built from the sea side
 * through w19 after s22 from A's own pukoo, without owning Lahaina: 2 ore
 * for 1 card of another type; after the ship leaves, ore is back to 4, or
 * to 3 while A holds an any:3 space (several scrolls combine, H-62, H-63). */
START_TEST(merchant_m5_H102)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	roll(&f, 12);
	build_road(&f, "r036");
	build_road(&f, "r035");
	grant_ship(&f);
	refused(&f, act_make(HW_BUILD_SHIP, (uint64_t)sp(&f, "s22")), "(H-45)"); /* pukoo not settled yet */
	build_settlement(&f, "pukoo");
	build_ship(&f, "s22");
	ck_assert_int_eq(rate(&f, 0, ORE), 4);
	build_ship(&f, "m5");
	ck_assert_int_eq(knodes(f.k, f.st)[pt(&f, "lahaina")], 0); /* Lahaina is nobody's */
	ck_assert_int_eq(rate(&f, 0, ORE), 2);
	ck_assert_int_eq(rate(&f, 0, WOOL), 2);
	ck_assert_int_eq(rate(&f, 0, BRICK), 4);
	grant(&f, 0, ORE, 2);
	play(&f, trade(ORE, BRICK));
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[ORE], 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[BRICK], 1);
	ship_leaves(&f, 0, "m5");
	ck_assert_int_eq(rate(&f, 0, ORE), 4);
	grant(&f, 0, ORE, 2);
	refused(&f, trade(ORE, BRICK), "need 4, have 2");
	/* m2 (3:1 any) by f05, s08 from kaneohe's s11. */
	build_ship(&f, "f05");
	build_ship(&f, "s08");
	build_ship(&f, "m2");
	ck_assert_int_eq(rate(&f, 0, ORE), 3);
	ck_assert_int_eq(rate(&f, 0, BRICK), 3);
	ck_assert_int_eq(rate(&f, 0, WOOL), 2); /* best rate per type */
	build_ship(&f, "m5");
	ck_assert_int_eq(rate(&f, 0, ORE), 2);
	ship_leaves(&f, 0, "m5");
	ck_assert_int_eq(rate(&f, 0, ORE), 3);
	grant(&f, 0, ORE, 1);
	play(&f, trade(ORE, GRAIN));
	close_game(&f);
}
END_TEST

/* H-102: m5 from one's own settlement at lahaina too. */
START_TEST(merchant_from_lahaina_H102)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	for (int s = 0; s < 3; s++) {
		roll(&f, 12);
		end_turn(&f);
	}
	roll(&f, 12);
	ck_assert_int_eq(ks(f.st)->active, 3);
	build_road(&f, "r068");
	build_road(&f, "r069");
	grant_ship(&f);
	refused(&f, act_make(HW_BUILD_SHIP, (uint64_t)sp(&f, "m5")), "(H-45)");
	build_settlement(&f, "lahaina");
	build_ship(&f, "m5");
	ck_assert_int_eq(rate(&f, 3, ORE), 2);
	close_game(&f);
}
END_TEST

/* H-102: m1, m4, m6, m7, m9 end in a dead end behind their named location,
 * so only its settler can reach them: here seat 1, settled at lihue, may
 * build m1 and nobody else has a way there. */
START_TEST(merchant_dead_ends_H102)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	static const char *const spur[5][2] = {
		{"m1", "lihue"}, {"m4", "kaunakakai"}, {"m6", "kaumalapau"}, {"m7", "kahului"}, {"m9", "hilo"}};
	for (int i = 0; i < 5; i++) {
		const bpath *e = &f.k->b.path[sp(&f, spur[i][0])];
		int site = pt(&f, spur[i][1]);
		int other = e->node[0] == site ? e->node[1] : e->node[0];
		ck_assert(e->node[0] == site || e->node[1] == site);
		ck_assert_int_eq(f.k->b.node_kind[site], BNODE_SITE);
		ck_assert_int_eq(f.k->b.node[other].deg, 1);
		ck_assert_int_eq(f.k->b.path_kind[sp(&f, spur[i][0])], BPATH_MERCHANT);
	}
	play_setup(&f, setup_a);
	roll(&f, 12);
	end_turn(&f);
	roll(&f, 12);
	grant_ship(&f);
	for (int s = 0; s < 4; s++)
		ck_assert_int_eq(kern_path_ok(f.k, f.st, s, sp(&f, "m1")), s == 1);
	build_ship(&f, "m1");
	ck_assert_int_eq(rate(&f, 1, BRICK), 3);
	close_game(&f);
}
END_TEST

/* H-102, H-73: FISH_TAKE_MERCHANT only while the seat holds a merchant
 * space; FISH_TAKE (4 fish) needs none. */
START_TEST(fish_take_merchant_H102)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	hwx(f.k, f.st)->fish[0] = 3;
	ck_assert(play_listed(&f, fish_code(HW_FISH_TAKE_MERCHANT, ORE))); /* pre-roll too (H-72) */
	roll(&f, 12);
	play(&f, fish_code(HW_FISH_TAKE_MERCHANT, ORE));
	ck_assert_int_eq(hwx(f.k, f.st)->fish[0], 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[ORE], 1);
	ck_assert_int_eq(ks(f.st)->bank[ORE], 18);
	end_turn(&f);
	roll(&f, 12);
	end_turn(&f);
	roll(&f, 12);
	end_turn(&f);
	roll(&f, 12);
	ck_assert_int_eq(ks(f.st)->active, 3); /* f08, no merchant space */
	hwx(f.k, f.st)->fish[3] = 4;
	refused(&f, fish_code(HW_FISH_TAKE_MERCHANT, ORE), "merchant space");
	play(&f, fish_code(HW_FISH_TAKE, ORE));
	ck_assert_int_eq(hwx(f.k, f.st)->fish[3], 0);
	close_game(&f);
}
END_TEST

/* OFFER_TRADE with counts per good (fish is good 5, H-61) and an addressee. */
static crisk_action offer(const int give[6], const int want[6], int to)
{
	uint64_t a = (uint64_t)to << 48;
	for (int g = 0; g < 6; g++)
		a |= (uint64_t)give[g] << (4 * g) | (uint64_t)want[g] << (24 + 4 * g);
	return act_make(CRISK_CATAN_OFFER_TRADE, a);
}

/* H-61, H-64: fish are a sixth good of domestic offers, changing hands on
 * CONFIRM; no fish for fish, no gifts; never with the bank. */
/* H-62, H-63: a ship leaving one of two spaces of a type (m2, m8: any:3)
 * keeps the type's rate; leaving the last drops it, the other scrolls stay
 * (hw_merchant_update's per-type lists; assertion builds also count them
 * all).  The ships are put on the spaces directly: the update alone. */
START_TEST(merchant_same_type_H62_H63)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	uint8_t *paths = kpaths(f.k, f.st);
	const int m2 = sp(&f, "m2"), m8 = sp(&f, "m8");
	ck_assert_int_eq(f.k->b.path_trade[m2], f.k->b.path_trade[m8]);
	paths[m2] = 1;
	hw_merchant_update(f.k, f.st, 0, m2, &f.log);
	paths[m8] = 1;
	hw_merchant_update(f.k, f.st, 0, m8, &f.log);
	ck_assert_int_eq(rate(&f, 0, ORE), 3);
	ck_assert_int_eq(rate(&f, 0, WOOL), 2); /* m4 */
	paths[m2] = 0;
	hw_merchant_update(f.k, f.st, 0, m2, &f.log);
	ck_assert_int_eq(rate(&f, 0, ORE), 3); /* m8 still held */
	ck_assert_uint_eq(kseat_of(f.k, f.st, 0)->harbors, hw_merchant_bits(f.k, f.st, 0));
	paths[m8] = 0;
	hw_merchant_update(f.k, f.st, 0, m8, &f.log);
	ck_assert_int_eq(rate(&f, 0, ORE), 4);
	ck_assert_int_eq(rate(&f, 0, WOOL), 2);
	ck_assert_uint_eq(kseat_of(f.k, f.st, 0)->harbors, hw_merchant_bits(f.k, f.st, 0));
	close_game(&f);
}
END_TEST

START_TEST(fish_in_offers_H61_H64)
{
	enum { FISH = 5 };
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_a);
	roll(&f, 12);
	hw_ext *x = hwx(f.k, f.st);
	x->fish[0] = 3;
	const int three_fish[6] = {0, 0, 0, 0, 0, 3}, one_brick[6] = {1, 0, 0, 0, 0, 0};
	const int two_fish[6] = {0, 0, 0, 0, 0, 2}, none[6] = {0};
	const int four_fish[6] = {0, 0, 0, 0, 0, 4};
	refused(&f, offer(three_fish, two_fish, 1), "fish is on both sides");
	refused(&f, offer(three_fish, none, 1), "at least one");
	refused(&f, offer(four_fish, one_brick, 1), "not enough fish: offer 4, have 3");
	int brick1 = kseat_of(f.k, f.st, 1)->hand[BRICK], brick0 = kseat_of(f.k, f.st, 0)->hand[BRICK];
	ck_assert_int_ge(brick1, 1);
	play_unlisted(&f, offer(three_fish, one_brick, 1));
	ck_assert_int_eq(ks(f.st)->dp, DP_TRADE_RESPONSE);
	roundtrip(&f);
	play(&f, act_make(CRISK_CATAN_ACCEPT, 0));
	play(&f, act_make(CRISK_CATAN_CONFIRM, 1));
	ck_assert_int_eq(x->fish[0], 0);
	ck_assert_int_eq(x->fish[1], 3);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[BRICK], brick0 + 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->hand[BRICK], brick1 - 1);
	/* Wanting fish: a responder without them cannot accept. */
	play_unlisted(&f, offer(one_brick, two_fish, CRISK_CATAN_TO_ALL));
	ck_assert_int_eq(ks(f.st)->cur, 1);
	play(&f, act_make(CRISK_CATAN_ACCEPT, 0)); /* seat 1 holds 3 */
	ck_assert_int_eq(ks(f.st)->cur, 2);
	refused(&f, act_make(CRISK_CATAN_ACCEPT, 0), "not enough fish: need 2, have 0");
	play(&f, act_make(CRISK_CATAN_DECLINE, 0));
	play(&f, act_make(CRISK_CATAN_DECLINE, 0));
	play(&f, act_make(CRISK_CATAN_CONFIRM, 1));
	ck_assert_int_eq(x->fish[0], 2);
	ck_assert_int_eq(x->fish[1], 1);
	/* H-64: no fish with the bank. */
	refused(&f, act_make(CRISK_CATAN_MARITIME_TRADE, (uint64_t)(FISH | ORE << 8)), NULL);
	refused(&f, act_make(CRISK_CATAN_MARITIME_TRADE, (uint64_t)(WOOL | FISH << 8)), NULL);
	/* The engine's most fish per seat. */
	x->fish[0] = 254;
	refused(&f, offer(one_brick, two_fish, 1), "at most 255");
	x->fish[0] = 2;
	x->fish[1] = 254;
	play_unlisted(&f, offer(two_fish, one_brick, 1));
	refused(&f, act_make(CRISK_CATAN_ACCEPT, 0), "at most 255");
	play(&f, act_make(CRISK_CATAN_DECLINE, 0));
	close_game(&f);
}
END_TEST

static char *isles; /* three_isles.catanmap (main) */

/* 3 seats on three_isles: seat 0 has ships sw1 (w5-xw) and se1 (m5-xe),
 * the sea sides of merchants mw (xw-xm) and me (xe-xf). */
static const char *const setup_isles[] = {
	"m5", "se1", "w1", "rw1", "e5", "re8", "w3", "rw5", "e3", "re5",
	"w5", "sw1", "e1", "re1", "m1", "rm1", "m3", "rm5",
};

/* A 3-seat game on isles with the scrolls mw and me (any:3 and ore:2 in the
 * file), after set-up and a roll of 12 (no hex has 12); free() the map
 * after close_game. */
static char *open_isles(fixture *f, const char *mw, const char *me)
{
	char *one = edited_text(isles, "trade=any:3", mw), *map = edited_text(one, "trade=ore:2", me);
	free(one);
	open_game_map(f, "players=3 seed=1 chance=explicit", map);
	play_setup(f, setup_isles);
	roll(f, 12);
	return map;
}

/* H-62: the scrolls any:2 and <resource>:3, valid in the format (H-28) for
 * other maps: 2 of any resource, 3 of that one resource.  Several held
 * scrolls give the best rate per type, and leaving one loses it (H-63). */
START_TEST(scrolls_any2_res3_H62_H63)
{
	fixture f;
	char *map = open_isles(&f, "trade=any:2", "trade=ore:3");
	for (int r = 0; r < NUM_RES; r++)
		ck_assert_int_eq(rate(&f, 0, r), 4);
	build_ship(&f, "me");
	ck_assert_int_eq(rate(&f, 0, ORE), 3);
	ck_assert_int_eq(rate(&f, 0, WOOL), 4);
	ck_assert_int_eq(rate(&f, 1, ORE), 4);
	const kseat *p = kseat_of(f.k, f.st, 0);
	int ore = p->hand[ORE];
	grant(&f, 0, ORE, 3 - ore);
	grant(&f, 0, WOOL, 3 - p->hand[WOOL]);
	refused(&f, trade(WOOL, BRICK), "not enough wool: need 4, have 3");
	play(&f, trade(ORE, BRICK)); /* 3 ore for 1 brick */
	ck_assert_int_eq(p->hand[ORE], 0);
	build_ship(&f, "mw");
	for (int r = 0; r < NUM_RES; r++)
		ck_assert_int_eq(rate(&f, 0, r), 2); /* any:2 beats ore:3 */
	grant(&f, 0, ORE, 2);
	play(&f, trade(ORE, GRAIN));
	roundtrip(&f);
	ship_leaves(&f, 0, "mw");
	ck_assert_int_eq(rate(&f, 0, ORE), 3);
	ck_assert_int_eq(rate(&f, 0, GRAIN), 4);
	ship_leaves(&f, 0, "me");
	ck_assert_int_eq(rate(&f, 0, ORE), 4);
	close_game(&f);
	free(map);
}
END_TEST

/* H-62: a resource's 2:1 scroll beats its own 3:1 scroll.  wool:2 keeps
 * its harbor type's bit (1 + wool), wool:3 takes bit 6 (board.h). */
START_TEST(scrolls_best_rate_H62)
{
	fixture f;
	char *map = open_isles(&f, "trade=wool:3", "trade=wool:2");
	build_ship(&f, "mw");
	ck_assert_int_eq(rate(&f, 0, WOOL), 3);
	ck_assert_int_eq(rate(&f, 0, LUMBER), 4);
	build_ship(&f, "me");
	ck_assert_int_eq(rate(&f, 0, WOOL), 2);
	ck_assert_int_eq(rate(&f, 0, LUMBER), 4);
	ck_assert_uint_eq(kseat_of(f.k, f.st, 0)->harbors, 1u << (1 + WOOL) | 1u << 6);
	ship_leaves(&f, 0, "me");
	ck_assert_int_eq(rate(&f, 0, WOOL), 3);
	close_game(&f);
	free(map);
}
END_TEST

static Suite *hawaii_trade_suite(void)
{
	Suite *s = suite_create("hawaii_trade");
	TCase *tc = tcase_create("merchants");
	tcase_add_test(tc, setup_ship_on_merchant_H63);
	tcase_add_test(tc, merchant_m5_H102);
	tcase_add_test(tc, merchant_from_lahaina_H102);
	tcase_add_test(tc, merchant_dead_ends_H102);
	tcase_add_test(tc, merchant_same_type_H62_H63);
	tcase_add_test(tc, fish_take_merchant_H102);
	tcase_add_test(tc, fish_in_offers_H61_H64);
	tcase_add_test(tc, scrolls_any2_res3_H62_H63);
	tcase_add_test(tc, scrolls_best_rate_H62);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	size_t len;
	isles = argc == 2 ? read_all(argv[1], &len) : NULL;
	if (!isles) {
		fprintf(stderr, "usage: %s three_isles.catanmap\n", argv[0]);
		return EXIT_FAILURE;
	}
	SRunner *sr = srunner_create(hawaii_trade_suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(isles);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
