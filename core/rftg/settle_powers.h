// Settle powers of a seat summed over its active tableau, and what they make of one
// world: its price in cards, the Military against it, and the settle methods that can
// place it. Shared by settle.cpp, settle_military.cpp and takeover.cpp.
#pragma once
#include "rftg/play.h"

namespace gs::rftg {

// Steps of the Settle stage (State::step; docs/state-json.md).
namespace settle_step {
enum : uint8_t {
  kStart = 0, kSelect, kResolve, kMethod, kExecute, kPay, kDraws,
  kTemp, kZeroCard, kExtra, kTakeovers  // the expansions
};
}  // namespace settle_step

struct SettlePowers {
  int reduce = 0, reduce_kind[5] = {0, 0, 0, 0, 0};
  int military = 0, military_vs_kind[5] = {0, 0, 0, 0, 0}, military_vs_rebel = 0;
  int temporary = 0;         // New Military Tactics available
  int contact_discount = 0;  // pay for Military: the best discount for any military world
  bool colony_ship = false, contact = false;
  bool extra = false;  // the tableau has Settle cards of the expansions (Game::settle_extra): the fields below are set
  // The expansions (set only when `extra`)
  bool contact_rebel;          // Rebel Alliance: pay for Rebel military worlds ...
  int contact_rebel_discount;  // ... with this discount
  int pay_discount;            // Rebel Pact: extra discount when paying for Military
  int hand_capacity;           // hand cards that may be discarded for +1 Military each this phase
  bool cloak;                  // Imperium Cloaking Technology: conquer a non-military world ...
  int cloak_bonus;             // ... with this extra Military
};

// The tableau whose powers work in the Settle phase: without the worlds placed in it
// (the selected world and a second world placed with Improved Logistics).
inline CardSet settle_active(const Game& g, const State& s, int seat) {
  CardSet t = active_tableau(s, seat);
  if (g.has(Game::kHasPlaceTwo) && s.second_world[seat] != kNone) t.reset(s.second_world[seat]);
  return t;
}

inline SettlePowers settle_powers(const Game& g, const CardSet& active) {
  typedef int8_t Lanes __attribute__((vector_size(16)));
  Lanes sum = {};
  (active & g.powered(kGroupSettle)).for_each([&](int i) {
    sum += *reinterpret_cast<const Lanes*>(g.card(i).settle_lanes);
  });
  SettlePowers sp;
  sp.reduce = sum[kLaneReduce];
  sp.military = sum[kLaneMilitary];
  for (int k = 1; k < 5; ++k) {
    sp.reduce_kind[k] = sum[kLaneReduceKind + k - 1];
    sp.military_vs_kind[k] = sum[kLaneMilitaryKind + k - 1];
  }
  sp.military_vs_rebel = sum[kLaneMilitaryRebel];
  sp.temporary = sum[kLaneTemporary];
  sp.contact_discount = sum[kLaneContactDiscount];
  sp.contact = sum[kLaneContact] > 0;
  sp.colony_ship = sum[kLaneColonyShip] > 0;
  if (__builtin_expect(g.has(Game::kHasSettleExtra), 0) && active.intersects(g.settle_extra())) {
    CardSet extra = active & g.settle_extra();
    sp.extra = true;
    sp.contact_rebel = sp.cloak = false;
    sp.contact_rebel_discount = sp.cloak_bonus = 0;
    sp.military += g.sum(kSumMilitaryPerWorld, extra) * (active & g.military_worlds()).count();
    sp.pay_discount = g.sum(kSumPayDiscount, extra);
    sp.hand_capacity = g.sum(kSumMilitaryHand, extra);
    // With several pay-for-Military designs in the game all of them are in settle_extra:
    // their discounts are compared here instead of summed in the lanes.
    bool compare = false;
    extra.for_each([&](int i) { compare |= g.card(i).has_pay_military; });
    if (compare) {
      sp.contact = false;
      sp.contact_discount = 0;
    }
    extra.for_each([&](int i) {
      const CardInfo& c = g.card(i);
      // One pay-for-Military power per world, the best one offered (G16).
      if (c.has_pay_military && (!sp.contact || c.pay_military > sp.contact_discount)) {
        sp.contact = true;
        sp.contact_discount = c.pay_military;
      }
      if (c.has_pay_military_rebel && (!sp.contact_rebel || c.pay_military_rebel > sp.contact_rebel_discount)) {
        sp.contact_rebel = true;
        sp.contact_rebel_discount = c.pay_military_rebel;
      }
      if (c.has_cloak && (!sp.cloak || c.cloak > sp.cloak_bonus)) {
        sp.cloak = true;
        sp.cloak_bonus = c.cloak;
      }
    });
  }
  return sp;
}

inline SettlePowers settle_powers(const Game& g, const State& s, int seat) {
  return settle_powers(g, settle_active(g, s, seat));
}

// Unconditional Military of a set of cards (fixed values, Hidden Fortress's per-world bonus).
int military_of(const Game& g, const CardSet& cards);

// Military against world w from standing powers: unconditional and specialised (A28: by good kind).
inline int military_against(const SettlePowers& sp, const CardInfo& w) {
  return sp.military + sp.military_vs_kind[w.good] + ((w.flags & kFlagRebel) && w.military() ? sp.military_vs_rebel : 0);
}

// The temporary Military a seat has gained this Settle phase, and the hand cards it discarded for it.
inline int temp_gained(const State& s, int seat) { return s.temp_military[seat] & 15; }
inline int temp_hand_used(const State& s, int seat) { return s.temp_military[seat] >> 4; }
inline void add_temp(State& s, int seat, int military, int hand_cards) {
  s.temp_military[seat] = static_cast<uint8_t>(((temp_hand_used(s, seat) + hand_cards) << 4) |
                                               (temp_gained(s, seat) + military));
}
// Hand cards the seat may still discard for Military this phase.
inline int hand_capacity_left(const SettlePowers& sp, const State& s, int seat) {
  if (!sp.extra) return 0;
  int left = sp.hand_capacity - temp_hand_used(s, seat);
  return left > 0 ? left : 0;
}

// The card whose pay-for-Military power a seat uses on world w (the best discount), -1 if none.
int pay_military_card(const Game& g, const State& s, int seat, int world);

// The world the seat is placing now: its selected world, or its second world (Improved Logistics).
inline int placing_world(const State& s, int seat) {
  return s.actions_done == 1 && s.second_world[seat] != kNone ? s.second_world[seat] : s.selected[seat];
}

// Temporary Military (settle_military.cpp): the legal discards of a TempMilitary
// decision and applying one.
int legal_temp_military(const Game& g, const State& s, int* out);
void apply_temp_military(const Game& g, State& s, int action);
// Conquest needing `missing` more Military: New Military Tactics discarded automatically
// when the hand cannot help (G4); else a TempMilitary decision. Returns true when done.
bool start_conquest_payment(const Game& g, State& s, int seat, int missing);
// State::need when a placement's New Military Tactics question is answered (kDraws does not ask again).
constexpr int8_t kTacticsDone = -1;
// The most temporary Military the seat could still add (New Military Tactics, hand cards).
int temp_potential(const Game& g, const State& s, int seat);

// Takeovers (takeover.cpp).
void start_takeover_phase(const Game& g, State& s);  // start-of-phase vulnerability
int legal_takeovers(const Game& g, const State& s, int seat, int* out);  // declaration actions
void declare_takeover(const Game& g, State& s, int seat, int action);
// Resolves declarations in order; returns the legal count of a posed defence decision, or 0 when all are done.
int resolve_takeovers(const Game& g, State& s, int* out);
// Cards a seat gets when a world enters its tableau: the Settle bonus once per phase (E50), draw-after powers.
void settle_draws(const Game& g, State& s, int seat);

}  // namespace gs::rftg
