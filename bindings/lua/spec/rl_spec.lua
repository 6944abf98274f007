-- Reinforcement learning through the binding (rl.h, docs/rl.md): the action
-- index, masks as lists of legal indices, observations and the vector environment.
local cr = require "catanrisk"

describe("rl", function()
  it("maps legal indices to legal actions and back", function()
    local rules = assert(cr.rules("base", "players=3 seed=2"))
    local a, o = assert(rules:rl_sizes())
    assert.is_true(a > 0 and o > 0)
    local game = assert(rules:new_game())
    for _ = 1, 60 do
      local legal = assert(game:rl_legal())
      assert.is_true(#legal > 0)
      for _, i in ipairs(legal) do
        assert.is_true(i >= 0 and i < a)
        local code = assert(game:rl_action(i))
        assert.are.equal(i, game:rl_index(code))
        assert.is_true(game:check(code))
      end
      assert(game:apply(assert(game:rl_action(legal[1]))))
    end
    local obs = assert(game:rl_observe(0))
    assert.are.equal(o, #obs)
    local spaces = assert(rules:rl_spaces_json())
    assert.truthy(spaces:find('"observation_fields"', 1, true))
  end)

  it("refuses bad input with a message", function()
    local rules = assert(cr.rules("base", "players=3 seed=2"))
    local a = assert(rules:rl_sizes())
    local game = assert(rules:new_game())
    local v, msg, code = game:rl_action(a)
    assert.is_nil(v)
    assert.truthy(msg:find("out of the action index", 1, true))
    assert.are.equal(cr.EINVAL, code)
    v, msg = game:rl_observe(7)
    assert.is_nil(v)
    assert.truthy(msg:find("viewer", 1, true))
    v, msg = game:rl_index("offer give=1brick want=1ore to=*")
    assert.is_nil(v)
    assert.truthy(msg:find("no index", 1, true))
  end)

  it("steps a vector environment", function()
    local rules = assert(cr.rules("base", "players=3 seed=2"))
    local _, o = assert(rules:rl_sizes())
    local env = assert(cr.vec_env(rules, 4, {agents = {1}, seed = 3}))
    local n, _, obs_size, seats = env:sizes()
    assert.are.same({4, o, 3}, {n, obs_size, seats})
    local out = assert(env:reset())
    assert.are.equal(4, #out.obs)
    assert.are.equal(o, #out.obs[1])
    for _ = 1, 50 do
      out = assert(env:step(assert(env:sample())))
      for i = 1, 4 do
        assert.are.equal(1, out.seats[i])
        assert.is_true(#out.legal[i] > 0)
        assert.are.equal(3, #out.rewards[i])
      end
    end
    local bad = {}
    for i = 1, 4 do bad[i] = out.legal[i][1] end
    bad[2] = -1
    local v, msg = env:step(bad)
    assert.is_nil(v)
    assert.truthy(msg:find("game 1", 1, true))
    v, msg = env:step({0})
    assert.is_nil(v)
    assert.truthy(msg:find("one action index per game", 1, true))
    env:close()
    v, msg = cr.vec_env(rules, 2, {agents = {5}})
    assert.is_nil(v)
    assert.truthy(msg:find("agent seat", 1, true))
  end)
end)
