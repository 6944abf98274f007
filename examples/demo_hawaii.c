/* crisk-demo for the rule module hawaii: the point-to-point map as a text
 * listing, event texts with map ids and names, a status line per turn and
 * the final scores with fish, from the public JSON only (the keys of
 * docs/decisions.md, "Module hawaii", items 26, 29 and 30). */
#include "demo_hawaii.h"

#include "demo_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hawaii_demo {
	jv board;
};

int hawaii_demo_open(hawaii_demo **out, const crisk_rules *rules)
{
	hawaii_demo *d = calloc(1, sizeof *d);
	if (!d)
		return CRISK_ENOMEM;
	int rc = jfetch_board(rules, &d->board);
	if (rc) {
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
	jfree(&d->board);
	free(d);
}

/* ---- Names of map elements. ---- */

static const jv *item(const hawaii_demo *d, const char *list, int id)
{
	return id >= 0 ? jat(jget(&d->board, list), (size_t)id) : NULL;
}

static const char *map_id(const hawaii_demo *d, const char *list, int id)
{
	return jstr(jget(item(d, list, id), "map_id"), "?");
}

/* A point by its place name, or its map id for a junction. */
static const char *point_label(const hawaii_demo *d, int id)
{
	const jv *n = item(d, "nodes", id);
	return jstr(jget(n, "name"), jstr(jget(n, "map_id"), "?"));
}

/* "ka1 forest 4" or "mu4 desert". */
static void hex_label(const hawaii_demo *d, int id, char *out, size_t cap)
{
	const jv *h = item(d, "hexes", id);
	int token = jint(jget(h, "token"), 0);
	if (token)
		snprintf(out, cap, "%s %s %d", map_id(d, "hexes", id), jstr(jget(h, "terrain"), "?"), token);
	else
		snprintf(out, cap, "%s %s", map_id(d, "hexes", id), jstr(jget(h, "terrain"), "?"));
}

/* "Lihu'e - w03": the two end points of a space. */
static void space_ends(const hawaii_demo *d, const jv *path, char *out, size_t cap)
{
	const jv *ends = jget(path, "nodes");
	snprintf(out, cap, "%s - %s", point_label(d, jint(jat(ends, 0), -1)), point_label(d, jint(jat(ends, 1), -1)));
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
	const jv *chits = jget(&d->board, "chit_nodes");
	for (size_t i = 0; i < jlen(chits); i++)
		if (jint(jat(chits, i), -1) == node)
			return 1;
	return 0;
}

static void print_counts(const hawaii_demo *d)
{
	const jv *hexes = jget(&d->board, "hexes"), *nodes = jget(&d->board, "nodes"), *paths = jget(&d->board, "paths");
	int land = jint(jget(&d->board, "land_hexes"), 0), kinds[3] = {0}, spaces[4] = {0};
	static const char *const node_kinds[3] = {"site", "chit", "junction"};
	static const char *const path_kinds[4] = {"road", "ship", "merchant", "fishing"};
	for (size_t i = 0; i < jlen(nodes); i++)
		for (int k = 0; k < 3; k++)
			kinds[k] += !strcmp(jstr(jget(jat(nodes, i), "kind"), ""), node_kinds[k]);
	for (size_t i = 0; i < jlen(paths); i++)
		for (int k = 0; k < 4; k++)
			spaces[k] += !strcmp(jstr(jget(jat(paths, i), "kind"), ""), path_kinds[k]);
	printf("Map: %s\n", jstr(jget(&d->board, "title"), "(untitled)"));
	printf("  %zu islands, %zu hexes (%d land, %zu sea), %zu points (%d sites, %d chit points, %d junctions),\n"
	       "  %zu spaces (%d road, %d ship, %d merchant, %d fishing), %zu blue number discs\n",
	       jlen(jget(&d->board, "islands")), jlen(hexes), land, jlen(hexes) - (size_t)land, jlen(nodes), kinds[0],
	       kinds[1], kinds[2], jlen(paths), spaces[0], spaces[1], spaces[2], spaces[3],
	       jlen(jget(&d->board, "discs")));
	int robber = jint(jget(&d->board, "robber_start"), -1), pirate = jint(jget(&d->board, "pirate_start"), -1);
	printf("  robber starts on %s (%s), pirate on %s (%s)\n", map_id(d, "hexes", robber),
	       jstr(jget(item(d, "hexes", robber), "name"), "-"), map_id(d, "hexes", pirate),
	       jstr(jget(item(d, "hexes", pirate), "name"), "-"));
	const jv *targets = jget(&d->board, "targets");
	printf("  victory at %d VP (the map's targets:", jint(jget(&d->board, "vp_target"), 0));
	for (size_t i = 0; i < jlen(targets); i++)
		printf("%s %d seats %d", i ? "," : "", jint(jget(jat(targets, i), "players"), 0),
		       jint(jget(jat(targets, i), "vp"), 0));
	printf(")\n  fishing track, VP per boat position 0, 1, ...:");
	const jv *track = jget(&d->board, "fishing_track");
	for (size_t i = 0; i < jlen(track); i++)
		printf(" %d", jint(jat(track, i), 0));
	printf("\n");
}

/* An island: its land hexes, then its sites and chit points with their
 * production lists and pips. */
static void print_island(const hawaii_demo *d, int island)
{
	const jv *hexes = jget(&d->board, "hexes"), *nodes = jget(&d->board, "nodes");
	printf("\n%s (%s)\n", jstr(jget(item(d, "islands", island), "name"), "?"), map_id(d, "islands", island));
	wrap w;
	char buf[160];
	wrap_start(&w, "  land hexes: ", "              ");
	for (size_t i = 0; i < jlen(hexes); i++) {
		const jv *h = jat(hexes, i);
		if (!jint(jget(h, "land"), 0) || jint(jget(h, "island"), -1) != island)
			continue;
		char label[48];
		hex_label(d, (int)i, label, sizeof label);
		snprintf(buf, sizeof buf, "%s (%s)", label, jstr(jget(h, "name"), "-"));
		wrap_put(&w, buf);
	}
	printf("\n");
	for (size_t i = 0; i < jlen(nodes); i++) {
		const jv *n = jat(nodes, i);
		const char *kind = jstr(jget(n, "kind"), "");
		if (jint(jget(n, "island"), -1) != island || !strcmp(kind, "junction"))
			continue;
		const jv *list = jget(n, "hexes");
		int sum = 0;
		char what[32];
		if (!strcmp(kind, "site"))
			snprintf(what, sizeof what, "  site  ");
		else
			snprintf(what, sizeof what, "  %s", is_chit(d, (int)i) ? "chit* " : "chit  ");
		int len = snprintf(buf, sizeof buf, "%s%-22s %-15s", what, jstr(jget(n, "name"), "?"),
				   jstr(jget(n, "map_id"), "?"));
		for (size_t j = 0; j < jlen(list) && len < (int)sizeof buf; j++) {
			int hex = jint(jat(list, j), -1);
			char label[48];
			hex_label(d, hex, label, sizeof label);
			sum += pips(jint(jget(item(d, "hexes", hex), "token"), 0));
			len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", j ? ", " : " <- ", label);
		}
		printf("%s  (%d pips)\n", buf, sum);
	}
}

static void print_sea(const hawaii_demo *d)
{
	const jv *paths = jget(&d->board, "paths"), *discs = jget(&d->board, "discs");
	char ends[96], buf[200];
	printf("\nMerchant spaces (a ship there gives its scroll's trade rate):\n");
	for (size_t i = 0; i < jlen(paths); i++) {
		const jv *p = jat(paths, i);
		if (strcmp(jstr(jget(p, "kind"), ""), "merchant"))
			continue;
		const jv *trade = jget(p, "trade");
		space_ends(d, p, ends, sizeof ends);
		printf("  %-4s %-32s %s %d:1\n", jstr(jget(p, "map_id"), "?"), ends, jstr(jget(trade, "resource"), "?"),
		       jint(jget(trade, "ratio"), 0));
	}
	printf("\nFishing grounds (a ship there catches 1 fish when one of its discs is rolled):\n");
	for (size_t i = 0; i < jlen(paths); i++) {
		const jv *p = jat(paths, i);
		if (strcmp(jstr(jget(p, "kind"), ""), "fishing"))
			continue;
		space_ends(d, p, ends, sizeof ends);
		int len = snprintf(buf, sizeof buf, "  %-4s %-32s discs", jstr(jget(p, "map_id"), "?"), ends), sum = 0;
		for (size_t k = 0; k < jlen(discs); k++) {
			const jv *disc = jat(discs, k), *on = jget(disc, "paths");
			for (size_t j = 0; j < jlen(on); j++) {
				if (jint(jat(on, j), -1) != (int)i)
					continue;
				int number = jint(jget(disc, "number"), 0);
				sum += pips(number);
				len += snprintf(buf + len, sizeof buf - (size_t)len, " %d", number);
			}
		}
		printf("%s  (%d pips)\n", buf, sum);
	}
	wrap w;
	wrap_start(&w, "\nBlue number discs (disc number: its fishing grounds): ", "  ");
	for (size_t k = 0; k < jlen(discs); k++) {
		const jv *disc = jat(discs, k), *on = jget(disc, "paths");
		int len = snprintf(buf, sizeof buf, "%s %d:", jstr(jget(disc, "map_id"), "?"), jint(jget(disc, "number"), 0));
		for (size_t j = 0; j < jlen(on) && len < (int)sizeof buf; j++)
			len += snprintf(buf + len, sizeof buf - (size_t)len, " %s", map_id(d, "paths", jint(jat(on, j), -1)));
		wrap_put(&w, buf);
	}
	printf("\n");
	wrap_start(&w, "\nShip spaces: ", "             ");
	for (size_t i = 0; i < jlen(paths); i++) {
		const jv *p = jat(paths, i);
		if (strcmp(jstr(jget(p, "kind"), ""), "ship"))
			continue;
		space_ends(d, p, ends, sizeof ends);
		snprintf(buf, sizeof buf, "%s %s", jstr(jget(p, "map_id"), "?"), ends);
		wrap_put(&w, buf);
	}
	printf("\n(chit* = a point holding a Catan chit; roads join the points of each island.)\n\n");
}

void hawaii_demo_print_map(const hawaii_demo *d)
{
	print_counts(d);
	for (size_t i = 0; i < jlen(jget(&d->board, "islands")); i++)
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
				 jstr(jget(item(d, "hexes", id), "name"), "-"));
		int wrote = snprintf(out + len, cap - len, "%s", name);
		len = wrote < 0 || (size_t)wrote >= cap - len ? cap - 1 : len + (size_t)wrote;
		text = end;
	}
	out[len] = '\0';
}

/* ---- Seats. ---- */

static int chits_of(const jv *view, int seat)
{
	const jv *chits = jget(view, "chits");
	int n = 0;
	for (size_t i = 0; i < jlen(chits); i++)
		n += jint(jat(jat(chits, i), 1), -1) == seat;
	return n;
}

int hawaii_demo_status(const hawaii_demo *d, const crisk_game *g, int viewer)
{
	jv view;
	int rc = jfetch_view(g, viewer, &view);
	if (rc)
		return rc;
	const jv *seats = jget(&view, "seats");
	printf("        VP");
	for (size_t s = 0; s < jlen(seats); s++)
		printf(" %d", jint(jget(jat(seats, s), "visible_vp"), 0));
	printf(" | fish");
	for (size_t s = 0; s < jlen(seats); s++)
		printf(" %d", jint(jat(jget(&view, "fish"), s), 0));
	printf(" | boats");
	for (size_t s = 0; s < jlen(seats); s++)
		printf(" %d", jint(jat(jget(&view, "boat"), s), 0));
	printf(" | chits");
	for (size_t s = 0; s < jlen(seats); s++)
		printf(" %d", chits_of(&view, (int)s));
	printf(" | robber %s, pirate %s\n", map_id(d, "hexes", jint(jget(&view, "robber"), -1)),
	       map_id(d, "hexes", jint(jget(&view, "pirate"), -1)));
	jfree(&view);
	return CRISK_OK;
}

int hawaii_demo_scores(const hawaii_demo *d, const crisk_game *g)
{
	(void)d;
	jv view;
	int rc = jfetch_view(g, CRISK_VIEWER_OMNISCIENT, &view);
	if (rc)
		return rc;
	const jv *seats = jget(&view, "seats");
	printf("\nseat  sett city road ship  route  army  chits  fish boat fishVP  VP cards  VP\n");
	for (size_t s = 0; s < jlen(seats); s++) {
		const jv *seat = jat(seats, s), *pieces = jget(seat, "pieces");
		int vp = jint(jget(seat, "vp"), 0), visible = jint(jget(seat, "visible_vp"), 0);
		printf("%4zu  %4d %4d %4d %4d  %3d%s  %3d%s  %5d  %4d %4d %6d  %8d  %2d\n", s,
		       5 - jint(jget(pieces, "settlements"), 5), 4 - jint(jget(pieces, "cities"), 4),
		       15 - jint(jget(pieces, "roads"), 15), 15 - jint(jat(jget(&view, "ships_in_supply"), s), 15),
		       jint(jget(seat, "road_length"), 0), jint(jget(seat, "longest_road"), 0) ? "*" : " ",
		       jint(jget(seat, "knights"), 0), jint(jget(seat, "largest_army"), 0) ? "*" : " ",
		       chits_of(&view, (int)s), jint(jat(jget(&view, "fish"), s), 0), jint(jat(jget(&view, "boat"), s), 0),
		       jint(jat(jget(&view, "fishing_vp"), s), 0), vp - visible, vp);
	}
	printf("(route: Longest Trade Route length, * holds its card; army: knights played, * holds Largest Army;\n"
	       " VP = settlements + 2 x cities + 2 per card held + chits + fishing VP + VP cards)\n");
	jfree(&view);
	return CRISK_OK;
}
