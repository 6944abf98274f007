/* The SVG picture of a live game for a viewer, through the public API only:
 * crisk_rules_board_json and crisk_game_to_json, then svg_render. */
#ifndef CRISK_EXAMPLES_SVG_GAME_H
#define CRISK_EXAMPLES_SVG_GAME_H

#include <stddef.h>

#include <catanrisk.h>

/* The picture (malloc'd; free it), or NULL with the library's or the
 * renderer's message in err. */
char *svg_of_game(const crisk_game *game, int viewer, char *err, size_t errlen);
/* Writes the picture to path; 0, or -1 with a message in err. */
int svg_write_file(const crisk_game *game, int viewer, const char *path, char *err, size_t errlen);

#endif
