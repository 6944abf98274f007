/* Parameter strings: `key=value` pairs separated by spaces or ';', checked
 * against a module's table of parameter descriptions. */
#ifndef CRISK_CORE_PARAMS_H
#define CRISK_CORE_PARAMS_H

#include <stdint.h>
#include <stddef.h>
#include "jsonw.h"

enum param_type { PT_INT, PT_UINT64, PT_BOOL, PT_ENUM, PT_STRING };

typedef struct param_desc {
	const char *name;
	const char *alias;          /* a second accepted key, or NULL */
	int type;                   /* enum param_type */
	const char *def;            /* default as text; NULL = required */
	int64_t min, max;           /* PT_INT range (inclusive) */
	const char *const *choices; /* PT_ENUM: NULL-terminated list; value = index */
	const char *accepted;       /* accepted values as shown to users: "2..6", "off|on" */
	const char *help;
} param_desc;

#define PARAMS_MAX 32
/* Longest key or enum choice. */
#define PARAM_NAME_MAX 64
/* Longest canonical form: a record's params line holds 4095 bytes (record.c),
 * a save 65536 (save.c). */
#define PARAMS_TEXT_MAX 4000
typedef struct param_set {
	int n;
	int64_t num[PARAMS_MAX];   /* PT_INT value, PT_UINT64 bits, PT_BOOL 0/1, PT_ENUM index */
	char *str[PARAMS_MAX];     /* PT_STRING values (malloc'd), else NULL */
	uint32_t given;            /* bit i: parameter i appeared in the string */
} param_set;

/* Parses `text` (NULL = empty) against descs[0..n-1] (n <= PARAMS_MAX).
 * Booleans accept 0/1/on/off/true/false/yes/no; integers are decimal
 * (PT_UINT64 also 0x hex); strings are printable ASCII without ';' or '#';
 * a key may appear once.  Unknown keys, bad values, duplicates, missing
 * required parameters and a canonical form longer than PARAMS_TEXT_MAX give
 * CRISK_EPARAM with a message naming the key and the accepted values.  On
 * failure *out is left empty. */
int params_parse(param_set *out, const param_desc *descs, int n, const char *text);
/* Checks a table whose every value round-trips through params_format: keys
 * and aliases are identifiers of at most PARAM_NAME_MAX characters and
 * distinct, kinds known, enum choices distinct words, INT ranges not empty,
 * and each default one of its own values.  CRISK_EINVAL with a message
 * naming the entry ("parameter 'x': ..."). */
int params_check_table(const param_desc *descs, int n);
void params_free(param_set *p);
/* Canonical form: every parameter in table order as key=value separated by
 * single spaces, enums by name, booleans as 0/1. */
void params_format(const param_set *p, const param_desc *descs, int n, textbuf *t);

#endif
