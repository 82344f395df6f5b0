// What a Race for the Galaxy game is made from besides its cards: the options, and the
// error for bad options and illegal actions. Nothing here depends on the CardSet width,
// so the two builds of the engine share these types (rftg/narrow.h).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace gs::rftg {

constexpr int kHandLimit = 10;  // §3.6

// Thrown by apply() for an action that is not legal, and by constructors for bad options.
struct RulesError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Rules readings where galaxysim can play the reference engine's reading instead of its own
// (docs/rules-expansions.md; used to replay that engine's records, docs/import.md).
enum ReferenceReading : uint32_t {
  kReadingAnteKeepAny = 1u << 0,  // E21: once a revealed card is higher than the ante, any revealed card may be kept
  kReadingTacticsAnyWorld = 1u << 1,  // A27: New Military Tactics may be discarded with any world placed, not only to conquer
};
struct ReadingName {
  const char* name;
  uint32_t bit;
};
inline constexpr ReadingName kReferenceReadings[] = {{"E21", kReadingAnteKeepAny}, {"A27", kReadingTacticsAnyWorld}};

struct GameOptions {
  int players = 4;
  std::string expansion = "base";
  bool advanced = false;
  bool first_game = false;  // §2.3 introductory setup: start worlds #1..#n and preset hands
  int goals = -1;           // TGS/RvI goals: 1 on, 0 off, -1 the rulebook default (on with 2+ players)
  bool takeovers = false;   // RvI takeovers (E45: off unless asked for)
  bool draft = false;       // draft variant (§6)
  std::string solo_difficulty = "medium";  // solo game (players = 1): easy, medium or hard
  std::string solo_config;  // solo game: text of the solo configuration (core/data/rftg_solo.txt format)
  // Rule constants a what-if variant may change (G16; defaults are the printed rules).
  int hand_limit = kHandLimit;         // §3.6: cards kept at the end of a round
  int vp_per_player = 12;              // §2.2: VP chips in the pool per player
  int tableau_end = 12;                // §3.5: a tableau of this many cards ends the game
  // Random play (Game::play_random) with the narrow engine when the cards fit (rftg/narrow.h):
  // the same games, faster. Off only to compare the two.
  bool narrow_engine = true;
  // ReferenceReading bits: the reference engine's reading of these rules instead of galaxysim's.
  uint32_t reference_readings = 0;
};

}  // namespace gs::rftg
