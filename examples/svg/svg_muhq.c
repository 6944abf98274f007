/* Pictures of muhq: the square grid with its tile kinds, home tiles and
 * areas, walls, the permanents with their stats, marks and piles, and a panel
 * with resources, hands (the viewer's own only), decks, stores and the stack. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg_draw.h"

enum { CELL = 44, MARGIN = 30, MAX_SIDE = 200 };

static const char *tile_colour(const char *kind)
{
	static const char *const table[][2] = {
		{"plain", "#eee8cd"}, {"street", "#c8b99a"}, {"farm", "#c5e1a5"}, {"gate", "#a1887f"},
		{"spawn", "#ffe0b2"}, {"house", "#bcaaa4"},  {"wall", "#616161"}, {"tower", "#607d8b"},
		{"water", "#81d4fa"}, {"deep", "#4a90c2"}, {"harbor", "#90a4ae"},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(kind, table[i][0]))
			return table[i][1];
	return "#dddddd";
}

static int tile_of(const json *t, int *x, int *y)
{
	if (json_len(t) != 2)
		return -1;
	*x = json_int(json_at(t, 0), -1);
	*y = json_int(json_at(t, 1), -1);
	return *x < 0 || *y < 0 || *x >= MAX_SIDE || *y >= MAX_SIDE ? -1 : 0;
}

static void draw_grid(svg_buf *b, const json *board, int width, int height)
{
	const json *rows = json_get(board, "tiles");
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			const char *kind = json_str(json_at(json_at(rows, (size_t)y), (size_t)x), "plain");
			sb_printf(b, "<rect class=\"tile tile-%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
				     "stroke=\"#fffdf7\"/>\n",
				  kind, MARGIN + x * CELL, MARGIN + y * CELL, CELL, CELL, tile_colour(kind));
		}
	const json *homes = json_get(board, "home_tiles");
	for (size_t i = 0; i < json_len(homes); i++) {
		const json *h = json_at(homes, i);
		int x, y, seat = json_int(json_get(h, "seat"), -1);
		if (tile_of(json_get(h, "tile"), &x, &y))
			continue;
		sb_printf(b, "<rect class=\"home seat-%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
			     "stroke=\"%s\" stroke-width=\"3\"/>\n",
			  seat, MARGIN + x * CELL + 2, MARGIN + y * CELL + 2, CELL - 4, CELL - 4, svg_seat_colour(seat));
	}
	const json *areas = json_get(board, "areas");
	for (size_t i = 0; i < json_len(areas); i++) {
		const json *a = json_at(areas, i);
		int x = json_int(json_get(a, "x"), 0), y = json_int(json_get(a, "y"), 0);
		sb_printf(b, "<rect class=\"area\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\" "
			     "stroke-dasharray=\"5 4\"/>\n",
			  MARGIN + x * CELL, MARGIN + y * CELL, json_int(json_get(a, "w"), 1) * CELL,
			  json_int(json_get(a, "h"), 1) * CELL);
		sb_label(b, "area-name", MARGIN + x * CELL + 3, MARGIN + y * CELL + 10, "font-size=\"9\" fill=\"#444\"",
			 json_str(json_get(a, "id"), ""));
	}
}

static void draw_walls(svg_buf *b, const json *view)
{
	const json *walls = json_get(view, "walls");
	for (size_t i = 0; i < json_len(walls); i++) {
		const json *w = json_at(walls, i);
		int x, y;
		if (tile_of(json_get(w, "tile"), &x, &y) || !json_true(json_get(w, "standing")))
			continue;
		sb_printf(b, "<rect class=\"wall\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#424242\"/>\n",
			  MARGIN + x * CELL + 4, MARGIN + y * CELL + 4, CELL - 8, CELL - 8);
		if (json_int(json_get(w, "damage"), 0) > 0) {
			char text[16];
			snprintf(text, sizeof text, "-%d", json_int(json_get(w, "damage"), 0));
			sb_label(b, "wall-damage", MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2 + 4,
				 "font-size=\"10\" text-anchor=\"middle\" fill=\"white\"", text);
		}
	}
}

/* "P2 Z1": the marks a permanent carries, by their first letter. */
static void marks_text(const json *marks, char *out, size_t cap)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; marks && marks->type == JSON_OBJECT && i < marks->count && n < cap; i++) {
		int v = json_int(&marks->items[i], 0);
		if (v > 0 && strcmp(marks->keys[i], "damage"))
			n += (size_t)snprintf(out + n, cap - n, "%s%c%d", n ? " " : "", marks->keys[i][0] - 32, v);
	}
}

static void draw_permanents(svg_buf *b, const json *view)
{
	const json *perms = json_get(view, "permanents");
	for (size_t i = 0; i < json_len(perms); i++) {
		const json *pm = json_at(perms, i), *stats = json_get(pm, "stats");
		int x, y, owner = json_int(json_get(pm, "controller"), json_int(json_get(pm, "owner"), -1));
		if (tile_of(json_get(pm, "tile"), &x, &y))
			continue;
		const json *up = json_get(pm, "up");
		int carried = up && up->type != JSON_NULL; /* drawn small, beside its carrier */
		double cx = MARGIN + x * CELL + (carried ? CELL - 8 : CELL / 2.0), cy = MARGIN + y * CELL + (carried ? 8 : CELL / 2.0);
		const char *type = json_str(json_get(pm, "type"), "unit");
		sb_printf(b, "<g class=\"permanent seat-%d %s\"><title>", owner, type);
		sb_text(b, json_str(json_get(pm, "name"), "?"));
		sb_printf(b, "</title>");
		if (!strcmp(type, "unit"))
			sb_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#222\" stroke-width=\"%s\"/>", cx,
				  cy, carried ? 6 : 16, svg_seat_colour(owner), json_true(json_get(pm, "tapped")) ? "3" : "1");
		else
			sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#222\"/>",
				  cx - (carried ? 6 : 15), cy - (carried ? 6 : 15), carried ? 12 : 30, carried ? 12 : 30,
				  svg_seat_colour(owner));
		char name[4] = {0};
		strncpy(name, json_str(json_get(pm, "name"), "?"), 2);
		sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\">", cx, cy - (carried ? -3 : 3),
			  carried ? 7 : 10);
		sb_text(b, name);
		sb_printf(b, "</text>");
		if (!carried) {
			int health = json_int(json_get(stats, "health"), 0), damage = json_int(json_get(json_get(pm, "marks"), "damage"), 0);
			char line[48];
			snprintf(line, sizeof line, "%d/%d", json_int(json_get(stats, "attack"), 0), health - damage);
			sb_printf(b, "<text class=\"stats\" x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">", cx, cy + 9);
			sb_text(b, line);
			sb_printf(b, "</text>");
			marks_text(json_get(pm, "marks"), line, sizeof line);
			int piles = json_int(json_get(pm, "pile_attack"), 0) + json_int(json_get(pm, "pile_range"), 0);
			if (piles) {
				size_t n = strlen(line);
				snprintf(line + n, sizeof line - n, "%spile %d", n ? " " : "", piles);
			}
			if (line[0]) {
				sb_printf(b, "<text class=\"marks\" x=\"%.1f\" y=\"%.1f\" font-size=\"7\" text-anchor=\"middle\" "
					     "fill=\"#b00020\">",
					  cx, cy + 21);
				sb_text(b, line);
				sb_printf(b, "</text>");
			}
		}
		sb_printf(b, "</g>\n");
	}
}

static void names_line(char *out, size_t cap, const char *label, const json *cards)
{
	size_t n = (size_t)snprintf(out, cap, "%s", label);
	for (size_t i = 0; i < json_len(cards) && n < cap; i++)
		n += (size_t)snprintf(out + n, cap - n, "%s %s", i ? "," : "", json_str(json_get(json_at(cards, i), "name"), "?"));
}

static void draw_panel(svg_buf *b, const json *view, double x, double y)
{
	char line[400];
	y = svg_panel_head(b, view, x, y);
	const json *seats = json_get(view, "seats");
	for (size_t i = 0; i < json_len(seats); i++) {
		const json *s = json_at(seats, i);
		int seat = json_int(json_get(s, "seat"), (int)i);
		sb_printf(b, "<rect class=\"swatch seat-%d\" x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" "
			     "stroke=\"#222\"/>\n",
			  seat, x, y - 10, svg_seat_colour(seat));
		snprintf(line, sizeof line, "seat %d%s: resource %d, hand %d, deck %d, discard %zu, store %zu", seat,
			 json_true(json_get(s, "out")) ? " (out)" : "", json_int(json_get(s, "resource"), 0),
			 json_int(json_get(s, "hand_count"), 0), json_int(json_get(s, "deck_count"), 0),
			 json_len(json_get(s, "discard")), json_len(json_get(s, "store")));
		sb_label(b, "seat-row", x + 16, y, "font-size=\"11\"", line);
		y += 15;
		if (json_get(s, "hand")) { /* the viewer's own hand only */
			names_line(line, sizeof line, "hand:", json_get(s, "hand"));
			sb_label(b, "hand", x + 16, y, "font-size=\"10\" fill=\"#444\"", line);
			y += 14;
		}
		y += 4;
	}
	const json *stack = json_get(view, "stack");
	for (size_t i = json_len(stack); i-- > 0;) {
		const json *it = json_at(stack, i);
		snprintf(line, sizeof line, "stack %zu: %s %s", i, json_str(json_get(it, "kind"), "?"),
			 json_str(json_get(it, "name"), ""));
		sb_label(b, "stack-item", x, y, "font-size=\"10\"", line);
		y += 14;
	}
}

int svg_muhq(svg_buf *b, const json *board, const json *view, char *err, size_t errlen)
{
	int width = json_int(json_get(board, "width"), 0), height = json_int(json_get(board, "height"), 0);
	if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
		snprintf(err, errlen, "the board has no grid size (width, height 1..%d)", MAX_SIDE);
		return -1;
	}
	double w = 2 * MARGIN + width * CELL, h = 2 * MARGIN + height * CELL;
	size_t seats = json_len(json_get(view, "seats")), stack = json_len(json_get(view, "stack"));
	svg_open(b, w + SVG_PANEL_WIDTH + 120, fmax(h, 100 + 40.0 * (double)seats + 14.0 * (double)stack));
	sb_label(b, "map-title", MARGIN, 20, "font-size=\"13\" font-style=\"italic\"", json_str(json_get(board, "title"), ""));
	draw_grid(b, board, width, height);
	draw_walls(b, view);
	draw_permanents(b, view);
	draw_panel(b, view, w + 10, 24);
	svg_close(b);
	return 0;
}
