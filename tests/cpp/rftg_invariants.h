// Invariants of a Race for the Galaxy game state, shared by the sanitized random
// test (test_rftg_random.cpp) and the optimised property driver
// (rftg_property_main.cpp, run by tests/test_rftg_properties.py).
//
//   std::string why = check_invariants(game, state);   // "" when all hold
//
// Checked (the first violation found is described):
//  * zones: every instance 0..num_instances-1 is in at most one of deck, discard,
//    a hand, a tableau; those in none are the goods, one per world with a good; nothing outside the game's instances or in the zones
//    of seats that do not play; fresh (explored, undecided) cards are in hands and
//    exist only during Explore; has_good is a subset of the worlds in tableaus;
//    goods.count() == has_good.count(); the known stack lies in the deck.
//  * no tableau holds two developments of one design;
//  * VP chips: none negative, sum(chips) + vp_pool == 12 x players;
//  * scores() == score_parts().total == cards + chips + six_cost;
//  * round/stage: round 0 only for the initial discard; a round starts (stage
//    choose_action) only if the previous round did not end the game (every tableau
//    < 12, vp_pool > 0, round <= 30), every hand then holds <= 10 cards (exactly 4 in
//    round 1); game over only as §3.5 / A33 allow, with the hand limit applied;
//  * action cards: nobody has chosen before choose_action; during the phases every
//    seat holds exactly 1 (advanced 2p: 2 different, the second Develop/Settle only
//    with the first); the current phase was chosen by someone;
//  * decision: kind matches the stage; actor in range when not terminal, -1 (and
//    decision none) when terminal; legal actions non-empty, in range, no duplicates;
//    card counts of multi-card decisions (initial discard to 4, hand limit to 10,
//    explore keeps fewer than drawn, payment not above the hand);
//  * the expansions: hand limit 12 and game end 14 where the cards say so, start hands of 3
//    (Ancient Race), goals between rounds (goal_problems), owner codes of the draft variant.
//
//   why = check_transition(game, before, after);  // across one applied action
//
// (chips, pool, rounds, cards leaving tableaus, winners at the end: see below), and
// state_diff / states_equal: field-by-field comparison of two states.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "rftg/game.h"

namespace gs::rftg {
void goal_values(const Game& g, const State& s, GoalMeasure m, int* v);  // goals.cpp
}

namespace gs::rftg::testing {


inline std::string set_str(const CardSet& set) {
  std::ostringstream o;
  o << "{";
  bool first = true;
  set.for_each([&](int i) {
    o << (first ? "" : ",") << i;
    first = false;
  });
  o << "}";
  return o.str();
}

inline const char* stage_name(int st) {
  static const char* kNames[] = {"start_discard", "choose_action", "explore", "develop", "settle",
                                 "consume",       "produce",       "hand_limit", "game_over", "draft"};
  return st >= 0 && st < kNumStages ? kNames[st] : "?";
}

// Where the state stands, for messages.
inline std::string where(const Game& g, const State& s) {
  std::ostringstream o;
  o << "round " << s.round << ", stage " << stage_name(s.stage) << " step " << int(s.step) << " turn "
    << int(s.turn) << ", decision " << g.decision_name(s.decision) << " of seat " << int(s.actor);
  return o.str();
}

// Does the stage allow this kind of decision?
inline bool decision_fits_stage(DecisionKind k, Stage st) {
  switch (k) {
    case DecisionKind::StartDiscard:
    case DecisionKind::StartWorld: return st == kStageStartDiscard;
    case DecisionKind::ChooseAction: return st == kStageChooseAction;
    case DecisionKind::ExploreKeep:
    case DecisionKind::ExploreDiscard: return st == kStageExplore;
    case DecisionKind::DevelopSelect:
    case DecisionKind::DevelopDiscount: return st == kStageDevelop;
    case DecisionKind::ZeroCostCard:
    case DecisionKind::TempMilitary:
    case DecisionKind::Takeover:
    case DecisionKind::SettleSecond: return st == kStageSettle;
    case DecisionKind::AnteCard:
    case DecisionKind::AnteKeep: return st == kStageConsume;
    case DecisionKind::DiscardProduce: return st == kStageProduce;
    case DecisionKind::SettleSelect:
    case DecisionKind::SettleMethod: return st == kStageSettle;
    case DecisionKind::Pay: return st == kStageDevelop || st == kStageSettle;
    case DecisionKind::TradeGood:
    case DecisionKind::ConsumePower:
    case DecisionKind::ConsumeGood:
    case DecisionKind::ConsumeHand:
    case DecisionKind::LuckyNumber: return st == kStageConsume;
    case DecisionKind::WindfallPower:
    case DecisionKind::WindfallWorld: return st == kStageProduce;
    case DecisionKind::HandLimit: return st == kStageHandLimit;
    case DecisionKind::DraftPick: return st == kStageDraft;
    default: return false;
  }
}

// Is `a` a well-formed action number for this game (any decision)?
inline bool action_in_range(const Game& g, int a) {
  if (a >= 0 && a < g.num_instances()) return true;
  if (a == act::kPass) return true;
  if (a >= act::kActionBase && a < act::kActionBase + kNumActionCards) return true;
  if (a >= act::kMethodBase && a < act::kMethodBase + kNumMethods) return true;
  if (a >= act::kLuckyBase && a < act::kLuckyBase + 7) return true;
  if (a >= act::kWindfallBase && a < act::kWindfallBase + kNumWindfallClasses) return true;
  if (a >= act::kPowerBase && a < act::kPowerBase + 4 * g.num_instances()) return true;
  if (a >= act::kTakeoverBase && a < act::kMaxAction && (a - act::kTakeoverBase) % kMaxInstances < g.num_instances())
    return true;
  return false;
}

// Cards that hold a flag among a seat's tableau (looked up by name-free flags).
inline bool tableau_has_flag(const Game& g, const State& s, int seat, uint32_t flag) {
  bool found = false;
  s.tableau[seat].for_each([&](int c) { found |= (g.card(c).flags & flag) != 0; });
  return found;
}

// §3.4 and TGS/RvI §4.1: the end-of-round hand limit (12 with Pan-Galactic Research).
inline int hand_limit_of(const Game& g, const State& s, int seat) {
  return tableau_has_flag(g, s, seat, kFlagDiscardToTwelve) ? 12 : kHandLimit;
}

// §2.2 / TGS §1.12: 4 cards at the start of round 1, 3 with Ancient Race as the start
// world, and the first game's preset hands (4 cards).
inline int start_hand(const Game& g, const State& s, int seat) {
  int w = -1;
  (s.tableau[seat] & g.start_worlds()).for_each([&](int c) { if (w < 0) w = c; });
  return w >= 0 && (g.card(w).flags & kFlagStartHand3) && !g.options().first_game ? 3 : 4;
}

// E24: tableau cards that end the game for the seat (14 with Hidden Fortress).
inline int end_cards(const Game& g, const State& s, int seat) {
  return tableau_has_flag(g, s, seat, kFlagGameEndFourteen) ? 14 : 12;
}

// §3.5 / A33 / E24: does the game end at the end of round `round` in this position?
inline bool end_condition(const Game& g, const State& s, int round) {
  if (s.vp_pool <= 0 || round >= kRoundCap) return true;
  for (int i = 0; i < s.players; ++i)
    if (s.tableau[i].count() >= end_cards(g, s, i)) return true;
  return g.solo() && s.tableau[1].count() + (s.robot.markers >> 4) >= 12;  // the robot (§5.7)
}

// Draft variant: owner codes of the cards in the piles and hands (draft.cpp).
inline std::string draft_problems(const Game& g, const State& s, const CardSet& goods) {
  if (!g.options().draft) return "draft flag in a game without the draft";
  auto code = [&](int c) {
    return static_cast<int>(((s.owner_bits[c >> 6] >> (c & 63)) & 1) | (s.hand[5].test(c) << 1) | (s.tableau[5].test(c) << 2));
  };
  // The cards of each owner code 0..7, as sets (bit planes: owner_bits, hand[5], tableau[5]).
  CardSet of_code[8];
  for (int k = 0; k < CardSet::kWords; ++k) {
    const uint64_t b0 = s.owner_bits[k], b1 = s.hand[5].w[k], b2 = s.tableau[5].w[k];
    for (int o = 0; o < 8; ++o)
      of_code[o].w[k] = ((o & 1) ? b0 : ~b0) & ((o & 2) ? b1 : ~b1) & ((o & 4) ? b2 : ~b2);
  }
  std::string why;
  auto check = [&](const CardSet& set, const char* zone, bool common_ok, bool removed_ok) {
    CardSet allowed;
    for (int o = 0; o < s.players; ++o) allowed |= of_code[o];
    if (common_ok) allowed |= of_code[5];
    if (removed_ok) allowed |= of_code[6];
    int c = (set - allowed).first();
    if (why.empty() && c >= 0)
      why = std::string("draft: card ") + std::to_string(c) + " in the " + zone + " has owner code " + std::to_string(code(c));
  };
  bool drafting = s.stage == kStageDraft;
  check(s.deck, "deck", drafting, !drafting);
  check(s.discard, "discard pile", false, false);
  check(goods, "goods", false, false);
  for (int p = 0; p < s.players && why.empty(); ++p) {
    CardSet allowed = of_code[drafting ? 5 : p];
    if (s.stage == kStageStartDiscard) allowed |= of_code[p];
    int c = (s.hand[p] - allowed).first();
    if (c >= 0)
      why = "draft: seat " + std::to_string(p) + " holds card " + std::to_string(c) + " of owner " + std::to_string(code(c));
  }
  if (s.nstack != 0) why = "draft: a known deck top";
  return why;
}

// Goals between rounds (stage choose_action): a most goal's holder is at or above the
// minimum and not behind anybody; an unclaimed first goal (except the end-of-round one)
// is met by nobody; claims name playing seats, most goals at most one.
inline std::string goal_problems(const Game& g, const State& s) {
  if (!g.goals_on()) return s.goals ? "goals in play in a game without goals" : "";
  int counts[2] = {0, 0}, slot = 0;
  for (unsigned left = s.goals; left; left &= left - 1, ++slot) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    ++counts[static_cast<int>(gd.kind)];
    uint8_t claims = s.goal_claims[slot];
    if (claims >> s.players) return "goal " + gd.name + " claimed by a seat that does not play";
    int v[kMaxPlayers], top = -1000;
    goal_values(g, s, gd.measure, v);
    for (int p = 0; p < s.players; ++p) top = std::max(top, v[p]);
    if (gd.kind == GoalKind::Most) {
      if (__builtin_popcount(claims) > 1) return "most goal " + gd.name + " has several holders";
      if (claims) {
        int h = __builtin_ctz(claims);
        if (v[h] < gd.at_least || v[h] < top)
          return "seat " + std::to_string(h) + " holds " + gd.name + " with " + std::to_string(v[h]) + " (minimum " +
                 std::to_string(gd.at_least) + ", best " + std::to_string(top) + ")";
      }
    } else if (!claims && gd.measure != GoalMeasure::RoundDiscard) {
      for (int p = 0; p < s.players; ++p)
        if (v[p] >= gd.at_least)
          return "seat " + std::to_string(p) + " meets first goal " + gd.name + " unclaimed (" + std::to_string(v[p]) + ")";
    }
  }
  for (int k = 0; k < 2; ++k)
    if (counts[k] != g.db().goal_draw[k]) return "wrong number of goals in play";
  for (int k = slot; k < 6; ++k)
    if (s.goal_claims[k]) return "claims for a goal slot not in play";
  return "";
}

inline std::string check_invariants(const Game& g, const State& s) {
  auto fail = [&](const std::string& what) { return what + " [" + where(g, s) + "]"; };
  const int P = s.players;
  if (P != g.players()) return fail("players " + std::to_string(P) + " != game players " + std::to_string(g.players()));
  if ((s.advanced != 0) != g.advanced()) return fail("advanced flag differs from the game's");

  // --- Zones.
  const CardSet all = g.all_cards();
  if (all != CardSet::below(g.num_instances())) return fail("game instances are not 0..num_instances-1");
  struct Zone { const char* name; int seat; CardSet set; };
  struct Zones {  // at most deck, discard, 6 hands, 6 tableaus, robot piles: no heap (this runs after every action)
    Zone z[24];
    int n = 0;
    void push_back(const Zone& x) { z[n++] = x; }
    const Zone* begin() const { return z; }
    const Zone* end() const { return z + n; }
  } zones;
  zones.push_back({"deck", -1, s.deck});
  zones.push_back({"discard", -1, s.discard});
  CardSet hands, tableaus;
  const bool solo = g.solo();
  if (solo) {  // the robot: tableau[1], its pile hand[1..5]; tableau[5] is its bookkeeping
    zones.push_back({"robot tableau", 1, s.tableau[1]});
    for (int k = 1; k < kMaxPlayers; ++k) zones.push_back({"robot pile layer", k, s.hand[k]});
    for (int k = 2; k < 5; ++k)
      if (s.tableau[k].any()) return fail("solo: tableau " + std::to_string(k) + " holds cards");
    const RobotState& r = s.robot;
    const SoloConfig& cfg = g.solo_config();
    if (r.credits > cfg.credits_max) return fail("robot credits " + std::to_string(r.credits) + " above the track");
    if (r.economy > cfg.economy_max) return fail("robot economy " + std::to_string(r.economy) + " above the track");
    if ((r.markers & 15) + (r.markers >> 4) != cfg.markers[r.difficulty]) return fail("robot markers not conserved");
    if (r.difficulty != g.solo_difficulty()) return fail("robot difficulty differs from the game's");
  }
  for (int i = 0; i < kMaxPlayers; ++i) {
    if (i == 5 && s.draft) continue;  // owner bits of the draft variant
    if (solo && i >= 1) continue;
    if (i >= P) {
      if (s.hand[i].any() || s.tableau[i].any())
        return fail("seat " + std::to_string(i) + " does not play but has cards");
      continue;
    }
    zones.push_back({"hand", i, s.hand[i]});
    zones.push_back({"tableau", i, s.tableau[i]});
    hands |= s.hand[i];
    tableaus |= s.tableau[i];
  }
  CardSet seen;
  for (const Zone& z : zones) {
    auto label = [&] { return std::string(z.name) + (z.seat >= 0 ? " " + std::to_string(z.seat) : ""); };
    if ((z.set - all).any()) return fail(label() + " holds instances outside the game: " + set_str(z.set - all));
    if (seen.intersects(z.set)) {
      CardSet both = seen & z.set;
      for (const Zone& y : zones) {
        if (&y == &z) break;
        if (y.set.intersects(both))
          return fail("instances " + set_str(y.set & z.set) + " are in both " + y.name +
                      (y.seat >= 0 ? " " + std::to_string(y.seat) : "") + " and " + label());
      }
    }
    seen |= z.set;
  }
  // The cards in no zone are the goods (face down under the worlds).
  const CardSet goods = all - seen;
  if ((s.fresh - hands).any()) return fail("fresh cards outside the hands: " + set_str(s.fresh - hands));
  bool ante_pending = s.stage == kStageConsume && s.decision == DecisionKind::AnteKeep;  // Gambling World (RvI)
  if (s.stage != kStageExplore && !ante_pending && s.fresh.any())
    return fail("fresh cards outside the Explore phase: " + set_str(s.fresh));
  if ((s.has_good - tableaus).any()) return fail("goods on worlds in no tableau: " + set_str(s.has_good - tableaus));
  if ((s.has_good - g.worlds()).any()) return fail("goods on non-worlds: " + set_str(s.has_good - g.worlds()));
  if (goods.count() != s.has_good.count())
    return fail("cards in no zone (goods) " + std::to_string(goods.count()) + " != has_good.count() " +
                std::to_string(s.has_good.count()) + ": " + set_str(goods));
  if (s.nstack < 0 || s.nstack > kStackSize) return fail("nstack " + std::to_string(s.nstack) + " out of range");
  {
    CardSet st;
    for (int k = 0; k < s.nstack; ++k) {
      int c = s.stack[k];
      if (c >= g.num_instances() || !s.deck.test(c)) return fail("stacked card " + std::to_string(c) + " not in the deck");
      if (st.test(c)) return fail("stacked card " + std::to_string(c) + " twice");
      st.set(c);
    }
  }

  // --- One development of each design per tableau.
  for (int i = 0; i < P; ++i) {
    std::vector<int> designs;
    (s.tableau[i] & g.developments()).for_each([&](int c) { designs.push_back(g.card(c).design); });
    std::sort(designs.begin(), designs.end());
    auto dup = std::adjacent_find(designs.begin(), designs.end());
    if (dup != designs.end())
      return fail("seat " + std::to_string(i) + " has two developments of design " + std::to_string(*dup) + " (" +
                  g.db().designs[static_cast<size_t>(*dup)].name + ")");
  }

  // --- VP chips and scores.
  int chips = 0;
  const int chip_seats = solo ? 2 : P;  // the robot's chips are in seat 1
  for (int i = 0; i < chip_seats; ++i) chips += s.chips[i];
  for (int i = chip_seats; i < kMaxPlayers; ++i)
    if (s.chips[i] != 0) return fail("non-playing seat " + std::to_string(i) + " has chips");
  if (chips + s.vp_pool != g.initial_pool())
    return fail("chips " + std::to_string(chips) + " + vp_pool " + std::to_string(s.vp_pool) + " != " +
                std::to_string(g.initial_pool()));
  // scores() (the parts' totals) is compared once the game is over; the parts after every action.
  const bool over = g.is_terminal(s);
  std::vector<int> sc = over ? g.scores(s) : std::vector<int>();
  if (over && static_cast<int>(sc.size()) != P) return fail("scores() has " + std::to_string(sc.size()) + " entries");
  for (int i = 0; i < P; ++i) {
    Game::ScoreParts p = g.score_parts(s, i);
    const int total = over ? sc[static_cast<size_t>(i)] : p.total;
    if (p.total != total || p.total != p.cards + p.chips + p.six_cost + p.goals || p.chips != s.chips[i] ||
        (!g.goals_on() && p.goals != 0))
      return fail("seat " + std::to_string(i) + " score " + std::to_string(total) + " vs parts cards " +
                  std::to_string(p.cards) + " chips " + std::to_string(p.chips) + " six_cost " +
                  std::to_string(p.six_cost) + " total " + std::to_string(p.total));
  }

  // --- Rounds, stages, end of game.
  if (s.stage >= kNumStages) return fail("stage out of range");
  if (s.round < 0 || s.round > kRoundCap) return fail("round out of range");
  if ((s.round == 0) != (s.stage == kStageStartDiscard || s.stage == kStageDraft))
    return fail("round 0 must be exactly the draft and the initial discard");
  if (s.draft) {
    std::string why = draft_problems(g, s, goods);
    if (!why.empty()) return fail(why);
  }
  if (s.first < 0 || s.first >= P) return fail("first seat out of range");
  bool terminal = g.is_terminal(s);
  if (s.stage == kStageChooseAction) {
    if (s.round > 1 && end_condition(g, s, s.round - 1))
      return fail("a new round started although the previous one met an end condition");
    if (s.round > kRoundCap) return fail("round beyond the cap");
    for (int i = 0; i < P; ++i) {
      int h = s.hand[i].count();
      if (h > hand_limit_of(g, s, i))
        return fail("seat " + std::to_string(i) + " starts the round with " + std::to_string(h) + " cards");
      if (s.round == 1 && h != start_hand(g, s, i))
        return fail("seat " + std::to_string(i) + " starts round 1 with " + std::to_string(h) + " cards");
    }
    std::string goals = goal_problems(g, s);
    if (!goals.empty()) return fail(goals);
  }
  if (terminal) {
    if (!end_condition(g, s, s.round)) return fail("game over without an end condition (no tableau >= 12, vp_pool > 0, round < 30)");
    for (int i = 0; i < P; ++i)
      if (s.hand[i].count() > hand_limit_of(g, s, i))
        return fail("game over with seat " + std::to_string(i) + " above the hand limit");
  }

  // --- Action cards.
  const uint16_t valid_mask = s.advanced ? static_cast<uint16_t>((1u << kNumActionCards) - 1)
                                         : static_cast<uint16_t>((1u << kNumActionCards) - 1 - act_bit(kActDevelop2) - act_bit(kActSettle2));
  for (int i = 0; i < P; ++i) {
    uint16_t a = s.actions[i];
    if (a & ~valid_mask) return fail("seat " + std::to_string(i) + " holds an action card not in this game");
    if (s.stage == kStageStartDiscard && a) return fail("action card chosen before the first round");
    bool in_phases = s.stage >= kStageExplore && s.stage <= kStageHandLimit;
    if (in_phases && __builtin_popcount(a) != (s.advanced ? 2 : 1))
      return fail("seat " + std::to_string(i) + " holds " + std::to_string(__builtin_popcount(a)) + " action cards");
    if ((a & act_bit(kActDevelop2)) && !(a & act_bit(kActDevelop))) return fail("second Develop without the first");
    if ((a & act_bit(kActSettle2)) && !(a & act_bit(kActSettle))) return fail("second Settle without the first");
  }
  {
    uint16_t any = 0;
    for (int i = 0; i < P; ++i) any = static_cast<uint16_t>(any | s.actions[i]);
    uint16_t need = 0;
    switch (s.stage) {
      case kStageExplore: need = act_bit(kActExplore5) | act_bit(kActExplore11); break;
      case kStageDevelop: need = act_bit(kActDevelop) | act_bit(kActDevelop2); break;
      case kStageSettle: need = act_bit(kActSettle) | act_bit(kActSettle2); break;
      case kStageConsume: need = act_bit(kActTrade) | act_bit(kActConsume2x); break;
      case kStageProduce: need = act_bit(kActProduce); break;
      default: break;
    }
    if (solo) any = static_cast<uint16_t>(any | s.robot.spaces);  // the robot's dice choose phases too
    if (need && !(any & need)) return fail("phase carried out that nobody chose");
  }

  // --- Decision and legal actions.
  std::vector<int> legal = g.legal_actions(s);
  if (terminal) {
    if (s.actor != -1) return fail("terminal state with actor " + std::to_string(s.actor));
    if (s.decision != DecisionKind::None) return fail("terminal state with a decision");
    if (!legal.empty()) return fail("terminal state with legal actions");
    return "";
  }
  if (s.actor < 0 || s.actor >= P) return fail("actor out of range");
  if (s.decision == DecisionKind::None || s.decision >= DecisionKind::kCount) return fail("no decision in a live state");
  if (!decision_fits_stage(s.decision, s.stage)) return fail("decision does not belong to the stage");
  if (legal.empty()) return fail("no legal action");
  // Multi-card choices: how many cards are still to go.
  {
    const int hand = s.hand[s.actor].count();
    const int fresh = (s.hand[s.actor] & s.fresh).count();
    switch (s.decision) {
      case DecisionKind::StartDiscard:
        if (s.need < 1 || s.need > 3 || hand - s.need != start_hand(g, s, s.actor))
          return fail("initial discard: " + std::to_string(hand) + " cards in hand, " + std::to_string(s.need) + " to discard");
        break;
      case DecisionKind::StartWorld:
        if ((s.tableau[s.actor] & g.start_worlds()).count() != 2 || s.tableau[s.actor].count() != 2)
          return fail("start-world choice without a pair of start worlds");
        break;
      case DecisionKind::ExploreDiscard:
        if (s.need < 1 || s.need > hand) return fail("explore discard: " + std::to_string(s.need) + " of " + std::to_string(hand));
        break;
      case DecisionKind::HandLimit:
        if (s.need < 1 || hand - s.need != hand_limit_of(g, s, s.actor))
          return fail("hand limit: " + std::to_string(hand) + " cards in hand, " + std::to_string(s.need) + " to discard");
        break;
      case DecisionKind::ExploreKeep:
        if (s.need < 1 || s.need >= fresh)
          return fail("explore: " + std::to_string(fresh) + " new cards, " + std::to_string(s.need) + " to keep");
        break;
      case DecisionKind::Pay:
        if (s.need < 1 || s.need > hand)
          return fail("pay: " + std::to_string(hand) + " cards in hand, " + std::to_string(s.need) + " to pay");
        break;
      default: break;
    }
  }
  std::vector<int> sorted = legal;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return fail("duplicate legal actions");
  for (int a : legal) {
    if (!action_in_range(g, a)) return fail("legal action " + std::to_string(a) + " out of range");
    if (a >= g.num_distinct_actions())
      return fail("legal action " + std::to_string(a) + " not below num_distinct_actions() = " +
                  std::to_string(g.num_distinct_actions()));
  }
  if (static_cast<int>(legal.size()) > Game::kMaxLegal) return fail("more than kMaxLegal legal actions");
  return "";
}

// Checks between the state before and after one applied action (which may run
// several automatic steps): chips only grow, the pool only shrinks (by what the
// chips grew), rounds advance by at most one, the only cards that ever leave a
// tableau are Colony Ship and New Military Tactics (discarded in Settle, while the
// seat's selected world is placed), and, at the end of the game,
// the winners are exactly the top scorers after the A9 tie-break.
inline std::string check_transition(const Game& g, const State& before, const State& after) {
  auto fail = [&](const std::string& what) { return what + " [" + where(g, after) + "]"; };
  const int P = after.players;
  int gained = 0;
  for (int i = 0; i < (g.solo() ? 2 : P); ++i) {
    if (after.chips[i] < before.chips[i]) return fail("seat " + std::to_string(i) + " lost VP chips");
    gained += after.chips[i] - before.chips[i];
  }
  if (before.vp_pool - after.vp_pool != gained)
    return fail("vp_pool fell by " + std::to_string(before.vp_pool - after.vp_pool) + " but chips grew by " +
                std::to_string(gained));
  if (after.round < before.round || after.round > before.round + 1)
    return fail("round went from " + std::to_string(before.round) + " to " + std::to_string(after.round));
  // Instances of Colony Ship and New Military Tactics (cached per game and thread); in the
  // expansions every card with a discard-from-tableau power.
  // (Keyed by the level too: a later Game may reuse the address of an earlier one.)
  static thread_local const Game* cached_game = nullptr;
  static thread_local int cached_level = -1;
  static thread_local CardSet may_leave;
  if (cached_game != &g || cached_level != g.level()) {
    cached_level = g.level();
    may_leave.clear();
    for (const char* name : {"Colony Ship", "New Military Tactics"}) {
      int d = g.db().find(name);
      if (d >= 0) may_leave |= g.copies(d);
    }
    if (g.level() != kBase) {
      may_leave |= g.zero_cost_cards() | g.nmt_cards() | g.develop_discount_cards() | g.takeover_cards(kTakeoverCloaked);
      for (int c = 0; c < g.num_instances(); ++c)
        if (g.card(c).has_cloak) may_leave.set(c);
    }
    cached_game = &g;
  }
  if (g.level() != kBase) {
    // Cards leave a tableau for the discard pile during Develop or Settle; a world moves
    // from one tableau to another only by a takeover (a military world, in Settle).
    bool through_develop = before.stage <= kStageSettle && (after.stage >= kStageDevelop || after.round > before.round);
    bool through_settle = before.stage <= kStageSettle && (after.stage >= kStageSettle || after.round > before.round);
    int moved_total = 0;
    for (int i = 0; i < P; ++i) {
      CardSet left = before.tableau[i] - after.tableau[i];
      CardSet elsewhere;
      for (int j = 0; j < P; ++j)
        if (j != i) elsewhere |= after.tableau[j];
      CardSet moved = left & elsewhere, gone = left - moved;
      if (before.stage == kStageStartDiscard) gone -= g.start_worlds();  // RvI: the start world not kept (§1.8)
      if ((gone - may_leave).any()) return fail("cards left seat " + std::to_string(i) + "'s tableau: " + set_str(gone - may_leave));
      if (gone.any() && !through_develop)
        return fail("seat " + std::to_string(i) + " discarded " + set_str(gone) + " from its tableau outside Develop/Settle");
      if (moved.any()) {
        if (!g.takeovers_on() || !through_settle) return fail("a world moved between tableaus without a takeover");
        if ((moved - g.military_worlds()).any()) return fail("a takeover moved a non-military world: " + set_str(moved));
        for (int j = 0; j < P; ++j)
          if (j != i && (moved & after.tableau[j]).any() && (before.tableau[j] & moved).any())
            return fail("a taken world was already in the taker's tableau");
        moved_total += moved.count();
      }
    }
    if (moved_total > kMaxTakeovers) return fail("more worlds taken over than takeover powers exist");
  }
  if (g.solo() && (before.tableau[1] - after.tableau[1] - g.start_worlds()).any())
    return fail("a card other than Doomed World left the robot's tableau");
  for (int i = 0; i < P && g.level() == kBase; ++i) {
    CardSet left = before.tableau[i] - after.tableau[i];
    if ((left - may_leave).any())
      return fail("cards left seat " + std::to_string(i) + "'s tableau: " + set_str(left - may_leave));
    if (left.any()) {
      // Only while settling a world: the transition passes through the Settle stage and
      // the seat's selected world (revealed before, or now) is in its tableau.
      bool through_settle = before.stage <= kStageSettle && (after.stage >= kStageSettle || after.round > before.round);
      auto placed = [&](uint8_t c) { return c != kNone && g.worlds().test(c) && after.tableau[i].test(c); };
      bool world = placed(before.selected[i]) || placed(after.selected[i]) ||
                   ((after.tableau[i] - before.tableau[i]) & g.worlds()).any();
      if (!through_settle || !world)
        return fail("seat " + std::to_string(i) + " discarded " + set_str(left) + " from its tableau without settling a world");
    }
  }
  if (g.is_terminal(after) && g.solo()) {  // §5.7, E40: the human against the robot
    int human = g.score_parts(after, 0).total, robot = robot_score(g, after);
    int tie = after.hand[0].count() + (after.tableau[0] & after.has_good).count();
    bool wins = human > robot || (human == robot && tie > after.robot.credits + after.robot.economy);
    if (g.winners(after) != (wins ? std::vector<int>{0} : std::vector<int>{})) return fail("solo winner differs from §5.7");
    return "";
  }
  if (g.is_terminal(after)) {
    std::vector<int> sc = g.scores(after);
    int best = *std::max_element(sc.begin(), sc.end());
    std::vector<int> w = g.winners(after);
    if (w.empty()) return fail("no winner");
    int best_tie = -1;
    for (int i = 0; i < P; ++i)
      if (sc[i] == best)
        best_tie = std::max(best_tie, after.hand[i].count() + (after.tableau[i] & after.has_good).count());
    std::vector<int> want;
    for (int i = 0; i < P; ++i)
      if (sc[i] == best && after.hand[i].count() + (after.tableau[i] & after.has_good).count() == best_tie) want.push_back(i);
    if (w != want) return fail("winners differ from the top scorers after the A9 tie-break");
  }
  return "";
}

// ---------------------------------------------------------------------------
// Field-by-field state equality (State has padding bytes, so no memcmp of the whole).

#define GS_RFTG_STATE_FIELDS(X)                                                                                       \
  X(hand) X(tableau) X(deck) X(discard) X(has_good) X(fresh) X(rng) X(chips) X(actions) X(selected) X(stack)        \
  X(nstack) X(players) X(first) X(advanced) X(stage) X(step) X(turn) X(phase_rep) X(bonus) X(round) X(vp_pool)      \
  X(need) X(floor) X(active) X(method) X(decision) X(actor) X(goals) X(goal_claims) X(owner_bits) X(draft)     \
  X(scratch)

// True when the field list above covers State (a new field would change the size).
constexpr size_t listed_state_bytes() {
  size_t n = 0;
#define GS_ADD(f) n += sizeof(State::f);
  GS_RFTG_STATE_FIELDS(GS_ADD)
#undef GS_ADD
  return n;
}
constexpr bool kStateFieldListComplete =
    (listed_state_bytes() + alignof(State) - 1) / alignof(State) * alignof(State) == sizeof(State);

// Names of the fields that differ ("" when equal). Stack entries beyond nstack are ignored.
inline std::string state_diff(const State& a, const State& b) {
  std::string out;
#define GS_CMP(f)                                                    \
  if (std::strcmp(#f, "stack") != 0 && std::memcmp(&a.f, &b.f, sizeof(a.f)) != 0) out += #f " ";
  GS_RFTG_STATE_FIELDS(GS_CMP)
#undef GS_CMP
  if (a.nstack == b.nstack && a.nstack > 0 && std::memcmp(a.stack, b.stack, static_cast<size_t>(a.nstack)) != 0)
    out += "stack ";
  return out;
}

inline bool states_equal(const State& a, const State& b) { return state_diff(a, b).empty(); }

}  // namespace gs::rftg::testing
