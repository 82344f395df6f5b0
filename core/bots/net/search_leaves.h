// How a search (T::Search, the ismcts bot) uses a net at its leaves (docs/net.md, "Search at the action
// cards"): Leaf::Net judges the position a leaf reaches by the value head, without a playout;
// Leaf::Policy plays the playout by the action head's best move instead of uniform random moves;
// Leaf::Rollout leaves the search's own random playouts. `player()` gives the NetPlayer at the time of the
// call, so a bot that binds its player later (NetBot) and a self-play worker share this; `root` (set before
// each search) scales the leaf values.
#pragma once
#include <algorithm>
#include <cmath>

#include "bots/ismcts_reward.h"
#include "bots/net/net_options.h"
#include "bots/net/net_player.h"
#include "common/rng.h"

namespace gs::bots::net {

// leaf=net judges a leaf against the root: a seat's reward is logistic(scale * (logit p_leaf - logit p_root)),
// where p is the seat's win probability by the value head. A value head sure of the result (p near 0 or 1 after
// every action) gives nearly equal raw rewards, which the search's exploration term swamps: its visits then spread
// evenly and it plays nearly at random, never ending a won game (docs/net.md, "Search in Alien Frontiers", the
// leaf scale). Against the root, the same small differences are differences of log-odds, which stay visible. The
// map is increasing in p and keeps 0 and 1, so a terminal leaf's result (the search's own reward) stays in scale.
// scale 0: the raw win probability.
struct RootLogits {
  double scale = 0;
  float logit[8] = {};

  // Before each search: the deciding seat's win probabilities at the root.
  template <class T>
  void set(NetPlayer<T>& p, const typename T::Game& g, const typename T::State& s, int me) {
    if (scale <= 0) return;
    float w[8];
    p.win_probabilities(g, s, me, w);
    for (int i = 0; i < g.players(); ++i) logit[i] = log_odds(w[i]);
  }
  double reward(float p, int seat) const {
    return scale <= 0 ? p : 1.0 / (1.0 + std::exp(-scale * (log_odds(p) - logit[seat])));
  }
  static float log_odds(float p) {
    const float q = std::min(std::max(p, 1e-6f), 1.0f - 1e-6f);
    return std::log(q / (1.0f - q));
  }
};

template <class T, class PlayerOf>
void judge_leaves_by(typename T::Search& search, Leaf leaf, PlayerOf player, const RootLogits* root) {
  using Game = typename T::Game;
  using State = typename T::State;
  if (leaf == Leaf::Net)
    search.set_leaf_value([player, root](const Game& g, const State& d, int me, double* reward) {
      float p[8];
      player().win_probabilities(g, d, me, p);
      for (int i = 0; i < g.players(); ++i) reward[i] = root->reward(p[i], i);
    });
  else if (leaf == Leaf::Policy)
    search.set_playout_policy([player](const Game& g, const State& d, const int* legal, int n, Rng&) {
      return player().best_action(g, d, legal, n);
    });
}

// puct=C: the search's tree choices by PUCT, the prior of a decision's legal actions the action head's softmax as
// the acting seat sees the determinized position (one forward pass per tree decision of an iteration).
template <class T, class PlayerOf>
void prior_by_policy(typename T::Search& search, double c_puct, PlayerOf player) {
  using Game = typename T::Game;
  using State = typename T::State;
  if (c_puct <= 0) {
    search.set_prior(nullptr, 0);
    return;
  }
  search.set_prior(
      [player](const Game& g, const State& d, const int* legal, int n, double* prior) {
        float logit[Game::kMaxLegal];
        double x[Game::kMaxLegal];
        player().policy_scores(g, d, legal, n, logit);
        for (int i = 0; i < n; ++i) x[i] = logit[i];
        ismcts_detail::softmax_shares(x, n, 1.0, prior);
      },
      c_puct);
}

}  // namespace gs::bots::net
