// Bot specs: "random", "heuristic", "ismcts:iterations=2000,c=0.7", "ismcts:ms=50".
// A spec is a bot name, optionally followed by ':' and comma-separated key=value
// options. The syntax is checked here; which names and keys exist is up to the
// game's bot factory (e.g. runner/seat_bot.h), which uses ismcts_options() for
// the ISMCTS keys. Errors are std::invalid_argument with one clear line.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "bots/ismcts.h"

namespace gs::bots {

struct BotSpec {
  std::string text;  // as written
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // in the order written
};

BotSpec parse_bot_spec(const std::string& text);

// The ISMCTS options of a spec named "ismcts" (unknown keys and bad values are errors).
IsmctsOptions ismcts_options(const BotSpec& spec);

// The keys ismcts_options() accepts, for help texts: "iterations=N, ms=T, ...".
std::string ismcts_option_help();

// True when every seat's bot is "random": the engine may then play the whole game itself
// (bots/playout.h: has_random_picker).
inline bool all_random(const std::vector<BotSpec>& specs) {
  for (const BotSpec& b : specs)
    if (b.name != "random") return false;
  return true;
}

}  // namespace gs::bots
