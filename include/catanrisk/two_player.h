/**
 * @file two_player.h
 * @brief Action, event and owner constants of module `two_player`, the official
 *        2-player variant (rules/two_player.md, T-n).
 *
 * The module is a Catan-family module: every CRISK_CATAN_* action and event of
 * catan.h applies, and the queries of catan.h work on its games.  Two neutral
 * players own pieces on the board (T-1); crisk_catan_building() and
 * crisk_catan_road() report their pieces with the owner ids
 * ::CRISK_TP_NEUTRAL_0 and ::CRISK_TP_NEUTRAL_1 (that is, 2 and 3, beyond the
 * two seats).  Event seats and the Longest Road holder use the same ids.
 *
 * Two-argument actions carry arg[0] in bits 0-15 and arg[1] in bits 16-23 of
 * the code; crisk_catan_action_encode() and crisk_catan_action_decode() fill
 * crisk_catan_action::arg[0] and arg[1].
 */
#ifndef CATANRISK_TWO_PLAYER_H
#define CATANRISK_TWO_PLAYER_H

#include "catan.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @name Owner ids of the neutral players (T-1) */
/** @{ */
#define CRISK_TP_NEUTRAL_0 2 /**< Neutral player N0: owner id of its pieces. */
#define CRISK_TP_NEUTRAL_1 3 /**< Neutral player N1: owner id of its pieces. */
/** @} */

#define CRISK_TP_TOKENS_TOTAL 20 /**< Trade tokens in the game (T-16). */

/** @name Action types of module two_player (bits 56-63 of the action code) */
/** @{ */
/** Neutral build obligation (T-11, T-12): road on path arg[0] for neutral arg[1] (0 = N0, 1 = N1). */
#define CRISK_TP_NEUTRAL_ROAD 32u
/** Neutral build obligation (T-11, T-12): settlement on intersection arg[0] for neutral arg[1]. */
#define CRISK_TP_NEUTRAL_SETTLEMENT 33u
/** Token action (T-17): forced trade with the opponent; a random draw of 2 cards follows. */
#define CRISK_TP_FORCED_TRADE 34u
/** Chance (T-17): the forced trade drew resources arg[0] and arg[1] (arg[0] <= arg[1]), or only
 * arg[0] with arg[1] = ::CRISK_TP_NO_CARD when the opponent held one card. */
#define CRISK_TP_DRAW_RESULT 35u
/** Forced trade (T-17): give the opponent resources arg[0] and arg[1] from the hand held before the draw. */
#define CRISK_TP_GIVE 36u
/** Token action (T-17): move the robber to the desert, no steal. */
#define CRISK_TP_ROBBER_DESERT 37u
/** Discard one played knight for 2 trade tokens (T-19). */
#define CRISK_TP_KNIGHT_TOKENS 38u
/** @} */

/** arg[1] of ::CRISK_TP_DRAW_RESULT when only one card was drawn. */
#define CRISK_TP_NO_CARD 255

/** @name Event types of module two_player (crisk_event::type) */
/** @{ */
/** Seat built a road on path arg[1] for neutral arg[0] (0 = N0, 1 = N1) (T-11). */
#define CRISK_TP_EV_NEUTRAL_ROAD 32u
/** Seat built a settlement on intersection arg[1] for neutral arg[0] (T-11). */
#define CRISK_TP_EV_NEUTRAL_SETTLEMENT 33u
/** Seat's neutral build obligation lapsed: no legal neutral build (T-13). */
#define CRISK_TP_EV_NEUTRAL_LAPSE 34u
/** Seat took arg[0] trade tokens from the supply (arg[1]: 0 settlement, 1 knight); arg[2] its tokens now (T-18, T-19). */
#define CRISK_TP_EV_TOKENS 35u
/** Seat paid arg[0] tokens for a forced trade with target (T-17). */
#define CRISK_TP_EV_FORCED_TRADE 36u
/** Seat drew resources arg[0], arg[1] (arg[1] = ::CRISK_TP_NO_CARD: one card) from target; hidden from spectators. */
#define CRISK_TP_EV_DRAW 37u
/** Seat gave resources arg[0], arg[1] to target; hidden from spectators. */
#define CRISK_TP_EV_GIVE 38u
/** Seat paid arg[0] tokens to move the robber to the desert hex arg[1] (T-17). */
#define CRISK_TP_EV_ROBBER_DESERT 39u
/** Seat discarded a played knight for arg[0] tokens; arg[1] its played knights now (T-19). */
#define CRISK_TP_EV_KNIGHT_TOKENS 40u
/** @} */

#ifdef __cplusplus
}
#endif

#endif
