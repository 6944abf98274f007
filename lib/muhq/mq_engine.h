/* The muhq engine's internal functions, by file:
 *   mq_rules.c   parameters and the rules object
 *   mq_state.c   zones, cards, tiles, permanents and their effective stats
 *   mq_flow.c    jobs: the draft, the turn, priority, state checks, drops
 *   mq_exec.c    executing stack items and the effect primitives
 *   mq_legal.c   declarations: listing, checking and applying actions
 *   mq_playout.c the random playout loop
 *   mq_text.c, mq_view.c, mq_save.c   text, views and saves
 * and muhq.c, the module table. */
#ifndef CRISK_MUHQ_MQ_ENGINE_H
#define CRISK_MUHQ_MQ_ENGINE_H

#include "../core/jsonw.h"
#include "../core/params.h"
#include "catanrisk/common.h"
#include "mq.h"

struct jnode;

/* mq_rules.c */
enum { MQ_P_MAP, MQ_P_PLAYERS, MQ_P_DRAFT, MQ_P_SETS, MQ_P_SEED, MQ_P_CHANCE, MQ_P_AI, MQ_P_LIMIT, MQ_P_COUNT };
extern const param_desc mq_params[MQ_P_COUNT];
int mq_rules_create(void **data, const param_set *p);
/* The same with the host's .mqd text loaded on top of the built-in data
 * (crisk_rules_new_with_data, M-16; tests' fixtures). */
int mq_rules_create_with(void **data, const param_set *p, const char *extra, size_t len);
void mq_rules_destroy(void *data);

/* mq_state.c: cards and zones */
unsigned mq_zone_count(const mq_rules *R, const void *st, int zone, int seat);
/* The card of zone/seat with the smallest pos (the deck's top), or MQ_NONE. */
unsigned mq_zone_first(const mq_rules *R, const void *st, int zone, int seat);
/* Moves a card to the end of zone/seat (hand, pending: order of arrival; deck: bottom). */
void mq_to_zone(const mq_rules *R, void *st, unsigned card, int zone, int seat);
/* The card of zone/seat at position pos, or MQ_NONE. */
unsigned mq_zone_at(const mq_rules *R, const void *st, int zone, int seat, unsigned pos);
/* Gives the cards of zone/seat the positions 0..n-1 in card-id order and returns n. */
unsigned mq_zone_renumber(const mq_rules *R, void *st, int zone, int seat);
void mq_gain(const mq_rules *R, void *st, int seat, int n, evlog *log);

/* mq_state.c: tiles and permanents */
int mq_tile_owner(const mq_rules *R, const void *st, int tile); /* seat of a live spawn or harbor, or -1 */
int mq_class(const mq_rules *R, unsigned card);                 /* MQ_WALK, MQ_SWIM, MQ_AMPHI */
/* M-52: the tile is available for the card (terrain, no wall, no permanent). */
int mq_available(const mq_rules *R, const void *st, int tile, unsigned card);
/* The tiles where seat might place a card (M-53), ascending: its own
 * placement tiles and those a SPAWNS static of its permanents covers (M-107);
 * mq_can_place decides.  Returns the count (at most ntile). */
int mq_place_candidates(const mq_rules *R, const void *st, int seat, uint16_t *out);
/* M-53: tile is a placement tile of seat for card. */
int mq_can_place(const mq_rules *R, const void *st, int seat, unsigned card, int tile);
int mq_allied(const mq_rules *R, int a, int b);
/* Effective stats (M-14): MQD_STAT_*; attack and move >= 0, range >= 1. */
int mq_stat(const mq_rules *R, const void *st, unsigned card, int stat);
/* Members of a pile in joining order: writes up to cap ids, returns the count. */
int mq_members(const mq_rules *R, const void *st, unsigned base, uint16_t *out, int cap);
int mq_equipment_count(const mq_rules *R, const void *st, unsigned unit);
int mq_crew_count(const mq_rules *R, const void *st, unsigned unit);
/* Attack of a pile at distance d (M-63) and its maximum range (0: no attack). */
int mq_pile_attack(const mq_rules *R, const void *st, unsigned base, int d);
int mq_pile_range(const mq_rules *R, const void *st, unsigned base);
/* The same were the pile (or a member leaving its pile, M-48) standing on tile. */
int mq_pile_range_at(const mq_rules *R, const void *st, unsigned base, int tile);
int mq_seat_units(const mq_rules *R, const void *st, int seat); /* units it controls (bosses excluded) */
int mq_broken(const mq_rules *R, const void *st, int seat);     /* M-88 */
int mq_alive(const mq_rules *R, const void *st);                /* seats not out */
int mq_next_seat(const mq_rules *R, const void *st, int seat);  /* next seat not out, or -1 */

/* mq_state.c: changing permanents */
void mq_enter(const mq_rules *R, void *st, unsigned card, int seat, int tile, evlog *log);
/* A permanent leaves the map (M-8): marks and modifiers end, it goes to its
 * owner's discard pile (exile for map-created cards); its direct members
 * are flagged MQ_F_DROP with `origin` as their tile, in drop order after
 * those already flagged.  drop = 0: the members leave too (elimination). */
void mq_leave(const mq_rules *R, void *st, unsigned card, int drop, evlog *log);
void mq_place(const mq_rules *R, void *st, unsigned card, int tile); /* as a base */
void mq_detach(const mq_rules *R, void *st, unsigned card);          /* leaves its pile, no tile yet */
void mq_join(const mq_rules *R, void *st, unsigned card, unsigned base);
void mq_mark(const mq_rules *R, void *st, unsigned card, int mark, int delta, evlog *log);
/* The damage pipeline (M-65); returns the damage dealt. */
int mq_damage(const mq_rules *R, void *st, unsigned card, int n, evlog *log);

/* mq_flow.c */
void mq_state_init(const void *data, void *state, evlog *log);
/* Runs jobs until a decision is needed or the game is over; AI seats
 * (mq_ai.c) decide on the way. */
void mq_advance(const mq_rules *R, void *st, evlog *log);
/* Runs the jobs above the first `floor` ones until they are done or one
 * waits (the AI's simulations); AI seats do not decide. */
void mq_run_jobs(const mq_rules *R, void *st, int floor, evlog *log);
void mq_push(void *st, int kind, int a, int b, int c, int d);
void mq_eliminate(const mq_rules *R, void *st, int seat, int reason, evlog *log);
int mq_uniform(const mq_rules *R, void *st, uint32_t k, uint32_t *out); /* 0: *out set; 1: wait (chance point) */
/* The draft pile or pack seat holds now, or -1 outside the draft. */
int mq_draft_pile(const mq_rules *R, const void *st, int seat);
/* The draft's current picker takes card (DP-1). */
void mq_pick(const mq_rules *R, void *st, int seat, unsigned card, evlog *log);
/* The priority holder passes (M-37). */
void mq_pass(const mq_rules *R, void *st, evlog *log);
/* The next permanent waiting for its drop (the lowest stamp, M-54), or MQ_NONE. */
unsigned mq_next_drop(const mq_rules *R, const void *st);
/* Tiles a permanent waiting for its drop may go to (M-54): the count, and the first in *only. */
int mq_drop_tiles(const mq_rules *R, const void *st, unsigned card, int *only);
/* Drops card onto tile, or destroys it when tile < 0. */
void mq_drop_to(const mq_rules *R, void *st, unsigned card, int tile, evlog *log);
int mq_can_afford_any(const mq_rules *R, const void *st, int seat);

/* mq_exec.c */
/* Runs the item in state->exec from job stage/step; returns 0 when done,
 * 1 to wait, 2 when it pushed a job to run before it goes on. */
int mq_exec(const mq_rules *R, void *st, mq_job *job, evlog *log);
/* Whether target t fits spec for an item of seat ctrl from card src (MQ_NONE
 * for none), measured from tile origin for rN (-1: a spell). */
int mq_target_fits(const mq_rules *R, const void *st, const mqd_spec *spec, unsigned t, int ctrl, unsigned src,
		   int origin);
/* Whether ability ab of card has a legal choice for every target spec, for seat ctrl. */
int mq_ability_has_targets(const mq_rules *R, const void *st, unsigned card, unsigned ab, int ctrl);
/* Puts the trigger (card, ability) on the stack with targets b, c (M-39). */
void mq_declare_trigger(const mq_rules *R, void *st, unsigned card, unsigned ab, unsigned b, unsigned c, evlog *log);

const mqd_ability *mq_ability(const mq_rules *R, unsigned card, unsigned ab);
const mqd_ability *mq_play_ability(const mq_rules *R, unsigned card, unsigned *index);
/* The ability a stack item executes (play, full, free, trigger), or NULL. */
const mqd_ability *mq_item_ability(const mq_rules *R, const mq_item *it);
/* Costs of the unit's move into cost[ntile] (MQ_UNREACHED: not a
 * destination): budget points, a street move or not, ignore_tile counted
 * empty (-1: none), boarding friendly crewable units allowed or not. */
void mq_move_reach(const mq_rules *R, const void *st, unsigned unit, int budget, int street, int ignore_tile,
		   int boarding, uint8_t *cost);
/* The same destinations as map rows: bit x of set[y] for tile (x, y), set[h]. */
void mq_move_set(const mq_rules *R, const void *st, unsigned unit, int budget, int street, int ignore_tile,
		 int boarding, uint64_t *set);
static inline int mq_in_set(const mq_rules *R, const uint64_t *set, int tile)
{
	return (int)(set[R->ty[tile]] >> R->tx[tile] & 1);
}
/* M-62's target conditions (t an MQ_T_* operand), from the attacker's tile,
 * for the attacker's maximum range. */
int mq_attack_target_ok(const mq_rules *R, const void *st, unsigned attacker, unsigned t, int range);
int mq_carry_put_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art, int dest, int put);

/* mq_legal.c */
/* The artifact conditions of carry, equip and switch (M-74, M-79, M-75). */
int mq_carry_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art);
int mq_equip_ok(const mq_rules *R, const void *st, unsigned unit, unsigned equipment);
int mq_switch_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art);
size_t mq_legal(const void *data, const void *state, crisk_action *buf, size_t cap);
/* module.legal_except: every type 1..MQ_A_COUNT-1 may be skipped. */
size_t mq_legal_except(const void *data, const void *state, uint64_t skip_types, crisk_action *buf, size_t cap);
#define MQ_SKIP_NATIVELY (((UINT64_C(1) << MQ_A_COUNT) - 1) & ~UINT64_C(1))
/* The legal actions of one type (and one card, MQ_NOCARD: any), ascending:
 * writes up to cap, returns how many it wrote. */
size_t mq_list_of(const mq_rules *R, const void *st, unsigned type, unsigned card, crisk_action *buf, size_t cap);
/* Calls visit(ctx, code) for each action the list of the current decision
 * point holds, of one type (0: every type) and card (MQ_NOCARD: every card),
 * without the types in skip_types, in list order, until visit returns
 * nonzero; returns how many it visited.  No allocation (mq_rl.c). */
size_t mq_visit(const mq_rules *R, const void *st, unsigned type, unsigned card, uint64_t skip_types,
		int (*visit)(void *ctx, uint64_t code), void *ctx);
/* Carries out a legal action of the current decision point, without advancing. */
void mq_do_apply(const mq_rules *R, void *st, crisk_action a, evlog *log);
/* Applies an action of the current list without checking it again (the
 * playout loop's actions come straight from the list). */
void mq_apply_listed(const mq_rules *R, void *state, crisk_action a, evlog *log);
int mq_check(const void *data, const void *state, crisk_action a);
int mq_apply(const void *data, void *state, crisk_action a, evlog *log);
int mq_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count);
/* mq_ai.c: the unit AI and AI-played seats (§21, M-98) */
int mq_ai_seat(const mq_rules *R, int seat);
/* The AI's action at the current decision point of an AI seat: 0 with *out
 * set, 1 when a pick waits at a chance point (explicit mode). */
int mq_ai_decide(const mq_rules *R, void *st, crisk_action *out, evlog *log);

/* mq_rl.c: the reinforcement-learning encoding (docs/rl-muhq.md); module hooks */
int mq_rl_init(mq_rules *R); /* the layout, at rules creation; CRISK_ENOMEM */
void mq_rl_free(mq_rules *R);
size_t mq_rl_actions(const void *data);
int64_t mq_rl_index(const void *data, const void *state, crisk_action a);
crisk_action mq_rl_action(const void *data, const void *state, size_t i);
size_t mq_rl_obs_size(const void *data);
void mq_rl_observe(const void *data, const void *state, int viewer, float *out);
void mq_rl_describe_actions(const void *data, jw *w);
void mq_rl_describe_obs(const void *data, jw *w);
size_t mq_rl_mask(const void *data, const void *state, uint8_t *mask);
#define MQ_RL_SKIP (UINT64_C(1) << MQ_A_CONCEDE | UINT64_C(1) << MQ_A_CHANCE)

/* mq_playout.c: module.playout */
int mq_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps);

/* M-38.1: the seat holding priority passes automatically. */
int mq_auto_pass(const mq_rules *R, const void *st, int seat);
/* M-43: the activated permanent has a legal unit action. */
int mq_has_unit_action(const mq_rules *R, const void *st, unsigned card);

#endif
