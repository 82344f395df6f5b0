// The batch runner: games on a small thread pool, results straight into columns.
#include "runner/batch.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "bots/random_bot.h"
#include "rftg/heuristic.h"
#include "rftg/observation_tensor.h"

namespace gs::runner {

using rftg::Game;
using rftg::State;

namespace {

constexpr int kMaxTableau = 48;
constexpr int kBlock = 8;  // games handed to a worker at a time

enum BotKind : uint8_t { kRandom, kHeuristic };

BotKind kind_of(const BotSpec& b) { return b.name == "random" ? kRandom : kHeuristic; }

struct DecisionRow {
  int16_t step;
  int8_t seat, kind;
  int16_t action, legal;
};

// Per-game scratch filled by a worker, compacted into columns afterwards.
struct GameSlot {
  int16_t tableau[rftg::kMaxPlayers][kMaxTableau];
  int8_t tableau_len[rftg::kMaxPlayers];
  std::vector<DecisionRow> decisions;
  std::vector<int16_t> observations;  // observation_size per decision
};

int act(BotKind kind, const Game& g, const State& s, const int* legal, int n, Rng& rng) {
  if (kind == kRandom) return bots::RandomBot().act(g, s, legal, n, rng);
  return rftg::heuristic_action(g, s, legal, n, rng);
}

// Plays one game; `on_step` sees every decision before it is applied.
template <class OnStep>
int play_game(const Game& g, const std::vector<BotKind>& kinds, uint64_t seed, State& s, int16_t* start_worlds,
              OnStep on_step) {
  s = g.new_initial_state(seed);
  Rng rng[rftg::kMaxPlayers];
  for (int p = 0; p < g.players(); ++p) {
    rng[p] = Rng(bot_seed(seed, p));
    start_worlds[p] = g.card(s.tableau[p].first()).design;
  }
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  int steps = 0;
  while (n > 0) {
    int seat = s.actor;
    int a = act(kinds[seat], g, s, legal, n, rng[seat]);
    on_step(s, a, n);
    n = g.step(s, a, legal);
    ++steps;
  }
  return steps;
}

int8_t end_reason(const Game& g, const State& s) {
  for (int p = 0; p < s.players; ++p)
    if (s.tableau[p].count() >= g.tableau_end()) return kEndTableau;
  return s.vp_pool <= 0 ? kEndVpPool : kEndRoundCap;
}

template <class T>
void resize(std::vector<T>& v, size_t n) {
  v.assign(n, T{});
}

}  // namespace

uint64_t bot_seed(uint64_t deal_seed, int seat) { return splitmix64(deal_seed ^ (0xb07b07b07ull * (seat + 1))); }

BotSpec parse_bot_spec(const std::string& spec) {
  std::string name = spec.substr(0, spec.find(':'));
  if (name != "random" && name != "heuristic")
    throw rftg::RulesError("unknown bot '" + name + "' (built-in bots: random, heuristic)");
  if (name.size() != spec.size())
    throw rftg::RulesError("bot '" + name + "' takes no options (got '" + spec + "')");
  return BotSpec{name};
}

void run_batch(const Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, BatchColumns& out) {
  const int players = g.players();
  if (static_cast<int>(bots.size()) != players)
    throw rftg::RulesError("need one bot per seat: " + std::to_string(players) + " bots, got " +
                           std::to_string(bots.size()));
  std::vector<BotKind> kinds;
  for (const BotSpec& b : bots) kinds.push_back(kind_of(b));
  const int64_t count = req.count;
  const size_t seats = static_cast<size_t>(count) * players;

  resize(out.game_index, count);
  resize(out.seed, count);
  resize(out.rounds, count);
  resize(out.end_reason, count);
  resize(out.winners_mask, count);
  resize(out.decisions, count);
  resize(out.wall_time_us, count);
  resize(out.seat_game_index, seats);
  resize(out.seat, seats);
  resize(out.bot, seats);
  resize(out.start_world, seats);
  resize(out.score, seats);
  resize(out.score_cards, seats);
  resize(out.score_chips, seats);
  resize(out.score_six_cost, seats);
  resize(out.rank, seats);
  resize(out.won, seats);
  resize(out.hand_size, seats);
  resize(out.goods, seats);
  std::vector<GameSlot> slots(static_cast<size_t>(count));
  const rftg::ObservationEncoder encoder(g);
  out.observation_size = req.record_decisions ? encoder.size() : 0;

  std::atomic<int64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&]() {
    try {
      State s;
      for (;;) {
        int64_t begin = next.fetch_add(kBlock);
        if (begin >= count) return;
        int64_t end = std::min<int64_t>(begin + kBlock, count);
        for (int64_t k = begin; k < end; ++k) {
          int64_t index = req.first_game + k;
          uint64_t seed = game_seed(req.run_seed, static_cast<uint64_t>(index));
          GameSlot& slot = slots[k];
          int16_t start[rftg::kMaxPlayers];
          auto t0 = std::chrono::steady_clock::now();
          int steps;
          if (req.record_decisions) {
            int16_t step = 0;
            slot.observations.reserve(256 * static_cast<size_t>(encoder.size()));  // most games fit
            steps = play_game(g, kinds, seed, s, start, [&](const State& st, int a, int n) {
              slot.decisions.push_back(DecisionRow{step++, st.actor, static_cast<int8_t>(st.decision),
                                                   static_cast<int16_t>(a), static_cast<int16_t>(n)});
              size_t at = slot.observations.size();
              slot.observations.resize(at + static_cast<size_t>(encoder.size()));
              encoder.encode(st, st.actor, slot.observations.data() + at);
            });
          } else {
            steps = play_game(g, kinds, seed, s, start, [](const State&, int, int) {});
          }
          auto t1 = std::chrono::steady_clock::now();
          out.game_index[k] = index;
          out.seed[k] = seed;
          out.rounds[k] = s.round;
          out.end_reason[k] = end_reason(g, s);
          out.decisions[k] = steps;
          out.wall_time_us[k] = static_cast<int32_t>(std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
          uint8_t mask = 0;
          for (int w : g.winners(s)) mask = static_cast<uint8_t>(mask | (1u << w));
          out.winners_mask[k] = mask;
          int score[rftg::kMaxPlayers], tie[rftg::kMaxPlayers];
          for (int p = 0; p < players; ++p) {
            size_t r = static_cast<size_t>(k) * players + p;
            Game::ScoreParts parts = g.score_parts(s, p);
            score[p] = parts.total;
            tie[p] = s.hand[p].count() + (s.tableau[p] & s.has_good).count();
            out.seat_game_index[r] = index;
            out.seat[r] = static_cast<int8_t>(p);
            out.bot[r] = static_cast<int8_t>(p);
            out.start_world[r] = start[p];
            out.score[r] = static_cast<int16_t>(parts.total);
            out.score_cards[r] = static_cast<int16_t>(parts.cards);
            out.score_chips[r] = static_cast<int16_t>(parts.chips);
            out.score_six_cost[r] = static_cast<int16_t>(parts.six_cost);
            out.won[r] = (mask >> p) & 1;
            out.hand_size[r] = static_cast<int8_t>(s.hand[p].count());
            out.goods[r] = static_cast<int8_t>((s.tableau[p] & s.has_good).count());
            int len = 0;
            s.tableau[p].for_each([&](int c) {
              if (len < kMaxTableau) slot.tableau[p][len++] = g.card(c).design;
            });
            slot.tableau_len[p] = static_cast<int8_t>(len);
          }
          for (int p = 0; p < players; ++p) {
            int better = 0;
            for (int q = 0; q < players; ++q)
              if (score[q] > score[p] || (score[q] == score[p] && tie[q] > tie[p])) ++better;
            out.rank[static_cast<size_t>(k) * players + p] = static_cast<int8_t>(better + 1);
          }
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(count);
    }
  };
  int threads = std::max(1, std::min<int>(req.threads, static_cast<int>((count + kBlock - 1) / kBlock)));
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
  }
  if (failure) std::rethrow_exception(failure);

  // Compact the variable-length parts in game order.
  out.tableau_offsets.assign(1, 0);
  out.tableau_cards.clear();
  size_t decisions = 0;
  for (const GameSlot& slot : slots) decisions += slot.decisions.size();
  for (auto* v : {&out.dec_step, &out.dec_action, &out.dec_legal}) { v->clear(); v->reserve(decisions); }
  out.dec_game_index.clear();
  out.dec_seat.clear();
  out.dec_kind.clear();
  out.game_observations.assign(req.record_decisions ? static_cast<size_t>(count) : 0, {});
  for (int64_t k = 0; k < count; ++k) {
    GameSlot& slot = slots[k];
    for (int p = 0; p < players; ++p) {
      out.tableau_cards.insert(out.tableau_cards.end(), slot.tableau[p], slot.tableau[p] + slot.tableau_len[p]);
      out.tableau_offsets.push_back(static_cast<int32_t>(out.tableau_cards.size()));
    }
    for (const DecisionRow& d : slot.decisions) {
      out.dec_game_index.push_back(out.game_index[k]);
      out.dec_step.push_back(d.step);
      out.dec_seat.push_back(d.seat);
      out.dec_kind.push_back(d.kind);
      out.dec_action.push_back(d.action);
      out.dec_legal.push_back(d.legal);
    }
    if (req.record_decisions) out.game_observations[k] = std::move(slot.observations);  // no copy: the bulk
  }
}

std::vector<ReplayStep> replay_game(const Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                    int64_t game_index, State* final_state) {
  std::vector<BotKind> kinds;
  for (const BotSpec& b : bots) kinds.push_back(kind_of(b));
  if (static_cast<int>(kinds.size()) != g.players()) throw rftg::RulesError("need one bot per seat");
  std::vector<ReplayStep> steps;
  State s;
  int16_t start[rftg::kMaxPlayers];
  play_game(g, kinds, game_seed(run_seed, static_cast<uint64_t>(game_index)), s, start,
            [&](const State& st, int a, int n) {
              steps.push_back(ReplayStep{st.actor, static_cast<int>(st.decision), a, n, g.describe(st, a)});
            });
  if (final_state) *final_state = s;
  return steps;
}

}  // namespace gs::runner
