// Recorded decisions (--record-decisions), for any game: a worker logs each game's decisions
// in its game slot, with the deciding seat's observation tensor, and the batch moves the logs
// into its dec_* columns and game_observations in game order afterwards (batch.cpp, af_batch.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gs::runner {

struct DecisionRow {
  int16_t step;
  int8_t seat, kind;
  int16_t action, legal;
};

struct DecisionLog {
  std::vector<DecisionRow> rows;
  std::vector<int16_t> observations;  // the encoder's size() values per row

  // Decision `action` of `n` legal ones, about to be applied to `st`.
  template <class State, class Encoder>
  void add(const State& st, int action, int n, const Encoder& encoder) {
    rows.push_back(DecisionRow{static_cast<int16_t>(rows.size()), st.actor, static_cast<int8_t>(st.decision),
                               static_cast<int16_t>(action), static_cast<int16_t>(n)});
    size_t at = observations.size();
    observations.resize(at + static_cast<size_t>(encoder.size()));
    encoder.encode(st, st.actor, observations.data() + at);
  }
};

// Empties the batch's decision columns, room made for `rows` rows.
template <class Columns>
void clear_decisions(Columns& out, size_t rows) {
  for (auto* v : {&out.dec_step, &out.dec_action, &out.dec_legal}) {
    v->clear();
    v->reserve(rows);
  }
  for (auto* v : {&out.dec_seat, &out.dec_kind}) v->clear();
  out.dec_game_index.clear();
  out.game_observations.clear();
}

// Appends game `game_index`'s log to the columns (its observations moved, not copied: the bulk).
template <class Columns>
void append_decisions(Columns& out, int64_t game_index, DecisionLog& log, bool with_observations) {
  for (const DecisionRow& d : log.rows) {
    out.dec_game_index.push_back(game_index);
    out.dec_step.push_back(d.step);
    out.dec_seat.push_back(d.seat);
    out.dec_kind.push_back(d.kind);
    out.dec_action.push_back(d.action);
    out.dec_legal.push_back(d.legal);
  }
  if (with_observations) out.game_observations.push_back(std::move(log.observations));
}

}  // namespace gs::runner
