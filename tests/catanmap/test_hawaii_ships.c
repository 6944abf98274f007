/* Building ships in module hawaii (rules/hawaii.md H-3, H-43..H-46, H-51,
 * H-82, H-100, H-106, H-109), through the module's internal entry points.
 * Positions are put down with the kernel's and the module's placement
 * functions, then BUILD_SHIP and BUILD_ROAD go through check and apply. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "core/params.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_fixture.h"

#define CAP 1024

enum { BRICK, LUMBER, WOOL, GRAIN, ORE };

static int id_of(const fixture *f, int kind, const char *id)
{
	int i = catanmap_index(hwr(f->k)->map, kind, id);
	ck_assert_msg(i >= 0, "no %s", id);
	return i;
}

static int pt(const fixture *f, const char *id)
{
	return id_of(f, CM_POINT, id);
}

static int sp(const fixture *f, const char *id)
{
	return id_of(f, CM_SPACE, id);
}

/* Seat s's main phase in turn 1 with `each` of every resource. */
static void main_phase(fixture *f, int s, int each)
{
	kstate *h = ks(f->st);
	h->turn = 1;
	h->step = (uint8_t)kern_setup_steps(f->k);
	h->dp = DP_MAIN;
	h->cur = (int8_t)s;
	h->active = (uint8_t)s;
	kseat *p = kseat_of(f->k, f->st, s);
	for (int r = 0; r < NUM_RES; r++) {
		p->hand[r] = (uint8_t)each;
		h->bank[r] = (uint8_t)(h->bank[r] - each);
	}
	p->cards = (uint8_t)(NUM_RES * each);
}

static int listed(const fixture *f, unsigned type, int id)
{
	crisk_action buf[CAP];
	size_t n = hawaii_legal(f->k, f->st, buf, CAP);
	ck_assert_uint_le(n, CAP);
	int found = 0;
	for (size_t i = 0; i < n; i++) {
		ck_assert(i == 0 || buf[i - 1] < buf[i]);
		found |= buf[i] == act_make(type, (uint64_t)id);
	}
	return found;
}

/* check and the legal list agree; the answer is whether it is legal. */
static int legal(const fixture *f, unsigned type, const char *space)
{
	int ok = hawaii_check(f->k, f->st, act_make(type, (uint64_t)sp(f, space))) == CRISK_OK;
	char msg[256];
	snprintf(msg, sizeof msg, "%s", crisk_error_last());
	ck_assert_msg(ok == listed(f, type, sp(f, space)), "check and list disagree on %s", space);
	err_set(CRISK_EILLEGAL, "%s", msg); /* keep check's message for the caller */
	return ok;
}

static void build(fixture *f, unsigned type, const char *space)
{
	int rc = hawaii_apply(f->k, f->st, act_make(type, (uint64_t)sp(f, space)), &f->log);
	ck_assert_msg(rc == CRISK_OK, "build %s: %s", space, crisk_error_last());
}

/* H-100 (a), H-3 (c), H-45: a ship joins a road at a junction at once; the
 * chain reaches lihue, and nothing goes beyond the empty named location
 * until A settles it. */
START_TEST(ships_and_roads_connect_H3c_H100a)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	main_phase(&f, 0, 6);
	ck_assert(legal(&f, HW_BUILD_SHIP, "f04"));
	build(&f, HW_BUILD_SHIP, "f04");
	build(&f, HW_BUILD_SHIP, "s07");
	build(&f, HW_BUILD_SHIP, "s06");
	ck_assert(legal(&f, CRISK_CATAN_BUILD_ROAD, "r007")); /* a road from a ship, at j_koloa */
	build(&f, CRISK_CATAN_BUILD_ROAD, "r007");
	ck_assert(!legal(&f, CRISK_CATAN_BUILD_ROAD, "r006"));
	ck_assert(!legal(&f, HW_BUILD_SHIP, "m1"));
	ck_assert_msg(strstr(crisk_error_last(), "(H-45)") != NULL, "%s", crisk_error_last());
	flow_place_building(f.k, f.st, 0, pt(&f, "lihue"));
	ck_assert(legal(&f, CRISK_CATAN_BUILD_ROAD, "r006"));
	ck_assert(legal(&f, HW_BUILD_SHIP, "m1"));
	close_game(&f);
}
END_TEST

/* H-3 (a), (b), H-43: ships on ship-type spaces only, roads on road spaces
 * only; a ship costs 1 lumber and 1 wool and comes from the 15 in supply. */
START_TEST(ship_spaces_and_cost_H3_H43)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	main_phase(&f, 0, 1);
	ck_assert(!legal(&f, HW_BUILD_SHIP, "r027"));
	ck_assert_msg(strstr(crisk_error_last(), "road space") != NULL, "%s", crisk_error_last());
	ck_assert(!legal(&f, CRISK_CATAN_BUILD_ROAD, "f04"));
	build(&f, HW_BUILD_SHIP, "f04");
	const kseat *p = kseat_of(f.k, f.st, 0);
	ck_assert_int_eq(p->hand[LUMBER], 0);
	ck_assert_int_eq(p->hand[WOOL], 0);
	ck_assert_int_eq(p->hand[BRICK], 1);
	ck_assert_int_eq(p->cards, 3);
	ck_assert_int_eq(ks(f.st)->bank[LUMBER], 19);
	ck_assert_int_eq(hwx(f.k, f.st)->ships[0], 14);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD], 14); /* r026 only */
	ck_assert(!legal(&f, HW_BUILD_SHIP, "s07"));
	ck_assert_str_eq(crisk_error_last(), "not enough lumber: need 1, have 0");
	main_phase(&f, 0, 1);
	hwx(f.k, f.st)->ships[0] = 0;
	ck_assert(!legal(&f, HW_BUILD_SHIP, "s07"));
	ck_assert_str_eq(crisk_error_last(), "you have no ship left in your supply (H-43)");
	/* Not before the roll. */
	hwx(f.k, f.st)->ships[0] = 14;
	ks(f.st)->dp = DP_PRE_ROLL;
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_BUILD_SHIP, (uint64_t)sp(&f, "s07"))), CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* H-46, H-100 (d), H-106: the pirate's hex blocks new ships there, never
 * roads; on sea41 it blocks nothing. */
START_TEST(pirate_blocks_ships_H46_H106)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	main_phase(&f, 0, 2);
	hwx(f.k, f.st)->pirate = (uint16_t)id_of(&f, CM_HEX, "sea09"); /* f03, s07, f04 */
	ck_assert(!legal(&f, HW_BUILD_SHIP, "f04"));
	ck_assert_msg(strstr(crisk_error_last(), "(H-46)") != NULL, "%s", crisk_error_last());
	ck_assert(legal(&f, CRISK_CATAN_BUILD_ROAD, "r027"));
	hwx(f.k, f.st)->pirate = (uint16_t)id_of(&f, CM_HEX, "sea19");
	static const char *penguin[] = {"s12", "f05", "f06", "s13", "s14"};
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, penguin[i])), 1);
	ck_assert(legal(&f, HW_BUILD_SHIP, "f04"));
	int blocked = 0;
	hwx(f.k, f.st)->pirate = (uint16_t)id_of(&f, CM_HEX, "sea41");
	for (int p = 0; p < f.k->b.n_path; p++)
		blocked += hw_pirate_blocks(f.k, f.st, p);
	ck_assert_int_eq(blocked, 0);
	close_game(&f);
}
END_TEST

/* H-82, H-109: roads and ships make one trail; 5 pieces take the card. */
START_TEST(trade_route_mixed_H82_H109)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	kseat_of(f.k, f.st, 0)->road_len = 1;
	main_phase(&f, 0, 6);
	build(&f, HW_BUILD_SHIP, "f04");
	build(&f, HW_BUILD_SHIP, "s07");
	build(&f, HW_BUILD_SHIP, "s06");
	ck_assert_int_eq(ks(f.st)->lr, -1);
	build(&f, CRISK_CATAN_BUILD_ROAD, "r007");
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 5);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	close_game(&f);
}
END_TEST

/* H-89: with 5-6 seats ships are built in the special build window too. */
START_TEST(special_build_ships_H89)
{
	fixture f;
	open_game(&f, "players=5 seed=1");
	flow_place_building(f.k, f.st, 2, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 2, sp(&f, "r026"));
	main_phase(&f, 2, 1);
	kstate *h = ks(f.st);
	h->dp = DP_SPECIAL_BUILD;
	h->part_owner = 1;
	ck_assert(legal(&f, HW_BUILD_SHIP, "f04"));
	build(&f, HW_BUILD_SHIP, "f04");
	ck_assert_int_eq(h->dp, DP_SPECIAL_BUILD);
	close_game(&f);
}
END_TEST

/* A Road Building card for seat s, playable now. */
static void give_road_building(fixture *f, int s)
{
	kseat_of(f->k, f->st, s)->dev[CRISK_CATAN_ROAD_BUILDING] = 1;
	ks(f->st)->deck[CRISK_CATAN_ROAD_BUILDING]--;
	ks(f->st)->card_played = 0;
}

static int apply_code(fixture *f, unsigned type, int id)
{
	return hawaii_apply(f->k, f->st, act_make(type, (uint64_t)id), &f->log);
}

/* H-51: two free pieces, each a road or a ship; the second may use the
 * first; nothing is paid. */
START_TEST(road_building_ships_H51)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	kseat_of(f.k, f.st, 0)->road_len = 1; /* as the kernel keeps it (B-88) */
	main_phase(&f, 0, 0);
	give_road_building(&f, 0);
	ck_assert(listed(&f, CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	ck_assert_int_eq(apply_code(&f, CRISK_CATAN_PLAY_ROAD_BUILDING, 0), CRISK_OK);
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->dp, DP_FREE_ROAD);
	ck_assert_int_eq(h->free_roads, 2);
	ck_assert(legal(&f, CRISK_CATAN_PLACE_FREE_ROAD, "r027"));
	ck_assert(legal(&f, HW_PLACE_FREE_SHIP, "f04"));
	ck_assert(!legal(&f, HW_PLACE_FREE_SHIP, "s07")); /* not yet connected */
	build(&f, HW_PLACE_FREE_SHIP, "f04");
	ck_assert_int_eq(h->dp, DP_FREE_ROAD);
	ck_assert_int_eq(h->free_roads, 1);
	ck_assert(legal(&f, HW_PLACE_FREE_SHIP, "s07"));
	build(&f, HW_PLACE_FREE_SHIP, "s07");
	ck_assert_int_eq(h->dp, DP_MAIN);
	ck_assert_int_eq(h->free_roads, 0);
	ck_assert_int_eq(hwx(f.k, f.st)->ships[0], 13);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 3);
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_PLACE_FREE_SHIP, (uint64_t)sp(&f, "s06"))), CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* H-51: with no road in supply the card still places ships; with neither
 * pieces nor places it cannot be played. */
START_TEST(road_building_without_roads_H51)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	main_phase(&f, 0, 0);
	give_road_building(&f, 0);
	kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD] = 0;
	ck_assert_int_eq(apply_code(&f, CRISK_CATAN_PLAY_ROAD_BUILDING, 0), CRISK_OK);
	ck_assert_int_eq(ks(f.st)->free_roads, 2);
	ck_assert(!legal(&f, CRISK_CATAN_PLACE_FREE_ROAD, "r027"));
	ck_assert_str_eq(crisk_error_last(), "you have no road left in your supply (B-68)");
	ck_assert(legal(&f, HW_PLACE_FREE_SHIP, "f04"));
	/* The only ship left goes down: the second piece is skipped. */
	hwx(f.k, f.st)->ships[0] = 1;
	build(&f, HW_PLACE_FREE_SHIP, "f04");
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	close_game(&f);

	open_game(&f, "players=4 seed=1");
	flow_place_building(f.k, f.st, 0, pt(&f, "waianae"));
	flow_add_road(f.k, f.st, 0, sp(&f, "r026"));
	main_phase(&f, 0, 0);
	give_road_building(&f, 0);
	kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD] = 0;
	hwx(f.k, f.st)->ships[0] = 0;
	ck_assert(!listed(&f, CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(CRISK_CATAN_PLAY_ROAD_BUILDING, 0)), CRISK_EILLEGAL);
	ck_assert_str_eq(crisk_error_last(),
			 "road building needs a road in supply and a path to build on (B-81, or a free piece of the module's)");
	close_game(&f);
}
END_TEST

static Suite *hawaii_ships_suite(void)
{
	Suite *s = suite_create("hawaii_ships");
	TCase *tc = tcase_create("ships");
	tcase_add_test(tc, ships_and_roads_connect_H3c_H100a);
	tcase_add_test(tc, ship_spaces_and_cost_H3_H43);
	tcase_add_test(tc, pirate_blocks_ships_H46_H106);
	tcase_add_test(tc, trade_route_mixed_H82_H109);
	tcase_add_test(tc, special_build_ships_H89);
	tcase_add_test(tc, road_building_ships_H51);
	tcase_add_test(tc, road_building_without_roads_H51);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_ships_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
