// Race for the Galaxy for the net bot (net_player.h): its traits, and the names of the
// shipped models that may play a configuration, most specific first:
//   rftg-<expansion>[-adv][-goals][-takeovers][-draft]-<players>p, then without the player
//   count, then with fewer options (draft, takeovers, goals, adv dropped in turn).
#pragma once
#include <string>
#include <vector>

#include "bots/net/net_traits.h"
#include "bots/net/rftg_action_class.h"
#include "bots/rftg_ismcts.h"
#include "common/rng.h"
#include "rftg/game.h"
#include "rftg/heuristic.h"
#include "rftg/observation_tensor.h"
#include "rftg/play.h"

namespace gs::bots::net {

struct RftgNet {
  using Game = rftg::Game;
  using State = rftg::State;
  using Encoder = rftg::ObservationEncoder;
  using Classes = RftgActionClasses;
  using Heuristic = rftg::HeuristicBot;  // self-play's warm-up moves
  static constexpr const char* kGame = "rftg";

  static std::string expansion(const Game& g) { return g.options().expansion; }
  static std::string configuration(const Game& g);              // "rftg base, 4 players"
  static std::vector<std::string> shipped_names(const Game& g);
  // The secret choices other seats made earlier in the current step (action cards; Develop or Settle
  // selections), which `det`, a determinization of s for `me`, holds as dealt uniformly at random,
  // made again by `choose(state, legal, n) -> action` from each seat's own view of det (the
  // opponent model of a look-ahead: NetPlayer::rollout_scores).
  template <class Choose>
  static void redraw_secret_choices(const Game& g, const State& s, State& det, int me, Choose choose);
  // choose=hybrid judges the action cards by value: a greedy action head may repeat a card that does
  // nothing (Settle with an empty hand) round after round, and the phase choice is where play is won.
  static bool value_decision(const State& s) { return s.decision == rftg::DecisionKind::ChooseAction; }
  // net:search=N chooses the action cards (the value decisions) by this search instead (NetBot::act).
  static bool search_decision(const State& s) { return value_decision(s); }
  using Search = bots::RftgIsmcts;
  // Whether the deciding seat's view of `after`, one step from `before`, is the same in every determinization:
  // an action card chosen while another seat is still to choose draws nothing and shows nothing (the phases
  // begin only after the last choice), so NetPlayer::value_scores judges it on the position itself.
  // may_stay_hidden(s): whether any action of s can be such an action (else value_scores does not look).
  static bool may_stay_hidden(const State& s) { return s.stage == rftg::kStageChooseAction; }
  static bool same_in_every_determinization(const State& before, const State& after) {
    return may_stay_hidden(before) && may_stay_hidden(after) && after.round == before.round;
  }
  // Whether a finished game was stopped by the safety cap on rounds (A33), not by its own end.
  static bool at_safety_cap(const Game& g, const State& s) {
    return rftg::game_end_condition(g, s) == rftg::GameEnd::RoundCap;
  }
  // The game's visible progress: every tableau, the goods on it, the VP chips and the pool. A seat whose
  // action cards meet the same progress as one and two rounds before is in a stall (NetBot::in_stall).
  static uint64_t progress(const State& s) {
    uint64_t h = splitmix64(static_cast<uint64_t>(s.vp_pool));
    for (int k = 0; k < decltype(s.has_good)::kWords; ++k) h = splitmix64(h ^ s.has_good.w[k]);
    for (int i = 0; i < s.players; ++i) {
      h = splitmix64(h ^ s.chips[i]);
      for (int k = 0; k < decltype(s.has_good)::kWords; ++k) h = splitmix64(h ^ s.tableau[i].w[k]);
    }
    return h;
  }
  static int round(const State& s) { return s.round; }
  // A look-ahead (NetPlayer::rollout_scores) runs to the end of the round.
  static bool rollout_end(const Game&, const State& from, const State& now, int) { return now.round != from.round; }
};

template <class Choose>
void RftgNet::redraw_secret_choices(const Game& g, const State& s, State& det, int me, Choose choose) {
  using rftg::DecisionKind;
  const bool actions = s.stage == rftg::kStageChooseAction;
  const bool selection = (s.stage == rftg::kStageDevelop || s.stage == rftg::kStageSettle) && s.step == 1;
  if (!actions && !selection) return;
  int legal[Game::kMaxLegal];
  for (int i = 0; i < s.players; ++i) {
    const int t = (i - s.first + s.players) % s.players;
    if (i == me || t >= s.turn) continue;  // only the seats that chose before me in this step
    State tmp = det;
    tmp.actor = static_cast<int8_t>(i);
    tmp.turn = static_cast<int8_t>(t);
    if (actions) {
      tmp.decision = DecisionKind::ChooseAction;
      tmp.actions[i] = 0;
      for (int k = 0; k < (s.advanced ? 2 : 1); ++k) {
        const int n = g.legal_actions(tmp, legal);
        if (n == 0) break;
        const int a = choose(tmp, legal, n);
        tmp.actions[i] = static_cast<uint16_t>(tmp.actions[i] | rftg::act_bit(a - rftg::act::kActionBase));
      }
      det.actions[i] = tmp.actions[i];
    } else {
      tmp.decision = s.stage == rftg::kStageDevelop ? DecisionKind::DevelopSelect : DecisionKind::SettleSelect;
      tmp.selected[i] = rftg::kNone;
      const int n = g.legal_actions(tmp, legal);
      if (n == 0) continue;
      const int a = choose(tmp, legal, n);
      det.selected[i] = a == rftg::act::kPass ? rftg::kNone : static_cast<uint8_t>(a);
    }
  }
}

template <>
struct NetTraitsOf<rftg::Game> : RftgNet {};

}  // namespace gs::bots::net
