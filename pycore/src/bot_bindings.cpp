// pycore._rftg bots: rftg.Bot (a built-in C++ bot made from a spec such as
// "heuristic" or "ismcts:iterations=500"), and play_game, the game loop for
// seats played by Python objects (bots with act(state, legal_actions)) next to
// C++ bots, recording the same rows as the batch runner (runner/game_record.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "py_state.h"
#include "python_seats.h"
#include "rftg/observation_tensor.h"
#include "runner/game_record.h"
#include "runner/seat_bot.h"

namespace py = pybind11;

namespace gs::py_rftg {

using rftg::Game;
using rftg::RulesError;
using rftg::State;

namespace {

using pybind_support::legal_text;

runner::BotSpec spec_of(const std::string& text) { return runner::parse_bot_spec(text); }

std::string where(const Game& g, const State& s, int step, const int* legal, int n) {
  return "at decision " + std::to_string(step) + " (" + g.decision_name(s.decision) + ", round " +
         std::to_string(s.round) + "); legal actions: " + legal_text(g, s, legal, n);
}

// The games/ and seats/ values of a played game, added to `d`.
void record_dict(const Game& g, const runner::GameRecord& r, py::dict& d) {
  d["rounds"] = r.rounds;
  d["end_reason"] = static_cast<int>(r.end_reason);
  d["winners_mask"] = static_cast<int>(r.winners_mask);
  d["decisions"] = r.decisions;
  d["wall_time_us"] = r.wall_time_us;
  d["robot_score"] = r.robot_score;
  py::list seats;
  for (int p = 0; p < g.players(); ++p) {
    const runner::SeatRecord& s = r.seats[p];
    py::dict x;
    x["start_world"] = s.start_world;
    x["score"] = s.score;
    x["score_cards"] = s.score_cards;
    x["score_chips"] = s.score_chips;
    x["score_six_cost"] = s.score_six_cost;
    x["score_goals"] = s.score_goals;
    x["rank"] = s.rank;
    x["won"] = s.won;
    x["hand_size"] = s.hand_size;
    x["goods"] = s.goods;
    x["tableau"] = std::vector<int>(s.tableau, s.tableau + s.tableau_len);
    seats.append(x);
  }
  d["seats"] = seats;
}

// Plays game `game_index` of a run with built-in specs and Python bots (pybind_support::play_python_game).
py::dict play_game(const std::shared_ptr<Game>& game, const py::list& seat_objs, const std::vector<std::string>& labels,
                   uint64_t run_seed, int64_t game_index, bool record_decisions) {
  runner::GameRecord rec;
  py::dict d = pybind_support::play_python_game<runner::SeatBot, rftg::ObservationEncoder, RulesError, PyState>(
      game, seat_objs, labels, run_seed, game_index, record_decisions, rec, spec_of,
      [&](const State& st, int step, const int* legal, int n) { return where(*game, st, step, legal, n); });
  record_dict(*game, rec, d);
  return d;
}

}  // namespace

void bind_bots(py::module_& m) {
  pybind_support::bind_builtin_bot<runner::SeatBot, PyState, RulesError>(m, "rftg", spec_of);

  m.def("play_game", &play_game, py::arg("game"), py::arg("seats"), py::arg("labels"), py::arg("run_seed"),
        py::arg("game_index"), py::arg("record_decisions") = false,
        "Play game `game_index` of a run with C++ bot specs and Python bots; returns the game's record.");
  m.def("game_seed", [](uint64_t run_seed, uint64_t index) { return game_seed(run_seed, index); },
        py::arg("run_seed"), py::arg("index"), "The deal seed of game `index` of a run.");
  m.def("bot_seed", &runner::bot_seed, py::arg("deal_seed"), py::arg("seat"),
        "The random stream seed of a seat's bot in the game dealt from deal_seed.");
  m.attr("BUILTIN_BOTS") = runner::kBuiltinBots;
  m.attr("ISMCTS_OPTIONS") = bots::ismcts_option_help();
}

}  // namespace gs::py_rftg
