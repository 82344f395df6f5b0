// Uniform random choice among the legal actions; works for any game.
#pragma once
#include "common/rng.h"

namespace gs::bots {

struct RandomBot {
  template <class Game, class State>
  int act(const Game&, const State&, const int* legal, int n, Rng& rng) const {
    return legal[rng.below(static_cast<uint32_t>(n))];
  }
};

}  // namespace gs::bots
