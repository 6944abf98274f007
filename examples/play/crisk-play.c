/* crisk-play: play any module against bots in a terminal.
 *
 * Each of your turns shows the position as your seat sees it, the events
 * since your last turn and the legal actions, numbered and in their text
 * form. Type a number or a text form; an illegal action is answered with the
 * library's reason and the game goes on. Commands: list [all], board, undo
 * [N], save FILE, load FILE, help, quit. Public API only. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <catanrisk.h>

#include "play_bots.h"
#include "play_show.h"

enum { SHOWN = 40, UNDO_DEPTH = 4096 };

typedef struct {
	crisk_game *g;
	int seat;            /* the person's seat */
	bot bots;
	uint64_t next_event; /* first event not yet shown */
	crisk_action *legal;
	size_t n, cap;
	const char *autosave;
} session;

static void help(void)
{
	printf("type a number from the list, or an action's text form (e.g. 'end_turn'); commands:\n"
	       "  list [all]   the legal actions again (all of them with 'all')\n"
	       "  board        the position again\n"
	       "  undo [N]     take back your last N decisions (default 1) and the bots' actions after them\n"
	       "  save FILE    save the game (FILE ending in .json: a JSON save)\n"
	       "  load FILE    continue a saved game (binary or JSON save)\n"
	       "  help, quit\n");
}

static void usage(FILE *f)
{
	fprintf(f, "usage: crisk-play [--module M] [--rules PARAMS] [--seed N] [--seat S] [--bots random|greedy]\n"
		   "                  [--load FILE] [--autosave FILE]\n"
		   "Play module M (default base) against bots in the terminal; you play seat S (default 0).\n"
		   "--seed seeds the rules (unless PARAMS name a seed) and the bots (default 1).\n"
		   "--autosave FILE saves the game after each of your actions.\n"
		   "muhq: the library's own AI can play seats too (--rules \"ai=1\", rules/muhq.md M-92).\n");
}

static int fetch_legal(session *s)
{
	int rc = crisk_game_legal_actions(s->g, s->legal, s->cap, &s->n);
	if (rc != CRISK_EBUFSIZE)
		return rc;
	crisk_action *more = realloc(s->legal, s->n * sizeof *more);
	if (!more)
		return CRISK_ENOMEM;
	s->legal = more;
	s->cap = s->n;
	return crisk_game_legal_actions(s->g, s->legal, s->cap, &s->n);
}

static void print_events(session *s)
{
	uint64_t first = 0, next = 0;
	if (crisk_game_event_range(s->g, &first, &next))
		return;
	if (s->next_event < first)
		s->next_event = first;
	for (; s->next_event < next; s->next_event++) {
		crisk_event ev;
		char text[512] = "";
		crisk_event_init(&ev, CRISK_EVENT_VERSION);
		if (crisk_game_event(&ev, s->g, s->next_event, s->seat))
			continue;
		crisk_event_to_string(s->g, &ev, text, sizeof text, NULL);
		text[sizeof text - 1] = '\0';
		printf("  %s\n", text);
	}
}

static void print_legal(session *s, int all)
{
	for (size_t i = 0; i < s->n && (all || i < SHOWN); i++) {
		char text[256] = "";
		crisk_game_action_to_string(s->g, s->legal[i], text, sizeof text, NULL);
		printf("%5zu  %s\n", i, text);
	}
	if (!all && s->n > SHOWN)
		printf("  ... %zu more ('list all' shows them; any text form is accepted)\n", s->n - SHOWN);
}

static char *trim(char *t)
{
	while (isspace((unsigned char)*t))
		t++;
	size_t n = strlen(t);
	while (n && isspace((unsigned char)t[n - 1]))
		t[--n] = '\0';
	return t;
}

static int ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);
	return a >= b && !strcmp(s + a - b, tail);
}

static void save_to(const session *s, const char *path, int quiet)
{
	size_t len = 0;
	int json = ends_with(path, ".json");
	int rc = json ? crisk_game_save_json(s->g, NULL, 0, &len) : crisk_game_save(s->g, NULL, 0, &len);
	char *buf = rc == CRISK_OK || rc == CRISK_EBUFSIZE ? malloc(len + 1) : NULL;
	if (buf)
		rc = json ? crisk_game_save_json(s->g, buf, len + 1, &len) : crisk_game_save(s->g, buf, len + 1, &len);
	FILE *f = buf && !rc ? fopen(path, "wb") : NULL;
	int ok = f && fwrite(buf, 1, len, f) == len;
	if (f && fclose(f))
		ok = 0;
	if (!ok)
		printf("cannot save to '%s': %s\n", path, rc ? crisk_error_last() : strerror(errno));
	else if (!quiet)
		printf("saved to %s\n", path);
	free(buf);
}

/* A saved game in place of the current one; the current one stays on any error. */
static int load_from(session *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		printf("cannot open '%s': %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap || cap >= ((size_t)1 << 28))
			break;
		char *more = realloc(buf, cap * 2);
		if (!more) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = more;
		cap *= 2;
	}
	fclose(f);
	crisk_game *g = NULL;
	int rc = !buf ? CRISK_ENOMEM
		: len && buf[0] == '{' ? crisk_game_load_json(&g, buf, len)
				       : crisk_game_load(&g, buf, len);
	free(buf);
	if (!rc && s->seat >= crisk_rules_num_seats(crisk_game_rules(g))) {
		printf("'%s' has no seat %d\n", path, s->seat);
		crisk_game_free(g);
		return -1;
	}
	if (rc) {
		printf("cannot load '%s': %s\n", path, crisk_error_last());
		return -1;
	}
	crisk_game_set_undo_depth(g, UNDO_DEPTH);
	crisk_game_free(s->g);
	s->g = g;
	uint64_t first = 0;
	crisk_game_event_range(g, &first, &s->next_event);
	crisk_game_free(s->bots.scratch); /* the greedy bot copies games of these rules */
	s->bots.scratch = NULL;
	printf("loaded %s\n", path);
	return 0;
}

/* Back to the person's decision N decisions ago (bots' actions after it go too). */
static void undo(session *s, long steps)
{
	size_t avail = 0;
	crisk_game_undo_available(s->g, &avail);
	long done = 0;
	while (done < steps && avail > 0) {
		if (crisk_game_undo(s->g, 1)) {
			printf("cannot undo: %s\n", crisk_error_last());
			return;
		}
		avail--;
		if (crisk_game_current_seat(s->g) == s->seat)
			done++;
	}
	printf(done ? "took back %ld decision%s\n" : "nothing to take back\n", done, done == 1 ? "" : "s");
	uint64_t first = 0, next = 0;
	crisk_game_event_range(s->g, &first, &next);
	s->next_event = next;
}

/* One line of input at the person's decision: 1 when the position changed
 * (an action, an undo, a load), so that it is shown again. */
static int human(session *s, char *line)
{
	char *t = trim(line), *end = NULL;
	if (!*t)
		return 0;
	if (!strcmp(t, "help") || !strcmp(t, "?")) {
		help();
		return 0;
	}
	if (!strcmp(t, "list") || !strcmp(t, "list all")) {
		print_legal(s, t[4] != '\0');
		return 0;
	}
	if (!strcmp(t, "board")) {
		show_position(stdout, s->g, s->seat);
		return 0;
	}
	if (!strncmp(t, "undo", 4) && (!t[4] || t[4] == ' ')) {
		long n = t[4] ? strtol(t + 4, &end, 10) : 1;
		if (t[4] && (*trim(end) || n < 1))
			printf("undo wants a count >= 1\n");
		else
			undo(s, n);
		return 1;
	}
	if (!strncmp(t, "save ", 5)) {
		save_to(s, trim(t + 5), 0);
		return 0;
	}
	if (!strncmp(t, "load ", 5)) {
		return load_from(s, trim(t + 5)) == 0;
	}
	crisk_action a;
	errno = 0;
	unsigned long long i = strtoull(t, &end, 10);
	if (isdigit((unsigned char)*t) && !*end && !errno) {
		if (i >= s->n) {
			printf("no action %llu: the list has 0..%zu\n", i, s->n - 1);
			return 0;
		}
		a = s->legal[i];
	} else if (crisk_game_action_from_string(&a, s->g, t)) {
		printf("not an action or command: %s ('help' lists the commands)\n", crisk_error_last());
		return 0;
	}
	if (crisk_game_check(s->g, a)) {
		printf("illegal: %s\n", crisk_error_last());
		return 0;
	}
	if (crisk_game_apply(s->g, a)) {
		printf("illegal: %s\n", crisk_error_last());
		return 0;
	}
	if (s->autosave)
		save_to(s, s->autosave, 1);
	return 1;
}

static int run(session *s)
{
	char line[1024];
	int shown = 0; /* the position and list are shown once per decision */
	while (crisk_game_status(s->g, NULL) == CRISK_STATUS_RUNNING) {
		int seat = crisk_game_current_seat(s->g), rc;
		if (seat != s->seat) {
			crisk_action a;
			if ((rc = bot_choose(&s->bots, s->g, &a)) || (rc = crisk_game_apply(s->g, a))) {
				fprintf(stderr, "crisk-play: the bot of seat %d failed: %s\n", seat, crisk_error_last());
				return 1;
			}
			shown = 0;
			continue;
		}
		if (!shown) {
			print_events(s);
			if (show_position(stdout, s->g, s->seat) || (rc = fetch_legal(s))) {
				fprintf(stderr, "crisk-play: %s\n", crisk_error_last());
				return 1;
			}
			print_legal(s, 0);
			shown = 1;
		}
		printf("seat %d> ", s->seat);
		fflush(stdout);
		if (!fgets(line, sizeof line, stdin)) {
			printf("\nend of input; the game is not over%s\n", s->autosave ? " (autosaved)" : "");
			return 0;
		}
		if (!strcmp(trim(line), "quit"))
			return 0;
		if (human(s, line))
			shown = 0;
	}
	print_events(s);
	show_position(stdout, s->g, s->seat);
	show_scores(stdout, s->g, s->seat);
	return 0;
}

int main(int argc, char **argv)
{
	const char *module = "base", *params = "", *bots = "greedy", *load = NULL;
	session s = {.seat = 0};
	uint64_t seed = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!v) {
			fprintf(stderr, "crisk-play: '%s' wants a value or is unknown\n", a);
			usage(stderr);
			return 2;
		}
		i++;
		if (!strcmp(a, "--module"))
			module = v;
		else if (!strcmp(a, "--rules"))
			params = v;
		else if (!strcmp(a, "--bots"))
			bots = v;
		else if (!strcmp(a, "--load"))
			load = v;
		else if (!strcmp(a, "--autosave"))
			s.autosave = v;
		else if (!strcmp(a, "--seed") || !strcmp(a, "--seat")) {
			errno = 0;
			unsigned long long n = strtoull(v, &end, 10);
			if (errno || !*v || *end || *v == '-' || (a[4] == 'a' && n > 63)) {
				fprintf(stderr, "crisk-play: %s wants %s, got '%s'\n", a,
					a[4] == 'a' ? "a seat 0..63" : "an unsigned integer", v);
				return 2;
			}
			if (a[4] == 'a')
				s.seat = (int)n;
			else
				seed = n;
		} else {
			fprintf(stderr, "crisk-play: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (strcmp(bots, "random") && strcmp(bots, "greedy")) {
		fprintf(stderr, "crisk-play: --bots wants random or greedy, got '%s'\n", bots);
		return 2;
	}
	bot_init(&s.bots, strcmp(bots, "random") ? BOT_GREEDY : BOT_RANDOM, seed ^ 0x6A09E667F3BCC908u);
	int rc = 0;
	if (load) {
		if (load_from(&s, load))
			rc = 1;
	} else {
		char with_seed[1024];
		if (!strstr(params, "seed=")) {
			snprintf(with_seed, sizeof with_seed, "%s seed=%llu", params, (unsigned long long)seed);
			params = with_seed;
		}
		crisk_rules *r = NULL;
		if (crisk_rules_new(&r, module, params) || crisk_game_new(&s.g, r)) {
			fprintf(stderr, "crisk-play: %s\n", crisk_error_last());
			rc = 1;
		} else if (s.seat >= crisk_rules_num_seats(r)) {
			fprintf(stderr, "crisk-play: --seat %d: the game has seats 0..%d\n", s.seat, crisk_rules_num_seats(r) - 1);
			rc = 2;
		} else {
			crisk_game_set_undo_depth(s.g, UNDO_DEPTH);
		}
		crisk_rules_free(r);
	}
	if (!rc) {
		printf("libcatanrisk %s: you play seat %d of %s against %s bots ('help' for commands)\n",
		       crisk_version(NULL, NULL, NULL), s.seat, crisk_rules_module(crisk_game_rules(s.g)), bots);
		rc = run(&s);
	}
	bot_free(&s.bots);
	crisk_game_free(s.g);
	free(s.legal);
	return rc;
}
