/* house_rules: an example rule module outside the library, built as its own
 * shared object and loaded at run time (docs/modules.md).  It wraps the
 * built-in module `base` through the public interface only and adds four
 * house rules:
 *
 *   HR-1  no trading between players (domestic offers are not allowed);
 *   HR-2  development cards can be bought and played from round
 *         dev_from_round on (default 3; a round is one turn of every seat);
 *   HR-3  at most bank_trades_per_turn maritime trades per turn (default 1);
 *   HR-4  the game is won with vp_target points (default 8 instead of 10).
 *
 * HR-1..HR-3 filter base's legal actions and refuse the filtered ones in
 * check and apply with a message; HR-4 is base's own parameter with another
 * default.  The state is base's state block followed by the module's own
 * fields (the bank trades of the current turn), so a game is still one flat
 * block: clones, undo and saves work as for base.  inner_state tells the
 * library where base's state is, so the Catan queries of catan.h work on
 * house games too. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"

#define HOUSE_VERSION 1
/* Main-phase lists stay far below this (pieces and board size bound them);
 * only discard points list more, and they hold no action a house rule removes. */
#define LOCAL_LEGAL 1024

static const char *const board_choices[] = {"beginner", "random", "random_tokens", NULL};
static const char *const chance_choices[] = {"auto", "explicit", NULL};

enum { P_PLAYERS, P_SEED, P_BOARD, P_CHANCE, P_VP_TARGET, P_MAX_TURNS, P_DEV_FROM_ROUND, P_BANK_TRADES, P_COUNT };

static const crisk_param_desc house_params[P_COUNT] = {
	[P_PLAYERS] = {.name = "players", .kind = CRISK_PARAM_INT, .default_value = "4", .min = 2, .max = 4,
		       .accepted = "2..4", .help = "number of seats"},
	[P_SEED] = {.name = "seed", .kind = CRISK_PARAM_UINT64, .accepted = "0..18446744073709551615",
		    .help = "seed of the game's RNG (required)"},
	[P_BOARD] = {.name = "board", .kind = CRISK_PARAM_ENUM, .default_value = "random", .choices = board_choices,
		     .accepted = "beginner|random|random_tokens", .help = "board layout"},
	[P_CHANCE] = {.name = "chance", .kind = CRISK_PARAM_ENUM, .default_value = "auto", .choices = chance_choices,
		      .accepted = "auto|explicit", .help = "dice, draws and steals from the RNG or from the host"},
	[P_VP_TARGET] = {.name = "vp_target", .kind = CRISK_PARAM_INT, .default_value = "8", .min = 3, .max = 30,
			 .accepted = "3..30", .help = "winning total (HR-4)"},
	[P_MAX_TURNS] = {.name = "max_turns", .kind = CRISK_PARAM_INT, .default_value = "0", .min = 0, .max = 1000000,
			 .accepted = "0..1000000 (0 = unlimited)", .help = "the game ends without winner after this turn"},
	[P_DEV_FROM_ROUND] = {.name = "dev_from_round", .kind = CRISK_PARAM_INT, .default_value = "3", .min = 1,
			      .max = 1000, .accepted = "1..1000",
			      .help = "first round in which development cards may be bought or played (HR-2)"},
	[P_BANK_TRADES] = {.name = "bank_trades_per_turn", .kind = CRISK_PARAM_INT, .default_value = "1", .min = 0,
			   .max = 20, .accepted = "0..20", .help = "maritime trades a seat may make per turn (HR-3)"},
};

/* The immutable part: base's table and data, and the house settings. */
typedef struct house {
	const crisk_module *base;
	void *base_data;
	size_t base_size;  /* base's state block */
	size_t own_offset; /* where struct own starts: after base's block, aligned */
	size_t base_bytes; /* base's binary state */
	int seats;
	int64_t dev_from_round;
	int64_t bank_trades;
} house;

/* The module's own state fields after base's block. */
typedef struct own {
	int32_t bank_trades;      /* maritime trades made in turn `turn` */
	int32_t bank_trades_turn; /* the turn they were made in */
} own;

#define OWN_BYTES 8

static own *own_of(const house *h, void *state)
{
	return (own *)((unsigned char *)state + h->own_offset);
}

static const own *own_of_const(const house *h, const void *state)
{
	return (const own *)((const unsigned char *)state + h->own_offset);
}

static unsigned type_of(crisk_action a)
{
	return (unsigned)(a >> 56); /* catan.h: the type is in bits 56-63 */
}

/* ---- the rules ---- */

static int64_t round_of(const house *h, int64_t turn)
{
	return turn <= 0 ? 0 : (turn - 1) / h->seats + 1;
}

static int32_t bank_trades_made(const house *h, const void *state)
{
	const own *o = own_of_const(h, state);
	return o->bank_trades_turn == h->base->turn(h->base_data, state) ? o->bank_trades : 0;
}

/* CRISK_OK, or the house rule that refuses the action (with its message). */
static int house_refuses(const house *h, const void *state, crisk_action a, int set_message)
{
	unsigned t = type_of(a);
	if (t == CRISK_CATAN_OFFER_TRADE) {
		return set_message ? crisk_error_set(CRISK_EILLEGAL, "house rule HR-1: no trading between players; "
								     "trade with the bank or a harbor instead")
				   : CRISK_EILLEGAL;
	}
	if (t == CRISK_CATAN_BUY_DEV || (t >= CRISK_CATAN_PLAY_KNIGHT && t <= CRISK_CATAN_PLAY_MONOPOLY)) {
		int64_t round = round_of(h, h->base->turn(h->base_data, state));
		if (round < h->dev_from_round)
			return set_message ? crisk_error_set(CRISK_EILLEGAL,
							     "house rule HR-2: development cards can be bought and played "
							     "from round %" PRId64 " on; this is round %" PRId64,
							     h->dev_from_round, round)
					   : CRISK_EILLEGAL;
	}
	if (t == CRISK_CATAN_MARITIME_TRADE) {
		int32_t made = bank_trades_made(h, state);
		if (made >= h->bank_trades)
			return set_message ? crisk_error_set(CRISK_EILLEGAL,
							     "house rule HR-3: at most %" PRId64 " trade%s with the bank "
							     "per turn; you made %d this turn",
							     h->bank_trades, h->bank_trades == 1 ? "" : "s", (int)made)
					   : CRISK_EILLEGAL;
	}
	return CRISK_OK;
}

/* ---- vtable ---- */

static int house_create(void **data, const crisk_params *p)
{
	static const char *const boards[] = {"beginner", "random", "random_tokens"};
	static const char *const chances[] = {"auto", "explicit"};
	const crisk_module *base = crisk_module_builtin("base");
	if (!base)
		return CRISK_ENOTFOUND; /* the message is set */
	char text[256];
	snprintf(text, sizeof text, "players=%d seed=%" PRIu64 " board=%s chance=%s vp_target=%d max_turns=%d",
		 (int)crisk_params_int(p, P_PLAYERS), crisk_params_uint64(p, P_SEED),
		 boards[crisk_params_int(p, P_BOARD)], chances[crisk_params_int(p, P_CHANCE)],
		 (int)crisk_params_int(p, P_VP_TARGET), (int)crisk_params_int(p, P_MAX_TURNS));
	crisk_params *inner = NULL;
	int rc = crisk_params_parse(&inner, base, text);
	if (rc)
		return rc;
	house *h = calloc(1, sizeof *h);
	if (!h) {
		crisk_params_free(inner);
		return crisk_error_set(CRISK_ENOMEM, "out of memory creating house rules");
	}
	rc = base->create(&h->base_data, inner);
	crisk_params_free(inner);
	if (rc) {
		free(h);
		return rc; /* base's message stands */
	}
	h->base = base;
	h->base_size = base->state_size(h->base_data);
	h->own_offset = (h->base_size + 7) & ~(size_t)7;
	h->base_bytes = base->state_bytes(h->base_data);
	h->seats = base->num_seats(h->base_data);
	h->dev_from_round = crisk_params_int(p, P_DEV_FROM_ROUND);
	h->bank_trades = crisk_params_int(p, P_BANK_TRADES);
	*data = h;
	return CRISK_OK;
}

static void house_destroy(void *data)
{
	house *h = data;
	h->base->destroy(h->base_data);
	free(h);
}

static int house_num_seats(const void *data)
{
	return ((const house *)data)->seats;
}

static size_t house_state_size(const void *data)
{
	const house *h = data;
	return h->own_offset + sizeof(own);
}

static void house_state_init(const void *data, void *state, crisk_event_sink *events)
{
	const house *h = data;
	h->base->state_init(h->base_data, state, events); /* own fields start zeroed */
}

static int house_current_seat(const void *data, const void *state)
{
	const house *h = data;
	return h->base->current_seat(h->base_data, state);
}

static int house_status(const void *data, const void *state, int *winner)
{
	const house *h = data;
	return h->base->status(h->base_data, state, winner);
}

static int64_t house_turn(const void *data, const void *state)
{
	const house *h = data;
	return h->base->turn(h->base_data, state);
}

static int house_score(const void *data, const void *state, int seat, int viewer)
{
	const house *h = data;
	return h->base->score(h->base_data, state, seat, viewer);
}

static size_t house_legal(const void *data, const void *state, crisk_action *buf, size_t cap)
{
	const house *h = data;
	crisk_action local[LOCAL_LEGAL];
	size_t n = h->base->legal(h->base_data, state, local, LOCAL_LEGAL);
	if (n > LOCAL_LEGAL) /* a discard point: nothing to filter (see LOCAL_LEGAL) */
		return h->base->legal(h->base_data, state, buf, cap);
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		if (house_refuses(h, state, local[i], 0))
			continue;
		if (kept < cap)
			buf[kept] = local[i];
		kept++;
	}
	return kept;
}

static int house_check(const void *data, const void *state, crisk_action a)
{
	const house *h = data;
	/* The house rule first: it is the reason that holds whatever the cards. */
	int rc = house_refuses(h, state, a, 1);
	return rc ? rc : h->base->check(h->base_data, state, a);
}

static int house_apply(const void *data, void *state, crisk_action a, crisk_event_sink *events)
{
	const house *h = data;
	/* Refuse before base changes anything: the game stays unchanged. */
	int rc = house_refuses(h, state, a, 1);
	if (!rc)
		rc = h->base->apply(h->base_data, state, a, events);
	if (rc)
		return rc;
	if (type_of(a) == CRISK_CATAN_MARITIME_TRADE) {
		own *o = own_of(h, state);
		int32_t turn = (int32_t)h->base->turn(h->base_data, state);
		o->bank_trades = o->bank_trades_turn == turn ? o->bank_trades + 1 : 1;
		o->bank_trades_turn = turn;
	}
	return CRISK_OK;
}

static int house_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap,
			size_t *count)
{
	const house *h = data;
	return h->base->chance(h->base_data, state, acts, probs, cap, count);
}

static int house_action_to_string(const void *data, crisk_action a, crisk_sink *out)
{
	const house *h = data;
	return h->base->action_to_string(h->base_data, a, out);
}

static int house_action_from_string(const void *data, const char *text, crisk_action *out)
{
	const house *h = data;
	return h->base->action_from_string(h->base_data, text, out);
}

static void house_event_to_string(const void *data, const crisk_event *e, crisk_sink *out)
{
	const house *h = data;
	h->base->event_to_string(h->base_data, e, out);
}

/* The view is base's: the house fields are public and follow from the
 * events, and UIs that draw base games draw these unchanged. */
static void house_view_json(const void *data, const void *state, int viewer, crisk_sink *out)
{
	const house *h = data;
	h->base->view_json(h->base_data, state, viewer, out);
}

static void house_event_json(const void *data, const crisk_event *e, crisk_sink *out)
{
	const house *h = data;
	h->base->event_json(h->base_data, e, out);
}

static void house_board_json(const void *data, crisk_sink *out)
{
	const house *h = data;
	h->base->board_json(h->base_data, out);
}

/* ---- saving: base's bytes, then the own fields little-endian ---- */

static size_t house_state_bytes(const void *data)
{
	const house *h = data;
	return h->base_bytes + OWN_BYTES;
}

static void put32(uint8_t *p, int32_t v)
{
	uint32_t u = (uint32_t)v;
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(u >> (8 * i));
}

static int32_t get32(const uint8_t *p)
{
	uint32_t u = 0;
	for (int i = 0; i < 4; i++)
		u |= (uint32_t)p[i] << (8 * i);
	return u <= INT32_MAX ? (int32_t)u : -(int32_t)(UINT32_MAX - u) - 1;
}

static void house_state_save(const void *data, const void *state, uint8_t *out)
{
	const house *h = data;
	const own *o = own_of_const(h, state);
	h->base->state_save(h->base_data, state, out);
	put32(out + h->base_bytes, o->bank_trades);
	put32(out + h->base_bytes + 4, o->bank_trades_turn);
}

static void house_state_load(const void *data, const uint8_t *in, void *state)
{
	const house *h = data;
	own *o = own_of(h, state);
	h->base->state_load(h->base_data, in, state);
	o->bank_trades = get32(in + h->base_bytes);
	o->bank_trades_turn = get32(in + h->base_bytes + 4);
}

static int house_state_check(const void *data, const void *state)
{
	const house *h = data;
	int rc = h->base->state_check(h->base_data, state);
	if (rc) {
		/* base names its fields from its own root, which is "base" here. */
		char why[512];
		snprintf(why, sizeof why, "%s", crisk_error_last());
		return crisk_error_set(rc, "base.%s", why);
	}
	const own *o = own_of_const(h, state);
	int64_t turn = h->base->turn(h->base_data, state);
	if (o->bank_trades_turn < 0 || o->bank_trades_turn > turn)
		return crisk_error_set(CRISK_EFORMAT, "house.bank_trades_turn: %d is not a turn so far (0..%" PRId64 ")",
				       (int)o->bank_trades_turn, turn);
	if (o->bank_trades < 0 || o->bank_trades > h->bank_trades)
		return crisk_error_set(CRISK_EFORMAT, "house.bank_trades: %d is outside 0..%" PRId64 " (HR-3)",
				       (int)o->bank_trades, h->bank_trades);
	return CRISK_OK;
}

static void house_state_to_json(const void *data, const void *state, crisk_sink *out)
{
	const house *h = data;
	const own *o = own_of_const(h, state);
	crisk_sink_begin_object(out);
	crisk_sink_key(out, "base");
	h->base->state_to_json(h->base_data, state, out);
	crisk_sink_key(out, "house");
	crisk_sink_begin_object(out);
	crisk_sink_key(out, "bank_trades");
	crisk_sink_int(out, o->bank_trades);
	crisk_sink_key(out, "bank_trades_turn");
	crisk_sink_int(out, o->bank_trades_turn);
	crisk_sink_end_object(out);
	crisk_sink_end_object(out);
}

static int house_state_from_json(const void *data, const crisk_json *root, void *state)
{
	const house *h = data;
	if (crisk_json_type(root) != CRISK_JSON_OBJECT || crisk_json_count(root) != 2)
		return crisk_json_error(root, "expected an object with the members \"base\" and \"house\"");
	const crisk_json *base = crisk_json_member(root, "base");
	const crisk_json *mine = crisk_json_member(root, "house");
	if (!base || !mine)
		return crisk_json_error(root, "missing member \"%s\"", base ? "house" : "base");
	if (crisk_json_type(mine) != CRISK_JSON_OBJECT || crisk_json_count(mine) != 2)
		return crisk_json_error(mine, "expected {\"bank_trades\": n, \"bank_trades_turn\": t}");
	int rc = h->base->state_from_json(h->base_data, base, state);
	if (rc)
		return rc;
	int64_t trades, turn;
	if ((rc = crisk_json_int(crisk_json_member(mine, "bank_trades"), 0, INT32_MAX, &trades)) ||
	    (rc = crisk_json_int(crisk_json_member(mine, "bank_trades_turn"), 0, INT32_MAX, &turn)))
		return rc;
	own *o = own_of(h, state);
	o->bank_trades = (int32_t)trades;
	o->bank_trades_turn = (int32_t)turn;
	return CRISK_OK;
}

/* base's game sits at the start of the state, so crisk_catan_hand() and the
 * other Catan queries answer for house games as for base games. */
static const void *house_inner_state(const void *data, const void *state, const crisk_module **inner,
				     const void **inner_data)
{
	const house *h = data;
	*inner = h->base;
	*inner_data = h->base_data;
	return state;
}

static const crisk_module house_module = {
	.abi_version = CRISK_MODULE_ABI_VERSION,
	.struct_size = sizeof(crisk_module),
	.name = "house_rules",
	.version = HOUSE_VERSION,
	.n_params = P_COUNT,
	.params = house_params,
	.create = house_create,
	.destroy = house_destroy,
	.num_seats = house_num_seats,
	.state_size = house_state_size,
	.state_init = house_state_init,
	.current_seat = house_current_seat,
	.status = house_status,
	.turn = house_turn,
	.score = house_score,
	.legal = house_legal,
	.check = house_check,
	.apply = house_apply,
	.chance = house_chance,
	.action_to_string = house_action_to_string,
	.action_from_string = house_action_from_string,
	.event_to_string = house_event_to_string,
	.view_json = house_view_json,
	.event_json = house_event_json,
	.board_json = house_board_json,
	.state_bytes = house_state_bytes,
	.state_save = house_state_save,
	.state_load = house_state_load,
	.state_check = house_state_check,
	.state_to_json = house_state_to_json,
	.state_from_json = house_state_from_json,
	.inner_state = house_inner_state,
};

CRISK_MODULE_EXPORT const crisk_module *crisk_module_entry(uint32_t host_abi_version);

const crisk_module *crisk_module_entry(uint32_t host_abi_version)
{
	return host_abi_version == CRISK_MODULE_ABI_VERSION ? &house_module : NULL;
}
