// Playing one game to the end with one bot per seat, for any game that offers
// new_initial_state / legal_actions / step / current_player.
#pragma once
#include <cstdint>

#include "common/rng.h"

namespace gs::bots {

// Bots is indexable by seat and each element has act(game, state, legal, n, rng).
// Returns the number of decisions taken.
template <class Game, class State, class Bots>
int play_out(const Game& game, State& s, Bots& bots, Rng& rng) {
  int legal[Game::kMaxLegal];
  int n = game.legal_actions(s, legal);
  int decisions = 0;
  while (n > 0) {
    int a = bots[game.current_player(s)]->act(game, s, legal, n, rng);
    n = game.step(s, a, legal);
    ++decisions;
  }
  return decisions;
}

}  // namespace gs::bots
