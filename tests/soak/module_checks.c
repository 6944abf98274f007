/* The soak's module-specific invariants (see module_checks.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "module_checks.h"
#include "../../lib/core/jsonr.h"
#include "../risk/risk_view.h"

int mc_kind(const char *module)
{
	if (!strcmp(module, "two_player"))
		return MC_TWO_PLAYER;
	if (!strcmp(module, "risk"))
		return MC_RISK;
	return MC_BASE;
}

void mc_count_event(mc_tally *t, const crisk_event *e)
{
	int s = e->seat >= 0 && e->seat < MC_SEATS ? e->seat : -1;
	switch (e->type) {
	case CRISK_CATAN_EV_PLAY_DEV:
		if (s >= 0 && e->args[0] == CRISK_CATAN_KNIGHT)
			t->knights_played[s]++;
		break;
	case CRISK_TP_EV_KNIGHT_TOKENS:
		if (s >= 0)
			t->knights_discarded[s]++;
		break;
	case CRISK_RISK_EV_ARMIES_PLACED:
		t->armies += e->args[1];
		break;
	case CRISK_RISK_EV_BATTLE_ROLL:
		t->armies -= e->args[3] + e->args[4];
		break;
	case CRISK_RISK_EV_ELIMINATED:
		t->armies -= e->args[0];
		break;
	default:
		break;
	}
}

int mc_valid_owner(int kind, int seats, int owner)
{
	if (owner >= 0 && owner < seats)
		return 1;
	if (kind == MC_TWO_PLAYER)
		return owner == CRISK_TP_NEUTRAL_0 || owner == CRISK_TP_NEUTRAL_1; /* T-1 */
	if (kind == MC_RISK)
		return owner == CRISK_RISK_NEUTRAL; /* RC-27: pieces of a resigned seat */
	return 0;
}

static int fail(char *msg, size_t cap, const char *text)
{
	snprintf(msg, cap, "%s", text);
	return 1;
}

static char *view_text(const crisk_game *g, size_t *len)
{
	*len = 0;
	if (crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, NULL, 0, len) != CRISK_EBUFSIZE || !*len)
		return NULL;
	char *buf = malloc(*len + 1);
	if (buf && crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, buf, *len + 1, len) != CRISK_OK) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

static int int_at(const jnode *arr, size_t i)
{
	const jnode *n = jr_index(arr, i);
	return n && n->type == JN_NUM ? (int)n->i : -1000;
}

/* Played knights face up = knights played - knights discarded (B-92, T-19). */
static int check_knights(const crisk_game *g, const mc_tally *t, const mc_info *info, char *msg, size_t cap)
{
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	for (int s = 0; s < seats && s < MC_SEATS; s++) {
		int32_t cards, dev, knights;
		if (info->out[s]) /* RC-26: an eliminated seat's played knights leave the game */
			continue;
		if (crisk_catan_seat_counts(g, s, &cards, &dev, &knights))
			return fail(msg, cap, "seat counts query failed");
		int want = t->knights_played[s] - t->knights_discarded[s];
		if (knights != want) {
			snprintf(msg, cap, "seat %d shows %d played knights; events say %d played, %d discarded (B-92, T-19)", s,
				 knights, t->knights_played[s], t->knights_discarded[s]);
			return 1;
		}
	}
	return 0;
}

/* T-16 tokens conserved, T-19 discards as the events say, T-2 neutral pieces. */
static int check_two_player(const crisk_game *g, const mc_tally *t, char *msg, size_t cap)
{
	int settlements[2] = {0}, cities[2] = {0}, roads[2] = {0};
	int32_t owner, kind;
	for (int node = 0; crisk_catan_building(g, node, &owner, &kind) == CRISK_OK; node++) {
		if (kind && owner >= CRISK_TP_NEUTRAL_0) {
			settlements[owner - CRISK_TP_NEUTRAL_0] += kind == 1;
			cities[owner - CRISK_TP_NEUTRAL_0] += kind == 2;
		}
	}
	for (int path = 0; crisk_catan_road(g, path, &owner) == CRISK_OK; path++)
		if (owner >= CRISK_TP_NEUTRAL_0)
			roads[owner - CRISK_TP_NEUTRAL_0]++;
	for (int n = 0; n < 2; n++)
		if (settlements[n] > 5 || cities[n] || roads[n] > 15) {
			snprintf(msg, cap, "neutral %d has %d settlements, %d cities, %d roads (T-2)", n, settlements[n],
				 cities[n], roads[n]);
			return 1;
		}

	size_t len;
	char *text = view_text(g, &len);
	jnode *root = NULL;
	if (!text || jr_parse(&root, text, len)) {
		free(text);
		return fail(msg, cap, "view unreadable");
	}
	free(text);
	const jnode *tp = jr_member(root, "two_player");
	const jnode *tokens = jr_member(tp, "tokens"), *out = jr_member(tp, "knights_discarded");
	const jnode *supply = jr_member(tp, "token_supply");
	int rc = 0;
	if (!tokens || !out || !supply || supply->type != JN_NUM) {
		rc = fail(msg, cap, "view has no two_player tokens");
	} else {
		int t0 = int_at(tokens, 0), t1 = int_at(tokens, 1), sup = (int)supply->i;
		if (t0 < 0 || t1 < 0 || sup < 0 || t0 + t1 + sup != CRISK_TP_TOKENS_TOTAL) {
			snprintf(msg, cap, "tokens %d + %d + supply %d != %d (T-16)", t0, t1, sup, CRISK_TP_TOKENS_TOTAL);
			rc = 1;
		}
		for (int s = 0; s < 2 && !rc; s++)
			if (int_at(out, (size_t)s) != t->knights_discarded[s]) {
				snprintf(msg, cap, "seat %d: view says %d knights discarded, events %d (T-19)", s,
					 int_at(out, (size_t)s), t->knights_discarded[s]);
				rc = 1;
			}
	}
	jr_free(root);
	return rc;
}

/* RC-3..RC-5 recomputed from the armies, RC-26 (no armies of seats that are
 * out), RC-31 (no army on a face-down hex), and army conservation: armies
 * change only through placements, battle losses and elimination. */
static int check_risk(const crisk_game *g, const mc_tally *t, mc_info *info, char *msg, size_t cap)
{
	rview v;
	if (rview_read(g, CRISK_VIEWER_OMNISCIENT, &v))
		return fail(msg, cap, "view unreadable");
	for (int s = 0; s < 4 && s < MC_SEATS; s++) {
		info->out[s] = v.out[s] || v.resigned[s];
		for (int p = 0; p < 3; p++)
			info->over[s][p] = v.over[s][p];
	}
	for (int h = 0; h < RV_HEXES; h++) {
		if (rview_check_hex(&v, h, info->out, msg, cap))
			return 1;
	}
	if (rview_total(&v) != t->armies) {
		snprintf(msg, cap, "%d armies on the board, events say %lld (RC-1, RC-18, RC-20, RC-26)", rview_total(&v),
			 (long long)t->armies);
		return 1;
	}
	return 0;
}

int mc_check(int kind, const crisk_game *g, const mc_tally *t, mc_info *info, char *msg, size_t cap)
{
	memset(info, 0, sizeof *info);
	if (kind == MC_RISK && check_risk(g, t, info, msg, cap))
		return 1;
	if (kind == MC_TWO_PLAYER && check_two_player(g, t, msg, cap))
		return 1;
	return check_knights(g, t, info, msg, cap);
}

int mc_same_view(const crisk_game *a, const crisk_game *b)
{
	size_t la, lb;
	char *ta = view_text(a, &la), *tb = view_text(b, &lb);
	int same = ta && tb && la == lb && !memcmp(ta, tb, la);
	free(ta);
	free(tb);
	return same;
}
