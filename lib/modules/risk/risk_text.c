/* Text forms of the risk actions (docs/actions.md, "Module risk") and of the
 * risk events; everything else goes to the kernel's text functions.
 *   place_army 7          buy_armies 7 grain 3      move_armies 7 8 2
 *   attack 7 2            attack_all 7 neutral      redeploy 7 12 5
 *   resign 2              battle_dice 653 61 (dice as hex digits, high to low) */
#include <ctype.h>

#include "risk_impl.h"
#include "../../catan/validate.h"
#include "../../catan/text_scan.h"

enum { RK_HEX, RK_BUY, RK_MOVE, RK_ATTACK, RK_SEAT, RK_DICE };

static const struct {
	const char *name;
	int kind;
} types[] = {
	{"place_army", RK_HEX},  {"buy_armies", RK_BUY}, {"move_armies", RK_MOVE}, {"attack", RK_ATTACK},
	{"attack_all", RK_ATTACK}, {"redeploy", RK_MOVE}, {"resign", RK_SEAT},     {"battle_dice", RK_DICE},
};
#define FIRST_TYPE CRISK_RISK_PLACE_ARMY
#define N_TYPES (sizeof types / sizeof types[0])

static const char *const phase_names[RP_COUNT] = {"none", "setup_army", "army_loop", "battle"};

const char *risk_phase_name(int phase)
{
	return phase >= 0 && phase < RP_COUNT ? phase_names[phase] : "unknown";
}

static void put_owner(textbuf *t, int v)
{
	if (v == CRISK_RISK_NEUTRAL)
		tb_puts(t, "neutral");
	else
		tb_printf(t, "%d", v);
}

int risk_action_to_string(const void *data, crisk_action a, textbuf *t)
{
	const kern *k = data;
	unsigned type = ACT_TYPE(a);
	if (type < FIRST_TYPE || type >= FIRST_TYPE + N_TYPES)
		return kern_action_to_string(k, a, t);
	int rc = kern_check_fields(a, CRISK_EINVAL);
	if (rc)
		return rc;
	tb_puts(t, types[type - FIRST_TYPE].name);
	switch (types[type - FIRST_TYPE].kind) {
	case RK_HEX:
	case RK_SEAT:
		tb_printf(t, " %d", ARG0(a));
		break;
	case RK_BUY:
		tb_printf(t, " %d ", ARG0(a));
		if (ARG1(a) < NUM_RES)
			tb_puts(t, kern_res_names[ARG1(a)]);
		else
			tb_printf(t, "%d", ARG1(a));
		tb_printf(t, " %d", ARG2(a));
		break;
	case RK_MOVE:
		tb_printf(t, " %d %d %d", ARG0(a), ARG1(a), ARG2(a));
		break;
	case RK_ATTACK:
		tb_printf(t, " %d ", ARG0(a));
		put_owner(t, ARG1(a));
		break;
	default: /* RK_DICE */
		tb_printf(t, " %x %x", ARG0(a), ARG1(a));
		break;
	}
	return CRISK_OK;
}

/* A number in base 10 (or 16 for dice) up to 0xFFFF, or one of the names
 * (name i stands for first_name + i). */
static int value(scan *c, int base, const char *const *names, int n_names, int first_name, int *v)
{
	const char *w;
	size_t len = scan_word(c, &w);
	if (!len)
		return scan_bad(c, "expected a value");
	for (int i = 0; i < n_names; i++) {
		if (scan_word_is(w, len, names[i])) {
			*v = first_name + i;
			return CRISK_OK;
		}
	}
	long x = 0;
	for (size_t i = 0; i < len; i++) {
		int d = isdigit((unsigned char)w[i]) ? w[i] - '0'
			: (base == 16 && isxdigit((unsigned char)w[i])) ? tolower((unsigned char)w[i]) - 'a' + 10
									: -1;
		if (d < 0)
			return scan_bad(c, "expected a number");
		x = x * base + d;
		if (x > 0xFFFF)
			return scan_bad(c, "number too large");
	}
	*v = (int)x;
	return CRISK_OK;
}

int risk_action_from_string(const void *data, const char *text, crisk_action *out)
{
	const kern *k = data;
	scan c = {text, text};
	const char *w;
	size_t len = scan_word(&c, &w);
	int type = -1;
	for (size_t i = 0; i < N_TYPES; i++) {
		if (scan_word_is(w, len, types[i].name))
			type = (int)i;
	}
	if (type < 0)
		return kern_action_from_string(k, text, out);
	static const char *const neutral[1] = {"neutral"};
	int v[3] = {0, 0, 0}, rc = CRISK_OK;
	switch (types[type].kind) {
	case RK_HEX:
	case RK_SEAT:
		rc = value(&c, 10, NULL, 0, 0, &v[0]);
		break;
	case RK_BUY:
		if (!(rc = value(&c, 10, NULL, 0, 0, &v[0])) && !(rc = value(&c, 10, kern_res_names, NUM_RES, 0, &v[1])))
			rc = value(&c, 10, NULL, 0, 0, &v[2]);
		break;
	case RK_MOVE:
		for (int i = 0; i < 3 && !rc; i++)
			rc = value(&c, 10, NULL, 0, 0, &v[i]);
		break;
	case RK_ATTACK:
		if (!(rc = value(&c, 10, NULL, 0, 0, &v[0])))
			rc = value(&c, 10, neutral, 1, CRISK_RISK_NEUTRAL, &v[1]);
		break;
	default: /* RK_DICE */
		if (!(rc = value(&c, 16, NULL, 0, 0, &v[0])))
			rc = value(&c, 16, NULL, 0, 0, &v[1]);
		break;
	}
	if (rc)
		return rc;
	scan_skip_space(&c);
	if (*c.s)
		return scan_bad(&c, "unexpected text after the action");
	*out = act_make((unsigned)(FIRST_TYPE + type), (uint64_t)v[0] | (uint64_t)v[1] << 16 | (uint64_t)v[2] << 32);
	return CRISK_OK;
}

static const char *const ev_names[] = {"armies_placed", "armies_bought", "armies_moved", "battle_roll",
					"battle_end",    "redeploy",      "annex_road",   "annex_building",
					"eliminated",    "resigned",      "reveal"};
#define FIRST_EV CRISK_RISK_EV_ARMIES_PLACED
#define N_EV (sizeof ev_names / sizeof ev_names[0])

static void owner_text(textbuf *t, int v)
{
	if (v == CRISK_RISK_NEUTRAL)
		tb_puts(t, "the neutral defenders");
	else
		tb_printf(t, "seat %d", v);
}

/* "6-5-3" from hex digits. */
static void dice_text(textbuf *t, int packed)
{
	int d[4], n = 0;
	for (; packed && n < 4; packed >>= 4)
		d[n++] = packed & 0xF;
	for (int i = n - 1; i >= 0; i--)
		tb_printf(t, "%d%s", d[i], i ? "-" : "");
}

void risk_event_to_string(const void *data, const crisk_event *e, textbuf *t)
{
	const kern *k = data;
	static const char *const terrain[] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
	static const char *const how[] = {"at set-up", "in the placement loop", "bought"};
	const int32_t *a = e->args;
	int s = e->seat;
	switch (e->type) {
	case CRISK_RISK_EV_ARMIES_PLACED:
		tb_printf(t, "seat %d placed %d arm%s on hex %d (%s)", s, (int)a[1], a[1] == 1 ? "y" : "ies", (int)a[0],
			  a[2] >= 0 && a[2] < 3 ? how[a[2]] : "?");
		break;
	case CRISK_RISK_EV_ARMIES_BOUGHT:
		tb_printf(t, "seat %d paid %d %s for armies", s, (int)a[1],
			  a[0] >= 0 && a[0] < NUM_RES ? kern_res_names[a[0]] : "?");
		break;
	case CRISK_RISK_EV_ARMIES_MOVED:
	case CRISK_RISK_EV_REDEPLOY:
		tb_printf(t, "seat %d %s %d arm%s from hex %d to hex %d", s,
			  e->type == CRISK_RISK_EV_REDEPLOY ? "redeployed" : "moved", (int)a[2], a[2] == 1 ? "y" : "ies",
			  (int)a[0], (int)a[1]);
		break;
	case CRISK_RISK_EV_BATTLE_ROLL:
		tb_printf(t, "battle on hex %d: seat %d rolled ", (int)a[0], s);
		dice_text(t, a[1]);
		tb_puts(t, ", ");
		owner_text(t, e->target);
		tb_puts(t, " rolled ");
		dice_text(t, a[2]);
		tb_printf(t, "; attacker lost %d, defender lost %d", (int)a[3], (int)a[4]);
		break;
	case CRISK_RISK_EV_BATTLE_END:
		tb_printf(t, "battle on hex %d over: seat %d has %d arm%s, ", (int)a[0], s, (int)a[1],
			  a[1] == 1 ? "y" : "ies");
		owner_text(t, e->target);
		tb_printf(t, " %d", (int)a[2]);
		break;
	case CRISK_RISK_EV_ANNEX_ROAD:
		tb_printf(t, "seat %d annexed the road on path %d from ", s, (int)a[0]);
		owner_text(t, e->target);
		break;
	case CRISK_RISK_EV_ANNEX_BUILDING:
		tb_printf(t, "seat %d annexed the %s on intersection %d from ", s, a[1] == 2 ? "city" : "settlement",
			  (int)a[0]);
		owner_text(t, e->target);
		break;
	case CRISK_RISK_EV_ELIMINATED:
		tb_printf(t, "seat %d is eliminated", s);
		if (e->target >= 0)
			tb_printf(t, " by seat %d", e->target);
		break;
	case CRISK_RISK_EV_RESIGNED:
		tb_printf(t, "seat %d resigned; its armies stay as neutral defenders", s);
		break;
	case CRISK_RISK_EV_REVEAL:
		tb_printf(t, "hex %d is revealed: %s", (int)a[0], a[1] >= 0 && a[1] < 6 ? terrain[a[1]] : "?");
		if (a[2])
			tb_printf(t, " %d", (int)a[2]);
		break;
	default:
		kern_event_to_string(k, e, t);
		break;
	}
}

void risk_event_json(const void *data, const crisk_event *e, jw *w)
{
	const kern *k = data;
	if (e->type < FIRST_EV || e->type >= FIRST_EV + N_EV) {
		kern_event_json(k, e, w);
		return;
	}
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	risk_event_to_string(k, e, &t);
	tb_finish(&t, NULL);
	ev_write_json(w, e, ev_names[e->type - FIRST_EV], text);
}
