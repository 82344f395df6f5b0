// Scripted randomness (docs/scripted-draws.md): a game whose random events come from
// a given script instead of the state's RNG. The start worlds dealt, the goals in play
// and the card each draw takes are read from the script; a draw the script does not
// cover is a ScriptError, never a random card. Replaying recorded games (galaxysim
// import), puzzles and "what if I draw X" positions are built on it.
//
// A scripted State keeps a pointer to its Script and its position in it (play.h,
// script.cpp): the Script must outlive the State and its copies, and never changes
// once the Game has bound it (Game::bind_script). Nothing here depends on the CardSet
// width, so both builds of the engine (rftg/narrow.h) share these types.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rftg/options.h"

namespace gs::rftg {

// A draw or deal the script does not allow: no draw left, a card not in the deck,
// a draw for another seat or another use than the script says.
struct ScriptError : RulesError {
  using RulesError::RulesError;
};

// One scripted draw: the card design it takes (the lowest copy of that design still
// in the deck, copies being interchangeable, G1) and, optionally, what it is for.
struct ScriptedDraw {
  static constexpr int16_t kAnyUse = -1;    // good_on: a hand card, a reveal or a good
  static constexpr int16_t kNotAGood = -2;  // good_on: a hand card or a reveal, not a good
  int16_t design = 0;
  int8_t seat = -1;                // the seat the engine draws for; -1 any
  int16_t good_on = kAnyUse;       // else the design of the world the card goes under as a good
};

struct Script {
  // By seat: the start world designs dealt to it (one, or a red and a blue one at level
  // rvi). Empty: the start worlds come from the seed.
  std::vector<std::vector<int16_t>> start_worlds;
  // The goals in play (indices into CardDb::goals); used when goals_given.
  std::vector<int> goals;
  bool goals_given = false;
  std::vector<ScriptedDraw> draws;

  // Filled by Game::bind_script: each design's instances in the bound game (increasing)
  // and its name, for the draws and the messages.
  std::vector<std::vector<uint8_t>> instances;
  std::vector<int16_t> design_of;  // by instance
  std::vector<std::string> names;
  int players = 0;

  // "scripted draw 12 (Alpha Centauri for seat 1)": draw `index` (0-based) in messages.
  std::string describe(int index) const {
    std::string out = "scripted draw " + std::to_string(index + 1);
    if (index < 0 || index >= static_cast<int>(draws.size())) return out;
    const ScriptedDraw& d = draws[index];
    out += " (" + names[d.design];
    if (d.seat >= 0) out += " for seat " + std::to_string(d.seat);
    if (d.good_on >= 0) out += ", a good on " + names[d.good_on];
    return out + ")";
  }
};

}  // namespace gs::rftg
