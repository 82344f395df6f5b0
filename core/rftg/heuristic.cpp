// The greedy heuristic policy (see heuristic.h).
#include "rftg/heuristic.h"

#include "rftg/play.h"

namespace gs::rftg {

namespace {

// Static worth of having a card: printed VP, production, powers, six-cost bonus.
int card_value(const Game& g, int c) {
  const CardInfo& i = g.card(c);
  int v = 2 * i.vp;
  if (i.world()) v += i.produce ? 3 : (i.windfall() ? 1 : 0);
  if (!i.world() && i.cost == 6) v += 6;
  for (PowerGroup k : {kGroupExplore, kGroupDevelop, kGroupSettle, kGroupTrade, kGroupConsume, kGroupProduce})
    v += g.powered(k).test(c) ? 1 : 0;
  return v;
}

bool in(const int* legal, int n, int a) {
  for (int k = 0; k < n; ++k) if (legal[k] == a) return true;
  return false;
}

// The lowest-numbered card of the `need` cards of `pool` with the lowest (or highest)
// value: picking that first lets the whole desired set be chosen in increasing order.
int pick_from_set(const Game& g, const CardSet& pool, int need, bool best) {
  int chosen[32];
  int values[32];
  int m = 0;
  pool.for_each([&](int c) {
    if (m < 32) { chosen[m] = c; values[m] = card_value(g, c); ++m; }
  });
  if (need > m) need = m;
  // Select `need` extremes by repeated scans (m is small).
  bool taken[32] = {false};
  int lowest = -1;
  for (int k = 0; k < need; ++k) {
    int at = -1;
    for (int j = 0; j < m; ++j) {
      if (taken[j]) continue;
      if (at < 0 || (best ? values[j] > values[at] : values[j] < values[at])) at = j;
    }
    taken[at] = true;
    if (lowest < 0 || chosen[at] < lowest) lowest = chosen[at];
  }
  return lowest;
}

int best_card(const Game& g, const int* legal, int n) {
  int best = -1, best_v = -1000;
  for (int k = 0; k < n; ++k) {
    if (legal[k] >= g.num_instances()) continue;
    int v = card_value(g, legal[k]);
    if (v > best_v) { best_v = v; best = legal[k]; }
  }
  return best;
}

// How many cards the seat could place now in a Develop / Settle phase.
int placeable(const Game& g, const State& s, int seat, DecisionKind kind, bool bonus) {
  State t = s;
  t.decision = kind;
  t.actor = static_cast<int8_t>(seat);
  t.selected[seat] = kNone;
  t.bonus = static_cast<uint8_t>(bonus ? (1u << seat) : 0);
  int buf[Game::kMaxLegal];
  int n = kind == DecisionKind::DevelopSelect ? legal_develop(g, t, buf) : legal_settle(g, t, buf);
  return n - 1;  // minus "pass"
}

int choose_action_card(const Game& g, const State& s, const int* legal, int n) {
  int seat = s.actor;
  int hand = s.hand[seat].count();
  CardSet tab = s.tableau[seat];
  int goods = (tab & s.has_good).count();
  int empty_production = ((tab & g.production_worlds()) - s.has_good).count();
  bool consumes = (tab & g.powered(kGroupConsume)).any();
  int ranked[kNumActionCards];
  int r = 0;
  auto add = [&](int a) {
    for (int k = 0; k < r; ++k) if (ranked[k] == a) return;
    ranked[r++] = a;
  };
  if (placeable(g, s, seat, DecisionKind::SettleSelect, true) > 0) add(kActSettle);
  if (placeable(g, s, seat, DecisionKind::DevelopSelect, true) > 0) add(kActDevelop);
  if (goods >= 2 && consumes) add(kActConsume2x);
  if (empty_production >= 2) add(kActProduce);
  if (goods >= 1 && hand <= 3) add(kActTrade);
  add(hand >= 4 ? kActExplore11 : kActExplore5);
  add(kActExplore5);
  add(kActProduce);
  if (!s.advanced) return act::kActionBase + ranked[0];
  // Advanced game: the best two, picked in increasing order.
  int a = ranked[0], b = ranked[1];
  if (a > b) { int t = a; a = b; b = t; }
  int want = (s.actions[seat] == 0) ? a : b;
  if (in(legal, n, act::kActionBase + want)) return act::kActionBase + want;
  return legal[0];
}

int heuristic_choice(const Game& g, const State& s, const int* legal, int n) {
  int seat = s.actor;
  const CardSet& hand = s.hand[seat];
  switch (s.decision) {
    case DecisionKind::ChooseAction: return choose_action_card(g, s, legal, n);
    case DecisionKind::ExploreKeep: return pick_from_set(g, hand & s.fresh, s.need, true);
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit:
    case DecisionKind::Pay: return pick_from_set(g, hand & above(s.floor), s.need, false);
    case DecisionKind::DevelopSelect:
    case DecisionKind::SettleSelect: {
      int c = best_card(g, legal, n);
      return c >= 0 ? c : act::kPass;
    }
    case DecisionKind::SettleMethod:
      for (int m : {kMethodConquer, kMethodPay, kMethodContact, kMethodContactColony, kMethodColonyShip})
        if (in(legal, n, act::kMethodBase + m)) return act::kMethodBase + m;
      return legal[0];
    case DecisionKind::TradeGood: {
      int best = legal[0];
      for (int k = 1; k < n; ++k) if (g.card(legal[k]).good > g.card(best).good) best = legal[k];
      return best;
    }
    case DecisionKind::ConsumeGood: {
      int best = legal[0];
      for (int k = 1; k < n; ++k) if (g.card(legal[k]).good < g.card(best).good) best = legal[k];
      return best;
    }
    case DecisionKind::ConsumePower: {
      int fallback = -1;
      for (int k = 0; k < n; ++k) {
        if (legal[k] == act::kPass) continue;
        int card = (legal[k] - act::kPowerBase) >> 2;
        const CardInfo& c = g.card(card);
        const ConsumePower& p = c.consume[(legal[k] - act::kPowerBase) & 3];
        if (p.code & code::kDiscardHand) {
          if (hand.count() > 6) fallback = legal[k];
          continue;
        }
        if (p.code & code::kGetVp) return legal[k];
        if (fallback < 0 || fallback == act::kPass) fallback = legal[k];
      }
      return fallback >= 0 ? fallback : act::kPass;
    }
    case DecisionKind::ConsumeHand:
      if (hand.count() > 6) return pick_from_set(g, hand & above(s.floor), 1, false);
      return act::kPass;
    case DecisionKind::LuckyNumber: return act::kLuckyBase + 1;  // cost 2 is the commonest
    case DecisionKind::TempMilitary:  // a conquest already won: keep the New Military Tactics
      return s.context == kTempConquest && s.need <= 0 ? act::kPass : legal[0];
    default: return legal[0];
  }
}

}  // namespace

int heuristic_action(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
  (void)rng;
  int a = heuristic_choice(g, s, legal, n);
  return in(legal, n, a) ? a : legal[0];
}

}  // namespace gs::rftg
