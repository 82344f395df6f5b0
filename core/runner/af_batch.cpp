// The Alien Frontiers batch runner (see af_batch.h).
#include "runner/af_batch.h"

#include <chrono>

#include "af/heuristic.h"
#include "af/observation_tensor.h"
#include "bots/random_bot.h"
#include "runner/parallel.h"

namespace gs::runner {

using af::Game;
using af::State;

namespace {

enum BotKind : uint8_t { kRandom, kHeuristic };

std::vector<BotKind> bot_kinds(const Game& g, const std::vector<BotSpec>& bots) {
  if (static_cast<int>(bots.size()) != g.players())
    throw af::RulesError("need one bot per seat: " + std::to_string(g.players()) + " bots, got " +
                         std::to_string(bots.size()));
  std::vector<BotKind> kinds;
  for (const BotSpec& b : bots) {
    if (b.name != "random" && b.name != "heuristic")
      throw af::RulesError("bot '" + b.name + "' is not available for Alien Frontiers (random, heuristic)");
    kinds.push_back(b.name == "random" ? kRandom : kHeuristic);
  }
  return kinds;
}

struct DecisionRow {
  int16_t step;
  int8_t seat, kind;
  int16_t action, legal;
};

struct GameSlot {
  std::vector<DecisionRow> decisions;
  std::vector<int16_t> observations;
  std::vector<int16_t> tech[af::kMaxPlayers];
};

// Plays one game; `on_step` sees every decision before it is applied.
template <class OnStep>
int play_game(const Game& g, const std::vector<BotKind>& kinds, uint64_t seed, State& s, OnStep on_step) {
  s = g.new_initial_state(seed);
  Rng rng[af::kMaxPlayers];
  for (int p = 0; p < g.players(); ++p) rng[p] = Rng(bot_seed(seed, p));
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  int steps = 0;
  while (n > 0) {
    const int seat = s.actor;
    const int a = kinds[seat] == kRandom ? bots::RandomBot().act(g, s, legal, n, rng[seat])
                                         : af::heuristic_action(g, s, legal, n, rng[seat]);
    on_step(s, a, n);
    n = g.step(s, a, legal);
    ++steps;
  }
  return steps;
}

template <class T>
void resize(std::vector<T>& v, size_t n) {
  v.assign(n, T{});
}

}  // namespace

void run_af_batch(const Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, AfBatchColumns& out) {
  const std::vector<BotKind> kinds = bot_kinds(g, bots);
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

  parallel_games(count, req.threads, [&](int64_t k) {
    const int64_t index = req.first_game + k;
    const uint64_t seed = game_seed(req.run_seed, static_cast<uint64_t>(index));
    GameSlot& slot = slots[static_cast<size_t>(k)];
    State s;
    auto t0 = std::chrono::steady_clock::now();
    int steps;
    if (req.record_decisions) {
      int16_t step = 0;
      steps = play_game(g, kinds, seed, s, [&](const State& st, int a, int n) {
        slot.decisions.push_back(DecisionRow{step++, st.actor, static_cast<int8_t>(st.decision),
                                             static_cast<int16_t>(a), static_cast<int16_t>(n)});
        size_t at = slot.observations.size();
        slot.observations.resize(at + static_cast<size_t>(encoder.size()));
        encoder.encode(st, st.actor, slot.observations.data() + at);
      });
    } else {
      steps = play_game(g, kinds, seed, s, [](const State&, int, int) {});
    }
    auto t1 = std::chrono::steady_clock::now();
    out.game_index[k] = index;
    out.seed[k] = seed;
    out.turns[k] = s.turn;
    out.rounds[k] = static_cast<int16_t>((s.turn + players - 1) / players);
    out.end_reason[k] = s.end == af::kEndTurnCap ? kAfEndTurnCap : kAfEndLastColony;
    out.decisions[k] = steps;
    out.wall_time_us[k] = static_cast<int32_t>(std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count());
    int w[af::kMaxPlayers];
    uint8_t mask = 0;
    for (int j = 0, nw = g.winners(s, w); j < nw; ++j) mask = static_cast<uint8_t>(mask | (1u << w[j]));
    out.winners_mask[k] = mask;
    long key[af::kMaxPlayers];  // §9: score, then tech cards, ore, fuel
    for (int p = 0; p < players; ++p) {
      const size_t r = static_cast<size_t>(k) * players + p;
      const Game::ScoreParts parts = g.score_parts(s, p);
      key[p] = ((static_cast<long>(parts.total) * 64 + __builtin_popcount(s.tech[p])) * 256 + s.ore[p]) * 256 + s.fuel[p];
      out.seat_game_index[r] = index;
      out.seat[r] = static_cast<int8_t>(p);
      out.bot[r] = static_cast<int8_t>(p);
      out.score[r] = static_cast<int16_t>(parts.total);
      out.score_colonies[r] = static_cast<int16_t>(parts.colonies);
      out.score_territories[r] = static_cast<int16_t>(parts.territories);
      out.score_tech[r] = static_cast<int16_t>(parts.tech);
      out.score_positron[r] = static_cast<int16_t>(parts.positron);
      out.won[r] = (mask >> p) & 1;
      out.ore[r] = static_cast<int8_t>(s.ore[p] < 127 ? s.ore[p] : 127);
      out.fuel[r] = static_cast<int8_t>(s.fuel[p] < 127 ? s.fuel[p] : 127);
      int ships = 0;
      for (int j = 0; j < af::kShipsPerPlayer; ++j) ships += s.loc[p * af::kShipsPerPlayer + j] != af::kLocStock;
      out.ships[r] = static_cast<int8_t>(ships);
      out.colonies_left[r] = static_cast<int8_t>(s.supply[p] + (s.hub[p] > 0 ? 1 : 0));
      out.hub[r] = static_cast<int8_t>(s.hub[p]);
      uint8_t ter = 0;
      for (int t = 0; t < af::kNumTerritories; ++t)
        if (s.controller[t] == p) ter = static_cast<uint8_t>(ter | (1u << t));
      out.territories[r] = ter;
      for (uint32_t m = s.tech[p]; m; m &= m - 1) slot.tech[p].push_back(static_cast<int16_t>(g.design_of(__builtin_ctz(m))));
    }
    for (int p = 0; p < players; ++p) {
      int better = 0;
      for (int q = 0; q < players; ++q) better += key[q] > key[p];
      out.rank[static_cast<size_t>(k) * players + p] = static_cast<int8_t>(better + 1);
    }
  });

  // Compact the variable-length parts in game order.
  out.tech_offsets.assign(1, 0);
  out.tech_cards.clear();
  for (auto* v : {&out.dec_step, &out.dec_action, &out.dec_legal}) v->clear();
  out.dec_game_index.clear();
  out.dec_seat.clear();
  out.dec_kind.clear();
  out.game_observations.clear();
  for (int64_t k = 0; k < count; ++k) {
    GameSlot& slot = slots[static_cast<size_t>(k)];
    for (int p = 0; p < players; ++p) {
      out.tech_cards.insert(out.tech_cards.end(), slot.tech[p].begin(), slot.tech[p].end());
      out.tech_offsets.push_back(static_cast<int32_t>(out.tech_cards.size()));
    }
    for (const DecisionRow& d : slot.decisions) {
      out.dec_game_index.push_back(out.game_index[k]);
      out.dec_step.push_back(d.step);
      out.dec_seat.push_back(d.seat);
      out.dec_kind.push_back(d.kind);
      out.dec_action.push_back(d.action);
      out.dec_legal.push_back(d.legal);
    }
    if (req.record_decisions) out.game_observations.push_back(std::move(slot.observations));
  }
}

std::vector<ReplayStep> replay_af_game(const Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                       int64_t game_index, State* final_state) {
  const std::vector<BotKind> kinds = bot_kinds(g, bots);
  std::vector<ReplayStep> steps;
  State s;
  play_game(g, kinds, game_seed(run_seed, static_cast<uint64_t>(game_index)), s, [&](const State& st, int a, int n) {
    steps.push_back(ReplayStep{st.actor, static_cast<int>(st.decision), a, n, g.describe(st, a)});
  });
  if (final_state) *final_state = s;
  return steps;
}

}  // namespace gs::runner
