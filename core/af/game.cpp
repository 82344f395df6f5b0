// Game construction: options checked, derived tables (usable docks, colonies per
// player, tech instances and designs, bonus territories) built once per game.
#include "af/play.h"

namespace gs::af {

Game::Game(const Data& data, const GameOptions& options) : data_(data), options_(options) {
  if (options.players < 2 || options.players > 4)
    throw RulesError("Alien Frontiers is for 2 to 4 players, not " + std::to_string(options.players));
  const int p = options.players;
  for (int f = 0; f < kNumFacilities; ++f) usable_[f] = data_.facilities[f].usable(p);
  colonies_ = options.long_game ? data_.setup.colonies_long[p] : data_.setup.colonies[p];
  for (int b = 0; b < kNumBonuses; ++b) bonus_territory_[b] = -1;
  for (int t = 0; t < kNumTerritories; ++t) bonus_territory_[data_.territories[t].bonus] = t;
  for (int d = 0; d < kMaxTechDesigns; ++d) design_mask_[d] = 0;
  for (uint32_t& m : power_mask_) m = 0;
  for (size_t d = 0; d < data_.tech.size(); ++d) {
    for (int c = 0; c < data_.tech[d].copies; ++c) {
      design_of_[n_instances_] = static_cast<int8_t>(d);
      design_mask_[d] |= 1u << n_instances_;
      power_mask_[static_cast<int>(data_.tech[d].power)] |= 1u << n_instances_;
      ++n_instances_;
    }
  }
  for (int i = n_instances_; i < kMaxTechInstances; ++i) design_of_[i] = -1;
  all_instances_ = n_instances_ == 32 ? ~0u : ((1u << n_instances_) - 1);
}

std::string Game::decision_name(DecisionKind k) const {
  static const char* kNames[] = {"none",        "main",       "land",          "reroll",
                                 "plasma_more", "move_colony_from", "move_colony_to", "swap_first",
                                 "swap_second", "raid_choice", "raid_take",    "return_resources"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<int>(DecisionKind::kCount), "decision names");
  return kNames[static_cast<int>(k)];
}

}  // namespace gs::af
