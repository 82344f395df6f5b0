// What a finished (or cut-off) playout is worth to each seat, for the ISMCTS search
// (bots/ismcts.h; docs/ismcts.md, "The reward"):
//
//   r_i = (1 - w) * share_i * (1 - d)^rounds + w * logistic((score_i - best score of the others) / T)
//
// share_i is 1/k for each of k tied winners (after the game's tie-breaks) and 0 for
// the others; a playout cut off before the end (rollout_depth) uses a softmax of the
// current scores instead. `rounds` is the number of rounds the playout took from the
// searched position (game hook game_round; without it, 0). w (IsmctsOptions::margin),
// T (margin_scale, points) and d (round_discount) are options.
//
// Why (issue 22): with the win share alone, a seat for which every line wins (or
// every line loses) in all playouts sees all its actions as equal, and the choice
// falls to the tie-break. In Race for the Galaxy the first legal action card is
// Explore: a seat sure of the result explored round after round, and a quarter of
// the games between search bots stopped at the 30-round cap. The discount makes a
// win worth a little less for every round it takes, so a seat that is winning ends
// the game; the margin term keeps a seat that cannot change the result playing for
// points (settling, developing, consuming), which is also what ends a game. With
// small d and w both only decide between lines whose win chances are close.
#pragma once
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

namespace gs::bots::ismcts_detail {

constexpr int kMaxSeats = 8;

template <class...>
using void_t = void;

template <class G, class S, class = void>
struct HasWinnersInto : std::false_type {};
template <class G, class S>
struct HasWinnersInto<G, S, void_t<decltype(std::declval<const G&>().winners(std::declval<const S&>(),
                                                                              std::declval<int*>()))>>
    : std::true_type {};

template <class G, class S, class = void>
struct HasScoreParts : std::false_type {};
template <class G, class S>
struct HasScoreParts<G, S, void_t<decltype(std::declval<const G&>().score_parts(std::declval<const S&>(), 0).total)>>
    : std::true_type {};

// RftG: every seat's goal VP at once, then score_parts(s, seat, goal_vp) per seat
// (score_parts(s, seat) alone would work the goals out again for each seat).
template <class G, class S, class = void>
struct HasGoalScores : std::false_type {};
template <class G, class S>
struct HasGoalScores<G, S, void_t<decltype(std::declval<const G&>().goal_scores(std::declval<const S&>(),
                                                                                 std::declval<int*>()),
                                           std::declval<const G&>().score_parts(std::declval<const S&>(), 0, 0).total)>>
    : std::true_type {};

// Optional game hook, found by argument-dependent lookup: game_round(g, s).
template <class G, class S, class = void>
struct HasGameRound : std::false_type {};
template <class G, class S>
struct HasGameRound<G, S, void_t<decltype(game_round(std::declval<const G&>(), std::declval<const S&>()))>>
    : std::true_type {};

template <class G, class S>
int round_of(const G& g, const S& s) {
  if constexpr (HasGameRound<G, S>::value) return static_cast<int>(game_round(g, s));
  else return 0;
}

// The options that shape the reward (a part of IsmctsOptions).
struct RewardShape {
  double cutoff_temperature = 4.0;  // softmax temperature for cut-off playouts, points
  double margin = 0;                // w
  double margin_scale = 10.0;       // T, points
  double round_discount = 0;        // d
};

// 1/k to each of k winners, 0 to the others.
template <class G, class S>
void win_shares(const G& g, const S& s, int players, double* r) {
  for (int i = 0; i < players; ++i) r[i] = 0;
  if constexpr (HasWinnersInto<G, S>::value) {
    int w[kMaxSeats];
    int k = g.winners(s, w);
    for (int j = 0; j < k; ++j) r[w[j]] = 1.0 / k;
  } else {
    auto w = g.winners(s);
    for (int i : w) r[i] = 1.0 / static_cast<double>(w.size());
  }
}

// Every seat's current score (the final score once the game is over).
template <class G, class S>
void scores_into(const G& g, const S& s, int players, double* sc) {
  if constexpr (HasGoalScores<G, S>::value) {
    int goals[kMaxSeats];  // goal_scores fills the game's kMaxPlayers (<= kMaxSeats) entries
    g.goal_scores(s, goals);
    for (int i = 0; i < players; ++i) sc[i] = g.score_parts(s, i, goals[i]).total;
  } else if constexpr (HasScoreParts<G, S>::value) {
    for (int i = 0; i < players; ++i) sc[i] = g.score_parts(s, i).total;
  } else {
    auto v = g.scores(s);
    for (int i = 0; i < players; ++i) sc[i] = v[i];
  }
}

// Softmax of the scores with temperature t (sums to 1, like the win shares).
inline void softmax_shares(const double* sc, int players, double t, double* r) {
  double best = sc[0];
  for (int i = 1; i < players; ++i) best = std::max(best, sc[i]);
  double sum = 0;
  for (int i = 0; i < players; ++i) sum += (r[i] = std::exp((sc[i] - best) / t));
  for (int i = 0; i < players; ++i) r[i] /= sum;
}

// r_i = (1 - w) r_i + w logistic((sc_i - max_{j != i} sc_j) / t); nothing with one seat.
inline void blend_margin(const double* sc, int players, double w, double t, double* r) {
  if (w <= 0 || players < 2) return;
  for (int i = 0; i < players; ++i) {
    double other = -1e300;
    for (int j = 0; j < players; ++j)
      if (j != i) other = std::max(other, sc[j]);
    r[i] = (1 - w) * r[i] + w / (1 + std::exp((other - sc[i]) / t));
  }
}

// The rewards of a playout that reached the end (terminal) or was cut off, `rounds`
// rounds after the searched position.
template <class G, class S>
void playout_rewards(const G& g, const S& s, int players, bool terminal, int rounds, const RewardShape& shape,
                     double* r) {
  double sc[kMaxSeats];
  const bool margin = shape.margin > 0 && players > 1;
  if (!terminal || margin) scores_into(g, s, players, sc);
  if (terminal) win_shares(g, s, players, r);
  else softmax_shares(sc, players, shape.cutoff_temperature, r);
  if (shape.round_discount > 0 && rounds > 0) {
    const double keep = std::pow(1 - shape.round_discount, rounds);
    for (int i = 0; i < players; ++i) r[i] *= keep;
  }
  if (margin) blend_margin(sc, players, shape.margin, shape.margin_scale, r);
}

}  // namespace gs::bots::ismcts_detail
