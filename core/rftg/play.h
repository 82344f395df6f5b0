// Internal helpers shared by the phase files: zones, draws, goods, seat order,
// and the per-phase entry points called by the round driver (engine.cpp).
#pragma once
#include "rftg/game.h"

namespace gs::rftg {

inline int seat_at(const State& s, int turn) { return (s.first + turn) % s.players; }
inline bool chose(const State& s, int seat, int action_card) { return (s.actions[seat] >> action_card) & 1; }
inline bool anyone_chose(const State& s, uint16_t mask) {
  for (int i = 0; i < s.players; ++i) if (s.actions[i] & mask) return true;
  return false;
}
inline CardSet above(uint8_t floor) { return floor == kNone ? CardSet::above(-1) : CardSet::above(floor); }

// The tableau whose powers work now: cards placed in the current phase are not active yet.
inline CardSet active_tableau(const State& s, int seat) {
  CardSet t = s.tableau[seat];
  if (s.selected[seat] != kNone) t.reset(s.selected[seat]);
  return t;
}

// Take the next card from the deck (known stack first, else uniformly at random);
// reshuffles the discard pile into the deck when the deck runs out. -1 if no card (A12).
int draw_one(State& s);
void draw_to_hand(State& s, int seat, int n);
void discard_from_hand(State& s, int seat, int card);
bool place_good(State& s, int world);  // false when no card was left (A12)
void remove_good(State& s, int world);
void award_vp(State& s, int seat, int vp);
// When the whole rest of the hand must go (need >= cards above floor), discard it
// without asking (G2: a forced choice) and return true.
bool pay_all_if_forced(State& s, int seat);

// Copies of one design are interchangeable: of the candidates drawn from `pool`, keep
// only those whose next-lower copy is not in the pool (so each choice is made once).
inline CardSet distinct_copies(const Game& g, const CardSet& candidates, const CardSet& pool) {
  return candidates - (g.later_copies() & pool.shifted_up());
}

// Writes the legal choices "pick one more of `pool` in increasing order, `need` in all".
int choose_ascending(const Game& g, const CardSet& pool, uint8_t floor, int need, int* out);
inline int emit_cards(const CardSet& set, int* out) {
  int n = 0;
  set.for_each([&](int i) { out[n++] = i; });
  return n;
}

// Sum of a CardInfo field over a set of instances.
template <class F>
int sum_over(const Game& g, const CardSet& cards, F field) {
  int total = 0;
  cards.for_each([&](int i) { total += field(g.card(i)); });
  return total;
}

// Phase entry points. run_* performs automatic steps and returns true when it has
// posed a decision (s.decision, s.actor set), false when its stage is finished.
bool run_start_discard(const Game& g, State& s);
bool run_choose_action(const Game& g, State& s);
bool run_explore(const Game& g, State& s);
bool run_develop(const Game& g, State& s);
bool run_settle(const Game& g, State& s);
bool run_consume(const Game& g, State& s);
bool run_produce(const Game& g, State& s);
bool run_hand_limit(const Game& g, State& s);

int legal_round(const Game& g, const State& s, int* out);    // StartDiscard, ChooseAction, HandLimit
int legal_explore(const Game& g, const State& s, int* out);
int legal_develop(const Game& g, const State& s, int* out);
int legal_settle(const Game& g, const State& s, int* out);
int legal_consume(const Game& g, const State& s, int* out);
int legal_consume_powers(const Game& g, const State& s, int seat, int* out);
int legal_produce(const Game& g, const State& s, int* out);

void apply_round(const Game& g, State& s, int action);
void apply_explore(const Game& g, State& s, int action);
void apply_develop(const Game& g, State& s, int action);
void apply_settle(const Game& g, State& s, int action);
void apply_consume(const Game& g, State& s, int action);
void apply_produce(const Game& g, State& s, int action);

// Develop/Settle cost helpers (also used for legality).
int develop_cost(const Game& g, const State& s, int seat, int card);

inline void pose(State& s, DecisionKind k, int seat) { s.decision = k; s.actor = static_cast<int8_t>(seat); }

}  // namespace gs::rftg
