// Types shared by the pybind11 source files of pycore._rftg.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>

#include "rftg/game.h"

namespace gs::py_rftg {

using GamePtr = std::shared_ptr<const rftg::Game>;

// A state together with the game that interprets it (rftg.State).
struct PyState {
  GamePtr game;
  rftg::State s;
};

// Registered in bot_bindings.cpp: rftg.Bot, play_game, game_seed, bot_seed.
void bind_bots(pybind11::module_& m);

}  // namespace gs::py_rftg
