/* Text forms of the muhq actions and events (docs/muhq-actions.md).
 *
 * An action is a word and its operands: a card `#23`, a tile `x,y`, a
 * player `seat1` (the 0-based engine seat); MQ_T_NONE operands are left
 * out.  Every field a type does not use holds its canonical empty value
 * (card MQ_NOCARD, aux 0, operand MQ_T_NONE), and a code with anything
 * else there, or with an operand that names no card, tile or seat of these
 * rules, has no text (CRISK_EINVAL), so that text and codes convert into
 * each other exactly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/evlog.h"
#include "mq.h"
#include "mq_engine.h"
#include "mq_io.h"

/* ---- names ---- */

static const char *pick_name(const char *const *names, int n, int i)
{
	return i >= 0 && i < n ? names[i] : "unknown";
}
#define NAME(tab, i) pick_name(tab, (int)(sizeof tab / sizeof tab[0]), i)

static const char *const zone_names[] = {"out",     "pool",    "draft",   "picked", "store", "deck",
					 "hand",    "discard", "pending", "stack",  "map",   "exile"};
static const char *const dp_names[] = {"none",     "chance", "pick", "trigger", "upkeep",
				       "priority", "drop",   "buy",  "cleanup"};
static const char *const phase_names[] = {"draft", "start", "upkeep", "action", "buy", "cleanup", "over"};
static const char *const item_names[] = {"play",  "move",   "attack", "full", "carry",
					 "equip", "switch", "shake",  "free", "trigger"};
static const char *const job_names[] = {"turn",  "draft",  "priority", "exec",     "draw",   "drawto", "shuffle",
					"checks", "drops", "triggers", "upkeep", "buy",    "cleanup"};
static const char *const type_names[] = {"unit", "spell", "artifact", "equipment", "boss"};
static const char *const tile_names[] = {"plain", "house", "tower", "farm",  "street", "deep",
					 "water", "wall",  "gate",  "spawn", "harbor"};
static const char *const mark_names[] = {"damage", "poison", "paralysis", "ward", "faith"};
static const char *const stat_names[] = {"attack", "range", "move", "health"};
static const char *const allow_names[] = {"move", "attack", "street", "full"};

const char *mq_zone_name(int zone) { return NAME(zone_names, zone); }
const char *mq_dp_name(int dp) { return NAME(dp_names, dp); }
const char *mq_phase_name(int phase) { return NAME(phase_names, phase); }
const char *mq_item_name(int kind) { return NAME(item_names, kind); }
const char *mq_job_name(int kind) { return NAME(job_names, kind); }
const char *mq_type_name(int type) { return NAME(type_names, type); }
const char *mq_tile_name(int type) { return NAME(tile_names, type); }

/* ---- actions: code -> text ---- */

/* The c field of a SCRAP code: mq_legal.c lists scraps with c = 0 (every
 * other unused operand is MQ_T_NONE).  Only this value has a text. */
#define SCRAP_C 0u

static const char *const verbs[MQ_A_COUNT] = {
	[MQ_A_CHANCE] = "chance",     [MQ_A_PICK] = "pick",       [MQ_A_TRIGGER] = "trigger", [MQ_A_RELEASE] = "release",
	[MQ_A_PAY] = "pay",           [MQ_A_PLAY] = "play",       [MQ_A_ACTIVATE] = "activate", [MQ_A_MOVE] = "move",
	[MQ_A_ATTACK] = "attack",     [MQ_A_FULL] = "full",       [MQ_A_CARRY] = "carry",     [MQ_A_EQUIP] = "equip",
	[MQ_A_SWITCH] = "switch",     [MQ_A_SHAKE] = "shake",     [MQ_A_FINISH] = "finish",   [MQ_A_FREE] = "free",
	[MQ_A_SCRAP] = "scrap",       [MQ_A_PASS] = "pass",       [MQ_A_BUY] = "buy",         [MQ_A_DISCARD] = "discard",
	[MQ_A_DONE] = "done",         [MQ_A_DROP] = "drop",       [MQ_A_CONCEDE] = "concede",
};

/* Whether operand v names something of these rules (MQ_T_NONE does not). */
static int target_ok(const mq_rules *R, unsigned v)
{
	if (MQ_T_IS_CARD(v))
		return v < R->ncard;
	if (MQ_T_IS_TILE(v))
		return (int)MQ_T_VAL(v) < R->ntile;
	if (MQ_T_IS_PLAYER(v))
		return (int)MQ_T_VAL(v) < R->seats;
	return 0;
}

static void put_target(const mq_rules *R, textbuf *t, unsigned v)
{
	if (MQ_T_IS_CARD(v))
		tb_printf(t, " c%u", v);
	else if (MQ_T_IS_TILE(v))
		tb_printf(t, " %d,%d", (int)MQ_T_VAL(v) % R->w, (int)MQ_T_VAL(v) / R->w);
	else
		tb_printf(t, " seat%u", MQ_T_VAL(v));
}

static int bad_code(crisk_action a, const char *what)
{
	return err_set(CRISK_EINVAL, "action 0x%016llx: %s", (unsigned long long)a, what);
}

/* The ability index aux of card (FULL: MQ_AB_FARM too). */
static int ability_ok(const mq_rules *R, unsigned card, unsigned aux, int full)
{
	if (full && aux == MQ_AB_FARM)
		return 1;
	return aux < mq_def(R, card)->nab && !(full && aux == MQ_AB_FARM);
}

int mq_action_to_string(const void *data, crisk_action a, textbuf *t)
{
	const mq_rules *R = data;
	unsigned ty = MQ_CODE_TYPE(a), card = MQ_CODE_CARD(a), aux = MQ_CODE_AUX(a);
	unsigned A = MQ_CODE_A(a), B = MQ_CODE_B(a), C = MQ_CODE_C(a);
	if (ty == MQ_A_CHANCE) {
		if ((a >> 32) & 0xFFFFFFu)
			return bad_code(a, "a chance outcome has only its low 32 bits");
		tb_printf(t, "chance %u", (unsigned)(a & 0xFFFFFFFFu));
		return CRISK_OK;
	}
	if (ty < 1 || ty >= MQ_A_COUNT)
		return bad_code(a, "unknown action type");
	/* What each type uses: card, aux limit (-1: none), operands. */
	int uses_card = 1, need_a = 0, opt_a = 0, need_b = 0, opt_bc = 0, opt_c = 0;
	int aux_max = 0;
	switch (ty) {
	case MQ_A_PICK: case MQ_A_RELEASE: case MQ_A_ACTIVATE: case MQ_A_FINISH: case MQ_A_BUY: case MQ_A_DISCARD:
		break;
	case MQ_A_PAY: case MQ_A_PASS: case MQ_A_DONE: case MQ_A_CONCEDE:
		uses_card = 0;
		break;
	case MQ_A_TRIGGER: case MQ_A_FREE: case MQ_A_FULL:
		aux_max = 15;
		opt_bc = 1;
		break;
	case MQ_A_PLAY:
		aux_max = 1;
		opt_a = 1;
		opt_bc = 1;
		break;
	case MQ_A_MOVE: case MQ_A_EQUIP: case MQ_A_SWITCH:
		aux_max = 1;
		need_a = 1;
		break;
	case MQ_A_ATTACK:
		need_a = 1;
		break;
	case MQ_A_CARRY:
		need_a = need_b = 1;
		opt_c = 1;
		break;
	case MQ_A_SHAKE:
		aux_max = 3;
		break;
	case MQ_A_SCRAP:
		uses_card = 0;
		need_a = need_b = 1;
		break;
	default: /* MQ_A_DROP */
		uses_card = 0;
		need_a = 1;
		break;
	}
	if (uses_card ? card >= R->ncard : card != MQ_NOCARD)
		return bad_code(a, uses_card ? "no such card in this game" : "the card field must be empty (0x3FF)");
	if ((int)aux > aux_max)
		return bad_code(a, "aux out of range");
	if ((ty == MQ_A_TRIGGER || ty == MQ_A_FREE || ty == MQ_A_FULL) && !ability_ok(R, card, aux, ty == MQ_A_FULL))
		return bad_code(a, "the card has no such ability");
	if (need_a || (opt_a && A != MQ_T_NONE)) {
		if (!target_ok(R, A))
			return bad_code(a, "operand a names nothing of this game");
	} else if (A != MQ_T_NONE)
		return bad_code(a, "operand a must be empty");
	if (need_b || (opt_bc && B != MQ_T_NONE)) {
		if (!target_ok(R, B))
			return bad_code(a, "operand b names nothing of this game");
	} else if (B != MQ_T_NONE)
		return bad_code(a, "operand b must be empty");
	if (((opt_bc && B != MQ_T_NONE) || opt_c) && C != MQ_T_NONE) {
		if (!target_ok(R, C))
			return bad_code(a, "operand c names nothing of this game");
	} else if (ty == MQ_A_SCRAP ? C != SCRAP_C : C != MQ_T_NONE)
		return bad_code(a, "operand c must be empty");
	if (ty == MQ_A_SCRAP && (!MQ_T_IS_CARD(A) || !MQ_T_IS_CARD(B) || A >= B))
		return bad_code(a, "scrap needs two cards, the lower id first");

	tb_puts(t, ty == MQ_A_MOVE && aux ? "street" : verbs[ty]);
	if (uses_card)
		tb_printf(t, " c%u", card);
	switch (ty) {
	case MQ_A_TRIGGER: case MQ_A_FREE: case MQ_A_FULL:
		if (ty == MQ_A_FULL && aux == MQ_AB_FARM)
			tb_puts(t, " farm");
		else
			tb_printf(t, " ab%u", aux);
		break;
	case MQ_A_PLAY:
		if (aux)
			tb_puts(t, " attach");
		if (A != MQ_T_NONE) {
			tb_puts(t, " at");
			put_target(R, t, A);
		}
		break;
	case MQ_A_MOVE:
		tb_puts(t, " to");
		put_target(R, t, A);
		break;
	case MQ_A_CARRY:
		put_target(R, t, A);
		tb_puts(t, " to");
		put_target(R, t, B);
		if (C != MQ_T_NONE) {
			tb_puts(t, " drop");
			put_target(R, t, C);
		}
		return CRISK_OK;
	case MQ_A_EQUIP: case MQ_A_SWITCH:
		put_target(R, t, A);
		tb_printf(t, " %s", allow_names[aux]);
		break;
	case MQ_A_SHAKE:
		tb_printf(t, " %s", allow_names[aux]);
		break;
	case MQ_A_ATTACK: case MQ_A_SCRAP: case MQ_A_DROP:
		put_target(R, t, A);
		if (ty == MQ_A_SCRAP)
			put_target(R, t, B);
		break;
	default:
		break;
	}
	if (opt_bc && B != MQ_T_NONE) {
		put_target(R, t, B);
		if (C != MQ_T_NONE)
			put_target(R, t, C);
	}
	return CRISK_OK;
}

/* ---- actions: text -> code ---- */

#define TOK_MAX 10

typedef struct toks {
	const char *text;
	char buf[128];
	char *w[TOK_MAX];
	int n, i;
} toks;

static int tok_bad(const toks *k, const char *what)
{
	return err_set(CRISK_EFORMAT, "action text '%.80s': %s", k->text, what);
}

static const char *tok_next(toks *k)
{
	return k->i < k->n ? k->w[k->i] : NULL;
}

static int tok_is(toks *k, const char *word)
{
	const char *w = tok_next(k);
	if (w && strcmp(w, word) == 0) {
		k->i++;
		return 1;
	}
	return 0;
}

/* Decimal digits s[0..] up to the end, at most max; -1 if not. */
static long number(const char *s, long max)
{
	long v = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v > max)
			return -1;
	}
	return v;
}

/* A card is cN (written; records read '#' as a comment) or #N (read too). */
static int is_card_word(const char *w)
{
	return w && (w[0] == '#' || (w[0] == 'c' && w[1] >= '0' && w[1] <= '9'));
}

static int is_target_word(const char *w)
{
	return w && (is_card_word(w) || (w[0] >= '0' && w[0] <= '9') || strncmp(w, "seat", 4) == 0);
}

/* An operand: #N, x,y or seatN. */
static int parse_target(const mq_rules *R, toks *k, unsigned *out)
{
	const char *w = tok_next(k);
	if (!w)
		return tok_bad(k, "expected a card cN, a tile x,y or a player seatN");
	k->i++;
	if (is_card_word(w)) {
		long v = number(w + 1, 9999);
		if (v < 0)
			return tok_bad(k, "expected a card id after 'c'");
		if (v >= (long)R->ncard)
			return tok_bad(k, "no such card in this game");
		*out = (unsigned)v;
		return CRISK_OK;
	}
	if (strncmp(w, "seat", 4) == 0) {
		long v = number(w + 4, 99);
		if (v < 0 || v >= R->seats)
			return tok_bad(k, "no such seat in this game");
		*out = MQ_T_PLAYER | (unsigned)v;
		return CRISK_OK;
	}
	const char *comma = strchr(w, ',');
	if (!comma || comma - w > 3)
		return tok_bad(k, "expected a card cN, a tile x,y or a player seatN");
	char xs[4];
	memcpy(xs, w, (size_t)(comma - w));
	xs[comma - w] = 0;
	long x = number(xs, 999), y = number(comma + 1, 999);
	if (x < 0 || y < 0)
		return tok_bad(k, "expected a tile x,y");
	if (x >= R->w || y >= R->h)
		return tok_bad(k, "the tile is off the map");
	*out = MQ_T_TILE | (unsigned)(y * R->w + x);
	return CRISK_OK;
}

static int parse_card(const mq_rules *R, toks *k, unsigned *out)
{
	const char *w = tok_next(k);
	if (!is_card_word(w))
		return tok_bad(k, "expected a card cN");
	return parse_target(R, k, out);
}

static int parse_word(toks *k, const char *const *names, int n, unsigned *out, const char *what)
{
	const char *w = tok_next(k);
	for (int i = 0; w && i < n; i++)
		if (strcmp(w, names[i]) == 0) {
			k->i++;
			*out = (unsigned)i;
			return CRISK_OK;
		}
	return tok_bad(k, what);
}

/* abN (FULL: or farm), checked against the card's abilities. */
static int parse_ability(const mq_rules *R, toks *k, unsigned card, int full, unsigned *out)
{
	const char *w = tok_next(k);
	if (full && w && strcmp(w, "farm") == 0) {
		k->i++;
		*out = MQ_AB_FARM;
		return CRISK_OK;
	}
	long v = w && strncmp(w, "ab", 2) == 0 ? number(w + 2, 15) : -1;
	if (v < 0 || (full && v == MQ_AB_FARM))
		return tok_bad(k, full ? "expected an ability abN or farm" : "expected an ability abN");
	if (!ability_ok(R, card, (unsigned)v, full))
		return tok_bad(k, "the card has no such ability");
	k->i++;
	*out = (unsigned)v;
	return CRISK_OK;
}

/* Up to two trailing targets. */
static int parse_opt2(const mq_rules *R, toks *k, unsigned *b, unsigned *c)
{
	int rc;
	if (is_target_word(tok_next(k)) && (rc = parse_target(R, k, b)))
		return rc;
	if (is_target_word(tok_next(k)) && (rc = parse_target(R, k, c)))
		return rc;
	return CRISK_OK;
}

int mq_action_from_string(const void *data, const char *text, crisk_action *out)
{
	const mq_rules *R = data;
	toks k;
	memset(&k, 0, sizeof k);
	k.text = text;
	size_t len = strlen(text);
	if (len >= sizeof k.buf)
		return tok_bad(&k, "too long");
	memcpy(k.buf, text, len + 1);
	for (char *s = k.buf; *s;) {
		while (*s == ' ' || *s == '\t')
			*s++ = 0;
		if (!*s)
			break;
		if (k.n == TOK_MAX)
			return tok_bad(&k, "too many words");
		k.w[k.n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
	const char *verb = tok_next(&k);
	if (!verb)
		return tok_bad(&k, "empty");
	k.i++;
	unsigned ty = 0, street = 0;
	if (strcmp(verb, "street") == 0)
		ty = MQ_A_MOVE, street = 1;
	for (unsigned i = 1; i < MQ_A_COUNT && !ty; i++)
		if (strcmp(verb, verbs[i]) == 0)
			ty = i;
	if (!ty)
		return tok_bad(&k, "unknown action word");
	unsigned card = MQ_NOCARD, aux = 0, A = MQ_T_NONE, B = MQ_T_NONE, C = MQ_T_NONE;
	int rc = CRISK_OK;
	if (ty == MQ_A_CHANCE) {
		const char *w = tok_next(&k);
		long long v = -1;
		if (w && *w && strlen(w) <= 10) {
			v = 0;
			for (const char *s = w; *s && v >= 0; s++)
				v = *s >= '0' && *s <= '9' ? v * 10 + (*s - '0') : -1;
		}
		if (v < 0 || v > 0xFFFFFFFFll)
			return tok_bad(&k, "expected an outcome 0..4294967295");
		if (k.i + 1 != k.n)
			return tok_bad(&k, "unexpected text after the action");
		*out = (uint64_t)MQ_A_CHANCE << 56 | (uint64_t)v;
		return CRISK_OK;
	}
	switch (ty) {
	case MQ_A_PAY: case MQ_A_PASS: case MQ_A_DONE: case MQ_A_CONCEDE:
		break;
	case MQ_A_SCRAP:
		if (!(rc = parse_card(R, &k, &A)) && !(rc = parse_card(R, &k, &B)) && A >= B)
			rc = tok_bad(&k, "scrap names two different cards, the lower id first");
		break;
	case MQ_A_DROP:
		rc = parse_target(R, &k, &A);
		break;
	default:
		rc = parse_card(R, &k, &card);
		break;
	}
	if (rc)
		return rc;
	switch (ty) {
	case MQ_A_TRIGGER: case MQ_A_FREE: case MQ_A_FULL:
		if (!(rc = parse_ability(R, &k, card, ty == MQ_A_FULL, &aux)))
			rc = parse_opt2(R, &k, &B, &C);
		break;
	case MQ_A_PLAY:
		if (tok_is(&k, "attach"))
			aux = 1;
		if (tok_is(&k, "at"))
			rc = parse_target(R, &k, &A);
		if (!rc)
			rc = parse_opt2(R, &k, &B, &C);
		break;
	case MQ_A_MOVE:
		aux = street;
		rc = tok_is(&k, "to") ? parse_target(R, &k, &A) : tok_bad(&k, "expected 'to x,y'");
		break;
	case MQ_A_ATTACK:
		rc = parse_target(R, &k, &A);
		break;
	case MQ_A_CARRY:
		if (!(rc = parse_target(R, &k, &A)))
			rc = tok_is(&k, "to") ? parse_target(R, &k, &B) : tok_bad(&k, "expected 'to x,y'");
		if (!rc && tok_is(&k, "drop"))
			rc = parse_target(R, &k, &C);
		break;
	case MQ_A_EQUIP: case MQ_A_SWITCH:
		if (!(rc = parse_target(R, &k, &A)))
			rc = parse_word(&k, allow_names, 2, &aux, "expected the allowance: move or attack");
		break;
	case MQ_A_SHAKE:
		rc = parse_word(&k, allow_names, 4, &aux, "expected the allowance: move, attack, street or full");
		break;
	default:
		break;
	}
	if (rc)
		return rc;
	if (k.i != k.n)
		return tok_bad(&k, "unexpected text after the action");
	if (ty == MQ_A_SCRAP)
		C = SCRAP_C;
	*out = mq_code(ty, card, aux, A, B, C);
	return CRISK_OK;
}

/* ---- events ---- */

static void card_text(const mq_rules *R, textbuf *t, int32_t v)
{
	if (v == CRISK_HIDDEN)
		tb_puts(t, "a card");
	else if (v >= 0 && (uint32_t)v < R->ncard && R->card[v].def < R->db->ncard)
		tb_printf(t, "%s c%d", mqd_str(R->db, mq_def(R, (unsigned)v)->name), (int)v);
	else
		tb_printf(t, "card %d", (int)v);
}

static void tile_text(const mq_rules *R, textbuf *t, int32_t v)
{
	if (v >= 0 && v < R->ntile)
		tb_printf(t, "%d,%d", (int)v % R->w, (int)v / R->w);
	else
		tb_printf(t, "tile %d", (int)v);
}

/* An operand MQ_T_* (cards also plain). */
static void target_text(const mq_rules *R, textbuf *t, int32_t v)
{
	if (v == CRISK_HIDDEN)
		tb_puts(t, "a card");
	else if (v < 0 || v > 0x3FFF)
		tb_printf(t, "target %d", (int)v);
	else if (MQ_T_IS_CARD((unsigned)v))
		card_text(R, t, v);
	else if (MQ_T_IS_TILE((unsigned)v))
		tile_text(R, t, (int32_t)MQ_T_VAL((unsigned)v));
	else if (MQ_T_IS_PLAYER((unsigned)v))
		tb_printf(t, "seat %u", MQ_T_VAL((unsigned)v));
	else
		tb_puts(t, "nothing");
}

static const char *const ev_names[] = {
	"turn",   "phase",   "shuffle", "draw",  "pick",     "store",      "gain",    "pay",    "scrap",
	"declare", "pass",   "resolve", "fizzle", "enter",   "activate",   "tap",     "untap",  "move",
	"attack", "damage",  "prevent", "mark",  "leave",    "drop",       "convert", "equip",  "switch",
	"steal",  "buy",     "discard", "release", "buff",   "wall",       "eliminated", "win",
	"ai"};

static const char *win_reason(int32_t r)
{
	static const char *const why[] = {"king", "capture points", "resource", "the Kraken", "last seat standing",
					  "round limit", "every player broken"};
	return r >= 0 && r < 7 ? why[r] : "unknown";
}

void mq_event_to_string(const void *data, const crisk_event *e, textbuf *t)
{
	const mq_rules *R = data;
	const int32_t *a = e->args;
	int s = e->seat;
	switch (e->type) {
	case MQ_EV_TURN:
		tb_printf(t, "seat %d begins turn %d (round %d)", s, (int)a[1], (int)a[0]);
		break;
	case MQ_EV_PHASE:
		tb_printf(t, "seat %d: %s phase", s, mq_phase_name(a[0]));
		break;
	case MQ_EV_SHUFFLE:
		if (s < 0)
			tb_printf(t, "the draft pool is shuffled (%d cards)", (int)a[1]);
		else
			tb_printf(t, "seat %d shuffles its %s (%d cards)", s, mq_zone_name(a[0]), (int)a[1]);
		break;
	case MQ_EV_DRAW:
	case MQ_EV_PICK:
		tb_printf(t, "seat %d %s ", s, e->type == MQ_EV_DRAW ? "draws" : "picks");
		card_text(R, t, a[0]);
		break;
	case MQ_EV_STORE:
		card_text(R, t, a[0]);
		tb_printf(t, " enters the store of seat %d", s);
		break;
	case MQ_EV_GAIN:
	case MQ_EV_PAY:
		tb_printf(t, "seat %d %s %d (now %d)", s, e->type == MQ_EV_GAIN ? "gains" : "pays", (int)a[0], (int)a[1]);
		break;
	case MQ_EV_SCRAP:
		tb_printf(t, "seat %d scraps ", s);
		card_text(R, t, a[0]);
		tb_puts(t, " and ");
		card_text(R, t, a[2]);
		break;
	case MQ_EV_DECLARE:
		tb_printf(t, "seat %d declares %s with ", s, mq_item_name(a[0]));
		card_text(R, t, a[1]);
		if (a[0] == MQ_I_FULL && a[2] == MQ_AB_FARM)
			tb_puts(t, " (farm)");
		else if (a[0] == MQ_I_FULL || a[0] == MQ_I_FREE || a[0] == MQ_I_TRIGGER)
			tb_printf(t, " (ability %d)", (int)a[2]);
		else if ((a[0] == MQ_I_SHAKE || a[0] == MQ_I_EQUIP || a[0] == MQ_I_SWITCH) && a[2] >= 0 && a[2] < 4)
			tb_printf(t, " (%s allowance)", allow_names[a[2]]);
		else if (a[0] == MQ_I_MOVE && a[2] == 1)
			tb_puts(t, " (street)");
		else if (a[0] == MQ_I_PLAY && a[2] == 1)
			tb_puts(t, " (attached next)");
		else if (a[2])
			tb_printf(t, " (mode %d)", (int)a[2]);
		for (int i = 3, first = 1; i < 6; i++) {
			if (a[i] == (int32_t)MQ_T_NONE)
				continue;
			tb_puts(t, first ? ": " : ", ");
			first = 0;
			target_text(R, t, a[i]);
		}
		break;
	case MQ_EV_PASS:
		tb_printf(t, "seat %d passes", s);
		break;
	case MQ_EV_RESOLVE:
	case MQ_EV_FIZZLE:
		tb_printf(t, "%s of ", mq_item_name(a[0]));
		card_text(R, t, a[1]);
		tb_puts(t, e->type == MQ_EV_RESOLVE ? " resolves" : " fizzles");
		break;
	case MQ_EV_ENTER:
		card_text(R, t, a[0]);
		tb_puts(t, " enters the map at ");
		tile_text(R, t, a[2]);
		tb_printf(t, " for seat %d", s);
		break;
	case MQ_EV_ACTIVATE:
		tb_printf(t, "seat %d activates ", s);
		card_text(R, t, a[0]);
		break;
	case MQ_EV_TAP:
		card_text(R, t, a[0]);
		tb_puts(t, " is tapped");
		break;
	case MQ_EV_UNTAP:
		tb_printf(t, "seat %d untaps its permanents", s);
		break;
	case MQ_EV_MOVE:
		card_text(R, t, a[0]);
		tb_puts(t, " moves from ");
		tile_text(R, t, a[1]);
		tb_puts(t, " to ");
		tile_text(R, t, a[2]);
		break;
	case MQ_EV_ATTACK:
		card_text(R, t, a[0]);
		tb_puts(t, " attacks ");
		target_text(R, t, a[1]);
		tb_printf(t, ": %d damage, %d back", (int)a[2], (int)a[3]);
		break;
	case MQ_EV_DAMAGE:
		target_text(R, t, a[0]);
		tb_printf(t, " takes %d damage (total %d)", (int)a[1], (int)a[2]);
		break;
	case MQ_EV_PREVENT:
		card_text(R, t, a[0]);
		tb_printf(t, ": %d damage prevented, %d ward removed", (int)a[1], (int)a[2]);
		break;
	case MQ_EV_MARK:
		card_text(R, t, a[0]);
		tb_printf(t, ": %+d %s (now %d)", (int)a[2], NAME(mark_names, a[1]), (int)a[3]);
		break;
	case MQ_EV_LEAVE:
		card_text(R, t, a[0]);
		tb_printf(t, " leaves the map for the %s", mq_zone_name(a[2]));
		break;
	case MQ_EV_DROP:
		card_text(R, t, a[0]);
		if (a[1] < 0 || a[1] == (int32_t)MQ_NONE)
			tb_puts(t, " is dropped and destroyed");
		else {
			tb_puts(t, " is dropped on ");
			tile_text(R, t, a[1]);
		}
		break;
	case MQ_EV_CONVERT:
		tb_printf(t, "seat %d takes control of ", s);
		card_text(R, t, a[0]);
		tb_printf(t, " from seat %d", (int)a[1]);
		break;
	case MQ_EV_EQUIP:
	case MQ_EV_SWITCH:
		card_text(R, t, a[0]);
		tb_puts(t, e->type == MQ_EV_EQUIP ? " equips " : " switches with ");
		card_text(R, t, a[1]);
		break;
	case MQ_EV_STEAL:
		tb_printf(t, "seat %d steals %d from seat %d", s, (int)a[1], (int)a[0]);
		break;
	case MQ_EV_BUY:
		tb_printf(t, "seat %d buys ", s);
		card_text(R, t, a[0]);
		tb_printf(t, " for %d", (int)a[2]);
		break;
	case MQ_EV_DISCARD:
	case MQ_EV_RELEASE:
		tb_printf(t, "seat %d %s ", s, e->type == MQ_EV_DISCARD ? "discards" : "releases");
		card_text(R, t, a[0]);
		break;
	case MQ_EV_BUFF:
		card_text(R, t, a[0]);
		tb_printf(t, ": %s %+d until the end of the turn", NAME(stat_names, a[1]), (int)a[2]);
		break;
	case MQ_EV_WALL:
		tb_puts(t, "the wall at ");
		tile_text(R, t, a[0]);
		tb_printf(t, " has %d damage%s", (int)a[1], a[2] ? " and is destroyed" : "");
		break;
	case MQ_EV_ELIMINATED: {
		static const char *const why[] = {"conceded", "lost its king", "is broken"};
		tb_printf(t, "seat %d is eliminated (%s)", s, NAME(why, a[0]));
		break;
	}
	case MQ_EV_WIN:
		if (s < 0)
			tb_printf(t, "the game ends without a winner (%s)", win_reason(a[0]));
		else
			tb_printf(t, "seat %d wins (%s)", s, win_reason(a[0]));
		break;
	case MQ_EV_AI: {
		static const char *const tags[] = {"-", "aggressive", "shy", "supportive", "wandering", "target-oriented"};
		tb_printf(t, "seat %d's AI: ", s);
		card_text(R, t, a[0]);
		tb_printf(t, " acts (%s step %d)", NAME(tags, a[1]), (int)a[2]);
		break;
	}
	default:
		tb_printf(t, "event %u", (unsigned)e->type);
		break;
	}
}

void mq_event_json(const void *data, const crisk_event *e, jw *w)
{
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	mq_event_to_string(data, e, &t);
	tb_finish(&t, NULL);
	const char *name = e->type >= 1 && e->type < MQ_EV_COUNT ? ev_names[e->type - 1] : NULL;
	ev_write_json(w, e, name, text);
}

_Static_assert(sizeof ev_names / sizeof ev_names[0] == MQ_EV_COUNT - 1, "one name per event");
_Static_assert(sizeof zone_names / sizeof zone_names[0] == MQ_Z_COUNT, "one name per zone");
