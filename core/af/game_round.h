// The round a position is in (turns begun / players, rounded up: the games table's
// `rounds`), for search bots: core/bots/ismcts.h finds game_round by
// argument-dependent lookup and discounts a playout's win by the rounds it took
// (bots/ismcts_reward.h, docs/ismcts.md).
#pragma once
#include "af/game.h"

namespace gs::af {

inline int game_round(const Game&, const State& s) { return (s.turn + s.players - 1) / s.players; }

}  // namespace gs::af
