// Batch play on a thread pool into flat columns (no per-game heap objects on the
// hot path). Game `i` of a run is fully determined by (run seed, i, config):
// its deal seed is game_seed(run_seed, i) and each seat's bot is seeded from it,
// so the rows do not depend on thread count or chunking.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rftg/game.h"
#include "runner/game_record.h"
#include "runner/seat_bot.h"

namespace gs::runner {

// Bot specs ("random", "heuristic", "ismcts:iterations=2000,c=0.7", ...): parse_bot_spec
// and the bots themselves are in runner/seat_bot.h; end reasons in runner/game_record.h.

struct BatchColumns {
  // games: one row per game
  std::vector<int64_t> game_index;
  std::vector<uint64_t> seed;
  std::vector<int16_t> rounds;
  std::vector<int8_t> end_reason;
  std::vector<uint8_t> winners_mask;  // bit s = seat s won
  std::vector<int32_t> decisions;
  std::vector<int32_t> wall_time_us;
  std::vector<int16_t> robot_score;  // the solo game's robot; -1 in other games
  // seats: one row per (game, seat), game-major
  std::vector<int64_t> seat_game_index;
  std::vector<int8_t> seat;
  std::vector<int8_t> bot;  // index into the bot list
  std::vector<int16_t> start_world;  // design id
  std::vector<int16_t> score, score_cards, score_chips, score_six_cost, score_goals;
  std::vector<int8_t> rank;  // 1 = best; equal (score, tie-break) share a rank
  std::vector<uint8_t> won;
  std::vector<int8_t> hand_size, goods;
  std::vector<int32_t> tableau_offsets;  // size rows + 1
  std::vector<int16_t> tableau_cards;    // design ids, in instance order
  // decisions (only when recorded), in (game, step) order
  std::vector<int64_t> dec_game_index;
  std::vector<int16_t> dec_step;
  std::vector<int8_t> dec_seat;
  std::vector<int8_t> dec_kind;
  std::vector<int16_t> dec_action;
  std::vector<int16_t> dec_legal;
  // The deciding seat's observation tensor (rftg/observation_tensor.h), observation_size values per
  // decision, one vector per game in game order (concatenated once, by the caller, into its own buffer).
  int observation_size = 0;
  std::vector<std::vector<int16_t>> game_observations;
};

struct BatchRequest {
  uint64_t run_seed = 0;
  int64_t first_game = 0;
  int64_t count = 0;
  int threads = 1;
  bool record_decisions = false;
  // If set, one is added (atomically) as each game finishes: a caller on another thread
  // reads it (games_done in runner/parallel.h) to show progress within the batch.
  int64_t* games_done = nullptr;
};

// Plays games first_game .. first_game+count-1. Thread-safe game; bots one per seat.
void run_batch(const rftg::Game& game, const std::vector<BotSpec>& bots, const BatchRequest& req, BatchColumns& out);

struct ReplayStep {
  int seat;
  int kind;
  int action;
  int legal;
  std::string text;
};
// Re-plays one game of a run exactly as run_batch played it.
std::vector<ReplayStep> replay_game(const rftg::Game& game, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                    int64_t game_index, rftg::State* final_state);

}  // namespace gs::runner
