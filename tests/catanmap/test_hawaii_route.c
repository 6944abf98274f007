/* Longest Trade Route in module hawaii (rules/hawaii.md section 16,
 * H-82..H-84, test target H-109): one trail over roads and ships, broken
 * only by other seats' buildings, recomputed after placements, settlements
 * and ship moves.  Through the module's internal entry points after a whole
 * set-up through actions, in explicit chance mode. */
#include <check.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "core/rng.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

/* A = seat 0 (waianae, road r026), B = seat 1 (halawa, road r031),
 * C = seat 2 (kaneohe with road r017, kaunakakai with road r037). */
static const char *const plan[4][6] = {
	{"waianae", "r026", "hilo", "r081", "hanalei", "r002"},
	{"halawa", "r031", "kealakekua", "r097", "waimea", "r010"},
	{"kaneohe", "r017", "kaunakakai", "r037", "kula", "r064"},
	{"lanaicity", "r040", "kapalua", "r046", "kapaa", "r004"},
};

static const int for_a[5] = {1, 4, 3, 0, 0}; /* a road and three ships */

static void open_route(fixture *f)
{
	open_game(f, "players=4 seed=1 chance=explicit");
	setup(f, plan);
}

static void build(fixture *f, unsigned type, const char *id)
{
	int i = type == CRISK_CATAN_BUILD_SETTLEMENT ? pt(f, id) : sp(f, id);
	ck_assert(legal_code(f, code(type, (uint64_t)i), NULL));
	play(f, code(type, (uint64_t)i));
}

static int route(const fixture *f, int s)
{
	return kseat_of(f->k, f->st, s)->road_len;
}

/* H-109 (A), H-82: road r026, ships f04, s07, s06, road r007 from A's
 * settlement at waianae: a route of 5, roads and ships mixed; nobody else
 * has 5, so A takes the card. */
START_TEST(mixed_route_takes_card_H109)
{
	fixture f;
	open_route(&f);
	roll(&f, 2);
	set_hand(&f, 0, for_a);
	build(&f, HW_BUILD_SHIP, "f04");
	build(&f, HW_BUILD_SHIP, "s07");
	build(&f, HW_BUILD_SHIP, "s06");
	ck_assert_int_eq(route(&f, 0), 4);
	ck_assert_int_eq(ks(f.st)->lr, -1);
	build(&f, CRISK_CATAN_BUILD_ROAD, "r007");
	ck_assert_int_eq(route(&f, 0), 5);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	close_game(&f);
}
END_TEST

/* H-109 (C), H-83, H-84: C's route r017, s11, s12, r038, r037 passes the
 * empty named location maunaloa (5, C takes the card); A's 5 only ties;
 * B reaches maunaloa by r030, s15 (through the chit point kalaupapa, which
 * breaks nothing) and r039 and settles it: C's route drops to 3, B's is 4,
 * and A, alone with 5, takes the card (B-89). */
START_TEST(settlement_breaks_route_H109)
{
	fixture f;
	open_route(&f);
	next_turn(&f);
	next_turn(&f);
	roll(&f, 2); /* C */
	set_hand(&f, 2, (const int[5]){1, 3, 2, 0, 0});
	build(&f, HW_BUILD_SHIP, "s11");
	build(&f, HW_BUILD_SHIP, "s12");
	build(&f, CRISK_CATAN_BUILD_ROAD, "r038");
	ck_assert_int_eq(route(&f, 2), 5);
	ck_assert_int_eq(ks(f.st)->lr, 2);
	next_turn(&f);
	next_turn(&f);
	roll(&f, 2); /* A */
	set_hand(&f, 0, for_a);
	build(&f, HW_BUILD_SHIP, "f04");
	build(&f, HW_BUILD_SHIP, "s07");
	build(&f, HW_BUILD_SHIP, "s06");
	build(&f, CRISK_CATAN_BUILD_ROAD, "r007");
	ck_assert_int_eq(route(&f, 0), 5);
	ck_assert_int_eq(ks(f.st)->lr, 2); /* a tie keeps the holder */
	next_turn(&f);
	roll(&f, 2); /* B */
	set_hand(&f, 1, (const int[5]){3, 4, 2, 1, 0});
	build(&f, CRISK_CATAN_BUILD_ROAD, "r030");
	build(&f, HW_BUILD_SHIP, "s15");
	build(&f, CRISK_CATAN_BUILD_ROAD, "r039");
	ck_assert_int_eq(route(&f, 1), 4);
	build(&f, CRISK_CATAN_BUILD_SETTLEMENT, "maunaloa");
	ck_assert_int_eq(route(&f, 2), 3);
	ck_assert_int_eq(route(&f, 1), 4);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	close_game(&f);
}
END_TEST

/* H-84, H-81: a ship move recomputes the mover's route at once: A's
 * r024, r026, f04, s07, s06 (5, the card) loses s06 to m9 at hilo, drops
 * to 4 and the card is set aside (B-89); moved back next turn, 5 again and
 * the card returns. */
START_TEST(ship_move_recomputes_route_H84)
{
	fixture f;
	open_route(&f);
	roll(&f, 2);
	set_hand(&f, 0, for_a);
	build(&f, HW_BUILD_SHIP, "f04");
	build(&f, HW_BUILD_SHIP, "s07");
	build(&f, HW_BUILD_SHIP, "s06");
	build(&f, CRISK_CATAN_BUILD_ROAD, "r024");
	ck_assert_int_eq(route(&f, 0), 5);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	roll(&f, 2);
	ck_assert(legal_code(&f, move_ship_code(&f, "s06", "m9"), NULL));
	play(&f, move_ship_code(&f, "s06", "m9"));
	ck_assert_int_eq(route(&f, 0), 4);
	ck_assert_int_eq(ks(f.st)->lr, -1);
	for (int s = 0; s < 4; s++)
		next_turn(&f);
	roll(&f, 2);
	play(&f, move_ship_code(&f, "m9", "s06"));
	ck_assert_int_eq(route(&f, 0), 5);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	close_game(&f);
}
END_TEST

/* A piece of seat s on space p, as placed before this turn (not fresh). */
static void place_piece(fixture *f, int s, int p)
{
	if (kern_road_path(f->k, p)) {
		flow_add_road(f->k, f->st, s, p);
	} else {
		hw_ext *x = hwx(f->k, f->st);
		int fresh = x->n_fresh;
		hw_add_ship(f->k, f->st, s, p);
		x->n_fresh = (uint8_t)fresh;
		x->fresh[fresh] = 0;
	}
	hw_piece_placed(f->k, f->st, s, p, &f->log);
}

/* A random point where seat s has a piece, or -1. */
static int own_point(const fixture *f, rng *r, int s)
{
	const uint8_t *paths = kpaths(f->k, f->st);
	for (int tries = 0; tries < 400; tries++) {
		int v = (int)rng_uniform(r, (uint32_t)f->k->b.n_node);
		const bnode *bn = &f->k->b.node[v];
		for (int i = 0; i < bn->deg; i++)
			if (paths[bn->path[i]] == s + 1)
				return v;
	}
	return -1;
}

/* H-81, H-84: the route after every legal ship move of seat 0 against
 * board_longest_road, in random positions: seat 0's network grown by random
 * walks of roads and ships from its pieces (forks, rings, long runs), then
 * other seats' settlements put on points of it (the route stops there,
 * H-83), some between two of seat 0's pieces.  The route update after a
 * move takes shortcuts (the run the moved ship ended, a second piece at its
 * inner point); this compares each answer with a search from scratch. */
START_TEST(ship_moves_random_positions_H81_H83_H84)
{
	static unsigned char copy[4096];
	static crisk_action acts[PLAY_CAP];
	rng r;
	long moves = 0, dropped = 0, rotated = 0;
	rng_seed(&r, 2026);
	for (int trial = 0; trial < 800; trial++) {
		fixture f;
		open_route(&f);
		roll(&f, 2);
		const kern *k = f.k;
		hw_ext *x = hwx(k, f.st);
		uint8_t *paths = kpaths(k, f.st);
		for (int walk = 0, walks = 3 + (int)rng_uniform(&r, 5); walk < walks; walk++) {
			int v = own_point(&f, &r, 0);
			for (int n = 2 + (int)rng_uniform(&r, 6); n > 0 && v >= 0; n--) {
				/* An empty space at v, a ship's if there is one (3 times in 4). */
				const bnode *bn = &k->b.node[v];
				int pick = -1, ships = rng_uniform(&r, 4) != 0;
				for (int tries = 0; tries < 16; tries++) {
					int i = (int)rng_uniform(&r, bn->deg), p = bn->path[i];
					if (paths[p] || (kern_road_path(k, p) ? kseat_of(k, f.st, 0)->supply[PIECE_ROAD] == 0
									      : x->ships[0] == 0))
						continue;
					pick = i;
					if (!kern_road_path(k, p) || !ships)
						break;
				}
				if (pick < 0)
					break;
				place_piece(&f, 0, bn->path[pick]);
				v = bn->adj[pick];
			}
		}
		for (int i = (int)rng_uniform(&r, 4); i > 0; i--) {
			int v = own_point(&f, &r, 0), s = 1 + (int)rng_uniform(&r, 3);
			if (v >= 0 && !knodes(k, f.st)[v] && kseat_of(k, f.st, s)->supply[PIECE_SETTLEMENT] > 0)
				flow_place_building(k, f.st, s, v);
		}
		flow_update_longest_road(k, f.st, 0, -1, &f.log);
		ck_assert_uint_le(k->size, sizeof copy);
		size_t n = hawaii_legal(k, f.st, acts, PLAY_CAP);
		ck_assert_uint_le(n, PLAY_CAP);
		for (size_t a = 0; a < n; a++) {
			if (ACT_TYPE(acts[a]) != HW_MOVE_SHIP)
				continue;
			int old = kseat_of(k, f.st, 0)->road_len;
			memcpy(copy, f.st, k->size);
			ck_assert_int_eq(hawaii_apply(k, copy, acts[a], &f.log), CRISK_OK);
			int now = kseat_of(k, copy, 0)->road_len;
			int want = board_longest_road(&k->b, kpaths(k, copy), knodes(k, copy), 0);
			/* route_after_move counts seat 0's pieces off the supplies. */
			int on_board = 0;
			for (int p = 0; p < k->b.n_path; p++)
				on_board += kpaths(k, copy)[p] == 1;
			ck_assert_int_eq(on_board, HW_SHIPS - hwx(k, copy)->ships[0] + k->cfg.pieces[PIECE_ROAD] -
							   kseat_of(k, copy, 0)->supply[PIECE_ROAD]);
			ck_assert_msg(now == want, "trial %d, move %016llx: route %d, longest trail %d (before %d)", trial,
				      (unsigned long long)acts[a], now, want, old);
			moves++;
			dropped += now < old;
			/* route_after_move's first shortcut: `to` shares a point with
			 * `from` and both hang there (no piece of seat 0 at their
			 * other ends), the route kept. */
			{
				const bpath *pf = &k->b.path[ACT_ID(acts[a])], *pt = &k->b.path[acts[a] >> 16 & 0xFFFFu];
				for (int e = 0; e < 2; e++) {
					int at = pt->node[e], t = pt->node[1 - e], far = pf->node[pf->node[0] == at];
					if (at != pf->node[0] && at != pf->node[1])
						continue;
					int bare = 1;
					for (int q = 0; q < k->b.node[t].deg; q++)
						bare &= kpaths(k, copy)[k->b.node[t].path[q]] != 1 ||
							k->b.node[t].path[q] == (int)(acts[a] >> 16 & 0xFFFFu);
					for (int q = 0; q < k->b.node[far].deg; q++)
						bare &= kpaths(k, copy)[k->b.node[far].path[q]] != 1;
					rotated += bare;
				}
			}
		}
		close_game(&f);
	}
	ck_assert_int_gt(moves, 1500);
	ck_assert_int_gt(dropped, 300);
	ck_assert_int_gt(rotated, 20);
}
END_TEST

/* Set-ups for the positions below: seat 0 on Molokai, Lanai and Maui
 * (the Pailolo and Auau channels), the other seats far off (Kauai, Oahu,
 * Hawaii; seat 3 also at kapalua on Maui, next to j_kaanapali). */
static const char *const plan_channels[4][6] = {
	{"pukoo", "r034", "lanaicity", "f07", "wailea_makena", "f08"},
	{"hanalei", "r002", "waianae", "r026", "hilo", "r081"},
	{"waimea", "r010", "kaneohe", "r017", "kealakekua", "r097"},
	{"kapaa", "r004", "honolulu", "r021", "kapalua", "r046"},
};
static const char *const plan_lahaina[4][6] = {
	{"pukoo", "r035", "lanaicity", "r041", "lahaina", "m5"},
	{"hanalei", "r002", "waianae", "r026", "hilo", "r081"},
	{"waimea", "r010", "kaneohe", "r017", "kealakekua", "r097"},
	{"kapaa", "r004", "honolulu", "r021", "kapalua", "r046"},
};

/* Seat 0's roads and ships on the board. */
static int pieces_on_board(const kern *k, const void *st, int s)
{
	int n = 0;
	for (int p = 0; p < k->b.n_path; p++)
		n += kpaths(k, st)[p] == s + 1;
	return n;
}

/* A game set up by plan, turn 1 of seat 0 after its roll, with seat 0's
 * pieces laid (spaces NULL-ended; a road space takes a road, else a
 * ship, none of them fresh; the set-up pieces are there already) and other
 * seats' settlements (seat, point). */
struct town {
	int seat;
	const char *point;
};

static void open_position(fixture *f, const char *const set_up[4][6], const char *const *spaces,
			  const struct town *towns)
{
	open_game(f, "players=4 seed=1 chance=explicit");
	setup(f, set_up);
	roll(f, 2);
	for (; *spaces; spaces++) {
		if (kern_road_path(f->k, sp(f, *spaces)))
			put_road(f, 0, *spaces);
		else
			put_ship(f, 0, *spaces);
	}
	for (; towns && towns->point; towns++)
		put_settlement(f, towns->seat, towns->point);
}

/* Every legal ship move of seat 0 against board_longest_road from scratch
 * (as in the random positions above); the number of moves. */
static int all_moves_against_scratch(fixture *f)
{
	static unsigned char copy[4096];
	static crisk_action acts[PLAY_CAP];
	const kern *k = f->k;
	int moves = 0;
	size_t n = hawaii_legal(k, f->st, acts, PLAY_CAP);
	ck_assert_uint_le(n, PLAY_CAP);
	ck_assert_uint_le(k->size, sizeof copy);
	for (size_t a = 0; a < n; a++) {
		if (ACT_TYPE(acts[a]) != HW_MOVE_SHIP)
			continue;
		int old = route(f, 0);
		memcpy(copy, f->st, k->size);
		ck_assert_int_eq(hawaii_apply(k, copy, acts[a], &f->log), CRISK_OK);
		int now = kseat_of(k, copy, 0)->road_len;
		int want = board_longest_road(&k->b, kpaths(k, copy), knodes(k, copy), 0);
		ck_assert_msg(now == want, "move %016llx: route %d, longest trail %d (before %d)",
			      (unsigned long long)acts[a], now, want, old);
		moves++;
	}
	return moves;
}

/* The case the move shortcut must get right: seat 0 has old + 1 pieces,
 * route old, and the ship from -> to makes one trail of all of them. */
static void extends_to_all(fixture *f, const char *from, const char *to, int old)
{
	static unsigned char copy[4096];
	const kern *k = f->k;
	crisk_action a = move_ship_code(f, from, to);
	ck_assert_int_eq(route(f, 0), old);
	ck_assert_int_eq(board_longest_road(&k->b, kpaths(k, f->st), knodes(k, f->st), 0), old);
	ck_assert_int_eq(pieces_on_board(k, f->st, 0), old + 1);
	ck_assert_msg(legal_code(f, a, NULL), "move %s -> %s not legal", from, to);
	memcpy(copy, f->st, k->size);
	ck_assert_int_eq(hawaii_apply(k, copy, a, &f->log), CRISK_OK);
	ck_assert_int_eq(board_longest_road(&k->b, kpaths(k, copy), knodes(k, copy), 0), old + 1);
	ck_assert_msg(kseat_of(k, copy, 0)->road_len == old + 1, "move %s -> %s: route %d, want %d", from, to,
		      kseat_of(k, copy, 0)->road_len, old + 1);
}

/* The same move played for real (the state check after it). */
static void play_extension(fixture *f, const char *from, const char *to, int old)
{
	play(f, move_ship_code(f, from, to));
	ck_assert_int_eq(route(f, 0), old + 1);
	ck_assert_int_eq(ks(f->st)->lr, 0);
}

/* H-81, H-82, H-84 (H-83 in positions 2 and 4): positions where all of
 * the mover's pieces form one trail after the move, one longer than the
 * route before it (seat 0 has exactly old + 1 pieces): the route must
 * grow to old + 1.  (route_after_move's plain walk through the new space
 * stops at the first trail of old; it is used only with at most old
 * pieces.)  Each position also checks every legal ship move of seat 0
 * against board_longest_road from scratch.
 *  1. A trail w18 s20 j_molokai_ne r034 pukoo s22 w19 f07 lanaicity r040
 *     j_keomuku f08 wailea_makena r067 j_makena (7, roads and ships), m5
 *     hanging at w19 in its middle (a branch): m5 to s21 at the w18 end or
 *     to f09 (a fishing space) at the j_makena end makes 8.
 *  2. Other seats' settlements at both ends and on the branch: a trail
 *     from halawa (seat 3) r033 r034 s22 f07 r040 f08 r067 f09 s24 to w21
 *     (9, through the chit point kanapou), m5 hanging at w19 up to lahaina
 *     (seat 1): m5 to s23 up to lopa (seat 2) makes 10.
 *  3. A ring: the trail j_kaanapali r071 lahaina m5 w19 f07 lanaicity r041
 *     j_polihua s19 w17 s18 j_kamalo r035 pukoo (7), s17 hanging at w17
 *     (on a branch): s17 to s22 closes the ring w19 .. pukoo; the ring
 *     and its tail m5 r071 make one trail of 8; s17 to s21 at the
 *     j_kaanapali end makes a trail of 8 too.
 *  4. The ship beyond another seat's settlement at the trail's other end:
 *     m6 from w20 up to kaumalapau (seat 2), the trail kaumalapau r045
 *     j_polihua r041 lanaicity f07 w19 m5 lahaina r071 j_kaanapali s21 w18
 *     s20 j_molokai_ne r034 pukoo r035 j_kamalo s18 w17 (10): m6 to s17
 *     makes a trail of 11 and m6 to s19 a ring j_polihua .. w17 with the
 *     tail r045, 11 too. */
START_TEST(ship_move_extends_to_every_piece_H81_H84)
{
	static const char *const trail1[] = {"s20", "s22", "r040", "r067", "m5", NULL};
	static const char *const trail2[] = {"r033", "s22", "r040", "r067", "f09", "s24", "m5", NULL};
	static const struct town towns2[] = {{3, "halawa"}, {1, "lahaina"}, {2, "lopa"}, {0, NULL}};
	static const char *const trail3[] = {"f07", "s19", "s18", "r071", "s17", NULL};
	static const char *const trail4[] = {"r045", "f07", "r071", "s21", "s20", "r034", "s18", "m6", NULL};
	static const struct town towns4[] = {{2, "kaumalapau"}, {0, NULL}};
	fixture f;
	int moves = 0;

	open_position(&f, plan_channels, trail1, NULL);
	extends_to_all(&f, "m5", "s21", 7);
	extends_to_all(&f, "m5", "f09", 7);
	moves += all_moves_against_scratch(&f);
	play_extension(&f, "m5", "f09", 7);
	close_game(&f);

	open_position(&f, plan_channels, trail2, towns2);
	extends_to_all(&f, "m5", "s23", 9);
	moves += all_moves_against_scratch(&f);
	play_extension(&f, "m5", "s23", 9);
	close_game(&f);

	open_position(&f, plan_lahaina, trail3, NULL);
	extends_to_all(&f, "s17", "s22", 7);
	extends_to_all(&f, "s17", "s21", 7);
	moves += all_moves_against_scratch(&f);
	play_extension(&f, "s17", "s22", 7);
	close_game(&f);

	open_position(&f, plan_lahaina, trail4, towns4);
	extends_to_all(&f, "m6", "s17", 10);
	extends_to_all(&f, "m6", "s19", 10);
	moves += all_moves_against_scratch(&f);
	play_extension(&f, "m6", "s19", 10);
	close_game(&f);

	ck_assert_int_ge(moves, 13); /* 7 of them the moves above */
}
END_TEST

/* H-81, H-84: a move that shortens the trail through the moved ship while
 * a trail of old is left elsewhere, with just old pieces outside the run
 * that ship ended.  Three arms from pukoo (seat 0's settlement): r034
 * j_molokai_ne s20 w18 s21 (3, s21 at an open end at j_kaanapali), r035
 * j_kamalo s18 w17 s19 (3) and s22 w19 f07 lanaicity r040 j_keomuku f08
 * (4): route 7, 10 pieces.  s21 to m5 (at w19, a trail of 5 through it):
 * the arm of s21 drops to 2, the other two still make 7.  The update
 * counts old pieces left without the moved ship and the run s20 r034 it
 * ended (10 - 1 - 2 = 7), so it must search for a trail of old (one less
 * piece and it could skip the search).  Every legal move of seat 0 is
 * checked against board_longest_road from scratch too. */
START_TEST(ship_move_keeps_trail_of_old_H81_H84)
{
	static unsigned char copy[4096];
	static const char *const arms[] = {"s20", "s21", "r035", "s18", "s19", "s22", "r040", NULL};
	fixture f;
	open_position(&f, plan_channels, arms, NULL);
	const kern *k = f.k;
	crisk_action a = move_ship_code(&f, "s21", "m5");
	ck_assert_int_eq(route(&f, 0), 7);
	ck_assert_int_eq(pieces_on_board(k, f.st, 0), 10);
	ck_assert(legal_code(&f, a, NULL));
	memcpy(copy, f.st, k->size);
	ck_assert_int_eq(hawaii_apply(k, copy, a, &f.log), CRISK_OK);
	ck_assert_int_eq(board_longest_road(&k->b, kpaths(k, copy), knodes(k, copy), 0), 7);
	ck_assert_msg(kseat_of(k, copy, 0)->road_len == 7, "route %d, want 7", kseat_of(k, copy, 0)->road_len);
	ck_assert_int_ge(all_moves_against_scratch(&f), 3);
	play(&f, a);
	ck_assert_int_eq(route(&f, 0), 7);
	ck_assert_int_eq(ks(f.st)->lr, 0);
	close_game(&f);
}
END_TEST

/* H-79, H-81, H-84: the moved ship hangs at a point with an even number of
 * the mover's other pieces, and every trail of old through it runs round a
 * ring that holds all of them.  Seat 0's ring pukoo r035 j_kamalo s18 w17
 * s19 j_polihua r041 lanaicity f07 w19 s22 pukoo (6, every point on it with
 * two of its pieces), s17 hanging at w17: route 7, only as s17 and the ring
 * (j_keomuku f08 wailea_makena r067 j_makena is apart).  s17 to f09 (at
 * j_makena, a trail of 3) drops the route to 6: the update may not take the
 * ring's even points for a trail of old left without s17
 * (route_after_move's parity shortcut needs a point that is odd or blocked
 * on the way round); s17 to m5 (at w19 on the ring) keeps 7.  Every legal
 * move against board_longest_road from scratch. */
START_TEST(ship_move_off_a_ring_H79_H81_H84)
{
	static const char *const plan_ring[4][6] = {
		{"pukoo", "r035", "lanaicity", "f07", "wailea_makena", "f08"},
		{"hanalei", "r002", "waianae", "r026", "hilo", "r081"},
		{"waimea", "r010", "kaneohe", "r017", "kealakekua", "r097"},
		{"kapaa", "r004", "honolulu", "r021", "kapalua", "r046"},
	};
	static const char *const ring[] = {"s18", "s19", "r041", "s22", "s17", "r067", NULL};
	static const struct {
		const char *to;
		int route;
	} moves[] = {{"f09", 6}, {"m5", 7}};
	static unsigned char copy[4096];
	fixture f;
	open_position(&f, plan_ring, ring, NULL);
	const kern *k = f.k;
	ck_assert_int_eq(route(&f, 0), 7);
	ck_assert_int_eq(board_longest_road(&k->b, kpaths(k, f.st), knodes(k, f.st), 0), 7);
	for (int i = 0; i < 2; i++) {
		crisk_action a = move_ship_code(&f, "s17", moves[i].to);
		ck_assert_msg(legal_code(&f, a, NULL), "move s17 -> %s not legal", moves[i].to);
		memcpy(copy, f.st, k->size);
		ck_assert_int_eq(hawaii_apply(k, copy, a, &f.log), CRISK_OK);
		ck_assert_int_eq(board_longest_road(&k->b, kpaths(k, copy), knodes(k, copy), 0), moves[i].route);
		ck_assert_msg(kseat_of(k, copy, 0)->road_len == moves[i].route, "s17 -> %s: route %d, want %d",
			      moves[i].to, kseat_of(k, copy, 0)->road_len, moves[i].route);
	}
	ck_assert_int_ge(all_moves_against_scratch(&f), 5);
	close_game(&f);
}
END_TEST

static Suite *hawaii_route_suite(void)
{
	Suite *s = suite_create("hawaii_route");
	TCase *tc = tcase_create("route");
	tcase_add_test(tc, mixed_route_takes_card_H109);
	tcase_add_test(tc, settlement_breaks_route_H109);
	tcase_add_test(tc, ship_move_recomputes_route_H84);
	tcase_add_test(tc, ship_moves_random_positions_H81_H83_H84);
	tcase_add_test(tc, ship_move_extends_to_every_piece_H81_H84);
	tcase_add_test(tc, ship_move_keeps_trail_of_old_H81_H84);
	tcase_add_test(tc, ship_move_off_a_ring_H79_H81_H84);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_route_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
