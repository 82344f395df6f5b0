// Batch play on a thread pool into flat columns, for any game (no per-game heap objects on
// the hot path). Game `i` of a run is fully determined by (run seed, i, config): its deal
// seed is game_seed(run_seed, i) and each seat's bot is seeded from it (bot_seed), so the
// rows do not depend on thread count or chunking.
//
// A game plugs in with a traits struct (runner/batch.h: RftgBatch, runner/af_batch.h: AfBatch):
//   Game, State, Error (its rules error), Record (its game record, runner/*game_record.h),
//   Bot (its seat bot, runner/*seat_bot.h), Encoder (its observation encoder), and
//   Columns, derived from CommonColumns (runner/batch_columns.h), with
//     for_each_column(visit)        every games/ and seats/ column in output order;
//     fill_game(k, record)          the game's own games/ values of row k;
//     fill_seat(r, seat_record)     the game's own seats/ values of row r;
//     start_seat_parts(),
//     add_seat_part(seat_record)    the variable-length seat part (offsets and values), seat by seat.
// The runner fills the common columns, plays, records decisions and compacts them in game order.
#pragma once
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include "bots/bot_spec.h"
#include "common/rng.h"
#include "runner/batch_columns.h"
#include "runner/decision_log.h"
#include "runner/parallel.h"
#include "runner/recorded_play.h"

namespace gs::runner {

using bots::BotSpec;

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

// One decision of a replayed game.
struct ReplayStep {
  int seat;
  int kind;
  int action;
  int legal;
  std::string text;
};

namespace batch_detail {

template <class Traits>
void check_seats(const typename Traits::Game& g, const std::vector<BotSpec>& bots) {
  if (static_cast<int>(bots.size()) != g.players())
    throw typename Traits::Error("need one bot per seat: " + std::to_string(g.players()) + " bots, got " +
                                 std::to_string(bots.size()));
}

// One bot per seat, made once per worker and reused across its games (a bot's
// choices depend only on its spec, the position and the rng it is handed), and
// prepared for the game (a net bot finds and checks its model).
template <class Traits>
std::vector<typename Traits::Bot> make_seat_bots(const typename Traits::Game& g, const std::vector<BotSpec>& specs) {
  std::vector<typename Traits::Bot> out;
  out.reserve(specs.size());
  for (const BotSpec& b : specs) out.emplace_back(b).prepare(g);
  return out;
}

// Plays the game dealt from `seed` with the seats' bots; `on_step` sees every decision before it is applied.
// random_only: every seat is a random bot and on_step does nothing, so the engine may play
// the bots' decisions itself (runner/recorded_play.h).
template <class Traits, class OnStep>
void play_game(const typename Traits::Game& g, std::vector<typename Traits::Bot>& bots, uint64_t seed,
               typename Traits::State& s, typename Traits::Record& rec, OnStep on_step, bool random_only = false) {
  Rng rng[std::extent_v<decltype(Traits::Record::seats)>];
  for (int p = 0; p < g.players(); ++p) rng[p] = Rng(bot_seed(seed, p));
  Rng* seat_rng[std::extent_v<decltype(Traits::Record::seats)>];
  for (size_t p = 0; p < std::size(rng); ++p) seat_rng[p] = &rng[p];
  play_recorded(
      g, seed,
      [&](int seat, const typename Traits::State& st, const int* legal, int n) {
        return bots[static_cast<size_t>(seat)].act(g, st, legal, n, rng[seat]);
      },
      on_step, s, rec, random_only ? seat_rng : nullptr);
}

// Searching bots take seconds a game: hand games out one at a time, so a small chunk uses every thread.
inline int64_t block_size(const std::vector<BotSpec>& specs) {
  for (const BotSpec& b : specs)
    if (b.name == "ismcts") return 1;
  return 8;
}

}  // namespace batch_detail

// Plays games first_game .. first_game+count-1 into `out`. Thread-safe game; bots one per seat.
template <class Traits>
void run_games(const typename Traits::Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req,
               typename Traits::Columns& out) {
  using State = typename Traits::State;
  using Bot = typename Traits::Bot;
  using Record = typename Traits::Record;
  batch_detail::check_seats<Traits>(g, bots);
  batch_detail::make_seat_bots<Traits>(g, bots);  // bad specs and models fail here, before any thread starts
  const int players = g.players();
  const int64_t count = req.count;
  const size_t seats = static_cast<size_t>(count) * players;
  out.for_each_column([&](Table table, const char*, auto& column, const char* = nullptr) {
    using T = typename std::decay_t<decltype(column)>::value_type;
    if (table == Table::kGames) column.assign(static_cast<size_t>(count), T{});
    if (table == Table::kSeats) column.assign(seats, T{});
  });
  struct GameSlot {  // per-game scratch filled by a worker, compacted into columns afterwards
    Record rec;
    DecisionLog log;
  };
  std::vector<GameSlot> slots(static_cast<size_t>(count));
  const typename Traits::Encoder encoder(g);
  const bool random_only = bots::all_random(bots);
  out.observation_size = req.record_decisions ? encoder.size() : 0;

  struct Worker {  // one per thread, reused across its games
    std::vector<Bot> seat_bots;
    State s;
  };
  parallel_games_with(
      count, req.threads, [&] { return Worker{batch_detail::make_seat_bots<Traits>(g, bots), State{}}; },
      [&](Worker& w, int64_t k) {
        const int64_t index = req.first_game + k;
        const uint64_t seed = game_seed(req.run_seed, static_cast<uint64_t>(index));
        GameSlot& slot = slots[static_cast<size_t>(k)];
        if (req.record_decisions) {
          slot.log.observations.reserve(256 * static_cast<size_t>(encoder.size()));  // most games fit
          batch_detail::play_game<Traits>(g, w.seat_bots, seed, w.s, slot.rec,
                                          [&](const State& st, int a, int n) { slot.log.add(st, a, n, encoder); });
        } else {
          batch_detail::play_game<Traits>(g, w.seat_bots, seed, w.s, slot.rec, [](const State&, int, int) {},
                                          random_only);
        }
        const Record& rec = slot.rec;
        out.game_index[k] = index;
        out.seed[k] = seed;
        out.rounds[k] = rec.rounds;
        out.end_reason[k] = rec.end_reason;
        out.winners_mask[k] = rec.winners_mask;
        out.decisions[k] = rec.decisions;
        out.wall_time_us[k] = rec.wall_time_us;
        out.fill_game(static_cast<size_t>(k), rec);
        for (int p = 0; p < players; ++p) {
          const size_t r = static_cast<size_t>(k) * players + p;
          out.seat_game_index[r] = index;
          out.seat[r] = static_cast<int8_t>(p);
          out.bot[r] = static_cast<int8_t>(p);
          out.score[r] = rec.seats[p].score;
          out.rank[r] = rec.seats[p].rank;
          out.won[r] = rec.seats[p].won;
          out.fill_seat(r, rec.seats[p]);
        }
      },
      batch_detail::block_size(bots), req.games_done);

  // Compact the variable-length parts in game order.
  out.start_seat_parts();
  size_t decisions = 0;
  for (const GameSlot& slot : slots) decisions += slot.log.rows.size();
  clear_decisions(out, decisions);
  for (int64_t k = 0; k < count; ++k) {
    GameSlot& slot = slots[static_cast<size_t>(k)];
    for (int p = 0; p < players; ++p) out.add_seat_part(slot.rec.seats[p]);
    append_decisions(out, out.game_index[k], slot.log, req.record_decisions);
  }
}

// Re-plays game `game_index` of a run exactly as run_games played it; `final_state` (if given)
// receives its last position.
template <class Traits>
std::vector<ReplayStep> replay_one(const typename Traits::Game& g, const std::vector<BotSpec>& bots,
                                   uint64_t run_seed, int64_t game_index, typename Traits::State* final_state) {
  batch_detail::check_seats<Traits>(g, bots);
  std::vector<typename Traits::Bot> seat_bots = batch_detail::make_seat_bots<Traits>(g, bots);
  std::vector<ReplayStep> steps;
  typename Traits::State s;
  typename Traits::Record rec;
  batch_detail::play_game<Traits>(g, seat_bots, game_seed(run_seed, static_cast<uint64_t>(game_index)), s, rec,
                                  [&](const typename Traits::State& st, int a, int n) {
                                    steps.push_back(ReplayStep{st.actor, static_cast<int>(st.decision), a, n,
                                                               g.describe(st, a)});
                                  });
  if (final_state) *final_state = s;
  return steps;
}

}  // namespace gs::runner
