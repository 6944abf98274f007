/* The position as text for one seat (play_show.h): Catan boards as tables
 * (seats, hand, the seat's buildings with the hexes they touch), muhq as a
 * character grid with the permanents on it. */
#include "play_show.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"

static const char *const resource[5] = {"brick", "lumber", "wool", "grain", "ore"};
static const char *const dev_card[5] = {"knight", "victory point", "road building", "year of plenty", "monopoly"};

static char *text_of(int (*get)(const void *, int, char *, size_t, size_t *), const void *obj, int arg)
{
	size_t len = 0;
	int rc = get(obj, arg, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *s = malloc(len + 1);
	if (s && get(obj, arg, s, len + 1, NULL) != CRISK_OK) {
		free(s);
		s = NULL;
	}
	return s;
}

static int board_json(const void *r, int unused, char *buf, size_t cap, size_t *len)
{
	(void)unused;
	return crisk_rules_board_json(r, buf, cap, len);
}

static int view_json(const void *g, int viewer, char *buf, size_t cap, size_t *len)
{
	return crisk_game_to_json(g, viewer, buf, cap, len);
}

/* "hills 6" for a hex, with its map name where the board has one. */
static void hex_words(const json *board, int h, char *out, size_t cap)
{
	const json *hex = json_at(json_get(board, "hexes"), (size_t)(h < 0 ? 0 : h));
	const json *token = json_get(hex, "token");
	if (token && token->type == JSON_NUMBER)
		snprintf(out, cap, "%s %d", json_str(json_get(hex, "terrain"), "?"), json_int(token, 0));
	else
		snprintf(out, cap, "%s", json_str(json_get(hex, "terrain"), "?"));
}

static void show_catan(FILE *o, const json *board, const json *view, int seat)
{
	const json *seats = json_get(view, "seats");
	char words[64];
	hex_words(board, json_int(json_get(view, "robber"), -1), words, sizeof words);
	fprintf(o, "robber on hex %d (%s)", json_int(json_get(view, "robber"), -1), words);
	if (json_get(view, "pirate"))
		fprintf(o, ", pirate on hex %d", json_int(json_get(view, "pirate"), -1));
	fprintf(o, "\nseat      VP  cards  dev  knights  road%s\n", json_get(view, "fish") ? "  fish  fishing VP" : "");
	for (size_t i = 0; i < json_len(seats); i++) {
		const json *s = json_at(seats, i);
		fprintf(o, "%s%-3zu %4d %6d %4d %8d %5d", (int)i == seat ? "you " : "    ", i,
			json_int(json_get(s, "visible_vp"), 0), json_int(json_get(s, "hand_size"), 0),
			json_int(json_get(s, "dev_count"), 0), json_int(json_get(s, "knights"), 0),
			json_int(json_get(s, "road_length"), 0));
		if (json_get(view, "fish"))
			fprintf(o, " %5d %11d", json_int(json_at(json_get(view, "fish"), i), 0),
				json_int(json_at(json_get(view, "fishing_vp"), i), 0));
		fprintf(o, "%s%s\n", json_true(json_get(s, "longest_road")) ? "  longest road" : "",
			json_true(json_get(s, "largest_army")) ? "  largest army" : "");
	}
	const json *me = json_at(seats, (size_t)seat);
	fprintf(o, "your hand:");
	for (int r = 0; r < 5; r++)
		fprintf(o, " %s %d%s", resource[r], json_int(json_at(json_get(me, "hand"), (size_t)r), 0), r < 4 ? "," : "");
	fprintf(o, "\nyour development cards:");
	int any = 0;
	for (int d = 0; d < 5; d++) {
		int n = json_int(json_at(json_get(me, "dev"), (size_t)d), 0);
		if (n)
			fprintf(o, "%s %d %s", any++ ? "," : "", n, dev_card[d]);
	}
	fprintf(o, "%s\nyour buildings:", any ? "" : " none");
	const json *buildings = json_get(view, "buildings"), *nodes = json_get(board, "nodes");
	any = 0;
	for (size_t i = 0; i < json_len(buildings); i++) {
		const json *b = json_at(buildings, i);
		if (json_int(json_get(b, "seat"), -1) != seat)
			continue;
		int node = json_int(json_get(b, "node"), -1);
		const json *n = json_at(nodes, (size_t)(node < 0 ? 0 : node));
		fprintf(o, "\n  %s at %d", json_str(json_get(b, "kind"), "?"), node);
		if (json_str(json_get(n, "name"), NULL))
			fprintf(o, " (%s)", json_str(json_get(n, "name"), ""));
		const json *hexes = json_get(n, "hexes");
		for (size_t h = 0; h < json_len(hexes); h++) {
			hex_words(board, json_int(json_at(hexes, h), -1), words, sizeof words);
			fprintf(o, "%s%s", h ? ", " : ": ", words);
		}
		any = 1;
	}
	int roads = 0;
	for (size_t i = 0; i < json_len(json_get(view, "roads")); i++)
		roads += json_int(json_get(json_at(json_get(view, "roads"), i), "seat"), -1) == seat;
	fprintf(o, "%s\nyour roads%s: %d\n", any ? "" : " none", json_get(view, "fish") ? " and ships" : "", roads);
}

/* One character per tile kind; permanents as owner digit and first letter. */
static char tile_char(const char *kind)
{
	static const char *const table[][2] = {{"plain", "."}, {"street", "="}, {"farm", "f"}, {"gate", "g"},
					       {"spawn", "s"}, {"house", "h"},  {"wall", "#"}, {"tower", "T"},
					       {"water", "~"}, {"deep", "w"},   {"harbor", "H"}};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(kind, table[i][0]))
			return table[i][1][0];
	return '?';
}

static void show_muhq(FILE *o, const json *board, const json *view, int seat)
{
	int w = json_int(json_get(board, "width"), 0), h = json_int(json_get(board, "height"), 0);
	if (w <= 0 || h <= 0 || w > 100 || h > 100)
		return;
	fprintf(o, "    ");
	for (int x = 0; x < w; x++)
		fprintf(o, "%3d", x);
	fprintf(o, "\n");
	const json *perms = json_get(view, "permanents");
	for (int y = 0; y < h; y++) {
		fprintf(o, "%3d ", y);
		for (int x = 0; x < w; x++) {
			char cell[3] = {' ', tile_char(json_str(json_at(json_at(json_get(board, "tiles"), (size_t)y), (size_t)x), "")),
					' '};
			for (size_t i = 0; i < json_len(perms); i++) {
				const json *p = json_at(perms, i), *t = json_get(p, "tile"), *up = json_get(p, "up");
				if (json_int(json_at(t, 0), -1) == x && json_int(json_at(t, 1), -1) == y && (!up || up->type == JSON_NULL)) {
					cell[0] = (char)('0' + json_int(json_get(p, "controller"), 0) % 10);
					cell[1] = json_str(json_get(p, "name"), "?")[0];
				}
			}
			fprintf(o, "%c%c%c", cell[0], cell[1], cell[2]);
		}
		fprintf(o, "\n");
	}
	for (size_t i = 0; i < json_len(perms); i++) {
		const json *p = json_at(perms, i), *st = json_get(p, "stats");
		fprintf(o, "  %d%c c%-4d %-14s seat %d at (%d,%d)  attack %d range %d move %d health %d damage %d%s\n",
			json_int(json_get(p, "controller"), 0) % 10, json_str(json_get(p, "name"), "?")[0],
			json_int(json_get(p, "id"), -1), json_str(json_get(p, "name"), "?"), json_int(json_get(p, "controller"), -1),
			json_int(json_at(json_get(p, "tile"), 0), -1), json_int(json_at(json_get(p, "tile"), 1), -1),
			json_int(json_get(st, "attack"), 0), json_int(json_get(st, "range"), 0), json_int(json_get(st, "move"), 0),
			json_int(json_get(st, "health"), 0), json_int(json_get(json_get(p, "marks"), "damage"), 0),
			json_true(json_get(p, "tapped")) ? ", tapped" : "");
	}
	const json *seats = json_get(view, "seats");
	for (size_t i = 0; i < json_len(seats); i++) {
		const json *s = json_at(seats, i);
		fprintf(o, "%sseat %zu: resource %d, hand %d, deck %d, discard %zu%s\n", (int)i == seat ? "you " : "    ", i,
			json_int(json_get(s, "resource"), 0), json_int(json_get(s, "hand_count"), 0),
			json_int(json_get(s, "deck_count"), 0), json_len(json_get(s, "discard")),
			json_true(json_get(s, "out")) ? " (out)" : "");
	}
	const json *hand = json_get(json_at(seats, (size_t)seat), "hand");
	fprintf(o, "your hand:");
	for (size_t i = 0; i < json_len(hand); i++)
		fprintf(o, "%s %s", i ? "," : "", json_str(json_get(json_at(hand, i), "name"), "?"));
	fprintf(o, "%s\n", json_len(hand) ? "" : " empty");
}

int show_position(FILE *out, const crisk_game *g, int seat)
{
	char *bt = text_of(board_json, crisk_game_rules(g), 0), *vt = text_of(view_json, g, seat);
	char err[160] = "";
	json *board = bt ? json_parse(bt, err, sizeof err) : NULL, *view = vt ? json_parse(vt, err, sizeof err) : NULL;
	free(bt);
	free(vt);
	int rc = 0;
	if (!view) {
		fprintf(stderr, "crisk-play: no view: %s\n", err[0] ? err : crisk_error_last());
		rc = -1;
	} else {
		const json *dice = json_get(view, "dice");
		fprintf(out, "\n== %s, turn %d, phase %s", json_str(json_get(view, "module"), "?"),
			json_int(json_get(view, "turn"), 0), json_str(json_get(view, "phase"), "?"));
		if (json_int(json_at(dice, 0), 0) > 0)
			fprintf(out, ", dice %d + %d", json_int(json_at(dice, 0), 0), json_int(json_at(dice, 1), 0));
		fprintf(out, " ==\n");
		if (json_get(board, "hexes"))
			show_catan(out, board, view, seat);
		else if (json_get(board, "tiles"))
			show_muhq(out, board, view, seat);
	}
	json_free(board);
	json_free(view);
	return rc;
}

void show_scores(FILE *out, const crisk_game *g, int seat)
{
	int winner = -1, status = crisk_game_status(g, &winner);
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	fprintf(out, "\nseat  score\n");
	for (int s = 0; s < seats; s++) {
		int vp = 0;
		crisk_game_score(g, s, seat, &vp);
		fprintf(out, "%-5d %5d%s%s\n", s, vp, s == seat ? "  (you)" : "", s == winner ? "  winner" : "");
	}
	fprintf(out, "%s after turn %lld\n",
		status == CRISK_STATUS_WON ? (winner == seat ? "you win" : "you lose")
					   : "the game ended without a winner",
		(long long)crisk_game_turn(g));
}
