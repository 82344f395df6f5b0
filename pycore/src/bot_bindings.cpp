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
#include "rftg/observation_tensor.h"
#include "runner/game_record.h"
#include "runner/seat_bot.h"

namespace py = pybind11;

namespace gs::py_rftg {

using rftg::Game;
using rftg::RulesError;
using rftg::State;

namespace {

// A C++ bot usable from Python.
struct PyBot {
  runner::SeatBot bot;
  Rng rng;
};

runner::BotSpec spec_of(const std::string& text) { return runner::parse_bot_spec(text); }

PyBot make_bot(const std::string& spec, uint64_t seed, std::optional<uint64_t> rng_seed) {
  runner::SeatBot bot(spec_of(spec));
  return PyBot{std::move(bot), Rng(rng_seed ? *rng_seed : splitmix64(seed ^ 0x5eedb07ull))};
}

int bot_act(PyBot& b, const PyState& st) {
  if (st.game->is_terminal(st.s)) throw RulesError("the game is over: no decision to take");
  int legal[Game::kMaxLegal];
  int n = st.game->legal_actions(st.s, legal);
  py::gil_scoped_release release;
  return b.bot.act(*st.game, st.s, legal, n, b.rng);
}

py::object stats_dict(const PyBot& b) {
  const bots::IsmctsStats* s = b.bot.ismcts_stats();
  if (!s) return py::none();
  py::dict d;
  d["iterations"] = s->iterations;
  d["nodes"] = s->nodes;
  d["playout_steps"] = s->playout_steps;
  d["cutoffs"] = s->cutoffs;
  d["max_depth"] = s->max_depth;
  d["root_visits"] = s->root_visits;
  d["chosen_value"] = s->chosen_value;
  d["seconds"] = s->seconds;
  d["memory_bytes"] = b.bot.search()->memory_bytes();
  return d;
}

// "12 (Gambling World), 200 (pass)"
std::string legal_text(const Game& g, const State& s, const int* legal, int n) {
  std::ostringstream o;
  for (int k = 0; k < n; ++k) o << (k ? ", " : "") << legal[k] << " (" << g.describe(s, legal[k]) << ")";
  return o.str();
}

std::string where(const Game& g, const State& s, int step, const int* legal, int n) {
  return "at decision " + std::to_string(step) + " (" + g.decision_name(s.decision) + ", round " +
         std::to_string(s.round) + "); legal actions: " + legal_text(g, s, legal, n);
}

// One seat of play_game: a C++ bot, or a Python object called with the GIL held.
struct Seat {
  std::optional<runner::SeatBot> cpp;
  py::object py;
  std::string label;
  bool reset_done = false;
};

py::dict record_dict(const Game& g, const runner::GameRecord& r, uint64_t seed) {
  py::dict d;
  d["seed"] = seed;
  d["rounds"] = r.rounds;
  d["end_reason"] = static_cast<int>(r.end_reason);
  d["winners_mask"] = static_cast<int>(r.winners_mask);
  d["decisions"] = r.decisions;
  d["wall_time_us"] = r.wall_time_us;
  d["robot_score"] = r.robot_score;
  d["error_seat"] = r.error_seat >= 0 ? py::object(py::int_(r.error_seat)) : py::object(py::none());
  d["error"] = r.error_seat >= 0 ? py::object(py::str(r.error)) : py::object(py::none());
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
  return d;
}

// Plays game `game_index` of a run (deal game_seed(run_seed, index), bot seeds as
// the batch runner's). seats[i] is a built-in spec (str) or a Python bot; labels[i]
// names it in error messages. A Python bot sees a determinization of the position
// from its own seat (a full State whose hidden cards are a fresh deal), so it can
// search it but cannot read what its seat does not know.
py::dict play_game(const std::shared_ptr<Game>& game, const py::list& seat_objs, const std::vector<std::string>& labels,
                   uint64_t run_seed, int64_t game_index, bool record_decisions) {
  const Game& g = *game;
  const int players = g.players();
  if (static_cast<int>(py::len(seat_objs)) != players || static_cast<int>(labels.size()) != players)
    throw RulesError("need one bot (and one label) per seat: " + std::to_string(players) + " seats, got " +
                     std::to_string(py::len(seat_objs)));
  if (game_index < 0) throw RulesError("game index must not be negative");
  std::vector<Seat> seats(static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) {
    py::handle o = seat_objs[static_cast<size_t>(p)];
    seats[p].label = labels[static_cast<size_t>(p)];
    if (py::isinstance<py::str>(o)) seats[p].cpp.emplace(spec_of(o.cast<std::string>()));
    else if (py::hasattr(o, "act")) seats[p].py = py::reinterpret_borrow<py::object>(o);
    else throw RulesError("seat " + std::to_string(p) + ": " + seats[p].label +
                          " is neither a bot spec nor an object with act(state, legal_actions)");
  }
  const uint64_t deal = game_seed(run_seed, static_cast<uint64_t>(game_index));
  Rng rng[rftg::kMaxPlayers];
  for (int p = 0; p < players; ++p) rng[p] = Rng(runner::bot_seed(deal, p));
  py::list decisions;
  const rftg::ObservationEncoder encoder(g);
  std::vector<int16_t> observations;  // encoder.size() per recorded decision
  int step = 0;
  State s;
  runner::GameRecord rec;

  auto choose = [&](int seat, const State& st, const int* legal, int n) -> int {
    Seat& b = seats[static_cast<size_t>(seat)];
    if (b.cpp) {
      if (b.cpp->ismcts_stats()) {
        py::gil_scoped_release release;
        return b.cpp->act(g, st, legal, n, rng[seat]);
      }
      return b.cpp->act(g, st, legal, n, rng[seat]);
    }
    std::string who = "bot '" + b.label + "' (seat " + std::to_string(seat) + ")";
    py::object answer;
    try {
      if (!b.reset_done) {
        b.reset_done = true;
        if (py::hasattr(b.py, "reset")) b.py.attr("reset")(seat, runner::bot_seed(deal, seat));
      }
      PyState view{game, g.determinize(st, seat, splitmix64(runner::bot_seed(deal, seat) + 0x9e37u * step))};
      py::list lst;
      for (int k = 0; k < n; ++k) lst.append(legal[k]);
      answer = b.py.attr("act")(view, lst);
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_KeyboardInterrupt) || e.matches(PyExc_SystemExit)) throw;
      std::string kind = py::str(e.type().attr("__name__"));
      std::string msg = py::str(e.value());
      throw runner::BotError(who + " raised " + kind + (msg.empty() ? "" : ": " + msg) + " " +
                             where(g, st, step, legal, n));
    }
    int a = 0;
    bool ok = false;
    if (!py::isinstance<py::bool_>(answer)) {  // an int, or anything with __index__ (numpy integers)
      PyObject* index = PyNumber_Index(answer.ptr());
      if (index) {
        long v = PyLong_AsLong(index);
        Py_DECREF(index);
        if (!(v == -1 && PyErr_Occurred()) && v >= INT32_MIN && v <= INT32_MAX) {
          a = static_cast<int>(v);
          ok = true;
        }
      }
      PyErr_Clear();
    }
    if (ok) {
      ok = false;
      for (int k = 0; k < n && !ok; ++k) ok = legal[k] == a;
    }
    if (!ok)
      throw runner::BotError(who + " answered " + std::string(py::repr(answer)) + ", which is not a legal action " +
                             where(g, st, step, legal, n));
    return a;
  };
  auto on_step = [&](const State& st, int a, int n) {
    if (record_decisions) {
      decisions.append(py::make_tuple(step, int(st.actor), int(st.decision), a, n));
      size_t at = observations.size();
      observations.resize(at + static_cast<size_t>(encoder.size()));
      encoder.encode(st, st.actor, observations.data() + at);
    }
    ++step;
  };
  runner::play_recorded(g, deal, choose, on_step, s, rec);
  py::dict d = record_dict(g, rec, deal);
  d["decision_rows"] = decisions;
  d["observation_size"] = encoder.size();
  d["observations"] = py::bytes(reinterpret_cast<const char*>(observations.data()),
                                observations.size() * sizeof(int16_t));  // int16, native byte order
  return d;
}

}  // namespace

void bind_bots(py::module_& m) {
  py::class_<PyBot>(m, "Bot",
                    "A built-in C++ bot from a spec: 'random', 'heuristic' or 'ismcts[:key=value,...]' "
                    "(docs/bots.md).")
      .def(py::init(&make_bot), py::arg("spec"), py::arg("seed") = 0, py::kw_only(),
           py::arg("rng_seed") = py::none(),
           "seed: the bot's random stream (rng_seed: the raw stream seed, as the batch runner gives a seat).")
      .def_property_readonly("name", [](const PyBot& b) { return b.bot.spec().name; })
      .def_property_readonly("spec", [](const PyBot& b) { return b.bot.spec().text; })
      .def("act", &bot_act, py::arg("state"), "The bot's choice for the state's current decision.")
      .def("last_stats", &stats_dict,
           "Search statistics of the last ISMCTS decision (iterations, nodes, seconds, ...); None for other bots.")
      .def("__repr__", [](const PyBot& b) { return "rftg.Bot(" + std::string(py::repr(py::str(b.bot.spec().text))) + ")"; });

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
