/* Checks every module's RL encoding must pass (rl.h, docs/rl.md), shared by
 * the tests/rl programs.  Each returns normally or fails the running check
 * test with a message naming the module, game, step and index. */
#ifndef CRISK_TESTS_RL_COMMON_H
#define CRISK_TESTS_RL_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk.h"

/* One observation field or action range as crisk_rl_spaces_json describes it. */
typedef struct rl_field_desc {
	char name[64];
	size_t first, count; /* offset (fields) or first index (ranges) */
	double low, high;    /* fields only */
} rl_field_desc;

typedef struct rl_spaces {
	size_t actions, observation;
	size_t n_ranges, n_fields;
	rl_field_desc *ranges, *fields; /* malloc'd; rl_spaces_free */
} rl_spaces;

/* Reads crisk_rl_spaces_json and checks that the ranges cover 0..A-1 and the
 * fields 0..O-1 in order without gaps, with low <= high, and that A and O
 * agree with crisk_rl_action_count / crisk_rl_observation_size. */
void rl_spaces_read(rl_spaces *s, const crisk_rules *rules);
void rl_spaces_free(rl_spaces *s);
/* The field called name, or NULL. */
const rl_field_desc *rl_spaces_field(const rl_spaces *s, const char *name);

/* Plays `games` random games of rules (built-in uniform policy over the
 * masked indices, seeded by seed) for at most max_steps actions each; at
 * every decision point of a seat it checks:
 * - the mask has at least one legal index, and its count is what
 *   crisk_rl_legal_mask says;
 * - every masked index maps to an action crisk_game_check accepts, which
 *   maps back to the same index;
 * - every listed legal action outside rl_skip that has an index is masked;
 * - the observation of every seat, of the spectator and of the omniscient
 *   viewer is finite and each float lies in its field's low..high;
 * and at chance points (explicit chance) that the mask is empty.  Returns
 * the number of seat decisions checked. */
size_t rl_check_random_games(const crisk_rules *rules, int games, size_t max_steps, uint64_t seed);

/* Parses and applies the text form of an action (fails the test with the
 * library's message when it is refused). */
void rl_apply_text(crisk_game *g, const char *text);

/* The same rules from module and params (fails the test with the library's
 * message when they cannot be made). */
crisk_rules *rl_rules(const char *module, const char *params);

#endif
