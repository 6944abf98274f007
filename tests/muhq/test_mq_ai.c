/* muhq's unit AI and AI-played seats (rules/muhq.md §21, M-92..M-98, and the
 * option `ai`): scenario tests on positions built with the fixture
 * (mq_fixture.h).  Seat 1 is played by the AI (ai=1) and seat 0 is human;
 * with chance=explicit every pick of the AI is a chance point whose k is
 * the number of tied candidates, so each test sees what ties and chooses.
 * Seat 0 holds a spell, so it gets priority after each AI declaration and
 * the test reads the AI's item on top of the stack (M-37). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/game.h"
#include "catanrisk/rules.h"
#include "mq_fixture.h"
#include "muhq/geom.h"

/* Test cards, a store and maps of this file (loaded after fx_text). */
static const char ai_text[] =
	"| tt | Spawn Seeker | unit | 1 | 1 | 0 | 5 | 2 | 1 | 1 | - | - | target-oriented spawn |\n"
	"| tt | Aide | unit | 1 | 1 | 0 | 5 | 2 | 1 | 1 | - | - | supportive |\n"
	"| tt | Tower Seeker | unit | 1 | 1 | 0 | 5 | 2 | 1 | 2 | - | - | target-oriented tower |\n"
	"store tt-ai: Recruit x4, Farmer x2, Spearman x2, Scout x2, Archer x3, Longbowman, Knight x3, Healer x2, "
	"Mage x2, Assassin, Swordsman, Cog x2, Die! x2, Mend x3, Barricade x6, Shrine, Pawn 1R2 x2, Test Boss, "
	"Spawn Seeker x2, Aide, Tower Seeker, Sword\n"
	"# test-arena (31.1) with the store tt-ai\n"
	"map tt-ai-arena\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-ai\n"
	"win resource 99\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n"
	"# an open 9x9 plain field: distances and path costs without terrain\n"
	"map tt-ai-open\n"
	"players 2\n"
	"size 9 9\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-ai\n"
	"win resource 99\n"
	"grid\n"
	".........\n"
	".........\n"
	".........\n"
	".........\n"
	"1.......2\n"
	".........\n"
	".........\n"
	".........\n"
	".........\n"
	"end\n"
	"# a wall at (2,0)\n"
	"map tt-ai-wall\n"
	"players 2\n"
	"size 5 3\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-ai\n"
	"win resource 99\n"
	"grid\n"
	"1.#..\n"
	".....\n"
	"1...2\n"
	"end\n";

#define ARENA "map=tt-ai-arena players=2 draft=none seed=1 ai=1 chance=explicit"
#define OPEN "map=tt-ai-open players=2 draft=none seed=1 ai=1 chance=explicit"
#define WALL "map=tt-ai-wall players=2 draft=none seed=1 ai=1 chance=explicit"

#define CH(v) ((uint64_t)MQ_A_CHANCE << 56 | (uint64_t)(v))

/* The game at seat 0's DP-4 of round 1: hands empty, seat 1 (the AI) has no
 * deck and no discard pile (it draws nothing), seat 0 holds a Mend. */
static void ai_open(fx *f, const char *params)
{
	fx_open_more(f, params, ai_text);
	for (int i = 0; i < 100 && f->S->dp == MQ_DP_CHANCE; i++) /* the set-up shuffles */
		FX_OK(f, CH(0));
	fx_at_dp4(f, 0);
	fx_empty_hand(f, 0);
	fx_empty_hand(f, 1);
	for (uint32_t c = 0; c < f->R->ncard; c++)
		if (f->cs[c].ctrl == 1 && (f->cs[c].zone == MQ_Z_DECK || f->cs[c].zone == MQ_Z_DISCARD))
			mq_set_zone(f->R, f->st, c, MQ_Z_OUT);
	fx_hand(f, 0, "Mend");
}

/* Seat 0 ends its turn (passes, buys nothing, discards nothing); the game
 * goes on into the AI's turn up to its first chance point or declaration. */
static void to_ai_turn(fx *f)
{
	fx_at_dp4(f, 0);
	FX_OK(f, fx_simple(MQ_A_PASS));
	for (int i = 0; i < 50 && f->S->active == 0 && f->S->status == CRISK_STATUS_RUNNING; i++) {
		int dp = f->S->dp;
		ck_assert_msg(f->S->cur == 0, "seat %d decides in seat 0's turn (dp %d)", f->S->cur, dp);
		if (dp == MQ_DP_BUY || dp == MQ_DP_CLEANUP)
			FX_OK(f, fx_simple(MQ_A_DONE));
		else if (dp == MQ_DP_PRIORITY)
			FX_OK(f, fx_simple(MQ_A_PASS));
		else
			ck_abort_msg("dp %d in seat 0's turn", dp);
	}
	ck_assert_int_eq(f->S->active, 1);
}

/* After the AI passes in its own action phase, seat 0 gets priority on an empty stack (M-37.4):
 * it passes too. */
static void skip_idle(fx *f)
{
	for (int i = 0; i < 8 && f->S->status == CRISK_STATUS_RUNNING && f->S->dp == MQ_DP_PRIORITY && f->S->cur == 0 &&
			f->S->active == 1 && f->S->nstack == 0;
	     i++)
		FX_OK(f, fx_simple(MQ_A_PASS));
}

/* The AI waits at a pick of k outcomes. */
static void expect_chance(fx *f, unsigned k)
{
	skip_idle(f);
	ck_assert_msg(f->S->status == CRISK_STATUS_RUNNING, "the game is over");
	ck_assert_msg(f->S->dp == MQ_DP_CHANCE, "no chance point (dp %d cur %d, stack %d): expected a pick of %u", f->S->dp,
		      f->S->cur, f->S->nstack, k);
	ck_assert_msg(f->S->chance_k == k, "the pick has %u outcomes, expected %u", f->S->chance_k, k);
}

/* The AI's declaration on top of the stack while seat 0 holds priority (M-37). */
static mq_item ai_item(const fx *f)
{
	const mq_state *S = f->S;
	ck_assert_msg(S->status == CRISK_STATUS_RUNNING, "the game is over");
	ck_assert_msg(S->dp == MQ_DP_PRIORITY && S->cur == 0 && S->active == 1 && S->nstack > 0,
		      "no AI declaration waits: dp %d cur %d active %d stack %d (chance_k %u)", S->dp, S->cur, S->active,
		      S->nstack, S->chance_k);
	mq_item it = S->stack[S->nstack - 1];
	ck_assert_int_eq(it.ctrl, 1);
	return it;
}

/* Seat 0 passes: the AI's item executes and the AI goes on. */
static void resolve(fx *f)
{
	(void)ai_item(f);
	FX_OK(f, fx_simple(MQ_A_PASS));
}

/* Answers chance points with 0 and lets every AI item execute until seat 0's next turn. */
static void run_ai_turn(fx *f)
{
	for (int i = 0; i < 1000; i++) {
		mq_state *S = f->S;
		ck_assert_msg(S->status == CRISK_STATUS_RUNNING, "the game ended");
		if (S->active == 0)
			return;
		if (S->dp == MQ_DP_CHANCE)
			FX_OK(f, CH(0));
		else if (S->dp == MQ_DP_PRIORITY && S->cur == 0)
			FX_OK(f, fx_simple(MQ_A_PASS));
		else
			ck_abort_msg("unexpected decision in the AI's turn: dp %d cur %d", S->dp, S->cur);
	}
	ck_abort_msg("the AI's turn does not end");
}

typedef struct decl {
	int kind, src, aux, a, b, c;
} decl;

/* The declarations of seat since event seq `from` (MQ_EV_DECLARE), up to cap. */
static int declares(const fx *f, uint64_t from, int seat, decl *out, int cap)
{
	int n = 0;
	for (uint64_t s = from; s < f->log.next; s++) {
		const ev *e = &f->ring[s % f->log.cap];
		if (e->seq != s || e->type != MQ_EV_DECLARE || e->seat != seat)
			continue;
		if (n < cap)
			out[n] = (decl){e->args[0], e->args[1], e->args[2], e->args[3], e->args[4], e->args[5]};
		n++;
	}
	return n;
}

/* How many declarations of kind seat made for card src (-1: any) since `from`. */
static int count_decl(const fx *f, uint64_t from, int seat, int kind, int src)
{
	decl d[256];
	int n = declares(f, from, seat, d, 256), k = 0;
	for (int i = 0; i < n && i < 256; i++)
		k += d[i].kind == kind && (src < 0 || d[i].src == src);
	return k;
}

/* Events of type by seat since `from`: their a0 into out, the count returned. */
static int events_a0(const fx *f, uint64_t from, int type, int seat, int *out, int cap)
{
	int n = 0;
	for (uint64_t s = from; s < f->log.next; s++) {
		const ev *e = &f->ring[s % f->log.cap];
		if (e->seq != s || e->type != type || e->seat != seat)
			continue;
		if (n < cap)
			out[n] = e->args[0];
		n++;
	}
	return n;
}

/* The tiles the normal move of u reaches (M-61), ascending: the count. */
static int reach(const fx *f, unsigned u, int *tiles)
{
	uint8_t cost[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
	mq_move_reach(f->R, f->st, u, mq_stat(f->R, f->st, u, MQD_STAT_MOVE), 0, -1, 1, cost);
	int n = 0;
	for (int t = 0; t < f->R->ntile; t++)
		if (cost[t] != MQ_UNREACHED)
			tiles[n++] = t;
	return n;
}

static int index_of(const int *tiles, int n, int t)
{
	for (int i = 0; i < n; i++)
		if (tiles[i] == t)
			return i;
	return -1;
}

static int tile_of(const fx *f, unsigned c)
{
	return mq_tile_of(f->R, f->st, c);
}

/* ================= M-92 helpers ================= */

/* M-92 enemy target: the AI never attacks artifacts.  An AI Recruit stands next to an enemy
 * Barricade (a legal attack target, M-62/M-76) while an enemy unit is far away: it moves toward the
 * unit and never attacks the Barricade. */
START_TEST(never_attacks_artifacts_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned rc = fx_put(&f, 1, "Recruit", 6, 0);
	unsigned bar = fx_put(&f, 0, "Barricade", 7, 0);
	fx_put(&f, 0, "Recruit", 1, 5);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_ATTACK, -1), 0);
	ck_assert_int_eq(f.cs[bar].mark[MQ_M_DAMAGE], 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)rc), 1);
	fx_close(&f);
}
END_TEST

/* M-92, M-82: AI units never attack walls.  An AI Recruit next to a wall, no enemy unit: it wanders. */
START_TEST(never_attacks_walls_M92)
{
	fx f;
	ai_open(&f, WALL);
	unsigned rc = fx_put(&f, 1, "Recruit", 3, 0);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_ATTACK, -1), 0);
	ck_assert_int_eq(mq_cwalls(f.R, f.st)[0], 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)rc), 1);
	fx_close(&f);
}
END_TEST

/* M-92 enemy target: not a unit in a pile.  An enemy Cog on (2,2) carries an enemy Recruit; the
 * only enemy target is the Cog, so "nearest" has no tie (no pick), the AI Recruit moves to (3,1),
 * the cheapest tile next to the Cog, and attacks the Cog, never its crew. */
START_TEST(pile_member_not_a_target_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned cog = fx_put(&f, 0, "Cog", 2, 2);
	unsigned crew = fx_join_new(&f, 0, "Recruit", cog);
	unsigned rc = fx_put(&f, 1, "Recruit", 4, 0);
	to_ai_turn(&f);
	mq_item it = ai_item(&f); /* no chance point: nothing tied */
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, rc);
	ck_assert_int_eq(it.a, FX_T(&f, 3, 1));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, cog);
	ck_assert_int_ne(it.a, crew);
	fx_close(&f);
}
END_TEST

/* M-92 threatened, M-94 step 1: an enemy Archer (2R2) at d = 3 does not threaten the AI Mage, so
 * the Mage uses its full action (paralysis) on it. */
START_TEST(not_threatened_out_of_range_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 7, 0);
	unsigned ar = fx_put(&f, 0, "Archer", 4, 0);
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_FULL);
	ck_assert_int_eq(it.src, mage);
	ck_assert_int_eq(it.b, ar);
	fx_close(&f);
}
END_TEST

/* M-92 threatened uses the enemy's maximum range: the Archer on the Tower (5,1) has range 3
 * (M-63) and d to the Mage on (7,3) is 3, so the shy Mage never uses its full action. */
START_TEST(threatened_by_tower_range_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 7, 3);
	fx_put(&f, 0, "Archer", 5, 1);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_FULL, (int)mage), 0);
	fx_close(&f);
}
END_TEST

/* M-92 threatened and the House rule: the AI Mage on the House (5,2) can be attacked only from
 * d = 1, so a Longbowman (2R3) at d = 2 does not threaten it: it uses its full action. */
START_TEST(not_threatened_on_house_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 5, 2);
	unsigned lb = fx_put(&f, 0, "Longbowman", 5, 0);
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_FULL);
	ck_assert_int_eq(it.src, mage);
	ck_assert_int_eq(it.b, lb);
	fx_close(&f);
}
END_TEST

/* M-92 threatened ignores allowances: a tapped enemy Archer that spent everything, at d = 2,
 * still threatens the Mage, which never uses its full action. */
START_TEST(threatened_ignores_allowances_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 7, 0);
	unsigned ar = fx_put(&f, 0, "Archer", 5, 0);
	f.cs[ar].flags |= MQ_F_TAPPED | MQ_F_ALLOW;
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_FULL, (int)mage), 0);
	fx_close(&f);
}
END_TEST

/* M-92 nearest: two enemies tie at d = 4 from the AI Recruit on (4,0): one pick of k = 2 in
 * canonical order (M-5: by tile, not card id).  E1 on (2,3) comes first although it has the
 * larger card id; outcome 0 takes E1 and the Recruit moves into range of it, to (3,2); outcome 1
 * takes E2 on (6,3) and the Recruit moves to (5,2).  M-93 step 2, with the MQ_EV_AI event. */
START_TEST(nearest_tie_picked_canonically_M92)
{
	for (unsigned v = 0; v < 2; v++) {
		fx f;
		ai_open(&f, ARENA);
		unsigned rc = fx_put(&f, 1, "Recruit", 4, 0);
		unsigned e2 = fx_put(&f, 0, "Recruit", 6, 3);
		unsigned e1 = fx_put(&f, 0, "Recruit", 2, 3);
		ck_assert_uint_lt(e2, e1);
		uint64_t from = f.log.next;
		to_ai_turn(&f);
		expect_chance(&f, 2);
		FX_OK(&f, CH(v));
		mq_item it = ai_item(&f);
		ck_assert_int_eq(it.kind, MQ_I_MOVE);
		ck_assert_int_eq(it.src, rc);
		ck_assert_int_eq(it.aux, 0);
		ck_assert_msg(it.a == (v == 0 ? FX_T(&f, 3, 2) : FX_T(&f, 5, 2)), "outcome %u: moved to tile %u", v,
			      MQ_T_VAL(it.a));
		/* The AI announced the step: aggressive, step 2. */
		int found = 0;
		for (uint64_t s = from; s < f.log.next; s++) {
			const ev *e = &f.ring[s % f.log.cap];
			if (e->seq == s && e->type == MQ_EV_AI && e->seat == 1 && e->args[0] == (int)rc) {
				ck_assert_int_eq(e->args[1], MQD_AI_AGGRESSIVE);
				ck_assert_int_eq(e->args[2], 2);
				found = 1;
			}
		}
		ck_assert_msg(found, "no MQ_EV_AI event for the Recruit");
		resolve(&f);
		it = ai_item(&f); /* M-93: back to step 1, attack */
		ck_assert_int_eq(it.kind, MQ_I_ATTACK);
		ck_assert_int_eq(it.a, v == 0 ? e1 : e2);
		fx_close(&f);
	}
}
END_TEST

/* M-92 move toward: no move when no destination is closer.  The AI Recruit on (3,1) has its
 * only enemy, a Cog, on (0,1) at d = 3; its own Barricade blocks the harbor (2,1), and every
 * reachable tile is at d >= 3: it does not move (and cannot attack). */
START_TEST(move_toward_not_closer_stays_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned rc = fx_put(&f, 1, "Recruit", 3, 1);
	fx_put(&f, 1, "Barricade", 2, 1);
	fx_put(&f, 0, "Cog", 0, 1);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)rc), 0);
	ck_assert_int_eq(tile_of(&f, rc), fx_tile(&f, 3, 1));
	ck_assert(f.cs[rc].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST

/* M-92 move toward, M-97 step 2: the supportive Healer on (0,0) moves toward its ally on (2,0).
 * The closest destinations (d = 1) are (1,0) and (1,1) at cost 1 and (2,1) at cost 2: only the
 * cheapest two are picked from (k = 2); outcome 1 is (1,1). */
START_TEST(move_toward_cheapest_then_pick_M92)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned he = fx_put(&f, 1, "Healer", 0, 0);
	fx_put(&f, 1, "Recruit", 2, 0);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(1));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, he);
	ck_assert_int_eq(it.a, FX_T(&f, 1, 1));
	fx_close(&f);
}
END_TEST

/* M-92 full action only when useful, M-97: the Healer's full action on an undamaged, unpoisoned
 * ally changes nothing, so it is never declared; the ally is adjacent already, so the Healer does
 * not move either (move toward: not closer).  It just finishes. */
START_TEST(useless_full_action_never_declared_M92)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned he = fx_put(&f, 1, "Healer", 0, 0);
	fx_put(&f, 1, "Recruit", 1, 1);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_FULL, (int)he), 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)he), 0);
	ck_assert(f.cs[he].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST

/* M-92 full action possible, targets among the useful declarations, M-97 step 1: of two allies in
 * range 2 only the damaged one is a useful target: no pick, the Healer heals it. */
START_TEST(full_action_targets_useful_only_M92)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned he = fx_put(&f, 1, "Healer", 0, 0);
	fx_put(&f, 1, "Recruit", 1, 0);
	unsigned hurt = fx_put(&f, 1, "Recruit", 0, 2);
	f.cs[hurt].mark[MQ_M_DAMAGE] = 1;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_FULL);
	ck_assert_int_eq(it.src, he);
	ck_assert_int_eq(it.b, hurt);
	resolve(&f);
	ck_assert_int_eq(f.cs[hurt].mark[MQ_M_DAMAGE], 0);
	fx_close(&f);
}
END_TEST

/* M-92 full action targets are picked among the useful declarations in canonical order (M-4, M-5):
 * the Mage on (7,0) has two enemies in range 3, the one on (5,0) first by tile although the one
 * on (6,2) has the smaller card id: k = 2, outcome 0 paralyses the enemy on (5,0). */
START_TEST(full_action_target_picked_canonically_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 7, 0);
	unsigned eb = fx_put(&f, 0, "Recruit", 6, 2);
	unsigned ea = fx_put(&f, 0, "Recruit", 5, 0);
	ck_assert_uint_lt(eb, ea);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_FULL);
	ck_assert_int_eq(it.src, mage);
	ck_assert_msg(it.b == ea, "paralysed card %u, expected %u on (5,0), the first by tile", it.b, ea);
	fx_close(&f);
}
END_TEST

/* M-92 move into range, M-93 and the '-' tag: a Pawn 1R2 (tag '-', runs aggressive) on (0,0) and
 * an enemy on (3,0).  The destinations that let it attack at d <= 2 are (1,0), (1,1) at cost 1 and
 * (2,0), (2,1) at cost 2: the cheapest two are picked from (k = 2), and outcome 0 is (1,0) (not the
 * closest tile, which "move toward" would take).  Then it attacks at d = 2. */
START_TEST(move_into_range_cheapest_M92)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned pw = fx_put(&f, 1, "Pawn 1R2", 0, 0);
	unsigned en = fx_put(&f, 0, "Recruit", 3, 0);
	ck_assert_int_eq(mq_def(f.R, pw)->ai, MQD_AI_NONE);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, pw);
	ck_assert_int_eq(it.a, FX_T(&f, 1, 0));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* M-92 move into range and the House rule (M-62): the enemy stands on the House (5,2), d = 2 from
 * the Pawn 1R2 on (5,0): it cannot attack from there, so it moves next to the House, to one of the
 * cost-1 tiles (4,1), (5,1), (6,1) (k = 3); outcome 0 is (4,1).  Then it attacks at d = 1. */
START_TEST(move_into_range_house_rule_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned pw = fx_put(&f, 1, "Pawn 1R2", 5, 0);
	unsigned en = fx_put(&f, 0, "Recruit", 5, 2);
	to_ai_turn(&f);
	expect_chance(&f, 3);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, pw);
	ck_assert_int_eq(it.a, FX_T(&f, 4, 1));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* M-93 step 1, M-92 ("every tie is a pick over canonical order", M-4/M-5): two enemies adjacent
 * to the AI Recruit on (4,0); the one on (5,0) comes first by tile although the one on (3,1) has
 * the smaller card id: k = 2 and outcome 0 attacks the enemy on (5,0). */
START_TEST(attack_target_picked_canonically_M93)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned rc = fx_put(&f, 1, "Recruit", 4, 0);
	unsigned eb = fx_put(&f, 0, "Recruit", 3, 1);
	unsigned ea = fx_put(&f, 0, "Recruit", 5, 0);
	ck_assert_uint_lt(eb, ea);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.src, rc);
	ck_assert_msg(it.a == ea, "attacked card %u, expected %u on (5,0), the first by tile", it.a, ea);
	fx_close(&f);
}
END_TEST

/* M-92 wander, M-93 step 2 without enemy targets, M-61: the pick is over every destination of the
 * normal move (k = their number, never street moves), and outcome k-1 is the last tile. */
START_TEST(wander_picks_all_destinations_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned rc = fx_put(&f, 1, "Recruit", 4, 3); /* on the street */
	int tiles[64];
	int n = reach(&f, rc, tiles);
	ck_assert_int_gt(n, 1);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	expect_chance(&f, (unsigned)n);
	FX_OK(&f, CH((unsigned)n - 1));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, rc);
	ck_assert_int_eq(it.aux, 0);
	ck_assert_int_eq(it.a, MQ_T_TILE | (unsigned)tiles[n - 1]);
	run_ai_turn(&f);
	decl d[64];
	int nd = declares(&f, from, 1, d, 64);
	for (int i = 0; i < nd && i < 64; i++)
		ck_assert_msg(!(d[i].kind == MQ_I_MOVE && d[i].aux == 1), "the AI made a street move");
	fx_close(&f);
}
END_TEST

/* M-92 paralysed: one mark is shaken off with the move, then the Spearman attacks (M-93). */
START_TEST(paralysed_shake_with_move_then_attack_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned sp = fx_put(&f, 1, "Spearman", 6, 0);
	unsigned en = fx_put(&f, 0, "Recruit", 7, 0);
	f.cs[sp].mark[MQ_M_PARALYSIS] = 1;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_SHAKE);
	ck_assert_int_eq(it.src, sp);
	ck_assert_int_eq(it.aux, 0);
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* M-92 paralysed: two marks take the move, then the attack; nothing else is declared. */
START_TEST(paralysed_two_marks_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned sp = fx_put(&f, 1, "Spearman", 6, 0);
	fx_put(&f, 0, "Recruit", 7, 0);
	f.cs[sp].mark[MQ_M_PARALYSIS] = 2;
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	decl d[16];
	int n = declares(&f, from, 1, d, 16);
	ck_assert_int_eq(n, 2);
	ck_assert(d[0].kind == MQ_I_SHAKE && d[0].src == (int)sp && d[0].aux == 0);
	ck_assert(d[1].kind == MQ_I_SHAKE && d[1].src == (int)sp && d[1].aux == 1);
	ck_assert_int_eq(f.cs[sp].mark[MQ_M_PARALYSIS], 0);
	fx_close(&f);
}
END_TEST

/* M-92: the AI never uses equip, switch or carry.  An AI Recruit with no enemy target stands next
 * to its own Barricade and Shrine (artifacts it could switch with or carry) and a Sword standing
 * alone (equipment it could equip): it only wanders. */
START_TEST(never_equip_switch_carry_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned rc = fx_put(&f, 1, "Recruit", 4, 0);
	fx_put(&f, 1, "Barricade", 3, 0);
	fx_put(&f, 1, "Shrine", 5, 0);
	unsigned sw = fx_put(&f, 1, "Sword", 4, 1);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_EQUIP, -1), 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_SWITCH, -1), 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_CARRY, -1), 0);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)rc), 1);
	ck_assert_int_eq(f.cs[sw].up, MQ_NONE);
	fx_close(&f);
}
END_TEST

/* M-92 move into range, M-48: an AI unit in a pile (crew of its own Cog) may move out of the pile.
 * The Cog on (2,2) shakes off its two paralysis marks; then its crew Recruit runs aggressive: it
 * cannot attack from the pile, and the only tile this move reaches from which it could attack the
 * enemy on the Gate (5,4) is (4,3) (cost 2): it moves there (no pick), then attacks. */
START_TEST(crew_member_moves_into_range_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned cog = fx_put(&f, 1, "Cog", 2, 2);
	unsigned rc = fx_join_new(&f, 1, "Recruit", cog);
	unsigned en = fx_put(&f, 0, "Recruit", 5, 4);
	f.cs[cog].mark[MQ_M_PARALYSIS] = 2;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert(it.kind == MQ_I_SHAKE && it.src == cog);
	resolve(&f);
	it = ai_item(&f);
	ck_assert(it.kind == MQ_I_SHAKE && it.src == cog);
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, rc);
	ck_assert_int_eq(it.a, FX_T(&f, 4, 3));
	resolve(&f);
	ck_assert_int_eq(f.cs[rc].up, MQ_NONE);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* ================= M-94 shy ================= */

/* M-94 step 2: the Archer on (3,0) flees the enemy on (0,0): (5,0), (5,1) and (4,2) all reach
 * d = 5, the largest; k = 3 and outcome 0 is (5,0) (canonical order). */
START_TEST(shy_flees_to_farthest_M94)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned ar = fx_put(&f, 1, "Archer", 3, 0);
	fx_put(&f, 0, "Recruit", 0, 0);
	to_ai_turn(&f);
	expect_chance(&f, 3);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, ar);
	ck_assert_int_eq(it.a, FX_T(&f, 5, 0));
	fx_close(&f);
}
END_TEST

/* M-94 step 2: no destination beats the current tile.  The Archer on (8,8) is at d = 3 from the
 * enemy on (8,5); its own Barricade holds (6,8), so the best reachable tiles, (6,7) and (7,8), are
 * at d = 3 too: none beats the current tile, it does not move, and at d = 3 it cannot attack. */
START_TEST(shy_stays_when_nothing_better_M94)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned ar = fx_put(&f, 1, "Archer", 8, 8);
	fx_put(&f, 1, "Barricade", 6, 8);
	fx_put(&f, 0, "Recruit", 8, 5);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)ar), 0);
	ck_assert_int_eq(tile_of(&f, ar), fx_tile(&f, 8, 8));
	fx_close(&f);
}
END_TEST

/* M-94 step 3: after fleeing, a shy unit attacks if it can.  The Archer on (3,0) is cornered by its
 * own Barricades so it cannot move; the enemy at d = 2 is attacked. */
START_TEST(shy_attacks_after_move_step_M94)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned ar = fx_put(&f, 1, "Archer", 0, 0);
	fx_put(&f, 1, "Barricade", 1, 0);
	fx_put(&f, 1, "Barricade", 0, 1);
	fx_put(&f, 1, "Barricade", 1, 1);
	unsigned en = fx_put(&f, 0, "Recruit", 2, 0);
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.src, ar);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* ================= M-95 wandering X ================= */

/* M-95 step 1: an enemy within X = 3 makes the Scout aggressive: it moves into range, the cheapest
 * destinations (2,0) and (2,1) at cost 2 (k = 2), then attacks. */
START_TEST(wandering_enemy_near_goes_aggressive_M95)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned sc = fx_put(&f, 1, "Scout", 0, 0);
	unsigned en = fx_put(&f, 0, "Recruit", 3, 0);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, sc);
	ck_assert_int_eq(it.a, FX_T(&f, 2, 0));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* M-95 step 2: no enemy within 3 (it is at d = 5): the Scout wanders over all its destinations;
 * the host picks (4,0), next to the enemy, and step 1 runs again: it attacks. */
START_TEST(wandering_far_wanders_then_step1_M95)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned sc = fx_put(&f, 1, "Scout", 0, 0);
	int tiles[128];
	int n = reach(&f, sc, tiles);
	unsigned en = fx_put(&f, 0, "Recruit", 5, 0);
	int n2 = reach(&f, sc, tiles); /* the enemy's tile is out of reach anyway */
	ck_assert_int_eq(n, n2);
	int i = index_of(tiles, n, fx_tile(&f, 4, 0));
	ck_assert_int_ge(i, 0);
	to_ai_turn(&f);
	expect_chance(&f, (unsigned)n);
	FX_OK(&f, CH((unsigned)i));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.a, FX_T(&f, 4, 0));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.src, sc);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* ================= M-96 target-oriented ================= */

/* M-96 step 3: the Farmer on (4,5) moves onto the farm (2,5), which this move reaches. */
START_TEST(target_farm_moves_onto_it_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned fa = fx_put(&f, 1, "Farmer", 4, 5);
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, fa);
	ck_assert_int_eq(it.a, FX_T(&f, 2, 5));
	fx_close(&f);
}
END_TEST

/* M-96 step 1, M-81: on the farm, the Farmer's full action GAIN 3 is possible and used. */
START_TEST(target_farm_full_action_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned fa = fx_put(&f, 1, "Farmer", 2, 5);
	f.S->seat[1].res = 0;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_FULL);
	ck_assert_int_eq(it.src, fa);
	ck_assert_int_eq(it.aux, MQ_AB_FARM);
	resolve(&f);
	ck_assert_int_eq(f.S->seat[1].res, 6);
	fx_close(&f);
}
END_TEST

/* M-96: the farm is walled in (own Barricades on (1,5), (3,5), (3,4); the water tiles stop every
 * path): no target tile is reachable, so the Farmer acts as wandering 2: no enemy, it wanders over
 * all its destinations (k = their number). */
START_TEST(target_unreachable_wanders_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned fa = fx_put(&f, 1, "Farmer", 5, 5);
	fx_put(&f, 1, "Barricade", 1, 5);
	fx_put(&f, 1, "Barricade", 3, 5);
	fx_put(&f, 1, "Barricade", 3, 4);
	int tiles[64];
	int n = reach(&f, fa, tiles);
	ck_assert_int_gt(n, 1);
	to_ai_turn(&f);
	expect_chance(&f, (unsigned)n);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.a, MQ_T_TILE | (unsigned)tiles[0]);
	fx_close(&f);
}
END_TEST

/* M-96: a target tile must be empty.  The farm holds an enemy Barricade: no target, so the Farmer
 * wanders (wandering 2, no enemy target) instead of heading for the farm. */
START_TEST(target_tile_must_be_empty_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned fa = fx_put(&f, 1, "Farmer", 4, 5);
	fx_put(&f, 0, "Barricade", 2, 5);
	int tiles[64];
	int n = reach(&f, fa, tiles);
	to_ai_turn(&f);
	expect_chance(&f, (unsigned)n);
	fx_close(&f);
}
END_TEST

/* M-96: for `spawn` only enemy-owned spawns count.  The Seeker on (6,5) is next to its own spawn
 * (7,5) but heads for seat 0's spawns (0,4) and (0,5), tied at d = 6 (k = 2); toward (0,4) the
 * closest destinations are (4,4) and (4,5) at cost 2 (k = 2); outcome 0 is (4,4). */
START_TEST(target_spawn_enemy_owned_only_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned sk = fx_put(&f, 1, "Spawn Seeker", 6, 5);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, sk);
	ck_assert_int_eq(it.a, FX_T(&f, 4, 4));
	fx_close(&f);
}
END_TEST

/* ================= M-97 supportive ================= */

/* M-97: a supportive Healer with nothing useful to heal (only itself, undamaged) and no other
 * allied unit does not move (step 2 needs an ally), has no attack (step 3), and finishes without
 * declaring anything. */
START_TEST(supportive_without_ally_finishes_M97)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned he = fx_put(&f, 1, "Healer", 4, 4);
	fx_put(&f, 0, "Recruit", 0, 0);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	decl d[16];
	ck_assert_int_eq(declares(&f, from, 1, d, 16), 0);
	ck_assert_int_eq(tile_of(&f, he), fx_tile(&f, 4, 4));
	ck_assert(f.cs[he].flags & MQ_F_TAPPED);
	fx_close(&f);
}
END_TEST

/* M-92 threatened uses the enemy's maximum range, M-63: a pile's maximum range counts its crew.
 * The enemy Cog (1R2) on (2,0) carries a Longbowman (2R3): the pile reaches 3, the AI Mage on (5,0)
 * is at d = 3 and so threatened: it never uses its full action. */
START_TEST(threatened_by_pile_range_M92)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned mage = fx_put(&f, 1, "Mage", 5, 0);
	unsigned cog = fx_put(&f, 0, "Cog", 2, 0);
	fx_join_new(&f, 0, "Longbowman", cog);
	ck_assert_int_eq(mq_pile_range(f.R, f.st, cog), 3);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_FULL, (int)mage), 0);
	fx_close(&f);
}
END_TEST

/* M-94 step 2: without enemy targets a shy unit wanders over all its destinations. */
START_TEST(shy_without_enemies_wanders_M94)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned ar = fx_put(&f, 1, "Archer", 4, 4);
	int tiles[64];
	int n = reach(&f, ar, tiles);
	to_ai_turn(&f);
	expect_chance(&f, (unsigned)n);
	FX_OK(&f, CH(3));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, ar);
	ck_assert_int_eq(it.a, MQ_T_TILE | (unsigned)tiles[3]);
	fx_close(&f);
}
END_TEST

/* M-96 step 2: a Tower Seeker (1R2, target-oriented tower) already on the Tower (5,1) skips the
 * move and attacks the enemy on (5,4) at d = 3 (range 2 + 1 on the Tower, M-63). */
START_TEST(target_on_target_tile_attacks_M96)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned ts = fx_put(&f, 1, "Tower Seeker", 5, 1);
	unsigned en = fx_put(&f, 0, "Recruit", 5, 4);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.src, ts);
	ck_assert_int_eq(it.a, en);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_MOVE, (int)ts), 0);
	fx_close(&f);
}
END_TEST

/* M-97 steps 2 and 3: the supportive Aide (1R1) on (4,4) first moves toward its ally on (4,0)
 * (closest tiles (4,2) and (5,2), cost 2, k = 2; (3,2) holds the enemy), then attacks the enemy on
 * (3,2), now adjacent. */
START_TEST(supportive_moves_to_ally_then_attacks_M97)
{
	fx f;
	ai_open(&f, OPEN);
	unsigned ai = fx_put(&f, 1, "Aide", 4, 4);
	fx_put(&f, 1, "Recruit", 4, 0);
	unsigned en = fx_put(&f, 0, "Recruit", 3, 2);
	to_ai_turn(&f);
	expect_chance(&f, 2);
	FX_OK(&f, CH(0));
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_MOVE);
	ck_assert_int_eq(it.src, ai);
	ck_assert_int_eq(it.a, FX_T(&f, 4, 2));
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_ATTACK);
	ck_assert_int_eq(it.src, ai);
	ck_assert_int_eq(it.a, en);
	fx_close(&f);
}
END_TEST

/* ================= M-98 AI-played seats ================= */

/* M-98 upkeep (M-100 step 4): upkeep 2 + 1 + 2 > 3, so the AI releases picked units, in canonical
 * order (by tile, not card id), until it can pay: first of {Archer (3,0), Knight B (5,5), Knight A
 * (6,5)} (k = 3) outcome 0 is the Archer; still 4 > 3, so of {Knight B, Knight A} (k = 2) outcome 1
 * is Knight A; then it pays 2 and keeps 1. */
START_TEST(upkeep_releases_picked_then_pays_M98)
{
	fx f;
	ai_open(&f, ARENA);
	f.S->seat[1].res = 0;
	unsigned ka = fx_put(&f, 1, "Knight", 6, 5);
	unsigned ar = fx_put(&f, 1, "Archer", 3, 0);
	unsigned kb = fx_put(&f, 1, "Knight", 5, 5);
	to_ai_turn(&f);
	expect_chance(&f, 3);
	FX_OK(&f, CH(0));
	expect_chance(&f, 2);
	FX_OK(&f, CH(1));
	/* The upkeep is paid: the next stop is Knight B's wander. */
	ck_assert_int_eq(f.cs[ar].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[ka].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[kb].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.S->seat[1].res, 1);
	fx_close(&f);
}
END_TEST

/* M-98 action phase step 1: untapped units and bosses activate oldest first, by entering order:
 * Archer, then Test Boss, then Recruit (card ids: Recruit < Archer < Boss; tiles: Boss, Archer,
 * Recruit). */
START_TEST(activates_oldest_first_M98)
{
	fx f;
	ai_open(&f, ARENA);
	unsigned ar = fx_put(&f, 1, "Archer", 7, 0);
	unsigned bo = fx_put(&f, 1, "Test Boss", 3, 0);
	unsigned rc = fx_put(&f, 1, "Recruit", 6, 5);
	ck_assert(rc < ar && ar < bo);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	run_ai_turn(&f);
	int act[8];
	int n = events_a0(&f, from, MQ_EV_ACTIVATE, 1, act, 8);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(act[0], (int)ar);
	ck_assert_int_eq(act[1], (int)bo);
	ck_assert_int_eq(act[2], (int)rc);
	fx_close(&f);
}
END_TEST

/* M-98 action phase step 2, M-101: the AI plays the first playable card in hand order (Die! costs
 * 4 of its 3: not playable; then the Scout, then the Recruit, though the Recruit has the smaller
 * card id), each on the placement tile nearest the enemy; the permanents it plays do not activate
 * this turn.  Cleanup: it discards nothing (Die! stays in hand). */
START_TEST(plays_first_playable_in_hand_order_M98)
{
	fx f;
	ai_open(&f, ARENA);
	f.S->seat[1].res = 0;
	fx_put(&f, 0, "Recruit", 4, 0);
	unsigned die = fx_hand(&f, 1, "Die!");
	unsigned sc = fx_hand(&f, 1, "Scout");
	unsigned rc = fx_hand(&f, 1, "Recruit");
	ck_assert_uint_lt(rc, sc);
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	mq_item it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_PLAY);
	ck_assert_int_eq(it.src, sc);
	ck_assert_int_eq(it.a, FX_T(&f, 7, 4)); /* d 5 to the enemy; (7,5) is at 6 */
	resolve(&f);
	it = ai_item(&f);
	ck_assert_int_eq(it.kind, MQ_I_PLAY);
	ck_assert_int_eq(it.src, rc);
	ck_assert_int_eq(it.a, FX_T(&f, 7, 5));
	ck_assert_int_eq(f.S->seat[1].res, 1);
	run_ai_turn(&f);
	int act[8];
	ck_assert_int_eq(events_a0(&f, from, MQ_EV_ACTIVATE, 1, act, 8), 0);
	ck_assert_int_eq(f.cs[sc].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.cs[rc].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.cs[die].zone, MQ_Z_HAND);
	fx_close(&f);
}
END_TEST

/* M-98 buy step: the most expensive card it can afford (7: Mage, Mage, Assassin, k = 3, by card
 * id; outcome 2 is the Assassin); it never scraps (two Die! in hand, unplayable without units) and
 * discards nothing at cleanup. */
START_TEST(buys_most_expensive_never_scraps_M98)
{
	fx f;
	ai_open(&f, ARENA);
	f.S->seat[1].res = 4;
	unsigned d1 = fx_hand(&f, 1, "Die!");
	unsigned d2 = fx_hand(&f, 1, "Die!");
	unsigned as = fx_find(&f, 1, MQ_Z_STORE, "Assassin");
	uint64_t from = f.log.next;
	to_ai_turn(&f);
	expect_chance(&f, 3);
	FX_OK(&f, CH(2));
	run_ai_turn(&f);
	ck_assert_int_eq(f.cs[as].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.S->seat[1].res, 0);
	int sc[4];
	ck_assert_int_eq(events_a0(&f, from, MQ_EV_SCRAP, 1, sc, 4), 0);
	ck_assert_int_eq(f.cs[d1].zone, MQ_Z_HAND);
	ck_assert_int_eq(f.cs[d2].zone, MQ_Z_HAND);
	fx_close(&f);
}
END_TEST

/* M-98 priority: an AI seat always passes.  Seat 1 holds Mend and 5 resource and controls a Shrine
 * with a free action (so it does not pass automatically, M-38.1); seat 0's Swordsman attacks its
 * Spearman: the AI passes, the attack executes, Mend stays in hand and the Shrine untapped. */
START_TEST(ai_seat_always_passes_M98)
{
	fx f;
	ai_open(&f, ARENA);
	f.S->seat[1].res = 5;
	unsigned mend = fx_hand(&f, 1, "Mend");
	unsigned sh = fx_put(&f, 1, "Shrine", 7, 1);
	unsigned sp = fx_put(&f, 1, "Spearman", 6, 0);
	unsigned sw = fx_put(&f, 0, "Swordsman", 5, 0);
	uint64_t from = f.log.next;
	FX_OK(&f, fx_activate(sw));
	FX_OK(&f, fx_attack(sw, sp));
	ck_assert_int_eq(f.S->nstack, 1); /* seat 0 (Mend in hand) holds priority first */
	FX_OK(&f, fx_simple(MQ_A_PASS));
	ck_assert_int_eq(f.S->nstack, 0);
	ck_assert_int_eq(f.cs[sp].mark[MQ_M_DAMAGE], 3);
	ck_assert_int_eq(f.cs[mend].zone, MQ_Z_HAND);
	ck_assert(!(f.cs[sh].flags & MQ_F_TAPPED));
	int p[8];
	ck_assert_int_ge(events_a0(&f, from, MQ_EV_PASS, 1, p, 8), 1);
	ck_assert_int_eq(count_decl(&f, from, 1, MQ_I_PLAY, -1) + count_decl(&f, from, 1, MQ_I_FREE, -1), 0);
	fx_close(&f);
}
END_TEST

/* M-98 draft (draft=piles): the AI seat takes the first card of its pile by card id, every pick. */
START_TEST(draft_takes_first_by_id_M98)
{
	fx f;
	fx_open_more(&f, "map=tt-ai-arena players=2 draft=piles seed=3 ai=1", ai_text);
	int picks = 0;
	while (f.S->dp == MQ_DP_PICK) {
		ck_assert_int_eq(f.S->cur, 0);
		int pile = mq_draft_pile(f.R, f.st, 1);
		unsigned m = MQ_NONE;
		for (uint32_t c = 0; c < f.R->npool && m == MQ_NONE; c++)
			if (f.cs[c].zone == MQ_Z_DRAFT && f.cs[c].pos == (unsigned)pile)
				m = c;
		ck_assert_uint_ne(m, MQ_NONE);
		uint64_t a[64];
		size_t n = fx_legal_of(&f, MQ_A_PICK, MQ_NOCARD, a, 64);
		ck_assert_uint_gt(n, 0);
		FX_OK(&f, a[n - 1]); /* seat 0 takes its last card */
		ck_assert_msg(f.cs[m].owner == 1 && (f.cs[m].zone == MQ_Z_PICKED || f.cs[m].zone == MQ_Z_STORE),
			      "pick %d: the AI did not take card %u, the first of its pile", picks, m);
		picks++;
	}
	ck_assert_int_eq(picks, 30);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, 1), 30);
	fx_close(&f);
}
END_TEST

/* ================= the option ai (M-16, M-98) ================= */

START_TEST(ai_param_values_M16)
{
	static const char *const bad[] = {"2", "1,1", "x", "1,", "-1", "0,1,2", ",1", "1,x", "5", "0,0"};
	char p[160];
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		snprintf(p, sizeof p, "map=tt-arena players=2 draft=none seed=1 ai=%s", bad[i]);
		int rc = fx_rules_rc(p);
		ck_assert_msg(rc == CRISK_EPARAM, "ai=%s: rc %d", bad[i], rc);
		ck_assert_msg(strstr(err_message(), "'ai'") != NULL, "ai=%s: message '%s' does not name ai", bad[i],
			      err_message());
	}
	/* Seat K (engine seat P on a Kraken map) is no human seat: it cannot be listed (M-3, M-98). */
	ck_assert_int_eq(fx_rules_rc("map=the-kraken players=2 draft=none seed=1"), CRISK_OK);
	ck_assert_int_eq(fx_rules_rc("map=the-kraken players=2 draft=none seed=1 ai=2"), CRISK_EPARAM);
	ck_assert_msg(strstr(err_message(), "'ai'") != NULL, "message '%s' does not name ai", err_message());
	static const char *const good[] = {"none", "0", "1", "0,1", "1,0"};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		snprintf(p, sizeof p, "map=tt-arena players=2 draft=none seed=1 ai=%s", good[i]);
		ck_assert_msg(fx_rules_rc(p) == CRISK_OK, "ai=%s refused: %s", good[i], err_message());
	}
}
END_TEST

/* M-98, M-38.2: with every seat AI-played the game runs to its end inside crisk_game_new. */
START_TEST(all_ai_game_ends_in_game_new_M98)
{
	static const char *const params[] = {
		"map=2P-ring-street players=2 draft=none seed=7 ai=0,1",
		"map=2P-river-king players=2 draft=none seed=11 ai=1,0",
		"map=4P-islands players=3 draft=piles seed=5 ai=0,1,2",
	};
	for (size_t i = 0; i < sizeof params / sizeof *params; i++) {
		crisk_rules *r = NULL;
		ck_assert_msg(crisk_rules_new(&r, "muhq", params[i]) == CRISK_OK, "%s: %s", params[i], err_message());
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		int w = -2;
		int st = crisk_game_status(g, &w);
		ck_assert_msg(st != CRISK_STATUS_RUNNING, "%s: still running", params[i]);
		ck_assert_int_eq(crisk_game_current_seat(g), CRISK_SEAT_NONE);
		crisk_game_free(g);
		crisk_rules_free(r);
	}
}
END_TEST

/* M-98, M-4: with chance=explicit only chance decisions reach the host of an all-AI game. */
START_TEST(all_ai_explicit_only_chance_M98)
{
	static const char *const params[] = {
		"map=2P-ring-street players=2 draft=none seed=7 ai=0,1 chance=explicit",
		"map=4P-islands players=2 draft=piles seed=9 ai=0,1 chance=explicit",
	};
	for (size_t i = 0; i < sizeof params / sizeof *params; i++) {
		crisk_rules *r = NULL;
		ck_assert_msg(crisk_rules_new(&r, "muhq", params[i]) == CRISK_OK, "%s: %s", params[i], err_message());
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		uint64_t x = 88172645463325252ULL;
		long steps = 0;
		int w;
		while (crisk_game_status(g, &w) == CRISK_STATUS_RUNNING) {
			ck_assert_msg(steps < 2000000, "%s: no end", params[i]);
			int seat = crisk_game_current_seat(g);
			ck_assert_msg(seat == CRISK_SEAT_CHANCE, "%s: seat %d decides at step %ld", params[i], seat, steps);
			crisk_action acts[512];
			size_t n = 0;
			ck_assert_int_eq(crisk_game_legal_actions(g, acts, 512, &n), CRISK_OK);
			ck_assert_uint_gt(n, 0);
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			ck_assert_int_eq(crisk_game_apply(g, acts[x % n]), CRISK_OK);
			steps++;
		}
		ck_assert_int_gt(steps, 0);
		crisk_game_free(g);
		crisk_rules_free(r);
	}
}
END_TEST

static Suite *ai_suite(void)
{
	Suite *s = suite_create("mq_ai");
	TCase *tc = tcase_create("ai");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, never_attacks_artifacts_M92);
	tcase_add_test(tc, never_attacks_walls_M92);
	tcase_add_test(tc, pile_member_not_a_target_M92);
	tcase_add_test(tc, not_threatened_out_of_range_M92);
	tcase_add_test(tc, threatened_by_tower_range_M92);
	tcase_add_test(tc, not_threatened_on_house_M92);
	tcase_add_test(tc, threatened_ignores_allowances_M92);
	tcase_add_test(tc, nearest_tie_picked_canonically_M92);
	tcase_add_test(tc, move_toward_not_closer_stays_M92);
	tcase_add_test(tc, move_toward_cheapest_then_pick_M92);
	tcase_add_test(tc, useless_full_action_never_declared_M92);
	tcase_add_test(tc, full_action_targets_useful_only_M92);
	tcase_add_test(tc, full_action_target_picked_canonically_M92);
	tcase_add_test(tc, move_into_range_cheapest_M92);
	tcase_add_test(tc, move_into_range_house_rule_M92);
	tcase_add_test(tc, attack_target_picked_canonically_M93);
	tcase_add_test(tc, wander_picks_all_destinations_M92);
	tcase_add_test(tc, paralysed_shake_with_move_then_attack_M92);
	tcase_add_test(tc, paralysed_two_marks_M92);
	tcase_add_test(tc, never_equip_switch_carry_M92);
	tcase_add_test(tc, crew_member_moves_into_range_M92);
	tcase_add_test(tc, shy_flees_to_farthest_M94);
	tcase_add_test(tc, shy_stays_when_nothing_better_M94);
	tcase_add_test(tc, shy_attacks_after_move_step_M94);
	tcase_add_test(tc, wandering_enemy_near_goes_aggressive_M95);
	tcase_add_test(tc, wandering_far_wanders_then_step1_M95);
	tcase_add_test(tc, target_farm_moves_onto_it_M96);
	tcase_add_test(tc, target_farm_full_action_M96);
	tcase_add_test(tc, target_unreachable_wanders_M96);
	tcase_add_test(tc, target_tile_must_be_empty_M96);
	tcase_add_test(tc, target_spawn_enemy_owned_only_M96);
	tcase_add_test(tc, supportive_without_ally_finishes_M97);
	tcase_add_test(tc, threatened_by_pile_range_M92);
	tcase_add_test(tc, shy_without_enemies_wanders_M94);
	tcase_add_test(tc, target_on_target_tile_attacks_M96);
	tcase_add_test(tc, supportive_moves_to_ally_then_attacks_M97);
	tcase_add_test(tc, upkeep_releases_picked_then_pays_M98);
	tcase_add_test(tc, activates_oldest_first_M98);
	tcase_add_test(tc, plays_first_playable_in_hand_order_M98);
	tcase_add_test(tc, buys_most_expensive_never_scraps_M98);
	tcase_add_test(tc, ai_seat_always_passes_M98);
	tcase_add_test(tc, draft_takes_first_by_id_M98);
	tcase_add_test(tc, ai_param_values_M16);
	tcase_add_test(tc, all_ai_game_ends_in_game_new_M98);
	tcase_add_test(tc, all_ai_explicit_only_chance_M98);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ai_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
