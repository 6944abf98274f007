-- A scripted bot plays every seat of a full game of base Catan.
--
--   LUA_CPATH_5_4="build/bindings/lua/?.so;;" lua5.4 examples/lua/scripted_bot.lua [seed]
--
-- The script is a priority list of action names: build what scores, buy
-- development cards, play them, build roads, and end the turn; it never makes
-- domestic trade offers and declines those of others.  Ties are broken at
-- random, so the game still moves on when nothing on the list applies.
local cr = require "catanrisk"

local seed = tonumber(arg and arg[1]) or 1
math.randomseed(seed)

local PRIORITY = {
  roll = 100, build_city = 90, build_settlement = 80, buy_dev = 50,
  play_knight = 45, play_road_building = 44, play_year_of_plenty = 43, play_monopoly = 42,
  build_road = 30, decline = 10, end_turn = 0, offer = -10,
}
local OTHER = 20

local function choose(game)
  local best, best_rank
  for _, code in ipairs(game:legal_actions()) do
    local fields = assert(game:decode(code))
    local rank = (PRIORITY[fields.name] or OTHER) + math.random() -- random tie-break
    if not best or rank > best_rank then
      best, best_rank = code, rank
    end
  end
  return best
end

local rules, msg = cr.rules("base", { players = 4, seed = seed })
if not rules then
  io.stderr:write("scripted_bot: ", msg, "\n")
  os.exit(1)
end
print("rules: base " .. rules:params())

local game <close> = rules:new_game()
-- Event types worth a log line: CRISK_CATAN_EV_* of catan.h.
local shown = {
  [12] = "build_settlement", [13] = "build_city", [23] = "longest_road", [24] = "largest_army", [27] = "game_over",
}
local steps, seen = 0, 1
while not game:is_over() do
  local ok, err = game:apply(choose(game))
  if not ok then error("the bot chose an illegal action: " .. err) end
  steps = steps + 1
  for _, e in ipairs(game:events(seen, cr.SPECTATOR)) do
    if shown[e.type] then print(string.format("turn %4d  %s", game:turn(), e.text)) end
    seen = e.seq + 1
  end
end

local status, winner = game:status()
local scores = {}
for seat = 0, game:seats() - 1 do scores[#scores + 1] = game:score(seat) end
print(string.format("%s after %d turns, %d steps; scores %s%s", status, game:turn(), steps,
  table.concat(scores, " "), winner and ("; winner seat " .. winner) or ""))
