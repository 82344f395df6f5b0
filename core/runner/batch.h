// Batch play of Race for the Galaxy games into flat columns: the generic runner
// (runner/batch_runner.h: requests, seeds, threads, decisions, replay) with the RftG
// columns. Bot specs ("random", "heuristic", "ismcts:iterations=2000,c=0.7", ...):
// parse_bot_spec and the bots themselves are in runner/seat_bot.h; end reasons in
// runner/game_record.h.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rftg/game.h"
#include "rftg/observation_tensor.h"
#include "runner/batch_runner.h"
#include "runner/game_record.h"
#include "runner/seat_bot.h"

namespace gs::runner {

struct BatchColumns : CommonColumns {
  // games
  std::vector<int16_t> robot_score;  // the solo game's robot; -1 in other games
  std::vector<int16_t> robot_score_cards, robot_score_chips, robot_score_six_cost;  // its parts; -1 likewise
  std::vector<uint16_t> goals_in_play;  // bit = goal index in the card data
  // seats
  std::vector<int16_t> start_world;  // design id
  std::vector<int16_t> score_cards, score_chips, score_six_cost, score_goals;
  std::vector<int8_t> hand_size, goods;
  std::vector<uint16_t> goals_first, goals_most, goals_most_tied;  // bit = goal index (SeatRecord)
  std::vector<int8_t> takeovers_declared, takeovers_won, takeovers_lost, takeovers_defended;
  std::vector<int32_t> tableau_offsets;  // size rows + 1
  std::vector<int16_t> tableau_cards;    // design ids, in instance order

  template <class Visit>
  void for_each_column(Visit&& visit) {
    visit(Table::kGames, "game_index", game_index);
    visit(Table::kGames, "seed", seed);
    visit(Table::kGames, "rounds", rounds);
    visit(Table::kGames, "end_reason", end_reason);
    visit(Table::kGames, "winners_mask", winners_mask);
    visit(Table::kGames, "decisions", decisions);
    visit(Table::kGames, "wall_time_us", wall_time_us);
    visit(Table::kGames, "robot_score", robot_score);
    visit(Table::kGames, "robot_score_cards", robot_score_cards);
    visit(Table::kGames, "robot_score_chips", robot_score_chips);
    visit(Table::kGames, "robot_score_six_cost", robot_score_six_cost);
    visit(Table::kGames, "goals_in_play", goals_in_play);
    visit(Table::kSeats, "game_index", seat_game_index);
    visit(Table::kSeats, "seat", seat);
    visit(Table::kSeats, "bot", bot);
    visit(Table::kSeats, "start_world", start_world);
    visit(Table::kSeats, "score", score);
    visit(Table::kSeats, "score_cards", score_cards);
    visit(Table::kSeats, "score_chips", score_chips);
    visit(Table::kSeats, "score_six_cost", score_six_cost);
    visit(Table::kSeats, "score_goals", score_goals);
    visit(Table::kSeats, "rank", rank);
    visit(Table::kSeats, "won", won, kBoolDtype);
    visit(Table::kSeats, "hand_size", hand_size);
    visit(Table::kSeats, "goods", goods);
    visit(Table::kSeats, "goals_first_mask", goals_first);
    visit(Table::kSeats, "goals_most_mask", goals_most);
    visit(Table::kSeats, "goals_most_tied_mask", goals_most_tied);
    visit(Table::kSeats, "takeovers_declared", takeovers_declared);
    visit(Table::kSeats, "takeovers_won", takeovers_won);
    visit(Table::kSeats, "takeovers_lost", takeovers_lost);
    visit(Table::kSeats, "takeovers_defended", takeovers_defended);
    visit(Table::kSeatParts, "tableau_offsets", tableau_offsets);
    visit(Table::kSeatParts, "tableau_cards", tableau_cards);
  }
  void fill_game(size_t k, const GameRecord& rec) {
    robot_score[k] = rec.robot_score;
    robot_score_cards[k] = rec.robot_score_cards;
    robot_score_chips[k] = rec.robot_score_chips;
    robot_score_six_cost[k] = rec.robot_score_six_cost;
    goals_in_play[k] = rec.goals_in_play;
  }
  void fill_seat(size_t r, const SeatRecord& sr) {
    start_world[r] = sr.start_world;
    score_cards[r] = sr.score_cards;
    score_chips[r] = sr.score_chips;
    score_six_cost[r] = sr.score_six_cost;
    score_goals[r] = sr.score_goals;
    hand_size[r] = sr.hand_size;
    goods[r] = sr.goods;
    goals_first[r] = sr.goals_first;
    goals_most[r] = sr.goals_most;
    goals_most_tied[r] = sr.goals_most_tied;
    takeovers_declared[r] = sr.takeovers_declared;
    takeovers_won[r] = sr.takeovers_won;
    takeovers_lost[r] = sr.takeovers_lost;
    takeovers_defended[r] = sr.takeovers_defended;
  }
  void start_seat_parts() {
    tableau_offsets.assign(1, 0);
    tableau_cards.clear();
  }
  void add_seat_part(const SeatRecord& sr) {
    tableau_cards.insert(tableau_cards.end(), sr.tableau, sr.tableau + sr.tableau_len);
    tableau_offsets.push_back(static_cast<int32_t>(tableau_cards.size()));
  }
};

// Race for the Galaxy in the generic batch runner.
struct RftgBatch {
  using Game = rftg::Game;
  using State = rftg::State;
  using Error = rftg::RulesError;
  using Record = GameRecord;
  using Bot = SeatBot;
  using Encoder = rftg::ObservationEncoder;
  using Columns = BatchColumns;
};

// Plays games first_game .. first_game+count-1. Thread-safe game; bots one per seat.
void run_batch(const rftg::Game& game, const std::vector<BotSpec>& bots, const BatchRequest& req, BatchColumns& out);

// Re-plays one game of a run exactly as run_batch played it.
std::vector<ReplayStep> replay_game(const rftg::Game& game, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                    int64_t game_index, rftg::State* final_state);

}  // namespace gs::runner
