/* Reading the risk part of a game's JSON view in tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "risk_view.h"
#include "../../lib/core/jsonr.h"

static int num(const jnode *n, int dflt)
{
	return n && n->type == JN_NUM ? (int)n->i : dflt;
}

int rview_read(const crisk_game *g, int viewer, rview *v)
{
	size_t len = 0;
	memset(v, 0, sizeof *v);
	if (crisk_game_to_json(g, viewer, NULL, 0, &len) != CRISK_EBUFSIZE && len == 0)
		return -1;
	char *buf = malloc(len + 1);
	if (!buf || crisk_game_to_json(g, viewer, buf, len + 1, &len) != CRISK_OK) {
		free(buf);
		return -1;
	}
	jnode *root = NULL;
	int rc = jr_parse(&root, buf, len);
	free(buf);
	if (rc)
		return -1;
	const jnode *risk = jr_member(root, "risk");
	const jnode *hexes = jr_member(risk, "hexes");
	v->seats = (int)jr_member(root, "seats")->count;
	const jnode *ph = jr_member(root, "phase");
	if (ph && ph->type == JN_STR)
		strncpy(v->phase, ph->str, sizeof v->phase - 1);
	v->current_seat = num(jr_member(root, "current_seat"), -99);
	for (int h = 0; h < RV_HEXES && hexes; h++) {
		const jnode *x = jr_index(hexes, (size_t)h);
		const jnode *arm = jr_member(x, "armies");
		for (int s = 0; s < v->seats; s++)
			v->armies[h][s] = num(jr_index(arm, (size_t)s), 0);
		v->armies[h][4] = num(jr_member(x, "neutral"), 0);
		v->revealed[h] = jr_member(x, "revealed")->type == JN_TRUE;
		const jnode *t = jr_member(x, "terrain");
		v->has_terrain[h] = t && t->type == JN_STR;
		const jnode *r = jr_member(x, "requirement");
		v->has_requirement[h] = r && r->type == JN_NUM;
		v->requirement[h] = num(r, -1);
		const jnode *c = jr_member(x, "controller");
		v->controller[h] = c && c->type == JN_STR ? 4 : num(c, -1);
		v->contested[h] = jr_member(x, "contested")->type == JN_TRUE;
	}
	const jnode *out = jr_member(risk, "out"), *res = jr_member(risk, "resigned");
	for (size_t i = 0; out && i < out->count; i++)
		v->out[num(jr_index(out, i), 0)] = 1;
	for (size_t i = 0; res && i < res->count; i++)
		v->resigned[num(jr_index(res, i), 0)] = 1;
	const jnode *over = jr_member(risk, "pieces_over");
	for (int s = 0; s < v->seats; s++)
		for (int p = 0; p < 3; p++)
			v->over[s][p] = num(jr_index(jr_index(over, (size_t)s), (size_t)p), 0);
	v->bought = num(jr_member(risk, "bought"), 0);
	v->redeployed = jr_member(risk, "redeployed")->type == JN_TRUE;
	jr_free(root);
	return 0;
}

int rview_total(const rview *v)
{
	int n = 0;
	for (int h = 0; h < RV_HEXES; h++)
		for (int o = 0; o < RV_OWNERS; o++)
			n += v->armies[h][o];
	return n;
}

int rview_check_hex(const rview *v, int h, const int *out, char *msg, size_t cap)
{
	int occupants = 0, only = -1;
	for (int o = 0; o < RV_OWNERS; o++) {
		if (v->armies[h][o] < 0) {
			snprintf(msg, cap, "hex %d: %d armies of owner %d", h, v->armies[h][o], o);
			return 1;
		}
		if (v->armies[h][o] > 0) {
			occupants++;
			only = o;
			if (o < 4 && out[o]) {
				snprintf(msg, cap, "hex %d: armies of seat %d, which is out (RC-26)", h, o);
				return 1;
			}
		}
	}
	int want = occupants == 1 && v->armies[h][only] >= v->requirement[h] ? only : -1;
	if (v->controller[h] != want || v->contested[h] != (occupants > 1)) {
		snprintf(msg, cap, "hex %d: controller %d contested %d, recomputed %d %d (RC-4, RC-5)", h,
			 v->controller[h], v->contested[h], want, occupants > 1);
		return 1;
	}
	if (occupants && !v->revealed[h]) {
		snprintf(msg, cap, "hex %d: armies on a face-down hex (RC-31)", h);
		return 1;
	}
	return 0;
}
