// pycore._rftg bots: rftg.Bot (a built-in C++ bot made from a spec such as
// "heuristic" or "ismcts:iterations=500"), and play_game, the game loop for
// seats played by Python objects (bots with act(state, legal_actions)) next to
// C++ bots, recording the same rows as the batch runner (runner/game_record.h);
// the mechanism is game_bindings.h, the RftG record values are here.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <vector>

#include "py_state.h"

namespace py = pybind11;

namespace gs::py_rftg {

void Module::game_values(const runner::GameRecord& r, py::dict& d) {
  d["rounds"] = r.rounds;
  d["end_reason"] = static_cast<int>(r.end_reason);
  d["winners_mask"] = static_cast<int>(r.winners_mask);
  d["decisions"] = r.decisions;
  d["wall_time_us"] = r.wall_time_us;
  d["robot_score"] = r.robot_score;
  d["robot_score_cards"] = r.robot_score_cards;
  d["robot_score_chips"] = r.robot_score_chips;
  d["robot_score_six_cost"] = r.robot_score_six_cost;
  d["goals_in_play"] = r.goals_in_play;
}

void Module::seat_values(const runner::SeatRecord& s, py::dict& x) {
  x["start_world"] = s.start_world;
  x["score"] = s.score;
  x["score_cards"] = s.score_cards;
  x["score_chips"] = s.score_chips;
  x["score_six_cost"] = s.score_six_cost;
  x["score_goals"] = s.score_goals;
  x["goals_first_mask"] = s.goals_first;
  x["goals_most_mask"] = s.goals_most;
  x["goals_most_tied_mask"] = s.goals_most_tied;
  x["takeovers_declared"] = s.takeovers_declared;
  x["takeovers_won"] = s.takeovers_won;
  x["takeovers_lost"] = s.takeovers_lost;
  x["takeovers_defended"] = s.takeovers_defended;
  x["rank"] = s.rank;
  x["won"] = s.won;
  x["hand_size"] = s.hand_size;
  x["goods"] = s.goods;
  x["tableau"] = std::vector<int>(s.tableau, s.tableau + s.tableau_len);
}

void bind_bots(py::module_& m) {
  pybind_support::bind_bots<Module>(m);
  m.def("game_seed", [](uint64_t run_seed, uint64_t index) { return game_seed(run_seed, index); },
        py::arg("run_seed"), py::arg("index"), "The deal seed of game `index` of a run.");
  m.def("bot_seed", &runner::bot_seed, py::arg("deal_seed"), py::arg("seat"),
        "The random stream seed of a seat's bot in the game dealt from deal_seed.");
}

}  // namespace gs::py_rftg
