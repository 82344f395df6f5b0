// rftg.Script and the scripted-state methods of rftg.State (docs/scripted-draws.md):
// the start worlds, goals and draws a game follows, given by card and goal names.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "common/suggest.h"
#include "py_state.h"
#include "rftg/game.h"
#include "rftg/script.h"

namespace py = pybind11;

namespace gs::py_rftg {

namespace {

using Holder = pybind_support::PyScript<rftg::Game, rftg::Script>;
using rftg::ScriptError;

std::string text_of(py::handle v, const std::string& what) {
  if (!py::isinstance<py::str>(v)) throw py::type_error(what + " must be a name (str), not " + std::string(py::repr(v)));
  return v.cast<std::string>();
}

int16_t design_named(const rftg::Game& g, py::handle v, const std::string& what) {
  const std::string name = text_of(v, what);
  int d = g.db().find(name);
  for (size_t k = 0; k < g.db().designs.size(); ++k)  // two designs may share a name at different levels
    if (g.db().designs[k].name == name && !g.copies(static_cast<int>(k)).empty()) d = static_cast<int>(k);
  if (d < 0 || g.copies(d).empty()) {
    std::vector<std::string> names;
    for (size_t k = 0; k < g.db().designs.size(); ++k)
      if (!g.copies(static_cast<int>(k)).empty()) names.push_back(g.db().designs[k].name);
    throw ScriptError(what + ": unknown card '" + name + "'" + (d >= 0 ? " (not a card of this game)" : "") +
                      text::suggest(name, names));
  }
  return static_cast<int16_t>(d);
}

// A draw: a card name, or {"card": name, "seat": seat, "good_on": world name or None}.
rftg::ScriptedDraw draw_of(const rftg::Game& g, py::handle v, size_t k) {
  const std::string what = "scripted draw " + std::to_string(k + 1);
  rftg::ScriptedDraw d;
  if (!py::isinstance<py::dict>(v)) {
    d.design = design_named(g, v, what);
    return d;
  }
  py::dict x = py::reinterpret_borrow<py::dict>(v);
  for (auto item : x) {
    std::string key = text_of(item.first, what + "'s key");
    if (key != "card" && key != "seat" && key != "good_on")
      throw ScriptError(what + ": unknown key '" + key + "' (expected card, seat, good_on)");
  }
  if (!x.contains("card")) throw ScriptError(what + " has no 'card'");
  d.design = design_named(g, x["card"], what);
  if (x.contains("seat") && !x["seat"].is_none())
    d.seat = static_cast<int8_t>(pybind_support::int_arg<int, ScriptError>(x["seat"], what + "'s seat", 0, g.players() - 1));
  if (x.contains("good_on"))
    d.good_on = x["good_on"].is_none() ? rftg::ScriptedDraw::kNotAGood : design_named(g, x["good_on"], what + "'s world");
  return d;
}

std::shared_ptr<Holder> make_script(const std::shared_ptr<rftg::Game>& g, py::iterable draws, py::object start_worlds,
                                    py::object goals) {
  auto h = std::make_shared<Holder>();
  h->game = g;
  rftg::Script& sc = h->script;
  size_t k = 0;
  for (py::handle v : draws) sc.draws.push_back(draw_of(*g, v, k++));
  if (!start_worlds.is_none()) {
    int seat = 0;
    for (py::handle worlds : start_worlds) {
      std::vector<int16_t> dealt;
      const std::string what = "start world of seat " + std::to_string(seat);
      if (py::isinstance<py::str>(worlds)) dealt.push_back(design_named(*g, worlds, what));
      else
        for (py::handle w : worlds) dealt.push_back(design_named(*g, w, what));
      sc.start_worlds.push_back(dealt);
      ++seat;
    }
  }
  if (!goals.is_none()) {
    sc.goals_given = true;
    for (py::handle v : goals) {
      std::string name = text_of(v, "goal");
      int goal = g->db().find_goal(name);
      if (goal < 0) {
        std::vector<std::string> names;
        for (const auto& gd : g->db().goals) names.push_back(gd.name);
        throw ScriptError("unknown goal '" + name + "'" + text::suggest(name, names));
      }
      sc.goals.push_back(goal);
    }
  }
  g->bind_script(sc);
  return h;
}

}  // namespace

void bind_script(py::module_& m, py::class_<PyState>& state) {
  py::register_exception<ScriptError>(m, "ScriptError", m.attr("RulesError").ptr());
  py::class_<Holder, std::shared_ptr<Holder>>(m, "Script",
                                               "The start worlds, goals and draws a game follows (docs/scripted-draws.md).")
      .def(py::init(&make_script), py::arg("game"), py::arg("draws") = py::tuple(), py::kw_only(),
           py::arg("start_worlds") = py::none(), py::arg("goals") = py::none(),
           "draws: card names in the order the engine draws them, or dicts {card, seat, good_on} that also "
           "say whom the draw is for (seat) and whether it becomes a good (good_on: the world; None: not a good). "
           "start_worlds: by seat, the start world dealt (at level rvi the two); None: from the seed. "
           "goals: the goals in play; None: from the seed.")
      .def_property_readonly("draws", [](const Holder& h) { return h.script.draws.size(); }, "Number of scripted draws.")
      .def("draw_text", [](const Holder& h, int index) { return h.script.describe(index); }, py::arg("index"),
           "The draw at 0-based `index`, as messages name it.");
  state
      .def("follow_script",
           [](PyState& st, py::handle script, int position) {
             if (script.is_none()) {
               st.game->follow_script(st.s, nullptr);
               st.script = nullptr;
               return;
             }
             auto h = pybind_support::script_arg<Module>(*st.game, script);
             st.game->follow_script(st.s, &h->script, position);
             st.script = h;
           },
           py::arg("script"), py::arg("position") = 0,
           "From now on every draw comes from `script`, from its draw `position` (0-based) on; None: random draws "
           "again. A known deck top is replaced.")
      .def_property_readonly("script_position",
                             [](const PyState& st) -> py::object {
                               const rftg::Script* sc = st.script ? st.game->script(st.s) : nullptr;
                               if (!sc) return py::none();
                               return py::int_(st.game->script_position(st.s));
                             },
                             "Scripted draws taken so far (None when the state does not follow a script).")
      .def_property_readonly("script_draws_left", [](const PyState& st) -> py::object {
        const rftg::Script* sc = st.script ? st.game->script(st.s) : nullptr;
        if (!sc) return py::none();
        return py::int_(static_cast<int>(sc->draws.size()) - st.game->script_position(st.s));
      });
}

}  // namespace gs::py_rftg
