// Parsing of the goal blocks of the card data file (used by card_db.cpp).
#pragma once
#include <string>
#include <vector>

#include "rftg/cards.h"

namespace gs::rftg {

// The raw lines of one "goal:" block.
struct GoalBlock {
  struct Line {
    int line;
    std::string key, value;
  };
  int line = 0;
  std::string name;
  std::vector<Line> lines;
};

bool is_goal_key(const std::string& key);
GoalDesign parse_goal_block(const GoalBlock& b, const std::string& source);
// "goal-draw: first N, most M"
void parse_goal_draw(const std::string& value, int line, const std::string& source, int* draw);
// Whole-file checks: unique names, enough goals at every level for the draw.
void check_goals(const CardDb& db, const std::string& source, int last_line);

}  // namespace gs::rftg
