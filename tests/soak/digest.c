/* State digests from typed public queries (see digest.h). */
#include <stdio.h>
#include <string.h>
#include "digest.h"

typedef struct fnv {
	uint64_t h;
} fnv;

static void fnv_int(fnv *f, int64_t v)
{
	uint64_t u = (uint64_t)v;
	for (int i = 0; i < 8; i++) {
		f->h ^= (u >> (8 * i)) & 0xffu;
		f->h *= 0x100000001b3u;
	}
}

static void fnv_ints(fnv *f, const int32_t *v, int n)
{
	for (int i = 0; i < n; i++)
		fnv_int(f, v[i]);
}

uint64_t dg_state(const crisk_game *g)
{
	fnv f = {0xcbf29ce484222325u};
	int winner = -1;
	const crisk_rules *rules = crisk_game_rules(g);
	int seats = crisk_rules_num_seats(rules);
	if (seats <= 0)
		return 0;
	fnv_int(&f, crisk_game_status(g, &winner));
	fnv_int(&f, winner);
	fnv_int(&f, crisk_game_turn(g));
	fnv_int(&f, crisk_game_current_seat(g));
	for (int s = 0; s < seats; s++) {
		int32_t hand[5], dev[5], cards, devn, knights;
		int vp;
		if (crisk_catan_hand(g, s, CRISK_VIEWER_OMNISCIENT, hand) || crisk_catan_dev_cards(g, s, CRISK_VIEWER_OMNISCIENT, dev) ||
		    crisk_catan_seat_counts(g, s, &cards, &devn, &knights) ||
		    crisk_game_score(g, s, CRISK_VIEWER_OMNISCIENT, &vp))
			return 0;
		fnv_ints(&f, hand, 5);
		fnv_ints(&f, dev, 5);
		fnv_int(&f, cards);
		fnv_int(&f, devn);
		fnv_int(&f, knights);
		fnv_int(&f, vp);
	}
	int32_t owner, kind;
	for (int node = 0; crisk_catan_building(g, node, &owner, &kind) == CRISK_OK; node++) {
		fnv_int(&f, owner);
		fnv_int(&f, kind);
	}
	for (int path = 0; crisk_catan_road(g, path, &owner) == CRISK_OK; path++)
		fnv_int(&f, owner);
	int32_t robber, bank[5], deck;
	if (crisk_catan_robber(g, &robber) || crisk_catan_bank(g, bank, &deck))
		return 0;
	fnv_int(&f, robber);
	fnv_ints(&f, bank, 5);
	fnv_int(&f, deck);
	return f.h;
}

void dg_final_line(const crisk_game *g, char *buf, size_t cap)
{
	int winner = -1;
	int status = crisk_game_status(g, &winner);
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	char vps[64] = "";
	size_t at = 0;
	for (int s = 0; s < seats && at < sizeof vps; s++) {
		int vp = -1;
		crisk_game_score(g, s, CRISK_VIEWER_OMNISCIENT, &vp);
		at += (size_t)snprintf(vps + at, sizeof vps - at, "%s%d", s ? "," : "", vp);
	}
	snprintf(buf, cap, "# final status=%d winner=%d turn=%lld vp=%s digest=%016llx", status, winner,
		 (long long)crisk_game_turn(g), vps, (unsigned long long)dg_state(g));
}
