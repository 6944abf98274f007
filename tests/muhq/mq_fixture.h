/* A harness for muhq scenario tests (rules/muhq.md §31): games built from
 * the internal engine (lib/muhq/mq.h, mq_engine.h) with the §31.1 fixture
 * map test-arena and test variants of it loaded on top of the built-in data,
 * direct edits of positions, marks, resource, hands and decks, and actions
 * applied through mq_check/mq_apply as the host would. */
#ifndef CRISK_TESTS_MQ_FIXTURE_H
#define CRISK_TESTS_MQ_FIXTURE_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "catanrisk/common.h"
#include "catanrisk/errors.h"
#include "catanrisk/game.h"
#include "core/error.h"
#include "core/evlog.h"
#include "core/params.h"
#include "muhq/mq.h"
#include "muhq/mq_engine.h"
#include "muhq/mqd.h"

/* The extra .mqd text: test-arena verbatim, the store tt-all (every base
 * card three times (Missionary five), the King, two Giant Crabs, test pawns,
 * a test boss and a Regenerate unit),
 * and map variants tt-arena, tt-capture and tt-river-king. */
extern const char fx_text[];

typedef struct fx {
	mq_rules *R;
	void *st;
	mq_state *S;
	mq_card *cs;
	evlog log;
	ev *ring;
} fx;

/* Creates rules from params plus fx_text and runs set-up (mq_state_init). */
void fx_open(fx *f, const char *params);
/* fx_open, then both hands go to the bottom of their decks; the game waits
 * at seat 0's action-phase priority (DP-4) of round 1. */
void fx_arena(fx *f, const char *params);
/* fx_open and fx_arena with more .mqd text after fx_text (test-only cards of one file). */
void fx_open_more(fx *f, const char *params, const char *more);
void fx_arena_more(fx *f, const char *params, const char *more);
void fx_close(fx *f);
/* Rules creation alone: its return code (the rules are freed). */
int fx_rules_rc(const char *params);

int fx_tile(const fx *f, int x, int y);
#define FX_T(f, x, y) (MQ_T_TILE | (unsigned)fx_tile(f, x, y))
const char *fx_name(const fx *f, unsigned card);
/* The card of seat in zone named name with the smallest id, or MQ_NONE. */
unsigned fx_find(const fx *f, int seat, int zone, const char *name);
/* A card of seat's store named name (fails the test if none is left). */
unsigned fx_take(fx *f, int seat, const char *name);
/* A store card of seat enters the map on (x, y) as a base, untapped. */
unsigned fx_put(fx *f, int seat, const char *name, int x, int y);
/* A store card of seat joins base's pile as a member. */
unsigned fx_join_new(fx *f, int seat, const char *name, unsigned base);
/* A store card of seat goes to the end of its hand. */
unsigned fx_hand(fx *f, int seat, const char *name);
/* Every card of seat's hand goes to the bottom of its deck. */
void fx_empty_hand(fx *f, int seat);
unsigned fx_count(const fx *f, int zone, int seat);

/* Action codes, as the enumerator of mq_legal.c writes them. */
#define FX_N MQ_T_NONE
uint64_t fx_activate(unsigned c);
uint64_t fx_move(unsigned c, unsigned tile);   /* tile: an MQ_T_TILE operand */
uint64_t fx_street(unsigned c, unsigned tile);
uint64_t fx_attack(unsigned c, unsigned target);
uint64_t fx_play(unsigned c, unsigned tile, unsigned t1, unsigned t2); /* a permanent on tile */
uint64_t fx_attach_next(unsigned c);
uint64_t fx_spell(unsigned c, unsigned t1, unsigned t2);
uint64_t fx_full(unsigned c, unsigned ab, unsigned t1, unsigned t2);
uint64_t fx_shake(unsigned c, unsigned aux);
uint64_t fx_equip(unsigned c, unsigned aux, unsigned q);
uint64_t fx_finish(unsigned c);
uint64_t fx_scrap(unsigned a, unsigned b);
uint64_t fx_simple(unsigned type); /* pass, pay, done, concede */
uint64_t fx_release(unsigned c);
uint64_t fx_buy(unsigned c);
uint64_t fx_drop(unsigned tile);

/* mq_apply: CRISK_OK or the error code. */
int fx_do(fx *f, uint64_t code);
#define FX_OK(f, code)                                                                                          \
	do {                                                                                                     \
		uint64_t fx_c_ = (code);                                                                         \
		ck_assert_msg(fx_do((f), fx_c_) == CRISK_OK, "%s (line %d): %s [dp %d cur %d]", #code, __LINE__, \
			      err_message(), (f)->S->dp, (f)->S->cur);                                           \
	} while (0)
#define FX_ILLEGAL(f, code) ck_assert_msg(fx_do((f), (code)) != CRISK_OK, "%s is legal", #code)
int fx_legal_has(const fx *f, uint64_t code);
/* Legal actions of type (0: all) and card (MQ_NOCARD: any): the count, the
 * first up to cap into out (out may be NULL). */
size_t fx_legal_of(const fx *f, unsigned type, unsigned card, uint64_t *out, size_t cap);

/* Takes default decisions (chance 0, first pick, first trigger, PAY, pass,
 * first drop tile, DONE) until the game waits at dp for seat cur during
 * active's turn; with later_turn, only in a turn after the current one.
 * Fails the test if the game ends or it takes too long. */
void fx_run(fx *f, int active, int dp, int cur, int later_turn);
/* Takes the same default decisions until the game is over or a turn after
 * max_turn begins. */
void fx_run_to_end(fx *f, int32_t max_turn);
/* The game waits at seat's own action phase with an empty stack (DP-4). */
void fx_at_dp4(const fx *f, int seat);

#endif
