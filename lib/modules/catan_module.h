/* The vtable methods every Catan-family module shares: each hands its rules
 * data (which starts with a struct kern) to the kernel.  A module's vtable
 * names these for the methods it does not change. */
#ifndef CRISK_MODULES_CATAN_MODULE_H
#define CRISK_MODULES_CATAN_MODULE_H

#include "../core/module.h"

/* Whether parameter i was given ("-" stands for "not given": the parser
 * refuses empty values and the canonical string names every key). */
int cm_given(const param_set *p, int i);
/* The board options every Catan-family module takes (B-38, B-126):
 * terrain, tokens and harbors (consecutive from `terrain`) are required with
 * board=custom and refused otherwise; no_identical_adjacent needs
 * board=random_tokens.  CRISK_OK, or CRISK_EPARAM with a message. */
int cm_check_board_options(const param_set *p, const param_desc *params, int board_key, int terrain, int no_identical);

void cm_rules_destroy(void *data);
int cm_num_seats(const void *data);
size_t cm_state_size(const void *data);
void cm_state_init(const void *data, void *state, evlog *log);
int cm_current_seat(const void *data, const void *state);
int cm_status(const void *data, const void *state, int *winner);
int64_t cm_turn(const void *data, const void *state);
int cm_score(const void *data, const void *state, int seat, int viewer);
size_t cm_legal(const void *data, const void *state, crisk_action *buf, size_t cap);
int cm_check(const void *data, const void *state, crisk_action a);
int cm_apply(const void *data, void *state, crisk_action a, evlog *log);
int cm_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count);
int cm_action_to_string(const void *data, crisk_action a, textbuf *t);
int cm_action_from_string(const void *data, const char *text, crisk_action *out);
void cm_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void cm_event_json(const void *data, const crisk_event *e, jw *w);
void cm_to_json(const void *data, const void *state, int viewer, jw *w);
void cm_board_json(const void *data, jw *w);
size_t cm_state_bytes(const void *data);
void cm_state_save(const void *data, const void *state, uint8_t *out);
void cm_state_load(const void *data, const uint8_t *in, void *state);
int cm_state_check(const void *data, const void *state);
void cm_state_to_json(const void *data, const void *state, jw *w);
int cm_state_from_json(const void *data, const struct jnode *root, void *state);

#endif
