-- busted specs of the Lua binding.  Run from bindings/lua with the built
-- module on LUA_CPATH: lua5.4 /usr/bin/busted spec
local cr = require "catanrisk"

local play_random = require "spec.play_random"

describe("catanrisk module", function()
  it("reports versions and constants", function()
    local text, major = cr.version()
    assert.matches("^%d+%.%d+%.%d+$", text)
    assert.are.equal(0, major)
    assert.are.equal(-1, cr.SEAT_CHANCE)
    assert.are.equal(-4, cr.EILLEGAL)
    assert.is_string(cr.strerror(cr.EILLEGAL))
  end)

  it("lists module parameters", function()
    local params = assert(cr.params("base"))
    assert.are.equal("players", params[1].name)
    assert.is_string(params[1].help)
    local none, msg, code = cr.params("no_such_module")
    assert.is_nil(none)
    assert.matches("no_such_module", msg)
    assert.are.equal(cr.ENOTFOUND, code)
  end)
end)

describe("rules", function()
  it("accept a table with booleans as 1/0", function()
    local rules = assert(cr.rules("base", { players = 3, seed = 9, friendly_robber = true }))
    assert.are.equal("base", rules:module())
    assert.are.equal(3, rules:seats())
    assert.matches("friendly_robber=1", rules:params())
    assert.matches("^catanrisk.rules%(base", tostring(rules))
  end)

  it("accept a parameter string and give canonical params back", function()
    local rules = assert(cr.rules("base", "players=2 seed=4"))
    local again = assert(cr.rules("base", rules:params()))
    assert.are.equal(rules:params(), again:params())
    assert.are.equal(rules:board_json(), again:board_json())
  end)

  it("return nil, message, code for bad parameters", function()
    local r, msg, code = cr.rules("base", { players = 4, seed = 7, colour = "red" })
    assert.is_nil(r)
    assert.matches("colour", msg)
    assert.are.equal(cr.EPARAM, code)
    r, msg, code = cr.rules("base", { players = 4, seed = 7, board = "two words" })
    assert.is_nil(r)
    assert.are.equal(cr.EPARAM, code)
    r, msg, code = cr.rules("no_such_module", "players=4 seed=1")
    assert.is_nil(r)
    assert.are.equal(cr.ENOTFOUND, code)
  end)

  it("raise for wrong argument types", function()
    assert.has_error(function() cr.rules() end)
    assert.has_error(function() cr.rules("base", { players = {} }) end)
    assert.has_error(function() cr.rules("base", { [1] = "players=4" }) end)
    assert.has_error(function() cr.rules("base", true) end)
  end)

  it("close, and games outlive them", function()
    local game
    do
      local rules <close> = assert(cr.rules("base", { players = 2, seed = 3 }))
      game = rules:new_game()
    end
    assert.is_true(#game:legal_actions() > 0)
  end)

  it("refuse use after close", function()
    local rules = assert(cr.rules("base", { players = 2, seed = 3 }))
    rules:close()
    rules:close()
    assert.has_error(function() rules:params() end, "attempt to use closed rules")
    assert.are.equal("catanrisk.rules (closed)", tostring(rules))
  end)
end)

describe("game", function()
  local rules, game
  before_each(function()
    rules = assert(cr.rules("base", { players = 4, seed = 7 }))
    game = assert(cr.game(rules))
  end)
  after_each(function()
    game:close()
  end)

  it("starts at set-up", function()
    assert.are.equal(0, game:current_seat())
    assert.are.equal("running", game:status())
    assert.are.equal(0, game:turn())
    assert.are.equal(4, game:seats())
    assert.are.equal("base", game:module())
    assert.is_true(game:state_size() > 0)
  end)

  it("lists legal actions in ascending order with text and fields", function()
    local actions = game:legal_actions()
    for i = 2, #actions do
      assert.is_true(math.ult(actions[i - 1], actions[i]))
    end
    local text = game:action_text(actions[1])
    assert.matches("^place_settlement %d+$", text)
    assert.are.equal(actions[1], game:parse(text))
    local f = game:decode(actions[1])
    assert.are.equal("place_settlement", f.name)
    assert.are.equal(actions[1] >> 56, f.type)
    assert.are.equal(tonumber(text:match("%d+$")), f.arg[1])
    assert.are.equal(6, #f.give)
  end)

  it("applies codes and text", function()
    assert.is_true(game:apply(game:legal_actions()[1]))
    assert.is_true(game:apply(game:action_text(game:legal_actions()[1])))
    assert.are.equal(1, game:current_seat())
  end)

  it("returns nil, message, code for illegal actions and keeps the game", function()
    local before = game:view_json(cr.OMNISCIENT)
    local ok, msg, code = game:apply("build_city 3")
    assert.is_nil(ok)
    assert.is_string(msg)
    assert.are.equal(cr.EILLEGAL, code)
    assert.are.equal(before, game:view_json(cr.OMNISCIENT))
    local ok2, msg2 = game:check("build_city 3")
    assert.is_nil(ok2)
    assert.are.equal(msg, msg2)
    assert.is_true(game:check(game:legal_actions()[3]))
  end)

  it("returns nil, message, EFORMAT for unreadable text", function()
    for _, text in ipairs({ "", "garbage", "build_road", "build_road x", "roll\0x", string.rep("x", 5000) }) do
      local ok, msg, code = game:apply(text)
      assert.is_nil(ok)
      assert.is_string(msg)
      assert.are.equal(cr.EFORMAT, code)
    end
    assert.is_nil(game:parse("garbage"))
  end)

  it("raises for wrong action types", function()
    assert.has_error(function() game:apply({}) end)
    assert.has_error(function() game:apply(1.5) end)
    assert.has_error(function() game:apply() end)
    assert.has_error(function() game.apply(rules, 1) end)
  end)

  it("survives random codes", function()
    play_random(game, 3, 300)
    math.randomseed(11)
    for _ = 1, 3000 do
      local code = math.random(math.mininteger, math.maxinteger)
      if math.random() < 0.5 then code = (math.random(1, 40) << 56) | math.random(0, 0xffff) end
      local before = game:view_json(cr.OMNISCIENT)
      local ok, msg, err = game:apply(code)
      if not ok then
        assert.is_string(msg)
        assert.is_true(err == cr.EILLEGAL or err == cr.EINVAL)
        assert.are.equal(before, game:view_json(cr.OMNISCIENT))
      end
    end
  end)

  it("plays a full game to a winner, reproducibly", function()
    local function run()
      local g <close> = assert(cr.rules("base", { players = 4, seed = 21 })):new_game()
      g:set_event_capacity(0)
      local steps = play_random(g, 5)
      local status, winner = g:status()
      return steps, status, winner, g:score(winner), g:turn()
    end
    local a = { run() }
    local b = { run() }
    assert.are.same(a, b)
    assert.are.equal("won", a[2])
    assert.is_true(a[4] >= 10)
  end)

  it("gives chance outcomes in explicit chance mode", function()
    local g = assert(cr.rules("base", { players = 3, seed = 2, chance = "explicit" })):new_game()
    math.randomseed(4)
    while g:current_seat() ~= cr.SEAT_CHANCE do
      local actions = g:legal_actions()
      g:apply(actions[math.random(#actions)])
    end
    local outcomes, probs = g:chance()
    local total = 0
    for i, p in ipairs(probs) do
      total = total + p
      assert.matches("^dice", g:action_text(outcomes[i]))
    end
    assert.is_true(math.abs(total - 1) < 1e-9)
    assert.is_true(g:apply("dice 8"))
    local none, msg, code = g:chance()
    assert.is_nil(none)
    assert.is_string(msg)
    assert.are.equal(cr.ESTATE, code)
  end)

  it("reports events with hidden arguments redacted", function()
    local first = select(2, game:event_range())
    game:apply(game:legal_actions()[1])
    local events = game:events(first)
    assert.are.equal(first, events[1].seq)
    assert.is_string(events[1].text)
    assert.are.equal(6, #events[1].args)
    assert.matches('^%[{"seq":', game:events_json(first))
    -- Play on until some event (a steal, a card bought) hides an argument from spectators.
    local hidden
    math.randomseed(8)
    while not hidden and not game:is_over() do
      local since = select(2, game:event_range())
      local actions = game:legal_actions()
      game:apply(actions[math.random(#actions)])
      for _, e in ipairs(game:events(since, cr.SPECTATOR)) do
        for i, v in ipairs(e.args) do
          if v == cr.HIDDEN then hidden = { seq = e.seq, index = i } end
        end
      end
    end
    assert.is_not_nil(hidden)
    local seen = game:events(hidden.seq, cr.OMNISCIENT)[1]
    assert.are.equal(hidden.seq, seen.seq)
    assert.are_not.equal(cr.HIDDEN, seen.args[hidden.index])
    assert.has_error(function() game:events(-1) end)
  end)

  it("returns nil, message, code for bad seats and viewers", function()
    for _, call in ipairs({
      function() return game:score(9) end,
      function() return game:score(0, 42) end,
      function() return game:view_json(17) end,
      function() return game:events_json(0, 1 << 40) end,
      function() return game:set_event_capacity(1 << 40) end,
    }) do
      local r, msg, code = call()
      assert.is_nil(r)
      assert.is_string(msg)
      assert.are.equal(cr.EINVAL, code)
    end
  end)

  it("clones and copies", function()
    play_random(game, 3, 200)
    local c = assert(game:clone())
    assert.are.equal(game:view_json(cr.OMNISCIENT), c:view_json(cr.OMNISCIENT))
    c:apply(c:legal_actions()[1])
    assert.are_not.equal(game:view_json(cr.OMNISCIENT), c:view_json(cr.OMNISCIENT))
    assert.is_true(c:copy_from(game))
    assert.are.equal(game:view_json(cr.OMNISCIENT), c:view_json(cr.OMNISCIENT))
    local other = assert(cr.rules("base", { players = 4, seed = 7 })):new_game()
    local ok, _, code = other:copy_from(game)
    assert.is_nil(ok)
    assert.are.equal(cr.EINVAL, code)
  end)

  it("closes with <close> and refuses use after close", function()
    local outer
    do
      local g <close> = rules:new_game()
      outer = g
    end
    assert.has_error(function() outer:legal_actions() end, "attempt to use a closed game")
    assert.are.equal("catanrisk.game (closed)", tostring(outer))
    outer:close()
  end)

  it("frees everything on collection", function()
    for _ = 1, 200 do
      local g = rules:new_game()
      g:clone()
    end
    collectgarbage()
    collectgarbage()
  end)
end)
