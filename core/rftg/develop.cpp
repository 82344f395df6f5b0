// Phase II, Develop (§4.2): start-of-phase draws, secret selection, reveal,
// payment in seat order, draws after developing. Advanced game: may repeat (§7).
#include "rftg/play.h"

namespace gs::rftg {

namespace {

enum Step : uint8_t { kStart = 0, kSelect, kPayInit, kPay, kAfter, kDiscount };

bool develop_twice(const State& s) {
  for (int i = 0; i < s.players; ++i)
    if (chose(s, i, kActDevelop) && chose(s, i, kActDevelop2)) return true;
  return s.players == 1 && (s.robot.spaces & act_bit(kActDevelop2));  // solo: a die on the second Develop
}

}  // namespace

// Develop bonus and reduction powers together.
int develop_discount(const Game& g, const State& s, int seat) {
  return ((s.bonus >> seat) & 1) + g.sum(kSumDevelopReduce, active_tableau(s, seat));
}

int develop_cost(const Game& g, const State& s, int seat, int card) {
  int cost = g.card(card).cost - develop_discount(g, s, seat);
  return cost < 0 ? 0 : cost;
}

namespace {

// R&D Crash Program in the seat's active tableau (kNone if none): -value for one development.
int discount_card(const Game& g, const State& s, int seat) {
  CardSet c = active_tableau(s, seat) & g.develop_discount_cards();
  return c.empty() ? kNone : c.first();
}

// DevelopSelect: developments the seat can pay for (and has no copy of), or pass.
// develop_choices: those developments; legal_develop_select: the list with "pass".
CardSet develop_choices(const Game& g, const State& s, int seat) {
  int budget = s.hand[seat].count() - 1 + develop_discount(g, s, seat);
  if (__builtin_expect(g.has(Game::kHasDevelopDiscount), 0) &&
      active_tableau(s, seat).intersects(g.develop_discount_cards()))
    budget += g.card(discount_card(g, s, seat)).develop_discard_reduce;
  CardSet cand = distinct_copies(g, s.hand[seat] & g.developments(), s.hand[seat]) & g.cost_at_most(budget);
  return cand - g.same_designs(s.tableau[seat] & g.developments());  // no duplicates
}

int legal_develop_select(const Game& g, const State& s, int seat, int* out) {
  int n = emit_cards(develop_choices(g, s, seat), out);
  out[n++] = act::kPass;
  return n;
}

}  // namespace

int run_develop(const Game& g, State& s, int* out, RandomPicker* pick) {
  for (;;) {
    switch (s.step) {
      case kStart: {
        s.bonus = 0;
        for (int i = 0; i < s.players; ++i) {
          s.selected[i] = kNone;
          bool bonus = s.phase_rep == 0 ? chose(s, i, kActDevelop)
                                        : (chose(s, i, kActDevelop) && chose(s, i, kActDevelop2));
          if (bonus) s.bonus = static_cast<uint8_t>(s.bonus | (1u << i));
        }
        for (int t = 0; t < s.players; ++t) {  // Interstellar Bank (A30: even without placing)
          int seat = seat_at(s, t);
          draw_to_hand(s, seat, g.sum(kSumDevelopDraw, s.tableau[seat]));
        }
        s.step = kSelect;
        s.turn = 0;
        break;
      }
      case kSelect:
        if (s.turn < s.players) {
          int seat = seat_at(s, s.turn);
          if (!s.hand[seat].intersects(g.developments())) {  // nothing to choose: pass (G2)
            ++s.turn;
            break;
          }
          pose(s, DecisionKind::DevelopSelect, seat);
          int n = offer_cards(pick, s, develop_choices(g, s, seat), out, true);
          if (n > 1) return n;
          apply_develop_select(s, out[0]);
          break;
        }
        for (int t = 0; t < s.players; ++t) {  // reveal
          int seat = seat_at(s, t);
          int c = s.selected[seat];
          if (c == kNone) continue;
          s.hand[seat].reset(c);
          s.tableau[seat].set(c);
        }
        s.step = kPayInit;
        s.turn = 0;
        break;
      case kPayInit: {
        if (s.turn >= s.players) {
          s.step = kAfter;
          break;
        }
        int seat = seat_at(s, s.turn);
        int c = s.selected[seat];
        int cost = c == kNone ? 0 : develop_cost(g, s, seat, c);
        if (cost == 0) {
          ++s.turn;
          break;
        }
        s.need = static_cast<int8_t>(cost);
        s.floor = kNone;
        s.step = kPay;
        if (__builtin_expect(g.has(Game::kHasDevelopDiscount), 0) &&
            active_tableau(s, seat).intersects(g.develop_discount_cards())) {
          s.step = kDiscount;
          if (s.hand[seat].count() < cost) apply_develop_discount(g, s, discount_card(g, s, seat));  // forced (G2)
        }
        break;
      }
      case kDiscount: {  // R&D Crash Program: use it or pay in full (§4.3)
        int seat = seat_at(s, s.turn);
        pose(s, DecisionKind::DevelopDiscount, seat);
        out[0] = discount_card(g, s, seat);
        out[1] = act::kPass;
        return 2;
      }
      case kPay: {
        int seat = seat_at(s, s.turn);
        if (pay_all_if_forced(s, seat)) {
          ++s.turn;
          s.step = kPayInit;
          break;
        }
        pose(s, DecisionKind::Pay, seat);
        int n = offer_cards(pick, s, ascending_choices(g, s.hand[seat], s.floor, s.need), out);
        if (n > 1) return n;
        if (n == 0) no_legal_action(g, s);
        apply_develop_pay(s, out[0]);
        break;
      }
      case kAfter: {
        for (int t = 0; t < s.players; ++t) {  // Public Works: not for its own placement
          int seat = seat_at(s, t);
          if (s.selected[seat] == kNone) continue;
          draw_to_hand(s, seat, g.sum(kSumDevelopDrawAfter, active_tableau(s, seat)));
        }
        if (g.goals_on()) check_goals(g, s, 1u << kDevelop);  // the end of this Develop phase
        if (g.solo()) robot_phase(g, s, kStageDevelop, s.phase_rep);
        if (s.phase_rep == 0 && develop_twice(s)) {  // A25: a new phase, placed cards now active
          s.phase_rep = 1;
          s.step = kStart;
          break;
        }
        return 0;
      }
      default: return 0;
    }
  }
}

int legal_develop(const Game& g, const State& s, int* out) {
  int seat = s.actor;
  if (s.decision == DecisionKind::Pay) return choose_ascending(g, s.hand[seat], s.floor, s.need, out);
  if (s.decision == DecisionKind::DevelopDiscount) {
    out[0] = discount_card(g, s, seat);
    out[1] = act::kPass;
    return 2;
  }
  return legal_develop_select(g, s, seat, out);
}

void apply_develop_select(State& s, int action) {
  s.selected[s.actor] = action == act::kPass ? kNone : static_cast<uint8_t>(action);
  ++s.turn;
}

void apply_develop_pay(State& s, int action) {
  discard_from_hand(s, s.actor, action);
  s.floor = static_cast<uint8_t>(action);
  if (--s.need == 0) {
    ++s.turn;
    s.step = kPayInit;
  }
}

// DevelopDiscount: discard R&D Crash Program for -value (never below 0), or pay in full.
void apply_develop_discount(const Game& g, State& s, int action) {
  int seat = seat_at(s, s.turn);
  if (action != act::kPass) {
    int cost = s.need - g.card(action).develop_discard_reduce;
    s.need = static_cast<int8_t>(cost < 0 ? 0 : cost);
    tableau_discard(g, s, seat, action);
  }
  if (s.need == 0) {
    ++s.turn;
    s.step = kPayInit;
  } else {
    s.step = kPay;
  }
}

void apply_develop(const Game& g, State& s, int action) {
  if (s.decision == DecisionKind::DevelopSelect) apply_develop_select(s, action);
  else if (s.decision == DecisionKind::DevelopDiscount) apply_develop_discount(g, s, action);
  else apply_develop_pay(s, action);
}

}  // namespace gs::rftg
