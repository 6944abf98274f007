/* crisk-demo's text for the rule module hawaii (demo_hawaii.c): the map as a
 * listing, event texts with map ids and place names instead of numbers, a
 * status line per turn and a final score table with fish and VP, all from
 * the public JSON (crisk_rules_board_json(), crisk_game_to_json()). */
#ifndef CRISK_DEMO_HAWAII_H
#define CRISK_DEMO_HAWAII_H

#include <catanrisk.h>

#include <stddef.h>

typedef struct hawaii_demo hawaii_demo;

/* Reads the board of `rules` (a map board, "board": "map"); CRISK_OK or the
 * library's error.  Free with hawaii_demo_free(). */
int hawaii_demo_open(hawaii_demo **out, const crisk_rules *rules);
void hawaii_demo_free(hawaii_demo *d);
/* The map: counts, starts, targets and fishing track, then per island its
 * land hexes and named locations with their production lists, then the
 * merchants, fishing grounds, discs and ship spaces. */
void hawaii_demo_print_map(const hawaii_demo *d);
/* `text` with "intersection N", "point N", "path N" and "hex N" replaced by
 * the element's map id (and name where it has one), into out[cap]. */
void hawaii_demo_event_text(const hawaii_demo *d, const char *text, char *out, size_t cap);
/* One line of VP, fish, boats and chits per seat, as `viewer` sees them. */
int hawaii_demo_status(const hawaii_demo *d, const crisk_game *g, int viewer);
/* The final table: pieces, route, chits, fish, boat, fishing VP and VP per seat. */
int hawaii_demo_scores(const hawaii_demo *d, const crisk_game *g);

#endif
