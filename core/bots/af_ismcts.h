// ISMCTS for Alien Frontiers: the generic search (bots/ismcts.h) with the greedy
// heuristic as rollout policy and the round (af/game_round.h, for the reward's
// round discount). Alien Frontiers has no secret choices and nothing
// on the table is hidden, so it needs no visibility hooks: what a seat cannot see
// is the state's RNG (the order of the face-down tech deck and every future roll),
// and af::Game::determinize reseeds it (docs/af-rules.md, AF-G16).
#pragma once
#include "af/game.h"
#include "af/game_round.h"
#include "af/heuristic.h"
#include "bots/ismcts.h"

namespace gs::bots {

using AfIsmcts = Ismcts<af::Game, af::HeuristicBot>;

static_assert(ismcts_detail::HasWinnersInto<af::Game, af::State>::value, "allocation-free winners()");
static_assert(ismcts_detail::HasScoreParts<af::Game, af::State>::value, "scores for cut playouts");
static_assert(ismcts_detail::HasRng<af::State>::value, "future rolls come from the state's RNG");
static_assert(ismcts_detail::HasGameRound<af::Game, af::State>::value, "the round, for the round discount");

}  // namespace gs::bots
