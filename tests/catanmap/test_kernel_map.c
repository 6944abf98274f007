/* The Catan kernel on a point-to-point map (issue 15, item 2): the built-in
 * Hawai'i map converted by board_from_map and run by the kernel with no
 * module.  Buildings only on named locations (H-7, H-36, H-47), roads only
 * on road spaces (H-8, H-38), the distance rule over spaces (H-48, H-98),
 * the connection rule with empty named locations as barriers (H-44, H-45,
 * H-100), production, set-up resources and the robber's victims through the
 * production lists (H-10, H-52, H-56, H-96, H-97, H-107).  Positions are set
 * up with the kernel's own placement functions; rolls go through explicit
 * chance (B-132). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/board_map.h"
#include "catan/catanmap.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "catan/validate.h"
#include "core/error.h"

extern const char crisk_data_hawaii_catanmap[];
extern const size_t crisk_data_hawaii_catanmap_len;

#define CAP 1024

typedef struct fixture {
	catanmap *m;
	kern *k;
	void *st;
	evlog log;
} fixture;

/* A kernel game on the Hawai'i map; with 5-6 seats chit points are named
 * locations (H-77). */
static void open_game(fixture *f, int seats)
{
	memset(f, 0, sizeof *f);
	int rc = catanmap_parse(&f->m, crisk_data_hawaii_catanmap, crisk_data_hawaii_catanmap_len);
	ck_assert_msg(rc == CRISK_OK, "parse: %s", crisk_error_last());
	f->k = calloc(1, sizeof *f->k);
	ck_assert_ptr_nonnull(f->k);
	rc = board_from_map(&f->k->b, f->m);
	ck_assert_msg(rc == CRISK_OK, "board: %s", crisk_error_last());
	rng_seed(&f->k->rng0, 1);
	kern_config cfg = {
		.module_name = "test",
		.seats = seats,
		.vp_target = 13,
		.discard_limit = 7,
		.explicit_chance = 1,
		.n_goods = NUM_RES,
		.bank_per_type = 19,
		.deck = {14, 5, 2, 2, 2},
		.pieces = {5, 4, 15},
		.named_kinds = (uint8_t)(seats >= 5 ? (1u << BNODE_SITE) | (1u << BNODE_CHIT) : 0),
	};
	rc = kern_init(f->k, &cfg);
	ck_assert_msg(rc == CRISK_OK, "kern_init: %s", crisk_error_last());
	f->st = aligned_alloc(16, f->k->size);
	ck_assert_ptr_nonnull(f->st);
	f->log.next = 1;
	kern_state_init(f->k, f->st, &f->log);
}

static void close_game(fixture *f)
{
	free(f->st);
	kern_free(f->k);
	free(f->k);
	catanmap_free(f->m);
}

static int pt(const fixture *f, const char *id)
{
	int i = catanmap_index(f->m, CM_POINT, id);
	ck_assert_msg(i >= 0, "no point %s", id);
	return i;
}

static int sp(const fixture *f, const char *id)
{
	int i = catanmap_index(f->m, CM_SPACE, id);
	ck_assert_msg(i >= 0, "no space %s", id);
	return i;
}

static int hx(const fixture *f, const char *id)
{
	int i = catanmap_index(f->m, CM_HEX, id);
	ck_assert_msg(i >= 0, "no hex %s", id);
	return i; /* the built-in map lists land first: board id = file index */
}

/* Pieces put down as the kernel's own moves do (flow_*). */
static void settle(fixture *f, int seat, const char *point)
{
	flow_place_building(f->k, f->st, seat, pt(f, point));
}

static void city(fixture *f, int seat, const char *point)
{
	int n = pt(f, point);
	flow_place_building(f->k, f->st, seat, n);
	knodes(f->k, f->st)[n] |= NODE_CITY;
	kseat *p = kseat_of(f->k, f->st, seat);
	p->supply[PIECE_SETTLEMENT]++;
	p->supply[PIECE_CITY]--;
}

static void road(fixture *f, int seat, const char *space)
{
	flow_add_road(f->k, f->st, seat, sp(f, space));
}

/* The main phase of seat s's turn 1. */
static void main_phase(fixture *f, int s)
{
	kstate *h = ks(f->st);
	h->turn = 1;
	h->step = (uint8_t)(2 * f->k->seats);
	h->dp = DP_MAIN;
	h->cur = (int8_t)s;
	h->active = (uint8_t)s;
}

static int listed(const crisk_action *a, size_t n, unsigned type, int id)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] == act_make(type, (uint64_t)id))
			return 1;
	}
	return 0;
}

static size_t list(const fixture *f, crisk_action *buf)
{
	size_t n = kern_legal(f->k, f->st, buf, CAP);
	ck_assert_uint_le(n, CAP);
	for (size_t i = 1; i < n; i++)
		ck_assert(buf[i - 1] < buf[i]);
	return n;
}

static void give(fixture *f, int s, int lumber_brick)
{
	kseat *p = kseat_of(f->k, f->st, s);
	kstate *h = ks(f->st);
	for (int r = 0; r < 2; r++) {
		p->hand[r] = (uint8_t)(p->hand[r] + lumber_brick);
		h->bank[r] = (uint8_t)(h->bank[r] - lumber_brick);
	}
	p->cards = (uint8_t)(p->cards + 2 * lumber_brick);
}

static int road_legal(const fixture *f, const char *space)
{
	crisk_action buf[CAP];
	size_t n = list(f, buf);
	crisk_action a = act_make(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(f, space));
	int checked = kern_check(f->k, f->st, a) == CRISK_OK;
	ck_assert_msg(checked == listed(buf, n, CRISK_CATAN_BUILD_ROAD, sp(f, space)),
		      "check and list disagree on %s", space);
	return checked;
}

/* ---- H-7, H-36, H-99 (c): set-up settlements only on named locations ---- */

START_TEST(setup_sites_only_H7_H36)
{
	for (int seats = 4; seats <= 5; seats++) {
		fixture f;
		open_game(&f, seats);
		crisk_action buf[CAP];
		size_t n = list(&f, buf);
		/* 42 sites with 3-4 seats, 50 named locations with 5-6 (H-94). */
		ck_assert_uint_eq(n, seats == 4 ? 42 : 50);
		for (size_t i = 0; i < n; i++) {
			int p = ACT_ID(buf[i]);
			ck_assert_uint_eq(ACT_TYPE(buf[i]), CRISK_CATAN_PLACE_SETTLEMENT);
			ck_assert(f.k->b.node_kind[p] == BNODE_SITE || (seats == 5 && f.k->b.node_kind[p] == BNODE_CHIT));
		}
		/* A junction never; kaena only with 5-6 seats (H-99 c). */
		ck_assert_int_eq(kern_check(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "j_haena"))),
				 CRISK_EILLEGAL);
		ck_assert_str_eq(crisk_error_last(), "point 1 is not a named location: no building stands there (H-7)");
		int kaena = kern_check(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "kaena")));
		ck_assert_int_eq(kaena, seats == 5 ? CRISK_OK : CRISK_EILLEGAL);
		ck_assert_msg(kern_state_check(f.k, f.st) == CRISK_OK, "%s", crisk_error_last());
		close_game(&f);
	}
}
END_TEST

/* ---- H-48, H-98: the distance rule over spaces ---- */

START_TEST(distance_rule_twin_towns_H48_H98)
{
	fixture f;
	open_game(&f, 4);
	crisk_action buf[CAP];
	ck_assert_int_eq(kern_apply(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "honolulu")), &f.log),
			 CRISK_OK);
	/* Seat 0 places its road; then seat 1 may not take pearlcity. */
	ck_assert_int_eq(kern_apply(f.k, f.st, act_make(CRISK_CATAN_PLACE_ROAD, (uint64_t)sp(&f, "r019")), &f.log),
			 CRISK_OK);
	size_t n = list(&f, buf);
	ck_assert_uint_eq(n, 40); /* honolulu and its twin are gone, the junctions never counted */
	ck_assert(!listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "pearlcity")));
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "ewa"))); /* two spaces away: fine */
	ck_assert_int_eq(kern_check(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "pearlcity"))),
			 CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* H-98: any set of named locations without a twin pair may all hold
 * buildings: 39 with 3-4 seats, 47 with 5-6. */
START_TEST(distance_rule_maximum_H98)
{
	for (int seats = 4; seats <= 5; seats++) {
		fixture f;
		open_game(&f, seats);
		const char *second[] = {"pearlcity", "wailuku", "kamuela"};
		int placed = 0;
		for (int p = 0; p < f.k->b.n_node; p++) {
			int skip = 0;
			for (int i = 0; i < 3; i++)
				skip |= p == pt(&f, second[i]);
			if (skip || bit_get(f.k->no_site, p))
				continue;
			ck_assert_msg(kern_check_site(f.k, f.st, p) == CRISK_OK, "point %d: %s", p, crisk_error_last());
			flow_place_building(f.k, f.st, placed % seats, p);
			kseat_of(f.k, f.st, placed % seats)->supply[PIECE_SETTLEMENT] = 5; /* past the piece limit on purpose */
			placed++;
		}
		ck_assert_int_eq(placed, seats == 4 ? 39 : 47);
		for (int i = 0; i < 3; i++)
			ck_assert_int_eq(kern_check_site(f.k, f.st, pt(&f, second[i])), CRISK_EILLEGAL);
		close_game(&f);
	}
}
END_TEST

/* ---- H-8, H-38: roads only on road spaces ---- */

START_TEST(setup_road_on_road_spaces_H8_H38)
{
	fixture f;
	open_game(&f, 4);
	crisk_action buf[CAP];
	ck_assert_int_eq(kern_apply(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "lahaina")), &f.log),
			 CRISK_OK);
	/* lahaina joins r069, r071 and the merchant m5: the kernel lists the roads. */
	size_t n = list(&f, buf);
	ck_assert_uint_eq(n, 2);
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_ROAD, sp(&f, "r069")));
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_ROAD, sp(&f, "r071")));
	ck_assert_int_eq(kern_check(f.k, f.st, act_make(CRISK_CATAN_PLACE_ROAD, (uint64_t)sp(&f, "m5"))), CRISK_EILLEGAL);
	char msg[64];
	snprintf(msg, sizeof msg, "path %d takes no road (H-8)", sp(&f, "m5"));
	ck_assert_str_eq(crisk_error_last(), msg);
	close_game(&f);
}
END_TEST

START_TEST(build_road_on_road_spaces_H8)
{
	fixture f;
	open_game(&f, 4);
	settle(&f, 0, "waianae");
	road(&f, 0, "r026"); /* waianae - j_makua */
	main_phase(&f, 0);
	give(&f, 0, 5);
	ck_assert(road_legal(&f, "r027"));  /* j_makua - kaena */
	ck_assert(road_legal(&f, "r024"));  /* from the settlement */
	ck_assert(!road_legal(&f, "f04")); /* w07 - j_makua: a fishing space */
	char msg[64];
	snprintf(msg, sizeof msg, "path %d takes no road (H-8)", sp(&f, "f04"));
	ck_assert_str_eq(crisk_error_last(), msg);
	/* Road Building's free roads take road spaces only too. */
	ck_assert_int_eq(kern_any_road(f.k, f.st, 0), 1);
	close_game(&f);
}
END_TEST

/* ---- H-44, H-45, H-100: the connection rule ---- */

/* H-100 (a), roads only: A reaches the empty named location lihue; no road
 * beyond it until A settles there; B's settlement there closes it for A. */
START_TEST(connection_beyond_named_location_H45_H100a)
{
	for (int b_settles = 0; b_settles < 2; b_settles++) {
		fixture f;
		open_game(&f, 4);
		settle(&f, 0, "poipu");
		road(&f, 0, "r008"); /* poipu - j_koloa */
		road(&f, 0, "r007"); /* j_koloa - lihue */
		main_phase(&f, 0);
		give(&f, 0, 5);
		ck_assert(!road_legal(&f, "r006")); /* lihue - j_wailua */
		ck_assert_str_eq(crisk_error_last(), "path 5 is not connected to your roads or buildings (B-69, B-70, H-45)");
		ck_assert_int_eq(kern_path_ok(f.k, f.st, 0, sp(&f, "m1")), 0); /* nor a ship beyond it */
		settle(&f, b_settles, "lihue");
		ck_assert_int_eq(road_legal(&f, "r006"), !b_settles);
		ck_assert_int_eq(kern_path_ok(f.k, f.st, 0, sp(&f, "m1")), !b_settles);
		close_game(&f);
	}
}
END_TEST

/* H-100 (b), H-76, H-77: a chit point is an anchor with 3-4 seats, a named
 * location (a barrier while empty) with 5-6. */
START_TEST(connection_through_chit_H76_H77_H100b)
{
	for (int seats = 4; seats <= 5; seats++) {
		fixture f;
		open_game(&f, seats);
		settle(&f, 0, "waianae");
		road(&f, 0, "r026");
		road(&f, 0, "r027"); /* j_makua - kaena */
		main_phase(&f, 0);
		give(&f, 0, 5);
		ck_assert_int_eq(road_legal(&f, "r028"), seats == 4); /* kaena - j_waialua */
		close_game(&f);
	}
}
END_TEST

/* H-100 (c): next to honolulu's settlement, pearlcity can never be settled,
 * so no road passes it. */
START_TEST(connection_unsettleable_barrier_H100c)
{
	fixture f;
	open_game(&f, 4);
	settle(&f, 1, "honolulu");
	settle(&f, 0, "ewa");
	road(&f, 0, "r023"); /* ewa - j_kapolei */
	road(&f, 0, "r025"); /* j_kapolei - pearlcity */
	main_phase(&f, 0);
	give(&f, 0, 5);
	ck_assert(!road_legal(&f, "r029"));
	ck_assert(!road_legal(&f, "r020"));
	ck_assert(!road_legal(&f, "r112")); /* to B's settlement, through pearlcity */
	ck_assert(road_legal(&f, "r024"));  /* a junction passes */
	ck_assert_int_eq(kern_check_site(f.k, f.st, pt(&f, "pearlcity")), CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* H-44 (a), H-45: the seat's own buildings never block; an opponent's does
 * (B-70); an empty junction passes. */
START_TEST(connection_own_and_other_buildings_H44)
{
	fixture f;
	open_game(&f, 4);
	settle(&f, 0, "kaneohe");
	road(&f, 0, "r017"); /* j_kahaluu - kaneohe */
	road(&f, 0, "r015"); /* laie - j_kahaluu */
	settle(&f, 1, "laie");
	main_phase(&f, 0);
	give(&f, 0, 5);
	ck_assert(!road_legal(&f, "r014")); /* beyond B's laie */
	ck_assert(!road_legal(&f, "r016"));
	ck_assert(road_legal(&f, "r018"));  /* from A's own kaneohe */
	ck_assert_int_eq(kern_path_ok(f.k, f.st, 0, sp(&f, "s09")), 1); /* a ship-type space at A's junction */
	ck_assert_int_eq(kern_road_ok(f.k, f.st, 0, sp(&f, "s09")), 0);
	close_game(&f);
}
END_TEST

/* ---- H-10, H-52, H-96, H-97: production through the production lists ---- */

static void roll(fixture *f, int sum)
{
	kstate *h = ks(f->st);
	h->dp = DP_PRE_ROLL;
	h->card_played = 0;
	ck_assert_int_eq(kern_apply(f->k, f->st, act_make(CRISK_CATAN_ROLL, 0), &f->log), CRISK_OK);
	ck_assert_int_eq(h->dp, DP_DICE);
	ck_assert_int_eq(kern_apply(f->k, f->st, act_make(CRISK_CATAN_DICE, (uint64_t)sum), &f->log), CRISK_OK);
}

static int held(const fixture *f, int s, int r)
{
	return kseat_of(f->k, f->st, s)->hand[r];
}

enum { BRICK, LUMBER, WOOL, GRAIN, ORE };

START_TEST(production_seed_example_H52_H96)
{
	for (int robbed = 0; robbed < 2; robbed++) {
		fixture f;
		open_game(&f, 5);
		settle(&f, 0, "lopa");
		city(&f, 1, "wailea_makena");
		settle(&f, 2, "kanapou"); /* a named location with 5-6 seats (H-77) */
		settle(&f, 3, "lanaicity"); /* la1 has an 8: nothing on a 12 */
		main_phase(&f, 4);
		if (robbed)
			ks(f.st)->robber = (uint16_t)hx(&f, "kh1");
		roll(&f, 12);
		ck_assert_int_eq(held(&f, 0, BRICK), robbed ? 0 : 1);
		ck_assert_int_eq(held(&f, 1, BRICK), robbed ? 0 : 2);
		ck_assert_int_eq(held(&f, 2, BRICK), robbed ? 0 : 1);
		ck_assert_int_eq(kseat_of(f.k, f.st, 3)->cards, 0);
		ck_assert_int_eq(kseat_of(f.k, f.st, 4)->cards, 0);
		ck_assert_int_eq(ks(f.st)->bank[BRICK], robbed ? 19 : 15);
			close_game(&f);
	}
}
END_TEST

START_TEST(production_city_wailuku_H97)
{
	fixture f;
	open_game(&f, 4);
	city(&f, 0, "wailuku");
	main_phase(&f, 1);
	roll(&f, 8);
	ck_assert_int_eq(held(&f, 0, ORE), 2);
	roll(&f, 10);
	ck_assert_int_eq(held(&f, 0, GRAIN), 2);
	roll(&f, 9);
	ck_assert_int_eq(held(&f, 0, WOOL), 2);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->cards, 6);
	close_game(&f);
}
END_TEST

/* The kernel's set-up yield (B-44, second settlement) reads the production
 * list too: makawao (mu2 grain, mu6 lumber, desert mu4) gives 1 grain and 1
 * lumber, lopa 1 grain and 1 brick across the sea (H-97 amounts; which
 * settlement yields is the module's rule, H-39). */
/* A complete kernel set-up with 3 seats (B-41 snake order). */
static void full_setup(fixture *f)
{
	static const char *order[6][2] = {{"wailuku", "r049"}, {"paauilo", "r080"}, {"pearlcity", "r029"},
					   {"makawao", "r055"}, {"lopa", "r042"},       {"kealakekua", "r097"}};
	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(
			kern_apply(f->k, f->st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(f, order[i][0])), &f->log),
			CRISK_OK);
		ck_assert_int_eq(kern_apply(f->k, f->st, act_make(CRISK_CATAN_PLACE_ROAD, (uint64_t)sp(f, order[i][1])), &f->log),
				 CRISK_OK);
	}
}

START_TEST(setup_yield_from_production_lists_H10_H97)
{
	fixture f;
	open_game(&f, 3);
	full_setup(&f);
	/* Snake order: step 3 is seat 2 (makawao), step 4 seat 1 (lopa), step 5 seat 0. */
	ck_assert_int_eq(held(&f, 2, GRAIN), 1);
	ck_assert_int_eq(held(&f, 2, LUMBER), 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, 2)->cards, 2);
	ck_assert_int_eq(held(&f, 1, GRAIN), 1);
	ck_assert_int_eq(held(&f, 1, BRICK), 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->cards, 2);
	/* kealakekua: hi3 grain, hi6 ore. */
	ck_assert_int_eq(held(&f, 0, GRAIN), 1);
	ck_assert_int_eq(held(&f, 0, ORE), 1);
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_msg(kern_state_check(f.k, f.st) == CRISK_OK, "%s", crisk_error_last());
	close_game(&f);
}
END_TEST

/* ---- H-56, H-96, H-107: the robber's victims through the lists ---- */

START_TEST(robber_victims_H56_H96_H107)
{
	fixture f;
	open_game(&f, 5);
	settle(&f, 1, "lopa");
	settle(&f, 2, "wailea_makena");
	settle(&f, 3, "kanapou");
	settle(&f, 4, "lanaicity"); /* la1 only */
	for (int s = 1; s < 5; s++)
		give(&f, s, 1);
	main_phase(&f, 0);
	kstate *h = ks(f.st);
	h->dp = DP_MOVE_ROBBER;
	h->ret = DP_MAIN;
	ck_assert_int_eq(kern_apply(f.k, f.st, act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "kh1")), &f.log),
			 CRISK_OK);
	ck_assert_int_eq(h->dp, DP_CHOOSE_VICTIM);
	crisk_action buf[CAP];
	size_t n = list(&f, buf);
	ck_assert_uint_eq(n, 3);
	for (int s = 1; s <= 3; s++)
		ck_assert(listed(buf, n, CRISK_CATAN_STEAL_FROM, s));
	ck_assert_int_eq(kern_check(f.k, f.st, act_make(CRISK_CATAN_STEAL_FROM, 4)), CRISK_EILLEGAL);
	close_game(&f);

	/* H-107: back on hi7, the owners at pahoa, pahala, volcano. */
	open_game(&f, 4);
	settle(&f, 1, "pahoa");
	settle(&f, 2, "pahala");
	settle(&f, 3, "volcano");
	settle(&f, 0, "kapoho");
	for (int s = 1; s < 4; s++)
		give(&f, s, 1);
	main_phase(&f, 0);
	h = ks(f.st);
	h->robber = (uint16_t)hx(&f, "hi8");
	h->dp = DP_MOVE_ROBBER;
	h->ret = DP_MAIN;
	ck_assert_int_eq(kern_apply(f.k, f.st, act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)hx(&f, "hi7")), &f.log),
			 CRISK_OK);
	n = list(&f, buf);
	ck_assert_uint_eq(n, 3);
	for (int s = 1; s <= 3; s++)
		ck_assert(listed(buf, n, CRISK_CATAN_STEAL_FROM, s));
	close_game(&f);
}
END_TEST

/* H-112: a building off the named locations is a corrupt state. */
START_TEST(state_check_named_locations_H112)
{
	fixture f;
	open_game(&f, 3);
	full_setup(&f);
	ck_assert_msg(kern_state_check(f.k, f.st) == CRISK_OK, "%s", crisk_error_last());
	/* Seat 0's settlement moved from kealakekua to the junction at the
	 * other end of its set-up road r097. */
	uint8_t *nodes = knodes(f.k, f.st);
	nodes[pt(&f, "j_hookena")] = nodes[pt(&f, "kealakekua")];
	nodes[pt(&f, "kealakekua")] = 0;
	kern_state_derive(f.k, f.st);
	ck_assert_int_eq(kern_state_check(f.k, f.st), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), "not a named location (H-7)") != NULL, "%s", crisk_error_last());
	close_game(&f);
}
END_TEST

static Suite *kernel_map_suite(void)
{
	Suite *s = suite_create("kernel_map");
	TCase *tc = tcase_create("hawaii");
	tcase_add_test(tc, setup_sites_only_H7_H36);
	tcase_add_test(tc, distance_rule_twin_towns_H48_H98);
	tcase_add_test(tc, distance_rule_maximum_H98);
	tcase_add_test(tc, setup_road_on_road_spaces_H8_H38);
	tcase_add_test(tc, build_road_on_road_spaces_H8);
	tcase_add_test(tc, connection_beyond_named_location_H45_H100a);
	tcase_add_test(tc, connection_through_chit_H76_H77_H100b);
	tcase_add_test(tc, connection_unsettleable_barrier_H100c);
	tcase_add_test(tc, connection_own_and_other_buildings_H44);
	tcase_add_test(tc, production_seed_example_H52_H96);
	tcase_add_test(tc, production_city_wailuku_H97);
	tcase_add_test(tc, setup_yield_from_production_lists_H10_H97);
	tcase_add_test(tc, robber_victims_H56_H96_H107);
	tcase_add_test(tc, state_check_named_locations_H112);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(kernel_map_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
