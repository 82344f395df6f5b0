// The Alien Frontiers batch runner (see af_batch.h).
#include "runner/af_batch.h"

#include "af/observation_tensor.h"
#include "runner/af_seat_bot.h"
#include "runner/decision_log.h"
#include "runner/parallel.h"

namespace gs::runner {

using af::Game;
using af::State;

namespace {

void check_seats(const Game& g, const std::vector<BotSpec>& bots) {
  if (static_cast<int>(bots.size()) != g.players())
    throw af::RulesError("need one bot per seat: " + std::to_string(g.players()) + " bots, got " +
                         std::to_string(bots.size()));
}

// One bot per seat, made once per worker and reused across its games (a bot's
// choices depend only on its spec, the position and the rng it is handed).
std::vector<AfSeatBot> make_seat_bots(const std::vector<BotSpec>& specs) {
  std::vector<AfSeatBot> out;
  out.reserve(specs.size());
  for (const BotSpec& b : specs) out.emplace_back(b);
  return out;
}

bool any_search(const std::vector<BotSpec>& specs) {
  for (const BotSpec& b : specs)
    if (b.name == "ismcts") return true;
  return false;
}

struct GameSlot {
  AfGameRecord rec;
  DecisionLog log;
};

// Plays game `seed` with the seats' bots; `on_step` sees every decision before it is applied.
template <class OnStep>
void play_game(const Game& g, std::vector<AfSeatBot>& bots, uint64_t seed, State& s, AfGameRecord& rec,
               OnStep on_step) {
  Rng rng[af::kMaxPlayers];
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

}  // namespace

void run_af_batch(const Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, AfBatchColumns& out) {
  check_seats(g, bots);
  make_seat_bots(bots);  // bad specs fail here, before any thread starts
  const int players = g.players();
  const int64_t count = req.count;
  const size_t seats = static_cast<size_t>(count) * players;
  for (auto* v : {&out.rounds, &out.turns}) resize(*v, count);
  resize(out.game_index, count);
  resize(out.seed, count);
  resize(out.end_reason, count);
  resize(out.winners_mask, count);
  resize(out.decisions, count);
  resize(out.wall_time_us, count);
  resize(out.seat_game_index, seats);
  for (auto* v : {&out.seat, &out.bot, &out.rank, &out.ore, &out.fuel, &out.ships, &out.colonies_left, &out.hub})
    resize(*v, seats);
  for (auto* v : {&out.score, &out.score_colonies, &out.score_territories, &out.score_tech, &out.score_positron})
    resize(*v, seats);
  resize(out.won, seats);
  resize(out.territories, seats);
  std::vector<GameSlot> slots(static_cast<size_t>(count));
  const af::ObservationEncoder encoder(g);
  out.observation_size = req.record_decisions ? encoder.size() : 0;
  // Searching bots take seconds a game: hand games out one at a time, so a small chunk uses every thread.
  const int64_t block = any_search(bots) ? 1 : 8;

  parallel_games_with(
      count, req.threads, [&] { return make_seat_bots(bots); },
      [&](std::vector<AfSeatBot>& seat_bots, int64_t k) {
        const int64_t index = req.first_game + k;
        const uint64_t seed = game_seed(req.run_seed, static_cast<uint64_t>(index));
        GameSlot& slot = slots[static_cast<size_t>(k)];
        State s;
        if (req.record_decisions) {
          play_game(g, seat_bots, seed, s, slot.rec,
                    [&](const State& st, int a, int n) { slot.log.add(st, a, n, encoder); });
        } else {
          play_game(g, seat_bots, seed, s, slot.rec, [](const State&, int, int) {});
        }
        const AfGameRecord& rec = slot.rec;
        out.game_index[k] = index;
        out.seed[k] = seed;
        out.turns[k] = rec.turns;
        out.rounds[k] = rec.rounds;
        out.end_reason[k] = rec.end_reason;
        out.decisions[k] = rec.decisions;
        out.wall_time_us[k] = rec.wall_time_us;
        out.winners_mask[k] = rec.winners_mask;
        for (int p = 0; p < players; ++p) {
          const size_t r = static_cast<size_t>(k) * players + p;
          const AfSeatRecord& sr = rec.seats[p];
          out.seat_game_index[r] = index;
          out.seat[r] = static_cast<int8_t>(p);
          out.bot[r] = static_cast<int8_t>(p);
          out.score[r] = sr.score;
          out.score_colonies[r] = sr.score_colonies;
          out.score_territories[r] = sr.score_territories;
          out.score_tech[r] = sr.score_tech;
          out.score_positron[r] = sr.score_positron;
          out.rank[r] = sr.rank;
          out.won[r] = sr.won;
          out.ore[r] = sr.ore;
          out.fuel[r] = sr.fuel;
          out.ships[r] = sr.ships;
          out.colonies_left[r] = sr.colonies_left;
          out.hub[r] = sr.hub;
          out.territories[r] = sr.territories;
        }
      },
      block, req.games_done);

  // Compact the variable-length parts in game order.
  out.tech_offsets.assign(1, 0);
  out.tech_cards.clear();
  size_t decisions = 0;
  for (const GameSlot& slot : slots) decisions += slot.log.rows.size();
  clear_decisions(out, decisions);
  for (int64_t k = 0; k < count; ++k) {
    GameSlot& slot = slots[static_cast<size_t>(k)];
    for (int p = 0; p < players; ++p) {
      const AfSeatRecord& sr = slot.rec.seats[p];
      out.tech_cards.insert(out.tech_cards.end(), sr.tech, sr.tech + sr.tech_len);
      out.tech_offsets.push_back(static_cast<int32_t>(out.tech_cards.size()));
    }
    append_decisions(out, out.game_index[k], slot.log, req.record_decisions);
  }
}

std::vector<ReplayStep> replay_af_game(const Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                       int64_t game_index, State* final_state) {
  check_seats(g, bots);
  std::vector<AfSeatBot> seat_bots = make_seat_bots(bots);
  std::vector<ReplayStep> steps;
  State s;
  AfGameRecord rec;
  play_game(g, seat_bots, game_seed(run_seed, static_cast<uint64_t>(game_index)), s, rec,
            [&](const State& st, int a, int n) {
              steps.push_back(ReplayStep{st.actor, static_cast<int>(st.decision), a, n, g.describe(st, a)});
            });
  if (final_state) *final_state = s;
  return steps;
}

}  // namespace gs::runner
