// Phase I, Explore (§4.1): every seat draws, then each keeps some of its new cards.
#include "rftg/play.h"

namespace gs::rftg {

namespace {

int explore_draws(const Game& g, const State& s, int seat) {
  return 2 + 5 * chose(s, seat, kActExplore5) + chose(s, seat, kActExplore11) +
         g.sum(kSumExploreDraw, s.tableau[seat]);
}

int explore_keeps(const Game& g, const State& s, int seat) {
  return 1 + chose(s, seat, kActExplore11) +
         g.sum(kSumExploreKeep, s.tableau[seat]);
}

// Keeping card x discards every new card below x (choices go in increasing order).
void keep_card(State& s, int seat, int x) {
  CardSet mine = s.hand[seat] & s.fresh;
  CardSet lower = mine & CardSet::below(x);
  s.hand[seat] -= lower;
  s.fresh -= lower;
  s.discard |= lower;
  s.fresh.reset(x);
}

void discard_rest(State& s, int seat) {
  CardSet mine = s.hand[seat] & s.fresh;
  s.hand[seat] -= mine;
  s.fresh -= mine;
  s.discard |= mine;
}

}  // namespace

int run_explore(const Game& g, State& s, int* out, RandomPicker* pick) {
  if (s.step == 0) {
    // All seats draw before anyone discards (A13).
    for (int t = 0; t < s.players; ++t) {
      int seat = seat_at(s, t);
      CardSet got = draw_cards(s, seat, explore_draws(g, s, seat));
      s.hand[seat] |= got;
      s.fresh |= got;
    }
    s.step = 1;
    s.turn = 0;
  }
  while (s.turn < s.players) {
    int seat = seat_at(s, s.turn);
    CardSet mine = s.hand[seat] & s.fresh;
    if (s.step == 1) {
      int drawn = mine.count();
      int keep = explore_keeps(g, s, seat);
      if (keep >= drawn) {  // A12: keep min(keep, drawn)
        s.fresh -= s.hand[seat];
        ++s.turn;
        continue;
      }
      if (__builtin_expect(g.has(Game::kHasMix), 0) && s.tableau[seat].intersects(g.mix_cards())) {
        // Mix and match (§4.2): the discards come from the whole hand.
        s.need = static_cast<int8_t>(drawn - keep);
        s.floor = kNone;
        s.step = 3;
      } else {
        s.need = static_cast<int8_t>(keep);
        s.step = 2;
      }
    }
    if (s.step == 3) {
      pose(s, DecisionKind::ExploreDiscard, seat);
      int n = offer_cards(pick, s, ascending_choices(g, s.hand[seat], s.floor, s.need), out);
      if (n > 1) return n;
      if (n == 0) no_legal_action(g, s);
      apply_explore_discard(s, out[0]);
      continue;
    }
    pose(s, DecisionKind::ExploreKeep, seat);
    int n = offer_cards(pick, s, distinct_copies(g, mine.without_top(s.need - 1), mine), out);
    if (n > 1) return n;
    if (n == 0) no_legal_action(g, s);
    apply_explore_keep(s, out[0]);
  }
  return 0;
}

int legal_explore(const Game& g, const State& s, int* out) {
  if (s.decision == DecisionKind::ExploreDiscard) return choose_ascending(g, s.hand[s.actor], s.floor, s.need, out);
  CardSet mine = s.hand[s.actor] & s.fresh;
  return emit_cards(distinct_copies(g, mine.without_top(s.need - 1), mine), out);
}

void apply_explore_keep(State& s, int action) {
  int seat = s.actor;
  keep_card(s, seat, action);
  if (--s.need == 0) {
    discard_rest(s, seat);
    ++s.turn;
    s.step = 1;
  }
}

// ExploreDiscard: one card of the whole hand, in increasing order.
void apply_explore_discard(State& s, int action) {
  int seat = s.actor;
  discard_from_hand(s, seat, action);
  s.fresh.reset(action);
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0) {
    s.fresh -= s.hand[seat];
    ++s.turn;
    s.step = 1;
  }
}

void apply_explore(const Game& g, State& s, int action) {
  (void)g;
  if (s.decision == DecisionKind::ExploreDiscard) apply_explore_discard(s, action);
  else apply_explore_keep(s, action);
}

}  // namespace gs::rftg
