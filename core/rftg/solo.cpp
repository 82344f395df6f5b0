// The robot of the solo game (TGS §5, RvI §5.9): its setup, the dice that choose its
// actions, and its action or reaction in each phase after the human's. Its numbers come
// from the solo configuration (solo_config.cpp, core/data/rftg_solo.txt).
#include "rftg/solo.h"

#include "rftg/play.h"

namespace gs::rftg {

namespace {

constexpr int kRobot = 1;  // the robot's seat: tableau[1], pile hand[1..5]
constexpr int kEpochs = 5; // hand[1] .. hand[5]

const RobotRules& rules_of(const Game& g, const State& s) { return g.solo_config().rules[s.robot.start]; }

int cap(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }
void add_credits(const Game& g, State& s, int n) {
  s.robot.credits = static_cast<uint8_t>(cap(s.robot.credits + n, g.solo_config().credits_max));
}
void add_economy(const Game& g, State& s, int n) {
  s.robot.economy = static_cast<uint8_t>(cap(s.robot.economy + n, g.solo_config().economy_max));
}
int unplaced(const State& s) { return s.robot.markers & 15; }

CardSet pile(const State& s) {
  CardSet p;
  for (int k = 1; k <= kEpochs; ++k) p |= s.hand[k];
  return p;
}

// Draw n (§5.3): the top n cards of the deck onto the top of the robot pile, unseen. A
// card drawn after a reshuffle starts a newer layer of the pile (E: the pile's order,
// docs/solo.md): cards of one layer are in an order nobody knows.
void robot_draw(State& s, int n) {
  for (int k = 0; k < n; ++k) {
    if ((s.deck - s.tableau[5]).any() && s.hand[1].any()) {  // the deck was reshuffled since the last draw
      s.hand[kEpochs] |= s.hand[kEpochs - 1];  // the oldest two layers merge if all are in use
      for (int e = kEpochs - 1; e > 1; --e) s.hand[e] = s.hand[e - 1];
      s.hand[1].clear();
    }
    bool reshuffles_first = s.deck.empty();  // draw_one shuffles the discard pile in before taking one
    if (reshuffles_first && s.hand[1].any()) {
      s.hand[kEpochs] |= s.hand[kEpochs - 1];
      for (int e = kEpochs - 1; e > 1; --e) s.hand[e] = s.hand[e - 1];
      s.hand[1].clear();
    }
    CardSet before = s.deck;
    int c = draw_one(s);
    if (c < 0) break;
    s.hand[1].set(c);
    // The deck as it was, without the card drawn: cards not in it later came by a reshuffle.
    s.tableau[5] = reshuffles_first ? s.deck : before - CardSet::single(c);
  }
}

// Flip for X (§5.3): reveal the pile's top card (a random card of its newest layer) until
// one matches; the others go face up to the discard pile. -1 when the pile runs out.
template <class Pred>
int robot_flip(State& s, Pred wanted) {
  for (;;) {
    int layer = 0;
    for (int e = 1; e <= kEpochs && !layer; ++e)
      if (s.hand[e].any()) layer = e;
    if (!layer) return -1;
    CardSet& l = s.hand[layer];
    int c = l.nth(static_cast<int>(s.rng.below(static_cast<uint32_t>(l.count()))));
    l.reset(c);
    if (wanted(c)) return c;
    s.discard.set(c);
  }
}

void place(State& s, int c) { s.tableau[kRobot].set(c); }

void robot_vp(State& s, int vp) { award_vp(s, kRobot, vp); }

bool is_six(const Game& g, int c) { return !g.card(c).world() && g.card(c).cost == 6; }

// §5.6 Explore: one die draw 1, both draw 3, credits +1; reaction draw 1.
void robot_explore(const Game& g, State& s) {
  const RobotRules& r = rules_of(g, s);
  uint16_t dice = s.robot.spaces & (act_bit(kActExplore5) | act_bit(kActExplore11));
  if (dice) {
    robot_draw(s, __builtin_popcount(dice) == 2 ? r.explore_both_draw : r.explore_action_draw);
    add_credits(g, s, r.explore_action_credits);
  } else if (s.actions[0] & (act_bit(kActExplore5) | act_bit(kActExplore11))) {
    robot_draw(s, r.explore_reaction_draw);
  }
}

// §5.6 Develop, one Develop phase: a 6-development marker, else a flipped development.
void robot_develop(const Game& g, State& s, bool action) {
  const RobotRules& r = rules_of(g, s);
  int marker_cost = action ? r.develop_marker_action : r.develop_marker_reaction;
  if (unplaced(s) > 0 && s.robot.credits >= marker_cost) {
    s.robot.markers = static_cast<uint8_t>(s.robot.markers - 1 + 16);
    add_credits(g, s, -marker_cost);
    return;
  }
  if (action) {
    robot_draw(s, r.develop_action_draw);
    int c = robot_flip(s, [&](int x) {
      if (g.card(x).world()) return false;
      if (!is_six(g, x)) return true;
      return s.robot.credits >= r.develop_action_six_cost_credit;  // else discarded, flipping goes on
    });
    if (c < 0) return;
    if (is_six(g, c)) add_credits(g, s, -r.develop_action_six_cost_credit);
    place(s, c);
    return;
  }
  if (r.develop_reaction_credit > 0 && s.robot.credits < r.develop_reaction_credit) return;
  robot_draw(s, r.develop_reaction_draw);
  int c = robot_flip(s, [&](int x) { return !g.card(x).world(); });
  if (c < 0) return;
  add_credits(g, s, -r.develop_reaction_credit);
  place(s, c);
}

bool settle_wanted(const Game& g, const RobotRules& r, int c) {
  const CardInfo& x = g.card(c);
  if (!x.world()) return false;
  return r.settle_flip == 2 || (r.settle_flip == 1) == x.military();
}

// Doomed World's first Settle action (§5.8, E34): from the main deck, a non-military
// world of enough VP; then credits, economy, and Doomed World leaves the robot tableau.
void doomed_search(const Game& g, State& s) {
  const RobotRules& r = rules_of(g, s);
  for (;;) {
    int c = draw_one(s);
    if (c < 0) break;
    const CardInfo& x = g.card(c);
    if (x.world() && !x.military() && x.vp >= r.search_vp) {
      place(s, c);
      break;
    }
    s.discard.set(c);
  }
  add_credits(g, s, r.search_credits);
  add_economy(g, s, r.search_economy);
  CardSet start = s.tableau[kRobot] & g.start_worlds();
  start.for_each([&](int w) {
    if (g.design_of(w).start_number == s.robot.start) {
      s.tableau[kRobot].reset(w);
      s.discard.set(w);
    }
  });
  s.robot.flags |= kRobotSearchDone;
}

// §5.6 Settle, one Settle phase.
void robot_settle(const Game& g, State& s, bool action) {
  const RobotRules& r = rules_of(g, s);
  if (action) {
    if (r.first_settle_search && !(s.robot.flags & kRobotSearchDone)) {
      doomed_search(g, s);
      return;
    }
    robot_draw(s, r.settle_action_draw);
    int c = robot_flip(s, [&](int x) { return settle_wanted(g, r, x); });
    if (c >= 0) place(s, c);
    return;
  }
  if (r.settle_reaction_credit > 0 && s.robot.credits < r.settle_reaction_credit) return;
  robot_draw(s, r.settle_reaction_draw);
  int c = robot_flip(s, [&](int x) { return settle_wanted(g, r, x); });
  if (c < 0) return;
  add_credits(g, s, -r.settle_reaction_credit);
  place(s, c);
}

void swap_robot_eq(State& s, int to, bool once, uint8_t flag) {
  if (to < 0 || (once && (s.robot.flags & flag))) return;
  s.robot.robot_eq = static_cast<uint8_t>(to);
  if (once) s.robot.flags |= flag;
}

// §5.6 Consume: Trade, 2xVP or both; the reaction scores the economy once.
void robot_consume(const Game& g, State& s) {
  const RobotRules& r = rules_of(g, s);
  bool trade = s.robot.spaces & act_bit(kActTrade), twice = s.robot.spaces & act_bit(kActConsume2x);
  if (trade && twice) {
    robot_vp(s, 2 * s.robot.economy);
    add_credits(g, s, r.consume_trade_credits);
    add_economy(g, s, 1);
  } else if (twice) {
    robot_vp(s, 2 * s.robot.economy);
    add_economy(g, s, 1);
  } else if (trade) {
    add_credits(g, s, r.consume_trade_credits);
    robot_vp(s, s.robot.economy);
  } else if (s.actions[0] & (act_bit(kActTrade) | act_bit(kActConsume2x))) {
    robot_vp(s, s.robot.economy);
  }
  if (trade) swap_robot_eq(s, r.after_trade, r.after_trade_once, kRobotTradeSwapDone);
}

// §5.6 Produce: the economy grows on an action.
void robot_produce(const Game& g, State& s) {
  const RobotRules& r = rules_of(g, s);
  if (s.robot.spaces & act_bit(kActProduce)) {
    add_economy(g, s, r.produce_action_economy);
    add_credits(g, s, r.produce_action_credits);
    swap_robot_eq(s, r.after_produce, r.after_produce_once, kRobotProduceSwapDone);
  } else if (s.actions[0] & act_bit(kActProduce)) {
    add_credits(g, s, r.produce_reaction_credits);
  }
}

// Where a die of this face goes first (§5.5 step 2): the left space of its phase.
int left_space(int face) {
  switch (face) {
    case kActExplore5: case kActDevelop: case kActSettle: case kActTrade: case kActConsume2x: case kActProduce:
      return face;
    default: return -1;
  }
}

}  // namespace

int robot_markers_placed(const State& s) { return s.robot.markers >> 4; }
int robot_tableau_size(const State& s) { return s.tableau[kRobot].count() + robot_markers_placed(s); }

// §5.5: roll both dice and place them on the mat spaces: the robot's actions this round.
void roll_robot_dice(const Game& g, State& s) {
  const SoloConfig& cfg = g.solo_config();
  int idx[2], face[2];
  for (int d = 0; d < 2; ++d) {
    idx[d] = static_cast<int>(s.rng.below(6));
    face[d] = cfg.die[d][idx[d]];
    if (face[d] == kFaceRobot) face[d] = s.robot.robot_eq;  // step 1
  }
  s.robot.dice = static_cast<uint8_t>(idx[0] | (idx[1] << 4));
  int at[2] = {-1, -1};
  for (int d = 0; d < 2; ++d) {  // step 2: phase dice on the left twin; a second one on the right twin
    if (face[d] == kFaceMatch) continue;
    int space = left_space(face[d]);
    bool twin = space == kActExplore5 || space == kActDevelop || space == kActSettle;
    if (d == 1 && at[0] == space && twin && cfg.double_die_right_twin) ++space;
    at[d] = space;
  }
  uint16_t human = s.actions[0];
  int low = lowest_bit(human), high = highest_bit(human);
  bool both_match = face[0] == kFaceMatch && face[1] == kFaceMatch;
  for (int d = 0; d < 2; ++d) {  // step 3: match dice under the human's markers
    if (face[d] != kFaceMatch) continue;
    if (both_match) {
      at[d] = d == 0 ? high : low;
      continue;
    }
    int other = at[1 - d];
    at[d] = other == high ? low : high;  // under the right-hand action, else the other one
    bool twin_pair = high == low + 1 && (low == kActExplore5 || low == kActDevelop || low == kActSettle);
    if (twin_pair && at[d] == high && other != low) at[d] = low;  // moved one space left
  }
  s.robot.spaces = static_cast<uint16_t>(act_bit(at[0]) | act_bit(at[1]));
}

void robot_phase(const Game& g, State& s, Stage stage, int rep) {
  uint16_t spaces = s.robot.spaces, human = s.actions[0];
  switch (stage) {
    case kStageExplore: robot_explore(g, s); break;
    case kStageDevelop: {
      int space = rep == 0 ? kActDevelop : kActDevelop2;
      if (spaces & act_bit(space)) robot_develop(g, s, true);
      else if (human & act_bit(space)) robot_develop(g, s, false);
      break;
    }
    case kStageSettle: {
      int space = rep == 0 ? kActSettle : kActSettle2;
      if (spaces & act_bit(space)) robot_settle(g, s, true);
      else if (human & act_bit(space)) robot_settle(g, s, false);
      break;
    }
    case kStageConsume: robot_consume(g, s); break;
    case kStageProduce: robot_produce(g, s); break;
    default: break;
  }
}

// §5.2: one start world each (E39), the robot's from its own rules: credits, economy,
// pile, robot= marker; then the human's six cards.
void setup_robot(const Game& g, State& s) {
  CardSet starts = g.start_worlds();
  int human = starts.nth(static_cast<int>(s.rng.below(static_cast<uint32_t>(starts.count()))));
  starts.reset(human);
  int robot = starts.nth(static_cast<int>(s.rng.below(static_cast<uint32_t>(starts.count()))));
  s.deck.reset(human);
  s.deck.reset(robot);
  s.tableau[0].set(human);
  s.tableau[kRobot].set(robot);
  s.first = 0;
  s.robot.start = static_cast<uint8_t>(g.design_of(robot).start_number);
  const RobotRules& r = rules_of(g, s);
  int level = g.solo_difficulty();
  s.robot.difficulty = static_cast<uint8_t>(level);
  s.robot.markers = static_cast<uint8_t>(g.solo_config().markers[level]);
  s.robot.credits = static_cast<uint8_t>(cap(r.credits, g.solo_config().credits_max));
  s.robot.economy = static_cast<uint8_t>(cap(r.economy, g.solo_config().economy_max));
  s.robot.robot_eq = static_cast<uint8_t>(r.robot_eq);
  s.tableau[5] = s.deck;
  robot_draw(s, r.pile);
  if (g.card(human).windfall()) place_good(s, 0, human);
  draw_to_hand(s, 0, 6);
}

// §5.7: VP chips, printed VP, and 6 or 9 per placed marker and per '?' six-cost development (E32).
RobotScoreParts robot_score_parts(const Game& g, const State& s) {
  RobotScoreParts parts;
  int per = g.solo_config().marker_vp[s.robot.difficulty];
  parts.chips = s.chips[kRobot];
  parts.six_cost = robot_markers_placed(s) * per;
  s.tableau[kRobot].for_each([&](int c) {
    if (g.question_six_devels().test(c)) parts.six_cost += per;
    else parts.cards += g.card(c).vp;
  });
  parts.total = parts.chips + parts.cards + parts.six_cost;
  return parts;
}

int robot_score(const Game& g, const State& s) { return robot_score_parts(g, s).total; }

}  // namespace gs::rftg
