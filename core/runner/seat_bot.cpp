// Built-in RftG bots from specs (see seat_bot.h).
#include "runner/seat_bot.h"

namespace gs::runner {

const char* const kBuiltinBots = bots::kBuiltinBotNames;

BotSpec parse_bot_spec(const std::string& text) { return bots::checked_bot_spec<rftg::RulesError>(text); }

}  // namespace gs::runner
