/* Playing module hawaii in tests through its actions (hawaii_play.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "catan/state_io.h"
#include "core/jsonr.h"
#include "hawaii_play.h"
#include "modules/hawaii/hawaii.h"

static int id_of(const fixture *f, int kind, const char *id)
{
	int i = catanmap_index(hwr(f->k)->map, kind, id);
	ck_assert_msg(i >= 0, "no %s", id);
	return i;
}

int pt(const fixture *f, const char *id)
{
	return id_of(f, CM_POINT, id);
}

int sp(const fixture *f, const char *id)
{
	return id_of(f, CM_SPACE, id);
}

/* Board hex ids: land first, then sea, each in file order (board_map.c). */
int hx(const fixture *f, const char *id)
{
	int i = id_of(f, CM_HEX, id);
	for (int h = 0; h < f->k->b.n_land + f->k->b.n_sea; h++) {
		if (f->k->b.hex_src[h] == i)
			return h;
	}
	ck_abort_msg("hex %s not on the board", id);
	return -1;
}

size_t play_list(const fixture *f, crisk_action *buf)
{
	size_t n = hawaii_legal(f->k, f->st, buf, PLAY_CAP);
	ck_assert_uint_le(n, PLAY_CAP);
	for (size_t i = 0; i < n; i++) {
		ck_assert(i == 0 || buf[i - 1] < buf[i]);
		ck_assert_msg(hawaii_check(f->k, f->st, buf[i]) == CRISK_OK, "listed 0x%llx: %s", (unsigned long long)buf[i],
			      crisk_error_last());
	}
	return n;
}

int play_listed(const fixture *f, crisk_action a)
{
	crisk_action buf[PLAY_CAP];
	size_t n = play_list(f, buf);
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == a)
			return 1;
	}
	return 0;
}

void play(fixture *f, crisk_action a)
{
	ck_assert_msg(play_listed(f, a), "0x%llx is not listed", (unsigned long long)a);
	int rc = hawaii_apply(f->k, f->st, a, &f->log);
	ck_assert_msg(rc == CRISK_OK, "apply 0x%llx: %s", (unsigned long long)a, crisk_error_last());
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
}

void play_unlisted(fixture *f, crisk_action a)
{
	ck_assert_msg(hawaii_check(f->k, f->st, a) == CRISK_OK, "check 0x%llx: %s", (unsigned long long)a,
		      crisk_error_last());
	int rc = hawaii_apply(f->k, f->st, a, &f->log);
	ck_assert_msg(rc == CRISK_OK, "apply 0x%llx: %s", (unsigned long long)a, crisk_error_last());
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
}

void refused(const fixture *f, crisk_action a, const char *needle)
{
	ck_assert_msg(!play_listed(f, a), "0x%llx is listed", (unsigned long long)a);
	ck_assert_int_eq(hawaii_check(f->k, f->st, a), CRISK_EILLEGAL);
	char msg[512];
	snprintf(msg, sizeof msg, "%s", crisk_error_last());
	ck_assert_msg(!needle || strstr(msg, needle), "message '%s' lacks '%s'", msg, needle);
	void *copy = malloc(f->k->size);
	memcpy(copy, f->st, f->k->size);
	evlog log = f->log;
	ck_assert_int_eq(hawaii_apply(f->k, copy, a, &log), CRISK_EILLEGAL);
	ck_assert_msg(memcmp(copy, f->st, f->k->size) == 0, "a refused action changed the game");
	free(copy);
	err_set(CRISK_EILLEGAL, "%s", msg);
}

void play_setup(fixture *f, const char *const *steps)
{
	for (int i = 0; i < kern_setup_steps(f->k); i++) {
		play(f, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(f, steps[2 * i])));
		int p = sp(f, steps[2 * i + 1]);
		play(f, act_make(kern_road_path(f->k, p) ? CRISK_CATAN_PLACE_ROAD : HW_PLACE_SHIP, (uint64_t)p));
	}
	ck_assert_int_eq(ks(f->st)->turn, 1);
}

void roll(fixture *f, int sum)
{
	play(f, act_make(CRISK_CATAN_ROLL, 0));
	crisk_action buf[PLAY_CAP];
	size_t n = play_list(f, buf);
	for (size_t i = 0; i < n; i++) {
		if (ACT_TYPE(buf[i]) == CRISK_CATAN_DICE && (ACT_ID(buf[i]) & 0xFF) == sum) {
			play(f, buf[i]);
			return;
		}
	}
	ck_abort_msg("no dice for %d", sum);
}

void end_turn(fixture *f)
{
	play(f, act_make(CRISK_CATAN_END_TURN, 0));
}

void grant(fixture *f, int s, int r, int n)
{
	kstate *h = ks(f->st);
	kseat *p = kseat_of(f->k, f->st, s);
	ck_assert_int_ge(h->bank[r], n);
	h->bank[r] = (uint8_t)(h->bank[r] - n);
	p->hand[r] = (uint8_t)(p->hand[r] + n);
	p->cards = (uint8_t)(p->cards + n);
}

void grant_ship(fixture *f)
{
	grant(f, ks(f->st)->active, LUMBER, 1);
	grant(f, ks(f->st)->active, WOOL, 1);
}

void grant_road(fixture *f)
{
	grant(f, ks(f->st)->active, LUMBER, 1);
	grant(f, ks(f->st)->active, BRICK, 1);
}

void grant_settlement(fixture *f)
{
	grant_road(f);
	grant(f, ks(f->st)->active, WOOL, 1);
	grant(f, ks(f->st)->active, GRAIN, 1);
}

void build_ship(fixture *f, const char *space)
{
	grant_ship(f);
	play(f, act_make(HW_BUILD_SHIP, (uint64_t)sp(f, space)));
}

void build_road(fixture *f, const char *space)
{
	grant_road(f);
	play(f, act_make(CRISK_CATAN_BUILD_ROAD, (uint64_t)sp(f, space)));
}

void build_settlement(fixture *f, const char *point)
{
	grant_settlement(f);
	play(f, act_make(CRISK_CATAN_BUILD_SETTLEMENT, (uint64_t)pt(f, point)));
}

crisk_action fish_code(int ability, int arg)
{
	return act_make(HW_FISH, (uint64_t)ability << 16 | (uint64_t)arg);
}

int vp(const fixture *f, int s)
{
	return kern_total_vp(f->k, f->st, s);
}

int visible(const fixture *f, int s)
{
	return kern_visible_vp(f->k, f->st, s);
}

static char *state_json(const fixture *f, const void *st, size_t *len)
{
	size_t cap = 1 << 20;
	char *buf = malloc(cap);
	jw w;
	jw_init(&w, buf, cap);
	kern_state_to_json(f->k, st, &w);
	ck_assert_int_eq(jw_finish(&w, len), CRISK_OK);
	return buf;
}

void roundtrip(const fixture *f)
{
	size_t n = kern_state_bytes(f->k);
	uint8_t *a = malloc(n), *b = malloc(n);
	void *st = aligned_alloc(16, f->k->size);
	kern_state_save(f->k, f->st, a);
	kern_state_load(f->k, a, st);
	ck_assert_msg(hawaii_state_check(f->k, st) == CRISK_OK, "loaded: %s", crisk_error_last());
	kern_state_save(f->k, st, b);
	ck_assert_msg(memcmp(a, b, n) == 0, "binary save and load differ");
	size_t la, lb;
	char *ja = state_json(f, f->st, &la);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, ja, la), CRISK_OK);
	ck_assert_msg(kern_state_from_json(f->k, root, st) == CRISK_OK, "from JSON: %s", crisk_error_last());
	jr_free(root);
	ck_assert_msg(hawaii_state_check(f->k, st) == CRISK_OK, "from JSON: %s", crisk_error_last());
	char *jb = state_json(f, st, &lb);
	ck_assert_msg(la == lb && memcmp(ja, jb, la) == 0, "JSON save and load differ");
	free(ja);
	free(jb);
	free(a);
	free(b);
	free(st);
}

/* The view of `viewer` as text. */
char *view(const fixture *f, int viewer)
{
	size_t cap = 1 << 20, len;
	char *buf = malloc(cap);
	jw w;
	jw_init(&w, buf, cap);
	kern_to_json(f->k, f->st, viewer, &w);
	ck_assert_int_eq(jw_finish(&w, &len), CRISK_OK);
	return buf;
}

void ship_leaves(fixture *f, int s, const char *space)
{
	int p = sp(f, space);
	ck_assert_int_eq(kpaths(f->k, f->st)[p], s + 1);
	ck_assert(!kern_road_path(f->k, p));
	kpaths(f->k, f->st)[p] = 0;
	hw_ext *x = hwx(f->k, f->st);
	x->ships[s]++;
	for (int i = 0; i < x->n_fresh; i++) { /* no longer a ship placed this turn (H-80) */
		if (x->fresh[i] == p) {
			memmove(&x->fresh[i], &x->fresh[i + 1], (size_t)(x->n_fresh - i - 1) * sizeof x->fresh[0]);
			x->fresh[--x->n_fresh] = 0;
			break;
		}
	}
	kern_state_derive(f->k, f->st);
	flow_update_longest_road(f->k, f->st, s, -1, &f->log);
	hw_ship_removed(f->k, f->st, s, p, &f->log);
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
}
