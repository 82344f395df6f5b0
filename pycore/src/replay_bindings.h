// Game.replay_decisions: recorded games replayed from their seeds and actions into the arrays
// of the decision dataset (runner/decision_replay.h), for any game's module (struct M, see
// game_bindings.h; M::round(state) is the round a decision is taken in).
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "runner/decision_replay.h"

namespace gs::pybind_support {

namespace py = pybind11;

// A vector handed over to numpy without a copy (the array owns it); `shape` defaults to 1-d.
template <class T>
py::array_t<T> owned_array(std::vector<T>&& v, std::vector<py::ssize_t> shape = {}) {
  auto* held = new std::vector<T>(std::move(v));
  py::capsule owner(held, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  if (shape.empty()) shape = {static_cast<py::ssize_t>(held->size())};
  return py::array_t<T>(shape, held->data(), owner);
}

template <class T>
using InArray = py::array_t<T, py::array::c_style | py::array::forcecast>;

template <class M>
void bind_replay(py::class_<typename M::Game, std::shared_ptr<typename M::Game>>& cls) {
  using Game = typename M::Game;
  using Error = typename M::Error;
  cls.def(
      "replay_decisions",
      [](const Game& g, const InArray<uint64_t>& seeds, const InArray<int32_t>& counts,
         const InArray<int16_t>& actions) {
        if (seeds.ndim() != 1 || counts.ndim() != 1 || actions.ndim() != 1 || seeds.size() != counts.size())
          throw Error("replay_decisions: seeds and counts are 1-d arrays of one entry per game, actions 1-d");
        runner::ReplayedDecisions r;
        {
          const typename M::Encoder enc(g);
          py::gil_scoped_release release;
          r = runner::replay_decisions<Game, typename M::Encoder, Error>(
              g, enc, seeds.data(), counts.data(), seeds.size(), actions.data(), actions.size(),
              [](const auto& s) { return M::round(s); });
        }
        const auto rows = static_cast<py::ssize_t>(r.round.size());
        py::dict d;
        d["round"] = owned_array(std::move(r.round));
        d["seat"] = owned_array(std::move(r.seat));
        d["kind"] = owned_array(std::move(r.kind));
        d["legal"] = owned_array(std::move(r.legal));
        d["obs_end"] = owned_array(std::move(r.obs_end));
        d["obs_slot"] = owned_array(std::move(r.obs_slot));
        d["obs_value"] = owned_array(std::move(r.obs_value));
        d["legal_end"] = owned_array(std::move(r.legal_end));
        d["legal_actions"] = owned_array(std::move(r.legal_actions));
        d["mask"] = owned_array(std::move(r.mask), {rows, static_cast<py::ssize_t>(r.mask_bytes)});
        d["finished"] = owned_array(std::move(r.finished));
        d["scores"] = owned_array(std::move(r.scores), {static_cast<py::ssize_t>(seeds.size()), g.players()});
        return d;
      },
      py::arg("seeds"), py::arg("counts"), py::arg("actions"),
      "Replays games from their deal seeds (seeds[k]) and recorded actions (counts[k] of them per game, "
      "concatenated in `actions`) and returns, per decision, round, seat, kind, legal (count), the deciding "
      "seat's observation as non-zero (obs_slot, obs_value) pairs ending at obs_end, the legal actions "
      "(legal_actions, ending at legal_end) and their bit-packed mask (rows, ceil(num_distinct_actions / 8)), "
      "and per game whether it finished and its scores. A recorded action that is not legal raises RulesError.");
}

}  // namespace gs::pybind_support
