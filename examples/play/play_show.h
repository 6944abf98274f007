/* The position as text for one seat, from the board JSON and that seat's
 * view only (so it shows nothing the seat may not know). */
#ifndef CRISK_PLAY_SHOW_H
#define CRISK_PLAY_SHOW_H

#include <stdio.h>

#include <catanrisk.h>

/* 0, or -1 with a message on stderr. */
int show_position(FILE *out, const crisk_game *g, int seat);
/* The final table: every seat's score as the seat sees it, and the winner. */
void show_scores(FILE *out, const crisk_game *g, int seat);

#endif
