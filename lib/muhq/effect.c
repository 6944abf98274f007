/* The effect language (rules/muhq.md §23, grammar M-112): a card's
 * abilities field becomes ability and step records, checked for the
 * references each position allows (M-104, M-105, M-115 E_PRIM).  A
 * recursive-descent reader over one ability at a time; blanks are exactly
 * where the grammar puts them. */
#include <string.h>

#include "../core/error.h"
#include "mqd_impl.h"

typedef struct fx {
	mqb *b;
	const mqd_card *card;
	const char *s, *e; /* cursor and end of the current ability */
	const char *a;     /* the ability, for messages */
	size_t al;
	mqd_ability *ab;
} fx;

static int spell(const fx *x)
{
	return x->card->type == MQD_SPELL;
}

/* "in ability 'play {unit}: ...'" */
static const char *where(const fx *x, char *buf)
{
	return mqb_tok(buf, x->a, x->al);
}

/* The token at the cursor: up to a blank, ';', '}' or ')'. */
static const char *tok_here(const fx *x, char *buf)
{
	const char *p = x->s;
	while (p < x->e && *p != ' ' && *p != '\t' && *p != ';' && *p != '}' && *p != ')')
		p++;
	if (p == x->s)
		return x->s < x->e ? mqb_tok(buf, x->s, 1) : "the end";
	return mqb_tok(buf, x->s, (size_t)(p - x->s));
}

static int bad(fx *x, const char *expected)
{
	char t[TOKBUF], w[TOKBUF];
	return mqb_fail(x->b, MQD_E_SYNTAX, "expected %s at %s in ability %s", expected, tok_here(x, t), where(x, w));
}

static int lit(fx *x, const char *l)
{
	size_t n = strlen(l);
	if ((size_t)(x->e - x->s) >= n && memcmp(x->s, l, n) == 0) {
		x->s += n;
		return 1;
	}
	return 0;
}

static int blanks(fx *x)
{
	const char *p = x->s;
	while (x->s < x->e && (*x->s == ' ' || *x->s == '\t'))
		x->s++;
	return x->s > p;
}

static int at_word_end(const fx *x)
{
	return x->s == x->e || !((*x->s >= 'a' && *x->s <= 'z') || (*x->s >= 'A' && *x->s <= 'Z') ||
				  (*x->s >= '0' && *x->s <= '9') || *x->s == '_');
}

/* A whole word from a list: its index, or -1 (cursor unchanged). */
static int word(fx *x, const char *const *words, int n)
{
	for (int i = 0; i < n; i++) {
		const char *save = x->s;
		if (lit(x, words[i]) && at_word_end(x))
			return i;
		x->s = save;
	}
	return -1;
}

static int num(fx *x, int *v)
{
	char t[TOKBUF], w[TOKBUF];
	const char *p = x->s;
	while (x->s < x->e && *x->s >= '0' && *x->s <= '9')
		x->s++;
	if (x->s == p || !at_word_end(x)) {
		x->s = p;
		return bad(x, "an integer");
	}
	if (mqb_uint(p, (size_t)(x->s - p), MQD_NUM_MAX, v))
		return mqb_fail(x->b, MQD_E_RANGE, "number %s above %d in ability %s", mqb_tok(t, p, (size_t)(x->s - p)),
				MQD_NUM_MAX, where(x, w));
	return CRISK_OK;
}

static int sint(fx *x, int *v)
{
	int neg = 0;
	if (lit(x, "-"))
		neg = 1;
	else
		lit(x, "+");
	if (num(x, v))
		return CRISK_EFORMAT;
	if (neg)
		*v = -*v;
	return CRISK_OK;
}

static int sp(fx *x)
{
	return lit(x, " ") ? CRISK_OK : bad(x, "one blank");
}

static const char *const kind_words[] = {"unit", "boss", "artifact", "equipment", "permanent", "tile", "player"};

static int kinds(fx *x, uint8_t *mask)
{
	*mask = 0;
	do {
		int k = word(x, kind_words, 7);
		if (k < 0)
			return bad(x, "a kind (unit, boss, artifact, equipment, permanent, tile, player)");
		if (*mask & (1u << k))
			return bad(x, "a kind not yet given");
		*mask |= (uint8_t)(1u << k);
	} while (lit(x, "/"));
	return CRISK_OK;
}

static const char *const filter_words[] = {"own", "ally", "enemy", "damaged", "other", "free"};

/* The inside of {KINDS FILTER*} after '{', through '}'.  in_all: this is
 * @ALL{...}, which may end with an origin. */
static int spec_body(fx *x, mqd_spec *sp_, int in_all, uint8_t *origin, int *has_origin)
{
	char t[TOKBUF], w[TOKBUF];
	memset(sp_, 0, sizeof *sp_);
	sp_->r = sp_->near = MQD_NONE;
	if (kinds(x, &sp_->kinds))
		return CRISK_EFORMAT;
	for (;;) {
		if (lit(x, "}"))
			return CRISK_OK;
		if (!blanks(x))
			return bad(x, "a blank and a filter, or '}'");
		if (in_all && x->s < x->e && *x->s == '@') {
			static const char *const origins[] = {"@T1", "@T2", "@T", "@SELF"};
			static const uint8_t okind[] = {MQD_REF_T1, MQD_REF_T2, MQD_REF_T1, MQD_REF_SELF};
			int k = word(x, origins, 4);
			if (k < 0)
				return mqb_fail(x->b, MQD_E_PRIM, "origin %s in ability %s: it is @T, @T1, @T2 or @SELF",
						tok_here(x, t), where(x, w));
			*origin = okind[k];
			*has_origin = 1;
			if (!lit(x, "}"))
				return bad(x, "'}' after the origin");
			return CRISK_OK;
		}
		int f = word(x, filter_words, 6);
		if (f >= 0) {
			if (sp_->filters & (1u << f))
				return bad(x, "a filter not yet given");
			sp_->filters |= (uint8_t)(1u << f);
			continue;
		}
		int v;
		const char *save = x->s;
		if (lit(x, "near")) {
			if (sp_->near != MQD_NONE) {
				x->s = save;
				return bad(x, "a filter not yet given");
			}
			if (num(x, &v))
				return CRISK_EFORMAT;
			sp_->near = (int8_t)v;
			continue;
		}
		if (lit(x, "r") && x->s < x->e && *x->s >= '0' && *x->s <= '9') {
			if (sp_->r != MQD_NONE) {
				x->s = save;
				return bad(x, "a filter not yet given");
			}
			if (num(x, &v))
				return CRISK_EFORMAT;
			sp_->r = (int8_t)v;
			continue;
		}
		x->s = save;
		return bad(x, "a filter (own, ally, enemy, damaged, other, free, rN, nearN)");
	}
}

/* The kinds a reference can stand for. */
static uint8_t ref_kinds(const fx *x, const mqd_ref *r)
{
	switch (r->kind) {
	case MQD_REF_T1:
		return x->ab->spec[0].kinds;
	case MQD_REF_T2:
		return x->ab->spec[1].kinds;
	case MQD_REF_SELF:
		return MQD_K_PERMANENT;
	case MQD_REF_EQUIPPED:
		return MQD_K_UNIT;
	default:
		return r->all.kinds;
	}
}

/* A target reference must have its spec: @T2 needs two (M-115). */
static int need_spec(fx *x, int k, const char *name)
{
	char w[TOKBUF];
	int need = k == MQD_REF_T2 ? 2 : 1;
	if (x->ab->nspec < need)
		return mqb_fail(x->b, MQD_E_PRIM, "%s in ability %s, which declares %d target spec%s", name, where(x, w),
				x->ab->nspec, x->ab->nspec == 1 ? "" : "s");
	return CRISK_OK;
}

/* ref (M-112); ctrl_ok: the position takes a pref, so @CTRL(...) is fine. */
static int ref(fx *x, mqd_ref *r, int ctrl_ok)
{
	char t[TOKBUF], w[TOKBUF];
	memset(r, 0, sizeof *r);
	if (x->s >= x->e || *x->s != '@')
		return bad(x, "a reference (@T, @T1, @T2, @SELF, @EQUIPPED, @ALL{...})");
	if (lit(x, "@ALL{")) {
		int has_origin = 0;
		r->kind = MQD_REF_ALL;
		r->origin = MQD_REF_SELF;
		if (spec_body(x, &r->all, 1, &r->origin, &has_origin))
			return CRISK_EFORMAT;
		if (r->all.kinds & (MQD_K_TILE | MQD_K_PLAYER))
			return mqb_fail(x->b, MQD_E_PRIM, "@ALL{...} matches permanents only, not tiles or players, in ability %s",
					where(x, w));
		if (has_origin && r->origin != MQD_REF_SELF) {
			if (need_spec(x, r->origin, r->origin == MQD_REF_T2 ? "origin @T2" : "origin @T"))
				return CRISK_EFORMAT;
			mqd_ref o = {.kind = r->origin};
			if (ref_kinds(x, &o) & MQD_K_PLAYER)
				return mqb_fail(x->b, MQD_E_PRIM, "the origin of @ALL{...} is a player, who has no tile, in ability %s",
						where(x, w));
		}
		if (spell(x) && has_origin && r->origin == MQD_REF_SELF)
			return mqb_fail(x->b, MQD_E_PRIM, "origin @SELF in a spell, which has no source permanent: ability %s",
					where(x, w));
		if (spell(x) && !has_origin && r->all.r != MQD_NONE)
			return mqb_fail(x->b, MQD_E_PRIM,
					"@ALL{...} with rN in a spell needs an origin (@T, @T1, @T2): ability %s", where(x, w));
		return CRISK_OK;
	}
	if (lit(x, "@CTRL(")) {
		if (!ctrl_ok)
			return mqb_fail(x->b, MQD_E_PRIM, "@CTRL(...) names a player; only STEAL takes one: ability %s",
					where(x, w));
		if (ref(x, r, 0))
			return CRISK_EFORMAT;
		if (r->kind == MQD_REF_ALL)
			return mqb_fail(x->b, MQD_E_PRIM, "@CTRL(@ALL{...}) is not a single player: ability %s", where(x, w));
		if (ref_kinds(x, r) & (MQD_K_TILE | MQD_K_PLAYER))
			return mqb_fail(x->b, MQD_E_PRIM, "@CTRL(...) of a tile or player, which has no controller: ability %s",
					where(x, w));
		if (!lit(x, ")"))
			return bad(x, "')'");
		r->ctrl = 1;
		return CRISK_OK;
	}
	static const char *const names[] = {"@T1", "@T2", "@T", "@SELF", "@EQUIPPED"};
	static const uint8_t kinds_of[] = {MQD_REF_T1, MQD_REF_T2, MQD_REF_T1, MQD_REF_SELF, MQD_REF_EQUIPPED};
	int k = word(x, names, 5);
	if (k < 0)
		return mqb_fail(x->b, MQD_E_PRIM, "unknown reference %s in ability %s", tok_here(x, t), where(x, w));
	r->kind = kinds_of[k];
	if (r->kind == MQD_REF_T1 || r->kind == MQD_REF_T2)
		return need_spec(x, r->kind, names[k]);
	if (spell(x))
		return mqb_fail(x->b, MQD_E_PRIM, "%s in a spell, which has no source permanent: ability %s", names[k],
				where(x, w));
	return CRISK_OK;
}

/* A reference the step acts on as permanents (M-106). */
static int perm_ref(fx *x, mqd_ref *r, const char *op)
{
	char w[TOKBUF];
	if (ref(x, r, 0))
		return CRISK_EFORMAT;
	if (ref_kinds(x, r) & (MQD_K_TILE | MQD_K_PLAYER))
		return mqb_fail(x->b, MQD_E_PRIM, "%s acts on permanents, but its target may be a tile or player: ability %s",
				op, where(x, w));
	return CRISK_OK;
}

static const char *const ops[] = {"DAMAGE", "DESTROY", "HEAL", "ADD_MARK", "REMOVE_MARK", "GAIN", "DRAW",
				  "STEAL", "MOVE", "CONVERT", "BUFF", "STAT", "SPAWNS"};
static const char *const marks[] = {"poison", "paralysis", "ward", "faith"};
static const char *const stats[] = {"attack", "range", "move", "health"};

static int amount(fx *x, mqd_step *st)
{
	static const char *const all[] = {"all"};
	if (word(x, all, 1) == 0) {
		st->all = 1;
		return CRISK_OK;
	}
	int v;
	if (num(x, &v))
		return CRISK_EFORMAT;
	st->n = (int8_t)v;
	return CRISK_OK;
}

static int step(fx *x, mqd_step *st, int in_static)
{
	char t[TOKBUF], w[TOKBUF];
	memset(st, 0, sizeof *st);
	const char *p = x->s;
	while (x->s < x->e && ((*x->s >= 'A' && *x->s <= 'Z') || *x->s == '_'))
		x->s++;
	size_t n = (size_t)(x->s - p);
	x->s = p;
	if (!n)
		return bad(x, in_static ? "a static primitive (STAT, SPAWNS)" : "a primitive");
	int op = word(x, ops, 13);
	if (op < 0)
		return mqb_fail(x->b, MQD_E_PRIM, "unknown primitive %s in ability %s", mqb_tok(t, p, n), where(x, w));
	int is_static = op == MQD_OP_STAT || op == MQD_OP_SPAWNS;
	if (is_static != in_static)
		return mqb_fail(x->b, MQD_E_PRIM, "%s %s inside %s ability: ability %s", ops[op],
				is_static ? "is a static primitive," : "is not a static primitive,",
				in_static ? "a static" : "a non-static", where(x, w));
	st->op = (uint8_t)op;
	int v, k;
	if (sp(x))
		return CRISK_EFORMAT;
	switch (op) {
	case MQD_OP_DAMAGE:
		if (num(x, &v) || sp(x) || perm_ref(x, &st->ref, ops[op]))
			return CRISK_EFORMAT;
		st->n = (int8_t)v;
		return CRISK_OK;
	case MQD_OP_DESTROY:
	case MQD_OP_CONVERT:
		return perm_ref(x, &st->ref, ops[op]);
	case MQD_OP_HEAL:
		if (amount(x, st) || sp(x))
			return CRISK_EFORMAT;
		return perm_ref(x, &st->ref, ops[op]);
	case MQD_OP_ADD_MARK:
	case MQD_OP_REMOVE_MARK:
		if ((k = word(x, marks, 4)) < 0)
			return bad(x, "a mark (poison, paralysis, ward, faith)");
		st->arg = (uint8_t)k;
		if (sp(x))
			return CRISK_EFORMAT;
		if (op == MQD_OP_ADD_MARK) {
			if (num(x, &v))
				return CRISK_EFORMAT;
			st->n = (int8_t)v;
		} else if (amount(x, st)) {
			return CRISK_EFORMAT;
		}
		if (sp(x))
			return CRISK_EFORMAT;
		return perm_ref(x, &st->ref, ops[op]);
	case MQD_OP_GAIN:
	case MQD_OP_DRAW:
	case MQD_OP_SPAWNS:
		if (num(x, &v))
			return CRISK_EFORMAT;
		st->n = (int8_t)v;
		return CRISK_OK;
	case MQD_OP_STEAL:
		if (num(x, &v) || sp(x) || ref(x, &st->ref, 1))
			return CRISK_EFORMAT;
		st->n = (int8_t)v;
		if (!st->ref.ctrl && (st->ref.kind == MQD_REF_ALL || st->ref.kind == MQD_REF_SELF ||
				      st->ref.kind == MQD_REF_EQUIPPED || ref_kinds(x, &st->ref) != MQD_K_PLAYER))
			return mqb_fail(x->b, MQD_E_PRIM, "STEAL takes a single player: @CTRL(...) or a {player} target: ability %s",
					where(x, w));
		return CRISK_OK;
	case MQD_OP_MOVE:
		if (ref(x, &st->ref, 0))
			return CRISK_EFORMAT;
		if (st->ref.kind == MQD_REF_ALL || (ref_kinds(x, &st->ref) & (MQD_K_TILE | MQD_K_PLAYER)))
			return mqb_fail(x->b, MQD_E_PRIM, "MOVE moves a single unit: ability %s", where(x, w));
		if (sp(x) || ref(x, &st->ref2, 0))
			return CRISK_EFORMAT;
		if ((st->ref2.kind != MQD_REF_T1 && st->ref2.kind != MQD_REF_T2) || ref_kinds(x, &st->ref2) != MQD_K_TILE)
			return mqb_fail(x->b, MQD_E_PRIM, "MOVE needs a {tile} target as its destination: ability %s",
					where(x, w));
		if (sp(x) || num(x, &v))
			return CRISK_EFORMAT;
		st->n = (int8_t)v;
		return CRISK_OK;
	default: /* BUFF, STAT */
		if ((k = word(x, stats, 4)) < 0)
			return bad(x, "a stat (attack, range, move, health)");
		st->arg = (uint8_t)k;
		if (sp(x) || sint(x, &v) || sp(x))
			return CRISK_EFORMAT;
		st->n = (int8_t)v;
		if (perm_ref(x, &st->ref, ops[op]))
			return CRISK_EFORMAT;
		if (op == MQD_OP_STAT && st->ref.kind != MQD_REF_SELF && st->ref.kind != MQD_REF_EQUIPPED &&
		    st->ref.kind != MQD_REF_ALL)
			return mqb_fail(x->b, MQD_E_PRIM, "STAT applies to @SELF, @EQUIPPED or @ALL{...}: ability %s",
					where(x, w));
		return CRISK_OK;
	}
}

static int cost(fx *x)
{
	static const char *const costs[] = {"tap", "sac", "res", "dur", "discard"};
	int k = word(x, costs, 5);
	if (k < 0)
		return bad(x, "a cost (tap, sac, res N, dur N, discard N)");
	uint8_t bit = k == 0 ? MQD_COST_TAP : k == 1 ? MQD_COST_SAC : 0;
	uint8_t *slot = k == 2 ? &x->ab->res : k == 3 ? &x->ab->dur : k == 4 ? &x->ab->discard : NULL;
	/* A repeated cost is a typo, not a bigger cost. */
	if ((bit && (x->ab->costs & bit)) || (slot && *slot)) {
		char t[TOKBUF], w[TOKBUF];
		return mqb_fail(x->b, MQD_E_SYNTAX, "cost %s given twice in ability %s", mqb_tok(t, costs[k], strlen(costs[k])),
				where(x, w));
	}
	x->ab->costs |= bit;
	if (slot) {
		int v;
		if (sp(x) || num(x, &v))
			return CRISK_EFORMAT;
		if (v < 1)
			return mqb_fail(x->b, MQD_E_RANGE, "cost %s 0 in ability %s: a cost is 1 or more", costs[k],
					where(x, (char[TOKBUF]){0}));
		*slot = (uint8_t)v;
	}
	return CRISK_OK;
}

static int ability(fx *x)
{
	mqb *b = x->b;
	mqd_db *d = &b->db;
	mqd_ability *ab = x->ab;
	static const char *const kinds_[] = {"play", "full", "upkeep", "static"};
	static const uint8_t kind_of[] = {MQD_AB_PLAY, MQD_AB_FULL, MQD_AB_UPKEEP, MQD_AB_STATIC};
	int k = word(x, kinds_, 4);
	if (k >= 0) {
		ab->kind = kind_of[k];
	} else if (lit(x, "free(")) {
		ab->kind = MQD_AB_FREE;
		do {
			if (cost(x))
				return CRISK_EFORMAT;
		} while (lit(x, ","));
		if (!lit(x, ")"))
			return bad(x, "',' and a cost, or ')'");
	} else {
		return bad(x, "an ability kind (play, full, free(...), upkeep, static)");
	}
	if (ab->kind != MQD_AB_STATIC) {
		while (!lit(x, ":")) {
			if (!blanks(x) || !lit(x, "{"))
				return bad(x, "':' or a blank and a target spec '{...}'");
			if (ab->nspec == 2)
				return mqb_fail(b, MQD_E_SYNTAX, "more than two target specs in ability %s",
						where(x, (char[TOKBUF]){0}));
			mqd_spec *s = &ab->spec[ab->nspec];
			if (spec_body(x, s, 0, NULL, NULL))
				return CRISK_EFORMAT;
			if (s->r != MQD_NONE && spell(x))
				return mqb_fail(b, MQD_E_PRIM, "rN in a target spec of a spell, which has no source tile: ability %s",
						where(x, (char[TOKBUF]){0}));
			ab->nspec++;
		}
	} else if (!lit(x, ":")) {
		return bad(x, "':' after static");
	}
	if (!blanks(x))
		return bad(x, "a blank after ':'");
	ab->step0 = d->nstep;
	for (;;) {
		if (mqb_grow(b, (void **)&d->steps, &b->cap_step, d->nstep, sizeof *d->steps))
			return CRISK_ENOMEM;
		if (ab->nstep == UINT8_MAX)
			return mqb_fail(b, MQD_E_LIMIT, "too many steps in one ability");
		if (step(x, &d->steps[d->nstep], ab->kind == MQD_AB_STATIC))
			return CRISK_EFORMAT;
		d->nstep++;
		ab->nstep++;
		if (x->s == x->e)
			return CRISK_OK;
		if (!lit(x, ";"))
			return bad(x, "';' and the next step, or the end of the ability");
		if (!blanks(x))
			return bad(x, "a blank after ';'");
	}
}

int fx_parse(mqb *b, mqd_card *card, const char *s, size_t len)
{
	mqd_db *d = &b->db;
	const char *end = s + len;
	card->ab0 = d->nability;
	card->nab = 0;
	int plays = 0, others = 0, fulls = 0;
	for (;;) {
		/* Abilities are separated by " // " exactly (M-112). */
		const char *a = s, *sep = NULL;
		for (const char *p = s; p + 4 <= end; p++) {
			if (memcmp(p, " // ", 4) == 0) {
				sep = p;
				break;
			}
		}
		const char *ae = sep ? sep : end;
		if (mqb_grow(b, (void **)&d->abilities, &b->cap_ability, d->nability, sizeof *d->abilities))
			return CRISK_ENOMEM;
		mqd_ability *ab = &d->abilities[d->nability];
		memset(ab, 0, sizeof *ab);
		ab->spec[0].r = ab->spec[0].near = ab->spec[1].r = ab->spec[1].near = MQD_NONE;
		fx x = {b, card, a, ae, a, (size_t)(ae - a), ab};
		if (ability(&x))
			return CRISK_EFORMAT;
		d->nability++;
		card->nab++;
		plays += ab->kind == MQD_AB_PLAY;
		fulls += ab->kind == MQD_AB_FULL;
		others += ab->kind != MQD_AB_PLAY;
		if (!sep)
			break;
		s = sep + 4;
	}
	/* M-111: what each type may carry. */
	if (card->type == MQD_SPELL && (plays != 1 || others))
		return mqb_fail(b, MQD_E_TYPE, "a spell has exactly one play ability and no other (it has %d play, %d other)",
				plays, others);
	if ((card->type == MQD_ARTIFACT || card->type == MQD_EQUIPMENT) && fulls)
		return mqb_fail(b, MQD_E_TYPE, "an artifact or equipment has no full ability");
	return CRISK_OK;
}
