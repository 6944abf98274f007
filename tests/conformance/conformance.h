/* The conformance suite every rule module must pass (ARCHITECTURE.md, "Rule
 * modules"): random playouts through the public API only, checking on every
 * step that
 *  - the legal list is strictly ascending, non-empty while the game runs, and
 *    every listed action passes crisk_game_check and reads back from its
 *    text form;
 *  - codes that are not listed (mutated payloads, random types, random 64-bit
 *    values) are either refused with a message and the game unchanged, or, if
 *    check accepts them, also accepted by apply;
 *  - chance points (explicit mode) list outcomes with probabilities that are
 *    positive, sum to 1 and match the legal list;
 *  - a clone (crisk_game_clone and crisk_game_copy) replays the next actions
 *    identically, and seed + action list reproduce the whole game;
 *  - views leak nothing: a seat's view shows no other seat's hand or
 *    development cards, and two games that differ only in one hidden chance
 *    outcome look byte-identical (views and events) to every seat whose own
 *    cards do not differ;
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

/* Plays `games` random games of `module` with parameters
 * "<params_without_seed> seed=<first_seed + i>".  Chance outcomes in explicit
 * mode are drawn with their probabilities from a local RNG seeded from the
 * game seed.  Writes a human-readable report (failures first, then a summary)
 * into report[cap] (may be NULL when cap is 0).  Returns the number of failed
 * checks, 0 when everything passed, or -1 when the rules cannot be created. */
struct crisk_game;

/* Optional per-module additions for a module whose rules extend base's
 * (e.g. two_player's tokens and neutrals): `check` runs on every checked
 * state after the Catan checks (0 = fine, else a message in why[cap]);
 * `dev_removed` counts development cards the module took out of play, for
 * the card total.  Either may be NULL; conformance_set_extra(NULL) resets. */
typedef struct conformance_extra {
	int (*check)(const struct crisk_game *g, char *why, size_t cap);
	int (*dev_removed)(const struct crisk_game *g);
} conformance_extra;
void conformance_set_extra(const conformance_extra *extra);

/* With on, a module whose games the Catan queries refuse (crisk_catan_bank)
 * fails at once instead of getting only the generic checks: for modules that
 * must be Catan-family, e.g. wrappers of base through inner_state. */
void conformance_require_catan(int on);

int conformance_run(const char *module, const char *params_without_seed, int games, uint64_t first_seed,
		    char *report, size_t cap);

/* As conformance_run, for a host module: `module` may also be the path of a
 * module shared object (it contains a '/'), loaded with
 * crisk_rules_new_from_file; conformance_run_module takes the vtable itself
 * (crisk_rules_new_with_module). */
struct crisk_module;
int conformance_run_module(const struct crisk_module *table, const char *params_without_seed, int games,
			   uint64_t first_seed, char *report, size_t cap);

#endif
