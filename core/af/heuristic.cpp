// The greedy heuristic policy (see heuristic.h). The evaluation weighs what the
// seat has towards colonies: victory points first, then Hub progress, ships,
// resources (ore above fuel; tokens above the resource limit count for nothing),
// tech cards and the shape of the unplaced dice (pairs, triples, straights make
// the group facilities reachable), minus half the best opponent's worth.
#include "af/heuristic.h"

#include "af/play.h"

namespace gs::af {

namespace {

constexpr double kVp = 100, kHub = 11, kShip = 45, kRelicShip = 30, kOre = 9, kFuel = 5, kTech = 12;

double dice_shape(const State& s, int p) {
  int count[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for_each_ship(s, p, [&](int ship) {
    if (s.loc[ship] == kLocUnplaced) ++count[s.value[ship]];
  });
  double v = 0;
  for (int w = 1; w <= 6; ++w) {
    if (count[w] >= 3) v += 30;
    else if (count[w] == 2) v += 12;
    if (w == 6) v += 8 * count[w];  // a 6 may terraform
  }
  for (int w = 1; w <= 4; ++w)
    if (count[w] && count[w + 1] && count[w + 2]) v += 14;
  return v;
}

double worth(const Game& g, const State& s, int p) {
  double v = kVp * g.score_parts(s, p).total;
  v += kHub * s.hub[p] + 2 * s.overflow * (p == s.active);
  v += kShip * ships_in_play(s, p) + (s.relic_owner == p ? kRelicShip : 0);
  int limit = g.data().setup.resource_limit;
  int ore = s.ore[p], fuel = s.fuel[p];
  if (ore + fuel > limit) {  // the excess will go back, fuel first
    int excess = ore + fuel - limit;
    int f = excess < fuel ? excess : fuel;
    fuel -= f;
    ore -= excess - f;
  }
  v += kOre * ore + kFuel * fuel;
  v += kTech * popcount32(s.tech[p]);
  for (int t = 0; t < kNumTerritories; ++t) v += s.controller[t] == p ? 15 : 0;
  if (p == s.active) v += dice_shape(s, p) + 3 * s.cycles;
  return v;
}

double evaluate(const Game& g, const State& s, int me) {
  if (s.end != kRunning) {
    int w[kMaxPlayers];
    int n = g.winners(s, w);
    for (int k = 0; k < n; ++k)
      if (w[k] == me) return 1e6;
    return -1e6;
  }
  double best_other = -1e18;
  for (int p = 0; p < s.players; ++p)
    if (p != me) {
      double w = worth(g, s, p);
      if (w > best_other) best_other = w;
    }
  return worth(g, s, me) - 0.5 * best_other;
}

// Value of the position after an action: the seat's own pending follow-up decision
// (landing, raid, tech steps) is resolved greedily up to `depth` levels.
double value_after(const Game& g, const State& t, int me, int depth, Rng& rng) {
  if (depth > 0 && t.end == kRunning && t.actor == me && t.decision != DecisionKind::Main &&
      t.decision != DecisionKind::None) {
    int legal[Game::kMaxLegal];
    int n = g.legal_actions(t, legal);
    double best = -1e18;
    for (int k = 0; k < n; ++k) {
      State u = t;
      apply_action(g, u, legal[k]);
      double v = value_after(g, u, me, depth - 1, rng);
      if (v > best) best = v;
    }
    return n ? best : evaluate(g, t, me);
  }
  return evaluate(g, t, me);
}

}  // namespace

int heuristic_action(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
  if (n == 1) return legal[0];
  const int me = s.actor;
  State base = s;
  base.rng = Rng(rng.next());  // never read the real future rolls (nor a script's)
  base.script = nullptr;
  base.script_dice = base.script_tech = 0;
  int best = legal[0];
  double best_v = -1e18;
  for (int k = 0; k < n; ++k) {
    State t = base;
    apply_action(g, t, legal[k]);
    // Ending the turn is worth a little less than anything of equal value done first.
    double v = value_after(g, t, me, 2, rng) - (legal[k] == act::kEndTurn ? 0.5 : 0);
    if (v > best_v) {
      best_v = v;
      best = legal[k];
    }
  }
  return best;
}

}  // namespace gs::af
