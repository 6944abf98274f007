/* The rules and game handles as the core sees them. */
#ifndef CRISK_CORE_RULES_IMPL_H
#define CRISK_CORE_RULES_IMPL_H

#include "catanrisk/rules.h"
#include "catanrisk/game.h"
#include "module.h"

struct crisk_rules {
	int refs; /* atomic */
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

#endif
