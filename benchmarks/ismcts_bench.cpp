// ISMCTS benchmark driver (C++; not part of the Python module, no CI).
//
// Build (optimised, from the repository root):
//   g++ -std=c++17 -O3 -DNDEBUG -march=native -pthread -Icore benchmarks/ismcts_bench.cpp \
//       $(find core -name '*.cpp' -not -path '*/tests/*') -o /tmp/ismcts_bench
//
// Speed: iterations per second on one core from first-round positions (the first
// decision of fresh games), random or heuristic rollouts, optional cutoff depth:
//   /tmp/ismcts_bench speed --players 4 --iters 2000 --positions 20 [--depth 0] [--rollout random]
// Strength: ISMCTS against a baseline bot, seats alternating, ties shared (1/k):
//   /tmp/ismcts_bench match --players 2 --games 100 --iters 1000 --opp random|heuristic|ismcts [--jobs 2]
// Common options: --c 0.7 --depth 0 --temp 4 --rollout random|heuristic --eps 0 --dets 0 --cheat
//   --threads 1 --seed 1 --max-nodes N; for --opp ismcts the opponent takes --opp-iters (and
//   --opp-depth, --opp-rollout, --opp-cheat ...).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/rftg_ismcts.h"
#include "common/rng.h"
#include "rftg/game.h"
#include "rftg/heuristic.h"

using namespace gs;
using namespace gs::rftg;
using Search = gs::bots::RftgIsmcts;

namespace {

std::map<std::string, std::string> g_args;
std::string arg(const std::string& k, const std::string& def) {
  auto it = g_args.find(k);
  return it == g_args.end() ? def : it->second;
}
double num(const std::string& k, double def) { return std::stod(arg(k, std::to_string(def))); }

bots::IsmctsOptions options(const std::string& prefix) {
  auto get = [&](const std::string& k, double def) {
    return g_args.count(prefix + k) ? std::stod(g_args[prefix + k]) : num(k, def);
  };
  auto gets = [&](const std::string& k, const std::string& def) {
    return g_args.count(prefix + k) ? g_args[prefix + k] : arg(k, def);
  };
  bots::IsmctsOptions o;
  o.iterations = static_cast<int>(get("iters", 1000));
  o.time_ms = get("time-ms", 0);
  o.c = get("c", 0.7);
  o.rollout_depth = static_cast<int>(get("depth", 0));
  o.eval_temperature = get("temp", 4);
  o.rollout = gets("rollout", "random") == "heuristic" ? bots::IsmctsRollout::Heuristic : bots::IsmctsRollout::Random;
  o.rollout_epsilon = get("eps", 0);
  o.determinizations = static_cast<int>(get("dets", 0));
  o.cheat = gets("cheat", "0") == "1";
  o.threads = static_cast<int>(get("threads", 1));
  o.max_nodes = static_cast<int>(get("max-nodes", 1 << 20));
  o.seed = static_cast<uint64_t>(get("seed", 1));
  return o;
}

std::string describe(const bots::IsmctsOptions& o) {
  std::ostringstream s;
  s << "ismcts(iters=" << o.iterations << (o.time_ms > 0 ? " time_ms=" + std::to_string(o.time_ms) : "")
    << " c=" << o.c << " rollout=" << (o.rollout == bots::IsmctsRollout::Heuristic ? "heuristic" : "random");
  if (o.rollout_epsilon > 0) s << " eps=" << o.rollout_epsilon;
  if (o.rollout_depth) s << " depth=" << o.rollout_depth << " T=" << o.eval_temperature;
  if (o.determinizations) s << " dets=" << o.determinizations;
  if (o.threads > 1) s << " threads=" << o.threads;
  if (o.cheat) s << " CHEATING";
  s << ")";
  return s.str();
}

struct AnyBot {
  virtual ~AnyBot() = default;
  virtual int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) = 0;
};
struct RandomAny : AnyBot {
  int act(const Game&, const State&, const int* legal, int n, Rng& rng) override {
    return legal[rng.below(static_cast<uint32_t>(n))];
  }
};
struct HeuristicAny : AnyBot {
  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) override {
    return heuristic_action(g, s, legal, n, rng);
  }
};
struct IsmctsAny : AnyBot {
  Search search;
  double seconds = 0;
  long iterations = 0, decisions = 0;
  explicit IsmctsAny(const bots::IsmctsOptions& o) : search(o) {}
  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) override {
    int a = search.act(g, s, legal, n, rng);
    seconds += search.last_stats().seconds;
    iterations += search.last_stats().iterations;
    ++decisions;
    return a;
  }
};

std::unique_ptr<AnyBot> make_bot(const std::string& kind, const std::string& prefix) {
  if (kind == "random") return std::make_unique<RandomAny>();
  if (kind == "heuristic") return std::make_unique<HeuristicAny>();
  if (kind == "ismcts") return std::make_unique<IsmctsAny>(options(prefix));
  throw std::runtime_error("unknown bot " + kind);
}

int speed(const Game& g) {
  int positions = static_cast<int>(num("positions", 20));
  bots::IsmctsOptions o = options("");
  Search search(o);
  double secs = 0;
  long iters = 0, steps = 0, cutoffs = 0;
  size_t nodes = 0;
  for (int p = 0; p < positions; ++p) {
    State s = g.new_initial_state(game_seed(12345, static_cast<uint64_t>(p)));
    int legal[Game::kMaxLegal];
    int n = g.legal_actions(s, legal);
    // Play the start discards so the position is the first action choice of round 1.
    Rng r(static_cast<uint64_t>(p));
    while (n > 0 && s.decision == DecisionKind::StartDiscard) n = g.step(s, legal[r.below(static_cast<uint32_t>(n))], legal);
    Rng rng(static_cast<uint64_t>(p) + 99);
    search.act(g, s, legal, n, rng);
    secs += search.last_stats().seconds;
    iters += search.last_stats().iterations;
    steps += search.last_stats().playout_steps;
    cutoffs += search.last_stats().cutoffs;
    nodes += static_cast<size_t>(search.last_stats().nodes);
  }
  std::printf("%dp %s: %.0f iterations/s (%ld iterations in %.2f s), %.1f playout steps/iteration, "
              "%.0f%% cut off, %.0f nodes/search, pool memory %.1f MB\n",
              g.players(), describe(o).c_str(), iters / secs, iters, secs, double(steps) / iters,
              100.0 * cutoffs / iters, double(nodes) / positions, search.memory_bytes() / 1e6);
  return 0;
}

int match(const Game& g) {
  int games = static_cast<int>(num("games", 100));
  int jobs = static_cast<int>(num("jobs", 1));
  std::string opp = arg("opp", "random");
  uint64_t run_seed = static_cast<uint64_t>(num("game-seed", 7));
  std::atomic<int> next{0};
  std::mutex mu;
  double score = 0, score_sq = 0, opp_score = 0;
  long wins = 0;
  double ismcts_seconds = 0;
  long ismcts_iters = 0, ismcts_decisions = 0;
  long rounds = 0;
  auto t0 = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (;;) {
      int i = next++;
      if (i >= games) return;
      const int players = g.players();
      const int seat = i % players;
      std::vector<std::unique_ptr<AnyBot>> bots;
      for (int p = 0; p < players; ++p) bots.push_back(p == seat ? make_bot("ismcts", "") : make_bot(opp, "opp-"));
      uint64_t gs_ = game_seed(run_seed, static_cast<uint64_t>(i / players));  // same deal for each seat rotation
      State s = g.new_initial_state(gs_);
      Rng rng(splitmix64(gs_ + 1));
      std::vector<Rng> rngs;
      for (int p = 0; p < players; ++p) rngs.emplace_back(splitmix64(gs_ * 31 + static_cast<uint64_t>(p) + 7));
      int legal[Game::kMaxLegal];
      int n = g.legal_actions(s, legal);
      while (n > 0) {
        int p = g.current_player(s);
        int a = bots[static_cast<size_t>(p)]->act(g, s, legal, n, rngs[static_cast<size_t>(p)]);
        n = g.step(s, a, legal);
      }
      std::vector<int> w = g.winners(s);
      double r = 0, ro = 0;
      for (int x : w) (x == seat ? r : ro) += 1.0 / static_cast<double>(w.size());
      auto* ib = static_cast<IsmctsAny*>(bots[static_cast<size_t>(seat)].get());
      std::lock_guard<std::mutex> lock(mu);
      score += r;
      score_sq += r * r;
      opp_score += ro;
      wins += (w.size() == 1 && w[0] == seat);
      ismcts_seconds += ib->seconds;
      ismcts_iters += ib->iterations;
      ismcts_decisions += ib->decisions;
      rounds += s.round;
    }
  };
  std::vector<std::thread> pool;
  for (int j = 0; j < jobs; ++j) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double mean = score / games;
  double sd = std::sqrt(std::max(0.0, score_sq / games - mean * mean));
  double se = sd / std::sqrt(static_cast<double>(games));
  std::printf("%dp %s vs %s%s: %d games, win share %.3f +- %.3f (95%% CI), sole wins %ld, "
              "%.1f rounds/game, %.0f decisions/game, %.1f ms/decision, %.0f iterations/s, %.1f s\n",
              g.players(), describe(options("")).c_str(), opp.c_str(),
              opp == "ismcts" ? (" " + describe(options("opp-"))).c_str() : "", games, mean, 1.96 * se, wins,
              double(rounds) / games, double(ismcts_decisions) / games, 1000 * ismcts_seconds / ismcts_decisions,
              ismcts_iters / ismcts_seconds, secs);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: ismcts_bench speed|match [--key value ...]\n";
    return 2;
  }
  std::string mode = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string k = argv[i];
    if (k.rfind("--", 0) != 0) { std::cerr << "bad argument " << k << "\n"; return 2; }
    k = k.substr(2);
    if (k == "cheat" || k == "opp-cheat") { g_args[k] = "1"; continue; }
    if (i + 1 >= argc) { std::cerr << "missing value for --" << k << "\n"; return 2; }
    g_args[k] = argv[++i];
  }
  std::string cards = arg("cards", "core/data/rftg_cards.txt");
  std::ifstream in(cards);
  if (!in) { std::cerr << "cannot read " << cards << "\n"; return 2; }
  std::stringstream buf;
  buf << in.rdbuf();
  CardDb db = parse_card_db(buf.str(), cards);
  GameOptions go;
  go.players = static_cast<int>(num("players", 2));
  go.advanced = arg("advanced", "0") == "1";
  Game g(db, go);
  if (mode == "speed") return speed(g);
  if (mode == "match") return match(g);
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
