// Checking the specs of the built-in bots (see builtin_bot.h and docs/bots.md).
#include "bots/builtin_bot.h"

#include "bots/net/net_options.h"
#include "common/suggest.h"
#include "common/quoted.h"

namespace gs::bots {

const char* const kBuiltinBotNames = "random, heuristic, ismcts[:key=value,...], net[:key=value,...]";

BotSpec parse_builtin_bot_spec(const std::string& text) {
  BotSpec spec = parse_bot_spec(text);
  if (spec.name == "ismcts") {
    ismcts_options(spec);  // validates the options
  } else if (spec.name == "net") {
    net::net_options(spec);  // validates the options (the model is checked against the game it plays)
  } else if (spec.name == "random" || spec.name == "heuristic") {
    if (!spec.options.empty())
      throw std::invalid_argument("bot " + text::quoted(spec.name) + " takes no options (got " + text::quoted(spec.text) + ")");
  } else {
    throw std::invalid_argument("unknown bot " + text::quoted(spec.name) +
                                text::suggest(spec.name, {"random", "heuristic", "ismcts", "net"}) +
                                " (built-in bots: " + kBuiltinBotNames + ")");
  }
  return spec;
}

}  // namespace gs::bots
