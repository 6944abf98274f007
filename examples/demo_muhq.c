/* crisk-demo for the rule module muhq: random bots play one game; per turn
 * the map is drawn with the permanents on it, from the public JSON only
 * (crisk_rules_board_json() for the tiles, crisk_game_to_json() for what is
 * on them), with the seats, the hand the viewer may see and the events.
 * Action codes and event types are those of docs/muhq-actions.md. */
#include "demo_muhq.h"

#include "demo_bots.h"
#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEP_LIMIT 10000000u

/* docs/muhq-actions.md: action types the bots avoid, and two event types. */
#define MQ_RELEASE 4
#define MQ_CONCEDE 23
#define MQ_EV_TURN 1

/* ---- The JSON of the library, read with examples/svg/json.h. ---- */

typedef json jv;

static void jfree(jv *v)
{
	json_clear(v);
}

static const jv *jget(const jv *o, const char *key)
{
	return json_get(o, key);
}

/* Items of an array, or member values of an object. */
static const jv *jat(const jv *a, size_t i)
{
	return a && (a->type == JSON_ARRAY || a->type == JSON_OBJECT) && i < a->count ? &a->items[i] : NULL;
}

static size_t jlen(const jv *a)
{
	return a && (a->type == JSON_ARRAY || a->type == JSON_OBJECT) ? a->count : 0;
}

static int jint(const jv *v, int dflt)
{
	return v && (v->type == JSON_NUMBER || v->type == JSON_BOOL) ? (int)v->number : dflt;
}

static const char *jstr(const jv *v, const char *dflt)
{
	return json_str(v, dflt);
}

/* A tile [x, y]: returns 0 and fills x, y, or -1 (null). */
static int jtile(const jv *t, int *x, int *y)
{
	if (jlen(t) != 2)
		return -1;
	*x = jint(jat(t, 0), -1);
	*y = jint(jat(t, 1), -1);
	return 0;
}

static int parse_text(const char *text, jv *out)
{
	json *v = json_parse(text, NULL, 0);
	*out = v ? *v : (jv){ .type = JSON_NULL };
	free(v); /* the tree now belongs to *out */
	return v ? 0 : -1;
}

/* The game as `viewer` sees it, parsed. */
static int fetch_view(const crisk_game *g, int viewer, jv *out)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, NULL, 0, &len);
	if (rc && rc != CRISK_EBUFSIZE)
		return rc;
	char *text = malloc(len + 1);
	if (!text)
		return CRISK_ENOMEM;
	rc = crisk_game_to_json(g, viewer, text, len + 1, NULL);
	if (!rc && parse_text(text, out))
		rc = CRISK_EFORMAT;
	free(text);
	return rc;
}

static int fetch_board(const crisk_rules *rules, jv *out)
{
	size_t len = 0;
	int rc = crisk_rules_board_json(rules, NULL, 0, &len);
	if (rc && rc != CRISK_EBUFSIZE)
		return rc;
	char *text = malloc(len + 1);
	if (!text)
		return CRISK_ENOMEM;
	rc = crisk_rules_board_json(rules, text, len + 1, NULL);
	if (!rc && parse_text(text, out))
		rc = CRISK_EFORMAT;
	free(text);
	return rc;
}

/* ---- Drawing the map. ---- */

/* One letter per card name, kept for the whole game so a letter never changes
 * meaning: the name's first free letter, else any free one. */
typedef struct letters {
	char names[26][48];
	int count;
} letters;

static char letter_of(letters *lt, const char *name)
{
	for (int i = 0; i < lt->count; i++)
		if (!strcmp(lt->names[i], name))
			return lt->names[i][47];
	if (lt->count == 26)
		return '?';
	int used[26] = { 0 };
	for (int i = 0; i < lt->count; i++)
		used[lt->names[i][47] - 'A'] = 1;
	char pick = 0;
	for (const char *p = name; *p && !pick; p++) {
		char c = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
		if (c >= 'A' && c <= 'Z' && !used[c - 'A'])
			pick = c;
	}
	for (int i = 0; i < 26 && !pick; i++)
		if (!used[i])
			pick = (char)('A' + i);
	snprintf(lt->names[lt->count], 47, "%s", name);
	lt->names[lt->count][47] = pick;
	lt->count++;
	return pick;
}

/* The symbol of a tile type (rules/muhq.md §29; spawns and harbors by the
 * 0-based engine seat, as the events number seats). */
static char tile_symbol(const char *type, int seat)
{
	static const char *const names[] = { "plain", "house", "tower", "farm", "street", "deep", "water", "wall", "gate" };
	static const char symbols[] = ".HTF=~w#G";
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(type, names[i]))
			return symbols[i];
	if (!strcmp(type, "spawn"))
		return seat >= 0 && seat < 10 ? (char)('0' + seat) : 's';
	if (!strcmp(type, "harbor"))
		return seat >= 0 && seat < 26 ? (char)('a' + seat) : 'h';
	return '?';
}

static void print_trimmed(const char *line, int len)
{
	while (len > 0 && line[len - 1] == ' ')
		len--;
	printf("%.*s\n", len, line);
}

typedef struct cell {
	char terrain, letter, seat, mark;
} cell;

/* Prints the map: each tile is its terrain symbol followed by the permanent
 * on it (letter of its name, upper case when untapped, lower case when
 * tapped, then its controller) and '+' when a pile holds more than one
 * permanent.  Then the legend of the letters in use. */
static void print_map(const jv *board, const jv *view, letters *lt)
{
	int w = jint(jget(board, "width"), 0), h = jint(jget(board, "height"), 0);
	const jv *tiles = jget(board, "tiles");
	if (w <= 0 || h <= 0 || w > 100 || h > 100 || (int)jlen(tiles) != h) {
		printf("(board JSON has no tile grid)\n");
		return;
	}
	cell *grid = calloc((size_t)w * (size_t)h, sizeof *grid);
	if (!grid)
		return;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			grid[y * w + x] = (cell){ tile_symbol(jstr(jat(jat(tiles, (size_t)y), (size_t)x), "?"), -1), ' ', ' ', ' ' };
	const jv *homes = jget(board, "home_tiles");
	for (size_t i = 0; i < jlen(homes); i++) {
		const jv *home = jat(homes, i);
		int x, y;
		if (!jtile(jget(home, "tile"), &x, &y) && x >= 0 && x < w && y >= 0 && y < h)
			grid[y * w + x].terrain = tile_symbol(jstr(jget(home, "type"), "?"), jint(jget(home, "seat"), -1));
	}
	const jv *walls = jget(view, "walls");
	for (size_t i = 0; i < jlen(walls); i++) {
		int x, y;
		if (!jtile(jget(jat(walls, i), "tile"), &x, &y) && x >= 0 && x < w && y >= 0 && y < h &&
		    !jint(jget(jat(walls, i), "standing"), 1))
			grid[y * w + x].terrain = '.';
	}
	const jv *perms = jget(view, "permanents");
	char in_use[27] = { 0 };
	for (size_t i = 0; i < jlen(perms); i++) {
		const jv *p = jat(perms, i);
		int x, y;
		if (jtile(jget(p, "tile"), &x, &y) || x < 0 || x >= w || y < 0 || y >= h)
			continue;
		cell *c = &grid[y * w + x];
		char l = letter_of(lt, jstr(jget(p, "name"), "?"));
		if (l != '?' && !strchr(in_use, l))
			in_use[strlen(in_use)] = l;
		if (c->letter != ' ') {
			c->mark = '+'; /* a pile: the base comes first (canonical order) */
			continue;
		}
		int seat = jint(jget(p, "controller"), -1);
		c->letter = jint(jget(p, "tapped"), 0) ? (char)(l - 'A' + 'a') : l;
		c->seat = seat >= 0 && seat < 10 ? (char)('0' + seat) : '?';
		if (l == '?')
			c->letter = '?';
	}
	char line[8 + 4 * 100 + 1];
	int len = snprintf(line, sizeof line, "     ");
	for (int x = 0; x < w; x++)
		len += snprintf(line + len, sizeof line - (size_t)len, "%-4d", x);
	print_trimmed(line, len);
	for (int y = 0; y < h; y++) {
		len = snprintf(line, sizeof line, "  %2d ", y);
		for (int x = 0; x < w; x++) {
			cell c = grid[y * w + x];
			len += snprintf(line + len, sizeof line - (size_t)len, "%c%c%c%c", c.terrain, c.letter, c.seat, c.mark);
		}
		print_trimmed(line, len);
	}
	free(grid);
	printf("  units:");
	if (!in_use[0])
		printf(" none on the map");
	for (int i = 0; in_use[i]; i++)
		for (int k = 0; k < lt->count; k++)
			if (lt->names[k][47] == in_use[i])
				printf(" %c=%s", in_use[i], lt->names[k]);
	printf("\n");
}

/* The legend of the tile symbols and of the map's win condition. */
static void print_legend(const jv *board)
{
	const jv *win = jget(board, "win");
	printf("Map %s (%s), %dx%d tiles, %d seats; win: %s %d; round limit %d; gain %d per turn\n",
	       jstr(jget(board, "title"), "?"), jstr(jget(board, "map"), "?"), jint(jget(board, "width"), 0),
	       jint(jget(board, "height"), 0), jint(jget(board, "seats"), 0), jstr(jget(win, "condition"), "?"),
	       jint(jget(win, "n"), 0), jint(jget(board, "round_limit"), 0), jint(jget(board, "gain"), 0));
	const jv *areas = jget(board, "areas");
	for (size_t i = 0; i < jlen(areas); i++) {
		const jv *a = jat(areas, i);
		int x = jint(jget(a, "x"), 0), y = jint(jget(a, "y"), 0);
		printf("%s area %s: x %d..%d, y %d..%d", i ? "," : "Capture areas:", jstr(jget(a, "id"), "?"), x,
		       x + jint(jget(a, "w"), 1) - 1, y, y + jint(jget(a, "h"), 1) - 1);
	}
	if (jlen(areas))
		printf("\n");
	printf("Tiles: . plain  H house  T tower  F farm  = street  ~ deep water  w water  # wall  G gate\n"
	       "       0-3 spawn of seat 0-3  a-d harbor of seat 0-3\n"
	       "Each tile: its symbol, then the permanent on it: a letter for its name (lower case when\n"
	       "tapped) and the seat controlling it; '+' marks a pile of more than one permanent.\n");
}

/* The cards of a zone array, e.g. "Recruit c42, Farmer c46". */
static void print_cards(const jv *cards)
{
	if (!jlen(cards))
		printf(" (none)");
	for (size_t i = 0; i < jlen(cards); i++)
		printf("%s %s c%d", i ? "," : "", jstr(jget(jat(cards, i), "name"), "?"),
		       jint(jget(jat(cards, i), "id"), -1));
	printf("\n");
}

/* The permanents with what the grid cannot show. */
static void print_permanents(const jv *view, letters *lt)
{
	static const char *const marks[] = { "damage", "poison", "paralysis", "ward", "faith" };
	const jv *perms = jget(view, "permanents");
	for (size_t i = 0; i < jlen(perms); i++) {
		const jv *p = jat(perms, i);
		const jv *stats = jget(p, "stats");
		int x = -1, y = -1;
		jtile(jget(p, "tile"), &x, &y);
		const char *name = jstr(jget(p, "name"), "?");
		char where[16];
		snprintf(where, sizeof where, "%d,%d", x, y);
		printf("    %c%d %-14s c%-3d %-9s at %s", letter_of(lt, name), jint(jget(p, "controller"), -1), name,
		       jint(jget(p, "id"), -1), jstr(jget(p, "type"), "?"), where);
		if (stats)
			printf("%*s  atk %d rng %d mv %d hp %d", (int)(5 - strlen(where)), "", jint(jget(stats, "attack"), 0), jint(jget(stats, "range"), 0),
			       jint(jget(stats, "move"), 0), jint(jget(stats, "health"), 0));
		if (jget(p, "durability"))
			printf("  durability %d", jint(jget(p, "durability"), 0));
		for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
			int n = jint(jget(jget(p, "marks"), marks[m]), 0);
			if (n)
				printf("  %s %d", marks[m], n);
		}
		if (jint(jget(p, "up"), -1) >= 0)
			printf("  in the pile of c%d", jint(jget(p, "up"), -1));
		if (jint(jget(p, "tapped"), 0))
			printf("  tapped");
		printf("\n");
	}
}

/* The seats' public values and the hands the viewer may see. */
static void print_seats(const jv *view, int viewer)
{
	const jv *seats = jget(view, "seats");
	for (size_t i = 0; i < jlen(seats); i++) {
		const jv *s = jat(seats, i);
		printf("  seat %d: resource %2d, hand %d, deck %d, discard %zu, store %zu%s\n", jint(jget(s, "seat"), -1),
		       jint(jget(s, "resource"), 0), jint(jget(s, "hand_count"), 0), jint(jget(s, "deck_count"), 0),
		       jlen(jget(s, "discard")), jlen(jget(s, "store")), jint(jget(s, "out"), 0) ? ", out of the game" : "");
	}
	int shown = 0;
	for (size_t i = 0; i < jlen(seats); i++) {
		const jv *hand = jget(jat(seats, i), "hand");
		if (hand) {
			printf("  hand of seat %d:", jint(jget(jat(seats, i), "seat"), -1));
			print_cards(hand);
			shown = 1;
		}
	}
	if (!shown && viewer == CRISK_VIEWER_SPECTATOR)
		printf("  (hands are hidden from a spectator; --viewer N shows seat N's hand)\n");
}

/* The whole picture of the current state. */
static int print_state(const crisk_game *g, const jv *board, int viewer, letters *lt)
{
	jv view;
	int rc = fetch_view(g, viewer, &view);
	if (rc)
		return rc;
	printf("\n  -- turn %d, round %d, %s phase; seat %d active, seat %d to decide (%s) --\n",
	       jint(jget(&view, "turn"), 0), jint(jget(&view, "round"), 0), jstr(jget(&view, "phase"), "?"),
	       jint(jget(&view, "active_seat"), -1), jint(jget(&view, "current_seat"), -1),
	       jstr(jget(&view, "decision"), "?"));
	print_map(board, &view, lt);
	print_permanents(&view, lt);
	print_seats(&view, viewer);
	printf("\n");
	jfree(&view);
	return CRISK_OK;
}

/* ---- Playing. ---- */

typedef struct action_list {
	crisk_action *items;
	double *probs;
	size_t count, cap;
} action_list;

static int fetch(action_list *l, const crisk_game *g, int chance, uint64_t skip)
{
	for (;;) {
		int rc = chance ? crisk_game_chance_probabilities(g, l->items, l->probs, l->cap, &l->count)
				: crisk_game_legal_actions_except(g, skip, l->items, l->cap, &l->count);
		if (rc != CRISK_EBUFSIZE)
			return rc;
		size_t cap = l->count + 16;
		crisk_action *items = realloc(l->items, cap * sizeof *items);
		if (items)
			l->items = items;
		double *probs = realloc(l->probs, cap * sizeof *probs);
		if (probs)
			l->probs = probs;
		if (!items || !probs)
			return CRISK_ENOMEM;
		l->cap = cap;
	}
}

/* A random bot: at a chance point an outcome by its probability; else a
 * uniform legal action, avoiding concede and release (giving up a unit,
 * even one's King) while anything else is legal. */
static int bot_move(const crisk_game *g, action_list *l, bot_rng *r, crisk_action *out)
{
	static const uint64_t skips[] = { (1u << MQ_CONCEDE) | (1u << MQ_RELEASE), 1u << MQ_CONCEDE, 0 };
	int chance = crisk_game_current_seat(g) == CRISK_SEAT_CHANCE;
	for (size_t k = 0; k < sizeof skips / sizeof skips[0]; k++) {
		int rc = fetch(l, g, chance, skips[k]);
		if (rc)
			return rc;
		if (l->count == 0)
			continue;
		if (!chance) {
			*out = l->items[bot_uniform(r, l->count)];
			return CRISK_OK;
		}
		double u = bot_unit(r), acc = 0;
		*out = l->items[l->count - 1];
		for (size_t i = 0; i < l->count; i++) {
			acc += l->probs[i];
			if (u < acc) {
				*out = l->items[i];
				break;
			}
		}
		return CRISK_OK;
	}
	fprintf(stderr, "crisk-demo: no legal action at a running decision point\n");
	return CRISK_ESTATE;
}

/* Prints the events [*next_seq, end of log); *new_turn is set when a turn began. */
static int print_events(const crisk_game *g, uint64_t *next_seq, int viewer, int *new_turn)
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
		text[sizeof text - 1] = '\0';
		if (ev.type == MQ_EV_TURN) {
			printf("\n==== Turn %d (round %d): seat %d ====\n", ev.args[1], ev.args[0], ev.seat);
			*new_turn = 1;
		}
		printf("%6" PRIu64 "  %s\n", ev.seq, text);
	}
	return CRISK_OK;
}

static void print_result(const crisk_game *g, const crisk_rules *rules, uint64_t steps)
{
	int winner = -1;
	int status = crisk_game_status(g, &winner);
	printf("Result after %" PRId64 " turns (%" PRIu64 " actions): ", crisk_game_turn(g), steps);
	if (status == CRISK_STATUS_WON)
		printf("seat %d wins\n", winner);
	else if (status == CRISK_STATUS_ENDED)
		printf("the game ended without a winner\n");
	else
		printf("stopped after %u actions without an end\n", STEP_LIMIT);
	for (int s = 0; s < crisk_rules_num_seats(rules); s++) {
		int score = 0;
		crisk_game_score(g, s, CRISK_VIEWER_OMNISCIENT, &score);
		printf("  seat %d: score %2d (resource)%s\n", s, score, s == winner ? "  (winner)" : "");
	}
}

int muhq_demo(crisk_game *game, const crisk_rules *rules, int viewer, uint64_t seed, uint64_t *steps,
	      svg_turns *pictures)
{
	char err[300];
	jv board;
	letters lt = { .count = 0 };
	action_list l = { 0 };
	bot_rng bots = { BOT_SEED(seed) };
	uint64_t seq = 0, last;
	int new_turn = 0;
	int rc = fetch_board(rules, &board);
	if (rc)
		return rc;
	print_legend(&board);
	rc = crisk_game_event_range(game, &seq, &last);
	if (!rc)
		rc = print_events(game, &seq, viewer, &new_turn);
	if (!rc)
		rc = print_state(game, &board, viewer, &lt);
	while (!rc && crisk_game_status(game, NULL) == CRISK_STATUS_RUNNING && *steps < STEP_LIMIT) {
		crisk_action a;
		new_turn = 0;
		rc = bot_move(game, &l, &bots, &a);
		if (!rc)
			rc = crisk_game_apply(game, a);
		if (!rc)
			rc = print_events(game, &seq, viewer, &new_turn);
		if (!rc && new_turn && crisk_game_status(game, NULL) == CRISK_STATUS_RUNNING)
			rc = print_state(game, &board, viewer, &lt);
		if (!rc && svg_turns_step(pictures, game, err, sizeof err)) {
			fprintf(stderr, "crisk-demo: %s\n", err);
			rc = CRISK_EINVAL;
		}
		(*steps)++;
	}
	if (!rc && svg_turns_final(pictures, game, err, sizeof err)) {
		fprintf(stderr, "crisk-demo: %s\n", err);
		rc = CRISK_EINVAL;
	}
	if (!rc) {
		printf("\n==== Final position ====");
		rc = print_state(game, &board, viewer, &lt);
	}
	if (!rc)
		print_result(game, rules, *steps);
	free(l.items);
	free(l.probs);
	jfree(&board);
	return rc;
}
