/* Helpers for the base-rule scenario tests.  They use only the public API
 * (crisk_* functions) and fail the running Check test with the library's
 * error text when the engine refuses something the scenario needs.
 *
 * Positions are built on the beginner board (B-30) with the board ids of
 * base.md Appendix A; chance is explicit, so every roll, steal and draw is
 * chosen by the test. */
#ifndef CRISK_TESTS_SCENARIO_H
#define CRISK_TESTS_SCENARIO_H

#include <stdint.h>
#include <stddef.h>
#include <check.h>
#include "catanrisk.h"

/* Assertions for hot helper code: Check's ck_assert* records the location
 * on every pass (a write to its pipe), these only act on failure. */
#define SC_CHECK(cond, ...)                        \
	do {                                       \
		if (!(cond))                       \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)
#define SC_EQ(x, y)                                                                                      \
	do {                                                                                             \
		long long sc_x_ = (long long)(x), sc_y_ = (long long)(y);                                \
		if (sc_x_ != sc_y_)                                                                      \
			ck_abort_msg("%s == %s failed: %lld != %lld", #x, #y, sc_x_, sc_y_);             \
	} while (0)

#define SC_NODES 54
#define SC_PATHS 72
#define SC_LAND 19
#define SC_DESERT 9

/* Beginner board facts (B-30) and topology (Appendix A.1). */
extern const int sc_hex_corner[SC_LAND][6];
extern const int sc_beginner_token[SC_LAND];
extern const int sc_beginner_resource[SC_LAND]; /* -1 for the desert */

/* Rules + game from a module name and parameters; fails the test on error. */
crisk_game *sc_new_game(const char *module, const char *params);
/* 4 seats, beginner board, explicit chance, then `extra` parameters (may be
 * NULL), with the standard set-up (sc_std_nodes, sc_std_paths) done: seat 0 is at
 * its first pre-roll. */
crisk_game *sc_standard(const char *extra);
/* 2 seats, beginner board, explicit chance, set-up done: seat 0 at 12 and
 * 31 (roads 11, 47) and seat 1 at 5 and 43 (roads 8, 54), so that seat 0 is
 * the only seat paid on 3, 6, 10 and 12. */
crisk_game *sc_two_seat(const char *extra);
/* Standard set-up placements (settlement node, road path) in snake order for
 * 4 seats: seat 0 at 12 and 31, seat 1 at 19 and 40, seat 2 at 39 and 49,
 * seat 3 at 5 and 20. */
extern const int sc_std_nodes[8];
extern const int sc_std_paths[8];
/* Snake set-up with 2n given settlement/road placements in placement order. */
void sc_setup(crisk_game *g, const int *nodes, const int *paths);

/* Action codes built with crisk_catan_action_encode. */
crisk_action sc_act(uint32_t type, int arg0);
crisk_action sc_act2(uint32_t type, int arg0, int arg1);
crisk_action sc_offer(const int give[5], const int want[5], int to);
crisk_action sc_discard_cards(const int counts[5]);
/* Action from its text form; fails the test if it does not parse. */
crisk_action sc_parse(const crisk_game *g, const char *fmt, ...);

/* Applies an action that must be legal (text in the failure message). */
void sc_apply(crisk_game *g, crisk_action a);
void sc_do(crisk_game *g, const char *fmt, ...);
/* The action must be refused by check and apply with CRISK_EILLEGAL, a
 * non-empty message, and the omniscient view unchanged. */
void sc_refuse(crisk_game *g, crisk_action a);
void sc_refuse_text(crisk_game *g, const char *fmt, ...);
int sc_legal(const crisk_game *g, crisk_action a);
/* Whether crisk_game_legal_actions lists the action. */
int sc_listed(const crisk_game *g, crisk_action a);
/* Number of listed legal actions; fills at most cap into buf when non-NULL. */
size_t sc_legal_list(const crisk_game *g, crisk_action *buf, size_t cap);

/* Views: malloc'd NUL-terminated JSON of crisk_game_to_json. */
char *sc_json(const crisk_game *g, int viewer);

/* Decision point probes (by the legality of the phase's actions). */
int sc_at_preroll(const crisk_game *g);
int sc_at_main(const crisk_game *g);

/* Rolls `sum` (ROLL then the DICE outcome) at the current pre-roll. */
void sc_roll(crisk_game *g, int sum);
void sc_end_turn(crisk_game *g);
/* Rolls production sums until `seat` holds at least n cards of resource r. */
void sc_gain(crisk_game *g, int seat, int r, int n);
/* Gains a whole vector. */
void sc_gain_all(crisk_game *g, int seat, const int need[5]);
/* Plays on (ending turns, rolling sums that produce something for `seat`'s
 * opponents as little as possible) until `seat` is at its main phase. */
void sc_to_main(crisk_game *g, int seat);
/* Until `seat` is at its pre-roll (ends the current turn first when needed). */
void sc_to_preroll(crisk_game *g, int seat);
/* Buys a development card of type `card` at the current main phase. */
void sc_buy_dev(crisk_game *g, int card);

/* Queries. */
void sc_hand(const crisk_game *g, int seat, int32_t out[5]);
int sc_hand_total(const crisk_game *g, int seat);
int sc_score(const crisk_game *g, int seat, int viewer);
int sc_seat(const crisk_game *g);
uint64_t sc_next_seq(const crisk_game *g);
/* Counts events of `type` with seq >= since as `viewer` sees them; copies the
 * last one into *last when non-NULL. */
int sc_count_events(const crisk_game *g, uint64_t since, uint32_t type, int viewer, crisk_event *last);
/* Integer (or boolean as 0/1) member `key` of seat `seat`'s object in the
 * omniscient JSON view; fails the test when missing. */
long sc_seat_field(const crisk_game *g, int seat, const char *key);

#endif
