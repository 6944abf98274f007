/* Helpers for the module-risk scenario tests (see risk_scenario.h). */
#include "risk_scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lib/core/jsonr.h"

crisk_action rs_act(uint32_t type, int a0, int a1, int a2)
{
	crisk_catan_action a;
	crisk_catan_action_init(&a, CRISK_CATAN_ACTION_VERSION);
	a.type = type;
	a.arg[0] = a0;
	a.arg[1] = a1;
	a.arg[2] = a2;
	crisk_action code = 0;
	int rc = crisk_catan_action_encode(&code, &a);
	SC_CHECK(rc == CRISK_OK, "encode type %u: %s", type, crisk_error_last());
	return code;
}

static crisk_action first_legal(const crisk_game *g)
{
	crisk_action a[1];
	size_t n = sc_legal_list(g, a, 1);
	SC_CHECK(n > 0, "no legal action");
	return a[0];
}

const char *rs_phase(const crisk_game *g, char buf[32])
{
	rview v;
	SC_CHECK(rview_read(g, CRISK_VIEWER_OMNISCIENT, &v) == 0, "view");
	memcpy(buf, v.phase, 32);
	return buf;
}

crisk_game *rs_game(int seats, const char *extra, const int *nodes, const int *paths, const int *hexes)
{
	char params[512], ph[32];
	snprintf(params, sizeof params, "players=%d board=beginner %s %s %s", seats,
		 extra && strstr(extra, "seed=") ? "" : "seed=7", extra && strstr(extra, "chance=") ? "" : "chance=explicit",
		 extra ? extra : "");
	crisk_game *g = sc_new_game("risk", params);
	for (int i = 0; i < 2 * seats; i++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes[i]));
		sc_apply(g, paths && paths[i] >= 0 ? sc_act(CRISK_CATAN_PLACE_ROAD, paths[i]) : first_legal(g));
		SC_CHECK(!strcmp(rs_phase(g, ph), "setup_army"), "phase %s after a set-up road, not setup_army", ph);
		sc_apply(g, hexes && hexes[i] >= 0 ? rs_act(CRISK_RISK_PLACE_ARMY, hexes[i], 0, 0) : first_legal(g));
	}
	while (!strcmp(rs_phase(g, ph), "army_loop"))
		sc_apply(g, first_legal(g));
	SC_CHECK(sc_at_preroll(g) && sc_seat(g) == 0, "set-up did not end at seat 0's pre-roll (phase %s)", ph);
	return g;
}

crisk_game *rs_two(const char *extra)
{
	static const int nodes[4] = {12, 5, 43, 31}, paths[4] = {11, 8, 54, 47};
	return rs_game(2, extra, nodes, paths, NULL);
}

crisk_game *rs_three(const char *extra)
{
	static const int nodes[6] = {12, 5, 20, 48, 43, 31};
	return rs_game(3, extra, nodes, NULL, NULL);
}

static char *save_json(const crisk_game *g)
{
	size_t len = 0;
	crisk_game_save_json(g, NULL, 0, &len);
	char *buf = malloc(len + 1);
	SC_CHECK(buf && crisk_game_save_json(g, buf, len + 1, &len) == CRISK_OK, "save_json: %s", crisk_error_last());
	return buf;
}

static void load_json(crisk_game **g, const char *text)
{
	crisk_game *n = NULL;
	int rc = crisk_game_load_json(&n, text, strlen(text));
	SC_CHECK(rc == CRISK_OK, "load_json of an edited position: %s", crisk_error_last());
	crisk_game_free(*g);
	*g = n;
}

/* Rewrites elements of the JSON array (or the scalar) after "key": inside
 * "ext": n edits of index[i] to value[i], indexes ascending. */
static void edit_ext(crisk_game **g, const char *key, int n, const int *index, const int *value)
{
	char *text = save_json(*g);
	char pattern[64];
	snprintf(pattern, sizeof pattern, "\"%s\":", key);
	char *ext = strstr(text, "\"ext\":");
	SC_CHECK(ext != NULL, "no ext in the save");
	char *at = strstr(ext, pattern);
	SC_CHECK(at != NULL, "no ext.%s in the save", key);
	at += strlen(pattern);
	size_t len = strlen(text) + 32 * (size_t)n;
	char *out = malloc(len);
	size_t pos = 0;
	const char *copied = text;
	int element = 0;
	int array = *at == '[';
	if (array)
		at++;
	for (int i = 0; i < n; i++) {
		for (; array && element < index[i]; element++) {
			at = strchr(at, ',');
			SC_CHECK(at != NULL, "ext.%s has no element %d", key, index[i]);
			at++;
		}
		char *end = at;
		while (*end == '-' || (*end >= '0' && *end <= '9'))
			end++;
		pos += (size_t)snprintf(out + pos, len - pos, "%.*s%d", (int)(at - copied), copied, value[i]);
		copied = end;
		at = end;
	}
	snprintf(out + pos, len - pos, "%s", copied);
	load_json(g, out);
	free(out);
	free(text);
}

void rs_edit_ext(crisk_game **g, const char *key, int index, int value)
{
	edit_ext(g, key, 1, &index, &value);
}

void rs_set_two(crisk_game **g, int hex, int armies0, int armies1)
{
	int index[2] = {hex * 5, hex * 5 + 1}, value[2] = {armies0, armies1};
	edit_ext(g, "armies", 2, index, value);
}

void rs_set_armies(crisk_game **g, int hex, int owner, int n)
{
	rs_edit_ext(g, "armies", hex * 5 + owner, n);
}

int rs_armies(const crisk_game *g, int hex, int owner)
{
	rview v;
	SC_CHECK(rview_read(g, CRISK_VIEWER_OMNISCIENT, &v) == 0, "view");
	return v.armies[hex][owner];
}

int rs_total_armies(const crisk_game *g)
{
	rview v;
	SC_CHECK(rview_read(g, CRISK_VIEWER_OMNISCIENT, &v) == 0, "view");
	return rview_total(&v);
}

int rs_building_owner(const crisk_game *g, int node)
{
	int32_t owner = -2, kind = 0;
	SC_CHECK(crisk_catan_building(g, node, &owner, &kind) == CRISK_OK, "building query");
	return kind ? owner : -1;
}

int rs_road_owner(const crisk_game *g, int path)
{
	int32_t owner = -2;
	SC_CHECK(crisk_catan_road(g, path, &owner) == CRISK_OK, "road query");
	return owner;
}

/* The board JSON of g's rules, parsed (jr_free it). */
static jnode *board_of(const crisk_game *g)
{
	size_t len = 0;
	const crisk_rules *r = crisk_game_rules(g);
	crisk_rules_board_json(r, NULL, 0, &len);
	char *buf = malloc(len + 1);
	SC_CHECK(buf && crisk_rules_board_json(r, buf, len + 1, &len) == CRISK_OK, "board json");
	jnode *root = NULL;
	SC_CHECK(jr_parse(&root, buf, len) == CRISK_OK, "board json parse");
	free(buf);
	return root;
}

int rs_path_hexes(const crisk_game *g, int path, int out[2])
{
	jnode *root = board_of(g);
	const jnode *hexes = jr_member(jr_index(jr_member(root, "paths"), (size_t)path), "hexes");
	int n = 0;
	for (size_t i = 0; i < hexes->count && n < 2; i++) {
		const jnode *h = jr_index(hexes, i);
		if (h->type == JN_NUM)
			out[n++] = (int)h->i;
	}
	jr_free(root);
	return n;
}

int rs_paths_at(const crisk_game *g, int node, int out[3])
{
	jnode *root = board_of(g);
	const jnode *paths = jr_member(jr_index(jr_member(root, "nodes"), (size_t)node), "paths");
	int n = 0;
	for (size_t i = 0; i < paths->count && n < 3; i++)
		out[n++] = (int)jr_index(paths, i)->i;
	jr_free(root);
	return n;
}

int rs_path_at(const crisk_game *g, int node)
{
	int at[3], n = rs_paths_at(g, node, at), best = 1 << 30;
	for (int i = 0; i < n; i++)
		if (at[i] < best)
			best = at[i];
	return best;
}

void rs_refuse_rule(crisk_game *g, crisk_action a, const char *rule)
{
	char msg[512];
	SC_CHECK(crisk_game_check(g, a) == CRISK_EILLEGAL, "check accepted an action expected to break %s", rule);
	snprintf(msg, sizeof msg, "%s", crisk_error_last());
	SC_CHECK(strstr(msg, rule) != NULL, "refusal message \"%s\" does not name %s", msg, rule);
	sc_refuse(g, a);
}

uint64_t rs_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

crisk_action rs_pick(const crisk_game *g, uint64_t *rs, unsigned resign_odds)
{
	enum { MAX_LISTED = 4096 };
	static crisk_action buf[MAX_LISTED];
	size_t n;
	ck_assert_msg(crisk_game_legal_actions(g, buf, MAX_LISTED, &n) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_uint_gt(n, 0);
	if (crisk_game_turn(g) > 8 && rs_rand(rs) % resign_odds == 0) {
		crisk_action r = ((crisk_action)CRISK_RISK_RESIGN << 56) | (rs_rand(rs) % 4);
		if (crisk_game_check(g, r) == CRISK_OK)
			return r;
	}
	unsigned types[64];
	int nt = 0;
	for (size_t i = 0; i < n; i++) {
		if (!nt || types[nt - 1] != (unsigned)(buf[i] >> 56))
			types[nt++] = (unsigned)(buf[i] >> 56);
	}
	unsigned t = types[rs_rand(rs) % (uint64_t)nt];
	size_t first = 0, count = 0;
	for (size_t i = 0; i < n; i++) {
		if ((unsigned)(buf[i] >> 56) == t) {
			if (!count)
				first = i;
			count++;
		}
	}
	return buf[first + rs_rand(rs) % count];
}
