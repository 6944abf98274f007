/* The catanmap file format, version 1 (rules/hawaii.md section 4, H-21..H-33):
 * a point-to-point map as line-oriented text, parsed in one pass into a flat,
 * immutable map.  docs/catanmap.md is the guide for map authors.
 *
 * Indices are the 0-based order of the lines of each kind (H-15).  Every list
 * (production lists, sea contacts, disc spaces and the derived reverse lists)
 * is a cm_list into the one index array m->idx, and every id and name is an
 * offset into m->text, so a map is a single allocation.
 *
 * Mapping onto the kernel's board graph (board.h), for the hawaii module:
 *   cm_hex   -> bhex (q, r) and board.terrain/token: terrain values are enum
 *               terrain, number 0 = no token.  The board keeps land hexes
 *               first (B-20) while catanmap indices follow the file, so the
 *               converter needs a hex permutation (the built-in map already
 *               lists land before sea, H-30).  bhex.node/path (corner and side
 *               slots) have no meaning on a point-to-point map: BOARD_NONE.
 *   cm_point -> bnode (x, y); bnode.adj/path from cm_point.spaces (the other
 *               end of each space); bnode.hex from cm_point.produces (H-10
 *               replaces "touches").  bnode caps these at BOARD_MAX_DEG and
 *               BOARD_MAX_NODE_HEXES, which the format does not: the
 *               converter must refuse larger points with a message.
 *   cm_space -> bpath node[2] (sort a, b: bpath wants node[0] < node[1]);
 *               bpath.hex has no equivalent (spaces touch sea hexes, cm_space.sea).
 *   merchant -> board.path_trade, a harbor bit: the harbor type of board.h
 *               (0 generic 3:1, 1 + r for 2:1 of resource r) for any:3 and
 *               <resource>:2; any:2 and <resource>:3 take the bits left
 *               (board.bit_scroll).
 *   robber   -> board.robber_start.  The pirate, discs, fishing track, point
 *               kinds, islands and targets have no board field. */
#ifndef CRISK_CATAN_CATANMAP_H
#define CRISK_CATAN_CATANMAP_H

#include <stddef.h>
#include <stdint.h>
#include "board.h"

/* H-32: maps up to these sizes are accepted, larger ones refused. */
#define CM_MAX_ISLANDS 64
#define CM_MAX_HEXES 1024
#define CM_MAX_POINTS 4096
#define CM_MAX_SPACES 8192
#define CM_MAX_DISCS 512
#define CM_MAX_LINE 1024             /* bytes per line, without the line end (H-21) */
#define CM_MAX_TEXT 64               /* bytes per text field (H-25) */
#define CM_MAX_ID 32                 /* bytes per id (H-24) */
/* Whole file: room for a map at the H-32 limits written with full lines. */
#define CM_MAX_BYTES ((size_t)32 << 20)

/* Element kinds: one id namespace (H-24). */
enum cm_kind { CM_ISLAND, CM_HEX, CM_POINT, CM_SPACE, CM_DISC };
/* Point kinds (H-7) and space kinds (H-8), in the order of the grammar. */
enum cm_point_kind { CM_SITE, CM_CHIT, CM_JUNCTION };
enum cm_space_kind { CM_ROAD, CM_SHIP, CM_MERCHANT, CM_FISHING };
#define CM_ANY (-1)                  /* cm_space.trade: a scroll for any resource */

typedef struct cm_list {
	uint32_t off, n;             /* m->idx[off .. off + n) */
} cm_list;

typedef struct cm_island {
	uint32_t id, name;           /* offsets into m->text */
} cm_island;

typedef struct cm_hex {
	uint32_t id, name;           /* name 0 = none ("") */
	int16_t q, r;                /* axial (H-14) */
	int16_t island;              /* island index, -1 for sea hexes */
	uint8_t terrain;             /* enum terrain (board.h) */
	uint8_t number;              /* 2..12, 0 for none */
	cm_list points;              /* derived: sites and chits listing this hex, ascending */
	cm_list spaces;              /* derived: spaces whose sea= lists this hex, ascending */
} cm_hex;

typedef struct cm_point {
	uint32_t id, name;           /* name 0 = none (junctions only) */
	int16_t x, y;                /* corner lattice (H-14) */
	int16_t island;              /* island index or -1 (junctions only) */
	uint8_t kind;                /* enum cm_point_kind */
	cm_list produces;            /* hexes as written (H-10); empty for junctions */
	cm_list spaces;              /* derived: spaces ending here, ascending */
} cm_point;

typedef struct cm_space {
	uint32_t id;
	uint8_t kind;                /* enum cm_space_kind */
	int8_t trade;                /* merchants: CM_ANY or a resource 0..4 (B-1 order); else CM_ANY */
	uint8_t rate;                /* merchants: 2 or 3; else 0 */
	uint16_t a, b;               /* end points as written, a != b */
	cm_list sea;                 /* sea hexes as written (H-11); empty for roads */
	cm_list discs;               /* derived: discs listing this space, ascending */
} cm_space;

typedef struct cm_disc {
	uint32_t id;
	uint8_t number;              /* 2..12 without 7 */
	int16_t x, y;
	cm_list spaces;              /* fishing spaces as written (H-12) */
} cm_disc;

typedef struct catanmap {
	int n_island, n_hex, n_point, n_space, n_disc;
	const cm_island *island;
	const cm_hex *hex;
	const cm_point *point;
	const cm_space *space;
	const cm_disc *disc;
	const uint16_t *idx;         /* every cm_list */
	const char *text;            /* NUL-terminated ids and names; text[0] = '\0' */
	uint32_t title;              /* 0 = no title */
	int robber;                  /* start hex of the robber (a land hex) */
	int pirate;                  /* start hex of the pirate, -1 when the map has no sea hex */
	int n_track;                 /* fishing-track length, 0 when absent */
	const uint8_t *track;        /* values for positions 0 .. n_track - 1 */
	uint8_t target[7];           /* target[s]: VP target with s seats (3..6), 0 = s not supported */
	uint32_t id_cap;             /* size of id_slot, a power of two */
	const uint32_t *id_slot;     /* open addressing: 0 empty, else (kind << 16 | index) + 1 */
} catanmap;

/* Parses len bytes of catanmap text (NUL bytes inside are errors, no NUL
 * terminator is needed).  On success *out is the map, to be released with
 * catanmap_free.  On failure *out is NULL and the message reads
 * "line N: <problem> '<token>'" (H-31), N = 0 for the whole-file checks of
 * H-29: CRISK_EFORMAT, CRISK_ENOMEM, or CRISK_EINVAL for NULL arguments. */
int catanmap_parse(catanmap **out, const char *text, size_t len);
void catanmap_free(catanmap *m);

/* The index of the element with id[0..len), or -1; its enum cm_kind goes to
 * *kind when kind is not NULL. */
int catanmap_find(const catanmap *m, const char *id, size_t len, int *kind);
/* The index of the element of that kind with NUL-terminated id, or -1. */
int catanmap_index(const catanmap *m, int kind, const char *id);

static inline const char *cm_str(const catanmap *m, uint32_t off)
{
	return m->text + off;
}
static inline const uint16_t *cm_items(const catanmap *m, cm_list l)
{
	return m->idx + l.off;
}

#endif
