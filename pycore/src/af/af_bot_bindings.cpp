// pycore._af bots: af.Bot (a built-in C++ bot made from a spec such as
// "heuristic" or "ismcts:iterations=500"), and play_game, the game loop for
// seats played by Python objects (bots with act(state, legal_actions)) next to
// C++ bots, recording the same rows as the batch runner (runner/af_game_record.h);
// the mechanism is ../game_bindings.h, the AF record values are here. A Python
// bot's state is a determinization: the position with the RNG (future rolls, tech
// draws) reseeded.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "af_py_state.h"

namespace py = pybind11;

namespace gs::py_af {

void Module::game_values(const runner::AfGameRecord& r, py::dict& d) {
  d["rounds"] = r.rounds;
  d["turns"] = r.turns;
  d["end_reason"] = static_cast<int>(r.end_reason);
  d["winners_mask"] = static_cast<int>(r.winners_mask);
  d["decisions"] = r.decisions;
  d["wall_time_us"] = r.wall_time_us;
}

void Module::seat_values(const runner::AfSeatRecord& s, py::dict& x) {
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
}

void bind_bots(py::module_& m) { pybind_support::bind_bots<Module>(m); }

}  // namespace gs::py_af
