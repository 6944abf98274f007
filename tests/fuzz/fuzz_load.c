/* libFuzzer target: crisk_game_load on arbitrary bytes.
 *
 * Input: one flag byte, then the blob.  With bit 0 of the flag set, the last
 * 4 bytes of the blob are replaced by the CRC-32 of the bytes before them, so
 * mutations get past the checksum to the module, parameter and state checks.
 * A save that loads must save and load again to the same state, refuse to
 * start recording, and play on without crashing. */
#include <string.h>
#include "catanrisk.h"
#include "catanrisk/serialize.h"
#include "core/rules_impl.h"
#include "fuzz.h"
#include "fuzz_play.h"

/* CRC-32/ISO-HDLC, as in the save format. */
static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int b = 0; b < 8; b++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
	}
	return c ^ 0xFFFFFFFFu;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t len = size - 1;
	uint8_t *blob = malloc(len ? len : 1);
	FUZZ_ASSERT(blob != NULL);
	if (len)
		memcpy(blob, data + 1, len);
	if ((data[0] & 1) && len >= 4) {
		uint32_t c = crc32(blob, len - 4);
		for (int i = 0; i < 4; i++)
			blob[len - 4 + i] = (uint8_t)(c >> (8 * i));
	}
	crisk_game *g = NULL;
	int rc = crisk_game_load(&g, blob, len);
	free(blob);
	if (rc) {
		FUZZ_ASSERT(g == NULL);
		FUZZ_ASSERT(rc == CRISK_EFORMAT || rc == CRISK_ENOMEM || rc == CRISK_EUNSUPPORTED);
		FUZZ_ASSERT(crisk_error_last()[0] != '\0');
		return 0;
	}
	size_t n = 0;
	FUZZ_ASSERT(crisk_game_save(g, NULL, 0, &n) == CRISK_EBUFSIZE);
	uint8_t *again = malloc(n);
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(crisk_game_save(g, again, n, &n) == CRISK_OK);
	crisk_game *h = NULL;
	FUZZ_ASSERT(crisk_game_load(&h, again, n) == CRISK_OK);
	FUZZ_ASSERT(g->state_size == h->state_size && memcmp(g->state, h->state, g->state_size) == 0);
	free(again);
	crisk_game_free(h);
	fuzz_play_loaded(g, data, size);
	crisk_game_free(g);
	return 0;
}
