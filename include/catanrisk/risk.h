/**
 * @file risk.h
 * @brief Risk of Catan (module `risk`, rules RC-1..RC-32): action types,
 *        event types and constants on top of the Catan family (catan.h).
 */
#ifndef CATANRISK_RISK_H
#define CATANRISK_RISK_H

#include "catan.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup risk Risk of Catan
 * @brief Armies, battles, annexation and fog of war (docs/rules-risk.md).
 *
 * Risk actions use the ::crisk_catan_action struct and the Catan encoder:
 * arg[0] in bits 0-15, arg[1] in bits 16-31, arg[2] in bits 32-47 of the
 * code.  Which arguments a type uses is listed with the type.  A defender
 * or owner that is not a seat is CRISK_RISK_NEUTRAL (RC-27).
 * @{
 */

/** Seat number standing for the neutral defenders and pieces of resigned seats (RC-27). */
#define CRISK_RISK_NEUTRAL 15

/** @name Action types of module risk (bits 56-63) */
/** @{ */
#define CRISK_RISK_PLACE_ARMY 40u  /**< Set-up: place one army on land hex arg[0] (RC-8..RC-10). */
#define CRISK_RISK_BUY_ARMIES 41u  /**< Buy arg[2] armies with resource arg[1], placed on land hex arg[0] (RC-17, RC-18). */
#define CRISK_RISK_MOVE_ARMIES 42u /**< Move arg[2] armies from hex arg[0] to the adjacent hex arg[1] (RC-19). */
#define CRISK_RISK_ATTACK 43u      /**< One battle roll on hex arg[0] against seat arg[1] or CRISK_RISK_NEUTRAL (RC-20). */
#define CRISK_RISK_ATTACK_ALL 44u  /**< Battle rolls on hex arg[0] against arg[1] until one side has no armies there (RC-20). */
#define CRISK_RISK_REDEPLOY 45u    /**< Redeploy arg[2] armies from hex arg[0] to hex arg[1] (RC-22, RC-23). */
#define CRISK_RISK_RESIGN 46u      /**< Seat arg[0] leaves the game; its armies stay as neutral defenders (RC-27). */
/** Chance: one battle roll; arg[0] the attacker's dice and arg[1] the
 *  defender's, sorted high to low, one hex digit per die (0x653 = 6, 5, 3) (RC-20, RC-24). */
#define CRISK_RISK_BATTLE_DICE 47u
/** @} */

/** @name Event types of module risk (crisk_event::type) */
/** @{ */
/** Seat placed arg[1] armies on hex arg[0]; arg[2]: 0 set-up (RC-8), 1 placement loop (RC-10), 2 bought (RC-18). */
#define CRISK_RISK_EV_ARMIES_PLACED 48u
/** Seat paid arg[1] cards of resource arg[0] for armies (RC-17). */
#define CRISK_RISK_EV_ARMIES_BOUGHT 49u
/** Seat moved arg[2] armies from hex arg[0] to hex arg[1] (RC-19). */
#define CRISK_RISK_EV_ARMIES_MOVED 50u
/** Battle roll on hex arg[0]: seat attacked target (a seat or CRISK_RISK_NEUTRAL); attacker dice arg[1],
 *  defender dice arg[2] (hex digits, high to low), losses arg[3] (attacker) and arg[4] (defender) (RC-20). */
#define CRISK_RISK_EV_BATTLE_ROLL 51u
/** Battle on hex arg[0] over: seat (attacker) against target; arg[1] armies of the attacker left, arg[2] of the defender. */
#define CRISK_RISK_EV_BATTLE_END 52u
/** Seat redeployed arg[2] armies from hex arg[0] to hex arg[1] (RC-22). */
#define CRISK_RISK_EV_REDEPLOY 53u
/** Seat annexed the road on path arg[0] from target (a seat or CRISK_RISK_NEUTRAL) (RC-14). */
#define CRISK_RISK_EV_ANNEX_ROAD 54u
/** Seat annexed the building on intersection arg[0] (arg[1]: 1 settlement, 2 city) from target (RC-12). */
#define CRISK_RISK_EV_ANNEX_BUILDING 55u
/** Seat is eliminated (RC-25, RC-26); target the eliminator or -1; arg[0] its armies removed. */
#define CRISK_RISK_EV_ELIMINATED 56u
/** Seat resigned; its armies and pieces are neutral now (RC-27). */
#define CRISK_RISK_EV_RESIGNED 57u
/** Hex arg[0] is revealed: terrain arg[1] (0 hills .. 4 mountains, 5 desert), token arg[2] (0 none) (RC-31). */
#define CRISK_RISK_EV_REVEAL 58u
/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif
