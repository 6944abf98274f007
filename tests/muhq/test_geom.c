/* muhq's geometry (rules/muhq.md §11, §12, §31.2): the distance of M-57,
 * terrain of M-52, and the reachable destinations of M-58 to M-61 and M-67,
 * on hand-made grids, on the §31.1 fixture test-arena loaded through the
 * .mqd loader, and against a slow reference search on random boards. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "muhq/geom.h"
#include "muhq/mqd.h"

#define SIDE 64

/* A board: tile types, permanents, boardable ships, and the last result. */
typedef struct field {
	int w, h;
	uint8_t type[SIDE * SIDE];
	uint8_t block[SIDE * SIDE];
	uint8_t board[SIDE * SIDE];
	uint8_t cost[SIDE * SIDE];
} field;

static int tile_of_symbol(char c)
{
	switch (c) {
	case '.': return MQD_TILE_PLAIN;
	case 'X': return MQD_TILE_PLAIN; /* with a permanent on it */
	case 'H': return MQD_TILE_HOUSE;
	case 'T': return MQD_TILE_TOWER;
	case 'F': return MQD_TILE_FARM;
	case '=': return MQD_TILE_STREET;
	case '~': return MQD_TILE_DEEP;
	case 'w': return MQD_TILE_WATER;
	case '#': return MQD_TILE_WALL;
	case 'G': return MQD_TILE_GATE;
	case '1': return MQD_TILE_SPAWN | (1 << 4);
	case 'a': return MQD_TILE_HARBOR | (1 << 4);
	default: ck_abort_msg("no tile symbol '%c'", c); return -1;
	}
}

/* A field from rows of M-81 symbols; X is a Plain tile with a permanent. */
static void grid(field *f, int h, const char *const *rows)
{
	memset(f, 0, sizeof *f);
	f->h = h;
	f->w = (int)strlen(rows[0]);
	for (int y = 0; y < h; y++) {
		ck_assert_int_eq((int)strlen(rows[y]), f->w);
		for (int x = 0; x < f->w; x++) {
			f->type[y * f->w + x] = (uint8_t)MQD_TILE_TYPE(tile_of_symbol(rows[y][x]));
			f->block[y * f->w + x] = rows[y][x] == 'X';
		}
	}
}
#define GRID(f, ...) grid(f, (int)(sizeof (const char *[]){ __VA_ARGS__ } / sizeof(const char *)), \
			  (const char *const[]){ __VA_ARGS__ })

static void plain(field *f, int w, int h)
{
	memset(f, 0, sizeof *f);
	f->w = w;
	f->h = h;
}

static int at(const field *f, int x, int y)
{
	return y * f->w + x;
}

static void put(field *f, int x, int y)
{
	f->block[at(f, x, y)] = 1;
}

static void ship(field *f, int x, int y)
{
	f->block[at(f, x, y)] = 1;
	f->board[at(f, x, y)] = 1;
}

/* Runs mq_reach from (x, y); returns the number of reachable tiles. */
static int reach(field *f, int x, int y, int budget, int cls, int street)
{
	mq_reach_in in = { .type = f->type, .block = f->block, .board = f->board, .w = f->w, .h = f->h,
			   .start = at(f, x, y), .budget = budget, .cls = cls, .street = street };
	memset(f->cost, 0xaa, sizeof f->cost);
	int n = mq_reach(&in, f->cost);
	int counted = 0;
	for (int i = 0; i < f->w * f->h; i++)
		counted += f->cost[i] != MQ_UNREACHED;
	ck_assert_int_eq(n, counted);
	ck_assert_int_eq(f->cost[in.start], MQ_UNREACHED); /* M-59.2: at least one step */
	return n;
}

static int cost(const field *f, int x, int y)
{
	return f->cost[at(f, x, y)];
}

#define ck_cost(f, x, y, want) ck_assert_msg(cost(f, x, y) == (want), "(%d,%d): cost %d, want %d", x, y, \
					     cost(f, x, y), want)
#define ck_unreached(f, x, y) ck_cost(f, x, y, MQ_UNREACHED)

/* §31.1: the fixture, loaded on top of the built-in data as a host would. */
static const char test_arena[] = "map test-arena\n"
				 "players 2\n"
				 "size 8 6\n"
				 "gain 3\n"
				 "deck start-basic\n"
				 "store qs-duel\n"
				 "win resource 99\n"
				 "grid\n"
				 "~~~.....\n"
				 "~~a..T..\n"
				 "~~~..H..\n"
				 "...=====\n"
				 "1ww..G.2\n"
				 "1.F....2\n"
				 "end\n";

/* The move of the built-in Recruit and Knight, so the targets use the real cards. */
static int recruit_move, knight_move;

static int move_of(const mqd_db *db, const char *name)
{
	uint32_t i = mqd_find_card(db, name);
	ck_assert_msg(i != MQD_NOIDX, "no card %s", name);
	return db->cards[i].move;
}

static mqd_db *builtin(void)
{
	mqd_db *db = NULL;
	ck_assert_msg(mqd_load_builtin(&db) == CRISK_OK, "built-in data: %s", err_message());
	recruit_move = move_of(db, "Recruit");
	knight_move = move_of(db, "Knight");
	ck_assert_int_eq(recruit_move, 2);
	ck_assert_int_eq(knight_move, 4);
	return db;
}

static void arena(field *f)
{
	mqd_db *base = builtin(), *db = NULL;
	ck_assert_msg(mqd_load(&db, base, "test-arena", test_arena, strlen(test_arena), NULL) == CRISK_OK,
		      "test-arena: %s", err_message());
	uint32_t mi = mqd_find_map(db, "test-arena");
	ck_assert_uint_ne(mi, MQD_NOIDX);
	const mqd_map *m = &db->maps[mi];
	plain(f, m->w, m->h);
	for (int i = 0; i < f->w * f->h; i++)
		f->type[i] = (uint8_t)MQD_TILE_TYPE(db->tiles[m->tile0 + (uint32_t)i]);
	mqd_free(db);
	mqd_free(base);
}

/* TT-1 (M-57): the range table, in every sign and with the axes swapped. */
START_TEST(tt1_range_table_M57)
{
	static const int table[][3] = {
		{ 0, 1, 1 }, { 1, 1, 1 }, { 2, 0, 2 }, { 2, 1, 2 }, { 2, 2, 3 }, { 1, 2, 2 },
		{ 3, 0, 3 }, { 3, 1, 3 }, { 3, 2, 4 }, { 3, 3, 4 }, { 4, 1, 4 }, { 0, 0, 0 },
		{ 4, 2, 5 }, { 4, 3, 5 }, { 4, 4, 6 }, { 5, 5, 7 }, { 6, 3, 7 }, { 6, 6, 9 },
	};
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
		for (int sx = -1; sx <= 1; sx += 2)
			for (int sy = -1; sy <= 1; sy += 2) {
				int a = sx * table[k][0], b = sy * table[k][1], d = table[k][2];
				ck_assert_msg(mq_dist(a, b) == d, "d(%d,%d) = %d, want %d", a, b, mq_dist(a, b), d);
				ck_assert_msg(mq_dist(b, a) == d, "d(%d,%d) = %d, want %d", b, a, mq_dist(b, a), d);
			}
}
END_TEST

/* TT-2 (M-58): (0,0)->(1,1)->(2,1)->(3,2) costs 1 + 1 + 2: the orthogonal
 * step does not reset the diagonal count.  Permanents fence the path in. */
START_TEST(tt2_path_parity_M58)
{
	field f;
	plain(&f, 4, 3);
	for (int i = 0; i < f.w * f.h; i++)
		f.block[i] = 1;
	f.block[at(&f, 1, 1)] = f.block[at(&f, 2, 1)] = f.block[at(&f, 3, 2)] = 0;
	ck_assert_int_eq(reach(&f, 0, 0, 10, MQ_WALK, 0), 3);
	ck_cost(&f, 1, 1, 1);
	ck_cost(&f, 2, 1, 2);
	ck_cost(&f, 3, 2, 4);
	reach(&f, 0, 0, 3, MQ_WALK, 0);
	ck_unreached(&f, 3, 2);
	ck_cost(&f, 2, 1, 2);
}
END_TEST

/* M-58: when two ways reach a tile at the same cost, one with an even and one
 * with an odd diagonal count, only the even one goes on with a cheap diagonal:
 * a search that keeps one parity per tile gets these wrong.  Here (2,2) costs
 * 3 by two diagonals or by one diagonal and two orthogonal steps (fenced by
 * permanents, in both mirror images); (3,3) then costs 4. */
START_TEST(parity_tie_prefers_even_M58)
{
	for (int variant = 0; variant < 2; variant++) {
		field f;
		plain(&f, 4, 4);
		for (int i = 0; i < f.w * f.h; i++)
			f.block[i] = 1;
		/* even: (0,0)->(1,1)->(2,2); odd: (0,0)->(0,1)->(1,2)->(2,2) or its mirror */
		f.block[at(&f, 1, 1)] = 0;
		f.block[at(&f, variant ? 1 : 0, variant ? 0 : 1)] = 0;
		f.block[at(&f, variant ? 2 : 1, variant ? 1 : 2)] = 0;
		f.block[at(&f, 2, 2)] = 0;
		f.block[at(&f, 3, 3)] = 0;
		reach(&f, 0, 0, 10, MQ_WALK, 0);
		ck_cost(&f, 2, 2, 3);
		ck_cost(&f, 3, 3, 4);
		/* Without the even way, (3,3) costs 3 + 2. */
		f.block[at(&f, 1, 1)] = 1;
		reach(&f, 0, 0, 10, MQ_WALK, 0);
		ck_cost(&f, 2, 2, 3);
		ck_cost(&f, 3, 3, 5);
	}
	/* The same tie far from the start: (3,3) costs 7 both from the west (odd,
	 * found first) and from the north (even); only even goes on to (4,4) at 8. */
	field g;
	GRID(&g, "....X",
		 "X.XX.",
		 ".XX.X",
		 "..X.X",
		 "XX.X.");
	reach(&g, 0, 0, 20, MQ_WALK, 0);
	ck_cost(&g, 3, 3, 7);
	ck_cost(&g, 4, 4, 8);
}
END_TEST

/* M-58: on an empty board the cheapest path cost equals d, up to the largest
 * map (M-114: 64x64), from corners, edges and the middle. */
START_TEST(empty_board_cost_is_distance_M58)
{
	static const int starts[][2] = { { 0, 0 }, { 63, 63 }, { 63, 0 }, { 31, 40 }, { 0, 17 } };
	static field f;
	plain(&f, SIDE, SIDE);
	for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
		int sx = starts[k][0], sy = starts[k][1];
		ck_assert_int_eq(reach(&f, sx, sy, 255, MQ_WALK, 0), SIDE * SIDE - 1);
		for (int y = 0; y < SIDE; y++)
			for (int x = 0; x < SIDE; x++)
				if (x != sx || y != sy)
					ck_cost(&f, x, y, mq_dist(x - sx, y - sy));
	}
	/* Amphibious and swimming units measure the same on open water. */
	memset(f.type, MQD_TILE_DEEP, sizeof f.type);
	ck_assert_int_eq(reach(&f, 5, 9, 12, MQ_SWIM, 0), reach(&f, 5, 9, 12, MQ_AMPHI, 0));
	ck_cost(&f, 5 + 8, 9 + 8, 12);
}
END_TEST

/* TT-3 (M-59): a Knight (move 4) at (0,0) on an empty 9x9 Plain map. */
START_TEST(tt3_open_field_M59)
{
	field f;
	mqd_free(builtin());
	plain(&f, 9, 9);
	int n = reach(&f, 0, 0, knight_move, MQ_WALK, 0);
	ck_cost(&f, 3, 3, 4);
	ck_cost(&f, 4, 0, 4);
	ck_cost(&f, 3, 2, 4);
	ck_cost(&f, 0, 4, 4);
	ck_unreached(&f, 4, 2);
	ck_unreached(&f, 4, 4);
	int within = 0; /* every tile within range 4 but the start */
	for (int y = 0; y < 9; y++)
		for (int x = 0; x < 9; x++)
			within += (x || y) && mq_dist(x, y) <= 4;
	ck_assert_int_eq(n, within);
	put(&f, 1, 1);
	reach(&f, 0, 0, knight_move, MQ_WALK, 0);
	ck_unreached(&f, 3, 3);
	ck_unreached(&f, 1, 1); /* M-59.3: never onto a permanent */
	ck_cost(&f, 4, 0, 4);
	reach(&f, 0, 0, knight_move + 1, MQ_WALK, 0);
	ck_cost(&f, 3, 3, 5);
}
END_TEST

/* TT-4 (M-59): a Recruit (move 2) at (0,4) on test-arena stops on the first
 * Water tile it enters. */
START_TEST(tt4_water_stop_M59)
{
	field f;
	arena(&f);
	reach(&f, 0, 4, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 1, 4, 1);
	ck_unreached(&f, 2, 4);
	ck_cost(&f, 2, 3, 2);
	ck_unreached(&f, 0, 2); /* deep water */
	/* The detours through (1,3) or (1,5) cost 3. */
	reach(&f, 0, 4, 3, MQ_WALK, 0);
	ck_cost(&f, 2, 4, 3);
	/* Starting on Water does not count: from (1,4) the Recruit walks on. */
	reach(&f, 1, 4, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 2, 4, 1);
	ck_unreached(&f, 3, 4); /* (2,4) stops it; the detours cost 3 */
	reach(&f, 2, 4, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 1, 4, 1);
	ck_unreached(&f, 0, 4); /* (1,4) stops it; both detours cost 3 */
}
END_TEST

/* TT-5 (M-59, M-60): street move and gate on test-arena. */
START_TEST(tt5_street_and_gate_M60)
{
	field f;
	arena(&f);
	int n = reach(&f, 3, 3, recruit_move, MQ_WALK, 1);
	ck_assert_int_eq(n, 2);
	ck_cost(&f, 4, 3, 1);
	ck_cost(&f, 5, 3, 2);
	ck_unreached(&f, 4, 4); /* not a street */
	/* Then the normal move from (5,3) stops at the gate. */
	reach(&f, 5, 3, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 5, 4, 1);
	ck_unreached(&f, 5, 5);
	ck_cost(&f, 4, 5, 2); /* not through the gate: via (4,4) */
	reach(&f, 5, 3, 3, MQ_WALK, 0);
	ck_cost(&f, 5, 5, 3);
	/* (3,3) to (7,3) along the street costs 4: a Knight, not a Recruit. */
	reach(&f, 3, 3, recruit_move, MQ_WALK, 1);
	ck_unreached(&f, 7, 3);
	n = reach(&f, 3, 3, knight_move, MQ_WALK, 1);
	ck_cost(&f, 7, 3, 4);
	ck_assert_int_eq(n, 4);
	/* A permanent on the street cuts it: there is no way around. */
	put(&f, 5, 3);
	ck_assert_int_eq(reach(&f, 3, 3, knight_move, MQ_WALK, 1), 1);
	ck_unreached(&f, 6, 3);
	/* The normal move goes around it. */
	reach(&f, 3, 3, knight_move, MQ_WALK, 0);
	ck_cost(&f, 6, 3, 4); /* over (4,2) and the house (5,2) */
}
END_TEST

/* M-52: the terrain table, every tile type against every class. */
START_TEST(suits_terrain_M52)
{
	for (int t = 0; t < MQD_TILE_COUNT; t++) {
		int wall = t == MQD_TILE_WALL, deep = t == MQD_TILE_DEEP;
		ck_assert_msg(mq_suits(t, MQ_WALK) == (!wall && !deep), "walk on %d", t);
		ck_assert_msg(mq_suits(t, MQ_SWIM) == deep, "swim on %d", t);
		ck_assert_msg(mq_suits(t, MQ_AMPHI) == !wall, "amphibious on %d", t);
	}
	/* A raw map byte: the seat nibble is not part of the type. */
	ck_assert(mq_suits(MQD_TILE_SPAWN | (2 << 4), MQ_WALK));
	ck_assert(!mq_suits(MQD_TILE_HARBOR | (1 << 4), MQ_SWIM));
	ck_assert(!mq_suits(MQD_TILE_COUNT, MQ_AMPHI));
	ck_assert(!mq_suits(MQD_TILE_PLAIN, 7));
}
END_TEST

/* M-52: a swimmer moves only on Deep water; shallow water and harbors are land. */
START_TEST(swimmers_deep_only_M52)
{
	field f;
	arena(&f);
	/* The eight deep tiles of the west bay, less the start. */
	ck_assert_int_eq(reach(&f, 0, 0, 10, MQ_SWIM, 0), 7);
	ck_cost(&f, 1, 1, 1);
	ck_cost(&f, 2, 2, 3);
	ck_unreached(&f, 2, 1); /* the harbor */
	ck_unreached(&f, 0, 3);
	GRID(&f, "~w~", "~#~");
	ck_assert_int_eq(reach(&f, 0, 0, 10, MQ_SWIM, 0), 1);
	ck_cost(&f, 0, 1, 1);
	ck_unreached(&f, 2, 0);
}
END_TEST

/* M-108: Amphibious ignores the Water stop and enters Deep water, but
 * still stops at the Gate. */
START_TEST(amphibious_water_not_gate_M108)
{
	field f;
	arena(&f);
	reach(&f, 0, 4, recruit_move, MQ_AMPHI, 0);
	ck_cost(&f, 1, 4, 1);
	ck_cost(&f, 2, 4, 2);
	ck_cost(&f, 0, 2, 2);
	reach(&f, 5, 3, recruit_move, MQ_AMPHI, 0);
	ck_cost(&f, 5, 4, 1);
	ck_unreached(&f, 5, 5);
	/* A gate at the start does not stop it. */
	reach(&f, 5, 4, recruit_move, MQ_AMPHI, 0);
	ck_cost(&f, 5, 5, 1);
	ck_cost(&f, 5, 2, 2);
}
END_TEST

/* M-58: a diagonal step between two walls is forbidden; one wall, or
 * permanents on both corners, do not forbid it. */
START_TEST(wall_corner_M58)
{
	field f;
	GRID(&f, ".#", "#.");
	ck_assert_int_eq(reach(&f, 0, 0, 10, MQ_WALK, 0), 0);
	ck_unreached(&f, 1, 1);
	GRID(&f, ".#", "..");
	reach(&f, 0, 0, 10, MQ_WALK, 0);
	ck_cost(&f, 1, 1, 1);
	ck_unreached(&f, 1, 0); /* M-82: never onto a wall */
	GRID(&f, "..", "..");
	put(&f, 1, 0);
	put(&f, 0, 1);
	reach(&f, 0, 0, 10, MQ_WALK, 0);
	ck_cost(&f, 1, 1, 1);
	/* The rule is about the corners, not the ends: a wall ahead is only a wall. */
	GRID(&f, "#.#", "...", "#.#");
	reach(&f, 1, 1, 10, MQ_WALK, 0);
	ck_cost(&f, 0, 1, 1);
	ck_unreached(&f, 0, 0);
	/* Both corners walled from the other diagonal too, and a destroyed wall (Plain) opens it. */
	GRID(&f, "#.", ".#");
	ck_assert_int_eq(reach(&f, 1, 0, 10, MQ_WALK, 0), 0);
	f.type[at(&f, 0, 0)] = MQD_TILE_PLAIN;
	reach(&f, 1, 0, 10, MQ_WALK, 0);
	ck_cost(&f, 0, 1, 1);
}
END_TEST

/* M-59.3, M-67: a friendly crewable unit may be entered, as the last step
 * only, and its terrain does not matter: a land unit boards a ship on deep
 * water. */
START_TEST(boarding_last_step_M67)
{
	field f;
	arena(&f);
	/* A Recruit on the harbor (2,1) boards a Cog on (1,1); the bay stays closed. */
	ship(&f, 1, 1);
	reach(&f, 2, 1, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 1, 1, 1);
	ck_unreached(&f, 0, 1);
	ck_unreached(&f, 1, 0);
	/* Without room aboard (no board flag) it is just an occupied tile. */
	f.board[at(&f, 1, 1)] = 0;
	reach(&f, 2, 1, recruit_move, MQ_WALK, 0);
	ck_unreached(&f, 1, 1);
	/* On land, a crewable unit is never passed through. */
	GRID(&f, "....");
	ship(&f, 1, 0);
	ck_assert_int_eq(reach(&f, 0, 0, 5, MQ_WALK, 0), 1);
	ck_cost(&f, 1, 0, 1);
	ck_unreached(&f, 2, 0);
	/* A swimmer boards a ship standing on land (an amphibious one). */
	GRID(&f, "~.");
	ship(&f, 1, 0);
	reach(&f, 0, 0, 1, MQ_SWIM, 0);
	ck_cost(&f, 1, 0, 1);
	/* Disembarking: the start (the ship's deep tile) is neither terrain nor block. */
	arena(&f);
	put(&f, 2, 2);
	reach(&f, 2, 2, recruit_move, MQ_WALK, 0);
	ck_cost(&f, 3, 2, 1);
	ck_cost(&f, 2, 1, 1);
	ck_unreached(&f, 1, 2);
	/* In a street move the ship must stand on the street too. */
	arena(&f);
	ship(&f, 5, 3);
	ship(&f, 4, 4);
	ck_assert_int_eq(reach(&f, 3, 3, knight_move, MQ_WALK, 1), 2);
	ck_cost(&f, 5, 3, 2);
	ck_unreached(&f, 4, 4);
	ck_unreached(&f, 6, 3);
}
END_TEST

/* M-59.2: budget 0 reaches nothing; bad input reaches nothing. */
START_TEST(budget_zero_and_bad_input)
{
	field f;
	plain(&f, 5, 5);
	ck_assert_int_eq(reach(&f, 2, 2, 0, MQ_WALK, 0), 0);
	for (int i = 0; i < 25; i++)
		ck_assert_int_eq(f.cost[i], MQ_UNREACHED);
	ck_assert_int_eq(reach(&f, 2, 2, 1, MQ_WALK, 0), 8);
	mq_reach_in in = { .type = f.type, .block = f.block, .w = 5, .h = 5, .start = 25, .budget = 3 };
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
	in.start = -1;
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
	in.start = 0;
	in.budget = -1;
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
	in.budget = 3;
	in.cls = 9; /* no terrain suits an unknown class */
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
	in.cls = MQ_WALK;
	int within = 0;
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++)
			within += (x || y) && mq_dist(x, y) <= 3;
	ck_assert_int_eq(mq_reach(&in, f.cost), within);
	in.w = SIDE + 1;
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
	in.w = 0;
	ck_assert_int_eq(mq_reach(&in, f.cost), 0);
}
END_TEST

/* A budget above 254 counts as 254: a winding 64x64 corridor is far longer. */
START_TEST(long_corridor_budget_cap)
{
	static field f;
	plain(&f, SIDE, SIDE);
	/* Wall every odd row but one tile, alternating ends: a snake. */
	for (int y = 1; y < SIDE; y += 2)
		for (int x = 0; x < SIDE; x++)
			if (x != ((y / 2) % 2 ? 0 : SIDE - 1))
				f.type[at(&f, x, y)] = MQD_TILE_WALL;
	int n = reach(&f, 0, 0, 1000, MQ_WALK, 0);
	ck_assert_int_gt(n, 200);
	ck_assert_int_lt(n, SIDE * SIDE / 2);
	int top = 0;
	for (int i = 0; i < SIDE * SIDE; i++)
		if (f.cost[i] != MQ_UNREACHED && f.cost[i] > top)
			top = f.cost[i];
	ck_assert_int_eq(top, 254);
	/* Row 0 costs its step count; the turn cuts the corner into the gap. */
	ck_cost(&f, 63, 0, 63);
	ck_cost(&f, 63, 1, 63); /* the first diagonal, from (62,0) */
	ck_cost(&f, 63, 2, 64);
	ck_cost(&f, 62, 2, 65); /* the second diagonal costs 2, or one more step */
	ck_unreached(&f, 0, SIDE - 2);
	uint8_t far[SIDE * SIDE];
	memcpy(far, f.cost, sizeof far);
	ck_assert_int_eq(reach(&f, 0, 0, 254, MQ_WALK, 0), n);
	ck_assert(memcmp(far, f.cost, sizeof far) == 0);
	ck_assert_int_lt(reach(&f, 0, 0, 253, MQ_WALK, 0), n);
}
END_TEST

/* A slow reference for the same rules: relax every (tile, parity) state
 * until nothing changes. */
static void reference(const field *f, int start, int budget, int cls, int street, uint8_t *out)
{
	int n = f->w * f->h;
	static int dist[SIDE * SIDE][2];
	for (int i = 0; i < n; i++)
		dist[i][0] = dist[i][1] = 1 << 20;
	dist[start][0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < n; i++)
			for (int p = 0; p < 2; p++) {
				int t = f->type[i];
				int stop = f->board[i] || t == MQD_TILE_GATE || (t == MQD_TILE_WATER && cls == MQ_WALK);
				if (dist[i][p] >= 1 << 20 || (i != start && stop))
					continue;
				int x = i % f->w, y = i / f->w;
				for (int dy = -1; dy <= 1; dy++)
					for (int dx = -1; dx <= 1; dx++) {
						int nx = x + dx, ny = y + dy;
						if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= f->w || ny >= f->h)
							continue;
						int j = ny * f->w + nx, nt = f->type[j];
						if (j == start || (street && nt != MQD_TILE_STREET))
							continue;
						if (!f->board[j] && (f->block[j] || !mq_suits(nt, cls)))
							continue;
						int diag = dx && dy;
						if (diag && f->type[y * f->w + nx] == MQD_TILE_WALL &&
						    f->type[ny * f->w + x] == MQD_TILE_WALL)
							continue;
						int c = dist[i][p] + (diag && p ? 2 : 1), np = diag ? !p : p;
						if (c < dist[j][np]) {
							dist[j][np] = c;
							changed = 1;
						}
					}
			}
	}
	for (int i = 0; i < n; i++) {
		int c = dist[i][0] < dist[i][1] ? dist[i][0] : dist[i][1];
		out[i] = (uint8_t)(i != start && c <= budget ? c : MQ_UNREACHED);
	}
}

/* M-58, M-59, M-60, M-67: random small boards agree with the reference. */
START_TEST(random_boards_match_reference)
{
	static const uint8_t mix[] = { MQD_TILE_PLAIN, MQD_TILE_PLAIN, MQD_TILE_PLAIN, MQD_TILE_WALL, MQD_TILE_WALL,
				       MQD_TILE_DEEP,  MQD_TILE_WATER, MQD_TILE_GATE,  MQD_TILE_STREET, MQD_TILE_STREET,
				       MQD_TILE_HOUSE };
	uint32_t rng = 12345;
	static field f;
	uint8_t want[SIDE * SIDE];
	for (int round = 0; round < 1000; round++) {
		rng = rng * 1103515245u + 12345u;
		plain(&f, 3 + (int)(rng >> 16) % 12, 3 + (int)(rng >> 8) % 10);
		for (int i = 0; i < f.w * f.h; i++) {
			rng = rng * 1103515245u + 12345u;
			uint32_t r = rng >> 8;
			f.type[i] = mix[r % sizeof mix];
			f.block[i] = (r >> 8) % 9 == 0;
			f.board[i] = f.block[i] && (r >> 12) % 3 == 0;
		}
		int start = (int)(rng >> 4) % (f.w * f.h);
		int cls = round % 3, street = round % 5 == 0, budget = round % 17;
		reference(&f, start, budget, cls, street, want);
		reach(&f, start % f.w, start / f.w, budget, cls, street);
		for (int i = 0; i < f.w * f.h; i++)
			ck_assert_msg(f.cost[i] == want[i], "round %d (%dx%d, start %d, cls %d, street %d, budget %d): tile %d cost %d, want %d",
				      round, f.w, f.h, start, cls, street, budget, i, f.cost[i], want[i]);
	}
}
END_TEST

/* The same on wide boards up to 64 x 64 with long budgets: the row-mask
 * search uses every bit of a 64-bit row (M-58, M-59). */
START_TEST(wide_boards_match_reference)
{
	static const uint8_t mix[] = { MQD_TILE_PLAIN, MQD_TILE_PLAIN, MQD_TILE_PLAIN, MQD_TILE_WALL, MQD_TILE_WALL,
				       MQD_TILE_DEEP,  MQD_TILE_WATER, MQD_TILE_GATE,  MQD_TILE_STREET, MQD_TILE_STREET,
				       MQD_TILE_HOUSE };
	uint32_t rng = 777;
	static field f;
	static uint8_t want[SIDE * SIDE];
	for (int round = 0; round < 60; round++) {
		rng = rng * 1103515245u + 12345u;
		plain(&f, 40 + (int)(rng >> 16) % 25, 40 + (int)(rng >> 8) % 25);
		for (int i = 0; i < f.w * f.h; i++) {
			rng = rng * 1103515245u + 12345u;
			uint32_t r = rng >> 8;
			f.type[i] = mix[r % sizeof mix];
			if (round % 2)
				f.type[i] = r % 7 == 0 ? MQD_TILE_WALL : (r % 3 == 0 ? MQD_TILE_DEEP : MQD_TILE_PLAIN);
			f.block[i] = (r >> 8) % 11 == 0;
			f.board[i] = f.block[i] && (r >> 12) % 3 == 0;
		}
		int start = (int)(rng >> 4) % (f.w * f.h);
		int cls = round % 3, street = round % 5 == 0, budget = round % 4 == 0 ? 254 : 5 + round * 3;
		reference(&f, start, budget, cls, street, want);
		reach(&f, start % f.w, start / f.w, budget, cls, street);
		for (int i = 0; i < f.w * f.h; i++)
			ck_assert_msg(f.cost[i] == want[i], "round %d (%dx%d, start %d, cls %d, street %d, budget %d): tile %d cost %d, want %d",
				      round, f.w, f.h, start, cls, street, budget, i, f.cost[i], want[i]);
	}
}
END_TEST

static Suite *geom_suite(void)
{
	Suite *s = suite_create("geom");
	TCase *tc = tcase_create("geom");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, tt1_range_table_M57);
	tcase_add_test(tc, tt2_path_parity_M58);
	tcase_add_test(tc, parity_tie_prefers_even_M58);
	tcase_add_test(tc, empty_board_cost_is_distance_M58);
	tcase_add_test(tc, tt3_open_field_M59);
	tcase_add_test(tc, tt4_water_stop_M59);
	tcase_add_test(tc, tt5_street_and_gate_M60);
	tcase_add_test(tc, suits_terrain_M52);
	tcase_add_test(tc, swimmers_deep_only_M52);
	tcase_add_test(tc, amphibious_water_not_gate_M108);
	tcase_add_test(tc, wall_corner_M58);
	tcase_add_test(tc, boarding_last_step_M67);
	tcase_add_test(tc, budget_zero_and_bad_input);
	tcase_add_test(tc, long_corridor_budget_cap);
	tcase_add_test(tc, random_boards_match_reference);
	tcase_add_test(tc, wide_boards_match_reference);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(geom_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
