/* The conformance suite (see conformance.h).  Public API only. */
#include "conformance.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"

#define GARBAGE_PER_STEP 4
#define CLONE_FOLLOW_STEPS 8
#define MAX_STEPS_PER_GAME 200000
#define LOAD_BY_NAME_EVERY 16 /* steps; a load by module name builds the rules anew */
#define COMPLETE_EVERY 4 /* steps; check_complete asks every action of the index */
#define MAX_SEATS CRISK_MAX_SEATS

/* splitmix64: the suite's own RNG, independent of the library's. */
typedef struct crng {
	uint64_t s;
} crng;

static uint64_t crng_next(crng *r)
{
	uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static uint64_t crng_below(crng *r, uint64_t n)
{
	return n ? crng_next(r) % n : 0;
}

static double crng_unit(crng *r)
{
	return (double)(crng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

typedef struct report {
	char *buf;
	size_t cap, len;
	int failures;
} report;

static void rep_vadd(report *rep, const char *fmt, va_list ap)
{
	if (!rep->buf || rep->len + 1 >= rep->cap)
		return;
	int n = vsnprintf(rep->buf + rep->len, rep->cap - rep->len, fmt, ap);
	if (n > 0)
		rep->len = rep->len + (size_t)n < rep->cap ? rep->len + (size_t)n : rep->cap - 1;
}

static void rep_add(report *rep, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rep_vadd(rep, fmt, ap);
	va_end(ap);
}

/* State of one playout. */
typedef struct run {
	const char *module;
	const crisk_module *table; /* a host module's vtable, else NULL */
	char params[1024];
	uint64_t seed;
	report *rep;
	const conformance_options *opt;
	crisk_rules *rules;
	crisk_game *g, *scratch, *follow_copy, *follow_clone;
	crisk_game *loaded_bin, *loaded_json; /* this step's state, loaded back from its saves */
	size_t follow_left;
	int follow_now; /* the clone and copy took this step's action */
	int seats, catan;
	int n_nodes, n_paths, n_land;
	int (*path_end)[2];         /* end intersections per path, from the board JSON */
	int32_t *node_owner, *node_kind, *road_owner, *uf, *anchored; /* scratch per check */
	int32_t res_total[5], dev_total;
	int32_t piece_total[MAX_SEATS][3];
	int progress_played;
	uint64_t seen_seq;
	crng rng;
	crisk_action *legal, *kept; /* kept: the list without offers (check_except) */
	size_t legal_cap, n_legal;
	crisk_action *history;
	size_t n_history, history_cap;
	size_t step;
	long checks, garbage_refused, garbage_accepted, differential, catan_checks, saves_checked, completes;
	size_t n_index; /* actions of the module's action index (crisk_rl_action_count), 0 without one */
	int saves_unsupported; /* the module has no save hooks */
} run;

static int catan_required;

void conformance_require_catan(int on)
{
	catan_required = on;
}

static int fail(run *R, const char *fmt, ...)
{
	va_list ap;
	R->rep->failures++;
	rep_add(R->rep, "FAIL %s \"%s\" step %zu: ", R->module, R->params, R->step);
	va_start(ap, fmt);
	rep_vadd(R->rep, fmt, ap);
	va_end(ap);
	rep_add(R->rep, "\n");
	return -1;
}

/* ---- a minimal JSON reader: enough to walk the views ---- */

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *skip_string(const char *p)
{
	p++;
	while (*p && *p != '"') {
		if (*p == '\\' && p[1])
			p++;
		p++;
	}
	return *p ? p + 1 : p;
}

static const char *skip_value(const char *p)
{
	p = ws(p);
	if (*p == '"')
		return skip_string(p);
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';
		int object = *p == '{';
		p = ws(p + 1);
		if (*p == close)
			return p + 1;
		while (*p) {
			if (object) {
				p = ws(skip_string(ws(p)));
				if (*p != ':')
					return p;
				p++;
			}
			p = ws(skip_value(p));
			if (*p == ',') {
				p++;
				continue;
			}
			return *p == close ? p + 1 : p;
		}
		return p;
	}
	while (*p && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n')
		p++;
	return p;
}

/* The value of member `key` of the object at p, or NULL. */
static const char *obj_get(const char *p, const char *key)
{
	if (!p)
		return NULL;
	p = ws(p);
	if (*p != '{')
		return NULL;
	p = ws(p + 1);
	size_t klen = strlen(key);
	while (*p == '"') {
		const char *k = p + 1;
		const char *e = skip_string(p);
		size_t len = (size_t)(e - k) - 1;
		p = ws(e);
		if (*p != ':')
			return NULL;
		p = ws(p + 1);
		if (len == klen && !memcmp(k, key, klen))
			return p;
		p = ws(skip_value(p));
		if (*p != ',')
			return NULL;
		p = ws(p + 1);
	}
	return NULL;
}

/* Element i of the array at p, or NULL. */
static const char *arr_get(const char *p, int i)
{
	if (!p)
		return NULL;
	p = ws(p);
	if (*p != '[')
		return NULL;
	p = ws(p + 1);
	for (int k = 0; *p && *p != ']'; k++) {
		if (k == i)
			return p;
		p = ws(skip_value(p));
		if (*p != ',')
			return NULL;
		p = ws(p + 1);
	}
	return NULL;
}

static long jnum(const char *p, long dflt)
{
	if (!p)
		return dflt;
	char *end = NULL;
	long v = strtol(p, &end, 10);
	return end == p ? dflt : v;
}

static int jtrue(const char *p)
{
	return p && !strncmp(p, "true", 4);
}

/* ---- API wrappers ---- */

static char *view_json(const crisk_game *g, int viewer)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *buf = malloc(len + 1);
	if (!buf)
		return NULL;
	if (crisk_game_to_json(g, viewer, buf, len + 1, &len) != CRISK_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

static char *events_json(const crisk_game *g, uint64_t since, int viewer)
{
	size_t len = 0;
	int rc = crisk_game_events_json(g, since, viewer, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *buf = malloc(len + 1);
	if (!buf)
		return NULL;
	if (crisk_game_events_json(g, since, viewer, buf, len + 1, &len) != CRISK_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int same_json(const crisk_game *a, const crisk_game *b, int viewer)
{
	char *ja = view_json(a, viewer), *jb = view_json(b, viewer);
	int same = ja && jb && !strcmp(ja, jb);
	free(ja);
	free(jb);
	return same;
}

static void action_text(const crisk_game *g, crisk_action a, char *buf, size_t cap)
{
	if (crisk_game_action_to_string(g, a, buf, cap, NULL) != CRISK_OK)
		snprintf(buf, cap, "0x%016" PRIx64, (uint64_t)a);
}

static int is_listed(const run *R, crisk_action a)
{
	size_t lo = 0, hi = R->n_legal;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (R->legal[mid] == a)
			return 1;
		if (R->legal[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static uint32_t catan_type(crisk_action a)
{
	crisk_catan_action d;
	crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION);
	return crisk_catan_action_decode(&d, a) == CRISK_OK ? d.type : 0;
}

/* ---- checks ---- */

/* crisk_game_legal_actions_except without offers: the full list less its
 * offers, in the same order (the built-in listers skip them natively). */
static int check_except(run *R)
{
	const uint64_t offers = CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE);
	size_t count = 0, m = 0;
	int rc = crisk_game_legal_actions_except(R->g, offers, R->kept, R->legal_cap, &count);
	if (rc != CRISK_OK)
		return fail(R, "legal_actions_except = %d: %s", rc, crisk_error_last());
	for (size_t i = 0; i < R->n_legal; i++) {
		if (CRISK_ACTION_TYPE(R->legal[i]) == CRISK_CATAN_OFFER_TRADE)
			continue;
		if (m >= count || R->kept[m] != R->legal[i])
			return fail(R, "the list without offers differs from the full list at %zu", m);
		m++;
	}
	if (m != count)
		return fail(R, "the list without offers has %zu actions, not %zu", count, m);
	return 0;
}

static int check_legal(run *R)
{
	size_t count = 0;
	int rc = crisk_game_legal_actions(R->g, NULL, 0, &count);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return fail(R, "legal_actions(size) = %d: %s", rc, crisk_error_last());
	if (count > R->legal_cap) {
		crisk_action *p = realloc(R->legal, count * sizeof *p);
		if (!p)
			return fail(R, "out of memory");
		R->legal = p;
		p = realloc(R->kept, count * sizeof *p);
		if (!p)
			return fail(R, "out of memory");
		R->kept = p;
		R->legal_cap = count;
	}
	size_t again = 0;
	rc = crisk_game_legal_actions(R->g, R->legal, R->legal_cap, &again);
	if (rc != CRISK_OK || again != count)
		return fail(R, "legal_actions = %d, count %zu then %zu", rc, count, again);
	R->n_legal = count;
	if (!count)
		return fail(R, "no legal action while the game runs (B-128)");
	for (size_t i = 0; i < count; i++) {
		if (i && R->legal[i - 1] >= R->legal[i])
			return fail(R, "legal list not strictly ascending at %zu", i);
		char t[256];
		action_text(R->g, R->legal[i], t, sizeof t);
		if (crisk_game_check(R->g, R->legal[i]) != CRISK_OK)
			return fail(R, "listed \"%s\" refused by check: %s", t, crisk_error_last());
		/* The text form reads back as the same code. */
		crisk_action back = 0;
		if (crisk_game_action_from_string(&back, R->g, t) != CRISK_OK || back != R->legal[i])
			return fail(R, "\"%s\" does not read back as 0x%016" PRIx64 ": %s", t, (uint64_t)R->legal[i],
				    crisk_error_last());
		R->checks++;
	}
	return check_except(R);
}

static int uf_find(int32_t *uf, int x)
{
	while (uf[x] != x)
		x = uf[x] = uf[uf[x]];
	return x;
}

/* B-141 on the board: the robber on a land hex, no two buildings on
 * neighbouring intersections, and every connected group of a seat's roads
 * touching a building of that seat.  Fills the piece arrays of R. */
static int check_board(run *R, const crisk_game *x)
{
	for (int n = 0; n < R->n_nodes; n++) {
		R->node_owner[n] = -1;
		R->node_kind[n] = 0;
		if (crisk_catan_building(x, n, &R->node_owner[n], &R->node_kind[n]) != CRISK_OK)
			return fail(R, "building query %d: %s", n, crisk_error_last());
	}
	for (int p = 0; p < R->n_paths; p++) {
		R->road_owner[p] = -1;
		if (crisk_catan_road(x, p, &R->road_owner[p]) != CRISK_OK)
			return fail(R, "road query %d: %s", p, crisk_error_last());
	}
	int32_t robber = -1;
	if (crisk_catan_robber(x, &robber) != CRISK_OK || robber < 0 || robber >= R->n_land)
		return fail(R, "robber on hex %d, not a land hex", robber);
	for (int p = 0; p < R->n_paths; p++) {
		int a = R->path_end[p][0], b = R->path_end[p][1];
		if (R->node_kind[a] && R->node_kind[b])
			return fail(R, "buildings on neighbouring intersections %d and %d (B-75)", a, b);
	}
	for (int s = 0; s < R->seats; s++) {
		for (int n = 0; n < R->n_nodes; n++)
			R->uf[n] = n;
		for (int p = 0; p < R->n_paths; p++)
			if (R->road_owner[p] == s)
				R->uf[uf_find(R->uf, R->path_end[p][0])] = uf_find(R->uf, R->path_end[p][1]);
		for (int n = 0; n < R->n_nodes; n++)
			R->anchored[n] = 0;
		for (int n = 0; n < R->n_nodes; n++)
			if (R->node_owner[n] == s && R->node_kind[n])
				R->anchored[uf_find(R->uf, n)] = 1;
		for (int p = 0; p < R->n_paths; p++)
			if (R->road_owner[p] == s && !R->anchored[uf_find(R->uf, R->path_end[p][0])] &&
			    !R->opt->floating_roads)
				return fail(R, "seat %d's road %d is in a group without its building", s, p);
	}
	return 0;
}

/* Catan-family invariants (B-141) on game x; progress < 0 skips the
 * development card total (it needs the event history of the main game). */
static int check_catan(run *R, const crisk_game *x, int progress)
{
	int32_t bank[5], deck = 0, sum[5] = {0};
	R->catan_checks++;
	if (crisk_catan_bank(x, bank, &deck) != CRISK_OK)
		return fail(R, "bank query: %s", crisk_error_last());
	if (check_board(R, x))
		return -1;
	char *js = view_json(x, CRISK_VIEWER_OMNISCIENT);
	if (!js)
		return fail(R, "omniscient view failed: %s", crisk_error_last());
	const char *seats = obj_get(js, "seats");
	int rc = 0, devs = 0, lr_holders = 0, la_holders = 0;
	long road_len[MAX_SEATS] = {0}, knights_of[MAX_SEATS] = {0};
	int lr_holder = -1, la_holder = -1;
	for (int s = 0; s < R->seats && !rc; s++) {
		int32_t h[5], d[5], cards = -1, dev = -1, knights = -1;
		if (crisk_catan_hand(x, s, CRISK_VIEWER_OMNISCIENT, h) != CRISK_OK ||
		    crisk_catan_dev_cards(x, s, CRISK_VIEWER_OMNISCIENT, d) != CRISK_OK ||
		    crisk_catan_seat_counts(x, s, &cards, &dev, &knights) != CRISK_OK) {
			rc = fail(R, "seat %d queries: %s", s, crisk_error_last());
			break;
		}
		int32_t hidden[5];
		int other = (s + 1) % R->seats;
		if (R->seats > 1 && crisk_catan_hand(x, s, other, hidden) != CRISK_EHIDDEN)
			rc = fail(R, "seat %d sees seat %d's hand", other, s);
		if (crisk_catan_hand(x, s, CRISK_VIEWER_SPECTATOR, hidden) != CRISK_EHIDDEN ||
		    crisk_catan_dev_cards(x, s, CRISK_VIEWER_SPECTATOR, hidden) != CRISK_EHIDDEN)
			rc = fail(R, "a spectator sees seat %d's cards", s);
		int total = 0;
		for (int r = 0; r < 5; r++) {
			if (h[r] < 0)
				rc = fail(R, "seat %d holds %d of resource %d", s, h[r], r);
			sum[r] += h[r];
			total += h[r];
		}
		if (total != cards)
			rc = fail(R, "seat %d: hand %d but seat_counts says %d", s, total, cards);
		if (d[0] + d[1] + d[2] + d[3] + d[4] != dev)
			rc = fail(R, "seat %d: dev cards by type do not add up to %d", s, dev);
		devs += dev + knights;

		/* Pieces on the board + supply (B-141). */
		int on_board[3] = {0, 0, 0};
		for (int n = 0; n < R->n_nodes; n++)
			if (R->node_owner[n] == s && R->node_kind[n] >= 1 && R->node_kind[n] <= 2)
				on_board[R->node_kind[n] - 1]++;
		for (int p = 0; p < R->n_paths; p++)
			on_board[2] += R->road_owner[p] == s;
		const char *seat = arr_get(seats, s);
		const char *pieces = obj_get(seat, "pieces");
		const char *names[3] = {"settlements", "cities", "roads"};
		for (int k = 0; k < 3; k++) {
			long supply = jnum(obj_get(pieces, names[k]), -1);
			int extra = R->opt->extra_pieces ? R->opt->extra_pieces(x, s, k) : 0;
			if (supply < 0 || on_board[k] + supply != R->piece_total[s][k] + extra)
				rc = fail(R, "seat %d %s: %d on board + %ld in supply != %d", s, names[k], on_board[k],
					  supply, R->piece_total[s][k]);
		}

		/* Scores recomputed from the board (B-103, B-107). */
		int lr = jtrue(obj_get(seat, "longest_road")), la = jtrue(obj_get(seat, "largest_army"));
		lr_holders += lr;
		la_holders += la;
		if (lr)
			lr_holder = s;
		if (la)
			la_holder = s;
		road_len[s] = jnum(obj_get(seat, "road_length"), -1);
		knights_of[s] = knights;
		int visible = on_board[0] + 2 * on_board[1] + 2 * lr + 2 * la + (R->opt->extra_vp ? R->opt->extra_vp(x, s) : 0);
		int omni = -1, spect = -1, own = -1, others = -1;
		crisk_game_score(x, s, CRISK_VIEWER_OMNISCIENT, &omni);
		crisk_game_score(x, s, CRISK_VIEWER_SPECTATOR, &spect);
		crisk_game_score(x, s, s, &own);
		crisk_game_score(x, s, other, &others);
		if (omni != visible + d[CRISK_CATAN_VICTORY_POINT] || own != omni)
			rc = fail(R, "seat %d score %d (own view %d), recomputed %d + %d VP cards", s, omni, own, visible,
				  d[CRISK_CATAN_VICTORY_POINT]);
		/* A winner's VP cards are revealed (B-84, B-134). */
		int winner = -1;
		int revealed = crisk_game_status(x, &winner) == CRISK_STATUS_WON && winner == s;
		int public_vp = visible + (revealed ? d[CRISK_CATAN_VICTORY_POINT] : 0);
		if (spect != public_vp || (R->seats > 1 && others != public_vp))
			rc = fail(R, "seat %d public score %d/%d, recomputed %d", s, spect, others, public_vp);
		if (jnum(obj_get(seat, "visible_vp"), -1) != visible)
			rc = fail(R, "seat %d JSON visible_vp differs from %d", s, visible);
	}
	for (int r = 0; r < 5 && !rc; r++)
		if (bank[r] < 0 || bank[r] + sum[r] != R->res_total[r])
			rc = fail(R, "resource %d: bank %d + hands %d != %d", r, bank[r], sum[r], R->res_total[r]);
	if (!rc && R->opt->dev_removed)
		devs += R->opt->dev_removed(x);
	if (!rc && progress >= 0 && deck + devs + progress != R->dev_total)
		rc = fail(R, "development cards: deck %d + seats %d + played progress %d != %d", deck, devs, progress,
			  R->dev_total);
	if (!rc && R->opt->invariant) {
		char why[256] = "";
		if (R->opt->invariant(x, why, sizeof why))
			rc = fail(R, "module invariant: %s", why);
	}
	if (!rc && (lr_holders > 1 || la_holders > 1))
		rc = fail(R, "%d Longest Road and %d Largest Army holders", lr_holders, la_holders);
	if (!rc && lr_holder >= 0) {
		for (int s = 0; s < R->seats; s++)
			if (road_len[s] > road_len[lr_holder])
				rc = fail(R, "Longest Road holder %d (%ld) is shorter than seat %d (%ld)", lr_holder,
					  road_len[lr_holder], s, road_len[s]);
		if (road_len[lr_holder] < 5)
			rc = fail(R, "Longest Road holder %d has length %ld", lr_holder, road_len[lr_holder]);
	}
	if (!rc && la_holder >= 0) {
		for (int s = 0; s < R->seats; s++)
			if (knights_of[s] > knights_of[la_holder])
				rc = fail(R, "Largest Army holder %d has fewer knights than seat %d", la_holder, s);
		if (knights_of[la_holder] < 3)
			rc = fail(R, "Largest Army holder %d has %ld knights", la_holder, knights_of[la_holder]);
	}
	free(js);
	return rc;
}

/* No seat's view shows another seat's hand or development cards. */
static int check_views(run *R)
{
	int rc = 0;
	for (int v = -1; v < R->seats && !rc; v++) {
		int viewer = v < 0 ? CRISK_VIEWER_SPECTATOR : v;
		char *js = view_json(R->g, viewer);
		if (!js)
			return fail(R, "view of %d failed: %s", viewer, crisk_error_last());
		const char *seats = obj_get(js, "seats");
		for (int s = 0; s < R->seats && !rc; s++) {
			const char *seat = arr_get(seats, s);
			if (s == v) {
				if (R->catan && !obj_get(seat, "hand"))
					rc = fail(R, "seat %d's own view lacks its hand", s);
				continue;
			}
			if (obj_get(seat, "hand") || obj_get(seat, "dev") || obj_get(seat, "dev_new"))
				rc = fail(R, "view of %d shows seat %d's cards", viewer, s);
		}
		free(js);
	}
	return rc;
}

/* Hidden event arguments stay hidden from seats not involved (B-134). */
static int check_new_events(run *R)
{
	uint64_t first = 0, next = 0;
	crisk_game_event_range(R->g, &first, &next);
	if (R->seen_seq < first)
		R->seen_seq = first;
	for (uint64_t q = R->seen_seq; q < next; q++) {
		crisk_event e;
		crisk_event_init(&e, CRISK_EVENT_VERSION);
		if (crisk_game_event(&e, R->g, q, CRISK_VIEWER_OMNISCIENT) != CRISK_OK)
			return fail(R, "event %" PRIu64 " unreadable: %s", q, crisk_error_last());
		if (e.seq != q)
			return fail(R, "event %" PRIu64 " has seq %" PRIu64, q, e.seq);
		if (!R->catan)
			continue;
		if (e.type == CRISK_CATAN_EV_PLAY_DEV && e.args[0] != CRISK_CATAN_KNIGHT)
			R->progress_played++;
		if (e.type != CRISK_CATAN_EV_STEAL && e.type != CRISK_CATAN_EV_BUY_DEV)
			continue;
		for (int v = -1; v < R->seats; v++) {
			int viewer = v < 0 ? CRISK_VIEWER_SPECTATOR : v;
			if (v == e.seat || (e.type == CRISK_CATAN_EV_STEAL && v == e.target))
				continue;
			crisk_event seen;
			crisk_event_init(&seen, CRISK_EVENT_VERSION);
			crisk_game_event(&seen, R->g, q, viewer);
			if (seen.args[0] != CRISK_HIDDEN)
				return fail(R, "event %" PRIu64 " (type %u) shows its card to viewer %d", q, e.type, viewer);
		}
	}
	R->seen_seq = next;
	return 0;
}

/* A code that is not listed: refused with the game unchanged, or accepted by
 * both check and apply. */
static int check_garbage(run *R)
{
	for (int i = 0; i < GARBAGE_PER_STEP; i++) {
		crisk_action base = R->legal[crng_below(&R->rng, R->n_legal)];
		crisk_action code;
		switch (crng_below(&R->rng, 3)) {
		case 0: /* flip one or two payload bits of a listed code */
			code = base ^ ((crisk_action)1 << crng_below(&R->rng, 56));
			if (crng_below(&R->rng, 2))
				code ^= (crisk_action)1 << crng_below(&R->rng, 56);
			break;
		case 1: /* another type with this payload */
			code = (base & ((UINT64_C(1) << 56) - 1)) | ((crisk_action)crng_below(&R->rng, 256) << 56);
			break;
		default:
			code = crng_next(&R->rng);
			break;
		}
		if (is_listed(R, code))
			continue;
		char t[128];
		action_text(R->g, code, t, sizeof t);
		int rc = crisk_game_check(R->g, code);
		if (rc == CRISK_OK) {
			/* Well-formed but outside the bounded list (B-100): apply agrees. */
			crisk_game_copy(R->scratch, R->g);
			if (crisk_game_apply(R->scratch, code) != CRISK_OK)
				return fail(R, "unlisted \"%s\" passes check but apply refuses: %s", t, crisk_error_last());
			R->garbage_accepted++;
			if (R->catan && check_catan(R, R->scratch, -1))
				return fail(R, "invariants broken after unlisted \"%s\"", t);
			continue;
		}
		if (rc != CRISK_EILLEGAL)
			return fail(R, "check \"%s\" = %d, expected CRISK_EILLEGAL", t, rc);
		if (!crisk_error_last()[0])
			return fail(R, "check \"%s\" refused without a message", t);
		char *before = view_json(R->g, CRISK_VIEWER_OMNISCIENT);
		uint64_t next0 = 0, next1 = 0;
		crisk_game_event_range(R->g, NULL, &next0);
		rc = crisk_game_apply(R->g, code);
		const char *msg = crisk_error_last();
		int empty = !msg[0];
		char *after = view_json(R->g, CRISK_VIEWER_OMNISCIENT);
		crisk_game_event_range(R->g, NULL, &next1);
		int changed = !before || !after || strcmp(before, after) || next0 != next1;
		free(before);
		free(after);
		if (rc != CRISK_EILLEGAL)
			return fail(R, "apply \"%s\" = %d after check refused it", t, rc);
		if (empty)
			return fail(R, "apply \"%s\" refused without a message", t);
		if (changed)
			return fail(R, "refused \"%s\" changed the game", t);
		R->garbage_refused++;
	}
	return 0;
}

/* Every action of the module's action index (crisk_rl_index_action) that
 * check accepts is listed (check_legal asks the other way), every
 * COMPLETE_EVERY-th step at a seat's decision point: a legal action that
 * the list leaves out is one no player or bot is offered.  Codes a module
 * lists only by a representative (opt->listed_as) stand for it; trade offers
 * (B-100's bounded family) have no index. */
static int check_complete(run *R, int seat)
{
	if (!R->n_index || seat < 0 || R->step % COMPLETE_EVERY)
		return 0;
	for (size_t i = 0; i < R->n_index; i++) {
		crisk_action a;
		if (crisk_rl_index_action(R->g, i, &a) != CRISK_OK)
			return fail(R, "crisk_rl_index_action(%zu): %s", i, crisk_error_last());
		if (crisk_game_check(R->g, a) != CRISK_OK ||
		    is_listed(R, R->opt->listed_as ? R->opt->listed_as(a) : a))
			continue;
		char t[128];
		action_text(R->g, a, t, sizeof t);
		return fail(R, "\"%s\" (index %zu) passes check but is not listed", t, i);
	}
	R->completes++;
	return 0;
}

/* At a chance point: outcomes = legal list, probabilities positive, sum 1.
 * Returns the index of an outcome drawn with its probability, or -1. */
static int check_chance(run *R, double *probs_out)
{
	size_t count = 0;
	crisk_action *acts = malloc(R->n_legal * sizeof *acts);
	double *probs = malloc(R->n_legal * sizeof *probs);
	if (!acts || !probs) {
		free(acts);
		free(probs);
		return fail(R, "out of memory");
	}
	int rc = crisk_game_chance_probabilities(R->g, acts, probs, R->n_legal, &count);
	int pick = -1;
	if (rc != CRISK_OK || count != R->n_legal) {
		fail(R, "chance probabilities = %d with %zu outcomes for %zu listed: %s", rc, count, R->n_legal,
		     crisk_error_last());
	} else {
		double total = 0;
		for (size_t i = 0; i < count && pick == -1; i++) {
			if (acts[i] != R->legal[i] || !(probs[i] > 0) || probs[i] > 1)
				pick = fail(R, "chance outcome %zu: code or probability %g wrong", i, probs[i]);
			total += probs[i];
		}
		if (pick == -1 && fabs(total - 1.0) > 1e-9)
			pick = fail(R, "chance probabilities sum to %.12f", total);
		if (pick == -1) {
			double u = crng_unit(&R->rng) * total, acc = 0;
			pick = (int)count - 1;
			for (size_t i = 0; i < count; i++) {
				acc += probs[i];
				if (u < acc) {
					pick = (int)i;
					break;
				}
			}
			for (size_t i = 0; i < count; i++)
				probs_out[i] = probs[i];
		}
	}
	free(acts);
	free(probs);
	return pick;
}

/* Whether seat s holds different cards in a and b (so may see a difference). */
static int cards_differ(const crisk_game *a, const crisk_game *b, int s)
{
	int32_t ha[5], hb[5], da[5], db[5];
	if (crisk_catan_hand(a, s, CRISK_VIEWER_OMNISCIENT, ha) != CRISK_OK ||
	    crisk_catan_hand(b, s, CRISK_VIEWER_OMNISCIENT, hb) != CRISK_OK ||
	    crisk_catan_dev_cards(a, s, CRISK_VIEWER_OMNISCIENT, da) != CRISK_OK ||
	    crisk_catan_dev_cards(b, s, CRISK_VIEWER_OMNISCIENT, db) != CRISK_OK)
		return 1;
	return memcmp(ha, hb, sizeof ha) || memcmp(da, db, sizeof da);
}

/* Differential leak test: two copies that differ only in one hidden chance
 * outcome look the same to every seat whose own cards do not differ. */
static int check_differential(run *R, int pick, const double *probs)
{
	uint32_t type = catan_type(R->legal[pick]);
	if (type != CRISK_CATAN_STEAL_RESULT && type != CRISK_CATAN_DEV_RESULT)
		return 0;
	int other = -1;
	for (size_t i = 0; i < R->n_legal && other < 0; i++)
		if ((int)i != pick && probs[i] > 0)
			other = (int)i;
	if (other < 0)
		return 0;
	crisk_game *a = NULL, *b = NULL;
	if (crisk_game_clone(&a, R->g) != CRISK_OK || crisk_game_clone(&b, R->g) != CRISK_OK) {
		crisk_game_free(a);
		return fail(R, "clone failed: %s", crisk_error_last());
	}
	uint64_t since = 0;
	crisk_game_event_range(R->g, NULL, &since);
	int rc = 0;
	if (crisk_game_apply(a, R->legal[pick]) != CRISK_OK || crisk_game_apply(b, R->legal[other]) != CRISK_OK)
		rc = fail(R, "chance outcome refused on a clone: %s", crisk_error_last());
	/* A VP card may end the game and be revealed (B-84): nothing to compare then. */
	if (!rc && crisk_game_status(a, NULL) == CRISK_STATUS_RUNNING &&
	    crisk_game_status(b, NULL) == CRISK_STATUS_RUNNING) {
		R->differential++;
		for (int v = -1; v < R->seats && !rc; v++) {
			if (v >= 0 && cards_differ(a, b, v))
				continue;
			int viewer = v < 0 ? CRISK_VIEWER_SPECTATOR : v;
			if (!same_json(a, b, viewer))
				rc = fail(R, "view of %d reveals a hidden %s outcome", viewer,
					  type == CRISK_CATAN_STEAL_RESULT ? "steal" : "draw");
			char *ea = events_json(a, since, viewer), *eb = events_json(b, since, viewer);
			if (!rc && (!ea || !eb || strcmp(ea, eb)))
				rc = fail(R, "events seen by %d reveal a hidden %s outcome", viewer,
					  type == CRISK_CATAN_STEAL_RESULT ? "steal" : "draw");
			free(ea);
			free(eb);
		}
	}
	crisk_game_free(a);
	crisk_game_free(b);
	return rc;
}

/* Random policy: a uniformly random action type, then a uniformly random
 * action of that type, so turns end and games finish.  The module's rare
 * types (e.g. conceding) are left out once in a while only, or when they
 * are all there is. */
static size_t policy(run *R)
{
	unsigned types[256];
	int n_types = 0, rare_ok = !R->opt->rare_types || crng_below(&R->rng, 200) == 0;
	for (int pass = 0; pass < 2 && !n_types; pass++)
		for (size_t i = 0; i < R->n_legal; i++) {
			unsigned t = (unsigned)(R->legal[i] >> 56);
			if (!pass && !rare_ok && t < 64 && (R->opt->rare_types & (UINT64_C(1) << t)))
				continue;
			if (!n_types || types[n_types - 1] != t)
				types[n_types++] = t;
		}
	unsigned t = types[crng_below(&R->rng, (uint64_t)n_types)];
	size_t first = 0, n = 0;
	for (size_t i = 0; i < R->n_legal; i++)
		if ((unsigned)(R->legal[i] >> 56) == t) {
			if (!n)
				first = i;
			n++;
		}
	return first + crng_below(&R->rng, n);
}

/* Keeps a clone and a copy one step behind the game for a few actions. */
/* A save of g in either form, in a malloc'ed buffer (text NUL-terminated). */
static int save_of(const crisk_game *g, int json, char **out, size_t *len)
{
	*out = NULL;
	int rc = json ? crisk_game_save_json(g, NULL, 0, len) : crisk_game_save(g, NULL, 0, len);
	if (rc != CRISK_EBUFSIZE && rc != CRISK_OK)
		return rc;
	char *buf = malloc(*len + 1);
	if (!buf)
		return CRISK_ENOMEM;
	rc = json ? crisk_game_save_json(g, buf, *len + 1, len) : crisk_game_save(g, buf, *len, len);
	if (rc) {
		free(buf);
		return rc;
	}
	buf[*len] = '\0';
	*out = buf;
	return CRISK_OK;
}

/* Loads through the game's own rules (which the loader shares when the
 * parameters match, so this is cheap enough for every step) or, with
 * by_name, as a host without rules would: built-in modules by the module
 * name in the save, building their rules anew. */
static int load_of(run *R, crisk_game **out, int json, const char *data, size_t len, int by_name)
{
	if (!by_name || R->table || strchr(R->module, '/'))
		return json ? crisk_game_load_json_as(out, R->rules, data, len) : crisk_game_load_as(out, R->rules, data, len);
	return json ? crisk_game_load_json(out, data, len) : crisk_game_load(out, data, len);
}

/* Whether g saves (in form json) to exactly want[0..len). */
static int saves_to(const crisk_game *g, int json, const char *want, size_t len)
{
	char *got;
	size_t n;
	int same = save_of(g, json, &got, &n) == CRISK_OK && n == len && memcmp(got, want, len) == 0;
	free(got);
	return same;
}

/* Every state that play reaches saves and loads back (issue 14): the binary
 * and the JSON save of this state each load and re-save to the same bytes
 * in both forms, and the loaded games list the same actions.  The loaded
 * games then take the game's next action (check_saves_followed), and at the
 * next check they must save to the same bytes as the game. */
static int check_saves(run *R, int final)
{
	if (R->saves_unsupported)
		return 0;
	char *save[2] = {NULL, NULL};
	size_t len[2] = {0, 0};
	int rc = save_of(R->g, 0, &save[0], &len[0]);
	if (rc == CRISK_EUNSUPPORTED) {
		R->saves_unsupported = 1;
		return 0;
	}
	if (rc)
		return fail(R, "binary save refused: %s", crisk_error_last());
	rc = save_of(R->g, 1, &save[1], &len[1]);
	if (rc && rc != CRISK_EUNSUPPORTED) {
		free(save[0]);
		return fail(R, "JSON save refused: %s", crisk_error_last());
	}
	crisk_game **l[2] = {&R->loaded_bin, &R->loaded_json};
	const char *form[2] = {"binary", "JSON"};
	int bad = 0;
	for (int i = 0; i < 2 && !bad; i++) {
		/* The games loaded at the previous check, one action later. */
		if (*l[i] && !saves_to(*l[i], 0, save[0], len[0]))
			bad = fail(R, "the game loaded from its %s save diverged after one action", form[i]);
		crisk_game_free(*l[i]);
		*l[i] = NULL;
	}
	for (int i = 0; i < 2 && !bad && save[i]; i++) {
		if (load_of(R, l[i], i, save[i], len[i], final || R->step % LOAD_BY_NAME_EVERY == 0)) {
			bad = fail(R, "the game's own %s save does not load: %s", form[i], crisk_error_last());
			break;
		}
		for (int j = 0; j < 2 && !bad; j++)
			if (save[j] && !saves_to(*l[i], j, save[j], len[j]))
				bad = fail(R, "the %s save loads into a game whose %s save differs", form[i], form[j]);
		size_t n = 0;
		if (!bad && (crisk_game_legal_actions(*l[i], R->kept, R->legal_cap, &n) != CRISK_OK || n != R->n_legal ||
			     memcmp(R->kept, R->legal, n * sizeof *R->kept) != 0))
			bad = fail(R, "the game loaded from its %s save lists other actions", form[i]);
	}
	free(save[0]);
	free(save[1]);
	if (!bad)
		R->saves_checked++;
	return bad ? -1 : 0;
}

static int check_saves_followed(run *R, crisk_action a)
{
	crisk_game *l[2] = {R->loaded_bin, R->loaded_json};
	for (int i = 0; i < 2; i++)
		if (l[i] && crisk_game_apply(l[i], a) != CRISK_OK)
			return fail(R, "the game loaded from its %s save refused the game's action: %s",
				    i ? "JSON" : "binary", crisk_error_last());
	return 0;
}

static int follow(run *R, crisk_action a)
{
	R->follow_now = 0;
	if (!R->follow_left) {
		if (crng_below(&R->rng, 25))
			return 0;
		crisk_game_free(R->follow_clone);
		R->follow_clone = NULL;
		if (crisk_game_clone(&R->follow_clone, R->g) != CRISK_OK)
			return fail(R, "crisk_game_clone: %s", crisk_error_last());
		if (crisk_game_copy(R->follow_copy, R->g) != CRISK_OK)
			return fail(R, "crisk_game_copy: %s", crisk_error_last());
		R->follow_left = CLONE_FOLLOW_STEPS;
	}
	R->follow_left--;
	R->follow_now = 1;
	if (crisk_game_apply(R->follow_clone, a) != CRISK_OK || crisk_game_apply(R->follow_copy, a) != CRISK_OK)
		return fail(R, "a clone refused the game's action: %s", crisk_error_last());
	return 0;
}

static int follow_compare(run *R)
{
	if (!R->follow_now)
		return 0;
	if (!same_json(R->g, R->follow_clone, CRISK_VIEWER_OMNISCIENT))
		return fail(R, "a crisk_game_clone diverged from the game");
	if (!same_json(R->g, R->follow_copy, CRISK_VIEWER_OMNISCIENT))
		return fail(R, "a crisk_game_copy diverged from the game");
	return 0;
}

static int record(run *R, crisk_action a)
{
	if (R->n_history == R->history_cap) {
		size_t cap = R->history_cap ? 2 * R->history_cap : 1024;
		crisk_action *p = realloc(R->history, cap * sizeof *p);
		if (!p)
			return fail(R, "out of memory");
		R->history = p;
		R->history_cap = cap;
	}
	R->history[R->n_history++] = a;
	return 0;
}

/* The rules of the module under test: built in (with the host's data file,
 * if any), a vtable, or a shared object. */
static int new_rules(crisk_rules **out, const run *R)
{
	if (R->opt->data_path)
		return crisk_rules_new_with_data_file(out, R->module, R->params, R->opt->data_path);
	if (R->opt->data_text)
		return crisk_rules_new_with_data(out, R->module, R->params, R->opt->data_text, strlen(R->opt->data_text));
	if (R->table)
		return crisk_rules_new_with_module(out, R->table, R->params);
	if (strchr(R->module, '/'))
		return crisk_rules_new_from_file(out, R->module, R->params);
	return crisk_rules_new(out, R->module, R->params);
}

/* Seed + action list reproduce the game (with fresh rules). */
static int check_replay(run *R)
{
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	if (new_rules(&rules, R) != CRISK_OK || crisk_game_new(&g, rules) != CRISK_OK) {
		crisk_rules_free(rules);
		return fail(R, "replay: cannot create the game: %s", crisk_error_last());
	}
	int rc = 0;
	for (size_t i = 0; i < R->n_history && !rc; i++)
		if (crisk_game_apply(g, R->history[i]) != CRISK_OK)
			rc = fail(R, "replay refused action %zu: %s", i, crisk_error_last());
	if (!rc && !same_json(g, R->g, CRISK_VIEWER_OMNISCIENT))
		rc = fail(R, "replay of %zu actions ends in a different state", R->n_history);
	crisk_game_free(g);
	crisk_rules_free(rules);
	return rc;
}

static int count_ids(const crisk_game *g, int paths)
{
	int n = 0;
	for (;; n++) {
		int32_t owner = 0, kind = 0;
		int rc = paths ? crisk_catan_road(g, n, &owner) : crisk_catan_building(g, n, &owner, &kind);
		if (rc != CRISK_OK)
			return n;
	}
}

/* Path ends and the land hex count from the board description. */
static int read_board(run *R)
{
	size_t len = 0;
	int rc = crisk_rules_board_json(R->rules, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return fail(R, "board JSON: %s", crisk_error_last());
	char *js = malloc(len + 1);
	R->path_end = malloc((size_t)(R->n_paths ? R->n_paths : 1) * sizeof *R->path_end);
	R->node_owner = malloc((size_t)(R->n_nodes + 1) * sizeof *R->node_owner);
	R->node_kind = malloc((size_t)(R->n_nodes + 1) * sizeof *R->node_kind);
	R->uf = malloc((size_t)(R->n_nodes + 1) * sizeof *R->uf);
	R->anchored = malloc((size_t)(R->n_nodes + 1) * sizeof *R->anchored);
	R->road_owner = malloc((size_t)(R->n_paths + 1) * sizeof *R->road_owner);
	if (!js || !R->path_end || !R->node_owner || !R->node_kind || !R->uf || !R->anchored || !R->road_owner) {
		free(js);
		return fail(R, "out of memory");
	}
	rc = 0;
	if (crisk_rules_board_json(R->rules, js, len + 1, &len) != CRISK_OK) {
		rc = fail(R, "board JSON: %s", crisk_error_last());
	} else {
		R->n_land = (int)jnum(obj_get(js, "land_hexes"), -1);
		const char *paths = obj_get(js, "paths");
		const char *p = paths ? ws(paths) + 1 : NULL;
		for (int i = 0; i < R->n_paths && !rc; i++) {
			const char *ends = obj_get(p ? ws(p) : NULL, "nodes");
			long a = jnum(arr_get(ends, 0), -1), b = jnum(arr_get(ends, 1), -1);
			if (a < 0 || b < 0 || a >= R->n_nodes || b >= R->n_nodes) {
				rc = fail(R, "board JSON: path %d has no valid end points", i);
				break;
			}
			R->path_end[i][0] = (int)a;
			R->path_end[i][1] = (int)b;
			p = ws(skip_value(p));
			if (*p == ',')
				p++;
		}
	}
	free(js);
	return rc;
}

static int start_game(run *R)
{
	if (new_rules(&R->rules, R) != CRISK_OK)
		return fail(R, "crisk_rules_new: %s", crisk_error_last());
	if (crisk_game_new(&R->g, R->rules) != CRISK_OK || crisk_game_new(&R->scratch, R->rules) != CRISK_OK ||
	    crisk_game_new(&R->follow_copy, R->rules) != CRISK_OK)
		return fail(R, "crisk_game_new: %s", crisk_error_last());
	R->seats = crisk_rules_num_seats(R->rules);
	if (crisk_rl_action_count(R->rules, &R->n_index) != CRISK_OK)
		R->n_index = 0; /* no action index (host modules): no completeness check */
	if (R->seats < 1 || R->seats > MAX_SEATS)
		return fail(R, "%d seats", R->seats);
	int32_t bank[5], deck = 0;
	R->catan = crisk_catan_bank(R->g, bank, &deck) == CRISK_OK;
	if (!R->catan && catan_required)
		return fail(R, "the Catan queries refuse the module, so no Catan invariant can be checked: %s",
			    crisk_error_last());
	if (!R->catan)
		return 0;
	/* Totals at the start: everything is in the bank, deck and supplies (B-40). */
	memcpy(R->res_total, bank, sizeof bank);
	R->dev_total = deck;
	R->n_nodes = count_ids(R->g, 0);
	R->n_paths = count_ids(R->g, 1);
	if (read_board(R))
		return -1;
	char *js = view_json(R->g, CRISK_VIEWER_OMNISCIENT);
	if (!js)
		return fail(R, "omniscient view failed: %s", crisk_error_last());
	const char *seats = obj_get(js, "seats");
	for (int s = 0; s < R->seats; s++) {
		int32_t h[5];
		crisk_catan_hand(R->g, s, CRISK_VIEWER_OMNISCIENT, h);
		for (int r = 0; r < 5; r++)
			R->res_total[r] += h[r];
		const char *pieces = obj_get(arr_get(seats, s), "pieces");
		R->piece_total[s][0] = (int32_t)jnum(obj_get(pieces, "settlements"), -1);
		R->piece_total[s][1] = (int32_t)jnum(obj_get(pieces, "cities"), -1);
		R->piece_total[s][2] = (int32_t)jnum(obj_get(pieces, "roads"), -1);
	}
	free(js);
	/* Base components (B-6, B-7, B-9; 5-6 seats: B-113). */
	if (!strcmp(R->module, "base")) {
		int per_type = R->seats <= 4 ? 19 : 24, devs = R->seats <= 4 ? 25 : 34;
		for (int r = 0; r < 5; r++)
			if (R->res_total[r] != per_type)
				return fail(R, "%d cards of resource %d, not %d (B-6, B-113)", R->res_total[r], r, per_type);
		if (R->dev_total != devs)
			return fail(R, "%d development cards, not %d (B-7, B-113)", R->dev_total, devs);
		for (int s = 0; s < R->seats; s++)
			if (R->piece_total[s][0] != 5 || R->piece_total[s][1] != 4 || R->piece_total[s][2] != 15)
				return fail(R, "seat %d supply %d/%d/%d, not 5/4/15 (B-9)", s, R->piece_total[s][0],
					    R->piece_total[s][1], R->piece_total[s][2]);
	}
	return 0;
}

static int play(run *R)
{
	if (start_game(R))
		return -1;
	double *probs = NULL;
	for (R->step = 0;; R->step++) {
		int winner = -2;
		int status = crisk_game_status(R->g, &winner);
		int seat = crisk_game_current_seat(R->g);
		if (status != CRISK_STATUS_RUNNING) {
			size_t count = 1;
			crisk_game_legal_actions(R->g, NULL, 0, &count);
			if (seat != CRISK_SEAT_NONE || count != 0)
				return fail(R, "game over but seat %d acts with %zu actions (B-108)", seat, count);
			if ((status == CRISK_STATUS_WON) != (winner >= 0 && winner < R->seats))
				return fail(R, "status %d with winner %d", status, winner);
			break;
		}
		if (R->step >= MAX_STEPS_PER_GAME)
			return fail(R, "no end after %d steps (turn %" PRId64 ")", MAX_STEPS_PER_GAME,
				    crisk_game_turn(R->g));
		if (seat != CRISK_SEAT_CHANCE && (seat < 0 || seat >= R->seats))
			return fail(R, "current seat %d while running", seat);
		if (!R->catan && R->opt->invariant) { /* Catan modules: in check_catan */
			char msg[256] = "";
			if (R->opt->invariant(R->g, msg, sizeof msg))
				return fail(R, "module invariant: %s", msg);
		}
		if (check_legal(R) || check_new_events(R) || check_views(R) ||
		    (R->catan && check_catan(R, R->g, R->progress_played)) || check_garbage(R) || check_complete(R, seat) ||
		    check_saves(R, 0))
			return -1;
		size_t pick;
		if (seat == CRISK_SEAT_CHANCE) {
			double *p = realloc(probs, R->n_legal * sizeof *p);
			if (!p)
				return fail(R, "out of memory");
			probs = p;
			int k = check_chance(R, probs);
			if (k < 0 || (R->catan && check_differential(R, k, probs))) {
				free(probs);
				return -1;
			}
			pick = (size_t)k;
		} else {
			pick = policy(R);
		}
		crisk_action a = R->legal[pick];
		if (follow(R, a) || record(R, a)) {
			free(probs);
			return -1;
		}
		if (crisk_game_apply(R->g, a) != CRISK_OK) {
			char t[128];
			action_text(R->g, a, t, sizeof t);
			free(probs);
			return fail(R, "listed \"%s\" refused by apply: %s", t, crisk_error_last());
		}
		if (follow_compare(R) || check_saves_followed(R, a)) {
			free(probs);
			return -1;
		}
	}
	free(probs);
	R->n_legal = 0; /* game over: nothing is listed */
	if (check_new_events(R) || (R->catan && check_catan(R, R->g, R->progress_played)) || check_views(R) ||
	    check_saves(R, 1))
		return -1;
	return check_replay(R);
}

static void end_game(run *R)
{
	crisk_game_free(R->g);
	crisk_game_free(R->scratch);
	crisk_game_free(R->follow_copy);
	crisk_game_free(R->follow_clone);
	crisk_game_free(R->loaded_bin);
	crisk_game_free(R->loaded_json);
	crisk_rules_free(R->rules);
	free(R->legal);
	free(R->kept);
	free(R->history);
	free(R->path_end);
	free(R->node_owner);
	free(R->node_kind);
	free(R->road_owner);
	free(R->uf);
	free(R->anchored);
}

static int run_games(const char *module, const crisk_module *table, const char *params_without_seed, int games,
		     uint64_t first_seed, const conformance_options *options, char *report_buf, size_t cap)
{
	static const conformance_options none;
	report rep = {report_buf, cap, 0, 0};
	if (report_buf && cap)
		report_buf[0] = '\0';
	long steps = 0, checks = 0, refused = 0, accepted = 0, differential = 0, catan_checks = 0, saves = 0,
	     completes = 0;
	int won = 0, ended = 0, unsaved = 0;
	for (int i = 0; i < games; i++) {
		run R;
		memset(&R, 0, sizeof R);
		R.module = module;
		R.table = table;
		R.seed = first_seed + (uint64_t)i;
		R.rep = &rep;
		R.opt = options ? options : &none;
		R.rng.s = R.seed * UINT64_C(0x2545F4914F6CDD1D) + 1;
		snprintf(R.params, sizeof R.params, "%s seed=%" PRIu64, params_without_seed ? params_without_seed : "",
			 R.seed);
		int rc = play(&R);
		if (!R.rules) {
			end_game(&R);
			return -1;
		}
		if (!rc) {
			int status = crisk_game_status(R.g, NULL);
			won += status == CRISK_STATUS_WON;
			ended += status == CRISK_STATUS_ENDED;
		}
		steps += (long)R.step;
		checks += R.checks;
		refused += R.garbage_refused;
		accepted += R.garbage_accepted;
		completes += R.completes;
		differential += R.differential;
		catan_checks += R.catan_checks;
		saves += R.saves_checked;
		unsaved += R.saves_unsupported;
		end_game(&R);
	}
	rep_add(&rep,
		"%s \"%s\": %d games (%d won, %d ended by max_turns), %ld steps, %ld listed checks, "
		"%ld unlisted refused, %ld unlisted accepted, %ld states with every indexed action checked, %ld "
		"differential chance tests, %ld states with Catan invariants, %ld states saved and loaded back%s, %d "
		"failures\n",
		module, params_without_seed ? params_without_seed : "", games, won, ended, steps, checks, refused, accepted,
		completes, differential, catan_checks, saves, unsaved ? " (the module cannot save)" : "", rep.failures);
	return rep.failures;
}

static int run_all(const char *module, const crisk_module *table, const char *params_without_seed, int games,
		   uint64_t first_seed, char *report_buf, size_t cap)
{
	return run_games(module, table, params_without_seed, games, first_seed, NULL, report_buf, cap);
}

int conformance_run_ex(const char *module, const char *params_without_seed, int games, uint64_t first_seed,
		       const conformance_options *options, char *report_buf, size_t cap)
{
	return run_games(module, NULL, params_without_seed, games, first_seed, options, report_buf, cap);
}

int conformance_run(const char *module, const char *params_without_seed, int games, uint64_t first_seed,
		    char *report_buf, size_t cap)
{
	return run_all(module, NULL, params_without_seed, games, first_seed, report_buf, cap);
}

int conformance_run_module(const crisk_module *table, const char *params_without_seed, int games, uint64_t first_seed,
			   char *report_buf, size_t cap)
{
	return run_all(table && table->name ? table->name : "(no name)", table, params_without_seed, games, first_seed,
		       report_buf, cap);
}
