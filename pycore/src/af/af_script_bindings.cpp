// af.Script and the scripted-state methods of af.State (docs/scripted-draws.md): the
// first player, every die and every alien tech card a game follows.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "af/game.h"
#include "af/script.h"
#include "af_py_state.h"
#include "common/suggest.h"

namespace py = pybind11;

namespace gs::py_af {

namespace {

using Holder = pybind_support::PyScript<af::Game, af::Script>;
using af::ScriptError;

std::shared_ptr<Holder> make_script(const std::shared_ptr<af::Game>& g, py::iterable dice, py::iterable tech,
                                    py::object first) {
  auto h = std::make_shared<Holder>();
  h->game = g;
  af::Script& sc = h->script;
  size_t k = 0;
  for (py::handle v : dice)
    sc.dice.push_back(static_cast<uint8_t>(
        pybind_support::int_arg<int, ScriptError>(v, "scripted die " + std::to_string(++k), 1, 6)));
  k = 0;
  for (py::handle v : tech) {
    const std::string what = "scripted tech card " + std::to_string(++k);
    if (!py::isinstance<py::str>(v)) throw py::type_error(what + " must be a name (str), not " + std::string(py::repr(v)));
    const std::string name = v.cast<std::string>();
    int d = g->data().find_tech(name);
    if (d < 0) {
      std::vector<std::string> names;
      for (const auto& t : g->data().tech) names.push_back(t.name);
      throw ScriptError(what + ": unknown tech card '" + name + "'" + text::suggest(name, names));
    }
    sc.tech.push_back(static_cast<int16_t>(d));
  }
  if (!first.is_none()) sc.first = pybind_support::int_arg<int, ScriptError>(first, "first", 0, g->players() - 1);
  g->bind_script(sc);
  return h;
}

}  // namespace

void bind_script(py::module_& m, py::class_<PyState>& state) {
  py::register_exception<ScriptError>(m, "ScriptError", m.attr("RulesError").ptr());
  py::class_<Holder, std::shared_ptr<Holder>>(m, "Script", "The dice and tech cards a game follows (docs/scripted-draws.md).")
      .def(py::init(&make_script), py::arg("game"), py::kw_only(), py::arg("dice") = py::tuple(),
           py::arg("tech") = py::tuple(), py::arg("first") = py::none(),
           "dice: every die rolled (1-6) in the order the engine rolls them (a turn's ships in ship order, then "
           "re-rolls); tech: every alien tech card drawn, by name, in order; first: the first player's seat "
           "(None: from the seed).")
      .def_property_readonly("dice", [](const Holder& h) { return h.script.dice.size(); })
      .def_property_readonly("tech", [](const Holder& h) { return h.script.tech.size(); });
  state
      .def("follow_script",
           [](PyState& st, py::handle script, int dice, int tech) {
             if (script.is_none()) {
               st.game->follow_script(st.s, nullptr);
               st.script = nullptr;
               return;
             }
             auto h = pybind_support::script_arg<Module>(*st.game, script);
             st.game->follow_script(st.s, &h->script, dice, tech);
             st.script = h;
           },
           py::arg("script"), py::arg("dice") = 0, py::arg("tech") = 0,
           "From now on every die and tech card comes from `script`, from its die `dice` and tech card `tech` "
           "(0-based) on; None: the RNG again.")
      .def_property_readonly("script_position", [](const PyState& st) -> py::object {
        if (!st.s.script) return py::none();
        return py::make_tuple(int(st.s.script_dice), int(st.s.script_tech));
      }, "(dice, tech cards) taken from the script so far; None when the state does not follow a script.");
}

}  // namespace gs::py_af
