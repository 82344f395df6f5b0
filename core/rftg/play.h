// Internal helpers shared by the phase files: zones, draws, goods, seat order,
// and the per-phase entry points called by the round driver (engine.cpp).
#pragma once
#include "rftg/game.h"

namespace gs::rftg {

inline int seat_at(const State& s, int turn) {
  int x = s.first + turn;  // first < players and turn <= players: one subtraction is the modulo
  return x >= s.players ? x - s.players : x;
}
inline bool chose(const State& s, int seat, int action_card) { return (s.actions[seat] >> action_card) & 1; }
inline CardSet above(uint8_t floor) { return floor == kNone ? CardSet::above(-1) : CardSet::above(floor); }

// The tableau whose powers work now: cards placed in the current phase are not active yet.
inline CardSet active_tableau(const State& s, int seat) {
  CardSet t = s.tableau[seat];
  if (s.selected[seat] != kNone) t.reset(s.selected[seat]);
  return t;
}

inline uint64_t word_mask(bool on) { return 0 - static_cast<uint64_t>(on); }  // all ones if on

// Scripted draws (script.h; script.cpp): the card the script's next draw takes from
// `deck`, checked against the seat drawn for and the world a good goes under (instance,
// or -1 for a card that is not a good); a ScriptError when the script does not allow it.
// A scripted State has nstack < 0 (its stack holds the script's place, script.cpp).
int scripted_draw(State& s, const CardSet& deck, int seat, int good_world);
inline bool scripted(const State& s) { return s.nstack < 0; }
const Script* script_of(const State& s);  // nullptr when not scripted
int script_position(const State& s);       // scripted draws taken so far
void attach_script(State& s, const Script* script, int position);
// Of `worlds` (the seat's worlds about to get a good), the one the script's next draw puts
// a good on, else the lowest (script.cpp).
int scripted_good_world(const Game& g, const State& s, int seat, const CardSet& worlds);
// Whether the script's next draw is a hand card (not a good) for `seat` (script.cpp).
bool scripted_hand_draw_next(const State& s, int seat);
// The start world dealt to `seat` from `pile`: the script's if it deals start worlds,
// else one at random.
int deal_start_world(const Game& g, State& s, const CardSet& pile, int seat);

// The discard pile becomes the deck (A13).
inline void reshuffle(State& s) {
  s.deck = s.discard;
  s.discard.clear();
}

// draw_set of the narrow engine (two-word sets): `hi`, all ones when the card is in the
// second word, picks the word and splits the card's bit between the words.
inline CardSet draw_set_two_words(State& s, int n, int seat, int good_world) {
  uint64_t d0 = s.deck.w[0], d1 = s.deck.w[1], g0 = 0, g1 = 0;
  int c0 = popcount64(d0), c1 = popcount64(d1);
  for (int k = 0; k < n; ++k) {
    if (__builtin_expect(c0 + c1 == 0, 0)) {
      if (s.discard.empty()) break;
      d0 = s.discard.w[0], d1 = s.discard.w[1];
      s.discard.clear();
      c0 = popcount64(d0), c1 = popcount64(d1);
    }
    uint64_t hi, bit;
    if (__builtin_expect(s.nstack != 0, 0)) {
      CardSet deck;
      deck.w[0] = d0, deck.w[1] = d1;
      int c = s.nstack > 0 ? s.stack[--s.nstack] : scripted_draw(s, deck, seat, good_world);
      hi = word_mask(c >= 64);
      bit = 1ull << (c & 63);
    } else {
      int r = static_cast<int>(s.rng.below(static_cast<uint32_t>(c0 + c1)));
      hi = word_mask(r >= c0);
      bit = select_bit_mask(d0 ^ ((d0 ^ d1) & hi), r - (c0 & static_cast<int>(hi)));
    }
    d0 &= ~(bit & ~hi), d1 &= ~(bit & hi);
    g0 |= bit & ~hi, g1 |= bit & hi;
    const int in_hi = static_cast<int>(hi & 1);
    c0 -= 1 - in_hi, c1 -= in_hi;
    if (__builtin_expect(c0 + c1 == 0, 0)) {  // A13
      d0 = s.discard.w[0], d1 = s.discard.w[1];
      s.discard.clear();
      c0 = popcount64(d0), c1 = popcount64(d1);
    }
  }
  CardSet got;
  s.deck.w[0] = d0, s.deck.w[1] = d1, got.w[0] = g0, got.w[1] = g1;
  return got;
}

// Up to n cards drawn from the deck for `seat` (-1: no seat's), returned as a set: each
// is the known stack's top or the script's next card, else uniformly at random; the
// discard pile is reshuffled into the deck the moment the deck runs out (A13), and
// drawing stops when both are empty (A12). `good_world`: the world the card goes under
// as a good, -1 if none (only a script reads it). The deck's words stay in registers:
// a draw is a few popcounts, one pdep and masked updates, with no indexed memory.
inline CardSet draw_set(State& s, int n, int seat = -1, int good_world = -1) {
  constexpr bool three = CardSet::kWords == 3;
  if constexpr (!three) return draw_set_two_words(s, n, seat, good_world);
  uint64_t d0 = s.deck.w[0], d1 = s.deck.w[1], d2 = s.deck.top();
  uint64_t g0 = 0, g1 = 0, g2 = 0;
  int c0 = popcount64(d0), c1 = popcount64(d1), c2 = popcount64(d2);  // kept up to date across draws
  for (int k = 0; k < n; ++k) {
    if (__builtin_expect(c0 + c1 + c2 == 0, 0)) {
      if (s.discard.empty()) break;
      d0 = s.discard.w[0], d1 = s.discard.w[1], d2 = s.discard.top();
      s.discard.clear();
      c0 = popcount64(d0), c1 = popcount64(d1), c2 = popcount64(d2);
    }
    int word;
    uint64_t bit;
    if (__builtin_expect(s.nstack != 0, 0)) {
      CardSet deck;
      deck.w[0] = d0, deck.w[1] = d1;
      if constexpr (three) deck.w[2] = d2;
      int c = s.nstack > 0 ? s.stack[--s.nstack] : scripted_draw(s, deck, seat, good_world);
      word = c >> 6;
      bit = 1ull << (c & 63);
    } else {
      int r = static_cast<int>(s.rng.below(static_cast<uint32_t>(c0 + c1 + c2)));
      int k1 = r >= c0, k2 = three && r >= c0 + c1;
      word = k1 + k2;
      // Masks, not ?: (which the compiler turns into branches that a random word mispredicts).
      uint64_t w = (d0 & word_mask(word == 0)) | (d1 & word_mask(word == 1)) | (d2 & word_mask(word == 2));
      r -= (c0 & -k1) + (c1 & -k2);
      bit = select_bit_mask(w, r);
    }
    uint64_t m0 = bit & word_mask(word == 0), m1 = bit & word_mask(word == 1), m2 = bit & word_mask(word == 2);
    d0 &= ~m0, d1 &= ~m1, d2 &= ~m2;
    g0 |= m0, g1 |= m1, g2 |= m2;
    c0 -= word == 0, c1 -= word == 1, c2 -= word == 2;
    if (__builtin_expect(c0 + c1 + c2 == 0, 0)) {  // A13
      d0 = s.discard.w[0], d1 = s.discard.w[1], d2 = s.discard.top();
      s.discard.clear();
      c0 = popcount64(d0), c1 = popcount64(d1), c2 = popcount64(d2);
    }
  }
  CardSet got;
  s.deck.w[0] = d0, s.deck.w[1] = d1, got.w[0] = g0, got.w[1] = g1;
  if constexpr (three) s.deck.w[2] = d2, got.w[2] = g2;
  (void)g2;
  return got;
}
// One card drawn as by draw_set; -1 if there is none (A12).
inline int draw_one(State& s, int seat = -1, int good_world = -1) { return draw_set(s, 1, seat, good_world).first(); }
// Draft variant (§6): every card has an owner code, 0..4 a seat, kOwnerCommon the cards
// still to draft, kOwnerRemoved those left over; bit 0 is State::owner_bits, bits 1 and 2
// are hand[5] and tableau[5] (seat 5 never plays a draft). Only cards in the deck, the
// discard pile or under worlds use it: a seat's deck and discard pile are those it owns.
constexpr int kOwnerCommon = 5, kOwnerRemoved = 6;
inline CardSet owned_by(const State& s, int code) {
  CardSet out;
  for (int k = 0; k < CardSet::kWords; ++k) {
    uint64_t b0 = s.owner_bits[k], b1 = s.hand[5].w[k], b2 = s.tableau[5].w[k];
    out.w[k] = ((code & 1) ? b0 : ~b0) & ((code & 2) ? b1 : ~b1) & ((code & 4) ? b2 : ~b2);
  }
  return out;
}
inline void set_owner(State& s, int card, int code) {
  uint64_t bit = 1ull << (card & 63);
  int k = card >> 6;
  s.owner_bits[k] = (code & 1) ? s.owner_bits[k] | bit : s.owner_bits[k] & ~bit;
  s.hand[5].w[k] = (code & 2) ? s.hand[5].w[k] | bit : s.hand[5].w[k] & ~bit;
  s.tableau[5].w[k] = (code & 4) ? s.tableau[5].w[k] | bit : s.tableau[5].w[k] & ~bit;
}
// The seat's own deck and discard pile stand in for the shared ones during a draw (E41).
CardSet draw_own(State& s, int seat, int n, int good_world = -1);  // draft.cpp

// n cards for `seat`: from the shared deck, or the seat's own deck in the draft variant.
inline CardSet draw_cards(State& s, int seat, int n) {
  if (__builtin_expect(s.draft != 0, 0)) return draw_own(s, seat, n);
  return draw_set(s, n, seat);
}
inline int draw_one_for(State& s, int seat, int good_world = -1) {
  if (__builtin_expect(s.draft != 0, 0)) return draw_own(s, seat, 1, good_world).first();
  return draw_one(s, seat, good_world);
}
inline void draw_to_hand(State& s, int seat, int n) {
  if (n > 0) s.hand[seat] |= draw_cards(s, seat, n);
}
inline void discard_from_hand(State& s, int seat, int card) {
  s.hand[seat].reset(card);
  s.discard.set(card);
}
bool place_good(State& s, int seat, int world);  // false when no card was left (A12)
// The cards in some zone: deck, discard pile, hands, tableaus (solo: the robot's tableau
// and pile too; tableau[5] is its bookkeeping, no zone).
inline CardSet zoned_cards(const State& s) {
  CardSet z = s.deck | s.discard;
  if (__builtin_expect(s.players == 1, 0)) {
    for (int i = 0; i < kMaxPlayers; ++i) z |= s.hand[i];
    return z | s.tableau[0] | s.tableau[1];
  }
  for (int i = 0; i < s.players; ++i) z |= s.hand[i] | s.tableau[i];
  return z;
}
// The cards lying face down as goods: those in no zone.
inline CardSet good_cards(const Game& g, const State& s) { return g.all_cards() - zoned_cards(s); }
// The good card under `world` by the script: the card its last draw for a good on that
// world took, if it still lies face down among `goods`; else -1 (script.cpp).
int scripted_good(const Game& g, const State& s, int seat, int world, const CardSet& goods);
// Goods are face down and interchangeable: the lowest good instance goes to the discard
// pile (in the draft variant, the lowest good card the seat owns: to its own pile). A
// scripted game discards the card its script put under the world.
inline void remove_good(const Game& g, State& s, int seat, int world) {
  s.has_good.reset(world);
  if (__builtin_expect(s.draft != 0 || s.players == 1 || s.nstack < 0, 0)) {
    CardSet goods = good_cards(g, s);
    if (s.draft) goods &= owned_by(s, seat);
    int c = scripted(s) ? scripted_good(g, s, seat, world, goods) : -1;
    s.discard.set(c >= 0 ? c : goods.first());
    return;
  }
  for (int k = 0; k < CardSet::kWords; ++k) {  // the lowest card in no zone, one word at a time
    uint64_t z = s.deck.w[k] | s.discard.w[k];
    for (int i = 0; i < s.players; ++i) z |= s.hand[i].w[k] | s.tableau[i].w[k];
    uint64_t goods = g.all_cards().w[k] & ~z;
    if (goods) {
      s.discard.w[k] |= goods & (0 - goods);
      return;
    }
  }
}
inline void award_vp(State& s, int seat, int vp) {
  s.chips[seat] = static_cast<uint8_t>(s.chips[seat] + vp);
  s.vp_pool = static_cast<int16_t>(s.vp_pool - vp);
}
// A card leaves its owner's tableau for the discard pile (Colony Ship, R&D Crash Program,
// ...): a most goal may be lost right away (§2.3, E8).
void check_goal_losses(const Game& g, State& s);
inline void tableau_discard(const Game& g, State& s, int seat, int card) {
  s.tableau[seat].reset(card);
  s.discard.set(card);
  if (g.goals_on()) check_goal_losses(g, s);
}

// When the whole rest of the hand must go (need >= cards above floor), discard it
// without asking (G2: a forced choice) and return true.
inline bool pay_all_if_forced(State& s, int seat) {
  CardSet open = s.hand[seat] & above(s.floor);
  if (s.need < open.count()) return false;
  s.hand[seat] -= open;
  s.discard |= open;
  s.need = 0;
  return true;
}

// Copies of one design are interchangeable: of the candidates drawn from `pool`, keep
// only those whose next-lower copy is not in the pool (so each choice is made once).
inline CardSet distinct_copies(const Game& g, const CardSet& candidates, const CardSet& pool) {
  return candidates - (g.later_copies() & pool.shifted_up());
}

inline int emit_cards(const CardSet& set, int* out) { return emit_elements(set, out); }
// The legal choices "pick one more of `pool` in increasing order, `need` in all".
inline CardSet ascending_choices(const Game& g, const CardSet& pool, uint8_t floor, int need) {
  if (need <= 0) return CardSet();
  CardSet open = pool & above(floor);
  return distinct_copies(g, open.without_top(need - 1), open);
}
// ... written to out, their number returned.
inline int choose_ascending(const Game& g, const CardSet& pool, uint8_t floor, int need, int* out) {
  return emit_cards(ascending_choices(g, pool, floor, need), out);
}

// Sum of a CardInfo field over a set of instances.
template <class F>
int sum_over(const Game& g, const CardSet& cards, F field) {
  int total = 0;
  cards.for_each([&](int i) { total += field(g.card(i)); });
  return total;
}

// An internal error: a posed decision without any legal action.
[[noreturn]] void no_legal_action(const Game& g, const State& s);

// Phase entry points. run_* performs automatic steps (including decisions with a
// single legal action, which it plays itself) and returns the number of legal
// actions (written to `out`) of the decision it has posed (s.decision, s.actor set),
// or 0 when its stage is finished.
int run_start_discard(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_choose_action(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_explore(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_develop(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_settle(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_consume(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_produce(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_hand_limit(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int run_draft(const Game& g, State& s, int* out, RandomPicker* pick = nullptr);
int legal_draft(const Game& g, const State& s, int* out);
void apply_draft_pick(const Game& g, State& s, int action);
void setup_draft(const Game& g, State& s);

int legal_round(const Game& g, const State& s, int* out);    // StartDiscard, ChooseAction, HandLimit
int legal_explore(const Game& g, const State& s, int* out);
int legal_develop(const Game& g, const State& s, int* out);
int legal_settle(const Game& g, const State& s, int* out);
int legal_consume(const Game& g, const State& s, int* out);
int legal_consume_powers(const Game& g, const State& s, int seat, int* out);
int legal_produce(const Game& g, const State& s, int* out);

// Applying one decision (s.decision tells which; the stage functions take any
// decision of their stage, the others exactly one kind).
void apply_round(const Game& g, State& s, int action);
void apply_explore(const Game& g, State& s, int action);
void apply_develop(const Game& g, State& s, int action);
void apply_settle(const Game& g, State& s, int action);
void apply_consume(const Game& g, State& s, int action);
void apply_produce(const Game& g, State& s, int action);
void apply_choose_action(State& s, int action);
void apply_round_discard(State& s, int action);  // StartDiscard, HandLimit
void apply_explore_keep(State& s, int action);
void apply_explore_discard(State& s, int action);
void apply_develop_select(State& s, int action);
void apply_develop_pay(State& s, int action);
void apply_develop_discount(const Game& g, State& s, int action);
void apply_settle_select(State& s, int action);
void apply_settle_method(State& s, int action);
void apply_settle_pay(State& s, int action);
void apply_trade_good(const Game& g, State& s, int action);
void apply_consume_power(const Game& g, State& s, int action);
void apply_consume_good(const Game& g, State& s, int action);
void apply_consume_hand(const Game& g, State& s, int action);
void apply_lucky_number(const Game& g, State& s, int action);
void apply_ante_card(const Game& g, State& s, int action);
void apply_ante_keep(const Game& g, State& s, int action);
void apply_windfall_power(State& s, int action);
void apply_windfall_world(const Game& g, State& s, int action);
void apply_discard_produce(const Game& g, State& s, int action);

// Setup and goals (setup.cpp, goals.cpp).
void deal_start_worlds(const Game& g, State& s);  // a red and a blue start world into each tableau
void deal_start_pairs(const Game& g, State& s);   // ... and six cards each
void reveal_start_worlds(const Game& g, State& s);
int start_discards(const Game& g, const State& s, int seat);  // cards the seat discards at the start
void deal_goals(const Game& g, State& s);
void check_goals(const Game& g, State& s, unsigned when);      // at the end of a phase (1 << Phase) or round
void check_goal_losses(const Game& g, State& s);               // after a card left a tableau
void goal_values(const Game& g, const State& s, GoalMeasure m, int* v);  // v[seat] for every seat
void goal_vps(const Game& g, const State& s, int* vp);  // every seat's goal VP at the end
// The goals in play and, per seat, those scored (first), held (most) or tied for at the top
// without the tile (most: the tie chip) at the end; bit = goal index (goals.cpp).
struct GoalOutcomes {
  uint16_t in_play = 0;
  uint16_t first[kMaxPlayers] = {}, most[kMaxPlayers] = {}, most_tied[kMaxPlayers] = {};
};
GoalOutcomes goal_outcomes(const Game& g, const State& s);
// The game's hand limit (10), two more with Pan-Galactic Research (§4.1, DISCARD_TO_12;
// G-entry in docs/rules.md: what-if rule constants move both numbers together).
inline int hand_limit(const Game& g, const State& s, int seat) {
  return g.hand_limit() +
         (__builtin_expect(g.has(Game::kHasHandLimit12), 0) && s.tableau[seat].intersects(g.hand_limit_12()) ? 2 : 0);
}
// The tableau size that ends the game for the seat: 12, two more for the owner of Hidden
// Fortress (§4.1, GAME_END_14; E24).
inline int game_end_cards(const Game& g, const State& s, int seat) {
  return g.tableau_end() +
         (__builtin_expect(g.has(Game::kHasGameEnd14), 0) && s.tableau[seat].intersects(g.game_end_14()) ? 2 : 0);
}

// How a finished game ended (§3.5, E24, §5.7): a tableau at its end size (or the solo robot's), the VP chips
// gone, or else the safety cap on rounds (A33).
enum class GameEnd : int8_t { Tableau, VpPool, RoundCap };
GameEnd game_end_condition(const Game& g, const State& s);

// Develop/Settle cost helpers (also used for legality).
int develop_cost(const Game& g, const State& s, int seat, int card);

inline void pose(State& s, DecisionKind k, int seat) { s.decision = k; s.actor = static_cast<int8_t>(seat); }
// The picker's choice among n > 1 legal actions: an index drawn from the actor's stream.
inline int random_index(RandomPicker& pick, const State& s, int n) {
  ++pick.picks;
  return static_cast<int>(pick.seat_rng[s.actor]->below(static_cast<uint32_t>(n)));
}
// A posed decision with n > 1 legal actions in out: true when `pick` took one (now out[0]),
// false when the decision goes back to the caller.
inline bool picked(RandomPicker* pick, const State& s, int* out, int n) {
  if (pick == nullptr) return false;
  out[0] = out[random_index(*pick, s, n)];
  return true;
}
// A posed decision whose legal actions are the elements of `choices` in increasing order,
// then "pass" if `with_pass`. Returns their number when the decision goes back to the caller
// (written to out, n > 1); else 1 with the one choice, or the picker's, in out[0] (the picker
// takes the action the list would hold at its random index, without writing the list), or 0
// if there is none.
inline int offer_cards(RandomPicker* pick, const State& s, const CardSet& choices, int* out, bool with_pass = false) {
  int c0 = popcount64(choices.w[0]), c1 = popcount64(choices.w[1]);
  int cards = c0 + c1 + popcount64(choices.top());
  int n = cards + with_pass;
  if (n > 1 && pick == nullptr) {
    emit_cards(choices, out);
    if (with_pass) out[cards] = act::kPass;
    return n;
  }
  if (n == 0) return 0;
  const int r = n > 1 ? random_index(*pick, s, n) : 0;
  out[0] = r == cards ? act::kPass : choices.select(r, c0, c1);
  return 1;
}

}  // namespace gs::rftg
