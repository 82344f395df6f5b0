// Shared by the pybind11 modules of every game: the Python State (a state with the
// game that interprets it), the methods every game's Game and State have (the game
// interface of DESIGN.md), and the Bot class, play_game and the bot names.
//
// A module describes its game with a struct M (pycore/src/py_state.h for RftG,
// pycore/src/af/af_py_state.h for AF):
//   Game, Error (its rules error), Bot (its seat bot), Encoder (its observation encoder),
//   Record (its game record, runner/*game_record.h);
//   kName ("rftg"), kObservationDoc, kStateJsonDoc (the docs pages), kLengthKey and
//   length(state) (play_games' total game length, e.g. "rounds");
//   parse_spec(text) (a built-in bot spec, checked), position(state) ("round 3": how far
//   the game is, for __repr__ and error messages);
//   game_values(record, dict), seat_values(seat record, dict) (play_game's record, in order).
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bot_support.h"
#include "common/action_mask.h"
#include "py_args.h"
#include "bots/builtin_bot.h"
#include "bots/ismcts.h"
#include "python_seats.h"

namespace gs::pybind_support {

namespace py = pybind11;

// The game's State type (what new_initial_state returns).
template <class Game>
using StateOf = std::decay_t<decltype(std::declval<const Game&>().new_initial_state(0))>;

// A state together with the game that interprets it (rftg.State, af.State), and the
// script a scripted state follows (kept alive with it; null when not scripted).
template <class Game>
struct PyState {
  std::shared_ptr<const Game> game;
  StateOf<Game> s;
  std::shared_ptr<const void> script;
};

// A script bound to a game (rftg.Script, af.Script; docs/scripted-draws.md).
template <class Game, class Script>
struct PyScript {
  std::shared_ptr<const Game> game;
  Script script;
};

// The script argument of new_state / follow_script: a Script made for this game's object.
template <class M>
std::shared_ptr<PyScript<typename M::Game, typename M::Script>> script_arg(const typename M::Game& game,
                                                                            py::handle script) {
  using Holder = PyScript<typename M::Game, typename M::Script>;
  if (!py::isinstance<Holder>(script))
    throw py::type_error(std::string("script must be a ") + M::kName + ".Script, not " + repr_of(script));
  auto holder = script.cast<std::shared_ptr<Holder>>();
  if (holder->game.get() != &game)
    throw typename M::ScriptError("the script was made for another Game object: make it with this game");
  return holder;
}

// A seat argument of a state's game (py_args.h): an integer from 0 to players-1.
template <class M>
int seat_of(const PyState<typename M::Game>& st, py::handle seat, const char* what = "seat") {
  return seat_arg<typename M::Error>(seat, st.s.players, what);
}

// An action argument: an integer (py_args.h); illegal values are the engine's to refuse.
template <class M>
int action_of(py::handle action) {
  return int_arg<int, typename M::Error>(action, "action");
}

// One dict per item 0 .. count-1, `row(i, dict)` filling item i's (the data tables of a module).
template <class Row>
py::list table(int count, Row row) {
  py::list out;
  for (int i = 0; i < count; ++i) {
    py::dict d;
    row(i, d);
    out.append(d);
  }
  return out;
}

// Game methods every game has: players, the observation tensor's size and slot names, new_state,
// state_from_json and play_games.
template <class M>
void bind_game_methods(py::class_<typename M::Game, std::shared_ptr<typename M::Game>>& cls) {
  using Game = typename M::Game;
  using State = StateOf<Game>;
  const std::string observation_doc = std::string(" (") + M::kObservationDoc + ").";
  cls.def_property_readonly("players", &Game::players)
      .def("num_distinct_actions", &Game::num_distinct_actions,
           "The size of the action space: every action code of every decision of this game is below it "
           "(the length of State.legal_actions_mask()).")
      .def_property_readonly("observation_size", [](const Game& g) { return typename M::Encoder(g).size(); },
                             ("Length of State.observation_tensor() for this game kind" + observation_doc).c_str())
      .def("observation_slots", [](const Game& g) { return typename M::Encoder(g).slot_names(); },
           "The name of every slot of State.observation_tensor().")
      .def("new_state",
           [](const std::shared_ptr<Game>& g, py::handle seed, py::handle script) {
             const uint64_t sd = seed_arg<typename M::Error>(seed);
             if (script.is_none()) return PyState<Game>{g, g->new_initial_state(sd), nullptr};
             auto holder = script_arg<M>(*g, script);
             return PyState<Game>{g, g->new_scripted_state(holder->script, sd), holder};
           },
           py::arg("seed") = 0, py::arg("script") = py::none(),
           "A new game set up from this seed; with a Script, its random events come from the script "
           "(docs/scripted-draws.md).")
      .def("state_from_json",
           [](const std::shared_ptr<Game>& g, py::handle text) {
             const char* hint = py::isinstance<py::dict>(text) ? " (give the JSON text: json.dumps(...))" : "";
             return PyState<Game>{g, g->from_json(text_arg<typename M::Error>(text, "the position", hint)), nullptr};
           },
           py::arg("text"),
           (std::string("Load a position written by State.to_json() or by hand (") + M::kStateJsonDoc + ").").c_str())
      .def("play_games",
           [](const std::shared_ptr<Game>& g, const std::vector<std::string>& bots, py::handle games,
              py::handle seed) {
             return play_games<typename M::Bot, typename M::Error>(
                 *g, bots, int_arg<int, typename M::Error>(games, "games", 0), seed_arg<typename M::Error>(seed),
                 M::parse_spec, M::kLengthKey, [](const State& s) { return M::length(s); });
           },
           py::arg("bots"), py::arg("games"), py::arg("seed") = 0,
           "Play games single-threaded in C++ (GIL released) with built-in bots; returns counts and seconds.");
}

// State methods every game has: the decision, legal actions and their effect, the result, what a seat
// may know, copies and JSON. The game's own (score_parts, round, goals, ...) are added by its module.
template <class M>
void bind_state_methods(py::class_<PyState<typename M::Game>>& cls) {
  using St = PyState<typename M::Game>;
  cls.def_property_readonly("current_player", [](const St& st) { return st.game->current_player(st.s); })
      .def_property_readonly("decision", [](const St& st) { return st.game->decision_name(st.s.decision); })
      .def_property_readonly("players", [](const St& st) { return int(st.s.players); })
      .def("legal_actions", [](const St& st) { return st.game->legal_actions(st.s); })
      .def("legal_actions_mask",
           [](const St& st) {
             py::array_t<bool> out(st.game->num_distinct_actions());
             static_assert(sizeof(bool) == sizeof(uint8_t), "numpy bools are bytes");
             legal_action_mask(*st.game, st.s, reinterpret_cast<uint8_t*>(out.mutable_data()));
             return out;
           },
           "The legal actions as a numpy bool vector of game.num_distinct_actions() entries: mask[a] is True "
           "exactly when a is in legal_actions() (all False once the game is over).")
      .def("apply", [](St& st, py::handle action) { st.game->apply(st.s, action_of<M>(action)); }, py::arg("action"),
           "Play one legal action; an illegal one raises RulesError naming the decision and the legal actions.")
      .def("describe", [](const St& st, py::handle action) { return st.game->describe(st.s, action_of<M>(action)); },
           py::arg("action"))
      .def("is_terminal", [](const St& st) { return st.game->is_terminal(st.s); })
      .def("scores", [](const St& st) { return st.game->scores(st.s); })
      .def("winners", [](const St& st) { return st.game->winners(st.s); })
      .def("observation",
           [](const St& st, py::handle player) {
             return py::module_::import("json").attr("loads")(
                 st.game->observation_json(st.s, seat_of<M>(st, player, "player")));
           },
           py::arg("player"))
      .def("observation_tensor",
           [](const St& st, py::handle player) {
             const int seat = seat_of<M>(st, player, "player");
             typename M::Encoder enc(*st.game);
             py::array_t<int16_t> out(enc.size());
             enc.encode(st.s, seat, out.mutable_data());
             return out;
           },
           py::arg("player"),
           (std::string("What `player` may know, as a fixed-length int16 numpy vector (") + M::kObservationDoc + ").")
               .c_str())
      .def("determinize",
           [](const St& st, py::handle observer, py::handle seed) {
             const int seat = seat_of<M>(st, observer, "observer");
             return St{st.game, st.game->determinize(st.s, seat, seed_arg<typename M::Error>(seed)), nullptr};
           },
           py::arg("observer"), py::arg("seed"))
      .def("clone", [](const St& st) { return St{st.game, st.s, st.script}; })
      .def("__copy__", [](const St& st) { return St{st.game, st.s, st.script}; })
      .def("__deepcopy__", [](const St& st, py::dict) { return St{st.game, st.s, st.script}; })
      .def("to_json",
           [](const St& st, py::object indent) {
             const int spaces = indent.is_none() ? -1 : int_arg<int, typename M::Error>(indent, "indent", -1, 64);
             return st.game->to_json(st.s, spaces);
           },
           py::arg("indent") = py::none())
      .def("__repr__", [](const St& st) {
        return std::string("<") + M::kName + ".State " + M::position(st.s) + ", " +
               st.game->decision_name(st.s.decision) + " for seat " + std::to_string(st.s.actor) + ">";
      });
}

// Plays game `game_index` of a run with built-in specs and Python bots (play_python_game); returns its record:
// the decisions, then M::game_values and, per seat, M::seat_values (the columns of the batch runner).
template <class M>
py::dict play_game(const std::shared_ptr<typename M::Game>& game, const py::list& seat_objs,
                   const std::vector<std::string>& labels, uint64_t run_seed, int64_t game_index,
                   bool record_decisions) {
  using State = StateOf<typename M::Game>;
  typename M::Record rec;
  py::dict d = play_python_game<typename M::Bot, typename M::Encoder, typename M::Error, PyState<typename M::Game>>(
      game, seat_objs, labels, run_seed, game_index, record_decisions, rec, M::parse_spec,
      [&](const State& st, int step, const int* legal, int n) {
        return "at decision " + std::to_string(step) + " (" + game->decision_name(st.decision) + ", " +
               M::position(st) + "); legal actions: " + legal_text(*game, st, legal, n);
      });
  M::game_values(rec, d);
  py::list seats;
  for (int p = 0; p < game->players(); ++p) {
    py::dict x;
    M::seat_values(rec.seats[p], x);
    seats.append(x);
  }
  d["seats"] = seats;
  return d;
}

// The module's Bot class (a built-in C++ bot from a spec), play_game, BUILTIN_BOTS and ISMCTS_OPTIONS.
template <class M>
void bind_bots(py::module_& m) {
  bind_builtin_bot<typename M::Bot, PyState<typename M::Game>, typename M::Error>(m, M::kName, M::parse_spec);
  m.def("play_game", &play_game<M>, py::arg("game"), py::arg("seats"), py::arg("labels"), py::arg("run_seed"),
        py::arg("game_index"), py::arg("record_decisions") = false,
        "Play game `game_index` of a run with C++ bot specs and Python bots; returns the game's record.");
  m.attr("BUILTIN_BOTS") = bots::kBuiltinBotNames;
  m.attr("ISMCTS_OPTIONS") = bots::ismcts_option_help();
}

}  // namespace gs::pybind_support
