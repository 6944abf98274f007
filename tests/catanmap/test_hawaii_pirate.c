/* The robber and the pirate in module hawaii (rules/hawaii.md section 9,
 * H-54..H-59, H-91, test targets H-106 and H-107), through the module's internal
 * entry points: pieces are put down as a position, then the 7, the knight,
 * the thief's move, the choice of victim and the steal go through check and
 * apply in explicit chance mode (one test in auto mode). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

static const int none[5] = {0, 0, 0, 0, 0};
static const int some[5] = {1, 0, 0, 1, 1}; /* 3 cards: never a discard */

/* The position of H-106 on sea22 after set-up: seat 1 has a ship on m5
 * (from lahaina), seat 3 one on f08 (from wailea_makena), seat 2 only a
 * settlement at lanaicity near there. */
static const char *const sea22_plan[4][6] = {
	{"waianae", "r026", "hilo", "r081", "hanalei", "r002"},
	{"lahaina", "m5", "kealakekua", "r097", "poipu", "r008"},
	{"lanaicity", "r040", "kaneohe", "r017", "kapalua", "r046"},
	{"wailea_makena", "f08", "maunaloa", "r038", "kapaa", "r004"},
};

/* H-107: settlements at pahoa, pahala and volcano (the corners of hi7). */
static const char *const hi7_plan[4][6] = {
	{"waianae", "r026", "hanalei", "r002", "lahaina", "r069"},
	{"pahoa", "r082", "kaneohe", "r017", "poipu", "r008"},
	{"pahala", "r090", "honolulu", "r019", "kapaa", "r004"},
	{"volcano", "r108", "maunaloa", "r038", "lanaicity", "r040"},
};

/* 5 seats: seat 1 settles puuwai, a named location with 5-6 seats (H-77). */
static const char *const five_plan[5][6] = {
	{"waianae", "r026", "hanalei", "r002", "lahaina", "r069"},
	{"puuwai", "s02", "kaneohe", "r017", "hilo", "r081"},
	{"pahala", "r090", "kapaa", "r004", "maunaloa", "r038"},
	{"volcano", "r108", "lanaicity", "r040", "ewa", "r022"},
	{"kula", "r064", "poipu", "r008", "halawa", "r031"},
};

static void open_sea22(fixture *f, const char *params)
{
	open_game(f, params);
	setup(f, sea22_plan);
	for (int s = 0; s < 4; s++)
		set_hand(f, s, some);
}

/* H-54, H-55, H-57: after a 7 the mover moves the robber to any other of
 * the 28 land hexes or the pirate to any other of the 43 sea hexes, not
 * both; the pirate causes no discards (only the 7 does, B-58). */
START_TEST(seven_moves_robber_or_pirate_H54_H55_H57)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	roll(&f, 7);
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->dp, DP_MOVE_ROBBER);
	ck_assert_int_eq(count_type(&f, CRISK_CATAN_MOVE_ROBBER), 27);
	ck_assert_int_eq(count_type(&f, HW_MOVE_PIRATE), 42);
	ck_assert(!legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "hi7")), "(B-62)"));
	ck_assert(legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "ni1")), NULL));
	ck_assert(legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "mu4")), NULL)); /* a desert */
	ck_assert(!legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea41")), "(H-57)"));
	ck_assert(!legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "ka1")), "not a sea hex (sea hexes are 28..70)"));
	ck_assert(!legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "sea01")), "not a land hex"));
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea01")));
	ck_assert_int_eq(hwx(f.k, f.st)->pirate, hx(&f, "sea01"));
	ck_assert_int_eq(h->robber, hx(&f, "hi7")); /* not both */
	ck_assert_int_eq(h->dp, DP_MAIN);            /* nobody to rob there */
	ck_assert(!legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "ka1")), NULL));
	ck_assert(!legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea02")), "(H-54)"));
	close_game(&f);
}
END_TEST

/* H-54: a knight moves the robber or the pirate too, and its play ends
 * with that move (B-80). */
START_TEST(knight_moves_pirate_H54)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_KNIGHT] = 1;
	ks(f.st)->deck[CRISK_CATAN_KNIGHT]--;
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->dp, DP_MOVE_ROBBER);
	ck_assert(legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea04")), NULL));
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea04")));
	ck_assert_int_eq(h->dp, DP_PRE_ROLL);
	ck_assert_int_eq(h->knight, 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->knights, 1);
	close_game(&f);
}
END_TEST

/* B-80, B-93, B-105: a knight's Largest Army counts once its pirate move
 * is done: a third knight that brings the seat to its target wins right
 * after the move (here to sea04, with nobody to rob), not before it.  The
 * move after a 7 has no check of its own (docs/decisions.md hawaii 48);
 * the knight's must stay. */
START_TEST(knight_pirate_wins_by_largest_army_B80)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	int vp = kern_total_vp(f.k, f.st, 0);
	close_game(&f);
	char params[64]; /* the target two VP above seat 0's: Largest Army's 2 VP reach it */
	snprintf(params, sizeof params, "players=4 seed=1 chance=explicit vp_target=%d", vp + 2);
	open_sea22(&f, params);
	ck_assert_int_eq(kern_total_vp(f.k, f.st, 0), vp);
	kstate *h = ks(f.st);
	kseat *p = kseat_of(f.k, f.st, 0);
	p->knights = 2;
	h->deck[CRISK_CATAN_KNIGHT] = (uint8_t)(h->deck[CRISK_CATAN_KNIGHT] - 3);
	p->dev[CRISK_CATAN_KNIGHT] = 1;
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	ck_assert_int_eq(h->la, 0);
	ck_assert_int_eq(h->status, CRISK_STATUS_RUNNING); /* not before the move (B-80) */
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea04")));
	ck_assert_int_eq(h->status, CRISK_STATUS_WON);
	ck_assert_int_eq(h->winner, 0);
	close_game(&f);
}
END_TEST

/* H-58, H-106: the pirate on sea22 robs the owners of ships on m5, f07,
 * f08 who hold cards, never a seat for a settlement at lanaicity or
 * lahaina alone; the mover chooses and steals as from the robber. */
START_TEST(pirate_victims_sea22_H58_H106)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea22")));
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->dp, DP_CHOOSE_VICTIM);
	ck_assert_uint_eq(hw_pirate_victims(f.k, f.st), (1u << 1) | (1u << 3));
	ck_assert(legal_code(&f, code(CRISK_CATAN_STEAL_FROM, 1), NULL));
	ck_assert(legal_code(&f, code(CRISK_CATAN_STEAL_FROM, 3), NULL));
	ck_assert(!legal_code(&f, code(CRISK_CATAN_STEAL_FROM, 2), "no piece next to the thief"));
	ck_assert(!legal_code(&f, code(CRISK_CATAN_STEAL_FROM, 0), "not an opponent"));
	play(&f, code(CRISK_CATAN_STEAL_FROM, 3));
	ck_assert_int_eq(h->dp, DP_STEAL);
	ck_assert_int_eq(h->cur, CRISK_SEAT_CHANCE);
	/* B-65: each of seat 3's cards equally likely. */
	crisk_action acts[8];
	double probs[8];
	size_t n = 0;
	ck_assert_int_eq(kern_chance(f.k, f.st, acts, probs, 8, &n), CRISK_OK);
	ck_assert_uint_eq(n, 3);
	for (size_t i = 0; i < n; i++)
		ck_assert_double_eq_tol(probs[i], 1.0 / 3, 1e-12);
	play(&f, code(CRISK_CATAN_STEAL_RESULT, ORE));
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[ORE], 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 3)->hand[ORE], 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 3)->cards, 2);
	ck_assert_int_eq(h->dp, DP_MAIN);
	/* H-46, H-59, H-106: no ship may be built on m5, f07, f08 now. */
	static const char *blocked[] = {"m5", "f07", "f08"};
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, blocked[i])), 1);
	int total = 0;
	for (int p = 0; p < f.k->b.n_path; p++)
		total += hw_pirate_blocks(f.k, f.st, p);
	ck_assert_int_eq(total, 3);
	/* Seat 1 (lahaina, m5) may neither build f07 nor move m5 off; it builds
	 * s22 to pukoo, but next turn cannot move that ship onto f07. */
	next_turn(&f);
	roll(&f, 2);
	set_hand(&f, 1, (const int[5]){0, 2, 2, 0, 0});
	ck_assert(!legal_code(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "f07")), "(H-46)"));
	ck_assert(!legal_code(&f, move_ship_code(&f, "m5", "s22"), "no ship may leave it (H-59, H-80)"));
	ck_assert(legal_code(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "s22")), NULL));
	play(&f, code(HW_BUILD_SHIP, (uint64_t)sp(&f, "s22")));
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	roll(&f, 2);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 1, sp(&f, "s22")), 1);
	ck_assert(!legal_code(&f, move_ship_code(&f, "s22", "f07"), "no ship may be moved onto it (H-59, H-81)"));
	close_game(&f);
}
END_TEST

/* H-58: a seat without cards is no victim; one victim is robbed without a
 * choice; the mover's own ship makes it no victim. */
START_TEST(pirate_single_victim_H58)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	put_ship(&f, 0, "f07"); /* seat 0's own ship there makes it no victim */
	set_hand(&f, 3, none);
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea22")));
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->dp, DP_STEAL);
	ck_assert_int_eq(h->victim, 1);
	ck_assert(!legal_code(&f, code(CRISK_CATAN_STEAL_RESULT, WOOL), NULL));
	play(&f, code(CRISK_CATAN_STEAL_RESULT, GRAIN));
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->cards, 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, 4);
	close_game(&f);
}
END_TEST

/* H-106: on sea41 the pirate blocks nothing and robs nobody; on sea19 it
 * blocks s12, f05, f06, s13, s14. */
START_TEST(pirate_sea41_sea19_H106)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit");
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea19")));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	static const char *penguin[] = {"s12", "f05", "f06", "s13", "s14"};
	int total = 0;
	for (int p = 0; p < f.k->b.n_path; p++)
		total += hw_pirate_blocks(f.k, f.st, p);
	ck_assert_int_eq(total, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, penguin[i])), 1);
	/* Back to sea41 with a knight: nothing blocked, nobody robbed. */
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_KNIGHT] = 1;
	ks(f.st)->deck[CRISK_CATAN_KNIGHT]--;
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea41")));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	for (int p = 0; p < f.k->b.n_path; p++)
		ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, p), 0);
	close_game(&f);
}
END_TEST

/* B-135, H-92: with chance=auto the pirate's steal is drawn at once. */
START_TEST(pirate_steal_auto_H58)
{
	fixture f;
	open_sea22(&f, "players=4 seed=5");
	set_hand(&f, 0, none);
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_KNIGHT] = 1;
	ks(f.st)->deck[CRISK_CATAN_KNIGHT]--;
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	kstate *h = ks(f.st);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea18"))); /* seat 1's m5 */
	ck_assert_int_eq(h->dp, DP_PRE_ROLL);
	ck_assert_int_eq(h->cur, 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->cards, 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, 1);
	close_game(&f);
}
END_TEST

/* H-107, H-55, H-56: the robber starts on the desert hi7, where it blocks
 * nothing; moved back there (here by a knight after a 7 took it to ka1),
 * its victims are the owners of buildings at pahoa, pahala and volcano.
 * After a robber move the kernel's victims are the robber's again. */
START_TEST(robber_hi7_H107)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	kstate *h = ks(f.st);
	ck_assert_int_eq(h->robber, hx(&f, "hi7"));
	ck_assert_int_eq(f.k->b.token[hx(&f, "hi7")], 0);
	setup(&f, hi7_plan);
	put_settlement(&f, 3, "kalapana"); /* hi9 only: no victim for this one */
	for (int s = 0; s < 4; s++)
		set_hand(&f, s, some);
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_KNIGHT] = 1;
	h->deck[CRISK_CATAN_KNIGHT]--;
	roll(&f, 7);
	play(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea01"))); /* nobody's ships there */
	ck_assert_int_eq(hwx(f.k, f.st)->thief, 1);
	ck_assert_int_eq(h->dp, DP_MAIN);
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	play(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "ka1")));
	ck_assert_int_eq(h->dp, DP_MAIN); /* nobody at ka1 */
	ck_assert_int_eq(hwx(f.k, f.st)->thief, 0);
	/* Seat 0's next turn: a knight back to hi7. */
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	kseat_of(f.k, f.st, 0)->dev[CRISK_CATAN_KNIGHT] = 1;
	h->deck[CRISK_CATAN_KNIGHT]--;
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	play(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "hi7")));
	ck_assert_int_eq(h->dp, DP_CHOOSE_VICTIM);
	ck_assert_uint_eq(kern_victims(f.k, f.st), (1u << 1) | (1u << 2) | (1u << 3));
	ck_assert(legal_code(&f, code(CRISK_CATAN_STEAL_FROM, 2), NULL));
	close_game(&f);
}
END_TEST

/* H-107 (5-6 seats), H-52: the robber on ni1 stops production only for a
 * building at puuwai, a named location with 5 seats. */
START_TEST(robber_ni1_puuwai_H107)
{
	fixture f;
	open_game(&f, "players=5 seed=1 chance=explicit");
	setup(&f, five_plan);
	for (int s = 0; s < 5; s++)
		set_hand(&f, s, none);
	roll(&f, 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->hand[WOOL], 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->cards, 1);
	kseat_of(f.k, f.st, 1)->dev[CRISK_CATAN_KNIGHT] = 1;
	ks(f.st)->deck[CRISK_CATAN_KNIGHT]--;
	next_turn(&f);
	play(&f, code(CRISK_CATAN_PLAY_KNIGHT, 0));
	play(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "ni1")));
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL); /* seat 1 robs itself of nothing */
	roll(&f, 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->hand[WOOL], 1);
	close_game(&f);
}
END_TEST

/* H-91: with friendly_robber, neither the robber next to a building nor
 * the pirate next to a ship of an opponent with 3 visible VP or less (all
 * of them right after set-up). */
START_TEST(friendly_robber_and_pirate_H91)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit friendly_robber=on");
	roll(&f, 7);
	ck_assert(!legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea22")), "(friendly robber, H-91)"));
	ck_assert(!legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea18")), "seat 1, who has only 3 visible VP"));
	ck_assert(legal_code(&f, code(HW_MOVE_PIRATE, (uint64_t)hx(&f, "sea01")), NULL));
	ck_assert_int_eq(count_type(&f, HW_MOVE_PIRATE), 42 - 2); /* m5 touches sea18 and sea22, f08 sea22 */
	ck_assert(!legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "mu1")), "(friendly robber, B-63)"));
	ck_assert(legal_code(&f, code(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "oa2")), NULL)); /* seat 0's own */
	close_game(&f);
}
END_TEST

/* H-91 for the fish market's moves (H-73): friendly_robber keeps the
 * pirate off the sea hexes of a weak opponent's ship there too, and the
 * robber off a weak opponent's hexes. */
START_TEST(friendly_fish_market_H91_H73)
{
	fixture f;
	open_sea22(&f, "players=4 seed=1 chance=explicit friendly_robber=on");
	hwx(f.k, f.st)->fish[0] = 2; /* the cost of either move */
	const crisk_action pirate = code(HW_FISH, (uint64_t)HW_FISH_MOVE_PIRATE << 16);
	ck_assert(!legal_code(&f, pirate | (uint64_t)hx(&f, "sea22"), "(friendly robber, H-91)"));
	ck_assert(!legal_code(&f, pirate | (uint64_t)hx(&f, "sea18"), "seat 1, who has only 3 visible VP"));
	ck_assert(!legal_code(&f, code(HW_FISH, (uint64_t)HW_FISH_MOVE_ROBBER << 16 | (uint64_t)hx(&f, "mu1")),
			      "(friendly robber, B-63)"));
	int moves = 0;
	for (int x = 0; x < f.k->b.n_land + f.k->b.n_sea; x++)
		moves += is_listed(&f, pirate | (uint64_t)x);
	ck_assert_int_eq(moves, 42 - 2); /* as the 7's move: sea22 and sea18 out */
	play(&f, pirate | (uint64_t)hx(&f, "sea01"));
	ck_assert_int_eq(hwx(f.k, f.st)->pirate, hx(&f, "sea01"));
	ck_assert_int_eq(hwx(f.k, f.st)->fish[0], 0);
	close_game(&f);
}
END_TEST

/* H-112: the thief field is checked. */
START_TEST(thief_field_checked)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	hwx(f.k, f.st)->thief = 2;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), "ext.thief") != NULL, "%s", crisk_error_last());
	close_game(&f);
}
END_TEST

static Suite *hawaii_pirate_suite(void)
{
	Suite *s = suite_create("hawaii_pirate");
	TCase *tc = tcase_create("pirate");
	tcase_add_test(tc, seven_moves_robber_or_pirate_H54_H55_H57);
	tcase_add_test(tc, knight_moves_pirate_H54);
	tcase_add_test(tc, knight_pirate_wins_by_largest_army_B80);
	tcase_add_test(tc, pirate_victims_sea22_H58_H106);
	tcase_add_test(tc, pirate_single_victim_H58);
	tcase_add_test(tc, pirate_sea41_sea19_H106);
	tcase_add_test(tc, pirate_steal_auto_H58);
	tcase_add_test(tc, robber_hi7_H107);
	tcase_add_test(tc, robber_ni1_puuwai_H107);
	tcase_add_test(tc, friendly_robber_and_pirate_H91);
	tcase_add_test(tc, friendly_fish_market_H91_H73);
	tcase_add_test(tc, thief_field_checked);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_pirate_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
