-- busted specs of module hawaii from Lua (rules/hawaii.md): a game on the
-- built-in map played to a winner, saved and loaded; a host map (option map,
-- H-91) from a string and from a file, whose saves and records carry the map.
local cr = require "catanrisk"

local OFFER_TRADE = 23 -- random bots make no domestic offers (docs/actions.md)
-- The small host map of the C tests, from the source tree (meson runs the specs there).
local MAP_PATH = os.getenv("CRISK_HAWAII_MAP") or "../../tests/catanmap/three_isles.catanmap"

local function read_map()
  local f = assert(io.open(MAP_PATH, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function play_to_winner(game, seed)
  local steps = assert(game:playout(seed, { skip_types = { OFFER_TRADE } }))
  assert.is_true(steps > 0)
  local status, winner = game:status()
  assert.are.equal("won", status)
  assert.is_true(winner >= 0 and winner < game:seats())
end

describe("module hawaii", function()
  it("plays the built-in map to a winner, and a save plays on identically", function()
    local r <close> = assert(cr.rules("hawaii", { players = 4, seed = 11 }))
    assert.truthy(r:params():find("map=hawaii", 1, true))
    assert.is_nil(r:data())
    local game <close> = r:new_game()
    assert(game:playout(5, { skip_types = { OFFER_TRADE }, max_steps = 500 }))
    local loaded <close> = assert(cr.load(assert(game:save())))
    play_to_winner(game, 6)
    play_to_winner(loaded, 6)
    assert.are.equal(assert(game:save()), assert(loaded:save()))
  end)

  it("plays a host map given as a string (map=data, H-91)", function()
    local text = read_map()
    local r <close> = assert(cr.rules("hawaii", "players=3 seed=2", text))
    assert.truthy(r:params():find("map=data", 1, true))
    assert.are.equal(text, r:data())
    assert.truthy(r:board_json():find('"map_id":"cove"', 1, true))
    play_to_winner(r:new_game(), 9)
  end)

  it("plays a host map from a file, and its saves and records need no file", function()
    local text = read_map()
    local r <close> = assert(cr.rules_from_data_file("hawaii", MAP_PATH, "players=4 seed=1 chance=explicit"))
    assert.are.equal(text, r:data())
    local game <close> = r:new_game({ record = true })
    assert(game:playout(3, { skip_types = { OFFER_TRADE }, max_steps = 400 }))
    local loaded <close> = assert(cr.load(assert(game:save())))
    local from_json <close> = assert(cr.load_json(assert(game:save_json())))
    local replayed <close> = assert(cr.replay(assert(game:record())))
    for _, g in ipairs({ loaded, from_json, replayed }) do
      assert.are.equal(text, g:rules():data())
      assert.are.equal(assert(game:save()), assert(g:save()))
    end
    play_to_winner(game, 8)
    play_to_winner(loaded, 8)
    assert.are.equal(assert(game:save()), assert(loaded:save()))
  end)

  it("refuses map and text combinations that do not fit, and broken maps", function()
    local text = read_map()
    local r, msg, code = cr.rules("hawaii", "map=hawaii players=3 seed=1", text)
    assert.is_nil(r)
    assert.are.equal(cr.EPARAM, code)
    assert.truthy(msg:find("'hawaii' is the built-in map", 1, true), msg)
    r, msg, code = cr.rules("hawaii", "map=data players=3 seed=1")
    assert.are.equal(cr.EPARAM, code)
    assert.truthy(msg:find("none was given", 1, true), msg)
    r, msg, code = cr.rules("hawaii", "map=maui players=3 seed=1")
    assert.are.equal(cr.EPARAM, code)
    assert.truthy(msg:find("accepted: hawaii|data", 1, true), msg)
    r, msg, code = cr.rules("hawaii", "players=3 seed=1", (text:gsub("catanmap 1", "catanmap 2", 1)))
    assert.is_nil(r)
    assert.are.equal(cr.EFORMAT, code)
    assert.truthy(msg:find("line 4: unsupported version '2'", 1, true), msg)
  end)
end)
