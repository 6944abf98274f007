/* A digest of a Catan-family game computed only from typed public queries
 * (status, turn, scores, hands, development cards, buildings, roads, robber,
 * bank), so it stays comparable across library versions whatever the JSON
 * views look like.  Golden records pin it. */
#ifndef CRISK_TESTS_DIGEST_H
#define CRISK_TESTS_DIGEST_H

#include <stdint.h>
#include "catanrisk.h"

/* FNV-1a 64 of the query results; 0 when a query fails. */
uint64_t dg_state(const crisk_game *g);

/* The "# final ..." summary line of a golden record (without newline):
 * status, winner, turn, omniscient scores, digest. */
void dg_final_line(const crisk_game *g, char *buf, size_t cap);

#endif
