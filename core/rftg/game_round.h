// The round a position is in, for search bots: core/bots/ismcts.h finds game_round
// by argument-dependent lookup and discounts a playout's win by the rounds it took
// (bots/ismcts_reward.h, docs/ismcts.md).
#pragma once
#include "rftg/game.h"

namespace gs::rftg {

inline int game_round(const Game&, const State& s) { return s.round; }

}  // namespace gs::rftg
