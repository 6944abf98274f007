/* A game of module hawaii for tests, through the module's internal entry
 * points (the module is not public yet): rules from a parameter string,
 * a state block after set-up began, and an event log without a ring. */
#ifndef CRISK_TESTS_HAWAII_FIXTURE_H
#define CRISK_TESTS_HAWAII_FIXTURE_H

#include "catan/kernel.h"
#include "core/params.h"

typedef struct fixture {
	kern *k;
	void *st;
	evlog log;
	param_set ps;
} fixture;

/* Rules of params and a new game; fails the test when the rules are refused. */
void open_game(fixture *f, const char *params);
/* The same on a host's catanmap text (option map=data, H-91). */
void open_game_map(fixture *f, const char *params, const char *map);
void close_game(fixture *f);

#endif
