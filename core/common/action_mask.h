// The legal actions of a decision as a mask over the game's action space, for any game
// (Game::num_distinct_actions(): every action code is below it). What ML code feeds a
// policy with: mask[a] is 1 exactly when action a is legal; all 0 once the game is over.
#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace gs {

// Writes g.num_distinct_actions() bytes (0 or 1) to `mask`. An action code outside the
// action space would be an engine bug: it throws instead of writing past the mask.
template <class Game, class State>
void legal_action_mask(const Game& g, const State& s, uint8_t* mask) {
  const int size = g.num_distinct_actions();
  std::memset(mask, 0, static_cast<size_t>(size));
  int legal[Game::kMaxLegal];
  const int n = g.is_terminal(s) ? 0 : g.legal_actions(s, legal);
  for (int i = 0; i < n; ++i) {
    if (legal[i] < 0 || legal[i] >= size)
      throw std::logic_error("legal action " + std::to_string(legal[i]) + " is outside the action space (0.." +
                             std::to_string(size - 1) + ")");
    mask[legal[i]] = 1;
  }
}

}  // namespace gs
