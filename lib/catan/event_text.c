/* Catan-family events as readable log lines and as JSON (docs/events.md).
 * The event arrives already filtered for its viewer: hidden arguments are
 * CRISK_HIDDEN and the wording avoids them. */
#include "kernel.h"

static const char *const ev_names[] = {
	"unknown",      "turn_start",   "setup_settlement", "setup_road",   "starting_resources",
	"dice",         "production",   "shortage",         "discard",      "robber",
	"steal",        "build_road",   "build_settlement", "build_city",   "buy_dev",
	"play_dev",     "pick",         "monopoly",         "maritime",     "offer",
	"answer",       "trade",        "trade_cancel",     "longest_road", "largest_army",
	"end_turn",     "reveal_vp",    "game_over",        "pass",         "setup_skip"};
#define N_EV_NAMES (sizeof ev_names / sizeof ev_names[0])

static const char *res_name(int r)
{
	return r >= 0 && r < MAX_GOODS ? kern_res_names[r] : "?";
}

/* "2 wool, 1 ore" from counts, or "nothing". */
static void put_list(textbuf *t, const int32_t *counts, int n)
{
	int any = 0;
	for (int r = 0; r < n; r++) {
		if (counts[r] <= 0)
			continue;
		tb_printf(t, "%s%d %s", any ? ", " : "", (int)counts[r], kern_res_names[r]);
		any = 1;
	}
	if (!any)
		tb_puts(t, "nothing");
}

/* Packed 4-bit counts per good (offers and trades). */
static void put_packed(textbuf *t, int32_t packed)
{
	int32_t counts[MAX_GOODS];
	for (int g = 0; g < MAX_GOODS; g++)
		counts[g] = (packed >> (4 * g)) & 0xF;
	put_list(t, counts, MAX_GOODS);
}

void kern_event_to_string(const kern *k, const crisk_event *e, textbuf *t)
{
	(void)k;
	const int32_t *a = e->args;
	int s = e->seat, o = e->target;
	switch (e->type) {
	case CRISK_CATAN_EV_TURN_START:
		tb_printf(t, "turn %d: seat %d starts", (int)a[0], s);
		break;
	case CRISK_CATAN_EV_SETUP_SETTLEMENT:
		tb_printf(t, "seat %d placed a settlement on intersection %d", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_SETUP_ROAD:
		tb_printf(t, "seat %d placed a road on path %d", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_STARTING_RESOURCES:
		tb_printf(t, "seat %d took ", s);
		put_list(t, a, NUM_RES);
		tb_puts(t, " as starting resources");
		break;
	case CRISK_CATAN_EV_DICE:
		tb_printf(t, "seat %d rolled %d", s, (int)a[0]);
		if (a[1] > 0 && a[2] > 0)
			tb_printf(t, " (%d+%d)", (int)a[1], (int)a[2]);
		break;
	case CRISK_CATAN_EV_PRODUCTION:
		tb_printf(t, "seat %d received ", s);
		put_list(t, a, NUM_RES);
		break;
	case CRISK_CATAN_EV_SHORTAGE:
		tb_printf(t, "the bank is short of %s: nobody receives it", res_name(a[0]));
		break;
	case CRISK_CATAN_EV_DISCARD:
		tb_printf(t, "seat %d discarded ", s);
		put_list(t, a, NUM_RES);
		break;
	case CRISK_CATAN_EV_ROBBER:
		tb_printf(t, "seat %d moved the robber to hex %d", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_STEAL:
		if (a[0] == CRISK_HIDDEN)
			tb_printf(t, "seat %d stole a card from seat %d", s, o);
		else
			tb_printf(t, "seat %d stole 1 %s from seat %d", s, res_name(a[0]), o);
		break;
	case CRISK_CATAN_EV_BUILD_ROAD:
		tb_printf(t, "seat %d built a road on path %d%s", s, (int)a[0], a[1] ? " (free)" : "");
		break;
	case CRISK_CATAN_EV_BUILD_SETTLEMENT:
		tb_printf(t, "seat %d built a settlement on intersection %d", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_BUILD_CITY:
		tb_printf(t, "seat %d built a city on intersection %d", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_BUY_DEV:
		if (a[0] >= 0 && a[0] < NUM_DEV)
			tb_printf(t, "seat %d bought a development card (%s)", s, kern_dev_names[a[0]]);
		else
			tb_printf(t, "seat %d bought a development card", s);
		break;
	case CRISK_CATAN_EV_PLAY_DEV:
		tb_printf(t, "seat %d played %s", s, a[0] >= 0 && a[0] < NUM_DEV ? kern_dev_names[a[0]] : "a card");
		break;
	case CRISK_CATAN_EV_PICK:
		tb_printf(t, "seat %d took 1 %s (year of plenty)", s, res_name(a[0]));
		break;
	case CRISK_CATAN_EV_MONOPOLY:
		tb_printf(t, "seat %d took %d %s from seat %d (monopoly)", s, (int)a[1], res_name(a[0]), o);
		break;
	case CRISK_CATAN_EV_MARITIME:
		tb_printf(t, "seat %d traded %d %s to the bank for 1 %s", s, (int)a[1], res_name(a[0]), res_name(a[2]));
		break;
	case CRISK_CATAN_EV_OFFER:
		tb_printf(t, "seat %d offered ", s);
		put_packed(t, a[0]);
		tb_puts(t, " for ");
		put_packed(t, a[1]);
		if (a[2] == CRISK_CATAN_TO_ALL)
			tb_puts(t, " to all");
		else
			tb_printf(t, " to seat %d", (int)a[2]);
		break;
	case CRISK_CATAN_EV_ANSWER:
		tb_printf(t, "seat %d %s the offer", s, a[0] ? "accepted" : "declined");
		break;
	case CRISK_CATAN_EV_TRADE:
		tb_printf(t, "seat %d gave ", s);
		put_packed(t, a[0]);
		tb_printf(t, " to seat %d for ", o);
		put_packed(t, a[1]);
		break;
	case CRISK_CATAN_EV_TRADE_CANCEL:
		tb_printf(t, "seat %d's offer ended without a trade", s);
		break;
	case CRISK_CATAN_EV_LONGEST_ROAD:
		if (s >= 0)
			tb_printf(t, "seat %d holds Longest Road (length %d)", s, (int)a[0]);
		else
			tb_printf(t, "nobody holds Longest Road (longest road %d)", (int)a[0]);
		break;
	case CRISK_CATAN_EV_LARGEST_ARMY:
		tb_printf(t, "seat %d holds Largest Army (%d knights)", s, (int)a[0]);
		break;
	case CRISK_CATAN_EV_END_TURN:
		tb_printf(t, "seat %d ended the turn", s);
		break;
	case CRISK_CATAN_EV_REVEAL_VP:
		tb_printf(t, "seat %d revealed %d victory point card%s", s, (int)a[0], a[0] == 1 ? "" : "s");
		break;
	case CRISK_CATAN_EV_GAME_OVER:
		if (s >= 0)
			tb_printf(t, "game over: seat %d wins", s);
		else
			tb_puts(t, "game over: no winner");
		break;
	case CRISK_CATAN_EV_PASS:
		tb_printf(t, "seat %d passed", s);
		break;
	case CRISK_CATAN_EV_SETUP_SKIP:
		if (a[0])
			tb_printf(t, "seat %d skipped the piece of set-up step %d: no place at its settlement", s, (int)a[1]);
		else
			tb_printf(t, "seat %d skipped set-up step %d: no intersection is open", s, (int)a[1]);
		break;
	default:
		tb_printf(t, "event %u", (unsigned)e->type);
		break;
	}
}

void kern_event_json(const kern *k, const crisk_event *e, jw *w)
{
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	kern_event_to_string(k, e, &t);
	tb_finish(&t, NULL);
	ev_write_json(w, e, e->type < N_EV_NAMES ? ev_names[e->type] : "unknown", text);
}
