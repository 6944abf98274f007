-- Shared by the specs: plays random legal actions until the game ends or
-- `steps` were applied; returns the number applied.
return function(game, seed, steps)
  math.randomseed(seed)
  local n = 0
  while not game:is_over() and (not steps or n < steps) do
    local actions = game:legal_actions()
    assert(game:apply(actions[math.random(#actions)]))
    n = n + 1
  end
  return n
end
