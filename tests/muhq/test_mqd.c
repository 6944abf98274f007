/* The .mqd loader and the effect language (rules/muhq.md §23, §24, §26-§29,
 * §31.1, §31.8): the built-in data, every error class of M-115, the rules
 * of the ability grammar, and robustness against hostile input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "muhq/mqd.h"

static mqd_db *builtin(void)
{
	mqd_db *db = NULL;
	int rc = mqd_load_builtin(&db);
	ck_assert_msg(rc == CRISK_OK, "built-in data: %s", err_message());
	return db;
}

/* Loads text (on top of the built-in data when on_builtin) and expects the
 * error class cls on line `line`, a message that names both, and nothing
 * registered. */
static void expect_err_(const char *what, int on_builtin, const char *text, size_t len, int cls, unsigned line)
{
	mqd_db *base = on_builtin ? builtin() : NULL;
	uint32_t ncard = base ? base->ncard : 0;
	mqd_db *db = (mqd_db *)1;
	mqd_diag dg;
	int rc = mqd_load(&db, base, NULL, text, len, &dg);
	ck_assert_msg(rc == CRISK_EFORMAT, "%s in '%.90s': rc %d, want CRISK_EFORMAT", what, text, rc);
	ck_assert_msg(db == NULL, "%s: a partial result", what);
	char want[64];
	snprintf(want, sizeof want, "line %u: %s: ", line, mqd_class_name(cls));
	ck_assert_msg(dg.cls == cls && dg.line == line && strncmp(err_message(), want, strlen(want)) == 0,
		      "%s in '%.70s': want '%s...', got '%s'", what, text, want, err_message());
	if (base)
		ck_assert_uint_eq(base->ncard, ncard);
	mqd_free(base);
}
#define expect_err(b, text, cls, line) expect_err_(#cls, b, text, strlen(text), cls, line)

static mqd_db *expect_ok(const mqd_db *base, const char *text)
{
	mqd_db *db = NULL;
	int rc = mqd_load(&db, base, NULL, text, strlen(text), NULL);
	ck_assert_msg(rc == CRISK_OK, "%.60s: %s", text, err_message());
	return db;
}

/* A small valid map: the keys below are lines 2-7, grid 8, rows 9-10, end 11. */
#define MAP_HEAD "map t\nplayers 2\nsize 4 2\ngain 3\ndeck start-basic\nstore qs-duel\n"
#define MAP_OK MAP_HEAD "win resource 10\ngrid\n1..2\n1..2\nend\n"

static const mqd_card *card(const mqd_db *db, const char *name)
{
	uint32_t i = mqd_find_card(db, name);
	ck_assert_msg(i != MQD_NOIDX, "no card %s", name);
	return &db->cards[i];
}

static const mqd_ability *ab(const mqd_db *db, const mqd_card *c, uint32_t k)
{
	ck_assert_uint_lt(k, c->nab);
	return &db->abilities[c->ab0 + k];
}

static const mqd_step *st(const mqd_db *db, const mqd_ability *a, uint32_t k)
{
	ck_assert_uint_lt(k, a->nstep);
	return &db->steps[a->step0 + k];
}

static const mqd_map *map(const mqd_db *db, const char *id)
{
	uint32_t i = mqd_find_map(db, id);
	ck_assert_msg(i != MQD_NOIDX, "no map %s", id);
	return &db->maps[i];
}

static uint8_t tile(const mqd_db *db, const mqd_map *m, int x, int y)
{
	return db->tiles[m->tile0 + (uint32_t)y * m->w + (uint32_t)x];
}

/* ---- TT-30: the built-in data ---- */

START_TEST(tt30_builtin_counts)
{
	mqd_db *db = builtin();
	unsigned base = 0, kraken = 0, decks = 0, stores = 0;
	for (uint32_t i = 0; i < db->ncard; i++) {
		base += strcmp(mqd_str(db, db->cards[i].set), "base") == 0;
		kraken += strcmp(mqd_str(db, db->cards[i].set), "kraken") == 0;
	}
	for (uint32_t i = 0; i < db->nlist; i++) {
		if (db->lists[i].store)
			stores++;
		else
			decks++;
	}
	ck_assert_uint_eq(db->ncard, 47);
	ck_assert_uint_eq(base, 36);
	ck_assert_uint_eq(kraken, 11);
	ck_assert_uint_eq(decks, 4);
	ck_assert_uint_eq(stores, 3);
	ck_assert_uint_eq(db->nmap, 4);
	/* §26.3: 35 of the base cards are draftable (buy cost not none). */
	unsigned draftable = 0;
	for (uint32_t i = 0; i < db->ncard; i++)
		draftable += strcmp(mqd_str(db, db->cards[i].set), "base") == 0 && db->cards[i].buy != MQD_NONE;
	ck_assert_uint_eq(draftable, 35);
	mqd_free(db);
}
END_TEST

START_TEST(tt30_list_sizes_section28)
{
	mqd_db *db = builtin();
	static const struct {
		const char *id;
		unsigned store, total;
	} want[] = {{"start-basic", 0, 5},  {"start-islands", 0, 6}, {"start-coop", 0, 6}, {"kraken-deck", 0, 26},
		    {"qs-duel", 1, 21},      {"qs-islands", 1, 18},   {"qs-kraken", 1, 21}};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		uint32_t l = mqd_find_list(db, want[i].id);
		ck_assert_msg(l != MQD_NOIDX, "%s", want[i].id);
		ck_assert_uint_eq(db->lists[l].store, want[i].store);
		ck_assert_uint_eq(db->lists[l].total, want[i].total);
		unsigned sum = 0;
		for (uint32_t e = 0; e < db->lists[l].ne; e++)
			sum += db->entries[db->lists[l].e0 + e].count;
		ck_assert_uint_eq(sum, want[i].total);
	}
	/* Entries keep file order and resolve to cards. */
	const mqd_list *k = &db->lists[mqd_find_list(db, "kraken-deck")];
	ck_assert_str_eq(mqd_str(db, db->cards[db->entries[k->e0].card].name), "Tentacle");
	ck_assert_uint_eq(db->entries[k->e0].count, 6);
	ck_assert_str_eq(mqd_str(db, db->cards[db->entries[k->e0 + k->ne - 1].card].name), "Deep Hunger");
	ck_assert_uint_eq(db->entries[k->e0 + k->ne - 1].count, 1);
	mqd_free(db);
}
END_TEST

START_TEST(builtin_units_M14_M110)
{
	mqd_db *db = builtin();
	const mqd_card *c = card(db, "Knight");
	ck_assert_int_eq(c->type, MQD_UNIT);
	ck_assert_str_eq(mqd_str(db, c->set), "base");
	ck_assert_int_eq(c->buy, 8);
	ck_assert_int_eq(c->play, 3);
	ck_assert_int_eq(c->upkeep, 2);
	ck_assert_int_eq(c->health, 6);
	ck_assert_int_eq(c->move, 4);
	ck_assert_int_eq(c->attack, 3);
	ck_assert_int_eq(c->range, 1);
	ck_assert_uint_eq(c->kw, 1u << MQD_KW_CHARGE);
	ck_assert_uint_eq(c->kw_n[MQD_KW_CHARGE], 1);
	ck_assert_uint_eq(c->nab, 0);
	ck_assert_int_eq(c->ai, MQD_AI_AGGRESSIVE);

	c = card(db, "King");
	ck_assert_int_eq(c->buy, MQD_NONE);
	ck_assert_int_eq(c->play, MQD_NONE);
	ck_assert_uint_eq(c->kw, 1u << MQD_KW_KING);
	ck_assert_int_eq(c->ai, MQD_AI_SHY);

	c = card(db, "Farmer");
	ck_assert_int_eq(c->attack, MQD_NONE);
	ck_assert_int_eq(c->range, MQD_NONE);
	ck_assert_int_eq(c->ai, MQD_AI_TARGET);
	ck_assert_int_eq(c->ai_arg, MQD_TILE_FARM);

	c = card(db, "Cog");
	ck_assert_uint_eq(c->kw, (1u << MQD_KW_SWIMMING) | (1u << MQD_KW_CREW));
	ck_assert_uint_eq(c->kw_n[MQD_KW_CREW], 2);
	ck_assert_int_eq(c->ai, MQD_AI_WANDERING);
	ck_assert_int_eq(c->ai_arg, 4);
	mqd_free(db);
}
END_TEST

START_TEST(builtin_abilities_M103_M106)
{
	mqd_db *db = builtin();
	/* Healer: full {unit ally r2}: HEAL 3 @T; REMOVE_MARK poison all @T */
	const mqd_card *c = card(db, "Healer");
	ck_assert_uint_eq(c->nab, 1);
	const mqd_ability *a = ab(db, c, 0);
	ck_assert_int_eq(a->kind, MQD_AB_FULL);
	ck_assert_uint_eq(a->nspec, 1);
	ck_assert_uint_eq(a->spec[0].kinds, MQD_K_UNIT);
	ck_assert_uint_eq(a->spec[0].filters, MQD_F_ALLY);
	ck_assert_int_eq(a->spec[0].r, 2);
	ck_assert_int_eq(a->spec[0].near, MQD_NONE);
	ck_assert_uint_eq(a->nstep, 2);
	ck_assert_int_eq(st(db, a, 0)->op, MQD_OP_HEAL);
	ck_assert_int_eq(st(db, a, 0)->n, 3);
	ck_assert_int_eq(st(db, a, 0)->all, 0);
	ck_assert_int_eq(st(db, a, 0)->ref.kind, MQD_REF_T1);
	ck_assert_int_eq(st(db, a, 1)->op, MQD_OP_REMOVE_MARK);
	ck_assert_int_eq(st(db, a, 1)->arg, MQD_MARK_POISON);
	ck_assert_int_eq(st(db, a, 1)->all, 1);

	/* Arrow Volley: play {tile near4}: DAMAGE 1 @ALL{unit/boss enemy r1 @T} */
	a = ab(db, card(db, "Arrow Volley"), 0);
	ck_assert_int_eq(a->kind, MQD_AB_PLAY);
	ck_assert_uint_eq(a->spec[0].kinds, MQD_K_TILE);
	ck_assert_int_eq(a->spec[0].near, 4);
	const mqd_step *s = st(db, a, 0);
	ck_assert_int_eq(s->op, MQD_OP_DAMAGE);
	ck_assert_int_eq(s->n, 1);
	ck_assert_int_eq(s->ref.kind, MQD_REF_ALL);
	ck_assert_uint_eq(s->ref.all.kinds, MQD_K_UNIT | MQD_K_BOSS);
	ck_assert_uint_eq(s->ref.all.filters, MQD_F_ENEMY);
	ck_assert_int_eq(s->ref.all.r, 1);
	ck_assert_int_eq(s->ref.origin, MQD_REF_T1);

	/* Forced March: two specs, MOVE @T1 @T2 2 */
	a = ab(db, card(db, "Forced March"), 0);
	ck_assert_uint_eq(a->nspec, 2);
	ck_assert_uint_eq(a->spec[1].kinds, MQD_K_TILE);
	ck_assert_uint_eq(a->spec[1].filters, MQD_F_FREE);
	s = st(db, a, 0);
	ck_assert_int_eq(s->op, MQD_OP_MOVE);
	ck_assert_int_eq(s->ref.kind, MQD_REF_T1);
	ck_assert_int_eq(s->ref2.kind, MQD_REF_T2);
	ck_assert_int_eq(s->n, 2);

	/* Pillage: STEAL 2 @CTRL(@T) */
	s = st(db, ab(db, card(db, "Pillage"), 0), 0);
	ck_assert_int_eq(s->op, MQD_OP_STEAL);
	ck_assert_int_eq(s->ref.ctrl, 1);
	ck_assert_int_eq(s->ref.kind, MQD_REF_T1);

	/* Shrine: free(tap) {unit ally r1}: ADD_MARK ward 1 @T */
	a = ab(db, card(db, "Shrine"), 0);
	ck_assert_int_eq(a->kind, MQD_AB_FREE);
	ck_assert_uint_eq(a->costs, MQD_COST_TAP);
	ck_assert_int_eq(st(db, a, 0)->arg, MQD_MARK_WARD);

	/* Sword: static: STAT attack 1 @EQUIPPED; Durability 2 */
	c = card(db, "Sword");
	ck_assert_uint_eq(c->kw_n[MQD_KW_DURABILITY], 2);
	a = ab(db, c, 0);
	ck_assert_int_eq(a->kind, MQD_AB_STATIC);
	ck_assert_int_eq(st(db, a, 0)->op, MQD_OP_STAT);
	ck_assert_int_eq(st(db, a, 0)->arg, MQD_STAT_ATTACK);
	ck_assert_int_eq(st(db, a, 0)->ref.kind, MQD_REF_EQUIPPED);

	/* Banner: @ALL without origin measures from @SELF */
	s = st(db, ab(db, card(db, "Banner"), 0), 0);
	ck_assert_int_eq(s->ref.origin, MQD_REF_SELF);
	ck_assert_uint_eq(s->ref.all.filters, MQD_F_OWN);

	/* Granary: upkeep: GAIN 1 */
	a = ab(db, card(db, "Granary"), 0);
	ck_assert_int_eq(a->kind, MQD_AB_UPKEEP);
	ck_assert_int_eq(st(db, a, 0)->op, MQD_OP_GAIN);
	mqd_free(db);
}
END_TEST

/* M-108: Brood N is static: SPAWNS N, Regenerate N is upkeep: HEAL N @SELF. */
START_TEST(builtin_kraken_shorthands_M108)
{
	mqd_db *db = builtin();
	const mqd_card *c = card(db, "The Kraken");
	ck_assert_int_eq(c->type, MQD_BOSS);
	ck_assert_int_eq(c->health, 15);
	ck_assert_int_eq(c->upkeep, MQD_NONE);
	ck_assert_uint_eq(c->kw_n[MQD_KW_BROOD], 2);
	ck_assert_uint_eq(c->nab, 2);
	const mqd_ability *a = ab(db, c, 0);
	ck_assert_int_eq(a->kind, MQD_AB_STATIC);
	ck_assert_int_eq(a->from_kw, 1);
	ck_assert_int_eq(st(db, a, 0)->op, MQD_OP_SPAWNS);
	ck_assert_int_eq(st(db, a, 0)->n, 2);
	a = ab(db, c, 1);
	ck_assert_int_eq(a->kind, MQD_AB_UPKEEP);
	ck_assert_int_eq(st(db, a, 0)->op, MQD_OP_HEAL);
	ck_assert_int_eq(st(db, a, 0)->n, 1);
	ck_assert_int_eq(st(db, a, 0)->ref.kind, MQD_REF_SELF);
	c = card(db, "Deep Hunger");
	ck_assert_uint_eq(ab(db, c, 0)->spec[0].filters, MQD_F_OWN | MQD_F_DAMAGED);
	mqd_free(db);
}
END_TEST

START_TEST(builtin_maps_section29)
{
	mqd_db *db = builtin();
	const mqd_map *m = map(db, "2P-ring-street");
	ck_assert_str_eq(mqd_str(db, m->title), "Ring Street");
	ck_assert_uint_eq(m->w, 15);
	ck_assert_uint_eq(m->h, 11);
	ck_assert_uint_eq(m->pmin, 2);
	ck_assert_uint_eq(m->pmax, 2);
	ck_assert_uint_eq(m->gain, 3);
	ck_assert_uint_eq(m->start[1], 1);
	ck_assert_int_eq(m->win, MQD_WIN_CAPTURE);
	ck_assert_uint_eq(m->win_n, 2);
	ck_assert_uint_eq(m->narea, 3);
	ck_assert_str_eq(mqd_str(db, db->areas[m->area0 + 1].id), "C");
	ck_assert_uint_eq(db->areas[m->area0 + 1].x, 6);
	ck_assert_uint_eq(db->areas[m->area0 + 1].w, 3);
	ck_assert_uint_eq(m->limit, 40);
	ck_assert_str_eq(mqd_str(db, db->lists[m->deck].id), "start-basic");
	ck_assert_str_eq(mqd_str(db, db->lists[m->store].id), "qs-duel");
	ck_assert_uint_eq(m->ai_deck, MQD_NOIDX);
	ck_assert_int_eq(tile(db, m, 7, 2), MQD_TILE_TOWER);
	ck_assert_int_eq(tile(db, m, 1, 4), MQD_TILE_SPAWN | (1 << 4));
	ck_assert_int_eq(tile(db, m, 13, 6), MQD_TILE_SPAWN | (2 << 4));
	ck_assert_int_eq(tile(db, m, 7, 4), MQD_TILE_GATE);
	ck_assert_int_eq(tile(db, m, 6, 4), MQD_TILE_WALL);
	ck_assert_int_eq(tile(db, m, 0, 3), MQD_TILE_FARM);

	m = map(db, "2P-river-king");
	ck_assert_int_eq(m->win, MQD_WIN_KING);
	ck_assert_uint_eq(m->nplace, 2);
	const mqd_place *p = &db->places[m->place0 + 1];
	ck_assert_uint_eq(p->seat, 2);
	ck_assert_uint_eq(p->x, 6);
	ck_assert_uint_eq(p->y, 13);
	ck_assert_str_eq(mqd_str(db, db->cards[p->card].name), "King");
	ck_assert_int_eq(tile(db, m, 6, 13), MQD_TILE_HOUSE);
	ck_assert_int_eq(tile(db, m, 3, 6), MQD_TILE_WATER);
	ck_assert_int_eq(tile(db, m, 0, 6), MQD_TILE_DEEP);

	m = map(db, "4P-islands");
	ck_assert_uint_eq(m->pmin, 2);
	ck_assert_uint_eq(m->pmax, 4);
	ck_assert_int_eq(m->win, MQD_WIN_RESOURCE);
	ck_assert_uint_eq(m->win_n, 60);
	ck_assert_uint_eq(m->start[3], 1);
	ck_assert_int_eq(tile(db, m, 5, 3), MQD_TILE_HARBOR | (1 << 4));
	ck_assert_int_eq(tile(db, m, 13, 15), MQD_TILE_HARBOR | (4 << 4));

	m = map(db, "the-kraken");
	ck_assert_int_eq(m->win, MQD_WIN_KRAKEN);
	ck_assert_uint_eq(m->win_n, 15);
	ck_assert_uint_eq(m->pmin, 1);
	ck_assert_str_eq(mqd_str(db, db->lists[m->ai_deck].id), "kraken-deck");
	ck_assert_uint_eq(m->nplace, 1);
	ck_assert_uint_eq(db->places[m->place0].seat, MQD_SEAT_K);
	ck_assert_str_eq(mqd_str(db, db->cards[db->places[m->place0].card].name), "The Kraken");
	ck_assert_int_eq(tile(db, m, 8, 3), MQD_TILE_TOWER);
	mqd_free(db);
}
END_TEST

/* M-109: CR before LF is stripped; the same data with CRLF loads the same. */
START_TEST(builtin_crlf_M109)
{
	extern const char crisk_data_muhq_builtin[];
	extern const size_t crisk_data_muhq_builtin_len;
	size_t n = crisk_data_muhq_builtin_len;
	char *crlf = malloc(2 * n);
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (crisk_data_muhq_builtin[i] == '\n')
			crlf[o++] = '\r';
		crlf[o++] = crisk_data_muhq_builtin[i];
	}
	mqd_db *db = NULL;
	ck_assert_int_eq(mqd_load(&db, NULL, "crlf", crlf, o, NULL), CRISK_OK);
	ck_assert_uint_eq(db->ncard, 47);
	ck_assert_uint_eq(db->nmap, 4);
	mqd_free(db);
	free(crlf);
}
END_TEST

/* §31.1: the test fixture loads on top of the built-in data. */
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

START_TEST(fixture_test_arena_section31)
{
	mqd_db *base = builtin();
	mqd_db *db = expect_ok(base, test_arena);
	const mqd_map *m = map(db, "test-arena");
	ck_assert_int_eq(tile(db, m, 2, 1), MQD_TILE_HARBOR | (1 << 4));
	ck_assert_int_eq(tile(db, m, 5, 1), MQD_TILE_TOWER);
	ck_assert_int_eq(tile(db, m, 5, 2), MQD_TILE_HOUSE);
	for (int x = 3; x <= 7; x++)
		ck_assert_int_eq(tile(db, m, x, 3), MQD_TILE_STREET);
	ck_assert_int_eq(tile(db, m, 1, 4), MQD_TILE_WATER);
	ck_assert_int_eq(tile(db, m, 2, 4), MQD_TILE_WATER);
	ck_assert_int_eq(tile(db, m, 5, 4), MQD_TILE_GATE);
	ck_assert_int_eq(tile(db, m, 2, 5), MQD_TILE_FARM);
	ck_assert_int_eq(tile(db, m, 0, 4), MQD_TILE_SPAWN | (1 << 4));
	ck_assert_int_eq(tile(db, m, 7, 5), MQD_TILE_SPAWN | (2 << 4));
	ck_assert_int_eq(tile(db, m, 0, 0), MQD_TILE_DEEP);
	/* The earlier database is untouched and lacks the fixture. */
	ck_assert_uint_eq(mqd_find_map(base, "test-arena"), MQD_NOIDX);
	ck_assert_uint_eq(base->nmap, 4);
	ck_assert_uint_eq(db->nmap, 5);
	mqd_free(db);
	mqd_free(base);
}
END_TEST

/* M-116: the spec's example set, valid with the built-in base set loaded. */
static const char example_set[] =
	"# my-set.mqd\n"
	"| myset | Militia | unit | 2 | 1 | 0 | 3 | 2 | 1 | 1 | Brace 1 | - | aggressive |\n"
	"| myset | Smoke Bomb | spell | 3 | 1 | - | - | - | - | - | - | play {unit own}: ADD_MARK ward 1 @T; DRAW 1 | - |\n"
	"deck militia-start: Militia x3, Farmer x2\n"
	"map tiny-duel\n"
	"players 2\n"
	"size 5 3\n"
	"gain 3\n"
	"deck militia-start\n"
	"store qs-duel\n"
	"win capture 1\n"
	"area M 2 1 1 1\n"
	"grid\n"
	"1...2\n"
	"1.F.2\n"
	"1...2\n"
	"end\n";

START_TEST(example_set_M116)
{
	mqd_db *base = builtin();
	mqd_db *db = expect_ok(base, example_set);
	ck_assert_uint_eq(db->ncard, 49);
	ck_assert_int_eq(card(db, "Militia")->kw_n[MQD_KW_BRACE], 1);
	const mqd_ability *a = ab(db, card(db, "Smoke Bomb"), 0);
	ck_assert_uint_eq(a->nstep, 2);
	ck_assert_int_eq(st(db, a, 1)->op, MQD_OP_DRAW);
	const mqd_map *m = map(db, "tiny-duel");
	ck_assert_int_eq(m->win, MQD_WIN_CAPTURE);
	ck_assert_str_eq(mqd_str(db, db->lists[m->deck].id), "militia-start");
	/* Alone, it refers to cards and a store that are not loaded (M-115). */
	expect_err(0, example_set, MQD_E_UNKNOWN, 4);
	mqd_free(db);
	mqd_free(base);
}
END_TEST

/* ---- TT-31 ---- */

START_TEST(tt31_loader_errors)
{
	expect_err(0, "| base | Foo | unit | 2 | 1 | 0 | 2 | 2 | 1 | - | - | - | aggressive |", MQD_E_TYPE, 1);
	expect_err(0, "| x | Bar | spell | 1 | 1 | - | - | - | - | - | - | play {unit r2}: DESTROY @T | - |",
		   MQD_E_PRIM, 1);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n1.2\nend\n", MQD_E_GRID, 10);
	expect_err(0, "deck d: Nobody x2", MQD_E_UNKNOWN, 1);
	/* Also when the rest of the file is fine: nothing is registered. */
	expect_err(1, "| x | Ok | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\ndeck d: Nobody x2\n", MQD_E_UNKNOWN, 2);
}
END_TEST

/* ---- one test per error class of M-115 ---- */

START_TEST(e_syntax_M109_M110_M115)
{
	expect_err(0, "hello world", MQD_E_SYNTAX, 1);
	expect_err(0, "\n\n  end", MQD_E_SYNTAX, 3);
	expect_err(0, "| x | A | unit | two | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x | A | unit | - | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "| X | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | none | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | bold |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | target-oriented moon |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x |  | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	/* M-113: a name ending in " xN" would read as a count in lists. */
	expect_err(0, "| x | Tank x2 | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "deck Big_Deck: Recruit", MQD_E_SYNTAX, 1);
	expect_err(1, "deck d Recruit", MQD_E_SYNTAX, 1);
	expect_err(1, "deck d: Recruit, , Farmer", MQD_E_SYNTAX, 1);
	expect_err(1, MAP_HEAD "win resource 10\ncolour red\ngrid\n1..2\n1..2\nend\n", MQD_E_SYNTAX, 8);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n1..2\n", MQD_E_SYNTAX, 10);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n1..2\nthe end\n", MQD_E_SYNTAX, 11);
	expect_err(1, MAP_HEAD "win draw\ngrid\n1..2\n1..2\nend\n", MQD_E_SYNTAX, 7);
	/* Bytes that are not text (M-109: files are UTF-8). */
	expect_err_("NUL", 0, "# a\n#\0b\n", 7, MQD_E_SYNTAX, 2);
	expect_err(0, "# caf\xc3\n", MQD_E_SYNTAX, 1);
	expect_err(0, "# \xed\xa0\x80 surrogate\n", MQD_E_SYNTAX, 1);
	expect_err(0, "# bell \a\n", MQD_E_SYNTAX, 1);
	/* Valid UTF-8 in names and comments is fine. */
	mqd_db *db = expect_ok(NULL, "# Ümlaut\n| x | Café | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\n");
	ck_assert_uint_ne(mqd_find_card(db, "Café"), MQD_NOIDX);
	mqd_free(db);
}
END_TEST

START_TEST(e_fields_M110)
{
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - |", MQD_E_FIELDS, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - | - |", MQD_E_FIELDS, 1);
	expect_err(0, "\n| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | -", MQD_E_FIELDS, 2);
	expect_err(0, "|", MQD_E_FIELDS, 1);
	/* Header and separator rows of any form are skipped (M-110). */
	mqd_db *db = expect_ok(NULL, "| set | whatever | a | b | c | d | e | f | g | h | i | j | k |\n"
				     "|:---|---:|:-:|-|---|---|---|---|---|---|---|---|---|\n");
	ck_assert_uint_eq(db->ncard, 0);
	mqd_free(db);
}
END_TEST

START_TEST(e_type_M11_M111)
{
	expect_err(0, "| x | A | potion | 1 | 1 | - | - | - | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 0 | 1 | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | - | 1 | 1 | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | - | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | 1 | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | 1 | 0 | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | B | boss | 1 | none | - | 5 | 1 | 1 | 1 | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | B | boss | none | none | 0 | 5 | 1 | 1 | 1 | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | none | - | - | - | - | - | - | play: DRAW 1 | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | 1 | - | 1 | - | - | - | - | play: DRAW 1 | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | 1 | - | - | - | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | 1 | - | - | - | - | - | - | play: DRAW 1 // play: GAIN 1 | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | 1 | - | - | - | - | - | - | upkeep: GAIN 1 | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | R | artifact | 1 | 1 | - | - | - | - | - | - | full: GAIN 1 | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | E | equipment | 1 | 1 | - | - | - | - | - | - | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | E | equipment | 1 | 1 | - | - | - | - | - | Durability 0 | - | - |", MQD_E_TYPE, 1);
	/* M-108: Solid is for artifacts, Durability for equipment. */
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Solid 2 | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | R | artifact | 1 | 1 | - | - | - | - | - | Durability 2 | - | - |", MQD_E_TYPE, 1);
	expect_err(0, "| x | S | spell | 1 | 1 | - | - | - | - | - | Venom 1 | play: DRAW 1 | - |", MQD_E_TYPE, 1);
}
END_TEST

START_TEST(e_keyword_M108)
{
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Flying | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | swimming | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Crew | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Farmer 2 | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Armor x | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Armor 1, Armor 2 | - | - |", MQD_E_KEYWORD, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Swimming,Crew 2 | - | - |", MQD_E_SYNTAX, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | Armor 100 | - | - |", MQD_E_RANGE, 1);
}
END_TEST

START_TEST(e_prim_M105_M106_M115)
{
	static const char *const bad[] = {
		/* unknown primitive and reference */
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: PUSH 1 @T | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: DAMAGE 1 @THEM | - |",
		/* @T2 with one spec, @T with none */
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: DAMAGE 1 @T2 | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full: DAMAGE 1 @T | - |",
		/* spells: @SELF, @EQUIPPED, @ALL rN without origin, @ALL origin @SELF */
		"| x | S | spell | 1 | 1 | - | - | - | - | - | - | play: HEAL 1 @SELF | - |",
		"| x | S | spell | 1 | 1 | - | - | - | - | - | - | play: HEAL 1 @EQUIPPED | - |",
		"| x | S | spell | 1 | 1 | - | - | - | - | - | - | play {tile}: DAMAGE 1 @ALL{unit r1} | - |",
		"| x | S | spell | 1 | 1 | - | - | - | - | - | - | play {tile}: DAMAGE 1 @ALL{unit r1 @SELF} | - |",
		"| x | S | spell | 1 | 1 | - | - | - | - | - | - | play {unit}: STEAL 1 @CTRL(@SELF) | - |",
		/* @ALL matches permanents only */
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full: DAMAGE 1 @ALL{tile r1} | - |",
		/* statics and steps in the wrong place (M-107) */
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full: STAT attack 1 @SELF | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | static: DAMAGE 1 @SELF | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | static: STAT attack 1 @T | - |",
		/* kinds a step cannot act on */
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {tile}: DAMAGE 1 @T | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: STEAL 1 @T | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: DAMAGE 1 @CTRL(@T) | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: STEAL 1 @CTRL(@ALL{unit}) | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit} {unit}: MOVE @T1 @T2 1 | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {tile}: MOVE @ALL{unit} @T 1 | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {player}: DAMAGE 1 @ALL{unit r1 @T} | - |",
		"| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full {unit}: DAMAGE 1 @ALL{unit r1 @EQUIPPED} | - |",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		expect_err_(bad[i], 0, bad[i], strlen(bad[i]), MQD_E_PRIM, 1);
	/* A spell may use rN in @ALL with an explicit target origin (Arrow Volley). */
	mqd_db *db = expect_ok(NULL, "| x | S | spell | 1 | 1 | - | - | - | - | - | - | play {tile} {unit}: DAMAGE 1 "
				     "@ALL{unit r1 @T2}; STEAL 1 @CTRL(@T2) | - |\n");
	mqd_free(db);
}
END_TEST

START_TEST(e_dup_M110_M113_M114)
{
	expect_err(1, "| x | Recruit | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_DUP, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\n"
		      "| y | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |",
		   MQD_E_DUP, 2);
	expect_err(1, "deck start-basic: Recruit", MQD_E_DUP, 1);
	/* Decks and stores share one namespace of list ids. */
	expect_err(1, "store start-basic: Recruit", MQD_E_DUP, 1);
	expect_err(1, "map 2P-ring-street\n", MQD_E_DUP, 1);
	expect_err(1, MAP_OK MAP_OK, MQD_E_DUP, 12);
	expect_err(1, MAP_HEAD "win capture 1\narea A 0 0 1 1\narea A 1 1 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_DUP, 9);
}
END_TEST

START_TEST(e_unknown_M113_M115)
{
	expect_err(1, "deck d: Recruit, Nobody", MQD_E_UNKNOWN, 1);
	expect_err(1, "map t\nplayers 2\nsize 4 2\ngain 3\ndeck none-such\nstore qs-duel\nwin resource 10\ngrid\n1..2\n1..2\nend\n",
		   MQD_E_UNKNOWN, 5);
	expect_err(1, "map t\nplayers 2\nsize 4 2\ngain 3\ndeck start-basic\nstore start-basic\nwin resource 10\ngrid\n1..2\n1..2\nend\n",
		   MQD_E_UNKNOWN, 6);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Nobody 1 0\ngrid\n1..2\n1..2\nend\n", MQD_E_UNKNOWN, 8);
	/* References resolve after the whole file: a later definition counts. */
	mqd_db *db = expect_ok(NULL, "deck d: Late x2\n| x | Late | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\n");
	ck_assert_uint_eq(db->entries[db->lists[0].e0].card, 0);
	mqd_free(db);
}
END_TEST

START_TEST(e_mapkey_M114)
{
	expect_err(1, "map t\nplayers 2\nsize 4 2\ndeck start-basic\nstore qs-duel\nwin resource 10\ngrid\n1..2\n1..2\nend\n",
		   MQD_E_MAPKEY, 7);
	expect_err(1, MAP_HEAD "gain 2\nwin resource 10\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 7);
	expect_err(1, MAP_HEAD "win resource 10\nend\n", MQD_E_MAPKEY, 8);
	expect_err(1, MAP_HEAD "win resource 10\nai_deck kraken-deck\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 8);
	expect_err(1, MAP_HEAD "win resource 10\narea A 0 0 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 8);
	expect_err(1, MAP_HEAD "win capture 1\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 7);
	expect_err(1, MAP_HEAD "win kraken 5\nplace K The Kraken 1 0\ngrid\n1~~2\n1..2\nend\n", MQD_E_MAPKEY, 9);
	expect_err(1, MAP_HEAD "win kraken 5\nai_deck kraken-deck\nlimit 9\nplace K The Kraken 1 0\ngrid\n1~~2\n1..2\nend\n",
		   MQD_E_MAPKEY, 9);
	expect_err(1, MAP_HEAD "win kraken 5\nai_deck kraken-deck\ngrid\n1~~2\n1..2\nend\n", MQD_E_MAPKEY, 1);
	expect_err(1, MAP_HEAD "win king\nplace 1 King 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 1);
	expect_err(1, MAP_HEAD "win king\nplace 1 Recruit 1 1\nplace 2 King 2 1\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 1);
	expect_err(1, MAP_HEAD "win resource 10\nlegend x wall\nlegend x plain\ngrid\n1..2\n1..2\nend\n", MQD_E_MAPKEY, 9);
	/* A Kraken map with its boss and a king map with both Kings load. */
	mqd_db *base = builtin();
	mqd_db *db = expect_ok(base, MAP_HEAD "win kraken 5\nai_deck kraken-deck\nplace K The Kraken 1 0\ngrid\n1~~2\n1..2\nend\n"
					      "map k\nplayers 2\nsize 4 2\ngain 3\ndeck start-basic\nstore qs-duel\nwin king\n"
					      "place 1 King 1 1\nplace 2 King 2 1\nlegend x wall\ngrid\n1xx2\n1..2\nend\n");
	ck_assert_int_eq(tile(db, map(db, "k"), 1, 0), MQD_TILE_WALL);
	mqd_free(db);
	mqd_free(base);
}
END_TEST

START_TEST(e_grid_M114)
{
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\nend\n", MQD_E_GRID, 10);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n1..2\n1..2\nend\n", MQD_E_GRID, 11);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n1...2\nend\n", MQD_E_GRID, 10);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1.?2\n1..2\nend\n", MQD_E_GRID, 9);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1. 2\n1..2\nend\n", MQD_E_GRID, 9);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n\n1..2\nend\n", MQD_E_GRID, 9);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1..2\n", MQD_E_GRID, 9);
	/* M-109: inside the grid '#' is a wall, not a comment. */
	mqd_db *base = builtin();
	mqd_db *db = expect_ok(base, MAP_HEAD "win resource 10\ngrid\n1#.2\n1..2\nend\n");
	ck_assert_int_eq(tile(db, map(db, "t"), 1, 0), MQD_TILE_WALL);
	mqd_free(db);
	mqd_free(base);
}
END_TEST

START_TEST(e_seat_M114)
{
	expect_err(1, MAP_HEAD "win resource 10\nplace 3 Recruit 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_SEAT, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace K Recruit 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_SEAT, 8);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1...\n1...\nend\n", MQD_E_SEAT, 11);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1.32\n1..2\nend\n", MQD_E_SEAT, 9);
	expect_err(1, MAP_HEAD "win resource 10\ngrid\n1.c2\n1..2\nend\n", MQD_E_SEAT, 9);
	expect_err(1, MAP_HEAD "win resource 10\nstart_resource 0 1 2\ngrid\n1..2\n1..2\nend\n", MQD_E_SEAT, 8);
}
END_TEST

START_TEST(e_place_M52_M114)
{
	expect_err(1, MAP_HEAD "win capture 1\narea A 3 1 2 1\ngrid\n1..2\n1..2\nend\n", MQD_E_PLACE, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Recruit 4 0\ngrid\n1..2\n1..2\nend\n", MQD_E_PLACE, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Recruit 1 0\ngrid\n1#.2\n1..2\nend\n", MQD_E_PLACE, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Cog 1 0\ngrid\n1..2\n1..2\nend\n", MQD_E_PLACE, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Recruit 1 0\ngrid\n1~.2\n1..2\nend\n", MQD_E_PLACE, 8);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Recruit 1 0\nplace 2 Farmer 1 0\ngrid\n1..2\n1..2\nend\n",
		   MQD_E_PLACE, 9);
	expect_err(1, MAP_HEAD "win resource 10\nplace 1 Fireball 1 0\ngrid\n1..2\n1..2\nend\n", MQD_E_PLACE, 8);
	/* Amphibious stands on deep water and land alike. */
	mqd_db *base = builtin();
	mqd_db *db = expect_ok(base, MAP_HEAD "win resource 10\nplace 1 Giant Crab 1 0\nplace 2 Cog 2 0\ngrid\n1~~2\n1..2\nend\n");
	const mqd_map *m = map(db, "t");
	ck_assert_str_eq(mqd_str(db, db->cards[db->places[m->place0].card].name), "Giant Crab");
	mqd_free(db);
	mqd_free(base);
}
END_TEST

START_TEST(e_range_M110_M114)
{
	expect_err(0, "| x | A | unit | 100 | 1 | 0 | 1 | 1 | - | - | - | - | - |", MQD_E_RANGE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | 9999999999999999999 | 1 | - | - | - |", MQD_E_RANGE, 1);
	expect_err(1, "map t\nplayers 2\nsize 0 2\n", MQD_E_RANGE, 3);
	expect_err(1, "map t\nplayers 2\nsize 65 2\n", MQD_E_RANGE, 3);
	expect_err(1, "map t\nplayers 5\n", MQD_E_RANGE, 2);
	expect_err(1, "map t\nplayers 0\n", MQD_E_RANGE, 2);
	expect_err(1, "map t\nplayers 3-2\n", MQD_E_RANGE, 2);
	expect_err(1, MAP_HEAD "win resource 10\nlimit 0\ngrid\n1..2\n1..2\nend\n", MQD_E_RANGE, 8);
	expect_err(1, MAP_HEAD "win resource 0\ngrid\n1..2\n1..2\nend\n", MQD_E_RANGE, 7);
	expect_err(1, MAP_HEAD "win capture 2\narea A 0 0 1 1\ngrid\n1..2\n1..2\nend\n", MQD_E_RANGE, 7);
	expect_err(1, "deck d: Recruit x0", MQD_E_RANGE, 1);
	expect_err(1, "deck d: Recruit x99, Recruit x99, Recruit x99, Recruit x99, Recruit x99, Recruit x99, "
		      "Recruit x99, Recruit x99, Recruit x99, Recruit x99, Recruit x99",
		   MQD_E_RANGE, 1);
	expect_err(0, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | full: GAIN 100 | - |", MQD_E_RANGE, 1);
}
END_TEST

START_TEST(e_limit_M109)
{
	char line[1100];
	memset(line, '#', sizeof line);
	expect_err_("1025-byte line", 0, line, 1025, MQD_E_LIMIT, 1);
	/* 1024 bytes (and a CR, which does not count) are fine. */
	line[1024] = '\r';
	line[1025] = '\n';
	mqd_db *db = NULL;
	ck_assert_int_eq(mqd_load(&db, NULL, NULL, line, 1026, NULL), CRISK_OK);
	mqd_free(db);
	/* 10 MB of comments: refused as a whole before any parsing. */
	size_t big = 10u << 20;
	char *text = malloc(big);
	for (size_t i = 0; i < big; i++)
		text[i] = i % 64 == 63 ? '\n' : '#';
	expect_err_("10 MB", 0, text, big, MQD_E_LIMIT, 1);
	/* 1 MiB exactly is allowed. */
	ck_assert_int_eq(mqd_load(&db, NULL, NULL, text, MQD_FILE_MAX, NULL), CRISK_OK);
	mqd_free(db);
	free(text);
}
END_TEST

/* ---- effect-language rules (M-103, M-104, M-112) ---- */

static void bad_ability(const char *abilities, int cls)
{
	char row[1100];
	snprintf(row, sizeof row, "| x | A | unit | 1 | 1 | 0 | 1 | 1 | 1 | 1 | - | %s | - |", abilities);
	expect_err_(abilities, 0, row, strlen(row), cls, 1);
}

static mqd_db *good_ability(const char *type_stats, const char *abilities)
{
	char row[1100];
	snprintf(row, sizeof row, "| x | A | %s | %s | - |\n", type_stats, abilities);
	return expect_ok(NULL, row);
}

START_TEST(ability_kinds_M103)
{
	bad_ability("trigger: GAIN 1", MQD_E_SYNTAX);
	bad_ability("play: GAIN 1 //play: GAIN 1", MQD_E_SYNTAX);
	bad_ability("play: GAIN 1 /  / play: GAIN 1", MQD_E_SYNTAX);
	bad_ability("free(): GAIN 1", MQD_E_SYNTAX);
	bad_ability("free(tap, res 1): GAIN 1", MQD_E_SYNTAX);
	bad_ability("free(tap,tap): GAIN 1", MQD_E_SYNTAX);
	bad_ability("free(res 0): GAIN 1", MQD_E_RANGE);
	bad_ability("free(pay 1): GAIN 1", MQD_E_SYNTAX);
	bad_ability("static {unit}: STAT move 1 @SELF", MQD_E_SYNTAX);
	mqd_db *db = good_ability("artifact | 1 | 1 | - | - | - | - | - | Solid 1",
				  "free(tap,sac,res 2,dur 1,discard 3) {unit}: GAIN 1 // upkeep: DRAW 1 // "
				  "static: SPAWNS 1; STAT move -1 @ALL{unit enemy r2}");
	const mqd_card *c = &db->cards[0];
	ck_assert_uint_eq(c->nab, 3);
	const mqd_ability *a = ab(db, c, 0);
	ck_assert_uint_eq(a->costs, MQD_COST_TAP | MQD_COST_SAC);
	ck_assert_uint_eq(a->res, 2);
	ck_assert_uint_eq(a->dur, 1);
	ck_assert_uint_eq(a->discard, 3);
	a = ab(db, c, 2);
	ck_assert_uint_eq(a->nstep, 2);
	ck_assert_int_eq(st(db, a, 1)->n, -1);
	ck_assert_int_eq(st(db, a, 1)->arg, MQD_STAT_MOVE);
	mqd_free(db);
}
END_TEST

START_TEST(target_specs_M104)
{
	bad_ability("full {unit} {unit} {unit}: GAIN 1", MQD_E_SYNTAX);
	bad_ability("full {monster}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit mine}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit own own}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit/unit}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full { unit}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit r}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit}{unit}: DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit: DESTROY @T", MQD_E_SYNTAX);
	mqd_db *db = good_ability("unit | 1 | 1 | 0 | 1 | 1 | 1 | 1 | -",
				  "full {unit/boss/artifact/equipment/permanent own ally enemy damaged other r3 near2} "
				  "{tile/player free}: DESTROY @T1");
	const mqd_ability *a = ab(db, &db->cards[0], 0);
	ck_assert_uint_eq(a->spec[0].kinds, 0x1f);
	ck_assert_uint_eq(a->spec[0].filters, 0x1f);
	ck_assert_int_eq(a->spec[0].r, 3);
	ck_assert_int_eq(a->spec[0].near, 2);
	ck_assert_uint_eq(a->spec[1].kinds, MQD_K_TILE | MQD_K_PLAYER);
	mqd_free(db);
}
END_TEST

START_TEST(steps_grammar_M106_M112)
{
	bad_ability("full {unit}:DESTROY @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: DESTROY  @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: DESTROY @T;DRAW 1", MQD_E_SYNTAX);
	bad_ability("full {unit}: DESTROY @T;", MQD_E_SYNTAX);
	bad_ability("full {unit}: DAMAGE x @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: DAMAGE 1", MQD_E_SYNTAX);
	bad_ability("full {unit}: ADD_MARK damage 1 @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: REMOVE_MARK ward some @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: BUFF speed 1 @T", MQD_E_SYNTAX);
	bad_ability("full {unit}: HEAL 1 @ALL{unit", MQD_E_SYNTAX);
	bad_ability("full {unit}: DAMAGE -1 @T", MQD_E_SYNTAX);
	bad_ability("full: draw 1", MQD_E_SYNTAX);
	mqd_db *db = good_ability("unit | 1 | 1 | 0 | 1 | 1 | 1 | 1 | -",
				  "full {unit} {tile}: BUFF range -2 @T1; BUFF health +3 @SELF; HEAL all @T1; "
				  "ADD_MARK faith 2 @EQUIPPED; CONVERT @T1; MOVE @SELF @T2 3; DRAW 0; "
				  "STEAL 1 @CTRL(@T1)");
	const mqd_ability *a = ab(db, &db->cards[0], 0);
	ck_assert_uint_eq(a->nstep, 8);
	ck_assert_int_eq(st(db, a, 0)->n, -2);
	ck_assert_int_eq(st(db, a, 1)->n, 3);
	ck_assert_int_eq(st(db, a, 2)->all, 1);
	ck_assert_int_eq(st(db, a, 3)->arg, MQD_MARK_FAITH);
	ck_assert_int_eq(st(db, a, 5)->ref.kind, MQD_REF_SELF);
	mqd_free(db);
}
END_TEST

/* ---- robustness: no partial result, hostile input ---- */

START_TEST(no_partial_result_M115)
{
	mqd_db *base = builtin();
	/* Cards, lists and a map before the error are all dropped. */
	const char *text = "| x | New | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\n"
			   "deck nd: New x2\n" MAP_OK "| x | Bad | unit | 1 | 1 | 0 | 0 | 1 | - | - | - | - | - |\n";
	mqd_db *db = (mqd_db *)1;
	ck_assert_int_eq(mqd_load(&db, base, "set.mqd", text, strlen(text), NULL), CRISK_EFORMAT);
	ck_assert_ptr_null(db);
	ck_assert_str_eq(err_message(), "set.mqd:14: E_TYPE: a unit needs health 1 or more");
	ck_assert_uint_eq(mqd_find_card(base, "New"), MQD_NOIDX);
	ck_assert_uint_eq(base->ncard, 47);
	ck_assert_uint_eq(base->nlist, 7);
	ck_assert_uint_eq(base->nmap, 4);
	/* Stacking twice: the second load sees the first's names. */
	mqd_db *one = expect_ok(base, "| x | New | unit | 1 | 1 | 0 | 1 | 1 | - | - | - | - | - |\n");
	mqd_db *two = expect_ok(one, "deck nd: New x2, Recruit\n");
	ck_assert_uint_eq(two->ncard, 48);
	ck_assert_uint_eq(two->lists[mqd_find_list(two, "nd")].total, 3);
	mqd_free(two);
	mqd_free(one);
	mqd_free(base);
}
END_TEST

START_TEST(empty_and_null)
{
	mqd_db *db = NULL;
	ck_assert_int_eq(mqd_load(&db, NULL, NULL, "", 0, NULL), CRISK_OK);
	ck_assert_uint_eq(db->ncard, 0);
	ck_assert_uint_eq(mqd_find_card(db, "Recruit"), MQD_NOIDX);
	mqd_free(db);
	ck_assert_int_eq(mqd_load(&db, NULL, NULL, NULL, 0, NULL), CRISK_OK);
	mqd_free(db);
	ck_assert_int_eq(mqd_load(NULL, NULL, NULL, "", 0, NULL), CRISK_EINVAL);
	ck_assert_int_eq(mqd_load(&db, NULL, NULL, NULL, 3, NULL), CRISK_EINVAL);
	mqd_free(NULL);
}
END_TEST

/* Every prefix of the built-in file either loads or fails with a message
 * that names a line and a class; never a crash or a partial result. */
START_TEST(truncation_and_garbage)
{
	extern const char crisk_data_muhq_builtin[];
	extern const size_t crisk_data_muhq_builtin_len;
	size_t n = crisk_data_muhq_builtin_len;
	unsigned ok = 0;
	for (size_t len = 0; len <= n; len += 1 + len % 5) {
		mqd_db *db = NULL;
		mqd_diag dg;
		int rc = mqd_load(&db, NULL, NULL, crisk_data_muhq_builtin, len, &dg);
		if (rc == CRISK_OK) {
			ok++;
			mqd_free(db);
			continue;
		}
		ck_assert_int_eq(rc, CRISK_EFORMAT);
		ck_assert_ptr_null(db);
		ck_assert_msg(dg.line >= 1 && dg.cls >= MQD_E_SYNTAX && strncmp(err_message(), "line ", 5) == 0, "%zu: %s",
			      len, err_message());
	}
	ck_assert_uint_gt(ok, 0);
	/* Pseudo-random bytes, with and without newlines. */
	uint64_t x = 0x9e3779b97f4a7c15u;
	char buf[4096];
	for (int round = 0; round < 200; round++) {
		for (size_t i = 0; i < sizeof buf; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[i] = round % 2 ? (char)(x & 0xff) : "| @{}:;/-x1\n~#. "[x % 16];
		}
		mqd_db *db = NULL;
		int rc = mqd_load(&db, NULL, NULL, buf, sizeof buf, NULL);
		ck_assert(rc == CRISK_OK || (rc == CRISK_EFORMAT && db == NULL));
		mqd_free(db);
	}
}
END_TEST

static Suite *mqd_suite(void)
{
	Suite *s = suite_create("mqd");
	TCase *tc = tcase_create("mqd");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, tt30_builtin_counts);
	tcase_add_test(tc, tt30_list_sizes_section28);
	tcase_add_test(tc, builtin_units_M14_M110);
	tcase_add_test(tc, builtin_abilities_M103_M106);
	tcase_add_test(tc, builtin_kraken_shorthands_M108);
	tcase_add_test(tc, builtin_maps_section29);
	tcase_add_test(tc, builtin_crlf_M109);
	tcase_add_test(tc, fixture_test_arena_section31);
	tcase_add_test(tc, example_set_M116);
	tcase_add_test(tc, tt31_loader_errors);
	tcase_add_test(tc, e_syntax_M109_M110_M115);
	tcase_add_test(tc, e_fields_M110);
	tcase_add_test(tc, e_type_M11_M111);
	tcase_add_test(tc, e_keyword_M108);
	tcase_add_test(tc, e_prim_M105_M106_M115);
	tcase_add_test(tc, e_dup_M110_M113_M114);
	tcase_add_test(tc, e_unknown_M113_M115);
	tcase_add_test(tc, e_mapkey_M114);
	tcase_add_test(tc, e_grid_M114);
	tcase_add_test(tc, e_seat_M114);
	tcase_add_test(tc, e_place_M52_M114);
	tcase_add_test(tc, e_range_M110_M114);
	tcase_add_test(tc, e_limit_M109);
	tcase_add_test(tc, ability_kinds_M103);
	tcase_add_test(tc, target_specs_M104);
	tcase_add_test(tc, steps_grammar_M106_M112);
	tcase_add_test(tc, no_partial_result_M115);
	tcase_add_test(tc, empty_and_null);
	tcase_add_test(tc, truncation_and_garbage);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(mqd_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
