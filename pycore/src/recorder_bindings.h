// rftg.GameRecorder: the batch runner's game record (runner/game_record.h) kept alongside a game played step by
// step from Python, so a game replayed outside the runner (galaxysim import) gets the same games and seats
// values: score parts, goal outcomes, the takeover tally.
#pragma once

#include <pybind11/pybind11.h>

#include "py_state.h"
#include "runner/game_record.h"

namespace gs::py_rftg {

struct GameRecorder {
  std::shared_ptr<const rftg::Game> game;
  runner::GameRecord rec{};
  bool started = false;

  // Before `action` is applied to `st`: the start worlds once setup is over, then the takeover tally.
  void step(const PyState& st, int action) {
    if (!started && runner::setup_over(*game, st.s, rec)) {
      runner::record_start(*game, st.s, rec);
      started = true;
    }
    runner::record_step(*game, st.s, action, rec);
  }

  pybind11::dict end(const PyState& st) {
    if (!game->is_terminal(st.s)) throw rftg::RulesError("GameRecorder.end: the game is not over");
    if (!started) runner::record_start(*game, st.s, rec);
    runner::record_end(*game, st.s, rec);
    pybind11::dict d;
    Module::game_values(rec, d);
    pybind11::list seats;
    for (int p = 0; p < game->players(); ++p) {
      pybind11::dict x;
      Module::seat_values(rec.seats[p], x);
      seats.append(x);
    }
    d["seats"] = seats;
    return d;
  }
};

inline void bind_recorder(pybind11::module_& m) {
  namespace py = pybind11;
  py::class_<GameRecorder>(m, "GameRecorder",
                           "The batch runner's record of a game played step by step: call step(state, action) "
                           "before every action, end(state) at the end for the games and seats values.")
      .def(py::init([](const PyState& st) { return GameRecorder{st.game}; }), py::arg("state"))
      .def("step", &GameRecorder::step, py::arg("state"), py::arg("action"))
      .def("end", &GameRecorder::end, py::arg("state"));
}

}  // namespace gs::py_rftg
