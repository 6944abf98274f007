/* The public Catan-family API of catanrisk/catan.h: action codes to and from
 * fields, and typed queries with the visibility rules of B-134. */
#include <string.h>

#include "catanrisk/catan.h"
#include "../core/error.h"
#include "../core/module_ext.h"
#include "../core/rules_impl.h"
#include "kernel.h"

CRISK_API int crisk_catan_action_init(crisk_catan_action *action, uint32_t version)
{
	if (!action)
		return err_set(CRISK_EINVAL, "crisk_catan_action_init: action is NULL");
	if (version != CRISK_CATAN_ACTION_VERSION)
		return err_set(CRISK_EINVAL, "crisk_catan_action_init: unknown version %u (this library knows %d)",
			       (unsigned)version, CRISK_CATAN_ACTION_VERSION);
	memset(action, 0, sizeof *action);
	action->version = version;
	return CRISK_OK;
}

static int field(const char *name, int32_t v, int32_t max, uint64_t *f, int shift)
{
	if (v < 0 || v > max)
		return err_set(CRISK_EINVAL, "crisk_catan_action_encode: %s = %d does not fit 0..%d", name, (int)v,
			       (int)max);
	*f |= (uint64_t)v << shift;
	return CRISK_OK;
}

CRISK_API int crisk_catan_action_encode(crisk_action *out, const crisk_catan_action *a)
{
	if (!out || !a)
		return err_set(CRISK_EINVAL, "crisk_catan_action_encode: NULL argument");
	if (a->version != CRISK_CATAN_ACTION_VERSION)
		return err_set(CRISK_EINVAL, "crisk_catan_action_encode: unknown struct version %u", (unsigned)a->version);
	int known;
	uint64_t mask = act_field_mask(a->type, &known);
	if (!known || a->type > 0xFF)
		return err_set(CRISK_EINVAL, "crisk_catan_action_encode: unknown action type %u", (unsigned)a->type);
	uint64_t f = 0;
	int rc = CRISK_OK;
	static const char *const give_names[MAX_GOODS] = {"give[0]", "give[1]", "give[2]",
							  "give[3]", "give[4]", "give[5]"};
	static const char *const want_names[MAX_GOODS] = {"want[0]", "want[1]", "want[2]",
							  "want[3]", "want[4]", "want[5]"};
	switch (a->type) {
	case CRISK_CATAN_DICE:
		if (!(rc = field("arg[0]", a->arg[0], 255, &f, 0)) && !(rc = field("arg[1]", a->arg[1], 15, &f, 8)))
			rc = field("arg[2]", a->arg[2], 15, &f, 12);
		break;
	case CRISK_CATAN_MARITIME_TRADE:
		if (!(rc = field("arg[0]", a->arg[0], 255, &f, 0)))
			rc = field("arg[1]", a->arg[1], 255, &f, 8);
		break;
	case CRISK_CATAN_DISCARD_CARDS:
		for (int r = 0; r < NUM_RES && !rc; r++)
			rc = field(give_names[r], a->give[r], 255, &f, 8 * r);
		if (!rc && a->give[NUM_RES])
			rc = err_set(CRISK_EINVAL, "crisk_catan_action_encode: discards hold resources only (give[5] must be 0)");
		break;
	case CRISK_CATAN_OFFER_TRADE:
		for (int g = 0; g < MAX_GOODS && !rc; g++) {
			if (!(rc = field(give_names[g], a->give[g], 15, &f, 4 * g)))
				rc = field(want_names[g], a->want[g], 15, &f, 24 + 4 * g);
		}
		if (!rc)
			rc = field("to", a->to, 15, &f, 48);
		break;
	default:
		/* Module actions with two or three 16-bit arguments (risk). */
		if (mask)
			rc = field("arg[0]", a->arg[0], 0xFFFF, &f, 0);
		if (!rc && (mask >> 16)) /* module types with two or three arguments */
			rc = field("arg[1]", a->arg[1], (int32_t)((mask >> 16) & 0xFFFF), &f, 16);
		if (!rc && (mask >> 32))
			rc = field("arg[2]", a->arg[2], (int32_t)((mask >> 32) & 0xFFFF), &f, 32);
		break;
	}
	if (rc)
		return rc;
	*out = act_make(a->type, f);
	return CRISK_OK;
}

CRISK_API int crisk_catan_action_decode(crisk_catan_action *out, crisk_action code)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_catan_action_decode: out is NULL");
	if (out->version != CRISK_CATAN_ACTION_VERSION)
		return err_set(CRISK_EINVAL, "crisk_catan_action_decode: initialize the struct first (version %u)",
			       (unsigned)out->version);
	unsigned type = ACT_TYPE(code);
	int known;
	uint64_t mask = act_field_mask(type, &known);
	if (!known)
		return err_set(CRISK_EINVAL, "crisk_catan_action_decode: unknown action type %u", type);
	if (code & ~(mask | (UINT64_C(0xFF) << 56)))
		return err_set(CRISK_EINVAL, "crisk_catan_action_decode: bits set outside the fields of type %u", type);
	crisk_catan_action_init(out, CRISK_CATAN_ACTION_VERSION);
	out->type = type;
	switch (type) {
	case CRISK_CATAN_DICE:
		out->arg[0] = (int32_t)(code & 0xFF);
		out->arg[1] = (int32_t)((code >> 8) & 0xF);
		out->arg[2] = (int32_t)((code >> 12) & 0xF);
		break;
	case CRISK_CATAN_MARITIME_TRADE:
		out->arg[0] = (int32_t)(code & 0xFF);
		out->arg[1] = (int32_t)((code >> 8) & 0xFF);
		break;
	case CRISK_CATAN_DISCARD_CARDS:
		for (int r = 0; r < NUM_RES; r++)
			out->give[r] = (int32_t)((code >> (8 * r)) & 0xFF);
		break;
	case CRISK_CATAN_OFFER_TRADE:
		for (int g = 0; g < MAX_GOODS; g++) {
			out->give[g] = offer_count(code, g, 0);
			out->want[g] = offer_count(code, g, 1);
		}
		out->to = (int32_t)((code >> 48) & 0xF);
		break;
	default:
		if (mask)
			out->arg[0] = ACT_ID(code);
		if (mask >> 16)
			out->arg[1] = (int32_t)((code >> 16) & ((mask >> 16) & 0xFFFF));
		if (mask >> 32)
			out->arg[2] = (int32_t)((code >> 32) & ((mask >> 32) & 0xFFFF));
		break;
	}
	return CRISK_OK;
}

/* The Catan-family game inside a host module's game (crisk_module.inner_state). */
static int catan_inside(const crisk_game *g, const char *fn, const kern **k, const void **st)
{
	const crisk_rules *r = g->rules;
	if (!r->ext)
		return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' is not a Catan-family module", fn, r->mod->name);
	const module *m;
	const void *data;
	int rc = ext_inner_builtin(r, g->state, g->state_size, fn, "Catan-family", &m, &data, st);
	if (rc)
		return rc;
	if (m->family != FAMILY_CATAN)
		return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' wraps module '%s', which is not a Catan-family module",
			       fn, r->mod->name, m->name);
	*k = data;
	return CRISK_OK;
}

/* The kernel data and state of a Catan-family game. */
static int catan_of(const crisk_game *g, const char *fn, const kern **k, const void **st)
{
	if (!g)
		return err_set(CRISK_EINVAL, "%s: game is NULL", fn);
	if (g->rules->mod->family != FAMILY_CATAN)
		return catan_inside(g, fn, k, st);
	*k = g->rules->data;
	*st = g->state;
	return CRISK_OK;
}

static int seat_ok(const kern *k, const char *fn, int seat)
{
	if (seat < 0 || seat >= k->seats)
		return err_set(CRISK_EINVAL, "%s: seat %d out of range 0..%d", fn, seat, k->seats - 1);
	return CRISK_OK;
}

static int viewer_ok(const kern *k, const char *fn, int viewer)
{
	if (viewer == CRISK_VIEWER_SPECTATOR || viewer == CRISK_VIEWER_OMNISCIENT)
		return CRISK_OK;
	if (viewer < 0 || viewer >= k->seats)
		return err_set(CRISK_EINVAL, "%s: viewer %d is not a seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT",
			       fn, viewer);
	return CRISK_OK;
}

/* Common start of the private per-seat queries. */
static int private_query(const crisk_game *g, const char *fn, int seat, int viewer, const int32_t *counts,
			 const kern **k, const void **st)
{
	int rc = catan_of(g, fn, k, st);
	if (!rc)
		rc = seat_ok(*k, fn, seat);
	if (!rc)
		rc = viewer_ok(*k, fn, viewer);
	if (!rc && !counts)
		rc = err_set(CRISK_EINVAL, "%s: counts is NULL", fn);
	if (!rc && !kern_may_see(*k, *st, seat, viewer))
		rc = err_set(CRISK_EHIDDEN, "%s: viewer %d may not see seat %d's cards", fn, viewer, seat);
	return rc;
}

CRISK_API int crisk_catan_hand(const crisk_game *g, int seat, int viewer, int32_t counts[5])
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = private_query(g, "crisk_catan_hand", seat, viewer, counts, &k, &st);
	if (rc)
		return rc;
	for (int r = 0; r < NUM_RES; r++)
		counts[r] = kseat_of(k, st, seat)->hand[r];
	return CRISK_OK;
}

CRISK_API int crisk_catan_dev_cards(const crisk_game *g, int seat, int viewer, int32_t counts[5])
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = private_query(g, "crisk_catan_dev_cards", seat, viewer, counts, &k, &st);
	if (rc)
		return rc;
	for (int c = 0; c < NUM_DEV; c++)
		counts[c] = kseat_of(k, st, seat)->dev[c];
	return CRISK_OK;
}

CRISK_API int crisk_catan_seat_counts(const crisk_game *g, int seat, int32_t *cards, int32_t *dev, int32_t *knights)
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = catan_of(g, "crisk_catan_seat_counts", &k, &st);
	if (!rc)
		rc = seat_ok(k, "crisk_catan_seat_counts", seat);
	if (rc)
		return rc;
	const kseat *p = kseat_of(k, st, seat);
	if (cards)
		*cards = p->cards;
	if (dev)
		*dev = p->dev[0] + p->dev[1] + p->dev[2] + p->dev[3] + p->dev[4];
	if (knights)
		*knights = p->knights;
	return CRISK_OK;
}

CRISK_API int crisk_catan_building(const crisk_game *g, int node, int32_t *owner, int32_t *kind)
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = catan_of(g, "crisk_catan_building", &k, &st);
	if (rc)
		return rc;
	if (node < 0 || node >= k->b.n_node)
		return err_set(CRISK_EINVAL, "crisk_catan_building: intersection %d out of range 0..%d", node,
			       k->b.n_node - 1);
	if (!owner || !kind)
		return err_set(CRISK_EINVAL, "crisk_catan_building: NULL output");
	unsigned nb = knodes(k, st)[node];
	int o = (int)(nb & NODE_OWNER_MASK) - 1;
	*owner = o < k->owners ? o : -1; /* owners >= num_seats are neutrals (T-1) */
	*kind = nb ? ((nb & NODE_CITY) ? 2 : 1) : 0;
	return CRISK_OK;
}

CRISK_API int crisk_catan_road(const crisk_game *g, int path, int32_t *owner)
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = catan_of(g, "crisk_catan_road", &k, &st);
	if (rc)
		return rc;
	if (path < 0 || path >= k->b.n_path)
		return err_set(CRISK_EINVAL, "crisk_catan_road: path %d out of range 0..%d", path, k->b.n_path - 1);
	if (!owner)
		return err_set(CRISK_EINVAL, "crisk_catan_road: NULL output");
	int o = kpaths(k, st)[path] - 1;
	*owner = o < k->owners ? o : -1;
	return CRISK_OK;
}

CRISK_API int crisk_catan_robber(const crisk_game *g, int32_t *hex)
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = catan_of(g, "crisk_catan_robber", &k, &st);
	if (rc)
		return rc;
	if (!hex)
		return err_set(CRISK_EINVAL, "crisk_catan_robber: NULL output");
	*hex = ks(st)->robber;
	return CRISK_OK;
}

CRISK_API int crisk_catan_bank(const crisk_game *g, int32_t counts[5], int32_t *deck_size)
{
	const kern *k = NULL;
	const void *st = NULL;
	int rc = catan_of(g, "crisk_catan_bank", &k, &st);
	if (rc)
		return rc;
	if (!counts)
		return err_set(CRISK_EINVAL, "crisk_catan_bank: counts is NULL");
	const kstate *h = ks(st);
	for (int r = 0; r < NUM_RES; r++)
		counts[r] = h->bank[r];
	if (deck_size)
		*deck_size = h->deck[0] + h->deck[1] + h->deck[2] + h->deck[3] + h->deck[4];
	return CRISK_OK;
}
