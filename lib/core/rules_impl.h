/* The rules and game handles as the core sees them. */
#ifndef CRISK_CORE_RULES_IMPL_H
#define CRISK_CORE_RULES_IMPL_H

#include <stdatomic.h>
#include "catanrisk/rules.h"
#include "catanrisk/game.h"
#include "module.h"

struct ext_module;

struct crisk_rules {
	atomic_int refs; /* games and the host each hold one */
	const module *mod;
	struct ext_module *ext; /* the host module behind mod, or NULL for a built-in one */
	void *data;
	param_set params;
	char *text;      /* the host's data text (crisk_rules_new_with_data), or NULL */
	size_t text_len;
	int seats;
	size_t state_size;
};

/* Longest data text a rules object takes (a catanmap at its limits, H-32). */
#define RULES_DATA_MAX ((size_t)32 << 20)

/* Undo history: a ring of `depth` preallocated snapshots, each an undo_head
 * followed by a copy of the state block, so apply never allocates for it. */
typedef struct undo_head {
	uint64_t ev_next; /* log.next before the action */
	int64_t moves;    /* crisk_game::moves before the action */
} undo_head;

typedef struct undo_ring {
	unsigned char *slots; /* depth * slot_size bytes, NULL when off */
	size_t slot_size;
	size_t depth;
	size_t head;  /* slot the next snapshot goes to */
	size_t count; /* snapshots available, <= depth */
} undo_ring;

/* The actions applied since creation, while recording is on. */
typedef struct action_rec {
	crisk_action *acts;
	size_t len, cap;
	int on;    /* crisk_game_set_recording(game, 1) is in force */
	int whole; /* acts holds every action since creation (else no record can be written) */
} action_rec;

struct crisk_game {
	crisk_rules *rules;
	/* rules->mod and rules->data, one load nearer for the per-step calls. */
	const module *mod;
	const void *data;
	/* The per-step entries of mod, copied here so that the public calls
	 * reach them with one load; skip_foreign is ~mod->skip_natively. */
	int (*current_seat)(const void *data, const void *state);
	size_t (*legal)(const void *data, const void *state, crisk_action *buf, size_t cap);
	size_t (*legal_except)(const void *data, const void *state, uint64_t skip_types, crisk_action *buf,
			       size_t cap);
	int (*apply)(const void *data, void *state, crisk_action a, evlog *log);
	uint64_t skip_foreign;
	/* state + mod->seat_at - 1, or NULL (current_seat answers). */
	const int8_t *seat_byte;
	evlog log;
	/* EV_SEQ_PLAY_LIMIT while the game keeps neither undo snapshots nor a
	 * record, else 0 (log.next is never 0): game_apply's usual case is the
	 * one test log.next <= apply_limit (game_history_changed keeps it). */
	uint64_t apply_limit;
	/* Successful applies since crisk_game_new along the current line of
	 * play (undo subtracts), or negative when the history is unknown (a
	 * state written from elsewhere, e.g. a loaded game): MOVES_UNKNOWN,
	 * which apply may count up from without ever reaching 0. */
	int64_t moves;
	undo_ring undo;
	action_rec rec;
	size_t state_size;
	_Alignas(64) unsigned char state[];
};

#define MOVES_UNKNOWN INT64_MIN

/* The built-in module `name`, or CRISK_ENOTFOUND with a message listing the built-in modules. */
int rules_find_module(const module **out, const char *name);

/* Parses params against mod's table and creates the module's immutable part:
 * through ext_rules_create when ext is not NULL (a host module; the rules take
 * a reference to it), else through mod->rules_create. */
int rules_build(crisk_rules **out, const module *mod, struct ext_module *ext, const char *params);
/* rules_build with the host's data text (data NULL or len 0: none): only a
 * built-in module with rules_create_data takes one (CRISK_EUNSUPPORTED). */
int rules_build_data(crisk_rules **out, const module *mod, struct ext_module *ext, const char *params,
		     const char *data, size_t len);
/* Whether the rules carry exactly this data text (NULL or len 0: none). */
int rules_same_data(const crisk_rules *r, const char *data, size_t len);

/* Takes one more reference (a game keeps its rules alive). */
void rules_retain(crisk_rules *r);

/* Call after writing a game's state block from anything but apply (loading a
 * save, a host-supplied state): the history is unknown from here on, so the
 * undo history is emptied and no record can be written.  No allocation. */
void game_state_replaced(crisk_game *g);
/* crisk_game_legal_actions_except and crisk_game_apply past their argument checks. */
int game_legal_except(const crisk_game *g, uint64_t skip_types, crisk_action *buf, size_t cap, size_t *count);
int game_apply(crisk_game *g, crisk_action a);
/* CRISK_ESTATE: the game has numbered EV_SEQ_PLAY_LIMIT events (evlog.h). */
int game_seq_exhausted(const crisk_game *g);

#endif
