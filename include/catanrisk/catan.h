/**
 * @file catan.h
 * @brief The Catan family (modules base, two_player, risk, hawaii): constants,
 *        action codes, event types and typed queries.
 */
#ifndef CATANRISK_CATAN_H
#define CATANRISK_CATAN_H

#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup catan Catan family
 * @brief Canonical orders (B-1, B-7), action codes, events and queries.
 *
 * Action code layout (docs/actions.md): the type in bits 56-63; then
 * - one id (intersection, path, hex, seat, resource or card type) in bits 0-15;
 * - MARITIME_TRADE: give resource in bits 0-7, take resource in bits 8-15;
 * - DICE: sum in bits 0-7, first die in bits 8-11, second die in bits 12-15
 *   (0 = not given);
 * - DISCARD_CARDS: count of resource r in bits 8r .. 8r+7;
 * - OFFER_TRADE: count of good g offered in bits 4g .. 4g+3, wanted in bits
 *   24+4g .. 27+4g (goods 0..5: the five resources, then fish for hawaii;
 *   at most 15 of a good per side), addressee in bits 48-51 (a seat, or 15
 *   for all opponents).
 * Codes with bits set outside these fields are malformed.  Types 1-63 belong
 * to the kernel; 64-127 to the individual modules.
 *
 * The typed queries (crisk_catan_hand() to crisk_catan_bank()) answer for
 * games of the built-in Catan-family modules and of host modules that wrap
 * one and say where its state is (crisk_module.inner_state, module.h); for
 * any other game they return CRISK_EUNSUPPORTED with a message saying why.
 * @{
 */

#define CRISK_CATAN_BRICK 0  /**< Resource (B-1). */
#define CRISK_CATAN_LUMBER 1 /**< Resource (B-1). */
#define CRISK_CATAN_WOOL 2   /**< Resource (B-1). */
#define CRISK_CATAN_GRAIN 3  /**< Resource (B-1). */
#define CRISK_CATAN_ORE 4    /**< Resource (B-1). */
#define CRISK_CATAN_NUM_RESOURCES 5 /**< Number of resource types. */

#define CRISK_CATAN_KNIGHT 0         /**< Development card type (B-7). */
#define CRISK_CATAN_VICTORY_POINT 1  /**< Development card type (B-7). */
#define CRISK_CATAN_ROAD_BUILDING 2  /**< Development card type (B-7). */
#define CRISK_CATAN_YEAR_OF_PLENTY 3 /**< Development card type (B-7). */
#define CRISK_CATAN_MONOPOLY 4       /**< Development card type (B-7). */
#define CRISK_CATAN_NUM_DEV_TYPES 5  /**< Number of development card types. */

/** Offer addressee meaning "all opponents" (B-96). */
#define CRISK_CATAN_TO_ALL 15

/** @name Action types (bits 56-63 of a Catan-family action code) */
/** @{ */
#define CRISK_CATAN_PLACE_SETTLEMENT 1u /**< Set-up settlement on intersection arg[0] (B-42). */
#define CRISK_CATAN_PLACE_ROAD 2u /**< Set-up road on path arg[0] (B-43). */
#define CRISK_CATAN_ROLL 3u /**< Roll the dice (B-47, B-48). */
#define CRISK_CATAN_DICE 4u /**< Chance: dice sum arg[0]; arg[1], arg[2] the two dice or 0 when not given (B-133). */
#define CRISK_CATAN_DISCARD 5u /**< Discard one card of resource arg[0] (B-60). */
#define CRISK_CATAN_DISCARD_CARDS 6u /**< Discard the multiset give[0..4] (B-60). */
#define CRISK_CATAN_MOVE_ROBBER 7u /**< Move the robber to land hex arg[0] (B-62). */
#define CRISK_CATAN_STEAL_FROM 8u /**< Choose victim seat arg[0] (B-64). */
#define CRISK_CATAN_STEAL_RESULT 9u /**< Chance: the stolen card is resource arg[0] (B-65). */
#define CRISK_CATAN_BUILD_ROAD 10u /**< Build a road on path arg[0] (B-69). */
#define CRISK_CATAN_BUILD_SETTLEMENT 11u /**< Build a settlement on intersection arg[0] (B-71). */
#define CRISK_CATAN_BUILD_CITY 12u /**< Upgrade the settlement on intersection arg[0] (B-72). */
#define CRISK_CATAN_BUY_DEV 13u /**< Buy a development card (B-74). */
#define CRISK_CATAN_DEV_RESULT 14u /**< Chance: the drawn card is development type arg[0] (B-74). */
#define CRISK_CATAN_PLAY_KNIGHT 15u /**< Play a knight (B-80). */
#define CRISK_CATAN_PLAY_ROAD_BUILDING 16u /**< Play road building (B-81). */
#define CRISK_CATAN_PLAY_YEAR_OF_PLENTY 17u /**< Play year of plenty (B-82). */
#define CRISK_CATAN_PLAY_MONOPOLY 18u /**< Play monopoly (B-83). */
#define CRISK_CATAN_PLACE_FREE_ROAD 19u /**< Road building: free road on path arg[0] (B-81). */
#define CRISK_CATAN_PICK 20u /**< Year of plenty: take resource arg[0] (B-82). */
#define CRISK_CATAN_NAME 21u /**< Monopoly: name resource arg[0] (B-83). */
#define CRISK_CATAN_MARITIME_TRADE 22u /**< Give resource arg[0] to the bank at the best rate, take arg[1] (B-101). */
#define CRISK_CATAN_OFFER_TRADE 23u /**< Offer give[] for want[] to seat @c to or CRISK_CATAN_TO_ALL (B-96). */
#define CRISK_CATAN_ACCEPT 24u /**< Accept the open offer (B-97). */
#define CRISK_CATAN_DECLINE 25u /**< Decline the open offer (B-97). */
#define CRISK_CATAN_CONFIRM 26u /**< Confirm the trade with accepting seat arg[0] (B-97). */
#define CRISK_CATAN_CANCEL 27u /**< Cancel the open offer (B-97). */
#define CRISK_CATAN_END_TURN 28u /**< End the turn (B-49). */
#define CRISK_CATAN_PASS 29u /**< End a special build window (B-118). */
#define CRISK_CATAN_END_PART 30u /**< End player 2's part of a paired turn (B-122). */
/** @} */

/** @name Event types (crisk_event::type in Catan-family games) */
/** @{ */
#define CRISK_CATAN_EV_TURN_START 1u /**< Seat's turn arg[0] starts. */
#define CRISK_CATAN_EV_SETUP_SETTLEMENT 2u /**< Seat placed a set-up settlement on intersection arg[0]. */
#define CRISK_CATAN_EV_SETUP_ROAD 3u /**< Seat placed a set-up road on path arg[0]. */
#define CRISK_CATAN_EV_STARTING_RESOURCES 4u /**< Seat took arg[0..4] cards of each resource for its second settlement. */
#define CRISK_CATAN_EV_DICE 5u /**< Seat rolled sum arg[0] with dice arg[1], arg[2]. */
#define CRISK_CATAN_EV_PRODUCTION 6u /**< Seat received arg[0..4] cards of each resource. */
#define CRISK_CATAN_EV_SHORTAGE 7u /**< The bank could not pay resource arg[0]; nobody received it (B-55). */
#define CRISK_CATAN_EV_DISCARD 8u /**< Seat discarded arg[0..4] cards of each resource. */
#define CRISK_CATAN_EV_ROBBER 9u /**< Seat moved the robber to hex arg[0]. */
#define CRISK_CATAN_EV_STEAL 10u /**< Seat stole one card from target; arg[0] its resource (hidden from other seats). */
#define CRISK_CATAN_EV_BUILD_ROAD 11u /**< Seat built a road on path arg[0]; arg[1] = 1 when free. */
#define CRISK_CATAN_EV_BUILD_SETTLEMENT 12u /**< Seat built a settlement on intersection arg[0]. */
#define CRISK_CATAN_EV_BUILD_CITY 13u /**< Seat built a city on intersection arg[0]. */
#define CRISK_CATAN_EV_BUY_DEV 14u /**< Seat bought a development card of type arg[0] (hidden from other seats). */
#define CRISK_CATAN_EV_PLAY_DEV 15u /**< Seat played a development card of type arg[0]. */
#define CRISK_CATAN_EV_PICK 16u /**< Seat took resource arg[0] with year of plenty. */
#define CRISK_CATAN_EV_MONOPOLY 17u /**< Seat took arg[1] cards of resource arg[0] from target. */
#define CRISK_CATAN_EV_MARITIME 18u /**< Seat gave arg[1] cards of resource arg[0] to the bank for one of arg[2]. */
#define CRISK_CATAN_EV_OFFER 19u /**< Seat offered give arg[0] for want arg[1] (4 bits per good) to arg[2] (seat or CRISK_CATAN_TO_ALL). */
#define CRISK_CATAN_EV_ANSWER 20u /**< Seat answered the offer: arg[0] = 1 accept, 0 decline. */
#define CRISK_CATAN_EV_TRADE 21u /**< Seat traded give arg[0] for want arg[1] (4 bits per good) with target. */
#define CRISK_CATAN_EV_TRADE_CANCEL 22u /**< Seat's offer ended without a trade. */
#define CRISK_CATAN_EV_LONGEST_ROAD 23u /**< Seat (or -1: set aside / nobody) holds Longest Road; arg[0] its length. */
#define CRISK_CATAN_EV_LARGEST_ARMY 24u /**< Seat holds Largest Army; arg[0] its knights. */
#define CRISK_CATAN_EV_END_TURN 25u /**< Seat ended its turn. */
#define CRISK_CATAN_EV_REVEAL_VP 26u /**< Seat revealed arg[0] victory point cards. */
#define CRISK_CATAN_EV_GAME_OVER 27u /**< The game ended; seat is the winner or -1. */
#define CRISK_CATAN_EV_PASS 28u /**< Seat ended its special build window or paired part. */
#define CRISK_CATAN_EV_SETUP_SKIP 29u /**< Seat skipped set-up step arg[1]: arg[0] = 0 the whole step (no intersection open), 1 its piece (no place at its settlement). */
/** @} */

/** Version of ::crisk_catan_action this header describes. */
#define CRISK_CATAN_ACTION_VERSION 1

/**
 * A Catan-family action with its fields decoded, so hosts never do bit
 * arithmetic.  Which fields a type uses is listed with the type constants;
 * unused fields are 0.
 */
typedef struct crisk_catan_action {
	uint32_t version; /**< Set to CRISK_CATAN_ACTION_VERSION by the caller. */
	uint32_t type;    /**< CRISK_CATAN_* action type. */
	int32_t arg[3];   /**< Ids, resources, seats or dice, per type. */
	int32_t to;       /**< OFFER_TRADE addressee: a seat or CRISK_CATAN_TO_ALL. */
	int32_t give[6];  /**< OFFER_TRADE goods offered; DISCARD_CARDS counts. */
	int32_t want[6];  /**< OFFER_TRADE goods wanted. */
} crisk_catan_action;

/**
 * Initializes a ::crisk_catan_action to all zero fields.
 *
 * @param action  Struct to initialize.
 * @param version CRISK_CATAN_ACTION_VERSION.
 * @return CRISK_OK, or CRISK_EINVAL for NULL or an unknown version.
 */
CRISK_API int crisk_catan_action_init(crisk_catan_action *action, uint32_t version);

/**
 * Encodes fields into an action code.  Checks that the type is known and every
 * field fits its bit field; it does not check legality.
 *
 * @param[out] out Receives the code.
 * @param action   Fields.
 * @return CRISK_OK or CRISK_EINVAL (message names the field).
 */
CRISK_API int crisk_catan_action_encode(crisk_action *out, const crisk_catan_action *action);

/**
 * Decodes an action code into fields.
 *
 * @param[out] out Initialized struct to fill.
 * @param code     Action code.
 * @return CRISK_OK, or CRISK_EINVAL for an unknown type or a malformed code.
 */
CRISK_API int crisk_catan_action_decode(crisk_catan_action *out, crisk_action code);

/**
 * Resource cards of @p seat, if @p viewer may see them (the seat itself or the
 * omniscient viewer).
 *
 * @param game        A Catan-family game.
 * @param seat        Seat.
 * @param viewer      Viewer.
 * @param[out] counts Receives 5 counts in resource order.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EHIDDEN, CRISK_EUNSUPPORTED (not a Catan-family
 *         game, nor a host module's game that holds one through inner_state).
 */
CRISK_API int crisk_catan_hand(const crisk_game *game, int seat, int viewer, int32_t counts[5]);

/**
 * Unplayed development cards of @p seat, if @p viewer may see them.
 *
 * @param game        A Catan-family game.
 * @param seat        Seat.
 * @param viewer      Viewer.
 * @param[out] counts Receives 5 counts in development type order (B-7).
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EHIDDEN, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_dev_cards(const crisk_game *game, int seat, int viewer, int32_t counts[5]);

/**
 * Public counts of a seat: resource cards, unplayed development cards, played knights.
 *
 * @param game          A Catan-family game.
 * @param seat          Seat.
 * @param[out] cards    Receives the hand size; may be NULL.
 * @param[out] dev      Receives the unplayed development card count; may be NULL.
 * @param[out] knights  Receives the played knights; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_seat_counts(const crisk_game *game, int seat, int32_t *cards, int32_t *dev,
				      int32_t *knights);

/**
 * The building on an intersection.
 *
 * @param game       A Catan-family game.
 * @param node       Intersection id.
 * @param[out] owner Receives the owning seat, or -1 (empty, or a neutral piece).
 * @param[out] kind  Receives 0 (empty), 1 (settlement) or 2 (city).
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_building(const crisk_game *game, int node, int32_t *owner, int32_t *kind);

/**
 * The road on a path.
 *
 * @param game       A Catan-family game.
 * @param path       Path id.
 * @param[out] owner Receives the owning seat, or -1 (no road).
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_road(const crisk_game *game, int path, int32_t *owner);

/**
 * The hex holding the robber.
 *
 * @param game     A Catan-family game.
 * @param[out] hex Receives the hex id.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_robber(const crisk_game *game, int32_t *hex);

/**
 * The bank's resource cards and the development deck size (both public, B-134).
 *
 * @param game           A Catan-family game.
 * @param[out] counts    Receives 5 counts in resource order.
 * @param[out] deck_size Receives the number of development cards left; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_catan_bank(const crisk_game *game, int32_t counts[5], int32_t *deck_size);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
