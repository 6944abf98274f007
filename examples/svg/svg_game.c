/* The SVG picture of a live game (svg_game.h). */
#include "svg_game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg_render.h"

/* Asks for the length, then fills a buffer of that size: the library's two-call pattern. */
static char *board_text(const crisk_rules *r)
{
	size_t len = 0;
	int rc = crisk_rules_board_json(r, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *s = malloc(len + 1);
	if (s && crisk_rules_board_json(r, s, len + 1, NULL) != CRISK_OK) {
		free(s);
		s = NULL;
	}
	return s;
}

static char *view_text(const crisk_game *g, int viewer)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *s = malloc(len + 1);
	if (s && crisk_game_to_json(g, viewer, s, len + 1, NULL) != CRISK_OK) {
		free(s);
		s = NULL;
	}
	return s;
}

char *svg_of_game(const crisk_game *game, int viewer, char *err, size_t errlen)
{
	char *board = board_text(crisk_game_rules(game));
	if (!board) {
		snprintf(err, errlen, "no board description: %s", crisk_error_last());
		return NULL;
	}
	char *view = view_text(game, viewer), *svg = NULL;
	if (!view)
		snprintf(err, errlen, "no view for viewer %d: %s", viewer, crisk_error_last());
	else
		svg = svg_render(board, view, err, errlen);
	free(board);
	free(view);
	return svg;
}

int svg_write_file(const crisk_game *game, int viewer, const char *path, char *err, size_t errlen)
{
	char *svg = svg_of_game(game, viewer, err, errlen);
	if (!svg)
		return -1;
	FILE *f = fopen(path, "wb");
	int ok = f && fputs(svg, f) >= 0;
	if (f && fclose(f))
		ok = 0;
	if (!ok)
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
	free(svg);
	return ok ? 0 : -1;
}

static int turn_picture(svg_turns *t, const crisk_game *game, const char *name, char *err, size_t errlen)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s/%s.svg", t->dir, name) >= (int)sizeof path) {
		snprintf(err, errlen, "the picture folder's name is too long");
		return -1;
	}
	if (svg_write_file(game, t->viewer, path, err, errlen))
		return -1;
	t->written++;
	return 0;
}

int svg_turns_step(svg_turns *t, const crisk_game *game, char *err, size_t errlen)
{
	long long turn = (long long)crisk_game_turn(game);
	if (!t || !t->dir || turn == t->turn)
		return 0;
	char name[32];
	snprintf(name, sizeof name, "turn-%05lld", turn);
	t->turn = turn;
	return turn_picture(t, game, name, err, errlen);
}

int svg_turns_final(svg_turns *t, const crisk_game *game, char *err, size_t errlen)
{
	return t && t->dir ? turn_picture(t, game, "final", err, errlen) : 0;
}
