/* The test fixture of module hawaii (hawaii_fixture.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "hawaii_fixture.h"
#include "modules/hawaii/hawaii.h"

void open_game(fixture *f, const char *params)
{
	open_game_map(f, params, NULL);
}

void open_game_map(fixture *f, const char *params, const char *map)
{
	memset(f, 0, sizeof *f);
	int rc = params_parse(&f->ps, hawaii_params, hawaii_n_params, params);
	ck_assert_msg(rc == CRISK_OK, "params '%s': %s", params, crisk_error_last());
	void *data = NULL;
	rc = map ? hawaii_rules_create_data(&data, &f->ps, map, strlen(map)) : hawaii_rules_create(&data, &f->ps);
	ck_assert_msg(rc == CRISK_OK, "rules '%s': %s", params, crisk_error_last());
	f->k = data;
	f->st = aligned_alloc(16, f->k->size);
	ck_assert_ptr_nonnull(f->st);
	f->log.next = 1;
	hawaii_state_init(f->k, f->st, &f->log);
}

void close_game(fixture *f)
{
	free(f->st);
	hawaii_rules_destroy(f->k);
	params_free(&f->ps);
}
