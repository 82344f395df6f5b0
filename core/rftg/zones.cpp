// Moving card instances between zones: draws, discards, goods, VP chips.
#include "rftg/play.h"

namespace gs::rftg {

int draw_one(State& s) {
  if (s.deck.empty()) {
    if (s.discard.empty()) return -1;
    s.deck = s.discard;
    s.discard.clear();
  }
  int c;
  if (s.nstack > 0) {
    c = s.stack[--s.nstack];
  } else {
    c = s.deck.nth(static_cast<int>(s.rng.below(static_cast<uint32_t>(s.deck.count()))));
  }
  s.deck.reset(c);
  if (s.deck.empty()) {  // A13: reshuffle the moment the last card is taken
    s.deck = s.discard;
    s.discard.clear();
  }
  return c;
}

void draw_to_hand(State& s, int seat, int n) {
  for (int k = 0; k < n; ++k) {
    int c = draw_one(s);
    if (c < 0) return;
    s.hand[seat].set(c);
  }
}

void discard_from_hand(State& s, int seat, int card) {
  s.hand[seat].reset(card);
  s.discard.set(card);
}

bool place_good(State& s, int world) {
  int c = draw_one(s);
  if (c < 0) return false;
  s.goods.set(c);
  s.has_good.set(world);
  return true;
}

// Goods are face down and interchangeable: the lowest good instance goes to the discard pile.
void remove_good(State& s, int world) {
  s.has_good.reset(world);
  int c = s.goods.pop_first();
  s.discard.set(c);
}

void award_vp(State& s, int seat, int vp) {
  s.chips[seat] = static_cast<int16_t>(s.chips[seat] + vp);
  s.vp_pool = static_cast<int16_t>(s.vp_pool - vp);
}

bool pay_all_if_forced(State& s, int seat) {
  CardSet open = s.hand[seat] & above(s.floor);
  if (s.need < open.count()) return false;
  s.hand[seat] -= open;
  s.discard |= open;
  s.need = 0;
  return true;
}

int choose_ascending(const Game& g, const CardSet& pool, uint8_t floor, int need, int* out) {
  if (need <= 0) return 0;
  CardSet open = pool & above(floor);
  return emit_cards(distinct_copies(g, open.without_top(need - 1), open), out);
}

}  // namespace gs::rftg
