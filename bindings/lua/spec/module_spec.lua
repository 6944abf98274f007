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
