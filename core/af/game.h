// An Alien Frontiers game definition (player count, long-game option, the board
// and card data with derived tables) and the engine interface shared with the
// Race for the Galaxy engine (see DESIGN.md "The game interface").
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "af/data.h"
#include "af/state.h"

namespace gs::af {

// Thrown by apply() for an action that is not legal, by from_json for a bad
// position and by the constructor for bad options.
struct RulesError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GameOptions {
  int players = 4;
  bool long_game = false;  // 8 colonies per player with 3 and 4 players (rules 2.2)
};

class Game {
 public:
  Game(const Data& data, const GameOptions& options);

  const Data& data() const { return data_; }
  const GameOptions& options() const { return options_; }
  int players() const { return options_.players; }
  bool long_game() const { return options_.long_game; }

  // Board and cards for this player count.
  const FacilityDef& facility(int f) const { return data_.facilities[f]; }
  int usable_docks(int f) const { return usable_[f]; }  // docks or dock groups; -1 = unlimited
  int colonies_per_player() const { return colonies_; }
  int ships_per_colour() const { return data_.setup.ships_per_colour; }
  const TerritoryDef& territory(int t) const { return data_.territories[t]; }
  int territory_of(Bonus b) const { return bonus_territory_[b]; }
  int num_instances() const { return n_instances_; }
  int design_of(int instance) const { return design_of_[instance]; }
  const TechDef& tech_of(int instance) const { return data_.tech[design_of_[instance]]; }
  uint32_t design_mask(int design) const { return design_mask_[design]; }
  uint32_t all_instances() const { return all_instances_; }
  uint32_t with_power(Power p) const { return power_mask_[static_cast<int>(p)]; }
  int num_designs() const { return static_cast<int>(data_.tech.size()); }
  const std::string& colour(int seat) const { return data_.setup.colours[seat]; }

  // The engine.
  State new_initial_state(uint64_t seed) const;
  // Scripted randomness (script.h, docs/scripted-draws.md). bind_script checks a script
  // against this game (a ScriptError names what is wrong); a bound script must outlive
  // every State that follows it. new_scripted_state takes the first player (unless the
  // script leaves it to the seed), every die and every tech card from the script;
  // follow_script makes any position do so from die `dice` and tech card `tech` of the
  // script on (nullptr: the RNG again).
  void bind_script(Script& script) const;
  State new_scripted_state(const Script& script, uint64_t seed = 0) const;
  void follow_script(State& s, const Script* script, int dice = 0, int tech = 0) const;
  int legal_actions(const State& s, int* out) const;  // returns the count; out needs kMaxLegal entries
  std::vector<int> legal_actions(const State& s) const;
  bool is_legal(const State& s, int action) const;
  void apply(State& s, int action) const;            // throws RulesError when illegal
  void apply_unchecked(State& s, int action) const;  // for bots that picked from legal_actions
  // Applies a legal action and writes the next decision's legal actions to legal_out
  // (kMaxLegal entries); returns their count, 0 when the game is over.
  int step(State& s, int action, int* legal_out) const;
  bool is_terminal(const State& s) const { return s.end != kRunning; }
  // The size of the action space: every action code a decision can have is below it (state.h, act::):
  // the highest codes are the tech discards, kDiscardBase + design * kDiscardStride + target.
  // 16768 with the shipped 12 tech designs; most codes below it are never used (the numbering is sparse).
  int num_distinct_actions() const { return act::kDiscardBase + num_designs() * act::kDiscardStride; }
  int current_player(const State& s) const { return s.actor; }
  std::string describe(const State& s, int action) const;
  std::string decision_name(DecisionKind k) const;

  // Scoring (rules §9): a snapshot of the current position.
  struct ScoreParts { int colonies = 0, territories = 0, tech = 0, positron = 0, total = 0; };
  ScoreParts score_parts(const State& s, int seat) const;
  std::vector<int> scores(const State& s) const;
  std::vector<int> winners(const State& s) const;  // after the tie-breaks
  int winners(const State& s, int* out) const;     // allocation-free; returns the count

  // Hidden information: the face-down tech deck (its order) and future dice rolls.
  std::string observation_json(const State& s, int player) const;
  State determinize(const State& s, int observer, uint64_t seed) const;

  // Positions as JSON (names, see docs/af-state-json.md).
  std::string to_json(const State& s, int indent = -1) const;
  State from_json(const std::string& text) const;

  static constexpr int kMaxLegal = 512;

  // Internal: plays forced decisions (a single legal action) until a real choice is posed
  // or the game ends; writes that choice's legal actions and returns their count.
  int advance(State& s, int* legal_out) const;

 private:
  State set_up(uint64_t seed, const Script* script) const;  // new_initial_state, new_scripted_state
  Data data_;
  GameOptions options_;
  int usable_[kNumFacilities];
  int colonies_ = 0;
  int bonus_territory_[kNumBonuses];
  int n_instances_ = 0;
  int8_t design_of_[kMaxTechInstances];
  uint32_t design_mask_[kMaxTechDesigns];
  uint32_t all_instances_ = 0;
  uint32_t power_mask_[11];
};

}  // namespace gs::af
