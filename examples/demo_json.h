/* crisk-demo's small JSON reader (demo_json.c): a whole document parsed into
 * a tree, enough for the board and game descriptions of the library. */
#ifndef CRISK_DEMO_JSON_H
#define CRISK_DEMO_JSON_H

#include <catanrisk.h>

#include <stddef.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jkind;

typedef struct jv {
	jkind kind;
	double num;	  /* J_NUM; J_BOOL: 0 or 1 */
	char *str;	  /* J_STR */
	size_t n;	  /* J_ARR, J_OBJ: number of items */
	struct jv *items; /* J_ARR, J_OBJ */
	char **keys;	  /* J_OBJ */
} jv;

void jfree(jv *v);
/* Member `key` of object o, item i of array a, or NULL. */
const jv *jget(const jv *o, const char *key);
const jv *jat(const jv *a, size_t i);
size_t jlen(const jv *a);
/* The number or string of v, or dflt when v is NULL or of another kind. */
int jint(const jv *v, int dflt);
const char *jstr(const jv *v, const char *dflt);
/* A tile [x, y]: returns 0 and fills x, y, or -1 (null). */
int jtile(const jv *t, int *x, int *y);
/* Parses text into *out; returns 0, or -1 with *out a J_NULL. */
int jparse_text(const char *text, jv *out);
/* The game as `viewer` sees it, and the board of the rules, parsed;
 * CRISK_OK or the library's error (CRISK_EFORMAT for text that does not parse). */
int jfetch_view(const crisk_game *g, int viewer, jv *out);
int jfetch_board(const crisk_rules *rules, jv *out);

#endif
