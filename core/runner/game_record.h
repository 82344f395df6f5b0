// One played Race for the Galaxy game as the run folder stores it (the games/
// and seats/ rows); runner/recorded_play.h has the game loop that fills it,
// shared by the batch runner and the Python bindings' loop for Python bots.
#pragma once
#include <cstdint>
#include <string>

#include "common/rng.h"
#include "rftg/game.h"
#include "runner/recorded_play.h"

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

// The start worlds (call once setup is over: the RvI pair choice and the draft come
// first) and the final rows (call at the end).
void record_start(const rftg::Game& g, const rftg::State& dealt, GameRecord& rec);
void record_end(const rftg::Game& g, const rftg::State& s, GameRecord& rec);
// True once the start worlds are settled (what record_start reads).
inline bool setup_over(const rftg::Game&, const rftg::State& s, const GameRecord&) {
  return s.stage != rftg::kStageStartDiscard && s.stage != rftg::kStageDraft;
}

}  // namespace gs::runner
