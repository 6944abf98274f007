/* muhq scenario tests (rules/muhq.md §31.3-§31.7 without the Kraken mode,
 * and further M-n rules): each test builds its position directly on the
 * fixture maps of mq_fixture.c and plays actions through mq_apply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mq_fixture.h"

#define ARENA "map=tt-arena players=2 draft=none seed=1"

static int dmg(const fx *f, unsigned c)
{
	return f->cs[c].mark[MQ_M_DAMAGE];
}

static int mark(const fx *f, unsigned c, int m)
{
	return f->cs[c].mark[m];
}

static int on_map(const fx *f, unsigned c)
{
	return mq_on_map(&f->cs[c]);
}

static int res(const fx *f, int seat)
{
	return f->S->seat[seat].res;
}

/* Activates a and declares its attack on t; both seats pass, so it executes. */
static void attack_now(fx *f, unsigned a, unsigned t)
{
	FX_OK(f, fx_activate(a));
	FX_OK(f, fx_attack(a, t));
	ck_assert_msg(f->S->nstack == 0, "the attack is still on the stack (dp %d cur %d)", f->S->dp, f->S->cur);
}

/* The fixture: tt-arena has the tiles of test-arena (§31.1). */
START_TEST(fixture_arena_is_test_arena)
{
	fx a, b;
	fx_open(&a, "map=test-arena players=2 draft=none seed=1");
	fx_open(&b, ARENA);
	ck_assert_int_eq(a.R->ntile, b.R->ntile);
	ck_assert(memcmp(a.R->tile, b.R->tile, (size_t)a.R->ntile) == 0);
	fx_at_dp4(&a, 0);
	fx_at_dp4(&b, 0);
	fx_close(&a);
	fx_close(&b);
}
END_TEST

/* ---- §31.3 combat and piles ---- */

/* TT-6 (M-63): pile addition, the source's worked examples. */
START_TEST(tt6_pile_addition_M63)
{
	fx f;
	fx_arena(&f, ARENA);
	struct {
		const char *base, *mem[2];
		int x, y, att[4], range;
	} cases[] = {
		{"Recruit", {"Recruit", NULL}, 3, 0, {2, 0, 0, 0}, 1},         /* 1R1 + {1R1} -> 2R1 */
		{"Pawn 1R1", {"Pawn 1R2", NULL}, 5, 0, {2, 1, 0, 0}, 2},       /* -> 1R2, 2R1 */
		{"Pawn 1R2", {"Pawn 1R1", NULL}, 7, 0, {2, 1, 0, 0}, 2},       /* -> 1R2, 2R1 */
		{"Recruit", {"Pawn 2R1", "Pawn 1R1"}, 3, 2, {4, 0, 0, 0}, 1},  /* -> 4R1 */
		{"Pawn 1R3", {"Pawn 1R2", "Pawn 1R1"}, 7, 2, {3, 2, 1, 0}, 3}, /* -> 1R3, 2R2, 3R1 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		unsigned base = fx_put(&f, 0, cases[i].base, cases[i].x, cases[i].y);
		for (int k = 0; k < 2 && cases[i].mem[k]; k++)
			fx_join_new(&f, 0, cases[i].mem[k], base);
		for (int d = 1; d <= 4; d++)
			ck_assert_msg(mq_pile_attack(f.R, f.st, base, d) == cases[i].att[d - 1],
				      "case %zu: attack(%d) = %d, want %d", i, d, mq_pile_attack(f.R, f.st, base, d),
				      cases[i].att[d - 1]);
		ck_assert_int_eq(mq_pile_range(f.R, f.st, base), cases[i].range);
	}
	fx_close(&f);
}
END_TEST

/* M-63 Tower: entries with r > 1 get +1 on the tower (5,1); 1R2 + {1R1} -> 1R3, 2R1. */
START_TEST(tower_adds_range_to_ranged_entries_M63)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned base = fx_put(&f, 0, "Pawn 1R2", 5, 1);
	fx_join_new(&f, 0, "Pawn 1R1", base);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, base), 3);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, base, 3), 1);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, base, 2), 1);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, base, 1), 2);
	fx_close(&f);
}
END_TEST

/* TT-7 (M-64): a P1 Archer (2R2) attacks a P2 Spearman (2R1) at d = 2. */
START_TEST(tt7_ranged_vs_melee_d2_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned ar = fx_put(&f, 0, "Archer", 3, 0), sp = fx_put(&f, 1, "Spearman", 5, 0);
	attack_now(&f, ar, sp);
	ck_assert_int_eq(dmg(&f, sp), 2);
	ck_assert_int_eq(dmg(&f, ar), 0);
	fx_close(&f);
}
END_TEST

/* TT-7: at d = 1 both get 2 damage. */
START_TEST(tt7_ranged_vs_melee_d1_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned ar = fx_put(&f, 0, "Archer", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	attack_now(&f, ar, sp);
	ck_assert_int_eq(dmg(&f, sp), 2);
	ck_assert_int_eq(dmg(&f, ar), 2);
	fx_close(&f);
}
END_TEST

/* TT-8 (M-63, M-81): the Archer on the tower (5,1) is 2R3 and hits the Spearman at (5,4), d = 3. */
START_TEST(tt8_tower_archer_M63)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned ar = fx_put(&f, 0, "Archer", 5, 1), sp = fx_put(&f, 1, "Spearman", 5, 4);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, ar), 3);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, ar, 3), 2);
	attack_now(&f, ar, sp);
	ck_assert_int_eq(dmg(&f, sp), 2);
	ck_assert_int_eq(dmg(&f, ar), 0);
	fx_close(&f);
}
END_TEST

/* TT-8 (M-62): a Longbowman at (3,0) may not attack a Swordsman on the house (5,2) at d = 3;
 * the Archer at (5,1) may, at d = 1, and dies of the retaliation. */
START_TEST(tt8_house_M62)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned lb = fx_put(&f, 0, "Longbowman", 3, 0), ar = fx_put(&f, 0, "Archer", 5, 1);
	unsigned sw = fx_put(&f, 1, "Swordsman", 5, 2);
	ck_assert_int_eq(mq_dist_tiles(f.R, fx_tile(&f, 3, 0), fx_tile(&f, 5, 2)), 3);
	FX_OK(&f, fx_activate(lb));
	FX_ILLEGAL(&f, fx_attack(lb, sw));
	FX_OK(&f, fx_finish(lb));
	attack_now(&f, ar, sw);
	ck_assert_int_eq(dmg(&f, sw), 2);
	ck_assert_int_eq(f.cs[ar].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[ar].ctrl, 0);
	fx_close(&f);
}
END_TEST

/* TT-9 (M-64, M-108): Knight moves, then attacks a Pikeman: 3+1 = 4 kills it; 2+2 = 4 back. */
START_TEST(tt9_charge_and_brace_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned kn = fx_put(&f, 0, "Knight", 3, 0), pk = fx_put(&f, 1, "Pikeman", 6, 0);
	FX_OK(&f, fx_activate(kn));
	FX_OK(&f, fx_move(kn, FX_T(&f, 5, 0)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, kn), fx_tile(&f, 5, 0));
	FX_OK(&f, fx_attack(kn, pk));
	ck_assert_int_eq(f.cs[pk].zone, MQ_Z_DISCARD);
	ck_assert(on_map(&f, kn));
	ck_assert_int_eq(dmg(&f, kn), 4);
	fx_close(&f);
}
END_TEST

/* TT-9: without moving first, the Pikeman takes only 3 and survives. */
START_TEST(tt9_no_charge_without_move_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned kn = fx_put(&f, 0, "Knight", 5, 0), pk = fx_put(&f, 1, "Pikeman", 6, 0);
	attack_now(&f, kn, pk);
	ck_assert(on_map(&f, pk));
	ck_assert_int_eq(dmg(&f, pk), 3);
	ck_assert_int_eq(dmg(&f, kn), 4);
	fx_close(&f);
}
END_TEST

/* TT-10 (M-64, M-108): a Raider kills a Farmer, takes nothing back, and steals 1. */
START_TEST(tt10_plunder_no_retaliation_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned ra = fx_put(&f, 0, "Raider", 3, 0), fa = fx_put(&f, 1, "Farmer", 4, 0);
	f.S->seat[1].res = 3;
	int p1 = res(&f, 0);
	attack_now(&f, ra, fa);
	ck_assert_int_eq(f.cs[fa].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(dmg(&f, ra), 0);
	ck_assert_int_eq(res(&f, 1), 2);
	ck_assert_int_eq(res(&f, 0), p1 + 1);
	fx_close(&f);
}
END_TEST

/* TT-11 steps 1-5 (M-53, M-67, M-63): Cog from the harbor, two crew board, 3R2 4R1, attack. */
static void tt11_build(fx *f, unsigned *cog, unsigned *ar, unsigned *rc)
{
	fx_arena(f, ARENA);
	f->S->seat[0].res = 5;
	*cog = fx_hand(f, 0, "Cog");
	*ar = fx_put(f, 0, "Archer", 3, 1);
	*rc = fx_put(f, 0, "Recruit", 3, 2);
	FX_OK(f, fx_play(*cog, FX_T(f, 1, 1), FX_N, FX_N));
	ck_assert_msg(on_map(f, *cog) && mq_tile_of(f->R, f->st, *cog) == fx_tile(f, 1, 1), "the Cog is not on (1,1)");
	ck_assert_int_eq(res(f, 0), 3);
	FX_OK(f, fx_activate(*ar));
	FX_OK(f, fx_move(*ar, FX_T(f, 1, 1)));
	ck_assert_int_eq(f->cs[*ar].up, *cog);
	FX_OK(f, fx_activate(*rc));
	FX_OK(f, fx_move(*rc, FX_T(f, 1, 1)));
	ck_assert_int_eq(f->cs[*rc].up, *cog);
	ck_assert_int_eq(mq_crew_count(f->R, f->st, *cog), 2);
}

START_TEST(tt11_ship_board_profile_attack_M67)
{
	fx f;
	unsigned cog, ar, rc;
	tt11_build(&f, &cog, &ar, &rc);
	/* The crew is full: a third unit may not board. */
	unsigned third = fx_put(&f, 0, "Recruit", 3, 0);
	FX_OK(&f, fx_activate(third));
	FX_ILLEGAL(&f, fx_move(third, FX_T(&f, 1, 1)));
	FX_OK(&f, fx_finish(third));
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, cog, 2), 3);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, cog, 1), 4);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, cog), 2);
	unsigned sp = fx_put(&f, 1, "Spearman", 3, 3);
	FX_OK(&f, fx_activate(cog));
	FX_OK(&f, fx_move(cog, FX_T(&f, 2, 2)));
	FX_OK(&f, fx_attack(cog, sp));
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(dmg(&f, cog), 2);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, ar), fx_tile(&f, 2, 2));
	fx_close(&f);
}
END_TEST

/* P1 passes its turn; P2, holding Die! and 4 resource at its turn, plays it on the Cog at (2,2). */
static void tt11_die(fx *f, unsigned cog)
{
	unsigned die = fx_hand(f, 1, "Die!");
	f->S->seat[1].res = 1; /* 4 after P2's base gain */
	fx_run(f, 1, MQ_DP_PRIORITY, 1, 1);
	ck_assert_int_eq(res(f, 1), 4);
	FX_OK(f, fx_spell(die, cog, FX_N));
	while (f->S->nstack && f->S->dp == MQ_DP_PRIORITY)
		FX_OK(f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f->cs[cog].zone, MQ_Z_DISCARD);
}

/* TT-11 step 6 (M-54, DP-6): Die! on the Cog; P1 drops the Recruit, then the Archer,
 * each onto one of (2,1) (3,1) (3,2) (1,3) (2,3) (3,3). */
START_TEST(tt11_die_drops_crew_M54)
{
	fx f;
	unsigned cog, ar, rc;
	tt11_build(&f, &cog, &ar, &rc);
	FX_OK(&f, fx_activate(cog));
	FX_OK(&f, fx_move(cog, FX_T(&f, 2, 2)));
	/* Nothing is left to the Cog or P1: the action phase ends by itself (M-43, M-38). */
	tt11_die(&f, cog);
	static const int want[6][2] = {{2, 1}, {3, 1}, {3, 2}, {1, 3}, {2, 3}, {3, 3}};
	ck_assert_msg(f.S->dp == MQ_DP_DROP && f.S->cur == 0, "no drop decision for P1: dp %d cur %d", f.S->dp,
		      f.S->cur);
	uint64_t acts[16];
	size_t n = fx_legal_of(&f, MQ_A_DROP, MQ_NOCARD, acts, 16);
	ck_assert_uint_eq(n, 6);
	for (int i = 0; i < 6; i++)
		ck_assert(fx_legal_has(&f, fx_drop(FX_T(&f, want[i][0], want[i][1]))));
	FX_OK(&f, fx_drop(FX_T(&f, 3, 2)));
	ck_assert_msg(on_map(&f, rc) && mq_tile_of(f.R, f.st, rc) == fx_tile(&f, 3, 2), "the Recruit was not dropped first");
	ck_assert(f.S->dp == MQ_DP_DROP && f.S->cur == 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_DROP, MQ_NOCARD, NULL, 0), 5);
	FX_OK(&f, fx_drop(FX_T(&f, 2, 3)));
	ck_assert(on_map(&f, ar) && mq_tile_of(f.R, f.st, ar) == fx_tile(&f, 2, 3));
	ck_assert_int_eq(f.cs[rc].up, MQ_NONE);
	fx_close(&f);
}
END_TEST

/* TT-11 step 7 (M-54): all six tiles are occupied; both crew members are destroyed. */
START_TEST(tt11_die_full_tiles_destroys_crew_M54)
{
	fx f;
	unsigned cog, ar, rc;
	tt11_build(&f, &cog, &ar, &rc);
	FX_OK(&f, fx_activate(cog));
	FX_OK(&f, fx_move(cog, FX_T(&f, 2, 2)));
	/* Nothing is left to the Cog or P1: the action phase ends by itself (M-43, M-38). */
	static const int full[6][2] = {{2, 1}, {3, 1}, {3, 2}, {1, 3}, {2, 3}, {3, 3}};
	static const char *const arts[3] = {"Barricade", "Granary", "Banner"};
	for (int i = 0; i < 6; i++)
		fx_put(&f, 1, arts[i % 3], full[i][0], full[i][1]);
	tt11_die(&f, cog);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[ar].zone, MQ_Z_DISCARD);
	fx_close(&f);
}
END_TEST

/* ---- §31.4 marks ---- */

/* TT-12 (M-65, M-70): ward prevents all damage and loses min(w, n) marks. */
START_TEST(tt12_ward_pipeline_M65)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned a = fx_put(&f, 1, "Spearman", 4, 0), b = fx_put(&f, 1, "Spearman", 6, 0);
	f.cs[a].mark[MQ_M_WARD] = 1;
	ck_assert_int_eq(mq_damage(f.R, f.st, a, 5, &f.log), 0);
	ck_assert_int_eq(dmg(&f, a), 0);
	ck_assert_int_eq(mark(&f, a, MQ_M_WARD), 0);
	f.cs[b].mark[MQ_M_WARD] = 3;
	ck_assert_int_eq(mq_damage(f.R, f.st, b, 2, &f.log), 0);
	ck_assert_int_eq(dmg(&f, b), 0);
	ck_assert_int_eq(mark(&f, b, MQ_M_WARD), 1);
	fx_close(&f);
}
END_TEST

/* TT-12: a warded Giant Crab (Armor 1) takes 1 (Arrow Volley): no damage, the ward stays. */
START_TEST(tt12_crab_armor_keeps_ward_M65)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	unsigned crab = fx_put(&f, 1, "Giant Crab", 4, 2);
	f.cs[crab].mark[MQ_M_WARD] = 1;
	unsigned av = fx_hand(&f, 0, "Arrow Volley");
	FX_OK(&f, fx_spell(av, FX_T(&f, 4, 2), FX_N));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(f.cs[av].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(dmg(&f, crab), 0);
	ck_assert_int_eq(mark(&f, crab, MQ_M_WARD), 1);
	fx_close(&f);
}
END_TEST

/* TT-12: the Crab without ward takes a Fireball (3) and ends with 2 damage. */
START_TEST(tt12_crab_fireball_M65)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	unsigned crab = fx_put(&f, 1, "Giant Crab", 4, 2);
	unsigned fb = fx_hand(&f, 0, "Fireball");
	FX_OK(&f, fx_spell(fb, crab, FX_N));
	ck_assert_int_eq(dmg(&f, crab), 2);
	fx_close(&f);
}
END_TEST

/* M-65: Armor comes before ward. A Crab with 3 ward takes 2 in combat: armor leaves 1,
 * which removes 1 ward mark (ward first would remove 2). */
START_TEST(armor_before_ward_M65)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned pw = fx_put(&f, 0, "Pawn 2R1", 3, 0), crab = fx_put(&f, 1, "Giant Crab", 4, 0);
	f.cs[crab].mark[MQ_M_WARD] = 3;
	attack_now(&f, pw, crab);
	ck_assert_int_eq(dmg(&f, crab), 0);
	ck_assert_int_eq(mark(&f, crab, MQ_M_WARD), 2);
	ck_assert_int_eq(dmg(&f, pw), 2); /* the Crab's retaliation */
	fx_close(&f);
}
END_TEST

/* TT-13 (M-69, M-43): a 2-health unit with 2 poison is activated: 3 > 2, destroyed at once. */
START_TEST(tt13_poison_on_activation_M69)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	fx_put(&f, 0, "Recruit", 6, 0); /* P1 keeps a decision */
	f.cs[rc].mark[MQ_M_POISON] = 2;
	FX_OK(&f, fx_activate(rc));
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.S->activated, MQ_NONE);
	fx_at_dp4(&f, 0);
	fx_close(&f);
}
END_TEST

/* M-69: poison exactly equal to health does not destroy; activation counts, not damage. */
START_TEST(poison_equal_to_health_survives_M69)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	f.cs[rc].mark[MQ_M_POISON] = 1;
	f.cs[rc].mark[MQ_M_DAMAGE] = 1;
	FX_OK(&f, fx_activate(rc));
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(mark(&f, rc, MQ_M_POISON), 2);
	fx_close(&f);
}
END_TEST

/* M-69, M-80: bosses are never destroyed by poison. */
START_TEST(boss_immune_to_poison_death_M69)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned boss = fx_put(&f, 0, "Test Boss", 3, 0);
	f.cs[boss].mark[MQ_M_POISON] = 5;
	FX_OK(&f, fx_activate(boss));
	ck_assert_int_eq(mark(&f, boss, MQ_M_POISON), 6);
	ck_assert(on_map(&f, boss));
	ck_assert_int_eq(f.S->activated, boss);
	fx_close(&f);
}
END_TEST

/* TT-14 (M-108 Venom, M-69): Assassin hits a Spearman: 2 damage and 2 poison each way; then
 * each of the Spearman's activations adds a poison mark, and the third destroys it. */
START_TEST(tt14_venom_over_time_M69)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned as = fx_put(&f, 0, "Assassin", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	attack_now(&f, as, sp);
	ck_assert_int_eq(dmg(&f, sp), 2);
	ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), 2);
	ck_assert_int_eq(dmg(&f, as), 2);
	ck_assert_int_eq(mark(&f, as, MQ_M_POISON), 0); /* the Spearman has no Venom */
	for (int k = 3; k <= 5; k++) {
		fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1);
		ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), k - 1); /* not activated since */
		FX_OK(&f, fx_activate(sp));
		if (k < 5) {
			ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), k);
			ck_assert(on_map(&f, sp));
			FX_OK(&f, fx_finish(sp));
		}
	}
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	fx_close(&f);
}
END_TEST

/* TT-14: the Healer's full action removes all poison (and heals 3). */
START_TEST(tt14_healer_cures_poison_M106)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 0, "Spearman", 3, 0), he = fx_put(&f, 0, "Healer", 5, 0);
	f.cs[sp].mark[MQ_M_POISON] = 3;
	f.cs[sp].mark[MQ_M_DAMAGE] = 2;
	FX_OK(&f, fx_activate(he));
	FX_OK(&f, fx_full(he, 0, sp, FX_N));
	ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), 0);
	ck_assert_int_eq(dmg(&f, sp), 0);
	fx_close(&f);
}
END_TEST

/* TT-14: a warded target takes no damage, and therefore gets no poison. */
START_TEST(tt14_ward_blocks_venom_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned as = fx_put(&f, 0, "Assassin", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	f.cs[sp].mark[MQ_M_WARD] = 2;
	attack_now(&f, as, sp);
	ck_assert_int_eq(dmg(&f, sp), 0);
	ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), 0);
	ck_assert_int_eq(dmg(&f, as), 2);
	fx_close(&f);
}
END_TEST

/* TT-15 (M-50): 1 paralysis: shake off with the move, then attack; no full action is left. */
START_TEST(tt15_shake_off_then_attack_M50)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 0, "Spearman", 3, 0), rc = fx_put(&f, 1, "Recruit", 4, 0);
	f.cs[sp].mark[MQ_M_PARALYSIS] = 1;
	FX_OK(&f, fx_activate(sp));
	FX_ILLEGAL(&f, fx_attack(sp, rc));
	FX_ILLEGAL(&f, fx_move(sp, FX_T(&f, 3, 1)));
	FX_OK(&f, fx_shake(sp, 0));
	ck_assert_int_eq(mark(&f, sp, MQ_M_PARALYSIS), 0);
	ck_assert(f.cs[sp].flags & MQ_F_FULL);
	FX_ILLEGAL(&f, fx_move(sp, FX_T(&f, 3, 1)));
	FX_OK(&f, fx_attack(sp, rc));
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	fx_close(&f);
}
END_TEST

/* TT-15: a paralysed Farmer on the farm that shakes off with its move has no full action left. */
START_TEST(tt15_shake_off_spends_full_M50)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned fa = fx_put(&f, 0, "Farmer", 2, 5);
	f.cs[fa].mark[MQ_M_PARALYSIS] = 1;
	FX_OK(&f, fx_activate(fa));
	FX_ILLEGAL(&f, fx_full(fa, MQ_AB_FARM, FX_N, FX_N));
	FX_OK(&f, fx_shake(fa, 0));
	ck_assert_int_eq(mark(&f, fa, MQ_M_PARALYSIS), 0);
	FX_ILLEGAL(&f, fx_full(fa, MQ_AB_FARM, FX_N, FX_N));
	fx_close(&f);
}
END_TEST

/* TT-15: 2 marks: move and attack shake both off; nothing is left this turn. */
START_TEST(tt15_two_marks_M50)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 0, "Spearman", 3, 0), rc = fx_put(&f, 1, "Recruit", 4, 0);
	fx_put(&f, 0, "Recruit", 6, 0); /* P1 keeps a decision */
	f.cs[sp].mark[MQ_M_PARALYSIS] = 2;
	FX_OK(&f, fx_activate(sp));
	FX_OK(&f, fx_shake(sp, 0));
	ck_assert_int_eq(mark(&f, sp, MQ_M_PARALYSIS), 1);
	FX_ILLEGAL(&f, fx_attack(sp, rc));
	FX_OK(&f, fx_shake(sp, 1));
	ck_assert_int_eq(mark(&f, sp, MQ_M_PARALYSIS), 0);
	ck_assert(f.cs[sp].flags & MQ_F_TAPPED);
	ck_assert_int_eq(f.S->activated, MQ_NONE);
	ck_assert_uint_eq(fx_legal_of(&f, 0, sp, NULL, 0), 0);
	ck_assert_int_eq(dmg(&f, rc), 0);
	fx_close(&f);
}
END_TEST

/* ---- §31.5 turn flow, economy, priority ---- */

/* TT-16 (M-30): 3 cards, 0 resource; scrapping 2 gives 1 resource and leaves 1 card. */
START_TEST(tt16_scrap_M30)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned a = fx_hand(&f, 0, "Recruit"), b = fx_hand(&f, 0, "Farmer");
	fx_hand(&f, 0, "Mend");
	f.S->seat[0].res = 0;
	unsigned disc = fx_count(&f, MQ_Z_DISCARD, 0);
	FX_OK(&f, fx_scrap(a, b));
	ck_assert_int_eq(res(&f, 0), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 0), disc + 2);
	ck_assert_int_eq(f.S->nstack, 0); /* not an action */
	fx_close(&f);
}
END_TEST

/* TT-17 (M-31): Knight (2) with a Sword, Archer (1), Recruit (0); 2 resource after the gain. */
static void tt17_build(fx *f, unsigned *kn, unsigned *sw, unsigned *ar, unsigned *rc)
{
	fx_arena(f, ARENA);
	*kn = fx_put(f, 0, "Knight", 4, 0);
	*sw = fx_join_new(f, 0, "Sword", *kn);
	*ar = fx_put(f, 0, "Archer", 6, 0);
	*rc = fx_put(f, 0, "Recruit", 7, 1);
	fx_run(f, 0, MQ_DP_UPKEEP, 0, 1); /* P1's next upkeep payment */
	f->S->seat[0].res = 2;
}

START_TEST(tt17_upkeep_choice_M31)
{
	fx f;
	unsigned kn, sw, ar, rc;
	tt17_build(&f, &kn, &sw, &ar, &rc);
	ck_assert(!fx_legal_has(&f, fx_simple(MQ_A_PAY))); /* 3 > 2 */
	FX_OK(&f, fx_release(kn));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(res(&f, 0), 1);
	ck_assert_int_eq(f.cs[kn].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert_int_eq(f.cs[ar].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_MAP);
	fx_close(&f);
}
END_TEST

/* TT-17 (M-54): the released Knight's Sword drops with durability 1 onto a tile P1 chooses. */
START_TEST(tt17_sword_drops_after_release_M54)
{
	fx f;
	unsigned kn, sw, ar, rc;
	tt17_build(&f, &kn, &sw, &ar, &rc);
	FX_OK(&f, fx_release(kn));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_msg(f.S->dp == MQ_DP_DROP && f.S->cur == 0, "no drop decision for the Sword: dp %d cur %d, sword zone %d flags %x",
		      f.S->dp, f.S->cur, f.cs[sw].zone, f.cs[sw].flags);
	FX_OK(&f, fx_drop(FX_T(&f, 4, 1)));
	ck_assert(on_map(&f, sw));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, sw), fx_tile(&f, 4, 1));
	ck_assert_int_eq(f.cs[sw].up, MQ_NONE);
	ck_assert_int_eq(f.cs[sw].dur, 1);
	fx_close(&f);
}
END_TEST

/* M-54: equipment loses 1 durability per drop; a unit killed in combat drops its Sword (2 -> 1). */
START_TEST(drop_costs_durability_M54)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 0, "Swordsman", 3, 0), rc = fx_put(&f, 1, "Recruit", 4, 0);
	unsigned sw = fx_join_new(&f, 1, "Sword", rc);
	attack_now(&f, sp, rc);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	if (f.S->dp == MQ_DP_DROP) { /* P2 chooses among several tiles */
		ck_assert_int_eq(f.S->cur, 1);
		FX_OK(&f, fx_drop(FX_T(&f, 4, 0)));
	}
	ck_assert(on_map(&f, sw));
	ck_assert_int_eq(f.cs[sw].dur, 1);
	fx_close(&f);
}
END_TEST

/* TT-17 (M-54): a Sword with durability 1 that is dropped again is destroyed. */
START_TEST(tt17_second_drop_destroys_sword_M54)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	unsigned rc = fx_put(&f, 1, "Recruit", 4, 0);
	unsigned sw = fx_join_new(&f, 1, "Sword", rc);
	f.cs[sw].dur = 1;
	unsigned fb = fx_hand(&f, 0, "Fireball");
	FX_OK(&f, fx_spell(fb, rc, FX_N));
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sw].ctrl, 1);
	fx_close(&f);
}
END_TEST

/* TT-18 (M-78): Sword as "attach next", then a Recruit: it enters equipped, 2R1. */
START_TEST(tt18_pending_equipment_attaches_M78)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 2;
	unsigned sw = fx_hand(&f, 0, "Sword"), rc = fx_hand(&f, 0, "Recruit");
	FX_OK(&f, fx_attach_next(sw));
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_PENDING);
	ck_assert_int_eq(res(&f, 0), 1);
	FX_OK(&f, fx_play(rc, FX_T(&f, 0, 4), FX_N, FX_N));
	ck_assert_int_eq(res(&f, 0), 0);
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.cs[sw].up, rc);
	ck_assert_int_eq(f.cs[sw].dur, 2);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, rc, 1), 2);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, rc), 1);
	fx_close(&f);
}
END_TEST

/* TT-18, M-78: pending equipment with no unit afterwards goes to the discard pile at cleanup. */
START_TEST(tt18_pending_discarded_at_cleanup_M78)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_hand(&f, 0, "Sword");
	fx_hand(&f, 0, "Farmer"); /* P1 gets a cleanup decision */
	FX_OK(&f, fx_attach_next(sw));
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_PENDING);
	fx_run(&f, 0, MQ_DP_CLEANUP, 0, 0);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_PENDING); /* still pending during cleanup's discards */
	FX_OK(&f, fx_simple(MQ_A_DONE));
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sw].ctrl, 0);
	fx_close(&f);
}
END_TEST

/* TT-19 (M-37, M-64, M-70): Blessing in response to an attack. */
START_TEST(tt19_response_on_stack_M37)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	unsigned bl = fx_hand(&f, 1, "Blessing");
	fx_hand(&f, 1, "Mend"); /* P2 keeps priority decisions after Blessing */
	f.S->seat[1].res = 2;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	/* P1 has nothing fast and passes automatically (M-38); P2 holds priority. */
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, fx_spell(bl, sp, FX_N));
	ck_assert_int_eq(f.S->nstack, 2);
	ck_assert_int_eq(f.S->cur, 1);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	/* Blessing executed; the attack waits. */
	ck_assert_int_eq(mark(&f, sp, MQ_M_WARD), 2);
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert_int_eq(f.S->cur, 1);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(dmg(&f, sp), 0);
	ck_assert_int_eq(mark(&f, sp, MQ_M_WARD), 0);
	ck_assert_int_eq(dmg(&f, sw), 2);
	fx_close(&f);
}
END_TEST

/* M-37: the declarer keeps priority, passes go round in seat order, all passing executes the
 * top, and after an execution the active seat has priority first. */
START_TEST(priority_cycle_M37)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	fx_hand(&f, 0, "Mend");
	unsigned bl = fx_hand(&f, 1, "Blessing");
	fx_hand(&f, 1, "Mend");
	f.S->seat[0].res = 2;
	f.S->seat[1].res = 2;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert_int_eq(f.S->cur, 0); /* M-37.3 */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->cur, 1); /* M-37.4 */
	FX_OK(&f, fx_spell(bl, sp, FX_N));
	ck_assert_int_eq(f.S->cur, 1);
	ck_assert_int_eq(f.S->nstack, 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->cur, 0);
	ck_assert_int_eq(f.S->nstack, 2); /* only one pass in succession */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 1); /* M-37.5: Blessing executed */
	ck_assert_int_eq(mark(&f, sp, MQ_M_WARD), 2);
	ck_assert_int_eq(f.S->cur, 0); /* M-37.6 */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->cur, 1);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(dmg(&f, sw), 2);
	ck_assert_int_eq(dmg(&f, sp), 0);
	fx_at_dp4(&f, 0);
	fx_close(&f);
}
END_TEST

/* M-38.1: a seat without spells or free actions passes automatically, even when it could scrap. */
START_TEST(auto_pass_without_spells_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	fx_hand(&f, 0, "Mend");
	f.S->seat[0].res = 2;
	fx_hand(&f, 1, "Recruit");
	fx_hand(&f, 1, "Farmer");
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_int_eq(f.S->cur, 0);
	FX_OK(&f, fx_simple(MQ_A_PASS)); /* P2 never decides: the attack executes */
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(dmg(&f, sp), 3);
	fx_close(&f);
}
END_TEST

/* M-38.1: a spell in hand keeps a seat from auto-passing even when it cannot pay for it. */
START_TEST(no_auto_pass_with_spell_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	fx_hand(&f, 1, "Die!");
	f.S->seat[1].res = 0;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	fx_close(&f);
}
END_TEST

/* M-38.1, M-38.4: an active seat with nothing to do in its action phase passes automatically. */
START_TEST(auto_pass_empty_action_phase_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	for (unsigned c; (c = mq_zone_first(f.R, f.st, MQ_Z_DECK, 1)) != MQ_NONE;)
		mq_to_zone(f.R, f.st, c, MQ_Z_OUT, 1); /* P2 will draw nothing */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_BUY && f.S->cur == 0);
	FX_OK(&f, fx_simple(MQ_A_DONE));
	/* P1's cleanup is skipped (empty hand); P2's turn has no action-phase decision. */
	ck_assert_int_eq(f.S->active, 1);
	ck_assert_msg(f.S->dp == MQ_DP_BUY && f.S->cur == 1, "dp %d cur %d phase %d", f.S->dp, f.S->cur, f.S->phase);
	fx_close(&f);
}
END_TEST

/* M-9: a draw from an empty deck shuffles the discard pile into the deck (mid-turn: Scout). */
START_TEST(draw_reshuffles_discard_M9)
{
	fx f;
	fx_arena(&f, ARENA);
	for (unsigned c; (c = mq_zone_first(f.R, f.st, MQ_Z_DECK, 0)) != MQ_NONE;)
		mq_to_zone(f.R, f.st, c, MQ_Z_DISCARD, 0);
	unsigned disc = fx_count(&f, MQ_Z_DISCARD, 0);
	ck_assert_uint_ge(disc, 2);
	unsigned sc = fx_hand(&f, 0, "Scout");
	FX_OK(&f, fx_play(sc, FX_T(&f, 0, 4), FX_N, FX_N));
	ck_assert(on_map(&f, sc));
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 0), 0);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, 0), disc - 1);
	fx_close(&f);
}
END_TEST

/* M-9: with deck and discard pile both empty, the draw does nothing. */
START_TEST(draw_from_nothing_M9)
{
	fx f;
	fx_arena(&f, ARENA);
	for (unsigned c; (c = mq_zone_first(f.R, f.st, MQ_Z_DECK, 0)) != MQ_NONE;)
		mq_to_zone(f.R, f.st, c, MQ_Z_OUT, 0);
	unsigned sc = fx_hand(&f, 0, "Scout");
	FX_OK(&f, fx_play(sc, FX_T(&f, 0, 4), FX_N, FX_N));
	ck_assert(on_map(&f, sc));
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 0);
	fx_at_dp4(&f, 0);
	fx_close(&f);
}
END_TEST

/* M-32: one buy per turn, only from the own store; the card goes to the discard pile. */
START_TEST(one_buy_per_turn_M32)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 9;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_BUY && f.S->cur == 0);
	FX_ILLEGAL(&f, fx_buy(fx_take(&f, 1, "Recruit")));
	unsigned a = fx_take(&f, 0, "Recruit");
	FX_OK(&f, fx_buy(a));
	ck_assert_int_eq(res(&f, 0), 7);
	ck_assert_int_eq(f.cs[a].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[a].ctrl, 0);
	ck_assert_msg(!(f.S->active == 0 && f.S->dp == MQ_DP_BUY), "a second buy is offered");
	ck_assert_int_eq(f.S->active, 1);
	fx_close(&f);
}
END_TEST

/* TT-20 (M-72): a Missionary's first use puts 5 faith on a Knight (8): no conversion; P2 may
 * release it at its upkeep, and it goes to P2's discard pile. */
START_TEST(tt20_missionary_first_use_and_release_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), kn = fx_put(&f, 1, "Knight", 5, 0);
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	ck_assert_int_eq(mark(&f, kn, MQ_M_FAITH), 5);
	ck_assert_int_eq(f.cs[kn].ctrl, 1);
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 1);
	FX_OK(&f, fx_release(kn));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(f.cs[kn].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[kn].ctrl, 1);
	fx_close(&f);
}
END_TEST

/* TT-20: P2 keeps the Knight; P1's second use raises faith to 10 >= 8 and converts it. */
START_TEST(tt20_missionary_second_use_converts_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), kn = fx_put(&f, 1, "Knight", 5, 0);
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 1);
	FX_OK(&f, fx_simple(MQ_A_PAY)); /* P2 keeps it */
	ck_assert(on_map(&f, kn));
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1);
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert_int_eq(f.cs[kn].owner, 1);
	ck_assert(f.cs[kn].flags & MQ_F_TAPPED);
	ck_assert_int_eq(mark(&f, kn, MQ_M_FAITH), 0);
	fx_close(&f);
}
END_TEST

/* TT-20: a Spearman (3) converts on the first use, a buy-10 unit on the second, a King never. */
START_TEST(tt20_conversion_thresholds_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned m1 = fx_put(&f, 0, "Missionary", 3, 0), m2 = fx_put(&f, 0, "Missionary", 3, 2);
	unsigned m3 = fx_put(&f, 0, "Missionary", 4, 1);
	unsigned sp = fx_put(&f, 1, "Spearman", 5, 0), m10 = fx_put(&f, 1, "Missionary", 6, 1);
	unsigned ki = fx_put(&f, 1, "King", 4, 3);
	unsigned m4 = fx_put(&f, 0, "Missionary", 3, 3);
	f.cs[ki].mark[MQ_M_FAITH] = 50; /* far above any threshold */
	f.S->seat[0].res = 0;
	FX_OK(&f, fx_activate(m1));
	FX_OK(&f, fx_full(m1, 0, sp, FX_N));
	ck_assert_int_eq(f.cs[sp].ctrl, 0);
	ck_assert_int_eq(f.cs[sp].owner, 1);
	ck_assert_int_eq(mark(&f, sp, MQ_M_FAITH), 0);
	FX_OK(&f, fx_activate(m2));
	FX_OK(&f, fx_full(m2, 0, m10, FX_N));
	ck_assert_int_eq(f.cs[m10].ctrl, 1);
	ck_assert_int_eq(mark(&f, m10, MQ_M_FAITH), 5);
	FX_OK(&f, fx_activate(m3));
	FX_OK(&f, fx_full(m3, 0, m10, FX_N));
	ck_assert_int_eq(f.cs[m10].ctrl, 0);
	/* The King never converts. */
	FX_OK(&f, fx_activate(m4));
	FX_OK(&f, fx_full(m4, 0, ki, FX_N));
	ck_assert_int_eq(f.cs[ki].ctrl, 1);
	fx_close(&f);
}
END_TEST

/* M-72 step 3: the converted unit's equipment changes controller with it. */
START_TEST(conversion_takes_equipment_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), kn = fx_put(&f, 1, "Knight", 5, 0);
	unsigned sw = fx_join_new(&f, 1, "Sword", kn);
	f.cs[kn].mark[MQ_M_FAITH] = 5;
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert_int_eq(f.cs[sw].ctrl, 0);
	ck_assert_int_eq(f.cs[sw].owner, 1);
	ck_assert_int_eq(f.cs[sw].up, kn);
	fx_close(&f);
}
END_TEST

/* M-72: a unit in a pile is not converted; a converted ship's crew is dropped by the old
 * controller (DP-7). */
START_TEST(conversion_drops_crew_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 1), m2 = fx_put(&f, 0, "Missionary", 3, 2);
	unsigned cog = fx_put(&f, 1, "Cog", 1, 2);
	unsigned rc = fx_join_new(&f, 1, "Recruit", cog);
	f.cs[rc].mark[MQ_M_FAITH] = 5;
	FX_OK(&f, fx_activate(m2));
	FX_OK(&f, fx_full(m2, 0, rc, FX_N)); /* 10 >= 2, but it is crew */
	ck_assert_int_eq(f.cs[rc].ctrl, 1);
	ck_assert_int_eq(f.cs[rc].up, cog);
	f.cs[cog].mark[MQ_M_FAITH] = 5;
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, cog, FX_N));
	ck_assert_int_eq(f.cs[cog].ctrl, 0);
	ck_assert_int_eq(mark(&f, cog, MQ_M_FAITH), 0);
	ck_assert(f.cs[cog].flags & MQ_F_TAPPED);
	ck_assert_msg(f.S->dp == MQ_DP_DROP && f.S->cur == 1, "no drop decision for P2: dp %d cur %d, crew flags %x",
		      f.S->dp, f.S->cur, f.cs[rc].flags);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_DROP, MQ_NOCARD, NULL, 0), 4); /* (2,1) (0,3) (1,3) (2,3) */
	FX_OK(&f, fx_drop(FX_T(&f, 1, 3)));
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(f.cs[rc].ctrl, 1);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 1, 3));
	fx_close(&f);
}
END_TEST

/* M-79: equipping an enemy's lone equipment passes its control; the owner stays. */
START_TEST(equip_passes_control_M79)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), sw = fx_put(&f, 1, "Sword", 4, 0);
	FX_OK(&f, fx_activate(rc));
	FX_OK(&f, fx_equip(rc, 0, sw));
	ck_assert_int_eq(f.cs[sw].up, rc);
	ck_assert_int_eq(f.cs[sw].ctrl, 0);
	ck_assert_int_eq(f.cs[sw].owner, 1);
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_ATTACK), 2);
	ck_assert(f.cs[rc].flags & MQ_F_MOVE);
	ck_assert(!(f.cs[rc].flags & MQ_F_ATTACK));
	fx_close(&f);
}
END_TEST

/* M-41: both sides of a combat die at the same time; the active seat's piles drop first. */
START_TEST(simultaneous_destruction_M41)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned a = fx_put(&f, 0, "Swordsman", 3, 0), b = fx_put(&f, 1, "Spearman", 4, 0);
	unsigned sa = fx_join_new(&f, 0, "Sword", a), sb = fx_join_new(&f, 1, "Sword", b);
	f.cs[a].mark[MQ_M_DAMAGE] = 3; /* 3 + 3 >= 5 */
	f.cs[b].mark[MQ_M_DAMAGE] = 1; /* 1 + 4 >= 4 */
	attack_now(&f, a, b);
	ck_assert_int_eq(f.cs[a].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[b].zone, MQ_Z_DISCARD);
	ck_assert(f.S->dp == MQ_DP_DROP && f.S->cur == 0);
	FX_OK(&f, fx_drop(FX_T(&f, 3, 0)));
	ck_assert(on_map(&f, sa));
	ck_assert(f.S->dp == MQ_DP_DROP && f.S->cur == 1);
	FX_OK(&f, fx_drop(FX_T(&f, 4, 0)));
	ck_assert(on_map(&f, sb));
	ck_assert_int_eq(f.cs[sb].ctrl, 1);
	fx_close(&f);
}
END_TEST

/* M-53: permanents are placed only on own spawns; swimmers and amphibians from own harbors. */
START_TEST(placement_tiles_M53)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 9;
	unsigned rc = fx_hand(&f, 0, "Recruit"), cog = fx_hand(&f, 0, "Cog"), crab = fx_hand(&f, 0, "Giant Crab");
	unsigned bar = fx_hand(&f, 0, "Barricade");
	uint64_t acts[64];
	size_t n = fx_legal_of(&f, MQ_A_PLAY, rc, acts, 64);
	ck_assert_uint_eq(n, 2);
	ck_assert(fx_legal_has(&f, fx_play(rc, FX_T(&f, 0, 4), FX_N, FX_N)));
	ck_assert(fx_legal_has(&f, fx_play(rc, FX_T(&f, 0, 5), FX_N, FX_N)));
	ck_assert(!fx_legal_has(&f, fx_play(rc, FX_T(&f, 7, 4), FX_N, FX_N)));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, bar, NULL, 0), 2);
	static const int deep[5][2] = {{1, 0}, {2, 0}, {1, 1}, {1, 2}, {2, 2}};
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, cog, NULL, 0), 5);
	for (int i = 0; i < 5; i++) {
		ck_assert(fx_legal_has(&f, fx_play(cog, FX_T(&f, deep[i][0], deep[i][1]), FX_N, FX_N)));
		ck_assert(fx_legal_has(&f, fx_play(crab, FX_T(&f, deep[i][0], deep[i][1]), FX_N, FX_N)));
	}
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, crab, NULL, 0), 7);
	/* An enemy permanent on a spawn makes it unavailable (M-83). */
	fx_put(&f, 1, "Recruit", 0, 4);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, rc, NULL, 0), 1);
	ck_assert(fx_legal_has(&f, fx_play(rc, FX_T(&f, 0, 5), FX_N, FX_N)));
	fx_close(&f);
}
END_TEST

/* M-59: a move never passes through a permanent, friend or foe, nor ends on one. */
START_TEST(no_moving_through_permanents_M59)
{
	for (int seat = -1; seat <= 1; seat++) {
		fx f;
		fx_arena(&f, ARENA);
		unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
		if (seat >= 0)
			fx_put(&f, seat, "Pawn 1R1", 4, 0);
		FX_OK(&f, fx_activate(rc));
		if (seat < 0) {
			ck_assert(fx_legal_has(&f, fx_move(rc, FX_T(&f, 5, 0))));
		} else {
			ck_assert_msg(!fx_legal_has(&f, fx_move(rc, FX_T(&f, 5, 0))), "through a seat %d permanent", seat);
			ck_assert(!fx_legal_has(&f, fx_move(rc, FX_T(&f, 4, 0))));
			ck_assert(fx_legal_has(&f, fx_move(rc, FX_T(&f, 4, 1))));
		}
		fx_close(&f);
	}
}
END_TEST

/* M-62, M-48, M-67, M-76: no attacks from a pile, none on pile members, own units or
 * non-solid artifacts; solid enemy artifacts may be attacked. */
START_TEST(attack_legality_M62)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1);
	unsigned crew = fx_join_new(&f, 0, "Archer", cog);
	unsigned ecog = fx_put(&f, 1, "Cog", 2, 2);
	unsigned ecrew = fx_join_new(&f, 1, "Recruit", ecog);
	unsigned ar = fx_put(&f, 0, "Archer", 3, 1);
	unsigned own = fx_put(&f, 0, "Recruit", 3, 0);
	unsigned ban = fx_put(&f, 1, "Banner", 4, 1);
	unsigned bar = fx_put(&f, 1, "Barricade", 4, 0);
	FX_OK(&f, fx_activate(crew));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_ATTACK, crew, NULL, 0), 0);
	FX_ILLEGAL(&f, fx_attack(crew, ecog));
	FX_OK(&f, fx_finish(crew));
	FX_OK(&f, fx_activate(ar));
	ck_assert(fx_legal_has(&f, fx_attack(ar, ecog)));
	ck_assert(!fx_legal_has(&f, fx_attack(ar, ecrew)));
	ck_assert(!fx_legal_has(&f, fx_attack(ar, own)));
	ck_assert(!fx_legal_has(&f, fx_attack(ar, cog)));
	ck_assert(!fx_legal_has(&f, fx_attack(ar, ban)));
	ck_assert(fx_legal_has(&f, fx_attack(ar, bar)));
	FX_OK(&f, fx_attack(ar, bar));
	ck_assert_int_eq(dmg(&f, bar), 2);
	ck_assert_int_eq(dmg(&f, ar), 0); /* artifacts never retaliate */
	fx_close(&f);
}
END_TEST

/* TT-21 (M-26, M-24, M-9, M-32): quick start on 2P-ring-street. The host answers the set-up
 * shuffles (chance=explicit) so that P1's deck is, top first, Farmer, Recruit, Recruit,
 * Farmer, Recruit. */
START_TEST(tt21_quick_start_first_turns_M26)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=none seed=1 chance=explicit");
	ck_assert_int_eq(f.S->dp, MQ_DP_CHANCE);
	unsigned deck[5], far[2], rec[3], nf = 0, nr = 0;
	for (unsigned p = 0; p < 5; p++) {
		deck[p] = mq_zone_at(f.R, f.st, MQ_Z_DECK, 0, p);
		ck_assert_uint_ne(deck[p], MQ_NONE);
		if (strcmp(fx_name(&f, deck[p]), "Farmer") == 0)
			far[nf++] = deck[p];
		else
			rec[nr++] = deck[p];
	}
	ck_assert(nf == 2 && nr == 3);
	unsigned want[5] = {far[0], rec[0], rec[1], far[1], rec[2]};
	for (int i = 4; i >= 1; i--) { /* Fisher-Yates, i = n-1 down to 1 (M-4) */
		ck_assert_int_eq(f.S->dp, MQ_DP_CHANCE);
		ck_assert_uint_eq(f.S->chance_k, (unsigned)i + 1);
		int j = 0;
		while (deck[j] != want[i])
			j++;
		ck_assert_int_le(j, i);
		FX_OK(&f, (uint64_t)MQ_A_CHANCE << 56 | (unsigned)j);
		unsigned t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
	while (f.S->dp == MQ_DP_CHANCE) /* P2's shuffle */
		FX_OK(&f, (uint64_t)MQ_A_CHANCE << 56);
	/* Turn 1. */
	fx_at_dp4(&f, 0);
	ck_assert_int_eq(f.cs[want[0]].zone, MQ_Z_HAND);
	ck_assert_int_eq(f.cs[want[1]].zone, MQ_Z_HAND);
	ck_assert_int_eq(f.cs[want[2]].zone, MQ_Z_HAND);
	ck_assert_int_eq(res(&f, 0), 3);
	FX_OK(&f, fx_play(want[0], FX_T(&f, 1, 4), FX_N, FX_N));
	ck_assert_int_eq(res(&f, 0), 2);
	FX_OK(&f, fx_activate(want[0]));
	FX_OK(&f, fx_move(want[0], FX_T(&f, 0, 3)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, want[0]), fx_tile(&f, 0, 3));
	ck_assert(f.cs[want[0]].flags & MQ_F_TAPPED);
	FX_OK(&f, fx_play(want[1], FX_T(&f, 1, 4), FX_N, FX_N));
	ck_assert_int_eq(res(&f, 0), 1);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	/* No buy step: nothing costs 1 or less and one card cannot be scrapped (M-38.4). */
	ck_assert(f.S->dp == MQ_DP_CLEANUP && f.S->cur == 0);
	ck_assert_int_eq(res(&f, 0), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 1);
	ck_assert_int_eq(f.cs[want[2]].zone, MQ_Z_HAND);
	FX_OK(&f, fx_simple(MQ_A_DONE));
	/* Turn 2. */
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert_int_eq(f.cs[want[3]].zone, MQ_Z_HAND);
	ck_assert_int_eq(f.cs[want[4]].zone, MQ_Z_HAND);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, 0), 0);
	ck_assert_int_eq(res(&f, 0), 4);
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(res(&f, 0), 4);
	fx_at_dp4(&f, 0);
	FX_OK(&f, fx_activate(want[0]));
	FX_OK(&f, fx_full(want[0], MQ_AB_FARM, FX_N, FX_N));
	ck_assert_int_eq(res(&f, 0), 7);
	fx_run(&f, 0, MQ_DP_BUY, 0, 0);
	unsigned sw = fx_take(&f, 0, "Swordsman");
	FX_OK(&f, fx_buy(sw));
	ck_assert_int_eq(res(&f, 0), 2);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DISCARD);
	/* Turn 3: the refill reshuffles the discard pile, which holds only the Swordsman. */
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 0), 0);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, 0), 1);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DECK);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 3);
	fx_close(&f);
}
END_TEST

/* ---- §31.6 draft ---- */

static unsigned pool_in(const fx *f, int zone)
{
	unsigned n = 0;
	for (uint32_t c = 0; c < f->R->npool; c++)
		n += f->cs[c].zone == zone;
	return n;
}

/* TT-22 (M-20, M-21, M-25): 2 seats, base set: 70 pool cards, 7 piles, three rounds, 30 cards
 * each, one pile removed; piles pass from seat i to seat i+1; picks stay hidden until the wave ends. */
START_TEST(tt22_pile_draft_two_seats_M21)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=piles seed=1");
	ck_assert_uint_eq(f.R->npool, 70);
	ck_assert_uint_eq(f.R->npile, 7);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_DRAFT), 70);
	uint64_t held[10];
	size_t nheld = 0;
	for (int k = 0; k < 60; k++) {
		int round = k / 20, wave = (k % 20) / 2, seat = k % 2;
		ck_assert_msg(f.S->dp == MQ_DP_PICK && f.S->cur == seat, "pick %d: dp %d cur %d", k, f.S->dp, f.S->cur);
		uint64_t acts[10];
		size_t n = fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, acts, 10);
		ck_assert_msg(n == (size_t)(10 - wave), "pick %d: %zu cards in the pile", k, n);
		ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, seat), (unsigned)(round * 10 + wave));
		if (wave == 1 && seat == 1) /* seat 2 now holds what seat 1 held */
			for (size_t i = 0; i < n; i++) {
				int found = 0;
				for (size_t j = 0; j < nheld; j++)
					found |= acts[i] == held[j];
				ck_assert_msg(found, "pick %d: seat 2 did not get seat 1's pile", k);
			}
		if (wave == 0 && seat == 0) {
			memcpy(held, acts, sizeof acts);
			nheld = n;
		}
		FX_OK(&f, acts[n - 1]);
		if (seat == 0 && f.S->dp == MQ_DP_PICK) /* M-25: not yet in the store */
			ck_assert_uint_eq(pool_in(&f, MQ_Z_PICKED), 1);
	}
	ck_assert_int_ne(f.S->dp, MQ_DP_PICK);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 0), 30);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 1), 30);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_OUT), 10);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_DRAFT) + pool_in(&f, MQ_Z_PICKED) + pool_in(&f, MQ_Z_POOL), 0);
	fx_close(&f);
}
END_TEST

/* TT-22: with 4 seats the pool holds 140 cards (14 piles); each seat gets 30, 2 piles are removed. */
START_TEST(tt22_pile_draft_four_seats_M21)
{
	fx f;
	fx_open(&f, "map=4P-islands players=4 draft=piles seed=1");
	ck_assert_uint_eq(f.R->npool, 140);
	ck_assert_uint_eq(f.R->npile, 14);
	int picks = 0;
	while (f.S->dp == MQ_DP_PICK && picks < 200) {
		uint64_t a;
		ck_assert_uint_gt(fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, &a, 1), 0);
		FX_OK(&f, a);
		picks++;
	}
	ck_assert_int_eq(picks, 120);
	for (int s = 0; s < 4; s++)
		ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, s), 30);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_OUT), 20);
	fx_close(&f);
}
END_TEST

/* TT-23 (M-20, M-22): 3x[2;8] with 2 seats: 70 pool cards, 6 packs, 22 removed; each pack loses
 * 4 picks and 4 leftovers; each seat ends with 12 cards. */
START_TEST(tt23_pack_draft_M22)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=3x2x8 seed=1");
	ck_assert_uint_eq(f.R->npool, 70);
	ck_assert_uint_eq(f.R->npile, 6);
	ck_assert_int_eq(f.S->dp, MQ_DP_PICK);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_DRAFT), 48);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_OUT), 22);
	for (int k = 0; k < 24; k++) {
		int round = k / 8, wave = (k % 8) / 4, seat = (k % 4) / 2, nth = k % 2;
		ck_assert_msg(f.S->dp == MQ_DP_PICK && f.S->cur == seat, "pick %d: dp %d cur %d", k, f.S->dp, f.S->cur);
		uint64_t acts[8];
		size_t n = fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, acts, 8);
		ck_assert_msg(n == (size_t)(8 - 2 * wave - nth), "pick %d: %zu cards in the pack", k, n);
		ck_assert_uint_eq(pool_in(&f, MQ_Z_OUT), 22u + 8u * (unsigned)round);
		FX_OK(&f, acts[0]);
	}
	ck_assert_int_ne(f.S->dp, MQ_DP_PICK);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 0), 12);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 1), 12);
	ck_assert_uint_eq(pool_in(&f, MQ_Z_OUT), 46);
	fx_close(&f);
}
END_TEST

/* TT-23, M-22: a pack format is valid only if P_pack >= T * seats. */
START_TEST(tt23_pack_format_validity_M22)
{
	ck_assert_int_eq(fx_rules_rc("map=2P-ring-street players=2 draft=3x2x8 seed=1"), CRISK_OK);
	ck_assert_int_eq(fx_rules_rc("map=4P-islands players=4 draft=3x2x8 seed=1"), CRISK_OK); /* 2*4 = 8 */
	ck_assert_int_ne(fx_rules_rc("map=4P-islands players=4 draft=3x2x7 seed=1"), CRISK_OK); /* 2*4 > 7 */
	ck_assert_int_ne(fx_rules_rc("map=4P-islands players=3 draft=3x3x8 seed=1"), CRISK_OK); /* 3*3 > 8 */
	ck_assert_int_ne(fx_rules_rc("map=4P-islands players=5 draft=3x2x8 seed=1"), CRISK_OK); /* no 5 seats */
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=0x2x8 seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=3x0x8 seed=1"), CRISK_OK);
}
END_TEST

/* ---- §31.7 win conditions ---- */

/* TT-24 (M-86, M-91): P1 holds N and C on 2P-ring-street; its own turn's end does not win,
 * the end of P2's following turn does. */
START_TEST(tt24_capture_timing_M86)
{
	fx f;
	fx_arena(&f, "map=2P-ring-street players=2 draft=none seed=1");
	fx_put(&f, 0, "Spearman", 5, 1);
	fx_put(&f, 0, "Spearman", 6, 1);
	fx_put(&f, 0, "Archer", 7, 5);
	fx_put(&f, 1, "Spearman", 9, 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 1);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	int32_t t = f.S->turn;
	fx_run_to_end(&f, t);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	ck_assert_int_eq(f.S->turn, t);
	fx_close(&f);
}
END_TEST

/* M-86: crew counts on its base's tile (tt-capture, win capture 1, area A = (0..3, 0..2)). */
START_TEST(capture_counts_crew_M86)
{
	fx f;
	fx_arena(&f, "map=tt-capture players=2 draft=none seed=1");
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1);
	fx_join_new(&f, 0, "Recruit", cog);
	fx_put(&f, 1, "Recruit", 3, 0);
	fx_put(&f, 1, "Barricade", 3, 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 1);
	int32_t t = f.S->turn;
	fx_run_to_end(&f, t);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	fx_close(&f);
}
END_TEST

/* M-86: bosses and artifacts do not count; the non-active seat that holds an area wins at the
 * end of the active seat's turn. */
START_TEST(capture_ignores_bosses_and_artifacts_M86)
{
	fx f;
	fx_arena(&f, "map=tt-capture players=2 draft=none seed=1");
	fx_put(&f, 0, "Test Boss", 3, 1);
	fx_put(&f, 0, "Barricade", 3, 2);
	fx_put(&f, 0, "Banner", 1, 3);
	fx_put(&f, 1, "Recruit", 3, 0);
	int32_t t = f.S->turn;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run_to_end(&f, t);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	ck_assert_int_eq(f.S->active, 0);
	fx_close(&f);
}
END_TEST

/* M-86: equal unit counts hold nothing. */
START_TEST(capture_tie_holds_nothing_M86)
{
	fx f;
	fx_arena(&f, "map=tt-capture players=2 draft=none seed=1");
	fx_put(&f, 0, "Recruit", 3, 1);
	fx_put(&f, 1, "Recruit", 3, 0);
	fx_put(&f, 0, "Recruit", 5, 5);
	fx_put(&f, 1, "Recruit", 6, 5);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1); /* both turns ended without a winner */
	fx_close(&f);
}
END_TEST

/* TT-25 (M-85, M-89, M-90): P2's King dies in combat during P1's turn: P2 is out at once and
 * P1 wins. */
START_TEST(tt25_king_killed_in_combat_M85)
{
	fx f;
	fx_arena(&f, "map=2P-river-king players=2 draft=none seed=1");
	unsigned king = fx_find(&f, 1, MQ_Z_MAP, "King");
	ck_assert_uint_ne(king, MQ_NONE);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, king), fx_tile(&f, 6, 13));
	f.cs[king].mark[MQ_M_DAMAGE] = 7;
	unsigned sw = fx_put(&f, 0, "Swordsman", 6, 12);
	int32_t t = f.S->turn;
	attack_now(&f, sw, king);
	ck_assert_int_eq(f.cs[king].zone, MQ_Z_EXILE);
	ck_assert(f.S->seat[1].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	ck_assert_int_eq(f.S->turn, t);
	fx_close(&f);
}
END_TEST

/* TT-25 (M-85, M-106): Die! on a King has no effect. */
START_TEST(tt25_die_on_king_M85)
{
	fx f;
	fx_arena(&f, "map=tt-river-king players=2 draft=none seed=1");
	unsigned king = fx_find(&f, 1, MQ_Z_MAP, "King");
	ck_assert_uint_ne(king, MQ_NONE);
	f.S->seat[0].res = 4;
	unsigned die = fx_hand(&f, 0, "Die!");
	FX_OK(&f, fx_spell(die, king, FX_N));
	ck_assert_int_eq(f.cs[die].zone, MQ_Z_DISCARD);
	ck_assert(on_map(&f, king));
	ck_assert(!f.S->seat[1].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	fx_close(&f);
}
END_TEST

/* M-89: a conceding seat loses its permanents (without drops) and its spawns; the last seat wins. */
START_TEST(concede_eliminates_M89)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 1, "Spearman", 5, 0);
	unsigned sw = fx_join_new(&f, 1, "Sword", sp);
	unsigned rc = fx_put(&f, 1, "Recruit", 6, 2);
	fx_hand(&f, 1, "Die!");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert(f.S->seat[1].out);
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 7, 4)), MQD_TILE_PLAIN);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	fx_close(&f);
}
END_TEST

/* M-89 with three seats: the game goes on without the conceding seat. */
START_TEST(concede_three_seats_M89)
{
	fx f;
	fx_arena(&f, "map=4P-islands players=3 draft=none seed=1");
	unsigned sp = fx_put(&f, 2, "Spearman", 2, 15);
	unsigned bo = fx_join_new(&f, 2, "Boots", sp);
	fx_hand(&f, 2, "Fireball");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 2);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert(f.S->seat[2].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[bo].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 2, 16)), MQD_TILE_PLAIN);
	ck_assert_int_eq(mq_next_seat(f.R, f.st, 1), 0);
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1); /* P2's turn, then P1's again */
	ck_assert_int_eq(f.S->turn, 3);
	fx_close(&f);
}
END_TEST

/* M-91: reaching the round limit at the end of a round's last turn is a draw. */
START_TEST(round_limit_draw_M91)
{
	fx f;
	fx_arena(&f, "map=tt-arena players=2 draft=none seed=1 limit=1");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	fx_run_to_end(&f, 2);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_ENDED);
	ck_assert_int_eq(f.S->winner, -1);
	ck_assert_int_eq(f.S->turn, 2);
	fx_close(&f);
}
END_TEST


/* ---- further rules ---- */

/* M-40: an attack whose target moved out of range (Forced March in response) fizzles; the
 * attack allowance stays spent. */
START_TEST(attack_fizzles_out_of_range_M40)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	unsigned fm = fx_hand(&f, 1, "Forced March");
	f.S->seat[1].res = 1;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, fx_spell(fm, sp, FX_T(&f, 6, 0)));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, sp), fx_tile(&f, 6, 0));
	ck_assert_int_eq(dmg(&f, sp), 0);
	ck_assert_int_eq(dmg(&f, sw), 0);
	ck_assert(f.cs[sw].flags & MQ_F_ATTACK);
	ck_assert_int_eq(res(&f, 1), 0);
	fx_close(&f);
}
END_TEST

/* M-40, M-8: a spell whose only target died in response fizzles, its cost stays paid, and it
 * goes to its owner's discard pile. */
START_TEST(spell_fizzles_M40)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	fx_put(&f, 1, "Recruit", 5, 0);
	f.cs[rc].mark[MQ_M_DAMAGE] = 1;
	unsigned me = fx_hand(&f, 0, "Mend"), fb = fx_hand(&f, 1, "Fireball");
	f.S->seat[0].res = 1;
	f.S->seat[1].res = 2;
	FX_OK(&f, fx_spell(me, rc, FX_N));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, fx_spell(fb, rc, FX_N));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[me].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[me].ctrl, 0);
	ck_assert_int_eq(res(&f, 0), 0);
	fx_close(&f);
}
END_TEST

/* M-35, M-38: an untapped Shrine keeps P2 from auto-passing; its free action wards the
 * attacked unit in response. */
START_TEST(free_action_response_M35)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), rc = fx_put(&f, 1, "Recruit", 4, 0);
	unsigned sh = fx_put(&f, 1, "Shrine", 5, 0);
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, rc));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, mq_code(MQ_A_FREE, sh, 0, FX_N, rc, FX_N));
	ck_assert(f.cs[sh].flags & MQ_F_TAPPED);
	ck_assert_int_eq(f.S->nstack, 0); /* the tapped Shrine leaves P2 nothing: all passed */
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(dmg(&f, rc), 0);
	ck_assert_int_eq(mark(&f, rc, MQ_M_WARD), 0);
	ck_assert_int_eq(dmg(&f, sw), 1);
	fx_close(&f);
}
END_TEST

/* M-42, M-43: one activated permanent at a time; while it is activated, other slow actions are
 * closed, fast ones open; a finished (tapped) unit cannot be activated again. */
START_TEST(activation_exclusive_M43)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned a = fx_put(&f, 0, "Recruit", 3, 0), b = fx_put(&f, 0, "Recruit", 6, 0);
	unsigned card = fx_hand(&f, 0, "Recruit"), me = fx_hand(&f, 0, "Mend");
	f.cs[a].mark[MQ_M_DAMAGE] = 1;
	FX_OK(&f, fx_activate(a));
	FX_ILLEGAL(&f, fx_activate(b));
	ck_assert(!fx_legal_has(&f, fx_play(card, FX_T(&f, 0, 4), FX_N, FX_N)));
	ck_assert(fx_legal_has(&f, fx_spell(me, a, FX_N)));
	FX_OK(&f, fx_finish(a));
	ck_assert(f.cs[a].flags & MQ_F_TAPPED);
	FX_ILLEGAL(&f, fx_activate(a));
	ck_assert(fx_legal_has(&f, fx_play(card, FX_T(&f, 0, 4), FX_N, FX_N)));
	FX_OK(&f, fx_activate(b));
	fx_close(&f);
}
END_TEST

/* M-46, M-60: a street move and a normal move in one turn, then an attack; no second street move. */
START_TEST(street_move_then_move_then_attack_M46)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 3), en = fx_put(&f, 1, "Recruit", 6, 5);
	FX_OK(&f, fx_activate(rc));
	FX_OK(&f, fx_street(rc, FX_T(&f, 5, 3)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 5, 3));
	ck_assert(!fx_legal_has(&f, fx_street(rc, FX_T(&f, 7, 3))));
	FX_OK(&f, fx_move(rc, FX_T(&f, 5, 4)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 5, 4));
	FX_OK(&f, fx_attack(rc, en));
	ck_assert_int_eq(dmg(&f, en), 1);
	ck_assert(f.cs[rc].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST

/* M-48, M-67: crew may leave the ship with its move (the path starts at the ship's tile), but
 * may not equip. */
START_TEST(crew_disembarks_M48)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 2);
	unsigned rc = fx_join_new(&f, 0, "Recruit", cog);
	unsigned sw = fx_put(&f, 0, "Sword", 2, 3);
	FX_OK(&f, fx_activate(rc));
	ck_assert(!fx_legal_has(&f, fx_equip(rc, 0, sw)));
	ck_assert(!fx_legal_has(&f, fx_equip(rc, 1, sw)));
	FX_OK(&f, fx_move(rc, FX_T(&f, 1, 3)));
	ck_assert_int_eq(f.cs[rc].up, MQ_NONE);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 1, 3));
	ck_assert_int_eq(mq_crew_count(f.R, f.st, cog), 0);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, cog), fx_tile(&f, 1, 2));
	fx_close(&f);
}
END_TEST

/* M-67: a unit that carries crew cannot become crew itself. */
START_TEST(ship_with_crew_cannot_board_M67)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned c1 = fx_put(&f, 0, "Cog", 1, 1), c2 = fx_put(&f, 0, "Cog", 2, 2);
	fx_join_new(&f, 0, "Recruit", c1);
	FX_OK(&f, fx_activate(c1));
	ck_assert(!fx_legal_has(&f, fx_move(c1, FX_T(&f, 2, 2))));
	FX_OK(&f, fx_finish(c1));
	FX_OK(&f, fx_activate(c2)); /* without crew it may board a crewable friend */
	ck_assert(fx_legal_has(&f, fx_move(c2, FX_T(&f, 1, 1))));
	fx_close(&f);
}
END_TEST

/* M-64 step 5: only the base's keywords count (an Assassin as crew adds no Venom). */
START_TEST(pile_keywords_base_only_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 2);
	fx_join_new(&f, 0, "Assassin", cog);
	unsigned sp = fx_put(&f, 1, "Spearman", 1, 3);
	attack_now(&f, cog, sp);
	ck_assert_int_eq(dmg(&f, sp), 3); /* 1 + 2 at d = 1 */
	ck_assert_int_eq(mark(&f, sp, MQ_M_POISON), 0);
	ck_assert_int_eq(dmg(&f, cog), 2);
	fx_close(&f);
}
END_TEST

/* M-64, M-108: Venom and Plunder also work for the retaliating defender. */
START_TEST(defender_venom_and_plunder_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned s1 = fx_put(&f, 0, "Spearman", 3, 0), as = fx_put(&f, 1, "Assassin", 4, 0);
	unsigned s2 = fx_put(&f, 0, "Spearman", 3, 2), ra = fx_put(&f, 1, "Raider", 4, 2);
	f.S->seat[0].res = 3;
	f.S->seat[1].res = 0;
	attack_now(&f, s1, as);
	ck_assert_int_eq(dmg(&f, s1), 2);
	ck_assert_int_eq(mark(&f, s1, MQ_M_POISON), 2);
	FX_OK(&f, fx_finish(s1));
	attack_now(&f, s2, ra);
	ck_assert_int_eq(dmg(&f, s2), 2);
	ck_assert_int_eq(res(&f, 0), 2);
	ck_assert_int_eq(res(&f, 1), 1);
	fx_close(&f);
}
END_TEST

/* M-64, M-49, M-50: tapped and paralysed targets retaliate normally. */
START_TEST(tapped_paralysed_retaliate_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	f.cs[sp].flags |= MQ_F_TAPPED;
	f.cs[sp].mark[MQ_M_PARALYSIS] = 2;
	attack_now(&f, sw, sp);
	ck_assert_int_eq(dmg(&f, sw), 2);
	ck_assert_int_eq(dmg(&f, sp), 3);
	fx_close(&f);
}
END_TEST

/* M-77, M-78: at most 2 pieces attach, in the order played; the third stays pending. */
START_TEST(pending_limit_two_M78)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 4;
	unsigned s1 = fx_hand(&f, 0, "Sword"), s2 = fx_hand(&f, 0, "Boots"), s3 = fx_hand(&f, 0, "Shield");
	unsigned rc = fx_hand(&f, 0, "Recruit");
	FX_OK(&f, fx_attach_next(s1));
	FX_OK(&f, fx_attach_next(s2));
	FX_OK(&f, fx_attach_next(s3));
	FX_OK(&f, fx_play(rc, FX_T(&f, 0, 5), FX_N, FX_N));
	ck_assert_int_eq(f.cs[s1].up, rc);
	ck_assert_int_eq(f.cs[s2].up, rc);
	ck_assert_int_eq(f.cs[s3].zone, MQ_Z_PENDING);
	ck_assert_int_eq(mq_equipment_count(f.R, f.st, rc), 2);
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_MOVE), 3);
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_HEALTH), 2);
	fx_close(&f);
}
END_TEST

/* M-77, M-79: a unit with 2 pieces of equipment cannot equip a third. */
START_TEST(equip_limit_two_M77)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	fx_join_new(&f, 0, "Sword", rc);
	fx_join_new(&f, 0, "Boots", rc);
	unsigned sh = fx_put(&f, 0, "Shield", 4, 0);
	FX_OK(&f, fx_activate(rc));
	ck_assert(!fx_legal_has(&f, fx_equip(rc, 0, sh)));
	ck_assert(!fx_legal_has(&f, fx_equip(rc, 1, sh)));
	fx_close(&f);
}
END_TEST

/* M-80: a boss is not a unit for targeting: Die! ({unit}) cannot target it, Fireball can. */
START_TEST(boss_not_a_unit_target_M80)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	unsigned boss = fx_put(&f, 1, "Test Boss", 4, 0);
	f.S->seat[0].res = 9;
	unsigned die = fx_hand(&f, 0, "Die!"), fb = fx_hand(&f, 0, "Fireball");
	ck_assert(!fx_legal_has(&f, fx_spell(die, boss, FX_N)));
	FX_OK(&f, fx_spell(fb, boss, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS)); /* P1 still holds Die! and priority */
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert(!on_map(&f, boss));
	fx_close(&f);
}
END_TEST

/* M-82: walls can be attacked, never retaliate, and become Plain at 10 damage. */
START_TEST(wall_attack_M82)
{
	fx f;
	fx_arena(&f, "map=tt-river-king players=2 draft=none seed=1");
	int wt = fx_tile(&f, 5, 2);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, wt), MQD_TILE_WALL);
	unsigned a = fx_put(&f, 0, "Swordsman", 5, 3), b = fx_put(&f, 0, "Swordsman", 4, 3);
	attack_now(&f, a, MQ_T_TILE | (unsigned)wt);
	ck_assert_int_eq(mq_walls(f.R, f.st)[f.R->wall[wt]], 3);
	ck_assert_int_eq(dmg(&f, a), 0);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, wt), MQD_TILE_WALL);
	FX_OK(&f, fx_finish(a));
	mq_walls(f.R, f.st)[f.R->wall[wt]] = 8;
	attack_now(&f, b, MQ_T_TILE | (unsigned)wt);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, wt), MQD_TILE_PLAIN);
	fx_close(&f);
}
END_TEST

/* M-88, M-89, M-91: a seat with no units and every spawn occupied is broken at the end of a turn
 * and eliminated; the last seat wins. */
START_TEST(broken_seat_eliminated_M88)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 7, 4);
	fx_put(&f, 0, "Recruit", 7, 5);
	ck_assert(mq_broken(f.R, f.st, 1));
	ck_assert(!mq_broken(f.R, f.st, 0));
	int32_t t = f.S->turn;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run_to_end(&f, t);
	ck_assert(f.S->seat[1].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	fx_close(&f);
}
END_TEST

/* M-87: resource N wins at the end of one's own turn only. */
START_TEST(resource_win_own_turn_M87)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[1].res = 99;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1); /* P1's turn ended without a winner */
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	int32_t t = f.S->turn;
	fx_run_to_end(&f, t);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	fx_close(&f);
}
END_TEST

/* M-39, DP-2: two upkeep triggers at once are ordered by their controller; one goes on alone. */
START_TEST(upkeep_triggers_M39)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Granary", 3, 0);
	fx_put(&f, 0, "Granary", 5, 0);
	fx_put(&f, 1, "Granary", 6, 2);
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1);
	ck_assert_int_eq(res(&f, 1), 4); /* 0 + 3 + 1: a single trigger needs no decision */
	fx_run(&f, 0, MQ_DP_TRIGGER, 0, 1);
	int r = res(&f, 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_TRIGGER, MQ_NOCARD, NULL, 0), 2);
	uint64_t a;
	fx_legal_of(&f, MQ_A_TRIGGER, MQ_NOCARD, &a, 1);
	FX_OK(&f, a);
	ck_assert_int_eq(res(&f, 0), r + 2);
	fx_close(&f);
}
END_TEST

/* M-26 step 2: a hand of 3 or more draws nothing at refill, and nothing is discarded. */
START_TEST(refill_keeps_big_hand_M26)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_hand(&f, 1, "Spearman");
	fx_hand(&f, 1, "Archer");
	fx_hand(&f, 1, "Pikeman");
	fx_hand(&f, 1, "Knight");
	unsigned deck = fx_count(&f, MQ_Z_DECK, 1);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 1), 4);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, 1), deck);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 1), 0);
	fx_close(&f);
}
END_TEST

/* M-30, M-31: scrap at the upkeep payment and in the buy step, not at cleanup; units in piles
 * may be released too. */
START_TEST(scrap_times_and_crew_release_M30)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 2);
	unsigned crew = fx_join_new(&f, 0, "Recruit", cog);
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert(fx_legal_has(&f, fx_release(crew)));
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 3);
	uint64_t a;
	ck_assert_uint_gt(fx_legal_of(&f, MQ_A_SCRAP, MQ_NOCARD, &a, 1), 0);
	int r = res(&f, 0);
	FX_OK(&f, a);
	ck_assert_int_eq(res(&f, 0), r + 1);
	FX_OK(&f, fx_release(crew));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(f.cs[crew].zone, MQ_Z_DISCARD);
	ck_assert(on_map(&f, cog));
	fx_hand(&f, 0, "Recruit");
	fx_hand(&f, 0, "Farmer");
	fx_run(&f, 0, MQ_DP_BUY, 0, 0);
	ck_assert_uint_gt(fx_legal_of(&f, MQ_A_SCRAP, MQ_NOCARD, NULL, 0), 0);
	FX_OK(&f, fx_simple(MQ_A_DONE));
	ck_assert(f.S->dp == MQ_DP_CLEANUP && f.S->cur == 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_SCRAP, MQ_NOCARD, NULL, 0), 0);
	fx_close(&f);
}
END_TEST

/* M-44: a card is playable only when the resource pays for it (scrap does not count). */
START_TEST(playable_needs_resource_M44)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 2;
	unsigned kn = fx_hand(&f, 0, "Knight");
	fx_hand(&f, 0, "Recruit");
	fx_hand(&f, 0, "Farmer");
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, kn, NULL, 0), 0);
	f.S->seat[0].res = 3;
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, kn, NULL, 0), 2);
	fx_close(&f);
}
END_TEST

/* M-74: Carry: the unit moves (the artifact's tile counts as empty) and sets the artifact down
 * within range 1; an enemy's solid artifact cannot be carried, its plain one can. */
START_TEST(carry_M74)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), ban = fx_put(&f, 1, "Banner", 4, 0);
	unsigned bar = fx_put(&f, 1, "Barricade", 3, 1);
	FX_OK(&f, fx_activate(rc));
	ck_assert(!fx_legal_has(&f, mq_code(MQ_A_CARRY, rc, 0, bar, FX_T(&f, 4, 1), FX_T(&f, 5, 0))));
	FX_OK(&f, mq_code(MQ_A_CARRY, rc, 0, ban, FX_T(&f, 5, 0), FX_T(&f, 6, 0)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 5, 0));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, ban), fx_tile(&f, 6, 0));
	ck_assert_int_eq(f.cs[ban].ctrl, 1);
	ck_assert(f.cs[rc].flags & MQ_F_TAPPED); /* a full action spends everything */
	fx_close(&f);
}
END_TEST

/* M-75: Switch with an adjacent own artifact; not with an enemy's solid one, not onto deep water. */
START_TEST(switch_M75)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 1), own = fx_put(&f, 0, "Barricade", 4, 1);
	unsigned en = fx_put(&f, 1, "Barricade", 3, 0);
	unsigned deep = fx_put(&f, 0, "Giant Crab", 2, 2); /* not an artifact: no switch */
	FX_OK(&f, fx_activate(rc));
	ck_assert(!fx_legal_has(&f, mq_code(MQ_A_SWITCH, rc, 0, en, FX_N, FX_N)));
	ck_assert(!fx_legal_has(&f, mq_code(MQ_A_SWITCH, rc, 0, deep, FX_N, FX_N)));
	FX_OK(&f, mq_code(MQ_A_SWITCH, rc, 1, own, FX_N, FX_N));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 4, 1));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, own), fx_tile(&f, 3, 1));
	ck_assert(f.cs[rc].flags & MQ_F_ATTACK);
	ck_assert(!(f.cs[rc].flags & MQ_F_MOVE));
	fx_close(&f);
}
END_TEST
/* M-7, M-8, M-31: after a conversion the new controller pays the unit's upkeep and may release
 * it; a permanent leaving the map goes to its owner's discard pile. */
START_TEST(converted_unit_upkeep_and_owner_M7)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), kn = fx_put(&f, 1, "Knight", 5, 0);
	f.cs[kn].mark[MQ_M_FAITH] = 5;
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert_int_eq(mq_seat_units(f.R, f.st, 1), 0);
	ck_assert_int_eq(mq_seat_units(f.R, f.st, 0), 2);
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert(fx_legal_has(&f, fx_release(kn)));
	FX_OK(&f, fx_release(kn));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(f.cs[kn].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[kn].ctrl, 1); /* the owner's discard pile */
	fx_close(&f);
}
END_TEST

/* M-106 BUFF, M-26 step 6: Battle Cry's +2 attack lasts until the end of the turn. */
START_TEST(buff_ends_at_end_of_turn_M106)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), bc = fx_hand(&f, 0, "Battle Cry");
	FX_OK(&f, fx_spell(bc, rc, FX_N));
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_ATTACK), 3);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, rc, 1), 3);
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 1);
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_ATTACK), 1);
	fx_close(&f);
}
END_TEST

/* M-106 STEAL, M-28: Pillage takes min(2, resource) from the target's controller. */
START_TEST(pillage_steal_stops_at_zero_M106)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	unsigned en = fx_put(&f, 1, "Recruit", 4, 0), pi = fx_hand(&f, 0, "Pillage");
	f.S->seat[0].res = 1;
	f.S->seat[1].res = 1;
	FX_OK(&f, fx_spell(pi, en, FX_N));
	ck_assert_int_eq(res(&f, 1), 0);
	ck_assert_int_eq(res(&f, 0), 1);
	fx_close(&f);
}
END_TEST

/* M-106 MOVE, M-55: Forced March moves a crew member off its ship; it leaves the pile. */
START_TEST(forced_march_moves_crew_out_M106)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 2);
	unsigned rc = fx_join_new(&f, 0, "Recruit", cog);
	unsigned fm = fx_hand(&f, 0, "Forced March");
	FX_OK(&f, fx_spell(fm, rc, FX_T(&f, 2, 3)));
	ck_assert_int_eq(f.cs[rc].up, MQ_NONE);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 2, 3));
	ck_assert_int_eq(mq_crew_count(f.R, f.st, cog), 0);
	ck_assert(!(f.cs[rc].flags & MQ_F_MOVE)); /* no allowance spent */
	fx_close(&f);
}
END_TEST

/* M-104 nearN: Fireball needs a target within 3 of a unit or boss its caster controls. */
START_TEST(fireball_near_M104)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned own = fx_put(&f, 0, "Recruit", 0, 4);
	unsigned far = fx_put(&f, 1, "Recruit", 7, 0), near = fx_put(&f, 1, "Recruit", 2, 3);
	(void)own;
	unsigned fb = fx_hand(&f, 0, "Fireball");
	ck_assert(!fx_legal_has(&f, fx_spell(fb, far, FX_N)));
	ck_assert(fx_legal_has(&f, fx_spell(fb, near, FX_N)));
	fx_close(&f);
}
END_TEST

/* M-34: slow actions only for the active seat, in its action phase, with an empty stack. */
START_TEST(slow_actions_timing_M34)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	unsigned card0 = fx_hand(&f, 0, "Recruit");
	fx_hand(&f, 0, "Mend");
	unsigned card1 = fx_hand(&f, 1, "Recruit"), bl = fx_hand(&f, 1, "Blessing");
	f.S->seat[0].res = 3;
	f.S->seat[1].res = 3;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_int_eq(f.S->cur, 0);
	ck_assert(!fx_legal_has(&f, fx_play(card0, FX_T(&f, 0, 4), FX_N, FX_N))); /* stack not empty */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->cur, 1);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, card1, NULL, 0), 0); /* not P2's turn */
	ck_assert(fx_legal_has(&f, fx_spell(bl, sp, FX_N)));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_ACTIVATE, sp, NULL, 0), 0);
	fx_close(&f);
}
END_TEST

/* M-46, M-50: a shake off paid with the full action spends every other allowance. */
START_TEST(shake_off_with_full_M50)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 0, "Spearman", 3, 0);
	fx_put(&f, 1, "Recruit", 4, 0);
	fx_put(&f, 0, "Recruit", 6, 2); /* P1 keeps a decision */
	f.cs[sp].mark[MQ_M_PARALYSIS] = 1;
	FX_OK(&f, fx_activate(sp));
	FX_OK(&f, fx_shake(sp, 3));
	ck_assert_int_eq(mark(&f, sp, MQ_M_PARALYSIS), 0);
	ck_assert_int_eq(f.cs[sp].flags & MQ_F_ALLOW, MQ_F_ALLOW);
	ck_assert(f.cs[sp].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST

/* M-64 step 3, M-108 Brace: Brace is added only when the retaliation is above 0. */
START_TEST(no_brace_without_retaliation_M64)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned ar = fx_put(&f, 0, "Archer", 3, 0), pk = fx_put(&f, 1, "Pikeman", 5, 0);
	attack_now(&f, ar, pk);
	ck_assert_int_eq(dmg(&f, pk), 2);
	ck_assert_int_eq(dmg(&f, ar), 0);
	fx_close(&f);
}
END_TEST

/* M-70: ward does not stop DESTROY. */
START_TEST(ward_does_not_stop_destroy_M70)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sp = fx_put(&f, 1, "Spearman", 4, 0), die = fx_hand(&f, 0, "Die!");
	f.cs[sp].mark[MQ_M_WARD] = 3;
	f.S->seat[0].res = 4;
	FX_OK(&f, fx_spell(die, sp, FX_N));
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	fx_close(&f);
}
END_TEST

/* M-76: a solid artifact is destroyed at damage >= its Solid value. */
START_TEST(solid_artifact_destroyed_M76)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), bar = fx_put(&f, 1, "Barricade", 4, 0);
	attack_now(&f, sw, bar);
	ck_assert_int_eq(f.cs[bar].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[bar].ctrl, 1);
	ck_assert_int_eq(dmg(&f, sw), 0);
	fx_close(&f);
}
END_TEST

/* M-88: free deep water next to an own harbor keeps a seat from being broken. */
START_TEST(broken_harbor_clause_M88)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 1, "Recruit", 0, 4);
	fx_put(&f, 1, "Recruit", 0, 5);
	ck_assert(!mq_broken(f.R, f.st, 0));
	static const int deep[5][2] = {{1, 0}, {2, 0}, {1, 1}, {1, 2}, {2, 2}};
	static const char *const sea[5] = {"Cog", "Cog", "Cog", "Giant Crab", "Giant Crab"};
	for (int i = 0; i < 5; i++) {
		ck_assert(!mq_broken(f.R, f.st, 0));
		fx_put(&f, 1, sea[i], deep[i][0], deep[i][1]);
	}
	ck_assert(mq_broken(f.R, f.st, 0));
	fx_close(&f);
}
END_TEST

/* M-17, M-24: quick start on 2P-ring-street: a fresh qs-duel store (21 cards) and start-basic
 * deck (5) per seat, seat 2 starts with 1 resource; DP-9 discards go to the discard pile. */
START_TEST(quick_start_setup_and_cleanup_M24)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=none seed=1");
	fx_at_dp4(&f, 0);
	for (int s = 0; s < 2; s++) {
		ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, s), 21);
		ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, s) + fx_count(&f, MQ_Z_HAND, s), 5);
	}
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 3);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 1), 0);
	ck_assert_int_eq(res(&f, 0), 3);
	ck_assert_int_eq(res(&f, 1), 1);
	fx_run(&f, 0, MQ_DP_CLEANUP, 0, 0);
	unsigned c = mq_zone_first(f.R, f.st, MQ_Z_HAND, 0);
	FX_OK(&f, mq_code(MQ_A_DISCARD, c, 0, FX_N, FX_N, FX_N));
	ck_assert_int_eq(f.cs[c].zone, MQ_Z_DISCARD);
	ck_assert(f.S->dp == MQ_DP_CLEANUP && f.S->cur == 0);
	FX_OK(&f, fx_simple(MQ_A_DONE));
	ck_assert_int_eq(f.S->active, 1);
	fx_close(&f);
}
END_TEST

/* M-38.1 (literal): a seat that controls a permanent with a free action whose cost it could pay
 * does not auto-pass, even when that action has no legal target right now. */
START_TEST(no_auto_pass_with_payable_free_action_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	fx_put(&f, 1, "Shrine", 7, 0); /* no allied unit within range 1 of it */
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_msg(f.S->nstack == 1 && f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1,
		      "P2 was passed automatically: stack %d dp %d cur %d", f.S->nstack, f.S->dp, f.S->cur);
	fx_close(&f);
}
END_TEST

/* M-31 step 2, M-39, M-108 Regenerate: the trigger executes before the upkeep payment. */
START_TEST(regenerate_at_upkeep_M39)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned tr = fx_put(&f, 0, "Troll", 3, 0);
	f.cs[tr].mark[MQ_M_DAMAGE] = 2;
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert_int_eq(dmg(&f, tr), 1);
	ck_assert_int_eq(f.S->nstack, 0);
	fx_close(&f);
}
END_TEST

/* M-72, M-12: a unit whose buy cost is none never converts. */
START_TEST(buy_none_never_converts_M72)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), crab = fx_put(&f, 1, "Giant Crab", 5, 0);
	f.cs[crab].mark[MQ_M_FAITH] = 50;
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, crab, FX_N));
	ck_assert_int_eq(f.cs[crab].ctrl, 1);
	fx_close(&f);
}
END_TEST

/* M-30: any seat holding priority may scrap, also outside its own turn. */
START_TEST(scrap_with_priority_M30)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0), sp = fx_put(&f, 1, "Spearman", 4, 0);
	unsigned a = fx_hand(&f, 1, "Recruit"), b = fx_hand(&f, 1, "Blessing");
	f.S->seat[1].res = 0;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1);
	FX_OK(&f, fx_scrap(a, b));
	ck_assert_int_eq(res(&f, 1), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 1), 0);
	fx_close(&f);
}
END_TEST

/* M-59, M-67: only a friendly crewable unit may be boarded. */
START_TEST(no_boarding_enemy_ship_M67)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 2);
	fx_put(&f, 1, "Cog", 2, 2);
	FX_OK(&f, fx_activate(rc));
	ck_assert(!fx_legal_has(&f, fx_move(rc, FX_T(&f, 2, 2))));
	fx_close(&f);
}
END_TEST

/* M-85, M-31: releasing one's own King at upkeep eliminates the seat at once. */
START_TEST(king_released_eliminates_M85)
{
	fx f;
	fx_open(&f, "map=2P-river-king players=2 draft=none seed=1");
	ck_assert(f.S->dp == MQ_DP_UPKEEP && f.S->cur == 0);
	unsigned king = fx_find(&f, 0, MQ_Z_MAP, "King");
	FX_OK(&f, fx_release(king));
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(f.cs[king].zone, MQ_Z_EXILE);
	ck_assert(f.S->seat[0].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	fx_close(&f);
}
END_TEST

/* M-41, M-85, M-90: both Kings die in one combat: both seats are out, and the game is a draw. */
START_TEST(both_kings_die_draw_M90)
{
	fx f;
	fx_arena(&f, "map=2P-river-king players=2 draft=none seed=1");
	unsigned k1 = fx_find(&f, 0, MQ_Z_MAP, "King"), k2 = fx_find(&f, 1, MQ_Z_MAP, "King");
	mq_detach(f.R, f.st, k2);
	mq_place(f.R, f.st, k2, fx_tile(&f, 6, 1));
	f.cs[k1].mark[MQ_M_DAMAGE] = 6;
	f.cs[k2].mark[MQ_M_DAMAGE] = 6;
	attack_now(&f, k1, k2);
	ck_assert_int_eq(f.cs[k1].zone, MQ_Z_EXILE);
	ck_assert_int_eq(f.cs[k2].zone, MQ_Z_EXILE);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_ENDED);
	ck_assert_int_eq(f.S->winner, -1);
	fx_close(&f);
}
END_TEST

/* M-50, M-49: a paralysed, tapped crew member still adds its attack to the pile. */
START_TEST(paralysed_crew_adds_attack_M50)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 2);
	unsigned ar = fx_join_new(&f, 0, "Archer", cog);
	f.cs[ar].mark[MQ_M_PARALYSIS] = 3;
	f.cs[ar].flags |= MQ_F_TAPPED;
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, cog, 2), 3);
	unsigned sp = fx_put(&f, 1, "Spearman", 3, 2);
	attack_now(&f, cog, sp);
	ck_assert_int_eq(dmg(&f, sp), 3);
	fx_close(&f);
}
END_TEST

/* M-69: being moved by an effect does not add poison. */
START_TEST(moved_by_effect_no_poison_M69)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), fm = fx_hand(&f, 0, "Forced March");
	f.cs[rc].mark[MQ_M_POISON] = 1;
	FX_OK(&f, fx_spell(fm, rc, FX_T(&f, 4, 1)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 4, 1));
	ck_assert_int_eq(mark(&f, rc, MQ_M_POISON), 1);
	fx_close(&f);
}
END_TEST

/* M-17 step 4: with 2 players on 4P-islands, the spawns and harbors of seats 3 and 4 are plain. */
START_TEST(absent_seats_tiles_plain_M17)
{
	fx f;
	fx_open(&f, "map=4P-islands players=2 draft=none seed=1");
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 2, 15)), MQD_TILE_PLAIN);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 16, 16)), MQD_TILE_PLAIN);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 5, 15)), MQD_TILE_PLAIN);
	ck_assert_int_eq(mq_tile_type(f.R, f.st, fx_tile(&f, 2, 2)), MQD_TILE_SPAWN);
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 13, 3)), 1);
	fx_close(&f);
}
END_TEST

/* M-5, M-17: card ids follow the set-up order: quick-start stores seat by seat, then the
 * starting decks, then the map's placed cards. */
START_TEST(card_id_order_M5)
{
	fx f;
	fx_open(&f, "map=2P-river-king players=2 draft=none seed=1");
	const mq_rules *R = f.R;
	ck_assert_uint_eq(R->ncard, 21 + 21 + 5 + 5 + 2);
	for (unsigned c = 0; c < R->ncard; c++) {
		int zone = c < 42 ? MQ_Z_STORE : c < 52 ? MQ_Z_DECK : MQ_Z_MAP;
		int owner = c < 21 ? 0 : c < 42 ? 1 : c < 47 ? 0 : c < 52 ? 1 : (int)c - 52;
		ck_assert_msg(R->card[c].zone == zone && R->card[c].owner == owner, "card %u: zone %d owner %d", c,
			      R->card[c].zone, R->card[c].owner);
	}
	ck_assert_str_eq(fx_name(&f, 0), "Spearman");
	ck_assert_str_eq(fx_name(&f, 21), "Spearman");
	ck_assert_str_eq(fx_name(&f, 20), "Boots");
	ck_assert_str_eq(fx_name(&f, 42), "Recruit");
	ck_assert_str_eq(fx_name(&f, 46), "Farmer");
	ck_assert_str_eq(fx_name(&f, 52), "King");
	ck_assert_int_eq(mq_tile_of(f.R, f.st, 52), fx_tile(&f, 6, 0));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, 53), fx_tile(&f, 6, 13));
	fx_close(&f);
}
END_TEST

/* M-16, M-17: the player count must lie in the map's range; the draft and limit values are checked. */
START_TEST(parameters_checked_M16)
{
	ck_assert_int_eq(fx_rules_rc("map=2P-ring-street players=2 seed=1"), CRISK_OK); /* draft=piles by default */
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=3 draft=none seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=4P-islands players=1 draft=none seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=no-such-map players=2 draft=none seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=sideways seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=none"), CRISK_OK); /* seed is required */
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=none seed=1");
	ck_assert_int_eq(f.R->limit, 40);
	fx_close(&f);
	fx_open(&f, "map=2P-ring-street players=2 draft=none seed=1 limit=7");
	ck_assert_int_eq(f.R->limit, 7);
	fx_close(&f);
}
END_TEST

/* M-4: the same seed, parameters and actions replay to the same state. */
START_TEST(replay_identical_M4)
{
	fx a, b;
	fx_open(&a, "map=2P-ring-street players=2 draft=piles seed=7");
	fx_open(&b, "map=2P-ring-street players=2 draft=piles seed=7");
	ck_assert(memcmp(a.st, b.st, a.R->size) == 0);
	for (int k = 0; k < 60 && a.S->dp == MQ_DP_PICK; k++) {
		uint64_t x;
		fx_legal_of(&a, MQ_A_PICK, MQ_NOCARD, &x, 1);
		FX_OK(&a, x);
		FX_OK(&b, x);
	}
	ck_assert(memcmp(a.st, b.st, a.R->size) == 0);
	fx_close(&a);
	fx_close(&b);
}
END_TEST

/* M-75: a switch needs terrain that suits each arriving permanent (no artifact onto deep water). */
START_TEST(switch_terrain_M75)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned crab = fx_put(&f, 0, "Giant Crab", 1, 2), bar = fx_put(&f, 0, "Barricade", 2, 3);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 3), ban = fx_put(&f, 0, "Banner", 3, 2);
	FX_OK(&f, fx_activate(crab));
	ck_assert(!fx_legal_has(&f, mq_code(MQ_A_SWITCH, crab, 0, bar, FX_N, FX_N)));
	FX_OK(&f, fx_finish(crab));
	FX_OK(&f, fx_activate(rc));
	ck_assert(fx_legal_has(&f, mq_code(MQ_A_SWITCH, rc, 0, ban, FX_N, FX_N)));
	ck_assert(fx_legal_has(&f, mq_code(MQ_A_SWITCH, rc, 0, bar, FX_N, FX_N)));
	fx_close(&f);
}
END_TEST

/* M-89: the conceding seat's permanents go to their owners' discard piles; cards it owns but
 * another seat controls stay where they are. */
START_TEST(concede_owner_and_controller_M89)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned mi = fx_put(&f, 0, "Missionary", 3, 0), kn = fx_put(&f, 1, "Knight", 5, 0);
	unsigned sp = fx_put(&f, 1, "Spearman", 6, 2);
	unsigned sw = fx_put(&f, 0, "Sword", 7, 2);
	mq_join(f.R, f.st, sw, sp); /* P2's Spearman carries P1's Sword */
	f.cs[sw].ctrl = 1;
	f.cs[kn].mark[MQ_M_FAITH] = 5;
	fx_hand(&f, 1, "Die!"); /* P2 gets priority decisions */
	FX_OK(&f, fx_activate(mi));
	FX_OK(&f, fx_full(mi, 0, kn, FX_N));
	while (f.S->nstack && f.S->dp == MQ_DP_PRIORITY)
		FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1 && f.S->active == 0 && f.S->nstack == 0);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert(on_map(&f, kn));
	ck_assert_int_eq(f.cs[kn].ctrl, 0);
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sp].ctrl, 1);
	ck_assert_int_eq(f.cs[sw].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[sw].ctrl, 0); /* the owner's discard pile */
	fx_close(&f);
}
END_TEST

/* DP-10: concede is offered at every decision of a human seat. */
START_TEST(concede_everywhere_DP10)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=piles seed=3");
	ck_assert_int_eq(f.S->dp, MQ_DP_PICK);
	ck_assert(fx_legal_has(&f, fx_simple(MQ_A_CONCEDE)));
	fx_close(&f);
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 3, 0);
	fx_hand(&f, 0, "Recruit");
	fx_hand(&f, 0, "Farmer");
	ck_assert(fx_legal_has(&f, fx_simple(MQ_A_CONCEDE)));
	fx_run(&f, 0, MQ_DP_BUY, 0, 0);
	ck_assert(fx_legal_has(&f, fx_simple(MQ_A_CONCEDE)));
	fx_run(&f, 0, MQ_DP_CLEANUP, 0, 0);
	ck_assert(fx_legal_has(&f, fx_simple(MQ_A_CONCEDE)));
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1);
	ck_assert(fx_legal_has(&f, fx_simple(MQ_A_CONCEDE)));
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	fx_close(&f);
}
END_TEST

/* M-54: a dropped crew member keeps its own pile (its Sword, no durability lost), its marks and
 * its tapped state. */
START_TEST(dropped_member_keeps_pile_marks_tap_M54)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1);
	unsigned rc = fx_join_new(&f, 0, "Recruit", cog);
	unsigned sw = fx_take(&f, 0, "Sword");
	mq_enter(f.R, f.st, sw, 0, fx_tile(&f, 7, 0), &f.log);
	mq_join(f.R, f.st, sw, rc);
	f.cs[rc].mark[MQ_M_POISON] = 1;
	f.cs[rc].flags |= MQ_F_TAPPED;
	fx_put(&f, 0, "Recruit", 6, 2); /* P1 keeps a decision */
	f.S->seat[0].res = 4;
	unsigned die = fx_hand(&f, 0, "Die!");
	FX_OK(&f, fx_spell(die, cog, FX_N));
	ck_assert_int_eq(f.cs[cog].zone, MQ_Z_DISCARD);
	if (f.S->dp == MQ_DP_DROP) { /* (2,1) is the only land tile next to (1,1): no decision expected */
		ck_assert_int_eq(f.S->cur, 0);
		FX_OK(&f, fx_drop(FX_T(&f, 2, 1)));
	}
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 2, 1));
	ck_assert_int_eq(f.cs[sw].up, rc);
	ck_assert_int_eq(f.cs[sw].dur, 2);
	ck_assert_int_eq(mark(&f, rc, MQ_M_POISON), 1);
	ck_assert(f.cs[rc].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST


#define EXTRA "map=tt-extra players=2 draft=none seed=1"

/* M-60, M-40 step 4: a street move whose unit left the street before it
 * executes fizzles. */
START_TEST(street_move_rechecked_M60)
{
	fx f;
	fx_arena(&f, EXTRA);
	unsigned r = fx_put(&f, 0, "Recruit", 3, 3), fm = fx_hand(&f, 0, "Forced March");
	f.S->seat[0].res = 5;
	FX_OK(&f, fx_activate(r));
	FX_OK(&f, fx_street(r, FX_T(&f, 5, 3)));
	FX_OK(&f, fx_spell(fm, r, FX_T(&f, 3, 4))); /* on top: it resolves first */
	/* Seat 0 passes; with no spell left it passes automatically after
	 * Forced March resolves, so both execute: Forced March first. */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, r), fx_tile(&f, 3, 4)); /* the street move fizzled */
	fx_close(&f);
}
END_TEST

/* M-48, M-74: crew may carry (a full action), its move leaving the pile. */
START_TEST(crew_may_carry_M48)
{
	fx f;
	fx_arena(&f, EXTRA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1), r = fx_join_new(&f, 0, "Recruit", cog);
	unsigned bar = fx_put(&f, 0, "Barricade", 2, 1);
	FX_OK(&f, fx_activate(r));
	uint64_t code = mq_code(MQ_A_CARRY, r, 0, bar, FX_T(&f, 3, 1), FX_T(&f, 4, 1));
	ck_assert(fx_legal_of(&f, MQ_A_CARRY, r, NULL, 0) > 0);
	FX_OK(&f, code);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_uint_eq(f.cs[r].up, MQ_NONE);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, r), fx_tile(&f, 3, 1));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, bar), fx_tile(&f, 4, 1));
	fx_close(&f);
}
END_TEST

/* M-74, M-59, M-67: a carry's move may end aboard a friendly ship. */
START_TEST(carry_may_board_M74)
{
	fx f;
	fx_arena(&f, EXTRA);
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1), r = fx_put(&f, 0, "Recruit", 3, 1);
	unsigned bar = fx_put(&f, 0, "Barricade", 4, 1);
	FX_OK(&f, fx_activate(r));
	FX_OK(&f, mq_code(MQ_A_CARRY, r, 0, bar, FX_T(&f, 1, 1), FX_T(&f, 2, 1)));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_uint_eq(f.cs[r].up, cog);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, bar), fx_tile(&f, 2, 1));
	fx_close(&f);
}
END_TEST

/* M-91: the turn of a seat that concedes still ends with the end-of-turn
 * checks: the round limit ends the game after the round's last turn. */
START_TEST(concede_then_round_limit_M91)
{
	fx f;
	fx_open(&f, "map=4P-islands players=3 draft=none seed=1 limit=1");
	fx_run(&f, 2, MQ_DP_PRIORITY, 2, 0);
	ck_assert_int_eq(f.S->round, 1);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_ENDED);
	ck_assert_int_eq(f.S->winner, -1);
	ck_assert_int_eq(f.S->round, 1);
	fx_close(&f);
}
END_TEST

/* M-39 with the stack's depth limit (docs/decisions.md): upkeep triggers
 * beyond 24 items are removed, never written past the stack. */
START_TEST(triggers_beyond_stack_depth_removed_M39)
{
	fx f;
	fx_arena(&f, EXTRA);
	int placed = 0;
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 8 && placed < 26; x++) {
			int t = fx_tile(&f, x, y), type = MQD_TILE_TYPE(f.R->tile[t]);
			if (type == MQD_TILE_DEEP || type == MQD_TILE_SPAWN || mq_occ(f.R, f.st)[t] != MQ_NONE)
				continue;
			fx_put(&f, 0, "Granary", x, y);
			placed++;
		}
	ck_assert_int_eq(placed, 26);
	int before = f.S->seat[0].res;
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1); /* seat 0's next action phase */
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(f.S->seat[0].res, before + 3 + MQ_STACK_MAX); /* base gain and 24 Granaries */
	fx_close(&f);
}
END_TEST

/* M-66, M-26 step 6: when a health BUFF ends at cleanup, the state checks
 * destroy the damaged unit before the next turn begins. */
START_TEST(buff_end_destroys_before_next_turn_M66)
{
	fx f;
	fx_arena(&f, EXTRA);
	unsigned r = fx_put(&f, 0, "Recruit", 3, 1), v = fx_hand(&f, 0, "Test Vigor");
	f.S->seat[0].res = 5;
	FX_OK(&f, fx_spell(v, r, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(mq_stat(f.R, f.st, r, MQD_STAT_HEALTH), 4);
	f.cs[r].mark[MQ_M_DAMAGE] = 3;
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 0);
	ck_assert_int_eq(f.cs[r].zone, MQ_Z_DISCARD);
	fx_close(&f);
}
END_TEST

/* ---- rules without a named test so far (conventions, cards, set-up, draft, turn, stack,
 * activation, piles, geometry, marks, artifacts, game end) ---- */

/* fx_open with more .mqd text after fx_text (cards, lists and maps of one test). */
/* Test cards that reach artifacts with ADD_MARK and DAMAGE, and lower stats (negative BUFF). */
static const char tq_text[] =
	"| tq | Test Hex | spell | 1 | 0 | - | - | - | - | - | - | play {artifact}: ADD_MARK poison 2 @T; "
	"ADD_MARK paralysis 1 @T; ADD_MARK ward 1 @T; ADD_MARK faith 3 @T; DAMAGE 1 @T | - |\n"
	"| tq | Test Weaken | spell | 1 | 0 | - | - | - | - | - | - | play {unit/boss}: BUFF attack -5 @T; "
	"BUFF range -5 @T; BUFF move -5 @T | - |\n"
	"store tq-store: Test Hex x3, Test Weaken x3, Barricade x2, Banner x2, Sword x2, Recruit x3, Farmer x2, "
	"Spearman x2, Archer x2, Die! x2\n"
	"map tq-arena\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tq-store\n"
	"win resource 99\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n";
#define TQ "map=tq-arena players=2 draft=none seed=1"

static int list_has(const uint64_t *v, size_t n, uint64_t code)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == code)
			return 1;
	return 0;
}

static uint64_t *legal_all(const fx *f, size_t *n)
{
	*n = fx_legal_of(f, 0, MQ_NOCARD, NULL, 0);
	uint64_t *v = malloc(sizeof *v * (*n ? *n : 1));
	ck_assert_ptr_nonnull(v);
	ck_assert_uint_eq(fx_legal_of(f, 0, MQ_NOCARD, v, *n), *n);
	return v;
}

/* Applies code, expects a refusal, and checks that the state and the event log are untouched. */
static void refused_unchanged(fx *f, uint64_t code)
{
	void *copy = malloc(f->R->size);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, f->st, f->R->size);
	uint64_t next = f->log.next;
	ck_assert_msg(fx_do(f, code) != CRISK_OK, "code %016llx was accepted", (unsigned long long)code);
	ck_assert_msg(memcmp(copy, f->st, f->R->size) == 0, "a refused code %016llx changed the state",
		      (unsigned long long)code);
	ck_assert_uint_eq(f->log.next, next);
	free(copy);
}

/* M-1: only listed actions are accepted: every listed one checks, everything else (other
 * destinations, targets, types, cards, decision points) is refused and changes nothing. */
START_TEST(unlisted_action_refused_unchanged_M1)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 3), sp = fx_put(&f, 1, "Spearman", 5, 3);
	unsigned own = fx_put(&f, 0, "Barricade", 3, 2);
	unsigned me = fx_hand(&f, 0, "Mend");
	f.S->seat[0].res = 3;
	FX_OK(&f, fx_activate(rc));
	size_t n;
	uint64_t *all = legal_all(&f, &n);
	ck_assert_uint_gt(n, 5);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(fx_legal_has(&f, all[i]), "listed code %016llx does not check", (unsigned long long)all[i]);
	int tried = 0;
	for (int t = 0; t < f.R->ntile; t++) {
		uint64_t cand[4] = {fx_move(rc, MQ_T_TILE | (unsigned)t), fx_street(rc, MQ_T_TILE | (unsigned)t),
				    fx_attack(rc, MQ_T_TILE | (unsigned)t), fx_spell(me, MQ_T_TILE | (unsigned)t, FX_N)};
		for (int k = 0; k < 4; k++) {
			if (list_has(all, n, cand[k])) {
				ck_assert(fx_legal_has(&f, cand[k]));
				continue;
			}
			refused_unchanged(&f, cand[k]);
			tried++;
		}
	}
	for (unsigned c = 0; c < f.R->ncard; c++) {
		uint64_t cand[3] = {fx_attack(rc, c), fx_spell(me, c, FX_N), fx_activate(c)};
		for (int k = 0; k < 3; k++)
			if (!list_has(all, n, cand[k])) {
				refused_unchanged(&f, cand[k]);
				tried++;
			}
	}
	ck_assert(!list_has(all, n, fx_attack(rc, own)));
	ck_assert(list_has(all, n, fx_attack(rc, sp)) == 0); /* d = 2 for a 1R1 Recruit */
	/* Codes of other decision points, unknown types and cards. */
	refused_unchanged(&f, (uint64_t)0);
	refused_unchanged(&f, mq_code(MQ_A_COUNT, MQ_NOCARD, 0, FX_N, FX_N, FX_N));
	refused_unchanged(&f, (uint64_t)MQ_A_CHANCE << 56);
	refused_unchanged(&f, fx_simple(MQ_A_PAY));
	refused_unchanged(&f, fx_simple(MQ_A_DONE));
	refused_unchanged(&f, fx_buy(fx_take(&f, 0, "Recruit")));
	refused_unchanged(&f, mq_code(MQ_A_PICK, fx_take(&f, 0, "Knight"), 0, FX_N, FX_N, FX_N));
	refused_unchanged(&f, fx_drop(FX_T(&f, 4, 4)));
	refused_unchanged(&f, fx_activate(999));
	refused_unchanged(&f, fx_move(rc, MQ_T_TILE | 0xFFF));
	refused_unchanged(&f, fx_simple(MQ_A_PASS) & ~(uint64_t)1); /* a pass with a stray operand */
	ck_assert_int_gt(tried, 100);
	free(all);
	fx_close(&f);
}
END_TEST

/* M-2: Forced March's MOVE moves a tapped, paralysed unit whose allowances are all spent,
 * which no rule of its own would allow, and spends nothing. */
START_TEST(card_text_overrides_rules_M2)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	f.cs[rc].flags |= MQ_F_TAPPED | MQ_F_ALLOW;
	f.cs[rc].mark[MQ_M_PARALYSIS] = 1;
	unsigned fm = fx_hand(&f, 0, "Forced March");
	fx_hand(&f, 0, "Die!"); /* unaffordable: P1 keeps its decisions */
	f.S->seat[0].res = 1;
	FX_ILLEGAL(&f, fx_activate(rc));
	FX_OK(&f, fx_spell(fm, rc, FX_T(&f, 5, 0)));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 5, 0));
	ck_assert_int_eq(f.cs[rc].flags & (MQ_F_TAPPED | MQ_F_ALLOW), MQ_F_TAPPED | MQ_F_ALLOW);
	ck_assert_int_eq(mark(&f, rc, MQ_M_PARALYSIS), 1);
	fx_close(&f);
}
END_TEST

/* M-3: in a competitive game (3 seats) every other seat is an enemy, none an ally; spec seat s
 * is engine seat s-1; a round is one turn of each seat, numbered from 1. */
START_TEST(allied_enemy_competitive_M3)
{
	fx f;
	fx_arena(&f, "map=4P-islands players=3 draft=none seed=1");
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 3; b++)
			ck_assert_int_eq(mq_allied(f.R, a, b), a == b);
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 2, 2)), 0);  /* spawn '1' */
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 15, 2)), 1); /* spawn '2' */
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 2, 15)), 2); /* spawn '3' */
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 5, 3)), 0);  /* harbor 'a' */
	unsigned mine = fx_put(&f, 0, "Archer", 1, 4);
	unsigned e1 = fx_put(&f, 1, "Archer", 2, 4), e2 = fx_put(&f, 2, "Archer", 1, 5);
	unsigned me = fx_hand(&f, 0, "Pillage");
	f.S->seat[0].res = 5;
	uint64_t v[8];
	/* Pillage {unit enemy near1}: both other seats' units, not the own one. */
	size_t n = fx_legal_of(&f, MQ_A_PLAY, me, v, 8);
	ck_assert_uint_eq(n, 2);
	ck_assert(list_has(v, n, fx_spell(me, e1, FX_N)) && list_has(v, n, fx_spell(me, e2, FX_N)));
	FX_OK(&f, fx_activate(mine));
	n = fx_legal_of(&f, MQ_A_ATTACK, mine, v, 8);
	ck_assert_uint_eq(n, 2);
	ck_assert(list_has(v, n, fx_attack(mine, e1)) && list_has(v, n, fx_attack(mine, e2)));
	FX_OK(&f, fx_finish(mine));
	ck_assert_int_eq(f.S->round, 1);
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1);
	ck_assert_int_eq(f.S->round, 2);
	ck_assert_int_eq(f.S->turn, 4);
	fx_close(&f);
}
END_TEST

/* M-10: the fields of a card, as loaded. */
START_TEST(card_fields_M10)
{
	fx f;
	fx_arena(&f, ARENA);
	const mqd_db *db = f.R->db;
	const mqd_card *kn = mq_def(f.R, fx_take(&f, 0, "Knight"));
	ck_assert_str_eq(mqd_str(db, kn->set), "base");
	ck_assert_str_eq(mqd_str(db, kn->name), "Knight");
	ck_assert_int_eq(kn->type, MQD_UNIT);
	ck_assert(kn->buy == 8 && kn->play == 3 && kn->upkeep == 2 && kn->health == 6 && kn->move == 4);
	ck_assert(kn->attack == 3 && kn->range == 1);
	ck_assert(kn->kw == (1u << MQD_KW_CHARGE) && kn->kw_n[MQD_KW_CHARGE] == 1);
	ck_assert_uint_eq(kn->nab, 0);
	ck_assert_int_eq(kn->ai, MQD_AI_AGGRESSIVE);
	const mqd_card *mi = mq_def(f.R, fx_take(&f, 0, "Missionary"));
	ck_assert_uint_eq(mi->nab, 1);
	ck_assert_int_eq(db->abilities[mi->ab0].kind, MQD_AB_FULL);
	ck_assert_int_eq(mi->attack, MQD_NONE);
	ck_assert_int_eq(mi->ai, MQD_AI_SUPPORTIVE);
	const mqd_card *cog = mq_def(f.R, fx_take(&f, 0, "Cog"));
	ck_assert(mq_kw(f.R, fx_take(&f, 0, "Cog"), MQD_KW_SWIMMING) && cog->kw_n[MQD_KW_CREW] == 2);
	ck_assert(cog->ai == MQD_AI_WANDERING && cog->ai_arg == 4);
	const mqd_card *fb = mq_def(f.R, fx_take(&f, 0, "Fireball"));
	ck_assert_int_eq(fb->type, MQD_SPELL);
	ck_assert(fb->buy == 5 && fb->play == 2 && fb->upkeep == MQD_NONE && fb->health == MQD_NONE);
	ck_assert_int_eq(db->abilities[fb->ab0].kind, MQD_AB_PLAY);
	const mqd_card *king = mq_def(f.R, fx_take(&f, 0, "King"));
	ck_assert(king->buy == MQD_NONE && king->play == MQD_NONE && king->health == 8);
	const mqd_card *sw = mq_def(f.R, fx_take(&f, 0, "Sword"));
	ck_assert(sw->type == MQD_EQUIPMENT && sw->kw_n[MQD_KW_DURABILITY] == 2 && sw->health == MQD_NONE);
	fx_close(&f);
}
END_TEST

/* M-13: play cost none: the King is never playable from hand; a play cost of 0 is playable with no
 * resource; a play cost is paid on declaration, before the card executes. */
START_TEST(play_cost_none_and_paid_on_declaration_M13)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned king = fx_hand(&f, 0, "King");
	unsigned tax = fx_hand(&f, 0, "Tax Collection");
	fx_hand(&f, 0, "Die!"); /* unaffordable: P1 keeps its decisions */
	f.S->seat[0].res = 0;
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, king, NULL, 0), 0);
	ck_assert(fx_legal_has(&f, fx_spell(tax, FX_N, FX_N)));
	f.S->seat[0].res = 3;
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, king, NULL, 0), 0);
	FX_ILLEGAL(&f, fx_play(king, FX_T(&f, 0, 4), FX_N, FX_N));
	unsigned rc = fx_hand(&f, 0, "Recruit");
	FX_OK(&f, fx_play(rc, FX_T(&f, 0, 4), FX_N, FX_N));
	ck_assert_int_eq(res(&f, 0), 2); /* paid on declaration */
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_STACK);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(res(&f, 0), 2);
	ck_assert_int_eq(f.cs[king].zone, MQ_Z_HAND);
	fx_close(&f);
}
END_TEST

/* M-14: effective attack and move never go below 0, range never below 1 (a BUFF of -5). */
START_TEST(effective_stat_floors_M14)
{
	fx f;
	fx_arena_more(&f, TQ, tq_text);
	unsigned ar = fx_put(&f, 1, "Archer", 4, 0), rc = fx_put(&f, 0, "Recruit", 3, 0);
	unsigned w1 = fx_hand(&f, 0, "Test Weaken"), w2 = fx_hand(&f, 0, "Test Weaken");
	fx_hand(&f, 0, "Die!");
	f.S->seat[0].res = 0;
	FX_OK(&f, fx_spell(w1, ar, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(mq_stat(f.R, f.st, ar, MQD_STAT_ATTACK), 0);
	ck_assert_int_eq(mq_stat(f.R, f.st, ar, MQD_STAT_RANGE), 1);
	ck_assert_int_eq(mq_stat(f.R, f.st, ar, MQD_STAT_MOVE), 0);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, ar), 1);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, ar, 1), 0);
	FX_OK(&f, fx_spell(w2, rc, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_MOVE), 0);
	FX_OK(&f, fx_activate(rc));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_MOVE, rc, NULL, 0), 0);
	FX_OK(&f, fx_attack(rc, ar)); /* 0 against 0 */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(dmg(&f, ar), 0);
	ck_assert_int_eq(dmg(&f, rc), 0);
	fx_close(&f);
}
END_TEST

/* M-14: a unit without an attack ignores attack modifiers (Sword, Banner, Battle Cry): it cannot
 * attack, does not retaliate and adds nothing to a pile. */
START_TEST(no_attack_ignores_attack_modifiers_M14)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned fa = fx_put(&f, 1, "Farmer", 4, 0);
	fx_join_new(&f, 1, "Sword", fa);
	fx_put(&f, 1, "Banner", 5, 0);
	ck_assert_int_eq(mq_stat(f.R, f.st, fa, MQD_STAT_ATTACK), 0);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, fa), 0);
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, fa, 1), 0);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0);
	attack_now(&f, rc, fa);
	ck_assert_int_eq(dmg(&f, fa), 1);
	ck_assert_int_eq(dmg(&f, rc), 0); /* no retaliation */
	unsigned own = fx_put(&f, 0, "Farmer", 3, 1), bc = fx_hand(&f, 0, "Battle Cry");
	unsigned cog = fx_put(&f, 0, "Cog", 1, 1);
	fx_join_new(&f, 0, "Farmer", cog);
	FX_OK(&f, fx_finish(rc));
	ck_assert_int_eq(mq_pile_attack(f.R, f.st, cog, 1), 1); /* the Cog's own 1R2 only */
	ck_assert_int_eq(mq_pile_range(f.R, f.st, cog), 2);
	FX_OK(&f, fx_spell(bc, own, FX_N));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(mq_stat(f.R, f.st, own, MQD_STAT_ATTACK), 0);
	FX_OK(&f, fx_activate(own));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_ATTACK, own, NULL, 0), 0);
	fx_close(&f);
}
END_TEST

/* M-15: a spell is a one-shot fast card: it waits on the stack, and after execution goes to its
 * owner's discard pile (P2's Fireball, played in P1's turn, to P2's pile). */
START_TEST(spell_to_discard_after_execution_M15)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0);
	fx_put(&f, 1, "Spearman", 5, 0);
	f.cs[sw].mark[MQ_M_DAMAGE] = 1;
	unsigned me = fx_hand(&f, 0, "Mend");
	fx_hand(&f, 0, "Die!");
	unsigned fb = fx_hand(&f, 1, "Fireball");
	fx_hand(&f, 1, "Die!");
	f.S->seat[0].res = 1;
	f.S->seat[1].res = 2;
	FX_OK(&f, fx_spell(me, sw, FX_N));
	ck_assert_int_eq(f.cs[me].zone, MQ_Z_STACK);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->cur, 1);
	FX_OK(&f, fx_spell(fb, sw, FX_N));
	ck_assert_int_eq(f.S->nstack, 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert_int_eq(dmg(&f, sw), 4);
	ck_assert_int_eq(f.cs[fb].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[fb].ctrl, 1);
	ck_assert_int_eq(f.cs[me].zone, MQ_Z_STACK);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(dmg(&f, sw), 0);
	ck_assert_int_eq(f.cs[me].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[me].ctrl, 0);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 0), 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 1), 1);
	fx_close(&f);
}
END_TEST

/* M-17 steps 5-10: the draft's pool shuffle comes first; decks (in list order, not yet
 * shuffled), empty hands, start resource and placed Kings are there during the draft; the
 * decks are shuffled after it, seat 1's then seat 2's; seat 1 takes the first turn. */
START_TEST(setup_order_M17)
{
	fx f;
	fx_open(&f, "map=2P-river-king players=2 draft=1x1x2 seed=1 chance=explicit");
	ck_assert_int_eq(f.S->dp, MQ_DP_CHANCE);
	ck_assert_uint_eq(f.S->chance_k, f.R->npool);
	for (int s = 0; s < 2; s++) {
		ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, s), 5);
		ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, s), 0);
		unsigned k = fx_find(&f, s, MQ_Z_MAP, "King");
		ck_assert_uint_ne(k, MQ_NONE);
		ck_assert_int_eq(f.cs[k].flags, 0);
	}
	ck_assert_int_eq(res(&f, 0), 0);
	ck_assert_int_eq(res(&f, 1), 1);
	while (f.S->dp == MQ_DP_CHANCE) /* the pool shuffle: k = npool down to 2 */
		FX_OK(&f, (uint64_t)MQ_A_CHANCE << 56);
	ck_assert_int_eq(f.S->dp, MQ_DP_PICK);
	for (int s = 0; s < 2; s++) /* decks in list order during the draft: ascending ids */
		for (unsigned p = 1; p < 5; p++)
			ck_assert_uint_lt(mq_zone_at(f.R, f.st, MQ_Z_DECK, s, p - 1), mq_zone_at(f.R, f.st, MQ_Z_DECK, s, p));
	while (f.S->dp == MQ_DP_PICK) {
		uint64_t a;
		ck_assert_uint_gt(fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, &a, 1), 0);
		FX_OK(&f, a);
	}
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 0), 2); /* R x T x seats */
	for (int s = 0; s < 2; s++) { /* Fisher-Yates over 5 cards: k = 5, 4, 3, 2 */
		for (unsigned k = 5; k >= 2; k--) {
			ck_assert_int_eq(f.S->dp, MQ_DP_CHANCE);
			ck_assert_uint_eq(f.S->chance_k, k);
			ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 0);
			FX_OK(&f, (uint64_t)MQ_A_CHANCE << 56);
		}
	}
	ck_assert_int_ne(f.S->dp, MQ_DP_CHANCE);
	ck_assert_int_eq(f.S->active, 0);
	ck_assert_int_eq(f.S->turn, 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 3);
	fx_close(&f);
}
END_TEST

/* M-17 step 4: with 3 players on 4P-islands, seat 4's spawns and harbor are plain tiles, seat 3's
 * stay; nobody may place on the former. */
START_TEST(absent_seat_four_plain_M17)
{
	fx f;
	fx_open(&f, "map=4P-islands players=3 draft=none seed=1");
	static const int gone[4][2] = {{16, 15}, {15, 16}, {16, 16}, {13, 15}};
	for (int i = 0; i < 4; i++) {
		int t = fx_tile(&f, gone[i][0], gone[i][1]);
		ck_assert_int_eq(mq_tile_type(f.R, f.st, t), MQD_TILE_PLAIN);
		ck_assert_int_eq(mq_tile_owner(f.R, f.st, t), -1);
	}
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 2, 15)), 2);
	ck_assert_int_eq(mq_tile_owner(f.R, f.st, fx_tile(&f, 5, 15)), 2);
	ck_assert_int_eq(f.R->seats, 3);
	fx_close(&f);
}
END_TEST

/* M-18: the map's place lines create the Kings on their tiles, owned and controlled by their
 * seats, untapped, in no deck, hand or store; a King that leaves goes to exile. */
START_TEST(placed_cards_untapped_to_exile_M18)
{
	fx f;
	fx_arena(&f, "map=2P-river-king players=2 draft=none seed=1");
	int kings = 0;
	for (unsigned c = 0; c < f.R->ncard; c++)
		if (strcmp(fx_name(&f, c), "King") == 0) {
			kings++;
			ck_assert_int_eq(f.R->card[c].zone, MQ_Z_MAP);
			ck_assert(on_map(&f, c));
		}
	ck_assert_int_eq(kings, 2);
	unsigned k1 = fx_find(&f, 0, MQ_Z_MAP, "King"), k2 = fx_find(&f, 1, MQ_Z_MAP, "King");
	ck_assert(f.cs[k1].owner == 0 && f.cs[k2].owner == 1 && f.cs[k2].ctrl == 1);
	ck_assert_int_eq(f.cs[k2].flags, 0); /* untapped before its seat's first turn */
	ck_assert_int_eq(mq_tile_of(f.R, f.st, k1), fx_tile(&f, 6, 0));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, k2), fx_tile(&f, 6, 13));
	ck_assert(fx_legal_has(&f, fx_activate(k1)));
	f.cs[k2].mark[MQ_M_DAMAGE] = 7;
	unsigned sw = fx_put(&f, 0, "Swordsman", 6, 12);
	attack_now(&f, sw, k2);
	ck_assert_int_eq(f.cs[k2].zone, MQ_Z_EXILE);
	ck_assert_int_eq(f.cs[k2].owner, 1);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, 1), 0);
	fx_close(&f);
}
END_TEST

/* M-19: draft none (quick start), piles (the default) and RxTxP packs. */
START_TEST(draft_modes_M19)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=none seed=1");
	ck_assert_int_eq(f.R->draft, MQ_DRAFT_NONE);
	ck_assert_uint_eq(f.R->npool, 0);
	fx_at_dp4(&f, 0);
	fx_close(&f);
	fx_open(&f, "map=2P-ring-street players=2 seed=1");
	ck_assert_int_eq(f.R->draft, MQ_DRAFT_PILES);
	ck_assert(f.S->dp == MQ_DP_PICK && f.S->cur == 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, NULL, 0), 10);
	fx_close(&f);
	fx_open(&f, "map=2P-ring-street players=2 draft=piles seed=1");
	ck_assert_int_eq(f.R->draft, MQ_DRAFT_PILES);
	fx_close(&f);
	fx_open(&f, "map=2P-ring-street players=2 draft=2x1x4 seed=1");
	ck_assert_int_eq(f.R->draft, MQ_DRAFT_PACK);
	ck_assert(f.R->dr == 2 && f.R->dt == 1 && f.R->dp == 4);
	ck_assert(f.S->dp == MQ_DP_PICK && f.S->cur == 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, NULL, 0), 4);
	fx_close(&f);
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=2x1 seed=1"), CRISK_OK);
	ck_assert_int_ne(fx_rules_rc("map=2P-ring-street players=2 draft=2x[1;4] seed=1"), CRISK_OK);
}
END_TEST

/* A random but reproducible legal action other than concede. */
static uint64_t random_action(const fx *f, uint32_t *seed)
{
	size_t n;
	uint64_t *all = legal_all(f, &n), a = 0;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (MQ_CODE_TYPE(all[i]) != MQ_A_CONCEDE)
			all[k++] = all[i];
	ck_assert_uint_gt(k, 0);
	*seed = *seed * 1103515245u + 12345u;
	a = all[(*seed >> 8) % k];
	free(all);
	return a;
}

/* Whether an action names card c as its card or as a card operand. */
static int names_card(uint64_t a, unsigned c)
{
	unsigned type = MQ_CODE_TYPE(a), ops[3] = {MQ_CODE_A(a), MQ_CODE_B(a), MQ_CODE_C(a)};
	int first = 0, last = -1;
	switch (type) {
	case MQ_A_ATTACK: case MQ_A_CARRY: case MQ_A_EQUIP: case MQ_A_SWITCH: first = 0; last = 0; break;
	case MQ_A_PLAY: case MQ_A_FULL: case MQ_A_FREE: case MQ_A_TRIGGER: first = 1; last = 2; break;
	case MQ_A_SCRAP: first = 0; last = 1; break;
	default: break;
	}
	if (type != MQ_A_SCRAP && type != MQ_A_PASS && type != MQ_A_DONE && type != MQ_A_PAY &&
	    type != MQ_A_DROP && type != MQ_A_CONCEDE && type != MQ_A_CHANCE && MQ_CODE_CARD(a) == c)
		return 1;
	for (int i = first; i <= last; i++)
		if (MQ_T_IS_CARD(ops[i]) && ops[i] == c)
			return 1;
	return 0;
}

/* M-23: the cards a pile draft does not hand out are out of the game (no zone, not exile), and
 * no action or effect reaches them in the game that follows. */
START_TEST(draft_removed_cards_out_M23)
{
	fx f;
	fx_open(&f, "map=2P-ring-street players=2 draft=piles seed=5");
	uint32_t seed = 7;
	while (f.S->dp == MQ_DP_PICK)
		FX_OK(&f, random_action(&f, &seed));
	unsigned out[32], nout = 0;
	for (unsigned c = 0; c < f.R->npool; c++)
		if (f.cs[c].zone == MQ_Z_OUT) {
			ck_assert_uint_lt(nout, 32);
			out[nout++] = c;
		}
	ck_assert_uint_eq(nout, 10);
	unsigned in_zones = 0;
	for (int s = 0; s < 2; s++)
		for (int z = MQ_Z_POOL; z < MQ_Z_COUNT; z++)
			in_zones += fx_count(&f, z, s);
	ck_assert_uint_eq(in_zones, f.R->ncard - nout);
	for (int step = 0; step < 1500 && f.S->status == CRISK_STATUS_RUNNING; step++) {
		size_t n;
		uint64_t *all = legal_all(&f, &n);
		for (size_t i = 0; i < n; i++)
			for (unsigned k = 0; k < nout; k++)
				ck_assert_msg(!names_card(all[i], out[k]), "an action names removed card %u", out[k]);
		free(all);
		FX_OK(&f, random_action(&f, &seed));
		for (unsigned k = 0; k < nout; k++)
			ck_assert_int_eq(f.cs[out[k]].zone, MQ_Z_OUT);
	}
	ck_assert_int_gt(f.S->turn, 2);
	fx_close(&f);
}
END_TEST

/* M-27: resource carries over between turns, and the hand keeps any number of cards. */
START_TEST(resource_and_hand_carry_over_M27)
{
	fx f;
	fx_arena(&f, ARENA);
	f.S->seat[0].res = 5;
	static const char *const cards[6] = {"Recruit", "Recruit", "Spearman", "Spearman", "Knight", "Archer"};
	unsigned h[6];
	for (int i = 0; i < 6; i++)
		h[i] = fx_hand(&f, 0, cards[i]);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 0);
	ck_assert_int_eq(res(&f, 0), 5);
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1);
	ck_assert_int_eq(res(&f, 0), 8);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, 0), 6);
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(f.cs[h[i]].zone, MQ_Z_HAND);
	fx_close(&f);
}
END_TEST

/* M-29: every seat gains the map's base gain at the start of its own upkeep (3 on the arena, 2
 * on 4P-islands), and only then. */
START_TEST(base_gain_at_upkeep_M29)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 1, "Recruit", 6, 0);
	ck_assert_int_eq(res(&f, 1), 0);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 0);
	ck_assert_int_eq(res(&f, 1), 3);
	int r0 = res(&f, 0);
	FX_OK(&f, fx_simple(MQ_A_PAY));
	ck_assert_int_eq(res(&f, 0), r0);
	fx_close(&f);
	fx_open(&f, "map=4P-islands players=2 draft=none seed=1");
	ck_assert_int_eq(f.R->map->gain, 2);
	fx_at_dp4(&f, 0);
	ck_assert_int_eq(res(&f, 0), 2);
	ck_assert_int_eq(res(&f, 1), 0);
	fx_close(&f);
}
END_TEST

/* M-33: illegal declarations change nothing; a legal one pays its cost on declaration and
 * goes on the stack, and executes only later. */
START_TEST(illegal_declaration_changes_nothing_M33)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), sp = fx_put(&f, 1, "Spearman", 6, 0);
	f.cs[rc].mark[MQ_M_DAMAGE] = 1;
	unsigned kn = fx_hand(&f, 0, "Knight"), me = fx_hand(&f, 0, "Mend");
	fx_hand(&f, 0, "Die!");
	f.S->seat[0].res = 2;
	refused_unchanged(&f, fx_play(kn, FX_T(&f, 0, 4), FX_N, FX_N)); /* cost 3 > 2 */
	refused_unchanged(&f, fx_move(rc, FX_T(&f, 4, 0)));              /* not activated */
	FX_OK(&f, fx_activate(rc));
	refused_unchanged(&f, fx_attack(rc, sp));                        /* d = 3 */
	refused_unchanged(&f, fx_move(rc, FX_T(&f, 6, 0)));              /* occupied */
	refused_unchanged(&f, fx_move(rc, FX_T(&f, 7, 1)));              /* too far */
	refused_unchanged(&f, fx_spell(me, sp, FX_N));                   /* not an ally */
	refused_unchanged(&f, fx_spell(me, FX_N, FX_N));                 /* no target */
	refused_unchanged(&f, fx_finish(sp));
	FX_OK(&f, fx_spell(me, rc, FX_N));
	ck_assert_int_eq(res(&f, 0), 1);
	ck_assert_int_eq(f.S->nstack, 1);
	ck_assert_int_eq(dmg(&f, rc), 1); /* not executed yet */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(dmg(&f, rc), 0);
	fx_close(&f);
}
END_TEST

/* M-36: the stack is last in, first out: Mend, Blessing (P1), Fireball (P2) execute as
 * Fireball, Blessing, Mend. */
START_TEST(stack_last_in_first_out_M36)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sw = fx_put(&f, 0, "Swordsman", 3, 0);
	fx_put(&f, 1, "Spearman", 5, 0);
	f.cs[sw].mark[MQ_M_DAMAGE] = 1;
	unsigned me = fx_hand(&f, 0, "Mend"), bl = fx_hand(&f, 0, "Blessing");
	fx_hand(&f, 0, "Die!");
	unsigned fb = fx_hand(&f, 1, "Fireball");
	fx_hand(&f, 1, "Die!");
	f.S->seat[0].res = 2;
	f.S->seat[1].res = 2;
	FX_OK(&f, fx_spell(me, sw, FX_N));
	FX_OK(&f, fx_spell(bl, sw, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_spell(fb, sw, FX_N));
	ck_assert_int_eq(f.S->nstack, 3);
	ck_assert_uint_eq(f.S->stack[2].src, fb);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 2); /* Fireball first: no ward yet */
	ck_assert_int_eq(dmg(&f, sw), 4);
	ck_assert_int_eq(mark(&f, sw, MQ_M_WARD), 0);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 1); /* then Blessing */
	ck_assert_int_eq(dmg(&f, sw), 4);
	ck_assert_int_eq(mark(&f, sw, MQ_M_WARD), 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0); /* Mend last */
	ck_assert_int_eq(dmg(&f, sw), 0);
	ck_assert_int_eq(mark(&f, sw, MQ_M_WARD), 2);
	fx_close(&f);
}
END_TEST

/* M-38.3: a drop with one legal tile, or none, resolves without a decision; with two or more the
 * former controller decides (DP-6). */
START_TEST(single_tile_drop_automatic_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned cog1 = fx_put(&f, 0, "Cog", 1, 1), r1 = fx_join_new(&f, 0, "Recruit", cog1);
	unsigned d1 = fx_hand(&f, 0, "Die!"), d2 = fx_hand(&f, 0, "Die!"), d3 = fx_hand(&f, 0, "Die!");
	fx_hand(&f, 0, "Fireball");
	f.S->seat[0].res = 12;
	/* (2,1) is the only land tile next to (1,1). */
	FX_OK(&f, fx_spell(d1, cog1, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_msg(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 0 && f.S->nstack == 0, "dp %d cur %d", f.S->dp,
		      f.S->cur);
	ck_assert(on_map(&f, r1));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, r1), fx_tile(&f, 2, 1));
	/* Now (2,1) is taken: no tile, the member is destroyed without a decision. */
	unsigned cog2 = fx_put(&f, 0, "Cog", 1, 1), r2 = fx_join_new(&f, 0, "Recruit", cog2);
	FX_OK(&f, fx_spell(d2, cog2, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 0 && f.S->nstack == 0);
	ck_assert_int_eq(f.cs[r2].zone, MQ_Z_DISCARD);
	/* Next to (2,2) several land tiles are free: DP-6 for P1. */
	unsigned cog3 = fx_put(&f, 0, "Cog", 2, 2), r3 = fx_join_new(&f, 0, "Recruit", cog3);
	FX_OK(&f, fx_spell(d3, cog3, FX_N));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_DROP && f.S->cur == 0);
	ck_assert_uint_gt(fx_legal_of(&f, MQ_A_DROP, MQ_NOCARD, NULL, 0), 1);
	FX_OK(&f, fx_drop(FX_T(&f, 3, 2)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, r3), fx_tile(&f, 3, 2));
	fx_close(&f);
}
END_TEST

/* M-38.4: upkeep payment is skipped without units, the buy step without an affordable card and
 * without a scrap (it is offered for a scrap alone), cleanup with an empty hand. */
START_TEST(empty_steps_skipped_M38)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 1, "Recruit", 6, 0);
	f.S->seat[0].res = 0;
	fx_hand(&f, 0, "Knight");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	/* P1: no buy step (nothing affordable, one card); cleanup with a card in hand. */
	ck_assert(f.S->active == 0 && f.S->dp == MQ_DP_CLEANUP && f.S->cur == 0);
	FX_OK(&f, fx_simple(MQ_A_DONE));
	/* P2 controls a unit: its upkeep payment is asked. */
	ck_assert(f.S->active == 1 && f.S->dp == MQ_DP_UPKEEP && f.S->cur == 1);
	FX_OK(&f, fx_simple(MQ_A_PAY));
	fx_at_dp4(&f, 1);
	fx_empty_hand(&f, 1);
	f.S->seat[1].res = 0;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	/* P2: no buy step, no cleanup; P1 without units: no upkeep payment. */
	fx_at_dp4(&f, 0);
	ck_assert_int_eq(f.S->turn, 3);
	f.S->seat[0].res = 0;
	ck_assert_uint_ge(fx_count(&f, MQ_Z_HAND, 0), 2);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->active == 0 && f.S->dp == MQ_DP_BUY && f.S->cur == 0); /* a scrap is possible */
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_BUY, MQ_NOCARD, NULL, 0), 0);
	ck_assert_uint_gt(fx_legal_of(&f, MQ_A_SCRAP, MQ_NOCARD, NULL, 0), 0);
	fx_close(&f);
}
END_TEST

/* M-45: a permanent enters untapped with full allowances and may be activated, move and attack
 * in the turn it is played. */
START_TEST(played_permanent_activates_at_once_M45)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned en = fx_put(&f, 1, "Recruit", 2, 3);
	unsigned rc = fx_hand(&f, 0, "Recruit");
	f.S->seat[0].res = 1;
	FX_OK(&f, fx_play(rc, FX_T(&f, 0, 4), FX_N, FX_N));
	ck_assert(on_map(&f, rc));
	ck_assert_int_eq(f.cs[rc].flags, 0);
	ck_assert(fx_legal_has(&f, fx_activate(rc)));
	FX_OK(&f, fx_activate(rc));
	FX_OK(&f, fx_move(rc, FX_T(&f, 1, 3)));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 1, 3));
	FX_OK(&f, fx_attack(rc, en));
	ck_assert_int_eq(dmg(&f, en), 1);
	fx_close(&f);
}
END_TEST

/* The unit action types of M-47 (FULL and CARRY are full actions), and FINISH (M-42). */
static int unit_action_type(unsigned type)
{
	return type == MQ_A_MOVE || type == MQ_A_ATTACK || type == MQ_A_FULL || type == MQ_A_CARRY ||
	       type == MQ_A_EQUIP || type == MQ_A_SWITCH || type == MQ_A_SHAKE;
}

/* M-47: an activated Recruit on the street is offered move, street move, attack, carry, equip
 * and switch, and nothing else of its own but finish; a paralysed one only shake off. */
START_TEST(unit_actions_listed_M47)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 3), sp = fx_put(&f, 1, "Spearman", 4, 2);
	unsigned sw = fx_put(&f, 0, "Sword", 3, 2), ban = fx_put(&f, 0, "Banner", 2, 3);
	unsigned fa = fx_put(&f, 0, "Farmer", 2, 5);
	unsigned p = fx_put(&f, 0, "Recruit", 6, 1);
	f.cs[p].mark[MQ_M_PARALYSIS] = 1;
	FX_OK(&f, fx_activate(rc));
	size_t n;
	uint64_t *all = legal_all(&f, &n);
	int seen[MQ_A_COUNT] = {0}, street = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned type = MQ_CODE_TYPE(all[i]);
		if (unit_action_type(type))
			ck_assert_uint_eq(MQ_CODE_CARD(all[i]), rc);
		if (MQ_CODE_CARD(all[i]) != rc)
			continue;
		ck_assert_msg(unit_action_type(type) || type == MQ_A_FINISH, "type %u listed for the unit", type);
		seen[type]++;
		street |= type == MQ_A_MOVE && MQ_CODE_AUX(all[i]) == 1;
	}
	ck_assert(seen[MQ_A_MOVE] && street && seen[MQ_A_ATTACK] && seen[MQ_A_CARRY] && seen[MQ_A_EQUIP] &&
		  seen[MQ_A_SWITCH] && seen[MQ_A_FINISH] == 1);
	ck_assert(list_has(all, n, fx_attack(rc, sp)));
	ck_assert(list_has(all, n, fx_equip(rc, 0, sw)) && list_has(all, n, fx_equip(rc, 1, sw)));
	ck_assert(list_has(all, n, mq_code(MQ_A_SWITCH, rc, 1, ban, FX_N, FX_N)));
	free(all);
	FX_OK(&f, fx_finish(rc));
	/* The Farmer's full action on the farm. */
	FX_OK(&f, fx_activate(fa));
	ck_assert(fx_legal_has(&f, fx_full(fa, MQ_AB_FARM, FX_N, FX_N)));
	FX_OK(&f, fx_finish(fa));
	/* A paralysed unit: shake off only. */
	FX_OK(&f, fx_activate(p));
	all = legal_all(&f, &n);
	int shakes = 0;
	for (size_t i = 0; i < n; i++)
		if (MQ_CODE_CARD(all[i]) == p) {
			unsigned type = MQ_CODE_TYPE(all[i]);
			ck_assert_msg(type == MQ_A_SHAKE || type == MQ_A_FINISH, "type %u for a paralysed unit", type);
			shakes += type == MQ_A_SHAKE;
		}
	ck_assert_int_eq(shakes, 3); /* move, attack, full (not on a street) */
	free(all);
	fx_close(&f);
}
END_TEST

/* M-47, M-73: in random games no other unit action is ever listed, unit actions name only the
 * activated permanent, and only units and bosses are ever activated (never an artifact). */
START_TEST(random_play_unit_actions_and_activation_M47_M73)
{
	static const char *const params[2] = {"map=2P-ring-street players=2 draft=none seed=3",
					      "map=4P-islands players=3 draft=none seed=4"};
	for (int g = 0; g < 2; g++) {
		fx f;
		fx_open(&f, params[g]);
		uint32_t seed = 11u + (uint32_t)g;
		int activations = 0, unit_actions = 0;
		for (int step = 0; step < 2500 && f.S->status == CRISK_STATUS_RUNNING; step++) {
			size_t n;
			uint64_t *all = legal_all(&f, &n);
			for (size_t i = 0; i < n; i++) {
				unsigned type = MQ_CODE_TYPE(all[i]), c = MQ_CODE_CARD(all[i]);
				ck_assert_msg(type >= MQ_A_CHANCE && type < MQ_A_COUNT, "type %u", type);
				if (type == MQ_A_ACTIVATE) {
					ck_assert(mq_is_unitlike(f.R, c));
					activations++;
				}
				if (unit_action_type(type)) {
					ck_assert_uint_eq(c, f.S->activated);
					unit_actions++;
				}
			}
			free(all);
			FX_OK(&f, random_action(&f, &seed));
		}
		ck_assert_int_gt(activations, 10);
		ck_assert_int_gt(unit_actions, 10);
		fx_close(&f);
	}
}
END_TEST

/* M-51: one pile per tile: no placement or move onto an occupied tile; boarding joins the ship's
 * pile, which stays the tile's only pile. */
START_TEST(one_pile_per_tile_M51)
{
	fx f;
	fx_arena(&f, ARENA);
	fx_put(&f, 0, "Recruit", 0, 4);
	unsigned h = fx_hand(&f, 0, "Recruit");
	f.S->seat[0].res = 3;
	uint64_t v[4];
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_PLAY, h, v, 4), 1);
	ck_assert_uint_eq(v[0], fx_play(h, FX_T(&f, 0, 5), FX_N, FX_N));
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), cog = fx_put(&f, 0, "Cog", 1, 1);
	fx_put(&f, 1, "Recruit", 4, 0);
	fx_put(&f, 0, "Barricade", 3, 1);
	FX_OK(&f, fx_activate(rc));
	FX_ILLEGAL(&f, fx_move(rc, FX_T(&f, 4, 0)));
	FX_ILLEGAL(&f, fx_move(rc, FX_T(&f, 3, 1)));
	FX_OK(&f, fx_move(rc, FX_T(&f, 1, 1)));
	ck_assert_uint_eq(mq_cocc(f.R, f.st)[fx_tile(&f, 1, 1)], cog);
	ck_assert_uint_eq(f.cs[rc].up, cog);
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 1, 1));
	ck_assert_uint_eq(f.cs[cog].up, MQ_NONE);
	/* Every tile: at most one base, and the occupancy names it. */
	for (int t = 0; t < f.R->ntile; t++) {
		int bases = 0;
		for (unsigned c = 0; c < f.R->ncard; c++)
			if (on_map(&f, c) && f.cs[c].up == MQ_NONE && f.cs[c].pos == t) {
				bases++;
				ck_assert_uint_eq(mq_cocc(f.R, f.st)[t], c);
			}
		ck_assert_int_le(bases, 1);
	}
	fx_close(&f);
}
END_TEST

/* M-56: a W x H grid; every tile has up to 8 neighbours at distance 1; a move of 1 reaches all 8
 * around in the open field, 3 in a corner. */
START_TEST(eight_neighbours_M56)
{
	fx f;
	fx_arena(&f, ARENA);
	ck_assert(f.R->w == 8 && f.R->h == 6 && f.R->ntile == 48);
	for (int t = 0; t < f.R->ntile; t++) {
		int x = t % 8, y = t / 8, want = 0, got = 0;
		ck_assert(f.R->tx[t] == x && f.R->ty[t] == y);
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++)
				want += (dx || dy) && x + dx >= 0 && x + dx < 8 && y + dy >= 0 && y + dy < 6;
		for (int u = 0; u < f.R->ntile; u++)
			got += mq_dist_tiles(f.R, t, u) == 1;
		ck_assert_int_eq(got, want);
		ck_assert_int_le(got, 8);
	}
	unsigned lb = fx_put(&f, 0, "Longbowman", 4, 1), corner = fx_put(&f, 0, "Longbowman", 7, 0);
	FX_OK(&f, fx_activate(lb));
	uint64_t v[16];
	size_t n = fx_legal_of(&f, MQ_A_MOVE, lb, v, 16);
	ck_assert_uint_eq(n, 8);
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			if (dx || dy)
				ck_assert(list_has(v, n, fx_move(lb, FX_T(&f, 4 + dx, 1 + dy))));
	FX_OK(&f, fx_finish(lb));
	FX_OK(&f, fx_activate(corner));
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_MOVE, corner, NULL, 0), 3);
	fx_close(&f);
}
END_TEST

/* M-61: moves, street moves and MOVE steps are declared by destination alone: one action per
 * reachable tile, whatever the number of paths, and no path in the code. */
START_TEST(declared_by_destination_M61)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned rc = fx_put(&f, 0, "Recruit", 3, 0), st = fx_put(&f, 0, "Recruit", 4, 3);
	unsigned fm = fx_hand(&f, 0, "Forced March");
	fx_hand(&f, 0, "Die!");
	f.S->seat[0].res = 1;
	FX_OK(&f, fx_activate(rc));
	uint64_t v[64];
	size_t n = fx_legal_of(&f, MQ_A_MOVE, rc, v, 64);
	ck_assert_uint_eq(n, 8); /* (2,1), (3,1), (4,0), (4,1), (5,0), (5,1), (3,2), (4,2) */
	for (size_t i = 0; i < n; i++) {
		ck_assert(MQ_CODE_B(v[i]) == FX_N && MQ_CODE_C(v[i]) == FX_N && MQ_CODE_AUX(v[i]) == 0);
		for (size_t k = 0; k < i; k++)
			ck_assert_uint_ne(MQ_CODE_A(v[i]), MQ_CODE_A(v[k]));
	}
	/* (5,0): via (4,0) or (4,1), one action. */
	int to50 = 0;
	for (size_t i = 0; i < n; i++)
		to50 += MQ_CODE_A(v[i]) == FX_T(&f, 5, 0);
	ck_assert_int_eq(to50, 1);
	FX_OK(&f, fx_finish(rc));
	FX_OK(&f, fx_activate(st));
	n = fx_legal_of(&f, MQ_A_MOVE, st, v, 64);
	int streets = 0;
	for (size_t i = 0; i < n; i++)
		if (MQ_CODE_AUX(v[i]) == 1) {
			streets++;
			for (size_t k = 0; k < i; k++)
				ck_assert(MQ_CODE_AUX(v[k]) != 1 || MQ_CODE_A(v[k]) != MQ_CODE_A(v[i]));
		}
	ck_assert_int_eq(streets, 3); /* (3,3), (5,3), (6,3) */
	FX_OK(&f, fx_finish(st));
	/* Forced March: one declaration per unit and tile. */
	ck_assert(fx_legal_has(&f, fx_spell(fm, rc, FX_T(&f, 5, 0))));
	size_t np = fx_legal_of(&f, MQ_A_PLAY, fm, v, 64);
	for (size_t i = 0; i < np && i < 64; i++)
		for (size_t k = 0; k < i; k++)
			ck_assert_uint_ne(v[i], v[k]);
	FX_OK(&f, fx_spell(fm, rc, FX_T(&f, 5, 0)));
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(mq_tile_of(f.R, f.st, rc), fx_tile(&f, 5, 0));
	fx_close(&f);
}
END_TEST

/* M-68: an ADD_MARK of any kind on an artifact does nothing; a solid artifact takes damage marks,
 * a plain one none; a permanent loses every mark when it leaves the map. */
START_TEST(marks_on_artifacts_M68)
{
	fx f;
	fx_arena_more(&f, TQ, tq_text);
	unsigned bar = fx_put(&f, 0, "Barricade", 3, 0), ban = fx_put(&f, 0, "Banner", 4, 0);
	unsigned sw = fx_put(&f, 0, "Sword", 5, 0);
	unsigned h1 = fx_hand(&f, 0, "Test Hex"), h2 = fx_hand(&f, 0, "Test Hex"), h3 = fx_hand(&f, 0, "Test Hex");
	unsigned die = fx_hand(&f, 0, "Die!");
	f.S->seat[0].res = 4;
	unsigned arts[3] = {bar, ban, sw}, hex[3] = {h1, h2, h3};
	for (int i = 0; i < 3; i++) {
		FX_OK(&f, fx_spell(hex[i], arts[i], FX_N));
		if (f.S->nstack)
			FX_OK(&f, fx_simple(MQ_A_PASS));
		ck_assert_int_eq(f.S->nstack, 0);
		for (int m = MQ_M_POISON; m < MQ_M_COUNT; m++)
			ck_assert_msg(mark(&f, arts[i], m) == 0, "artifact %d holds %d marks of kind %d", i,
				      mark(&f, arts[i], m), m);
	}
	ck_assert_int_eq(dmg(&f, bar), 1);
	ck_assert_int_eq(dmg(&f, ban), 0);
	ck_assert_int_eq(dmg(&f, sw), 0);
	unsigned sp = fx_put(&f, 1, "Spearman", 6, 2);
	for (int m = 0; m < MQ_M_COUNT; m++)
		f.cs[sp].mark[m] = 1;
	FX_OK(&f, fx_spell(die, sp, FX_N));
	ck_assert_int_eq(f.cs[sp].zone, MQ_Z_DISCARD);
	for (int m = 0; m < MQ_M_COUNT; m++)
		ck_assert_int_eq(mark(&f, sp, m), 0);
	fx_close(&f);
}
END_TEST

/* M-71: CONVERT reads the faith marks already on the target: 3 + 5 reach a Knight's buy cost 8,
 * 2 + 5 do not (ward and poison marks do not count). */
START_TEST(faith_read_by_convert_M71)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned m1 = fx_put(&f, 0, "Missionary", 3, 0), m2 = fx_put(&f, 0, "Missionary", 3, 2);
	unsigned ka = fx_put(&f, 1, "Knight", 5, 0), kb = fx_put(&f, 1, "Knight", 5, 2);
	f.cs[ka].mark[MQ_M_FAITH] = 3;
	f.cs[kb].mark[MQ_M_FAITH] = 2;
	f.cs[kb].mark[MQ_M_WARD] = 5;
	f.cs[kb].mark[MQ_M_POISON] = 1;
	FX_OK(&f, fx_activate(m1));
	FX_OK(&f, fx_full(m1, 0, ka, FX_N));
	ck_assert_int_eq(f.cs[ka].ctrl, 0);
	ck_assert_int_eq(mark(&f, ka, MQ_M_FAITH), 0);
	FX_OK(&f, fx_activate(m2));
	FX_OK(&f, fx_full(m2, 0, kb, FX_N));
	ck_assert_int_eq(f.cs[kb].ctrl, 1);
	ck_assert_int_eq(mark(&f, kb, MQ_M_FAITH), 7);
	fx_close(&f);
}
END_TEST

/* M-73: artifacts (static, upkeep and free abilities, equipment too) are never activated; their
 * free action is offered, the Banner's static applies and the Granary's upkeep gains 1. */
START_TEST(artifacts_never_activated_M73)
{
	fx f;
	fx_arena(&f, ARENA);
	unsigned sh = fx_put(&f, 0, "Shrine", 3, 0), ban = fx_put(&f, 0, "Banner", 5, 0);
	unsigned gr = fx_put(&f, 0, "Granary", 6, 2), bar = fx_put(&f, 0, "Barricade", 3, 2);
	unsigned sw = fx_put(&f, 0, "Sword", 6, 0);
	unsigned rc = fx_put(&f, 0, "Recruit", 4, 0);
	unsigned arts[5] = {sh, ban, gr, bar, sw};
	uint64_t v[4];
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_ACTIVATE, MQ_NOCARD, v, 4), 1);
	ck_assert_uint_eq(v[0], fx_activate(rc));
	for (int i = 0; i < 5; i++) {
		ck_assert(mq_def(f.R, arts[i])->health == MQD_NONE && mq_def(f.R, arts[i])->move == MQD_NONE);
		FX_ILLEGAL(&f, fx_activate(arts[i]));
	}
	ck_assert(fx_legal_has(&f, mq_code(MQ_A_FREE, sh, 0, FX_N, rc, FX_N)));
	ck_assert_int_eq(mq_stat(f.R, f.st, rc, MQD_STAT_ATTACK), 2);
	int r0 = res(&f, 0);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 0, MQ_DP_UPKEEP, 0, 1); /* the Granary's trigger executed before the payment */
	ck_assert_int_eq(res(&f, 0), r0 + 3 + 1);
	FX_OK(&f, fx_simple(MQ_A_PAY));
	fx_at_dp4(&f, 0);
	ck_assert_uint_eq(fx_legal_of(&f, MQ_A_ACTIVATE, MQ_NOCARD, NULL, 0), 1);
	fx_close(&f);
}
END_TEST

/* M-84: each map has one win condition (capture, king, resource, kraken); the
 * others never win there; concede and the round limit end games on every map. */
START_TEST(one_win_line_per_map_M84)
{
	static const struct {
		const char *map;
		int win, n;
	} maps[3] = {{"2P-ring-street", MQD_WIN_CAPTURE, 2}, {"2P-river-king", MQD_WIN_KING, 0},
		     {"4P-islands", MQD_WIN_RESOURCE, 60}};
	char p[160];
	for (int i = 0; i < 3; i++) {
		fx f;
		snprintf(p, sizeof p, "map=%s players=2 draft=none seed=1", maps[i].map);
		fx_open(&f, p);
		ck_assert_int_eq(f.R->map->win, maps[i].win);
		if (maps[i].n)
			ck_assert_int_eq(f.R->map->win_n, maps[i].n);
		FX_OK(&f, fx_simple(MQ_A_CONCEDE));
		ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
		ck_assert_int_eq(f.S->winner, 1);
		fx_close(&f);
		snprintf(p, sizeof p, "map=%s players=2 draft=none seed=1 limit=1", maps[i].map);
		fx_open(&f, p);
		fx_run_to_end(&f, 3);
		ck_assert_int_eq(f.S->status, CRISK_STATUS_ENDED);
		ck_assert_int_eq(f.S->winner, -1);
		fx_close(&f);
	}
	/* The Kraken map: win kraken 15, seat K after the human seats (M-17 step 1, M-102). */
	fx f;
	fx_open(&f, "map=the-kraken players=2 draft=none seed=1");
	ck_assert_int_eq(f.R->map->win, MQD_WIN_KRAKEN);
	ck_assert_int_eq(f.R->map->win_n, 15);
	ck_assert_int_eq(f.R->limit, 15);
	ck_assert_int_eq(f.R->seats, 3);
	ck_assert_int_eq(f.R->kseat, 2);
	fx_close(&f);
	/* A King map: any amount of resource wins nothing. */
	fx_arena(&f, "map=2P-river-king players=2 draft=none seed=1");
	f.S->seat[0].res = 500;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_UPKEEP, 1, 0);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	fx_close(&f);
	/* A capture map: holding both areas wins; resource does not. */
	fx_arena(&f, "map=tt-capture players=2 draft=none seed=1");
	f.S->seat[1].res = 500;
	fx_put(&f, 0, "Recruit", 3, 1);
	fx_put(&f, 0, "Recruit", 5, 5);
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 0);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	fx_run_to_end(&f, 3);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	fx_close(&f);
}
END_TEST

/* M-90: when only one seat remains it wins at once, in the middle of another seat's turn. */
START_TEST(last_seat_wins_at_once_M90)
{
	fx f;
	fx_arena(&f, "map=4P-islands players=3 draft=none seed=1");
	fx_hand(&f, 1, "Tax Collection");
	fx_hand(&f, 2, "Tax Collection");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 1 && f.S->active == 0);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert(f.S->seat[1].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	ck_assert(f.S->dp == MQ_DP_PRIORITY && f.S->cur == 2 && f.S->active == 0);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	ck_assert_int_eq(f.S->turn, 1);
	fx_close(&f);
}
END_TEST

/* Makes seat 0 broken on the arena (M-88): seat 1's permanents on its spawns and on the deep
 * tiles next to its harbor. */
static void break_seat0(fx *f)
{
	static const int at[7][2] = {{0, 4}, {0, 5}, {1, 0}, {2, 0}, {1, 1}, {1, 2}, {2, 2}};
	static const char *const what[7] = {"Recruit", "Recruit", "Cog", "Cog", "Cog", "Giant Crab", "Giant Crab"};
	for (int i = 0; i < 7; i++)
		fx_put(f, 1, what[i], at[i][0], at[i][1]);
	ck_assert(mq_broken(f->R, f->st, 0));
}

/* M-91 order: the active seat's resource win (1) comes before the broken check (3); a resource
 * win and an elimination (3) come before the round limit's draw (4). */
START_TEST(end_of_turn_checks_order_M91)
{
	fx f;
	/* 1 before 3: P1 is broken and has 99 at the end of its turn: it wins. */
	fx_arena(&f, ARENA);
	break_seat0(&f);
	f.S->seat[0].res = 99;
	FX_OK(&f, fx_simple(MQ_A_PASS));
	if (f.S->dp == MQ_DP_BUY)
		FX_OK(&f, fx_simple(MQ_A_DONE));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0);
	fx_close(&f);
	/* 1 before 4: P2 reaches 99 in the round limit's last turn: a win, not a draw. */
	fx_arena(&f, "map=tt-arena players=2 draft=none seed=1 limit=1");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 0);
	f.S->seat[1].res = 99;
	fx_run_to_end(&f, 3);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	fx_close(&f);
	/* 3 before 4: P1 is broken at the end of the round's last turn: P2 wins, not a draw. */
	fx_arena(&f, "map=tt-arena players=2 draft=none seed=1 limit=1");
	FX_OK(&f, fx_simple(MQ_A_PASS));
	fx_run(&f, 1, MQ_DP_PRIORITY, 1, 0);
	break_seat0(&f);
	ck_assert(!f.S->seat[0].out); /* only at the end of the turn */
	fx_run_to_end(&f, 3);
	ck_assert(f.S->seat[0].out);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 1);
	fx_close(&f);
}
END_TEST


static Suite *rules_suite(void)
{
	Suite *s = suite_create("mq_rules");
	TCase *tc = tcase_create("scenarios");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, fixture_arena_is_test_arena);
	tcase_add_test(tc, tt6_pile_addition_M63);
	tcase_add_test(tc, tower_adds_range_to_ranged_entries_M63);
	tcase_add_test(tc, tt7_ranged_vs_melee_d2_M64);
	tcase_add_test(tc, tt7_ranged_vs_melee_d1_M64);
	tcase_add_test(tc, tt8_tower_archer_M63);
	tcase_add_test(tc, tt8_house_M62);
	tcase_add_test(tc, tt9_charge_and_brace_M64);
	tcase_add_test(tc, tt9_no_charge_without_move_M64);
	tcase_add_test(tc, tt10_plunder_no_retaliation_M64);
	tcase_add_test(tc, tt11_ship_board_profile_attack_M67);
	tcase_add_test(tc, tt11_die_drops_crew_M54);
	tcase_add_test(tc, tt11_die_full_tiles_destroys_crew_M54);
	tcase_add_test(tc, tt12_ward_pipeline_M65);
	tcase_add_test(tc, tt12_crab_armor_keeps_ward_M65);
	tcase_add_test(tc, tt12_crab_fireball_M65);
	tcase_add_test(tc, armor_before_ward_M65);
	tcase_add_test(tc, tt13_poison_on_activation_M69);
	tcase_add_test(tc, poison_equal_to_health_survives_M69);
	tcase_add_test(tc, boss_immune_to_poison_death_M69);
	tcase_add_test(tc, tt14_venom_over_time_M69);
	tcase_add_test(tc, tt14_healer_cures_poison_M106);
	tcase_add_test(tc, tt14_ward_blocks_venom_M64);
	tcase_add_test(tc, tt15_shake_off_then_attack_M50);
	tcase_add_test(tc, tt15_shake_off_spends_full_M50);
	tcase_add_test(tc, tt15_two_marks_M50);
	tcase_add_test(tc, tt16_scrap_M30);
	tcase_add_test(tc, tt17_upkeep_choice_M31);
	tcase_add_test(tc, tt17_sword_drops_after_release_M54);
	tcase_add_test(tc, drop_costs_durability_M54);
	tcase_add_test(tc, tt17_second_drop_destroys_sword_M54);
	tcase_add_test(tc, tt18_pending_equipment_attaches_M78);
	tcase_add_test(tc, tt18_pending_discarded_at_cleanup_M78);
	tcase_add_test(tc, tt19_response_on_stack_M37);
	tcase_add_test(tc, priority_cycle_M37);
	tcase_add_test(tc, auto_pass_without_spells_M38);
	tcase_add_test(tc, no_auto_pass_with_spell_M38);
	tcase_add_test(tc, auto_pass_empty_action_phase_M38);
	tcase_add_test(tc, draw_reshuffles_discard_M9);
	tcase_add_test(tc, draw_from_nothing_M9);
	tcase_add_test(tc, one_buy_per_turn_M32);
	tcase_add_test(tc, tt20_missionary_first_use_and_release_M72);
	tcase_add_test(tc, tt20_missionary_second_use_converts_M72);
	tcase_add_test(tc, tt20_conversion_thresholds_M72);
	tcase_add_test(tc, conversion_takes_equipment_M72);
	tcase_add_test(tc, conversion_drops_crew_M72);
	tcase_add_test(tc, equip_passes_control_M79);
	tcase_add_test(tc, simultaneous_destruction_M41);
	tcase_add_test(tc, placement_tiles_M53);
	tcase_add_test(tc, no_moving_through_permanents_M59);
	tcase_add_test(tc, attack_legality_M62);
	tcase_add_test(tc, tt21_quick_start_first_turns_M26);
	tcase_add_test(tc, tt22_pile_draft_two_seats_M21);
	tcase_add_test(tc, tt22_pile_draft_four_seats_M21);
	tcase_add_test(tc, tt23_pack_draft_M22);
	tcase_add_test(tc, tt23_pack_format_validity_M22);
	tcase_add_test(tc, tt24_capture_timing_M86);
	tcase_add_test(tc, capture_counts_crew_M86);
	tcase_add_test(tc, capture_ignores_bosses_and_artifacts_M86);
	tcase_add_test(tc, capture_tie_holds_nothing_M86);
	tcase_add_test(tc, tt25_king_killed_in_combat_M85);
	tcase_add_test(tc, tt25_die_on_king_M85);
	tcase_add_test(tc, concede_eliminates_M89);
	tcase_add_test(tc, concede_three_seats_M89);
	tcase_add_test(tc, round_limit_draw_M91);
	tcase_add_test(tc, attack_fizzles_out_of_range_M40);
	tcase_add_test(tc, spell_fizzles_M40);
	tcase_add_test(tc, free_action_response_M35);
	tcase_add_test(tc, activation_exclusive_M43);
	tcase_add_test(tc, street_move_then_move_then_attack_M46);
	tcase_add_test(tc, crew_disembarks_M48);
	tcase_add_test(tc, ship_with_crew_cannot_board_M67);
	tcase_add_test(tc, pile_keywords_base_only_M64);
	tcase_add_test(tc, defender_venom_and_plunder_M64);
	tcase_add_test(tc, tapped_paralysed_retaliate_M64);
	tcase_add_test(tc, pending_limit_two_M78);
	tcase_add_test(tc, equip_limit_two_M77);
	tcase_add_test(tc, boss_not_a_unit_target_M80);
	tcase_add_test(tc, wall_attack_M82);
	tcase_add_test(tc, broken_seat_eliminated_M88);
	tcase_add_test(tc, resource_win_own_turn_M87);
	tcase_add_test(tc, upkeep_triggers_M39);
	tcase_add_test(tc, refill_keeps_big_hand_M26);
	tcase_add_test(tc, scrap_times_and_crew_release_M30);
	tcase_add_test(tc, playable_needs_resource_M44);
	tcase_add_test(tc, carry_M74);
	tcase_add_test(tc, switch_M75);
	tcase_add_test(tc, converted_unit_upkeep_and_owner_M7);
	tcase_add_test(tc, buff_ends_at_end_of_turn_M106);
	tcase_add_test(tc, pillage_steal_stops_at_zero_M106);
	tcase_add_test(tc, forced_march_moves_crew_out_M106);
	tcase_add_test(tc, fireball_near_M104);
	tcase_add_test(tc, slow_actions_timing_M34);
	tcase_add_test(tc, shake_off_with_full_M50);
	tcase_add_test(tc, no_brace_without_retaliation_M64);
	tcase_add_test(tc, ward_does_not_stop_destroy_M70);
	tcase_add_test(tc, solid_artifact_destroyed_M76);
	tcase_add_test(tc, broken_harbor_clause_M88);
	tcase_add_test(tc, quick_start_setup_and_cleanup_M24);
	tcase_add_test(tc, no_auto_pass_with_payable_free_action_M38);
	tcase_add_test(tc, regenerate_at_upkeep_M39);
	tcase_add_test(tc, buy_none_never_converts_M72);
	tcase_add_test(tc, scrap_with_priority_M30);
	tcase_add_test(tc, no_boarding_enemy_ship_M67);
	tcase_add_test(tc, king_released_eliminates_M85);
	tcase_add_test(tc, both_kings_die_draw_M90);
	tcase_add_test(tc, paralysed_crew_adds_attack_M50);
	tcase_add_test(tc, moved_by_effect_no_poison_M69);
	tcase_add_test(tc, street_move_rechecked_M60);
	tcase_add_test(tc, crew_may_carry_M48);
	tcase_add_test(tc, carry_may_board_M74);
	tcase_add_test(tc, concede_then_round_limit_M91);
	tcase_add_test(tc, triggers_beyond_stack_depth_removed_M39);
	tcase_add_test(tc, buff_end_destroys_before_next_turn_M66);
	tcase_add_test(tc, absent_seats_tiles_plain_M17);
	tcase_add_test(tc, card_id_order_M5);
	tcase_add_test(tc, parameters_checked_M16);
	tcase_add_test(tc, replay_identical_M4);
	tcase_add_test(tc, switch_terrain_M75);
	tcase_add_test(tc, concede_owner_and_controller_M89);
	tcase_add_test(tc, concede_everywhere_DP10);
	tcase_add_test(tc, dropped_member_keeps_pile_marks_tap_M54);
	tcase_add_test(tc, unlisted_action_refused_unchanged_M1);
	tcase_add_test(tc, card_text_overrides_rules_M2);
	tcase_add_test(tc, allied_enemy_competitive_M3);
	tcase_add_test(tc, card_fields_M10);
	tcase_add_test(tc, play_cost_none_and_paid_on_declaration_M13);
	tcase_add_test(tc, effective_stat_floors_M14);
	tcase_add_test(tc, no_attack_ignores_attack_modifiers_M14);
	tcase_add_test(tc, spell_to_discard_after_execution_M15);
	tcase_add_test(tc, setup_order_M17);
	tcase_add_test(tc, absent_seat_four_plain_M17);
	tcase_add_test(tc, placed_cards_untapped_to_exile_M18);
	tcase_add_test(tc, draft_modes_M19);
	tcase_add_test(tc, draft_removed_cards_out_M23);
	tcase_add_test(tc, resource_and_hand_carry_over_M27);
	tcase_add_test(tc, base_gain_at_upkeep_M29);
	tcase_add_test(tc, illegal_declaration_changes_nothing_M33);
	tcase_add_test(tc, stack_last_in_first_out_M36);
	tcase_add_test(tc, single_tile_drop_automatic_M38);
	tcase_add_test(tc, empty_steps_skipped_M38);
	tcase_add_test(tc, played_permanent_activates_at_once_M45);
	tcase_add_test(tc, unit_actions_listed_M47);
	tcase_add_test(tc, random_play_unit_actions_and_activation_M47_M73);
	tcase_add_test(tc, one_pile_per_tile_M51);
	tcase_add_test(tc, eight_neighbours_M56);
	tcase_add_test(tc, declared_by_destination_M61);
	tcase_add_test(tc, marks_on_artifacts_M68);
	tcase_add_test(tc, faith_read_by_convert_M71);
	tcase_add_test(tc, artifacts_never_activated_M73);
	tcase_add_test(tc, one_win_line_per_map_M84);
	tcase_add_test(tc, last_seat_wins_at_once_M90);
	tcase_add_test(tc, end_of_turn_checks_order_M91);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(rules_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
