// pycore._af bots: af.Bot (a built-in C++ bot made from a spec such as
// "heuristic" or "ismcts:iterations=500"), and play_game, the game loop for
// seats played by Python objects (bots with act(state, legal_actions)) next to
// C++ bots, recording the same rows as the batch runner (runner/af_game_record.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "../python_seats.h"
#include "af/observation_tensor.h"
#include "af_py_state.h"
#include "runner/af_game_record.h"
#include "runner/af_seat_bot.h"

namespace py = pybind11;

namespace gs::py_af {

using af::Game;
using af::RulesError;
using af::State;

namespace {

std::string where(const Game& g, const State& s, int step, const int* legal, int n) {
  return "at decision " + std::to_string(step) + " (" + g.decision_name(s.decision) + ", turn " +
         std::to_string(s.turn) + "); legal actions: " + pybind_support::legal_text(g, s, legal, n);
}

// The games/ and seats/ values of a played game (the columns of the AF batch runner), added to `d`.
void record_dict(const Game& g, const runner::AfGameRecord& r, py::dict& d) {
  d["rounds"] = r.rounds;
  d["turns"] = r.turns;
  d["end_reason"] = static_cast<int>(r.end_reason);
  d["winners_mask"] = static_cast<int>(r.winners_mask);
  d["decisions"] = r.decisions;
  d["wall_time_us"] = r.wall_time_us;
  py::list seats;
  for (int p = 0; p < g.players(); ++p) {
    const runner::AfSeatRecord& s = r.seats[p];
    py::dict x;
    x["score"] = s.score;
    x["score_colonies"] = s.score_colonies;
    x["score_territories"] = s.score_territories;
    x["score_tech"] = s.score_tech;
    x["score_positron"] = s.score_positron;
    x["rank"] = s.rank;
    x["won"] = s.won;
    x["ore"] = s.ore;
    x["fuel"] = s.fuel;
    x["ships"] = s.ships;
    x["colonies_left"] = s.colonies_left;
    x["hub"] = s.hub;
    x["territories"] = s.territories;
    x["tech"] = std::vector<int>(s.tech, s.tech + s.tech_len);
    seats.append(x);
  }
  d["seats"] = seats;
}

// Plays game `game_index` of a run with built-in specs and Python bots (pybind_support::play_python_game).
// A Python bot's state is a determinization: the position with the RNG (future rolls, tech draws) reseeded.
py::dict play_game(const std::shared_ptr<Game>& game, const py::list& seat_objs, const std::vector<std::string>& labels,
                   uint64_t run_seed, int64_t game_index, bool record_decisions) {
  runner::AfGameRecord rec;
  py::dict d = pybind_support::play_python_game<runner::AfSeatBot, af::ObservationEncoder, RulesError, PyState>(
      game, seat_objs, labels, run_seed, game_index, record_decisions, rec, runner::parse_af_bot_spec,
      [&](const State& st, int step, const int* legal, int n) { return where(*game, st, step, legal, n); });
  record_dict(*game, rec, d);
  return d;
}

}  // namespace

void bind_bots(py::module_& m) {
  pybind_support::bind_builtin_bot<runner::AfSeatBot, PyState, RulesError>(m, "af", runner::parse_af_bot_spec);
  m.def("play_game", &play_game, py::arg("game"), py::arg("seats"), py::arg("labels"), py::arg("run_seed"),
        py::arg("game_index"), py::arg("record_decisions") = false,
        "Play game `game_index` of a run with C++ bot specs and Python bots; returns the game's record.");
  m.attr("BUILTIN_BOTS") = bots::kBuiltinBotNames;
  m.attr("ISMCTS_OPTIONS") = bots::ismcts_option_help();
}

}  // namespace gs::py_af
