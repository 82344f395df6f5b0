// Types shared by the pybind11 source files of pycore._af.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>

#include "af/game.h"

namespace gs::py_af {

using GamePtr = std::shared_ptr<const af::Game>;

// A state together with the game that interprets it (af.State).
struct PyState {
  GamePtr game;
  af::State s;
};

// Registered in af_bot_bindings.cpp: af.Bot, play_game, BUILTIN_BOTS, ISMCTS_OPTIONS.
void bind_bots(pybind11::module_& m);

}  // namespace gs::py_af
