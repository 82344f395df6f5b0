// Temporary Military in the Settle phase: New Military Tactics (discarded from the
// tableau) and the discard-for-Military powers of the expansions (§4.4 MILITARY_HAND:
// +1 per hand card). Gained Military lasts the whole phase (E14). Used to conquer a
// world (hand cards exactly as many as needed; New Military Tactics also beyond the need,
// G4), and freely to attack or defend in a takeover.
#include "rftg/settle_powers.h"

namespace gs::rftg {

namespace {

CardSet nmt_in(const Game& g, const State& s, int seat) { return settle_active(g, s, seat) & g.nmt_cards(); }

int nmt_total(const Game& g, const CardSet& nmt) {
  int t = 0;
  nmt.for_each([&](int c) { t += g.card(c).discard_military; });
  return t;
}

// Hand cards the seat may still discard for Military, limited by its cards above `floor`.
int hand_left(const Game& g, const State& s, int seat, uint8_t floor) {
  SettlePowers sp = settle_powers(g, s, seat);
  int cap = hand_capacity_left(sp, s, seat);
  int cards = (s.hand[seat] & above(floor)).count();
  return cap < cards ? cap : cards;
}

}  // namespace

int temp_potential(const Game& g, const State& s, int seat) {
  SettlePowers sp = settle_powers(g, s, seat);
  int cap = hand_capacity_left(sp, s, seat), cards = s.hand[seat].count();
  return nmt_total(g, nmt_in(g, s, seat)) + (cap < cards ? cap : cards);
}

bool start_conquest_payment(const Game& g, State& s, int seat, int missing) {
  if (missing > 0 && hand_left(g, s, seat, kNone) == 0) {
    // Only New Military Tactics can help: those needed are discarded at once, lowest copy
    // first (G4). The gained Military counts later in the phase only where a seat may act
    // again (E14).
    bool keep = g.takeovers_on() || g.has(Game::kHasPlaceTwo);
    while (missing > 0) {
      int nmt = nmt_in(g, s, seat).first();
      int v = g.card(nmt).discard_military;
      missing -= v;
      if (keep) add_temp(s, seat, v, 0);
      tableau_discard(g, s, seat, nmt);
    }
  }
  if (missing <= 0 && nmt_in(g, s, seat).empty()) return true;
  // A decision: hand cards or New Military Tactics for the Military still missing, or, once
  // the world is conquered, more New Military Tactics (each one the player discards adds 3,
  // §4.3 Method B; G4) or done.
  s.context = kTempConquest;
  s.need = static_cast<int8_t>(missing > 0 ? missing : 0);
  s.floor = kNone;
  return false;
}

// New Military Tactics come first (while no hand card was discarded: one canonical
// order, G1), then hand cards in increasing order. A conquest takes the hand cards it
// needs and may add New Military Tactics once it has enough (G4); an attack or a defence
// may stop at any point (kPass).
int legal_temp_military(const Game& g, const State& s, int* out) {
  int seat = s.actor;
  int n = 0;
  CardSet nmt = nmt_in(g, s, seat);
  int left = hand_left(g, s, seat, s.floor);
  if (s.context == kTempConquest) {
    int missing = s.need;
    if (missing <= 0) {  // conquered: more New Military Tactics (before any hand card), or done
      if (s.floor == kNone) n = emit_cards(distinct_copies(g, nmt, nmt), out);
      out[n++] = act::kPass;
      return n;
    }
    if (s.floor == kNone) {
      int total = nmt_total(g, nmt);
      distinct_copies(g, nmt, nmt).for_each([&](int c) {
        int rest = missing - g.card(c).discard_military;
        if (rest <= 0 || rest <= total - g.card(c).discard_military + left) out[n++] = c;
      });
    }
    if (missing <= left) n += choose_ascending(g, s.hand[seat], s.floor, missing, out + n);
    return n;
  }
  if (s.floor == kNone) n += emit_cards(distinct_copies(g, nmt, nmt), out);
  if (left > 0) {
    CardSet open = s.hand[seat] & above(s.floor);
    n += emit_cards(distinct_copies(g, open, open), out + n);
  }
  out[n++] = act::kPass;
  return n;
}

void conclude_takeover(const Game& g, State& s);  // takeover.cpp

void apply_temp_military(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    if (s.context == kTempDefence) conclude_takeover(g, s);
    else if (s.context == kTempConquest) {  // conquered, no more discards
      s.step = settle_step::kDraws;
      s.need = kTacticsDone;
    }
    else s.step = settle_step::kExtra;  // the attacker is done: the seat's further settle actions
    return;
  }
  int gained;
  if (s.tableau[seat].test(action)) {  // New Military Tactics
    gained = g.card(action).discard_military;
    if (g.takeovers_on() || g.has(Game::kHasPlaceTwo)) add_temp(s, seat, gained, 0);  // where it counts later (E14)
    tableau_discard(g, s, seat, action);
  } else {
    gained = 1;
    add_temp(s, seat, 1, 1);
    discard_from_hand(s, seat, action);
    s.floor = static_cast<uint8_t>(action);
  }
  if (s.context == kTempConquest) {
    s.need = static_cast<int8_t>(s.need - gained);
    if (s.need <= 0) {
      s.need = 0;
      // Conquered: the draws after placing, unless New Military Tactics may still be added.
      if (s.floor != kNone || nmt_in(g, s, seat).empty()) {
        s.step = settle_step::kDraws;
        s.need = kTacticsDone;
      }
    }
  }
}

}  // namespace gs::rftg
