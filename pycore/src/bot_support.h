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

#include "bots/bot_spec.h"
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
  std::vector<bots::BotSpec> parsed;
  for (size_t i = 0; i < specs.size(); ++i) {
    parsed.push_back(parse_spec(specs[i]));
    adapters.push_back(Adapter{SeatBot(parsed.back()), Rng(splitmix64((seed + i) ^ 0x5eedb07ull))});
    adapters.back().bot.prepare(game);
  }
  std::vector<Adapter*> by_seat;
  std::vector<Rng*> seat_rng;
  for (auto& a : adapters) {
    by_seat.push_back(&a);
    seat_rng.push_back(&a.rng);
  }
  Rng unused(0);
  // Random bots in every seat: the same games, played inside the engine.
  [[maybe_unused]] const bool all_random = bots::all_random(parsed);
  auto play = [&](auto& s) -> long {
    if constexpr (bots::has_random_picker<Game>::value)
      if (all_random) return static_cast<long>(game.play_random(s, seat_rng.data()));
    return bots::play_out(game, s, by_seat, unused);
  };
  std::vector<long> wins(static_cast<size_t>(game.players()), 0);
  long decisions = 0, total_length = 0;
  double seconds;
  {
    py::gil_scoped_release release;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < games; ++i) {
      auto s = game.new_initial_state(game_seed(seed, static_cast<uint64_t>(i)));
      decisions += play(s);
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
