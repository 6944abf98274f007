/* Module `hawaii` (rules/hawaii.md, H-n) on the Catan kernel: shared
 * declarations of its files.  hawaii.c holds the parameters, the rules
 * object built from a catanmap, the kernel hooks and the module state;
 * hawaii_setup.c the set-up rules (H-35..H-40); hawaii_ships.c building
 * ships; hawaii_pirate.c the pirate (section 9); hawaii_moves.c moving
 * ships (section 15); hawaii_actions.c the legal lists, checks and moves.
 *
 * The module is internal: it is not in the public module list until a
 * complete game plays to a winner with every rule of hawaii.md in place.
 * Done so far: the board (board_map.c), set-up with three rounds, the island
 * rule and set-up ships, building ships, ships in Road Building, the
 * pirate's moves and steals, friendly_robber for both thieves (H-91),
 * moving ships, Longest Trade Route over roads and ships (the kernel's
 * Longest Road walk: ships are path bytes like roads).  Not yet: merchants,
 * fishing, fish, the fish market, Catan chits (and their effects on a moved
 * ship, H-81), the map option, text forms of the module's actions and
 * events. */
#ifndef CRISK_MODULES_HAWAII_H
#define CRISK_MODULES_HAWAII_H

#include "../../catan/catanmap.h"
#include "../../catan/kernel.h"
#include "../../core/params.h"

#define HW_SHIPS 15 /* per seat (H-3 a, H-34) */
/* Module action types (kernel.h kfield_mask: 56..63 are hawaii's). */
enum { HW_PLACE_SHIP = 56, HW_BUILD_SHIP = 57, HW_PLACE_FREE_SHIP = 58 };
/* MOVE_PIRATE(hex) at DP_MOVE_ROBBER (H-54); MOVE_SHIP(from, to) in the
 * main phase (H-78), from in bits 0-15 and to in bits 16-31. */
enum { HW_MOVE_PIRATE = 59, HW_MOVE_SHIP = 60 };
/* Module event types, numbered like the actions. */
enum { HW_EV_SETUP_SHIP = 56, HW_EV_BUILD_SHIP = 57 };
/* The pirate moved (args[0] hex); a ship moved (args[0] from, args[1] to). */
enum { HW_EV_PIRATE = 59, HW_EV_MOVE_SHIP = 60 };

/* Rules object: the kernel first (the kernel functions take it directly). */
typedef struct hw_rules {
	kern k;
	catanmap *map;    /* ids, names, fishing track and targets */
} hw_rules;

/* Module state (the kernel's ext region), saved field by field. */
typedef struct hw_ext {
	uint16_t pirate;                /* sea hex of the pirate (H-34) */
	uint8_t ships[CRISK_MAX_SEATS]; /* ships in supply per seat (H-34) */
	uint8_t thief;                  /* moved last: 0 the robber, 1 the pirate (H-54) */
	uint8_t moved;                  /* the turn's seat moved a ship this turn (H-78) */
	uint8_t n_fresh;                /* ships its seat placed or moved this turn (H-80) */
	uint16_t fresh[HW_SHIPS];       /* their spaces, in order; the rest 0 */
} hw_ext;

static inline hw_ext *hwx(const kern *k, const void *st)
{
	return (hw_ext *)kext(k, st);
}
static inline const hw_rules *hwr(const kern *k)
{
	return (const hw_rules *)(const void *)k;
}

/* hawaii.c: the rules object from a parameter string of hawaii_params. */
extern const param_desc hawaii_params[];
extern const int hawaii_n_params;
int hawaii_rules_create(void **data, const param_set *p);
void hawaii_rules_destroy(void *data);
void hawaii_state_init(const void *data, void *st, evlog *log);
int hawaii_state_check(const void *data, const void *st);

/* hawaii_setup.c */
/* H-37, H-88: whether `seat` may take `node` as a set-up settlement by the
 * island rule, its fallback included (the kernel checks the distance rule). */
int hw_setup_site_ok(const kern *k, const void *st, int seat, int node);
/* H-38: the set-up piece as a ship (PLACE_SHIP). */
int hw_check_setup_ship(const kern *k, const void *st, int p);
void hw_list_setup_ships(const kern *k, const void *st, action_out *o);
void hw_place_setup_ship(const kern *k, void *st, int p, evlog *log);

/* hawaii_ships.c */
/* H-46: whether the pirate blocks ships on path p. */
int hw_pirate_blocks(const kern *k, const void *st, int p);
/* Seat s's ship onto path p, from its supply. */
void hw_add_ship(const kern *k, void *st, int s, int p);
/* BUILD_SHIP (H-3 a, H-43, H-45, H-46, H-89). */
int hw_check_build_ship(const kern *k, const void *st, int p);
void hw_list_build_ships(const kern *k, const void *st, action_out *o);
void hw_build_ship(const kern *k, void *st, int p, evlog *log);
/* Road Building with ships (H-51): the kernel's free_pieces hook, and
 * PLACE_FREE_SHIP at DP_FREE_ROAD. */
int hw_free_ships(const kern *k, const void *st, int s, int *spot);
int hw_check_free_ship(const kern *k, const void *st, int p);
void hw_list_free_ships(const kern *k, const void *st, action_out *o);
void hw_place_free_ship(const kern *k, void *st, int p, evlog *log);

/* hawaii_pirate.c: the pirate's moves and steals (section 9). */
/* H-58: opponents of the active seat with cards and a ship next to the pirate. */
unsigned hw_pirate_victims(const kern *k, const void *st);
/* The kernel's thief_victims hook: the pirate's or the robber's. */
unsigned hw_thief_victims(const kern *k, const void *st);
int hw_check_move_pirate(const kern *k, const void *st, int hex);
void hw_list_move_pirate(const kern *k, const void *st, action_out *o);
void hw_move_pirate(const kern *k, void *st, int hex, evlog *log);

/* hawaii_moves.c: moving ships (section 15). */
/* Notes a ship the turn's seat placed or moved onto path p this turn (H-80). */
void hw_note_fresh(const kern *k, void *st, int p);
/* The kernel's turn_start hook: a new turn has no ship moved or placed yet. */
void hw_moves_turn_start(const kern *k, void *st, evlog *log);
/* H-79: whether seat s's ship on path p is at an open end. */
int hw_open_end(const kern *k, const void *st, int s, int p);
int hw_check_move_ship(const kern *k, const void *st, int from, int to);
void hw_list_move_ships(const kern *k, const void *st, action_out *o);
void hw_move_ship(const kern *k, void *st, int from, int to, evlog *log);
/* hw_ext_check's part for the fields of this slice. */
int hw_moves_check(const kern *k, const void *st);

/* hawaii_actions.c: the kernel's lists, checks and moves plus the module's
 * ship actions. */
size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap);
int hawaii_check(const void *data, const void *st, crisk_action a);
int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log);

#endif
