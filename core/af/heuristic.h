// A greedy heuristic policy for Alien Frontiers: every legal action is tried on a
// copy of the position (its RNG reseeded from the bot's own, so no future roll or
// draw is read) and the resulting position is scored by a static evaluation; the
// deciding seat's own follow-up choices (where to land, what to raid) are looked
// into one level deep. Cheap enough for batch runs.
#pragma once
#include "af/game.h"
#include "common/rng.h"

namespace gs::af {

int heuristic_action(const Game& g, const State& s, const int* legal, int n, Rng& rng);

struct HeuristicBot {
  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) const {
    return heuristic_action(g, s, legal, n, rng);
  }
};

}  // namespace gs::af
