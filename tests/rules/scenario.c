/* Scenario helpers for the base-rule tests (see scenario.h). */
#include "scenario.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appendix A.1: corners N NE SE S SW NW of the base land hexes. */
const int sc_hex_corner[SC_LAND][6] = {
	{0, 4, 8, 12, 7, 3},      {1, 5, 9, 13, 8, 4},      {2, 6, 10, 14, 9, 5},
	{7, 12, 17, 22, 16, 11},  {8, 13, 18, 23, 17, 12},  {9, 14, 19, 24, 18, 13},
	{10, 15, 20, 25, 19, 14}, {16, 22, 28, 33, 27, 21}, {17, 23, 29, 34, 28, 22},
	{18, 24, 30, 35, 29, 23}, {19, 25, 31, 36, 30, 24}, {20, 26, 32, 37, 31, 25},
	{28, 34, 39, 43, 38, 33}, {29, 35, 40, 44, 39, 34}, {30, 36, 41, 45, 40, 35},
	{31, 37, 42, 46, 41, 36}, {39, 44, 48, 51, 47, 43}, {40, 45, 49, 52, 48, 44},
	{41, 46, 50, 53, 49, 45},
};

/* B-30 beginner layout. */
const int sc_beginner_token[SC_LAND] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
const int sc_beginner_resource[SC_LAND] = {
	CRISK_CATAN_ORE,   CRISK_CATAN_WOOL,   CRISK_CATAN_LUMBER, CRISK_CATAN_GRAIN, CRISK_CATAN_BRICK,
	CRISK_CATAN_WOOL,  CRISK_CATAN_BRICK,  CRISK_CATAN_GRAIN,  CRISK_CATAN_LUMBER, -1,
	CRISK_CATAN_LUMBER, CRISK_CATAN_ORE,   CRISK_CATAN_LUMBER, CRISK_CATAN_ORE,   CRISK_CATAN_GRAIN,
	CRISK_CATAN_WOOL,  CRISK_CATAN_BRICK,  CRISK_CATAN_GRAIN,  CRISK_CATAN_WOOL,
};

const int sc_std_nodes[8] = {12, 19, 39, 5, 20, 49, 40, 31};
const int sc_std_paths[8] = {11, 29, 50, 8, 31, 64, 51, 47};

crisk_game *sc_new_game(const char *module, const char *params)
{
	crisk_rules *rules = NULL;
	int rc = crisk_rules_new(&rules, module, params);
	SC_CHECK(rc == CRISK_OK, "crisk_rules_new(%s, \"%s\") = %d: %s", module, params, rc, crisk_error_last());
	crisk_game *g = NULL;
	rc = crisk_game_new(&g, rules);
	SC_CHECK(rc == CRISK_OK, "crisk_game_new = %d: %s", rc, crisk_error_last());
	crisk_rules_free(rules);
	return g;
}

crisk_game *sc_standard(const char *extra)
{
	char params[512];
	snprintf(params, sizeof params, "players=4 seed=7 board=beginner chance=explicit %s", extra ? extra : "");
	crisk_game *g = sc_new_game("base", params);
	sc_setup(g, sc_std_nodes, sc_std_paths);
	return g;
}

crisk_game *sc_two_seat(const char *extra)
{
	char params[512];
	snprintf(params, sizeof params, "players=2 seed=7 board=beginner chance=explicit %s", extra ? extra : "");
	crisk_game *g = sc_new_game("base", params);
	const int nodes[4] = {12, 5, 43, 31};
	const int paths[4] = {11, 8, 54, 47};
	sc_setup(g, nodes, paths);
	return g;
}

void sc_setup(crisk_game *g, const int *nodes, const int *paths)
{
	int n = crisk_rules_num_seats(crisk_game_rules(g));
	for (int step = 0; step < 2 * n; step++) {
		int seat = step < n ? step : 2 * n - 1 - step; /* B-41 snake */
		SC_EQ(sc_seat(g), seat);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes[step]));
		SC_EQ(sc_seat(g), seat);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, paths[step]));
	}
}

static crisk_action encode(const crisk_catan_action *a)
{
	crisk_action code = 0;
	int rc = crisk_catan_action_encode(&code, a);
	SC_CHECK(rc == CRISK_OK, "encode type %u: %s", a->type, crisk_error_last());
	return code;
}

static void init_action(crisk_catan_action *a, uint32_t type)
{
	SC_EQ(crisk_catan_action_init(a, CRISK_CATAN_ACTION_VERSION), CRISK_OK);
	a->type = type;
}

crisk_action sc_act(uint32_t type, int arg0)
{
	crisk_catan_action a;
	init_action(&a, type);
	a.arg[0] = arg0;
	return encode(&a);
}

crisk_action sc_act2(uint32_t type, int arg0, int arg1)
{
	crisk_catan_action a;
	init_action(&a, type);
	a.arg[0] = arg0;
	a.arg[1] = arg1;
	return encode(&a);
}

crisk_action sc_offer(const int give[5], const int want[5], int to)
{
	crisk_catan_action a;
	init_action(&a, CRISK_CATAN_OFFER_TRADE);
	for (int r = 0; r < 5; r++) {
		a.give[r] = give[r];
		a.want[r] = want[r];
	}
	a.to = to;
	return encode(&a);
}

crisk_action sc_discard_cards(const int counts[5])
{
	crisk_catan_action a;
	init_action(&a, CRISK_CATAN_DISCARD_CARDS);
	for (int r = 0; r < 5; r++)
		a.give[r] = counts[r];
	return encode(&a);
}

static crisk_action parse_va(const crisk_game *g, const char *fmt, va_list ap)
{
	char text[256];
	vsnprintf(text, sizeof text, fmt, ap);
	crisk_action a = 0;
	int rc = crisk_game_action_from_string(&a, g, text);
	SC_CHECK(rc == CRISK_OK, "cannot parse \"%s\": %s", text, crisk_error_last());
	return a;
}

crisk_action sc_parse(const crisk_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	crisk_action a = parse_va(g, fmt, ap);
	va_end(ap);
	return a;
}

static void action_text(const crisk_game *g, crisk_action a, char *buf, size_t cap)
{
	if (crisk_game_action_to_string(g, a, buf, cap, NULL) != CRISK_OK)
		snprintf(buf, cap, "0x%016llx", (unsigned long long)a);
}

void sc_apply(crisk_game *g, crisk_action a)
{
	char text[128];
	action_text(g, a, text, sizeof text);
	int rc = crisk_game_apply(g, a);
	SC_CHECK(rc == CRISK_OK, "apply \"%s\" (seat %d) = %d: %s", text, sc_seat(g), rc, crisk_error_last());
}

void sc_do(crisk_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	crisk_action a = parse_va(g, fmt, ap);
	va_end(ap);
	sc_apply(g, a);
}

void sc_refuse(crisk_game *g, crisk_action a)
{
	char text[128];
	action_text(g, a, text, sizeof text);
	char *before = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	int rc = crisk_game_check(g, a);
	SC_CHECK(rc == CRISK_EILLEGAL, "check \"%s\" = %d, expected CRISK_EILLEGAL", text, rc);
	SC_CHECK(crisk_error_last()[0] != '\0', "check \"%s\" refused without a message", text);
	rc = crisk_game_apply(g, a);
	SC_CHECK(rc == CRISK_EILLEGAL, "apply \"%s\" = %d, expected CRISK_EILLEGAL", text, rc);
	SC_CHECK(crisk_error_last()[0] != '\0', "apply \"%s\" refused without a message", text);
	char *after = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	SC_CHECK(strcmp(before, after) == 0, "refused \"%s\" changed the game", text);
	SC_CHECK(!sc_listed(g, a), "refused \"%s\" is listed as legal", text);
	free(before);
	free(after);
}

void sc_refuse_text(crisk_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	crisk_action a = parse_va(g, fmt, ap);
	va_end(ap);
	sc_refuse(g, a);
}

int sc_legal(const crisk_game *g, crisk_action a)
{
	return crisk_game_check(g, a) == CRISK_OK;
}

size_t sc_legal_list(const crisk_game *g, crisk_action *buf, size_t cap)
{
	size_t count = 0;
	int rc = crisk_game_legal_actions(g, buf, cap, &count);
	SC_CHECK(rc == CRISK_OK || (rc == CRISK_EBUFSIZE && count > cap), "legal_actions = %d: %s", rc,
		      crisk_error_last());
	return count;
}

int sc_listed(const crisk_game *g, crisk_action a)
{
	size_t count = sc_legal_list(g, NULL, 0);
	crisk_action *buf = malloc((count + 1) * sizeof *buf);
	SC_CHECK(buf != NULL, "out of memory");
	size_t got = sc_legal_list(g, buf, count + 1);
	int found = 0;
	for (size_t i = 0; i < got && !found; i++)
		found = buf[i] == a;
	free(buf);
	return found;
}

char *sc_json(const crisk_game *g, int viewer)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, NULL, 0, &len);
	SC_CHECK(rc == CRISK_EBUFSIZE || rc == CRISK_OK, "to_json size = %d: %s", rc, crisk_error_last());
	char *buf = malloc(len + 1);
	SC_CHECK(buf != NULL, "out of memory");
	rc = crisk_game_to_json(g, viewer, buf, len + 1, &len);
	SC_CHECK(rc == CRISK_OK, "to_json = %d: %s", rc, crisk_error_last());
	return buf;
}

int sc_at_preroll(const crisk_game *g)
{
	return sc_legal(g, sc_act(CRISK_CATAN_ROLL, 0));
}

int sc_at_main(const crisk_game *g)
{
	return sc_legal(g, sc_act(CRISK_CATAN_END_TURN, 0));
}

void sc_roll(crisk_game *g, int sum)
{
	int seat = sc_seat(g);
	SC_CHECK(sc_at_preroll(g), "seat %d is not at its pre-roll: %s", seat, crisk_error_last());
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	SC_EQ(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_DICE, sum));
}

void sc_end_turn(crisk_game *g)
{
	sc_apply(g, sc_act(CRISK_CATAN_END_TURN, 0));
}

/* Cards of `resource` (every type when < 0) that a roll of `sum` pays `seat`
 * (every seat when < 0); `weighted` counts each card times 1 + its
 * receiver's hand size, so quiet rolls spread the cards. */
static int roll_yield(const crisk_game *g, int sum, int seat, int resource, int weighted)
{
	int32_t robber = -1;
	SC_EQ(crisk_catan_robber(g, &robber), CRISK_OK);
	int total = 0;
	for (int h = 0; h < SC_LAND; h++) {
		if (sc_beginner_token[h] != sum || h == robber)
			continue;
		if (resource >= 0 && sc_beginner_resource[h] != resource)
			continue;
		for (int c = 0; c < 6; c++) {
			int32_t owner = -1, kind = 0;
			SC_EQ(crisk_catan_building(g, sc_hex_corner[h][c], &owner, &kind), CRISK_OK);
			if (kind == 0 || owner < 0 || (seat >= 0 && owner != seat))
				continue;
			total += weighted ? kind * (1 + sc_hand_total(g, owner)) : kind;
		}
	}
	return total;
}

static int quiet_sum(const crisk_game *g)
{
	int best = 2, best_yield = -1;
	for (int s = 2; s <= 12; s++) {
		if (s == 7)
			continue;
		int y = roll_yield(g, s, -1, -1, 1);
		if (best_yield < 0 || y < best_yield) {
			best = s;
			best_yield = y;
		}
	}
	return best;
}

void sc_gain(crisk_game *g, int seat, int r, int n)
{
	for (int guard = 0; guard < 400; guard++) {
		int32_t hand[5];
		sc_hand(g, seat, hand);
		if (hand[r] >= n)
			return;
		if (sc_at_main(g))
			sc_end_turn(g);
		int sum = 0;
		for (int s = 2; s <= 12 && !sum; s++)
			if (s != 7 && roll_yield(g, s, seat, r, 0) > 0)
				sum = s;
		SC_CHECK(sum, "seat %d has no producing hex of resource %d", seat, r);
		sc_roll(g, sum);
	}
	ck_abort_msg("seat %d did not gain %d of resource %d", seat, n, r);
}

void sc_gain_all(crisk_game *g, int seat, const int need[5])
{
	for (int r = 0; r < 5; r++)
		sc_gain(g, seat, r, need[r]);
}

void sc_to_main(crisk_game *g, int seat)
{
	for (int guard = 0; guard < 64; guard++) {
		if (sc_at_main(g)) {
			if (sc_seat(g) == seat)
				return;
			sc_end_turn(g);
		} else {
			sc_roll(g, quiet_sum(g));
		}
	}
	ck_abort_msg("seat %d never reached its main phase", seat);
}

void sc_to_preroll(crisk_game *g, int seat)
{
	for (int guard = 0; guard < 64; guard++) {
		if (sc_at_preroll(g) && sc_seat(g) == seat)
			return;
		if (sc_at_main(g))
			sc_end_turn(g);
		else
			sc_roll(g, quiet_sum(g));
	}
	ck_abort_msg("seat %d never reached its pre-roll", seat);
}

void sc_buy_dev(crisk_game *g, int card)
{
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	SC_EQ(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, card));
}

void sc_hand(const crisk_game *g, int seat, int32_t out[5])
{
	int rc = crisk_catan_hand(g, seat, CRISK_VIEWER_OMNISCIENT, out);
	SC_CHECK(rc == CRISK_OK, "crisk_catan_hand = %d: %s", rc, crisk_error_last());
}

int sc_hand_total(const crisk_game *g, int seat)
{
	int32_t h[5];
	sc_hand(g, seat, h);
	return h[0] + h[1] + h[2] + h[3] + h[4];
}

int sc_score(const crisk_game *g, int seat, int viewer)
{
	int vp = -1;
	int rc = crisk_game_score(g, seat, viewer, &vp);
	SC_CHECK(rc == CRISK_OK, "crisk_game_score = %d: %s", rc, crisk_error_last());
	return vp;
}

int sc_seat(const crisk_game *g)
{
	return crisk_game_current_seat(g);
}

uint64_t sc_next_seq(const crisk_game *g)
{
	uint64_t first = 0, next = 0;
	SC_EQ(crisk_game_event_range(g, &first, &next), CRISK_OK);
	return next;
}

int sc_count_events(const crisk_game *g, uint64_t since, uint32_t type, int viewer, crisk_event *last)
{
	uint64_t first = 0, next = 0;
	SC_EQ(crisk_game_event_range(g, &first, &next), CRISK_OK);
	SC_CHECK(since >= first, "events since %llu are no longer kept", (unsigned long long)since);
	int n = 0;
	for (uint64_t s = since; s < next; s++) {
		crisk_event e;
		SC_EQ(crisk_event_init(&e, CRISK_EVENT_VERSION), CRISK_OK);
		SC_EQ(crisk_game_event(&e, g, s, viewer), CRISK_OK);
		if (e.type != type)
			continue;
		n++;
		if (last)
			*last = e;
	}
	return n;
}

/* The text of the n-th object of the "seats" array (braces counted, strings
 * in the view hold no braces). */
static const char *seat_object(const char *json, int seat)
{
	const char *p = strstr(json, "\"seats\":[");
	SC_CHECK(p != NULL, "out of memory");
	p += strlen("\"seats\":[");
	for (int n = 0; *p; n++) {
		SC_EQ(*p, '{');
		if (n == seat)
			return p;
		int depth = 0;
		do {
			depth += (*p == '{') - (*p == '}');
			p++;
		} while (*p && depth);
		if (*p == ',')
			p++;
	}
	ck_abort_msg("no seat %d in the view", seat);
	return NULL;
}

long sc_seat_field(const crisk_game *g, int seat, const char *key)
{
	char *json = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	const char *obj = seat_object(json, seat);
	char pattern[64];
	snprintf(pattern, sizeof pattern, "\"%s\":", key);
	const char *end = obj;
	for (int depth = 0; *end; end++) {
		depth += (*end == '{') - (*end == '}');
		if (!depth)
			break;
	}
	const char *at = strstr(obj, pattern);
	SC_CHECK(at && at < end, "seat %d has no \"%s\" in the view", seat, key);
	at += strlen(pattern);
	long v = !strncmp(at, "true", 4) ? 1 : !strncmp(at, "false", 5) ? 0 : strtol(at, NULL, 10);
	free(json);
	return v;
}
