/* The library's JSON for the example programs (host_json.h). */
#include "host_json.h"

#include <stdlib.h>

typedef int (*fill_fn)(const void *obj, int viewer, char *buf, size_t cap, size_t *len);

static int fill_board(const void *rules, int viewer, char *buf, size_t cap, size_t *len)
{
	(void)viewer;
	return crisk_rules_board_json(rules, buf, cap, len);
}

static int fill_view(const void *game, int viewer, char *buf, size_t cap, size_t *len)
{
	return crisk_game_to_json(game, viewer, buf, cap, len);
}

/* Ask for the length, then fill a buffer of that size. */
static char *fetch(fill_fn fill, const void *obj, int viewer, int *rc)
{
	size_t len = 0;
	*rc = fill(obj, viewer, NULL, 0, &len);
	if (*rc != CRISK_OK && *rc != CRISK_EBUFSIZE)
		return NULL;
	char *text = malloc(len + 1);
	*rc = text ? fill(obj, viewer, text, len + 1, NULL) : CRISK_ENOMEM;
	if (*rc) {
		free(text);
		return NULL;
	}
	return text;
}

static json *parsed(char *text, int *rc)
{
	json *v = text ? json_parse(text, NULL, 0) : NULL;
	if (text && !v)
		*rc = CRISK_EFORMAT;
	free(text);
	return v;
}

char *host_board_text(const crisk_rules *rules)
{
	int rc;
	return fetch(fill_board, rules, 0, &rc);
}

char *host_view_text(const crisk_game *game, int viewer)
{
	int rc;
	return fetch(fill_view, game, viewer, &rc);
}

json *host_board_json(const crisk_rules *rules, int *rc)
{
	return parsed(fetch(fill_board, rules, 0, rc), rc);
}

json *host_view_json(const crisk_game *game, int viewer, int *rc)
{
	return parsed(fetch(fill_view, game, viewer, rc), rc);
}
