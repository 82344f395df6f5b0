// Decisions that frame a round: the starting discard (§2.2), choosing action
// cards (§3.1, §7) and the end-of-round hand limit (§3.4).
#include "rftg/play.h"

namespace gs::rftg {

namespace {

// Action cards a seat may still pick. Advanced game: two different cards, picked
// in increasing order; the second Develop/Settle only together with the first.
int legal_action_cards(const State& s, int* out) {
  int seat = s.actor;
  int n = 0;
  if (!s.advanced) {
    for (int a : {kActExplore5, kActExplore11, kActDevelop, kActSettle, kActTrade, kActConsume2x, kActProduce})
      out[n++] = act::kActionBase + a;
    return n;
  }
  uint16_t mine = s.actions[seat];
  if (mine == 0) {
    for (int a : {kActExplore5, kActExplore11, kActDevelop, kActSettle, kActTrade, kActConsume2x})
      out[n++] = act::kActionBase + a;
    return n;
  }
  int first = lowest_bit(mine);
  for (int a = first + 1; a < kNumActionCards; ++a) {
    if (a == kActDevelop2 && first != kActDevelop) continue;
    if (a == kActSettle2 && first != kActSettle) continue;
    out[n++] = act::kActionBase + a;
  }
  return n;
}

}  // namespace

bool run_start_discard(const Game& g, State& s) {
  (void)g;
  if (s.turn >= s.players) return false;
  if (s.step == 0) {
    s.need = 2;
    s.floor = kNone;
    s.step = 1;
  }
  pose(s, DecisionKind::StartDiscard, seat_at(s, s.turn));
  return true;
}

bool run_choose_action(const Game& g, State& s) {
  (void)g;
  if (s.turn >= s.players) return false;
  pose(s, DecisionKind::ChooseAction, seat_at(s, s.turn));
  return true;
}

bool run_hand_limit(const Game& g, State& s) {
  (void)g;
  while (s.turn < s.players) {
    int seat = seat_at(s, s.turn);
    int excess = s.hand[seat].count() - kHandLimit;
    if (excess <= 0) {
      ++s.turn;
      continue;
    }
    if (s.step == 0) {
      s.need = static_cast<int8_t>(excess);
      s.floor = kNone;
      s.step = 1;
    }
    pose(s, DecisionKind::HandLimit, seat);
    return true;
  }
  return false;
}

int legal_round(const Game& g, const State& s, int* out) {
  (void)g;
  switch (s.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit: return choose_ascending(g, s.hand[s.actor], s.floor, s.need, out);
    case DecisionKind::ChooseAction: return legal_action_cards(s, out);
    default: return 0;
  }
}

void apply_round(const Game& g, State& s, int action) {
  (void)g;
  int seat = s.actor;
  if (s.decision == DecisionKind::ChooseAction) {
    s.actions[seat] = static_cast<uint16_t>(s.actions[seat] | act_bit(action - act::kActionBase));
    int picks = __builtin_popcount(s.actions[seat]);
    if (picks >= (s.advanced ? 2 : 1)) ++s.turn;
    return;
  }
  // StartDiscard / HandLimit: discard one card, in increasing instance order.
  discard_from_hand(s, seat, action);
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0) {
    ++s.turn;
    s.step = 0;
  }
}

}  // namespace gs::rftg
