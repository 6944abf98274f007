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

/* One picture per turn for crisk-demo --svg: DIR/turn-NNNNN.svg the first
 * time a turn is seen, DIR/final.svg at the end. */
typedef struct svg_turns {
	const char *dir; /* NULL: no pictures */
	int viewer;
	long long turn;  /* the last turn drawn; -1 before the first */
	unsigned written;
} svg_turns;

/* A picture when the game's turn is new; 0, or -1 with a message in err. */
int svg_turns_step(svg_turns *t, const crisk_game *game, char *err, size_t errlen);
int svg_turns_final(svg_turns *t, const crisk_game *game, char *err, size_t errlen);

#endif
