// Phase IV, Consume (§4.4): per seat in order, the Consume-Trade sale, then
// consume powers in an order the player chooses (each once; mandatory ones
// while any is usable, A14), with Consume-x2 doubling VP from goods.
#include "rftg/play.h"

namespace gs::rftg {

namespace {

enum Step : uint8_t { kInit = 0, kTrade, kChoose, kGood, kHand, kLucky, kAnte, kAnteKeep };

constexpr uint32_t kKindCodes = code::kConsumeNovelty | code::kConsumeRare | code::kConsumeGenes | code::kConsumeAlien;

const ConsumePower& power_of(const Game& g, int slot_action, int* card) {
  int v = slot_action - act::kPowerBase;
  *card = v >> 2;
  const CardInfo& c = g.card(*card);
  for (int k = 0; k < c.n_consume; ++k)
    if (c.consume[k].index == (v & 3)) return c.consume[k];
  return c.consume[0];
}

CardSet goods_of(const State& s, int seat) { return s.tableau[seat] & s.has_good; }

// Worlds whose good this power (on card `card`) accepts.
CardSet eligible(const Game& g, const State& s, int seat, uint32_t code, int card) {
  CardSet w = goods_of(s, seat);
  if (__builtin_expect(code & code::kConsumeThis, 0)) w &= CardSet::single(card);  // Alien Toy Shop: its own good
  if ((code & code::kConsumeAny) || !(code & kKindCodes)) return w;  // e.g. three different kinds
  CardSet ok;
  if (code & code::kConsumeNovelty) ok |= g.worlds_of_kind(kNovelty);
  if (code & code::kConsumeRare) ok |= g.worlds_of_kind(kRare);
  if (code & code::kConsumeGenes) ok |= g.worlds_of_kind(kGenes);
  if (code & code::kConsumeAlien) ok |= g.worlds_of_kind(kAlien);
  return w & ok;
}

unsigned kinds_in(const Game& g, const CardSet& worlds) {
  unsigned k = 0;
  for (int kind = 1; kind < 5; ++kind) k |= static_cast<unsigned>(worlds.intersects(g.worlds_of_kind(kind))) << kind;
  return k;
}

// The seat's goods counted by kind, once per legality check.
struct GoodsCount {
  int total = 0;
  int by_kind[5] = {0, 0, 0, 0, 0};
  int kinds() const { return (by_kind[1] > 0) + (by_kind[2] > 0) + (by_kind[3] > 0) + (by_kind[4] > 0); }
  // Goods of the kinds in `mask` (bit k: kind k; bit 0: all goods), without a branch.
  int accepted_kinds(unsigned mask) const {
    return (total & -static_cast<int>(mask & 1)) +
           (by_kind[1] & -static_cast<int>((mask >> 1) & 1)) + (by_kind[2] & -static_cast<int>((mask >> 2) & 1)) +
           (by_kind[3] & -static_cast<int>((mask >> 3) & 1)) + (by_kind[4] & -static_cast<int>((mask >> 4) & 1));
  }
};

GoodsCount count_goods(const Game& g, const State& s, int seat) {
  GoodsCount gc;
  CardSet goods = goods_of(s, seat);
  gc.total = goods.count();
  for (int kind = 1; kind < 5; ++kind) gc.by_kind[kind] = (goods & g.worlds_of_kind(kind)).count();
  return gc;
}

// Gambling World (RvI): an ante card has a cost (defence) of 1 to 6 (E21).
bool can_ante(const Game& g, const CardSet& hand) {
  bool ok = false;
  hand.for_each([&](int c) { ok |= g.card(c).cost >= 1 && g.card(c).cost <= 6; });
  return ok;
}

// Usability of the powers classify() leaves to a test of their own (kTestOther): the
// expansions' ante, one-of-each-kind and own-good powers.
bool usable_other(const Game& g, const State& s, int seat, const GoodsCount& gc, const ConsumePower& p, int card) {
  uint32_t c = p.code;
  if (c & code::kAnteCard) return can_ante(g, s.hand[seat]);
  if (c & code::kConsumeNDiff) return gc.kinds() >= 1;
  return eligible(g, s, seat, c, card).any();  // kConsumeThis
}

bool mandatory(const ConsumePower& p) { return (p.code & (code::kDiscardHand | code::kAnteCard)) == 0; }

bool same_power(const ConsumePower& a, const ConsumePower& b) {
  return a.code == b.code && a.value == b.value && a.times == b.times;
}

// When a power is usable, as a number compared with a threshold (ConsumePower::test), decided
// once per power; the tests run in this order.
void classify(ConsumePower& p) {
  uint32_t c = p.code;
  p.test = kTestGoods, p.need = 1, p.kinds = 1;  // bit 0: goods of any kind
  if (c & code::kDiscardHand) p.test = kTestHand;
  else if (c & (code::kConsumeDraw | code::kDrawLucky | code::kConsumeVp)) p.test = kTestAlways, p.need = 0;
  else if (c & (code::kAnteCard | code::kConsumeNDiff | code::kConsumeThis)) p.test = kTestOther;
  else if (c & (code::kConsumeAll | code::kTradeAction)) p.need = 1;  // A15: even a single good, of any kind
  else if (c & code::kConsumeThreeDiff) p.test = kTestKinds, p.need = 3;
  else {
    p.need = c & code::kConsumeTwo ? 2 : 1;
    if (!(c & code::kConsumeAny) && (c & kKindCodes))
      p.kinds = static_cast<uint8_t>(((c & code::kConsumeNovelty) ? 1u << kNovelty : 0u) |
                                     ((c & code::kConsumeRare) ? 1u << kRare : 0u) |
                                     ((c & code::kConsumeGenes) ? 1u << kGenes : 0u) |
                                     ((c & code::kConsumeAlien) ? 1u << kAlien : 0u));
  }
}

int trade_value(const Game& g, const State& s, int seat, int world, bool bonuses) {
  int kind = g.card(world).good;
  int v = kind + 1;  // Novelty 2, Rare 3, Genes 4, Alien 5
  if (!bonuses) return v;
  CardSet traders = s.tableau[seat] & g.powered(kGroupTrade);
  traders.for_each([&](int i) {
    const CardInfo& c = g.card(i);
    v += c.trade_any + c.trade_kind[kind];
  });
  if (kind == kGenes && g.has(Game::kHasTradePerChromo)) {  // Clandestine Uplift Lab: +1 per chromosome card (E23)
    int per = g.sum(kSumTradePerChromo, traders);
    if (__builtin_expect(per != 0, 0)) v += per * (s.tableau[seat] & g.keyword_cards(kFlagChromo)).count();
  }
  return v + g.card(world).trade_this;
}

void reward(const Game& g, State& s, int seat, const ConsumePower& p, int units) {
  if (p.code & code::kGetVp) {
    int vp = p.value * units * (chose(s, seat, kActConsume2x) ? 2 : 1);
    award_vp(s, seat, vp);
  }
  if (p.code & code::kGetCard) draw_to_hand(s, seat, units);
  if (p.code & code::kGet2Card) draw_to_hand(s, seat, 2 * units);
  (void)g;
}

// A power's bit in s.used: its position among the seat's consume powers (card order, then power order).
void mark_used(const Game& g, State& s, int seat, int action) {
  int v = action - act::kPowerBase;
  int pos = v & 3;
  (s.tableau[seat] & g.powered(kGroupConsume) & CardSet::below(v >> 2)).for_each([&](int i) { pos += g.card(i).n_consume; });
  s.used |= 1u << pos;
}

// The active power has all its goods: pay out and return to choosing.
void finish_goods_power(const Game& g, State& s, int seat) {
  int card;
  const ConsumePower& p = power_of(g, s.active, &card);
  int units = s.units;
  if (p.code & (code::kConsumeTwo | code::kConsumeThreeDiff)) units = 1;  // one payout for the set
  reward(g, s, seat, p, units);
  s.step = kChoose;
}

}  // namespace

int legal_consume_powers(const Game& g, const State& s, int seat, int* out);

namespace {

int legal_consume_hand(const Game& g, const State& s, int seat, int* out) {
  int n = choose_ascending(g, s.hand[seat], s.floor, 1, out);  // "up to": any card, then maybe stop
  out[n++] = act::kPass;
  return n;
}

// AnteCard: a hand card of cost 1-6 (one per design), or no ante.
int legal_ante(const Game& g, const State& s, int seat, int* out) {
  int n = 0;
  distinct_copies(g, s.hand[seat], s.hand[seat]).for_each([&](int c) {
    if (g.card(c).cost >= 1 && g.card(c).cost <= 6) out[n++] = c;
  });
  out[n++] = act::kPass;
  return n;
}

// AnteKeep: one of the revealed cards with a higher cost than the ante card (E21); with the
// reference engine's reading, any revealed card once one of them is higher.
CardSet ante_winners(const Game& g, const State& s, int seat) {
  CardSet revealed = s.hand[seat] & s.fresh, out;
  int ante_cost = g.card(s.ante).cost;
  revealed.for_each([&](int c) { if (g.card(c).cost > ante_cost) out.set(c); });
  if (__builtin_expect(g.options().reference_readings & kReadingAnteKeepAny, 0) && out.any()) out = revealed;
  return distinct_copies(g, out, out);
}

int legal_lucky(int* out) {
  for (int k = 0; k < 7; ++k) out[k] = act::kLuckyBase + k;
  return 7;
}

int legal_consume_good(const Game& g, const State& s, int seat, int* out) {
  int card;
  const ConsumePower& p = power_of(g, s.active, &card);
  CardSet e = p.code & code::kTradeAction ? goods_of(s, seat) : eligible(g, s, seat, p.code, card);
  if (!(p.code & (code::kConsumeThreeDiff | code::kConsumeNDiff))) return choose_ascending(g, e, s.floor, s.need, out);
  // Goods of different kinds (three, or one of each kind the player has), in increasing world order.
  CardSet open = e & above(s.floor);
  int n = 0;
  open.for_each([&](int w) {
    unsigned kind = 1u << g.card(w).good;
    if (s.picked_kinds & kind) return;
    unsigned rest = kinds_in(g, open & CardSet::above(w)) & ~(s.picked_kinds | kind);
    if (__builtin_popcount(rest) >= s.need - 1) out[n++] = w;
  });
  return n;
}

}  // namespace

int run_consume(const Game& g, State& s, int* out, RandomPicker* pick) {
  while (s.turn < s.players) {
    int seat = seat_at(s, s.turn);
    int n;
    switch (s.step) {
      case kInit:
        s.used = 0;
        s.ante = kNone;
        if (chose(s, seat, kActTrade) && goods_of(s, seat).any()) {  // A7: the sale is mandatory
          s.step = kTrade;
          continue;
        }
        s.step = kChoose;
        continue;
      case kTrade:
        pose(s, DecisionKind::TradeGood, seat);
        n = offer_cards(pick, s, goods_of(s, seat), out);
        if (n > 1) return n;
        if (n == 0) no_legal_action(g, s);
        apply_trade_good(g, s, out[0]);
        continue;
      case kChoose:
        // Without goods only the goods-free powers could be used.
        if (!(s.tableau[seat] & g.powered(goods_of(s, seat).any() ? kGroupConsume : kGroupConsumeFree)).any()) {
          ++s.turn;
          s.step = kInit;
          continue;
        }
        pose(s, DecisionKind::ConsumePower, seat);
        n = legal_consume_powers(g, s, seat, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        apply_consume_power(g, s, n >= 1 ? out[0] : act::kPass);  // none left (n = 0): stop
        continue;
      case kGood:
        pose(s, DecisionKind::ConsumeGood, seat);
        n = legal_consume_good(g, s, seat, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        if (n == 0) no_legal_action(g, s);
        apply_consume_good(g, s, out[0]);
        continue;
      case kHand:
        pose(s, DecisionKind::ConsumeHand, seat);
        n = legal_consume_hand(g, s, seat, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        apply_consume_hand(g, s, out[0]);
        continue;
      case kLucky:
        pose(s, DecisionKind::LuckyNumber, seat);
        return legal_lucky(out);
      case kAnte:
        pose(s, DecisionKind::AnteCard, seat);
        n = legal_ante(g, s, seat, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        apply_ante_card(g, s, out[0]);
        continue;
      case kAnteKeep:
        pose(s, DecisionKind::AnteKeep, seat);
        n = emit_cards(ante_winners(g, s, seat), out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        apply_ante_keep(g, s, out[0]);
        continue;
      default: return 0;
    }
  }
  return 0;
}

// Unused usable powers (one per identical kind) and, if no mandatory one is left, "stop".
// Each power's action is written, and kept (count moves on) only if it is offered: no
// branch on usability, which changes from call to call.
int legal_consume_powers(const Game& g, const State& s, int seat, int* out) {
  CardSet cards = s.tableau[seat] & g.powered(kGroupConsume);
  if (cards.empty()) return 0;
  GoodsCount gc = count_goods(g, s, seat);
  // The numbers a power's test compares with its need, by ConsumeTest.
  int measure[4] = {0, s.hand[seat].any(), 0, gc.kinds()};
  uint64_t seen[4] = {0, 0, 0, 0};  // signatures offered
  int count = 0, pos = 0;
  unsigned must = 0;
  cards.for_each([&](int i) {
    const CardInfo& c = g.card(i);
    for (int k = 0; k < c.n_consume; ++k, ++pos) {
      const ConsumePower& p = c.consume[k];
      measure[kTestGoods] = gc.accepted_kinds(p.kinds);
      bool ok = __builtin_expect(p.test == kTestOther, 0) ? usable_other(g, s, seat, gc, p, i)
                                                           : measure[p.test] >= p.need;
      uint64_t bit = 1ull << (p.sig & 63);
      unsigned keep = ok & !((s.used >> pos) & 1) & !(seen[p.sig >> 6] & bit);
      seen[p.sig >> 6] |= bit & (0 - static_cast<uint64_t>(keep));
      must |= keep & mandatory(p);
      out[count] = act::kPowerBase + 4 * i + p.index;
      count += static_cast<int>(keep);
    }
  });
  if (count > 0 && !must) out[count++] = act::kPass;
  return count;
}

// Classifies every consume power (classify) and numbers the distinct ones.
void Game::index_consume_powers() {
  std::vector<ConsumePower> distinct;
  for (CardInfo& c : info_)
    for (int k = 0; k < c.n_consume; ++k) {
      ConsumePower& p = c.consume[k];
      classify(p);
      size_t id = 0;
      while (id < distinct.size() && !same_power(distinct[id], p)) ++id;
      if (id == distinct.size()) distinct.push_back(p);
      if (id > 255) throw RulesError("the cards have more than 256 different consume powers (the engine's limit)");
      p.sig = static_cast<uint8_t>(id);
    }
}

int legal_consume(const Game& g, const State& s, int* out) {
  int seat = s.actor;
  switch (s.decision) {
    case DecisionKind::TradeGood: return emit_cards(goods_of(s, seat), out);
    case DecisionKind::ConsumePower: return legal_consume_powers(g, s, seat, out);
    case DecisionKind::ConsumeHand: return legal_consume_hand(g, s, seat, out);
    case DecisionKind::LuckyNumber: return legal_lucky(out);
    case DecisionKind::ConsumeGood: return legal_consume_good(g, s, seat, out);
    case DecisionKind::AnteCard: return legal_ante(g, s, seat, out);
    case DecisionKind::AnteKeep: return emit_cards(ante_winners(g, s, seat), out);
    default: return 0;
  }
}

void apply_trade_good(const Game& g, State& s, int action) {
  int seat = s.actor;
  int cards = trade_value(g, s, seat, action, true);
  remove_good(g, s, seat, action);
  draw_to_hand(s, seat, cards);
  s.step = kChoose;
}

void apply_consume_power(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    ++s.turn;
    s.step = kInit;
    return;
  }
  mark_used(g, s, seat, action);
  s.active = static_cast<int16_t>(action);
  int card;
  const ConsumePower& p = power_of(g, action, &card);
  s.units = 0;
  s.floor = kNone;
  s.picked_kinds = 0;
  uint32_t c = p.code;
  if (c & code::kConsumeDraw) {
    draw_to_hand(s, seat, p.value);
  } else if (c & code::kConsumeVp) {  // Galactic Salon: doubled by Consume-x2 (E20)
    award_vp(s, seat, p.value * (chose(s, seat, kActConsume2x) ? 2 : 1));
  } else if (c & code::kAnteCard) {
    s.step = kAnte;
  } else if (c & code::kConsumeNDiff) {  // Galactic Exchange: one good of each kind the player has (E22)
    s.need = static_cast<int8_t>(count_goods(g, s, seat).kinds());
    s.step = kGood;
  } else if (c & code::kDrawLucky) {
    s.step = kLucky;
  } else if (c & code::kDiscardHand) {
    s.need = p.times;
    s.step = kHand;
  } else if (c & code::kConsumeAll) {
    CardSet w = goods_of(s, seat);
    int n = w.count();
    w.for_each([&](int i) { remove_good(g, s, seat, i); });
    s.units = static_cast<uint8_t>(n - 1);
    finish_goods_power(g, s, seat);
  } else if (c & code::kTradeAction) {
    s.need = 1;
    s.step = kGood;
  } else if (c & code::kConsumeThreeDiff) {
    s.need = 3;
    s.step = kGood;
  } else if (c & code::kConsumeTwo) {
    s.need = 2;
    s.step = kGood;
  } else {
    int e = eligible(g, s, seat, c, card).count();
    s.need = static_cast<int8_t>(e < p.times ? e : p.times);  // "up to N": as many as possible
    s.step = kGood;
  }
}

void apply_consume_good(const Game& g, State& s, int action) {
  int seat = s.actor;
  int card;
  const ConsumePower& p = power_of(g, s.active, &card);
  if (p.code & code::kTradeAction) {
    int cards = trade_value(g, s, seat, action, !(p.code & code::kTradeNoBonus));
    remove_good(g, s, seat, action);
    draw_to_hand(s, seat, cards);
    s.step = kChoose;
    return;
  }
  s.picked_kinds = static_cast<uint8_t>(s.picked_kinds | (1u << g.card(action).good));
  remove_good(g, s, seat, action);
  s.floor = static_cast<uint8_t>(action);
  ++s.units;
  if (--s.need == 0) finish_goods_power(g, s, seat);
}

void apply_consume_hand(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    s.step = kChoose;
    return;
  }
  int card;
  const ConsumePower& p = power_of(g, s.active, &card);
  discard_from_hand(s, seat, action);
  if (p.code & code::kGetCard) draw_to_hand(s, seat, 1);  // R&D Crash Program: a card for a card
  else award_vp(s, seat, p.value);  // never doubled (E20)
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0 || s.hand[seat].empty()) s.step = kChoose;
}

void apply_lucky_number(const Game& g, State& s, int action) {
  int seat = s.actor;
  int named = action - act::kLuckyBase + 1;
  int c = draw_one_for(s, seat);
  if (c >= 0) {
    if (g.card(c).cost == named) s.hand[seat].set(c);
    else s.discard.set(c);
  }
  s.step = kChoose;
}

// AnteCard: reveal as many cards as the ante card costs; keep one higher card (and the
// ante card) if there is one, else lose the ante card and all revealed cards (§4.5, E21).
void apply_ante_card(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    s.step = kChoose;
    return;
  }
  s.ante = static_cast<uint8_t>(action);
  CardSet revealed = draw_cards(s, seat, g.card(action).cost);
  s.hand[seat] |= revealed;
  s.fresh |= revealed;
  if (ante_winners(g, s, seat).any()) {
    s.step = kAnteKeep;
    return;
  }
  discard_from_hand(s, seat, action);
  s.hand[seat] -= revealed;
  s.fresh -= revealed;
  s.discard |= revealed;
  s.ante = kNone;
  s.step = kChoose;
}

void apply_ante_keep(const Game& g, State& s, int action) {
  (void)g;
  int seat = s.actor;
  CardSet rest = (s.hand[seat] & s.fresh) - CardSet::single(action);
  s.hand[seat] -= rest;
  s.discard |= rest;
  s.fresh.clear();
  s.ante = kNone;
  s.step = kChoose;
}

void apply_consume(const Game& g, State& s, int action) {
  switch (s.decision) {
    case DecisionKind::TradeGood: apply_trade_good(g, s, action); return;
    case DecisionKind::ConsumePower: apply_consume_power(g, s, action); return;
    case DecisionKind::ConsumeGood: apply_consume_good(g, s, action); return;
    case DecisionKind::ConsumeHand: apply_consume_hand(g, s, action); return;
    case DecisionKind::LuckyNumber: apply_lucky_number(g, s, action); return;
    case DecisionKind::AnteCard: apply_ante_card(g, s, action); return;
    case DecisionKind::AnteKeep: apply_ante_keep(g, s, action); return;
    default: return;
  }
}

}  // namespace gs::rftg
