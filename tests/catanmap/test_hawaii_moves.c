/* Moving ships in module hawaii (rules/hawaii.md section 15, H-78..H-81,
 * H-59, test target H-108), through the module's internal entry points
 * after a whole set-up through actions, in explicit chance mode. */
#include <check.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

static const int plenty[5] = {2, 3, 2, 0, 0}; /* 7 cards: a road and two ships, never a discard */

/* Seat 0 (A) settles lihue with its set-up ship on m1 (point w03 is a dead
 * end), ewa with road r022 (to j_pearlharbor, where m3 starts) and kula. */
static const char *const plan[4][6] = {
	{"lihue", "m1", "ewa", "r022", "kula", "r064"},
	{"lahaina", "m5", "kealakekua", "r097", "poipu", "r008"},
	{"lanaicity", "r040", "kaneohe", "r017", "kapaa", "r004"},
	{"wailea_makena", "f08", "maunaloa", "r038", "hilo", "r081"},
};

static void open_moves(fixture *f)
{
	open_game(f, "players=4 seed=1 chance=explicit");
	setup(f, plan);
	for (int s = 0; s < 4; s++)
		set_hand(f, s, plenty);
}

static int ship_on(const fixture *f, const char *space, int s)
{
	return kpaths(f->k, f->st)[sp(f, space)] == s + 1;
}

/* H-108, H-79, H-80, H-81: A's set-up ship on m1 is at an open end and may
 * move in A's main phase; ships built this turn may not; with A's road
 * r007 at j_koloa and ships on s06, s07, s07 is at an open end and s06
 * not; a moved ship cannot connect through its own old space. */
START_TEST(open_ends_and_moves_H108)
{
	fixture f;
	open_moves(&f);
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "m3"), "(H-78)")); /* pre-roll */
	roll(&f, 2);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "m1")), 1);
	ck_assert(legal_code(&f, move_ship_code(&f, "m1", "m3"), NULL));
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "m1"), "different space"));
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "r007"), "road space"));
	ck_assert(!legal_code(&f, move_ship_code(&f, "m5", "m3"), "no ship of yours"));
	ck_assert_int_eq(count_type(&f, HW_MOVE_SHIP), 1); /* only m3: its point j_pearlharbor is A's */
	play(&f, code(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(&f, "r007")));
	play(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "s06")));
	play(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "s07")));
	ck_assert(!legal_code(&f, move_ship_code(&f, "s07", "m3"), "placed or moved this turn (H-80)"));
	ck_assert(legal_code(&f, move_ship_code(&f, "m1", "f04"), NULL)); /* from s07's end w07 */
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	/* A's next turn: the pirate to sea04 (m1, s04, s05, s06) first. */
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea04")));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "m3"), "no ship may leave it (H-59, H-80)"));
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s07")), 1);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s06")), 0);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s06", "m3"), "(H-59, H-80)")); /* s06 is on sea04 too */
	ck_assert(!legal_code(&f, move_ship_code(&f, "r007", "m3"), "no ship of yours"));
	ck_assert(!legal_code(&f, move_ship_code(&f, "s07", "f04"), "once the ship has left space"));
	set_hand(&f, 0, plenty);
	ck_assert(legal_code(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "f04")), NULL)); /* through s07: yes */
	ck_assert(legal_code(&f, move_ship_code(&f, "s07", "m3"), NULL));
	play(&f, move_ship_code(&f, "s07", "m3"));
	ck_assert(!ship_on(&f, "s07", 0));
	ck_assert(ship_on(&f, "m3", 0));
	ck_assert_int_eq(hwx(f.k, f.st)->ships[0], 15 - 3);
	ck_assert(!bit_get(kreach(f.k, f.st, 0), pt(&f, "w07")));
	ck_assert(bit_get(kreach(f.k, f.st, 0), pt(&f, "w06")));
	/* H-78: once per turn. */
	ck_assert(!legal_code(&f, move_ship_code(&f, "m3", "s07"), "already moved a ship this turn (H-78)"));
	ck_assert_int_eq(count_type(&f, HW_MOVE_SHIP), 0);
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	/* The turn after: the pirate leaves sea04; m1 may go to s07 (w06 is A's
	 * by s06) but not to f04 (nothing of A at w07 or j_makua any more). */
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea01")));
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "f04"), "(H-45, H-81)"));
	/* s06 is at an open end now (s07 left w06), but it cannot go on to s07
	 * through its own old space. */
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s06")), 1);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s06", "s07"), "once the ship has left space"));
	ck_assert(legal_code(&f, move_ship_code(&f, "m3", "s07"), NULL));
	play(&f, move_ship_code(&f, "m1", "s07"));
	ck_assert(!ship_on(&f, "m1", 0));
	ck_assert(ship_on(&f, "s07", 0));
	close_game(&f);
}
END_TEST

/* H-44, H-45, H-81: a building is its owner's anchor with no piece of the
 * owner at it.  A's set-up ship leaves lihue for m3: lihue keeps no road
 * or ship of A, yet A builds roads from it, listed as checked. */
START_TEST(bare_settlement_anchors_roads_H44_H45)
{
	fixture f;
	open_moves(&f);
	roll(&f, 2);
	play(&f, move_ship_code(&f, "m1", "m3"));
	ck_assert(!bit_get(kreach(f.k, f.st, 0), pt(&f, "lihue"))); /* no piece of A there */
	ck_assert(legal_code(&f, code(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(&f, "r006")), NULL));
	ck_assert(legal_code(&f, code(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(&f, "r007")), NULL));
	ck_assert(is_listed(&f, code(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(&f, "r006"))));
	play(&f, code(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(&f, "r007")));
	ck_assert(bit_get(kreach(f.k, f.st, 0), pt(&f, "lihue")));
	close_game(&f);
}
END_TEST

/* H-108's last sentence, H-81, H-50: a ship moved off f06 moves its
 * owner's boat back one step at once; moved onto m2 it gives 3:1 at once
 * (seat 2, with no merchant space before; its pieces at kaneohe and the
 * ships s11, f05, f06 as a position). */
START_TEST(move_effects_H108)
{
	fixture f;
	open_moves(&f);
	put_ship(&f, 2, "s11"); /* kaneohe-w12 */
	put_ship(&f, 2, "f05"); /* w12-w10 */
	put_ship(&f, 2, "s08"); /* w08-w10: m2's sea end w08 */
	put_ship(&f, 2, "f06"); /* w10-w13 */
	ck_assert_int_eq(hwx(f.k, f.st)->boat[2], 2);
	next_turn(&f);
	next_turn(&f);
	roll(&f, 2);
	ck_assert_int_eq(kern_trade_rate(f.k, kseat_of(f.k, f.st, 2), ORE), 4);
	ck_assert(legal_code(&f, move_ship_code(&f, "f06", "m2"), NULL));
	play(&f, move_ship_code(&f, "f06", "m2"));
	ck_assert_int_eq(hwx(f.k, f.st)->boat[2], 1);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(kern_trade_rate(f.k, kseat_of(f.k, f.st, 2), r), 3);
	close_game(&f);
}
END_TEST

/* H-59, H-81: no ship may be moved onto a space next to the pirate. */
START_TEST(pirate_blocks_destination_H59)
{
	fixture f;
	open_moves(&f);
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea25"))); /* m2, m3 */
	ck_assert(!legal_code(&f, move_ship_code(&f, "m1", "m3"), "no ship may be moved onto it (H-59, H-81)"));
	close_game(&f);
}
END_TEST

/* H-80: a ship placed by Road Building this turn stays where it is; H-79:
 * next turn, inside the chain r007, s06, s07 it is no open end. */
START_TEST(free_ship_stays_H80_H79)
{
	fixture f;
	open_moves(&f);
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_ROAD_BUILDING] = 1;
	ks(f.st)->deck[CRISK_CATAN_ROAD_BUILDING]--;
	roll(&f, 2);
	play(&f, code(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	play(&f, code(CRISK_CATAN_PLACE_FREE_ROAD, (uint64_t)sp(&f, "r007")));
	play(&f, code(HW_PLACE_FREE_SHIP, (uint64_t)sp(&f, "s06")));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s06")), 1);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s06", "m3"), "(H-80)"));
	ck_assert(legal_code(&f, move_ship_code(&f, "m1", "s07"), NULL));
	play(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "s07")));
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	roll(&f, 2);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s06")), 0);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s06", "m3"), "not at an open end: at both its points"));
	ck_assert(legal_code(&f, move_ship_code(&f, "s07", "m3"), NULL));
	close_game(&f);
}
END_TEST

/* H-78, H-89: no ship moves in a special build window (5 seats). */
static const char *const five_plan[5][6] = {
	{"waianae", "r026", "hanalei", "r002", "lahaina", "r069"},
	{"puuwai", "s02", "kaneohe", "r017", "hilo", "r081"},
	{"pahala", "r090", "kapaa", "r004", "maunaloa", "r038"},
	{"volcano", "r108", "lanaicity", "r040", "ewa", "r022"},
	{"kula", "r064", "poipu", "r008", "halawa", "r031"},
};

START_TEST(no_moves_in_special_build_H78)
{
	fixture f;
	open_game(&f, "players=5 seed=1 chance=explicit");
	setup(&f, five_plan);
	roll(&f, 2);
	play(&f, code(CRISK_CATAN_END_TURN, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_SPECIAL_BUILD);
	ck_assert_int_eq(ks(f.st)->cur, 1);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 1, sp(&f, "s02")), 1);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s02", "s01"), "(H-78)"));
	play(&f, code(CRISK_CATAN_PASS, 0));
	close_game(&f);
}
END_TEST

/* H-112 for this slice's fields: moved, n_fresh and fresh are checked. */
START_TEST(move_fields_checked)
{
	fixture f;
	open_moves(&f);
	roll(&f, 2);
	play(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "m3")));
	hw_ext *x = hwx(f.k, f.st);
	ck_assert_int_eq(x->n_fresh, 1);
	ck_assert_int_eq(x->fresh[0], sp(&f, "m3"));
	x->fresh[0] = (uint16_t)sp(&f, "m5"); /* seat 1's ship */
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), "ext.fresh[0]") != NULL, "%s", crisk_error_last());
	x->fresh[0] = (uint16_t)sp(&f, "m3");
	x->fresh[1] = 7;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->fresh[1] = 0;
	x->moved = 2;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->moved = 0;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	/* The next turn starts with nothing placed or moved. */
	next_turn(&f);
	ck_assert_int_eq(x->n_fresh, 0);
	ck_assert_int_eq(x->fresh[0], 0);
	close_game(&f);
}
END_TEST

/* Random play through the module's lists, both chance modes, 4 and 5
 * seats: every listed action checks and applies, every state passes the
 * state check and the save round trips (play), and codes of the sea slice
 * that are not listed are refused by check. */
static void random_play(const char *params, uint64_t seed, int steps)
{
	fixture f;
	open_game(&f, params);
	static crisk_action buf[PLAY_CAP];
	uint64_t x = seed;
	int pirate_moves = 0, ship_moves = 0;
	for (int i = 0; i < steps && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
		size_t n = hawaii_legal(f.k, f.st, buf, PLAY_CAP);
		ck_assert_uint_gt(n, 0);
		ck_assert_uint_le(n, PLAY_CAP);
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* Unlisted sea codes are refused. */
		crisk_action probe = code(HW_MOVE_SHIP, x & 0xFFFFFFFFu);
		if (!is_listed(&f, probe))
			ck_assert_int_ne(hawaii_check(f.k, f.st, probe), CRISK_OK);
		probe = code(HW_MOVE_PIRATE, (x >> 32) % 80);
		if (!is_listed(&f, probe))
			ck_assert_int_ne(hawaii_check(f.k, f.st, probe), CRISK_OK);
		/* Prefer the sea slice's actions when listed, else uniform. */
		crisk_action a = buf[x % n];
		for (size_t j = 0; j < n && (x >> 40) % 2; j++) {
			if (ACT_TYPE(buf[j]) == HW_MOVE_SHIP || ACT_TYPE(buf[j]) == HW_MOVE_PIRATE)
				a = buf[j + (x >> 20) % (n - j)];
		}
		ck_assert_msg(hawaii_check(f.k, f.st, a) == CRISK_OK, "listed %016llx refused: %s", (unsigned long long)a,
			      crisk_error_last());
		pirate_moves += ACT_TYPE(a) == HW_MOVE_PIRATE;
		ship_moves += ACT_TYPE(a) == HW_MOVE_SHIP;
		play(&f, a);
	}
	ck_assert_int_gt(pirate_moves, 0);
	ck_assert_int_gt(ship_moves, 0);
	close_game(&f);
}

/* H-78..H-81: at every step of random games, every MOVE_SHIP from a space
 * of the active seat's (and from one space of nobody's) to every space is
 * accepted by check exactly when it is listed, and a refusal names a rule
 * (hw_check_move_ship's test of all rules at once, with the rule by rule
 * refusals apart). */
static void check_all_moves(const char *params, uint64_t seed, int steps)
{
	fixture f;
	open_game(&f, params);
	static crisk_action buf[PLAY_CAP];
	static uint8_t listed[1024][1024 / 8];
	uint64_t x = seed;
	int accepted = 0, refused = 0;
	const int n_path = f.k->b.n_path;
	ck_assert_int_le(n_path, 1024);
	for (int i = 0; i < steps && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
		size_t n = hawaii_legal(f.k, f.st, buf, PLAY_CAP);
		ck_assert_uint_gt(n, 0);
		memset(listed, 0, sizeof listed);
		for (size_t j = 0; j < n; j++) {
			if (ACT_TYPE(buf[j]) == HW_MOVE_SHIP) {
				int from = ACT_ID(buf[j]), to = (int)(buf[j] >> 16 & 0xFFFFu);
				listed[from][to >> 3] |= (uint8_t)(1u << (to & 7));
			}
		}
		const uint8_t *paths = kpaths(f.k, f.st);
		for (int from = 0; from < n_path; from++) {
			if (paths[from] != ks(f.st)->active + 1 && from != (int)(x % (uint64_t)n_path))
				continue;
			for (int to = 0; to <= n_path; to++) {
				crisk_action a = code(HW_MOVE_SHIP, (uint64_t)from | (uint64_t)to << 16);
				int want = to < n_path && (listed[from][to >> 3] >> (to & 7) & 1);
				int rc = hawaii_check(f.k, f.st, a);
				ck_assert_msg((rc == CRISK_OK) == want, "move %d to %d: check %d, listed %d (%s)", from, to, rc,
					      want, rc ? crisk_error_last() : "");
				if (rc) {
					ck_assert_int_eq(rc, CRISK_EILLEGAL);
					ck_assert_msg(crisk_error_last()[0] != '\0', "move %d to %d refused without a message", from, to);
					refused++;
				} else {
					accepted++;
				}
			}
		}
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		crisk_action a = buf[x % n];
		for (size_t j = 0; j < n && (x >> 40) % 2; j++) {
			if (ACT_TYPE(buf[j]) == HW_MOVE_SHIP)
				a = buf[j + (x >> 20) % (n - j)];
		}
		play(&f, a);
	}
	ck_assert_int_gt(accepted, 0);
	ck_assert_int_gt(refused, 0);
	close_game(&f);
}

START_TEST(check_all_moves_H78_H81)
{
	check_all_moves("players=3 seed=11", 0x9E3779B97F4A7C15u, 1000);
	check_all_moves("players=4 chance=explicit seed=12", 0xD1B54A32D192ED03u, 1000);
}
END_TEST

START_TEST(random_play_H112)
{
	random_play("players=4 chance=explicit seed=3", 0x9E3779B97F4A7C15u, 4000);
	random_play("players=4 seed=4", 0xD1B54A32D192ED03u, 4000);
	random_play("players=5 chance=explicit seed=5", 0x8CB92BA72F3D8DD7u, 4000);
	random_play("players=3 seed=6", 0x2545F4914F6CDD1Du, 4000);
}
END_TEST

static Suite *hawaii_moves_suite(void)
{
	Suite *s = suite_create("hawaii_moves");
	TCase *tc = tcase_create("moves");
	tcase_add_test(tc, open_ends_and_moves_H108);
	tcase_add_test(tc, bare_settlement_anchors_roads_H44_H45);
	tcase_add_test(tc, move_effects_H108);
	tcase_add_test(tc, pirate_blocks_destination_H59);
	tcase_add_test(tc, free_ship_stays_H80_H79);
	tcase_add_test(tc, no_moves_in_special_build_H78);
	tcase_add_test(tc, move_fields_checked);
	tcase_add_test(tc, random_play_H112);
	tcase_add_test(tc, check_all_moves_H78_H81);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_moves_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
