-- busted specs of game:playout: random playouts inside the library, equal to
-- a Lua step loop with the generator documented in docs/api.md.
local cr = require "catanrisk"

local OFFER_TRADE, MARITIME_TRADE = 23, 22

-- splitmix64 on Lua's wrapping 64-bit integers: new state, output.
local function next64(s)
  s = s + 0x9E3779B97F4A7C15
  local z = s
  z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
  z = (z ~ (z >> 27)) * 0x94D049BB133111EB
  return s, z ~ (z >> 31)
end

-- Lemire: the high 32 bits times n, rejecting while the low half is below 2^32 mod n.
local function pick(s, n)
  if n == 1 then return s, 1 end
  local threshold = (1 << 32) % n
  while true do
    local x
    s, x = next64(s)
    local m = (x >> 32) * n
    if m & 0xFFFFFFFF >= threshold then return s, (m >> 32) + 1 end
  end
end

local function weighted(s, probs)
  local x
  s, x = next64(s)
  local u, acc = (x >> 11) * 2.0 ^ -53, 0.0
  for i = 1, #probs - 1 do
    acc = acc + probs[i]
    if u < acc then return s, i end
  end
  return s, #probs
end

local function step_loop(game, s, skip, max_steps)
  local steps = 0
  while not game:is_over() and (not max_steps or steps < max_steps) do
    local i
    if game:current_seat() == cr.SEAT_CHANCE then
      local codes, probs = assert(game:chance())
      s, i = weighted(s, probs)
      assert(game:apply(codes[i]))
    else
      local codes = {}
      for _, c in ipairs(game:legal_actions()) do
        if (skip >> (c >> 56)) & 1 == 0 then codes[#codes + 1] = c end
      end
      if #codes == 0 then return steps, s, "nothing left" end
      s, i = pick(s, #codes)
      assert(game:apply(codes[i]))
    end
    steps = steps + 1
  end
  return steps, s
end

describe("game:playout", function()
  local configs = {
    { "base", { players = 4, seed = 1, max_turns = 40 } },
    { "base", { players = 3, seed = 2, chance = "explicit", max_turns = 40 } },
    { "two_player", { seed = 3, max_turns = 40 } },
    { "risk", { players = 3, seed = 4, chance = "explicit", max_turns = 30 } },
  }
  for _, c in ipairs(configs) do
    for _, skip in ipairs({ 1 << OFFER_TRADE, (1 << OFFER_TRADE) | (1 << MARITIME_TRADE) }) do
      it(("equals a Lua step loop: %s, skip %#x"):format(c[1], skip), function()
        local rules = assert(cr.rules(c[1], c[2]))
        local a, b = assert(rules:new_game()), assert(rules:new_game())
        local steps, s = a:playout(-7, { skip_types = skip })
        assert.is_true(a:is_over())
        assert.is_true(steps > 0)
        local ref_steps, ref_s = step_loop(b, -7, skip)
        assert.are.equal(ref_steps, steps)
        assert.are.equal(ref_s, s)
        assert.are.equal(b:save(), a:save())
      end)
    end
  end

  it("takes skip_types as a list, stops at max_steps and continues", function()
    local rules = assert(cr.rules("base", { players = 4, seed = 5 }))
    local a, whole = assert(rules:new_game()), assert(rules:new_game())
    local steps, s = a:playout(11, { skip_types = { OFFER_TRADE }, max_steps = 25 })
    assert.are.equal(25, steps)
    assert.is_false(a:is_over())
    local rest, e = a:playout(s, { skip_types = 1 << OFFER_TRADE })
    assert.is_true(a:is_over())
    local all, e2 = whole:playout(11, { skip_types = { OFFER_TRADE } })
    assert.are.equal(all, 25 + rest)
    assert.are.equal(e2, e)
    assert.are.equal(whole:save(), a:save())
    -- Over already: nothing applied, nothing drawn.
    local none, same = a:playout(e)
    assert.are.equal(0, none)
    assert.are.equal(e, same)
  end)

  it("keeps undo and the record", function()
    local rules = assert(cr.rules("base", { players = 3, seed = 6 }))
    local g = assert(rules:new_game({ record = true, undo_depth = 5 }))
    local fast = assert(rules:new_game())
    local n1, s1 = g:playout(3, { skip_types = { OFFER_TRADE }, max_steps = 40 })
    local n2, s2 = fast:playout(3, { skip_types = { OFFER_TRADE }, max_steps = 40 })
    assert.are.equal(n2, n1)
    assert.are.equal(s2, s1)
    assert.are.equal(fast:save(), g:save())
    assert.are.equal(5, g:undo_available())
    local back = assert(cr.replay(assert(g:record())))
    assert.are.equal(g:save(), back:save())
  end)

  it("fails with nil, message, code, steps, state", function()
    local rules = assert(cr.rules("base", { players = 4, seed = 7 }))
    local g = assert(rules:new_game())
    local setup_only = ~((1 << 1) | (1 << 2))
    local none, msg, code, steps, s = g:playout(9, { skip_types = setup_only })
    assert.is_nil(none)
    assert.matches("no action left", msg)
    assert.are.equal(cr.ESTATE, code)
    assert.are.equal(16, steps)
    assert.are.equal(1, g:turn())
    local other = assert(rules:new_game())
    local ref_steps, ref_s, why = step_loop(other, 9, setup_only)
    assert.are.equal(16, ref_steps)
    assert.are.equal(ref_s, s)
    assert.are.equal("nothing left", why)
    assert.has_error(function() g:playout("x") end)
    assert.has_error(function() g:playout(1, { max_steps = -1 }) end)
    assert.has_error(function() g:playout(1, { skip_types = { 64 } }) end)
    assert.has_error(function() g:playout(1, { skip_types = { 2.5 } }) end)
    assert.has_error(function() g:playout(1, { skip_types = "offers" }) end)
  end)

  it("game:playouts equals single playouts on clones, whatever the threads", function()
    local rules = assert(cr.rules("base", { players = 3, seed = 8, chance = "explicit" }))
    local g = assert(rules:new_game())
    assert(g:playout(5, { skip_types = { OFFER_TRADE }, max_steps = 50 }))
    local before = assert(g:save())
    local wins, unfinished, steps = { 0, 0, 0 }, 0, 0
    for i = 0, 7 do
      local c = assert(g:clone())
      local _, state = next64(77 + i)
      steps = steps + assert(c:playout(state, { skip_types = { OFFER_TRADE } }))
      local status, winner = c:status()
      if status == "won" then wins[winner + 1] = wins[winner + 1] + 1 else unfinished = unfinished + 1 end
    end
    for _, t in ipairs({ 1, 3 }) do
      local w, u, n = g:playouts(8, { threads = t, seed = 77, skip_types = { OFFER_TRADE } })
      assert.are.same(wins, w)
      assert.are.equal(unfinished, u)
      assert.are.equal(steps, n)
    end
    assert.are.equal(before, assert(g:save()))
    local ok, msg, code = g:playouts(2, { threads = 0 })
    assert.is_nil(ok)
    assert.are.equal(cr.EINVAL, code)
    ok, msg, code = g:playouts(3, { threads = 2, skip_types = -1 })
    assert.is_nil(ok)
    assert.are.equal(cr.ESTATE, code)
    assert.truthy(msg:find("playout 0", 1, true))
    assert.has_error(function() g:playouts(-1) end)
  end)
end)
