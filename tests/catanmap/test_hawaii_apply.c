/* Module hawaii's public apply through hw_rules.checked_apply (an entry per
 * type byte that makes the type's checks and then its apply, docs/
 * decisions.md, hawaii 56) against the full checked path (apply_any, the
 * entry of type 0, which no action has): at every step of random games, 3
 * to 6 seats, both chance modes, codes around the legal ones (their own,
 * bits flipped, other ids, other types with the same fields, raw 64-bit
 * words), some with more than 7 fish in the active seat's hand (H-71), give
 * the same result both ways: the same code and message on a refusal, which
 * leaves the state unchanged (B-129), the same state and events otherwise;
 * and hawaii_check answers as the apply does. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_fixture.h"

#define CAP 2048

static crisk_action acts[CAP];

static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The types with an entry of their own (hw_rules_apply_table). */
static const unsigned fast_types[] = {
	CRISK_CATAN_END_TURN,	    CRISK_CATAN_ROLL,	   CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_DISCARD,
	CRISK_CATAN_BUILD_ROAD,	    CRISK_CATAN_BUILD_SETTLEMENT, CRISK_CATAN_BUILD_CITY, CRISK_CATAN_MOVE_ROBBER,
	HW_PLACE_SHIP,		    HW_BUILD_SHIP,	   HW_PLACE_FREE_SHIP,	       HW_MOVE_PIRATE,
	HW_MOVE_SHIP,		    HW_FISH,		   HW_RETURN_FISH};
#define N_FAST (sizeof fast_types / sizeof fast_types[0])

/* A code near a legal one (or any), by the kind r picks. */
static crisk_action variant(crisk_action a, uint64_t r)
{
	switch (r % 10) {
	case 0:
		return a;
	case 1: /* one bit flipped, type byte included */
		return a ^ (UINT64_C(1) << (r >> 8) % 64);
	case 2: /* another id */
		return (a & ~UINT64_C(0xFFFF)) | (r >> 8) % 200;
	case 3: /* another id, near */
		return (a & ~UINT64_C(0xFFFF)) | ((ACT_ID(a) + (r >> 8) % 5 + 0xFFFE) & 0xFFFFu);
	case 4: /* a type with an entry of its own, a's fields */
		return act_make(fast_types[(r >> 8) % N_FAST], a & ~(UINT64_C(0xFF) << 56));
	case 5: /* the same with a small id */
		return act_make(fast_types[(r >> 8) % N_FAST], (r >> 16) % 170);
	case 6: /* a move's second space */
		return act_make(HW_MOVE_SHIP, (a & 0xFFFFu) | ((r >> 8) % 170) << 16);
	case 7: /* a's type, two small bytes (a trade's resources) */
		return (a & (UINT64_C(0xFF) << 56)) | ((r >> 8) & 7u) | ((r >> 11) & 7u) << 8;
	case 8: /* a type with an entry of its own, two small bytes */
		return act_make(fast_types[(r >> 8) % N_FAST], ((r >> 16) & 7u) | ((r >> 19) & 7u) << 8);
	default: /* any 64 bits */
		return r * UINT64_C(0x9E3779B97F4A7C15);
	}
}

/* Applies a to copies of st both ways and compares; returns whether it was applied. */
static int compare_one(const fixture *f, const hw_rules *full, const void *st, unsigned char *c1, unsigned char *c2,
		       crisk_action a, const char *p, int step)
{
	const size_t size = f->k->size;
	char msg[ERR_MSG_MAX];
	evlog l1 = f->log, l2 = f->log;
	memcpy(c1, st, size);
	memcpy(c2, st, size);
	err_set(CRISK_OK, "-");
	int rc1 = hawaii_apply(f->k, c1, a, &l1);
	snprintf(msg, sizeof msg, "%s", err_message());
	err_set(CRISK_OK, "-");
	int rc2 = hawaii_apply(&full->k, c2, a, &l2);
	ck_assert_msg(rc1 == rc2, "%s step %d, code %016llx: %d by the entry, %d by the full path (%s / %s)", p, step,
		      (unsigned long long)a, rc1, rc2, msg, err_message());
	ck_assert_msg(memcmp(c1, c2, size) == 0, "%s step %d, code %016llx: the states differ", p, step,
		      (unsigned long long)a);
	ck_assert_uint_eq(l1.next, l2.next);
	if (rc1) {
		ck_assert_msg(strcmp(msg, err_message()) == 0, "%s step %d, code %016llx: '%s' against '%s'", p, step,
			      (unsigned long long)a, msg, err_message());
		ck_assert_msg(memcmp(c1, st, size) == 0, "%s step %d, code %016llx: refused, yet the state changed", p,
			      step, (unsigned long long)a);
		ck_assert_uint_eq(l1.next, f->log.next);
	}
	err_set(CRISK_OK, "-");
	int rc3 = hawaii_check(f->k, st, a);
	ck_assert_msg(rc3 == rc1, "%s step %d, code %016llx: check %d, apply %d", p, step, (unsigned long long)a, rc3,
		      rc1);
	if (rc1)
		ck_assert_msg(strcmp(msg, err_message()) == 0, "%s step %d, code %016llx: check '%s', apply '%s'", p,
			      step, (unsigned long long)a, err_message(), msg);
	return rc1 == CRISK_OK;
}

/* B-129, H-71: the entries answer as the full path, at every step. */
START_TEST(checked_entries_as_full_path_B129_H71)
{
	static const char *const more[] = {"", " chance=explicit", " friendly_robber=1", ""};
	long applied = 0, refused = 0, over_limit = 0;
	for (int g = 0; g < 16; g++) {
		char p[96];
		snprintf(p, sizeof p, "players=%d seed=%d%s", 3 + g % 4, 70 + g, more[(g / 4) % 4]);
		fixture f;
		open_game(&f, p);
		const hw_rules *r = (const hw_rules *)(const void *)f.k;
		hw_rules *full = malloc(sizeof *full);
		ck_assert_ptr_nonnull(full);
		*full = *r; /* shares the tables */
		ck_assert_ptr_eq(r->checked_apply[0], r->checked_apply[255]);
		for (int t = 0; t < 256; t++)
			full->checked_apply[t] = r->checked_apply[0];
		if (f.k->plain_turns)
			ck_assert_ptr_ne(r->checked_apply[CRISK_CATAN_END_TURN], r->checked_apply[0]);
		unsigned char *c1 = malloc(f.k->size), *c2 = malloc(f.k->size), *st = malloc(f.k->size);
		ck_assert(c1 && c2 && st);
		uint64_t x = 0x2545F4914F6CDD1Du * (uint64_t)(g + 1);
		for (int i = 0; i < 6000 && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
			size_t n = hawaii_legal(f.k, f.st, acts, CAP);
			ck_assert_uint_gt(n, 0);
			ck_assert_uint_le(n, CAP);
			memcpy(st, f.st, f.k->size);
			/* A quarter of the steps with 8 fish more in the active seat's hand. */
			if (next_rand(&x) % 4 == 0) {
				uint8_t *fish = &hwx(f.k, st)->fish[ks(st)->active];
				*fish = (uint8_t)(*fish + 8 < 255 ? *fish + 8 : 255);
				over_limit++;
			}
			for (int j = 0; j < 12; j++) {
				uint64_t rr = next_rand(&x);
				crisk_action a = variant(acts[rr % n], rr >> 16);
				if (compare_one(&f, full, st, c1, c2, a, p, i))
					applied++;
				else
					refused++;
			}
			/* On: a legal code of the game itself. */
			crisk_action a = acts[next_rand(&x) % n];
			ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
		}
		free(c1);
		free(c2);
		free(st);
		free(full);
		close_game(&f);
	}
	ck_assert_int_gt(applied, 50000);
	ck_assert_int_gt(refused, 100000);
	ck_assert_int_gt(over_limit, 5000);
}
END_TEST

static Suite *hawaii_apply_suite(void)
{
	Suite *s = suite_create("hawaii_apply");
	TCase *tc = tcase_create("apply");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, checked_entries_as_full_path_B129_H71);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_apply_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
