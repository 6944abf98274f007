/* The binary save format (docs/save-format.md): a self-describing blob with
 * magic, format version, module name and version, canonical parameters, the
 * module's portable state bytes, the event sequence number and a CRC-32.
 * Integers are little-endian and written byte by byte.  Loading checks the
 * framing, then the checksum, then module, parameters and state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/module.h"
#include "catanrisk/serialize.h"
#include "error.h"
#include "save.h"

#define MAGIC "CRISKSAV"
#define MAGIC_LEN 8
#define NAME_MAX_LEN 64
#define PARAMS_MAX_LEN 65536

/* CRC-32/ISO-HDLC (the zlib/PNG CRC): reflected polynomial 0xEDB88320,
 * initial value and final xor 0xFFFFFFFF.  Bitwise: saves are small. */
static uint32_t crc32_iso_hdlc(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int b = 0; b < 8; b++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
	}
	return c ^ 0xFFFFFFFFu;
}

static size_t put_le(uint8_t *out, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		out[i] = (uint8_t)(v >> (8 * i));
	return (size_t)bytes;
}

CRISK_API int crisk_game_save(const crisk_game *g, void *buf, size_t cap, size_t *out_len)
{
	if (out_len)
		*out_len = 0;
	if (!g)
		return err_set(CRISK_EINVAL, "crisk_game_save: game is NULL");
	if (!out_len)
		return err_set(CRISK_EINVAL, "crisk_game_save: out_len is NULL");
	if (!buf && cap)
		return err_set(CRISK_EINVAL, "crisk_game_save: buffer is NULL but capacity is %zu", cap);
	const module *m = g->rules->mod;
	int rc = save_supported(m);
	if (rc)
		return rc;
	char *params = save_params_text(g->rules);
	if (!params)
		return err_set(CRISK_ENOMEM, "out of memory saving a game");
	size_t name_len = strlen(m->name), params_len = strlen(params);
	size_t state_len = m->state_bytes(g->rules->data);
	size_t text_len = g->rules->text_len; /* format 2 only: 4 + text_len bytes after the parameters */
	size_t total = MAGIC_LEN + 4 + 2 + name_len + 4 + 4 + params_len + (text_len ? 4 + text_len : 0) + 4 +
		       state_len + 8 + 4;
	*out_len = total;
	if (cap < total) {
		free(params);
		return err_set(CRISK_EBUFSIZE, "buffer too small: the save needs %zu bytes", total);
	}
	uint8_t *o = buf;
	size_t n = 0;
	memcpy(o, MAGIC, MAGIC_LEN);
	n += MAGIC_LEN;
	n += put_le(o + n, text_len ? SAVE_FORMAT_DATA : 1, 4);
	n += put_le(o + n, name_len, 2);
	memcpy(o + n, m->name, name_len);
	n += name_len;
	n += put_le(o + n, m->version, 4);
	n += put_le(o + n, params_len, 4);
	memcpy(o + n, params, params_len);
	n += params_len;
	free(params);
	if (text_len) {
		n += put_le(o + n, text_len, 4);
		memcpy(o + n, g->rules->text, text_len);
		n += text_len;
	}
	n += put_le(o + n, state_len, 4);
	m->state_save(g->rules->data, g->state, o + n);
	n += state_len;
	n += put_le(o + n, g->log.next, 8);
	put_le(o + n, crc32_iso_hdlc(o, n), 4);
	return CRISK_OK;
}

typedef struct reader {
	const uint8_t *p;
	size_t len, pos;
} reader;

/* Claims n bytes for `what`; a save cut short says where. */
static int take(reader *r, size_t n, const char *what, const uint8_t **at)
{
	if (r->len - r->pos < n)
		return err_set(CRISK_EFORMAT, "save truncated at byte %zu: the %s needs %zu bytes from byte %zu", r->len,
			       what, n, r->pos);
	*at = r->p + r->pos;
	r->pos += n;
	return CRISK_OK;
}

static int take_le(reader *r, int bytes, const char *what, uint64_t *v)
{
	const uint8_t *at = NULL;
	int rc = take(r, (size_t)bytes, what, &at);
	if (rc)
		return rc;
	*v = 0;
	for (int i = 0; i < bytes; i++)
		*v |= (uint64_t)at[i] << (8 * i);
	return CRISK_OK;
}

/* A length-prefixed text without NUL bytes, copied into a new string. */
static int take_text(reader *r, int len_bytes, uint64_t max, const char *what, char **out)
{
	uint64_t n;
	const uint8_t *at = NULL;
	int rc = take_le(r, len_bytes, what, &n);
	if (rc)
		return rc;
	if (n > max)
		return err_set(CRISK_EFORMAT, "the %s is %llu bytes long, above the limit %llu", what,
			       (unsigned long long)n, (unsigned long long)max);
	if ((rc = take(r, (size_t)n, what, &at)))
		return rc;
	if (memchr(at, 0, (size_t)n))
		return err_set(CRISK_EFORMAT, "the %s contains a NUL byte", what);
	*out = malloc((size_t)n + 1);
	if (!*out)
		return err_set(CRISK_ENOMEM, "out of memory loading a save");
	memcpy(*out, at, (size_t)n);
	(*out)[n] = '\0';
	return CRISK_OK;
}

/* The parts of a save, framing checked and checksum verified. */
typedef struct frame {
	char *name, *params, *data; /* data: NULL in format 1 */
	uint64_t module_version, seq;
	const uint8_t *state;
	size_t state_len;
} frame;

static int read_frame(reader *r, frame *f)
{
	uint64_t v, stored;
	if (r->len < MAGIC_LEN && (r->len == 0 || memcmp(r->p, MAGIC, r->len) == 0))
		return err_set(CRISK_EFORMAT, "save truncated at byte %zu: the magic \"" MAGIC "\" needs 8 bytes", r->len);
	if (r->len < MAGIC_LEN || memcmp(r->p, MAGIC, MAGIC_LEN) != 0)
		return err_set(CRISK_EFORMAT, "bad magic: a catanrisk save starts with \"" MAGIC "\"");
	r->pos = MAGIC_LEN;
	int rc = take_le(r, 4, "format version", &v);
	if (rc)
		return rc;
	if (v > SAVE_FORMAT_VERSION)
		return err_set(CRISK_EFORMAT, "format version %llu is newer than this library's %u", (unsigned long long)v,
			       SAVE_FORMAT_VERSION);
	if (v == 0)
		return err_set(CRISK_EFORMAT, "format version 0 does not exist (versions start at 1)");
	uint64_t format = v;
	if ((rc = take_text(r, 2, NAME_MAX_LEN, "module name", &f->name)) ||
	    (rc = take_le(r, 4, "module version", &f->module_version)) ||
	    (rc = take_text(r, 4, PARAMS_MAX_LEN, "parameter string", &f->params)))
		return rc;
	if (format >= SAVE_FORMAT_DATA && (rc = take_text(r, 4, RULES_DATA_MAX, "data text", &f->data)))
		return rc;
	if (f->data && !f->data[0])
		return err_set(CRISK_EFORMAT, "the data text of a format 2 save is empty (a save without one is format 1)");
	if ((rc = take_le(r, 4, "state size", &v)))
		return rc;
	f->state_len = (size_t)v;
	if ((rc = take(r, f->state_len, "state", &f->state)) || (rc = take_le(r, 8, "event sequence number", &f->seq)))
		return rc;
	size_t body = r->pos;
	if ((rc = take_le(r, 4, "checksum", &stored)))
		return rc;
	if (r->pos != r->len)
		return err_set(CRISK_EFORMAT, "%zu unexpected bytes after the checksum at byte %zu", r->len - r->pos, body);
	uint32_t crc = crc32_iso_hdlc(r->p, body);
	if (crc != stored)
		return err_set(CRISK_EFORMAT, "checksum mismatch: the save says %08llx, its bytes give %08lx (CRC-32)",
			       (unsigned long long)stored, (unsigned long)crc);
	return CRISK_OK;
}

static int load_state(crisk_game *g, const frame *f)
{
	const module *m = g->rules->mod;
	const void *data = g->rules->data;
	size_t want = m->state_bytes(data);
	if (f->state_len != want)
		return err_set(CRISK_EFORMAT, "state size mismatch: the save has %zu bytes, these rules need %zu",
			       f->state_len, want);
	m->state_load(data, f->state, g->state);
	int rc = m->state_check(data, g->state);
	if (rc) {
		char why[ERR_MSG_MAX];
		snprintf(why, sizeof why, "%s", err_message());
		return err_set(rc, "state field invalid: %s", why);
	}
	return save_set_seq(g, f->seq);
}

static int load_binary(crisk_game **out, const crisk_rules *like, const void *data, size_t len)
{
	*out = NULL;
	if (!data && len)
		return err_set(CRISK_EINVAL, "crisk_game_load: data is NULL but length is %zu", len);
	reader r = {data, len, 0};
	frame f = {0};
	crisk_game *g = NULL;
	int stage;
	int rc = read_frame(&r, &f);
	if (!rc)
		rc = save_new_game(&g, like, f.name, (uint32_t)f.module_version, f.params, f.data,
				   f.data ? strlen(f.data) : 0, &stage);
	if (!rc)
		rc = load_state(g, &f);
	free(f.name);
	free(f.params);
	free(f.data);
	if (rc) {
		crisk_game_free(g);
		return rc;
	}
	*out = g;
	return CRISK_OK;
}

CRISK_API int crisk_game_load(crisk_game **out, const void *data, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_load: out is NULL");
	return load_binary(out, NULL, data, len);
}

CRISK_API int crisk_game_load_as(crisk_game **out, const crisk_rules *like, const void *data, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_load_as: out is NULL");
	*out = NULL;
	if (!like)
		return err_set(CRISK_EINVAL, "crisk_game_load_as: rules is NULL");
	return load_binary(out, like, data, len);
}
