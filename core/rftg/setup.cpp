// Setup rules of the expansions (TGS §1.5, RvI §1.8) and the per-seat limits some
// cards change: the start-world pair choice, Ancient Race's starting hand, Pan-Galactic
// Research's hand limit, Hidden Fortress's game end.
#include "rftg/play.h"

namespace gs::rftg {

// Each seat is dealt one red (odd) and one blue (even) start world, face down, into its
// tableau; the other start worlds stay in the deck (§1.8 steps 1-2; deal_start_pairs adds step 3,
// six cards each; the draft variant deals the same pairs).
// Seats are dealt in seat number order; seat order itself is known only at the reveal.
void deal_start_worlds(const Game& g, State& s) {
  CardSet red, blue;
  g.start_worlds().for_each([&](int w) {
    if (g.card(w).flags & kFlagStartRed) red.set(w);
    else blue.set(w);
  });
  for (int seat = 0; seat < s.players; ++seat) {
    for (CardSet* pile : {&red, &blue}) {
      int w = deal_start_world(g, s, *pile, seat);
      pile->reset(w);
      s.deck.reset(w);
      s.tableau[seat].set(w);
    }
  }
  s.first = 0;
}

void deal_start_pairs(const Game& g, State& s) {
  deal_start_worlds(g, s);
  for (int seat = 0; seat < s.players; ++seat) draw_to_hand(s, seat, 6);
}

// All seats have chosen: the kept start worlds are shown, seat order starts at the lowest
// number, windfall start worlds get their good in seat order (§1.8 step 5).
void reveal_start_worlds(const Game& g, State& s) {
  int best = 1000;
  for (int seat = 0; seat < s.players; ++seat) {
    int number = g.design_of(s.tableau[seat].first()).start_number;
    if (number < best) { best = number; s.first = static_cast<int8_t>(seat); }
  }
  for (int t = 0; t < s.players; ++t) {
    int seat = seat_at(s, t);
    int w = s.tableau[seat].first();
    if (g.card(w).windfall()) place_good(s, seat, w);
  }
}

// Two, or three with Ancient Race as the start world (§1.12, STARTHAND_3).
int start_discards(const Game& g, const State& s, int seat) {
  int w = s.tableau[seat].first();
  return 2 + ((w >= 0 && (g.card(w).flags & kFlagStartHand3)) ? 1 : 0);
}


}  // namespace gs::rftg
