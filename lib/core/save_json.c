/* The JSON save format (docs/save-format.md): an envelope
 * {"format":"crisk-save","version":1,"module":..,"module_version":..,
 *  "params":..,"event_seq":..,"state":{..}} around the module's exact state.
 * Every refusal names the JSON path of the offending value. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/module.h"
#include "catanrisk/serialize.h"
#include "error.h"
#include "jsonr.h"
#include "save.h"

#define FORMAT_NAME "crisk-save"

CRISK_API int crisk_game_save_json(const crisk_game *g, char *buf, size_t cap, size_t *out_len)
{
	if (out_len)
		*out_len = 0;
	if (!g)
		return err_set(CRISK_EINVAL, "crisk_game_save_json: game is NULL");
	if (!buf && cap)
		return err_set(CRISK_EINVAL, "crisk_game_save_json: buffer is NULL but capacity is %zu", cap);
	const module *m = g->rules->mod;
	int rc = save_supported(m);
	if (rc)
		return rc;
	char *params = save_params_text(g->rules);
	if (!params)
		return err_set(CRISK_ENOMEM, "out of memory saving a game");
	jw w;
	jw_init(&w, buf, cap);
	jw_obj_begin(&w);
	jw_kstr(&w, "format", FORMAT_NAME);
	jw_kint(&w, "version", g->rules->text_len ? SAVE_FORMAT_DATA : 1);
	jw_kstr(&w, "module", m->name);
	jw_kint(&w, "module_version", m->version);
	jw_kstr(&w, "params", params);
	if (g->rules->text_len) {
		/* jw_str wants a NUL-terminated text: the rules' text has no NUL byte. */
		char *text = malloc(g->rules->text_len + 1);
		if (!text) {
			free(params);
			return err_set(CRISK_ENOMEM, "out of memory saving a game");
		}
		memcpy(text, g->rules->text, g->rules->text_len);
		text[g->rules->text_len] = '\0';
		jw_kstr(&w, "data", text);
		free(text);
	}
	jw_key(&w, "event_seq");
	jw_uint(&w, g->log.next);
	jw_key(&w, "state");
	m->state_to_json(g->rules->data, g->state, &w);
	jw_obj_end(&w);
	free(params);
	return jw_finish(&w, out_len);
}

/* "<path of n>: <message>" (or "<path of n>.<member>: ..."), as CRISK_EFORMAT. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int at(const jnode *n, const char *member, const char *fmt, ...)
{
	char path[JR_PATH_MAX], what[ERR_MSG_MAX];
	jr_path(n, path, sizeof path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_set(CRISK_EFORMAT, "%s%s%s: %s", path, member ? "." : "", member ? member : "", what);
}

static const jnode *need(const jnode *root, const char *name, int type, int *rc)
{
	static const char *const names[] = {"null", "a boolean", "a boolean", "a number", "a string", "an array",
					    "an object"};
	const jnode *n = jr_member(root, name);
	if (!n) {
		*rc = at(root, name, "missing");
		return NULL;
	}
	int t = n->type == JN_TRUE ? JN_FALSE : n->type;
	if (t != type) {
		*rc = at(n, NULL, "expected %s, found %s", names[type], jr_type_name(n));
		return NULL;
	}
	if (type == JN_NUM && !n->is_int) {
		*rc = at(n, NULL, "expected an integer, found %s", jr_type_name(n));
		return NULL;
	}
	if (type == JN_STR && strlen(n->str) != n->len) {
		*rc = at(n, NULL, "the string contains \\u0000");
		return NULL;
	}
	return n;
}

static int check_envelope(const jnode *root)
{
	static const char *const known[] = {"format", "version", "module", "module_version", "params", "data",
					    "event_seq", "state"};
	if (root->type != JN_OBJ)
		return at(root, NULL, "expected a save object, found %s", jr_type_name(root));
	for (const jnode *c = root->first; c; c = c->next) {
		size_t i = 0;
		while (i < sizeof known / sizeof known[0] && strcmp(c->key, known[i]) != 0)
			i++;
		if (i == sizeof known / sizeof known[0])
			return at(c, NULL, "unknown member");
	}
	int rc = CRISK_OK;
	const jnode *format = need(root, "format", JN_STR, &rc);
	if (!format)
		return rc;
	if (strcmp(format->str, FORMAT_NAME) != 0)
		return at(format, NULL, "'%s' is not \"" FORMAT_NAME "\"", format->str);
	const jnode *version = need(root, "version", JN_NUM, &rc);
	if (!version)
		return rc;
	if (version->i > (int64_t)SAVE_FORMAT_VERSION)
		return at(version, NULL, "format version %lld is newer than this library's %u", (long long)version->i,
			  SAVE_FORMAT_VERSION);
	if (version->i < 1)
		return at(version, NULL, "format version %lld does not exist (versions start at 1)",
			  (long long)version->i);
	return CRISK_OK;
}

static int load_doc(crisk_game **out, const crisk_rules *like, const jnode *root)
{
	int rc = check_envelope(root);
	if (rc)
		return rc;
	const jnode *name = need(root, "module", JN_STR, &rc);
	const jnode *mver = name ? need(root, "module_version", JN_NUM, &rc) : NULL;
	const jnode *params = mver ? need(root, "params", JN_STR, &rc) : NULL;
	const jnode *seq = params ? need(root, "event_seq", JN_NUM, &rc) : NULL;
	const jnode *state = seq ? need(root, "state", JN_OBJ, &rc) : NULL;
	if (!state)
		return rc;
	if (mver->i < 0 || mver->i > (int64_t)UINT32_MAX)
		return at(mver, NULL, "%lld is not a module version (0..%lu)", (long long)mver->i, (unsigned long)UINT32_MAX);
	/* Format 2 carries the rules' data text, format 1 none (docs/save-format.md). */
	const jnode *version = jr_member(root, "version"), *data = jr_member(root, "data");
	if (version->i >= SAVE_FORMAT_DATA && !data)
		return at(root, NULL, "a format 2 save needs its member \"data\"");
	if (data && (version->i < SAVE_FORMAT_DATA || data->type != JN_STR || !data->str[0]))
		return at(data, NULL, "expected the non-empty data text of a format 2 save");
	crisk_game *g;
	int stage;
	rc = save_new_game(&g, like, name->str, (uint32_t)mver->i, params->str, data ? data->str : NULL,
			   data ? strlen(data->str) : 0, &stage);
	if (rc) {
		char why[ERR_MSG_MAX];
		snprintf(why, sizeof why, "%s", err_message());
		const jnode *where = stage == SAVE_AT_MODULE ? name : stage == SAVE_AT_VERSION ? mver : params;
		return rc == CRISK_EFORMAT ? at(where, NULL, "%s", why) : rc;
	}
	const module *m = g->rules->mod;
	rc = m->state_from_json(g->rules->data, state, g->state);
	if (!rc && (rc = m->state_check(g->rules->data, g->state))) {
		/* state_check names fields relative to the state ("seats[2].hand[1]: ..."). */
		char why[ERR_MSG_MAX], path[JR_PATH_MAX];
		snprintf(why, sizeof why, "%s", err_message());
		jr_path(state, path, sizeof path);
		rc = err_set(rc, "%s.%s", path, why);
	}
	if (!rc && seq->i < 1)
		rc = at(seq, NULL, "event sequence number %lld is out of range (1..%lld)", (long long)seq->i,
			(long long)INT64_MAX);
	if (!rc)
		rc = save_set_seq(g, (uint64_t)seq->i);
	if (rc) {
		crisk_game_free(g);
		return rc;
	}
	*out = g;
	return CRISK_OK;
}

static int load_text(crisk_game **out, const crisk_rules *like, const char *json, size_t len)
{
	*out = NULL;
	if (!json && len)
		return err_set(CRISK_EINVAL, "crisk_game_load_json: json is NULL but length is %zu", len);
	jnode *root;
	int rc = jr_parse(&root, json, len);
	if (rc)
		return rc;
	rc = load_doc(out, like, root);
	jr_free(root);
	return rc;
}

CRISK_API int crisk_game_load_json(crisk_game **out, const char *json, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_load_json: out is NULL");
	return load_text(out, NULL, json, len);
}

CRISK_API int crisk_game_load_json_as(crisk_game **out, const crisk_rules *like, const char *json, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_load_json_as: out is NULL");
	*out = NULL;
	if (!like)
		return err_set(CRISK_EINVAL, "crisk_game_load_json_as: rules is NULL");
	return load_text(out, like, json, len);
}
