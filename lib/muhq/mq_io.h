/* Text, views and saves of the muhq module (docs/muhq-actions.md,
 * docs/save-format.md "Module muhq"): the module table entries of
 * mq_text.c, mq_view.c and mq_save.c. */
#ifndef CRISK_MUHQ_MQ_IO_H
#define CRISK_MUHQ_MQ_IO_H

#include <stddef.h>
#include <stdint.h>

#include "../core/jsonw.h"
#include "catanrisk/common.h"
#include "catanrisk/view.h"

struct jnode;

/* mq_text.c: action codes <-> text, events as text and JSON. */
int mq_action_to_string(const void *data, crisk_action a, textbuf *t);
int mq_action_from_string(const void *data, const char *text, crisk_action *out);
void mq_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void mq_event_json(const void *data, const crisk_event *e, jw *w);
/* Names for views and saves ("hand", "priority", "action", ...; "unknown" out of range). */
const char *mq_zone_name(int zone);
const char *mq_dp_name(int dp);
const char *mq_phase_name(int phase);
const char *mq_item_name(int kind);
const char *mq_job_name(int kind);
const char *mq_type_name(int type);  /* MQD_UNIT... */
const char *mq_tile_name(int type);  /* MQD_TILE_... */

/* mq_view.c */
void mq_to_json(const void *data, const void *state, int viewer, jw *w);
void mq_board_json(const void *data, jw *w);

/* mq_save.c */
size_t mq_state_bytes(const void *data);
void mq_state_save(const void *data, const void *state, uint8_t *out);
void mq_state_load(const void *data, const uint8_t *in, void *state);
int mq_state_check(const void *data, const void *state);
void mq_state_to_json(const void *data, const void *state, jw *w);
int mq_state_from_json(const void *data, const struct jnode *root, void *state);

#endif
