// determinize for the expansions' hidden information (the base game's simple deal is in
// observation.cpp). Every card the observer cannot see is dealt afresh, but only among
// the places of cards of its own class, which keeps what the observer does know:
//  * draft variant: a card's owner (every seat draws from its own deck);
//  * RvI start-world choice: face-down start worlds stay start worlds of their colour
//    (the colour of each face-down position is kept: docs/state-json.md, determinize);
//  * Gambling World's revealed ante cards are public and stay where they are;
//  * solo game: the robot's face-down pile is dealt like the other unknown cards.
#include <algorithm>
#include <vector>

#include "rftg/play.h"
#include "rftg/visibility.h"

namespace gs::rftg {

namespace {

enum Zone : int8_t { kZoneDeck = 0, kZoneDiscard, kZoneGoods, kZoneHand, kZoneTableau };

struct Slot {
  int8_t zone;
  int8_t seat;
  bool fresh;
};

}  // namespace

void redeal_by_class(const Game& g, const State& s, State& d, int observer, Rng& rng) {
  const bool hidden_starts = start_worlds_hidden(g, s);
  const bool ante = s.stage == kStageConsume && s.decision == DecisionKind::AnteKeep;
  const CardSet goods = good_cards(g, s);
  constexpr int kClasses = 24;  // owner code (0 outside the draft, 1..7) x start-world colour (none, blue, red)
  std::vector<int> cards[kClasses];
  std::vector<Slot> slots[kClasses];
  auto class_of = [&](int c) {
    int k = 0;
    if (s.draft) {
      int code = static_cast<int>(((s.owner_bits[c >> 6] >> (c & 63)) & 1) | (s.hand[5].test(c) << 1) |
                                  (s.tableau[5].test(c) << 2));
      k = code + 1;
    }
    if (hidden_starts && g.start_worlds().test(c)) k += 8 * ((g.card(c).flags & kFlagStartRed) ? 2 : 1);
    return k;
  };
  auto add = [&](const CardSet& set, Slot slot) {
    set.for_each([&](int c) {
      int k = class_of(c);
      cards[k].push_back(c);
      Slot x = slot;
      x.fresh = slot.zone == kZoneHand && s.fresh.test(c);
      slots[k].push_back(x);
    });
  };
  const int players = s.players;
  add(s.deck, {kZoneDeck, -1, false});
  add(s.discard, {kZoneDiscard, -1, false});
  add(goods, {kZoneGoods, -1, false});
  int seats = g.solo() ? kMaxPlayers : players;  // the robot's pile: hand[1..5] (solo.cpp)
  for (int i = 0; i < seats; ++i) {
    if (i == observer) continue;
    CardSet h = s.hand[i];
    if (ante && i == s.actor) h -= s.fresh;  // revealed: public
    add(h, {kZoneHand, static_cast<int8_t>(i), false});
    if (hidden_starts) add(s.tableau[i], {kZoneTableau, static_cast<int8_t>(i), false});
  }
  // Take the unknown cards out of their zones, then deal them back class by class.
  for (int k = 0; k < kClasses; ++k)
    for (int c : cards[k]) {
      d.deck.reset(c);
      d.discard.reset(c);
      d.fresh.reset(c);
      for (int i = 0; i < seats; ++i) {
        d.hand[i].reset(c);
        if (hidden_starts) d.tableau[i].reset(c);
      }
    }
  for (int k = 0; k < kClasses; ++k) {
    std::vector<int>& cs = cards[k];
    for (size_t n = cs.size(); n > 1; --n) std::swap(cs[n - 1], cs[rng.below(static_cast<uint32_t>(n))]);
    for (size_t i = 0; i < cs.size(); ++i) {
      const Slot& slot = slots[k][i];
      int c = cs[i];
      switch (slot.zone) {
        case kZoneDeck: d.deck.set(c); break;
        case kZoneDiscard: d.discard.set(c); break;
        case kZoneGoods: break;  // in no zone: a good
        case kZoneHand:
          d.hand[slot.seat].set(c);
          if (slot.fresh) d.fresh.set(c);
          break;
        case kZoneTableau: d.tableau[slot.seat].set(c); break;
      }
    }
  }
}

}  // namespace gs::rftg
