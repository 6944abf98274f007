/* A small JSON reader for the example programs: the library writes JSON
 * (board, views, saves), and a host that draws needs to read it back. Strict
 * enough for the library's output and for hostile input (depth and size
 * limits, no crash on garbage); not a general-purpose JSON library. */
#ifndef CRISK_EXAMPLES_JSON_H
#define CRISK_EXAMPLES_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json json;
struct json {
	json_type type;
	double number; /* JSON_NUMBER; JSON_BOOL as 0/1 */
	char *string;  /* JSON_STRING (UTF-8, NUL-terminated) */
	size_t count;  /* items of an array or members of an object */
	json *items;   /* JSON_ARRAY items, JSON_OBJECT member values */
	char **keys;   /* JSON_OBJECT member names, parallel to items */
};

/* Parses text (NUL-terminated). NULL on error, with a message naming the
 * byte offset in err. Free the result with json_free. */
json *json_parse(const char *text, char *err, size_t errlen);
void json_free(json *v);
/* Frees what v holds, not v itself (a value embedded in a caller's struct). */
void json_clear(json *v);

/* Lookups that never fail: a missing key, a wrong type or an index out of
 * range gives NULL, and the accessors then give their default. */
const json *json_get(const json *obj, const char *key);
const json *json_at(const json *arr, size_t i);
size_t json_len(const json *arr); /* 0 unless an array */
double json_num(const json *v, double dflt);
int json_int(const json *v, int dflt); /* numbers outside int's range give dflt */
const char *json_str(const json *v, const char *dflt);
int json_true(const json *v); /* 1 only for true */

#endif
