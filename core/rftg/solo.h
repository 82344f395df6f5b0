// The solo game against the robot (TGS §5, RvI §5.9): its configuration (the numbers of
// the solo mat, dice and markers, core/data/rftg_solo.txt) and the robot's turn.
#pragma once
#include <string>
#include <vector>

#include "rftg/cards.h"
#include "rftg/state.h"

namespace gs::rftg {

class Game;

// Die faces: an action card index for the phase faces, or one of these.
constexpr int kFaceMatch = 100, kFaceRobot = 101;

// How the robot with one start world behaves (a "robot:" block of the file).
struct RobotRules {
  int credits = 1, economy = 0, pile = 4;
  int robot_eq = kActSettle;  // action card of the robot icon
  int explore_action_draw = 1, explore_both_draw = 3, explore_action_credits = 1, explore_reaction_draw = 1;
  int develop_marker_action = 2, develop_marker_reaction = 3;
  int develop_action_draw = 1, develop_reaction_draw = 0;
  int develop_action_six_cost_credit = 1, develop_reaction_credit = 1;
  int settle_action_draw = 3, settle_reaction_draw = 2;
  int settle_flip = 0;  // 0 non-military world, 1 military world, 2 any world
  int settle_reaction_credit = 1;
  int consume_trade_credits = 2;
  int produce_action_economy = 1, produce_action_credits = 0, produce_reaction_credits = 0;
  int after_trade = -1, after_produce = -1;  // new robot= action after such an action, -1 none
  bool after_trade_once = false, after_produce_once = false;
  bool first_settle_search = false;  // Doomed World's first Settle action (E34)
  int search_vp = 3, search_credits = 2, search_economy = 1;
};

struct SoloConfig {
  int vp_pool = 24, credits_max = 4, economy_max = 5;
  int markers[3] = {1, 2, 3}, marker_vp[3] = {6, 6, 9};  // easy, medium, hard
  int die[2][6] = {};
  bool double_die_right_twin = true;
  RobotRules rules[16];  // by start-world number
};

// Parses the solo configuration; errors are CardDataError "<source>:<line>: <key>: <problem>".
SoloConfig parse_solo_config(const std::string& text, const std::string& source, const CardDb& db);

// Flags of RobotState::flags.
constexpr uint8_t kRobotTradeSwapDone = 1, kRobotProduceSwapDone = 2, kRobotSearchDone = 4;

// The robot's part of the round (solo.cpp).
void roll_robot_dice(const Game& g, State& s);                   // after the human's action choice
void robot_phase(const Game& g, State& s, Stage stage, int rep);  // after the human's part of a phase
void setup_robot(const Game& g, State& s);                       // at the deal
int robot_tableau_size(const State& s);                          // cards and placed markers
int robot_score(const Game& g, const State& s);
// The robot's score in parts (§5.7, E32): VP chips, printed VP of its tableau cards, and the
// six-cost VP (placed markers and '?' six-cost developments, 6 or 9 each by difficulty).
struct RobotScoreParts { int chips = 0, cards = 0, six_cost = 0, total = 0; };
RobotScoreParts robot_score_parts(const Game& g, const State& s);
int robot_markers_placed(const State& s);

}  // namespace gs::rftg
