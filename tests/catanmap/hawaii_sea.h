/* Helpers of the hawaii tests of the pirate, ship moves and Longest Trade
 * Route: map ids, pieces put down before a turn, a turn started by the
 * kernel, and actions through the module's check and apply, each followed
 * by the state check (every state the tests reach must save and load). */
#ifndef CRISK_TESTS_HAWAII_SEA_H
#define CRISK_TESTS_HAWAII_SEA_H

#include "hawaii_fixture.h"

#define PLAY_CAP 2048
enum { BRICK, LUMBER, WOOL, GRAIN, ORE };

int hx(const fixture *f, const char *id);
int pt(const fixture *f, const char *id);
int sp(const fixture *f, const char *id);
/* The whole set-up through PLACE_SETTLEMENT and PLACE_ROAD / PLACE_SHIP in
 * the kernel's order (H-35): plan[s] = {site, piece, site, piece, site,
 * piece} of seat s, a piece by its space id (a road space takes a road,
 * else a ship).  Ends at turn 1's PRE_ROLL of seat 0. */
void setup(fixture *f, const char *const plan[][6]);
/* Pieces of seat s, put down as a position (no cost, no events; the route
 * lengths and their holder are recomputed). */
void put_settlement(fixture *f, int s, const char *point);
void put_road(fixture *f, int s, const char *space);
void put_ship(fixture *f, int s, const char *space);
/* Seat s's hand: n of each listed resource (the rest 0), from the bank. */
void set_hand(fixture *f, int s, const int hand[5]);
/* The active seat rolls a 2 if it has not rolled (nobody owns the 2 of
 * ni1 with 3-4 seats) and ends its turn, and any special build windows
 * pass: the next seat's PRE_ROLL. */
void next_turn(fixture *f);
/* Codes. */
crisk_action code(unsigned type, uint64_t fields);
crisk_action move_ship_code(const fixture *f, const char *from, const char *to);
/* Whether a is in the legal list (which must ascend). */
int is_listed(const fixture *f, crisk_action a);
/* check; when it refuses, the message contains `why` (if not NULL); check
 * and the legal list agree.  Returns whether it is legal. */
int legal_code(const fixture *f, crisk_action a, const char *why);
/* apply, which must succeed; then the state check. */
void play(fixture *f, crisk_action a);
/* The roll of a sum in explicit chance mode, from PRE_ROLL. */
void roll(fixture *f, int sum);
/* The number of legal actions of a type. */
int count_type(const fixture *f, unsigned type);

#endif
