// Playing one game to the end with one bot per seat, for any game that offers
// new_initial_state / legal_actions / step / current_player.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rng.h"

namespace gs::bots {

// Games whose engine can play random bots itself (Game::Picker, Game::play_random and
// the picker overload of step): the same games with fewer calls (rftg/game.h).
template <class G, class = void>
struct has_random_picker : std::false_type {};
template <class G>
struct has_random_picker<G, std::void_t<typename G::Picker>> : std::true_type {};

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
