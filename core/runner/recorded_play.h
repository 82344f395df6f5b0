// The game loop behind every stored game, for any game: the batch runners and the
// Python bindings' loop for games with Python bots play through it, so both write
// identical rows. A game's record type supplies record_start(g, dealt, rec),
// setup_over(g, s, rec) (true once record_start may read the position: RftG's
// start-world choice and draft come first) and record_end(g, s, rec)
// (runner/game_record.h for RftG, runner/af_game_record.h for AF), record_step(g, s, action, rec)
// (every decision handed back by the engine, before it is applied: in-engine random play keeps
// some to itself, see step_with_random_seats), and the fields error_seat, error, decisions and
// wall_time_us.
#pragma once
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "bots/playout.h"
#include "common/rng.h"

namespace gs::runner {

// Thrown by a seat's chooser when its bot fails (raised, answered illegally).
struct BotError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Seed of seat `seat`'s bot in the game dealt from `deal_seed`.
uint64_t bot_seed(uint64_t deal_seed, int seat);

// One step; with random_seats (a random bot in every seat, bots/playout.h), the engine
// then plays on by itself as those bots would, and `picks` counts the decisions it took.
template <class Game, class State>
int step_with_random_seats(const Game& g, State& s, int action, int* legal, Rng* const* random_seats,
                           int64_t& picks) {
  if constexpr (bots::has_random_picker<Game>::value) {
    if (random_seats != nullptr) {
      typename Game::Picker pick{random_seats};
      int n = g.step(s, action, legal, &pick);
      picks += pick.picks;
      return n;
    }
  }
  return g.step(s, action, legal);
}

// Plays the game dealt from deal_seed into `rec`: choose(seat, state, legal, n)
// returns the action (or throws BotError); on_step(state, action, n) sees every
// decision before it is applied. `s` holds the final (or stopping) position.
// random_seats: every seat is a random bot drawing from random_seats[seat], the stream
// choose uses, and on_step does nothing; once the setup is over the engine plays on by itself.
template <class Game, class State, class Record, class Choose, class OnStep>
void play_recorded(const Game& g, uint64_t deal_seed, Choose&& choose, OnStep&& on_step, State& s, Record& rec,
                   Rng* const* random_seats = nullptr) {
  auto t0 = std::chrono::steady_clock::now();
  s = g.new_initial_state(deal_seed);
  rec.error_seat = -1;
  rec.error.clear();
  bool started = false;
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  int steps = 0;
  int64_t picks = 0;
  try {
    while (n > 0) {
      if (!started && setup_over(g, s, rec)) {
        record_start(g, s, rec);
        started = true;
      }
      int seat = g.current_player(s);
      int a = choose(seat, s, legal, n);
      record_step(g, s, a, rec);
      on_step(s, a, n);
      n = step_with_random_seats(g, s, a, legal, started ? random_seats : nullptr, picks);
      ++steps;
    }
  } catch (const BotError& e) {
    rec.error_seat = static_cast<int8_t>(g.current_player(s));
    rec.error = e.what();
  }
  if (!started) record_start(g, s, rec);  // a bot failed during setup, or no decision at all
  rec.decisions = static_cast<decltype(rec.decisions)>(steps + picks);
  record_end(g, s, rec);
  rec.wall_time_us = static_cast<int32_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace gs::runner
