/* The static board description for UIs (schema in docs/board.md). */
#include "board.h"

static const char *const terrain_names[7] = {"hills", "forest", "pasture", "fields", "mountains", "desert", "sea"};
static const char *const harbor_names[6] = {"generic", "brick", "lumber", "wool", "grain", "ore"};
static const char *const side_names[6] = {"NE", "E", "SE", "SW", "W", "NW"};

static const char coordinates_note[] =
	"Pointy-top hexes with axial (q, r): q grows east, r grows south. "
	"Lattice point of a hex centre: (x, y) = (2q + r, 3r), x in half hex widths, y in half side lengths, "
	"y grows south. Corners N NE SE S SW NW of a hex are (x, y-2) (x+1, y-1) (x+1, y+1) (x, y+2) "
	"(x-1, y+1) (x-1, y-1); side d joins corners d and d+1 (NE E SE SW W NW). "
	"Ids: hexes land first by (r, q), then sea by (r, q); nodes by (y, x); paths by the sum of "
	"their end points (y, x); harbor slots clockwise from a1. Ids are stable across versions.";

static void id_or_null(jw *w, unsigned id)
{
	if (id == BOARD_NONE)
		jw_null(w);
	else
		jw_uint(w, id);
}

static void slot_or_null(jw *w, const char *key, unsigned slot)
{
	jw_key(w, key);
	if (slot == BOARD_NO8)
		jw_null(w);
	else
		jw_uint(w, slot);
}

static void id_list(jw *w, const char *key, const uint16_t *ids, int n)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		id_or_null(w, ids[i]);
	jw_arr_end(w);
}

static void write_hexes(const board *b, jw *w)
{
	jw_key(w, "hexes");
	jw_arr_begin(w);
	for (int h = 0; h < b->n_land + b->n_sea; h++) {
		const bhex *x = &b->hex[h];
		int land = h < b->n_land;
		jw_obj_begin(w);
		jw_kint(w, "id", h);
		jw_key(w, "label");
		jw_str(w, land ? x->label : NULL);
		jw_kint(w, "q", x->q);
		jw_kint(w, "r", x->r);
		jw_kint(w, "x", 2 * x->q + x->r);
		jw_kint(w, "y", 3 * x->r);
		jw_kbool(w, "land", land);
		if (land && b->terrain[h] == BOARD_NO8) /* face down (risk fog, RC-32) */
			jw_kstr(w, "terrain", "hidden");
		else
			jw_kstr(w, "terrain", terrain_names[land && b->terrain[h] < TERR_SEA ? b->terrain[h] : TERR_SEA]);
		jw_key(w, "token");
		if (land && b->token[h])
			jw_uint(w, b->token[h]);
		else
			jw_null(w);
		id_list(w, "nodes", x->node, 6);
		id_list(w, "paths", x->path, 6);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_nodes(const board *b, jw *w)
{
	jw_key(w, "nodes");
	jw_arr_begin(w);
	for (int n = 0; n < b->n_node; n++) {
		const bnode *v = &b->node[n];
		jw_obj_begin(w);
		jw_kint(w, "id", n);
		jw_kint(w, "x", v->x);
		jw_kint(w, "y", v->y);
		id_list(w, "neighbours", v->adj, v->deg);
		id_list(w, "paths", v->path, v->deg);
		id_list(w, "hexes", v->hex, v->n_hex);
		slot_or_null(w, "harbor", v->harbor);
		jw_kbool(w, "coastal", v->coastal);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_paths(const board *b, jw *w)
{
	jw_key(w, "paths");
	jw_arr_begin(w);
	for (int p = 0; p < b->n_path; p++) {
		const bpath *e = &b->path[p];
		jw_obj_begin(w);
		jw_kint(w, "id", p);
		id_list(w, "nodes", e->node, 2);
		id_list(w, "hexes", e->hex, e->n_hex);
		slot_or_null(w, "harbor", e->harbor);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_harbors(const board *b, jw *w)
{
	jw_key(w, "harbors");
	jw_arr_begin(w);
	for (int s = 0; s < b->n_harbor; s++) {
		const bharbor *hb = &b->harbor[s];
		unsigned type = b->harbor_type[s] < 6 ? b->harbor_type[s] : HARBOR_GENERIC;
		jw_obj_begin(w);
		jw_kint(w, "slot", s);
		jw_kstr(w, "type", harbor_names[type]);
		jw_kint(w, "ratio", type == HARBOR_GENERIC ? 3 : 2);
		jw_kint(w, "hex", hb->hex);
		jw_kstr(w, "side", side_names[hb->side % 6]);
		jw_kint(w, "path", hb->path);
		id_list(w, "nodes", hb->node, 2);
		jw_kint(w, "sea", hb->sea);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

void board_json(const board *b, jw *w)
{
	jw_obj_begin(w);
	board_json_members(b, w);
	jw_obj_end(w);
}

void board_json_members(const board *b, jw *w)
{
	jw_kstr(w, "board", b->big ? "5-6" : "base");
	jw_kstr(w, "coordinates", coordinates_note);
	jw_kint(w, "land_hexes", b->n_land);
	jw_kint(w, "sea_hexes", b->n_sea);
	write_hexes(b, w);
	write_nodes(b, w);
	write_paths(b, w);
	write_harbors(b, w);
	jw_key(w, "robber_start");
	id_or_null(w, b->robber_start);
}
