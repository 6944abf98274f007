/* The loader's working state, shared by its parts: mqd.c (lines, card rows,
 * lists, references), effect.c (the ability language) and mqd_map.c (map
 * blocks).  Every part stops at the first error through mqb_fail. */
#ifndef CRISK_MUHQ_MQD_IMPL_H
#define CRISK_MUHQ_MQD_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "mqd.h"

/* A name to resolve once the whole file is read (M-115). */
enum { PEND_ENTRY, PEND_DECK, PEND_STORE, PEND_AI_DECK, PEND_PLACE };
typedef struct mqb_pend {
	uint8_t what;    /* PEND_* */
	uint32_t line;
	uint32_t name;   /* offset in the pool */
	uint32_t target; /* entry, map or place index */
} mqb_pend;

typedef struct mqb {
	mqd_db db; /* grows as the file is read; becomes the result */
	uint32_t cap_card, cap_ability, cap_step, cap_list, cap_entry, cap_map, cap_area, cap_place,
		cap_tile, cap_str, cap_pend;
	mqb_pend *pend;
	uint32_t npend;
	uint32_t file_map0; /* the file's first map (its maps get post-checks) */
	const char *file;
	uint32_t line;
	mqd_diag *diag;
} mqb;

/* Sets the message "FILE:LINE: E_CLASS: ..." for the current line (or `line`
 * with mqb_fail_at) and returns CRISK_EFORMAT. */
int mqb_fail(mqb *b, int cls, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int mqb_fail_at(mqb *b, uint32_t line, int cls, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;
/* CRISK_ENOMEM with a message. */
int mqb_nomem(mqb *b);

/* Room for one more element in a growing array; CRISK_OK or CRISK_ENOMEM. */
int mqb_grow(mqb *b, void **arr, uint32_t *cap, uint32_t n, size_t elem);

/* Copies s[0..len) into the pool with a NUL; *off receives its offset. */
int mqb_str(mqb *b, const char *s, size_t len, uint32_t *off);

/* Records a name for resolution after the file (PEND_*, the current line). */
int mqb_pend_add(mqb *b, int what, const char *s, size_t len, uint32_t target);

/* A quoted, printable rendering of s[0..len) for messages (at most 40
 * bytes shown), in buf of size >= 64. */
const char *mqb_tok(char *buf, const char *s, size_t len);
#define TOKBUF 64

/* Name index: namespaces of mqd_db.hash. */
enum { NS_CARD, NS_LIST, NS_MAP };
uint32_t mqb_find(const mqd_db *db, int ns, const char *s, size_t len);
int mqb_index(mqb *b, int ns, uint32_t idx);

/* A decimal 0..max in s[0..len): 0 with *v set, MQD_E_SYNTAX when not
 * digits, MQD_E_RANGE when above max. */
int mqb_uint(const char *s, size_t len, int max, int *v);

/* Trims blanks (space, tab) from both ends of [*s, *s + *len). */
void mqb_trim(const char **s, size_t *len);

/* Parses a card's abilities field (M-112) into abilities and steps;
 * type is the card's MQD_* type (spells forbid some references). */
int fx_parse(mqb *b, mqd_card *card, const char *s, size_t len);

/* Map blocks (M-114): mqm_begin at the `map ID` line, mqm_line for each
 * following line until it reports the block closed; mqm_finish after the
 * file's references are resolved runs the checks that need cards. */
typedef struct mqm mqm;
int mqm_begin(mqb *b, mqm **m, const char *s, size_t len);
int mqm_line(mqb *b, mqm *m, const char *s, size_t len, int *closed);
int mqm_eof(mqb *b, mqm *m);
void mqm_free(mqm *m);
int mqm_place(mqb *b, uint32_t place_idx, uint32_t line);
int mqm_finish(mqb *b, uint32_t map_idx);

#endif
