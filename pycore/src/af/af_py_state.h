// What the pybind11 source files of pycore._af share: Alien Frontiers as the shared
// bindings (../game_bindings.h) see it, and its State.
#pragma once
#include <pybind11/pybind11.h>

#include <string>

#include "../game_bindings.h"
#include "af/game.h"
#include "af/script.h"
#include "af/observation_tensor.h"
#include "runner/af_game_record.h"
#include "runner/af_seat_bot.h"

namespace gs::py_af {

struct Module {
  using Game = af::Game;
  using Error = af::RulesError;
  using Script = af::Script;
  using ScriptError = af::ScriptError;
  using Bot = runner::AfSeatBot;
  using Encoder = af::ObservationEncoder;
  using Record = runner::AfGameRecord;
  static constexpr const char* kName = "af";
  static constexpr const char* kObservationDoc = "docs/af-observation-tensor.md";
  static constexpr const char* kStateJsonDoc = "docs/af-state-json.md";
  static constexpr const char* kLengthKey = "turns";
  static long length(const af::State& s) { return s.turn; }
  // The round a decision is taken in (games.rounds counts them the same way: every seat's turn is one round).
  static int round(const af::State& s) { return (s.turn + s.players - 1) / s.players; }
  static bots::BotSpec parse_spec(const std::string& text) { return runner::parse_af_bot_spec(text); }
  static std::string position(const af::State& s) { return "turn " + std::to_string(s.turn); }
  // play_game's record (af_bot_bindings.cpp)
  static void game_values(const runner::AfGameRecord& r, pybind11::dict& d);
  static void seat_values(const runner::AfSeatRecord& s, pybind11::dict& x);
};

using PyState = pybind_support::PyState<af::Game>;

// Registered in af_bot_bindings.cpp: af.Bot, play_game, BUILTIN_BOTS, ISMCTS_OPTIONS.
void bind_bots(pybind11::module_& m);
// Registered in af_script_bindings.cpp: af.Script, af.ScriptError, State.follow_script, ...
void bind_script(pybind11::module_& m, pybind11::class_<PyState>& state);

// Registered in af_net_bindings.cpp: the net bot's models and self-play (net_support.h).
void bind_net(pybind11::module_& m);

}  // namespace gs::py_af
