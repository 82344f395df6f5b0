// Scripted randomness (docs/scripted-draws.md): an Alien Frontiers game whose dice and
// alien tech draws come from a given script instead of the state's RNG. A roll or a
// draw the script does not cover is a ScriptError, never a random value.
//
// A scripted State points at its Script (State::script) and counts the dice and tech
// cards taken from it: the Script must outlive the State and its copies, and never
// changes once the Game has bound it (Game::bind_script).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "af/game.h"

namespace gs::af {

struct ScriptError : RulesError {
  using RulesError::RulesError;
};

struct Script {
  int first = -1;               // seat of the first player (AF41); -1: from the seed
  std::vector<uint8_t> dice;    // every die rolled, 1..6, in order (start-of-turn rolls in ship id order, re-rolls)
  std::vector<int16_t> tech;    // every alien tech card drawn (design index), in order
  // Filled by Game::bind_script.
  int players = 0;
  std::vector<std::string> names;  // by design
};

}  // namespace gs::af
