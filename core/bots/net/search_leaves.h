// How a search (T::Search, the ismcts bot) uses a net at its leaves (docs/net.md, "Search at the action
// cards"): Leaf::Net judges the position a leaf reaches by the value head, without a playout;
// Leaf::Policy plays the playout by the action head's best move instead of uniform random moves;
// Leaf::Rollout leaves the search's own random playouts. `player()` gives the NetPlayer at the time of the
// call, so a bot that binds its player later (NetBot) and a self-play worker share this.
#pragma once
#include "bots/net/net_options.h"
#include "bots/net/net_player.h"
#include "common/rng.h"

namespace gs::bots::net {

template <class T, class PlayerOf>
void judge_leaves_by(typename T::Search& search, Leaf leaf, PlayerOf player) {
  using Game = typename T::Game;
  using State = typename T::State;
  if (leaf == Leaf::Net)
    search.set_leaf_value([player](const Game& g, const State& d, int me, double* reward) {
      float p[8];
      player().win_probabilities(g, d, me, p);
      for (int i = 0; i < g.players(); ++i) reward[i] = p[i];
    });
  else if (leaf == Leaf::Policy)
    search.set_playout_policy([player](const Game& g, const State& d, const int* legal, int n, Rng&) {
      return player().best_action(g, d, legal, n);
    });
}

}  // namespace gs::bots::net
