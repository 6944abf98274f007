/* The muhq scenario harness (mq_fixture.h). */
#include "mq_fixture.h"

#include <stdlib.h>
#include <string.h>

/* clang-format off */
const char fx_text[] =
	"# Test cards: pawns with chosen attack profiles and a boss (not built in).\n"
	"| tt | Pawn 1R1 | unit | 1 | 1 | 0 | 5 | 2 | 1 | 1 | - | - | - |\n"
	"| tt | Pawn 1R2 | unit | 1 | 1 | 0 | 5 | 2 | 1 | 2 | - | - | - |\n"
	"| tt | Pawn 2R1 | unit | 1 | 1 | 0 | 5 | 2 | 2 | 1 | - | - | - |\n"
	"| tt | Pawn 1R3 | unit | 1 | 1 | 0 | 5 | 2 | 1 | 3 | - | - | - |\n"
	"| tt | Test Boss | boss | none | none | - | 3 | 2 | 1 | 1 | - | - | - |\n"
	"| tt | Troll | unit | 1 | 1 | 0 | 5 | 2 | 1 | 1 | Regenerate 1 | - | - |\n"
	"| tt | Test Vigor | spell | 1 | 1 | - | - | - | - | - | - | play {unit own}: BUFF health 2 @T | - |\n"
	"store tt-extra: Granary x26, Test Vigor x2, Recruit x3, Cog x2, Barricade x2, Forced March x2\n"
	"# test-arena with the cards of the regression tests (many Granaries)\n"
	"map tt-extra\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-extra\n"
	"win resource 999\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n"
	"store tt-all: Recruit x3, Farmer x3, Spearman x3, Pikeman x3, Swordsman x3, Scout x3, Archer x3, "
	"Longbowman x3, Knight x3, Raider x3, Cog x3, Healer x3, Assassin x3, Mage x3, Missionary x5, King, "
	"Die! x3, Fireball x3, Arrow Volley x3, Mend x3, Blessing x3, Purify x3, Forced March x3, "
	"Tax Collection x3, Binding Chains x3, Venom Vial x3, Pillage x3, Battle Cry x3, Barricade x3, "
	"Banner x3, Granary x3, Shrine x3, Sword x3, Shield x3, Bow x3, Boots x3, Giant Crab x2, "
	"Pawn 1R1 x4, Pawn 1R2 x4, Pawn 2R1 x4, Pawn 1R3 x2, Test Boss x2, Troll x2\n"
	"# rules/muhq.md 31.1, verbatim\n"
	"map test-arena\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store qs-duel\n"
	"win resource 99\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n"
	"# test-arena with a store that holds every card a scenario needs\n"
	"map tt-arena\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-all\n"
	"win resource 99\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n"
	"# test-arena as a capture map: area A holds the bay, B the south-east\n"
	"map tt-capture\n"
	"players 2\n"
	"size 8 6\n"
	"gain 3\n"
	"deck start-basic\n"
	"store tt-all\n"
	"win capture 1\n"
	"area A 0 0 4 3\n"
	"area B 4 3 4 3\n"
	"grid\n"
	"~~~.....\n"
	"~~a..T..\n"
	"~~~..H..\n"
	"...=====\n"
	"1ww..G.2\n"
	"1.F....2\n"
	"end\n"
	"# 2P-river-king with the store tt-all\n"
	"map tt-river-king\n"
	"players 2\n"
	"size 13 14\n"
	"gain 3\n"
	"start_resource 0 1\n"
	"deck start-basic\n"
	"store tt-all\n"
	"win king\n"
	"place 1 King 6 0\n"
	"place 2 King 6 13\n"
	"limit 40\n"
	"grid\n"
	"..F.#.H.#.F..\n"
	"....#...#....\n"
	"....##G##....\n"
	"...T.111.T...\n"
	".H.........H.\n"
	"......=......\n"
	"~~~ww~=~ww~~~\n"
	"~~~ww~=~ww~~~\n"
	"......=......\n"
	".H.........H.\n"
	"...T.222.T...\n"
	"....##G##....\n"
	"....#...#....\n"
	"..F.#.H.#.F..\n"
	"end\n";
/* clang-format on */

#define RING 8192

/* Rules of fx_text plus `more` (NULL: nothing more). */
static int make_rules(mq_rules **R, const char *params, const char *more)
{
	param_set p;
	int rc = params_parse(&p, mq_params, MQ_P_COUNT, params);
	if (rc)
		return rc;
	size_t a = strlen(fx_text), b = more ? strlen(more) : 0;
	char *text = malloc(a + b + 1);
	if (!text) {
		params_free(&p);
		return CRISK_ENOMEM;
	}
	memcpy(text, fx_text, a);
	memcpy(text + a, more ? more : "", b + 1);
	void *data = NULL;
	rc = mq_rules_create_with(&data, &p, text, a + b);
	params_free(&p);
	free(text);
	*R = data;
	return rc;
}

int fx_rules_rc(const char *params)
{
	mq_rules *R = NULL;
	int rc = make_rules(&R, params, NULL);
	if (!rc)
		mq_rules_destroy(R);
	return rc;
}

void fx_open(fx *f, const char *params)
{
	fx_open_more(f, params, NULL);
}

void fx_open_more(fx *f, const char *params, const char *more)
{
	memset(f, 0, sizeof *f);
	int rc = make_rules(&f->R, params, more);
	ck_assert_msg(rc == CRISK_OK, "rules '%s': %s", params, err_message());
	size_t size = (f->R->size + 63) & ~(size_t)63;
	f->st = aligned_alloc(64, size);
	ck_assert_ptr_nonnull(f->st);
	memset(f->st, 0, size);
	f->ring = calloc(RING, sizeof *f->ring);
	f->log.ring = f->ring;
	f->log.cap = RING;
	f->log.next = 1;
	f->S = f->st;
	f->cs = mq_cards(f->R, f->st);
	mq_state_init(f->R, f->st, &f->log);
}

void fx_at_dp4(const fx *f, int seat)
{
	const mq_state *S = f->S;
	ck_assert_msg(S->status == CRISK_STATUS_RUNNING, "the game is over");
	ck_assert_msg(S->dp == MQ_DP_PRIORITY && S->cur == seat && S->active == seat && S->nstack == 0 &&
			      S->phase == MQ_PH_ACTION,
		      "not at DP-4 of seat %d: dp %d cur %d active %d stack %d phase %d", seat, S->dp, S->cur,
		      S->active, S->nstack, S->phase);
}

void fx_arena(fx *f, const char *params)
{
	fx_arena_more(f, params, NULL);
}

void fx_arena_more(fx *f, const char *params, const char *more)
{
	fx_open_more(f, params, more);
	if (f->S->dp == MQ_DP_UPKEEP && f->S->cur == 0) /* a map-placed King: nothing to pay */
		FX_OK(f, fx_simple(MQ_A_PAY));
	fx_at_dp4(f, 0);
	for (int s = 0; s < f->R->players; s++)
		fx_empty_hand(f, s);
}

void fx_close(fx *f)
{
	free(f->st);
	free(f->ring);
	mq_rules_destroy(f->R);
	memset(f, 0, sizeof *f);
}

int fx_tile(const fx *f, int x, int y)
{
	ck_assert(x >= 0 && y >= 0 && x < f->R->w && y < f->R->h);
	return y * f->R->w + x;
}

const char *fx_name(const fx *f, unsigned card)
{
	return mqd_str(f->R->db, mq_def(f->R, card)->name);
}

unsigned fx_find(const fx *f, int seat, int zone, const char *name)
{
	for (uint32_t c = 0; c < f->R->ncard; c++)
		if (f->cs[c].zone == zone && f->cs[c].ctrl == seat && strcmp(fx_name(f, c), name) == 0)
			return c;
	return MQ_NONE;
}

unsigned fx_take(fx *f, int seat, const char *name)
{
	unsigned c = fx_find(f, seat, MQ_Z_STORE, name);
	ck_assert_msg(c != MQ_NONE, "no %s left in seat %d's store", name, seat);
	return c;
}

unsigned fx_put(fx *f, int seat, const char *name, int x, int y)
{
	unsigned c = fx_take(f, seat, name);
	int t = fx_tile(f, x, y);
	ck_assert_msg(mq_cocc(f->R, f->st)[t] == MQ_NONE, "(%d,%d) is occupied", x, y);
	mq_enter(f->R, f->st, c, seat, t, &f->log);
	return c;
}

unsigned fx_join_new(fx *f, int seat, const char *name, unsigned base)
{
	unsigned c = fx_take(f, seat, name);
	int t = mq_tile_of(f->R, f->st, base);
	uint16_t keep = mq_occ(f->R, f->st)[t];
	mq_enter(f->R, f->st, c, seat, t, &f->log);
	mq_join(f->R, f->st, c, base);
	mq_occ(f->R, f->st)[t] = keep;
	return c;
}

unsigned fx_hand(fx *f, int seat, const char *name)
{
	unsigned c = fx_take(f, seat, name);
	mq_to_zone(f->R, f->st, c, MQ_Z_HAND, seat);
	return c;
}

void fx_empty_hand(fx *f, int seat)
{
	for (unsigned c; (c = mq_zone_first(f->R, f->st, MQ_Z_HAND, seat)) != MQ_NONE;)
		mq_to_zone(f->R, f->st, c, MQ_Z_DECK, seat);
}

unsigned fx_count(const fx *f, int zone, int seat)
{
	return mq_zone_count(f->R, f->st, zone, seat);
}

uint64_t fx_activate(unsigned c)
{
	return mq_code(MQ_A_ACTIVATE, c, 0, FX_N, FX_N, FX_N);
}
uint64_t fx_move(unsigned c, unsigned tile)
{
	return mq_code(MQ_A_MOVE, c, 0, tile, FX_N, FX_N);
}
uint64_t fx_street(unsigned c, unsigned tile)
{
	return mq_code(MQ_A_MOVE, c, 1, tile, FX_N, FX_N);
}
uint64_t fx_attack(unsigned c, unsigned target)
{
	return mq_code(MQ_A_ATTACK, c, 0, target, FX_N, FX_N);
}
uint64_t fx_play(unsigned c, unsigned tile, unsigned t1, unsigned t2)
{
	return mq_code(MQ_A_PLAY, c, 0, tile, t1, t2);
}
uint64_t fx_attach_next(unsigned c)
{
	return mq_code(MQ_A_PLAY, c, 1, FX_N, FX_N, FX_N);
}
uint64_t fx_spell(unsigned c, unsigned t1, unsigned t2)
{
	return mq_code(MQ_A_PLAY, c, 0, FX_N, t1, t2);
}
uint64_t fx_full(unsigned c, unsigned ab, unsigned t1, unsigned t2)
{
	return mq_code(MQ_A_FULL, c, ab, FX_N, t1, t2);
}
uint64_t fx_shake(unsigned c, unsigned aux)
{
	return mq_code(MQ_A_SHAKE, c, aux, FX_N, FX_N, FX_N);
}
uint64_t fx_equip(unsigned c, unsigned aux, unsigned q)
{
	return mq_code(MQ_A_EQUIP, c, aux, q, FX_N, FX_N);
}
uint64_t fx_finish(unsigned c)
{
	return mq_code(MQ_A_FINISH, c, 0, FX_N, FX_N, FX_N);
}
uint64_t fx_scrap(unsigned a, unsigned b)
{
	return mq_code(MQ_A_SCRAP, MQ_NOCARD, 0, a < b ? a : b, a < b ? b : a, 0);
}
uint64_t fx_simple(unsigned type)
{
	return mq_code(type, MQ_NOCARD, 0, FX_N, FX_N, FX_N);
}
uint64_t fx_release(unsigned c)
{
	return mq_code(MQ_A_RELEASE, c, 0, FX_N, FX_N, FX_N);
}
uint64_t fx_buy(unsigned c)
{
	return mq_code(MQ_A_BUY, c, 0, FX_N, FX_N, FX_N);
}
uint64_t fx_drop(unsigned tile)
{
	return mq_code(MQ_A_DROP, MQ_NOCARD, 0, tile, FX_N, FX_N);
}

int fx_do(fx *f, uint64_t code)
{
	return mq_apply(f->R, f->st, code, &f->log);
}

int fx_legal_has(const fx *f, uint64_t code)
{
	return mq_check(f->R, f->st, code) == CRISK_OK;
}

size_t fx_legal_of(const fx *f, unsigned type, unsigned card, uint64_t *out, size_t cap)
{
	size_t n = mq_legal(f->R, f->st, NULL, 0);
	crisk_action *all = malloc(sizeof *all * (n ? n : 1));
	ck_assert_ptr_nonnull(all);
	size_t got = mq_legal(f->R, f->st, all, n);
	ck_assert_uint_eq(got, n);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (type && MQ_CODE_TYPE(all[i]) != type)
			continue;
		if (card != MQ_NOCARD && MQ_CODE_CARD(all[i]) != card)
			continue;
		if (out && k < cap)
			out[k] = all[i];
		k++;
	}
	free(all);
	return k;
}

static uint64_t first_legal(const fx *f, unsigned type)
{
	uint64_t a = 0;
	ck_assert_msg(fx_legal_of(f, type, MQ_NOCARD, &a, 1) > 0, "no legal action of type %u at dp %d", type,
		      f->S->dp);
	return a;
}

void fx_run(fx *f, int active, int dp, int cur, int later_turn)
{
	mq_state *S = f->S;
	int32_t t0 = S->turn;
	for (int step = 0; step < 2000; step++) {
		ck_assert_msg(S->status == CRISK_STATUS_RUNNING, "the game ended (status %d, winner %d) before dp %d",
			      S->status, S->winner, dp);
		if (S->active == active && S->dp == dp && S->cur == cur && (!later_turn || S->turn > t0))
			return;
		uint64_t a;
		switch (S->dp) {
		case MQ_DP_CHANCE: a = (uint64_t)MQ_A_CHANCE << 56; break;
		case MQ_DP_PICK: a = first_legal(f, MQ_A_PICK); break;
		case MQ_DP_TRIGGER: a = first_legal(f, MQ_A_TRIGGER); break;
		case MQ_DP_UPKEEP: a = fx_simple(MQ_A_PAY); break;
		case MQ_DP_PRIORITY: a = fx_simple(MQ_A_PASS); break;
		case MQ_DP_DROP: a = first_legal(f, MQ_A_DROP); break;
		case MQ_DP_BUY:
		case MQ_DP_CLEANUP: a = fx_simple(MQ_A_DONE); break;
		default: ck_abort_msg("dp %d", S->dp); return;
		}
		FX_OK(f, a);
	}
	ck_abort_msg("dp %d of seat %d in seat %d's turn never came", dp, cur, active);
}

void fx_run_to_end(fx *f, int32_t max_turn)
{
	mq_state *S = f->S;
	for (int step = 0; step < 4000; step++) {
		if (S->status != CRISK_STATUS_RUNNING || S->turn > max_turn)
			return;
		uint64_t a;
		switch (S->dp) {
		case MQ_DP_CHANCE: a = (uint64_t)MQ_A_CHANCE << 56; break;
		case MQ_DP_PICK: a = first_legal(f, MQ_A_PICK); break;
		case MQ_DP_TRIGGER: a = first_legal(f, MQ_A_TRIGGER); break;
		case MQ_DP_UPKEEP: a = fx_simple(MQ_A_PAY); break;
		case MQ_DP_PRIORITY: a = fx_simple(MQ_A_PASS); break;
		case MQ_DP_DROP: a = first_legal(f, MQ_A_DROP); break;
		case MQ_DP_BUY:
		case MQ_DP_CLEANUP: a = fx_simple(MQ_A_DONE); break;
		default: ck_abort_msg("dp %d", S->dp); return;
		}
		FX_OK(f, a);
	}
	ck_abort_msg("the game did not end by turn %d", (int)max_turn);
}
