/* libFuzzer target: crisk_game_load_json on arbitrary text.  A save that
 * loads must save and load again to the same state, refuse to start
 * recording, and play on without crashing. */
#include <string.h>
#include "catanrisk.h"
#include "catanrisk/serialize.h"
#include "core/rules_impl.h"
#include "fuzz.h"
#include "fuzz_play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	crisk_game *g = NULL;
	int rc = crisk_game_load_json(&g, (const char *)data, size);
	if (rc) {
		FUZZ_ASSERT(g == NULL);
		FUZZ_ASSERT(rc == CRISK_EFORMAT || rc == CRISK_ENOMEM || rc == CRISK_EUNSUPPORTED);
		FUZZ_ASSERT(crisk_error_last()[0] != '\0');
		return 0;
	}
	size_t n = 0;
	FUZZ_ASSERT(crisk_game_save_json(g, NULL, 0, &n) == CRISK_EBUFSIZE);
	char *again = malloc(n + 1);
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(crisk_game_save_json(g, again, n + 1, &n) == CRISK_OK);
	crisk_game *h = NULL;
	FUZZ_ASSERT(crisk_game_load_json(&h, again, n) == CRISK_OK);
	FUZZ_ASSERT(g->state_size == h->state_size && memcmp(g->state, h->state, g->state_size) == 0);
	free(again);
	crisk_game_free(h);
	fuzz_play_loaded(g, data, size);
	crisk_game_free(g);
	return 0;
}
