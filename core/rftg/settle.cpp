// Phase III, Settle (§4.3): secret selection, reveal (windfall goods), then each
// seat in order pays for, conquers or (Contact Specialist) buys its world, and draws.
// The expansions add, per seat, a takeover declaration or a second world (Improved
// Logistics), and after all seats the takeovers are resolved (takeover.cpp).
#include <algorithm>
#include <stdexcept>

#include "rftg/settle_powers.h"

namespace gs::rftg {

using namespace settle_step;

int pay_military_card(const Game& g, const State& s, int seat, int world) {
  const CardInfo& w = g.card(world);
  int best = -1, best_d = -1000;
  settle_active(g, s, seat).for_each([&](int c) {
    const CardInfo& p = g.card(c);
    int d = -1000;
    if (p.has_pay_military) d = p.pay_military;
    if (p.has_pay_military_rebel && (w.flags & kFlagRebel) && p.pay_military_rebel > d) d = p.pay_military_rebel;
    if (d > best_d) { best_d = d; best = c; }
  });
  return best;
}

int military_of(const Game& g, const CardSet& cards) {
  int m = g.sum(kSumMilitary, cards);
  if (g.has(Game::kHasSettleExtra) && cards.intersects(g.settle_extra())) m += g.sum(kSumMilitaryPerWorld, cards) * (cards & g.military_worlds()).count();
  return m;
}

namespace {

struct Terms {
  int pay_cost;      // cards for a non-military world (Method A)
  int military;      // standing Military against this world (Method B)
  bool colony_ship;  // a cost-0 discard may be used on this world
  bool contact;      // pay for Military usable on this world (Method C)
  int contact_cost;
  int cloak_need;    // Imperium Cloaking Technology: Military still missing for a non-military world
};

__attribute__((always_inline)) inline Terms settle_terms(const SettlePowers& sp, const CardInfo& w) {
  Terms t;
  int reduce = sp.reduce + sp.reduce_kind[w.good];  // A6, A28: kind-specific by good kind
  t.military = military_against(sp, w);
  bool alien = w.good == kAlien;
  t.pay_cost = w.cost - reduce;
  if (t.pay_cost < 0) t.pay_cost = 0;
  t.colony_ship = sp.colony_ship && !alien;
  if (__builtin_expect(!sp.extra, 1)) {  // the base game's powers only
    t.contact = sp.contact && !alien && w.military();  // A5, A6
    t.contact_cost = w.cost - sp.contact_discount - reduce;
    if (t.contact_cost < 0) t.contact_cost = 0;
    t.cloak_need = 0;
    return t;
  }
  // Pay for Military (A5, A6, E17, E18): non-Alien military worlds, the best discount that applies.
  int discount = sp.contact_discount;
  bool contact = sp.contact;
  if (sp.contact_rebel && (w.flags & kFlagRebel) && (!contact || sp.contact_rebel_discount > discount)) {
    contact = true;
    discount = sp.contact_rebel_discount;
  }
  t.contact = contact && !alien && w.military();
  t.contact_cost = w.cost - discount - reduce - sp.pay_discount;
  if (t.contact_cost < 0) t.contact_cost = 0;
  t.cloak_need = w.cost - (sp.military + sp.military_vs_kind[w.good] + sp.cloak_bonus);  // E19
  return t;
}

// Methods that can place world `w` (bit mask over SettleMethod) with `avail` other cards
// in hand, for a seat with the base game's Settle powers only (G3: Colony Ship only where
// it saves cards). Such a seat has no temporary Military yet when it places a world.
__attribute__((always_inline)) inline unsigned base_methods(const SettlePowers& sp, const CardInfo& w, int avail) {
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

// The same with the expansions' powers, `temp` temporary Military gained so far and
// `hand_left` hand cards the seat may still discard for Military.
unsigned feasible_methods(const SettlePowers& sp, const CardInfo& w, int avail, int temp, int hand_left) {
  Terms t = settle_terms(sp, w);
  unsigned m = 0;
  int from_hand = hand_left < avail ? hand_left : avail;
  if (!w.military()) {
    if (t.pay_cost <= avail) m |= 1u << kMethodPay;
    if (t.colony_ship && t.pay_cost > 0) m |= 1u << kMethodColonyShip;
    // Conquering with Imperium Cloaking Technology saves cards only if the world costs some (G3).
    if (sp.cloak && t.pay_cost > 0 && t.cloak_need - temp <= sp.temporary + from_hand) m |= 1u << kMethodCloak;
    return m;
  }
  if (t.military + temp + sp.temporary + from_hand >= w.cost) m |= 1u << kMethodConquer;
  if (t.contact) {
    if (t.contact_cost <= avail) m |= 1u << kMethodContact;
    if (t.colony_ship && t.contact_cost > 0) m |= 1u << kMethodContactColony;
  }
  return m;
}

unsigned feasible_methods(const Game& g, const State& s, const SettlePowers& sp, int seat, int world, int avail) {
  if (__builtin_expect(!sp.extra, 1)) return base_methods(sp, g.card(world), avail);
  return feasible_methods(sp, g.card(world), avail, temp_gained(s, seat), hand_capacity_left(sp, s, seat));
}
unsigned feasible_methods(const Game& g, const State& s, int seat, int world, int avail) {
  return feasible_methods(g, s, settle_powers(g, s, seat), seat, world, avail);
}

bool settle_twice(const State& s) {
  for (int i = 0; i < s.players; ++i)
    if (chose(s, i, kActSettle) && chose(s, i, kActSettle2)) return true;
  return s.players == 1 && (s.robot.spaces & act_bit(kActSettle2));  // solo: a die on the second Settle
}

// Do seats of this game have more than one settle action (takeovers, Improved Logistics)?
bool extended(const Game& g) { return g.takeovers_on() || g.has(Game::kHasPlaceTwo); }

// The zero-cost cards the seat could discard, one per design (lowest copy).
CardSet zero_cost_choices(const Game& g, const State& s, int seat) {
  CardSet z = settle_active(g, s, seat) & g.zero_cost_cards();
  return distinct_copies(g, z, z);
}

// Carry out the chosen method; returns the number of cards still to pay, or -1 when the
// method goes on with a decision (temporary Military, which zero-cost card).
int execute_method(const Game& g, State& s, const SettlePowers& sp, int seat, int world) {
  Terms t = settle_terms(sp, g.card(world));
  switch (s.method) {
    case kMethodPay: return t.pay_cost;
    case kMethodContact: return t.contact_cost;
    case kMethodColonyShip:
    case kMethodContactColony: {
      CardSet choices = zero_cost_choices(g, s, seat);
      if (__builtin_expect(choices.count() > 1, 0)) return -1;  // Colony Ship or Doomed World: the player says
      tableau_discard(g, s, seat, choices.first());
      return 0;
    }
    case kMethodConquer:
      return start_conquest_payment(g, s, seat, g.card(world).cost - t.military - temp_gained(s, seat)) ? 0 : -1;
    case kMethodCloak: {
      CardSet cloaks;
      settle_active(g, s, seat).for_each([&](int c) { if (g.card(c).has_cloak) cloaks.set(c); });
      tableau_discard(g, s, seat, cloaks.first());
      return start_conquest_payment(g, s, seat, t.cloak_need - temp_gained(s, seat)) ? 0 : -1;
    }
    default: return 0;
  }
}

int legal_settle_method(const Game& g, const State& s, int seat, int* out) {
  unsigned m = feasible_methods(g, s, seat, placing_world(s, seat), s.hand[seat].count());
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
  CardSet candidates = distinct_copies(g, s.hand[seat] & g.worlds(), s.hand[seat]);
  if (__builtin_expect(!sp.extra, 1)) {
    candidates.for_each([&](int c) {
      out[n] = c;
      n += placeable(sp, g.card(c), others);
    });
  } else {
    int temp = temp_gained(s, seat), hand_left = hand_capacity_left(sp, s, seat);
    candidates.for_each([&](int c) {
      if (feasible_methods(sp, g.card(c), others, temp, hand_left)) out[n++] = c;
    });
  }
  out[n++] = act::kPass;
  return n;
}

// SettleSecond (Improved Logistics): a world from hand, a takeover, or nothing.
int legal_settle_second(const Game& g, const State& s, int seat, int* out) {
  int n = legal_settle_select(g, s, seat, out) - 1;  // without its "pass"
  if (g.takeovers_on()) n += legal_takeovers(g, s, seat, out + n);
  out[n++] = act::kPass;
  return n;
}

// The seat may act again: a takeover instead of a world, or a second action (§3.3, E15).
// Returns the legal count of the decision posed, or 0 when the seat is done.
int seat_extra_action(const Game& g, State& s, int seat, int* out) {
  if (s.actions_done == 0) {
    if (s.selected[seat] == kNone && g.takeovers_on()) {
      int n = legal_takeovers(g, s, seat, out);
      if (n > 0) {
        out[n++] = act::kPass;
        pose(s, DecisionKind::Takeover, seat);
        return n;
      }
    }
    return 0;
  }
  if (s.actions_done == 1 && settle_active(g, s, seat).intersects(g.place_two_cards())) {
    int n = legal_settle_second(g, s, seat, out);
    if (n > 1) {
      pose(s, DecisionKind::SettleSecond, seat);
      return n;
    }
  }
  return 0;
}

void next_seat(State& s) {
  ++s.turn;
  s.actions_done = 0;
  s.declared = 0;
  s.step = kResolve;
}

// Start placing world `c` of the seat (first or second world): settle method and payment.
// The kExecute step: carry out s.method on world c (sp: the seat's settle powers).
void execute_placement(const Game& g, State& s, const SettlePowers& sp, int seat, int c) {
  int cost = execute_method(g, s, sp, seat, c);
  if (cost < 0) {  // a decision first
    s.step = s.method == kMethodColonyShip || s.method == kMethodContactColony ? kZeroCard : kTemp;
    return;
  }
  s.need = static_cast<int8_t>(cost);
  s.floor = kNone;
  s.step = cost > 0 ? kPay : kDraws;
}

// With a single feasible method the placement is carried out at once, with the same powers.
inline void begin_placement(const Game& g, State& s, int seat, int c) {
  const SettlePowers sp = settle_powers(g, s, seat);
  unsigned m = feasible_methods(g, s, sp, seat, c, s.hand[seat].count());
  if (m == 0) throw std::logic_error("galaxysim internal error: revealed world cannot be placed");
  if (__builtin_popcount(m) == 1) {
    s.method = static_cast<uint8_t>(__builtin_ctz(m));
    s.step = kExecute;
    execute_placement(g, s, sp, seat, c);
  } else {
    s.step = kMethod;
  }
}

// The end of one Settle phase: goals, then a second phase in the advanced game (A25).
int end_of_settle_phase(const Game& g, State& s) {
  if (g.goals_on()) check_goals(g, s, 1u << kSettle);
  if (g.solo()) robot_phase(g, s, kStageSettle, s.phase_rep);
  if (s.phase_rep == 0 && settle_twice(s)) {
    s.phase_rep = 1;
    s.step = kStart;
    return -1;
  }
  return 0;
}

}  // namespace

void settle_draws(const Game& g, State& s, int seat) {
  int bonus = (s.bonus >> seat) & 1;
  if (extended(g)) s.bonus = static_cast<uint8_t>(s.bonus & ~(1u << seat));  // one bonus card per phase (E50)
  draw_to_hand(s, seat, bonus + g.sum(kSumSettleDrawAfter, settle_active(g, s, seat)));
}

int run_settle(const Game& g, State& s, int* out, RandomPicker* pick) {
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
        for (int i = 0; i < kMaxPlayers; ++i) s.temp_military[i] = 0;  // a new phase: no temporary Military yet
        if (extended(g)) {  // nothing placed or declared yet
          for (int i = 0; i < kMaxPlayers; ++i) s.second_world[i] = kNone;
          s.n_takeovers = 0;
          s.takeover_won = 0;
          s.actions_done = 0;
          s.declared = 0;
          if (g.takeovers_on()) start_takeover_phase(g, s);
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
          if (n > 1 && !picked(pick, s, out, n)) return n;
          apply_settle_select(s, out[0]);
          break;
        }
        for (int t = 0; t < s.players; ++t) {  // reveal; windfall worlds get their good now
          int seat = seat_at(s, t);
          int c = s.selected[seat];
          if (c == kNone) continue;
          s.hand[seat].reset(c);
          s.tableau[seat].set(c);
          if (g.card(c).windfall()) place_good(s, seat, c);
        }
        s.step = kResolve;
        s.turn = 0;
        break;
      case kResolve: {
        if (s.turn >= s.players) {
          if (s.n_takeovers > 0 && g.takeovers_on()) {
            s.step = kTakeovers;
            s.need = 0;  // declarations resolved so far
            s.context = kTempConquest;
            break;
          }
          if (end_of_settle_phase(g, s) < 0) break;
          return 0;
        }
        int seat = seat_at(s, s.turn);
        int c = placing_world(s, seat);
        if (c == kNone) {
          if (extended(g)) {
            s.step = kExtra;
            break;
          }
          ++s.turn;
          break;
        }
        begin_placement(g, s, seat, c);
        break;
      }
      case kMethod: {
        int seat = seat_at(s, s.turn);
        pose(s, DecisionKind::SettleMethod, seat);
        int n = legal_settle_method(g, s, seat, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        if (n == 0) no_legal_action(g, s);
        apply_settle_method(s, out[0]);
        break;
      }
      case kExecute: {
        int seat = seat_at(s, s.turn);
        execute_placement(g, s, settle_powers(g, s, seat), seat, placing_world(s, seat));
        break;
      }
      case kPay: {
        int seat = seat_at(s, s.turn);
        if (pay_all_if_forced(s, seat)) {
          s.step = kDraws;
          break;
        }
        pose(s, DecisionKind::Pay, seat);
        int n = offer_cards(pick, s, ascending_choices(g, s.hand[seat], s.floor, s.need), out);
        if (n > 1) return n;
        if (n == 0) no_legal_action(g, s);
        apply_settle_pay(s, out[0]);
        break;
      }
      case kDraws: {
        int seat = seat_at(s, s.turn);
        if (__builtin_expect(g.options().reference_readings & kReadingTacticsAnyWorld, 0) && s.need != kTacticsDone &&
            (settle_active(g, s, seat) & g.nmt_cards()).any()) {
          // The reference engine's reading of A27: New Military Tactics may go with any world placed (a
          // TempMilitary decision as after a conquest: the copies or done).
          s.context = kTempConquest;
          s.need = 0;
          s.floor = kNone;
          s.step = kTemp;
          break;
        }
        if (!extended(g)) {
          int n = ((s.bonus >> seat) & 1) + g.sum(kSumSettleDrawAfter, active_tableau(s, seat));
          draw_to_hand(s, seat, n);
          ++s.turn;
          s.step = kResolve;
          break;
        }
        settle_draws(g, s, seat);
        ++s.actions_done;
        s.step = kExtra;
        break;
      }
      case kTemp: {  // temporary Military for a conquest or a takeover attack
        pose(s, DecisionKind::TempMilitary, seat_at(s, s.turn));
        int n = legal_temp_military(g, s, out);
        if (n > 1 && !picked(pick, s, out, n)) return n;
        if (n == 0) no_legal_action(g, s);
        apply_temp_military(g, s, out[0]);
        break;
      }
      case kZeroCard: {
        int seat = seat_at(s, s.turn);
        pose(s, DecisionKind::ZeroCostCard, seat);
        return emit_cards(zero_cost_choices(g, s, seat), out);
      }
      case kExtra: {
        int seat = seat_at(s, s.turn);
        int n = seat_extra_action(g, s, seat, out);
        if (n > 0) return n;
        next_seat(s);
        break;
      }
      case kTakeovers: {
        int n = resolve_takeovers(g, s, out);
        if (n > 0) return n;
        if (end_of_settle_phase(g, s) < 0) break;
        return 0;
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
    case DecisionKind::TempMilitary: return legal_temp_military(g, s, out);
    case DecisionKind::ZeroCostCard: return emit_cards(zero_cost_choices(g, s, seat), out);
    case DecisionKind::Takeover: {
      int n = legal_takeovers(g, s, seat, out);
      out[n++] = act::kPass;
      return n;
    }
    case DecisionKind::SettleSecond: return legal_settle_second(g, s, seat, out);
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

namespace {

void apply_zero_cost_card(const Game& g, State& s, int action) {
  tableau_discard(g, s, s.actor, action);
  s.need = 0;
  s.step = kDraws;
}

// Takeover: declare (then temporary Military for the attack) or pass.
void apply_takeover(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    next_seat(s);
    return;
  }
  declare_takeover(g, s, seat, action);
  ++s.actions_done;
  s.context = kTempAttack;
  s.floor = kNone;
  s.step = kTemp;
}

// SettleSecond: place a world from hand now, declare a takeover, or stop.
void apply_settle_second(const Game& g, State& s, int action) {
  int seat = s.actor;
  if (action == act::kPass) {
    next_seat(s);
    return;
  }
  if (action >= act::kTakeoverBase) {
    apply_takeover(g, s, action);
    return;
  }
  s.second_world[seat] = static_cast<uint8_t>(action);
  s.hand[seat].reset(action);
  s.tableau[seat].set(action);
  if (g.card(action).windfall()) place_good(s, seat, action);
  begin_placement(g, s, seat, action);
}

}  // namespace

void apply_settle(const Game& g, State& s, int action) {
  switch (s.decision) {
    case DecisionKind::SettleSelect: apply_settle_select(s, action); return;
    case DecisionKind::SettleMethod: apply_settle_method(s, action); return;
    case DecisionKind::TempMilitary: apply_temp_military(g, s, action); return;
    case DecisionKind::ZeroCostCard: apply_zero_cost_card(g, s, action); return;
    case DecisionKind::Takeover: apply_takeover(g, s, action); return;
    case DecisionKind::SettleSecond: apply_settle_second(g, s, action); return;
    default: apply_settle_pay(s, action); return;  // Pay
  }
}

}  // namespace gs::rftg
