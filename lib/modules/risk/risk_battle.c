/* Battles (RC-9, RC-18, RC-20, RC-24): Risk dice without an army left
 * behind, one roll per chance point.  A roll's outcome is the sorted dice of
 * both sides, listed once per multiset with its exact probability; in auto
 * mode the dice come from the game's RNG. */
#include "risk_impl.h"

/* Dice of the pending roll: min(3, attacking armies), min(2, defending). */
int risk_battle_dice(const risk_ext *x, int *na, int *nd)
{
	int a = ra(x, x->b_hex, x->b_att), d = ra(x, x->b_hex, x->b_def);
	*na = a < 3 ? a : 3;
	*nd = d < 2 ? d : 2;
	return *na > 0 && *nd > 0;
}

/* RC-20: sorted high to low, pairwise, ties to the defender. */
void risk_roll_outcome(const int *att, int na, const int *def, int nd, int *att_loss, int *def_loss)
{
	int pairs = na < nd ? na : nd;
	*att_loss = *def_loss = 0;
	for (int i = 0; i < pairs; i++) {
		if (att[i] > def[i])
			(*def_loss)++;
		else
			(*att_loss)++;
	}
}

static int pack(const int *d, int n)
{
	int v = 0;
	for (int i = 0; i < n; i++)
		v = v << 4 | d[i];
	return v;
}

/* Unpacks n sorted dice; 0 when the value is not n dice 1..6 high to low. */
static int unpack(int v, int n, int *d)
{
	for (int i = n - 1; i >= 0; i--) {
		d[i] = v & 0xF;
		v >>= 4;
		if (d[i] < 1 || d[i] > 6 || (i < n - 1 && d[i] < d[i + 1]))
			return 0;
	}
	return v == 0;
}

/* Ordered tuples giving the sorted dice d, over 6^n. */
static double multiset_prob(const int *d, int n)
{
	static const int fact[4] = {1, 1, 2, 6};
	int ways = fact[n];
	for (int i = 0; i < n;) {
		int j = i;
		while (j < n && d[j] == d[i])
			j++;
		ways /= fact[j - i];
		i = j;
	}
	double total = 1;
	for (int i = 0; i < n; i++)
		total *= 6;
	return ways / total;
}

/* Sorted dice sets of n dice in ascending packed order; returns the count. */
static int sets_of(int n, int out[][3])
{
	int c = 0;
	for (int a = 1; a <= 6; a++) {
		if (n == 1) {
			out[c][0] = a;
			c++;
			continue;
		}
		for (int b = 1; b <= a; b++) {
			if (n == 2) {
				out[c][0] = a;
				out[c][1] = b;
				c++;
				continue;
			}
			for (int e = 1; e <= b; e++) {
				out[c][0] = a;
				out[c][1] = b;
				out[c][2] = e;
				c++;
			}
		}
	}
	return c;
}

size_t risk_list_battle(const kern *k, const void *st, crisk_action *buf, size_t cap, double *probs)
{
	const risk_ext *x = rx(k, st);
	int na, nd;
	if (!risk_battle_dice(x, &na, &nd))
		return 0;
	int as[56][3], ds[56][3];
	int n_a = sets_of(na, as), n_d = sets_of(nd, ds);
	size_t n = 0;
	for (int j = 0; j < n_d; j++) {
		for (int i = 0; i < n_a; i++, n++) {
			if (n >= cap)
				continue;
			uint64_t f = (uint64_t)pack(as[i], na) | (uint64_t)pack(ds[j], nd) << 16;
			buf[n] = act_make(CRISK_RISK_BATTLE_DICE, f);
			if (probs)
				probs[n] = multiset_prob(as[i], na) * multiset_prob(ds[j], nd);
		}
	}
	return n;
}

int risk_check_battle_dice(const kern *k, const void *st, crisk_action a)
{
	const risk_ext *x = rx(k, st);
	int na, nd, att[3], def[3];
	risk_battle_dice(x, &na, &nd);
	if (ARG2(a) || !unpack(ARG0(a), na, att) || !unpack(ARG1(a), nd, def))
		return err_set(CRISK_EILLEGAL,
			       "impossible battle dice: this roll has %d attacker and %d defender dice, each 1..6 and "
			       "sorted high to low as hex digits (RC-20)",
			       na, nd);
	return CRISK_OK;
}

/* The next enemy owner on the hex for a chained battle (RC-18), or -1. */
static int next_enemy(const risk_ext *x, int hex, int seat)
{
	for (int o = 0; o < RISK_OWNERS; o++) {
		if (o != seat && ra(x, hex, o) > 0)
			return o;
	}
	return -1;
}

void risk_start_battle(const kern *k, void *st, int hex, int att, int def, int until, int chain, int after,
		       evlog *log)
{
	(void)log;
	risk_ext *x = rx(k, st);
	x->phase = RP_BATTLE;
	x->pcur = RISK_NONE; /* a set-up army's battle: chance acts, the placer is b_att */
	x->b_hex = (uint8_t)hex;
	x->b_att = (uint8_t)att;
	x->b_def = (uint8_t)def;
	x->b_until = (uint8_t)until;
	x->b_chain = (uint8_t)chain;
	x->b_after = (uint8_t)after;
}

static void battle_over(const kern *k, void *st, evlog *log)
{
	risk_ext *x = rx(k, st);
	int hex = x->b_hex, att = x->b_att;
	ev *e = ev_push(log, CRISK_RISK_EV_BATTLE_END, att, risk_arg_of_owner(x->b_def));
	if (e) {
		e->args[0] = hex;
		e->args[1] = ra(x, hex, att);
		e->args[2] = ra(x, hex, x->b_def);
	}
	int enemy = next_enemy(x, hex, att);
	if (x->b_chain && ra(x, hex, att) > 0 && enemy >= 0) {
		x->b_def = (uint8_t)enemy;
		return;
	}
	int after = x->b_after;
	x->phase = RP_NONE;
	x->b_hex = x->b_att = x->b_def = RISK_NONE;
	x->b_until = x->b_chain = 0;
	x->b_after = RA_MAIN;
	if (after == RA_SETUP)
		risk_setup_continue(k, st, log);
}

void risk_battle_roll(const kern *k, void *st, const int *att_dice, const int *def_dice, evlog *log)
{
	risk_ext *x = rx(k, st);
	int na, nd, al, dl;
	risk_battle_dice(x, &na, &nd);
	risk_roll_outcome(att_dice, na, def_dice, nd, &al, &dl);
	int hex = x->b_hex;
	ra_set(x, hex, x->b_att, ra(x, hex, x->b_att) - al);
	ra_set(x, hex, x->b_def, ra(x, hex, x->b_def) - dl);
	const uint16_t *a = &x->armies[hex * RISK_OWNERS + x->b_att], *d = &x->armies[hex * RISK_OWNERS + x->b_def];
	/* Losses take armies that have not moved first (a decision, docs/decisions.md). */
	if (x->b_att == ks(st)->active && x->moved[hex] > *a)
		x->moved[hex] = *a;
	ev *e = ev_push(log, CRISK_RISK_EV_BATTLE_ROLL, x->b_att, risk_arg_of_owner(x->b_def));
	if (e) {
		e->args[0] = hex;
		e->args[1] = pack(att_dice, na);
		e->args[2] = pack(def_dice, nd);
		e->args[3] = al;
		e->args[4] = dl;
	}
	if (!x->b_until || !*a || !*d)
		battle_over(k, st, log);
}

/* Auto chance mode: both sides' dice from the game's RNG, then sorted. */
void risk_sample_battle(const kern *k, void *st, evlog *log)
{
	risk_ext *x = rx(k, st);
	int na, nd, att[3], def[3];
	risk_battle_dice(x, &na, &nd);
	rng *r = &ks(st)->rng;
	for (int i = 0; i < na; i++)
		att[i] = 1 + (int)rng_uniform(r, 6);
	for (int i = 0; i < nd; i++)
		def[i] = 1 + (int)rng_uniform(r, 6);
	for (int pass = 0; pass < 2; pass++) {
		int *d = pass ? def : att, n = pass ? nd : na;
		for (int i = 1; i < n; i++) {
			for (int j = i; j > 0 && d[j] > d[j - 1]; j--) {
				int t = d[j];
				d[j] = d[j - 1];
				d[j - 1] = t;
			}
		}
	}
	risk_battle_roll(k, st, att, def, log);
}

/* Decodes the chance action into dice (validated by risk_check_battle_dice). */
void risk_battle_from_action(const kern *k, void *st, crisk_action a, evlog *log)
{
	const risk_ext *x = rx(k, st);
	int na, nd, att[3] = {0}, def[3] = {0};
	risk_battle_dice(x, &na, &nd);
	unpack(ARG0(a), na, att);
	unpack(ARG1(a), nd, def);
	risk_battle_roll(k, st, att, def, log);
}
