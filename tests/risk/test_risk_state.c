/* Invariants and state handling of module risk: army conservation over
 * random playouts (test target of risk_of_catan.md), save/load round trips
 * at every kind of decision point, and fog of war leaking nothing
 * (RC-30..RC-32). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "risk_scenario.h"
#include "../../lib/core/jsonr.h"

static uint64_t lcg(uint64_t *s)
{
	*s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return *s >> 33;
}

static crisk_action pick_legal(const crisk_game *g, uint64_t *rng)
{
	size_t n = sc_legal_list(g, NULL, 0);
	crisk_action *buf = malloc(n * sizeof *buf);
	sc_legal_list(g, buf, n);
	/* uniform over types, then over actions of the type (as the conformance policy) */
	unsigned types[64];
	int nt = 0;
	for (size_t i = 0; i < n; i++)
		if (!nt || types[nt - 1] != (unsigned)(buf[i] >> 56))
			types[nt++] = (unsigned)(buf[i] >> 56);
	unsigned t = types[lcg(rng) % (uint64_t)nt];
	size_t first = 0, count = 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned)(buf[i] >> 56) == t) {
			if (!count)
				first = i;
			count++;
		}
	crisk_action a = buf[first + lcg(rng) % count];
	free(buf);
	return a;
}

/* Armies change only through placements and purchases, battle losses and
 * elimination; resigning turns them neutral (RC-1, RC-18, RC-20, RC-26, RC-27). */
static void conservation(const char *params, uint64_t seed)
{
	crisk_game *g = sc_new_game("risk", params);
	crisk_game_set_event_capacity(g, 4096);
	uint64_t rng = seed;
	int total = 0, steps = 0, resigns = 0;
	while (crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING && steps < 20000) {
		uint64_t since = sc_next_seq(g);
		crisk_action a = pick_legal(g, &rng);
		if (crisk_game_turn(g) > 20 && lcg(&rng) % 400 == 0) {
			crisk_action r = rs_act(CRISK_RISK_RESIGN, (int)(lcg(&rng) % 3), 0, 0);
			if (crisk_game_check(g, r) == CRISK_OK) {
				a = r;
				resigns++;
			}
		}
		sc_apply(g, a);
		steps++;
		int expect = total;
		uint64_t next = sc_next_seq(g);
		for (uint64_t q = since; q < next; q++) {
			crisk_event e;
			crisk_event_init(&e, CRISK_EVENT_VERSION);
			SC_CHECK(crisk_game_event(&e, g, q, CRISK_VIEWER_OMNISCIENT) == CRISK_OK, "event %llu",
				 (unsigned long long)q);
			if (e.type == CRISK_RISK_EV_ARMIES_PLACED)
				expect += e.args[1];
			else if (e.type == CRISK_RISK_EV_BATTLE_ROLL)
				expect -= e.args[3] + e.args[4];
			else if (e.type == CRISK_RISK_EV_ELIMINATED)
				expect -= e.args[0];
		}
		total = rs_total_armies(g);
		SC_CHECK(total == expect, "step %d: %d armies on the board, events say %d", steps, total, expect);
	}
	printf("# %s: %d steps, turn %lld, %d resigns, status %d, %d armies\n", params, steps,
	       (long long)crisk_game_turn(g), resigns, crisk_game_status(g, NULL), total);
	crisk_game_free(g);
}

START_TEST(test_army_conservation_three_seats)
{
	conservation("players=3 seed=21 board=random chance=auto max_turns=300", 5);
}
END_TEST

START_TEST(test_army_conservation_four_seats_fog)
{
	conservation("players=4 seed=22 board=random chance=auto max_turns=300 fog=on", 6);
}
END_TEST

START_TEST(test_army_conservation_two_seats_explicit)
{
	conservation("players=2 seed=23 board=beginner chance=explicit max_turns=300", 7);
}
END_TEST

static char *json_of(const crisk_game *g, int viewer)
{
	return sc_json(g, viewer);
}

/* Save and load in both forms give the same game: same views, legal lists,
 * and the same next step. */
static void round_trip(const crisk_game *g)
{
	size_t len = 0;
	crisk_game_save(g, NULL, 0, &len);
	unsigned char *bin = malloc(len);
	ck_assert_int_eq(crisk_game_save(g, bin, len, &len), CRISK_OK);
	crisk_game *b = NULL, *j = NULL;
	ck_assert_msg(crisk_game_load(&b, bin, len) == CRISK_OK, "load: %s", crisk_error_last());
	size_t jlen = 0;
	crisk_game_save_json(g, NULL, 0, &jlen);
	char *js = malloc(jlen + 1);
	ck_assert_int_eq(crisk_game_save_json(g, js, jlen + 1, &jlen), CRISK_OK);
	ck_assert_msg(crisk_game_load_json(&j, js, jlen) == CRISK_OK, "load_json: %s", crisk_error_last());
	const crisk_game *copies[2] = {b, j};
	char *want = json_of(g, CRISK_VIEWER_OMNISCIENT);
	size_t n = sc_legal_list(g, NULL, 0);
	for (int c = 0; c < 2; c++) {
		char *got = json_of(copies[c], CRISK_VIEWER_OMNISCIENT);
		ck_assert_str_eq(got, want);
		free(got);
		ck_assert_uint_eq(sc_legal_list(copies[c], NULL, 0), n);
		ck_assert_int_eq(crisk_game_current_seat(copies[c]), crisk_game_current_seat(g));
	}
	/* The same next action leads to the same game. */
	crisk_game *x = NULL;
	crisk_game_clone(&x, g);
	if (n) {
		crisk_action first[1];
		sc_legal_list(g, first, 1);
		sc_apply(x, first[0]);
		sc_apply(b, first[0]);
		sc_apply(j, first[0]);
		char *wx = json_of(x, CRISK_VIEWER_OMNISCIENT), *wb = json_of(b, CRISK_VIEWER_OMNISCIENT),
		     *wj = json_of(j, CRISK_VIEWER_OMNISCIENT);
		ck_assert_str_eq(wb, wx);
		ck_assert_str_eq(wj, wx);
		free(wx);
		free(wb);
		free(wj);
	}
	crisk_game_free(x);
	free(want);
	free(js);
	free(bin);
	crisk_game_free(b);
	crisk_game_free(j);
}

START_TEST(test_save_load_round_trip)
{
	char ph[32];
	crisk_game *g = sc_new_game("risk", "players=3 seed=7 board=beginner chance=explicit fog=on");
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	ck_assert_str_eq(rs_phase(g, ph), "setup_army");
	round_trip(g);
	crisk_game_free(g);

	g = rs_three("fog=on");
	round_trip(g);
	sc_roll(g, 2);
	rs_set_two(&g, 4, 3, 2);
	sc_apply(g, rs_act(CRISK_RISK_ATTACK_ALL, 4, 1, 0));
	ck_assert_str_eq(rs_phase(g, ph), "battle");
	round_trip(g);
	sc_do(g, "battle_dice 654 21");
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 2, 0, 0)); /* neutral pieces and defenders */
	round_trip(g);
	crisk_game_free(g);

	/* A loaded state that breaks a risk rule is refused, naming the field. */
	g = rs_two(NULL);
	size_t jlen = 0;
	crisk_game_save_json(g, NULL, 0, &jlen);
	char *js = malloc(jlen + 1);
	crisk_game_save_json(g, js, jlen + 1, &jlen);
	char *at = strstr(js, "\"risk_phase\":0");
	ck_assert_ptr_nonnull(at);
	at[strlen("\"risk_phase\":")] = '3'; /* a battle with no battle recorded */
	crisk_game *bad = NULL;
	ck_assert_int_eq(crisk_game_load_json(&bad, js, jlen), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "ext."));
	free(js);
	crisk_game_free(g);
}
END_TEST

/* Beginner layout as custom parameters, with the tokens of hexes x and y swapped. */
static void custom_params(char *out, size_t cap, int x, int y, const char *extra)
{
	static const char letters[] = "hfpgmd";
	crisk_game *g = sc_new_game("risk", "players=3 seed=7 board=beginner");
	size_t len = 0;
	crisk_rules_board_json(crisk_game_rules(g), NULL, 0, &len);
	char *buf = malloc(len + 1);
	crisk_rules_board_json(crisk_game_rules(g), buf, len + 1, &len);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, buf, len), CRISK_OK);
	static const char *const tnames[6] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
	static const char *const hnames[6] = {"generic", "brick", "lumber", "wool", "grain", "ore"};
	static const char hletters[] = "3blwgo";
	char terrain[32] = "", tokens[128] = "", harbors[32] = "";
	int tok[SC_LAND];
	for (int h = 0; h < SC_LAND; h++) {
		const jnode *hex = jr_index(jr_member(root, "hexes"), (size_t)h);
		const char *t = jr_member(hex, "terrain")->str;
		for (int i = 0; i < 6; i++)
			if (!strcmp(t, tnames[i]))
				terrain[h] = letters[i];
		const jnode *tk = jr_member(hex, "token");
		tok[h] = tk->type == JN_NUM ? (int)tk->i : 0;
	}
	int t = tok[x];
	tok[x] = tok[y];
	tok[y] = t;
	for (int h = 0; h < SC_LAND; h++)
		snprintf(tokens + strlen(tokens), sizeof tokens - strlen(tokens), "%s%d", h ? "," : "", tok[h]);
	const jnode *hb = jr_member(root, "harbors");
	for (size_t i = 0; i < hb->count; i++) {
		const char *ty = jr_member(jr_index(hb, i), "type")->str;
		for (int k = 0; k < 6; k++)
			if (!strcmp(ty, hnames[k]))
				harbors[i] = hletters[k];
	}
	snprintf(out, cap, "board=custom terrain=%s tokens=%s harbors=%s %s", terrain, tokens, harbors, extra);
	jr_free(root);
	free(buf);
	crisk_game_free(g);
}

/* RC-30..RC-32: two games that differ only in face-down hexes x and y (their
 * tokens swapped) look the same to every seat and spectator (views, events,
 * legal actions, board JSON) until one of those hexes is revealed, while
 * the omniscient view sees the difference.  Returns the steps compared. */
static int fog_compare(int x, int y, uint64_t seed)
{
	char pa[512], pb[512], extra[96];
	snprintf(extra, sizeof extra, "players=3 seed=%llu chance=auto fog=on", (unsigned long long)seed);
	custom_params(pa, sizeof pa, x, x, extra);
	custom_params(pb, sizeof pb, x, y, extra);
	ck_assert_str_ne(pa, pb);
	crisk_game *a = sc_new_game("risk", pa), *b = sc_new_game("risk", pb);
	crisk_game_set_event_capacity(a, 1024);
	crisk_game_set_event_capacity(b, 1024);
	size_t la = 0, lb = 0;
	crisk_rules_board_json(crisk_game_rules(a), NULL, 0, &la);
	crisk_rules_board_json(crisk_game_rules(b), NULL, 0, &lb);
	char *ba = malloc(la + 1), *bb = malloc(lb + 1);
	crisk_rules_board_json(crisk_game_rules(a), ba, la + 1, &la);
	crisk_rules_board_json(crisk_game_rules(b), bb, lb + 1, &lb);
	ck_assert_str_eq(ba, bb);
	ck_assert_ptr_null(strstr(ba, "\"forest\""));
	free(ba);
	free(bb);
	char *oa = json_of(a, CRISK_VIEWER_OMNISCIENT), *ob = json_of(b, CRISK_VIEWER_OMNISCIENT);
	ck_assert_str_ne(oa, ob); /* the truth differs */
	free(oa);
	free(ob);
	uint64_t rng = seed * 31 + 7;
	int compared = 0;
	for (int step = 0; step < 400; step++) {
		rview va;
		rview_read(a, CRISK_VIEWER_OMNISCIENT, &va);
		if (va.revealed[x] || va.revealed[y] || crisk_game_status(a, NULL) != CRISK_STATUS_RUNNING)
			break;
		for (int v = -1; v < 3; v++) {
			int viewer = v < 0 ? CRISK_VIEWER_SPECTATOR : v;
			char *ja = json_of(a, viewer), *jb = json_of(b, viewer);
			ck_assert_msg(!strcmp(ja, jb), "view of %d differs at step %d", viewer, step);
			free(ja);
			free(jb);
			size_t ea = 0, eb = 0;
			crisk_game_events_json(a, 0, viewer, NULL, 0, &ea);
			crisk_game_events_json(b, 0, viewer, NULL, 0, &eb);
			char *xa = malloc(ea + 1), *xb = malloc(eb + 1);
			crisk_game_events_json(a, 0, viewer, xa, ea + 1, &ea);
			crisk_game_events_json(b, 0, viewer, xb, eb + 1, &eb);
			ck_assert_msg(!strcmp(xa, xb), "events seen by %d differ at step %d", viewer, step);
			free(xa);
			free(xb);
		}
		ck_assert_uint_eq(sc_legal_list(a, NULL, 0), sc_legal_list(b, NULL, 0));
		crisk_action act = pick_legal(a, &rng);
		sc_apply(a, act);
		sc_apply(b, act);
		compared++;
	}
	crisk_game_free(a);
	crisk_game_free(b);
	return compared;
}

START_TEST(test_rc32_fog_views_leak_nothing)
{
	static const int pairs[6][2] = {{0, 18}, {2, 16}, {6, 12}, {1, 17}, {7, 11}, {3, 15}};
	int compared = 0;
	for (int i = 0; i < 6; i++)
		compared += fog_compare(pairs[i][0], pairs[i][1], (uint64_t)(9 + i));
	ck_assert_int_gt(compared, 30);
	printf("# fog: %d steps compared before a differing hex was revealed\n", compared);
}
END_TEST

/* RC-31: reveals happen on settlements, armies and the robber, with an event. */
START_TEST(test_rc31_reveal_triggers)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit fog=on");
	rview v;
	rview_read(g, 0, &v);
	for (int h = 0; h < SC_LAND; h++) {
		ck_assert_int_eq(v.revealed[h], h == SC_DESERT); /* the robber's desert shows */
		ck_assert_int_eq(v.has_requirement[h], h == SC_DESERT);
	}
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_REVEAL, CRISK_VIEWER_SPECTATOR, NULL), 3);
	rview_read(g, 1, &v);
	ck_assert(v.revealed[0] && v.revealed[3] && v.revealed[4] && !v.revealed[1]);
	ck_assert(v.has_terrain[4] && !v.has_terrain[1]);
	rview_read(g, CRISK_VIEWER_OMNISCIENT, &v);
	ck_assert(v.has_terrain[1]);
	crisk_game_free(g);
	/* After the RC-10 loop every land hex holds an army, so all are face up. */
	g = rs_two("fog=on");
	rview_read(g, 0, &v);
	for (int h = 0; h < SC_LAND; h++)
		ck_assert(v.revealed[h]);
	crisk_game_free(g);
}
END_TEST

/* The integer after "key": in a JSON text, or -1. */
static long json_int(const char *js, const char *key)
{
	char k[64];
	snprintf(k, sizeof k, "\"%s\":", key);
	const char *p = strstr(js, k);
	return p ? strtol(p + strlen(k), NULL, 10) : -1;
}

/* Saves of earlier library versions reset the per-turn counters (RC-17,
 * RC-19) lazily, so a save taken after the turn changed holds the last turn's
 * counts with military_turn below the turn.  Such saves still load, with the
 * counters of this turn reset, as they meant. */
START_TEST(test_save_with_counters_of_an_earlier_turn_loads)
{
	crisk_game *g = sc_new_game("risk", "players=3 seed=7 board=beginner");
	uint64_t rng = 3;
	char *js = NULL;
	size_t len = 0;
	for (int steps = 0; steps < 20000 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; steps++) {
		sc_apply(g, pick_legal(g, &rng));
		free(js);
		crisk_game_save_json(g, NULL, 0, &len);
		js = malloc(len + 1);
		ck_assert_int_eq(crisk_game_save_json(g, js, len + 1, &len), CRISK_OK);
		if (crisk_game_turn(g) >= 2 && json_int(js, "bought") > 0)
			break;
	}
	long turn = crisk_game_turn(g), bought = json_int(js, "bought");
	ck_assert_int_gt(bought, 0);
	ck_assert_int_eq(json_int(js, "military_turn"), turn);
	/* As an earlier version saved it one turn later: the counts are last turn's. */
	char was[64], old[64];
	snprintf(was, sizeof was, "\"military_turn\":%ld", turn);
	snprintf(old, sizeof old, "\"military_turn\":%ld", turn - 1);
	char *at = strstr(js, was);
	ck_assert_ptr_nonnull(at);
	char *edited = malloc(len + 2);
	size_t head = (size_t)(at - js);
	memcpy(edited, js, head);
	strcpy(edited + head, old);
	strcat(edited, at + strlen(was));
	crisk_game *l = NULL;
	ck_assert_msg(crisk_game_load_json(&l, edited, strlen(edited)) == CRISK_OK, "%s", crisk_error_last());
	size_t llen = 0;
	crisk_game_save_json(l, NULL, 0, &llen);
	char *ljs = malloc(llen + 1);
	ck_assert_int_eq(crisk_game_save_json(l, ljs, llen + 1, &llen), CRISK_OK);
	ck_assert_int_eq(json_int(ljs, "military_turn"), turn);
	ck_assert_int_eq(json_int(ljs, "bought"), 0);
	round_trip(l);
	free(ljs);
	free(edited);
	free(js);
	crisk_game_free(l);
	crisk_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_state");
	TCase *tc = tcase_create("state");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_army_conservation_three_seats);
	tcase_add_test(tc, test_army_conservation_four_seats_fog);
	tcase_add_test(tc, test_army_conservation_two_seats_explicit);
	tcase_add_test(tc, test_save_load_round_trip);
	tcase_add_test(tc, test_rc32_fog_views_leak_nothing);
	tcase_add_test(tc, test_rc31_reveal_triggers);
	tcase_add_test(tc, test_save_with_counters_of_an_earlier_turn_loads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
