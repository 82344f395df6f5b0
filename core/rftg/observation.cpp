// Hidden information (rules §3.7): what one player may know (observation_json)
// and a full state consistent with it, the unknown cards dealt afresh (determinize).
// The observation format is documented in docs/state-json.md.
#include <string>
#include <utility>

#include "common/json.h"
#include "rftg/play.h"
#include "rftg/visibility.h"

namespace gs::rftg {

// Defined in state_json.cpp.
namespace state_json_detail {
const char* stage_label(int stage);
std::string card_label(const Game& g, int instance);
json::Value card_list(const Game& g, const CardSet& set);
json::Value game_block(const Game& g);
json::Value action_list(uint16_t mask);
json::Value seat_list(unsigned mask);
json::Value kind_list(unsigned mask);
json::Value slot_value(const Game& g, int slot_action);
json::Value active_value(const Game& g, const State& s);
json::Value int_array(const int8_t* v, int n);
json::Value goals_value(const Game& g, const State& s);
json::Value robot_value(const Game& g, const State& s, bool full);
json::Value takeovers_value(const Game& g, const State& s);
bool settle_extended(const Game& g);
}  // namespace state_json_detail

void redeal_by_class(const Game& g, const State& s, State& d, int observer, Rng& rng);  // determinize_x.cpp

namespace {

using namespace state_json_detail;

// Another seat's action cards are secret while they are being chosen, and
// Develop/Settle selections until the reveal that ends the select step:
// actions_hidden and selection_hidden (rftg/visibility.h).

// Gambling World (RvI): the cards revealed for an ante are seen by everybody.
bool ante_revealed(const State& s) { return s.stage == kStageConsume && s.decision == DecisionKind::AnteKeep; }

// Seat order position of a seat (0 = s.first).
int turn_of(const State& s, int seat) { return (seat - s.first + s.players) % s.players; }

// The consume power slots marked in s.used, in the order the engine lists them.
json::Value used_slots(const Game& g, const State& s, int seat) {
  json::Value a = json::Value::array();
  int k = 0;
  s.tableau[seat].for_each([&](int i) {
    const CardInfo& c = g.card(i);
    for (int p = 0; p < c.n_consume; ++p, ++k)
      if (k < 32 && ((s.used >> k) & 1)) a.push_back(slot_value(g, act::kPowerBase + 4 * i + c.consume[p].index));
  });
  return a;
}

// The scratch fields the deciding player needs for the decision at hand.
json::Value scratch(const Game& g, const State& s) {
  json::Value o = json::Value::object();
  int seat = s.actor;
  auto floor = [&] { return s.floor == kNone ? json::Value() : json::Value(card_label(g, s.floor)); };
  switch (s.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit:
    case DecisionKind::Pay:
    case DecisionKind::ExploreDiscard:
      o.set("need", s.need);
      o.set("floor", floor());
      break;
    case DecisionKind::DevelopDiscount: o.set("need", s.need); break;
    case DecisionKind::TempMilitary:
      o.set("context", s.context == kTempConquest ? "conquest" : s.context == kTempAttack ? "attack" : "defence");
      if (s.context == kTempConquest) o.set("need", s.need);
      o.set("floor", floor());
      break;
    case DecisionKind::AnteKeep: o.set("ante", card_label(g, s.ante)); break;
    case DecisionKind::ExploreKeep: o.set("need", s.need); break;
    case DecisionKind::ConsumePower: o.set("used", used_slots(g, s, seat)); break;
    case DecisionKind::ConsumeGood:
      o.set("active", active_value(g, s));
      o.set("need", s.need);
      o.set("floor", floor());
      o.set("picked_kinds", kind_list(s.picked_kinds));
      o.set("units", s.units);
      o.set("used", used_slots(g, s, seat));
      break;
    case DecisionKind::ConsumeHand:
      o.set("active", active_value(g, s));
      o.set("need", s.need);
      o.set("floor", floor());
      o.set("used", used_slots(g, s, seat));
      break;
    case DecisionKind::LuckyNumber:
      o.set("active", active_value(g, s));
      o.set("used", used_slots(g, s, seat));
      break;
    case DecisionKind::WindfallWorld:
      o.set("active", active_value(g, s));
      o.set("windfall_left", int_array(s.windfall_left, kNumWindfallClasses));
      o.set("produced", int_array(s.produced, 5));
      break;
    case DecisionKind::WindfallPower:
      o.set("windfall_left", int_array(s.windfall_left, kNumWindfallClasses));
      o.set("produced", int_array(s.produced, 5));
      break;
    default: break;
  }
  return o;
}

void check_seat(const State& s, int seat, const char* what) {
  if (seat < 0 || seat >= s.players)
    throw RulesError(std::string(what) + ": seat " + std::to_string(seat) + " does not exist (the game has " +
                     std::to_string(s.players) + " players)");
}

}  // namespace

std::string Game::observation_json(const State& s, int player) const {
  check_seat(s, player, "observation_json");
  json::Value v = json::Value::object();
  v.set("format", "galaxysim-rftg-observation");
  v.set("version", 1);
  v.set("observer", player);
  v.set("game", game_block(*this));
  v.set("round", s.round);
  v.set("stage", stage_label(s.stage));
  v.set("step", s.step);
  v.set("turn", s.turn);
  v.set("phase_rep", s.phase_rep);
  v.set("first", s.first);
  v.set("vp_pool", s.vp_pool);
  v.set("deck_size", s.draft ? (s.deck & owned_by(s, kOwnerCommon)).count() : s.deck.count());
  v.set("discard_size", s.discard.count());
  v.set("decision", decision_name(s.decision));
  v.set("actor", s.actor);
  v.set("bonus", seat_list(s.bonus));
  if (goals_on()) v.set("goals", goals_value(*this, s));
  if (s.stage == kStageSettle && takeovers_on()) v.set("takeovers", takeovers_value(*this, s));
  if (solo()) v.set("robot", robot_value(*this, s, false));
  json::Value players = json::Value::array();
  for (int i = 0; i < s.players; ++i) {
    bool me = i == player;
    json::Value p = json::Value::object();
    if (me) {
      p.set("hand", card_list(*this, s.hand[i]));
      p.set("explored", card_list(*this, s.hand[i] & s.fresh));
    }
    p.set("hand_size", s.hand[i].count());
    p.set("explored_count", (s.hand[i] & s.fresh).count());
    if (ante_revealed(s) && i == s.actor) p.set("revealed", card_list(*this, s.hand[i] & s.fresh));
    if (!me && start_worlds_hidden(*this, s)) {
      p.set("tableau", "hidden");
      p.set("tableau_size", s.tableau[i].count());
    } else {
      p.set("tableau", card_list(*this, s.tableau[i]));
    }
    p.set("goods", card_list(*this, s.tableau[i] & s.has_good));
    p.set("chips", static_cast<int>(s.chips[i]));
    p.set("actions", !me && actions_hidden(s) ? json::Value("hidden") : action_list(s.actions[i]));
    json::Value sel;
    if (!me && selection_hidden(s)) sel = "hidden";
    else if (s.selected[i] != kNone) sel = card_label(*this, s.selected[i]);
    p.set("selected", std::move(sel));
    if (s.stage == kStageProduce) p.set("produced_rare", s.produced_rare[i]);
    if (s.draft) {  // own piles (§6)
      CardSet own = owned_by(s, i);
      p.set("deck_size", (s.deck & own).count());
      p.set("discard_size", (s.discard & own).count());
      if (me && s.stage == kStageDraft) p.set("drafted", card_list(*this, s.deck & own));
    }
    if (s.stage == kStageSettle && settle_extended(*this)) {
      p.set("temp_military", s.temp_military[i] & 15);
      uint8_t w = s.second_world[i];
      p.set("second_world", w < num_instances() ? json::Value(card_label(*this, w)) : json::Value());
    }
    players.push_back(std::move(p));
  }
  v.set("players", std::move(players));
  if (s.actor == player) v.set("scratch", scratch(*this, s));
  return json::dump(v);
}

State Game::determinize(const State& s, int observer, uint64_t seed) const {
  check_seat(s, observer, "determinize");
  Rng rng(splitmix64(seed));
  State d = s;

  // Everything the observer cannot see goes back into one pool ...
  const CardSet goods = good_cards(*this, s);
  CardSet pool = s.deck | s.discard | goods;
  for (int i = 0; i < s.players; ++i)
    if (i != observer) pool |= s.hand[i];
  int cards[kMaxInstances];
  int ncards = 0;
  pool.for_each([&](int c) { cards[ncards++] = c; });

  // The engine asks a seat to select only when it holds a development (world), so a
  // pending selection of another seat tells the observer that much: deals without
  // one are rejected.
  CardSet must_hold;
  int actor = s.actor;
  if (actor >= 0 && actor != observer) {
    if (s.decision == DecisionKind::DevelopSelect) must_hold = developments();
    if (s.decision == DecisionKind::SettleSelect) must_hold = worlds();
  }

  // The expansions' extra knowledge (own decks of the draft, start worlds face down,
  // revealed ante cards): cards are redealt within classes (determinize_x.cpp).
  bool by_class = s.draft || start_worlds_hidden(*this, s) || ante_revealed(s) || (solo() && s.hand[1].any());
  for (int attempt = 0; by_class; ++attempt) {
    d = s;
    redeal_by_class(*this, s, d, observer, rng);
    if (must_hold.empty() || d.hand[actor].intersects(must_hold) || attempt == 63) break;
  }

  for (int attempt = 0; !by_class; ++attempt) {
    for (int k = ncards; k > 1; --k) std::swap(cards[k - 1], cards[rng.below(static_cast<uint32_t>(k))]);
    // ... and is dealt back keeping every count.
    int next = 0;
    auto deal = [&](CardSet& into, int n) {
      for (int k = 0; k < n; ++k) into.set(cards[next++]);
    };
    d.fresh = s.fresh & s.hand[observer];
    for (int i = 0; i < s.players; ++i) {
      if (i == observer) continue;
      int explored = (s.hand[i] & s.fresh).count();
      d.hand[i].clear();
      CardSet fresh;
      deal(fresh, explored);
      d.fresh |= fresh;
      d.hand[i] |= fresh;
      deal(d.hand[i], s.hand[i].count() - explored);
    }
    CardSet new_goods;  // dealt to no zone: they lie under the worlds
    deal(new_goods, goods.count());
    d.discard.clear();
    deal(d.discard, s.discard.count());
    d.deck.clear();
    deal(d.deck, s.deck.count());
    if (must_hold.empty() || d.hand[actor].intersects(must_hold)) break;
    if (attempt == 63) {  // rare: swap one such card into the hand
      CardSet elsewhere = (pool - d.hand[actor]) & must_hold;
      if (elsewhere.empty() || d.hand[actor].empty()) break;
      int in = elsewhere.nth(static_cast<int>(rng.below(static_cast<uint32_t>(elsewhere.count()))));
      int out = d.hand[actor].nth(static_cast<int>(rng.below(static_cast<uint32_t>(d.hand[actor].count()))));
      for (CardSet* z : {&new_goods, &d.discard, &d.deck, &d.hand[0], &d.hand[1], &d.hand[2], &d.hand[3], &d.hand[4],
                         &d.hand[5]}) {
        if (!z->test(in)) continue;
        z->reset(in);
        z->set(out);
        if (d.fresh.test(in)) { d.fresh.reset(in); d.fresh.set(out); }
        break;
      }
      d.hand[actor].reset(out);
      d.hand[actor].set(in);
      break;
    }
  }
  d.nstack = 0;
  for (uint8_t& c : d.stack) c = 0;

  // Secret choices made earlier in the current step are redrawn uniformly among
  // the legal choices of the new deal.
  auto random_legal = [&](State t, int seat, DecisionKind k) {
    t.decision = k;
    t.actor = static_cast<int8_t>(seat);
    int buf[kMaxLegal];
    int n = legal_actions(t, buf);
    if (n == 0) throw std::logic_error("galaxysim internal error: determinize found no legal " + decision_name(k));
    return buf[rng.below(static_cast<uint32_t>(n))];
  };
  for (int i = 0; i < s.players; ++i) {
    if (i == observer) continue;
    int t = turn_of(s, i);
    if (actions_hidden(s) && (t < s.turn || (t == s.turn && s.actions[i] != 0))) {
      int picks = t < s.turn ? (s.advanced ? 2 : 1) : __builtin_popcount(s.actions[i]);
      State tmp = d;
      tmp.actions[i] = 0;
      for (int k = 0; k < picks; ++k) {
        int a = random_legal(tmp, i, DecisionKind::ChooseAction);
        tmp.actions[i] = static_cast<uint16_t>(tmp.actions[i] | act_bit(a - act::kActionBase));
      }
      d.actions[i] = tmp.actions[i];
    }
    if (selection_hidden(s) && t < s.turn) {
      State tmp = d;
      tmp.selected[i] = kNone;
      int a = random_legal(tmp, i, s.stage == kStageDevelop ? DecisionKind::DevelopSelect : DecisionKind::SettleSelect);
      d.selected[i] = a == act::kPass ? kNone : static_cast<uint8_t>(a);
    }
  }

  // A pending multi-card discard of another seat remembers its last (now redealt) card.
  if (d.actor >= 0 && d.actor != observer) {
    switch (d.decision) {
      case DecisionKind::StartDiscard:
      case DecisionKind::HandLimit:
      case DecisionKind::Pay:
      case DecisionKind::ConsumeHand: d.floor = kNone; break;
      default: break;
    }
  }
  d.rng = Rng(rng.next());
  return d;
}

}  // namespace gs::rftg
