// Built-in RftG bots from specs (see seat_bot.h).
#include "runner/seat_bot.h"

#include <stdexcept>

namespace gs::runner {

const char* const kBuiltinBots = "random, heuristic, ismcts[:key=value,...]";

BotSpec parse_bot_spec(const std::string& text) {
  BotSpec spec;
  try {
    spec = bots::parse_bot_spec(text);
    if (spec.name == "ismcts") {
      bots::ismcts_options(spec);  // validates the options
    } else if (spec.name == "random" || spec.name == "heuristic") {
      if (!spec.options.empty()) throw std::invalid_argument("bot '" + spec.name + "' takes no options (got '" +
                                                             spec.text + "')");
    } else {
      throw std::invalid_argument("unknown bot '" + spec.name + "' (built-in bots: " + kBuiltinBots + ")");
    }
  } catch (const std::invalid_argument& e) {
    throw rftg::RulesError(e.what());
  }
  return spec;
}

SeatBot::SeatBot(const BotSpec& spec) : spec_(parse_bot_spec(spec.text)) {
  if (spec_.name == "random") {
    kind_ = kRandom;
  } else if (spec_.name == "heuristic") {
    kind_ = kHeuristic;
  } else {
    kind_ = kIsmcts;
    try {
      search_ = std::make_unique<bots::RftgIsmcts>(bots::ismcts_options(spec_));
    } catch (const std::invalid_argument& e) {
      throw rftg::RulesError(e.what());
    }
  }
}

}  // namespace gs::runner
