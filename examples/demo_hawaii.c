/* crisk-demo for the rule module hawaii: the point-to-point map as a text
 * listing, event texts with map ids and names, a status line per turn and
 * the final scores with fish, from the public JSON only (the keys of
 * docs/decisions.md, "Module hawaii", items 26, 29 and 30), read with the
 * examples' JSON reader (examples/svg/json.h). */
#include "demo_hawaii.h"

#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hawaii_demo {
	json *board;
};

/* Text the library writes into a caller buffer, parsed; NULL with *rc set
 * on an error (CRISK_EFORMAT for text that does not parse). */
static json *fetch_json(int (*get)(const void *, int, char *, size_t, size_t *), const void *obj, int viewer, int *rc)
{
	size_t len = 0;
	*rc = get(obj, viewer, NULL, 0, &len);
	if (*rc && *rc != CRISK_EBUFSIZE)
		return NULL;
	char *text = malloc(len + 1), err[128];
	if (!text) {
		*rc = CRISK_ENOMEM;
		return NULL;
	}
	json *v = NULL;
	*rc = get(obj, viewer, text, len + 1, NULL);
	if (!*rc && !(v = json_parse(text, err, sizeof err)))
		*rc = CRISK_EFORMAT;
	free(text);
	return v;
}

static int board_text(const void *rules, int viewer, char *buf, size_t cap, size_t *len)
{
	(void)viewer;
	return crisk_rules_board_json(rules, buf, cap, len);
}

static int view_text(const void *game, int viewer, char *buf, size_t cap, size_t *len)
{
	return crisk_game_to_json(game, viewer, buf, cap, len);
}

int hawaii_demo_open(hawaii_demo **out, const crisk_rules *rules)
{
	hawaii_demo *d = calloc(1, sizeof *d);
	if (!d)
		return CRISK_ENOMEM;
	int rc;
	d->board = fetch_json(board_text, rules, 0, &rc);
	if (!d->board) {
		free(d);
		return rc;
	}
	*out = d;
	return CRISK_OK;
}

void hawaii_demo_free(hawaii_demo *d)
{
	if (!d)
		return;
	json_free(d->board);
	free(d);
}

/* ---- Names of map elements. ---- */

static const json *item(const hawaii_demo *d, const char *list, int id)
{
	return id >= 0 ? json_at(json_get(d->board, list), (size_t)id) : NULL;
}

static const char *map_id(const hawaii_demo *d, const char *list, int id)
{
	return json_str(json_get(item(d, list, id), "map_id"), "?");
}

/* A point by its place name, or its map id for a junction. */
static const char *point_label(const hawaii_demo *d, int id)
{
	const json *n = item(d, "nodes", id);
	return json_str(json_get(n, "name"), json_str(json_get(n, "map_id"), "?"));
}

/* "ka1 forest 4" or "mu4 desert". */
static void hex_label(const hawaii_demo *d, int id, char *out, size_t cap)
{
	const json *h = item(d, "hexes", id);
	int token = json_int(json_get(h, "token"), 0);
	if (token)
		snprintf(out, cap, "%s %s %d", map_id(d, "hexes", id), json_str(json_get(h, "terrain"), "?"), token);
	else
		snprintf(out, cap, "%s %s", map_id(d, "hexes", id), json_str(json_get(h, "terrain"), "?"));
}

/* "Lihu'e - w03": the two end points of a space. */
static void space_ends(const hawaii_demo *d, const json *path, char *out, size_t cap)
{
	const json *ends = json_get(path, "nodes");
	snprintf(out, cap, "%s - %s", point_label(d, json_int(json_at(ends, 0), -1)), point_label(d, json_int(json_at(ends, 1), -1)));
}

static int pips(int number)
{
	return number >= 2 && number <= 12 && number != 7 ? 6 - abs(number - 7) : 0;
}

/* ---- The map listing. ---- */

/* Items of a list written one after the other, wrapped at 100 columns. */
typedef struct wrap {
	int col, items;
	const char *indent;
} wrap;

static void wrap_put(wrap *w, const char *text)
{
	int len = (int)strlen(text);
	if (w->items && w->col + 2 + len > 100) {
		printf(",\n%s", w->indent);
		w->col = (int)strlen(w->indent);
	} else if (w->items) {
		printf(", ");
		w->col += 2;
	}
	printf("%s", text);
	w->col += len;
	w->items++;
}

static void wrap_start(wrap *w, const char *head, const char *indent)
{
	printf("%s", head);
	*w = (wrap){(int)strlen(head), 0, indent};
}

static int is_chit(const hawaii_demo *d, int node)
{
	const json *chits = json_get(d->board, "chit_nodes");
	for (size_t i = 0; i < json_len(chits); i++)
		if (json_int(json_at(chits, i), -1) == node)
			return 1;
	return 0;
}

static void print_counts(const hawaii_demo *d)
{
	const json *hexes = json_get(d->board, "hexes"), *nodes = json_get(d->board, "nodes"), *paths = json_get(d->board, "paths");
	int land = json_int(json_get(d->board, "land_hexes"), 0), kinds[3] = {0}, spaces[4] = {0};
	static const char *const node_kinds[3] = {"site", "chit", "junction"};
	static const char *const path_kinds[4] = {"road", "ship", "merchant", "fishing"};
	for (size_t i = 0; i < json_len(nodes); i++)
		for (int k = 0; k < 3; k++)
			kinds[k] += !strcmp(json_str(json_get(json_at(nodes, i), "kind"), ""), node_kinds[k]);
	for (size_t i = 0; i < json_len(paths); i++)
		for (int k = 0; k < 4; k++)
			spaces[k] += !strcmp(json_str(json_get(json_at(paths, i), "kind"), ""), path_kinds[k]);
	printf("Map: %s\n", json_str(json_get(d->board, "title"), "(untitled)"));
	printf("  %zu islands, %zu hexes (%d land, %zu sea), %zu points (%d sites, %d chit points, %d junctions),\n"
	       "  %zu spaces (%d road, %d ship, %d merchant, %d fishing), %zu blue number discs\n",
	       json_len(json_get(d->board, "islands")), json_len(hexes), land, json_len(hexes) - (size_t)land, json_len(nodes), kinds[0],
	       kinds[1], kinds[2], json_len(paths), spaces[0], spaces[1], spaces[2], spaces[3],
	       json_len(json_get(d->board, "discs")));
	int robber = json_int(json_get(d->board, "robber_start"), -1), pirate = json_int(json_get(d->board, "pirate_start"), -1);
	printf("  robber starts on %s (%s), pirate on %s (%s)\n", map_id(d, "hexes", robber),
	       json_str(json_get(item(d, "hexes", robber), "name"), "-"), map_id(d, "hexes", pirate),
	       json_str(json_get(item(d, "hexes", pirate), "name"), "-"));
	const json *targets = json_get(d->board, "targets");
	printf("  victory at %d VP (the map's targets:", json_int(json_get(d->board, "vp_target"), 0));
	for (size_t i = 0; i < json_len(targets); i++)
		printf("%s %d seats %d", i ? "," : "", json_int(json_get(json_at(targets, i), "players"), 0),
		       json_int(json_get(json_at(targets, i), "vp"), 0));
	printf(")\n  fishing track, VP per boat position 0, 1, ...:");
	const json *track = json_get(d->board, "fishing_track");
	for (size_t i = 0; i < json_len(track); i++)
		printf(" %d", json_int(json_at(track, i), 0));
	printf("\n");
}

/* An island: its land hexes, then its sites and chit points with their
 * production lists and pips. */
static void print_island(const hawaii_demo *d, int island)
{
	const json *hexes = json_get(d->board, "hexes"), *nodes = json_get(d->board, "nodes");
	printf("\n%s (%s)\n", json_str(json_get(item(d, "islands", island), "name"), "?"), map_id(d, "islands", island));
	wrap w;
	char buf[160];
	wrap_start(&w, "  land hexes: ", "              ");
	for (size_t i = 0; i < json_len(hexes); i++) {
		const json *h = json_at(hexes, i);
		if (!json_true(json_get(h, "land")) || json_int(json_get(h, "island"), -1) != island)
			continue;
		char label[48];
		hex_label(d, (int)i, label, sizeof label);
		snprintf(buf, sizeof buf, "%s (%s)", label, json_str(json_get(h, "name"), "-"));
		wrap_put(&w, buf);
	}
	printf("\n");
	for (size_t i = 0; i < json_len(nodes); i++) {
		const json *n = json_at(nodes, i);
		const char *kind = json_str(json_get(n, "kind"), "");
		if (json_int(json_get(n, "island"), -1) != island || !strcmp(kind, "junction"))
			continue;
		const json *list = json_get(n, "hexes");
		int sum = 0;
		char what[32];
		if (!strcmp(kind, "site"))
			snprintf(what, sizeof what, "  site  ");
		else
			snprintf(what, sizeof what, "  %s", is_chit(d, (int)i) ? "chit* " : "chit  ");
		int len = snprintf(buf, sizeof buf, "%s%-22s %-15s", what, json_str(json_get(n, "name"), "?"),
				   json_str(json_get(n, "map_id"), "?"));
		for (size_t j = 0; j < json_len(list) && len < (int)sizeof buf; j++) {
			int hex = json_int(json_at(list, j), -1);
			char label[48];
			hex_label(d, hex, label, sizeof label);
			sum += pips(json_int(json_get(item(d, "hexes", hex), "token"), 0));
			len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", j ? ", " : " <- ", label);
		}
		printf("%s  (%d pips)\n", buf, sum);
	}
}

static void print_sea(const hawaii_demo *d)
{
	const json *paths = json_get(d->board, "paths"), *discs = json_get(d->board, "discs");
	char ends[96], buf[200];
	printf("\nMerchant spaces (a ship there gives its scroll's trade rate):\n");
	for (size_t i = 0; i < json_len(paths); i++) {
		const json *p = json_at(paths, i);
		if (strcmp(json_str(json_get(p, "kind"), ""), "merchant"))
			continue;
		const json *trade = json_get(p, "trade");
		space_ends(d, p, ends, sizeof ends);
		printf("  %-4s %-32s %s %d:1\n", json_str(json_get(p, "map_id"), "?"), ends, json_str(json_get(trade, "resource"), "?"),
		       json_int(json_get(trade, "ratio"), 0));
	}
	printf("\nFishing grounds (a ship there catches 1 fish when one of its discs is rolled):\n");
	for (size_t i = 0; i < json_len(paths); i++) {
		const json *p = json_at(paths, i);
		if (strcmp(json_str(json_get(p, "kind"), ""), "fishing"))
			continue;
		space_ends(d, p, ends, sizeof ends);
		int len = snprintf(buf, sizeof buf, "  %-4s %-32s discs", json_str(json_get(p, "map_id"), "?"), ends), sum = 0;
		for (size_t k = 0; k < json_len(discs); k++) {
			const json *disc = json_at(discs, k), *on = json_get(disc, "paths");
			for (size_t j = 0; j < json_len(on); j++) {
				if (json_int(json_at(on, j), -1) != (int)i)
					continue;
				int number = json_int(json_get(disc, "number"), 0);
				sum += pips(number);
				len += snprintf(buf + len, sizeof buf - (size_t)len, " %d", number);
			}
		}
		printf("%s  (%d pips)\n", buf, sum);
	}
	wrap w;
	wrap_start(&w, "\nBlue number discs (disc number: its fishing grounds): ", "  ");
	for (size_t k = 0; k < json_len(discs); k++) {
		const json *disc = json_at(discs, k), *on = json_get(disc, "paths");
		int len = snprintf(buf, sizeof buf, "%s %d:", json_str(json_get(disc, "map_id"), "?"), json_int(json_get(disc, "number"), 0));
		for (size_t j = 0; j < json_len(on) && len < (int)sizeof buf; j++)
			len += snprintf(buf + len, sizeof buf - (size_t)len, " %s", map_id(d, "paths", json_int(json_at(on, j), -1)));
		wrap_put(&w, buf);
	}
	printf("\n");
	wrap_start(&w, "\nShip spaces: ", "             ");
	for (size_t i = 0; i < json_len(paths); i++) {
		const json *p = json_at(paths, i);
		if (strcmp(json_str(json_get(p, "kind"), ""), "ship"))
			continue;
		space_ends(d, p, ends, sizeof ends);
		snprintf(buf, sizeof buf, "%s %s", json_str(json_get(p, "map_id"), "?"), ends);
		wrap_put(&w, buf);
	}
	printf("\n(chit* = a point holding a Catan chit; roads join the points of each island.)\n\n");
}

void hawaii_demo_print_map(const hawaii_demo *d)
{
	print_counts(d);
	for (size_t i = 0; i < json_len(json_get(d->board, "islands")); i++)
		print_island(d, (int)i);
	print_sea(d);
}

/* ---- Events. ---- */

void hawaii_demo_event_text(const hawaii_demo *d, const char *text, char *out, size_t cap)
{
	static const char *const words[] = {"intersection ", "point ", "path ", "hex "};
	size_t len = 0;
	if (!cap)
		return;
	while (*text && len + 1 < cap) {
		int word = -1;
		size_t n = 0;
		for (int i = 0; i < 4 && word < 0; i++) {
			n = strlen(words[i]);
			if (!strncmp(text, words[i], n) && text[n] >= '0' && text[n] <= '9')
				word = i;
		}
		if (word < 0) {
			out[len++] = *text++;
			continue;
		}
		char *end;
		int id = (int)strtol(text + n, &end, 10);
		char name[96];
		if (word <= 1)
			snprintf(name, sizeof name, "%s", point_label(d, id));
		else if (word == 2)
			snprintf(name, sizeof name, "%s", map_id(d, "paths", id));
		else
			snprintf(name, sizeof name, "%s (%s)", map_id(d, "hexes", id),
				 json_str(json_get(item(d, "hexes", id), "name"), "-"));
		int wrote = snprintf(out + len, cap - len, "%s", name);
		len = wrote < 0 || (size_t)wrote >= cap - len ? cap - 1 : len + (size_t)wrote;
		text = end;
	}
	out[len] = '\0';
}

/* ---- Seats. ---- */

static int chits_of(const json *view, int seat)
{
	const json *chits = json_get(view, "chits");
	int n = 0;
	for (size_t i = 0; i < json_len(chits); i++)
		n += json_int(json_at(json_at(chits, i), 1), -1) == seat;
	return n;
}

int hawaii_demo_status(const hawaii_demo *d, const crisk_game *g, int viewer)
{
	int rc;
	json *view = fetch_json(view_text, g, viewer, &rc);
	if (!view)
		return rc;
	const json *seats = json_get(view, "seats");
	printf("        VP");
	for (size_t s = 0; s < json_len(seats); s++)
		printf(" %d", json_int(json_get(json_at(seats, s), "visible_vp"), 0));
	printf(" | fish");
	for (size_t s = 0; s < json_len(seats); s++)
		printf(" %d", json_int(json_at(json_get(view, "fish"), s), 0));
	printf(" | boats");
	for (size_t s = 0; s < json_len(seats); s++)
		printf(" %d", json_int(json_at(json_get(view, "boat"), s), 0));
	printf(" | chits");
	for (size_t s = 0; s < json_len(seats); s++)
		printf(" %d", chits_of(view, (int)s));
	printf(" | robber %s, pirate %s\n", map_id(d, "hexes", json_int(json_get(view, "robber"), -1)),
	       map_id(d, "hexes", json_int(json_get(view, "pirate"), -1)));
	json_free(view);
	return CRISK_OK;
}

int hawaii_demo_scores(const hawaii_demo *d, const crisk_game *g)
{
	(void)d;
	int rc;
	json *view = fetch_json(view_text, g, CRISK_VIEWER_OMNISCIENT, &rc);
	if (!view)
		return rc;
	const json *seats = json_get(view, "seats");
	printf("\nseat  sett city road ship  route  army  chits  fish boat fishVP  VP cards  VP\n");
	for (size_t s = 0; s < json_len(seats); s++) {
		const json *seat = json_at(seats, s), *pieces = json_get(seat, "pieces");
		int vp = json_int(json_get(seat, "vp"), 0), visible = json_int(json_get(seat, "visible_vp"), 0);
		printf("%4zu  %4d %4d %4d %4d  %3d%s  %3d%s  %5d  %4d %4d %6d  %8d  %2d\n", s,
		       5 - json_int(json_get(pieces, "settlements"), 5), 4 - json_int(json_get(pieces, "cities"), 4),
		       15 - json_int(json_get(pieces, "roads"), 15), 15 - json_int(json_at(json_get(view, "ships_in_supply"), s), 15),
		       json_int(json_get(seat, "road_length"), 0), json_true(json_get(seat, "longest_road")) ? "*" : " ",
		       json_int(json_get(seat, "knights"), 0), json_true(json_get(seat, "largest_army")) ? "*" : " ",
		       chits_of(view, (int)s), json_int(json_at(json_get(view, "fish"), s), 0), json_int(json_at(json_get(view, "boat"), s), 0),
		       json_int(json_at(json_get(view, "fishing_vp"), s), 0), vp - visible, vp);
	}
	printf("(route: Longest Trade Route length, * holds its card; army: knights played, * holds Largest Army;\n"
	       " VP = settlements + 2 x cities + 2 per card held + chits + fishing VP + VP cards)\n");
	json_free(view);
	return CRISK_OK;
}
