// Shared by the pybind11 modules of every game: play_games, whole games played
// single-threaded in C++ (GIL released) by built-in bots from specs
// (bots/builtin_bot.h). A game offers new_initial_state / legal_actions / step /
// winners / players (DESIGN.md).
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/playout.h"
#include "common/rng.h"

namespace gs::pybind_support {

namespace py = pybind11;

// Plays `games` games (deal seeds game_seed(seed, i)) with one bot spec per seat
// (seat i's bot stream: splitmix64((seed + i) ^ 0x5eedb07)). `length(state)` is the
// game's length in its own unit, summed under `length_key`.
template <class SeatBot, class Error, class Game, class ParseSpec, class Length>
py::dict play_games(const Game& game, const std::vector<std::string>& specs, int games, uint64_t seed,
                    ParseSpec parse_spec, const char* length_key, Length length) {
  if (static_cast<int>(specs.size()) != game.players())
    throw Error("need one bot per seat: " + std::to_string(game.players()) + " bots, got " +
                std::to_string(specs.size()));
  using State = typename SeatBot::State;
  struct Adapter {
    SeatBot bot;
    Rng rng;
    int act(const Game& g, const State& s, const int* l, int n, Rng&) { return bot.act(g, s, l, n, rng); }
  };
  std::vector<Adapter> adapters;
  for (size_t i = 0; i < specs.size(); ++i)
    adapters.push_back(Adapter{SeatBot(parse_spec(specs[i])), Rng(splitmix64((seed + i) ^ 0x5eedb07ull))});
  std::vector<Adapter*> by_seat;
  for (auto& a : adapters) by_seat.push_back(&a);
  std::vector<long> wins(static_cast<size_t>(game.players()), 0);
  long decisions = 0, total_length = 0;
  double seconds;
  {
    py::gil_scoped_release release;
    Rng unused(0);
    auto t0 = std::chrono::steady_clock::now();
    bool all_random = true;
    for (const Adapter& a : adapters) all_random &= a.bot.spec().name == "random";
    Rng* seat_rng[16] = {};
    for (size_t i = 0; i < adapters.size() && i < 16; ++i) seat_rng[i] = &adapters[i].rng;
    for (int i = 0; i < games; ++i) {
      auto s = game.new_initial_state(game_seed(seed, static_cast<uint64_t>(i)));
      if constexpr (bots::has_random_picker<Game>::value) {
        if (all_random) {  // the same games, played inside the engine
          decisions += game.play_random(s, seat_rng);
          total_length += length(s);
          for (int w : game.winners(s)) ++wins[static_cast<size_t>(w)];
          continue;
        }
      }
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
