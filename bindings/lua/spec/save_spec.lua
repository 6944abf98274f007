-- busted specs of saves (binary and JSON), game records and undo.
local cr = require "catanrisk"

local function rules(params)
  return assert(cr.rules("base", params or { players = 4, seed = 7 }))
end

-- Random legal actions from a private generator until the game ends or `steps` were applied.
local function play(game, seed, steps)
  local rng = { state = seed }
  local n = 0
  while not game:is_over() and (not steps or n < steps) do
    local actions = game:legal_actions()
    rng.state = (rng.state * 6364136223846793005 + 1442695040888963407)
    local pick = ((rng.state >> 33) % #actions) + 1
    assert(game:apply(actions[pick]))
    n = n + 1
  end
  return n
end

local function snapshot(game)
  local status, winner = game:status()
  local _, next_seq = game:event_range()
  return {
    view = game:view_json(cr.OMNISCIENT),
    legal = game:legal_actions(),
    seat = game:current_seat(),
    status = status,
    winner = winner,
    turn = game:turn(),
    next = next_seq,
  }
end

-- Applies the same actions to both games; they must stay identical.
local function assert_same_future(a, b, seed, steps)
  math.randomseed(seed)
  for _ = 1, steps or 200 do
    assert.are.same(snapshot(a), snapshot(b))
    if a:is_over() then break end
    local _, since = a:event_range()
    local actions = a:legal_actions()
    local code = actions[math.random(#actions)]
    assert(a:apply(code))
    assert(b:apply(code))
    assert.are.equal(a:events_json(since, cr.OMNISCIENT), b:events_json(since, cr.OMNISCIENT))
  end
  assert.are.equal(a:save(), b:save())
end

local function assert_fails(code, ...)
  local r, msg, err = ...
  assert.is_nil(r)
  assert.is_string(msg)
  assert.is_true(#msg > 0)
  assert.are.equal(code, err)
  return msg
end

local function midgame()
  local game = rules():new_game()
  play(game, 3, 400)
  assert.is_false(game:is_over())
  return game
end

describe("binary saves", function()
  it("are strings, deterministic, and continue identically", function()
    local game = midgame()
    local data = assert(game:save())
    assert.are.equal("CRISKSAV", data:sub(1, 8))
    assert.are.equal(data, game:save())
    local loaded = assert(cr.load(data))
    assert.are.equal(data, loaded:save())
    assert.are.equal("base", loaded:module())
    assert.are.same({}, loaded:events())
    assert_same_future(game, loaded, 17)
  end)

  it("round-trip explicit chance and finished games", function()
    local g = rules({ players = 3, seed = 5, chance = "explicit" }):new_game()
    play(g, 1, 250)
    assert_same_future(g, assert(cr.load(g:save())), 2)
    local done = rules({ players = 4, seed = 21 }):new_game()
    play(done, 5)
    assert.is_true(done:is_over())
    assert.are.same(snapshot(done), snapshot(assert(cr.load(done:save()))))
  end)

  it("refuse every truncation and trailing bytes with nil, msg, EFORMAT", function()
    local data = midgame():save()
    for cut = 0, #data - 1 do
      assert_fails(cr.EFORMAT, cr.load(data:sub(1, cut)))
    end
    assert.matches("truncated", assert_fails(cr.EFORMAT, cr.load(data:sub(1, 100))))
    assert_fails(cr.EFORMAT, cr.load(data .. "\0"))
  end)

  it("refuse every flipped byte", function()
    local data = midgame():save()
    for pos = 1, #data do
      for _, mask in ipairs({ 0x01, 0x80 }) do
        local bad = data:sub(1, pos - 1) .. string.char(data:byte(pos) ~ mask) .. data:sub(pos + 1)
        assert_fails(cr.EFORMAT, cr.load(bad))
      end
    end
  end)

  it("refuse random bytes", function()
    math.randomseed(23)
    for _ = 1, 500 do
      local t = {}
      for i = 1, math.random(0, 700) do t[i] = string.char(math.random(0, 255)) end
      local blob = table.concat(t)
      if math.random() < 0.5 then blob = "CRISKSAV" .. blob end
      assert_fails(cr.EFORMAT, cr.load(blob))
    end
  end)

  it("raise for wrong argument types", function()
    assert.has_error(function() cr.load() end)
    assert.has_error(function() cr.load(42) end)
    assert.has_error(function() cr.load({}) end)
    assert.has_error(function() cr.load_json(nil) end)
    assert.has_error(function() cr.load_json(7) end)
    assert.has_error(function() cr.replay(true) end)
  end)
end)

describe("JSON saves", function()
  it("round-trip to the same game and the same binary save", function()
    local game = midgame()
    local text = assert(game:save_json())
    assert.matches('^{"format":"crisk%-save"', text)
    local loaded = assert(cr.load_json(text))
    assert.are.equal(text, loaded:save_json())
    assert.are.equal(game:save(), loaded:save())
    assert_same_future(game, loaded, 8)
  end)

  it("refuse broken JSON with nil, msg, EFORMAT", function()
    local text = midgame():save_json()
    for cut = 0, #text - 1, 23 do
      assert_fails(cr.EFORMAT, cr.load_json(text:sub(1, cut)))
    end
    for _, bad in ipairs({ "", "{", "[]", "null", text .. ",", "\xff" .. text, (text:gsub("crisk%-save", "other")) }) do
      assert_fails(cr.EFORMAT, cr.load_json(bad))
    end
    assert.matches("^%$%.state%.turn", assert_fails(cr.EFORMAT, cr.load_json((text:gsub('"turn":%d+', '"turn":"x"')))))
    assert.matches("byte", assert_fails(cr.EFORMAT, cr.load_json('{"format" "crisk-save"}')))
  end)

  it("survive random damage", function()
    local text = midgame():save_json()
    math.randomseed(41)
    local alphabet = '0123456789{}[]",:-ae '
    for _ = 1, 300 do
      local pos = math.random(#text)
      local k = math.random(#alphabet)
      local bad = text:sub(1, pos - 1) .. alphabet:sub(k, k) .. text:sub(pos + 1)
      local g, msg, code = cr.load_json(bad)
      if g then
        g:legal_actions()
      else
        assert.is_string(msg)
        assert.are.equal(cr.EFORMAT, code)
      end
    end
  end)
end)

describe("game records", function()
  it("replay to the same game, which records again", function()
    local game = rules():new_game({ record = true })
    assert.is_true(game:is_recording())
    play(game, 12, 200)
    local text = assert(game:record())
    local lines = {}
    for line in text:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
    assert.are.equal("crisk-record 1", lines[1])
    assert.are.equal("module base", lines[2])
    assert.are.equal("params " .. rules():params(), lines[3])
    assert.are.equal(203, #lines)
    local again = assert(cr.replay(text))
    assert.is_true(again:is_recording())
    assert.are.equal(text, again:record())
    assert.are.equal(game:save(), again:save())
    assert_same_future(game, again, 13)
    assert.are.equal(game:record(), again:record())
  end)

  it("start only at creation", function()
    local game = rules():new_game()
    assert.is_false(game:is_recording())
    assert_fails(cr.ESTATE, game:record())
    assert.is_true(game:set_recording(true))
    game:apply(game:legal_actions()[1])
    assert.is_string(game:record())
    assert.is_true(game:set_recording(false))
    assert_fails(cr.ESTATE, game:record())
    assert.matches("crisk_game_new", assert_fails(cr.ESTATE, game:set_recording(true)))
    assert.is_false(game:is_recording())
    local loaded = assert(cr.load(game:save()))
    assert.is_false(loaded:is_recording())
    assert_fails(cr.ESTATE, loaded:set_recording(true))
    assert.has_error(function() game:set_recording() end)
  end)

  it("are kept by clones", function()
    local game = rules():new_game({ record = true })
    play(game, 15, 30)
    local clone = assert(game:clone())
    assert.is_true(clone:is_recording())
    assert.are.equal(game:record(), clone:record())
  end)

  it("refuse bad records with nil, msg naming the line, EFORMAT", function()
    for _, case in ipairs({
      { "hello", "line 1" },
      { "crisk-record 1\nmodule chess\n", "line 2" },
      { "crisk-record 1\nmodule base\nparams players=9\n", "line 3" },
      { "crisk-record 1\nmodule base\nparams players=4 seed=7\nbiuld_road 3\n", "line 4" },
      { "crisk-record 1\nmodule base\nparams players=4 seed=7\nbuild_city 3\n", "line 4" },
      { "crisk-record 1\nmodule base\nparams players=4 seed=7\nplace_settlement 0\0\n", "line 4" },
    }) do
      assert.matches(case[2], assert_fails(cr.EFORMAT, cr.replay(case[1])))
    end
    assert_fails(cr.EFORMAT, cr.replay(""))
  end)
end)

describe("undo", function()
  it("restores the exact view, step by step", function()
    local game = rules():new_game({ undo_depth = 100 })
    assert.are.equal(100, game:undo_depth())
    assert.are.equal(0, game:undo_available())
    local history = {}
    math.randomseed(18)
    for i = 1, 100 do
      history[i] = { snapshot(game), game:save(), game:events_json(0, cr.OMNISCIENT) }
      local actions = game:legal_actions()
      assert(game:apply(actions[math.random(#actions)]))
    end
    assert.are.equal(100, game:undo_available())
    for i = 100, 1, -1 do
      assert.is_true(game:undo())
      assert.are.same(history[i][1], snapshot(game))
      assert.are.equal(history[i][2], game:save())
      assert.are.equal(history[i][3], game:events_json(0, cr.OMNISCIENT))
    end
  end)

  it("takes several steps back and the same actions give the same results", function()
    local game = midgame()
    assert.is_true(game:set_undo_depth(16))
    local before = snapshot(game)
    local codes = {}
    math.randomseed(19)
    for i = 1, 10 do
      local actions = game:legal_actions()
      codes[i] = actions[math.random(#actions)]
      assert(game:apply(codes[i]))
    end
    local after = game:save()
    assert.is_true(game:undo(10))
    assert.are.same(before, snapshot(game))
    for _, code in ipairs(codes) do assert(game:apply(code)) end
    assert.are.equal(after, game:save())
    assert.is_true(game:undo(0))
    assert.are.equal(after, game:save())
  end)

  it("refuses with nil, msg, code and leaves the game unchanged", function()
    local game = rules():new_game()
    assert_fails(cr.ESTATE, game:undo())
    assert.is_true(game:set_undo_depth(3))
    play(game, 20, 5)
    assert.are.equal(3, game:undo_available())
    local before = game:save()
    assert.matches("3", assert_fails(cr.ESTATE, game:undo(4)))
    assert.are.equal(before, game:save())
    assert_fails(cr.EINVAL, game:set_undo_depth(cr.MAX_UNDO_DEPTH + 1))
    assert.are.equal(3, game:undo_depth())
    assert.has_error(function() game:undo(-1) end)
    assert.has_error(function() game:undo(1.5) end)
    assert.has_error(function() game:set_undo_depth(-1) end)
    assert.has_error(function() game:set_undo_depth() end)
    assert.has_error(function() rules():new_game({ undo_depth = -2 }) end)
    assert_fails(cr.EINVAL, rules():new_game({ undo_depth = cr.MAX_UNDO_DEPTH + 1 }))
  end)

  it("shortens the record and is copied by clones", function()
    local game = rules():new_game({ record = true, undo_depth = 8 })
    play(game, 21, 20)
    local full = game:record()
    local clone = assert(game:clone())
    assert.are.equal(8, clone:undo_depth())
    assert.are.equal(8, clone:undo_available())
    assert.is_true(game:undo(5))
    local short = game:record()
    assert.is_true(#short < #full)
    assert.are.equal(full:sub(1, #short), short)
    assert.are.equal(game:save(), assert(cr.replay(short)):save())
    local loaded = assert(cr.load(game:save()))
    assert.are.equal(0, loaded:undo_depth())
    assert.are.equal(0, loaded:undo_available())
  end)
end)

describe("closed games", function()
  it("raise on save, record and undo", function()
    local game = rules():new_game({ record = true })
    game:close()
    for _, m in ipairs({ "save", "save_json", "record", "undo", "undo_available", "undo_depth", "is_recording" }) do
      assert.has_error(function() game[m](game) end, "attempt to use a closed game")
    end
  end)

  it("are freed on collection after loads", function()
    local data = rules():new_game():save()
    for _ = 1, 200 do
      cr.load(data)
      cr.load(data:sub(1, 50))
    end
    collectgarbage()
    collectgarbage()
  end)
end)
