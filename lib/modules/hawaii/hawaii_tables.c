/* Bitsets of the map that never change in a game, built once per rules
 * object (hw_rules.tables), so the ship listers, the pirate and the island
 * rule test sets instead of walking every path or point: per point its
 * ship-type paths, per sea hex the paths it blocks (H-46, H-59), the
 * merchant and fishing spaces (H-63, H-65), per island
 * its points, and the points with a ship-type path (the only ones a ship
 * lister needs to visit). */
#include <stdlib.h>

#include "../../core/error.h"
#include "hawaii.h"

int hw_rules_tables(hw_rules *r)
{
	const kern *k = &r->k;
	const board *b = &k->b;
	if (k->pw > HW_MAX_PW || k->nw > HW_MAX_NW)
		return err_set(CRISK_EFORMAT, "line 0: the map has %d points and %d spaces; the engine holds at most %d of each",
			       b->n_node, b->n_path, 64 * (HW_MAX_PW < HW_MAX_NW ? HW_MAX_PW : HW_MAX_NW));
	size_t pw = (size_t)k->pw, nw = (size_t)k->nw;
	/* Rows: ship_at per point; sea_paths per sea hex plus an empty row for
	 * no pirate; merchant, fishing and ship-type paths; island_at per island plus the
	 * points on any island; coast; then the ship-type paths as a list. */
	size_t n_words = (size_t)b->n_node * pw + ((size_t)b->n_sea + 4) * pw + ((size_t)b->n_island + 2) * nw +
			 ((size_t)b->n_path + 3) / 4 + 2 * (size_t)b->n_path + (size_t)b->n_land + 2 * (size_t)b->n_sea +
			 2 * (size_t)b->n_path * pw + 4 * (size_t)b->n_node;
	r->tables = calloc(n_words ? n_words : 1, sizeof *r->tables);
	if (!r->tables)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	r->ship_at = r->tables;
	r->sea_paths = r->ship_at + (size_t)b->n_node * pw;
	r->merchant_paths = r->sea_paths + ((size_t)b->n_sea + 1) * pw;
	r->fishing_paths = r->merchant_paths + pw;
	r->ship_mask = r->fishing_paths + pw;
	r->island_at = r->ship_mask + pw;
	r->coast = r->island_at + ((size_t)b->n_island + 1) * nw;
	r->ship_list = (uint16_t *)(void *)(r->coast + nw);
	r->n_ship_list = 0;
	r->end_other = r->ship_list + 4 * (((size_t)b->n_path + 3) / 4);
	r->end_other_ok = 1;
	r->robber_codes = (crisk_action *)(void *)(r->end_other + 8 * (size_t)b->n_path);
	r->fish_pirate_codes = r->robber_codes + b->n_land;
	r->pirate_codes = r->fish_pirate_codes + b->n_sea;
	r->end_bits = (uint64_t *)(void *)(r->pirate_codes + b->n_sea);
	r->ship_ends = r->end_bits + 2 * (size_t)b->n_path * pw;
	for (int x = 0; x < b->n_land; x++)
		r->robber_codes[x] = act_make(HW_FISH, (uint64_t)HW_FISH_MOVE_ROBBER << 16 | (uint64_t)x);
	for (int i = 0; i < b->n_sea; i++) {
		uint64_t x = (uint64_t)(b->n_land + i);
		r->fish_pirate_codes[i] = act_make(HW_FISH, (uint64_t)HW_FISH_MOVE_PIRATE << 16 | x);
		r->pirate_codes[i] = act_make(HW_MOVE_PIRATE, x);
	}
	for (int p = 0; p < b->n_path; p++) {
		if (!kern_road_path(k, p)) {
			bit_set(r->ship_at + b->path[p].node[0] * pw, p);
			bit_set(r->ship_at + b->path[p].node[1] * pw, p);
			bit_set(r->coast, b->path[p].node[0]);
			bit_set(r->coast, b->path[p].node[1]);
			bit_set(r->ship_mask, p);
			r->ship_list[r->n_ship_list++] = (uint16_t)p;
		}
		if (b->path_trade[p] != BOARD_NO8)
			bit_set(r->merchant_paths, p);
		if (b->path_kind[p] == BPATH_FISHING)
			bit_set(r->fishing_paths, p);
		for (int i = b->path_sea_first[p]; i < b->path_sea_first[p + 1]; i++) {
			int x = b->path_sea[i];
			if (x < b->n_land || x >= b->n_land + b->n_sea)
				return err_set(CRISK_EFORMAT, "line 0: space %d: hex %d in its sea list is not a sea hex (H-11)", p, x);
			bit_set(r->sea_paths + (size_t)(x - b->n_land) * pw, p);
		}
	}
	for (int p = 0; p < b->n_path; p++) {
		for (int e = 0; e < 2; e++) {
			const bnode *bn = &b->node[b->path[p].node[e]];
			int j = 0;
			uint16_t *other = r->end_other + 8 * p + 4 * e;
			other[0] = other[1] = other[2] = other[3] = (uint16_t)HW_NO_PATH;
			for (int i = 0; i < bn->deg; i++) {
				if (bn->path[i] == p)
					continue;
				bit_set(r->end_bits + (size_t)(2 * p + e) * pw, bn->path[i]);
				if (j == 3)
					r->end_other_ok = 0;
				else
					other[j++] = bn->path[i];
			}
		}
	}
	r->ship_lo = 0;
	while ((size_t)r->ship_lo + 1 < pw && !r->ship_mask[r->ship_lo])
		r->ship_lo++;
	if (pw == 3 && r->ship_lo == 1) {
		for (int p = 0; p < b->n_path; p++) {
			if (kern_road_path(k, p))
				continue;
			for (int e = 0; e < 2; e++)
				bit_set(r->ship_ends + 4 * (size_t)b->path[p].node[e] + 2 * (size_t)e, p - 64);
		}
	}
	r->node_harbors = 0;
	for (int n = 0; n < b->n_node; n++)
		r->node_harbors |= k->node_harbor[n] != 0;
	for (int n = 0; n < b->n_node; n++) {
		int island = b->node_island[n];
		if (island == BOARD_NO8)
			continue;
		if (island >= b->n_island)
			return err_set(CRISK_EFORMAT, "line 0: point %d: island %d of %d", n, island, b->n_island);
		bit_set(r->island_at + (size_t)island * nw, n);
		bit_set(r->island_at + (size_t)b->n_island * nw, n);
	}
	return CRISK_OK;
}
