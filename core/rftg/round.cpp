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

// Steps: 0 begin a seat; 1 discard; 2 keep one of the two start worlds (RvI, §1.8).
int run_start_discard(const Game& g, State& s, int* out, RandomPicker* pick) {
  while (s.turn < s.players) {
    int seat = seat_at(s, s.turn);
    if (s.step == 0) {
      if (s.tableau[seat].count() > 1) {  // a start-world pair: keep one first
        s.step = 2;
        pose(s, DecisionKind::StartWorld, seat);
        return emit_cards(s.tableau[seat], out);
      }
      s.need = static_cast<int8_t>(start_discards(g, s, seat));
      s.floor = kNone;
      s.step = 1;
    }
    if (s.step == 2) {
      pose(s, DecisionKind::StartWorld, seat);
      return emit_cards(s.tableau[seat], out);
    }
    pose(s, DecisionKind::StartDiscard, seat);
    int n = offer_cards(pick, s, ascending_choices(g, s.hand[seat], s.floor, s.need), out);
    if (n > 1) return n;
    if (n == 0) no_legal_action(g, s);
    apply_round_discard(s, out[0]);
  }
  if (g.start_choice() && s.round == 0 && s.turn == s.players && s.step != 3) {
    reveal_start_worlds(g, s);
    s.step = 3;  // revealed
  }
  return 0;
}

// StartWorld: keep this start world, the other goes face down to the discard pile.
void apply_start_world(const Game& g, State& s, int action) {
  int seat = s.actor;
  CardSet other = s.tableau[seat] - CardSet::single(action);
  s.tableau[seat] = CardSet::single(action);
  s.discard |= other;
  if (s.draft) other.for_each([&](int w) { set_owner(s, w, seat); });  // to the own discard pile (E43)
  s.need = static_cast<int8_t>(start_discards(g, s, seat));
  s.floor = kNone;
  s.step = 1;
}

int run_choose_action(const Game& g, State& s, int* out, RandomPicker* pick) {
  while (s.turn < s.players) {
    pose(s, DecisionKind::ChooseAction, seat_at(s, s.turn));
    int n = legal_action_cards(s, out);
    if (n > 1 && !picked(pick, s, out, n)) return n;
    if (n == 0) no_legal_action(g, s);
    apply_choose_action(s, out[0]);
  }
  return 0;
}

int run_hand_limit(const Game& g, State& s, int* out, RandomPicker* pick) {
  while (s.turn < s.players) {
    int seat = seat_at(s, s.turn);
    int excess = s.hand[seat].count() - hand_limit(g, s, seat);
    if (excess <= 0) {
      ++s.turn;
      continue;
    }
    if (s.step == 0) {
      s.need = static_cast<int8_t>(excess);
      s.floor = kNone;
      s.step = 1;
      if (g.goals_on()) s.round_discarded = static_cast<uint8_t>(s.round_discarded | (1u << seat));
    }
    pose(s, DecisionKind::HandLimit, seat);
    int n = offer_cards(pick, s, ascending_choices(g, s.hand[seat], s.floor, s.need), out);
    if (n > 1) return n;
    if (n == 0) no_legal_action(g, s);
    apply_round_discard(s, out[0]);
  }
  return 0;
}

int legal_round(const Game& g, const State& s, int* out) {
  switch (s.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit: return choose_ascending(g, s.hand[s.actor], s.floor, s.need, out);
    case DecisionKind::ChooseAction: return legal_action_cards(s, out);
    case DecisionKind::StartWorld: return emit_cards(s.tableau[s.actor], out);
    default: return 0;
  }
}

void apply_choose_action(State& s, int action) {
  int seat = s.actor;
  s.actions[seat] = static_cast<uint16_t>(s.actions[seat] | act_bit(action - act::kActionBase));
  int picks = __builtin_popcount(s.actions[seat]);
  if (picks >= (s.advanced ? 2 : 1)) ++s.turn;
}

// StartDiscard / HandLimit: discard one card, in increasing instance order.
void apply_round_discard(State& s, int action) {
  discard_from_hand(s, s.actor, action);
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0) {
    ++s.turn;
    s.step = 0;
  }
}

void apply_round(const Game& g, State& s, int action) {
  if (s.decision == DecisionKind::ChooseAction) apply_choose_action(s, action);
  else if (s.decision == DecisionKind::StartWorld) apply_start_world(g, s, action);
  else apply_round_discard(s, action);
}

}  // namespace gs::rftg
