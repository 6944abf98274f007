/* Helpers of the hawaii sea tests (hawaii_sea.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/error.h"
#include "core/jsonr.h"
#include "core/jsonw.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

static int id_of(const fixture *f, int kind, const char *id)
{
	int i = catanmap_index(hwr(f->k)->map, kind, id);
	ck_assert_msg(i >= 0, "no %s", id);
	return i;
}

int hx(const fixture *f, const char *id)
{
	return id_of(f, CM_HEX, id);
}

int pt(const fixture *f, const char *id)
{
	return id_of(f, CM_POINT, id);
}

int sp(const fixture *f, const char *id)
{
	return id_of(f, CM_SPACE, id);
}

void setup(fixture *f, const char *const plan[][6])
{
	int steps = kern_setup_steps(f->k);
	for (int i = 0; i < steps; i++) {
		int s = kern_setup_seat(f->k, i), round = i / f->k->seats;
		ck_assert_int_eq(ks(f->st)->dp, DP_SETUP_SETTLEMENT);
		ck_assert_int_eq(ks(f->st)->cur, s);
		play(f, code(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(f, plan[s][2 * round])));
		int p = sp(f, plan[s][2 * round + 1]);
		play(f, code(kern_road_path(f->k, p) ? CRISK_CATAN_PLACE_ROAD : HW_PLACE_SHIP, (uint64_t)p));
	}
	ck_assert_int_eq(ks(f->st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(ks(f->st)->turn, 1);
}

void put_settlement(fixture *f, int s, const char *point)
{
	int n = pt(f, point);
	flow_place_building(f->k, f->st, s, n);
	flow_update_longest_road(f->k, f->st, s, n, &f->log);
}

void put_road(fixture *f, int s, const char *space)
{
	flow_add_road(f->k, f->st, s, sp(f, space));
	hw_piece_placed(f->k, f->st, s, sp(f, space), &f->log); /* H-50 */
	flow_update_longest_road(f->k, f->st, s, -1, &f->log);
}

void put_ship(fixture *f, int s, const char *space)
{
	hw_ext *x = hwx(f->k, f->st);
	int fresh = x->n_fresh;
	hw_add_ship(f->k, f->st, s, sp(f, space));
	if (x->n_fresh != fresh) { /* a position, not a ship placed this turn */
		x->n_fresh = (uint8_t)fresh;
		x->fresh[fresh] = 0;
	}
	hw_piece_placed(f->k, f->st, s, sp(f, space), &f->log); /* H-50 */
	flow_update_longest_road(f->k, f->st, s, -1, &f->log);
}

void set_hand(fixture *f, int s, const int hand[5])
{
	kseat *p = kseat_of(f->k, f->st, s);
	kstate *h = ks(f->st);
	p->cards = 0;
	for (int r = 0; r < NUM_RES; r++) {
		h->bank[r] = (uint8_t)(h->bank[r] + p->hand[r] - hand[r]);
		p->hand[r] = (uint8_t)hand[r];
		p->cards = (uint8_t)(p->cards + hand[r]);
	}
}

void next_turn(fixture *f)
{
	kstate *h = ks(f->st);
	if (h->dp == DP_PRE_ROLL)
		roll(f, 2);
	play(f, code(CRISK_CATAN_END_TURN, 0));
	while (h->dp == DP_SPECIAL_BUILD)
		play(f, code(CRISK_CATAN_PASS, 0));
	ck_assert_int_eq(h->dp, DP_PRE_ROLL);
}

crisk_action code(unsigned type, uint64_t fields)
{
	return act_make(type, fields);
}

crisk_action move_ship_code(const fixture *f, const char *from, const char *to)
{
	return act_make(HW_MOVE_SHIP, (uint64_t)sp(f, from) | (uint64_t)sp(f, to) << 16);
}

int is_listed(const fixture *f, crisk_action a)
{
	static crisk_action buf[PLAY_CAP];
	size_t n = hawaii_legal(f->k, f->st, buf, PLAY_CAP);
	ck_assert_uint_le(n, PLAY_CAP);
	int found = 0;
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(i == 0 || buf[i - 1] < buf[i], "legal list not ascending at %zu", i);
		found |= buf[i] == a;
	}
	return found;
}

int count_type(const fixture *f, unsigned type)
{
	static crisk_action buf[PLAY_CAP];
	size_t n = hawaii_legal(f->k, f->st, buf, PLAY_CAP);
	int c = 0;
	for (size_t i = 0; i < n && i < PLAY_CAP; i++)
		c += ACT_TYPE(buf[i]) == type;
	return c;
}

int legal_code(const fixture *f, crisk_action a, const char *why)
{
	int ok = hawaii_check(f->k, f->st, a) == CRISK_OK;
	char msg[512];
	snprintf(msg, sizeof msg, "%s", ok ? "" : crisk_error_last());
	ck_assert_msg(ok == is_listed(f, a), "check (%s) and the legal list disagree on %016llx", msg,
		      (unsigned long long)a);
	if (!ok && why)
		ck_assert_msg(strstr(msg, why) != NULL, "message '%s' lacks '%s'", msg, why);
	err_set(CRISK_EILLEGAL, "%s", msg);
	return ok;
}

/* The state saves and loads unchanged, in the binary form and in JSON. */
static void round_trips(const fixture *f)
{
	const kern *k = f->k;
	size_t n = kern_state_bytes(k);
	uint8_t *bytes = malloc(n);
	void *copy = aligned_alloc(16, k->size);
	ck_assert(bytes && copy);
	kern_state_save(k, f->st, bytes);
	kern_state_load(k, bytes, copy);
	ck_assert_msg(hawaii_state_check(k, copy) == CRISK_OK, "loaded state: %s", crisk_error_last());
	ck_assert_msg(memcmp(copy, f->st, k->size) == 0, "the binary save does not load the same state");
	static char text[1 << 16];
	jw w;
	jw_init(&w, text, sizeof text);
	kern_state_to_json(k, f->st, &w);
	size_t len;
	ck_assert_int_eq(jw_finish(&w, &len), CRISK_OK);
	jnode *root;
	ck_assert_int_eq(jr_parse(&root, text, len), CRISK_OK);
	memset(copy, 0xAB, k->size);
	ck_assert_msg(kern_state_from_json(k, root, copy) == CRISK_OK, "JSON load: %s", crisk_error_last());
	jr_free(root);
	ck_assert_msg(memcmp(copy, f->st, k->size) == 0, "the JSON save does not load the same state");
	free(copy);
	free(bytes);
}

void play(fixture *f, crisk_action a)
{
	int rc = hawaii_apply(f->k, f->st, a, &f->log);
	ck_assert_msg(rc == CRISK_OK, "apply %016llx: %s", (unsigned long long)a, crisk_error_last());
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
	round_trips(f);
}

void roll(fixture *f, int sum)
{
	play(f, code(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(ks(f->st)->cur, CRISK_SEAT_CHANCE);
	play(f, code(CRISK_CATAN_DICE, (uint64_t)sum));
}
