/* The muhq rule module's rules object and game state (rules/muhq.md).
 *
 * The rules object (mq_rules) holds everything fixed for a game: the loaded
 * data (mqd_db), the chosen map with its tiles as they start, and the card
 * table: every card of the game with its definition, created in the order of
 * M-5 so that the index is the card id.
 *
 * The state is one flat block: a fixed header (mq_state), then a record per
 * card (mq_card[ncard]), then the occupant of every tile (uint16_t[w*h]),
 * the damage of every wall (uint8_t[nwall]) and a bitmap per zone of the
 * cards in it (nbw words each).  Its size depends on the rules.  The
 * occupancy and the bitmaps are derived from the cards (not saved) and kept
 * up to date where cards move, so that scans visit only a zone's cards.
 *
 * Progress is a stack of jobs (mq_job): the turn, the draft, priority, the
 * execution of a stack item, a draw, a shuffle, the state checks and drops.
 * mq_advance runs the top job until one needs a decision (a seat's or, in
 * explicit chance mode, each uniform(k) of M-4), so every decision point can
 * be saved and resumed, even in the middle of an effect. */
#ifndef CRISK_MUHQ_MQ_H
#define CRISK_MUHQ_MQ_H

#include <stddef.h>
#include <stdint.h>

#include "../core/evlog.h"
#include "../core/rng.h"
#include "mqd.h"

#define MQ_SEATS_MAX 5   /* four human seats and seat K (M-3) */
#define MQ_CARDS_MAX 1000 /* card ids fit 10 bits in action codes */
#define MQ_STACK_MAX 24  /* a declaration beyond this depth is illegal (docs/decisions.md) */
#define MQ_JOBS_MAX 16
#define MQ_NONE 0xFFFFu  /* no card, tile or job argument */
#define MQ_EQUIP_MAX 2   /* M-77 */
#define MQ_RES_MAX 1000000000 /* resource saturates here */
/* A bound of every state block (the AI simulates on a copy of this size). */
#define MQ_STATE_MAX (48 * 1024)

/* Zones of a card (M-6). */
enum {
	MQ_Z_OUT,     /* removed from the game (M-23), or a pool card not dealt yet */
	MQ_Z_POOL,    /* the draft pool, pos = pool order */
	MQ_Z_DRAFT,   /* in a draft pile or pack, pos = pile number */
	MQ_Z_PICKED,  /* picked in the current draft wave, not yet revealed (M-21) */
	MQ_Z_STORE,
	MQ_Z_DECK,    /* pos: 0 = top */
	MQ_Z_HAND,    /* pos: order of arrival */
	MQ_Z_DISCARD,
	MQ_Z_PENDING, /* equipment waiting for the next unit (M-78), pos = order played */
	MQ_Z_STACK,   /* a card being played */
	MQ_Z_MAP,
	MQ_Z_EXILE,
	MQ_Z_COUNT
};

/* Flags of a permanent (mq_card.flags). */
#define MQ_F_TAPPED 0x01
#define MQ_F_MOVE 0x02   /* allowance spent (M-46) */
#define MQ_F_ATTACK 0x04
#define MQ_F_STREET 0x08
#define MQ_F_FULL 0x10
#define MQ_F_DROP 0x20   /* left its base, waiting to be dropped (M-54) */
#define MQ_F_RELEASE 0x40 /* released at upkeep, destroyed on PAY (M-31) */
#define MQ_F_ALLOW (MQ_F_MOVE | MQ_F_ATTACK | MQ_F_STREET | MQ_F_FULL)

/* Marks (M-68); the last four in the order of MQD_MARK_*. */
enum { MQ_M_DAMAGE, MQ_M_POISON, MQ_M_PARALYSIS, MQ_M_WARD, MQ_M_FAITH, MQ_M_COUNT };

typedef struct mq_card {
	uint32_t entered;  /* on the map: order of entering (oldest first, M-98) */
	uint32_t joined;   /* in a pile: order of joining (M-5, M-54) */
	uint16_t pos;      /* see the zones; on the map: the tile of a base, MQ_NONE for a member */
	uint16_t up;       /* on the map: the permanent it is a member of, MQ_NONE for a base */
	uint8_t zone;      /* MQ_Z_* */
	uint8_t owner;     /* M-7: the seat it came from */
	uint8_t ctrl;      /* the seat holding it: its zone's seat, or the controller on the map */
	uint8_t flags;     /* MQ_F_* */
	uint8_t mark[MQ_M_COUNT]; /* saturating at 255 */
	uint8_t dur;       /* equipment: durability left */
	int8_t buff[4];    /* until end of turn (BUFF), MQD_STAT_* order */
	uint8_t trig;      /* upkeep: bit i, its ability i is still to go on the stack (M-39) */
	uint8_t pad;
} mq_card;

/* Stack items (M-33) and the actions that declare them share the fields of
 * an action code (docs/muhq-actions.md): src card, aux, and three 14-bit
 * operands a, b, c holding targets (MQ_T_*). */
enum {
	MQ_I_PLAY,    /* a card from hand: aux = mode, a = placement tile, b/c = targets */
	MQ_I_MOVE,    /* aux = 1: street move; a = destination */
	MQ_I_ATTACK,  /* a = target (a permanent, or a wall tile) */
	MQ_I_FULL,    /* aux = ability index, MQ_AB_FARM for the Farm field; b/c = targets */
	MQ_I_CARRY,   /* a = artifact, b = destination, c = where the artifact goes */
	MQ_I_EQUIP,   /* a = equipment */
	MQ_I_SWITCH,  /* a = artifact */
	MQ_I_SHAKE,   /* aux = the allowance spent (M-50) */
	MQ_I_FREE,    /* aux = ability index; b/c = targets */
	MQ_I_TRIGGER  /* aux = ability index; b/c = targets */
};
#define MQ_AB_FARM 15 /* the Farm field's full action GAIN 3 (M-81) */

typedef struct mq_item {
	uint8_t kind;   /* MQ_I_* */
	uint8_t ctrl;   /* the declaring seat */
	uint8_t aux;
	uint8_t pad;
	uint16_t src;   /* card id */
	uint16_t a, b, c;
} mq_item;

/* Target operands: 14 bits, a tag and a value. */
#define MQ_T_NONE 0x3FFFu
#define MQ_T_TILE 0x1000u
#define MQ_T_PLAYER 0x2000u
#define MQ_T_IS_CARD(t) ((t) < MQ_T_TILE)
#define MQ_T_IS_TILE(t) ((t) >= MQ_T_TILE && (t) < MQ_T_PLAYER)
#define MQ_T_IS_PLAYER(t) ((t) >= MQ_T_PLAYER && (t) < MQ_T_NONE)
#define MQ_T_VAL(t) ((t) & 0x0FFFu)

/* Jobs (see the file comment).  Each has a kind and four small arguments. */
enum {
	MQ_J_TURN,      /* a = step of the turn (M-26) */
	MQ_J_DRAFT,     /* the draft (§4): a = step */
	MQ_J_PRIORITY,  /* a = 1: the action phase (ends when all pass on an empty stack); 0: until the stack is empty */
	MQ_J_EXEC,      /* executing state->exec: a = next step, b = stage */
	MQ_J_DRAW,      /* seat a draws b more cards */
	MQ_J_DRAWTO,    /* seat a draws until it holds b cards (refill) */
	MQ_J_SHUFFLE,   /* Fisher-Yates over zone a of seat b: c = i (M-4) */
	MQ_J_CHECKS,    /* state checks (M-41) */
	MQ_J_DROPS,     /* drop the MQ_F_DROP permanents, a = the seat deciding */
	MQ_J_TRIGGERS,  /* upkeep step 2: put the active seat's triggers on the stack */
	MQ_J_UPKEEP,    /* upkeep step 3 (DP-3) */
	MQ_J_BUY,       /* DP-8 */
	MQ_J_CLEANUP    /* DP-9 */
};

typedef struct mq_job {
	uint8_t kind, a;
	uint16_t b, c, d;
} mq_job;

/* Decision points (§30), as state->dp. */
enum {
	MQ_DP_NONE,     /* the game is over */
	MQ_DP_CHANCE,   /* a uniform(k) in explicit mode: state->chance_k outcomes */
	MQ_DP_PICK,     /* DP-1 */
	MQ_DP_TRIGGER,  /* DP-2: choose the next trigger to put on the stack */
	MQ_DP_UPKEEP,   /* DP-3 */
	MQ_DP_PRIORITY, /* DP-4 (active seat, empty stack, action phase) and DP-5 */
	MQ_DP_DROP,     /* DP-6 / DP-7 */
	MQ_DP_BUY,      /* DP-8 */
	MQ_DP_CLEANUP   /* DP-9 */
};

/* Phases of a turn, for views (state->phase). */
enum { MQ_PH_DRAFT, MQ_PH_START, MQ_PH_UPKEEP, MQ_PH_ACTION, MQ_PH_BUY, MQ_PH_CLEANUP, MQ_PH_OVER };

typedef struct mq_seat {
	int32_t res;      /* M-28 */
	uint8_t out;      /* eliminated or conceded (M-89) */
	uint8_t bought;   /* bought this turn (M-32) */
	uint8_t pad[2];
} mq_seat;

typedef struct mq_state {
	rng rng;
	int32_t round;      /* 1, 2, ...; 0 during the draft */
	int32_t turn;       /* turns begun, 1 for the first */
	uint32_t stamp;     /* next entered/joined stamp */
	uint32_t chance_k;  /* outcomes of the pending uniform(k), 0 when none */
	uint32_t chance_v;  /* the host's outcome, while chance_given */
	uint8_t status;     /* CRISK_STATUS_* */
	int8_t winner;      /* -1: none (a draw or running) */
	int8_t cur;         /* seat to decide, CRISK_SEAT_CHANCE or CRISK_SEAT_NONE */
	uint8_t dp;         /* MQ_DP_* */
	uint8_t phase;      /* MQ_PH_* */
	uint8_t active;     /* seat whose turn it is */
	uint8_t prio;       /* seat holding priority */
	uint8_t passes;     /* consecutive passes (M-37) */
	uint8_t nstack, njob;
	uint16_t activated; /* the activated permanent (M-43), MQ_NONE */
	uint8_t chance_given; /* chance_v holds an outcome not yet used */
	uint8_t pad[3];
	mq_seat seat[MQ_SEATS_MAX];
	mq_item exec;       /* the item being executed (MQ_J_EXEC) */
	mq_item stack[MQ_STACK_MAX]; /* [0] is the bottom */
	mq_job job[MQ_JOBS_MAX];     /* [0] is the bottom */
} mq_state;

/* One STAT static of a card of the game (M-107), for effective stats. */
typedef struct mq_statmod {
	const mqd_spec *all; /* MQD_REF_ALL: what it covers */
	uint16_t src;        /* the card with the static */
	uint8_t ref;         /* MQD_REF_SELF, _EQUIPPED or _ALL */
	int8_t n;
} mq_statmod;

/* One card of the game (mq_rules.card). */
typedef struct mq_cardinfo {
	uint32_t def;       /* index in db->cards */
	uint8_t zone, owner; /* where it starts (before the draft and shuffles) */
	uint16_t pos;
} mq_cardinfo;

typedef struct mq_rules {
	mqd_db *db;
	const mqd_map *map;
	uint32_t map_index;
	int players;        /* human seats P */
	int seats;          /* P, plus seat K on a Kraken map */
	int kseat;          /* seat K (= P) on a Kraken map, else -1 (M-3) */
	unsigned kraken;    /* the card of The Kraken (M-99), MQ_NONE elsewhere */
	int draft;          /* MQ_DRAFT_* */
	int dr, dt, dp;     /* pack draft R x [T; P] */
	int limit;          /* round limit */
	int explicit_chance;
	uint32_t ai_mask;   /* seats played by the AI (M-98), bit per seat */
	uint64_t seed;
	int w, h, ntile;
	uint8_t *tile;      /* ntile tiles as they start (absent seats' spawns and harbors plain, M-17) */
	uint8_t *tx, *ty;   /* per tile: its x and y */
	/* Per seat: the tiles where its cards may be placed without a SPAWNS
	 * static, ascending: its spawns and the deep tiles next to its harbors
	 * (M-53). */
	uint16_t *place[MQ_SEATS_MAX];
	int nplace[MQ_SEATS_MAX];
	int16_t *wall;      /* per tile: its index among the walls, or -1 */
	uint16_t *walltile; /* per wall: its tile, ascending */
	int nwall;
	/* Per map row y, bit x for tile (x, y): the tiles of a type as the map
	 * starts, rows[k * h + y] for k = MQ_ROW_* (the move search's masks). */
	uint64_t *rows;
	uint32_t ncard;
	mq_cardinfo *card;
	const mqd_card **def; /* per card: its definition (one load in the hot paths) */
	uint8_t *freeab;    /* per card: 1 if it has a free ability (MQD_AB_FREE) */
	uint8_t *upkeepab;  /* per card: bit a (< 8) for each upkeep ability a (MQD_AB_UPKEEP) */
	/* Card bitmaps (nbw words) for the auto-pass test (M-38.1): the cards
	 * with a free ability, and those plus the units and bosses. */
	uint64_t *freebits, *keepbits;
	/* Card bitmaps: the units (MQD_UNIT), and the cards that the state
	 * checks may remove (units, bosses, equipment, SOLID: must_go). */
	uint64_t *unitbits, *mortalbits;
	uint64_t *buybits; /* the cards with a buy cost (M-33) */
	/* The spawn and harbor tiles of seat s as the map starts (what
	 * mq_tile_owner can give s), ascending: owntile[own0[s] .. own0[s + 1]). */
	uint16_t *owntile;
	int own0[MQ_SEATS_MAX + 1];
	uint32_t npool;     /* the first npool cards are the draft pool */
	/* The STAT statics of the game's cards by stat: those of stat s are
	 * statmod[statmod0[s] .. statmod0[s + 1]), by card. */
	mq_statmod *statmod;
	int statmod0[5];
	int health_down;    /* some STAT static lowers health */
	uint16_t *spawnsrc; /* cards with a SPAWNS static (Brood), ascending */
	int nspawnsrc;
	uint32_t npile;     /* piles or packs dealt */
	int nbw;            /* words of a card bitmap */
	size_t off_card, off_occ, off_wall, off_bits, size;
	struct mq_rl *rl;   /* the RL layout (mq_rl.c) */
} mq_rules;

enum { MQ_DRAFT_PILES, MQ_DRAFT_NONE, MQ_DRAFT_PACK };
enum { MQ_ROW_WALL, MQ_ROW_DEEP, MQ_ROW_WATER, MQ_ROW_GATE, MQ_ROW_STREET, MQ_ROW_COUNT };

/* Events (docs/events.md, muhq section); args as listed. */
enum {
	MQ_EV_TURN = 1,   /* seat; a0 round, a1 turn */
	MQ_EV_PHASE,      /* seat; a0 MQ_PH_* */
	MQ_EV_SHUFFLE,    /* seat (or -1 for the pool); a0 zone, a1 cards */
	MQ_EV_DRAW,       /* seat; a0 card, a1 def (hidden from the others) */
	MQ_EV_PICK,       /* seat; a0 card, a1 def (hidden from the others) */
	MQ_EV_STORE,      /* seat; a0 card, a1 def: it enters the seat's store */
	MQ_EV_GAIN,       /* seat; a0 amount, a1 total */
	MQ_EV_PAY,        /* seat; a0 amount, a1 total */
	MQ_EV_SCRAP,      /* seat; a0 card, a1 def, a2 card, a3 def */
	MQ_EV_DECLARE,    /* seat; a0 item kind, a1 src, a2 aux, a3 a, a4 b, a5 c */
	MQ_EV_PASS,       /* seat */
	MQ_EV_RESOLVE,    /* seat; a0 item kind, a1 src */
	MQ_EV_FIZZLE,     /* seat; a0 item kind, a1 src */
	MQ_EV_ENTER,      /* seat (controller); a0 card, a1 def, a2 tile */
	MQ_EV_ACTIVATE,   /* seat; a0 card */
	MQ_EV_TAP,        /* seat; a0 card */
	MQ_EV_UNTAP,      /* seat: everything it controls untaps */
	MQ_EV_MOVE,       /* seat; a0 card, a1 from tile, a2 to tile */
	MQ_EV_ATTACK,     /* seat; a0 attacker, a1 target (MQ_T_*), a2 damage A, a3 retaliation B */
	MQ_EV_DAMAGE,     /* target seat (controller); a0 card (or MQ_T_TILE|wall), a1 dealt, a2 total */
	MQ_EV_PREVENT,    /* a0 card, a1 prevented, a2 ward marks removed */
	MQ_EV_MARK,       /* a0 card, a1 mark kind, a2 change (signed), a3 total */
	MQ_EV_LEAVE,      /* seat (controller); a0 card, a1 def, a2 zone it goes to */
	MQ_EV_DROP,       /* seat; a0 card, a1 tile (-1: destroyed) */
	MQ_EV_CONVERT,    /* seat (new controller); a0 card, a1 old controller */
	MQ_EV_EQUIP,      /* seat; a0 unit, a1 equipment */
	MQ_EV_SWITCH,     /* seat; a0 unit, a1 artifact */
	MQ_EV_STEAL,      /* seat (gainer); a0 from seat, a1 amount */
	MQ_EV_BUY,        /* seat; a0 card, a1 def, a2 cost */
	MQ_EV_DISCARD,    /* seat; a0 card, a1 def */
	MQ_EV_RELEASE,    /* seat; a0 card */
	MQ_EV_BUFF,       /* a0 card, a1 stat, a2 change */
	MQ_EV_WALL,       /* a0 tile, a1 damage total, a2 1 if it became plain */
	MQ_EV_ELIMINATED, /* seat; a0 reason (0 concede, 1 king, 2 broken) */
	MQ_EV_WIN,        /* seat (-1: a draw); a0 reason (MQD_WIN_*, 4 last seat, 5 round limit, 6 every player broken) */
	MQ_EV_AI,         /* seat; a0 card, a1 tag (MQD_AI_*), a2 the tag's step: why the AI declares what follows */
	MQ_EV_COUNT
};

/* Action types (top byte of a code); docs/muhq-actions.md.  The fields:
 * bits 46-55 card, 42-45 aux, 28-41 a, 14-27 b, 0-13 c. */
enum {
	MQ_A_CHANCE = 1, /* low 32 bits: the outcome */
	MQ_A_PICK,       /* card */
	MQ_A_TRIGGER,    /* card, aux = ability, b/c = targets */
	MQ_A_RELEASE,    /* card */
	MQ_A_PAY,
	MQ_A_PLAY,       /* card, aux = mode (1: equipment attached next), a = tile, b/c = targets */
	MQ_A_ACTIVATE,   /* card */
	MQ_A_MOVE,       /* card, aux = 1 street move, a = destination */
	MQ_A_ATTACK,     /* card, a = target */
	MQ_A_FULL,       /* card, aux = ability, b/c = targets */
	MQ_A_CARRY,      /* card, a = artifact, b = destination, c = artifact's tile */
	MQ_A_EQUIP,      /* card, aux = allowance (0 move, 1 attack), a = equipment */
	MQ_A_SWITCH,     /* card, aux = allowance, a = artifact */
	MQ_A_SHAKE,      /* card, aux = allowance (0 move, 1 attack, 2 street, 3 full) */
	MQ_A_FINISH,     /* card */
	MQ_A_FREE,       /* card, aux = ability, b/c = targets */
	MQ_A_SCRAP,      /* a, b = the two cards, a < b */
	MQ_A_PASS,
	MQ_A_BUY,        /* card */
	MQ_A_DISCARD,    /* card */
	MQ_A_DONE,       /* ends the buy step or cleanup */
	MQ_A_DROP,       /* a = tile */
	MQ_A_CONCEDE,
	MQ_A_COUNT
};

static inline uint64_t mq_code(unsigned type, unsigned card, unsigned aux, unsigned a, unsigned b, unsigned c)
{
	return (uint64_t)type << 56 | (uint64_t)(card & 0x3FF) << 46 | (uint64_t)(aux & 0xF) << 42 |
	       (uint64_t)(a & 0x3FFF) << 28 | (uint64_t)(b & 0x3FFF) << 14 | (uint64_t)(c & 0x3FFF);
}
#define MQ_CODE_TYPE(x) ((unsigned)((x) >> 56))
#define MQ_CODE_CARD(x) ((unsigned)((x) >> 46) & 0x3FFu)
#define MQ_CODE_AUX(x) ((unsigned)((x) >> 42) & 0xFu)
#define MQ_CODE_A(x) ((unsigned)((x) >> 28) & 0x3FFFu)
#define MQ_CODE_B(x) ((unsigned)((x) >> 14) & 0x3FFFu)
#define MQ_CODE_C(x) ((unsigned)(x) & 0x3FFFu)
/* A code without a card field carries MQ_NOCARD there. */
#define MQ_NOCARD 0x3FFu

/* The parts of the state block. */
static inline mq_card *mq_cards(const mq_rules *R, void *st)
{
	return (mq_card *)((unsigned char *)st + R->off_card);
}
static inline const mq_card *mq_ccards(const mq_rules *R, const void *st)
{
	return (const mq_card *)((const unsigned char *)st + R->off_card);
}
static inline uint16_t *mq_occ(const mq_rules *R, void *st)
{
	return (uint16_t *)((unsigned char *)st + R->off_occ);
}
static inline const uint16_t *mq_cocc(const mq_rules *R, const void *st)
{
	return (const uint16_t *)((const unsigned char *)st + R->off_occ);
}
static inline uint8_t *mq_walls(const mq_rules *R, void *st)
{
	return (unsigned char *)st + R->off_wall;
}
static inline const uint8_t *mq_cwalls(const mq_rules *R, const void *st)
{
	return (const unsigned char *)st + R->off_wall;
}
/* The bitmap of the cards in a zone. */
static inline uint64_t *mq_bits(const mq_rules *R, void *st, int zone)
{
	return (uint64_t *)(void *)((unsigned char *)st + R->off_bits) + (size_t)zone * (size_t)R->nbw;
}
static inline const uint64_t *mq_cbits(const mq_rules *R, const void *st, int zone)
{
	return (const uint64_t *)(const void *)((const unsigned char *)st + R->off_bits) + (size_t)zone * (size_t)R->nbw;
}
/* The first card at or after `from` in a bitmap, or MQ_NONE. */
static inline unsigned mq_bit_next(const uint64_t *b, int nw, unsigned from)
{
	unsigned w = from >> 6;
	if ((int)w >= nw)
		return MQ_NONE;
	uint64_t m = b[w] & (~UINT64_C(0) << (from & 63));
	while (!m) {
		if ((int)++w >= nw)
			return MQ_NONE;
		m = b[w];
	}
	return w * 64 + (unsigned)__builtin_ctzll(m);
}
/* Loops over the cards of a zone, ascending; the body may move cards. */
#define MQ_FOR_ZONE(R, st, zone, c)                                                                                \
	for (unsigned c = mq_bit_next(mq_cbits(R, st, zone), (R)->nbw, 0); c != MQ_NONE;                            \
	     c = mq_bit_next(mq_cbits(R, st, zone), (R)->nbw, c + 1))
#define MQ_FOR_MAP(R, st, c) MQ_FOR_ZONE(R, st, MQ_Z_MAP, c)
#define MQ_FOR_HAND(R, st, c) MQ_FOR_ZONE(R, st, MQ_Z_HAND, c)

/* Every change of a card's zone goes through here (the bitmaps follow). */
static inline void mq_set_zone(const mq_rules *R, void *st, unsigned c, int zone)
{
	mq_card *x = &mq_cards(R, st)[c];
	uint64_t bit = UINT64_C(1) << (c & 63);
	mq_bits(R, st, x->zone)[c >> 6] &= ~bit;
	mq_bits(R, st, zone)[c >> 6] |= bit;
	x->zone = (uint8_t)zone;
}

static inline int mq_dist_tiles(const mq_rules *R, int a, int b)
{
	int dx = R->tx[a] - R->tx[b], dy = R->ty[a] - R->ty[b];
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	return dx > dy ? dx + dy / 2 : dy + dx / 2; /* M-57 */
}

static inline const mqd_card *mq_def(const mq_rules *R, unsigned card)
{
	return R->def[card];
}

/* N of a keyword, 1 for one without N, 0 when absent. */
static inline int mq_kw(const mq_rules *R, unsigned card, int kw)
{
	const mqd_card *d = mq_def(R, card);
	if (!(d->kw & (1u << kw)))
		return 0;
	return d->kw_n[kw] ? d->kw_n[kw] : 1;
}

/* A unit or a boss. */
static inline int mq_is_unitlike(const mq_rules *R, unsigned card)
{
	int t = mq_def(R, card)->type;
	return t == MQD_UNIT || t == MQD_BOSS;
}

static inline int mq_has_attack(const mq_rules *R, unsigned card)
{
	return mq_is_unitlike(R, card) && mq_def(R, card)->attack != MQD_NONE;
}

/* The base of the card's pile. */
static inline unsigned mq_root(const mq_card *cs, unsigned card)
{
	while (cs[card].up != MQ_NONE)
		card = cs[card].up;
	return card;
}

static inline int mq_tile_of(const mq_rules *R, const void *st, unsigned card)
{
	const mq_card *cs = mq_ccards(R, st);
	return cs[mq_root(cs, card)].pos;
}

/* On the map and not waiting for a drop. */
static inline int mq_on_map(const mq_card *c)
{
	return c->zone == MQ_Z_MAP && !(c->flags & MQ_F_DROP);
}

/* What a tile is now: a destroyed wall is plain (M-82), and so are the
 * spawns and harbors of a seat out of the game (M-83). */
static inline int mq_tile_type(const mq_rules *R, const void *st, int tile)
{
	const mq_state *S = st;
	uint8_t v = R->tile[tile];
	int type = MQD_TILE_TYPE(v);
	if (type == MQD_TILE_WALL && mq_cwalls(R, st)[R->wall[tile]] >= 10)
		return MQD_TILE_PLAIN;
	if ((type == MQD_TILE_SPAWN || type == MQD_TILE_HARBOR) && S->seat[MQD_TILE_SEAT(v) - 1].out)
		return MQD_TILE_PLAIN;
	return type;
}

static inline int mq_paralysed(const mq_card *c)
{
	return c->mark[MQ_M_PARALYSIS] > 0;
}

#endif
