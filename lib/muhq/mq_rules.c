/* The rules object of module muhq: parameters (M-16), the map with its
 * starting tiles (M-17 step 4), the card table in the id order of M-5 (the
 * draft pool of M-20 or the quick-start stores, the starting decks, the
 * map's placed cards) and the layout of the state block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "mq.h"
#include "mq_engine.h"

static const char *const chance_names[] = {"auto", "explicit", NULL};

const param_desc mq_params[MQ_P_COUNT] = {
	[MQ_P_MAP] = {"map", NULL, PT_STRING, NULL, 0, 0, NULL, "2P-ring-street|2P-river-king|4P-islands",
		      "the map (M-16, section 29)"},
	[MQ_P_PLAYERS] = {"players", NULL, PT_INT, NULL, 1, 4, NULL, "1..4, within the map's range",
			  "number of human seats P (M-17)"},
	[MQ_P_DRAFT] = {"draft", NULL, PT_STRING, "piles", 0, 0, NULL, "piles|none|RxTxP",
			"how stores are filled: the pile draft, quick start, or a pack draft (M-19)"},
	[MQ_P_SETS] = {"sets", NULL, PT_STRING, "base", 0, 0, NULL, "base[,kraken]",
		       "card sets whose draftable cards form the pool (M-17, M-20)"},
	[MQ_P_SEED] = {"seed", NULL, PT_UINT64, NULL, 0, 0, NULL, "0..2^64-1", "seed of the game's RNG (M-4)"},
	[MQ_P_CHANCE] = {"chance", NULL, PT_ENUM, "auto", 0, 0, chance_names, "auto|explicit",
			 "shuffles from the RNG or, one uniform(k) at a time, from the host (M-4)"},
	[MQ_P_AI] = {"ai", NULL, PT_STRING, "none", 0, 0, NULL, "none|S[,S...] (0-based seats below players)",
		     "human seats the AI plays (M-98)"},
	[MQ_P_LIMIT] = {"limit", NULL, PT_INT, "0", 0, 10000, NULL, "0..10000 (0: the map's)",
			"round limit (M-91)"},
};

/* M-98: `none` or a comma list of 0-based seats below P, each once. */
static int parse_ai(mq_rules *R, const char *s)
{
	R->ai_mask = 0;
	if (!strcmp(s, "none"))
		return CRISK_OK;
	const char *p = s;
	for (;;) {
		if (*p < '0' || *p > '9')
			return err_set(CRISK_EPARAM, "parameter 'ai': '%s' is not none or a list of seats like 0,2", s);
		int seat = 0;
		while (*p >= '0' && *p <= '9' && seat < 100)
			seat = seat * 10 + (*p++ - '0');
		if (seat >= R->players)
			return err_set(CRISK_EPARAM, "parameter 'ai': seat %d is not a seat of this game (0..%d)", seat,
				       R->players - 1);
		if (R->ai_mask & (1u << seat))
			return err_set(CRISK_EPARAM, "parameter 'ai': seat %d is listed twice", seat);
		R->ai_mask |= 1u << seat;
		if (!*p)
			return CRISK_OK;
		if (*p++ != ',')
			return err_set(CRISK_EPARAM, "parameter 'ai': '%s' is not none or a list of seats like 0,2", s);
	}
}

static int parse_pack(const char *s, int *r, int *t, int *p)
{
	char tail;
	if (sscanf(s, "%dx%dx%d%c", r, t, p, &tail) != 3)
		return -1;
	return 0;
}

/* Whether set name `set` (an offset in db->str) is among the comma-separated names of `sets`. */
static int set_rank(const mqd_db *db, const char *sets, uint32_t set)
{
	const char *name = mqd_str(db, set);
	size_t n = strlen(name);
	int rank = 0;
	for (const char *s = sets; *s; rank++) {
		const char *e = strchr(s, ',');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		if (len == n && memcmp(s, name, n) == 0)
			return rank;
		s += len + (e != NULL);
	}
	return -1;
}

/* The distinct set names of the data, for messages. */
static void set_names(const mqd_db *db, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t i = 0; i < db->ncard; i++) {
		const char *name = mqd_str(db, db->cards[i].set);
		int seen = 0;
		for (uint32_t k = 0; k < i && !seen; k++)
			seen = db->cards[k].set == db->cards[i].set || strcmp(mqd_str(db, db->cards[k].set), name) == 0;
		if (seen || len + 1 >= cap)
			continue;
		int n = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", name);
		if (n > 0)
			len += (size_t)n;
	}
}

static int check_sets(const mqd_db *db, const char *sets)
{
	for (const char *s = sets; *s;) {
		const char *e = strchr(s, ',');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		int found = 0;
		for (uint32_t i = 0; i < db->ncard && !found; i++) {
			const char *name = mqd_str(db, db->cards[i].set);
			found = strlen(name) == len && memcmp(name, s, len) == 0;
		}
		if (!found || len == 0) {
			char names[256];
			set_names(db, names, sizeof names);
			return err_set(CRISK_EPARAM, "parameter 'sets': unknown card set '%.*s' (accepted: %s)", (int)len, s,
				       names);
		}
		s += len + (e != NULL);
	}
	return CRISK_OK;
}

/* Draftable cards of the chosen sets in set order, then byte-wise name order
 * (M-20): an insertion sort, as qsort has no context argument. */
static int before(const mqd_db *db, const char *sets, uint32_t a, uint32_t b)
{
	int ra = set_rank(db, sets, db->cards[a].set), rb = set_rank(db, sets, db->cards[b].set);
	if (ra != rb)
		return ra < rb;
	return strcmp(mqd_str(db, db->cards[a].name), mqd_str(db, db->cards[b].name)) < 0;
}

static void sort_draftable(const mqd_db *db, const char *sets, uint32_t *v, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) {
		uint32_t x = v[i], j = i;
		for (; j > 0 && before(db, sets, x, v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static int add_card(mq_rules *R, uint32_t def, int zone, int owner, uint32_t pos)
{
	if (R->ncard >= MQ_CARDS_MAX)
		return err_set(CRISK_EPARAM, "the game would need more than %d cards", MQ_CARDS_MAX);
	mq_cardinfo *c = &R->card[R->ncard++];
	c->def = def;
	c->zone = (uint8_t)zone;
	c->owner = (uint8_t)owner;
	c->pos = (uint16_t)pos;
	return CRISK_OK;
}

static int add_list(mq_rules *R, uint32_t list, int zone, int owner)
{
	const mqd_db *db = R->db;
	const mqd_list *l = &db->lists[list];
	uint32_t pos = 0;
	for (uint32_t e = 0; e < l->ne; e++)
		for (uint32_t k = 0; k < db->entries[l->e0 + e].count; k++) {
			int rc = add_card(R, db->entries[l->e0 + e].card, zone, owner, pos++);
			if (rc)
				return rc;
		}
	return CRISK_OK;
}

static int build_pool(mq_rules *R, const char *sets)
{
	const mqd_db *db = R->db;
	uint32_t *draftable = malloc(sizeof *draftable * (db->ncard ? db->ncard : 1));
	if (!draftable)
		return err_set(CRISK_ENOMEM, "out of memory for the draft pool");
	uint32_t n = 0;
	for (uint32_t i = 0; i < db->ncard; i++)
		if (db->cards[i].buy != MQD_NONE && set_rank(db, sets, db->cards[i].set) >= 0)
			draftable[n++] = i;
	int rc = CRISK_OK;
	if (n == 0) {
		rc = err_set(CRISK_EPARAM, "parameter 'sets': the sets '%s' have no draftable card (M-20)", sets);
	} else {
		sort_draftable(db, sets, draftable, n);
		uint32_t need = R->draft == MQ_DRAFT_PILES ? 30u * (uint32_t)R->players
							    : (uint32_t)(R->dr * R->players * R->dp);
		uint32_t copies = (need + n - 1) / n;
		if (copies == 0)
			copies = 1;
		for (uint32_t k = 0; k < copies && !rc; k++)
			for (uint32_t i = 0; i < n && !rc; i++)
				rc = add_card(R, draftable[i], MQ_Z_POOL, 0, R->ncard);
		R->npool = R->ncard;
		R->npile = R->draft == MQ_DRAFT_PILES ? R->npool / 10 : (uint32_t)(R->dr * R->players);
	}
	free(draftable);
	return rc;
}

static int parse_draft(mq_rules *R, const char *d)
{
	if (strcmp(d, "piles") == 0) {
		R->draft = MQ_DRAFT_PILES;
		return CRISK_OK;
	}
	if (strcmp(d, "none") == 0) {
		R->draft = MQ_DRAFT_NONE;
		return CRISK_OK;
	}
	int r, t, p;
	if (parse_pack(d, &r, &t, &p) || r < 1 || t < 1 || p < 1 || r > 99 || t > 99 || p > 999)
		return err_set(CRISK_EPARAM, "parameter 'draft': '%s' is not piles, none or RxTxP with R, T, P >= 1 (M-16, M-22)", d);
	if (p < t * R->players)
		return err_set(CRISK_EPARAM, "parameter 'draft': '%s' (%d x [%d; %d]) needs packs of at least T x seats = "
					     "%d x %d = %d cards (M-22)", d, r, t, p, t, R->players, t * R->players);
	R->draft = MQ_DRAFT_PACK;
	R->dr = r;
	R->dt = t;
	R->dp = p;
	return CRISK_OK;
}

static void map_names(const mqd_db *db, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t i = 0; i < db->nmap && len + 1 < cap; i++) {
		int n = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", mqd_str(db, db->maps[i].id));
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

static int choose_map(mq_rules *R, const char *id)
{
	const mqd_db *db = R->db;
	uint32_t m = mqd_find_map(db, id);
	char names[256];
	map_names(db, names, sizeof names);
	if (m == MQD_NOIDX)
		return err_set(CRISK_EPARAM, "parameter 'map': unknown map '%s' (accepted: %s)", id, names);
	R->map_index = m;
	R->map = &db->maps[m];
	return CRISK_OK;
}

/* M-17 step 4: spawns and harbors of seats above P are plain tiles. */
static int build_tiles(mq_rules *R)
{
	const mqd_map *m = R->map;
	R->w = m->w;
	R->h = m->h;
	R->ntile = m->w * m->h;
	R->tile = malloc((size_t)R->ntile);
	R->tx = malloc((size_t)R->ntile);
	R->ty = malloc((size_t)R->ntile);
	R->wall = malloc(sizeof *R->wall * (size_t)R->ntile);
	R->walltile = malloc(sizeof *R->walltile * (size_t)R->ntile);
	R->rows = calloc((size_t)MQ_ROW_COUNT * (size_t)R->h, sizeof *R->rows);
	int nomem = !R->tile || !R->tx || !R->ty || !R->wall || !R->walltile || !R->rows;
	for (int s = 0; s < R->players; s++)
		nomem |= !(R->place[s] = malloc(sizeof *R->place[s] * (size_t)R->ntile));
	if (nomem)
		return err_set(CRISK_ENOMEM, "out of memory for the map");
	R->nwall = 0;
	for (int t = 0; t < R->ntile; t++) {
		uint8_t v = R->db->tiles[m->tile0 + (uint32_t)t];
		int type = MQD_TILE_TYPE(v);
		if ((type == MQD_TILE_SPAWN || type == MQD_TILE_HARBOR) && MQD_TILE_SEAT(v) > R->players)
			v = MQD_TILE_PLAIN;
		R->tile[t] = v;
		R->tx[t] = (uint8_t)(t % R->w);
		R->ty[t] = (uint8_t)(t / R->w);
		R->wall[t] = -1;
		static const int8_t row_of[MQD_TILE_COUNT] = {[MQD_TILE_PLAIN] = -1, [MQD_TILE_HOUSE] = -1,
			[MQD_TILE_TOWER] = -1, [MQD_TILE_FARM] = -1, [MQD_TILE_STREET] = MQ_ROW_STREET,
			[MQD_TILE_DEEP] = MQ_ROW_DEEP, [MQD_TILE_WATER] = MQ_ROW_WATER, [MQD_TILE_WALL] = MQ_ROW_WALL,
			[MQD_TILE_GATE] = MQ_ROW_GATE, [MQD_TILE_SPAWN] = -1, [MQD_TILE_HARBOR] = -1};
		int k = MQD_TILE_TYPE(v) < MQD_TILE_COUNT ? row_of[MQD_TILE_TYPE(v)] : -1;
		if (k >= 0)
			R->rows[k * R->h + R->ty[t]] |= UINT64_C(1) << R->tx[t];
		if (type == MQD_TILE_WALL) {
			R->walltile[R->nwall] = (uint16_t)t;
			R->wall[t] = (int16_t)R->nwall++;
		}
	}
	for (int t = 0; t < R->ntile; t++) {
		int type = MQD_TILE_TYPE(R->tile[t]);
		for (int s = 0; s < R->players; s++) {
			int here = type == MQD_TILE_SPAWN && MQD_TILE_SEAT(R->tile[t]) == s + 1;
			for (int dy = -1; dy <= 1 && type == MQD_TILE_DEEP && !here; dy++)
				for (int dx = -1; dx <= 1 && !here; dx++) {
					int x = R->tx[t] + dx, y = R->ty[t] + dy;
					if (x < 0 || y < 0 || x >= R->w || y >= R->h)
						continue;
					uint8_t v = R->tile[y * R->w + x];
					here = MQD_TILE_TYPE(v) == MQD_TILE_HARBOR && MQD_TILE_SEAT(v) == s + 1;
				}
			if (here)
				R->place[s][R->nplace[s]++] = (uint16_t)t;
		}
	}
	return CRISK_OK;
}

static int build_cards(mq_rules *R, const char *sets)
{
	const mqd_db *db = R->db;
	const mqd_map *m = R->map;
	R->card = malloc(sizeof *R->card * MQ_CARDS_MAX);
	if (!R->card)
		return err_set(CRISK_ENOMEM, "out of memory for the cards");
	int rc = CRISK_OK;
	if (R->draft == MQ_DRAFT_NONE) {
		for (int s = 0; s < R->players && !rc; s++)
			rc = add_list(R, m->store, MQ_Z_STORE, s);
	} else {
		rc = build_pool(R, sets);
	}
	for (int s = 0; s < R->players && !rc; s++)
		rc = add_list(R, m->deck, MQ_Z_DECK, s);
	for (uint32_t i = 0; i < m->nplace && !rc; i++) {
		const mqd_place *pl = &db->places[m->place0 + i];
		if (pl->seat == MQD_SEAT_K && R->kseat >= 0) { /* M-99: The Kraken (the map's one boss of seat K) */
			R->kraken = R->ncard;
			rc = add_card(R, pl->card, MQ_Z_MAP, R->kseat, (uint32_t)pl->y * m->w + pl->x);
			continue;
		}
		if (pl->seat == MQD_SEAT_K || pl->seat > R->players)
			continue;
		rc = add_card(R, pl->card, MQ_Z_MAP, pl->seat - 1, (uint32_t)pl->y * m->w + pl->x);
	}
	if (!rc && R->kseat >= 0) /* M-5 step 4, M-99: seat K's deck */
		rc = add_list(R, m->ai_deck, MQ_Z_DECK, R->kseat);
	return rc;
}

/* Cards whose statics change stats or spawn tiles, so that effective stats
 * and placement look at those alone. */
static int build_static_lists(mq_rules *R)
{
	const mqd_db *db = R->db;
	R->def = malloc(sizeof *R->def * (R->ncard ? R->ncard : 1));
	if (!R->def)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	R->freeab = calloc(R->ncard ? R->ncard : 1, 1);
	R->upkeepab = calloc(R->ncard ? R->ncard : 1, 1);
	if (!R->freeab || !R->upkeepab)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	for (uint32_t c = 0; c < R->ncard; c++) {
		R->def[c] = &db->cards[R->card[c].def];
		for (uint32_t a = 0; a < R->def[c]->nab; a++)
			R->freeab[c] |= db->abilities[R->def[c]->ab0 + a].kind == MQD_AB_FREE;
		for (uint32_t a = 0; a < R->def[c]->nab && a < 8; a++)
			if (db->abilities[R->def[c]->ab0 + a].kind == MQD_AB_UPKEEP)
				R->upkeepab[c] |= (uint8_t)(1u << a);
	}
	size_t nw = (R->ncard + 63) / 64 + 1;
	R->freebits = calloc(nw, sizeof *R->freebits);
	R->keepbits = calloc(nw, sizeof *R->keepbits);
	R->owntile = malloc(sizeof *R->owntile * (size_t)(R->ntile ? R->ntile : 1));
	R->unitbits = calloc(nw, sizeof *R->unitbits);
	R->mortalbits = calloc(nw, sizeof *R->mortalbits);
	R->buybits = calloc(nw, sizeof *R->buybits);
	if (!R->freebits || !R->keepbits || !R->owntile || !R->unitbits || !R->mortalbits || !R->buybits)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	for (uint32_t c = 0; c < R->ncard; c++) {
		uint64_t bit = UINT64_C(1) << (c & 63);
		int type = R->def[c]->type;
		if (type == MQD_UNIT)
			R->unitbits[c >> 6] |= bit;
		if (R->def[c]->buy != MQD_NONE)
			R->buybits[c >> 6] |= bit;
		if (type == MQD_UNIT || type == MQD_BOSS || type == MQD_EQUIPMENT || mq_kw(R, c, MQD_KW_SOLID))
			R->mortalbits[c >> 6] |= bit;
		if (R->freeab[c])
			R->freebits[c >> 6] |= bit;
		if (R->freeab[c] || mq_is_unitlike(R, c))
			R->keepbits[c >> 6] |= bit;
	}
	int nown = 0;
	for (int s = 0; s < MQ_SEATS_MAX; s++) {
		R->own0[s] = nown;
		for (int t = 0; t < R->ntile; t++) {
			int type = MQD_TILE_TYPE(R->tile[t]);
			if ((type == MQD_TILE_SPAWN || type == MQD_TILE_HARBOR) && MQD_TILE_SEAT(R->tile[t]) == s + 1)
				R->owntile[nown++] = (uint16_t)t;
		}
	}
	R->own0[MQ_SEATS_MAX] = nown;
	R->spawnsrc = malloc(sizeof *R->spawnsrc * (R->ncard ? R->ncard : 1));
	if (!R->spawnsrc)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	size_t nmod = 0;
	for (int pass = 0; pass < 2; pass++) { /* count, then fill stat by stat */
		int fill = 0;
		for (int stat = 0; stat < 4; stat++) {
			R->statmod0[stat] = fill;
			for (uint32_t c = 0; c < R->ncard; c++) {
				const mqd_card *d = &db->cards[R->card[c].def];
				for (uint32_t a = 0; a < d->nab; a++) {
					const mqd_ability *ab = &db->abilities[d->ab0 + a];
					for (uint32_t k = 0; ab->kind == MQD_AB_STATIC && k < ab->nstep; k++) {
						const mqd_step *sp = &db->steps[ab->step0 + k];
						if (sp->op != MQD_OP_STAT || sp->arg != stat)
							continue;
						if (pass)
							R->statmod[fill] = (mq_statmod){&sp->ref.all, (uint16_t)c, sp->ref.kind, sp->n};
						R->health_down |= stat == MQD_STAT_HEALTH && sp->n < 0;
						fill++;
					}
				}
			}
		}
		R->statmod0[4] = fill;
		nmod = (size_t)fill;
		if (!pass && !(R->statmod = malloc(sizeof *R->statmod * (nmod ? nmod : 1))))
			return err_set(CRISK_ENOMEM, "out of memory for the rules");
	}
	for (uint32_t c = 0; c < R->ncard; c++) {
		const mqd_card *d = &db->cards[R->card[c].def];
		int spawns = 0;
		for (uint32_t a = 0; a < d->nab; a++) {
			const mqd_ability *ab = &db->abilities[d->ab0 + a];
			for (uint32_t k = 0; ab->kind == MQD_AB_STATIC && k < ab->nstep; k++)
				spawns |= db->steps[ab->step0 + k].op == MQD_OP_SPAWNS;
		}
		if (spawns)
			R->spawnsrc[R->nspawnsrc++] = (uint16_t)c;
	}
	return CRISK_OK;
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* The built-in data, with the host's .mqd text on top when extra is not
 * NULL (crisk_rules_new_with_data); its errors read "data:LINE: E_...". */
static int load_data(mqd_db **out, const char *extra, size_t len)
{
	mqd_db *db = NULL;
	int rc = mqd_load_builtin(&db);
	if (rc || !extra) {
		*out = db;
		return rc;
	}
	rc = mqd_load(out, db, "data", extra, len, NULL);
	mqd_free(db);
	return rc;
}

int mq_rules_create(void **data, const param_set *p)
{
	return mq_rules_create_with(data, p, NULL, 0);
}

int mq_rules_create_with(void **data, const param_set *p, const char *extra, size_t len)
{
	mq_rules *R = calloc(1, sizeof *R);
	if (!R)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	int rc = load_data(&R->db, extra, len);
	if (!rc)
		rc = choose_map(R, p->str[MQ_P_MAP]);
	if (!rc) {
		R->players = (int)p->num[MQ_P_PLAYERS];
		/* M-17 step 1: a Kraken map adds seat K after the human seats. */
		R->kseat = R->map->win == MQD_WIN_KRAKEN ? R->players : -1;
		R->seats = R->players + (R->kseat >= 0);
		R->kraken = MQ_NONE;
		if (R->players < R->map->pmin || R->players > R->map->pmax)
			rc = err_set(CRISK_EPARAM, "parameter 'players': map '%s' takes %d..%d players, not %d (M-17)",
				     mqd_str(R->db, R->map->id), R->map->pmin, R->map->pmax, R->players);
	}
	if (!rc)
		rc = parse_ai(R, p->str[MQ_P_AI]);
	if (!rc && R->kseat >= 0)
		R->ai_mask |= 1u << R->kseat; /* M-92: seat K is always an AI seat */
	if (!rc)
		rc = check_sets(R->db, p->str[MQ_P_SETS]);
	if (!rc)
		rc = parse_draft(R, p->str[MQ_P_DRAFT]);
	if (!rc) {
		R->seed = (uint64_t)p->num[MQ_P_SEED];
		R->explicit_chance = p->num[MQ_P_CHANCE] == 1;
		/* The round limit; on a Kraken map the round N of `win kraken N` (M-102). */
		int map_limit = R->kseat >= 0 ? R->map->win_n : R->map->limit;
		R->limit = p->num[MQ_P_LIMIT] ? (int)p->num[MQ_P_LIMIT] : map_limit;
		rc = build_tiles(R);
	}
	if (!rc)
		rc = build_cards(R, p->str[MQ_P_SETS]);
	if (!rc)
		rc = build_static_lists(R);
	if (!rc)
		rc = mq_rl_init(R);
	if (rc) {
		mq_rules_destroy(R);
		return rc;
	}
	R->off_card = align8(sizeof(mq_state));
	R->off_occ = align8(R->off_card + sizeof(mq_card) * R->ncard);
	R->off_wall = R->off_occ + sizeof(uint16_t) * (size_t)R->ntile;
	R->off_bits = align8(R->off_wall + (size_t)R->nwall);
	R->nbw = (int)((R->ncard + 63) / 64);
	R->size = R->off_bits + MQ_Z_COUNT * sizeof(uint64_t) * (size_t)R->nbw;
	*data = R;
	/* The AI's simulations copy a state into MQ_STATE_MAX bytes. */
	_Static_assert(sizeof(mq_state) + 8 + MQ_CARDS_MAX * sizeof(mq_card) + 8 +
			       3 * MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX + 8 + MQ_Z_COUNT * 8 * ((MQ_CARDS_MAX + 63) / 64) <=
		       MQ_STATE_MAX,
		       "MQ_STATE_MAX is below the largest state");
	return CRISK_OK;
}

void mq_rules_destroy(void *data)
{
	mq_rules *R = data;
	if (!R)
		return;
	mqd_free(R->db);
	free(R->tile);
	free(R->tx);
	free(R->ty);
	free(R->wall);
	free(R->walltile);
	free(R->rows);
	for (int s = 0; s < MQ_SEATS_MAX; s++)
		free(R->place[s]);
	free(R->card);
	free(R->def);
	free(R->freeab);
	free(R->upkeepab);
	free(R->freebits);
	free(R->keepbits);
	free(R->owntile);
	free(R->unitbits);
	free(R->mortalbits);
	free(R->buybits);
	free(R->statmod);
	free(R->spawnsrc);
	mq_rl_free(R);
	free(R);
}
