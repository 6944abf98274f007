/* What the binary and the JSON save formats share: the format version, the
 * canonical parameter text, and turning a save's module, version and
 * parameters into a fresh game that a decoded state then replaces. */
#ifndef CRISK_CORE_SAVE_H
#define CRISK_CORE_SAVE_H

#include <stdint.h>
#include "rules_impl.h"

/* The newest format version: 2 adds the rules' data text.  A writer uses 1
 * for rules without one, so those saves are the same as before. */
#define SAVE_FORMAT_VERSION 2u
#define SAVE_FORMAT_DATA 2u
#define SAVE_MAX_SEQ ((uint64_t)INT64_MAX) /* event sequence numbers a save may hold */

/* Which input save_new_game refused. */
enum save_stage { SAVE_AT_MODULE, SAVE_AT_VERSION, SAVE_AT_PARAMS, SAVE_AT_GAME };

/* CRISK_OK, or CRISK_EUNSUPPORTED when the module lacks the save hooks. */
int save_supported(const module *m);
/* The canonical parameter string (crisk_rules_params), malloc'd; NULL when out of memory. */
char *save_params_text(const crisk_rules *r);
/* A new game of module `name` at module version `version` with `params`
 * and the data text data[0..data_len) (NULL: none):
 * a built-in module found by name when `like` is NULL, else the module of
 * the rules `like` (which must have that name; its rules are reused when the
 * parameters are the same).  Errors: CRISK_EFORMAT (unknown or other module,
 * version mismatch, parameters rejected, with the parser's message),
 * CRISK_EUNSUPPORTED, CRISK_ENOMEM; *stage says which input failed. */
int save_new_game(crisk_game **out, const crisk_rules *like, const char *name, uint32_t version, const char *params,
		  const char *data, size_t data_len, int *stage);
/* Sets the event sequence number of a game whose state was just decoded
 * (the log starts empty there) and marks its history unknown (no undo, no
 * record); CRISK_EFORMAT when seq is out of range. */
int save_set_seq(crisk_game *g, uint64_t seq);

#endif
