-- busted specs: game:legal_actions(skip_types) over crisk_game_legal_actions_except.
local cr = require "catanrisk"

local OFFER_TRADE, MARITIME_TRADE, BUILD_ROAD, END_TURN = 23, 22, 10, 28

-- The codes of `full` whose type is not in the array `types`.
local function without(full, types)
  local skip, kept = {}, {}
  for _, t in ipairs(types) do skip[t] = true end
  for _, code in ipairs(full) do
    if not skip[code >> 56] then kept[#kept + 1] = code end
  end
  return kept
end

local all_types = {}
for t = 0, 63 do all_types[#all_types + 1] = t end

local masks = {
  { OFFER_TRADE },
  { MARITIME_TRADE, END_TURN },
  { BUILD_ROAD, OFFER_TRADE },
  { 40, 41, 42, 43, 44, 45, 46, 47 },
  { 63 },
  all_types,
}

-- At every step of a random playout, each skip list is the filtered full list.
local function check_playout(game, seed, steps, skip_lists)
  math.randomseed(seed)
  local offers = 0
  for _ = 1, steps do
    if game:is_over() then break end
    local full = game:legal_actions()
    for _, types in ipairs(skip_lists) do
      assert.are.same(without(full, types), game:legal_actions(types))
    end
    if #without(full, { OFFER_TRADE }) < #full then offers = offers + 1 end
    assert(game:apply(full[math.random(#full)]))
  end
  return offers
end

describe("legal_actions(skip_types)", function()
  for _, case in ipairs({
    { "base", { players = 4, seed = 7, chance = "explicit" } },
    { "two_player", { seed = 8 } },
    { "risk", { players = 3, seed = 9 } },
  }) do
    it("is the full list without those types in " .. case[1], function()
      local game = assert(cr.game(assert(cr.rules(case[1], case[2]))))
      assert.is_true(check_playout(game, 1, 500, masks) > 10)
    end)
  end

  it("skips nothing for an empty array or nil", function()
    local game = assert(cr.game(assert(cr.rules("base", { players = 4, seed = 7 }))))
    assert.are.same(game:legal_actions(), game:legal_actions({}))
    assert.are.same(game:legal_actions(), game:legal_actions(nil))
  end)

  it("refuses types outside 0..63 with EINVAL and raises on misuse", function()
    local game = assert(cr.game(assert(cr.rules("base", { players = 4, seed = 7 }))))
    local none, msg, code = game:legal_actions({ 64 })
    assert.is_nil(none)
    assert.matches("action type 64 cannot be skipped", msg)
    assert.are.equal(cr.EINVAL, code)
    none, msg, code = game:legal_actions({ 1, -1 })
    assert.is_nil(none)
    assert.are.equal(cr.EINVAL, code)
    assert.has_error(function() game:legal_actions(OFFER_TRADE) end)
    assert.has_error(function() game:legal_actions({ "offer" }) end)
    assert.has_error(function() game:legal_actions({ 2.5 }) end)
  end)

  it("filters a loaded module's list too", function()
    local path = os.getenv("CRISK_HOUSE_RULES_SO")
    assert.is_string(path, "CRISK_HOUSE_RULES_SO is not set")
    local game = assert(cr.game(assert(cr.rules_from_file(path, { players = 3, seed = 4 }))))
    check_playout(game, 2, 300, { { MARITIME_TRADE }, { BUILD_ROAD, END_TURN }, all_types })
  end)
end)
