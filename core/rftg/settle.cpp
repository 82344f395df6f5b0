// Phase III, Settle (§4.3): secret selection, reveal (windfall goods), then each
// seat in order pays for, conquers or (Contact Specialist) buys its world, and draws.
#include <algorithm>
#include <stdexcept>

#include "rftg/play.h"

namespace gs::rftg {

namespace {

enum Step : uint8_t { kStart = 0, kSelect, kResolve, kMethod, kExecute, kPay, kDraws };

// Settle powers of a seat's active tableau, summed once.
struct SettlePowers {
  int reduce = 0, reduce_kind[5] = {0, 0, 0, 0, 0};
  int military = 0, military_vs_kind[5] = {0, 0, 0, 0, 0}, military_vs_rebel = 0;
  int temporary = 0;         // New Military Tactics available
  int contact_discount = 0;
  bool colony_ship = false, contact = false;
};

typedef int8_t Lanes __attribute__((vector_size(16)));

SettlePowers settle_powers(const Game& g, const State& s, int seat) {
  Lanes sum = {};
  (active_tableau(s, seat) & g.powered(kGroupSettle)).for_each([&](int i) {
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
  return sp;
}

struct Terms {
  int pay_cost;      // cards for a non-military world (Method A)
  int military;      // standing Military against this world (Method B)
  bool colony_ship;  // Colony Ship may be used on this world
  bool contact;      // Contact Specialist usable on this world (Method C)
  int contact_cost;
};

Terms settle_terms(const SettlePowers& sp, const CardInfo& w) {
  Terms t;
  int reduce = sp.reduce + sp.reduce_kind[w.good];  // A6, A28: kind-specific by good kind
  t.military = sp.military + sp.military_vs_kind[w.good] + ((w.flags & kFlagRebel) ? sp.military_vs_rebel : 0);
  bool alien = w.good == kAlien;
  t.pay_cost = w.cost - reduce;
  if (t.pay_cost < 0) t.pay_cost = 0;
  t.colony_ship = sp.colony_ship && !alien;
  t.contact = sp.contact && !alien && w.military();  // A5, A6
  t.contact_cost = w.cost - sp.contact_discount - reduce;
  if (t.contact_cost < 0) t.contact_cost = 0;
  return t;
}

// Methods that can place world `w` with `avail` other cards in hand (bit mask over SettleMethod).
// Colony Ship is offered only where it saves cards (docs/rules.md G3).
unsigned feasible_methods(const SettlePowers& sp, const CardInfo& w, int avail) {
  Terms t = settle_terms(sp, w);
  unsigned m = 0;
  if (!w.military()) {
    if (t.pay_cost <= avail) m |= 1u << kMethodPay;
    if (t.colony_ship && t.pay_cost > 0) m |= 1u << kMethodColonyShip;
    return m;
  }
  if (t.military + sp.temporary >= w.cost) m |= 1u << kMethodConquer;
  if (t.contact) {
    if (t.contact_cost <= avail) m |= 1u << kMethodContact;
    if (t.colony_ship && t.contact_cost > 0) m |= 1u << kMethodContactColony;
  }
  return m;
}

unsigned feasible_methods(const Game& g, const State& s, int seat, int world, int avail) {
  return feasible_methods(settle_powers(g, s, seat), g.card(world), avail);
}

bool settle_twice(const State& s) {
  for (int i = 0; i < s.players; ++i)
    if (chose(s, i, kActSettle) && chose(s, i, kActSettle2)) return true;
  return false;
}

void discard_from_tableau(State& s, int seat, int card) {
  s.tableau[seat].reset(card);
  s.discard.set(card);
}

int first_with(const Game& g, const CardSet& cards, bool (*pred)(const CardInfo&)) {
  int found = -1;
  cards.for_each([&](int i) { if (found < 0 && pred(g.card(i))) found = i; });
  return found;
}

// Carry out the chosen method; returns the number of cards still to pay.
int execute_method(const Game& g, State& s, int seat, int world) {
  Terms t = settle_terms(settle_powers(g, s, seat), g.card(world));
  switch (s.method) {
    case kMethodPay: return t.pay_cost;
    case kMethodContact: return t.contact_cost;
    case kMethodColonyShip:
    case kMethodContactColony: {
      int ship = first_with(g, active_tableau(s, seat), [](const CardInfo& c) { return c.colony_ship; });
      discard_from_tableau(s, seat, ship);
      return 0;
    }
    case kMethodConquer: {
      int missing = g.card(world).cost - t.military;
      while (missing > 0) {  // as few New Military Tactics as needed
        int nmt = first_with(g, active_tableau(s, seat), [](const CardInfo& c) { return c.discard_military > 0; });
        missing -= g.card(nmt).discard_military;
        discard_from_tableau(s, seat, nmt);
      }
      return 0;
    }
    default: return 0;
  }
}

int legal_settle_method(const Game& g, const State& s, int seat, int* out) {
  unsigned m = feasible_methods(g, s, seat, s.selected[seat], s.hand[seat].count());
  int n = 0;
  for (int k = 0; k < kNumMethods; ++k)
    if ((m >> k) & 1) out[n++] = act::kMethodBase + k;
  return n;
}

// Whether some method can place world `w` with `avail` other cards in hand: the
// same answer as feasible_methods != 0, computed without branches on the card.
bool placeable(const SettlePowers& sp, const CardInfo& w, int avail) {
  const int reduce = sp.reduce + sp.reduce_kind[w.good];
  const bool military = w.military(), alien = w.good == kAlien;
  const int pay = std::max(0, w.cost - reduce);
  const int contact = std::max(0, w.cost - sp.contact_discount - reduce);
  const int strength = sp.military + sp.military_vs_kind[w.good] + sp.temporary +
                       ((w.flags & kFlagRebel) ? sp.military_vs_rebel : 0);
  const bool ship = sp.colony_ship & !alien;
  const bool civil_ok = (pay <= avail) | (ship & (pay > 0));
  const bool military_ok = (strength >= w.cost) | (sp.contact & !alien & ((contact <= avail) | (ship & (contact > 0))));
  return military ? military_ok : civil_ok;
}

int legal_settle_select(const Game& g, const State& s, int seat, int* out) {
  SettlePowers sp = settle_powers(g, s, seat);
  const int others = s.hand[seat].count() - 1;
  int n = 0;
  distinct_copies(g, s.hand[seat] & g.worlds(), s.hand[seat]).for_each([&](int c) {
    out[n] = c;
    n += placeable(sp, g.card(c), others);
  });
  out[n++] = act::kPass;
  return n;
}

}  // namespace

int run_settle(const Game& g, State& s, int* out) {
  for (;;) {
    switch (s.step) {
      case kStart:
        s.bonus = 0;
        for (int i = 0; i < s.players; ++i) {
          s.selected[i] = kNone;
          bool bonus = s.phase_rep == 0 ? chose(s, i, kActSettle)
                                        : (chose(s, i, kActSettle) && chose(s, i, kActSettle2));
          if (bonus) s.bonus = static_cast<uint8_t>(s.bonus | (1u << i));
        }
        s.step = kSelect;
        s.turn = 0;
        break;
      case kSelect:
        if (s.turn < s.players) {
          int seat = seat_at(s, s.turn);
          if (!s.hand[seat].intersects(g.worlds())) {  // nothing to choose: pass (G2)
            ++s.turn;
            break;
          }
          pose(s, DecisionKind::SettleSelect, seat);
          int n = legal_settle_select(g, s, seat, out);
          if (n > 1) return n;
          apply_settle_select(s, out[0]);
          break;
        }
        for (int t = 0; t < s.players; ++t) {  // reveal; windfall worlds get their good now
          int seat = seat_at(s, t);
          int c = s.selected[seat];
          if (c == kNone) continue;
          s.hand[seat].reset(c);
          s.tableau[seat].set(c);
          if (g.card(c).windfall()) place_good(s, c);
        }
        s.step = kResolve;
        s.turn = 0;
        break;
      case kResolve: {
        if (s.turn >= s.players) {
          if (s.phase_rep == 0 && settle_twice(s)) {  // A25
            s.phase_rep = 1;
            s.step = kStart;
            break;
          }
          return 0;
        }
        int seat = seat_at(s, s.turn);
        int c = s.selected[seat];
        if (c == kNone) {
          ++s.turn;
          break;
        }
        unsigned m = feasible_methods(g, s, seat, c, s.hand[seat].count());
        if (m == 0) throw std::logic_error("galaxysim internal error: revealed world cannot be placed");
        if (__builtin_popcount(m) == 1) {
          s.method = static_cast<uint8_t>(__builtin_ctz(m));
          s.step = kExecute;
          break;
        }
        s.step = kMethod;
        break;
      }
      case kMethod: {
        int seat = seat_at(s, s.turn);
        pose(s, DecisionKind::SettleMethod, seat);
        int n = legal_settle_method(g, s, seat, out);
        if (n > 1) return n;
        if (n == 0) no_legal_action(g, s);
        apply_settle_method(s, out[0]);
        break;
      }
      case kExecute: {
        int seat = seat_at(s, s.turn);
        int cost = execute_method(g, s, seat, s.selected[seat]);
        s.need = static_cast<int8_t>(cost);
        s.floor = kNone;
        s.step = cost > 0 ? kPay : kDraws;
        break;
      }
      case kPay: {
        int seat = seat_at(s, s.turn);
        if (pay_all_if_forced(s, seat)) {
          s.step = kDraws;
          break;
        }
        pose(s, DecisionKind::Pay, seat);
        int n = choose_ascending(g, s.hand[seat], s.floor, s.need, out);
        if (n > 1) return n;
        if (n == 0) no_legal_action(g, s);
        apply_settle_pay(s, out[0]);
        break;
      }
      case kDraws: {
        int seat = seat_at(s, s.turn);
        int n = ((s.bonus >> seat) & 1) + g.sum(kSumSettleDrawAfter, active_tableau(s, seat));
        draw_to_hand(s, seat, n);
        ++s.turn;
        s.step = kResolve;
        break;
      }
      default: return 0;
    }
  }
}

int legal_settle(const Game& g, const State& s, int* out) {
  int seat = s.actor;
  switch (s.decision) {
    case DecisionKind::Pay: return choose_ascending(g, s.hand[seat], s.floor, s.need, out);
    case DecisionKind::SettleMethod: return legal_settle_method(g, s, seat, out);
    default: return legal_settle_select(g, s, seat, out);
  }
}

void apply_settle_select(State& s, int action) {
  s.selected[s.actor] = action == act::kPass ? kNone : static_cast<uint8_t>(action);
  ++s.turn;
}

void apply_settle_method(State& s, int action) {
  s.method = static_cast<uint8_t>(action - act::kMethodBase);
  s.step = kExecute;
}

void apply_settle_pay(State& s, int action) {
  discard_from_hand(s, s.actor, action);
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0) s.step = kDraws;
}

void apply_settle(const Game& g, State& s, int action) {
  (void)g;
  switch (s.decision) {
    case DecisionKind::SettleSelect: apply_settle_select(s, action); return;
    case DecisionKind::SettleMethod: apply_settle_method(s, action); return;
    default: apply_settle_pay(s, action); return;  // Pay
  }
}

}  // namespace gs::rftg
