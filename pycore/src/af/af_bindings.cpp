// pycore._af: the object API of the Alien Frontiers engine (Data, Game, State,
// bots). The Python module pycore/af.py adds the friendly layer (data files from
// the package, option checks). Same shape as pycore._rftg.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "../game_bindings.h"
#include "af/game.h"
#include "af_py_state.h"
#include "../replay_bindings.h"
#include "common/quoted.h"

namespace py = pybind11;
using namespace gs;
using namespace gs::af;

namespace {

constexpr const char* kEngineVersion = "0.1.0";

using py_af::Module;
using py_af::PyState;
using pybind_support::table;

const char* shape_name(Shape s) { return s == Shape::Same ? "same" : s == Shape::Straight ? "straight" : "any"; }

py::list facility_table(const Data& d) {
  return table(kNumFacilities, [&](int f, py::dict& row) {
    const FacilityDef& x = d.facilities[f];
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
  });
}

py::list territory_table(const Data& d) {
  return table(kNumTerritories, [&](int t, py::dict& row) {
    const TerritoryDef& x = d.territories[t];
    row["name"] = x.name;
    row["bonus"] = bonus_key(x.bonus);
    row["amount"] = x.amount;
    row["borrowable"] = x.borrowable;
  });
}

py::list field_table(const Data& d) {
  return table(kNumFields, [&](int f, py::dict& row) {
    row["name"] = d.fields[f].name;
    row["effect"] = field_key(static_cast<Field>(f));
    row["vp"] = d.fields[f].vp;
  });
}

py::list tech_table(const Data& d) {
  return table(static_cast<int>(d.tech.size()), [&](int i, py::dict& row) {
    const TechDef& x = d.tech[static_cast<size_t>(i)];
    row["name"] = x.name;
    row["copies"] = x.copies;
    row["power"] = power_key(x.power);
    row["amount"] = x.amount;
    row["cost"] = x.cost;
    row["discard"] = discard_key(x.discard);
    row["field"] = x.field < kNumFields ? py::object(py::str(d.fields[x.field].name)) : py::object(py::none());
    row["vp"] = x.vp;
  });
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
      .def("fields", &field_table)
      .def_property_readonly("colours", [](const Data& d) {
        return std::vector<std::string>(d.setup.colours, d.setup.colours + 4);
      });

  py::class_<Game, std::shared_ptr<Game>> game(m, "Game");
  game.def(py::init([](const Data& d, int players, bool long_game) {
             return std::make_shared<Game>(d, GameOptions{players, long_game});
           }),
           py::arg("data"), py::arg("players") = 4, py::arg("long_game") = false)
      .def_property_readonly("long_game", &Game::long_game)
      .def_property_readonly("colonies_per_player", &Game::colonies_per_player)
      .def_property_readonly("colours", [](const Game& g) {
        std::vector<std::string> c;
        for (int p = 0; p < g.players(); ++p) c.push_back(g.colour(p));
        return c;
      })
      .def("usable_docks", [](const Game& g, const std::string& facility) {
             int f = g.data().find_facility(facility);
             if (f < 0) throw RulesError("unknown facility " + text::quoted(facility));
             int n = g.usable_docks(f);
             return n < 0 ? py::object(py::none()) : py::object(py::int_(n));
           },
           py::arg("facility"), "Usable docks (or dock groups) with this player count; None = unlimited.");
  pybind_support::bind_game_methods<Module>(game);
  pybind_support::bind_replay<Module>(game);

  py::class_<PyState> state(m, "State");
  pybind_support::bind_state_methods<Module>(state);
  state.def_property_readonly("turn", [](const PyState& st) { return int(st.s.turn); })
      .def_property_readonly("active", [](const PyState& st) { return int(st.s.active); })
      .def("score_parts", [](const PyState& st, py::handle seat) {
             auto p = st.game->score_parts(st.s, pybind_support::seat_of<Module>(st, seat));
             py::dict d;
             d["colonies"] = p.colonies;
             d["territories"] = p.territories;
             d["tech"] = p.tech;
             d["positron"] = p.positron;
             d["total"] = p.total;
             return d;
           },
           py::arg("seat"));

  py_af::bind_bots(m);
  py_af::bind_script(m, state);
  py_af::bind_net(m);
}
