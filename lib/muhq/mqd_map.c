/* Map blocks of .mqd files (rules/muhq.md M-114, §29): keys until `grid`,
 * then exactly H raw rows and `end`.  Checks that need only the block run
 * at `grid` and at `end`; those that need the cards (placement, Kings, the
 * Kraken) run after the file's names are resolved. */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "mqd_impl.h"

enum {
	K_TITLE,
	K_PLAYERS,
	K_SIZE,
	K_GAIN,
	K_START,
	K_DECK,
	K_STORE,
	K_AI_DECK,
	K_WIN,
	K_LIMIT,
	K_AREA,   /* the keys from here on may repeat */
	K_PLACE,
	K_LEGEND,
	K_GRID,
	K_COUNT
};
static const char *const key_names[K_COUNT] = {
	"title", "players", "size", "gain", "start_resource", "deck", "store", "ai_deck", "win", "limit",
	"area", "place", "legend", "grid",
};

static const char *const tile_names[MQD_TILE_COUNT] = {
	"plain", "house", "tower", "farm", "street", "deep", "water", "wall", "gate", "spawn", "harbor",
};

enum { S_KEYS, S_GRID, S_END };

struct mqm {
	uint32_t map;              /* index in db.maps */
	uint32_t key_line[K_COUNT]; /* first line of each key, 0: absent */
	uint32_t legend_line[256];
	uint8_t legend[256];       /* symbol -> tile byte + 1; 0: not a symbol */
	uint8_t nstart;
	int state;
	uint32_t rows;
	uint32_t *place_line;      /* the line of each of the map's places */
	uint32_t area_line[MQD_AREAS_MAX];
	uint32_t cap_place;
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Splits s[0..len) into blank-separated tokens (at most max). */
static int tokens(const char *s, size_t len, const char **t, size_t *tl, int max)
{
	int n = 0;
	size_t i = 0;
	for (;;) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			return n;
		size_t st = i;
		while (i < len && !is_blank(s[i]))
			i++;
		if (n < max) {
			t[n] = s + st;
			tl[n] = i - st;
		}
		n++;
	}
}

static int id_ok(const char *s, size_t len, int upper)
{
	if (!len || len > 64)
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
		      (upper && ((c >= 'A' && c <= 'Z') || c == '_'))))
			return 0;
	}
	return 1;
}

/* An integer lo..hi for `what`: E_SYNTAX when malformed, E_RANGE outside. */
static int int_arg(mqb *b, const char *what, const char *s, size_t len, int lo, int hi, int *v)
{
	char t[TOKBUF];
	int e = mqb_uint(s, len, hi, v);
	if (e == MQD_E_SYNTAX)
		return mqb_fail(b, e, "%s: %s is not an integer", what, mqb_tok(t, s, len));
	if (e || *v < lo)
		return mqb_fail(b, MQD_E_RANGE, "%s %s is outside %d-%d", what, mqb_tok(t, s, len), lo, hi);
	return CRISK_OK;
}

static mqd_map *map_of(mqb *b, const mqm *m)
{
	return &b->db.maps[m->map];
}

int mqm_begin(mqb *b, mqm **out, const char *s, size_t len)
{
	char t[TOKBUF];
	const char *tk[2];
	size_t tl[2];
	int n = tokens(s, len, tk, tl, 2);
	if (n != 1 || !id_ok(tk[0], tl[0], 1))
		return mqb_fail(b, MQD_E_SYNTAX, "expected 'map ID' with ID of letters, digits, '-' and '_', got %s",
				mqb_tok(t, s, len));
	mqd_db *d = &b->db;
	if (mqb_find(d, NS_MAP, tk[0], tl[0]) != MQD_NOIDX)
		return mqb_fail(b, MQD_E_DUP, "map %s is already defined", mqb_tok(t, tk[0], tl[0]));
	if (mqb_grow(b, (void **)&d->maps, &b->cap_map, d->nmap, sizeof *d->maps))
		return CRISK_ENOMEM;
	mqm *m = calloc(1, sizeof *m);
	if (!m)
		return mqb_nomem(b);
	mqd_map *mp = &d->maps[d->nmap];
	memset(mp, 0, sizeof *mp);
	mp->line = b->line;
	mp->limit = 40;
	mp->deck = mp->store = mp->ai_deck = MQD_NOIDX;
	mp->area0 = d->narea;
	mp->place0 = d->nplace;
	if (mqb_str(b, tk[0], tl[0], &mp->id)) {
		free(m);
		return CRISK_ENOMEM;
	}
	mp->title = mp->id;
	m->map = d->nmap;
	static const char sym[] = ".HTF=~w#G";
	static const uint8_t type[] = {MQD_TILE_PLAIN, MQD_TILE_HOUSE, MQD_TILE_TOWER, MQD_TILE_FARM, MQD_TILE_STREET,
				       MQD_TILE_DEEP, MQD_TILE_WATER, MQD_TILE_WALL, MQD_TILE_GATE};
	for (int i = 0; sym[i]; i++)
		m->legend[(unsigned char)sym[i]] = (uint8_t)(type[i] + 1);
	for (int s_ = 1; s_ <= 4; s_++) {
		m->legend['0' + s_] = (uint8_t)((MQD_TILE_SPAWN | (s_ << 4)) + 1);
		m->legend['a' + s_ - 1] = (uint8_t)((MQD_TILE_HARBOR | (s_ << 4)) + 1);
	}
	*out = m;
	if (mqb_index(b, NS_MAP, d->nmap++))
		return CRISK_ENOMEM;
	return CRISK_OK;
}

void mqm_free(mqm *m)
{
	if (!m)
		return;
	free(m->place_line);
	free(m);
}

static int key_win(mqb *b, mqd_map *mp, const char **tk, const size_t *tl, int n)
{
	char t[TOKBUF];
	static const char *const wins[] = {"king", "capture", "resource", "kraken"};
	static const int hi[] = {0, MQD_AREAS_MAX, 9999, 999};
	for (int w = 0; w < 4; w++) {
		if (tl[0] != strlen(wins[w]) || memcmp(tk[0], wins[w], tl[0]) != 0)
			continue;
		if (n != (w == MQD_WIN_KING ? 1 : 2))
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'win king', 'win capture N', 'win resource N' or 'win kraken N'");
		mp->win = (uint8_t)w;
		if (w != MQD_WIN_KING) {
			int v;
			if (int_arg(b, wins[w], tk[1], tl[1], 1, hi[w], &v))
				return CRISK_EFORMAT;
			mp->win_n = (uint16_t)v;
		}
		return CRISK_OK;
	}
	return mqb_fail(b, MQD_E_SYNTAX, "unknown win condition %s (king, capture N, resource N, kraken N)",
			mqb_tok(t, tk[0], tl[0]));
}

static int key_area(mqb *b, mqm *m, const char **tk, const size_t *tl, int n)
{
	char t[TOKBUF];
	mqd_db *d = &b->db;
	mqd_map *mp = map_of(b, m);
	if (n != 5 || !id_ok(tk[0], tl[0], 1))
		return mqb_fail(b, MQD_E_SYNTAX, "expected 'area ID X Y W H'");
	for (uint32_t i = mp->area0; i < d->narea; i++) {
		const char *id = d->str + d->areas[i].id;
		if (strlen(id) == tl[0] && memcmp(id, tk[0], tl[0]) == 0)
			return mqb_fail(b, MQD_E_DUP, "area %s is already defined in this map", mqb_tok(t, tk[0], tl[0]));
	}
	if (mp->narea == MQD_AREAS_MAX)
		return mqb_fail(b, MQD_E_RANGE, "more than %d areas", MQD_AREAS_MAX);
	int v[4];
	static const char *const what[] = {"area X", "area Y", "area W", "area H"};
	for (int i = 0; i < 4; i++) {
		if (int_arg(b, what[i], tk[i + 1], tl[i + 1], i < 2 ? 0 : 1, MQD_MAP_SIDE_MAX, &v[i]))
			return CRISK_EFORMAT;
	}
	if (mqb_grow(b, (void **)&d->areas, &b->cap_area, d->narea, sizeof *d->areas))
		return CRISK_ENOMEM;
	mqd_area *a = &d->areas[d->narea];
	a->x = (uint8_t)v[0];
	a->y = (uint8_t)v[1];
	a->w = (uint8_t)v[2];
	a->h = (uint8_t)v[3];
	if (mqb_str(b, tk[0], tl[0], &a->id))
		return CRISK_ENOMEM;
	m->area_line[mp->narea++] = b->line;
	d->narea++;
	return CRISK_OK;
}

/* place S CARD X Y: the card name is everything between S and X. */
static int key_place(mqb *b, mqm *m, const char *s, size_t len)
{
	mqd_db *d = &b->db;
	mqd_map *mp = map_of(b, m);
	const char *tk[64];
	size_t tl[64];
	int n = tokens(s, len, tk, tl, 64);
	if (n < 4 || n > 64 || tl[0] != 1 || !((tk[0][0] >= '1' && tk[0][0] <= '4') || tk[0][0] == 'K'))
		return mqb_fail(b, MQD_E_SYNTAX, "expected 'place S CARD X Y' with S one of 1-4 or K");
	int x, y;
	if (int_arg(b, "place X", tk[n - 2], tl[n - 2], 0, 999, &x) ||
	    int_arg(b, "place Y", tk[n - 1], tl[n - 1], 0, 999, &y))
		return CRISK_EFORMAT;
	if (mp->nplace >= MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX)
		return mqb_fail(b, MQD_E_PLACE, "more places than a map has tiles");
	if (mqb_grow(b, (void **)&d->places, &b->cap_place, d->nplace, sizeof *d->places) ||
	    mqb_grow(b, (void **)&m->place_line, &m->cap_place, mp->nplace, sizeof *m->place_line))
		return CRISK_ENOMEM;
	mqd_place *p = &d->places[d->nplace];
	p->seat = (uint8_t)(tk[0][0] == 'K' ? MQD_SEAT_K : tk[0][0] - '0');
	/* Out-of-map coordinates wait for E_PLACE at grid; 255 stays outside. */
	p->x = (uint8_t)(x > 255 ? 255 : x);
	p->y = (uint8_t)(y > 255 ? 255 : y);
	p->card = MQD_NOIDX;
	const char *ne = tk[n - 3] + tl[n - 3];
	if (mqb_pend_add(b, PEND_PLACE, tk[1], (size_t)(ne - tk[1]), d->nplace))
		return CRISK_ENOMEM;
	m->place_line[mp->nplace++] = b->line;
	d->nplace++;
	return CRISK_OK;
}

static int key_legend(mqb *b, mqm *m, const char **tk, const size_t *tl, int n)
{
	char t[TOKBUF];
	if (n < 2 || n > 3 || tl[0] != 1 || (unsigned char)tk[0][0] <= 32 || (unsigned char)tk[0][0] >= 127)
		return mqb_fail(b, MQD_E_SYNTAX, "expected 'legend C TYPE [S]' with C one printable ASCII symbol");
	int ty = 0;
	while (ty < MQD_TILE_COUNT && (strlen(tile_names[ty]) != tl[1] || memcmp(tile_names[ty], tk[1], tl[1]) != 0))
		ty++;
	if (ty == MQD_TILE_COUNT)
		return mqb_fail(b, MQD_E_SYNTAX,
				"unknown tile type %s (plain, house, tower, farm, street, deep, water, wall, gate, spawn, harbor)",
				mqb_tok(t, tk[1], tl[1]));
	int seated = ty == MQD_TILE_SPAWN || ty == MQD_TILE_HARBOR, seat = 0;
	if (seated != (n == 3))
		return mqb_fail(b, MQD_E_SYNTAX, seated ? "legend %s needs a seat 1-4" : "legend %s takes no seat",
				tile_names[ty]);
	if (seated && int_arg(b, "legend seat", tk[2], tl[2], 1, 4, &seat))
		return CRISK_EFORMAT;
	unsigned char c = (unsigned char)tk[0][0];
	if (m->legend_line[c])
		return mqb_fail(b, MQD_E_MAPKEY, "legend for %s given twice (first on line %u)", mqb_tok(t, tk[0], 1),
				(unsigned)m->legend_line[c]);
	m->legend_line[c] = b->line;
	m->legend[c] = (uint8_t)((ty | (seat << 4)) + 1);
	return CRISK_OK;
}

/* At `grid`: required keys, keys the win condition allows, seats. */
static int at_grid(mqb *b, mqm *m)
{
	char t[TOKBUF];
	mqd_db *d = &b->db;
	mqd_map *mp = map_of(b, m);
	const char *id = d->str + mp->id;
	static const int required[] = {K_PLAYERS, K_SIZE, K_GAIN, K_DECK, K_STORE, K_WIN};
	for (size_t i = 0; i < sizeof required / sizeof *required; i++) {
		if (!m->key_line[required[i]])
			return mqb_fail(b, MQD_E_MAPKEY, "map %s lacks the required key '%s' before grid",
					mqb_tok(t, id, strlen(id)), key_names[required[i]]);
	}
	int kraken = mp->win == MQD_WIN_KRAKEN;
	if (kraken && !m->key_line[K_AI_DECK])
		return mqb_fail(b, MQD_E_MAPKEY, "a 'win kraken' map needs 'ai_deck'");
	if (!kraken && m->key_line[K_AI_DECK])
		return mqb_fail_at(b, m->key_line[K_AI_DECK], MQD_E_MAPKEY, "'ai_deck' is only for 'win kraken' maps");
	if (kraken && m->key_line[K_LIMIT])
		return mqb_fail_at(b, m->key_line[K_LIMIT], MQD_E_MAPKEY,
				   "'limit' is for competitive maps; 'win kraken N' sets the rounds");
	if (mp->win == MQD_WIN_CAPTURE) {
		if (!mp->narea)
			return mqb_fail_at(b, m->key_line[K_WIN], MQD_E_MAPKEY, "'win capture' needs at least one 'area'");
		if (mp->win_n > mp->narea)
			return mqb_fail_at(b, m->key_line[K_WIN], MQD_E_RANGE, "'win capture %u' with only %u areas",
					   (unsigned)mp->win_n, (unsigned)mp->narea);
	} else if (mp->narea) {
		return mqb_fail_at(b, m->area_line[0], MQD_E_MAPKEY, "'area' is only for 'win capture' maps");
	}
	if (m->key_line[K_START] && m->nstart != mp->pmax)
		return mqb_fail_at(b, m->key_line[K_START], MQD_E_SEAT,
				   "start_resource gives %u values; the map has seats 1-%u", (unsigned)m->nstart,
				   (unsigned)mp->pmax);
	for (uint32_t i = 0; i < mp->narea; i++) {
		const mqd_area *a = &d->areas[mp->area0 + i];
		if (a->x + a->w > mp->w || a->y + a->h > mp->h)
			return mqb_fail_at(b, m->area_line[i], MQD_E_PLACE, "area %s reaches outside the %ux%u map",
					   mqb_tok(t, d->str + a->id, strlen(d->str + a->id)), (unsigned)mp->w,
					   (unsigned)mp->h);
	}
	for (uint32_t i = 0; i < mp->nplace; i++) {
		const mqd_place *p = &d->places[mp->place0 + i];
		if (p->seat == MQD_SEAT_K && !kraken)
			return mqb_fail_at(b, m->place_line[i], MQD_E_SEAT, "'place K' on a map that is not a Kraken map");
		if (p->seat != MQD_SEAT_K && p->seat > mp->pmax)
			return mqb_fail_at(b, m->place_line[i], MQD_E_SEAT, "seat %u is outside players %u-%u",
					   (unsigned)p->seat, (unsigned)mp->pmin, (unsigned)mp->pmax);
		if (p->x >= mp->w || p->y >= mp->h)
			return mqb_fail_at(b, m->place_line[i], MQD_E_PLACE, "tile (%u,%u) is outside the %ux%u map",
					   (unsigned)p->x, (unsigned)p->y, (unsigned)mp->w, (unsigned)mp->h);
	}
	if (mqb_grow(b, (void **)&d->tiles, &b->cap_tile, d->ntile + (uint32_t)mp->w * mp->h, 1))
		return CRISK_ENOMEM;
	mp->tile0 = d->ntile;
	m->state = S_GRID;
	return CRISK_OK;
}

/* One raw grid row (M-114: exactly W symbols, no blanks). */
static int grid_row(mqb *b, mqm *m, const char *s, size_t len)
{
	char t[TOKBUF];
	mqd_db *d = &b->db;
	mqd_map *mp = map_of(b, m);
	if (len == 3 && memcmp(s, "end", 3) == 0)
		return mqb_fail(b, MQD_E_GRID, "the grid has %u rows; size says %u", (unsigned)m->rows, (unsigned)mp->h);
	for (size_t i = 0; i < len; i++) {
		if (is_blank(s[i]))
			return mqb_fail(b, MQD_E_GRID, "blank in grid row %u at column %zu", (unsigned)m->rows, i + 1);
	}
	if (len != mp->w)
		return mqb_fail(b, MQD_E_GRID, "grid row %u has %zu symbols; size says %u", (unsigned)m->rows, len,
				(unsigned)mp->w);
	for (size_t i = 0; i < len; i++) {
		uint8_t v = m->legend[(unsigned char)s[i]];
		if (!v)
			return mqb_fail(b, MQD_E_GRID, "unknown symbol %s at (%zu,%u)", mqb_tok(t, s + i, 1), i,
					(unsigned)m->rows);
		uint8_t tile = (uint8_t)(v - 1);
		if (MQD_TILE_SEAT(tile) > mp->pmax)
			return mqb_fail(b, MQD_E_SEAT, "%s %s at (%zu,%u) belongs to seat %u; players are %u-%u",
					MQD_TILE_TYPE(tile) == MQD_TILE_SPAWN ? "spawn" : "harbor", mqb_tok(t, s + i, 1), i,
					(unsigned)m->rows, (unsigned)MQD_TILE_SEAT(tile), (unsigned)mp->pmin,
					(unsigned)mp->pmax);
		d->tiles[d->ntile++] = tile;
	}
	m->rows++;
	if (m->rows == mp->h)
		m->state = S_END;
	return CRISK_OK;
}

static int at_end(mqb *b, mqm *m)
{
	mqd_db *d = &b->db;
	mqd_map *mp = map_of(b, m);
	for (unsigned s = 1; s <= mp->pmax; s++) {
		int found = 0;
		for (uint32_t i = 0; i < (uint32_t)mp->w * mp->h && !found; i++) {
			uint8_t tile = d->tiles[mp->tile0 + i];
			found = MQD_TILE_TYPE(tile) == MQD_TILE_SPAWN && MQD_TILE_SEAT(tile) == s;
		}
		if (!found)
			return mqb_fail(b, MQD_E_SEAT, "seat %u has no spawn tile", s);
	}
	return CRISK_OK;
}

int mqm_line(mqb *b, mqm *m, const char *s, size_t len, int *closed)
{
	char t[TOKBUF];
	mqd_map *mp = map_of(b, m);
	*closed = 0;
	if (m->state == S_GRID)
		return grid_row(b, m, s, len);
	const char *w = s;
	size_t wl = len;
	mqb_trim(&w, &wl);
	if (m->state == S_END) {
		if (!wl)
			return CRISK_OK;
		if (wl == 3 && memcmp(w, "end", 3) == 0) {
			*closed = 1;
			return at_end(b, m);
		}
		if (!memchr(w, ' ', wl) && !memchr(w, '\t', wl))
			return mqb_fail(b, MQD_E_GRID, "more grid rows than size's %u", (unsigned)mp->h);
		return mqb_fail(b, MQD_E_SYNTAX, "expected 'end' after the grid, got %s", mqb_tok(t, w, wl));
	}
	if (!wl || w[0] == '#')
		return CRISK_OK;
	size_t kl = 0;
	while (kl < wl && !is_blank(w[kl]))
		kl++;
	if (kl == 3 && memcmp(w, "end", 3) == 0)
		return mqb_fail(b, MQD_E_MAPKEY, "map %s ends without 'grid'",
				mqb_tok(t, b->db.str + mp->id, strlen(b->db.str + mp->id)));
	int key = 0;
	while (key < K_COUNT && (strlen(key_names[key]) != kl || memcmp(key_names[key], w, kl) != 0))
		key++;
	if (key == K_COUNT)
		return mqb_fail(b, MQD_E_SYNTAX, "unknown map key %s", mqb_tok(t, w, kl));
	if (key < K_AREA && m->key_line[key])
		return mqb_fail(b, MQD_E_MAPKEY, "key '%s' given twice (first on line %u)", key_names[key],
				(unsigned)m->key_line[key]);
	if (!m->key_line[key])
		m->key_line[key] = b->line;
	const char *rest = w + kl;
	size_t rl = wl - kl;
	mqb_trim(&rest, &rl);
	const char *tk[6];
	size_t tl[6];
	int n = key == K_TITLE || key == K_PLACE ? 0 : tokens(rest, rl, tk, tl, 6);
	int v, v2;
	switch (key) {
	case K_TITLE:
		if (!rl)
			return mqb_fail(b, MQD_E_SYNTAX, "title needs a text");
		return mqb_str(b, rest, rl, &mp->title);
	case K_PLAYERS: {
		const char *dash = n == 1 ? memchr(tk[0], '-', tl[0]) : NULL;
		if (n != 1)
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'players N' or 'players A-B'");
		size_t al = dash ? (size_t)(dash - tk[0]) : tl[0];
		if (int_arg(b, "players", tk[0], al, 1, MQD_SEATS_MAX, &v))
			return CRISK_EFORMAT;
		v2 = v;
		if (dash && int_arg(b, "players", dash + 1, tl[0] - al - 1, 1, MQD_SEATS_MAX, &v2))
			return CRISK_EFORMAT;
		if (v2 < v)
			return mqb_fail(b, MQD_E_RANGE, "players %s: A is above B", mqb_tok(t, tk[0], tl[0]));
		mp->pmin = (uint8_t)v;
		mp->pmax = (uint8_t)v2;
		return CRISK_OK;
	}
	case K_SIZE:
		if (n != 2)
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'size W H'");
		if (int_arg(b, "width", tk[0], tl[0], 1, MQD_MAP_SIDE_MAX, &v) ||
		    int_arg(b, "height", tk[1], tl[1], 1, MQD_MAP_SIDE_MAX, &v2))
			return CRISK_EFORMAT;
		mp->w = (uint8_t)v;
		mp->h = (uint8_t)v2;
		return CRISK_OK;
	case K_GAIN:
		if (n != 1)
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'gain N'");
		if (int_arg(b, "gain", tk[0], tl[0], 0, MQD_NUM_MAX, &v))
			return CRISK_EFORMAT;
		mp->gain = (uint8_t)v;
		return CRISK_OK;
	case K_START:
		if (n < 1 || n > MQD_SEATS_MAX)
			return mqb_fail(b, n ? MQD_E_SEAT : MQD_E_SYNTAX, "expected 'start_resource n1 ... nB' for at most 4 seats");
		for (int i = 0; i < n; i++) {
			if (int_arg(b, "start_resource", tk[i], tl[i], 0, MQD_NUM_MAX, &v))
				return CRISK_EFORMAT;
			mp->start[i] = (uint8_t)v;
		}
		m->nstart = (uint8_t)n;
		return CRISK_OK;
	case K_DECK:
	case K_STORE:
	case K_AI_DECK:
		if (n != 1 || !id_ok(tk[0], tl[0], 0))
			return mqb_fail(b, MQD_E_SYNTAX, "expected '%s ID' with ID of a-z, 0-9 and '-'", key_names[key]);
		return mqb_pend_add(b, key == K_DECK ? PEND_DECK : key == K_STORE ? PEND_STORE : PEND_AI_DECK, tk[0], tl[0],
				    m->map);
	case K_WIN:
		if (n < 1)
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'win king|capture N|resource N|kraken N'");
		return key_win(b, mp, tk, tl, n);
	case K_LIMIT:
		if (n != 1)
			return mqb_fail(b, MQD_E_SYNTAX, "expected 'limit N'");
		if (int_arg(b, "limit", tk[0], tl[0], 1, 999, &v))
			return CRISK_EFORMAT;
		mp->limit = (uint16_t)v;
		return CRISK_OK;
	case K_AREA:
		return key_area(b, m, tk, tl, n);
	case K_PLACE:
		return key_place(b, m, rest, rl);
	case K_LEGEND:
		return key_legend(b, m, tk, tl, n);
	default: /* K_GRID */
		if (n)
			return mqb_fail(b, MQD_E_SYNTAX, "'grid' takes nothing after it");
		return at_grid(b, m);
	}
}

int mqm_eof(mqb *b, mqm *m)
{
	mqd_map *mp = map_of(b, m);
	const char *id = b->db.str + mp->id;
	char t[TOKBUF];
	if (m->state == S_GRID)
		return mqb_fail(b, MQD_E_GRID, "the file ends after %u of the grid's %u rows", (unsigned)m->rows,
				(unsigned)mp->h);
	return mqb_fail(b, MQD_E_SYNTAX, "the file ends inside map %s: no 'end'", mqb_tok(t, id, strlen(id)));
}

static uint32_t map_of_place(const mqb *b, uint32_t place)
{
	const mqd_db *d = &b->db;
	for (uint32_t i = b->file_map0; i < d->nmap; i++) {
		if (place >= d->maps[i].place0 && place < d->maps[i].place0 + d->maps[i].nplace)
			return i;
	}
	return MQD_NOIDX;
}

/* M-52 for a `place` line, against the tile and the map's earlier places. */
int mqm_place(mqb *b, uint32_t place, uint32_t line)
{
	char t[TOKBUF];
	const mqd_db *d = &b->db;
	const mqd_map *mp = &d->maps[map_of_place(b, place)];
	const mqd_place *p = &d->places[place];
	const mqd_card *c = &d->cards[p->card];
	const char *name = d->str + c->name;
	if (c->type == MQD_SPELL)
		return mqb_fail_at(b, line, MQD_E_PLACE, "%s is a spell, not a permanent", mqb_tok(t, name, strlen(name)));
	uint8_t tile = MQD_TILE_TYPE(d->tiles[mp->tile0 + (uint32_t)p->y * mp->w + p->x]);
	if (tile == MQD_TILE_WALL)
		return mqb_fail_at(b, line, MQD_E_PLACE, "tile (%u,%u) is a wall", (unsigned)p->x, (unsigned)p->y);
	int swim = (c->kw >> MQD_KW_SWIMMING) & 1, amph = (c->kw >> MQD_KW_AMPHIBIOUS) & 1;
	if (swim && tile != MQD_TILE_DEEP)
		return mqb_fail_at(b, line, MQD_E_PLACE, "%s is Swimming and tile (%u,%u) is not deep water",
				   mqb_tok(t, name, strlen(name)), (unsigned)p->x, (unsigned)p->y);
	if (!swim && !amph && tile == MQD_TILE_DEEP)
		return mqb_fail_at(b, line, MQD_E_PLACE, "tile (%u,%u) is deep water and %s cannot stand on it",
				   (unsigned)p->x, (unsigned)p->y, mqb_tok(t, name, strlen(name)));
	for (uint32_t i = mp->place0; i < place; i++) {
		if (d->places[i].x == p->x && d->places[i].y == p->y)
			return mqb_fail_at(b, line, MQD_E_PLACE, "tile (%u,%u) already holds a placed card",
					   (unsigned)p->x, (unsigned)p->y);
	}
	return CRISK_OK;
}

/* Kings for `win king`, the Kraken for `win kraken` (M-85, M-114). */
int mqm_finish(mqb *b, uint32_t map)
{
	const mqd_db *d = &b->db;
	const mqd_map *mp = &d->maps[map];
	if (mp->win == MQD_WIN_KING) {
		for (unsigned s = 1; s <= mp->pmax; s++) {
			unsigned kings = 0;
			for (uint32_t i = 0; i < mp->nplace; i++) {
				const mqd_place *p = &d->places[mp->place0 + i];
				kings += p->seat == s && ((d->cards[p->card].kw >> MQD_KW_KING) & 1);
			}
			if (kings != 1)
				return mqb_fail_at(b, mp->line, MQD_E_MAPKEY, "'win king' needs one King for seat %u, it has %u",
						   s, kings);
		}
	}
	if (mp->win == MQD_WIN_KRAKEN) {
		unsigned bosses = 0;
		for (uint32_t i = 0; i < mp->nplace; i++) {
			const mqd_place *p = &d->places[mp->place0 + i];
			bosses += p->seat == MQD_SEAT_K && d->cards[p->card].type == MQD_BOSS;
		}
		if (bosses != 1)
			return mqb_fail_at(b, mp->line, MQD_E_MAPKEY, "'win kraken' needs exactly one 'place K' of a boss, it has %u",
					   bosses);
	}
	return CRISK_OK;
}
