/* Pictures of the Catan family: hex boards (base, two_player, risk with its
 * armies and fog) and point-to-point maps (hawaii: points, spaces, discs,
 * ships, pirate), with a panel of the seats as the view shows them. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg_draw.h"

/* Lattice units (board.md): x in half hex widths, y in half side lengths. */
enum { SIDE = 36, MARGIN = 36 };
#define KX (SIDE * 0.8660254)
#define KY (SIDE * 0.5)

typedef struct {
	svg_buf *b;
	const json *board, *view;
	double minx, miny; /* lattice bounds of the drawing */
	int map;           /* a point-to-point map (hawaii) */
} pic;

static double px(const pic *p, double x)
{
	return MARGIN + (x - p->minx) * KX;
}

static double py(const pic *p, double y)
{
	return MARGIN + (y - p->miny) * KY;
}

/* Hex centre on the lattice: given by classic boards, derived from axial (q, r) on maps. */
static int hex_centre(const json *hex, double *x, double *y)
{
	const json *jx = json_get(hex, "x"), *jy = json_get(hex, "y");
	if (jx && jy) {
		*x = json_num(jx, 0);
		*y = json_num(jy, 0);
		return 0;
	}
	const json *q = json_get(hex, "q"), *r = json_get(hex, "r");
	if (!q || !r)
		return -1;
	*x = 2 * json_num(q, 0) + json_num(r, 0);
	*y = 3 * json_num(r, 0);
	return 0;
}

static int node_xy(const pic *p, int node, double *x, double *y)
{
	const json *n = json_at(json_get(p->board, "nodes"), (size_t)(node < 0 ? 0 : node));
	if (node < 0 || !json_get(n, "x") || !json_get(n, "y"))
		return -1;
	*x = px(p, json_num(json_get(n, "x"), 0));
	*y = py(p, json_num(json_get(n, "y"), 0));
	return 0;
}

static int hex_xy(const pic *p, int hex, double *x, double *y)
{
	double lx, ly;
	const json *h = json_at(json_get(p->board, "hexes"), (size_t)(hex < 0 ? 0 : hex));
	if (hex < 0 || !h || hex_centre(h, &lx, &ly))
		return -1;
	*x = px(p, lx);
	*y = py(p, ly);
	return 0;
}

/* The two end points of a path (a space on maps). */
static int path_ends(const pic *p, int path, double xy[4])
{
	const json *ends = json_get(json_at(json_get(p->board, "paths"), (size_t)(path < 0 ? 0 : path)), "nodes");
	if (path < 0 || json_len(ends) != 2)
		return -1;
	return node_xy(p, json_int(json_at(ends, 0), -1), &xy[0], &xy[1]) ||
	       node_xy(p, json_int(json_at(ends, 1), -1), &xy[2], &xy[3]);
}

static const char *terrain_colour(const char *t)
{
	static const char *const table[][2] = {
		{"hills", "#c1440e"},  {"forest", "#2e7d32"}, {"pasture", "#9ccc65"}, {"fields", "#f9c74f"},
		{"mountains", "#8d99ae"}, {"desert", "#e9d8a6"}, {"sea", "#8ecae6"},    {"hidden", "#5c5c5c"},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(t, table[i][0]))
			return table[i][1];
	return "#cccccc";
}

/* Under fog (risk) the board hides a land hex; the view reveals it to those who may know it. */
static const json *risk_hex(const pic *p, int hex)
{
	const json *hexes = json_get(json_get(p->view, "risk"), "hexes");
	for (size_t i = 0; i < json_len(hexes); i++)
		if (json_int(json_get(json_at(hexes, i), "hex"), -1) == hex)
			return json_at(hexes, i);
	return NULL;
}

static void draw_token(pic *p, double x, double y, int number)
{
	svg_buf *b = p->b;
	const char *ink = number == 6 || number == 8 ? "#c62828" : "#222222";
	sb_printf(b, "<g class=\"token\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"12\" fill=\"#fdf5e6\" stroke=\"#444\"/>", x, y);
	sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%d</text>",
		  x, y + 3, ink, number);
	int pips = 6 - (number > 7 ? number - 7 : 7 - number);
	for (int i = 0; i < pips; i++)
		sb_printf(b, "<circle class=\"pip\" cx=\"%.1f\" cy=\"%.1f\" r=\"1.2\" fill=\"%s\"/>",
			  x + (i - (pips - 1) / 2.0) * 3.2, y + 8, ink);
	sb_printf(b, "</g>\n");
}

static void draw_hexes(pic *p)
{
	const json *hexes = json_get(p->board, "hexes");
	for (size_t h = 0; h < json_len(hexes); h++) {
		const json *hex = json_at(hexes, h), *rh = risk_hex(p, (int)h);
		double lx, ly;
		if (hex_centre(hex, &lx, &ly))
			continue;
		const char *terrain = json_str(json_get(hex, "terrain"), "sea");
		const json *token = json_get(hex, "token");
		if (!strcmp(terrain, "hidden") && json_str(json_get(rh, "terrain"), NULL)) { /* revealed to this viewer */
			terrain = json_str(json_get(rh, "terrain"), terrain);
			token = json_get(rh, "token");
		}
		static const int cx[6] = {0, 1, 1, 0, -1, -1}, cy[6] = {-2, -1, 1, 2, 1, -1};
		sb_printf(p->b, "<polygon class=\"hex terrain-%s\" points=\"", terrain);
		for (int c = 0; c < 6; c++)
			sb_printf(p->b, "%s%.1f,%.1f", c ? " " : "", px(p, lx + cx[c]), py(p, ly + cy[c]));
		sb_printf(p->b, "\" fill=\"%s\" stroke=\"#f4ecd8\" stroke-width=\"2\"><title>", terrain_colour(terrain));
		sb_text(p->b, json_str(json_get(hex, "name"), json_str(json_get(hex, "label"), terrain)));
		sb_printf(p->b, "</title></polygon>\n");
		double x = px(p, lx), y = py(p, ly);
		if (!strcmp(terrain, "hidden"))
			sb_label(p->b, "fog", x, y + 5, "font-size=\"16\" text-anchor=\"middle\" fill=\"#ddd\"", "?");
		else if (token && token->type == JSON_NUMBER)
			draw_token(p, x, y, json_int(token, 0));
	}
}

static void draw_harbors(pic *p)
{
	const json *harbors = json_get(p->board, "harbors");
	for (size_t i = 0; i < json_len(harbors); i++) {
		const json *h = json_at(harbors, i);
		double e[4], sx, sy;
		if (path_ends(p, json_int(json_get(h, "path"), -1), e) || hex_xy(p, json_int(json_get(h, "sea"), -1), &sx, &sy))
			continue;
		sb_printf(p->b, "<g class=\"harbor\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#7f5539\" stroke-width=\"3\"/>"
				"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#7f5539\" stroke-width=\"3\"/>",
			  e[0], e[1], sx, sy, e[2], e[3], sx, sy);
		char text[40];
		const char *type = json_str(json_get(h, "type"), "generic");
		snprintf(text, sizeof text, "%d:1%s%s", json_int(json_get(h, "ratio"), 3), strcmp(type, "generic") ? " " : "",
			 strcmp(type, "generic") ? type : "");
		sb_printf(p->b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"15\" fill=\"#fdf5e6\" stroke=\"#7f5539\"/>", sx, sy);
		sb_label(p->b, "harbor-rate", sx, sy + 3, "font-size=\"8\" text-anchor=\"middle\"", text);
		sb_printf(p->b, "</g>\n");
	}
}

/* The empty spaces of a map, by kind, with merchants' trade scrolls. */
static void draw_spaces(pic *p)
{
	const json *paths = json_get(p->board, "paths");
	for (size_t i = 0; i < json_len(paths); i++) {
		const json *s = json_at(paths, i);
		const char *kind = json_str(json_get(s, "kind"), "road");
		double e[4];
		if (path_ends(p, (int)i, e))
			continue;
		const char *style = !strcmp(kind, "road")	? "stroke=\"#b08968\" stroke-width=\"3\""
				    : !strcmp(kind, "ship")	? "stroke=\"#1d3557\" stroke-width=\"2\" stroke-dasharray=\"6 4\""
				    : !strcmp(kind, "merchant") ? "stroke=\"#6a4c93\" stroke-width=\"2\" stroke-dasharray=\"2 3\""
								: "stroke=\"#0077b6\" stroke-width=\"2\" stroke-dasharray=\"1 3\"";
		sb_printf(p->b, "<line class=\"space space-%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n", kind,
			  e[0], e[1], e[2], e[3], style);
		const json *trade = json_get(s, "trade");
		if (trade) {
			char text[40];
			const char *res = json_str(json_get(trade, "resource"), "any");
			snprintf(text, sizeof text, "%d:1%s%s", json_int(json_get(trade, "ratio"), 3), strcmp(res, "any") ? " " : "",
				 strcmp(res, "any") ? res : "");
			sb_label(p->b, "scroll", (e[0] + e[2]) / 2, (e[1] + e[3]) / 2 - 3,
				 "font-size=\"8\" text-anchor=\"middle\" fill=\"#6a4c93\"", text);
		}
	}
	const json *discs = json_get(p->board, "discs");
	for (size_t i = 0; i < json_len(discs); i++) {
		const json *d = json_at(discs, i);
		double x = px(p, json_num(json_get(d, "x"), 0)), y = py(p, json_num(json_get(d, "y"), 0));
		char text[8];
		snprintf(text, sizeof text, "%d", json_int(json_get(d, "number"), 0));
		sb_printf(p->b, "<circle class=\"disc\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#0077b6\"/>", x, y);
		sb_label(p->b, "disc-number", x, y + 3, "font-size=\"8\" text-anchor=\"middle\" fill=\"white\"", text);
	}
}

/* The points of a map: sites and chit points named, junctions small; chits not yet taken. */
static void draw_points(pic *p)
{
	const json *nodes = json_get(p->board, "nodes");
	for (size_t i = 0; i < json_len(nodes); i++) {
		const json *n = json_at(nodes, i);
		double x, y;
		if (node_xy(p, (int)i, &x, &y))
			continue;
		const char *kind = json_str(json_get(n, "kind"), "junction");
		int named = strcmp(kind, "junction") != 0;
		sb_printf(p->b, "<circle class=\"point point-%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#555\"/>\n",
			  kind, x, y, named ? 5 : 2, !strcmp(kind, "chit") ? "#ffd166" : "#fffdf7");
		if (named && json_str(json_get(n, "name"), NULL))
			sb_label(p->b, "place", x + 6, y - 6, "font-size=\"7\" fill=\"#333\"", json_str(json_get(n, "name"), ""));
	}
	const json *chits = json_get(p->view, "chits");
	for (size_t i = 0; i < json_len(chits); i++) {
		const json *c = json_at(chits, i);
		double x, y;
		if (json_int(json_at(c, 1), -1) < 0 && !node_xy(p, json_int(json_at(c, 0), -1), &x, &y))
			sb_printf(p->b, "<rect class=\"chit\" x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"#ffb703\" "
					"stroke=\"#333\"/>\n", x - 10, y + 3);
	}
}

static int is_ship_space(const pic *p, int path)
{
	const char *kind = json_str(json_get(json_at(json_get(p->board, "paths"), (size_t)path), "kind"), "road");
	return p->map && strcmp(kind, "road") != 0;
}

static void draw_pieces(pic *p)
{
	const json *roads = json_get(p->view, "roads");
	for (size_t i = 0; i < json_len(roads); i++) {
		const json *r = json_at(roads, i);
		int path = json_int(json_get(r, "path"), -1), seat = json_int(json_get(r, "seat"), -1);
		double e[4];
		if (path_ends(p, path, e))
			continue;
		int ship = is_ship_space(p, path);
		sb_printf(p->b, "<line class=\"%s seat-%d\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
				"stroke-width=\"%d\" stroke-linecap=\"round\"/>\n",
			  ship ? "ship" : "road", seat, e[0] + (e[2] - e[0]) * 0.15, e[1] + (e[3] - e[1]) * 0.15,
			  e[2] - (e[2] - e[0]) * 0.15, e[3] - (e[3] - e[1]) * 0.15, svg_seat_colour(seat), ship ? 5 : 6);
		if (ship)
			sb_printf(p->b, "<circle class=\"hull\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"#222\"/>\n",
				  (e[0] + e[2]) / 2, (e[1] + e[3]) / 2, svg_seat_colour(seat));
	}
	const json *buildings = json_get(p->view, "buildings");
	for (size_t i = 0; i < json_len(buildings); i++) {
		const json *bd = json_at(buildings, i);
		int seat = json_int(json_get(bd, "seat"), -1);
		double x, y;
		if (node_xy(p, json_int(json_get(bd, "node"), -1), &x, &y))
			continue;
		int city = !strcmp(json_str(json_get(bd, "kind"), ""), "city");
		double s = city ? 9 : 6.5;
		sb_printf(p->b, "<polygon class=\"%s seat-%d\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
				"fill=\"%s\" stroke=\"#222\" stroke-width=\"1.5\"/>\n",
			  city ? "city" : "settlement", seat, x - s, y + s, x + s, y + s, x + s, y - s * 0.3, x, y - s * 1.2,
			  x - s, y - s * 0.3, svg_seat_colour(seat));
	}
}

static void draw_bandits(pic *p)
{
	double x, y;
	if (!hex_xy(p, json_int(json_get(p->view, "robber"), -1), &x, &y))
		sb_printf(p->b, "<circle class=\"robber\" cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#212121\" stroke=\"white\"/>\n",
			  x + 15, y - 10);
	if (!hex_xy(p, json_int(json_get(p->view, "pirate"), -1), &x, &y))
		sb_printf(p->b, "<path class=\"pirate\" d=\"M%.1f,%.1f l16,0 l-4,7 l-8,0 z M%.1f,%.1f l0,-12 l7,8 z\" "
				"fill=\"#212121\" stroke=\"white\"/>\n",
			  x - 8, y, x, y);
}

/* Risk: armies per seat on each hex (and neutral ones), the controller's ring. */
static void draw_armies(pic *p)
{
	const json *hexes = json_get(json_get(p->view, "risk"), "hexes");
	for (size_t i = 0; i < json_len(hexes); i++) {
		const json *rh = json_at(hexes, i), *armies = json_get(rh, "armies");
		double x, y;
		if (hex_xy(p, json_int(json_get(rh, "hex"), -1), &x, &y))
			continue;
		const json *ctrl = json_get(rh, "controller");
		if (ctrl && ctrl->type == JSON_NUMBER)
			sb_printf(p->b, "<circle class=\"control seat-%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"24\" fill=\"none\" "
					"stroke=\"%s\" stroke-width=\"3\"/>\n",
				  json_int(ctrl, -1), x, y, svg_seat_colour(json_int(ctrl, -1)));
		int slot = 0;
		for (size_t s = 0; s <= json_len(armies); s++) {
			int n = s < json_len(armies) ? json_int(json_at(armies, s), 0) : json_int(json_get(rh, "neutral"), 0);
			if (n <= 0)
				continue;
			double ax = x - 18 + 12 * (slot % 4), ay = y + 20;
			slot++;
			if (s < json_len(armies))
				sb_printf(p->b, "<g class=\"army seat-%zu\">", s);
			else
				sb_printf(p->b, "<g class=\"army neutral\">");
			sb_printf(p->b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"11\" height=\"10\" fill=\"%s\" stroke=\"#222\"/>", ax - 5.5,
				  ay - 8, svg_seat_colour(s < json_len(armies) ? (int)s : -1));
			sb_printf(p->b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">%d</text></g>\n", ax, ay,
				  n);
		}
	}
}

static const char *const resource_letter[5] = {"brick", "lumber", "wool", "grain", "ore"};

static void counts_line(char *out, size_t cap, const char *label, const json *arr)
{
	size_t n = (size_t)snprintf(out, cap, "%s", label);
	for (size_t r = 0; r < 5 && n < cap; r++)
		n += (size_t)snprintf(out + n, cap - n, " %s %d", resource_letter[r], json_int(json_at(arr, r), 0));
}

static double draw_panel(pic *p, double x, double y)
{
	svg_buf *b = p->b;
	char line[200];
	y = svg_panel_head(b, p->view, x, y);
	counts_line(line, sizeof line, "bank:", json_get(p->view, "bank"));
	sb_label(b, "bank", x, y, "font-size=\"11\"", line);
	y += 20;
	const json *seats = json_get(p->view, "seats");
	for (size_t i = 0; i < json_len(seats); i++) {
		const json *s = json_at(seats, i);
		int seat = json_int(json_get(s, "seat"), (int)i);
		sb_printf(b, "<rect class=\"swatch seat-%d\" x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" "
			     "stroke=\"#222\"/>\n",
			  seat, x, y - 10, svg_seat_colour(seat));
		int vp = json_int(json_get(s, "vp"), -1), visible = json_int(json_get(s, "visible_vp"), vp);
		size_t n = (size_t)snprintf(line, sizeof line, "seat %d: %d VP", seat, visible);
		if (vp > visible)
			n += (size_t)snprintf(line + n, sizeof line - n, " (%d with hidden cards)", vp);
		snprintf(line + n, sizeof line - n, ", %d cards, %d dev, %d knights%s%s", json_int(json_get(s, "hand_size"), 0),
			 json_int(json_get(s, "dev_count"), 0), json_int(json_get(s, "knights"), 0),
			 json_true(json_get(s, "longest_road")) ? ", longest road" : "",
			 json_true(json_get(s, "largest_army")) ? ", largest army" : "");
		sb_label(b, "seat-row", x + 16, y, "font-size=\"11\"", line);
		y += 15;
		if (json_get(s, "hand")) { /* only the viewer's own hand, or every hand for the omniscient view */
			counts_line(line, sizeof line, "hand:", json_get(s, "hand"));
			sb_label(b, "hand", x + 16, y, "font-size=\"10\" fill=\"#444\"", line);
			y += 14;
		}
		if (json_get(p->view, "fish")) {
			snprintf(line, sizeof line, "fish %d, boat at %d (%d VP), merchant %s",
				 json_int(json_at(json_get(p->view, "fish"), i), 0), json_int(json_at(json_get(p->view, "boat"), i), 0),
				 json_int(json_at(json_get(p->view, "fishing_vp"), i), 0),
				 json_int(json_at(json_get(p->view, "merchants"), i), 0) ? "yes" : "no");
			sb_label(b, "fishing", x + 16, y, "font-size=\"10\" fill=\"#444\"", line);
			y += 14;
		}
		y += 4;
	}
	return y;
}

int svg_catan(svg_buf *b, const json *board, const json *view, char *err, size_t errlen)
{
	pic p = {.b = b, .board = board, .view = view, .map = json_get(board, "discs") != NULL};
	const json *hexes = json_get(board, "hexes"), *nodes = json_get(board, "nodes");
	double maxx = -1e9, maxy = -1e9;
	p.minx = p.miny = 1e9;
	for (size_t i = 0; i < json_len(hexes) + json_len(nodes); i++) {
		double x, y, rx = 1, ry = 2;
		if (i < json_len(hexes)) {
			if (hex_centre(json_at(hexes, i), &x, &y))
				continue;
		} else {
			const json *n = json_at(nodes, i - json_len(hexes));
			x = json_num(json_get(n, "x"), 0);
			y = json_num(json_get(n, "y"), 0);
		}
		p.minx = fmin(p.minx, x - rx);
		maxx = fmax(maxx, x + rx);
		p.miny = fmin(p.miny, y - ry);
		maxy = fmax(maxy, y + ry);
	}
	if (maxx < p.minx) {
		snprintf(err, errlen, "the board has no hexes with coordinates");
		return -1;
	}
	double w = 2 * MARGIN + (maxx - p.minx) * KX, h = 2 * MARGIN + (maxy - p.miny) * KY;
	double panel_h = 120 + 50.0 * (double)json_len(json_get(view, "seats"));
	svg_open(b, w + SVG_PANEL_WIDTH, fmax(h, panel_h));
	if (p.map)
		sb_label(b, "map-title", MARGIN, 20, "font-size=\"13\" font-style=\"italic\"",
			 json_str(json_get(board, "title"), "map"));
	draw_hexes(&p);
	draw_harbors(&p);
	if (p.map) {
		draw_spaces(&p);
		draw_points(&p);
	}
	draw_armies(&p);
	draw_pieces(&p);
	draw_bandits(&p);
	draw_panel(&p, w + 10, 24);
	svg_close(b);
	return 0;
}
