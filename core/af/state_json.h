// The JSON writer shared by state_json.cpp (to_json) and observation.cpp.
#pragma once
#include <string>

#include "af/game.h"
#include "common/json.h"

namespace gs::af::state_json_detail {

std::string card_label(const Game& g, int instance);  // "Booster Pod", "Booster Pod #2"
json::Value card_list(const Game& g, uint32_t set);
std::string location_label(const Game& g, int loc);
std::string ship_ref(const Game& g, int ship);        // "red 2", "relic"
// The whole position; with hidden = false the RNG and the deck's cards are left out
// (the deck's size is given instead).
json::Value position_value(const Game& g, const State& s, bool hidden);

}  // namespace gs::af::state_json_detail
