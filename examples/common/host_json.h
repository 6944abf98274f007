/* The library's JSON for the example programs: the board of the rules and a
 * viewer's view of a game, as text (the two-call buffer pattern of
 * docs/api.md) or parsed with json.h. */
#ifndef CRISK_EXAMPLES_HOST_JSON_H
#define CRISK_EXAMPLES_HOST_JSON_H

#include <catanrisk.h>

#include "json.h"

/* malloc'd text, or NULL (the library's message in crisk_error_last()). */
char *host_board_text(const crisk_rules *rules);
char *host_view_text(const crisk_game *game, int viewer);

/* Parsed (json_free it), or NULL with the library's code in *rc
 * (CRISK_EFORMAT if the text does not parse). */
json *host_board_json(const crisk_rules *rules, int *rc);
json *host_view_json(const crisk_game *game, int viewer, int *rc);

#endif
