/* libFuzzer target: apply arbitrary action codes in a game played to a point
 * chosen by the input, and parse arbitrary action text.
 *
 * Input: seed (8 bytes), module and players (muhq: map, seats, draft, an AI
 * seat), flags (bit 3: module muhq, bit 4: module hawaii),
 * playout steps (2 bytes), then 8-byte
 * chunks, each one action: the top two bits of its first byte choose a raw
 * 64-bit code, a type with a 16-bit argument, a type with 56 argument bits,
 * or the n-th legal action (which drives the game on).  The same tail is also
 * read as lines of action text.
 *
 * Checked: check and apply agree; a refused apply leaves the state block
 * untouched; applied actions have a text form that parses back to the same
 * code; undo of one action restores the state exactly. */
#include <stdio.h>
#include <string.h>
#include "catanrisk.h"
#include "core/rules_impl.h"
#include "fuzz.h"
#include "../soak/playout.h"

#define FLAG_EXPLICIT 1u
#define FLAG_BEGINNER 2u
#define FLAG_UNDO 4u
#define FLAG_MUHQ 8u
#define FLAG_HAWAII 16u

static crisk_action buf[PL_MAX_ACTIONS];

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static crisk_action code_of(const crisk_game *g, const uint8_t *p)
{
	uint64_t type = p[0] & 63u;
	switch (p[0] >> 6) {
	case 0:
		return le64(p);
	case 1:
		return (type << 56) | p[1] | ((uint64_t)p[2] << 8);
	case 2:
		return (type << 56) | (le64(p) >> 8);
	default: {
		size_t n = 0;
		if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
			static double probs[PL_MAX_ACTIONS]; /* risk: 1176 battle dice outcomes */
			if (crisk_game_chance_probabilities(g, buf, probs, PL_MAX_ACTIONS, &n) != CRISK_OK || !n)
				return 0;
		} else if (crisk_game_legal_actions(g, buf, PL_MAX_ACTIONS, &n) != CRISK_OK || !n) {
			return 0;
		}
		return buf[(p[1] | ((size_t)p[2] << 8)) % n];
	}
	}
}

static void text_round_trip(const crisk_game *g, crisk_action a)
{
	char text[512];
	size_t len;
	FUZZ_ASSERT(crisk_game_action_to_string(g, a, text, sizeof text, &len) == CRISK_OK);
	crisk_action back = 0;
	FUZZ_ASSERT(crisk_game_action_from_string(&back, g, text) == CRISK_OK);
	FUZZ_ASSERT(back == a);
}

static void try_action(crisk_game *g, crisk_game *before, crisk_action a, int undo)
{
	FUZZ_ASSERT(crisk_game_copy(before, g) == CRISK_OK);
	int checked = crisk_game_check(g, a);
	int rc = crisk_game_apply(g, a);
	FUZZ_ASSERT((checked == CRISK_OK) == (rc == CRISK_OK));
	if (rc != CRISK_OK) {
		FUZZ_ASSERT(rc == CRISK_EILLEGAL);
		FUZZ_ASSERT(crisk_error_last()[0] != '\0');
		FUZZ_ASSERT(memcmp(g->state, before->state, g->state_size) == 0);
		return;
	}
	text_round_trip(g, a);
	if (undo) {
		FUZZ_ASSERT(crisk_game_undo(g, 1) == CRISK_OK);
		FUZZ_ASSERT(memcmp(g->state, before->state, g->state_size) == 0);
		FUZZ_ASSERT(crisk_game_apply(g, a) == CRISK_OK);
	}
}

/* Every listed legal action passes check. */
static void legal_all_pass(const crisk_game *g)
{
	size_t n = 0;
	if (crisk_game_legal_actions(g, buf, PL_MAX_ACTIONS, &n) != CRISK_OK)
		return;
	for (size_t i = 0; i < n; i++)
		FUZZ_ASSERT(crisk_game_check(g, buf[i]) == CRISK_OK);
}

static void parse_lines(const crisk_game *g, const uint8_t *data, size_t size)
{
	char line[256];
	size_t at = 0;
	while (at < size) {
		size_t n = 0;
		while (at + n < size && data[at + n] != '\n' && n < sizeof line - 1)
			n++;
		memcpy(line, data + at, n);
		line[n] = '\0';
		at += n + 1;
		crisk_action a = 0;
		if (crisk_game_action_from_string(&a, g, line) == CRISK_OK)
			text_round_trip(g, a);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 12)
		return 0;
	unsigned flags = data[9];
	/* Byte 8 picks the module and its seats: base with 2..6 (beginner only
	 * up to 4, B-126), two_player, or risk with 2..4, fog when it is odd. */
	int pick = data[8] % 8, seats = 2 + pick;
	const char *module = pick < 5 ? "base" : pick == 5 ? "two_player" : "risk";
	char params[200], players[16] = "", extra[16] = "";
	if (pick == 5)
		seats = 2;
	else if (pick > 5)
		seats = 2 + (data[8] >> 3) % 3;
	if (pick != 5)
		snprintf(players, sizeof players, "players=%d ", seats);
	if (pick > 5 && (data[8] & 1))
		snprintf(extra, sizeof extra, " fog=on");
	int beginner = (flags & FLAG_BEGINNER) && seats <= 4;
	snprintf(params, sizeof params, "%sseed=%llu board=%s chance=%s%s", players, (unsigned long long)le64(data),
		 beginner ? "beginner" : "random", (flags & FLAG_EXPLICIT) ? "explicit" : "auto", extra);
	if (flags & FLAG_MUHQ) { /* muhq: byte 8 picks the map, its seats, the draft and an AI seat */
		static const char *const maps[] = {"2P-ring-street", "2P-river-king", "4P-islands", "the-kraken"};
		static const char *const drafts[] = {"none", "piles", "3x2x8"};
		int map = data[8] % 4;
		int p = map == 2 ? 2 + (data[8] >> 2) % 3 : map == 3 ? 1 + (data[8] >> 2) % 4 : 2;
		module = "muhq";
		snprintf(params, sizeof params, "map=%s players=%d draft=%s seed=%llu chance=%s ai=%s", maps[map], p,
			 drafts[(data[8] >> 4) % 3], (unsigned long long)le64(data), (flags & FLAG_EXPLICIT) ? "explicit" : "auto",
			 (data[8] & 0x40) ? "0" : "none");
	}
	if ((flags & FLAG_HAWAII) && !(flags & FLAG_MUHQ)) { /* hawaii: 3..6 seats on its built-in map */
		module = "hawaii";
		snprintf(params, sizeof params, "players=%d seed=%llu chance=%s", 3 + data[8] % 4,
			 (unsigned long long)le64(data), (flags & FLAG_EXPLICIT) ? "explicit" : "auto");
	}
	crisk_rules *r = NULL;
	crisk_game *g = NULL, *before = NULL;
	FUZZ_ASSERT(crisk_rules_new(&r, module, params) == CRISK_OK);
	FUZZ_ASSERT(crisk_game_new(&g, r) == CRISK_OK);
	FUZZ_ASSERT(crisk_game_new(&before, r) == CRISK_OK);
	crisk_rules_free(r);
	int undo = (flags & FLAG_UNDO) != 0;
	if (undo)
		FUZZ_ASSERT(crisk_game_set_undo_depth(g, 4) == CRISK_OK);
	pl_rng rng = {le64(data) ^ data[8]};
	int64_t steps = (data[10] | (data[11] << 8)) % 1500;
	FUZZ_ASSERT(pl_play(g, &rng, buf, steps) >= 0);
	legal_all_pass(g);
	for (size_t at = 12; at + 8 <= size; at += 8)
		try_action(g, before, code_of(g, data + at), undo);
	legal_all_pass(g);
	parse_lines(g, data + 12, size - 12);
	crisk_game_free(g);
	crisk_game_free(before);
	return 0;
}
