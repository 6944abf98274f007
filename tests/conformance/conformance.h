/* The conformance suite every rule module must pass (ARCHITECTURE.md, "Rule
 * modules"): random playouts through the public API only, checking on every
 * step that
 *  - the legal list is strictly ascending, non-empty while the game runs, and
 *    every listed action passes crisk_game_check and reads back from its
 *    text form;
 *  - codes that are not listed (mutated payloads, random types, random 64-bit
 *    values) are either refused with a message and the game unchanged, or, if
 *    check accepts them, also accepted by apply;
 *  - every 4th step, every action of the module's action index (crisk_rl_*)
 *    that check accepts is listed;
 *  - chance points (explicit mode) list outcomes with probabilities that are
 *    positive, sum to 1 and match the legal list;
 *  - a clone (crisk_game_clone and crisk_game_copy) replays the next actions
 *    identically, and seed + action list reproduce the whole game;
 *  - views leak nothing: a seat's view shows no other seat's hand or
 *    development cards, and two games that differ only in one hidden chance
 *    outcome look byte-identical (views and events) to every seat whose own
 *    cards do not differ;
 *  - every state that play reaches, at every decision point and at the
 *    end, saves and loads back: the binary and the JSON save each load
 *    (through the game's rules, and every 16th step and at the end by the
 *    module name alone), re-save to the same bytes in both forms, list the
 *    same actions and follow the game's next action to the same state;
 *  - games end (won or max_turns).
 * For Catan-family modules (crisk_catan_bank supported, also host modules
 * that wrap one through crisk_module.inner_state) it also checks
 * resource, development card and piece conservation, scores recomputed from
 * the board, and the special-card holder rules (B-141).
 */
#ifndef CRISK_TESTS_CONFORMANCE_H
#define CRISK_TESTS_CONFORMANCE_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk/common.h"

struct crisk_game;
struct crisk_module;

/* Plays `games` random games of `module` with parameters
 * "<params_without_seed> seed=<first_seed + i>".  Chance outcomes in explicit
 * mode are drawn with their probabilities from a local RNG seeded from the
 * game seed.  Writes a human-readable report (failures first, then a summary)
 * into report[cap] (may be NULL when cap is 0).  Returns the number of failed
 * checks, 0 when everything passed, or -1 when the rules cannot be created.
 * `module` may also be the path of a module shared object (it contains a
 * '/'), loaded with crisk_rules_new_from_file. */
int conformance_run(const char *module, const char *params_without_seed, int games, uint64_t first_seed,
		    char *report, size_t cap);

/* As conformance_run, for a host module's vtable (crisk_rules_new_with_module). */
int conformance_run_module(const struct crisk_module *table, const char *params_without_seed, int games,
			   uint64_t first_seed, char *report, size_t cap);

/* What a module changes in or adds to the checks above (all zero: base
 * behaviour). */
typedef struct conformance_options {
	/* Roads may pass to other owners (risk RC-14): a seat's road group need
	 * not touch one of its buildings. */
	int floating_roads;
	/* Pieces of `seat` of kind 0 settlement, 1 city, 2 road on the board
	 * beyond its components (risk RC-12); NULL: none. */
	int (*extra_pieces)(const struct crisk_game *g, int seat, int piece);
	/* Development cards the module took out of play (two_player T-19), for
	 * the card total; NULL: none. */
	int (*dev_removed)(const struct crisk_game *g);
	/* Module invariant checked on every checked state (with the Catan
	 * checks for Catan-family modules): 0, or nonzero with a message. */
	int (*invariant)(const struct crisk_game *g, char *msg, size_t cap);
	/* Action types (bit t: type t) the random policy picks only now and
	 * then, or when nothing else is legal (muhq's concede). */
	uint64_t rare_types;
	/* Public VP of `seat` from the module's own sources (hawaii's Catan
	 * chits and fishing track), added to the recomputed score; NULL: none. */
	int (*extra_vp)(const struct crisk_game *g, int seat);
	/* A data file of the host for a built-in module's rules
	 * (crisk_rules_new_with_data_file: hawaii's map, H-91); NULL: none. */
	const char *data_path;
	/* Or the host's data as a NUL-terminated text (crisk_rules_new_with_data). */
	const char *data_text;
	/* The listed code that stands for a legal code the module lists only
	 * in part (risk's army counts: 1 and the largest listed, every count
	 * between legal, docs/rules-risk.md); NULL: every legal code of the
	 * action index is listed itself. */
	crisk_action (*listed_as)(crisk_action a);
} conformance_options;

/* With on, a module whose games the Catan queries refuse (crisk_catan_bank)
 * fails at once instead of getting only the generic checks: for modules that
 * must be Catan-family, e.g. wrappers of base through inner_state. */
void conformance_require_catan(int on);

/* conformance_run with module-specific options (NULL: as conformance_run). */
int conformance_run_ex(const char *module, const char *params_without_seed, int games, uint64_t first_seed,
		       const conformance_options *options, char *report, size_t cap);

/* For Check programs (conformance_tap.c): the games per configuration
 * (CRISK_CONFORMANCE_GAMES from the environment, else default_games); a
 * report buffer (*cap bytes, free() it); the verdict on a run, printing its
 * summary as TAP comments (strtok on report) or failing the test with it; and
 * all of these around conformance_run_ex. */
int conformance_games(int default_games);
char *conformance_report_buffer(size_t *cap);
void conformance_assert(int failures, char *report);
void conformance_check(const char *module, const char *params, int default_games, uint64_t first_seed,
		       const conformance_options *options);

#endif
