/* Playing module hawaii in tests through its actions (slice fish): ids of
 * map elements, actions that must be legal (listed, checked and applied,
 * then the state check) or refused, set-up from a script, explicit dice,
 * and cards from the bank for building.  Games use chance=explicit. */
#ifndef CRISK_TESTS_HAWAII_PLAY_H
#define CRISK_TESTS_HAWAII_PLAY_H

#include "catan/kernel.h"
#include "hawaii_fixture.h"

#define PLAY_CAP 1024

enum { BRICK, LUMBER, WOOL, GRAIN, ORE };

int pt(const fixture *f, const char *id);
int sp(const fixture *f, const char *id);
int hx(const fixture *f, const char *id);
/* The legal list, checked ascending and every code passing check. */
size_t play_list(const fixture *f, crisk_action *buf);
int play_listed(const fixture *f, crisk_action a);
/* a is listed, passes check and applies; the state check holds after. */
void play(fixture *f, crisk_action a);
/* The same for codes legal but not listed (offers outside B-100's family). */
void play_unlisted(fixture *f, crisk_action a);
/* a is not listed and check refuses it; the message stays for the caller. */
void refused(const fixture *f, crisk_action a, const char *needle);
/* Set-up from a script: per step (H-35 order) a point id and a space id
 * (a road space: PLACE_ROAD, else PLACE_SHIP). */
void play_setup(fixture *f, const char *const *steps);
/* ROLL and then the dice sum (explicit chance) of the active seat. */
void roll(fixture *f, int sum);
void end_turn(fixture *f);
/* n cards of resource r from the bank to seat s. */
void grant(fixture *f, int s, int r, int n);
/* The cost of a ship, a road and a settlement, to the active seat. */
void grant_ship(fixture *f);
void grant_road(fixture *f);
void grant_settlement(fixture *f);
void build_ship(fixture *f, const char *space);
void build_road(fixture *f, const char *space);
void build_settlement(fixture *f, const char *point);
crisk_action fish_code(int ability, int arg);
/* Total VP of seat s (ktotal_vp) and visible VP. */
int vp(const fixture *f, int s);
int visible(const fixture *f, int s);
/* Seat s's ship leaves path `space`: the first half of a ship move
 * (H-81, another slice's action), with the route lengths and hw_ship_removed. */
void ship_leaves(fixture *f, int s, const char *space);
/* Binary and JSON save and load give the same state, which passes the check. */
void roundtrip(const fixture *f);
/* The JSON view of `viewer` (a seat or a CRISK_VIEWER_*), to free. */
char *view(const fixture *f, int viewer);

#endif
