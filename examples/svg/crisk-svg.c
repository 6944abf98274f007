/* crisk-svg: an SVG picture of a game, from a save, a record or a seed,
 * as a viewer sees it. A small program on the public API only: the picture
 * is drawn from crisk_rules_board_json and crisk_game_to_json. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <catanrisk.h>

#include "svg_game.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: crisk-svg [--viewer spectator|omniscient|SEAT] [-o OUT.svg] SOURCE\n"
		   "SOURCE is one of\n"
		   "  --save FILE     a binary or JSON save (crisk_game_save, crisk_game_save_json)\n"
		   "  --record FILE   a game record (crisk_game_record), replayed to its end\n"
		   "  --module NAME [--rules PARAMS] [--seed N] [--steps K]\n"
		   "                  a new game of that module, then K random legal actions (default 0;\n"
		   "                  never concede, resign or release while anything else is legal)\n"
		   "                  (--seed seeds the rules unless PARAMS name a seed, and the\n"
		   "                  random actions, splitmix64; default 1)\n"
		   "Writes the picture to OUT.svg, or to standard output.\n");
}

/* The whole file (at most 64 MiB), NUL-terminated. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "crisk-svg: cannot open '%s': %s\n", path, strerror(errno));
		return NULL;
	}
	size_t cap = 65536, n = 0;
	char *s = malloc(cap);
	while (s) {
		n += fread(s + n, 1, cap - n - 1, f);
		if (n < cap - 1 || ferror(f))
			break;
		char *t = cap < ((size_t)64 << 20) ? realloc(s, cap * 2) : NULL;
		if (!t) {
			fprintf(stderr, "crisk-svg: '%s' is too long\n", path);
			free(s);
			s = NULL;
			break;
		}
		s = t;
		cap *= 2;
	}
	if (s && ferror(f)) {
		fprintf(stderr, "crisk-svg: cannot read '%s'\n", path);
		free(s);
		s = NULL;
	}
	fclose(f);
	if (s) {
		s[n] = '\0';
		*len = n;
	}
	return s;
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static int fail(const char *what)
{
	fprintf(stderr, "crisk-svg: %s: %s\n", what, crisk_error_last());
	return 1;
}

/* Random steps play on: conceding, resigning or releasing units (muhq's
 * king among them) would end most games at once. The kept actions move to the front; all if nothing is left. */
static size_t play_on(const crisk_game *g, crisk_action *acts, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		char text[64] = "";
		crisk_game_action_to_string(g, acts[i], text, sizeof text, NULL);
		if (strncmp(text, "concede", 7) && strncmp(text, "resign", 6) && strncmp(text, "release", 7))
			acts[kept++] = acts[i];
	}
	return kept ? kept : n;
}

/* A new game of the module, then steps random legal actions (or to the end). */
static int from_seed(crisk_game **g, const char *module, const char *params, uint64_t seed, long steps)
{
	/* The board's seed is --seed unless the parameters name one. */
	char with_seed[1024];
	if (!strstr(params, "seed=")) {
		snprintf(with_seed, sizeof with_seed, "%s seed=%llu", params, (unsigned long long)seed);
		params = with_seed;
	}
	crisk_rules *r = NULL;
	if (crisk_rules_new(&r, module, params))
		return fail("rules");
	int rc = crisk_game_new(g, r);
	crisk_rules_free(r);
	if (rc)
		return fail("new game");
	enum { CAP = 1 << 16 };
	crisk_action *buf = malloc(CAP * sizeof *buf);
	if (!buf) {
		fprintf(stderr, "crisk-svg: out of memory\n");
		return 1;
	}
	for (long i = 0; !rc && i < steps && crisk_game_status(*g, NULL) == CRISK_STATUS_RUNNING; i++) {
		size_t n = 0;
		if (crisk_game_legal_actions(*g, buf, CAP, &n) || n == 0)
			rc = fail("legal actions");
		else if (crisk_game_apply(*g, buf[splitmix64(&seed) % play_on(*g, buf, n)]))
			rc = fail("apply");
	}
	free(buf);
	return rc;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *save = NULL, *record = NULL, *module = NULL, *params = "";
	int viewer = CRISK_VIEWER_SPECTATOR;
	uint64_t seed = 1;
	long steps = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "crisk-svg: '%s' wants a value or is unknown\n", a);
			usage(stderr);
			return 2;
		}
		const char *v = argv[++i];
		char *end = NULL;
		if (!strcmp(a, "-o"))
			out = v;
		else if (!strcmp(a, "--save"))
			save = v;
		else if (!strcmp(a, "--record"))
			record = v;
		else if (!strcmp(a, "--module"))
			module = v;
		else if (!strcmp(a, "--rules"))
			params = v;
		else if (!strcmp(a, "--seed")) {
			errno = 0;
			seed = strtoull(v, &end, 10);
			if (errno || !*v || *end || *v == '-') {
				fprintf(stderr, "crisk-svg: --seed wants an unsigned integer, got '%s'\n", v);
				return 2;
			}
		} else if (!strcmp(a, "--steps")) {
			errno = 0;
			steps = strtol(v, &end, 10);
			if (errno || !*v || *end || steps < 0) {
				fprintf(stderr, "crisk-svg: --steps wants a count >= 0, got '%s'\n", v);
				return 2;
			}
		} else if (!strcmp(a, "--viewer")) {
			if (!strcmp(v, "spectator"))
				viewer = CRISK_VIEWER_SPECTATOR;
			else if (!strcmp(v, "omniscient"))
				viewer = CRISK_VIEWER_OMNISCIENT;
			else {
				long s = strtol(v, &end, 10);
				if (!*v || *end || s < 0 || s > 63) {
					fprintf(stderr, "crisk-svg: --viewer wants spectator, omniscient or a seat, got '%s'\n", v);
					return 2;
				}
				viewer = (int)s;
			}
		} else {
			fprintf(stderr, "crisk-svg: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (!!save + !!record + !!module != 1) {
		fprintf(stderr, "crisk-svg: give exactly one of --save, --record, --module\n");
		usage(stderr);
		return 2;
	}
	crisk_game *g = NULL;
	int rc = 0;
	if (module) {
		rc = from_seed(&g, module, params, seed, steps);
	} else {
		size_t len = 0;
		char *text = slurp(save ? save : record, &len);
		if (!text)
			return 1;
		if (record)
			rc = crisk_record_replay(&g, text, len) ? fail("record") : 0;
		else if (len && text[0] == '{') /* JSON saves are objects; binary saves start with their magic */
			rc = crisk_game_load_json(&g, text, len) ? fail("save") : 0;
		else
			rc = crisk_game_load(&g, text, len) ? fail("save") : 0;
		free(text);
	}
	if (!rc) {
		char err[300];
		int seats = crisk_rules_num_seats(crisk_game_rules(g));
		if (viewer >= seats) {
			fprintf(stderr, "crisk-svg: --viewer %d: the game has seats 0..%d\n", viewer, seats - 1);
			rc = 2;
		} else if (out) {
			if (svg_write_file(g, viewer, out, err, sizeof err)) {
				fprintf(stderr, "crisk-svg: %s\n", err);
				rc = 1;
			}
		} else {
			char *svg = svg_of_game(g, viewer, err, sizeof err);
			if (!svg || fputs(svg, stdout) < 0) {
				fprintf(stderr, "crisk-svg: %s\n", svg ? "cannot write the picture" : err);
				rc = 1;
			}
			free(svg);
		}
	}
	crisk_game_free(g);
	return rc;
}
