// One played game as the run folder stores it (the games/ and seats/ rows), and
// the game loop that fills it, shared by the batch runner and by the Python
// bindings' loop for games with Python bots (so both write identical rows).
#pragma once
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "common/rng.h"
#include "rftg/game.h"

namespace gs::runner {

enum EndReason : int8_t { kEndTableau = 0, kEndVpPool = 1, kEndRoundCap = 2, kEndBotError = 3 };

constexpr int kMaxTableau = 48;

struct SeatRecord {
  int16_t start_world = -1;  // design id
  int16_t score = 0, score_cards = 0, score_chips = 0, score_six_cost = 0, score_goals = 0;
  int8_t rank = 0;  // 1 = best; equal (score, tie-break) share a rank
  bool won = false;
  int8_t hand_size = 0, goods = 0;
  int8_t tableau_len = 0;
  int16_t tableau[kMaxTableau];  // design ids, in instance order
};

struct GameRecord {
  int16_t rounds = 0;
  int8_t end_reason = kEndTableau;
  uint8_t winners_mask = 0;  // bit s = seat s won
  int32_t decisions = 0;
  int32_t wall_time_us = 0;
  int16_t robot_score = -1;  // the solo game: the robot's final score; -1 in other games
  SeatRecord seats[rftg::kMaxPlayers];
  // A game stopped by a failing bot (end_reason kEndBotError): nobody won; the
  // scores and ranks are those of the position where it stopped.
  int8_t error_seat = -1;
  std::string error;
};

// Thrown by a seat's chooser when its bot fails (raised, answered illegally).
struct BotError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Seed of seat `seat`'s bot in the game dealt from `deal_seed`.
uint64_t bot_seed(uint64_t deal_seed, int seat);

// The start worlds (call once setup is over: the RvI pair choice and the draft come
// first) and the final rows (call at the end).
void record_start(const rftg::Game& g, const rftg::State& dealt, GameRecord& rec);
void record_end(const rftg::Game& g, const rftg::State& s, GameRecord& rec);

// Plays the game dealt from deal_seed into `rec`: choose(seat, state, legal, n)
// returns the action (or throws BotError); on_step(state, action, n) sees every
// decision before it is applied. `s` holds the final (or stopping) position.
template <class Choose, class OnStep>
void play_recorded(const rftg::Game& g, uint64_t deal_seed, Choose&& choose, OnStep&& on_step, rftg::State& s,
                   GameRecord& rec) {
  auto t0 = std::chrono::steady_clock::now();
  s = g.new_initial_state(deal_seed);
  rec.error_seat = -1;
  rec.error.clear();
  bool started = false;
  int legal[rftg::Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  int steps = 0;
  try {
    while (n > 0) {
      if (!started && s.stage != rftg::kStageStartDiscard && s.stage != rftg::kStageDraft) {
        record_start(g, s, rec);
        started = true;
      }
      int seat = s.actor;
      int a = choose(seat, s, legal, n);
      on_step(s, a, n);
      n = g.step(s, a, legal);
      ++steps;
    }
  } catch (const BotError& e) {
    rec.error_seat = s.actor;
    rec.error = e.what();
  }
  if (!started) record_start(g, s, rec);  // a bot failed during setup
  rec.decisions = steps;
  record_end(g, s, rec);
  rec.wall_time_us = static_cast<int32_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace gs::runner
