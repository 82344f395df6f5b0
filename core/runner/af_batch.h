// Batch play of Alien Frontiers games into flat columns, like run_batch for Race
// for the Galaxy (runner/batch.h: the same bot specs, requests, seeds and replay
// steps). Game `i` of a run is determined by (run seed, i, config) alone.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "af/game.h"
#include "runner/batch.h"

namespace gs::runner {

// games.end_reason codes for Alien Frontiers.
enum AfEndReason : int8_t { kAfEndLastColony = 0, kAfEndTurnCap = 1 };

struct AfBatchColumns {
  // games: one row per game
  std::vector<int64_t> game_index;
  std::vector<uint64_t> seed;
  std::vector<int16_t> rounds;  // turns of the game / players, rounded up
  std::vector<int16_t> turns;
  std::vector<int8_t> end_reason;
  std::vector<uint8_t> winners_mask;
  std::vector<int32_t> decisions;
  std::vector<int32_t> wall_time_us;
  // seats: one row per (game, seat), game-major
  std::vector<int64_t> seat_game_index;
  std::vector<int8_t> seat;
  std::vector<int8_t> bot;
  std::vector<int16_t> score, score_colonies, score_territories, score_tech, score_positron;
  std::vector<int8_t> rank;
  std::vector<uint8_t> won;
  std::vector<int8_t> ore, fuel, ships, colonies_left, hub;
  std::vector<uint8_t> territories;     // bit t = controls territory t at the end
  std::vector<int32_t> tech_offsets;    // size rows + 1
  std::vector<int16_t> tech_cards;      // tech design ids held at the end
  // decisions (only when recorded), in (game, step) order, with the deciding seat's observation
  std::vector<int64_t> dec_game_index;
  std::vector<int16_t> dec_step;
  std::vector<int8_t> dec_seat;
  std::vector<int8_t> dec_kind;
  std::vector<int16_t> dec_action;
  std::vector<int16_t> dec_legal;
  int observation_size = 0;
  std::vector<std::vector<int16_t>> game_observations;
};

// Bots: "random" and "heuristic"; throws af::RulesError for others.
void run_af_batch(const af::Game& game, const std::vector<BotSpec>& bots, const BatchRequest& req, AfBatchColumns& out);

std::vector<ReplayStep> replay_af_game(const af::Game& game, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                       int64_t game_index, af::State* final_state);

}  // namespace gs::runner
