/* Public rules handles: creation from a module name and parameters, shared
 * ownership, and the queries that do not need a game. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "module_ext.h"
#include "rules_impl.h"

int rules_find_module(const module **out, const char *name)
{
	*out = module_find(name);
	if (*out)
		return CRISK_OK;
	char names[256];
	module_names(names, sizeof names);
	return err_set(CRISK_ENOTFOUND, "unknown module '%s' (built-in modules: %s)", name, names);
}

int rules_build(crisk_rules **out, const module *mod, ext_module *ext, const char *params)
{
	return rules_build_data(out, mod, ext, params, NULL, 0);
}

int rules_same_data(const crisk_rules *r, const char *data, size_t len)
{
	if (!data)
		len = 0;
	return r->text_len == len && (!len || memcmp(r->text, data, len) == 0);
}

int rules_build_data(crisk_rules **out, const module *mod, ext_module *ext, const char *params, const char *data,
		     size_t len)
{
	if (!data)
		len = 0;
	if (len && (ext || !mod->rules_create_data))
		return err_set(CRISK_EUNSUPPORTED, "module '%s' reads no data text", mod->name);
	if (len > RULES_DATA_MAX)
		return err_set(CRISK_EFORMAT, "the data text is %zu bytes long, above the limit of %zu", len,
			       RULES_DATA_MAX);
	if (len && memchr(data, '\0', len))
		return err_set(CRISK_EFORMAT, "the data text contains a NUL byte");
	crisk_rules *r = calloc(1, sizeof *r);
	if (!r)
		return err_set(CRISK_ENOMEM, "out of memory creating rules");
	int rc = params_parse(&r->params, mod->params, mod->n_params, params);
	if (rc) {
		free(r);
		return rc;
	}
	if (len && !(r->text = malloc(len)))
		rc = err_set(CRISK_ENOMEM, "out of memory creating rules");
	if (!rc && len) {
		memcpy(r->text, data, len);
		r->text_len = len;
		rc = mod->rules_create_data(&r->data, &r->params, r->text, len);
	} else if (!rc) {
		rc = ext ? ext_rules_create(ext, &r->data, &r->params) : mod->rules_create(&r->data, &r->params);
	}
	if (rc) {
		params_free(&r->params);
		free(r->text);
		free(r);
		return rc;
	}
	r->mod = mod;
	r->ext = ext;
	if (ext)
		ext_retain(ext);
	r->seats = mod->num_seats(r->data);
	r->state_size = mod->state_size(r->data);
	atomic_init(&r->refs, 1);
	*out = r;
	return CRISK_OK;
}

CRISK_API int crisk_rules_new(crisk_rules **out, const char *module_name, const char *params)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_rules_new: out is NULL");
	*out = NULL;
	if (!module_name)
		return err_set(CRISK_EINVAL, "crisk_rules_new: module name is NULL");
	const module *mod;
	int rc = rules_find_module(&mod, module_name);
	if (rc)
		return rc;
	return rules_build(out, mod, NULL, params);
}

CRISK_API int crisk_rules_new_with_data(crisk_rules **out, const char *module_name, const char *params,
					const char *data, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_data: out is NULL");
	*out = NULL;
	if (!module_name)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_data: module name is NULL");
	if (!data && len)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_data: data is NULL but its length is %zu", len);
	const module *mod;
	int rc = rules_find_module(&mod, module_name);
	if (rc)
		return rc;
	return rules_build_data(out, mod, NULL, params, data, len);
}

CRISK_API int crisk_rules_new_with_data_file(crisk_rules **out, const char *module_name, const char *params,
					     const char *path)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_data_file: out is NULL");
	*out = NULL;
	if (!path)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_data_file: path is NULL");
	FILE *f = fopen(path, "rb");
	if (!f)
		return err_set(CRISK_ENOTFOUND, "cannot open data file '%s': %s", path, strerror(errno));
	/* Read in growing chunks: a size from ftell means nothing for a pipe or a directory. */
	char *text = NULL;
	size_t len = 0, cap = 0;
	int rc = CRISK_OK;
	for (;;) {
		if (len == cap) {
			size_t grow = cap ? 2 * cap : 65536;
			char *bigger = grow <= RULES_DATA_MAX + 1 ? realloc(text, grow) : NULL;
			if (!bigger) {
				rc = grow > RULES_DATA_MAX + 1
					     ? err_set(CRISK_EFORMAT, "data file '%s' is longer than %zu bytes", path,
						       RULES_DATA_MAX)
					     : err_set(CRISK_ENOMEM, "out of memory reading '%s'", path);
				break;
			}
			text = bigger;
			cap = grow;
		}
		size_t got = fread(text + len, 1, cap - len, f);
		len += got;
		if (ferror(f)) {
			rc = err_set(CRISK_ENOTFOUND, "cannot read data file '%s'", path);
			break;
		}
		if (got == 0 || feof(f))
			break;
	}
	fclose(f);
	if (!rc && len > RULES_DATA_MAX)
		rc = err_set(CRISK_EFORMAT, "data file '%s' is longer than %zu bytes", path, RULES_DATA_MAX);
	if (!rc)
		rc = crisk_rules_new_with_data(out, module_name, params, text, len);
	free(text);
	return rc;
}

CRISK_API int crisk_rules_data(const crisk_rules *r, const char **data, size_t *len)
{
	if (!r || !data || !len)
		return err_set(CRISK_EINVAL, "crisk_rules_data: a NULL argument");
	*data = r->text;
	*len = r->text_len;
	return CRISK_OK;
}

void rules_retain(crisk_rules *r)
{
	atomic_fetch_add_explicit(&r->refs, 1, memory_order_relaxed);
}

CRISK_API void crisk_rules_free(crisk_rules *r)
{
	if (!r || atomic_fetch_sub_explicit(&r->refs, 1, memory_order_acq_rel) != 1)
		return;
	r->mod->rules_destroy(r->data);
	params_free(&r->params);
	free(r->text);
	ext_release(r->ext); /* last: it may unload the code of rules_destroy */
	free(r);
}

CRISK_API const char *crisk_rules_module(const crisk_rules *r)
{
	if (!r) {
		err_set(CRISK_EINVAL, "crisk_rules_module: rules is NULL");
		return NULL;
	}
	return r->mod->name;
}

CRISK_API int crisk_rules_num_seats(const crisk_rules *r)
{
	if (!r)
		return err_set(CRISK_EINVAL, "crisk_rules_num_seats: rules is NULL");
	return r->seats;
}

CRISK_API int crisk_rules_params(const crisk_rules *r, char *buf, size_t cap, size_t *out_len)
{
	if (!r)
		return err_set(CRISK_EINVAL, "crisk_rules_params: rules is NULL");
	int rc = err_check_buffer("crisk_rules_params", buf, cap);
	if (rc)
		return rc;
	textbuf t;
	tb_init(&t, buf, cap);
	params_format(&r->params, r->mod->params, r->mod->n_params, &t);
	return tb_finish(&t, out_len);
}

CRISK_API int crisk_rules_board_json(const crisk_rules *r, char *buf, size_t cap, size_t *out_len)
{
	if (!r)
		return err_set(CRISK_EINVAL, "crisk_rules_board_json: rules is NULL");
	int rc = err_check_buffer("crisk_rules_board_json", buf, cap);
	if (rc)
		return rc;
	if (!r->mod->board_json)
		return err_set(CRISK_EUNSUPPORTED, "crisk_rules_board_json: module '%s' has no board description",
			       r->mod->name);
	jw w;
	jw_init(&w, buf, cap);
	r->mod->board_json(r->data, &w);
	return jw_finish(&w, out_len);
}

CRISK_API int crisk_param_info_init(crisk_param_info *info, uint32_t version)
{
	if (!info)
		return err_set(CRISK_EINVAL, "crisk_param_info_init: info is NULL");
	if (version != CRISK_PARAM_INFO_VERSION)
		return err_set(CRISK_EINVAL, "crisk_param_info_init: unknown version %u (this library knows %d)",
			       version, CRISK_PARAM_INFO_VERSION);
	memset(info, 0, sizeof *info);
	info->version = version;
	return CRISK_OK;
}

CRISK_API int crisk_module_param_count(const char *module_name)
{
	if (!module_name)
		return err_set(CRISK_EINVAL, "crisk_module_param_count: module name is NULL");
	const module *mod;
	int rc = rules_find_module(&mod, module_name);
	return rc ? rc : mod->n_params;
}

static const char *const type_names[] = {"int", "uint64", "bool", "enum", "string"};

static int fill_param_info(crisk_param_info *info, const module *mod, int index)
{
	if (index < 0 || index >= mod->n_params)
		return err_set(CRISK_ENOTFOUND, "module '%s' has %d parameters; index %d is out of range", mod->name,
			       mod->n_params, index);
	const param_desc *d = &mod->params[index];
	info->name = d->name;
	info->type = type_names[d->type];
	info->default_value = d->def ? d->def : "";
	info->accepted = d->accepted;
	info->help = d->help;
	return CRISK_OK;
}

static int check_info(const crisk_param_info *info, const char *fn)
{
	if (info->version != CRISK_PARAM_INFO_VERSION)
		return err_set(CRISK_EINVAL, "%s: info->version is %u; call crisk_param_info_init first", fn,
			       info->version);
	return CRISK_OK;
}

CRISK_API int crisk_module_param_info(crisk_param_info *info, const char *module_name, int index)
{
	if (!info || !module_name)
		return err_set(CRISK_EINVAL, "crisk_module_param_info: info or module name is NULL");
	int rc = check_info(info, "crisk_module_param_info");
	if (rc)
		return rc;
	const module *mod;
	rc = rules_find_module(&mod, module_name);
	return rc ? rc : fill_param_info(info, mod, index);
}

CRISK_API int crisk_rules_param_count(const crisk_rules *r)
{
	if (!r)
		return err_set(CRISK_EINVAL, "crisk_rules_param_count: rules is NULL");
	return r->mod->n_params;
}

CRISK_API int crisk_rules_param_info(crisk_param_info *info, const crisk_rules *r, int index)
{
	if (!info || !r)
		return err_set(CRISK_EINVAL, "crisk_rules_param_info: info or rules is NULL");
	int rc = check_info(info, "crisk_rules_param_info");
	return rc ? rc : fill_param_info(info, r->mod, index);
}
