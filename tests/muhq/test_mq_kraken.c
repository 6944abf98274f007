/* The Kraken mode (rules/muhq.md §22, M-99..M-102) and its test targets
 * TT-26..TT-29 (§31.7), on the built-in map the-kraken with explicit chance:
 * seat K's every pick is a chance point whose outcome count the tests check.
 * Positions are set up in the last human seat's action phase of round 1;
 * passing then lets seat K's turn run. */
#include <stdio.h>
#include <string.h>

#include "mq_fixture.h"

#define KRAKEN(f) ((f)->R->kraken)

/* the-kraken (muhq.md 29.4) with seat K's deck three Sea Serpents (TT-28). */
static const char serpents_map[] =
	"deck tt-serpents: Sea Serpent x3\n"
	"map tt-kraken-serpents\n"
	"title The Kraken, three Serpents\n"
	"players 1-4\n"
	"size 17 12\n"
	"gain 3\n"
	"deck start-coop\n"
	"store qs-kraken\n"
	"ai_deck tt-serpents\n"
	"win kraken 15\n"
	"place K The Kraken 8 1\n"
	"grid\n"
	"~~~~~~~~~~~~~~~~~\n"
	"~~~~~~~~~~~~~~~~~\n"
	"~~~~~~~~~~~~~~~~~\n"
	"~~~~~~~.T.~~~~~~~\n"
	"~~~~~~~~~~~~~~~~~\n"
	"~~~~~~~~~~~~~~~~~\n"
	"wwawwwbwwwcwwwdww\n"
	"....T...T...T....\n"
	".11..22...33..44.\n"
	"F...H...F...H...F\n"
	"=================\n"
	"..F...........F..\n"
	"end\n";

typedef struct chance_log {
	uint32_t k[64];
	int phase[64];
	int n;
} chance_log;

/* Takes default human decisions (pass, pay, done, the first pick, trigger
 * or drop) and answers chance points with answers[i] (0 after them),
 * logging each outcome count, until a turn after `turn` begins or the game
 * is over. */
static void play_on(fx *f, int32_t turn, chance_log *cl, const uint32_t *answers, int nans)
{
	mq_state *S = f->S;
	for (int step = 0; step < 4000; step++) {
		if (S->status != CRISK_STATUS_RUNNING || S->turn > turn)
			return;
		uint64_t a;
		if (S->dp == MQ_DP_CHANCE) {
			int i = cl ? cl->n : 0;
			if (cl && cl->n < 64) {
				cl->k[cl->n] = S->chance_k;
				cl->phase[cl->n] = S->phase;
				cl->n++;
			}
			a = (uint64_t)MQ_A_CHANCE << 56 | (uint64_t)(answers && i < nans ? answers[i] : 0);
		} else if (S->dp == MQ_DP_UPKEEP) {
			a = fx_simple(MQ_A_PAY);
		} else if (S->dp == MQ_DP_PRIORITY) {
			a = fx_simple(MQ_A_PASS);
		} else if (S->dp == MQ_DP_BUY || S->dp == MQ_DP_CLEANUP) {
			a = fx_simple(MQ_A_DONE);
		} else {
			uint64_t first = 0;
			ck_assert_uint_ge(fx_legal_of(f, 0, MQ_NOCARD, &first, 1), 1);
			a = first;
		}
		FX_OK(f, a);
	}
	ck_abort_msg("the turn after %d never came", (int)turn);
}

/* The game at the last human seat's action phase (DP-4) of round 1. */
static void open_map(fx *f, const char *map, int players, const char *more, const char *data)
{
	char p[200];
	snprintf(p, sizeof p, "map=%s players=%d draft=none chance=explicit seed=7%s", map, players, more ? more : "");
	fx_open_more(f, p, data);
	fx_run(f, players - 1, MQ_DP_PRIORITY, players - 1, 0);
}

static void open_kraken(fx *f, int players, const char *more)
{
	open_map(f, "the-kraken", players, more, NULL);
}

/* A card of seat K's deck named name goes onto the map at (x, y). */
static unsigned k_put(fx *f, const char *name, int x, int y)
{
	int K = f->R->kseat;
	unsigned c = fx_find(f, K, MQ_Z_DECK, name);
	ck_assert_msg(c != MQ_NONE, "no %s in seat K's deck", name);
	ck_assert(mq_cocc(f->R, f->st)[fx_tile(f, x, y)] == MQ_NONE);
	mq_enter(f->R, f->st, c, K, fx_tile(f, x, y), &f->log);
	return c;
}

/* Seat K's deck becomes exactly these cards of it, top first; the rest leave the game. */
static void k_deck(fx *f, const char *const *names, int n)
{
	int K = f->R->kseat;
	unsigned keep[8];
	for (int i = 0; i < n; i++) {
		keep[i] = fx_find(f, K, MQ_Z_DECK, names[i]);
		ck_assert_msg(keep[i] != MQ_NONE, "no %s in seat K's deck", names[i]);
		mq_set_zone(f->R, f->st, keep[i], MQ_Z_OUT); /* aside while the rest goes */
	}
	for (unsigned c; (c = mq_zone_first(f->R, f->st, MQ_Z_DECK, K)) != MQ_NONE;)
		mq_set_zone(f->R, f->st, c, MQ_Z_OUT);
	for (int i = 0; i < n; i++) {
		mq_set_zone(f->R, f->st, keep[i], MQ_Z_DECK);
		f->cs[keep[i]].pos = (uint16_t)i;
	}
}

static int count_events(const fx *f, uint64_t from, int type, int seat)
{
	int n = 0;
	for (uint64_t s = from; s < f->log.next; s++) {
		const ev *e = &f->ring[s % f->log.cap];
		n += e->seq == s && e->type == type && (seat < -1 || e->seat == seat);
	}
	return n;
}

/* TT-26 (M-99, M-100 step 3): income 5 P per K turn; The Kraken's health 15 + 10 P. */
START_TEST(income_and_health_TT26)
{
	for (int P = 1; P <= 4; P++) {
		fx f;
		open_kraken(&f, P, NULL);
		int K = f.R->kseat;
		ck_assert_int_eq(K, P);
		ck_assert_int_eq(f.R->seats, P + 1);
		ck_assert_int_eq(mq_stat(f.R, f.st, KRAKEN(&f), MQD_STAT_HEALTH), 15 + 10 * P);
		ck_assert_int_eq(f.cs[KRAKEN(&f)].ctrl, K);
		k_deck(&f, NULL, 0); /* nothing to spend on */
		uint64_t from = f.log.next;
		play_on(&f, f.S->turn + 1, NULL, NULL, 0); /* seat K's turn */
		ck_assert_int_eq(f.S->seat[K].res, 5 * P);
		int gains = 0;
		for (uint64_t s = from; s < f.log.next; s++) {
			const ev *e = &f.ring[s % f.log.cap];
			if (e->type == MQ_EV_GAIN && e->seat == K) {
				ck_assert_int_eq(e->args[0], 5 * P);
				gains++;
			}
		}
		ck_assert_int_eq(gains, 1);
		fx_close(&f);
	}
}
END_TEST

/* TT-27 (M-100, M-101, M-50, M-108 Regenerate): seat K's turn without randomness but placement.
 * Paralysed, each permanent shakes off with its move, then its attack (M-92, M-50). */
START_TEST(kraken_turn_TT27)
{
	fx f;
	open_kraken(&f, 2, NULL);
	int K = f.R->kseat;
	unsigned kr = KRAKEN(&f);
	f.cs[kr].mark[MQ_M_DAMAGE] = 3;
	unsigned t1 = k_put(&f, "Tentacle", 6, 1), t2 = k_put(&f, "Tentacle", 10, 1), ss = k_put(&f, "Sea Serpent", 8, 4);
	unsigned mine[4] = {kr, t1, t2, ss};
	for (int i = 0; i < 4; i++)
		f.cs[mine[i]].mark[MQ_M_PARALYSIS] = 3;
	static const char *const deck[] = {"Whirlpool", "Tentacle", "Sea Serpent"};
	k_deck(&f, deck, 3);
	unsigned wp = fx_find(&f, K, MQ_Z_DECK, "Whirlpool"), serpent2 = fx_find(&f, K, MQ_Z_DECK, "Sea Serpent");
	unsigned tentacle3 = mq_zone_at(f.R, f.st, MQ_Z_DECK, K, 1);
	unsigned spear = fx_put(&f, 0, "Spearman", 7, 3); /* within 4 of The Kraken */
	ck_assert_int_eq(f.S->seat[K].res, 0);
	uint64_t from = f.log.next;
	chance_log cl = {0};
	play_on(&f, f.S->turn + 1, &cl, NULL, 0);
	/* 1-3: income 10, Regenerate 1, upkeep 1 + 1 + 2 = 4 paid. */
	ck_assert_int_eq(f.cs[kr].mark[MQ_M_DAMAGE], 2);
	/* 4: the units only shook off their paralysis; none moved or attacked. */
	/* (Shaking off with the move and the attack spends the full action too,
	 * M-46: one mark of three stays.) */
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(f.cs[mine[i]].zone, MQ_Z_MAP);
		ck_assert_int_eq(f.cs[mine[i]].mark[MQ_M_PARALYSIS], 1);
	}
	ck_assert_int_eq(count_events(&f, from, MQ_EV_ACTIVATE, K), 4);
	ck_assert_int_eq(f.cs[kr].pos, fx_tile(&f, 8, 1));
	ck_assert_int_eq(count_events(&f, from, MQ_EV_MOVE, K), 0);
	ck_assert_int_eq(count_events(&f, from, MQ_EV_ATTACK, K), 0);
	/* 5: Whirlpool on the Spearman (3 damage). */
	ck_assert_int_eq(f.cs[spear].mark[MQ_M_DAMAGE], 3);
	/* 6: the Tentacle on a Brood tile: the one chance point of the turn picks
	 * among the Brood tiles nearest the Spearman. */
	ck_assert_int_eq(f.cs[tentacle3].zone, MQ_Z_MAP);
	ck_assert_int_eq(f.cs[tentacle3].ctrl, K);
	ck_assert_int_le(mq_dist_tiles(f.R, f.cs[tentacle3].pos, f.cs[kr].pos), 2);
	/* 7-8: the Sea Serpent costs 4 and cannot be played: discarded; K ends at 0. */
	ck_assert_int_eq(f.S->seat[K].res, 0);
	ck_assert_int_eq(f.cs[wp].zone, MQ_Z_DISCARD);
	ck_assert_int_eq(f.cs[serpent2].zone, MQ_Z_DISCARD);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DISCARD, K), 2);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, K), 0);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_HAND, K), 0);
	fx_close(&f);
}
END_TEST

/* M-101: the placement tiles nearest an enemy target tie and are picked:
 * the chance point has one outcome per tied Brood tile. */
START_TEST(placement_nearest_enemy_M101)
{
	fx f;
	open_kraken(&f, 1, NULL);
	int K = f.R->kseat;
	unsigned kr = KRAKEN(&f);
	f.cs[kr].mark[MQ_M_PARALYSIS] = 3; /* The Kraken stays at (8,1) */
	static const char *const deck[] = {"Tentacle"};
	k_deck(&f, deck, 1);
	unsigned tent = fx_find(&f, K, MQ_Z_DECK, "Tentacle");
	unsigned spear = fx_put(&f, 0, "Spearman", 9, 3);
	/* Brood 2 tiles: empty deep water within range 2 of (8,1); the nearest to (9,3). */
	int best = 1 << 30, ties = 0;
	for (int t = 0; t < f.R->ntile; t++)
		if (mq_can_place(f.R, f.st, K, tent, t) && mq_dist_tiles(f.R, t, f.cs[spear].pos) < best)
			best = mq_dist_tiles(f.R, t, f.cs[spear].pos);
	for (int t = 0; t < f.R->ntile; t++)
		ties += mq_can_place(f.R, f.st, K, tent, t) && mq_dist_tiles(f.R, t, f.cs[spear].pos) == best;
	ck_assert_int_ge(ties, 2);
	chance_log cl = {0};
	uint32_t answers[1] = {(uint32_t)ties - 1};
	play_on(&f, f.S->turn + 1, &cl, answers, 1);
	ck_assert_int_eq(cl.n, 1);
	ck_assert_uint_eq(cl.k[0], (uint32_t)ties);
	ck_assert_int_eq(f.cs[tent].zone, MQ_Z_MAP);
	ck_assert_int_eq(mq_dist_tiles(f.R, f.cs[tent].pos, f.cs[spear].pos), best);
	/* The last tied tile in reading order (M-5) for the last outcome. */
	int last = -1;
	for (int t = 0; t < f.R->ntile; t++)
		if ((mq_can_place(f.R, f.st, K, tent, t) || t == f.cs[tent].pos) &&
		    mq_dist_tiles(f.R, t, f.cs[spear].pos) == best)
			last = t;
	ck_assert_int_eq(f.cs[tent].pos, last);
	fx_close(&f);
}
END_TEST

/* TT-28 (M-100 step 4): upkeep 6 against 5: one Serpent destroyed by exactly one uniform(3). */
START_TEST(upkeep_shortfall_TT28)
{
	fx f;
	open_map(&f, "tt-kraken-serpents", 1, NULL, serpents_map);
	int K = f.R->kseat;
	unsigned s[3] = {k_put(&f, "Sea Serpent", 3, 1), k_put(&f, "Sea Serpent", 13, 1), k_put(&f, "Sea Serpent", 1, 1)};
	for (int i = 0; i < 3; i++)
		f.cs[s[i]].mark[MQ_M_PARALYSIS] = 3; /* no moves: only the upkeep pick is chance */
	f.cs[KRAKEN(&f)].mark[MQ_M_PARALYSIS] = 3;
	k_deck(&f, NULL, 0);
	chance_log cl = {0};
	uint32_t answers[1] = {1}; /* the second Serpent in canonical order */
	play_on(&f, f.S->turn + 1, &cl, answers, 1);
	ck_assert_int_eq(cl.n, 1);
	ck_assert_uint_eq(cl.k[0], 3);
	ck_assert_int_eq(cl.phase[0], MQ_PH_UPKEEP);
	ck_assert_int_eq(f.S->seat[K].res, 1);
	int left = 0;
	for (int i = 0; i < 3; i++)
		left += f.cs[s[i]].zone == MQ_Z_MAP;
	ck_assert_int_eq(left, 2);
	/* Canonical order of permanents is by tile (M-5): (1,1), (3,1), (13,1); outcome 1 is (3,1). */
	ck_assert_int_ne(f.cs[s[0]].zone, MQ_Z_MAP);
	unsigned sorted[3] = {s[2], s[0], s[1]};
	ck_assert_int_ne(f.cs[sorted[1]].zone, MQ_Z_MAP);
	fx_close(&f);
}
END_TEST

/* TT-29 (M-102): a Fireball destroys The Kraken: the players win at once, mid-turn. */
START_TEST(kraken_destroyed_TT29)
{
	fx f;
	open_kraken(&f, 1, NULL);
	unsigned kr = KRAKEN(&f);
	fx_put(&f, 0, "Spearman", 8, 3); /* within 3 of The Kraken */
	unsigned fb = fx_hand(&f, 0, "Fireball");
	f.S->seat[0].res = 10;
	f.cs[kr].mark[MQ_M_DAMAGE] = (uint8_t)(mq_stat(f.R, f.st, kr, MQD_STAT_HEALTH) - 3);
	FX_OK(&f, fx_spell(fb, kr, FX_N)); /* seat 0 passes by M-38.1, seat K passes: it resolves */
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, 0); /* the players (docs/decisions.md) */
	ck_assert_int_ne(f.cs[kr].zone, MQ_Z_MAP);
	fx_close(&f);
}
END_TEST

/* TT-29 (M-102): at the end of seat K's turn in round N The Kraken is still there: the players lose. */
START_TEST(round_limit_loss_TT29)
{
	fx f;
	open_kraken(&f, 2, " limit=1");
	int K = f.R->kseat;
	k_deck(&f, NULL, 0);
	f.cs[KRAKEN(&f)].mark[MQ_M_PARALYSIS] = 3;
	play_on(&f, f.S->turn, NULL, NULL, 0); /* the human turn ends: the game goes on */
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, K);
	int found = 0;
	for (uint64_t s = 1; s < f.log.next; s++) {
		const ev *e = &f.ring[s % f.log.cap];
		if (e->seq == s && e->type == MQ_EV_WIN) {
			ck_assert_int_eq(e->args[0], 5);
			found = 1;
		}
	}
	ck_assert(found);
	ck_assert_int_eq(f.S->round, 1);
	fx_close(&f);
}
END_TEST

/* TT-29 (M-88, M-102): every human seat broken at the end of a turn: the players lose. */
START_TEST(all_broken_loss_TT29)
{
	fx f;
	open_kraken(&f, 1, NULL);
	int K = f.R->kseat;
	/* Seat 1's spawns (1,8), (2,8) and the deep tiles next to its harbor (2,6). */
	k_put(&f, "Giant Crab", 1, 8);
	k_put(&f, "Giant Crab", 2, 8);
	k_put(&f, "Tentacle", 1, 5);
	k_put(&f, "Tentacle", 2, 5);
	k_put(&f, "Tentacle", 3, 5);
	k_deck(&f, NULL, 0);
	ck_assert(mq_broken(f.R, f.st, 0));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING); /* broken seats are not eliminated */
	ck_assert_int_eq(f.S->seat[0].out, 0);
	FX_OK(&f, fx_simple(MQ_A_PASS)); /* the end of seat 0's turn */
	play_on(&f, f.S->turn, NULL, NULL, 0);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, K);
	fx_close(&f);
}
END_TEST

/* M-102: a conceding human seat is out, P stays; when all have conceded, the players lose. */
START_TEST(concede_M102)
{
	fx f;
	open_kraken(&f, 2, NULL);
	int K = f.R->kseat;
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert_int_eq(f.S->seat[1].out, 1);
	ck_assert_int_eq(f.S->status, CRISK_STATUS_RUNNING);
	ck_assert_int_eq(mq_stat(f.R, f.st, KRAKEN(&f), MQD_STAT_HEALTH), 35); /* P is still 2 */
	k_deck(&f, NULL, 0);
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 1);
	FX_OK(&f, fx_simple(MQ_A_CONCEDE));
	ck_assert_int_eq(f.S->status, CRISK_STATUS_WON);
	ck_assert_int_eq(f.S->winner, K);
	fx_close(&f);
}
END_TEST

/* M-99: seat K has no store and never drafts; its deck is the map's ai_deck
 * (card ids after the map's cards, M-5); The Kraken is its only permanent. */
START_TEST(seat_k_setup_M99)
{
	fx f;
	fx_open(&f, "map=the-kraken players=2 draft=piles seed=3");
	int K = f.R->kseat;
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, K), 0);
	ck_assert_uint_eq(fx_count(&f, MQ_Z_DECK, K), 26); /* kraken-deck */
	ck_assert_int_eq(f.S->seat[K].res, 0);
	for (uint32_t c = 0; c < f.R->ncard; c++)
		if (f.R->card[c].owner == K && c != KRAKEN(&f))
			ck_assert_uint_gt(c, KRAKEN(&f));
	fx_run(&f, 0, MQ_DP_PRIORITY, 0, 0); /* the draft is over: K picked nothing */
	ck_assert_uint_eq(fx_count(&f, MQ_Z_STORE, K), 0);
	fx_close(&f);
}
END_TEST

/* M-92: seat K never gets a decision point; with every human seat AI-played
 * the whole game runs inside crisk_game_new. */
START_TEST(no_decision_for_k_M92)
{
	for (int P = 1; P <= 4; P++) {
		char p[120];
		snprintf(p, sizeof p, "map=the-kraken players=%d draft=none seed=%d", P, 40 + P);
		fx f;
		fx_open(&f, p);
		int K = f.R->kseat;
		for (int step = 0; step < 3000 && f.S->status == CRISK_STATUS_RUNNING; step++) {
			ck_assert_int_ne(f.S->cur, K);
			uint64_t first = 0;
			ck_assert_uint_ge(fx_legal_of(&f, 0, MQ_NOCARD, &first, 1), 1);
			FX_OK(&f, first); /* the first legal action: concede comes last */
		}
		fx_close(&f);
		crisk_rules *r = NULL;
		crisk_game *g = NULL;
		snprintf(p, sizeof p, "map=the-kraken players=%d draft=none seed=%d ai=%s", P, 50 + P,
			 P == 1 ? "0" : P == 2 ? "0,1" : P == 3 ? "0,1,2" : "0,1,2,3");
		ck_assert_int_eq(crisk_rules_new(&r, "muhq", p), CRISK_OK);
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		ck_assert_int_ne(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
		crisk_game_free(g);
		crisk_rules_free(r);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("mq_kraken");
	TCase *tc = tcase_create("kraken");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, income_and_health_TT26);
	tcase_add_test(tc, kraken_turn_TT27);
	tcase_add_test(tc, placement_nearest_enemy_M101);
	tcase_add_test(tc, upkeep_shortfall_TT28);
	tcase_add_test(tc, kraken_destroyed_TT29);
	tcase_add_test(tc, round_limit_loss_TT29);
	tcase_add_test(tc, all_broken_loss_TT29);
	tcase_add_test(tc, concede_M102);
	tcase_add_test(tc, seat_k_setup_M99);
	tcase_add_test(tc, no_decision_for_k_M92);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
