// A simple greedy policy for Race for the Galaxy: rule-based choices per decision
// kind, reading only what the deciding seat may know. Cheap enough for batch runs.
#pragma once
#include "common/rng.h"
#include "rftg/game.h"

namespace gs::rftg {

int heuristic_action(const Game& g, const State& s, const int* legal, int n, Rng& rng);

struct HeuristicBot {
  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) const {
    return heuristic_action(g, s, legal, n, rng);
  }
};

}  // namespace gs::rftg
