// Batch play of Alien Frontiers games into flat columns: the generic runner
// (runner/batch_runner.h: the same bot specs, requests, seeds and replay steps as
// run_batch for Race for the Galaxy) with the AF columns; end reasons in
// runner/af_game_record.h. Game `i` of a run is determined by (run seed, i, config) alone.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "af/game.h"
#include "af/observation_tensor.h"
#include "runner/af_game_record.h"
#include "runner/af_seat_bot.h"
#include "runner/batch_runner.h"

namespace gs::runner {

struct AfBatchColumns : CommonColumns {
  // games (rounds: turns of the game / players, rounded up)
  std::vector<int16_t> turns;
  // seats
  std::vector<int16_t> score_colonies, score_territories, score_tech, score_positron;
  std::vector<int8_t> ore, fuel, ships, colonies_left, hub;
  std::vector<uint8_t> territories;     // bit t = controls territory t at the end
  std::vector<int32_t> tech_offsets;    // size rows + 1
  std::vector<int16_t> tech_cards;      // tech design ids held at the end

  template <class Visit>
  void for_each_column(Visit&& visit) {
    visit(Table::kGames, "game_index", game_index);
    visit(Table::kGames, "seed", seed);
    visit(Table::kGames, "rounds", rounds);
    visit(Table::kGames, "turns", turns);
    visit(Table::kGames, "end_reason", end_reason);
    visit(Table::kGames, "winners_mask", winners_mask);
    visit(Table::kGames, "decisions", decisions);
    visit(Table::kGames, "wall_time_us", wall_time_us);
    visit(Table::kSeats, "game_index", seat_game_index);
    visit(Table::kSeats, "seat", seat);
    visit(Table::kSeats, "bot", bot);
    visit(Table::kSeats, "score", score);
    visit(Table::kSeats, "score_colonies", score_colonies);
    visit(Table::kSeats, "score_territories", score_territories);
    visit(Table::kSeats, "score_tech", score_tech);
    visit(Table::kSeats, "score_positron", score_positron);
    visit(Table::kSeats, "rank", rank);
    visit(Table::kSeats, "won", won, kBoolDtype);
    visit(Table::kSeats, "ore", ore);
    visit(Table::kSeats, "fuel", fuel);
    visit(Table::kSeats, "ships", ships);
    visit(Table::kSeats, "colonies_left", colonies_left);
    visit(Table::kSeats, "hub", hub);
    visit(Table::kSeats, "territories", territories);
    visit(Table::kSeatParts, "tech_offsets", tech_offsets);
    visit(Table::kSeatParts, "tech_cards", tech_cards);
  }
  void fill_game(size_t k, const AfGameRecord& rec) { turns[k] = rec.turns; }
  void fill_seat(size_t r, const AfSeatRecord& sr) {
    score_colonies[r] = sr.score_colonies;
    score_territories[r] = sr.score_territories;
    score_tech[r] = sr.score_tech;
    score_positron[r] = sr.score_positron;
    ore[r] = sr.ore;
    fuel[r] = sr.fuel;
    ships[r] = sr.ships;
    colonies_left[r] = sr.colonies_left;
    hub[r] = sr.hub;
    territories[r] = sr.territories;
  }
  void start_seat_parts() {
    tech_offsets.assign(1, 0);
    tech_cards.clear();
  }
  void add_seat_part(const AfSeatRecord& sr) {
    tech_cards.insert(tech_cards.end(), sr.tech, sr.tech + sr.tech_len);
    tech_offsets.push_back(static_cast<int32_t>(tech_cards.size()));
  }
};

// Alien Frontiers in the generic batch runner.
struct AfBatch {
  using Game = af::Game;
  using State = af::State;
  using Error = af::RulesError;
  using Record = AfGameRecord;
  using Bot = AfSeatBot;
  using Encoder = af::ObservationEncoder;
  using Columns = AfBatchColumns;
};

// Bots: "random", "heuristic", "ismcts[:options]" (runner/af_seat_bot.h); throws af::RulesError for others.
void run_af_batch(const af::Game& game, const std::vector<BotSpec>& bots, const BatchRequest& req, AfBatchColumns& out);

std::vector<ReplayStep> replay_af_game(const af::Game& game, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                       int64_t game_index, af::State* final_state);

}  // namespace gs::runner
