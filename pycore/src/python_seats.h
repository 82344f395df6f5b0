// Shared by the pybind11 modules of every game: a built-in C++ bot usable from
// Python (bots/builtin_bot.h), and one seat of the game loop played by a Python
// object with act(state, legal_actions) (optional reset(seat, seed)), whose
// exceptions and illegal answers become runner::BotError naming the bot, the
// decision and the legal actions. The games' play_game functions build on these.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/rng.h"
#include "py_args.h"
#include "runner/recorded_play.h"
#include "common/quoted.h"

namespace gs::pybind_support {

namespace py = pybind11;

// A built-in C++ bot and its own random stream (rftg.Bot, af.Bot).
template <class SeatBot>
struct PyBuiltinBot {
  SeatBot bot;
  Rng rng;
};

// seed: the bot's stream; rng_seed: the raw stream seed, as the batch runner gives a seat.
inline Rng bot_rng(uint64_t seed, const std::optional<uint64_t>& rng_seed) {
  return Rng(rng_seed ? *rng_seed : splitmix64(seed ^ 0x5eedb07ull));
}

// The statistics of a built-in bot's last ISMCTS decision, or None for other bots.
template <class SeatBot>
py::object search_stats(const SeatBot& bot) {
  const auto* s = bot.ismcts_stats();
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
  d["memory_bytes"] = bot.search()->memory_bytes();
  py::list root;  // every searched root action: (action, visits, mean reward of the deciding seat)
  for (const auto& e : bot.search()->root_edges(bot.search()->last_seat()))
    root.append(py::make_tuple(e.action, e.visits, e.mean));
  d["root"] = root;
  return d;
}

// A built-in bot's choice; the GIL is released while a search runs.
template <class SeatBot, class Game, class State>
int builtin_choice(SeatBot& bot, const Game& g, const State& s, const int* legal, int n, Rng& rng) {
  if (bot.ismcts_stats()) {
    py::gil_scoped_release release;
    return bot.act(g, s, legal, n, rng);
  }
  return bot.act(g, s, legal, n, rng);
}

// The state argument of a net bot's research methods (evaluate, action_scores).
template <class PyStateT, class SeatBot>
const PyStateT& net_state(const SeatBot& bot, py::handle state, const char* prefix, const char* what) {
  if (!bot.net())
    throw py::type_error(std::string(prefix) + ".Bot." + what + ": only a net bot has a network (this is " +
                         text::quoted(bot.spec().text) + ")");
  if (!py::isinstance<PyStateT>(state))
    throw py::type_error(std::string(prefix) + ".Bot." + what + ": expected " + prefix + ".State, got " +
                         repr_of(state));
  return state.cast<const PyStateT&>();
}

// "12 (Gambling World), 200 (pass)"
template <class Game, class State>
std::string legal_text(const Game& g, const State& s, const int* legal, int n) {
  std::ostringstream o;
  for (int k = 0; k < n; ++k) o << (k ? ", " : "") << legal[k] << " (" << g.describe(s, legal[k]) << ")";
  return o.str();
}

// A seat played by a Python object.
struct PythonSeat {
  py::object bot;
  std::string label;
  bool reset_done = false;

  // Asks the bot for an action: reset(seat, seed) before its first decision, then act(view, legal list).
  // `where()` describes the decision for error messages (" at decision 12 (...); legal actions: ...").
  template <class View, class Where>
  int choose(int seat, uint64_t seed, View&& view, const int* legal, int n, Where&& where) {
    const std::string who = "bot " + text::quoted(label) + " (seat " + std::to_string(seat) + ")";
    py::object answer;
    try {
      if (!reset_done) {
        reset_done = true;
        if (py::hasattr(bot, "reset")) bot.attr("reset")(seat, seed);
      }
      py::list lst;
      for (int k = 0; k < n; ++k) lst.append(legal[k]);
      answer = bot.attr("act")(view(), lst);
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_KeyboardInterrupt) || e.matches(PyExc_SystemExit)) throw;
      std::string kind = py::str(e.type().attr("__name__"));
      std::string msg = py::str(e.value());
      throw runner::BotError(who + " raised " + kind + (msg.empty() ? "" : ": " + msg) + " " + where());
    }
    int a = 0;
    if (!legal_answer(answer, legal, n, &a))
      throw runner::BotError(who + " answered " + std::string(py::repr(answer)) + ", which is not a legal action " +
                             where());
    return a;
  }

  // True when `answer` is an int (or has __index__, like numpy integers; not a bool) in legal[0..n).
  static bool legal_answer(const py::object& answer, const int* legal, int n, int* out) {
    if (py::isinstance<py::bool_>(answer)) return false;
    bool ok = false;
    PyObject* index = PyNumber_Index(answer.ptr());
    if (index) {
      long v = PyLong_AsLong(index);
      Py_DECREF(index);
      if (!(v == -1 && PyErr_Occurred()) && v >= INT32_MIN && v <= INT32_MAX) {
        *out = static_cast<int>(v);
        ok = true;
      }
    }
    PyErr_Clear();
    if (!ok) return false;
    for (int k = 0; k < n; ++k)
      if (legal[k] == *out) return true;
    return false;
  }
};

// A seat of play_python_game: a built-in C++ bot, or a Python object called with the GIL held.
template <class SeatBot>
struct GameSeat {
  std::optional<SeatBot> cpp;
  PythonSeat python;
};

// Plays game `game_index` of a run (deal game_seed(run_seed, index), bot seeds as the
// batch runner's) into `rec`. seats[i] is a built-in spec (str) or a Python bot;
// labels[i] names it in error messages. A Python bot sees a determinization of the
// position from its own seat (hidden information dealt afresh), so it can search it
// but cannot read what its seat does not know. Returns the recorded decisions
// (decision_rows, observation_size, observations as int16 bytes). `parse_spec(text)`
// checks a built-in spec; `where(state, step, legal, n)` describes a decision.
template <class SeatBot, class Encoder, class Error, class PyStateT, class GamePtr, class Record, class ParseSpec,
          class Where>
py::dict play_python_game(const GamePtr& game, const py::list& seat_objs, const std::vector<std::string>& labels,
                          uint64_t run_seed, int64_t game_index, bool record_decisions, Record& rec,
                          ParseSpec parse_spec, Where where) {
  const auto& g = *game;
  using State = typename SeatBot::State;
  const int players = g.players();
  if (static_cast<int>(py::len(seat_objs)) != players || static_cast<int>(labels.size()) != players)
    throw Error("need one bot (and one label) per seat: " + std::to_string(players) + " seats, got " +
                std::to_string(py::len(seat_objs)));
  if (game_index < 0) throw Error("game index must not be negative");
  std::vector<GameSeat<SeatBot>> seats(static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) {
    py::handle o = seat_objs[static_cast<size_t>(p)];
    seats[p].python.label = labels[static_cast<size_t>(p)];
    if (py::isinstance<py::str>(o)) seats[p].cpp.emplace(parse_spec(o.cast<std::string>())).prepare(*game);
    else if (py::hasattr(o, "act")) seats[p].python.bot = py::reinterpret_borrow<py::object>(o);
    else throw Error("seat " + std::to_string(p) + ": " + seats[p].python.label +
                     " is neither a bot spec nor an object with act(state, legal_actions)");
  }
  const uint64_t deal = game_seed(run_seed, static_cast<uint64_t>(game_index));
  std::vector<Rng> rng;
  for (int p = 0; p < players; ++p) rng.emplace_back(runner::bot_seed(deal, p));
  py::list decisions;
  const Encoder encoder(g);
  std::vector<int16_t> observations;  // encoder.size() per recorded decision
  int step = 0;
  State s;

  auto choose = [&](int seat, const State& st, const int* legal, int n) -> int {
    GameSeat<SeatBot>& b = seats[static_cast<size_t>(seat)];
    if (b.cpp) return builtin_choice(*b.cpp, g, st, legal, n, rng[static_cast<size_t>(seat)]);
    const uint64_t seed = runner::bot_seed(deal, seat);
    return b.python.choose(
        seat, seed, [&] { return PyStateT{game, g.determinize(st, seat, splitmix64(seed + 0x9e37u * step))}; },
        legal, n, [&] { return where(st, step, legal, n); });
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
  py::dict d;
  d["seed"] = deal;
  d["error_seat"] = rec.error_seat >= 0 ? py::object(py::int_(rec.error_seat)) : py::object(py::none());
  d["error"] = rec.error_seat >= 0 ? py::object(py::str(rec.error)) : py::object(py::none());
  d["decision_rows"] = decisions;
  d["observation_size"] = encoder.size();
  d["observations"] = py::bytes(reinterpret_cast<const char*>(observations.data()),
                                observations.size() * sizeof(int16_t));  // int16, native byte order
  return d;
}

// Registers the game's Bot class: a built-in C++ bot from a spec ("random", "heuristic",
// "ismcts[:key=value,...]"; checked by parse_spec), act(state) and last_stats().
template <class SeatBot, class PyStateT, class Error, class ParseSpec>
void bind_builtin_bot(py::module_& m, const char* repr_prefix, ParseSpec parse_spec) {
  using Bot = PyBuiltinBot<SeatBot>;
  auto act = [repr_prefix](Bot& b, py::handle state) {
    if (!py::isinstance<PyStateT>(state))
      throw py::type_error(std::string(repr_prefix) + ".Bot.act: expected " + repr_prefix + ".State, got " +
                           repr_of(state));
    const PyStateT& st = state.cast<const PyStateT&>();
    if (st.game->is_terminal(st.s)) throw Error("the game is over: no decision to take");
    int legal[std::decay_t<decltype(*st.game)>::kMaxLegal];
    int n = st.game->legal_actions(st.s, legal);
    py::gil_scoped_release release;
    return b.bot.act(*st.game, st.s, legal, n, b.rng);
  };
  py::class_<Bot>(m, "Bot",
                  "A built-in C++ bot from a spec: 'random', 'heuristic', 'ismcts[:key=value,...]' or "
                  "'net[:key=value,...]' (docs/bots.md).")
      .def(py::init([parse_spec](py::handle spec, py::handle seed, py::handle rng_seed) {
             SeatBot bot(parse_spec(text_arg<Error>(spec, "a bot spec")));
             std::optional<uint64_t> raw;
             if (!rng_seed.is_none()) raw = seed_arg<Error>(rng_seed, "rng_seed");
             return Bot{std::move(bot), bot_rng(seed_arg<Error>(seed), raw)};
           }),
           py::arg("spec"), py::arg("seed") = 0, py::kw_only(), py::arg("rng_seed") = py::none(),
           "seed: the bot's random stream (rng_seed: the raw stream seed, as the batch runner gives a seat).")
      .def_property_readonly("name", [](const Bot& b) { return b.bot.spec().name; })
      .def_property_readonly("spec", [](const Bot& b) { return b.bot.spec().text; })
      .def("act", act, py::arg("state"), "The bot's choice for the state's current decision.")
      .def(
          "evaluate",
          [repr_prefix](Bot& b, py::handle state, py::handle seat) {
            const PyStateT& st = net_state<PyStateT>(b.bot, state, repr_prefix, "evaluate");
            const int players = st.s.players;
            const int who = seat.is_none() ? std::max(0, st.game->current_player(st.s))
                                           : seat_arg<Error>(seat, players, "seat");
            std::vector<float> out(static_cast<size_t>(players));
            b.bot.bind_net(*st.game).win_probabilities(*st.game, st.s, who, out.data());
            return out;
          },
          py::arg("state"), py::arg("seat") = py::none(),
          "A net bot's value head: each seat's win probability (by seat number) as `seat` (default: the "
          "deciding seat) judges the position from what it may see. The final result once the game is over.")
      .def(
          "action_scores",
          [repr_prefix](Bot& b, py::handle state) {
            const PyStateT& st = net_state<PyStateT>(b.bot, state, repr_prefix, "action_scores");
            if (st.game->is_terminal(st.s)) throw Error("the game is over: no decision to take");
            int legal[std::decay_t<decltype(*st.game)>::kMaxLegal];
            int n = st.game->legal_actions(st.s, legal);
            b.bot.bind_net(*st.game);
            return b.bot.net()->scores(*st.game, st.s, legal, n, b.rng);
          },
          py::arg("state"),
          "What a net bot compares at this decision, one score per legal action in legal_actions() order: the "
          "action head's logits (choose=policy) or the win probability after each action (choose=value).")
      .def("last_stats", [](const Bot& b) { return search_stats(b.bot); },
           "Search statistics of the last ISMCTS decision (iterations, nodes, seconds, ...); None for other bots.")
      .def("__repr__", [repr_prefix](const Bot& b) {
        return std::string(repr_prefix) + ".Bot(" + std::string(py::repr(py::str(b.bot.spec().text))) + ")";
      });
}

}  // namespace gs::pybind_support
