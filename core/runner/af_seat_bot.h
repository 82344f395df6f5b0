// An Alien Frontiers bot for one seat, made from a spec (bots/bot_spec.h):
// "random", "heuristic", "ismcts[:options]" or "net[:options]" (bots/builtin_bot.h), like
// runner/seat_bot.h for Race for the Galaxy. Used by the AF batch runner (one per
// seat per worker thread, reused across games) and by the Python bindings.
#pragma once
#include <string>

#include "af/game.h"
#include "bots/af_ismcts.h"
#include "bots/builtin_bot.h"
#include "bots/net/af_net.h"

namespace gs::runner {

// A spec whose name and options are valid for a built-in bot; throws af::RulesError.
bots::BotSpec parse_af_bot_spec(const std::string& spec);

using AfSeatBot = bots::BuiltinBot<af::Game, af::HeuristicBot, af::RulesError>;
static_assert(std::is_same_v<AfSeatBot::Search, bots::AfIsmcts>, "the AF search");

}  // namespace gs::runner
