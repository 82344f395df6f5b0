// Shared by the pybind11 modules of every game: the built-in C++ bots by name and
// play_games (whole games single-threaded in C++, GIL released). A game offers
// new_initial_state / legal_actions / step / winners / players (DESIGN.md).
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/playout.h"
#include "bots/random_bot.h"
#include "common/rng.h"

namespace gs::pybind_support {

namespace py = pybind11;

// A built-in bot: "random" or "heuristic" (Heuristic is the game's greedy policy).
template <class Game, class State, int (*Heuristic)(const Game&, const State&, const int*, int, Rng&)>
struct NamedBot {
  std::string name;
  Rng rng;
  int act(const Game& g, const State& s, const int* legal, int n) {
    if (name == "random") return bots::RandomBot().act(g, s, legal, n, rng);
    return Heuristic(g, s, legal, n, rng);
  }
};

template <class Bot, class Error>
Bot make_named_bot(const std::string& name, uint64_t seed) {
  if (name != "random" && name != "heuristic")
    throw Error("unknown bot '" + name + "' (built-in bots: random, heuristic)");
  return Bot{name, Rng(splitmix64(seed ^ 0x5eedb07ull))};
}

// A NamedBot seen through the act(game, state, legal, n, rng) signature of bots::play_out.
template <class Bot>
struct SeatAdapter {
  Bot* b;
  template <class G, class S>
  int act(const G& g, const S& s, const int* l, int n, Rng&) { return b->act(g, s, l, n); }
};

// Plays `games` games (deal seeds game_seed(seed, i)) with one bot name per seat.
// `length(state)` is the game's length in its own unit, summed under `length_key`.
template <class Bot, class Error, class Game, class Length>
py::dict play_games(const Game& game, const std::vector<std::string>& bot_names, int games, uint64_t seed,
                    const char* length_key, Length length) {
  if (static_cast<int>(bot_names.size()) != game.players())
    throw Error("need one bot per seat: " + std::to_string(game.players()) + " bots, got " +
                std::to_string(bot_names.size()));
  std::vector<Bot> seats;
  for (size_t i = 0; i < bot_names.size(); ++i) seats.push_back(make_named_bot<Bot, Error>(bot_names[i], seed + i));
  using Adapter = SeatAdapter<Bot>;
  std::vector<Adapter> adapters;
  for (auto& b : seats) adapters.push_back(Adapter{&b});
  std::vector<Adapter*> by_seat;
  for (auto& a : adapters) by_seat.push_back(&a);
  std::vector<long> wins(static_cast<size_t>(game.players()), 0);
  long decisions = 0, total_length = 0;
  double seconds;
  {
    py::gil_scoped_release release;
    Rng unused(0);
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < games; ++i) {
      auto s = game.new_initial_state(game_seed(seed, static_cast<uint64_t>(i)));
      decisions += bots::play_out(game, s, by_seat, unused);
      total_length += length(s);
      for (int w : game.winners(s)) ++wins[static_cast<size_t>(w)];
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  py::dict out;
  out["games"] = games;
  out["decisions"] = decisions;
  out[length_key] = total_length;
  out["seconds"] = seconds;
  out["wins"] = wins;
  return out;
}

}  // namespace gs::pybind_support
