/* libFuzzer target: crisk_rules_new(<module>, <input>) must accept or refuse
 * with a message, never crash; accepted parameters must survive the trip
 * through the canonical parameter string.  The first byte picks the module
 * (mod 3: base, two_player, risk), the rest is the parameter string. */
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const modules[3] = {"base", "two_player", "risk"};
	if (size < 1)
		return 0;
	const char *module = modules[data[0] % 3];
	char *text = fuzz_cstr(data + 1, size - 1);
	crisk_rules *r = NULL;
	int rc = crisk_rules_new(&r, module, text);
	free(text);
	if (rc) {
		FUZZ_ASSERT(r == NULL && crisk_error_last()[0] != '\0');
		return 0;
	}
	static char canon[8192], again[8192];
	size_t len = 0;
	FUZZ_ASSERT(crisk_rules_params(r, canon, sizeof canon, &len) == CRISK_OK);
	crisk_rules *r2 = NULL;
	FUZZ_ASSERT(crisk_rules_new(&r2, module, canon) == CRISK_OK);
	FUZZ_ASSERT(crisk_rules_params(r2, again, sizeof again, &len) == CRISK_OK);
	FUZZ_ASSERT(strcmp(canon, again) == 0);
	crisk_game *g = NULL;
	FUZZ_ASSERT(crisk_game_new(&g, r) == CRISK_OK);
	size_t n = 0;
	FUZZ_ASSERT(crisk_game_legal_actions(g, NULL, 0, &n) != CRISK_EINVAL);
	crisk_game_free(g);
	crisk_rules_free(r2);
	crisk_rules_free(r);
	return 0;
}
