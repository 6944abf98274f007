/* Text form of Catan-family action codes (docs/actions.md), both ways:
 * `build_road 12`, `dice 3+5`, `discard_cards 2wool,1ore`,
 * `offer give=2wool,1ore want=1brick to=*`.  Parsing is the exact inverse of
 * printing and tolerates extra whitespace. */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include "../core/error.h"
#include "kernel.h"
#include "text_scan.h"

const char *const kern_res_names[MAX_GOODS] = {"brick", "lumber", "wool", "grain", "ore", "fish"};
const char *const kern_dev_names[NUM_DEV] = {"knight", "victory_point", "road_building", "year_of_plenty",
					     "monopoly"};

enum arg_kind { ARG_NONE, ARG_ID, ARG_RES, ARG_DEV, ARG_DICE, ARG_TRADE, ARG_CARDS, ARG_OFFER };

static const struct {
	const char *name;
	int kind;
} types[] = {
	[CRISK_CATAN_PLACE_SETTLEMENT] = {"place_settlement", ARG_ID},
	[CRISK_CATAN_PLACE_ROAD] = {"place_road", ARG_ID},
	[CRISK_CATAN_ROLL] = {"roll", ARG_NONE},
	[CRISK_CATAN_DICE] = {"dice", ARG_DICE},
	[CRISK_CATAN_DISCARD] = {"discard", ARG_RES},
	[CRISK_CATAN_DISCARD_CARDS] = {"discard_cards", ARG_CARDS},
	[CRISK_CATAN_MOVE_ROBBER] = {"move_robber", ARG_ID},
	[CRISK_CATAN_STEAL_FROM] = {"steal_from", ARG_ID},
	[CRISK_CATAN_STEAL_RESULT] = {"steal_result", ARG_RES},
	[CRISK_CATAN_BUILD_ROAD] = {"build_road", ARG_ID},
	[CRISK_CATAN_BUILD_SETTLEMENT] = {"build_settlement", ARG_ID},
	[CRISK_CATAN_BUILD_CITY] = {"build_city", ARG_ID},
	[CRISK_CATAN_BUY_DEV] = {"buy_dev", ARG_NONE},
	[CRISK_CATAN_DEV_RESULT] = {"dev_result", ARG_DEV},
	[CRISK_CATAN_PLAY_KNIGHT] = {"play_knight", ARG_NONE},
	[CRISK_CATAN_PLAY_ROAD_BUILDING] = {"play_road_building", ARG_NONE},
	[CRISK_CATAN_PLAY_YEAR_OF_PLENTY] = {"play_year_of_plenty", ARG_NONE},
	[CRISK_CATAN_PLAY_MONOPOLY] = {"play_monopoly", ARG_NONE},
	[CRISK_CATAN_PLACE_FREE_ROAD] = {"place_free_road", ARG_ID},
	[CRISK_CATAN_PICK] = {"pick", ARG_RES},
	[CRISK_CATAN_NAME] = {"name", ARG_RES},
	[CRISK_CATAN_MARITIME_TRADE] = {"maritime_trade", ARG_TRADE},
	[CRISK_CATAN_OFFER_TRADE] = {"offer", ARG_OFFER},
	[CRISK_CATAN_ACCEPT] = {"accept", ARG_NONE},
	[CRISK_CATAN_DECLINE] = {"decline", ARG_NONE},
	[CRISK_CATAN_CONFIRM] = {"confirm", ARG_ID},
	[CRISK_CATAN_CANCEL] = {"cancel", ARG_NONE},
	[CRISK_CATAN_END_TURN] = {"end_turn", ARG_NONE},
	[CRISK_CATAN_PASS] = {"pass", ARG_NONE},
	[CRISK_CATAN_END_PART] = {"end_part", ARG_NONE},
};
#define N_TYPES (sizeof types / sizeof types[0])

static void put_name(textbuf *t, const char *const *names, int n, int v)
{
	if (v < n)
		tb_puts(t, names[v]);
	else
		tb_printf(t, "%d", v);
}

/* Counts 4 or 8 bits wide starting at `shift`: "2wool,1ore", or "none". */
static void put_counts(textbuf *t, uint64_t a, int shift, int width, int n)
{
	int any = 0;
	for (int g = 0; g < n; g++) {
		int c = (int)((a >> (shift + width * g)) & ((1u << width) - 1));
		if (!c)
			continue;
		tb_printf(t, "%s%d%s", any ? "," : "", c, kern_res_names[g]);
		any = 1;
	}
	if (!any)
		tb_puts(t, "none");
}

int kern_action_to_string(const kern *k, crisk_action a, textbuf *t)
{
	(void)k;
	unsigned type = ACT_TYPE(a);
	int known;
	uint64_t fields = act_field_mask(type, &known);
	if (!known || type >= N_TYPES || !types[type].name)
		return err_set(CRISK_EINVAL, "unknown action type %u", type);
	if (a & ~(fields | (UINT64_C(0xFF) << 56)))
		return err_set(CRISK_EINVAL, "malformed action code 0x%016" PRIx64 ": bits set outside its fields", a);
	int id = ACT_ID(a);
	tb_puts(t, types[type].name);
	switch (types[type].kind) {
	case ARG_ID:
		tb_printf(t, " %d", id);
		break;
	case ARG_RES:
		tb_putc(t, ' ');
		put_name(t, kern_res_names, MAX_GOODS, id);
		break;
	case ARG_DEV:
		tb_putc(t, ' ');
		put_name(t, kern_dev_names, NUM_DEV, id);
		break;
	case ARG_DICE: {
		int sum = id & 0xFF, d1 = (id >> 8) & 0xF, d2 = (id >> 12) & 0xF;
		if (!d1 && !d2)
			tb_printf(t, " %d", sum);
		else if (d1 && d2 && d1 + d2 == sum)
			tb_printf(t, " %d+%d", d1, d2);
		else
			tb_printf(t, " %d %d %d", sum, d1, d2);
		break;
	}
	case ARG_TRADE:
		tb_putc(t, ' ');
		put_name(t, kern_res_names, MAX_GOODS, id & 0xFF);
		tb_putc(t, ' ');
		put_name(t, kern_res_names, MAX_GOODS, id >> 8);
		break;
	case ARG_CARDS:
		tb_putc(t, ' ');
		put_counts(t, a, 0, 8, NUM_RES);
		break;
	case ARG_OFFER: {
		int to = (int)((a >> 48) & 0xF);
		tb_puts(t, " give=");
		put_counts(t, a, 0, 4, MAX_GOODS);
		tb_puts(t, " want=");
		put_counts(t, a, 24, 4, MAX_GOODS);
		if (to == CRISK_CATAN_TO_ALL)
			tb_puts(t, " to=*");
		else
			tb_printf(t, " to=%d", to);
		break;
	}
	default:
		break;
	}
	return CRISK_OK;
}

static int number(scan *c, uint64_t max, uint64_t *v)
{
	scan_skip_space(c);
	if (!isdigit((unsigned char)*c->s))
		return scan_bad(c, "expected a number");
	uint64_t x = 0;
	while (isdigit((unsigned char)*c->s)) {
		x = x * 10 + (uint64_t)(*c->s++ - '0');
		if (x > max)
			return scan_bad(c, "number too large");
	}
	*v = x;
	return CRISK_OK;
}

/* A name from `names`, or a plain number below 2^bits. */
static int named(scan *c, const char *const *names, int n, int bits, uint64_t *v)
{
	scan_skip_space(c);
	if (isdigit((unsigned char)*c->s))
		return number(c, (UINT64_C(1) << bits) - 1, v);
	const char *w;
	size_t len = scan_word(c, &w);
	for (int i = 0; i < n; i++) {
		if (scan_word_is(w, len, names[i])) {
			*v = (uint64_t)i;
			return CRISK_OK;
		}
	}
	return scan_bad(c, "unknown name");
}

/* "2wool,1ore" or "none" into counts of `width` bits from `shift`. */
static int counts(scan *c, int n, int shift, int width, uint64_t *fields)
{
	scan_skip_space(c);
	const char *w;
	scan save = *c;
	size_t len = scan_word(c, &w);
	if (scan_word_is(w, len, "none"))
		return CRISK_OK;
	*c = save;
	uint64_t max = (UINT64_C(1) << width) - 1;
	for (;;) {
		uint64_t cnt = 1, g;
		scan_skip_space(c);
		if (isdigit((unsigned char)*c->s)) {
			cnt = 0;
			while (isdigit((unsigned char)*c->s)) {
				cnt = cnt * 10 + (uint64_t)(*c->s++ - '0');
				if (cnt > max)
					return scan_bad(c, "count too large");
			}
		}
		len = scan_word(c, &w);
		int found = -1;
		for (int i = 0; i < n; i++) {
			if (scan_word_is(w, len, kern_res_names[i]))
				found = i;
		}
		if (found < 0)
			return scan_bad(c, "expected a count and a resource name");
		g = (uint64_t)found;
		uint64_t old = (*fields >> (shift + width * (int)g)) & max;
		if (old + cnt > max)
			return scan_bad(c, "count too large");
		*fields += cnt << (shift + width * (int)g);
		scan_skip_space(c);
		if (*c->s != ',')
			return CRISK_OK;
		c->s++;
	}
}

static int expect_key(scan *c, const char *key)
{
	const char *w;
	size_t len = scan_word(c, &w);
	if (!scan_word_is(w, len, key))
		return scan_bad(c, key[0] == 'g' ? "expected give=" : key[0] == 'w' ? "expected want=" : "expected to=");
	scan_skip_space(c);
	if (*c->s != '=')
		return scan_bad(c, "expected '='");
	c->s++;
	return CRISK_OK;
}

static int parse_offer(scan *c, uint64_t *f)
{
	int rc;
	if ((rc = expect_key(c, "give")) || (rc = counts(c, MAX_GOODS, 0, 4, f)) || (rc = expect_key(c, "want")) ||
	    (rc = counts(c, MAX_GOODS, 24, 4, f)) || (rc = expect_key(c, "to")))
		return rc;
	scan_skip_space(c);
	uint64_t to = CRISK_CATAN_TO_ALL;
	if (*c->s == '*')
		c->s++;
	else if ((rc = number(c, 15, &to)))
		return rc;
	*f |= to << 48;
	return CRISK_OK;
}

static int parse_dice(scan *c, uint64_t *f)
{
	uint64_t a, b, d;
	int rc = number(c, 255, &a);
	if (rc)
		return rc;
	scan_skip_space(c);
	if (*c->s == '+') {
		c->s++;
		if ((rc = number(c, 15, &b)))
			return rc;
		if (a > 15)
			return scan_bad(c, "a die is 1..6");
		*f = (a + b) | a << 8 | b << 12;
		return CRISK_OK;
	}
	if (isdigit((unsigned char)*c->s)) {
		if ((rc = number(c, 15, &b)) || (rc = number(c, 15, &d)))
			return rc;
		*f = a | b << 8 | d << 12;
		return CRISK_OK;
	}
	*f = a;
	return CRISK_OK;
}

int kern_action_from_string(const kern *k, const char *text, crisk_action *out)
{
	(void)k;
	scan c = {text, text};
	const char *w;
	size_t len = scan_word(&c, &w);
	unsigned type = 0;
	for (unsigned i = 1; i < N_TYPES; i++) {
		if (types[i].name && scan_word_is(w, len, types[i].name))
			type = i;
	}
	if (!type)
		return err_set(CRISK_EFORMAT, "unknown action '%.*s' in '%.80s'", (int)(len < 40 ? len : 40), w, text);
	uint64_t f = 0, v = 0;
	int rc = CRISK_OK;
	switch (types[type].kind) {
	case ARG_ID:
		rc = number(&c, 0xFFFF, &f);
		break;
	case ARG_RES:
		rc = named(&c, kern_res_names, MAX_GOODS, 16, &f);
		break;
	case ARG_DEV:
		rc = named(&c, kern_dev_names, NUM_DEV, 16, &f);
		break;
	case ARG_DICE:
		rc = parse_dice(&c, &f);
		break;
	case ARG_TRADE:
		if (!(rc = named(&c, kern_res_names, MAX_GOODS, 8, &f)) &&
		    !(rc = named(&c, kern_res_names, MAX_GOODS, 8, &v)))
			f |= v << 8;
		break;
	case ARG_CARDS:
		rc = counts(&c, NUM_RES, 0, 8, &f);
		break;
	case ARG_OFFER:
		rc = parse_offer(&c, &f);
		break;
	default:
		break;
	}
	if (rc)
		return rc;
	scan_skip_space(&c);
	if (*c.s)
		return scan_bad(&c, "unexpected text after the action");
	*out = act_make(type, f);
	return CRISK_OK;
}
