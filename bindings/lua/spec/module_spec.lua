-- busted specs: rule modules loaded from a shared object (docs/modules.md).
-- CRISK_HOUSE_RULES_SO names the example module examples/house_rules.
local cr = require "catanrisk"

describe("rules_from_file", function()
  local path = os.getenv("CRISK_HOUSE_RULES_SO")

  it("plays a game of the house_rules module", function()
    assert.is_string(path, "CRISK_HOUSE_RULES_SO is not set")
    local rules = assert(cr.rules_from_file(path, { players = 3, seed = 5 }))
    assert.are.equal("house_rules", rules:module())
    assert.are.equal(3, rules:seats())
    local game = rules:new_game()
    math.randomseed(5)
    local steps = 0
    while not game:is_over() and steps < 200000 do
      local actions = game:legal_actions()
      assert(game:apply(actions[math.random(#actions)]))
      steps = steps + 1
    end
    assert.is_true(game:is_over())
  end)

  it("refuses a missing file with ENOTFOUND", function()
    local rules, msg, code = cr.rules_from_file("/nonexistent/house_rules.so", "players=3 seed=1")
    assert.is_nil(rules)
    assert.is_string(msg)
    assert.are.equal(cr.ENOTFOUND, code)
  end)

  it("refuses bad parameters with EPARAM", function()
    assert.is_string(path, "CRISK_HOUSE_RULES_SO is not set")
    local rules, msg, code = cr.rules_from_file(path, "players=9 seed=1")
    assert.is_nil(rules)
    assert.matches("players", msg)
    assert.are.equal(cr.EPARAM, code)
  end)
end)

describe("saves and records of a module loaded from a file", function()
  local path = os.getenv("CRISK_HOUSE_RULES_SO")

  it("load and replay with the module's rules given (crisk_game_load_as and friends)", function()
    local rules = assert(cr.rules_from_file(path, { players = 3, seed = 5 }))
    local game = rules:new_game({ record = true })
    math.randomseed(9)
    for _ = 1, 300 do
      local actions = game:legal_actions()
      assert(game:apply(actions[math.random(#actions)]))
    end
    local data, json_text, record = assert(game:save()), assert(game:save_json()), assert(game:record())
    local none, msg, code = cr.load(data)
    assert.is_nil(none)
    assert.is_string(msg)
    assert.is_true(code < 0)
    local loaded = assert(cr.load(data, rules))
    assert.are.equal(data, loaded:save())
    assert.are.equal(data, assert(cr.load_json(json_text, rules)):save())
    local replayed = assert(cr.replay(record, rules))
    assert.are.equal(data, replayed:save())
    assert.is_true(replayed:is_recording())
    assert.has_error(function() cr.load(data, "house_rules") end)
  end)
end)
