-- busted specs of rules with a data text of the host (cr.rules(module, params,
-- data), cr.rules_from_data_file, rules:data()): a .mqd text for muhq
-- (docs/mqd.md) with a card set, a deck and a map of its own.  Saves, JSON
-- saves and records carry the text, so loading and replaying need no file.
local cr = require "catanrisk"
local json = require "dkjson"

-- The example of rules/muhq.md M-116: valid on top of the built-in data.
local MQD = [[
| myset | Militia | unit | 2 | 1 | 0 | 3 | 2 | 1 | 1 | Brace 1 | - | aggressive |
| myset | Smoke Bomb | spell | 3 | 1 | - | - | - | - | - | - | play {unit own}: ADD_MARK ward 1 @T; DRAW 1 | - |
deck militia-start: Militia x3, Farmer x2
map tiny-duel
players 2
size 5 3
gain 3
deck militia-start
store qs-duel
win capture 1
area M 2 1 1 1
grid
1...2
1.F.2
1...2
end
]]

local PARAMS = "map=tiny-duel players=2 draft=piles sets=myset,base seed=3"
local CONCEDE = 23

local function rules()
  return assert(cr.rules("muhq", PARAMS, MQD))
end

-- A private generator, so the specs do not depend on math.random's algorithm.
local function rng(seed)
  local state = seed
  return function(n)
    state = state * 6364136223846793005 + 1442695040888963407
    return ((state >> 33) % n) + 1
  end
end

-- Random bots never concede unless it is all they can do.
local function bot_actions(game)
  local actions = game:legal_actions({ CONCEDE })
  if #actions == 0 then actions = game:legal_actions() end
  return actions
end

local function play(game, next_int, steps)
  local n = 0
  while not game:is_over() and (not steps or n < steps) do
    local actions = bot_actions(game)
    assert(game:apply(actions[next_int(#actions)]))
    n = n + 1
  end
  return n
end

local function snapshot(game)
  local status, winner = game:status()
  return {
    save = assert(game:save()),
    legal = game:legal_actions(),
    seat = game:current_seat(),
    status = status,
    winner = winner,
  }
end

-- Plays both games with the same random choices to the end, comparing at each step.
local function assert_same_future(a, b, seed)
  local ra, rb = rng(seed), rng(seed)
  assert.are.same(snapshot(a), snapshot(b))
  while not a:is_over() do
    local xa, xb = bot_actions(a), bot_actions(b)
    assert.are.same(xa, xb)
    local ia, ib = ra(#xa), rb(#xb)
    assert(a:apply(xa[ia]))
    assert(b:apply(xb[ib]))
    assert.are.equal(a:current_seat(), b:current_seat())
  end
  assert.is_true(b:is_over())
  assert.are.same(snapshot(a), snapshot(b))
  assert.are.equal(a:view_json(cr.OMNISCIENT), b:view_json(cr.OMNISCIENT))
end

local function temp_file(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

describe("rules with data", function()
  it("give the text back", function()
    local r <close> = rules()
    assert.are.equal(MQD, r:data())
    assert.are.equal("muhq", r:module())
    assert.are.equal(2, r:seats())
    assert.truthy(assert(r:params()):find("map=tiny-duel", 1, true))
  end)

  it("take the parameters as a table too", function()
    local r <close> = assert(cr.rules("muhq", {
      map = "tiny-duel", players = 2, draft = "piles", sets = "myset,base", seed = 3,
    }, MQD))
    local same <close> = rules()
    assert.are.equal(same:params(), r:params())
    assert.are.equal(MQD, r:data())
  end)

  it("are nil for rules without data", function()
    local r <close> = assert(cr.rules("muhq", "map=2P-ring-street players=2 seed=1"))
    assert.is_nil(r:data())
    local b <close> = assert(cr.rules("base", { players = 3, seed = 1 }, nil))
    assert.is_nil(b:data())
  end)

  it("play a random game to the end", function()
    local game <close> = rules():new_game()
    assert.is_true(play(game, rng(1)) > 0)
    assert.is_true(game:is_over())
    local status = game:status()
    assert.is_true(status == "won" or status == "ended")
    assert.are.same({}, game:legal_actions())
  end)

  for _, steps in ipairs({ 0, 5, 30 }) do
    it("save after " .. steps .. " actions and load without the text", function()
      local game <close> = rules():new_game()
      play(game, rng(2), steps)
      local data = assert(game:save())
      local loaded <close> = assert(cr.load(data))
      assert.are.equal(MQD, loaded:rules():data())
      assert.are.equal(data, assert(loaded:save()))
      assert_same_future(game, loaded, steps + 10)
    end)

    it("save as JSON after " .. steps .. " actions and load without the text", function()
      local game <close> = rules():new_game()
      play(game, rng(3), steps)
      local text = assert(game:save_json())
      assert.are.equal(MQD, json.decode(text).data)
      local loaded <close> = assert(cr.load_json(text))
      assert.are.equal(MQD, loaded:rules():data())
      assert.are.equal(text, assert(loaded:save_json()))
      assert_same_future(game, loaded, steps + 20)
    end)
  end

  it("come back from a loaded game with game:rules(), which makes new games", function()
    local game <close> = rules():new_game()
    play(game, rng(5), 8)
    local loaded <close> = assert(cr.load(assert(game:save())))
    local r = assert(loaded:rules())
    assert.are.equal(MQD, r:data())
    assert.are.equal(assert(game:rules():params()), assert(r:params()))
    local fresh <close> = assert(r:new_game())
    r:close() -- the game keeps the rules alive
    assert(fresh:copy_from(loaded))
    assert.are.equal(assert(loaded:save()), assert(fresh:save()))
    assert.has_error(function() r:data() end)
  end)

  it("replay their record without the text", function()
    local game <close> = rules():new_game({ record = true })
    play(game, rng(6))
    assert.is_true(game:is_over())
    local text = assert(game:record())
    assert.truthy(text:find("\ndata ", 1, true))
    local again <close> = assert(cr.replay(text))
    assert.are.equal(MQD, again:rules():data())
    assert.is_true(again:is_over())
    assert.are.equal(assert(game:save()), assert(again:save()))
    assert.are.equal(text, assert(again:record()))
  end)

  it("replay the record of a game in progress, which plays on identically", function()
    local game <close> = rules():new_game({ record = true })
    play(game, rng(7), 20)
    local again <close> = assert(cr.replay(assert(game:record())))
    assert_same_future(game, again, 7)
  end)

  it("refuse a broken text with EFORMAT naming the line", function()
    local r, msg, code = cr.rules("muhq", PARAMS, "| myset | Militia | unit | 2 | 1 |\n" .. MQD)
    assert.is_nil(r)
    assert.are.equal(cr.EFORMAT, code)
    assert.truthy(msg:find("data:1", 1, true), msg)
  end)

  it("are unsupported by a module that reads no data", function()
    local r, msg, code = cr.rules("base", "players=3 seed=1", MQD)
    assert.is_nil(r)
    assert.are.equal(cr.EUNSUPPORTED, code)
    assert.is_string(msg)
  end)

  it("raise for data that is not a string", function()
    assert.has_error(function() cr.rules("muhq", PARAMS, 42) end)
    assert.has_error(function() cr.rules("muhq", PARAMS, {}) end)
  end)
end)

describe("rules_from_data_file", function()
  it("reads the text of a file", function()
    local path = temp_file(MQD)
    local r <close> = assert(cr.rules_from_data_file("muhq", path, PARAMS))
    os.remove(path)
    assert.are.equal(MQD, r:data())
    local same <close> = rules()
    assert.are.equal(same:params(), r:params())
    local game <close> = r:new_game()
    play(game, rng(8))
    assert.is_true(game:is_over())
  end)

  it("takes the parameters as a table", function()
    local path = temp_file(MQD)
    local r <close> = assert(cr.rules_from_data_file("muhq", path, {
      map = "tiny-duel", players = 2, draft = "piles", sets = "myset,base", seed = 3,
    }))
    os.remove(path)
    assert.are.equal(MQD, r:data())
  end)

  it("returns ENOTFOUND for a missing file", function()
    local path = os.tmpname()
    os.remove(path)
    local r, msg, code = cr.rules_from_data_file("muhq", path, PARAMS)
    assert.is_nil(r)
    assert.are.equal(cr.ENOTFOUND, code)
    assert.is_string(msg)
  end)

  it("returns EFORMAT for a broken file", function()
    local path = temp_file("| myset | Militia | unit | 2 | 1 |\n")
    local r, msg, code = cr.rules_from_data_file("muhq", path, PARAMS)
    os.remove(path)
    assert.is_nil(r)
    assert.are.equal(cr.EFORMAT, code)
    assert.truthy(msg:find(":1", 1, true), msg)
  end)
end)
