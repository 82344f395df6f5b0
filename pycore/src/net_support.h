// The `net` bot's Python face, shared by the modules of every game (M: py_state.h,
// af/af_py_state.h; T: the game's net traits, bots/net/*_net.h):
//   set_model_directory / model_directory   the shipped models' folder (set by galaxysim/__init__)
//   model_info(game, path)                   a model file read and checked against a game: its header
//   net_forward(state, seat, path)           the forward pass on one position (for tests against PyTorch)
//   self_play(game, path, ...)               training data (bots/net/selfplay.h) as numpy arrays
// Errors: a model that cannot be read or play the game raises the game's RulesError with one line.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bots/net/model_store.h"
#include "bots/net/net_player.h"
#include "bots/net/selfplay.h"
#include "game_bindings.h"
#include "py_args.h"

namespace gs::pybind_support {

namespace py = pybind11;

template <class V>
py::array_t<typename V::value_type> to_numpy(V&& v) {
  using E = typename std::decay_t<V>::value_type;
  auto* heap = new std::decay_t<V>(std::move(v));
  py::capsule owner(heap, [](void* p) { delete static_cast<std::decay_t<V>*>(p); });
  return py::array_t<E>(static_cast<py::ssize_t>(heap->size()), heap->data(), owner);
}

// The model at `path` (or the shipped one for g when path is empty), checked against g.
template <class T, class Error>
std::shared_ptr<const bots::net::Model> checked_model(const typename T::Game& g, const std::string& path) {
  try {
    auto m = path.empty() ? bots::net::shipped_model(T::shipped_names(g), T::configuration(g))
                          : bots::net::load_model(path);
    bots::net::NetPlayer<T> check(m, g);
    return m;
  } catch (const bots::net::ModelError& e) {
    throw Error(e.what());
  }
}

template <class M, class T>
void bind_net(py::module_& m) {
  using Game = typename M::Game;
  using Error = typename M::Error;
  using St = PyState<Game>;
  // The shipped models: galaxysim/models beside this module (an editable install: pycore/models).
  try {
    py::object files = py::module_::import("importlib.resources").attr("files")("galaxysim");
    bots::net::set_model_directory(py::str(files.attr("joinpath")("models")));
  } catch (const py::error_already_set&) {
    // not imported as part of the galaxysim package: set_model_directory() is up to the caller
  }
  m.def("set_model_directory", &bots::net::set_model_directory, py::arg("path"),
        "The folder of the shipped net models (galaxysim sets it when imported).");
  m.def("model_directory", &bots::net::model_directory);
  m.def(
      "model_info",
      [](const std::shared_ptr<Game>& g, const std::string& path) {
        auto model = checked_model<T, Error>(*g, path);
        py::dict d;
        d["path"] = model->path;
        d["header"] = model->header_json;
        d["inputs"] = model->inputs;
        d["h1"] = model->h1;
        d["h2"] = model->h2;
        d["action_rows"] = model->action_rows;
        d["choose"] = model->default_choose;
        return d;
      },
      py::arg("game"), py::arg("path") = "",
      "A model file read and checked against the game (path '' = the shipped model): its path and header.");
  m.def(
      "layout_fingerprint",
      [](const std::shared_ptr<Game>& g) {
        typename T::Encoder enc(*g);
        return bots::net::layout_fingerprint(T::Encoder::kVersion, enc.slot_names());
      },
      py::arg("game"), "The observation layout's fingerprint, as a model file records it.");
  m.def(
      "action_space",
      [](const std::shared_ptr<Game>& g) {
        typename T::Classes c(*g);
        return py::make_tuple(T::Classes::kEncoding, c.space());
      },
      py::arg("game"), "(encoding, number of classes) of the net's action classes for this game.");
  m.def(
      "net_forward",
      [](const St& st, int seat, const std::string& path) {
        auto model = checked_model<T, Error>(*st.game, path);
        bots::net::NetPlayer<T> p(model, *st.game);
        const auto& a = p.run(st.s, seat);
        py::dict d;
        d["rows"] = std::vector<int32_t>(a.rows.begin(), a.rows.begin() + a.n_rows);
        d["h2"] = a.h2;
        bots::net::Evaluator ev(model);
        std::vector<float> wp(static_cast<size_t>(st.s.players));
        ev.win_probabilities(a, st.s.players, wp.data());
        d["win_probabilities"] = wp;  // by seat block (relative to `seat`)
        if (!st.game->is_terminal(st.s) && st.game->current_player(st.s) == seat) {
          int legal[Game::kMaxLegal];
          int n = st.game->legal_actions(st.s, legal);
          std::vector<int> classes;
          std::vector<float> logits;
          for (int i = 0; i < n; ++i) {
            classes.push_back(p.classes().of(st.s, legal[i]));
            logits.push_back(ev.action_logit(a, classes.back()));
          }
          d["legal"] = std::vector<int>(legal, legal + n);
          d["classes"] = classes;
          d["logits"] = logits;
        }
        return d;
      },
      py::arg("state"), py::arg("seat"), py::arg("path"),
      "The C++ forward pass of a model on `seat`'s view of a state: its input rows, h2, win probabilities by "
      "seat block and, at the seat's own decision, the legal actions' classes and logits.");
  m.def(
      "self_play",
      [](const std::shared_ptr<Game>& g, const std::string& path, uint64_t seed, int64_t first_game, int64_t count,
         int threads, double temperature, int dets, double epsilon, double heuristic, bool by_policy, int rollout,
         int teacher_search, bool teacher_at_search_decisions, bool label_model_moves, bool teacher_policy_playouts,
         bool record_candidates, bool teacher_net_leaves, double teacher_puct) {
        if (count < 0 || threads < 1 || dets < 1 || temperature < 0 || epsilon < 0 || epsilon > 1 || heuristic < 0 ||
            heuristic > 1 || teacher_search < 0)
          throw Error("self_play: bad arguments");
        if (teacher_at_search_decisions && teacher_search < 1)
          throw Error("self_play: teacher_at_search_decisions needs teacher_search=N");
        if (label_model_moves && !teacher_at_search_decisions)
          throw Error("self_play: label_model_moves needs teacher_at_search_decisions");
        if (teacher_policy_playouts && teacher_search < 1)
          throw Error("self_play: teacher_policy_playouts needs teacher_search=N");
        if (teacher_net_leaves && (teacher_search < 1 || teacher_policy_playouts))
          throw Error("self_play: teacher_net_leaves needs teacher_search=N and no teacher_policy_playouts");
        if (teacher_puct < 0 || teacher_puct > 100) throw Error("self_play: teacher_puct must be in [0, 100]");
        if (teacher_puct > 0 && teacher_search < 1) throw Error("self_play: teacher_puct needs teacher_search=N");
        if (record_candidates && teacher_search < 1)
          throw Error("self_play: record_candidates needs teacher_search=N (candidates are recorded where the search "
                      "chose or labelled)");
        auto model = checked_model<T, Error>(*g, path);
        if (teacher_policy_playouts && !model->has_action_head())
          throw Error("self_play: teacher_policy_playouts needs a model with an action head; " + path + " has none");
        if (teacher_puct > 0 && !model->has_action_head())
          throw Error("self_play: teacher_puct needs a model with an action head (the prior); " + path + " has none");
        bots::net::SelfPlayRequest req;
        req.seed = seed;
        req.first_game = first_game;
        req.count = count;
        req.threads = threads;
        req.temperature = temperature;
        req.dets = dets;
        req.epsilon = epsilon;
        req.heuristic = heuristic;
        req.by_policy = by_policy;
        req.rollout = rollout;
        req.teacher_search = teacher_search;
        req.teacher_at_search_decisions = teacher_at_search_decisions;
        req.label_model_moves = label_model_moves;
        req.teacher_policy_playouts = teacher_policy_playouts;
        req.record_candidates = record_candidates;
        req.teacher_net_leaves = teacher_net_leaves;
        req.teacher_puct = teacher_puct;
        bots::net::SelfPlayData d;
        {
          py::gil_scoped_release release;
          try {
            bots::net::self_play<T>(*g, model, req, d, [](const typename T::State& s) { return M::length(s); });
          } catch (const bots::net::ModelError& e) {
            throw Error(e.what());
          }
        }
        py::dict out;
        out["game"] = to_numpy(std::move(d.game));
        out["seat"] = to_numpy(std::move(d.seat));
        out["kind"] = to_numpy(std::move(d.kind));
        out["rows_offsets"] = to_numpy(std::move(d.rows_offsets));
        out["rows"] = to_numpy(std::move(d.rows));
        out["after_offsets"] = to_numpy(std::move(d.after_offsets));
        out["after_rows"] = to_numpy(std::move(d.after_rows));
        out["legal_offsets"] = to_numpy(std::move(d.legal_offsets));
        out["legal_class"] = to_numpy(std::move(d.legal_class));
        out["legal_value"] = to_numpy(std::move(d.legal_value));
        out["legal_visits"] = to_numpy(std::move(d.legal_visits));
        out["chosen"] = to_numpy(std::move(d.chosen));
        out["by"] = to_numpy(std::move(d.by));
        out["cand_decision_offsets"] = to_numpy(std::move(d.cand_decision_offsets));
        out["cand_offsets"] = to_numpy(std::move(d.cand_offsets));
        out["cand_rows"] = to_numpy(std::move(d.cand_rows));
        out["cand_end"] = to_numpy(std::move(d.cand_end));
        out["result"] = to_numpy(std::move(d.result));
        out["score"] = to_numpy(std::move(d.score));
        out["length"] = to_numpy(std::move(d.length));
        out["capped"] = to_numpy(std::move(d.capped));
        return out;
      },
      py::arg("game"), py::arg("path"), py::arg("seed"), py::arg("first_game"), py::arg("count"),
      py::arg("threads") = 1, py::arg("temperature") = 0.2, py::arg("dets") = 1, py::arg("epsilon") = 0.0,
      py::arg("heuristic") = 0.0, py::arg("by_policy") = false, py::arg("rollout") = 0, py::arg("teacher_search") = 0,
      py::arg("teacher_at_search_decisions") = false, py::arg("label_model_moves") = false,
      py::arg("teacher_policy_playouts") = false, py::arg("record_candidates") = false,
      py::arg("teacher_net_leaves") = false, py::arg("teacher_puct") = 0.0,
      "Self-play games of a model choosing by value, recorded for training (docs/net.md); the teacher (the share "
      "`heuristic` of the decisions) is the heuristic bot, or with teacher_search=N the ismcts search of N "
      "iterations; with teacher_at_search_decisions, the search takes only that share of the game's search "
      "decisions (RftG: the action cards; AF: every decision) and the model the rest; label_model_moves: the search also labels (its "
      "visits) the search decisions the model takes (DAgger); teacher_policy_playouts: the search's playouts are "
      "played by the model's action head (net:search=N,leaf=policy); teacher_net_leaves: the search judges its leaves by the model's value head "
      "(net:search=N,leaf=net); teacher_puct=C: the search chooses in its tree by PUCT with the model's action head "
      "as the prior (net:search=N,puct=C); record_candidates: where the search's visits "
      "were recorded, also the input rows of the position after every legal action (cand_*), for a value "
      "model's choice; GIL released.");
}

}  // namespace gs::pybind_support
