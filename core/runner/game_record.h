// One played Race for the Galaxy game as the run folder stores it (the games/
// and seats/ rows); runner/recorded_play.h has the game loop that fills it,
// shared by the batch runner and the Python bindings' loop for Python bots.
#pragma once
#include <cstdint>
#include <string>

#include "common/rng.h"
#include "rftg/game.h"
#include "runner/recorded_play.h"
#include "runner/takeover_tally.h"

namespace gs::runner {

enum EndReason : int8_t { kEndTableau = 0, kEndVpPool = 1, kEndRoundCap = 2, kEndBotError = 3 };

constexpr int kMaxTableau = 48;

struct SeatRecord {
  int16_t start_world = -1;  // design id
  int16_t score = 0, score_cards = 0, score_chips = 0, score_six_cost = 0, score_goals = 0;
  // Goals (TGS/RvI) at the end, bit = goal index in the card data (rftg::goal_outcomes): first goals scored,
  // most goals whose tile the seat holds, most goals it is tied at the top of without the tile (§2.4).
  uint16_t goals_first = 0, goals_most = 0, goals_most_tied = 0;
  // Takeovers (RvI): declared by the seat, of those won; the seat's worlds taken, declarations against it
  // that failed (runner/takeover_tally.h).
  int8_t takeovers_declared = 0, takeovers_won = 0, takeovers_lost = 0, takeovers_defended = 0;
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
  // ... and its parts (rftg::robot_score_parts): printed VP, VP chips, six-cost VP (markers and '?' developments)
  int16_t robot_score_cards = -1, robot_score_chips = -1, robot_score_six_cost = -1;
  uint16_t goals_in_play = 0;  // bit = goal index in the card data
  TakeoverTally takeovers;     // gathered as the game is played (record_step)
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
// Every decision handed back by the engine, before `action` is applied (play_recorded): the takeover tally.
inline void record_step(const rftg::Game& g, const rftg::State& s, int action, GameRecord& rec) {
  if (g.takeovers_on()) rec.takeovers.observe(s, action);
}
// True once the start worlds are settled (what record_start reads).
inline bool setup_over(const rftg::Game&, const rftg::State& s, const GameRecord&) {
  return s.stage != rftg::kStageStartDiscard && s.stage != rftg::kStageDraft;
}

}  // namespace gs::runner
