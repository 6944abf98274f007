/* muhq's data files (.mqd, rules/muhq.md §23-§24): cards, card lists and maps
 * parsed once into flat, immutable tables, so the rules read typed data and
 * never text.  Everything is addressed by index; strings live in one pool.
 *
 * A database is built file by file: mqd_load(&next, prev, ...) returns a new
 * database holding prev's definitions plus the file's, and leaves prev as it
 * was.  A file that fails adds nothing (there is no partial result), so a
 * host's broken set never disturbs the built-in data. */
#ifndef CRISK_MUHQ_MQD_H
#define CRISK_MUHQ_MQD_H

#include <stddef.h>
#include <stdint.h>

/* Limits of the format (M-109, M-114) and of this loader. */
#define MQD_LINE_MAX 1024        /* bytes per line, without CR LF */
#define MQD_FILE_MAX (1u << 20)  /* bytes per file (1 MiB) */
#define MQD_NUM_MAX 99           /* card fields and effect amounts */
#define MQD_MAP_SIDE_MAX 64
#define MQD_AREAS_MAX 64         /* per map */
#define MQD_LIST_CARDS_MAX 999   /* cards in one deck or store, copies counted */
#define MQD_SEATS_MAX 4

/* A buy or play cost of `none`, a stat of `-`, an absent spec range. */
#define MQD_NONE (-1)
/* No list (a map without ai_deck). */
#define MQD_NOIDX UINT32_MAX

/* Error classes of M-115; mqd_load reports one as "E_..." in its message. */
enum {
	MQD_E_SYNTAX = 1,
	MQD_E_FIELDS,
	MQD_E_TYPE,
	MQD_E_KEYWORD,
	MQD_E_PRIM,
	MQD_E_DUP,
	MQD_E_UNKNOWN,
	MQD_E_MAPKEY,
	MQD_E_GRID,
	MQD_E_SEAT,
	MQD_E_PLACE,
	MQD_E_RANGE,
	MQD_E_LIMIT
};

/* Card types (M-11). */
enum { MQD_UNIT, MQD_SPELL, MQD_ARTIFACT, MQD_EQUIPMENT, MQD_BOSS };

/* Keywords (M-108); kw_n holds N, or 0 for those without a number. */
enum {
	MQD_KW_SWIMMING,
	MQD_KW_AMPHIBIOUS,
	MQD_KW_CREW,
	MQD_KW_SOLID,
	MQD_KW_DURABILITY,
	MQD_KW_FARMER,
	MQD_KW_KING,
	MQD_KW_ARMOR,
	MQD_KW_CHARGE,
	MQD_KW_BRACE,
	MQD_KW_VENOM,
	MQD_KW_STUN,
	MQD_KW_PLUNDER,
	MQD_KW_BROOD,
	MQD_KW_REGENERATE,
	MQD_KW_COUNT
};

/* AI tags (§21); ai_arg is N of wandering, a MQD_TILE_* of target-oriented. */
enum { MQD_AI_NONE, MQD_AI_AGGRESSIVE, MQD_AI_SHY, MQD_AI_SUPPORTIVE, MQD_AI_WANDERING, MQD_AI_TARGET };

/* Tile types (M-81). */
enum {
	MQD_TILE_PLAIN,
	MQD_TILE_HOUSE,
	MQD_TILE_TOWER,
	MQD_TILE_FARM,
	MQD_TILE_STREET,
	MQD_TILE_DEEP,
	MQD_TILE_WATER,
	MQD_TILE_WALL,
	MQD_TILE_GATE,
	MQD_TILE_SPAWN,
	MQD_TILE_HARBOR,
	MQD_TILE_COUNT
};
/* A map tile is one byte: the type in the low nibble, the seat (1-4) of a
 * spawn or harbor in the high one. */
#define MQD_TILE_TYPE(t) ((t) & 0x0f)
#define MQD_TILE_SEAT(t) ((t) >> 4)

/* Ability kinds (M-103). */
enum { MQD_AB_PLAY, MQD_AB_FULL, MQD_AB_FREE, MQD_AB_UPKEEP, MQD_AB_STATIC };

/* Target kinds (M-104), a bit mask. */
#define MQD_K_UNIT 0x01
#define MQD_K_BOSS 0x02
#define MQD_K_ARTIFACT 0x04
#define MQD_K_EQUIPMENT 0x08
#define MQD_K_PERMANENT 0x10
#define MQD_K_TILE 0x20
#define MQD_K_PLAYER 0x40

/* Target filters (M-104) without a number, a bit mask. */
#define MQD_F_OWN 0x01
#define MQD_F_ALLY 0x02
#define MQD_F_ENEMY 0x04
#define MQD_F_DAMAGED 0x08
#define MQD_F_OTHER 0x10
#define MQD_F_FREE 0x20

/* A target spec `{KINDS FILTER*}`, also the filter of @ALL{...}. */
typedef struct mqd_spec {
	uint8_t kinds;   /* MQD_K_* */
	uint8_t filters; /* MQD_F_* */
	int8_t r;        /* rN, or MQD_NONE */
	int8_t near;     /* nearN, or MQD_NONE */
} mqd_spec;

/* References (M-105). */
enum {
	MQD_REF_NONE, /* a step without this operand */
	MQD_REF_T1,   /* @T and @T1 */
	MQD_REF_T2,
	MQD_REF_SELF,
	MQD_REF_EQUIPPED,
	MQD_REF_ALL
};

typedef struct mqd_ref {
	uint8_t kind;   /* MQD_REF_* */
	uint8_t ctrl;   /* 1: @CTRL(kind), the player who controls it */
	uint8_t origin; /* @ALL: MQD_REF_T1, _T2 or _SELF (also the default) */
	mqd_spec all;   /* @ALL: what matches */
} mqd_ref;

/* Primitives (M-106) and static primitives (M-107). */
enum {
	MQD_OP_DAMAGE,      /* n ref */
	MQD_OP_DESTROY,     /* ref */
	MQD_OP_HEAL,        /* n|all ref */
	MQD_OP_ADD_MARK,    /* arg=mark n ref */
	MQD_OP_REMOVE_MARK, /* arg=mark n|all ref */
	MQD_OP_GAIN,        /* n */
	MQD_OP_DRAW,        /* n */
	MQD_OP_STEAL,       /* n ref (a player: @T* or @CTRL) */
	MQD_OP_MOVE,        /* ref (unit) ref2 (tile) n */
	MQD_OP_CONVERT,     /* ref */
	MQD_OP_BUFF,        /* arg=stat n (signed) ref */
	MQD_OP_STAT,        /* static: arg=stat n (signed) ref */
	MQD_OP_SPAWNS       /* static: n */
};

enum { MQD_MARK_POISON, MQD_MARK_PARALYSIS, MQD_MARK_WARD, MQD_MARK_FAITH };
enum { MQD_STAT_ATTACK, MQD_STAT_RANGE, MQD_STAT_MOVE, MQD_STAT_HEALTH };

typedef struct mqd_step {
	uint8_t op;  /* MQD_OP_* */
	uint8_t arg; /* MQD_MARK_* or MQD_STAT_* */
	uint8_t all; /* 1: the amount is `all` (HEAL, REMOVE_MARK) */
	int8_t n;    /* the amount, -99..99 */
	mqd_ref ref, ref2;
} mqd_step;

/* Costs of a free action (M-35). */
#define MQD_COST_TAP 0x01
#define MQD_COST_SAC 0x02

typedef struct mqd_ability {
	uint8_t kind;    /* MQD_AB_* */
	uint8_t nspec;   /* 0-2 */
	uint8_t from_kw; /* 1: the expansion of Brood or Regenerate (M-108) */
	uint8_t costs;   /* MQD_COST_* */
	uint8_t res, dur, discard;
	uint8_t nstep;
	mqd_spec spec[2];
	uint32_t step0; /* first of nstep in mqd_db.steps */
} mqd_ability;

/* A card (M-10, M-110).  Numbers are 0-99 or MQD_NONE. */
typedef struct mqd_card {
	uint32_t name, set; /* offsets in mqd_db.str */
	uint8_t type;       /* MQD_UNIT... */
	int8_t buy, play, upkeep, health, move, attack, range;
	uint16_t kw;        /* bit k set: keyword k (MQD_KW_*) present */
	uint8_t kw_n[MQD_KW_COUNT];
	uint8_t ai, ai_arg; /* MQD_AI_* */
	uint32_t ab0, nab;  /* abilities in mqd_db.abilities */
	uint32_t line;
} mqd_card;

/* A deck or store line (M-113): entries in file order. */
typedef struct mqd_entry {
	uint32_t card;  /* index in mqd_db.cards */
	uint32_t count; /* copies, >= 1 */
} mqd_entry;

typedef struct mqd_list {
	uint32_t id;       /* offset in mqd_db.str */
	uint8_t store;     /* 0: deck line, 1: store line */
	uint32_t e0, ne;   /* entries in mqd_db.entries */
	uint32_t total;    /* copies over all entries */
	uint32_t line;
} mqd_list;

/* Win conditions (M-84). */
enum { MQD_WIN_KING, MQD_WIN_CAPTURE, MQD_WIN_RESOURCE, MQD_WIN_KRAKEN };

typedef struct mqd_area {
	uint32_t id; /* offset in mqd_db.str */
	uint8_t x, y, w, h;
} mqd_area;

/* The seat of `place K` (spec seats are 1-4). */
#define MQD_SEAT_K 5

typedef struct mqd_place {
	uint8_t seat; /* 1-4 or MQD_SEAT_K */
	uint8_t x, y;
	uint32_t card;
} mqd_place;

typedef struct mqd_map {
	uint32_t id, title;        /* offsets in mqd_db.str (title: the id when absent) */
	uint8_t pmin, pmax;        /* players A-B */
	uint8_t w, h;
	uint8_t gain;
	uint8_t start[MQD_SEATS_MAX]; /* start_resource per seat (0 when absent) */
	uint8_t win;               /* MQD_WIN_* */
	uint16_t win_n;            /* N of capture, resource, kraken */
	uint16_t limit;            /* round limit, default 40 */
	uint32_t deck, store, ai_deck; /* indices in mqd_db.lists; ai_deck may be MQD_NOIDX */
	uint32_t area0, narea;     /* in mqd_db.areas */
	uint32_t place0, nplace;   /* in mqd_db.places, file order */
	uint32_t tile0;            /* w*h tiles in mqd_db.tiles, reading order (M-5) */
	uint32_t line;
} mqd_map;

/* The database: read the arrays directly, never write them. */
typedef struct mqd_db {
	mqd_card *cards;
	mqd_ability *abilities;
	mqd_step *steps;
	mqd_list *lists;
	mqd_entry *entries;
	mqd_map *maps;
	mqd_area *areas;
	mqd_place *places;
	uint8_t *tiles;
	char *str;
	uint32_t ncard, nability, nstep, nlist, nentry, nmap, narea, nplace, ntile;
	uint32_t nstr;
	/* Name index (cards, lists, maps): open addressing, hcap a power of 2. */
	uint32_t *hash;
	uint32_t hcap, hused;
} mqd_db;

/* Where and how loading failed (optional out-parameter of mqd_load). */
typedef struct mqd_diag {
	uint32_t line; /* 1-based; 0 when not about a line (out of memory) */
	int cls;       /* MQD_E_*, 0 when not a format error */
} mqd_diag;

/* Parses text[0..len) as one .mqd file on top of prev (NULL: nothing loaded
 * before; references may name prev's cards and lists) and stores a new
 * database with both in *out.  prev stays valid and unchanged; the caller
 * frees both.  file names the file in messages (NULL: "line N: ...").
 * Returns CRISK_OK; CRISK_EFORMAT with "FILE:N: E_CLASS: problem" (the first
 * error only) and *out = NULL; CRISK_ENOMEM; CRISK_EINVAL for NULL out or
 * text.  diag, when not NULL, receives the line and class of the failure. */
int mqd_load(mqd_db **out, const mqd_db *prev, const char *file, const char *text, size_t len,
	     mqd_diag *diag);

/* The built-in data (lib/data/muhq-builtin.mqd, extracted from rules/muhq.md). */
int mqd_load_builtin(mqd_db **out);

void mqd_free(mqd_db *db);

/* A string of the pool (never NULL for offsets the tables hold). */
const char *mqd_str(const mqd_db *db, uint32_t off);

/* Look-ups by exact name; MQD_NOIDX when absent. */
uint32_t mqd_find_card(const mqd_db *db, const char *name);
uint32_t mqd_find_list(const mqd_db *db, const char *id);
uint32_t mqd_find_map(const mqd_db *db, const char *id);

/* The name of an error class ("E_SYNTAX"...), "?" for others. */
const char *mqd_class_name(int cls);

#endif
