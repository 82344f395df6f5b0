// What a seat can see of another seat's choice (rules §3.7), for search bots
// (core/bots/ismcts.h finds these by argument-dependent lookup):
//
//  * secret_group(g, s): non-zero while the decision is one of the simultaneous,
//    secret choices of a step (action cards; Develop/Settle selections before the
//    reveal), the same value for every seat's choice of that step;
//  * public_action(g, s, action, viewer): the deciding seat's action as `viewer`
//    sees it: a card from the decider's hand (kept, discarded, paid, selected) is
//    seen as "a card" (kHiddenAction), anything else as itself.
#pragma once
#include <cstdint>

#include "rftg/game.h"

namespace gs::rftg {

constexpr int kHiddenAction = -2;

inline bool actions_hidden(const State& s) { return s.stage == kStageChooseAction; }

inline bool selection_hidden(const State& s) {
  return (s.stage == kStageDevelop || s.stage == kStageSettle) && s.step == 1;
}

// RvI setup and the draft (§1.8): the start worlds lie face down until every seat has chosen.
inline bool start_worlds_hidden(const Game& g, const State& s) {
  return s.stage == kStageStartDiscard && g.start_choice();
}

inline uint32_t secret_group(const Game&, const State& s) {
  if (!actions_hidden(s) && !selection_hidden(s)) return 0;
  return 1u + static_cast<uint32_t>(s.round) * 64u + static_cast<uint32_t>(s.stage) * 4u + s.phase_rep;
}

inline int public_action(const Game&, const State& s, int action, int viewer) {
  const int actor = s.actor;
  if (actor < 0 || actor == viewer || action < 0 || action >= kMaxInstances) return action;
  return s.hand[actor].test(action) ? kHiddenAction : action;
}

}  // namespace gs::rftg
