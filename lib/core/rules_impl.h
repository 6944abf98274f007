/* The rules and game handles as the core sees them. */
#ifndef CRISK_CORE_RULES_IMPL_H
#define CRISK_CORE_RULES_IMPL_H

#include <stdatomic.h>
#include "catanrisk/rules.h"
#include "catanrisk/game.h"
#include "module.h"

struct crisk_rules {
	atomic_int refs; /* games and the host each hold one */
	const module *mod;
	void *data;
	param_set params;
	int seats;
	size_t state_size;
};

struct crisk_game {
	crisk_rules *rules;
	evlog log;
	size_t state_size;
	_Alignas(16) unsigned char state[];
};

/* Takes one more reference (a game keeps its rules alive). */
void rules_retain(crisk_rules *r);

#endif
