// A Race for the Galaxy bot for one seat, made from a spec (bots/bot_spec.h):
// "random", "heuristic", "ismcts[:options]" or "net[:options]" (bots/builtin_bot.h). Used by the
// batch runner (one per seat per worker thread, reused across games) and by the
// Python bindings.
#pragma once
#include <string>

#include "bots/builtin_bot.h"
#include "bots/net/rftg_net.h"
#include "bots/rftg_ismcts.h"
#include "common/rng.h"
#include "rftg/game.h"

namespace gs::runner {

using bots::BotSpec;

// The built-in bot names (for error messages and help).
extern const char* const kBuiltinBots;

// A spec whose name and options are valid for a built-in bot; throws rftg::RulesError.
BotSpec parse_bot_spec(const std::string& spec);

using SeatBot = bots::BuiltinBot<rftg::Game, rftg::HeuristicBot, rftg::RulesError>;
static_assert(std::is_same_v<SeatBot::Search, bots::RftgIsmcts>, "the RftG search");

}  // namespace gs::runner
