/* crisk-demo: plays one complete game between random bots and prints the
 * board, a turn log built from the game's events, and the final scores.
 * Module muhq has its own printing and bots in demo_muhq.c (the map drawn
 * every turn); module hawaii its map listing, names in the events and a
 * score table with fish in demo_hawaii.c.  Uses only the public API
 * (include/catanrisk.h). */
#include <catanrisk.h>

#include "demo_bots.h"
#include "demo_hawaii.h"
#include "demo_muhq.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game that has not ended after this many actions is reported as stuck. */
#define STEP_LIMIT 10000000u

typedef struct options {
	uint64_t seed;
	int players;
	int players_set; /* --players was given */
	const char *rules; /* extra parameters, may be NULL */
	int viewer;
	int no_offers;
	int list_params;
	const char *module;
	const char *svg_dir; /* --svg: one picture per turn there */
} options;

static void usage(FILE *f)
{
	fprintf(f, "usage: crisk-demo [--seed N] [--players N] [--rules \"key=value ...\"]\n"
		   "                  [--viewer spectator|omniscient|N] [--no-offers] [--module NAME]\n"
		   "                  [--svg DIR]\n"
		   "       crisk-demo --list-params [--module NAME]\n"
		   "Plays one game of module base (default) between uniform random bots and\n"
		   "prints the board, the event log and the final scores.\n"
		   "  --seed N      seed of the game and of the bots (default 1)\n"
		   "  --players N   seats (default 4; muhq: 2)\n"
		   "  --rules S     more parameters, e.g. \"board=beginner vp_target=8\"\n"
		   "  --viewer V    whose view the log shows: spectator (default), omniscient\n"
		   "                or a seat number N (also \"seat N\"), which shows that seat's hand\n"
		   "  --no-offers   bots never make domestic trade offers (shorter log)\n"
		   "  --module M    rule module (default base); with muhq the rules default to\n"
		   "                \"map=2P-ring-street players=2 draft=none\" and the map is\n"
		   "                drawn every turn; with hawaii the map is listed with its\n"
		   "                names, events name places, and fish are scored\n"
		   "  --svg DIR     also write an SVG picture of every turn as the viewer sees it\n"
		   "                (DIR/turn-NNNNN.svg, DIR/final.svg; DIR must exist)\n"
		   "  --list-params print the module's parameters and exit\n");
}

static int parse_u64(const char *text, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!text || !*text || *text == '-')
		return -1;
	unsigned long long v = strtoull(text, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

static int takes_value(const char *option)
{
	static const char *const with_value[] = { "--seed", "--players", "--rules", "--module", "--viewer", "--svg" };
	for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
		if (!strcmp(option, with_value[i]))
			return 1;
	return 0;
}

static int parse_options(options *o, int argc, char **argv)
{
	*o = (options){ .seed = 1, .players = 4, .viewer = CRISK_VIEWER_SPECTATOR, .module = "base" };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		uint64_t n;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else if (!strcmp(a, "--no-offers")) {
			o->no_offers = 1;
		} else if (!strcmp(a, "--list-params")) {
			o->list_params = 1;
		} else if (!takes_value(a)) {
			fprintf(stderr, "crisk-demo: unknown option '%s'\n", a);
			usage(stderr);
			return -1;
		} else if (!v) {
			fprintf(stderr, "crisk-demo: %s needs a value\n", a);
			return -1;
		} else if (!strcmp(a, "--seed")) {
			if (parse_u64(v, &o->seed)) {
				fprintf(stderr, "crisk-demo: --seed wants an unsigned 64-bit number, got '%s'\n", v);
				return -1;
			}
			i++;
		} else if (!strcmp(a, "--players")) {
			if (parse_u64(v, &n) || n < 1 || n > CRISK_MAX_SEATS) {
				fprintf(stderr, "crisk-demo: --players wants 1..%d, got '%s'\n", CRISK_MAX_SEATS, v);
				return -1;
			}
			o->players = (int)n;
			o->players_set = 1;
			i++;
		} else if (!strcmp(a, "--rules")) {
			o->rules = v;
			i++;
		} else if (!strcmp(a, "--module")) {
			o->module = v;
			i++;
		} else if (!strcmp(a, "--svg")) {
			o->svg_dir = v;
			i++;
		} else if (!strcmp(a, "--viewer")) {
			if (!strcmp(v, "spectator"))
				o->viewer = CRISK_VIEWER_SPECTATOR;
			else if (!strcmp(v, "omniscient"))
				o->viewer = CRISK_VIEWER_OMNISCIENT;
			else if (!parse_u64(!strncmp(v, "seat", 4) ? v + 4 + strspn(v + 4, " =") : v, &n) &&
				 n < CRISK_MAX_SEATS)
				o->viewer = (int)n;
			else {
				fprintf(stderr, "crisk-demo: --viewer wants spectator, omniscient or a seat, got '%s'\n", v);
				return -1;
			}
			i++;
		}
	}
	return 0;
}

/* Whether the parameter string already sets `key` (a key may appear once). */
static int has_key(const char *params, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = params; p && *p; p++) {
		int at_start = p == params || p[-1] == ' ' || p[-1] == ';' || p[-1] == '\t';
		if (at_start && !strncmp(p, key, n) && p[n] == '=')
			return 1;
	}
	return 0;
}

static void build_params(char *buf, size_t cap, const options *o)
{
	size_t len = 0;
	buf[0] = '\0';
	int muhq = !strcmp(o->module, "muhq");
	if (muhq && !has_key(o->rules, "map"))
		len += (size_t)snprintf(buf + len, cap - len, "map=2P-ring-street ");
	if (len < cap && !has_key(o->rules, "players"))
		len += (size_t)snprintf(buf + len, cap - len, "players=%d ", muhq && !o->players_set ? 2 : o->players);
	if (len < cap && muhq && !has_key(o->rules, "draft"))
		len += (size_t)snprintf(buf + len, cap - len, "draft=none ");
	if (len < cap && !has_key(o->rules, "seed"))
		len += (size_t)snprintf(buf + len, cap - len, "seed=%" PRIu64 " ", o->seed);
	if (len < cap && o->rules)
		snprintf(buf + len, cap - len, "%s", o->rules);
}

static int fail(const char *what, int code)
{
	fprintf(stderr, "crisk-demo: %s: %s (%s)\n", what, crisk_error_last(), crisk_strerror(code));
	return 1;
}

/* Text the library returns into a caller buffer: ask for the size, then fill. */
static char *fetch_text(int (*get)(const crisk_rules *, char *, size_t, size_t *), const crisk_rules *rules)
{
	size_t len = 0;
	int rc = get(rules, NULL, 0, &len);
	if (rc != CRISK_OK && rc != CRISK_EBUFSIZE)
		return NULL;
	char *buf = malloc(len + 1);
	if (buf && get(rules, buf, len + 1, NULL) != CRISK_OK) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

/* The module's parameters as the library describes them (for UIs and docs). */
static int list_params(const char *module)
{
	int n = crisk_module_param_count(module);
	if (n < 0)
		return fail("parameters", n);
	printf("parameters of module %s:\n", module);
	for (int i = 0; i < n; i++) {
		crisk_param_info info;
		crisk_param_info_init(&info, CRISK_PARAM_INFO_VERSION);
		int rc = crisk_module_param_info(&info, module, i);
		if (rc)
			return fail("parameters", rc);
		printf("  %-26s %-6s default %-8s accepts %s\n      %s\n", info.name, info.type,
		       *info.default_value ? info.default_value : "(required)", info.accepted, info.help);
	}
	return 0;
}

/* ---- A tiny JSON scanner, just enough to read the hexes of the board. ---- */

/* Skips one JSON value starting at p; returns the first character after it. */
static const char *skip_value(const char *p)
{
	int depth = 0;
	do {
		while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' || *p == ',' || *p == ':')
			p++;
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p)
				p++;
		} else if (*p == '{' || *p == '[') {
			depth++;
			p++;
			continue;
		} else if (*p == '}' || *p == ']') {
			depth--;
			p++;
		} else {
			while (*p && !strchr(",}] \n\t\r", *p))
				p++;
		}
	} while (*p && depth > 0);
	return p;
}

/* Finds "key": inside the object [obj, end) at its top level; returns the
 * value's first character or NULL. */
static const char *find_key(const char *obj, const char *end, const char *key)
{
	size_t n = strlen(key);
	const char *p = obj + 1;
	while (p < end) {
		while (p < end && *p != '"' && *p != '}')
			p++;
		if (p >= end || *p == '}')
			return NULL;
		const char *name = p + 1;
		p = skip_value(p);
		int match = (size_t)(p - 1 - name) == n && !strncmp(name, key, n);
		while (p < end && (*p == ' ' || *p == ':'))
			p++;
		if (match)
			return p;
		p = skip_value(p);
	}
	return NULL;
}

typedef struct hex_text {
	int q, r, token;
	char terrain[16];
} hex_text;

static void read_hex(const char *obj, const char *end, hex_text *h)
{
	const char *v;
	*h = (hex_text){ .token = 0 };
	if ((v = find_key(obj, end, "q")))
		h->q = atoi(v);
	if ((v = find_key(obj, end, "r")))
		h->r = atoi(v);
	if ((v = find_key(obj, end, "token")))
		h->token = atoi(v);
	if ((v = find_key(obj, end, "terrain")) && *v == '"') {
		size_t i = 0;
		for (v++; *v && *v != '"' && i + 1 < sizeof h->terrain; v++)
			h->terrain[i++] = *v;
		h->terrain[i] = '\0';
	}
}

/* Prints the land hexes row by row, indented like the physical board. */
static void print_board(const char *json)
{
	const char *arr = strstr(json, "\"hexes\"");
	hex_text hexes[64];
	int n = 0;
	if (arr)
		arr = strchr(arr, '[');
	if (!arr) {
		printf("(board JSON has no hexes array)\n");
		return;
	}
	const char *p = arr + 1;
	while (*p && n < 64) {
		while (*p && *p != '{' && *p != ']')
			p++;
		if (*p != '{')
			break;
		const char *end = skip_value(p);
		read_hex(p, end, &hexes[n]);
		if (hexes[n].terrain[0] && strcmp(hexes[n].terrain, "sea"))
			n++;
		p = end;
	}
	int rmin = 0, rmax = 0;
	for (int i = 0; i < n; i++) {
		rmin = hexes[i].r < rmin ? hexes[i].r : rmin;
		rmax = hexes[i].r > rmax ? hexes[i].r : rmax;
	}
	int widest = 0;
	for (int r = rmin; r <= rmax; r++) {
		int count = 0;
		for (int i = 0; i < n; i++)
			count += hexes[i].r == r;
		widest = count > widest ? count : widest;
	}
	printf("Board (%d land hexes, terrain and number token):\n", n);
	for (int r = rmin; r <= rmax; r++) {
		int count = 0;
		for (int i = 0; i < n; i++)
			count += hexes[i].r == r;
		printf("%*s", (widest - count) * 7, "");
		/* Hexes arrive in id order, which is reading order (B-20): west to east. */
		for (int i = 0; i < n; i++) {
			if (hexes[i].r != r)
				continue;
			if (hexes[i].token)
				printf(" %-9.9s %2d ", hexes[i].terrain, hexes[i].token);
			else
				printf(" %-9.9s -- ", hexes[i].terrain);
		}
		printf("\n");
	}
}

/* ---- Playing. ---- */

typedef struct action_list {
	crisk_action *items;
	double *probs;
	size_t count, cap;
} action_list;

static int reserve(action_list *l, size_t n)
{
	if (n <= l->cap)
		return CRISK_OK;
	crisk_action *items = realloc(l->items, n * sizeof *items);
	if (!items)
		return CRISK_ENOMEM;
	l->items = items;
	double *probs = realloc(l->probs, n * sizeof *probs);
	if (!probs)
		return CRISK_ENOMEM;
	l->probs = probs;
	l->cap = n;
	return CRISK_OK;
}

/* Legal actions (or, at a chance point, outcomes with probabilities). */
static int fetch_actions(action_list *l, const crisk_game *g, int chance)
{
	for (;;) {
		int rc = chance ? crisk_game_chance_probabilities(g, l->items, l->probs, l->cap, &l->count)
				: crisk_game_legal_actions(g, l->items, l->cap, &l->count);
		if (rc != CRISK_EBUFSIZE)
			return rc;
		rc = reserve(l, l->count + 16);
		if (rc)
			return rc;
	}
}

static int is_offer(crisk_action a)
{
	return (a >> 56) == CRISK_CATAN_OFFER_TRADE;
}

static crisk_action pick(const action_list *l, int chance, int no_offers, bot_rng *r)
{
	if (chance) {
		double u = bot_unit(r), acc = 0;
		for (size_t i = 0; i < l->count; i++) {
			acc += l->probs[i];
			if (u < acc)
				return l->items[i];
		}
		return l->items[l->count - 1];
	}
	if (!no_offers)
		return l->items[bot_uniform(r, l->count)];
	size_t n = 0;
	for (size_t i = 0; i < l->count; i++)
		n += !is_offer(l->items[i]);
	size_t k = n ? bot_uniform(r, n) : bot_uniform(r, l->count);
	for (size_t i = 0; i < l->count; i++)
		if (!n || !is_offer(l->items[i]))
			if (k-- == 0)
				return l->items[i];
	return l->items[0];
}

/* Prints events [*next_seq, end of log) as the viewer sees them; with a
 * hawaii map, with names for the map's numbers and a status line per turn. */
static int print_events(const crisk_game *g, uint64_t *next_seq, int viewer, const hawaii_demo *hw)
{
	uint64_t first, next;
	char text[512];
	int rc = crisk_game_event_range(g, &first, &next);
	if (rc)
		return rc;
	if (*next_seq < first) {
		printf("  (%" PRIu64 " events dropped from the log)\n", first - *next_seq);
		*next_seq = first;
	}
	for (; *next_seq < next; (*next_seq)++) {
		crisk_event ev;
		crisk_event_init(&ev, CRISK_EVENT_VERSION);
		rc = crisk_game_event(&ev, g, *next_seq, viewer);
		if (rc)
			return rc;
		text[0] = '\0';
		rc = crisk_event_to_string(g, &ev, text, sizeof text, NULL);
		if (rc && rc != CRISK_EBUFSIZE)
			return rc;
		text[sizeof text - 1] = '\0'; /* a longer text is shown cut short */
		if (ev.type == CRISK_CATAN_EV_TURN_START)
			printf("\n");
		if (hw) {
			char named[sizeof text];
			hawaii_demo_event_text(hw, text, named, sizeof named);
			printf("%6" PRIu64 "  %s\n", ev.seq, named);
		} else {
			printf("%6" PRIu64 "  %s\n", ev.seq, text);
		}
		if (hw && ev.type == CRISK_CATAN_EV_TURN_START && (rc = hawaii_demo_status(hw, g, viewer)) != CRISK_OK)
			return rc;
	}
	return CRISK_OK;
}

static int play(crisk_game *g, const options *o, const hawaii_demo *hw, uint64_t *steps, svg_turns *pictures)
{
	char err[300];
	bot_rng bots = { BOT_SEED(o->seed) };
	action_list l = { 0 };
	uint64_t seq = 1;
	int rc = reserve(&l, 256);
	while (!rc && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING && *steps < STEP_LIMIT) {
		int chance = crisk_game_current_seat(g) == CRISK_SEAT_CHANCE;
		rc = fetch_actions(&l, g, chance);
		if (rc)
			break;
		if (l.count == 0) {
			fprintf(stderr, "crisk-demo: no legal action at a running decision point\n");
			rc = CRISK_ESTATE;
			break;
		}
		rc = crisk_game_apply(g, pick(&l, chance, o->no_offers, &bots));
		if (!rc)
			rc = print_events(g, &seq, o->viewer, hw);
		if (!rc && svg_turns_step(pictures, g, err, sizeof err)) {
			fprintf(stderr, "crisk-demo: %s\n", err);
			rc = CRISK_EINVAL;
		}
		(*steps)++;
	}
	if (!rc && svg_turns_final(pictures, g, err, sizeof err)) {
		fprintf(stderr, "crisk-demo: %s\n", err);
		rc = CRISK_EINVAL;
	}
	free(l.items);
	free(l.probs);
	return rc;
}

static void print_result(const crisk_game *g, int seats, uint64_t steps)
{
	int winner = -1;
	int status = crisk_game_status(g, &winner);
	printf("\nResult after %" PRId64 " turns (%" PRIu64 " actions): ", crisk_game_turn(g), steps);
	if (status == CRISK_STATUS_WON)
		printf("seat %d wins\n", winner);
	else if (status == CRISK_STATUS_ENDED)
		printf("turn limit reached, no winner\n");
	else
		printf("stopped after %u actions without an end\n", STEP_LIMIT);
	for (int s = 0; s < seats; s++) {
		int vp = 0;
		crisk_game_score(g, s, CRISK_VIEWER_OMNISCIENT, &vp);
		printf("  seat %d: %2d VP%s\n", s, vp, s == winner ? "  (winner)" : "");
	}
}

int main(int argc, char **argv)
{
	options o;
	char params[1024];
	crisk_rules *rules = NULL;
	crisk_game *game = NULL;
	uint64_t steps = 0;

	if (parse_options(&o, argc, argv))
		return 2;
	if (o.list_params)
		return list_params(o.module);
	build_params(params, sizeof params, &o);
	int rc = crisk_rules_new(&rules, o.module, params);
	if (rc)
		return fail("rules", rc);
	if (o.viewer >= crisk_rules_num_seats(rules)) {
		fprintf(stderr, "crisk-demo: --viewer %d: the game has seats 0..%d\n", o.viewer,
			crisk_rules_num_seats(rules) - 1);
		crisk_rules_free(rules);
		return 2;
	}

	char *canonical = fetch_text(crisk_rules_params, rules);
	char *board = fetch_text(crisk_rules_board_json, rules);
	printf("libcatanrisk %s, module %s: %s\n\n", crisk_version(NULL, NULL, NULL), crisk_rules_module(rules),
	       canonical ? canonical : params);
	int muhq = !strcmp(crisk_rules_module(rules), "muhq");
	hawaii_demo *hw = NULL;
	if (!strcmp(crisk_rules_module(rules), "hawaii")) {
		rc = hawaii_demo_open(&hw, rules);
		if (rc) {
			free(canonical);
			free(board);
			crisk_rules_free(rules);
			return fail("board", rc);
		}
		hawaii_demo_print_map(hw);
	} else if (board && !muhq) {
		print_board(board);
	}
	free(canonical);
	free(board);

	rc = crisk_game_new(&game, rules);
	if (rc) {
		hawaii_demo_free(hw);
		crisk_rules_free(rules);
		return fail("game", rc);
	}
	svg_turns pictures = { .dir = o.svg_dir, .viewer = o.viewer, .turn = -1 };
	rc = muhq ? muhq_demo(game, rules, o.viewer, o.seed, &steps, &pictures) : play(game, &o, hw, &steps, &pictures);
	if (!rc && o.svg_dir)
		printf("%u SVG pictures in %s\n", pictures.written, o.svg_dir);
	if (!rc && !muhq)
		print_result(game, crisk_rules_num_seats(rules), steps);
	if (!rc && hw)
		rc = hawaii_demo_scores(hw, game);
	hawaii_demo_free(hw);
	if (rc) {
		int status = fail("play", rc);
		crisk_game_free(game);
		crisk_rules_free(rules);
		return status;
	}
	int finished = crisk_game_status(game, NULL) != CRISK_STATUS_RUNNING;
	crisk_game_free(game);
	crisk_rules_free(rules);
	return finished ? 0 : 1;
}
