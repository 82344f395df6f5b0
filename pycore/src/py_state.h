// What the pybind11 source files of pycore._rftg share: Race for the Galaxy as the
// shared bindings (game_bindings.h) see it, and its State.
#pragma once
#include <pybind11/pybind11.h>

#include <string>

#include "game_bindings.h"
#include "rftg/game.h"
#include "rftg/script.h"
#include "rftg/observation_tensor.h"
#include "runner/game_record.h"
#include "runner/seat_bot.h"

namespace gs::py_rftg {

struct Module {
  using Game = rftg::Game;
  using Error = rftg::RulesError;
  using Script = rftg::Script;
  using ScriptError = rftg::ScriptError;
  using Bot = runner::SeatBot;
  using Encoder = rftg::ObservationEncoder;
  using Record = runner::GameRecord;
  static constexpr const char* kName = "rftg";
  static constexpr const char* kObservationDoc = "docs/observation-tensor.md";
  static constexpr const char* kStateJsonDoc = "docs/state-json.md";
  static constexpr const char* kLengthKey = "rounds";
  static long length(const rftg::State& s) { return s.round; }
  static int round(const rftg::State& s) { return s.round; }  // the round a decision is taken in (0: setup)
  static runner::BotSpec parse_spec(const std::string& text) { return runner::parse_bot_spec(text); }
  static std::string position(const rftg::State& s) { return "round " + std::to_string(s.round); }
  // play_game's record (bot_bindings.cpp)
  static void game_values(const runner::GameRecord& r, pybind11::dict& d);
  static void seat_values(const runner::SeatRecord& s, pybind11::dict& x);
};

using PyState = pybind_support::PyState<rftg::Game>;

// Registered in bot_bindings.cpp: rftg.Bot, play_game, game_seed, bot_seed.
void bind_bots(pybind11::module_& m);
// Registered in rftg_script_bindings.cpp: rftg.Script, rftg.ScriptError, State.follow_script, ...
void bind_script(pybind11::module_& m, pybind11::class_<PyState>& state);

// Registered in net_bindings.cpp: the net bot's models and self-play (net_support.h).
void bind_net(pybind11::module_& m);

}  // namespace gs::py_rftg
