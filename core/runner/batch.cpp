// The batch runner: games on a small thread pool, results straight into columns.
#include "runner/batch.h"

#include <algorithm>

#include "rftg/observation_tensor.h"
#include "runner/decision_log.h"
#include "runner/parallel.h"

namespace gs::runner {

using rftg::Game;
using rftg::State;

namespace {

constexpr int kBlock = 8;  // games handed to a worker at a time (1 with a searching bot: seconds a game)

// Per-game scratch filled by a worker, compacted into columns afterwards.
struct GameSlot {
  GameRecord rec;
  DecisionLog log;
};

// One bot per seat, made once per worker and reused across its games (a bot's
// choices depend only on its spec, the position and the rng it is handed).
std::vector<SeatBot> make_seat_bots(const std::vector<BotSpec>& specs) {
  std::vector<SeatBot> out;
  out.reserve(specs.size());
  for (const BotSpec& b : specs) out.emplace_back(b);
  return out;
}

// Plays game `deal_seed` with the seats' bots; `on_step` sees every decision before it is applied.
template <class OnStep>
void play_game(const Game& g, std::vector<SeatBot>& bots, uint64_t seed, State& s, GameRecord& rec,
               OnStep on_step) {
  Rng rng[rftg::kMaxPlayers];
  for (int p = 0; p < g.players(); ++p) rng[p] = Rng(bot_seed(seed, p));
  play_recorded(
      g, seed,
      [&](int seat, const State& st, const int* legal, int n) {
        return bots[static_cast<size_t>(seat)].act(g, st, legal, n, rng[seat]);
      },
      on_step, s, rec);
}

template <class T>
void resize(std::vector<T>& v, size_t n) {
  v.assign(n, T{});
}

void check_seats(const Game& g, const std::vector<BotSpec>& bots) {
  if (static_cast<int>(bots.size()) != g.players())
    throw rftg::RulesError("need one bot per seat: " + std::to_string(g.players()) + " bots, got " +
                           std::to_string(bots.size()));
}

}  // namespace

void run_batch(const Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, BatchColumns& out) {
  check_seats(g, bots);
  make_seat_bots(bots);  // bad specs fail here, before any thread starts
  const int players = g.players();
  const int64_t count = req.count;
  const size_t seats = static_cast<size_t>(count) * players;

  resize(out.game_index, count);
  resize(out.seed, count);
  resize(out.rounds, count);
  resize(out.end_reason, count);
  resize(out.winners_mask, count);
  resize(out.decisions, count);
  resize(out.wall_time_us, count);
  resize(out.robot_score, count);
  resize(out.seat_game_index, seats);
  resize(out.seat, seats);
  resize(out.bot, seats);
  resize(out.start_world, seats);
  resize(out.score, seats);
  resize(out.score_cards, seats);
  resize(out.score_chips, seats);
  resize(out.score_six_cost, seats);
  resize(out.score_goals, seats);
  resize(out.rank, seats);
  resize(out.won, seats);
  resize(out.hand_size, seats);
  resize(out.goods, seats);
  std::vector<GameSlot> slots(static_cast<size_t>(count));
  const rftg::ObservationEncoder encoder(g);
  out.observation_size = req.record_decisions ? encoder.size() : 0;

  int64_t block = kBlock;
  for (const BotSpec& b : bots)
    if (b.name == "ismcts") block = 1;
  struct Worker {  // one per thread, reused across its games
    std::vector<SeatBot> seat_bots;
    State s;
  };
  parallel_games_with(
      count, req.threads, [&] { return Worker{make_seat_bots(bots), State{}}; },
      [&](Worker& w, int64_t k) {
        std::vector<SeatBot>& seat_bots = w.seat_bots;
        State& s = w.s;
        int64_t index = req.first_game + k;
        uint64_t seed = game_seed(req.run_seed, static_cast<uint64_t>(index));
        GameSlot& slot = slots[k];
        GameRecord& rec = slot.rec;
        if (req.record_decisions) {
          slot.log.observations.reserve(256 * static_cast<size_t>(encoder.size()));  // most games fit
          play_game(g, seat_bots, seed, s, rec,
                    [&](const State& st, int a, int n) { slot.log.add(st, a, n, encoder); });
        } else {
          play_game(g, seat_bots, seed, s, rec, [](const State&, int, int) {});
        }
        out.game_index[k] = index;
        out.seed[k] = seed;
        out.rounds[k] = rec.rounds;
        out.end_reason[k] = rec.end_reason;
        out.decisions[k] = rec.decisions;
        out.wall_time_us[k] = rec.wall_time_us;
        out.robot_score[k] = rec.robot_score;
        out.winners_mask[k] = rec.winners_mask;
        for (int p = 0; p < players; ++p) {
          size_t r = static_cast<size_t>(k) * players + p;
          const SeatRecord& sr = rec.seats[p];
          out.seat_game_index[r] = index;
          out.seat[r] = static_cast<int8_t>(p);
          out.bot[r] = static_cast<int8_t>(p);
          out.start_world[r] = sr.start_world;
          out.score[r] = sr.score;
          out.score_cards[r] = sr.score_cards;
          out.score_chips[r] = sr.score_chips;
          out.score_six_cost[r] = sr.score_six_cost;
          out.score_goals[r] = sr.score_goals;
          out.rank[r] = sr.rank;
          out.won[r] = sr.won;
          out.hand_size[r] = sr.hand_size;
          out.goods[r] = sr.goods;
        }
      },
      block, req.games_done);

  // Compact the variable-length parts in game order.
  out.tableau_offsets.assign(1, 0);
  out.tableau_cards.clear();
  size_t decisions = 0;
  for (const GameSlot& slot : slots) decisions += slot.log.rows.size();
  clear_decisions(out, decisions);
  for (int64_t k = 0; k < count; ++k) {
    GameSlot& slot = slots[k];
    for (int p = 0; p < players; ++p) {
      const SeatRecord& sr = slot.rec.seats[p];
      out.tableau_cards.insert(out.tableau_cards.end(), sr.tableau, sr.tableau + sr.tableau_len);
      out.tableau_offsets.push_back(static_cast<int32_t>(out.tableau_cards.size()));
    }
    append_decisions(out, out.game_index[k], slot.log, req.record_decisions);
  }
}

std::vector<ReplayStep> replay_game(const Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                    int64_t game_index, State* final_state) {
  check_seats(g, bots);
  std::vector<SeatBot> seat_bots = make_seat_bots(bots);
  std::vector<ReplayStep> steps;
  State s;
  GameRecord rec;
  play_game(g, seat_bots, game_seed(run_seed, static_cast<uint64_t>(game_index)), s, rec,
            [&](const State& st, int a, int n) {
              steps.push_back(ReplayStep{st.actor, static_cast<int>(st.decision), a, n, g.describe(st, a)});
            });
  if (final_state) *final_state = s;
  return steps;
}

}  // namespace gs::runner
