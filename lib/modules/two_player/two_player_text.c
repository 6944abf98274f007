/* Module two_player: text forms of its actions (docs/actions.md), its events
 * as text and JSON (docs/events.md), the module part of the view, and the
 * board description with the neutral start sites (T-5).  The kernel's forms
 * cover everything else. */
#include <ctype.h>

#include "../../core/error.h"
#include "two_player.h"
#include "../../catan/validate.h"
#include "../../catan/text_scan.h"

static const char *const tp_action_names[] = {
	"neutral_road", "neutral_settlement", "forced_trade", "draw_result", "give", "robber_to_desert",
	"knight_for_tokens"};

static void put_res(textbuf *t, int r)
{
	if (r < MAX_GOODS)
		tb_puts(t, kern_res_names[r]);
	else
		tb_printf(t, "%d", r);
}

int tp_action_to_string(const void *data, crisk_action a, textbuf *t)
{
	const kern *k = data;
	unsigned type = ACT_TYPE(a);
	if (!tp_is_module_type(type))
		return kern_action_to_string(k, a, t);
	int rc = kern_check_fields(a, CRISK_EINVAL);
	if (rc)
		return rc;
	int a0 = (int)(a & 0xFFFF), a1 = (int)((a >> 16) & 0xFF);
	tb_puts(t, tp_action_names[type - CRISK_TP_NEUTRAL_ROAD]);
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT:
		tb_printf(t, " n%d %d", a1, a0);
		break;
	case CRISK_TP_DRAW_RESULT:
	case CRISK_TP_GIVE:
		tb_putc(t, ' ');
		put_res(t, a0);
		if (type == CRISK_TP_GIVE || a1 != CRISK_TP_NO_CARD) {
			tb_putc(t, ' ');
			put_res(t, a1);
		}
		break;
	default:
		break;
	}
	return CRISK_OK;
}

/* A decimal number of at most max, from w[0..len). */
static int to_number(const char *w, size_t len, int max, int *v)
{
	if (!len || len > 6)
		return 0;
	int x = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)w[i]))
			return 0;
		x = x * 10 + (w[i] - '0');
	}
	*v = x;
	return x <= max;
}

/* A resource name or number of at most max. */
static int resource(scan *c, int max, int *v)
{
	const char *w;
	size_t len = scan_word(c, &w);
	for (int r = 0; r < MAX_GOODS; r++) {
		if (scan_word_is(w, len, kern_res_names[r])) {
			*v = r;
			return CRISK_OK;
		}
	}
	return to_number(w, len, max, v) ? CRISK_OK : scan_bad(c, "expected a resource");
}

int tp_action_from_string(const void *data, const char *text, crisk_action *out)
{
	const kern *k = data;
	scan c = {text, text};
	const char *w;
	size_t len = scan_word(&c, &w);
	unsigned type = 0;
	for (unsigned i = 0; i < sizeof tp_action_names / sizeof tp_action_names[0]; i++) {
		if (scan_word_is(w, len, tp_action_names[i]))
			type = CRISK_TP_NEUTRAL_ROAD + i;
	}
	if (!type)
		return kern_action_from_string(k, text, out);
	int a0 = 0, a1 = 0, rc = CRISK_OK;
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT:
		len = scan_word(&c, &w);
		if (len < 2 || w[0] != 'n' || !to_number(w + 1, len - 1, 255, &a1))
			return scan_bad(&c, "expected a neutral n0 or n1");
		len = scan_word(&c, &w);
		if (!to_number(w, len, 0xFFFF, &a0))
			return scan_bad(&c, "expected a path or intersection id");
		break;
	case CRISK_TP_DRAW_RESULT:
	case CRISK_TP_GIVE:
		if ((rc = resource(&c, 0xFFFF, &a0)))
			return rc;
		while (isspace((unsigned char)*c.s))
			c.s++;
		if (type == CRISK_TP_DRAW_RESULT && !*c.s)
			a1 = CRISK_TP_NO_CARD;
		else if ((rc = resource(&c, 255, &a1)))
			return rc;
		break;
	default:
		break;
	}
	scan_skip_space(&c);
	if (*c.s)
		return scan_bad(&c, "unexpected text after the action");
	*out = act_make(type, (uint64_t)a0 | (uint64_t)a1 << 16);
	return CRISK_OK;
}

/* ---- events ---- */

static const char *const tp_event_names[] = {"neutral_road", "neutral_settlement", "neutral_lapse", "tokens",
					     "forced_trade", "forced_draw", "forced_give", "robber_to_desert",
					     "knight_for_tokens"};
#define N_TP_EVENTS (sizeof tp_event_names / sizeof tp_event_names[0])

static int tp_event(const crisk_event *e)
{
	return e->type >= CRISK_TP_EV_NEUTRAL_ROAD && e->type < CRISK_TP_EV_NEUTRAL_ROAD + N_TP_EVENTS;
}

static void put_drawn(textbuf *t, const int32_t *a)
{
	if (a[0] == CRISK_HIDDEN) {
		tb_puts(t, "cards");
		return;
	}
	put_res(t, a[0] >= 0 ? a[0] : 0);
	if (a[1] != CRISK_TP_NO_CARD) {
		tb_puts(t, " and ");
		put_res(t, a[1] >= 0 ? a[1] : 0);
	}
}

void tp_event_to_string(const void *data, const crisk_event *e, textbuf *t)
{
	const kern *k = data;
	if (e->type == CRISK_CATAN_EV_LARGEST_ARMY && e->seat < 0) { /* T-19 */
		tb_printf(t, "nobody holds Largest Army (most knights %d)", (int)e->args[0]);
		return;
	}
	if (e->type == CRISK_CATAN_EV_LONGEST_ROAD && e->seat >= k->seats) { /* T-15 */
		tb_printf(t, "neutral N%d holds Longest Road (length %d)", e->seat - k->seats, (int)e->args[0]);
		return;
	}
	if (!tp_event(e)) {
		kern_event_to_string(k, e, t);
		return;
	}
	const int32_t *a = e->args;
	int s = e->seat, o = e->target;
	switch (e->type) {
	case CRISK_TP_EV_NEUTRAL_ROAD:
		tb_printf(t, "seat %d built a road on path %d for neutral N%d", s, (int)a[1], (int)a[0]);
		break;
	case CRISK_TP_EV_NEUTRAL_SETTLEMENT:
		tb_printf(t, "seat %d built a settlement on intersection %d for neutral N%d", s, (int)a[1], (int)a[0]);
		break;
	case CRISK_TP_EV_NEUTRAL_LAPSE:
		tb_printf(t, "seat %d had no legal neutral build; the obligation lapsed", s);
		break;
	case CRISK_TP_EV_TOKENS:
		tb_printf(t, "seat %d took %d trade token%s for a %s (now %d)", s, (int)a[0], a[0] == 1 ? "" : "s",
			  a[1] ? "knight" : "settlement", (int)a[2]);
		break;
	case CRISK_TP_EV_FORCED_TRADE:
		tb_printf(t, "seat %d paid %d token%s for a forced trade with seat %d", s, (int)a[0], a[0] == 1 ? "" : "s",
			  o);
		break;
	case CRISK_TP_EV_DRAW:
		tb_printf(t, "seat %d drew ", s);
		put_drawn(t, a);
		tb_printf(t, " from seat %d", o);
		break;
	case CRISK_TP_EV_GIVE:
		tb_printf(t, "seat %d gave ", s);
		put_drawn(t, a);
		tb_printf(t, " to seat %d", o);
		break;
	case CRISK_TP_EV_ROBBER_DESERT:
		tb_printf(t, "seat %d paid %d token%s to move the robber to the desert (hex %d)", s, (int)a[0],
			  a[0] == 1 ? "" : "s", (int)a[1]);
		break;
	default: /* KNIGHT_TOKENS */
		tb_printf(t, "seat %d discarded a played knight for %d tokens (%d knights left)", s, (int)a[0], (int)a[1]);
		break;
	}
}

void tp_event_json(const void *data, const crisk_event *e, jw *w)
{
	const kern *k = data;
	int own_text = (e->type == CRISK_CATAN_EV_LARGEST_ARMY && e->seat < 0) ||
		       (e->type == CRISK_CATAN_EV_LONGEST_ROAD && e->seat >= k->seats);
	if (!tp_event(e) && !own_text) {
		kern_event_json(k, e, w);
		return;
	}
	static const char *const kernel_names[2] = {"longest_road", "largest_army"};
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	tp_event_to_string(k, e, &t);
	tb_finish(&t, NULL);
	const char *name = own_text ? kernel_names[e->type == CRISK_CATAN_EV_LARGEST_ARMY]
				    : tp_event_names[e->type - CRISK_TP_EV_NEUTRAL_ROAD];
	ev_write_json(w, e, name, text);
}

/* ---- views ---- */

static void counts(jw *w, const char *key, const uint8_t *v, int n)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		jw_int(w, v[i]);
	jw_arr_end(w);
}

/* The "two_player" member of the view: tokens are public (T-16); the cards
 * drawn in a forced trade only for the two seats. */
void tp_view_json(const kern *k, const void *st, int viewer, jw *w)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	jw_key(w, "two_player");
	jw_obj_begin(w);
	counts(w, "tokens", x->tokens, 2);
	jw_kint(w, "token_supply", x->supply);
	jw_kint(w, "rolls", x->rolls);
	jw_kint(w, "first_sum", x->first_sum);
	jw_kbool(w, "token_action_used", x->token_used);
	jw_kbool(w, "knight_swapped", x->knight_swapped);
	jw_kint(w, "token_cost", h->turn > 0 ? tp_token_cost(k, st, h->active) : 1);
	counts(w, "knights_discarded", x->knights_out, 2);
	jw_key(w, "neutral_sites");
	jw_arr_begin(w);
	jw_int(w, tpr(k)->site[0]);
	jw_int(w, tpr(k)->site[1]);
	jw_arr_end(w);
	if (viewer == 0 || viewer == 1 || viewer == CRISK_VIEWER_OMNISCIENT)
		counts(w, "drawn", x->drawn, NUM_RES);
	jw_obj_end(w);
}

void tp_board_json(const void *data, jw *w)
{
	const kern *k = data;
	jw_obj_begin(w);
	board_json_members(&k->b, w);
	jw_key(w, "neutral_sites"); /* T-5 */
	jw_arr_begin(w);
	jw_int(w, tpr(k)->site[0]);
	jw_int(w, tpr(k)->site[1]);
	jw_arr_end(w);
	jw_obj_end(w);
}
