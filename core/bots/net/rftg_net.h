// Race for the Galaxy for the net bot (net_player.h): its traits, and the names of the
// shipped models that may play a configuration, most specific first:
//   rftg-<expansion>[-adv][-goals][-takeovers][-draft]-<players>p, then without the player
//   count, then with fewer options (draft, takeovers, goals, adv dropped in turn).
#pragma once
#include <string>
#include <vector>

#include "bots/net/net_traits.h"
#include "bots/net/rftg_action_class.h"
#include "rftg/game.h"
#include "rftg/heuristic.h"
#include "rftg/observation_tensor.h"

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
  // The position right after a secret simultaneous choice (an action card; a Develop or Settle
  // selection before the reveal) as the chooser knows it: the choice made, nothing revealed. The
  // engine itself goes on at once to the next seat's choice or, after the last one, to the reveal
  // of everybody's: a value choice would then judge other seats' secret choices as determinize
  // deals them (uniformly at random). False for any other decision.
  static bool secret_afterstate(const Game& g, const State& s, int action, State& out);
};

template <>
struct NetTraitsOf<rftg::Game> : RftgNet {};

}  // namespace gs::bots::net
