/* Helpers for the module-risk scenario tests (public API only).
 *
 * Games are set up through public actions on the beginner board with
 * explicit chance.  Where the armies a scenario needs cannot be bought and
 * moved there in a few turns (RC-17..RC-19), their counts are edited through
 * the public JSON save form (crisk_game_save_json / crisk_game_load_json): the
 * edited state passes the library's full state check on load, and no
 * annexation happens until the next action, which is what RC-16 says. */
#ifndef CRISK_TESTS_RISK_SCENARIO_H
#define CRISK_TESTS_RISK_SCENARIO_H

#include "../rules/scenario.h"
#include "risk_view.h"

#define RS_NEUTRAL 4 /* owner index of the neutral defenders in rs_* helpers */

/* `seats` seats, beginner board, explicit chance, `extra` parameters; set-up
 * with settlement nodes[i] and road paths[i] (-1: the lowest legal path) in
 * snake order, the set-up army of step i on hexes[i] (-1: the lowest legal
 * hex), then the RC-10 loop on the lowest empty hex each time.  Ends at seat
 * 0's first pre-roll. */
crisk_game *rs_game(int seats, const char *extra, const int *nodes, const int *paths, const int *hexes);
/* The standard 2-seat set-up: seat 0 at 12 and 31, seat 1 at 5 and 43. */
crisk_game *rs_two(const char *extra);
/* The standard 3-seat set-up: seat 0 at 12 and 31, seat 1 at 5 and 43, seat 2 at 20 and 48. */
crisk_game *rs_three(const char *extra);

/* Sets the armies of `owner` (a seat or RS_NEUTRAL) on `hex` through the
 * JSON save form; *g is replaced by the loaded game. */
void rs_set_armies(crisk_game **g, int hex, int owner, int n);
/* Sets the armies of seats 0 and 1 on `hex` in one reload. */
void rs_set_two(crisk_game **g, int hex, int armies0, int armies1);
/* Replaces member `key` of the save's "ext" object (an integer array or
 * scalar) at `index` with `value`. */
void rs_edit_ext(crisk_game **g, const char *key, int index, int value);

int rs_armies(const crisk_game *g, int hex, int owner);
int rs_total_armies(const crisk_game *g);
/* Owner of the building on node / road on path (-1 none or neutral). */
int rs_building_owner(const crisk_game *g, int node);
int rs_road_owner(const crisk_game *g, int path);
/* The land hexes of a path (from the board JSON); returns how many. */
int rs_path_hexes(const crisk_game *g, int path, int out[2]);
/* A path at node n (the lowest id). */
int rs_path_at(const crisk_game *g, int node);
/* The paths at node n (at most 3); returns how many. */
int rs_paths_at(const crisk_game *g, int node, int out[3]);
/* The phase name in the omniscient view. */
const char *rs_phase(const crisk_game *g, char buf[32]);
/* The last refusal message contains `rule`. */
void rs_refuse_rule(crisk_game *g, crisk_action a, const char *rule);

crisk_action rs_act(uint32_t type, int a0, int a1, int a2);

/* splitmix64: a test's own choices, independent of the library's RNG. */
uint64_t rs_rand(uint64_t *s);
/* A random legal action, uniform over the action types listed, then over the
 * actions of the type, so that the few military actions are not drowned by
 * trade offers; after turn 8, one time in resign_odds, a resignation of a
 * random seat where legal (RC-27). */
crisk_action rs_pick(const crisk_game *g, uint64_t *rs, unsigned resign_odds);

#endif
