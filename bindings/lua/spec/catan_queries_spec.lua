-- Catan-family queries (catan.h) of the Lua binding: hands, development
-- cards, public counts, buildings, roads, robber, bank, action encoding,
-- single events and rules:parameters().  Values are checked against the
-- JSON view; viewer rights follow B-134.
local cr = require "catanrisk"
local json = require "dkjson"

local play_random = require "spec.play_random"

local function view(game, viewer)
  return assert(json.decode(assert(game:view_json(viewer))))
end

local function midgame()
  local game = assert(cr.rules("base", { players = 4, seed = 7 })):new_game()
  play_random(game, 3, 400)
  assert.is_false(game:is_over())
  return game
end

local function sum(t)
  local s = 0
  for _, v in ipairs(t) do s = s + v end
  return s
end

describe("Catan-family queries", function()
  it("give a seat's own hand and development cards as the view does (B-134)", function()
    local game = midgame()
    for seat = 0, 3 do
      local mine = view(game, seat).seats[seat + 1]
      assert.are.same(mine.hand, assert(game:hand(seat, seat)))
      assert.are.same(mine.hand, assert(game:hand(seat, cr.OMNISCIENT)))
      assert.are.same(mine.dev, assert(game:dev_cards(seat, seat)))
      local cards, dev, knights = game:seat_counts(seat)
      assert.are.equal(mine.hand_size, cards)
      assert.are.equal(mine.dev_count, dev)
      assert.are.equal(mine.knights, knights)
      assert.are.equal(cards, sum(game:hand(seat, seat)))
    end
  end)

  it("refuse hidden cards and bad seats with nil, message, code and leave the game unchanged", function()
    local game = midgame()
    local before = assert(game:save())
    for _, query in ipairs({ "hand", "dev_cards" }) do
      local none, msg, code = game[query](game, 1, 0)
      assert.is_nil(none)
      assert.matches("may not see seat 1", msg)
      assert.are.equal(cr.EHIDDEN, code)
      none, msg, code = game[query](game, 1, cr.SPECTATOR)
      assert.are.equal(cr.EHIDDEN, code)
      none, msg, code = game[query](game, 4, cr.OMNISCIENT)
      assert.matches("seat 4 out of range 0..3", msg)
      assert.are.equal(cr.EINVAL, code)
      none, msg, code = game[query](game, 0, 9)
      assert.matches("viewer 9", msg)
      assert.are.equal(cr.EINVAL, code)
      none, msg, code = game[query](game, 1 << 40, 0)
      assert.are.equal(cr.EINVAL, code)
      assert.has_error(function() game[query](game, "x", 0) end)
      assert.has_error(function() game[query](game, 0) end) -- the viewer is required
    end
    local none, msg, code = game:seat_counts(7)
    assert.is_nil(none)
    assert.matches("seat 7", msg)
    assert.are.equal(cr.EINVAL, code)
    assert.are.equal(before, game:save())
  end)

  it("give buildings, roads, robber and bank as the view does", function()
    local game = midgame()
    local v = view(game, cr.SPECTATOR)
    local board = assert(json.decode(game:rules():board_json()))
    local buildings, roads = {}, {}
    for _, b in ipairs(v.buildings) do buildings[b.node] = b end
    for _, r in ipairs(v.roads) do roads[r.path] = r.seat end
    assert.is_true(#v.buildings > 0 and #v.roads > 0)
    for node = 0, #board.nodes - 1 do
      local owner, kind = game:building(node)
      local b = buildings[node]
      assert.are.equal(b and b.seat or -1, owner)
      assert.are.equal(b and b.kind or "empty", kind)
    end
    for path = 0, #board.paths - 1 do
      assert.are.equal(roads[path] or -1, game:road(path))
    end
    assert.are.equal(v.robber, game:robber())
    local bank, deck = game:bank()
    assert.are.same(v.bank, bank)
    assert.are.equal(v.deck_size, deck)
    local none, msg, code = game:building(#board.nodes)
    assert.is_nil(none)
    assert.matches("intersection " .. #board.nodes .. " out of range", msg)
    assert.are.equal(cr.EINVAL, code)
    none, msg, code = game:road(-1)
    assert.matches("path %-1", msg)
    assert.are.equal(cr.EINVAL, code)
  end)

  it("start with a full bank and the robber on the board's start hex (B-7)", function()
    local rules = assert(cr.rules("base", { players = 4, seed = 7 }))
    local game = rules:new_game()
    local bank, deck = game:bank()
    assert.are.same({ 19, 19, 19, 19, 19 }, bank)
    assert.are.equal(25, deck)
    assert.are.equal(json.decode(rules:board_json()).robber_start, game:robber())
  end)

  it("report two_player's neutral pieces with owner ids 2 and 3 (T-1)", function()
    local game = assert(cr.rules("two_player", "seed=5")):new_game()
    play_random(game, 5, 300)
    local neutral = false
    for _, b in ipairs(view(game, cr.SPECTATOR).buildings) do
      assert.are.equal(b.seat, (game:building(b.node)))
      neutral = neutral or b.seat == cr.TP_NEUTRAL_0 or b.seat == cr.TP_NEUTRAL_1
    end
    assert.is_true(neutral)
  end)

  it("are unsupported for a game outside the Catan family", function()
    local game = assert(cr.rules("muhq", "map=2P-ring-street players=2 draft=none seed=7")):new_game()
    for _, call in ipairs({
      function() return game:hand(0, 0) end, function() return game:bank() end,
      function() return game:robber() end, function() return game:building(0) end,
      function() return game:road(0) end, function() return game:seat_counts(0) end,
      function() return game:encode({ type = 1, arg = { 0 } }) end,
    }) do
      local none, msg, code = call()
      assert.is_nil(none)
      assert.matches("not a Catan%-family module", msg)
      assert.are.equal(cr.EUNSUPPORTED, code)
    end
  end)
end)

describe("game:encode", function()
  it("gives back the code of every decoded legal action", function()
    local game = midgame()
    math.randomseed(11)
    for _ = 1, 100 do
      for _, code in ipairs(game:legal_actions()) do
        assert.are.equal(code, assert(game:encode(assert(game:decode(code)))))
      end
      local actions = game:legal_actions()
      assert(game:apply(actions[math.random(#actions)]))
    end
  end)

  it("encodes fields and refuses what does not fit", function()
    local game = assert(cr.rules("base", { players = 4, seed = 7 })):new_game()
    local code = assert(game:encode({ type = 1, arg = { 12 } }))
    assert.are.equal("place_settlement 12", game:action_text(code))
    assert.is_true(game:check(code))
    local offer = assert(game:encode({ type = 23, give = { 0, 0, 2 }, want = { 0, 0, 0, 0, 1 }, to = cr.TO_ALL }))
    assert.are.equal(cr.TO_ALL, game:decode(offer).to)
    local none, msg, err = game:encode({ type = 200 })
    assert.is_nil(none)
    assert.matches("unknown action type 200", msg)
    assert.are.equal(cr.EINVAL, err)
    none, msg, err = game:encode({ type = 23, give = { 0, 0, 16 } })
    assert.matches("give%[2%] = 16 does not fit 0..15", msg)
    none, msg, err = game:encode({ type = 10, arg = { 1, 2, 3, 4 } })
    assert.matches("arg has 4 values", msg)
    assert.are.equal(cr.EINVAL, err)
    none, msg = game:encode({ type = 10, arg = { "x" } })
    assert.matches("arg%[0%] is not an integer", msg)
    none, msg = game:encode({ type = 10.5 })
    assert.matches("field type", msg)
    assert.has_error(function() game:encode(10) end)
  end)
end)

describe("game:event", function()
  it("matches game:events and hides a steal's card from outsiders (B-65)", function()
    local game = assert(cr.rules("base", { players = 4, seed = 21 })):new_game()
    play_random(game, 21, 2000)
    local steal
    for _, e in ipairs(game:events(0, cr.OMNISCIENT)) do
      assert.are.same(e, assert(game:event(e.seq, cr.OMNISCIENT)))
      if e.type == 10 then steal = e end
    end
    assert.is_not_nil(steal)
    local outsider
    for s = 0, 3 do
      if s ~= steal.seat and s ~= steal.target then outsider = s end
    end
    assert.are.equal(cr.HIDDEN, game:event(steal.seq, outsider).args[1])
    assert.are.equal(steal.args[1], game:event(steal.seq, steal.seat).args[1])
    local first, next_seq = game:event_range()
    local none, _, code = game:event(next_seq)
    assert.is_nil(none)
    assert.are.equal(cr.ENOTFOUND, code)
    none, _, code = game:event(first, 99)
    assert.are.equal(cr.EINVAL, code)
  end)
end)

describe("rules:parameters", function()
  it("lists the parameters of the rules' module as catanrisk.params does", function()
    local rules = assert(cr.rules("base", { players = 4, seed = 7 }))
    assert.are.same(cr.params("base"), rules:parameters())
    local muhq = assert(cr.rules("muhq", "map=2P-ring-street players=2 seed=7"))
    assert.are.same(cr.params("muhq"), muhq:parameters())
  end)
end)

describe("the binding", function()
  it("calls every exported host function of the ABI (tests/abi/symbols.txt)", function()
    -- module.h's functions for C rule modules only, and rl.h's (the RL environments).
    local module_author_only = {
      crisk_module_builtin = true, crisk_rules_new_with_module = true, crisk_error_set = true,
      crisk_event_emit = true, crisk_params_parse = true, crisk_params_free = true, crisk_params_int = true,
      crisk_params_uint64 = true, crisk_params_string = true, crisk_params_given = true,
    }
    local source = assert(io.open("catanrisk.c")):read("a")
    local missing = {}
    for line in io.lines("../../tests/abi/symbols.txt") do
      local name = line:match("^(crisk_[%w_]+)@")
      if name and not module_author_only[name] and not name:match("^crisk_sink_") and not name:match("^crisk_json_")
          and not name:match("^crisk_rl_") and not name:match("^crisk_vec_env_")
          and not source:find(name .. "[^%w_]") then
        missing[#missing + 1] = name
      end
    end
    assert.are.same({}, missing)
  end)
end)
