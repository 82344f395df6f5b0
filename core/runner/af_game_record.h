// One played Alien Frontiers game as the run folder stores it (the games/ and
// seats/ rows of runner/af_batch.h), filled by the game loop of
// runner/recorded_play.h, which the AF batch runner and the Python bindings'
// loop for Python bots share (so both write identical rows).
#pragma once
#include <cstdint>
#include <string>

#include "af/game.h"
#include "runner/recorded_play.h"

namespace gs::runner {

// games.end_reason codes for Alien Frontiers.
enum AfEndReason : int8_t { kAfEndLastColony = 0, kAfEndTurnCap = 1, kAfEndBotError = 2 };

struct AfSeatRecord {
  int16_t score = 0, score_colonies = 0, score_territories = 0, score_tech = 0, score_positron = 0;
  int8_t rank = 0;  // 1 = best; equal (score, tie-breaks of §9) share a rank
  bool won = false;
  int8_t ore = 0, fuel = 0, ships = 0, colonies_left = 0, hub = 0;
  uint8_t territories = 0;  // bit t = controls territory t at the end
  int8_t tech_len = 0;
  int16_t tech[af::kMaxTechInstances];  // tech design ids held at the end, in instance order
};

struct AfGameRecord {
  int16_t rounds = 0;  // turns / players, rounded up
  int16_t turns = 0;
  int8_t end_reason = kAfEndLastColony;
  uint8_t winners_mask = 0;  // bit s = seat s won
  int32_t decisions = 0;
  int32_t wall_time_us = 0;
  AfSeatRecord seats[af::kMaxPlayers];
  // A game stopped by a failing bot (end_reason kAfEndBotError): nobody won; the
  // scores and ranks are those of the position where it stopped.
  int8_t error_seat = -1;
  std::string error;
};

void record_start(const af::Game& g, const af::State& dealt, AfGameRecord& rec);
void record_end(const af::Game& g, const af::State& s, AfGameRecord& rec);
// Nothing is gathered decision by decision in an AF game (RftG: the takeover tally).
inline void record_step(const af::Game&, const af::State&, int, AfGameRecord&) {}
// An AF game has no setup decisions before its start position is known.
inline bool setup_over(const af::Game&, const af::State&, const AfGameRecord&) { return true; }

}  // namespace gs::runner
