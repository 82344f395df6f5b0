// The game loop behind every stored game, for any game: the batch runners and the
// Python bindings' loop for games with Python bots play through it, so both write
// identical rows. A game's record type supplies record_start(g, dealt, rec),
// setup_over(g, s, rec) (true once record_start may read the position: RftG's
// start-world choice and draft come first) and record_end(g, s, rec)
// (runner/game_record.h for RftG, runner/af_game_record.h for AF), and the
// fields error_seat, error, decisions and wall_time_us.
#pragma once
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace gs::runner {

// Thrown by a seat's chooser when its bot fails (raised, answered illegally).
struct BotError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Seed of seat `seat`'s bot in the game dealt from `deal_seed`.
uint64_t bot_seed(uint64_t deal_seed, int seat);

// Plays the game dealt from deal_seed into `rec`: choose(seat, state, legal, n)
// returns the action (or throws BotError); on_step(state, action, n) sees every
// decision before it is applied. `s` holds the final (or stopping) position.
template <class Game, class State, class Record, class Choose, class OnStep>
void play_recorded(const Game& g, uint64_t deal_seed, Choose&& choose, OnStep&& on_step, State& s, Record& rec) {
  auto t0 = std::chrono::steady_clock::now();
  s = g.new_initial_state(deal_seed);
  rec.error_seat = -1;
  rec.error.clear();
  bool started = false;
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  int steps = 0;
  try {
    while (n > 0) {
      if (!started && setup_over(g, s, rec)) {
        record_start(g, s, rec);
        started = true;
      }
      int seat = g.current_player(s);
      int a = choose(seat, s, legal, n);
      on_step(s, a, n);
      n = g.step(s, a, legal);
      ++steps;
    }
  } catch (const BotError& e) {
    rec.error_seat = static_cast<int8_t>(g.current_player(s));
    rec.error = e.what();
  }
  if (!started) record_start(g, s, rec);  // a bot failed during setup, or no decision at all
  rec.decisions = steps;
  record_end(g, s, rec);
  rec.wall_time_us = static_cast<int32_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace gs::runner
