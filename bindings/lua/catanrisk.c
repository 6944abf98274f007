/* Lua 5.4 binding of libcatanrisk: `local catanrisk = require "catanrisk"`.
 *
 * Conventions (the usual ones of Lua libraries such as io):
 * - a failure the library reports (illegal action, bad parameter, unreadable
 *   text, seat out of range, ...) returns nil, message, code, where message is
 *   crisk_error_last() and code the negative CRISK_E* value;
 * - misuse of the binding itself (wrong argument types, a closed handle) raises
 *   a Lua error.
 * Rules and games are full userdata with __gc and __close, so
 * `local game <close> = rules:new_game()` frees the game at the end of the
 * block.  Action codes are Lua integers (the 64 bits reinterpreted).  Saves
 * (binary and JSON) and game records are Lua strings (binary saves hold any
 * byte, NUL included).  Only the public API is used.
 */
#include <catanrisk.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#define RULES_MT "catanrisk.rules"
#define GAME_MT "catanrisk.game"

/* Modules whose action codes follow the Catan-family layout of catan.h, so
 * crisk_catan_action_decode() applies: the binding's only list of module names.
 * Every other module (muhq, modules loaded from shared objects) is handled
 * without module-specific code: game:decode() gives its type and name. */
static const char *const catan_family[] = {"base", "two_player", "risk", "hawaii"};

typedef struct lrules {
	crisk_rules *rules;
	/* Rules of a game (game:rules()): the C API takes a reference to rules
	 * only by creating a game of them, so this small game (event log off)
	 * holds them; rules is then borrowed from it. */
	crisk_game *keep;
} lrules;

typedef struct lgame {
	crisk_game *game;
	/* What the C API sets but cannot be asked for: kept here for the getters. */
	lua_Integer undo_depth;
	int recording;
} lgame;

/* nil, message, code: the shape of every expected failure. */
static int fail(lua_State *L, int rc)
{
	const char *msg = crisk_error_last();
	lua_pushnil(L);
	lua_pushstring(L, msg && *msg ? msg : crisk_strerror(rc));
	lua_pushinteger(L, rc);
	return 3;
}

/* Same shape for failures the binding detects before calling the library. */
static int fail_msg(lua_State *L, int rc, const char *msg)
{
	lua_pushnil(L);
	lua_pushstring(L, msg);
	lua_pushinteger(L, rc);
	return 3;
}

static int ok(lua_State *L)
{
	lua_pushboolean(L, 1);
	return 1;
}

static crisk_rules *check_rules(lua_State *L, int idx)
{
	lrules *u = luaL_checkudata(L, idx, RULES_MT);
	if (!u->rules)
		luaL_error(L, "attempt to use closed rules");
	return u->rules;
}

static crisk_game *check_game(lua_State *L, int idx)
{
	lgame *u = luaL_checkudata(L, idx, GAME_MT);
	if (!u->game)
		luaL_error(L, "attempt to use a closed game");
	return u->game;
}

/* An integer argument that must fit a C int (seats, viewers); 0 when it does not. */
static int int_arg(lua_State *L, int idx, lua_Integer dflt, int *out)
{
	lua_Integer v = luaL_optinteger(L, idx, dflt);
	if (v < INT_MIN || v > INT_MAX)
		return 0;
	*out = (int)v;
	return 1;
}

/* --------------------------------------------------------------- text buffers */

/* A text-returning library call, bound to its leading arguments. */
typedef struct text_call {
	int kind;
	const void *obj;
	crisk_action action;
	uint64_t since;
	int viewer;
} text_call;

enum { T_PARAMS, T_BOARD, T_ACTION, T_VIEW, T_EVENTS, T_SAVE, T_SAVE_JSON, T_RECORD };

static int call_text(const text_call *c, char *buf, size_t cap, size_t *len)
{
	switch (c->kind) {
	case T_PARAMS:
		return crisk_rules_params(c->obj, buf, cap, len);
	case T_BOARD:
		return crisk_rules_board_json(c->obj, buf, cap, len);
	case T_ACTION:
		return crisk_game_action_to_string(c->obj, c->action, buf, cap, len);
	case T_VIEW:
		return crisk_game_to_json(c->obj, c->viewer, buf, cap, len);
	case T_SAVE:
		return crisk_game_save(c->obj, buf, cap, len);
	case T_SAVE_JSON:
		return crisk_game_save_json(c->obj, buf, cap, len);
	case T_RECORD:
		return crisk_game_record(c->obj, buf, cap, len);
	default:
		return crisk_game_events_json(c->obj, c->since, c->viewer, buf, cap, len);
	}
}

/* Pushes the text (or binary save), growing on CRISK_EBUFSIZE to one byte more
 * than the reported length (room for the NUL of text calls); returns 1 or the
 * fail() count.
 * The large buffer is a userdata so a Lua error cannot leak it. */
static int push_text(lua_State *L, const text_call *c)
{
	char small[256];
	size_t len = 0;
	int rc = call_text(c, small, sizeof small, &len);
	if (rc == CRISK_OK) {
		lua_pushlstring(L, small, len);
		return 1;
	}
	for (int round = 0; rc == CRISK_EBUFSIZE && round < 3; round++) {
		size_t cap = len + 1;
		char *big = lua_newuserdatauv(L, cap, 0);
		rc = call_text(c, big, cap, &len);
		if (rc == CRISK_OK) {
			lua_pushlstring(L, big, len);
			lua_remove(L, -2);
			return 1;
		}
		lua_pop(L, 1);
	}
	return fail(L, rc);
}

/* ----------------------------------------------------------------- module */

static int l_version(lua_State *L)
{
	int major, minor, patch;
	lua_pushstring(L, crisk_version(&major, &minor, &patch));
	lua_pushinteger(L, major);
	lua_pushinteger(L, minor);
	lua_pushinteger(L, patch);
	return 4;
}

static int l_strerror(lua_State *L)
{
	lua_Integer code = luaL_checkinteger(L, 1);
	lua_pushstring(L, crisk_strerror(code < INT_MIN || code > INT_MAX ? INT_MIN : (int)code));
	return 1;
}

static int cmp_strings(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Builds "k=v k=v" from a table, keys sorted so errors and canonical forms
 * do not depend on table order.  Returns NULL (message pushed) when a value
 * cannot be written as a single word; raises for non-string keys or values
 * of the wrong type. */
static const char *params_from_table(lua_State *L, int idx)
{
	size_t n = 0;
	lua_pushnil(L);
	while (lua_next(L, idx)) {
		if (lua_type(L, -2) != LUA_TSTRING)
			luaL_error(L, "parameter names must be strings, got %s", luaL_typename(L, -2));
		n++;
		lua_pop(L, 1);
	}
	const char **keys = lua_newuserdatauv(L, (n ? n : 1) * sizeof *keys, 0);
	size_t i = 0;
	lua_pushnil(L);
	while (lua_next(L, idx)) {
		keys[i++] = lua_tostring(L, -2); /* anchored by the table */
		lua_pop(L, 1);
	}
	qsort(keys, n, sizeof *keys, cmp_strings);

	/* One "key=value" string per parameter on the stack, then one concat. */
	luaL_checkstack(L, (int)n + 4, "too many parameters");
	for (i = 0; i < n; i++) {
		const char *v;
		size_t len = 1;
		lua_getfield(L, idx, keys[i]);
		switch (lua_type(L, -1)) {
		case LUA_TBOOLEAN:
			v = lua_toboolean(L, -1) ? "1" : "0";
			break;
		case LUA_TNUMBER:
		case LUA_TSTRING:
			v = lua_tolstring(L, -1, &len);
			break;
		default:
			luaL_error(L, "parameter '%s': expected a string, number or boolean, got %s", keys[i],
				   luaL_typename(L, -1));
			return NULL;
		}
		/* The library splits on spaces and ';': such a value would be misread as another key. */
		if (strlen(v) != len || strpbrk(v, " \t\r\n;=")) {
			lua_pushfstring(L, "parameter %s: value '%s' may not contain spaces, ';', '=' or NUL", keys[i], v);
			return NULL;
		}
		lua_pushfstring(L, "%s%s=%s", i ? " " : "", keys[i], v);
		lua_remove(L, -2);
	}
	lua_concat(L, (int)n);
	return lua_tostring(L, -1);
}

/* The parameters at argument i: a string, a table of key = value, or
 * nothing.  NULL after pushing a message when the table is not valid. */
static const char *params_arg(lua_State *L, int i)
{
	int t = lua_type(L, i);
	if (t == LUA_TTABLE)
		return params_from_table(L, i);
	if (t == LUA_TNONE || t == LUA_TNIL)
		return "";
	return luaL_checkstring(L, i);
}

/* A new, empty rules userdata on the stack (collected if creation fails). */
static lrules *new_rules_udata(lua_State *L)
{
	lrules *u = lua_newuserdatauv(L, sizeof *u, 0);
	u->rules = NULL;
	u->keep = NULL;
	luaL_setmetatable(L, RULES_MT);
	return u;
}

/* Rules from a name (argument 1) and parameters (argument 2: nil, a string
 * "players=4 seed=7", or a table {players = 4, seed = 7}) through `create`:
 * crisk_rules_new or crisk_rules_new_from_file. */
static int new_rules(lua_State *L, int (*create)(crisk_rules **, const char *, const char *))
{
	const char *name = luaL_checkstring(L, 1);
	const char *params = params_arg(L, 2);
	if (!params)
		return fail_msg(L, CRISK_EPARAM, lua_tostring(L, -1));
	lrules *u = new_rules_udata(L);
	int rc = create(&u->rules, name, params);
	if (rc)
		return fail(L, rc);
	return 1;
}

/* catanrisk.rules(module [, params [, data]]) -> rules | nil, msg, code
 * data: a data text of the host (muhq: a .mqd text read on top of its built-in
 * data, docs/mqd.md; hawaii: a catanmap played instead of the built-in map,
 * docs/catanmap.md), a string of any bytes; nil or absent for none.  The rules keep the text (rules:data()); saves and records carry it. */
static int l_rules(lua_State *L)
{
	if (lua_isnoneornil(L, 3))
		return new_rules(L, crisk_rules_new);
	const char *name = luaL_checkstring(L, 1);
	luaL_checktype(L, 3, LUA_TSTRING); /* not a number converted to text */
	size_t len;
	const char *data = lua_tolstring(L, 3, &len);
	const char *params = params_arg(L, 2);
	if (!params)
		return fail_msg(L, CRISK_EPARAM, lua_tostring(L, -1));
	lrules *u = new_rules_udata(L);
	int rc = crisk_rules_new_with_data(&u->rules, name, params, data, len);
	if (rc)
		return fail(L, rc);
	return 1;
}

/* catanrisk.rules_from_data_file(module, path [, params]) -> rules | nil, msg, code:
 * catanrisk.rules(module, params, data) with the text of a file, read once here. */
static int l_rules_from_data_file(lua_State *L)
{
	const char *name = luaL_checkstring(L, 1);
	luaL_checktype(L, 2, LUA_TSTRING);
	size_t len;
	const char *path = lua_tolstring(L, 2, &len);
	if (strlen(path) != len)
		luaL_argerror(L, 2, "path contains a NUL byte");
	const char *params = params_arg(L, 3);
	if (!params)
		return fail_msg(L, CRISK_EPARAM, lua_tostring(L, -1));
	lrules *u = new_rules_udata(L);
	int rc = crisk_rules_new_with_data_file(&u->rules, name, params, path);
	if (rc)
		return fail(L, rc);
	return 1;
}

/* catanrisk.rules_from_file(path [, params]) -> rules | nil, msg, code:
 * a rule module loaded from a shared object (docs/modules.md). */
static int l_rules_from_file(lua_State *L)
{
	return new_rules(L, crisk_rules_new_from_file);
}

/* The parameter list of a built-in module by name (module set) or of the
 * module of a rules object: { {name=, type=, default=, accepted=, help=}, ... } | nil, msg, code */
static int push_param_list(lua_State *L, const char *module, const crisk_rules *rules)
{
	int n = module ? crisk_module_param_count(module) : crisk_rules_param_count(rules);
	if (n < 0)
		return fail(L, n);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		crisk_param_info info;
		int rc = crisk_param_info_init(&info, CRISK_PARAM_INFO_VERSION);
		if (!rc && module)
			rc = crisk_module_param_info(&info, module, i);
		else if (!rc)
			rc = crisk_rules_param_info(&info, rules, i);
		if (rc)
			return fail(L, rc);
		lua_createtable(L, 0, 5);
		lua_pushstring(L, info.name);
		lua_setfield(L, -2, "name");
		lua_pushstring(L, info.type);
		lua_setfield(L, -2, "type");
		lua_pushstring(L, info.default_value);
		lua_setfield(L, -2, "default");
		lua_pushstring(L, info.accepted);
		lua_setfield(L, -2, "accepted");
		lua_pushstring(L, info.help);
		lua_setfield(L, -2, "help");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* catanrisk.params(module) -> { {name=, type=, default=, accepted=, help=}, ... } | nil, msg, code */
static int l_params(lua_State *L)
{
	return push_param_list(L, luaL_checkstring(L, 1), NULL);
}

static lgame *new_game_udata(lua_State *L)
{
	lgame *u = lua_newuserdatauv(L, sizeof *u, 0);
	u->game = NULL;
	u->undo_depth = 0;
	u->recording = 0;
	luaL_setmetatable(L, GAME_MT);
	return u;
}

/* An undo depth or step count argument: a non-negative integer. */
static size_t count_arg(lua_State *L, int idx, lua_Integer dflt, const char *what)
{
	lua_Integer n = luaL_optinteger(L, idx, dflt);
	if (n < 0)
		luaL_argerror(L, idx, lua_pushfstring(L, "%s is not negative", what));
	return (size_t)n;
}

/* catanrisk.game(rules [, options]) or rules:new_game([options]) -> game | nil, msg, code
 * options: { record = true (record from the start), undo_depth = n } */
static int l_game(lua_State *L)
{
	crisk_rules *r = check_rules(L, 1);
	int record = 0;
	lua_Integer depth = 0;
	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		lua_getfield(L, 2, "record");
		record = lua_toboolean(L, -1);
		lua_pop(L, 1);
		if (lua_getfield(L, 2, "undo_depth") != LUA_TNIL) {
			int isint;
			depth = lua_tointegerx(L, -1, &isint);
			if (!isint || depth < 0)
				luaL_argerror(L, 2, "undo_depth must be a non-negative integer");
		}
		lua_pop(L, 1);
	}
	lgame *u = new_game_udata(L);
	int rc = crisk_game_new(&u->game, r);
	if (!rc && record && !(rc = crisk_game_set_recording(u->game, 1)))
		u->recording = 1;
	if (!rc && depth && !(rc = crisk_game_set_undo_depth(u->game, (size_t)depth)))
		u->undo_depth = depth;
	if (rc)
		return fail(L, rc); /* the half-made game is collected */
	return 1;
}

/* A string argument of a load function; numbers are not taken for strings. */
static const char *data_arg(lua_State *L, int idx, size_t *len)
{
	luaL_checktype(L, idx, LUA_TSTRING);
	return lua_tolstring(L, idx, len);
}

/* catanrisk.load(data [, rules]) -> game | nil, msg, code   (binary save of game:save()); rules (any of
 * the module) name a module loaded from a shared object, whose saves only load so. */
static int l_load(lua_State *L)
{
	size_t len;
	const char *data = data_arg(L, 1, &len);
	const crisk_rules *like = lua_isnoneornil(L, 2) ? NULL : check_rules(L, 2);
	lgame *u = new_game_udata(L);
	int rc = like ? crisk_game_load_as(&u->game, like, data, len) : crisk_game_load(&u->game, data, len);
	return rc ? fail(L, rc) : 1;
}

/* catanrisk.load_json(text [, rules]) -> game | nil, msg, code   (JSON save of game:save_json()) */
static int l_load_json(lua_State *L)
{
	size_t len;
	const char *text = data_arg(L, 1, &len);
	const crisk_rules *like = lua_isnoneornil(L, 2) ? NULL : check_rules(L, 2);
	lgame *u = new_game_udata(L);
	int rc = like ? crisk_game_load_json_as(&u->game, like, text, len) : crisk_game_load_json(&u->game, text, len);
	return rc ? fail(L, rc) : 1;
}

/* catanrisk.replay(record [, rules]) -> game | nil, msg, code   (text of game:record()); the game records */
static int l_replay(lua_State *L)
{
	size_t len;
	const char *text = data_arg(L, 1, &len);
	const crisk_rules *like = lua_isnoneornil(L, 2) ? NULL : check_rules(L, 2);
	lgame *u = new_game_udata(L);
	int rc = like ? crisk_record_replay_as(&u->game, like, text, len) : crisk_record_replay(&u->game, text, len);
	if (rc)
		return fail(L, rc);
	u->recording = 1;
	return 1;
}

/* ------------------------------------------------------------------ rules */

static int r_module(lua_State *L)
{
	lua_pushstring(L, crisk_rules_module(check_rules(L, 1)));
	return 1;
}

static int r_seats(lua_State *L)
{
	lua_pushinteger(L, crisk_rules_num_seats(check_rules(L, 1)));
	return 1;
}

static int r_params(lua_State *L)
{
	text_call c = {.kind = T_PARAMS, .obj = check_rules(L, 1)};
	return push_text(L, &c);
}

static int r_board_json(lua_State *L)
{
	text_call c = {.kind = T_BOARD, .obj = check_rules(L, 1)};
	return push_text(L, &c);
}

/* rules:data() -> the host data text (a string), or nil when the rules have none */
static int r_data(lua_State *L)
{
	const char *data;
	size_t len;
	int rc = crisk_rules_data(check_rules(L, 1), &data, &len);
	if (rc)
		return fail(L, rc);
	if (data)
		lua_pushlstring(L, data, len);
	else
		lua_pushnil(L);
	return 1;
}

/* rules:parameters() -> the parameter list of the rules' module (any module, also loaded ones) */
static int r_parameters(lua_State *L)
{
	return push_param_list(L, NULL, check_rules(L, 1));
}

static int r_close(lua_State *L)
{
	lrules *u = luaL_checkudata(L, 1, RULES_MT);
	if (u->keep)
		crisk_game_free(u->keep); /* the rules belong to it */
	else
		crisk_rules_free(u->rules);
	u->keep = NULL;
	u->rules = NULL;
	return 0;
}

static int r_tostring(lua_State *L)
{
	lrules *u = luaL_checkudata(L, 1, RULES_MT);
	if (u->rules)
		lua_pushfstring(L, "catanrisk.rules(%s, %d seats)", crisk_rules_module(u->rules),
				crisk_rules_num_seats(u->rules));
	else
		lua_pushliteral(L, "catanrisk.rules (closed)");
	return 1;
}

/* ------------------------------------------------------------------- game */

static int is_catan(const crisk_game *g)
{
	const char *name = crisk_rules_module(crisk_game_rules(g));
	for (size_t i = 0; i < sizeof catan_family / sizeof catan_family[0]; i++)
		if (name && strcmp(name, catan_family[i]) == 0)
			return 1;
	return 0;
}

/* An action argument: an integer code or a text form.  Returns CRISK_OK or
 * the library's code for unreadable text; raises for other types. */
static int action_arg(lua_State *L, crisk_game *g, int idx, crisk_action *out)
{
	switch (lua_type(L, idx)) {
	case LUA_TNUMBER:
		*out = (crisk_action)luaL_checkinteger(L, idx);
		return CRISK_OK;
	case LUA_TSTRING: {
		size_t len;
		const char *text = lua_tolstring(L, idx, &len);
		if (strlen(text) != len) {
			lua_pushliteral(L, "action text contains a NUL character");
			return CRISK_EFORMAT;
		}
		return crisk_game_action_from_string(out, g, text);
	}
	default:
		return luaL_typeerror(L, idx, "action code (integer) or text");
	}
}

/* fail() for action_arg(), which pushed its own message for the NUL case. */
static int fail_action(lua_State *L, int rc, int pushed)
{
	return pushed ? fail_msg(L, rc, lua_tostring(L, -1)) : fail(L, rc);
}

static int g_apply_or_check(lua_State *L, int apply)
{
	crisk_game *g = check_game(L, 1);
	crisk_action a;
	int top = lua_gettop(L);
	int rc = action_arg(L, g, 2, &a);
	if (rc)
		return fail_action(L, rc, lua_gettop(L) > top);
	rc = apply ? crisk_game_apply(g, a) : crisk_game_check(g, a);
	return rc ? fail(L, rc) : ok(L);
}

/* game:apply(action) -> true | nil, msg, code */
static int g_apply(lua_State *L)
{
	return g_apply_or_check(L, 1);
}

/* game:check(action) -> true | nil, msg, code (the reason in player terms) */
static int g_check(lua_State *L)
{
	return g_apply_or_check(L, 0);
}

/* game:parse(text) -> code | nil, msg, code */
static int g_parse(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	luaL_checktype(L, 2, LUA_TSTRING);
	crisk_action a;
	int top = lua_gettop(L);
	int rc = action_arg(L, g, 2, &a);
	if (rc)
		return fail_action(L, rc, lua_gettop(L) > top);
	lua_pushinteger(L, (lua_Integer)a);
	return 1;
}

/* game:action_text(code) -> text | nil, msg, code */
static int g_action_text(lua_State *L)
{
	text_call c = {.kind = T_ACTION, .obj = check_game(L, 1), .action = (crisk_action)luaL_checkinteger(L, 2)};
	return push_text(L, &c);
}

static void set_int_array(lua_State *L, const char *name, const int32_t *v, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, name);
}

/* game:decode(code) -> {type=, name=, arg={3}, to=, give={6}, want={6}} | nil, msg, code
 * (only type and name outside the Catan family). */
static int g_decode(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	crisk_action code = (crisk_action)luaL_checkinteger(L, 2);
	text_call c = {.kind = T_ACTION, .obj = g, .action = code};
	if (push_text(L, &c) != 1)
		return 3;
	size_t len;
	const char *text = lua_tolstring(L, -1, &len);
	const char *space = memchr(text, ' ', len);
	lua_pushlstring(L, text, space ? (size_t)(space - text) : len);

	lua_createtable(L, 0, 6);
	lua_insert(L, -2);
	lua_setfield(L, -2, "name");
	if (is_catan(g)) {
		crisk_catan_action f;
		int rc = crisk_catan_action_init(&f, CRISK_CATAN_ACTION_VERSION);
		if (!rc)
			rc = crisk_catan_action_decode(&f, code);
		if (rc)
			return fail(L, rc);
		lua_pushinteger(L, f.type);
		lua_setfield(L, -2, "type");
		set_int_array(L, "arg", f.arg, 3);
		lua_pushinteger(L, f.to);
		lua_setfield(L, -2, "to");
		set_int_array(L, "give", f.give, 6);
		set_int_array(L, "want", f.want, 6);
	} else {
		lua_pushinteger(L, (lua_Integer)(code >> 56));
		lua_setfield(L, -2, "type");
	}
	return 1;
}

enum { SKIP_OK, SKIP_OUT_OF_RANGE, SKIP_NOT_INTEGER };

/* The skip_types mask from the array of action types at stack index idx:
 * SKIP_OK, SKIP_OUT_OF_RANGE with the first type outside 0..63 (which
 * cannot be skipped) in *bad, or SKIP_NOT_INTEGER. */
static int skip_mask(lua_State *L, int idx, uint64_t *mask, lua_Integer *bad)
{
	*mask = 0;
	lua_Integer n = luaL_len(L, idx);
	for (lua_Integer i = 1; i <= n; i++) {
		lua_geti(L, idx, i);
		int is_int;
		lua_Integer t = lua_tointegerx(L, -1, &is_int);
		lua_pop(L, 1);
		if (!is_int)
			return SKIP_NOT_INTEGER;
		if (t < 0 || t > 63) {
			*bad = t;
			return SKIP_OUT_OF_RANGE;
		}
		*mask |= (uint64_t)1 << t;
	}
	return SKIP_OK;
}

static int list_legal(const crisk_game *g, uint64_t skip, crisk_action *buf, size_t cap, size_t *count)
{
	return skip ? crisk_game_legal_actions_except(g, skip, buf, cap, count)
		    : crisk_game_legal_actions(g, buf, cap, count);
}

/* game:legal_actions([skip_types]) -> { code, ... } in ascending order,
 * without the actions of the types in the array skip_types (0..63) */
static int g_legal_actions(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	uint64_t skip = 0;
	lua_Integer bad = 0;
	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		int rc = skip_mask(L, 2, &skip, &bad);
		if (rc == SKIP_NOT_INTEGER)
			luaL_argerror(L, 2, "skip_types must be an array of integer action types");
		if (rc == SKIP_OUT_OF_RANGE)
			return fail_msg(L, CRISK_EINVAL,
					lua_pushfstring(L, "action type %I cannot be skipped: only types 0..63 can", bad));
	}
	crisk_action small[256];
	crisk_action *buf = small;
	size_t count = 0;
	int rc = list_legal(g, skip, small, 256, &count);
	if (rc == CRISK_EBUFSIZE) {
		buf = lua_newuserdatauv(L, count * sizeof *buf, 0);
		rc = list_legal(g, skip, buf, count, &count);
	}
	if (rc)
		return fail(L, rc);
	lua_createtable(L, (int)count, 0);
	for (size_t i = 0; i < count; i++) {
		lua_pushinteger(L, (lua_Integer)buf[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

/* game:chance() -> { code, ... }, { probability, ... } | nil, msg, code */
static int g_chance(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	size_t count = 0;
	int rc = crisk_game_chance_probabilities(g, NULL, NULL, 0, &count);
	if (rc && rc != CRISK_EBUFSIZE)
		return fail(L, rc);
	size_t cap = count ? count : 1;
	crisk_action *actions = lua_newuserdatauv(L, cap * sizeof *actions, 0);
	double *probs = lua_newuserdatauv(L, cap * sizeof *probs, 0);
	rc = crisk_game_chance_probabilities(g, actions, probs, count, &count);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, (int)count, 0);
	lua_createtable(L, (int)count, 0);
	for (size_t i = 0; i < count; i++) {
		lua_pushinteger(L, (lua_Integer)actions[i]);
		lua_rawseti(L, -3, (lua_Integer)i + 1);
		lua_pushnumber(L, probs[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 2;
}

/* The skip mask of game:playout's options: an integer mask (bit t skips
 * type t) or a list of action types 0..63. */
static uint64_t skip_types_arg(lua_State *L, int opts)
{
	uint64_t mask = 0;
	int isint;
	lua_Integer bad;
	if (lua_getfield(L, opts, "skip_types") == LUA_TNIL) {
		mask = 0;
	} else if (lua_type(L, -1) == LUA_TTABLE) {
		if (skip_mask(L, lua_absindex(L, -1), &mask, &bad) != SKIP_OK)
			luaL_argerror(L, opts, "skip_types must list action types 0..63");
	} else {
		mask = (uint64_t)lua_tointegerx(L, -1, &isint);
		if (!isint)
			luaL_argerror(L, opts, "skip_types must be an integer mask or a list of action types");
	}
	lua_pop(L, 1);
	return mask;
}

/* game:playout(state [, { skip_types = mask or { type, ... }, max_steps = n }])
 * -> steps, new_state | nil, msg, code, steps, new_state
 * Random legal actions inside the library until the game is over or
 * max_steps (0 = no limit) actions were applied; state is the splitmix64
 * policy state of docs/api.md (the 64 bits as a Lua integer, any value a
 * seed), which the game does not keep: pass new_state to go on.  On failure
 * the actions before the failing one stay applied. */
static int g_playout(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	uint64_t state = (uint64_t)luaL_checkinteger(L, 2), skip = 0, steps = 0;
	lua_Integer max_steps = 0;
	if (!lua_isnoneornil(L, 3)) {
		luaL_checktype(L, 3, LUA_TTABLE);
		skip = skip_types_arg(L, 3);
		if (lua_getfield(L, 3, "max_steps") != LUA_TNIL) {
			int isint;
			max_steps = lua_tointegerx(L, -1, &isint);
			if (!isint || max_steps < 0)
				luaL_argerror(L, 3, "max_steps must be a non-negative integer");
		}
		lua_pop(L, 1);
	}
	int rc = crisk_game_playout(g, skip, (uint64_t)max_steps, &state, &steps);
	if (rc) {
		fail(L, rc);
		lua_pushinteger(L, (lua_Integer)steps);
		lua_pushinteger(L, (lua_Integer)state);
		return 5;
	}
	lua_pushinteger(L, (lua_Integer)steps);
	lua_pushinteger(L, (lua_Integer)state);
	return 2;
}

/* A non-negative integer option of an options table (default def). */
static lua_Integer count_opt(lua_State *L, int opts, const char *key, lua_Integer def)
{
	lua_Integer v = def;
	if (lua_getfield(L, opts, key) != LUA_TNIL) {
		int isint;
		v = lua_tointegerx(L, -1, &isint);
		if (!isint || v < 0)
			luaL_argerror(L, opts, lua_pushfstring(L, "%s must be a non-negative integer", key));
	}
	lua_pop(L, 1);
	return v;
}

/* game:playouts(n [, { threads = t, seed = s, skip_types = ..., max_steps = m }])
 * -> wins (a list per seat), unfinished, steps | nil, msg, code
 * n random playouts of this position on up to t threads (default 1) inside
 * the library, counted by how they end; the game is not changed.  Playout
 * i draws from the splitmix64 state seeded by seed + i (docs/api.md), so the
 * counts do not depend on t. */
static int g_playouts(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	lua_Integer n = luaL_checkinteger(L, 2), threads = 1, max_steps = 0;
	uint64_t skip = 0, seed = 0;
	luaL_argcheck(L, n >= 0, 2, "n must be a non-negative integer");
	if (!lua_isnoneornil(L, 3)) {
		luaL_checktype(L, 3, LUA_TTABLE);
		skip = skip_types_arg(L, 3);
		threads = count_opt(L, 3, "threads", 1);
		max_steps = count_opt(L, 3, "max_steps", 0);
		if (lua_getfield(L, 3, "seed") != LUA_TNIL) {
			int isint;
			seed = (uint64_t)lua_tointegerx(L, -1, &isint);
			if (!isint)
				luaL_argerror(L, 3, "seed must be an integer");
		}
		lua_pop(L, 1);
	}
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	uint64_t wins[32] = {0}, unfinished = 0, steps = 0;
	unsigned t = threads < 1 ? 0u : threads > 4096 ? 4096u : (unsigned)threads;
	int rc = crisk_game_playouts(g, (size_t)n, t, skip, (uint64_t)max_steps, seed, wins,
				     sizeof wins / sizeof wins[0], &unfinished, &steps);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, seats, 0);
	for (int s = 0; s < seats && s < 32; s++) {
		lua_pushinteger(L, (lua_Integer)wins[s]);
		lua_rawseti(L, -2, s + 1);
	}
	lua_pushinteger(L, (lua_Integer)unfinished);
	lua_pushinteger(L, (lua_Integer)steps);
	return 3;
}

static int g_current_seat(lua_State *L)
{
	lua_pushinteger(L, crisk_game_current_seat(check_game(L, 1)));
	return 1;
}

/* game:status() -> "running" | "won" | "ended", winner seat or nil */
static int g_status(lua_State *L)
{
	int winner;
	int st = crisk_game_status(check_game(L, 1), &winner);
	if (st < 0)
		return fail(L, st);
	lua_pushstring(L, st == CRISK_STATUS_RUNNING ? "running" : st == CRISK_STATUS_WON ? "won" : "ended");
	if (winner >= 0)
		lua_pushinteger(L, winner);
	else
		lua_pushnil(L);
	return 2;
}

static int g_is_over(lua_State *L)
{
	lua_pushboolean(L, crisk_game_status(check_game(L, 1), NULL) != CRISK_STATUS_RUNNING);
	return 1;
}

static int g_turn(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)crisk_game_turn(check_game(L, 1)));
	return 1;
}

static int g_seats(lua_State *L)
{
	lua_pushinteger(L, crisk_rules_num_seats(crisk_game_rules(check_game(L, 1))));
	return 1;
}

static int g_module(lua_State *L)
{
	lua_pushstring(L, crisk_rules_module(crisk_game_rules(check_game(L, 1))));
	return 1;
}

/* game:rules() -> rules | nil, msg, code: the rules of the game (also of a
 * loaded or replayed one), kept alive by the returned object; their games
 * are of the same rules object, so game:copy_from() works between them. */
static int g_rules(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	lrules *u = new_rules_udata(L);
	int rc = crisk_game_new(&u->keep, crisk_game_rules(g));
	if (!rc)
		rc = crisk_game_set_event_capacity(u->keep, 0);
	if (rc)
		return fail(L, rc); /* the half-made rules are collected */
	u->rules = (crisk_rules *)crisk_game_rules(u->keep);
	return 1;
}

static int g_state_size(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)crisk_game_state_size(check_game(L, 1)));
	return 1;
}

/* game:score(seat [, viewer = OMNISCIENT]) -> points | nil, msg, code */
static int g_score(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	int seat, viewer, vp;
	luaL_checkinteger(L, 2);
	if (!int_arg(L, 2, 0, &seat) || !int_arg(L, 3, CRISK_VIEWER_OMNISCIENT, &viewer))
		return fail_msg(L, CRISK_EINVAL, "seat or viewer out of range");
	int rc = crisk_game_score(g, seat, viewer, &vp);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, vp);
	return 1;
}

/* game:view_json(viewer) -> JSON text | nil, msg, code */
static int g_view_json(lua_State *L)
{
	text_call c = {.kind = T_VIEW, .obj = check_game(L, 1)};
	luaL_checkinteger(L, 2);
	if (!int_arg(L, 2, 0, &c.viewer))
		return fail_msg(L, CRISK_EINVAL, "viewer out of range");
	return push_text(L, &c);
}

static lua_Integer since_arg(lua_State *L, int idx)
{
	lua_Integer since = luaL_optinteger(L, idx, 0);
	luaL_argcheck(L, since >= 0, idx, "sequence numbers are not negative");
	return since;
}

/* game:events_json([since = 0 [, viewer = SPECTATOR]]) -> JSON text | nil, msg, code */
static int g_events_json(lua_State *L)
{
	text_call c = {.kind = T_EVENTS, .obj = check_game(L, 1), .since = (uint64_t)since_arg(L, 2)};
	if (!int_arg(L, 3, CRISK_VIEWER_SPECTATOR, &c.viewer))
		return fail_msg(L, CRISK_EINVAL, "viewer out of range");
	return push_text(L, &c);
}

/* Pushes {seq=, type=, seat=, target=, args={6}, text=}. */
static void push_event(lua_State *L, const crisk_event *e, const char *text)
{
	lua_createtable(L, 0, 6);
	lua_pushinteger(L, (lua_Integer)e->seq);
	lua_setfield(L, -2, "seq");
	lua_pushinteger(L, e->type);
	lua_setfield(L, -2, "type");
	lua_pushinteger(L, e->seat);
	lua_setfield(L, -2, "seat");
	lua_pushinteger(L, e->target);
	lua_setfield(L, -2, "target");
	set_int_array(L, "args", e->args, 6);
	lua_pushstring(L, text);
	lua_setfield(L, -2, "text");
}

/* game:events([since = 0 [, viewer = SPECTATOR]]) -> { {seq=, type=, seat=, target=, args={6}, text=}, ... }
 * Arguments the viewer may not know are catanrisk.HIDDEN. */
static int g_events(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	uint64_t since = (uint64_t)since_arg(L, 2), first, next;
	int viewer;
	if (!int_arg(L, 3, CRISK_VIEWER_SPECTATOR, &viewer))
		return fail_msg(L, CRISK_EINVAL, "viewer out of range");
	crisk_game_event_range(g, &first, &next);
	if (since < first)
		since = first;
	lua_newtable(L);
	lua_Integer n = 0;
	for (uint64_t seq = since; seq < next; seq++) {
		crisk_event e;
		char text[512];
		int rc = crisk_event_init(&e, CRISK_EVENT_VERSION);
		if (!rc)
			rc = crisk_game_event(&e, g, seq, viewer);
		if (!rc)
			rc = crisk_event_to_string(g, &e, text, sizeof text, NULL);
		/* A text longer than the buffer comes back cut, which a log line tolerates. */
		if (rc && rc != CRISK_EBUFSIZE)
			return fail(L, rc);
		push_event(L, &e, text);
		lua_rawseti(L, -2, ++n);
	}
	return 1;
}

/* game:event_range() -> first kept sequence number, next sequence number */
static int g_event_range(lua_State *L)
{
	uint64_t first, next;
	crisk_game_event_range(check_game(L, 1), &first, &next);
	lua_pushinteger(L, (lua_Integer)first);
	lua_pushinteger(L, (lua_Integer)next);
	return 2;
}

static int g_set_event_capacity(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	lua_Integer cap = luaL_checkinteger(L, 2);
	luaL_argcheck(L, cap >= 0, 2, "capacity is not negative");
	int rc = crisk_game_set_event_capacity(g, (size_t)cap);
	return rc ? fail(L, rc) : ok(L);
}

/* game:event(seq [, viewer = SPECTATOR]) -> {seq=, type=, seat=, target=, args={6}, text=} | nil, msg, code
 * (ENOTFOUND when seq is not in the log). */
static int g_event(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	lua_Integer seq = luaL_checkinteger(L, 2);
	int viewer;
	luaL_argcheck(L, seq >= 0, 2, "sequence numbers are not negative");
	if (!int_arg(L, 3, CRISK_VIEWER_SPECTATOR, &viewer))
		return fail_msg(L, CRISK_EINVAL, "viewer out of range");
	crisk_event e;
	char text[512];
	int rc = crisk_event_init(&e, CRISK_EVENT_VERSION);
	if (!rc)
		rc = crisk_game_event(&e, g, (uint64_t)seq, viewer);
	if (!rc)
		rc = crisk_event_to_string(g, &e, text, sizeof text, NULL);
	/* A text longer than the buffer comes back cut, which a log line tolerates. */
	if (rc && rc != CRISK_EBUFSIZE)
		return fail(L, rc);
	push_event(L, &e, text);
	return 1;
}

/* ------------------------------------------------ Catan-family queries (catan.h)
 * For games of base, two_player, risk and hawaii (and host modules that wrap
 * one); other games get nil, msg, EUNSUPPORTED from the library. */

/* seat and viewer arguments at 2 and 3 (viewer required when with_viewer). */
static int seat_viewer_args(lua_State *L, int with_viewer, int *seat, int *viewer)
{
	luaL_checkinteger(L, 2);
	if (with_viewer)
		luaL_checkinteger(L, 3);
	return int_arg(L, 2, 0, seat) && (!with_viewer || int_arg(L, 3, 0, viewer));
}

/* game:hand(seat, viewer) / game:dev_cards(seat, viewer) -> {5 counts} | nil, msg, code
 * (EHIDDEN unless viewer is the seat itself or OMNISCIENT, B-134). */
static int private_counts(lua_State *L, int (*query)(const crisk_game *, int, int, int32_t[5]))
{
	crisk_game *g = check_game(L, 1);
	int seat, viewer;
	if (!seat_viewer_args(L, 1, &seat, &viewer))
		return fail_msg(L, CRISK_EINVAL, "seat or viewer out of range");
	int32_t counts[5];
	int rc = query(g, seat, viewer, counts);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, 5, 0);
	for (int i = 0; i < 5; i++) {
		lua_pushinteger(L, counts[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int g_hand(lua_State *L)
{
	return private_counts(L, crisk_catan_hand);
}

static int g_dev_cards(lua_State *L)
{
	return private_counts(L, crisk_catan_dev_cards);
}

/* game:seat_counts(seat) -> hand size, unplayed development cards, played knights | nil, msg, code */
static int g_seat_counts(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	int seat;
	if (!seat_viewer_args(L, 0, &seat, NULL))
		return fail_msg(L, CRISK_EINVAL, "seat out of range");
	int32_t cards, dev, knights;
	int rc = crisk_catan_seat_counts(g, seat, &cards, &dev, &knights);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, cards);
	lua_pushinteger(L, dev);
	lua_pushinteger(L, knights);
	return 3;
}

/* An intersection or path id argument; 0 when it does not fit a C int. */
static int id_arg(lua_State *L, int idx, int *out)
{
	luaL_checkinteger(L, idx);
	return int_arg(L, idx, 0, out);
}

/* game:building(node) -> owner seat or -1, "empty" | "settlement" | "city" | nil, msg, code */
static int g_building(lua_State *L)
{
	static const char *const kinds[] = {"empty", "settlement", "city"};
	crisk_game *g = check_game(L, 1);
	int node;
	if (!id_arg(L, 2, &node))
		return fail_msg(L, CRISK_EINVAL, "intersection out of range");
	int32_t owner, kind;
	int rc = crisk_catan_building(g, node, &owner, &kind);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, owner);
	lua_pushstring(L, kind >= 0 && kind <= 2 ? kinds[kind] : "unknown");
	return 2;
}

/* game:road(path) -> owner seat or -1 | nil, msg, code */
static int g_road(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	int path;
	if (!id_arg(L, 2, &path))
		return fail_msg(L, CRISK_EINVAL, "path out of range");
	int32_t owner;
	int rc = crisk_catan_road(g, path, &owner);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, owner);
	return 1;
}

/* game:robber() -> hex id | nil, msg, code */
static int g_robber(lua_State *L)
{
	int32_t hex;
	int rc = crisk_catan_robber(check_game(L, 1), &hex);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, hex);
	return 1;
}

/* game:bank() -> {5 resource counts}, development deck size | nil, msg, code */
static int g_bank(lua_State *L)
{
	int32_t counts[5], deck;
	int rc = crisk_catan_bank(check_game(L, 1), counts, &deck);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, 5, 0);
	for (int i = 0; i < 5; i++) {
		lua_pushinteger(L, counts[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_pushinteger(L, deck);
	return 2;
}

/* Field `name` of the table at idx: an int32 (absent = 0); 0 with the bad value's description pushed otherwise. */
static int int32_field(lua_State *L, int idx, const char *name, int32_t *out)
{
	int is_int;
	lua_getfield(L, idx, name);
	lua_Integer v = lua_isnil(L, -1) ? 0 : lua_tointegerx(L, -1, &is_int);
	int good = lua_isnil(L, -1) || (is_int && v >= INT32_MIN && v <= INT32_MAX);
	lua_pop(L, 1);
	if (!good) {
		lua_pushfstring(L, "field %s is not an integer in the int32 range", name);
		return 0;
	}
	*out = (int32_t)v;
	return 1;
}

/* Array field `name` (up to n int32 values, the rest 0); 0 with a message pushed otherwise. */
static int int32_array_field(lua_State *L, int idx, const char *name, int32_t *out, int n)
{
	lua_getfield(L, idx, name);
	if (lua_isnil(L, -1)) {
		lua_pop(L, 1);
		return 1;
	}
	if (!lua_istable(L, -1)) {
		lua_pop(L, 1);
		lua_pushfstring(L, "field %s is not an array", name);
		return 0;
	}
	lua_Integer len = luaL_len(L, -1);
	if (len > n) {
		lua_pop(L, 1);
		lua_pushfstring(L, "field %s has %d values, at most %d are allowed", name, (int)len, n);
		return 0;
	}
	for (lua_Integer i = 1; i <= len; i++) {
		int is_int;
		lua_geti(L, -1, i);
		lua_Integer v = lua_tointegerx(L, -1, &is_int);
		lua_pop(L, 1);
		if (!is_int || v < INT32_MIN || v > INT32_MAX) {
			lua_pop(L, 1);
			lua_pushfstring(L, "%s[%d] is not an integer in the int32 range", name, (int)(i - 1));
			return 0;
		}
		out[i - 1] = (int32_t)v;
	}
	lua_pop(L, 1);
	return 1;
}

/* game:encode{type=, arg={...}, to=, give={...}, want={...}} -> code | nil, msg, code
 * The fields of game:decode(); missing ones are 0 (arg[1] in Lua is the C arg[0]).
 * Legality is not checked. */
static int g_encode(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	luaL_checktype(L, 2, LUA_TTABLE);
	if (!is_catan(g))
		return fail_msg(L, CRISK_EUNSUPPORTED, "encode: not a Catan-family module");
	crisk_catan_action a;
	crisk_catan_action_init(&a, CRISK_CATAN_ACTION_VERSION);
	int32_t type = -1;
	if (!int32_field(L, 2, "type", &type) || !int32_field(L, 2, "to", &a.to) ||
	    !int32_array_field(L, 2, "arg", a.arg, 3) || !int32_array_field(L, 2, "give", a.give, 6) ||
	    !int32_array_field(L, 2, "want", a.want, 6))
		return fail_msg(L, CRISK_EINVAL, lua_tostring(L, -1));
	if (type < 0 || type > 255)
		return fail_msg(L, CRISK_EINVAL, "field type must be an action type 0..255");
	a.type = (uint32_t)type;
	crisk_action code;
	int rc = crisk_catan_action_encode(&code, &a);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, (lua_Integer)code);
	return 1;
}

/* game:clone() -> independent game | nil, msg, code (with undo history and record) */
static int g_clone(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	const lgame *src = lua_touserdata(L, 1);
	lgame *u = new_game_udata(L);
	int rc = crisk_game_clone(&u->game, g);
	if (rc)
		return fail(L, rc);
	u->undo_depth = src->undo_depth;
	u->recording = src->recording;
	return 1;
}

/* ------------------------------------------------- saves, records, undo */

/* game:save() -> binary save (a string of any bytes) | nil, msg, code */
static int g_save(lua_State *L)
{
	text_call c = {.kind = T_SAVE, .obj = check_game(L, 1)};
	return push_text(L, &c);
}

/* game:save_json() -> JSON save text | nil, msg, code */
static int g_save_json(lua_State *L)
{
	text_call c = {.kind = T_SAVE_JSON, .obj = check_game(L, 1)};
	return push_text(L, &c);
}

/* game:record() -> record text | nil, msg, ESTATE when not recording from the start */
static int g_record(lua_State *L)
{
	text_call c = {.kind = T_RECORD, .obj = check_game(L, 1)};
	return push_text(L, &c);
}

/* game:set_recording(on) -> true | nil, msg, code (ESTATE: on after the first action or on a loaded game) */
static int g_set_recording(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	luaL_checkany(L, 2);
	int on = lua_toboolean(L, 2);
	int rc = crisk_game_set_recording(g, on);
	if (rc)
		return fail(L, rc);
	((lgame *)lua_touserdata(L, 1))->recording = on;
	return ok(L);
}

/* game:is_recording() -> boolean */
static int g_is_recording(lua_State *L)
{
	check_game(L, 1);
	lua_pushboolean(L, ((lgame *)lua_touserdata(L, 1))->recording);
	return 1;
}

/* game:set_undo_depth(n) -> true | nil, msg, code (EINVAL above catanrisk.MAX_UNDO_DEPTH) */
static int g_set_undo_depth(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	luaL_checkinteger(L, 2);
	size_t depth = count_arg(L, 2, 0, "undo depth");
	int rc = crisk_game_set_undo_depth(g, depth);
	if (rc)
		return fail(L, rc);
	((lgame *)lua_touserdata(L, 1))->undo_depth = (lua_Integer)depth;
	return ok(L);
}

/* game:undo_depth() -> the depth last set (0: undo off) */
static int g_undo_depth(lua_State *L)
{
	check_game(L, 1);
	lua_pushinteger(L, ((lgame *)lua_touserdata(L, 1))->undo_depth);
	return 1;
}

/* game:undo_available() -> how many actions game:undo() can take back now */
static int g_undo_available(lua_State *L)
{
	size_t n = 0;
	int rc = crisk_game_undo_available(check_game(L, 1), &n);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, (lua_Integer)n);
	return 1;
}

/* game:undo([steps = 1]) -> true | nil, msg, ESTATE (fewer available; the game is unchanged) */
static int g_undo(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	size_t steps = count_arg(L, 2, 1, "steps");
	int rc = crisk_game_undo(g, steps);
	return rc ? fail(L, rc) : ok(L);
}

/* game:copy_from(src) -> true | nil, msg, code (same rules object required) */
static int g_copy_from(lua_State *L)
{
	int rc = crisk_game_copy(check_game(L, 1), check_game(L, 2));
	return rc ? fail(L, rc) : ok(L);
}

static int g_close(lua_State *L)
{
	lgame *u = luaL_checkudata(L, 1, GAME_MT);
	crisk_game_free(u->game);
	u->game = NULL;
	return 0;
}

static int g_tostring(lua_State *L)
{
	lgame *u = luaL_checkudata(L, 1, GAME_MT);
	if (!u->game) {
		lua_pushliteral(L, "catanrisk.game (closed)");
		return 1;
	}
	int winner;
	int st = crisk_game_status(u->game, &winner);
	const char *module = crisk_rules_module(crisk_game_rules(u->game));
	long long turn = (long long)crisk_game_turn(u->game);
	if (st == CRISK_STATUS_RUNNING)
		lua_pushfstring(L, "catanrisk.game(%s, turn %I, seat %d to act)", module, (lua_Integer)turn,
				crisk_game_current_seat(u->game));
	else if (st == CRISK_STATUS_WON)
		lua_pushfstring(L, "catanrisk.game(%s, turn %I, won by seat %d)", module, (lua_Integer)turn, winner);
	else
		lua_pushfstring(L, "catanrisk.game(%s, turn %I, ended)", module, (lua_Integer)turn);
	return 1;
}

/* ----------------------------------------------------- reinforcement learning */

#define VEC_MT "catanrisk.vec_env"

typedef struct lvec {
	crisk_vec_env *env;
	size_t n, a, o, s;
	float *obs, *rewards;
	uint8_t *masks, *term, *trunc;
	int32_t *seats, *actions;
} lvec;

/* rules:rl_sizes() -> A, O | nil, msg, code */
static int r_rl_sizes(lua_State *L)
{
	size_t a = 0, o = 0;
	int rc = crisk_rl_action_count(check_rules(L, 1), &a);
	if (!rc)
		rc = crisk_rl_observation_size(check_rules(L, 1), &o);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, (lua_Integer)a);
	lua_pushinteger(L, (lua_Integer)o);
	return 2;
}

/* rules:rl_spaces_json() -> text | nil, msg, code */
static int r_rl_spaces_json(lua_State *L)
{
	crisk_rules *r = check_rules(L, 1);
	size_t len = 0;
	int rc = crisk_rl_spaces_json(r, NULL, 0, &len);
	if (rc != CRISK_EBUFSIZE)
		return fail(L, rc ? rc : CRISK_ESTATE);
	luaL_Buffer b;
	char *buf = luaL_buffinitsize(L, &b, len + 1);
	rc = crisk_rl_spaces_json(r, buf, len + 1, &len);
	if (rc)
		return fail(L, rc);
	luaL_pushresultsize(&b, len);
	return 1;
}

static size_t rl_count(lua_State *L, const crisk_game *g, int observation)
{
	size_t n = 0;
	const crisk_rules *r = crisk_game_rules(g);
	int rc = observation ? crisk_rl_observation_size(r, &n) : crisk_rl_action_count(r, &n);
	if (rc)
		luaL_error(L, "%s", crisk_error_last());
	return n;
}

/* game:rl_legal() -> { index, ... } (the legal action indices, 0-based, ascending) | nil, msg, code */
static int g_rl_legal(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	size_t a = rl_count(L, g, 0), legal = 0;
	uint8_t *mask = lua_newuserdatauv(L, a ? a : 1, 0);
	int rc = crisk_rl_legal_mask(g, mask, a, &legal);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, (int)legal, 0);
	lua_Integer k = 1;
	for (size_t i = 0; i < a; i++)
		if (mask[i]) {
			lua_pushinteger(L, (lua_Integer)i);
			lua_rawseti(L, -2, k++);
		}
	return 1;
}

/* game:rl_observe(viewer) -> { float, ... } (1-based: obs[1] is float 0) | nil, msg, code */
static int g_rl_observe(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	int viewer;
	if (!int_arg(L, 2, CRISK_VIEWER_OMNISCIENT, &viewer))
		return fail_msg(L, CRISK_EINVAL, "viewer out of range");
	size_t o = rl_count(L, g, 1);
	float *obs = lua_newuserdatauv(L, (o ? o : 1) * sizeof *obs, 0);
	int rc = crisk_rl_observe(g, viewer, obs, o);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, (int)o, 0);
	for (size_t i = 0; i < o; i++) {
		lua_pushnumber(L, obs[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

/* game:rl_action(index) -> code | nil, msg, code */
static int g_rl_action(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	lua_Integer i = luaL_checkinteger(L, 2);
	if (i < 0)
		return fail_msg(L, CRISK_EINVAL, "an action index is not negative");
	crisk_action code = 0;
	int rc = crisk_rl_index_action(g, (size_t)i, &code);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, (lua_Integer)code);
	return 1;
}

/* game:rl_index(action) -> index | nil, msg, code (action: a code or a text form) */
static int g_rl_index(lua_State *L)
{
	crisk_game *g = check_game(L, 1);
	crisk_action code;
	int rc = action_arg(L, g, 2, &code);
	size_t i = 0;
	if (!rc)
		rc = crisk_rl_action_index(g, code, &i);
	if (rc)
		return fail(L, rc);
	lua_pushinteger(L, (lua_Integer)i);
	return 1;
}

static lvec *check_vec(lua_State *L, int idx)
{
	lvec *v = luaL_checkudata(L, idx, VEC_MT);
	if (!v->env)
		luaL_error(L, "attempt to use a closed vector environment");
	return v;
}

static int v_close(lua_State *L)
{
	lvec *v = luaL_checkudata(L, 1, VEC_MT);
	crisk_vec_env_free(v->env);
	v->env = NULL;
	free(v->obs);
	free(v->rewards);
	free(v->masks);
	free(v->term);
	free(v->trunc);
	free(v->seats);
	free(v->actions);
	v->obs = v->rewards = NULL;
	v->masks = v->term = v->trunc = NULL;
	v->seats = v->actions = NULL;
	return 0;
}

static int v_tostring(lua_State *L)
{
	lvec *v = luaL_checkudata(L, 1, VEC_MT);
	if (!v->env)
		lua_pushliteral(L, "catanrisk.vec_env (closed)");
	else
		lua_pushfstring(L, "catanrisk.vec_env(%I games)", (lua_Integer)v->n);
	return 1;
}

/* catanrisk.vec_env(rules, n [, {agents = {seat, ...}, seed = int, new_seed = bool}]) -> env | nil, msg, code */
static int l_vec_env(lua_State *L)
{
	crisk_rules *r = check_rules(L, 1);
	lua_Integer n = luaL_checkinteger(L, 2);
	int seats = crisk_rules_num_seats(r);
	uint32_t agents = seats > 0 && seats < 32 ? (1u << seats) - 1 : 0;
	uint64_t seed = 0;
	uint32_t flags = CRISK_VEC_NEW_SEED;
	if (!lua_isnoneornil(L, 3)) {
		luaL_checktype(L, 3, LUA_TTABLE);
		if (lua_getfield(L, 3, "agents") == LUA_TTABLE) {
			agents = 0;
			for (lua_Integer k = 1;; k++) {
				if (lua_rawgeti(L, -1, k) == LUA_TNIL) {
					lua_pop(L, 1);
					break;
				}
				lua_Integer s = luaL_checkinteger(L, -1);
				if (s < 0 || s >= seats || s >= 32)
					return fail_msg(L, CRISK_EINVAL, "an agent seat is not a seat of the rules");
				agents |= 1u << s;
				lua_pop(L, 1);
			}
		}
		lua_pop(L, 1);
		if (lua_getfield(L, 3, "seed") != LUA_TNIL)
			seed = (uint64_t)luaL_checkinteger(L, -1);
		lua_pop(L, 1);
		if (lua_getfield(L, 3, "new_seed") != LUA_TNIL && !lua_toboolean(L, -1))
			flags = 0;
		lua_pop(L, 1);
	}
	if (n < 1)
		return fail_msg(L, CRISK_EINVAL, "a vector environment needs at least one game");
	lvec *v = lua_newuserdatauv(L, sizeof *v, 0);
	memset(v, 0, sizeof *v);
	luaL_setmetatable(L, VEC_MT);
	int rc = crisk_vec_env_new(&v->env, r, (size_t)n, agents, seed, flags);
	if (rc)
		return fail(L, rc);
	crisk_vec_env_sizes(v->env, &v->n, &v->a, &v->o, &v->s);
	v->obs = malloc(v->n * v->o * sizeof *v->obs);
	v->rewards = malloc(v->n * v->s * sizeof *v->rewards);
	v->masks = malloc(v->n * v->a);
	v->term = malloc(v->n);
	v->trunc = malloc(v->n);
	v->seats = malloc(v->n * sizeof *v->seats);
	v->actions = malloc(v->n * sizeof *v->actions);
	if (!v->obs || !v->rewards || !v->masks || !v->term || !v->trunc || !v->seats || !v->actions) {
		v_close(L);
		return fail_msg(L, CRISK_ENOMEM, "out of memory for the vector environment's arrays");
	}
	return 1;
}

/* Sets field name of the table on top to rows[i][k] = v[i * width + k]
 * (1-based), one row per game. */
static void set_float_rows(lua_State *L, const char *name, const float *v, size_t n, size_t width)
{
	lua_createtable(L, (int)n, 0);
	for (size_t i = 0; i < n; i++) {
		lua_createtable(L, (int)width, 0);
		for (size_t k = 0; k < width; k++) {
			lua_pushnumber(L, v[i * width + k]);
			lua_rawseti(L, -2, (lua_Integer)k + 1);
		}
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, name);
}

/* Sets field name of the table on top to list[i] = v[i] (1-based), as
 * integers (ints) or booleans (flags). */
static void set_list(lua_State *L, const char *name, const int32_t *ints, const uint8_t *flags, size_t n)
{
	lua_createtable(L, (int)n, 0);
	for (size_t i = 0; i < n; i++) {
		if (ints)
			lua_pushinteger(L, ints[i]);
		else
			lua_pushboolean(L, flags[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, name);
}

/* The outputs as a table: obs[i][k], legal[i] = {index, ...}, seats[i], and
 * with done: rewards[i][s], terminated[i], truncated[i] (1-based games). */
static int push_outputs(lua_State *L, const lvec *v, int done)
{
	lua_createtable(L, 0, 6);
	set_float_rows(L, "obs", v->obs, v->n, v->o);
	lua_createtable(L, (int)v->n, 0);
	for (size_t i = 0; i < v->n; i++) {
		lua_newtable(L);
		lua_Integer k = 1;
		for (size_t x = 0; x < v->a; x++)
			if (v->masks[i * v->a + x]) {
				lua_pushinteger(L, (lua_Integer)x);
				lua_rawseti(L, -2, k++);
			}
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "legal");
	set_list(L, "seats", v->seats, NULL, v->n);
	if (!done)
		return 1;
	set_float_rows(L, "rewards", v->rewards, v->n, v->s);
	set_list(L, "terminated", NULL, v->term, v->n);
	set_list(L, "truncated", NULL, v->trunc, v->n);
	return 1;
}

/* env:reset() -> {obs, legal, seats} | nil, msg, code */
static int v_reset(lua_State *L)
{
	lvec *v = check_vec(L, 1);
	int rc = crisk_vec_env_reset(v->env, v->obs, v->masks, v->seats);
	return rc ? fail(L, rc) : push_outputs(L, v, 0);
}

/* env:step({index, ...}) -> {obs, legal, seats, rewards, terminated, truncated} | nil, msg, code */
static int v_step(lua_State *L)
{
	lvec *v = check_vec(L, 1);
	luaL_checktype(L, 2, LUA_TTABLE);
	if (lua_rawlen(L, 2) != v->n)
		return fail_msg(L, CRISK_EINVAL, "step needs one action index per game");
	for (size_t i = 0; i < v->n; i++) {
		lua_rawgeti(L, 2, (lua_Integer)i + 1);
		int isnum = 0;
		lua_Integer x = lua_tointegerx(L, -1, &isnum);
		lua_pop(L, 1);
		if (!isnum || x < INT32_MIN || x > INT32_MAX)
			return fail_msg(L, CRISK_EINVAL, "an action index is not an integer");
		v->actions[i] = (int32_t)x;
	}
	int rc = crisk_vec_env_step(v->env, v->actions, v->obs, v->masks, v->rewards, v->term, v->trunc, v->seats);
	return rc ? fail(L, rc) : push_outputs(L, v, 1);
}

/* env:sample() -> {index, ...}: a uniform legal index per game | nil, msg, code */
static int v_sample(lua_State *L)
{
	lvec *v = check_vec(L, 1);
	int rc = crisk_vec_env_sample(v->env, v->actions);
	if (rc)
		return fail(L, rc);
	lua_createtable(L, (int)v->n, 0);
	for (size_t i = 0; i < v->n; i++) {
		lua_pushinteger(L, v->actions[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

/* env:sizes() -> games, actions, observation, seats */
static int v_sizes(lua_State *L)
{
	lvec *v = check_vec(L, 1);
	lua_pushinteger(L, (lua_Integer)v->n);
	lua_pushinteger(L, (lua_Integer)v->a);
	lua_pushinteger(L, (lua_Integer)v->o);
	lua_pushinteger(L, (lua_Integer)v->s);
	return 4;
}

static const luaL_Reg vec_methods[] = {
	{"reset", v_reset}, {"step", v_step}, {"sample", v_sample}, {"sizes", v_sizes}, {"close", v_close}, {NULL, NULL},
};

/* ------------------------------------------------------------------- open */

static const luaL_Reg rules_methods[] = {
	{"module", r_module},
	{"seats", r_seats},
	{"params", r_params},
	{"board_json", r_board_json},
	{"data", r_data},
	{"parameters", r_parameters},
	{"new_game", l_game},
	{"rl_sizes", r_rl_sizes},
	{"rl_spaces_json", r_rl_spaces_json},
	{"close", r_close},
	{NULL, NULL},
};

static const luaL_Reg game_methods[] = {
	{"module", g_module},
	{"rules", g_rules},
	{"seats", g_seats},
	{"current_seat", g_current_seat},
	{"status", g_status},
	{"is_over", g_is_over},
	{"turn", g_turn},
	{"score", g_score},
	{"state_size", g_state_size},
	{"legal_actions", g_legal_actions},
	{"check", g_check},
	{"apply", g_apply},
	{"parse", g_parse},
	{"action_text", g_action_text},
	{"decode", g_decode},
	{"chance", g_chance},
	{"playout", g_playout},
	{"playouts", g_playouts},
	{"view_json", g_view_json},
	{"events", g_events},
	{"events_json", g_events_json},
	{"event", g_event},
	{"event_range", g_event_range},
	{"set_event_capacity", g_set_event_capacity},
	{"hand", g_hand},
	{"dev_cards", g_dev_cards},
	{"seat_counts", g_seat_counts},
	{"building", g_building},
	{"road", g_road},
	{"robber", g_robber},
	{"bank", g_bank},
	{"encode", g_encode},
	{"rl_legal", g_rl_legal},
	{"rl_observe", g_rl_observe},
	{"rl_action", g_rl_action},
	{"rl_index", g_rl_index},
	{"clone", g_clone},
	{"copy_from", g_copy_from},
	{"save", g_save},
	{"save_json", g_save_json},
	{"record", g_record},
	{"set_recording", g_set_recording},
	{"is_recording", g_is_recording},
	{"set_undo_depth", g_set_undo_depth},
	{"undo_depth", g_undo_depth},
	{"undo_available", g_undo_available},
	{"undo", g_undo},
	{"close", g_close},
	{NULL, NULL},
};

static const luaL_Reg functions[] = {
	{"version", l_version},
	{"strerror", l_strerror},
	{"rules", l_rules},
	{"rules_from_file", l_rules_from_file},
	{"rules_from_data_file", l_rules_from_data_file},
	{"params", l_params},
	{"game", l_game},
	{"load", l_load},
	{"load_json", l_load_json},
	{"replay", l_replay},
	{"vec_env", l_vec_env},
	{NULL, NULL},
};

static void new_class(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction close,
		      lua_CFunction tostring)
{
	luaL_newmetatable(L, name);
	lua_newtable(L);
	luaL_setfuncs(L, methods, 0);
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, close);
	lua_setfield(L, -2, "__gc");
	lua_pushcfunction(L, close);
	lua_setfield(L, -2, "__close");
	lua_pushcfunction(L, tostring);
	lua_setfield(L, -2, "__tostring");
	lua_pushstring(L, name);
	lua_setfield(L, -2, "__name");
	lua_pop(L, 1);
}

static void set_int(lua_State *L, const char *name, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, name);
}

int luaopen_catanrisk(lua_State *L);

int luaopen_catanrisk(lua_State *L)
{
	new_class(L, RULES_MT, rules_methods, r_close, r_tostring);
	new_class(L, GAME_MT, game_methods, g_close, g_tostring);
	new_class(L, VEC_MT, vec_methods, v_close, v_tostring);
	luaL_newlib(L, functions);
	set_int(L, "SEAT_CHANCE", CRISK_SEAT_CHANCE);
	set_int(L, "SEAT_NONE", CRISK_SEAT_NONE);
	set_int(L, "SPECTATOR", CRISK_VIEWER_SPECTATOR);
	set_int(L, "OMNISCIENT", CRISK_VIEWER_OMNISCIENT);
	set_int(L, "HIDDEN", CRISK_HIDDEN);
	set_int(L, "MAX_UNDO_DEPTH", CRISK_MAX_UNDO_DEPTH);
	/* Catan family (catan.h, two_player.h, risk.h). */
	set_int(L, "TO_ALL", CRISK_CATAN_TO_ALL);
	set_int(L, "TP_NEUTRAL_0", CRISK_TP_NEUTRAL_0);
	set_int(L, "TP_NEUTRAL_1", CRISK_TP_NEUTRAL_1);
	set_int(L, "TP_NO_CARD", CRISK_TP_NO_CARD);
	set_int(L, "RISK_NEUTRAL", CRISK_RISK_NEUTRAL);
	set_int(L, "OK", CRISK_OK);
	set_int(L, "EINVAL", CRISK_EINVAL);
	set_int(L, "ENOMEM", CRISK_ENOMEM);
	set_int(L, "EBUFSIZE", CRISK_EBUFSIZE);
	set_int(L, "EILLEGAL", CRISK_EILLEGAL);
	set_int(L, "ENOTFOUND", CRISK_ENOTFOUND);
	set_int(L, "EPARAM", CRISK_EPARAM);
	set_int(L, "EFORMAT", CRISK_EFORMAT);
	set_int(L, "ESTATE", CRISK_ESTATE);
	set_int(L, "EUNSUPPORTED", CRISK_EUNSUPPORTED);
	set_int(L, "EHIDDEN", CRISK_EHIDDEN);
	lua_pushstring(L, crisk_version(NULL, NULL, NULL));
	lua_setfield(L, -2, "_LIBVERSION");
	lua_pushliteral(L, "0.1.0");
	lua_setfield(L, -2, "_VERSION");
	return 1;
}
