// Phase V, Produce (§4.5): per seat in order, production, draws on produced
// worlds, the Produce bonus and windfall-production powers (order chosen by the
// player), draw powers and counting powers; then "most Rare" (A18-A22).
#include "rftg/play.h"

namespace gs::rftg {

namespace {

enum Step : uint8_t { kInit = 0, kWindfall, kWindfallPower, kWindfallWorld, kDraws, kDiscardEarly, kDiscardLate };

// Empty windfall worlds of the seat that production class k may fill: 0 any kind, 1..4
// that kind, 5 Genes worlds other than the power's own (Universal Symbionts, NOT_THIS).
inline CardSet windfall_targets(const Game& g, const State& s, int seat, int k) {
  const CardSet& pool = k == 0 ? g.windfall_worlds() : g.windfall_of_kind(k < 5 ? k : kGenes);
  CardSet t = (s.tableau[seat] & pool) - s.has_good;
  if (__builtin_expect(k == 5, 0)) t -= g.not_this_cards();
  return t;
}

// Windfall classes in use: the sixth (Genes on another world) only with Universal Symbionts.
inline int windfall_classes(const Game& g) { return g.has(Game::kHasNotThis) ? kNumWindfallClasses : 5; }

// Damaged Alien Factory without a good, which a discarded hand card can fill (kNone if none).
int discard_produce_world(const Game& g, const State& s, int seat) {
  if (!g.has(Game::kHasDiscardProduce)) return kNone;
  CardSet w = (s.tableau[seat] & g.discard_produce_cards()) - s.has_good;
  return w.empty() || s.hand[seat].empty() ? kNone : w.first();
}

int legal_discard_produce(const Game& g, const State& s, int seat, int* out) {
  int n = emit_cards(distinct_copies(g, s.hand[seat], s.hand[seat]), out);
  out[n++] = act::kPass;
  return n;
}

void produce_on(const Game& g, State& s, int seat, int world) {
  if (!place_good(s, seat, world)) return;  // A12: no card left
  ++s.produced[g.card(world).good];
  draw_to_hand(s, seat, g.card(world).produce_draw_if);  // A20: Gem World, Runaway Robots...
}

// Classes with a pending production and an eligible world; drops those that have none.
unsigned open_classes(const Game& g, State& s, int seat) {
  unsigned m = 0;
  const int classes = windfall_classes(g);
  for (int k = 0; k < classes; ++k) {  // no branch on the counts: they are mostly 0, but not predictably
    const int8_t left = s.windfall_left[k];
    const bool open = (left > 0) & windfall_targets(g, s, seat, k).any();
    m |= static_cast<unsigned>(open) << k;
    s.windfall_left[k] = left > 0 && !open ? 0 : left;
  }
  return m;
}

// The seat's Produce draws that count its tableau, not this phase's goods: plain draws,
// per Genes world, per military or Rebel world, per chromosome card.
int tableau_draws(const Game& g, const CardSet& tab) {
  int n = g.sum(kSumProduceDraw, tab) + g.sum(kSumDrawWorldGenes, tab) * (tab & g.worlds_of_kind(kGenes)).count();
  if (__builtin_expect(g.has(Game::kHasProduceExtra), 0))
    n += g.sum(kSumDrawMilitary, tab) * (tab & g.military_worlds()).count() +
         g.sum(kSumDrawRebel, tab) * (tab & g.rebel_worlds()).count() +
         g.sum(kSumDrawChromo, tab) * (tab & g.keyword_cards(kFlagChromo)).count();
  return n;
}

// A scripted game's production (script.h): one world at a time in the order the script
// names the worlds of its goods, each world's own draw (A20) right after its good, and the
// tableau-count draws where the script puts them (the rest come at kDraws as usual). The
// rules leave this order open; it matters only for which card each draw takes.
CardSet scripted_production(const Game& g, State& s, int seat, CardSet empty) {
  CardSet made;
  const int early = s.tableau[seat].intersects(g.powered(kGroupProduce)) ? tableau_draws(g, s.tableau[seat]) : 0;
  for (;;) {
    if (s.drawn_early < early && scripted_hand_draw_next(s, seat)) {
      draw_to_hand(s, seat, 1);
      ++s.drawn_early;
      continue;
    }
    if (empty.empty()) break;
    int w = scripted_good_world(g, s, seat, empty);
    if (draw_one_for(s, seat, w) < 0) break;  // A12: no card left
    empty.reset(w);
    made.set(w);
    s.has_good.set(w);
    draw_to_hand(s, seat, g.card(w).produce_draw_if);
  }
  return made;
}

void end_of_phase(const Game& g, State& s) {
  for (int t = 0; t < s.players; ++t) {  // Mining Conglomerate (A19)
    int seat = seat_at(s, t);
    int n = g.sum(kSumDrawMostRare, s.tableau[seat]);
    if (n == 0 || s.produced_rare[seat] < 1) continue;
    bool most = true;
    for (int o = 0; o < s.players; ++o)
      if (o != seat && s.produced_rare[o] >= s.produced_rare[seat]) most = false;
    if (most) draw_to_hand(s, seat, n);
  }
}

}  // namespace

int run_produce(const Game& g, State& s, int* out, RandomPicker* pick) {
  for (;;) {
    if (s.turn >= s.players) {
      end_of_phase(g, s);
      return 0;
    }
    int seat = seat_at(s, s.turn);
    const CardSet tab = s.tableau[seat];
    switch (s.step) {
      case kInit: {
        s.drawn_early = 0;
        for (int k = 0; k < 5; ++k) s.produced[k] = 0;
        for (int k = 0; k < kNumWindfallClasses; ++k) s.windfall_left[k] = 0;
        CardSet empty = (tab & g.production_worlds()) - s.has_good;
        if (__builtin_expect(scripted(s), 0)) {
          CardSet made = scripted_production(g, s, seat, empty);
          for (int k = 1; k < 5; ++k) s.produced[k] = static_cast<int8_t>((made & g.worlds_of_kind(k)).count());
        } else if (empty.any()) {  // goods go on the empty worlds in increasing order (as long as cards last, A12)
          int want = empty.count();
          int placed = draw_cards(s, seat, want).count();
          CardSet made = placed == want ? empty : empty.without_top(want - placed);
          s.has_good |= made;
          for (int k = 1; k < 5; ++k) s.produced[k] = static_cast<int8_t>((made & g.worlds_of_kind(k)).count());
          draw_to_hand(s, seat, g.sum(kSumProduceDrawIf, made));
        }
        s.windfall_left[0] = chose(s, seat, kActProduce) ? 1 : 0;
        if ((tab & g.powered(kGroupProduce)).any())
          for (int k = 0, classes = windfall_classes(g); k < classes; ++k)
            s.windfall_left[k] = static_cast<int8_t>(s.windfall_left[k] + (tab & g.windfall_power_cards(k)).count());
        s.step = kWindfall;
        break;
      }
      case kWindfall: {
        unsigned m = open_classes(g, s, seat);
        if (m == 0) {
          s.step = __builtin_expect(discard_produce_world(g, s, seat) != kNone, 0) ? kDiscardEarly : kDraws;
          break;
        }
        if (__builtin_popcount(m) == 1) {
          s.active = static_cast<int16_t>(__builtin_ctz(m));
          s.step = kWindfallWorld;
          break;
        }
        s.step = kWindfallPower;
        break;
      }
      case kWindfallPower: {
        pose(s, DecisionKind::WindfallPower, seat);
        int n = legal_produce(g, s, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        if (n == 0) no_legal_action(g, s);
        apply_windfall_power(s, out[0]);
        break;
      }
      case kWindfallWorld: {
        pose(s, DecisionKind::WindfallWorld, seat);
        int n = legal_produce(g, s, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        if (n == 0) no_legal_action(g, s);
        apply_windfall_world(g, s, out[0]);
        break;
      }
      case kDraws: {
        if ((tab & g.powered(kGroupProduce)).any()) {
          int kinds = 0;
          for (int k = 1; k < 5; ++k) kinds += s.produced[k] > 0;
          int n = tableau_draws(g, tab) - s.drawn_early + g.sum(kSumDrawEachNovelty, tab) * s.produced[kNovelty] +
                  g.sum(kSumDrawEachAlien, tab) * s.produced[kAlien] + g.sum(kSumDrawDifferent, tab) * kinds;
          draw_to_hand(s, seat, n);
        }
        if (__builtin_expect(discard_produce_world(g, s, seat) != kNone, 0)) {
          s.step = kDiscardLate;
          break;
        }
        s.produced_rare[seat] = s.produced[kRare];
        ++s.turn;
        s.step = kInit;
        break;
      }
      case kDiscardEarly:  // Damaged Alien Factory before the draws: its good counts for them ...
      case kDiscardLate: {  // ... or after them, maybe with a card just drawn (§4.6)
        if (discard_produce_world(g, s, seat) == kNone) {
          apply_discard_produce(g, s, act::kPass);
          break;
        }
        pose(s, DecisionKind::DiscardProduce, seat);
        return legal_discard_produce(g, s, seat, out);
      }
      default: return 0;
    }
  }
}

int legal_produce(const Game& g, const State& s, int* out) {
  int seat = s.actor;
  if (s.decision == DecisionKind::WindfallWorld)
    return emit_cards(windfall_targets(g, s, seat, s.active), out);
  if (s.decision == DecisionKind::DiscardProduce) return legal_discard_produce(g, s, seat, out);
  int n = 0;
  for (int k = 0, classes = windfall_classes(g); k < classes; ++k)
    if (s.windfall_left[k] > 0 && windfall_targets(g, s, seat, k).any()) out[n++] = act::kWindfallBase + k;
  return n;
}

void apply_windfall_power(State& s, int action) {
  s.active = static_cast<int16_t>(action - act::kWindfallBase);
  s.step = kWindfallWorld;
}

void apply_windfall_world(const Game& g, State& s, int action) {
  produce_on(g, s, s.actor, action);
  --s.windfall_left[s.active];
  s.step = kWindfall;
}

// DiscardProduce: discard the card to put a good on Damaged Alien Factory, or not now.
void apply_discard_produce(const Game& g, State& s, int action) {
  int seat = seat_at(s, s.turn);
  if (action != act::kPass) {
    int world = discard_produce_world(g, s, seat);
    discard_from_hand(s, seat, action);
    produce_on(g, s, seat, world);
  }
  if (s.step == kDiscardEarly) {
    s.step = kDraws;
    return;
  }
  s.produced_rare[seat] = s.produced[kRare];
  ++s.turn;
  s.step = kInit;
}

void apply_produce(const Game& g, State& s, int action) {
  if (s.decision == DecisionKind::WindfallPower) apply_windfall_power(s, action);
  else if (s.decision == DecisionKind::DiscardProduce) apply_discard_produce(g, s, action);
  else apply_windfall_world(g, s, action);
}

}  // namespace gs::rftg
