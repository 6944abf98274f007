/* Rules of module hawaii that no other test cited (issue 15, the audit in
 * docs/rules-hawaii.md): options and the board (H-1, H-5, H-6, H-90, H-91),
 * components and the 5-6 seat changes (H-2, H-34, H-87), the turn
 * structure (H-41, H-42), settlements and cities (H-47, H-49), the fishing
 * space as a regular ship space (H-67), a chit kept after a real ship move
 * (H-101, H-75, H-81), trails through own buildings and chit points (H-83)
 * and set-ups that never dead-end (H-99 e, H-37, H-88),
 * played through the module's actions (explicit chance where a roll matters). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "catanrisk/errors.h"
#include "core/error.h"
#include "hawaii_play.h"
#include "modules/hawaii/hawaii.h"

/* 4 seats (setup_b of test_hawaii_chits.c).  Seat 0: waianae (r026),
 * waimea (r011), wailea_makena (r067); seat 1: haleiwa, milolii, kaunakakai;
 * seat 2: kaneohe, kealakekua, lopa (ship s23); seat 3: kamuela, lihue, kahului. */
static const char *const setup_b[] = {
	"waianae", "r026",     "haleiwa", "r013",     "kaneohe", "r017",    "kamuela", "r104",
	"lihue",   "r007",     "milolii", "r095",     "kealakekua", "r097", "waimea",  "r011",
	"wailea_makena", "r067", "kaunakakai", "r037", "lopa",   "s23",     "kahului", "r050",
};

static crisk_action act(unsigned type, int arg)
{
	return act_make(type, (uint64_t)arg);
}

static crisk_action move_ship(const fixture *f, const char *from, const char *to)
{
	return act_make(HW_MOVE_SHIP, (uint64_t)sp(f, from) | (uint64_t)sp(f, to) << 16);
}

/* Ends the turn and lets the other seats roll 12 (no 7) and end theirs, up
 * to seat 0's next pre-roll. */
static void to_own_turn(fixture *f)
{
	end_turn(f);
	while (ks(f->st)->active != 0) {
		roll(f, 12);
		end_turn(f);
	}
}

static int listed_type(const fixture *f, unsigned type)
{
	crisk_action buf[PLAY_CAP];
	size_t n = play_list(f, buf);
	for (size_t i = 0; i < n; i++) {
		if (ACT_TYPE(buf[i]) == type)
			return 1;
	}
	return 0;
}

static void refused_rules(const char *params, const char *needle)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, "hawaii", params) == CRISK_EPARAM, "%s accepted", params);
	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(crisk_error_last(), needle) != NULL, "%s: '%s' lacks '%s'", params, crisk_error_last(),
		      needle);
}

/* H-1, H-90, H-91: 3..6 seats, nothing else; `paired_players`, `board` and
 * `no_identical_adjacent` are option errors; `vp_target` overrides the
 * map's target (H-86). */
START_TEST(options_H1_H90_H91)
{
	for (int n = 3; n <= 6; n++) {
		char params[32];
		snprintf(params, sizeof params, "players=%d seed=1", n);
		crisk_rules *r = NULL;
		ck_assert_msg(crisk_rules_new(&r, "hawaii", params) == CRISK_OK, "%s", crisk_error_last());
		crisk_rules_free(r);
	}
	refused_rules("players=2 seed=1", "players");
	refused_rules("players=7 seed=1", "players");
	refused_rules("players=4 seed=1 paired_players=on", "paired_players");
	refused_rules("players=6 seed=1 paired_players=on", "paired_players");
	refused_rules("players=4 seed=1 board=standard", "board");
	refused_rules("players=4 seed=1 no_identical_adjacent=on", "no_identical_adjacent");
	refused_rules("players=4 seed=1 vp_target=2", "vp_target");
	/* B-125 through H-91: players and seed are required; discard_limit is 0..95. */
	refused_rules("seed=1", "missing required parameter 'players'");
	refused_rules("players=4", "missing required parameter 'seed'");
	refused_rules("players=4 seed=1 discard_limit=96", "discard_limit");
	fixture f;
	open_game(&f, "players=4 seed=1 vp_target=9");
	ck_assert_int_eq(f.k->cfg.vp_target, 9);
	close_game(&f);
	open_game(&f, "players=3 seed=1");
	ck_assert_int_eq(f.k->cfg.vp_target, 15);
	close_game(&f);
}
END_TEST

/* H-5, H-6, H-16: without a host map the board is the built-in catanmap:
 * its hexes, points, spaces and discs by their text ids, the robber on
 * hi7 and the pirate on sea41, and nothing of B-15..B-23 (no harbors, no
 * gold, no fog: H-4). */
START_TEST(builtin_board_H5_H6_H4)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, "hawaii", "players=4 seed=1") == CRISK_OK, "%s", crisk_error_last());
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_board_json(r, NULL, 0, &len), CRISK_EBUFSIZE);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_rules_board_json(r, js, len + 1, &len), CRISK_OK);
	static const char *const want[] = {"\"board\":\"map\"", "\"map_id\":\"ka1\"",   "\"map_id\":\"sea41\"",
					   "\"map_id\":\"kalalau\"", "\"map_id\":\"r001\"", "\"map_id\":\"f12\"",
					   "\"discs\":[{\"id\":0,\"map_id\":\"d01\",\"number\":4", "\"map_id\":\"d12\"",
					   /* H-20, H-86: the map's targets and this game's */
					   "\"targets\":[{\"players\":3,\"vp\":15},{\"players\":4,\"vp\":13},"
					   "{\"players\":5,\"vp\":11},{\"players\":6,\"vp\":10}]",
					   "\"vp_target\":13"};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(js, want[i]) != NULL, "no %s", want[i]);
	static const char *const never[] = {"\"gold\"", "\"fog\"", "\"harbor\""};
	for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
		ck_assert_msg(strstr(js, never[i]) == NULL, "%s in the board", never[i]);
	free(js);
	crisk_rules_free(r);
	fixture f;
	open_game(&f, "players=4 seed=1");
	const board *b = &f.k->b;
	ck_assert_int_eq(b->n_land + b->n_sea, 71);
	ck_assert_int_eq(b->n_node, 125);
	ck_assert_int_eq(b->n_path, 160);
	ck_assert_int_eq(b->n_disc, 12);
	ck_assert_int_eq(ks(f.st)->robber, hx(&f, "hi7"));
	ck_assert_int_eq(hwx(f.k, f.st)->pirate, hx(&f, "sea41"));
	close_game(&f);
}
END_TEST

/* H-34, H-87, H-2: 3-4 seats: bank 19 per type, 25 cards (14/5/2/2/2), 8
 * chits, no special build phase; 5-6 seats: 24 per type, 34 cards
 * (20/5/3/3/3), no chits, and the special build phase of B-117 follows a
 * turn.  Every seat: 5 settlements, 4 cities, 15 roads, 15 ships, no fish. */
START_TEST(components_H34_H87)
{
	for (int n = 3; n <= 6; n++) {
		char params[48];
		snprintf(params, sizeof params, "players=%d seed=1 chance=explicit", n);
		fixture f;
		open_game(&f, params);
		int big = n >= 5;
		const kstate *h = ks(f.st);
		for (int r = 0; r < 5; r++)
			ck_assert_int_eq(h->bank[r], big ? 24 : 19);
		static const int deck4[5] = {14, 5, 2, 2, 2}, deck6[5] = {20, 5, 3, 3, 3};
		for (int d = 0; d < 5; d++)
			ck_assert_int_eq(h->deck[d], big ? deck6[d] : deck4[d]);
		ck_assert_int_eq(hwr(f.k)->n_chit, big ? 0 : 8);
		for (int s = 0; s < n; s++) {
			const kseat *p = kseat_of(f.k, f.st, s);
			ck_assert_int_eq(p->supply[PIECE_SETTLEMENT], 5);
			ck_assert_int_eq(p->supply[PIECE_CITY], 4);
			ck_assert_int_eq(p->supply[PIECE_ROAD], 15);
			ck_assert_int_eq(hwx(f.k, f.st)->ships[s], 15);
			ck_assert_int_eq(hwx(f.k, f.st)->fish[s], 0);
		}
		close_game(&f);
	}
	/* The special build phase with 5 seats only (H-2, H-87, H-89). */
	static const char *const setup5[] = {
		"waianae", "r026",  "haleiwa", "r013",  "kaneohe", "r017",  "kamuela", "r104",  "lihue", "r007",
		"milolii", "r095",  "kealakekua", "r097", "waimea", "r011",  "hana", "r061",     "paauilo", "r080",
		"wailea_makena", "r067", "kaunakakai", "r037", "lopa", "s23", "kahului", "r050", "puuwai", "s02",
	};
	fixture f;
	open_game(&f, "players=5 seed=1 chance=explicit");
	play_setup(&f, setup5);
	roll(&f, 12);
	end_turn(&f);
	ck_assert_int_eq(ks(f.st)->dp, DP_SPECIAL_BUILD);
	ck_assert_int_eq(ks(f.st)->active, 1);
	ck_assert(play_listed(&f, act(CRISK_CATAN_PASS, 0)));
	close_game(&f);
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	end_turn(&f);
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(ks(f.st)->active, 1);
	close_game(&f);
}
END_TEST

/* H-41, H-42: pre-roll allows the fish market and must end in ROLL, never
 * a build, a ship move or END_TURN; the main phase adds ships and moves;
 * nothing of the market in another seat's turn. */
START_TEST(turn_structure_H41_H42)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	grant(&f, 0, LUMBER, 2);
	grant(&f, 0, WOOL, 2);
	hwx(f.k, f.st)->fish[0] = 4;
	hwx(f.k, f.st)->fish[1] = 4;
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert(play_listed(&f, act(CRISK_CATAN_ROLL, 0)));
	ck_assert(play_listed(&f, fish_code(HW_FISH_TAKE, ORE)));
	refused(&f, act(HW_BUILD_SHIP, sp(&f, "f04")), NULL);
	ck_assert(!listed_type(&f, HW_MOVE_SHIP));
	ck_assert(!listed_type(&f, CRISK_CATAN_END_TURN));
	ck_assert(!listed_type(&f, CRISK_CATAN_BUILD_ROAD));
	/* A market use keeps the pre-roll decision point. */
	play(&f, fish_code(HW_FISH_TAKE, ORE));
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(hwx(f.k, f.st)->fish[0], 0);
	roll(&f, 12);
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	build_ship(&f, "f04");
	ck_assert(play_listed(&f, act(CRISK_CATAN_END_TURN, 0)));
	/* Seat 1's fish are usable only in its own turn. */
	ck_assert(!play_listed(&f, fish_code(HW_FISH_MOVE_ROBBER, hx(&f, "mu1"))));
	end_turn(&f);
	ck_assert_int_eq(ks(f.st)->active, 1);
	ck_assert(play_listed(&f, fish_code(HW_FISH_MOVE_ROBBER, hx(&f, "mu1"))));
	close_game(&f);
}
END_TEST

/* H-49 (B-72): a city replaces the builder's own settlement for 2 grain and
 * 3 ore, +1 VP, the settlement back to supply; never on an opponent's
 * settlement, an empty named location or a junction; it then produces 2. */
START_TEST(city_H49)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	grant(&f, 0, GRAIN, 2);
	grant(&f, 0, ORE, 3);
	refused(&f, act(CRISK_CATAN_BUILD_CITY, pt(&f, "haleiwa")), NULL);  /* seat 1's */
	refused(&f, act(CRISK_CATAN_BUILD_CITY, pt(&f, "hanalei")), NULL);  /* empty */
	refused(&f, act(CRISK_CATAN_BUILD_CITY, pt(&f, "j_makua")), NULL); /* a junction */
	int before = visible(&f, 0);
	const kseat *p = kseat_of(f.k, f.st, 0);
	play(&f, act(CRISK_CATAN_BUILD_CITY, pt(&f, "waianae")));
	ck_assert_int_eq(visible(&f, 0), before + 1);
	ck_assert_int_eq(p->supply[PIECE_SETTLEMENT], 3);
	ck_assert_int_eq(p->supply[PIECE_CITY], 3);
	ck_assert_int_eq(p->hand[GRAIN] + p->hand[ORE], 0);
	ck_assert_uint_eq(knodes(f.k, f.st)[pt(&f, "waianae")], NODE_CITY | 1u);
	/* Each numbered hex of waianae's list pays the city 2 of its resource
	 * (seat 0's other buildings on the same number are counted apart). */
	const board *b = &f.k->b;
	const bnode *w = &b->node[pt(&f, "waianae")];
	int tested = 0;
	for (int i = 0; i < w->n_hex; i++) {
		int hex = w->hex[i], num = b->token[hex], res = b->terrain[hex];
		if (!num || hex == ks(f.st)->robber)
			continue;
		int others = 0;
		for (int n = 0; n < b->n_node; n++) {
			uint8_t v = knodes(f.k, f.st)[n];
			if ((v & NODE_OWNER_MASK) != 1 || n == pt(&f, "waianae"))
				continue;
			for (int j = 0; j < b->node[n].n_hex; j++) {
				int x = b->node[n].hex[j];
				if (b->token[x] == num && b->terrain[x] == res && x != ks(f.st)->robber)
					others += v & NODE_CITY ? 2 : 1;
			}
		}
		to_own_turn(&f);
		int have = p->hand[res];
		roll(&f, num);
		ck_assert_msg(p->hand[res] == have + 2 + others, "a %d on %d: %d -> %d", num, res, have, p->hand[res]);
		tested++;
	}
	ck_assert_int_ge(tested, 1);
	close_game(&f);
}
END_TEST

/* H-67: a fishing space is a regular ship space: a ship there is an anchor
 * for the next ship (f04 then s07), counts in the trade route, is held by
 * the pirate on one of its sea hexes and moves like any ship, here to s02
 * (boat back, Pu'uwai's chit taken on arrival, H-81). */
START_TEST(fishing_space_is_a_ship_space_H67)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	grant_ship(&f);
	refused(&f, act(HW_BUILD_SHIP, sp(&f, "s07")), NULL); /* w07 is no anchor yet */
	build_ship(&f, "f04");
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 2); /* r026 + f04 */
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 1);
	ck_assert(play_listed(&f, act(HW_BUILD_SHIP, sp(&f, "s07"))));
	to_own_turn(&f);
	roll(&f, 12);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "f04")), 1);
	ck_assert(play_listed(&f, move_ship(&f, "f04", "s02")));
	/* The pirate on sea09 (f04, s07) holds the ship there (H-59). */
	hwx(f.k, f.st)->fish[0] = 4;
	play(&f, fish_code(HW_FISH_MOVE_PIRATE, hx(&f, "sea09")));
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "f04")), 1);
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "s07")), 1);
	refused(&f, move_ship(&f, "f04", "s02"), NULL);
	play(&f, fish_code(HW_FISH_MOVE_PIRATE, hx(&f, "sea41")));
	play(&f, move_ship(&f, "f04", "s02"));
	ck_assert_int_eq(hwx(f.k, f.st)->boat[0], 0);
	ck_assert_int_eq(hwx(f.k, f.st)->chit[hwr(f.k)->chit_of[pt(&f, "puuwai")]], 1);
	close_game(&f);
}
END_TEST

/* H-101, H-75, H-81: a ship on s02 takes Pu'uwai's chit; after a real
 * MOVE_SHIP to s01 the chit and its VP stay with A, and arriving on s01
 * takes Kalalau's chit too. */
START_TEST(chit_kept_after_move_H101)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	grant_ship(&f);
	build_ship(&f, "s02"); /* j_polihale (r011) - puuwai */
	ck_assert_int_eq(hwx(f.k, f.st)->chit[hwr(f.k)->chit_of[pt(&f, "puuwai")]], 1);
	int v = visible(&f, 0);
	ck_assert(!play_listed(&f, move_ship(&f, "s02", "s01"))); /* placed this turn (H-80) */
	to_own_turn(&f);
	roll(&f, 12);
	ck_assert_int_eq(hw_open_end(f.k, f.st, 0, sp(&f, "s02")), 1);
	play(&f, move_ship(&f, "s02", "s01"));
	ck_assert_int_eq(kpaths(f.k, f.st)[sp(&f, "s02")], 0);
	ck_assert_int_eq(kpaths(f.k, f.st)[sp(&f, "s01")], 1);
	ck_assert_int_eq(hwx(f.k, f.st)->chit[hwr(f.k)->chit_of[pt(&f, "puuwai")]], 1);
	/* s01 touches the chit point kalalau: arriving there takes its chit. */
	ck_assert_int_eq(hwx(f.k, f.st)->chit[hwr(f.k)->chit_of[pt(&f, "kalalau")]], 1);
	ck_assert_int_eq(visible(&f, 0), v + 1);
	/* One move per turn (H-78). */
	ck_assert(!listed_type(&f, HW_MOVE_SHIP));
	roundtrip(&f);
	close_game(&f);
}
END_TEST

/* H-47, H-45: after set-up a settlement needs an empty named location that
 * the builder's own road or ship touches; a junction never; settling opens
 * the way beyond it.  Seat 0 reaches poipu by roads, seat 2 maunaloa by
 * ships (s11, s12 from kaneohe, as in H-109). */
START_TEST(settlement_H47)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	build_road(&f, "r010"); /* waimea - j_hanapepe */
	grant_settlement(&f);
	refused(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "poipu")), NULL);      /* no piece of seat 0 there */
	refused(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "j_hanapepe")), NULL); /* a junction */
	build_road(&f, "r009"); /* j_hanapepe - poipu */
	grant_road(&f);
	refused(&f, act(CRISK_CATAN_BUILD_ROAD, sp(&f, "r008")), NULL); /* beyond the empty poipu (H-45) */
	int v = visible(&f, 0);
	play(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "poipu")));
	ck_assert_int_eq(visible(&f, 0), v + 1);
	ck_assert(play_listed(&f, act(CRISK_CATAN_BUILD_ROAD, sp(&f, "r008"))));
	end_turn(&f);
	roll(&f, 12);
	end_turn(&f);
	roll(&f, 12);
	ck_assert_int_eq(ks(f.st)->active, 2);
	grant_settlement(&f);
	refused(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "maunaloa")), NULL);
	refused(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "poipu")), NULL); /* seat 0's */
	build_ship(&f, "s11");
	build_ship(&f, "s12");
	play(&f, act(CRISK_CATAN_BUILD_SETTLEMENT, pt(&f, "maunaloa")));
	ck_assert_uint_eq(knodes(f.k, f.st)[pt(&f, "maunaloa")], 3u);
	close_game(&f);
}
END_TEST

/* H-83, H-76: a trail passes through the seat's own building (r010 and
 * r011 meet at waimea) and, with 3-4 seats, through a chit point (r027 and
 * r028 meet at kaena). */
START_TEST(route_through_own_building_and_chit_H83)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	const kseat *p = kseat_of(f.k, f.st, 0);
	ck_assert_int_eq(p->road_len, 1);
	build_road(&f, "r010");
	ck_assert_int_eq(p->road_len, 2);
	build_road(&f, "r027");
	build_road(&f, "r028");
	ck_assert_int_eq(p->road_len, 3); /* r026, r027, r028 */
	close_game(&f);
}
END_TEST

/* xorshift64 for the random set-ups: the test's own choices, not the game's. */
static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* H-99 (e), H-37, H-88, H-38: random legal set-ups for 3..6 seats never
 * reach a step without a legal placement or piece, so the fallbacks never
 * trigger: each seat ends with 3 buildings and 3 pieces, on 3 islands (3-4
 * seats) or at least 2 (5-6 seats). */
START_TEST(setups_never_dead_end_H99)
{
	uint64_t x = 0x9E3779B97F4A7C15u;
	for (int n = 3; n <= 6; n++) {
		char params[48];
		snprintf(params, sizeof params, "players=%d seed=%d", n, n);
		fixture f;
		open_game(&f, params);
		void *start = malloc(f.k->size);
		memcpy(start, f.st, f.k->size);
		for (int game = 0; game < 300; game++) {
			memcpy(f.st, start, f.k->size);
			while (ks(f.st)->turn == 0) {
				crisk_action buf[PLAY_CAP];
				size_t len = hawaii_legal(f.k, f.st, buf, PLAY_CAP);
				ck_assert_msg(len > 0, "%d seats, game %d: no legal set-up action at step %d", n, game,
					      ks(f.st)->step);
				crisk_action a = buf[next_rand(&x) % len];
				ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
			}
			ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
			for (int s = 0; s < n; s++) {
				unsigned islands = 0;
				int buildings = 0;
				for (int node = 0; node < f.k->b.n_node; node++) {
					if ((knodes(f.k, f.st)[node] & NODE_OWNER_MASK) == (unsigned)s + 1) {
						buildings++;
						islands |= 1u << f.k->b.node_island[node];
					}
				}
				int pieces = 15 - kseat_of(f.k, f.st, s)->supply[PIECE_ROAD] + 15 - hwx(f.k, f.st)->ships[s];
				ck_assert_int_eq(buildings, 3);
				ck_assert_int_eq(pieces, 3);
				ck_assert_msg(__builtin_popcount(islands) >= (n >= 5 ? 2 : 3), "%d seats, game %d: seat %d on %d islands",
					      n, game, s, __builtin_popcount(islands));
			}
		}
		free(start);
		close_game(&f);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("hawaii_rules");
	TCase *tc = tcase_create("rules");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, options_H1_H90_H91);
	tcase_add_test(tc, builtin_board_H5_H6_H4);
	tcase_add_test(tc, components_H34_H87);
	tcase_add_test(tc, turn_structure_H41_H42);
	tcase_add_test(tc, city_H49);
	tcase_add_test(tc, fishing_space_is_a_ship_space_H67);
	tcase_add_test(tc, chit_kept_after_move_H101);
	tcase_add_test(tc, settlement_H47);
	tcase_add_test(tc, route_through_own_building_and_chit_H83);
	tcase_add_test(tc, setups_never_dead_end_H99);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
