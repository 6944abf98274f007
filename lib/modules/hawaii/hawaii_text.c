/* Module hawaii: text forms of its actions (types 56..62) both ways and of
 * its events (types 56..63) as text and JSON (docs/decisions.md, "Module
 * hawaii", items 11 and 19).  The kernel's forms cover every other code.
 *
 *   place_ship P          PLACE_SHIP, set-up (H-38)
 *   build_ship P          BUILD_SHIP (H-3 a)
 *   place_free_ship P     PLACE_FREE_SHIP, Road Building (H-51)
 *   move_pirate H         MOVE_PIRATE (H-54)
 *   move_ship FROM TO     MOVE_SHIP (H-78)
 *   fish_<ability> ARG    a fish-market use (H-73): fish_move_robber H,
 *                         fish_move_pirate H, fish_steal SEAT,
 *                         fish_take_merchant RES, fish_take RES,
 *                         fish_build_road P, fish_build_ship P, fish_dev
 *   return_fish           RETURN_FISH (H-71) */
#include <ctype.h>

#include "../../catan/text_scan.h"
#include "../../core/error.h"
#include "hawaii.h"

static const char *const hw_action_names[] = {"place_ship", "build_ship", "place_free_ship", "move_pirate",
					      "move_ship"};
/* In the order of enum hw_ability. */
static const char *const hw_ability_names[HW_N_ABILITIES] = {
	"fish_move_robber", "fish_move_pirate", "fish_steal",      "fish_take_merchant",
	"fish_take",        "fish_build_road",  "fish_build_ship", "fish_dev"};

static int takes_resource(int ability)
{
	return ability == HW_FISH_TAKE_MERCHANT || ability == HW_FISH_TAKE;
}

int hw_action_to_string(const void *data, crisk_action a, textbuf *t)
{
	const kern *k = data;
	unsigned type = ACT_TYPE(a);
	if (type < HW_PLACE_SHIP || type > HW_RETURN_FISH)
		return kern_action_to_string(k, a, t);
	uint64_t fields = type == HW_MOVE_SHIP ? KF_ARG2 : type == HW_FISH ? KF_ID2 : type == HW_RETURN_FISH ? 0 : KF_ID;
	if (a & ~(fields | (UINT64_C(0xFF) << 56)))
		return err_set(CRISK_EINVAL, "malformed action code 0x%016llx: bits set outside its fields",
			       (unsigned long long)a);
	int id = ACT_ID(a), hi = (int)((a >> 16) & 0xFFFF);
	if (type == HW_RETURN_FISH) {
		tb_puts(t, "return_fish");
	} else if (type == HW_FISH) {
		if (hi >= HW_N_ABILITIES)
			return err_set(CRISK_EINVAL, "the fish market has no ability %d (0..%d, H-73)", hi,
				       HW_N_ABILITIES - 1);
		tb_puts(t, hw_ability_names[hi]);
		if (takes_resource(hi) && id < NUM_RES)
			tb_printf(t, " %s", kern_res_names[id]);
		else if (hi != HW_FISH_DEV || id)
			tb_printf(t, " %d", id);
	} else {
		tb_printf(t, "%s %d", hw_action_names[type - HW_PLACE_SHIP], id);
		if (type == HW_MOVE_SHIP)
			tb_printf(t, " %d", hi);
	}
	return CRISK_OK;
}

/* A decimal number of at most max after spaces, or (with names) one of
 * names[0..n). */
static int value(scan *c, int max, const char *const *names, int n, int *v, const char *what)
{
	const char *w;
	size_t len = scan_word(c, &w);
	for (int i = 0; i < n; i++) {
		if (scan_word_is(w, len, names[i])) {
			*v = i;
			return CRISK_OK;
		}
	}
	if (!len || len > 6)
		return scan_bad(c, what);
	int x = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)w[i]))
			return scan_bad(c, what);
		x = x * 10 + (w[i] - '0');
	}
	if (x > max)
		return scan_bad(c, what);
	*v = x;
	return CRISK_OK;
}

int hw_action_from_string(const void *data, const char *text, crisk_action *out)
{
	const kern *k = data;
	scan c = {text, text};
	const char *w;
	size_t len = scan_word(&c, &w);
	unsigned type = 0;
	int ability = -1;
	for (unsigned i = 0; i < sizeof hw_action_names / sizeof hw_action_names[0]; i++) {
		if (scan_word_is(w, len, hw_action_names[i]))
			type = HW_PLACE_SHIP + i;
	}
	for (int i = 0; i < HW_N_ABILITIES; i++) {
		if (scan_word_is(w, len, hw_ability_names[i])) {
			type = HW_FISH;
			ability = i;
		}
	}
	if (scan_word_is(w, len, "return_fish"))
		type = HW_RETURN_FISH;
	if (!type)
		return kern_action_from_string(k, text, out);
	int a0 = 0, a1 = 0, rc = CRISK_OK;
	if (type == HW_FISH) {
		a1 = ability;
		scan_skip_space(&c);
		if (takes_resource(ability))
			rc = value(&c, 0xFFFF, kern_res_names, NUM_RES, &a0, "expected a resource");
		else if (ability != HW_FISH_DEV || *c.s)
			rc = value(&c, 0xFFFF, NULL, 0, &a0,
				   ability == HW_FISH_STEAL ? "expected a seat" : "expected a hex or path id");
	} else if (type != HW_RETURN_FISH) {
		rc = value(&c, 0xFFFF, NULL, 0, &a0, type == HW_MOVE_PIRATE ? "expected a hex id" : "expected a path id");
		if (!rc && type == HW_MOVE_SHIP)
			rc = value(&c, 0xFFFF, NULL, 0, &a1, "expected the path id to move to");
	}
	if (rc)
		return rc;
	scan_skip_space(&c);
	if (*c.s)
		return scan_bad(&c, "unexpected text after the action");
	*out = act_make(type, (uint64_t)a0 | (uint64_t)a1 << 16);
	return CRISK_OK;
}

/* ---- events ---- */

static int hw_event(const crisk_event *e)
{
	return e->type >= HW_EV_SETUP_SHIP && e->type <= HW_EV_EFFECT && e->type != HW_EV_SETUP_SHIP + 2;
}

void hw_event_to_string(const void *data, const crisk_event *e, textbuf *t)
{
	const kern *k = data;
	if (!hw_event(e)) {
		kern_event_to_string(k, e, t);
		return;
	}
	const int32_t *a = e->args;
	int s = e->seat;
	switch (e->type) {
	case HW_EV_SETUP_SHIP:
		tb_printf(t, "seat %d placed a ship on path %d", s, (int)a[0]);
		break;
	case HW_EV_BUILD_SHIP:
		tb_printf(t, "seat %d built a %sship on path %d", s, a[1] ? "free " : "", (int)a[0]);
		break;
	case HW_EV_PIRATE:
		tb_printf(t, "seat %d moved the pirate to hex %d", s, (int)a[0]);
		break;
	case HW_EV_MOVE_SHIP:
		tb_printf(t, "seat %d moved a ship from path %d to path %d", s, (int)a[0], (int)a[1]);
		break;
	case HW_EV_FISH:
		if (a[0] < 0)
			tb_printf(t, "seat %d returned a fish to the supply (now %d)", s, (int)a[1]);
		else
			tb_printf(t, "seat %d caught %d fish (now %d)", s, (int)a[0], (int)a[1]);
		break;
	case HW_EV_MARKET: {
		int ab = a[0] >= 0 && a[0] < HW_N_ABILITIES ? (int)a[0] : HW_FISH_DEV;
		tb_printf(t, "seat %d paid %d fish for %s", s, (int)a[2], hw_ability_names[ab]);
		if (takes_resource(ab) && a[1] >= 0 && a[1] < NUM_RES)
			tb_printf(t, " %s", kern_res_names[a[1]]);
		else if (ab != HW_FISH_DEV)
			tb_printf(t, " %d", (int)a[1]);
		tb_printf(t, " (now %d fish)", (int)a[3]);
		break;
	}
	default: /* HW_EV_EFFECT */
		if (a[0] == HW_FX_CHIT)
			tb_printf(t, "seat %d took the Catan chit at point %d (now %d)", s, (int)a[1], (int)a[2]);
		else if (a[0] == HW_FX_BOAT)
			tb_printf(t, "seat %d's fishing boat moved to %d (fishing VP %d)", s, (int)a[1], (int)a[2]);
		else
			tb_printf(t, "seat %d %s the merchant on path %d", s, a[2] ? "gained" : "lost", (int)a[1]);
		break;
	}
}

void hw_event_json(const void *data, const crisk_event *e, jw *w)
{
	const kern *k = data;
	if (!hw_event(e)) {
		kern_event_json(k, e, w);
		return;
	}
	static const char *const names[] = {"setup_ship", "build_ship", NULL, "pirate", "move_ship", "fish",
					    "fish_market"};
	static const char *const effects[] = {"chit", "fishing_boat", "merchant"};
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	hw_event_to_string(k, e, &t);
	tb_finish(&t, NULL);
	const char *name = e->type == HW_EV_EFFECT ? effects[e->args[0] >= 0 && e->args[0] <= HW_FX_MERCHANT ? e->args[0] : 0]
						   : names[e->type - HW_EV_SETUP_SHIP];
	ev_write_json(w, e, name, text);
}
