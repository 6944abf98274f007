/* A small strict JSON reader (RFC 8259) into a tree of nodes, for documents
 * hosts hand to the library (JSON saves).  Input is bounded (size, nesting,
 * node count, members per object), numbers are exact 64-bit integers or marked as non-integers,
 * and every node knows its parent, so an error can name its JSON path. */
#ifndef CRISK_CORE_JSONR_H
#define CRISK_CORE_JSONR_H

#include <stddef.h>
#include <stdint.h>

#define JR_MAX_INPUT (4u << 20)  /* bytes */
#define JR_MAX_DEPTH 64          /* nested arrays and objects */
#define JR_MAX_NODES (1u << 20)
#define JR_MAX_MEMBERS 1024      /* per object: duplicate checks stay cheap */
#define JR_PATH_MAX 256          /* longest path text jr_path writes */

enum jtype { JN_NULL, JN_FALSE, JN_TRUE, JN_NUM, JN_STR, JN_ARR, JN_OBJ };

typedef struct jnode {
	int type;                  /* enum jtype */
	int is_int;                /* JN_NUM: an integer in int64 range (value in i) */
	int64_t i;
	char *str;                 /* JN_STR: the decoded text, NUL-terminated */
	size_t len;                /* JN_STR: bytes (a \u0000 escape makes it differ from strlen) */
	char *key;                 /* member name in the parent object, else NULL */
	size_t index;              /* position in the parent array or object */
	size_t offset;             /* byte offset of the value in the input */
	struct jnode *parent;
	struct jnode *first, *last; /* children of an array or object, in order */
	struct jnode *next;
	size_t count;              /* number of children */
} jnode;

/* Parses exactly one JSON value (whitespace around it allowed).  On failure
 * returns CRISK_EFORMAT ("JSON syntax error at byte N: ...") or CRISK_ENOMEM
 * and *out is NULL.  Free the tree with jr_free. */
int jr_parse(jnode **out, const char *text, size_t len);
void jr_free(jnode *root);

/* Member `key` of an object (NULL if absent or n is not an object). */
const jnode *jr_member(const jnode *n, const char *key);
/* Child i of an array or object (NULL if out of range); walks the list. */
const jnode *jr_index(const jnode *n, size_t i);

/* The path of n from the document root, e.g. "$.state.seats[2].hand[1]",
 * truncated to cap - 1 bytes. */
void jr_path(const jnode *n, char *buf, size_t cap);
/* Type name for messages: "null", "a boolean", "a number", ... */
const char *jr_type_name(const jnode *n);

#endif
