-- busted specs of the rule module muhq: a module outside the Catan family,
-- whose actions are codes with text forms (docs/muhq-actions.md) and whose
-- views are JSON.  dkjson comes with Debian's lua-busted.
local cr = require "catanrisk"
local json = require "dkjson"

-- Action types of docs/muhq-actions.md.
local RELEASE, CONCEDE = 4, 23

local function rules(map, players, seed)
  return assert(cr.rules("muhq", {
    map = map or "2P-ring-street", players = players or 2, draft = "none", seed = seed or 7,
  }))
end

-- A private generator, so the specs do not depend on math.random's algorithm.
local function rng(seed)
  local state = seed
  return function(n)
    state = state * 6364136223846793005 + 1442695040888963407
    return ((state >> 33) % n) + 1
  end
end

-- What the bots choose from: never concede, nor release a unit (one's King
-- included, which loses a king map), while anything else is legal.
local function bot_actions(game)
  local actions = game:legal_actions({ CONCEDE, RELEASE })
  if #actions == 0 then actions = game:legal_actions({ CONCEDE }) end
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

local maps = {
  { "2P-ring-street", 2 }, { "2P-river-king", 2 }, { "4P-islands", 2 }, { "4P-islands", 4 },
}

describe("muhq", function()
  for _, m in ipairs(maps) do
    it("plays a random game to the end on " .. m[1] .. " with " .. m[2] .. " seats", function()
      for seed = 1, 2 do
        local game <close> = rules(m[1], m[2], seed):new_game()
        assert.are.equal("muhq", game:module())
        assert.are.equal(m[2], game:seats())
        assert.is_true(play(game, rng(seed)) > 0)
        assert.is_true(game:is_over())
        local status, winner = game:status()
        assert.is_true(status == "won" or status == "ended")
        local view = json.decode(assert(game:view_json(cr.OMNISCIENT)))
        assert.are.equal(status, view.status)
        if status == "won" then assert.are.equal(view.winner, winner) else assert.is_nil(winner) end
        assert.are.equal(cr.SEAT_NONE, game:current_seat())
        assert.are.same({}, game:legal_actions())
        -- The score is the seat's public resource.
        for s = 0, m[2] - 1 do assert.are.equal(view.seats[s + 1].resource, game:score(s)) end
      end
    end)
  end

  it("draws its board as JSON", function()
    local board = json.decode(assert(rules("2P-river-king"):board_json()))
    assert.are.equal("muhq", board.module)
    assert.are.equal(13, board.width)
    assert.are.equal(14, #board.tiles)
    assert.are.equal("house", board.tiles[1][7]) -- (6,0): seat 1's King stands on a House
    assert.are.equal("king", board.win.condition)
  end)

  it("round-trips the text of every legal action and decodes only type and name", function()
    local game <close> = rules():new_game()
    local next_int = rng(5)
    local names = {}
    for _ = 1, 300 do
      if game:is_over() then break end
      for _, code in ipairs(game:legal_actions()) do
        local text = assert(game:action_text(code))
        assert.are.equal(code, assert(game:parse(text)))
        local fields = assert(game:decode(code))
        assert.are.equal(code >> 56, fields.type)
        assert.are.equal(text:match("^%S+"), fields.name)
        assert.is_nil(fields.arg)
        assert.is_nil(fields.give)
        names[fields.name] = true
      end
      play(game, next_int, 1)
    end
    assert.is_true(names.play and names.pass and names.concede)
  end)

  it("applies text forms and refuses bad ones", function()
    local game <close> = rules(nil, nil, 3):new_game()
    local play_text
    for _, code in ipairs(game:legal_actions()) do
      local text = game:action_text(code)
      if text:match("^play c%d+ at %d+,%d+$") then play_text = text break end
    end
    assert.is_string(play_text)
    assert(game:apply(play_text))
    local r, msg, code = game:parse("fly c42")
    assert.is_nil(r)
    assert.is_string(msg)
    assert.are.equal(cr.EFORMAT, code)
    r, msg, code = game:apply("done")
    assert.is_nil(r)
    assert.are.equal(cr.EILLEGAL, code)
    assert.are.equal(CONCEDE, assert(game:parse("concede")) >> 56)
    local seat = game:current_seat()
    assert(game:apply("concede"))
    local status, winner = game:status()
    assert.are.equal("won", status)
    assert.are.equal(1 - seat, winner)
  end)

  for _, m in ipairs(maps) do
    it("saves and loads mid-game (binary and JSON) on " .. m[1] .. " with " .. m[2] .. " seats", function()
      local game <close> = rules(m[1], m[2], 11):new_game()
      local next_int = rng(11)
      play(game, next_int, 60)
      assert.is_false(game:is_over())
      local data, text = assert(game:save()), assert(game:save_json())
      assert.are.equal("muhq", json.decode(text).module)
      local a <close> = assert(cr.load(data))
      local b <close> = assert(cr.load_json(text))
      for _, again in ipairs({ a, b }) do
        assert.are.equal("muhq", again:module())
        assert.are.equal(data, again:save())
        assert.are.equal(text, again:save_json())
        assert.are.equal(game:view_json(cr.OMNISCIENT), again:view_json(cr.OMNISCIENT))
        assert.are.same(game:legal_actions(), again:legal_actions())
      end
      for _ = 1, 200 do
        if game:is_over() then break end
        local actions = bot_actions(game)
        local code = actions[next_int(#actions)]
        assert(game:apply(code))
        assert(a:apply(code))
        assert(b:apply(code))
      end
      assert.are.equal(game:save(), a:save())
      assert.are.equal(game:save(), b:save())
    end)
  end

  it("undoes actions", function()
    local game <close> = rules(nil, nil, 4):new_game({ undo_depth = 8 })
    play(game, rng(2), 30)
    local before = game:save()
    play(game, rng(3), 5)
    assert(game:undo(5))
    assert.are.equal(before, game:save())
  end)

  it("replays its game record", function()
    local game <close> = rules(nil, nil, 4):new_game({ record = true })
    play(game, rng(4))
    local text = assert(game:record())
    -- cards are cN in text forms: records read '#' as the start of a comment
    assert.is_truthy(text:find("\nplay c%d+ at "))
    local again = assert(cr.replay(text))
    assert.are.equal(game:save(), again:save())
  end)

  for _, m in ipairs(maps) do
    it("never shows a seat another seat's hand on " .. m[1] .. " with " .. m[2] .. " seats", function()
      local game <close> = rules(m[1], m[2], 8):new_game()
      local next_int = rng(8)
      for _ = 1, 150 do
        if game:is_over() then break end
        local full = json.decode(assert(game:view_json(cr.OMNISCIENT)))
        for viewer = 0, m[2] - 1 do
          local view = json.decode(assert(game:view_json(viewer)))
          for _, s in ipairs(view.seats) do
            local truth = full.seats[s.seat + 1]
            if s.seat == viewer then
              assert.are.same(truth.hand, s.hand)
            else
              assert.is_nil(s.hand)
              assert.is_nil(s.deck)
              assert.are.equal(#truth.hand, s.hand_count)
            end
          end
        end
        local spectator = json.decode(assert(game:view_json(cr.SPECTATOR)))
        for _, s in ipairs(spectator.seats) do assert.is_nil(s.hand) end
        play(game, next_int, 1)
      end
    end)
  end

  it("plays the Kraken mode with an AI-played seat (M-98..M-102)", function()
    local r = assert(cr.rules("muhq", { map = "the-kraken", players = 2, draft = "none", seed = 5, ai = "1" }))
    local game <close> = r:new_game()
    assert.are.equal(3, game:seats())
    local next_int = rng(5)
    while not game:is_over() do
      assert.are.equal(0, game:current_seat())
      play(game, next_int, 1)
    end
    local status, winner = game:status()
    assert.are.equal("won", status)
    assert.is_true(winner == 0 or winner == 2)
  end)
end)
