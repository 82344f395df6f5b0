// Built-in Alien Frontiers bots from specs (see af_seat_bot.h).
#include "runner/af_seat_bot.h"

namespace gs::runner {

bots::BotSpec parse_af_bot_spec(const std::string& text) { return bots::checked_bot_spec<af::RulesError>(text); }

}  // namespace gs::runner
