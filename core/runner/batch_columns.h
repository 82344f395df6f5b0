// The columns of a batch, for any game: what every game's games/, seats/ and decisions/ rows
// share (CommonColumns, filled by the generic runner, runner/batch_runner.h), and a view of
// each column by table, name and dtype, so the Python side converts them without naming them.
//
// A game's columns (runner/batch.h, runner/af_batch.h) derive from CommonColumns and list every
// column, its own and the common ones, in output order with for_each_column(visit), calling
// visit(table, name, vector[, dtype]) once per column.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace gs::runner {

enum class Table : int8_t {
  kGames,      // one row per game
  kSeats,      // one row per (game, seat), game-major
  kSeatParts,  // a seat's variable-length part (values, and offsets: one more than the seat rows)
  kDecisions,  // one row per recorded decision, in (game, step) order
};

// One column as the Python side reads it: numpy dtype name, `size` values at `data`.
struct ColumnView {
  const char* table;  // "games", "seats" or "decisions"
  const char* name;
  const char* dtype;
  const void* data;
  size_t size;
};

template <class T>
constexpr const char* dtype_name() {
  if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64";
  else static_assert(sizeof(T) == 0, "no dtype for this column type");
}
// The dtype of a uint8_t column of 0/1 values read as booleans.
constexpr const char* kBoolDtype = "bool";

struct CommonColumns {
  // games
  std::vector<int64_t> game_index;
  std::vector<uint64_t> seed;
  std::vector<int16_t> rounds;
  std::vector<int8_t> end_reason;
  std::vector<uint8_t> winners_mask;  // bit s = seat s won
  std::vector<int32_t> decisions;
  std::vector<int32_t> wall_time_us;
  // seats
  std::vector<int64_t> seat_game_index;
  std::vector<int8_t> seat;
  std::vector<int8_t> bot;  // index into the bot list
  std::vector<int16_t> score;
  std::vector<int8_t> rank;  // 1 = best; equal (score, tie-breaks) share a rank
  std::vector<uint8_t> won;
  // decisions (only when recorded)
  std::vector<int64_t> dec_game_index;
  std::vector<int16_t> dec_step;
  std::vector<int8_t> dec_seat;
  std::vector<int8_t> dec_kind;
  std::vector<int16_t> dec_action;
  std::vector<int16_t> dec_legal;
  // The deciding seat's observation tensor (the game's observation_tensor.h), observation_size values per
  // decision, one vector per game in game order (concatenated once, by the caller, into its own buffer).
  int observation_size = 0;
  std::vector<std::vector<int16_t>> game_observations;

  template <class Visit>
  void for_each_decision_column(Visit&& visit) {
    visit(Table::kDecisions, "game_index", dec_game_index);
    visit(Table::kDecisions, "step", dec_step);
    visit(Table::kDecisions, "seat", dec_seat);
    visit(Table::kDecisions, "kind", dec_kind);
    visit(Table::kDecisions, "action", dec_action);
    visit(Table::kDecisions, "legal", dec_legal);
  }
};

// Every column of a game's batch (its games/ and seats/ columns, then the decisions), in output order.
template <class Columns>
std::vector<ColumnView> column_views(Columns& c) {
  std::vector<ColumnView> out;
  auto view = [&](Table table, const char* name, const auto& v, const char* dtype = nullptr) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    const char* t = table == Table::kGames ? "games" : table == Table::kDecisions ? "decisions" : "seats";
    out.push_back(ColumnView{t, name, dtype ? dtype : dtype_name<T>(), v.data(), v.size()});
  };
  c.for_each_column(view);
  c.for_each_decision_column(view);
  return out;
}

}  // namespace gs::runner
