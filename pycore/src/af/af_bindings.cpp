// pycore._af: the object API of the Alien Frontiers engine (Data, Game, State,
// bots). The Python module pycore/af.py adds the friendly layer (data files from
// the package, option checks). Same shape as pycore._rftg.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "../bot_support.h"
#include "af/game.h"
#include "af/heuristic.h"
#include "af/observation_tensor.h"

namespace py = pybind11;
using namespace gs;
using namespace gs::af;

namespace {

constexpr const char* kEngineVersion = "0.1.0";

using GamePtr = std::shared_ptr<const Game>;
using PyBot = pybind_support::NamedBot<Game, State, heuristic_action>;

struct PyState {
  GamePtr game;
  State s;
};

py::object json_loads(const std::string& text) { return py::module_::import("json").attr("loads")(text); }

void check_seat(const PyState& st, int seat) {
  if (seat < 0 || seat >= st.s.players) throw RulesError("no seat " + std::to_string(seat));
}

int bot_act(PyBot& bot, const PyState& st) {
  if (st.game->is_terminal(st.s)) throw RulesError("the game is over: no decision to take");
  int legal[Game::kMaxLegal];
  int n = st.game->legal_actions(st.s, legal);
  return bot.act(*st.game, st.s, legal, n);
}

const char* shape_name(Shape s) { return s == Shape::Same ? "same" : s == Shape::Straight ? "straight" : "any"; }

py::list facility_table(const Data& d) {
  py::list out;
  for (int f = 0; f < kNumFacilities; ++f) {
    const FacilityDef& x = d.facilities[f];
    py::dict row;
    row["name"] = x.name;
    row["kind"] = facility_key(static_cast<Facility>(f));
    row["docks"] = x.docks < 0 ? py::object(py::none()) : py::object(py::int_(x.docks));
    py::dict usable;
    for (int p = 2; p <= 4; ++p) usable[py::int_(p)] = x.docks < 0 ? py::object(py::none()) : py::object(py::int_(x.usable(p)));
    row["usable"] = usable;
    py::dict blocked;
    for (int p = 2; p <= 4; ++p) blocked[py::int_(p)] = x.blocked[p];
    row["blocked"] = blocked;
    row["group"] = x.group;
    row["shape"] = shape_name(x.shape);
    row["value"] = x.value;
    row["cost_fuel"] = x.cost_fuel;
    row["cost_ore"] = x.cost_ore;
    out.append(row);
  }
  return out;
}

py::list territory_table(const Data& d) {
  py::list out;
  for (int t = 0; t < kNumTerritories; ++t) {
    const TerritoryDef& x = d.territories[t];
    py::dict row;
    row["name"] = x.name;
    row["bonus"] = bonus_key(x.bonus);
    row["amount"] = x.amount;
    row["borrowable"] = x.borrowable;
    out.append(row);
  }
  return out;
}

py::list tech_table(const Data& d) {
  py::list out;
  for (const TechDef& x : d.tech) {
    py::dict row;
    row["name"] = x.name;
    row["copies"] = x.copies;
    row["power"] = power_key(x.power);
    row["amount"] = x.amount;
    row["cost"] = x.cost;
    row["discard"] = discard_key(x.discard);
    row["field"] = x.field < kNumFields ? py::object(py::str(d.fields[x.field].name)) : py::object(py::none());
    row["vp"] = x.vp;
    out.append(row);
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_af, m) {
  m.doc() = "galaxysim: Alien Frontiers engine (C++) bindings";
  m.attr("ENGINE_VERSION") = kEngineVersion;
  m.attr("STATE_BYTES") = sizeof(State);
  m.attr("MAX_ACTION") = act::kMaxAction;

  py::register_exception<RulesError>(m, "RulesError", PyExc_ValueError);
  py::register_exception<DataError>(m, "DataError", PyExc_ValueError);

  py::class_<Data, std::shared_ptr<Data>>(m, "Data", "Board and card data parsed from the four af_*.txt files.")
      .def(py::init([](const std::string& facilities, const std::string& territories, const std::string& tech,
                       const std::string& setup, const std::string& dir) {
             return std::make_shared<Data>(parse_af_data(DataTexts{facilities, territories, tech, setup}, dir));
           }),
           py::arg("facilities"), py::arg("territories"), py::arg("tech"), py::arg("setup"), py::arg("dir") = "core/data")
      .def("with_overrides", [](const Data& d, const std::string& text, const std::string& source) {
             auto out = std::make_shared<Data>(d);
             apply_af_overrides(*out, text, source);
             return out;
           },
           py::arg("text"), py::arg("source") = "override", "A copy with what-if overrides applied (docs/af-rules.md).")
      .def("facilities", &facility_table)
      .def("territories", &territory_table)
      .def("tech", &tech_table)
      .def_property_readonly("colours", [](const Data& d) {
        return std::vector<std::string>(d.setup.colours, d.setup.colours + 4);
      });

  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](const Data& d, int players, bool long_game) {
             return std::make_shared<Game>(d, GameOptions{players, long_game});
           }),
           py::arg("data"), py::arg("players") = 4, py::arg("long_game") = false)
      .def_property_readonly("players", &Game::players)
      .def_property_readonly("long_game", &Game::long_game)
      .def_property_readonly("colonies_per_player", &Game::colonies_per_player)
      .def_property_readonly("colours", [](const Game& g) {
        std::vector<std::string> c;
        for (int p = 0; p < g.players(); ++p) c.push_back(g.colour(p));
        return c;
      })
      .def("usable_docks", [](const Game& g, const std::string& facility) {
             int f = g.data().find_facility(facility);
             if (f < 0) throw RulesError("unknown facility '" + facility + "'");
             int n = g.usable_docks(f);
             return n < 0 ? py::object(py::none()) : py::object(py::int_(n));
           },
           py::arg("facility"), "Usable docks (or dock groups) with this player count; None = unlimited.")
      .def_property_readonly("observation_size", [](const Game& g) { return ObservationEncoder(g).size(); },
                             "Length of State.observation_tensor() (docs/af-observation-tensor.md).")
      .def("observation_slots", [](const Game& g) { return ObservationEncoder(g).slot_names(); },
           "A name for every slot of State.observation_tensor().")
      .def("new_state", [](const std::shared_ptr<Game>& g, uint64_t seed) { return PyState{g, g->new_initial_state(seed)}; },
           py::arg("seed") = 0, "A new game set up from this seed.")
      .def("state_from_json", [](const std::shared_ptr<Game>& g, const std::string& text) { return PyState{g, g->from_json(text)}; },
           py::arg("text"), "Load a position written by State.to_json() or by hand (docs/af-state-json.md).")
      .def("play_games", [](const std::shared_ptr<Game>& g, const std::vector<std::string>& bots, int games, uint64_t seed) {
             return pybind_support::play_games<PyBot, RulesError>(*g, bots, games, seed, "turns",
                                                                   [](const State& s) { return long(s.turn); });
           },
           py::arg("bots"), py::arg("games"), py::arg("seed") = 0,
           "Play games single-threaded in C++ (GIL released) with built-in bots; returns counts and seconds.");

  py::class_<PyState>(m, "State")
      .def_property_readonly("current_player", [](const PyState& st) { return st.game->current_player(st.s); })
      .def_property_readonly("decision", [](const PyState& st) { return st.game->decision_name(st.s.decision); })
      .def_property_readonly("turn", [](const PyState& st) { return int(st.s.turn); })
      .def_property_readonly("active", [](const PyState& st) { return int(st.s.active); })
      .def_property_readonly("players", [](const PyState& st) { return int(st.s.players); })
      .def("legal_actions", [](const PyState& st) { return st.game->legal_actions(st.s); })
      .def("apply", [](PyState& st, int action) { st.game->apply(st.s, action); }, py::arg("action"),
           "Play one legal action; an illegal one raises RulesError naming the decision and the legal actions.")
      .def("describe", [](const PyState& st, int action) { return st.game->describe(st.s, action); })
      .def("is_terminal", [](const PyState& st) { return st.game->is_terminal(st.s); })
      .def("scores", [](const PyState& st) { return st.game->scores(st.s); })
      .def("winners", [](const PyState& st) { return st.game->winners(st.s); })
      .def("score_parts", [](const PyState& st, int seat) {
             check_seat(st, seat);
             auto p = st.game->score_parts(st.s, seat);
             py::dict d;
             d["colonies"] = p.colonies;
             d["territories"] = p.territories;
             d["tech"] = p.tech;
             d["positron"] = p.positron;
             d["total"] = p.total;
             return d;
           })
      .def("observation", [](const PyState& st, int player) {
             check_seat(st, player);
             return json_loads(st.game->observation_json(st.s, player));
           },
           py::arg("player"))
      .def("observation_tensor", [](const PyState& st, int player) {
             check_seat(st, player);
             ObservationEncoder enc(*st.game);
             py::array_t<int16_t> out(enc.size());
             enc.encode(st.s, player, out.mutable_data());
             return out;
           },
           py::arg("player"), "What `player` may know, as a fixed-length int16 numpy vector (docs/af-observation-tensor.md).")
      .def("determinize", [](const PyState& st, int observer, uint64_t seed) {
             check_seat(st, observer);
             return PyState{st.game, st.game->determinize(st.s, observer, seed)};
           },
           py::arg("observer"), py::arg("seed"))
      .def("clone", [](const PyState& st) { return PyState{st.game, st.s}; })
      .def("__copy__", [](const PyState& st) { return PyState{st.game, st.s}; })
      .def("__deepcopy__", [](const PyState& st, py::dict) { return PyState{st.game, st.s}; })
      .def("to_json", [](const PyState& st, py::object indent) {
             return st.game->to_json(st.s, indent.is_none() ? -1 : indent.cast<int>());
           },
           py::arg("indent") = py::none())
      .def("__repr__", [](const PyState& st) {
        return "<af.State turn " + std::to_string(st.s.turn) + ", " + st.game->decision_name(st.s.decision) +
               " for seat " + std::to_string(st.s.actor) + ">";
      });

  py::class_<PyBot>(m, "Bot", "A built-in C++ bot: 'random' or 'heuristic'.")
      .def(py::init(&pybind_support::make_named_bot<PyBot, RulesError>), py::arg("name"), py::arg("seed") = 0)
      .def_readonly("name", &PyBot::name)
      .def("act", &bot_act, py::arg("state"), "The bot's choice for the state's current decision.");
}
