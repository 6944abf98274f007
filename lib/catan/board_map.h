/* The kernel's board graph from a parsed catanmap (rules/hawaii.md H-6..H-15).
 *
 * Ids: points -> nodes and spaces -> paths keep the file's order (H-15), so
 * their board ids are the map's indices.  Hexes are renumbered land first
 * (the kernel's tables want land hexes 0 .. n_land - 1, B-20): land hexes in
 * file order, then sea hexes in file order; board.hex_src gives each board
 * hex its file index (the identity for maps written in the canonical order
 * of H-30, such as the built-in Hawai'i map).
 *
 * What the board holds (board.h): each node's production list as its hex
 * list (H-10), point kinds and islands, path kinds, merchants' scrolls as
 * harbor types, each ship-type path's sea hexes (H-11), discs (H-12), the
 * robber's and the pirate's start.  Names, ids, the fishing track and the
 * victory targets stay in the catanmap. */
#ifndef CRISK_CATAN_BOARD_MAP_H
#define CRISK_CATAN_BOARD_MAP_H

#include "board.h"
#include "catanmap.h"

/* Fills b (which it first clears) from m.  Maps the graph cannot hold are
 * refused with CRISK_EFORMAT and a message naming the element, in the
 * catanmap's whole-file form ("line 0: ...", H-31): a point with more than
 * BOARD_MAX_DEG spaces or more than BOARD_MAX_NODE_HEXES hexes in its
 * production list, and a merchant scroll other than 3:1 any or 2:1 of one
 * resource (the trade rates of B-101).  CRISK_ENOMEM, CRISK_EINVAL for NULL
 * arguments.  On failure b holds nothing to free. */
int board_from_map(board *b, const catanmap *m);

#endif
