/* libFuzzer target: crisk_record_replay on arbitrary text.  A record that
 * replays must write back as a record that replays to the same state. */
#include <string.h>
#include "catanrisk.h"
#include "core/rules_impl.h"
#include "fuzz.h"

static char *record_of(const crisk_game *g, size_t *len)
{
	FUZZ_ASSERT(crisk_game_record(g, NULL, 0, len) == CRISK_EBUFSIZE);
	char *s = malloc(*len + 1);
	FUZZ_ASSERT(s != NULL);
	FUZZ_ASSERT(crisk_game_record(g, s, *len + 1, len) == CRISK_OK);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	crisk_game *g = NULL;
	int rc = crisk_record_replay(&g, (const char *)data, size);
	if (rc) {
		FUZZ_ASSERT(g == NULL);
		FUZZ_ASSERT(rc == CRISK_EFORMAT || rc == CRISK_ENOMEM);
		FUZZ_ASSERT(crisk_error_last()[0] != '\0');
		return 0;
	}
	size_t len, len2;
	char *rec = record_of(g, &len);
	crisk_game *h = NULL;
	FUZZ_ASSERT(crisk_record_replay(&h, rec, len) == CRISK_OK);
	char *rec2 = record_of(h, &len2);
	FUZZ_ASSERT(len == len2 && memcmp(rec, rec2, len) == 0);
	FUZZ_ASSERT(g->state_size == h->state_size && memcmp(g->state, h->state, g->state_size) == 0);
	free(rec);
	free(rec2);
	crisk_game_free(g);
	crisk_game_free(h);
	return 0;
}
