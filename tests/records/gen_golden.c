/* Writes one golden record: plays a complete random game of module base (or
 * the module named by a third argument) with recording on and prints its
 * record followed by the "# final ..." line that test_records re-derives.
 * Used once to create the files in tests/records/golden:
 *   gen_golden "players=3 seed=22 board=random chance=explicit" 7 > x.rec
 *   gen_golden "seed=5 board=random chance=auto" 3 two_player > y.rec */
#include <stdio.h>
#include <stdlib.h>
#include "catanrisk.h"
#include "../soak/digest.h"
#include "../soak/playout.h"

static int fail(const char *what, int rc)
{
	fprintf(stderr, "gen_golden: %s: %s (%s)\n", what, crisk_strerror(rc), crisk_error_last());
	return 1;
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: gen_golden PARAMS BOT_SEED [MODULE]\n");
		return 2;
	}
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	int rc = crisk_rules_new(&rules, argc == 4 ? argv[3] : "base", argv[1]);
	if (rc)
		return fail("rules", rc);
	rc = crisk_game_new(&g, rules);
	crisk_rules_free(rules);
	if (rc)
		return fail("game", rc);
	rc = crisk_game_set_recording(g, 1);
	if (rc)
		return fail("recording", rc);
	pl_rng r = {strtoull(argv[2], NULL, 10)};
	static crisk_action buf[PL_MAX_ACTIONS];
	int64_t steps = pl_play(g, &r, buf, 200000);
	if (steps < 0)
		return fail("play", (int)steps);
	size_t len = 0;
	crisk_game_record(g, NULL, 0, &len);
	char *text = malloc(len + 1);
	if (!text)
		return 1;
	rc = crisk_game_record(g, text, len + 1, &len);
	if (rc)
		return fail("record", rc);
	char final[256];
	dg_final_line(g, final, sizeof final);
	printf("%s%s\n", text, final);
	free(text);
	crisk_game_free(g);
	return 0;
}
