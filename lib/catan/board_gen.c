/* Board layout generation (base.md B-28..B-38, draw order B-135) and the token
 * spiral of B-34. */
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "../core/error.h"

#define GEN_MAX_LAND 32    /* the largest standard board has 30 land hexes */
#define GEN_MAX_HARBOR 16  /* ... and 11 harbor slots */
#define SPIRAL_MAX_LAND 256
#define TOKEN_MAX_ATTEMPTS 1000000L /* B-36 acceptance is >= 0.1%: never reached in practice */

/* The components of one standard board, in the canonical orders of B-1/B-5. */
typedef struct components {
	int n_land, n_harbor, n_token;
	uint8_t terrain_count[6];  /* hills forest pasture fields mountains desert */
	const uint8_t *harbors;    /* canonical harbor-type list (B-33, B-115) */
	const uint8_t *tokens;     /* ascending (B-36) */
	const uint8_t *letters;    /* spiral letter values A.. (B-35, B-114) */
} components;

static const uint8_t base_harbors[9] = {0, 0, 0, 0, 1, 2, 3, 4, 5};
static const uint8_t big_harbors[11] = {0, 0, 0, 0, 0, 1, 2, 3, 3, 4, 5};
static const uint8_t base_tokens[18] = {2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12};
static const uint8_t big_tokens[28] = {2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6,
				       8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12};
static const uint8_t base_letters[18] = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
static const uint8_t big_letters[28] = {2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4,
					8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6};

static const components base_components = {19, 9, 18, {3, 4, 4, 4, 3, 1}, base_harbors, base_tokens, base_letters};
static const components big_components = {30, 11, 28, {5, 6, 6, 6, 5, 2}, big_harbors, big_tokens, big_letters};

/* B-30: the beginner map, terrain and token per hex id, harbor type per slot. */
static const uint8_t beginner_terrain[19] = {
	TERR_MOUNTAINS, TERR_PASTURE, TERR_FOREST, TERR_FIELDS, TERR_HILLS, TERR_PASTURE, TERR_HILLS,
	TERR_FIELDS, TERR_FOREST, TERR_DESERT, TERR_FOREST, TERR_MOUNTAINS, TERR_FOREST, TERR_MOUNTAINS,
	TERR_FIELDS, TERR_PASTURE, TERR_HILLS, TERR_FIELDS, TERR_PASTURE};
static const uint8_t beginner_tokens[19] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
static const uint8_t beginner_harbors[9] = {0, 4, 5, 0, 3, 0, 0, 1, 2};

static const char terrain_letters[] = "hfpgmd"; /* B-38, in terrain order */
static const char harbor_letters[] = "3blwgo";  /* B-38, in harbor-type order */
static const char *const terrain_names[6] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
static const char *const harbor_names[6] = {"generic", "brick", "lumber", "wool", "grain", "ore"};

/* A layout under construction; copied into the board only when complete. */
typedef struct layout {
	uint8_t terrain[GEN_MAX_LAND];
	uint8_t token[GEN_MAX_LAND];
	uint8_t harbor[GEN_MAX_HARBOR];
} layout;

/* ---- spiral (B-34) ---- */

/* The land hex across side d of land hex h, or BOARD_NONE. */
static unsigned land_neighbour(const board *b, unsigned h, int d)
{
	const bpath *p = &b->path[b->hex[h].path[d]];
	if (p->n_hex != 2)
		return BOARD_NONE;
	return p->hex[0] == h ? p->hex[1] : p->hex[0];
}

static int adjacent(const board *b, unsigned h, unsigned k)
{
	for (int d = 0; d < 6; d++)
		if (land_neighbour(b, h, d) == k)
			return 1;
	return 0;
}

typedef struct vec {
	int64_t x, y;
} vec;

/* Clockwise order from north with y growing southward: first the half plane
 * from north (inclusive) to south (exclusive), then by cross product.  Lattice
 * coordinates only scale the axes, so orientation tests stay exact. */
static int half_plane(vec v)
{
	return (v.x > 0 || (v.x == 0 && v.y < 0)) ? 0 : 1;
}

static int clockwise_before(vec a, vec b)
{
	int ha = half_plane(a), hb = half_plane(b);
	if (ha != hb)
		return ha < hb;
	return a.x * b.y - a.y * b.x > 0;
}

/* Sorts the n hexes of a layer clockwise around the layer's centroid. */
static void sort_clockwise(const board *b, uint16_t *ids, int n)
{
	int64_t sx = 0, sy = 0;
	vec v[SPIRAL_MAX_LAND];

	for (int i = 0; i < n; i++) {
		sx += 2 * b->hex[ids[i]].q + b->hex[ids[i]].r;
		sy += 3 * b->hex[ids[i]].r;
	}
	for (int i = 0; i < n; i++) {
		v[i].x = (int64_t)n * (2 * b->hex[ids[i]].q + b->hex[ids[i]].r) - sx;
		v[i].y = (int64_t)n * (3 * b->hex[ids[i]].r) - sy;
	}
	for (int i = 1; i < n; i++) {
		for (int j = i; j > 0 && clockwise_before(v[j], v[j - 1]); j--) {
			vec tv = v[j];
			uint16_t ti = ids[j];
			v[j] = v[j - 1];
			v[j - 1] = tv;
			ids[j] = ids[j - 1];
			ids[j - 1] = ti;
		}
	}
}

/* Splits the land hexes into layers (B-34); returns the number of layers.
 * ring[] gets the hexes layer by layer, each layer in clockwise order. */
static int find_layers(const board *b, uint16_t *ring, int *layer_start)
{
	uint8_t left[SPIRAL_MAX_LAND];
	int n = b->n_land, placed = 0, n_layers = 0;

	memset(left, 1, (size_t)n);
	while (placed < n) {
		int start = placed;
		for (int h = 0; h < n; h++) {
			int outer = 0;
			if (!left[h])
				continue;
			for (int d = 0; d < 6 && !outer; d++) {
				unsigned k = land_neighbour(b, (unsigned)h, d);
				outer = k == BOARD_NONE || !left[k];
			}
			if (outer)
				ring[placed++] = (uint16_t)h;
		}
		for (int i = start; i < placed; i++)
			left[ring[i]] = 0;
		sort_clockwise(b, ring + start, placed - start);
		layer_start[n_layers++] = start;
	}
	layer_start[n_layers] = n;
	return n_layers;
}

static int land_degree(const board *b, unsigned h)
{
	int n = 0;
	for (int d = 0; d < 6; d++)
		n += land_neighbour(b, h, d) != BOARD_NONE;
	return n;
}

int board_spiral(const board *b, int v, uint16_t *order)
{
	uint16_t ring[SPIRAL_MAX_LAND];
	int layer_start[SPIRAL_MAX_LAND + 1];
	int n_layers, n_corner = 0, corner_at = -1, cw, start;
	unsigned prev_first = BOARD_NONE, prev_last = BOARD_NONE;

	if (!b || !order)
		return err_set(CRISK_EINVAL, "board_spiral: NULL argument");
	if (v < 0 || v > 11)
		return err_set(CRISK_EINVAL, "spiral variant %d out of range 0..11", v);
	if (b->n_land < 1 || b->n_land > SPIRAL_MAX_LAND)
		return err_set(CRISK_EINVAL, "spiral needs 1..%d land hexes, board has %d", SPIRAL_MAX_LAND, b->n_land);
	n_layers = find_layers(b, ring, layer_start);

	/* Corners: outer-layer hexes with 3 land neighbours, clockwise from hex 0 (a1). */
	{
		int n = layer_start[1], at0 = -1;
		for (int i = 0; i < n; i++)
			if (ring[i] == 0)
				at0 = i;
		if (at0 < 0)
			return err_set(CRISK_EINVAL, "spiral: hex 0 is not on the coast");
		for (int s = 0; s < n; s++) {
			int i = (at0 + s) % n;
			if (land_degree(b, ring[i]) == 3 && n_corner++ == v / 2)
				corner_at = i;
		}
		if (n_corner != 6)
			return err_set(CRISK_EINVAL, "spiral: board has %d corner hexes, not 6", n_corner);
	}
	cw = v & 1;
	start = corner_at;
	for (int l = 0; l < n_layers; l++) {
		int base = layer_start[l], n = layer_start[l + 1] - base;
		if (l > 0) {
			/* B-34: the unique hex adjacent to the previous layer's first and last hex. */
			int found = 0;
			for (int i = 0; i < n; i++) {
				unsigned h = ring[base + i];
				if (adjacent(b, h, prev_first) && adjacent(b, h, prev_last)) {
					start = i;
					found++;
				}
			}
			if (found != 1)
				return err_set(CRISK_EINVAL, "spiral: layer %d has %d possible start hexes", l + 1, found);
		}
		for (int s = 0; s < n; s++) {
			int i = cw ? (start + s) % n : (start - s + n) % n;
			order[base + s] = ring[base + i];
			if (s > 0 && !adjacent(b, order[base + s], order[base + s - 1]))
				return err_set(CRISK_EINVAL, "spiral: layer %d is not a cycle of adjacent hexes", l + 1);
		}
		prev_first = order[base];
		prev_last = order[base + n - 1];
	}
	return CRISK_OK;
}

/* ---- random draws (B-29) ---- */

static void shuffle(rng *r, uint8_t *items, int n)
{
	for (int i = n - 1; i >= 1; i--) {
		int j = (int)rng_uniform(r, (uint32_t)i + 1);
		uint8_t t = items[i];
		items[i] = items[j];
		items[j] = t;
	}
}

static void canonical_terrain(const components *c, uint8_t *terrain)
{
	int k = 0;
	for (int t = 0; t < 6; t++)
		for (int i = 0; i < c->terrain_count[t]; i++)
			terrain[k++] = (uint8_t)t;
}

static int is_red(int token)
{
	return token == 6 || token == 8;
}

/* B-36: no adjacent reds and, if asked, no adjacent equal numbers. */
static int tokens_acceptable(const board *b, const uint8_t *token, int no_identical_adjacent)
{
	for (int p = 0; p < b->n_path; p++) {
		const bpath *e = &b->path[p];
		int ta, tb;
		if (e->n_hex != 2)
			continue;
		ta = token[e->hex[0]];
		tb = token[e->hex[1]];
		if (is_red(ta) && is_red(tb))
			return 0;
		if (no_identical_adjacent && ta != 0 && ta == tb)
			return 0;
	}
	return 1;
}

static int spiral_tokens(const board *b, const components *c, int v, layout *lay)
{
	uint16_t walked[GEN_MAX_LAND];
	const uint16_t *order = walked;
	int letter = 0, rc = CRISK_OK;
	if (b->spiral && v >= 0 && v < BOARD_SPIRALS)
		order = b->spiral + (size_t)v * (size_t)b->n_land;
	else
		rc = board_spiral(b, v, walked);
	if (rc != CRISK_OK)
		return rc;
	for (int i = 0; i < b->n_land; i++) {
		unsigned h = order[i];
		lay->token[h] = lay->terrain[h] == TERR_DESERT ? 0 : c->letters[letter++];
	}
	return CRISK_OK;
}

static int random_tokens(const board *b, const components *c, int no_identical_adjacent, rng *r, layout *lay)
{
	for (long attempt = 0; attempt < TOKEN_MAX_ATTEMPTS; attempt++) {
		uint8_t list[GEN_MAX_LAND];
		int k = 0;
		memcpy(list, c->tokens, (size_t)c->n_token);
		shuffle(r, list, c->n_token);
		for (int h = 0; h < b->n_land; h++)
			lay->token[h] = lay->terrain[h] == TERR_DESERT ? 0 : list[k++];
		if (tokens_acceptable(b, lay->token, no_identical_adjacent))
			return CRISK_OK;
	}
	return err_set(CRISK_EPARAM, "board: no token layout found after %ld attempts", TOKEN_MAX_ATTEMPTS);
}

/* ---- custom layout (B-38) ---- */

static int letter_index(const char *letters, char ch)
{
	const char *at = ch ? strchr(letters, ch) : NULL;
	return at ? (int)(at - letters) : -1;
}

static int parse_terrain(const board *b, const components *c, const char *s, layout *lay)
{
	int count[6] = {0};
	int n = s ? (int)strlen(s) : -1;

	if (!s)
		return err_set(CRISK_EPARAM, "terrain: missing (board=custom needs one letter per land hex)");
	if (n != b->n_land)
		return err_set(CRISK_EPARAM, "terrain: expected %d letters (one per land hex), got %d", b->n_land, n);
	for (int h = 0; h < n; h++) {
		int t = letter_index(terrain_letters, s[h]);
		if (t < 0)
			return err_set(CRISK_EPARAM, "terrain: unknown letter '%c' at hex %d (use h f p g m d)", s[h], h);
		lay->terrain[h] = (uint8_t)t;
		count[t]++;
	}
	for (int t = 0; t < 6; t++)
		if (count[t] != c->terrain_count[t])
			return err_set(CRISK_EPARAM, "terrain: %d %s hexes, the components have %d", count[t],
				       terrain_names[t], c->terrain_count[t]);
	return CRISK_OK;
}

static int parse_tokens(const board *b, const components *c, const char *s, layout *lay)
{
	int count[13] = {0}, want[13] = {0};
	int h = 0;
	const char *at = s;

	if (!s)
		return err_set(CRISK_EPARAM, "tokens: missing (board=custom needs one number per land hex)");
	for (;;) {
		int value = 0, digits = 0;
		while (*at == ' ')
			at++;
		while (*at >= '0' && *at <= '9' && digits < 3) {
			value = value * 10 + (*at++ - '0');
			digits++;
		}
		while (*at == ' ')
			at++;
		if (digits == 0 || (*at != ',' && *at != '\0'))
			return err_set(CRISK_EPARAM, "tokens: item %d is not a number (expected comma-separated numbers)", h + 1);
		if (h >= b->n_land)
			return err_set(CRISK_EPARAM, "tokens: expected %d numbers (one per land hex), got more", b->n_land);
		if (value != 0 && (value < 2 || value > 12 || value == 7))
			return err_set(CRISK_EPARAM, "tokens: %d at hex %d is not a token (2..6, 8..12, or 0 for a desert)",
				       value, h);
		if (lay->terrain[h] == TERR_DESERT && value != 0)
			return err_set(CRISK_EPARAM, "tokens: hex %d (%s) is a desert and must have 0, got %d", h,
				       b->hex[h].label, value);
		if (lay->terrain[h] != TERR_DESERT && value == 0)
			return err_set(CRISK_EPARAM, "tokens: hex %d (%s) is not a desert and needs a token", h,
				       b->hex[h].label);
		lay->token[h++] = (uint8_t)value;
		count[value]++;
		if (*at == '\0')
			break;
		at++;
	}
	if (h != b->n_land)
		return err_set(CRISK_EPARAM, "tokens: expected %d numbers (one per land hex), got %d", b->n_land, h);
	for (int i = 0; i < c->n_token; i++)
		want[c->tokens[i]]++;
	for (int v = 2; v <= 12; v++)
		if (count[v] != want[v])
			return err_set(CRISK_EPARAM, "tokens: %d tokens of %d, the components have %d", count[v], v, want[v]);
	return CRISK_OK;
}

static int parse_harbors(const board *b, const components *c, const char *s, layout *lay)
{
	int count[6] = {0}, want[6] = {0};
	int n = s ? (int)strlen(s) : -1;

	if (!s)
		return err_set(CRISK_EPARAM, "harbors: missing (board=custom needs one letter per harbor slot)");
	if (n != b->n_harbor)
		return err_set(CRISK_EPARAM, "harbors: expected %d letters (one per harbor slot), got %d", b->n_harbor, n);
	for (int i = 0; i < n; i++) {
		int t = letter_index(harbor_letters, s[i]);
		if (t < 0)
			return err_set(CRISK_EPARAM, "harbors: unknown letter '%c' at slot %d (use 3 b l w g o)", s[i], i);
		lay->harbor[i] = (uint8_t)t;
		count[t]++;
	}
	for (int i = 0; i < c->n_harbor; i++)
		want[c->harbors[i]]++;
	for (int t = 0; t < 6; t++)
		if (count[t] != want[t])
			return err_set(CRISK_EPARAM, "harbors: %d %s harbors, the components have %d", count[t],
				       harbor_names[t], want[t]);
	return CRISK_OK;
}

/* ---- entry point ---- */

static int generate(const board *b, const components *c, int kind, int no_identical_adjacent, rng *r,
		    const char *terrain, const char *tokens, const char *harbors, layout *lay)
{
	int rc;

	switch (kind) {
	case BOARD_BEGINNER:
		if (b->big)
			return err_set(CRISK_EPARAM, "board: beginner is the base-board layout, not for 5-6 players (B-28)");
		memcpy(lay->terrain, beginner_terrain, sizeof beginner_terrain);
		memcpy(lay->token, beginner_tokens, sizeof beginner_tokens);
		memcpy(lay->harbor, beginner_harbors, sizeof beginner_harbors);
		return CRISK_OK;
	case BOARD_RANDOM:
	case BOARD_RANDOM_TOKENS:
		if (!r)
			return err_set(CRISK_EINVAL, "board_generate: random layouts need an RNG");
		/* B-135: terrain shuffle, harbor shuffle, then the tokens. */
		canonical_terrain(c, lay->terrain);
		shuffle(r, lay->terrain, c->n_land);
		memcpy(lay->harbor, c->harbors, (size_t)c->n_harbor);
		shuffle(r, lay->harbor, c->n_harbor);
		if (kind == BOARD_RANDOM)
			return spiral_tokens(b, c, (int)rng_uniform(r, 12), lay);
		return random_tokens(b, c, no_identical_adjacent, r, lay);
	case BOARD_CUSTOM:
		rc = parse_terrain(b, c, terrain, lay);
		if (rc == CRISK_OK)
			rc = parse_tokens(b, c, tokens, lay);
		if (rc == CRISK_OK)
			rc = parse_harbors(b, c, harbors, lay);
		return rc;
	default:
		return err_set(CRISK_EINVAL, "board_generate: unknown board kind %d", kind);
	}
}

int board_generate(board *b, int kind, int no_identical_adjacent, rng *r, const char *terrain,
		   const char *tokens, const char *harbors)
{
	const components *c;
	layout lay;
	int rc;

	if (!b || !b->hex)
		return err_set(CRISK_EINVAL, "board_generate: no board");
	c = b->big ? &big_components : &base_components;
	if (b->n_land != c->n_land || b->n_harbor != c->n_harbor)
		return err_set(CRISK_EINVAL, "board_generate: the board is not a standard board (%d land hexes, %d harbors)",
			       b->n_land, b->n_harbor);
	if (no_identical_adjacent && kind != BOARD_RANDOM_TOKENS)
		return err_set(CRISK_EPARAM, "no_identical_adjacent: only applies to board=random_tokens (B-126)");
	memset(&lay, 0, sizeof lay);
	rc = generate(b, c, kind, no_identical_adjacent, r, terrain, tokens, harbors, &lay);
	if (rc != CRISK_OK)
		return rc;
	memcpy(b->terrain, lay.terrain, (size_t)b->n_land);
	memcpy(b->token, lay.token, (size_t)b->n_land);
	memcpy(b->harbor_type, lay.harbor, (size_t)b->n_harbor);
	/* B-37: the robber starts on the desert with the lowest id. */
	b->robber_start = BOARD_NONE;
	for (int h = b->n_land - 1; h >= 0; h--)
		if (b->terrain[h] == TERR_DESERT)
			b->robber_start = (uint16_t)h;
	return CRISK_OK;
}
