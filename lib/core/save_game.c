/* Helpers shared by the binary and JSON loaders and savers (save.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "save.h"

int save_supported(const module *m)
{
	if (!m->state_bytes || !m->state_save || !m->state_load || !m->state_check || !m->state_to_json ||
	    !m->state_from_json)
		return err_set(CRISK_EUNSUPPORTED, "module '%s' cannot save or load games", m->name);
	return CRISK_OK;
}

char *save_params_text(const crisk_rules *r)
{
	textbuf t;
	tb_init(&t, NULL, 0);
	params_format(&r->params, r->mod->params, r->mod->n_params, &t);
	size_t len = t.len;
	char *text = malloc(len + 1);
	if (!text)
		return NULL;
	tb_init(&t, text, len + 1);
	params_format(&r->params, r->mod->params, r->mod->n_params, &t);
	tb_finish(&t, NULL);
	return text;
}

/* The module a save names: built in, or the module of `like`. */
static int save_module(const module **out, const crisk_rules *like, const char *name)
{
	*out = like ? like->mod : module_find(name);
	if (like && strcmp(like->mod->name, name) != 0)
		return err_set(CRISK_EFORMAT, "the save is a game of module '%s', not of '%s'", name, like->mod->name);
	if (*out)
		return CRISK_OK;
	char names[256];
	module_names(names, sizeof names);
	return err_set(CRISK_EFORMAT, "unknown module '%s' (this library has: %s; load saves of host modules with "
				      "crisk_game_load_as)",
		       name, names);
}

/* Rules of `like`'s module with params and data: like itself when they are the same. */
static int rules_like(crisk_rules **out, const crisk_rules *like, const char *params, const char *data,
		      size_t data_len)
{
	char *same = save_params_text(like);
	if (!same)
		return err_set(CRISK_ENOMEM, "out of memory loading a save");
	int equal = strcmp(same, params) == 0 && rules_same_data(like, data, data_len);
	free(same);
	if (equal) {
		rules_retain((crisk_rules *)like);
		*out = (crisk_rules *)like;
		return CRISK_OK;
	}
	return rules_build_data(out, like->mod, like->ext, params, data, data_len);
}

int save_new_game(crisk_game **out, const crisk_rules *like, const char *name, uint32_t version, const char *params,
		  const char *data, size_t data_len, int *stage)
{
	*out = NULL;
	*stage = SAVE_AT_MODULE;
	const module *m;
	int rc = save_module(&m, like, name);
	if (!rc)
		rc = save_supported(m);
	if (rc)
		return rc;
	*stage = SAVE_AT_VERSION;
	if (version != m->version)
		return err_set(CRISK_EFORMAT, "module version mismatch: the save has '%s' version %u, this library has version %u",
			       name, (unsigned)version, (unsigned)m->version);
	*stage = SAVE_AT_PARAMS;
	crisk_rules *r;
	rc = like ? rules_like(&r, like, params, data, data_len) : rules_build_data(&r, m, NULL, params, data, data_len);
	if (rc == CRISK_ENOMEM)
		return rc;
	if (rc) {
		char why[ERR_MSG_MAX];
		snprintf(why, sizeof why, "%s", err_message());
		return err_set(CRISK_EFORMAT, "%s rejected: %s", data_len ? "parameter string or data text" : "parameter string",
			       why);
	}
	*stage = SAVE_AT_GAME;
	rc = crisk_game_new(out, r);
	crisk_rules_free(r); /* the game holds its own reference */
	return rc;
}

int save_set_seq(crisk_game *g, uint64_t seq)
{
	if (seq < 1 || seq > SAVE_MAX_SEQ)
		return err_set(CRISK_EFORMAT, "event sequence number %llu is out of range (1..%llu)",
			       (unsigned long long)seq, (unsigned long long)SAVE_MAX_SEQ);
	g->log.next = seq;
	g->log.base = seq;
	game_state_replaced(g);
	return CRISK_OK;
}
