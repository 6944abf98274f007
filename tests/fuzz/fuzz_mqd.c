/* libFuzzer target: the .mqd loader (rules/muhq.md §23-§24) must accept a
 * file or refuse it with "line N: E_CLASS: ..." and no result, never crash
 * or leak.  The first byte's low bit loads the input on top of the built-in
 * data (so names can resolve against it), the rest is the file.  Accepted
 * databases must be consistent: every index in range, every name found. */
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "fuzz.h"
#include "muhq/mqd.h"

static void check_db(const mqd_db *db)
{
	for (uint32_t i = 0; i < db->ncard; i++) {
		const mqd_card *c = &db->cards[i];
		FUZZ_ASSERT(mqd_find_card(db, mqd_str(db, c->name)) == i);
		FUZZ_ASSERT(c->ab0 + c->nab <= db->nability);
		for (uint32_t a = 0; a < c->nab; a++) {
			const mqd_ability *ab = &db->abilities[c->ab0 + a];
			FUZZ_ASSERT(ab->nstep >= 1 && ab->step0 + ab->nstep <= db->nstep && ab->nspec <= 2);
		}
	}
	for (uint32_t i = 0; i < db->nlist; i++) {
		const mqd_list *l = &db->lists[i];
		FUZZ_ASSERT(mqd_find_list(db, mqd_str(db, l->id)) == i && l->e0 + l->ne <= db->nentry);
		for (uint32_t e = 0; e < l->ne; e++)
			FUZZ_ASSERT(db->entries[l->e0 + e].card < db->ncard && db->entries[l->e0 + e].count >= 1);
	}
	for (uint32_t i = 0; i < db->nmap; i++) {
		const mqd_map *m = &db->maps[i];
		FUZZ_ASSERT(mqd_find_map(db, mqd_str(db, m->id)) == i);
		FUZZ_ASSERT(m->w >= 1 && m->h >= 1 && m->tile0 + (uint32_t)m->w * m->h <= db->ntile);
		FUZZ_ASSERT(m->deck < db->nlist && m->store < db->nlist);
		FUZZ_ASSERT(m->place0 + m->nplace <= db->nplace && m->area0 + m->narea <= db->narea);
		for (uint32_t p = 0; p < m->nplace; p++) {
			const mqd_place *pl = &db->places[m->place0 + p];
			FUZZ_ASSERT(pl->card < db->ncard && pl->x < m->w && pl->y < m->h);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static mqd_db *builtin;
	if (!builtin && mqd_load_builtin(&builtin) != CRISK_OK)
		abort();
	if (size < 1)
		return 0;
	const mqd_db *prev = data[0] & 1 ? builtin : NULL;
	mqd_db *db = NULL;
	int rc = mqd_load(&db, prev, NULL, (const char *)data + 1, size - 1, NULL);
	if (rc != CRISK_OK) {
		FUZZ_ASSERT(rc == CRISK_EFORMAT && db == NULL);
		FUZZ_ASSERT(strncmp(err_message(), "line ", 5) == 0 && strstr(err_message(), ": E_") != NULL);
		return 0;
	}
	FUZZ_ASSERT(db != NULL && (!prev || db->ncard >= prev->ncard));
	check_db(db);
	mqd_free(db);
	return 0;
}
