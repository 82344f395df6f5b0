// ISMCTS for Race for the Galaxy: the generic search (bots/ismcts.h) with RftG's
// visibility hooks (rftg/visibility.h), its round (rftg/game_round.h, for the
// reward's round discount) and the greedy heuristic as rollout policy.
// Include this header, not bots/ismcts.h alone, to search RftG positions.
#pragma once
#include "bots/ismcts.h"
#include "rftg/game.h"
#include "rftg/game_round.h"
#include "rftg/heuristic.h"
#include "rftg/visibility.h"

namespace gs::bots {

using RftgIsmcts = Ismcts<rftg::Game, rftg::HeuristicBot>;

static_assert(ismcts_detail::HasSecretGroup<rftg::Game, rftg::State>::value &&
                  ismcts_detail::HasPublicAction<rftg::Game, rftg::State>::value,
              "RftG's visibility hooks must be visible to the search");
static_assert(ismcts_detail::HasWinnersInto<rftg::Game, rftg::State>::value, "allocation-free winners()");
static_assert(ismcts_detail::HasGameRound<rftg::Game, rftg::State>::value, "the round, for the round discount");

}  // namespace gs::bots
