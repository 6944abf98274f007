/* Variant hooks of the Catan kernel: what a Catan-family module (base,
 * two_player, risk, ...) changes without forking the kernel.  A module
 * passes one static kern_hooks in kern_config.hooks; every pointer may be
 * NULL, which means the base behaviour (B-n).  The kernel calls the hooks at
 * fixed points and contains no module-specific branches.
 *
 * Module state: kern_config.ext_size bytes at k->off_ext (8-aligned), zeroed
 * by kern_state_init and then filled by ext_init.  It is saved field by field
 * through ext_fields (offsets relative to the region, like kern_head_fields),
 * in the binary form after the paths and in JSON as the object "ext", and
 * validated by ext_check after the kernel's own checks.  Fields are named
 * with their module prefix only where a name could be ambiguous. */
#ifndef CRISK_CATAN_HOOKS_H
#define CRISK_CATAN_HOOKS_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk/common.h"
#include "../core/evlog.h"
#include "../core/jsonw.h"

struct kern;
struct sfield;

typedef struct kern_hooks {
	/* ---- module state (all modules) ---- */
	void (*ext_init)(const struct kern *k, void *st, evlog *log);
	const struct sfield *ext_fields;
	int n_ext_fields;
	/* CRISK_OK or CRISK_EFORMAT with "ext.field: what is wrong". */
	int (*ext_check)(const struct kern *k, const void *st);
	/* Extra members at the end of the view object of kern_to_json, shown to
	 * `viewer` (a seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT). */
	void (*view_json)(const struct kern *k, const void *st, int viewer, jw *w);

	/* (The 5-6 player special build phase and paired turns are base rules,
	 * selected by kern_config.special_build and .paired_players.) */

	/* ---- turns, rolls and builds (first used by two_player) ---- */
	/* Turn start, before the victory check: reset per-turn module state.
	 * It may not leave a chance point: turn ends of kern.plain_turns skip
	 * the loop over pending chance points (asserted in flow.c). */
	void (*turn_start)(const struct kern *k, void *st, evlog *log);
	/* A dice sum the current roll may not show (it is re-rolled; explicit
	 * chance lists the other sums, renormalised), or 0 for none. */
	int (*excluded_sum)(const struct kern *k, const void *st);
	/* A roll of `sum` is about to be resolved. */
	void (*dice_rolled)(const struct kern *k, void *st, int sum, evlog *log);
	/* The decision point that follows a resolved roll (base: main). */
	int (*after_roll_dp)(const struct kern *k, const void *st);
	/* After the active seat placed a piece: piece PIECE_ROAD or
	 * PIECE_SETTLEMENT on id; how = 0 paid, 1 free (road building),
	 * 2 set-up.  The hook may move to a module decision point. */
	void (*after_build)(const struct kern *k, void *st, int piece, int id, int how, evlog *log);
	/* Seat s's road was just placed on `path` (built, free or set-up) and
	 * its event pushed, before the Longest Road update: placement effects
	 * that come first (hawaii's chit, H-50).  Before after_build. */
	void (*road_placed)(const struct kern *k, void *st, int s, int path, evlog *log);
	/* Nonzero for the module's own decision points (24..): kern_state_check
	 * leaves those and their fields to ext_check. */
	int (*module_phase)(int dp);
	/* Development cards of type c the module took out of play (neither
	 * in the deck, in hands nor played), for the conservation check. */
	int (*dev_removed)(const struct kern *k, const void *st, int c);

	/* ---- production, pieces and views (first used by risk) ---- */
	/* B-53 production: whether `hex` pays the building of `seat` (RC-6, RC-30). */
	int (*produce_ok)(const struct kern *k, const void *st, int hex, int seat);
	/* Pieces of `seat` on the board beyond its component count (RC-12 lets an
	 * annexation take a piece the seat has no more of): counted in visible VP
	 * and in the supply check. */
	int (*extra_pieces)(const struct kern *k, const void *st, int seat, int piece);
	/* Views: the module's decision point name and acting seat when it runs
	 * one of its own over the kernel's (NULL phase: the kernel's). */
	void (*view_point)(const struct kern *k, const void *st, const char **phase, int *cur);

	/* ---- set-up (first used by hawaii) ---- */
	/* Whether `seat` may take `node` as a set-up settlement besides the
	 * distance rule (hawaii's island rule, H-37): listed and checked only
	 * where it answers nonzero.  A module with fallbacks answers them. */
	int (*setup_site_ok)(const struct kern *k, const void *st, int seat, int node);
	/* Optional, with setup_site_ok: its answers for every intersection at
	 * once, as a node bitset of k.nw words (bit n: setup_site_ok(seat, n)
	 * would answer nonzero; bits past the last node may be anything).  The
	 * set-up list is made from it; the check still asks setup_site_ok.
	 * One call per list instead of one per unblocked intersection. */
	void (*setup_sites)(const struct kern *k, const void *st, int seat, uint64_t *sites);
	/* Nonzero: a set-up step may find no place, and is skipped (hawaii's
	 * fallbacks, H-37, H-38; zero, base: B-42 and B-43 always find one).
	 * A step that finds no intersection open by the distance rule is
	 * skipped whole, settlement and piece; a piece whose fresh settlement
	 * has no empty road path and no place for setup_piece_more is skipped.
	 * Each skip is a SETUP_SKIP event.  setup_site_ok must then waive its
	 * own rule where that rule alone would leave no place (hawaii's H-37
	 * fallback), so that a step is skipped only when no intersection is
	 * open.  No building leaves the board in such a module, so none opens
	 * again: a skipped step ends set-up with every later step skipped,
	 * and kern_state_check relies on that. */
	int setup_skips;
	/* With setup_skips: whether `seat` may place one of the module's own
	 * set-up pieces (hawaii's ships, H-38) at `node`, its settlement just
	 * placed; the kernel tests its roads itself.  NULL: roads only.  Its
	 * places may only fill up during set-up (the state check relies on
	 * it: a settlement without its piece has no place for one). */
	int (*setup_piece_more)(const struct kern *k, const void *st, int seat, int node);

	/* ---- Road Building with other pieces (first used by hawaii) ---- */
	/* The module's pieces `seat` may place for free besides roads (hawaii's
	 * ships, H-51): how many are in supply, and in *spot whether one of
	 * them has a legal place now.  The module lists and places them at
	 * DP_FREE_ROAD itself, then calls flow_free_piece_done. */
	int (*free_pieces)(const struct kern *k, const void *st, int seat, int *spot);

	/* ---- victory points, rolls, harbors and steals of a module's own
	 * (first used by hawaii: chits, fishing, merchants, the fish market) ---- */
	/* Visible VP of `seat` besides pieces, Longest Road and Largest Army
	 * (hawaii's Catan chits and fishing VP, H-85): in every VP count. */
	int (*extra_vp)(const struct kern *k, const void *st, int seat);
	/* All the visible VP the module adds for `seat` in one call: when set,
	 * VP counts ask it alone, not extra_vp and extra_pieces (so it must
	 * include the VP of extra_pieces' settlements and cities, 1 and 2
	 * each); extra_pieces still serves the supply check.  One call
	 * instead of three per VP count (docs/decisions.md, "Performance,
	 * seventh round"); kern_set_seat_vp sets it after kern_init. */
	int (*seat_vp)(const struct kern *k, const void *st, int seat);
	/* A roll of `sum` (not 7) has paid its production (hawaii's fishing, H-53).
	 * The decision point after the roll may be set already (kern_throw_produced
	 * calls it last); it should not read it. */
	void (*produced)(const struct kern *k, void *st, int sum, evlog *log);
	/* Harbor bits (kseat.harbors) that `seat` holds through the module's
	 * pieces besides its buildings (hawaii's merchant ships, H-63): the
	 * module sets them in kseat.harbors, the state check expects them. */
	unsigned (*harbors_more)(const struct kern *k, const void *st, int seat);
	/* Nonzero while the pending steal (DP_STEAL) is the module's own and not
	 * the robber's (hawaii's fish market, H-73): kern_state_check leaves its
	 * victim and return point to ext_check. */
	int (*module_steal)(const struct kern *k, const void *st);
	/* Goods n_goods .. MAX_GOODS - 1 that the module keeps outside the hand
	 * and lets into domestic offers (hawaii's fish, H-61): how many `seat`
	 * holds, and n of them changing hands on CONFIRM.  NULL: offers take
	 * the hand's goods only. */
	int (*good_held)(const struct kern *k, const void *st, int seat, int good);
	void (*good_move)(const struct kern *k, void *st, int from, int to, int good, int n);

	/* ---- a second thief (first used by hawaii's pirate) ---- */
	/* The seats the mover may rob now, at DP_CHOOSE_VICTIM and DP_STEAL:
	 * opponents with cards next to whichever thief moved last (the robber:
	 * kern_hex_victims of its hex).  A module whose own action moves its
	 * thief hands that action's victims to flow_after_thief. */
	unsigned (*thief_victims)(const struct kern *k, const void *st);

	/* ---- the main phase's own codes (first used by two_player) ---- */
	/* The module's codes of the main phase (types above the kernel's), after
	 * the kernel's first n: written to buf while they fit cap, all counted
	 * (the required-size convention); returns the new count.  Called by
	 * kern_legal_main_more only, which a module with this hook lists the
	 * main phase with: the hook runs as its tail call, so the module's
	 * lister keeps no frame of its own around the kernel's. */
	size_t (*main_more)(const struct kern *k, const void *st, crisk_action *buf, size_t cap, size_t n);

	/* ---- the victory check (first used by two_player) ---- */
	/* Nonzero: no hook changes what the victory check reads (VP, status,
	 * turn, active seat) during a roll or the kernel's actions that leave
	 * it alone in base, and the module checks victory after its own
	 * actions; the kernel then skips the checks after those as for base.
	 * Zero (the safe default): it checks after every action and event.
	 * Set by two_player, risk and hawaii; tests/kernel/test_victory_skip.c
	 * checks at every step of random games that no win is left pending. */
	int victory_as_base;
} kern_hooks;

#endif
