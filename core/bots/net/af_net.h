// Alien Frontiers for the net bot (net_player.h). AF models choose by value (the position
// after each legal action): AF actions name ships, dock groups and absolute seats, so they
// have no action classes here (space 0) and an AF model has no action head. Shipped model
// names, most specific first: af[-long]-<players>p, af[-long], then without -long.
#pragma once
#include <string>
#include <vector>

#include "af/game.h"
#include "af/heuristic.h"
#include "af/observation_tensor.h"
#include "bots/af_ismcts.h"
#include "bots/net/net_traits.h"

namespace gs::bots::net {

struct AfActionClasses {
  static constexpr const char* kEncoding = "af-actions-none";
  explicit AfActionClasses(const af::Game&) {}
  int space() const { return 0; }
  int of(const af::State&, int) const { return -1; }
};

struct AfNet {
  using Game = af::Game;
  using State = af::State;
  using Encoder = af::ObservationEncoder;
  using Classes = AfActionClasses;
  using Heuristic = af::HeuristicBot;  // self-play's warm-up moves
  static constexpr const char* kGame = "af";

  static std::string expansion(const Game&) { return "af"; }
  static bool value_decision(const State&) { return false; }  // choose=hybrid: no value decisions of its own
  // net:search=N searches every AF decision (NetBot::act), with the value head at its leaves by leaf=net.
  static bool search_decision(const State&) { return true; }
  using Search = bots::AfIsmcts;
  static std::string configuration(const Game& g) {
    return std::string("af") + (g.long_game() ? " long game" : "") + ", " + std::to_string(g.players()) + " players";
  }
  static std::vector<std::string> shipped_names(const Game& g) {
    const std::string p = "-" + std::to_string(g.players()) + "p";
    std::vector<std::string> out;
    if (g.long_game()) out = {"af-long" + p, "af-long"};
    out.push_back("af" + p);
    out.push_back("af");
    return out;
  }
  template <class Choose>
  static void redraw_secret_choices(const Game&, const State&, State&, int, Choose) {}  // AF has no secret choices
  static bool may_stay_hidden(const State&) { return false; }  // not worked out for AF
  static bool same_in_every_determinization(const State&, const State&) { return false; }
  static bool at_safety_cap(const Game&, const State& s) { return s.end == af::kEndTurnCap; }
  static uint64_t progress(const State&) { return 0; }  // no value decisions: never asked
  static int round(const State& s) { return s.turn; }
  // A look-ahead (NetPlayer::rollout_scores) runs to the end of the seat's turn.
  static bool rollout_end(const Game&, const State&, const State& now, int seat) { return now.active != seat; }
};

template <>
struct NetTraitsOf<af::Game> : AfNet {};

}  // namespace gs::bots::net
