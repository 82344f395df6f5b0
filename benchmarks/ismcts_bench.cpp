// ISMCTS benchmark driver in C++ (no Python module needed: quick to rebuild while
// tuning; benchmarks/ismcts.py is the benchmark of record). Not part of CI.
//
// Build (optimised, from the repository root):
//   g++ -std=c++17 -O3 -DNDEBUG -march=native -pthread -Icore benchmarks/ismcts_bench.cpp \
//       $(find core -name '*.cpp' -not -path '*/tests/*') -o /tmp/ismcts_bench
//
// Speed: iterations per second on one core from first-round positions:
//   /tmp/ismcts_bench speed --players 4 --bot ismcts:iterations=2000 --positions 20
// Strength: a bot against an opponent, seats alternating on the same deals, ties shared (1/k):
//   /tmp/ismcts_bench match --players 2 --games 100 --bot ismcts:iterations=1000 --opp heuristic --jobs 2
// Bot specs as everywhere (docs/bots.md). --cards FILE (default core/data/rftg_cards.txt), --advanced 1.
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "runner/game_record.h"
#include "runner/seat_bot.h"

using namespace gs;
using namespace gs::rftg;

namespace {

std::map<std::string, std::string> g_args;
std::string arg(const std::string& k, const std::string& def) {
  auto it = g_args.find(k);
  return it == g_args.end() ? def : it->second;
}
double num(const std::string& k, double def) { return std::stod(arg(k, std::to_string(def))); }

int speed(const Game& g) {
  int positions = static_cast<int>(num("positions", 20));
  runner::SeatBot bot(runner::parse_bot_spec(arg("bot", "ismcts:iterations=2000")));
  if (!bot.ismcts_stats()) throw std::runtime_error("speed needs an ismcts bot");
  double secs = 0;
  long iters = 0, steps = 0, nodes = 0;
  for (int p = 0; p < positions; ++p) {
    State s = g.new_initial_state(game_seed(12345, static_cast<uint64_t>(p)));
    int legal[Game::kMaxLegal];
    int n = g.legal_actions(s, legal);
    Rng r(static_cast<uint64_t>(p));
    while (n > 0 && s.decision == DecisionKind::StartDiscard) n = g.step(s, legal[r.below(static_cast<uint32_t>(n))], legal);
    Rng rng(static_cast<uint64_t>(p) + 99);
    bot.act(g, s, legal, n, rng);
    const bots::IsmctsStats& st = *bot.ismcts_stats();
    secs += st.seconds;
    iters += st.iterations;
    steps += st.playout_steps;
    nodes += st.nodes;
  }
  std::printf("%dp %s: %.0f iterations/s (%ld iterations in %.2f s), %.1f playout steps/iteration, "
              "%.0f nodes/search, pool memory %.1f MB\n",
              g.players(), bot.spec().text.c_str(), iters / secs, iters, secs, double(steps) / iters,
              double(nodes) / positions, bot.search()->memory_bytes() / 1e6);
  return 0;
}

int match(const Game& g) {
  const int games = static_cast<int>(num("games", 100));
  const int jobs = static_cast<int>(num("jobs", 1));
  const runner::BotSpec spec = runner::parse_bot_spec(arg("bot", "ismcts:iterations=1000"));
  const runner::BotSpec opp = runner::parse_bot_spec(arg("opp", "random"));
  const uint64_t run_seed = static_cast<uint64_t>(num("seed", 7));
  std::atomic<int> next{0};
  std::mutex mu;
  double score = 0;
  long rounds = 0;
  auto t0 = std::chrono::steady_clock::now();
  auto worker = [&] {
    std::vector<runner::SeatBot> bots;
    for (int p = 0; p < g.players(); ++p) bots.emplace_back(opp);
    runner::SeatBot mine(spec);
    for (;;) {
      int i = next++;
      if (i >= games) return;
      const int seat = i % g.players();
      uint64_t deal = game_seed(run_seed, static_cast<uint64_t>(i / g.players()));  // each deal in every seat
      Rng rng[kMaxPlayers];
      for (int p = 0; p < g.players(); ++p) rng[p] = Rng(runner::bot_seed(deal, p));
      State s;
      runner::GameRecord rec;
      runner::play_recorded(
          g, deal,
          [&](int p, const State& st, const int* legal, int n) {
            return (p == seat ? mine : bots[static_cast<size_t>(p)]).act(g, st, legal, n, rng[p]);
          },
          [](const State&, int, int) {}, s, rec);
      int winners = __builtin_popcount(rec.winners_mask);
      std::lock_guard<std::mutex> lock(mu);
      score += ((rec.winners_mask >> seat) & 1) ? 1.0 / winners : 0.0;
      rounds += rec.rounds;
    }
  };
  std::vector<std::thread> pool;
  for (int j = 0; j < jobs; ++j) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double p = score / games, half = 1.96 * std::sqrt(p * (1 - p) / games);
  std::printf("%dp %s vs %s: %d games, win share %.3f +- %.3f (95%%, normal), %.1f rounds/game, %.1f s\n",
              g.players(), spec.text.c_str(), opp.text.c_str(), games, p, half, double(rounds) / games, secs);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: ismcts_bench speed|match [--key value ...]\n";
    return 2;
  }
  std::string mode = argv[1];
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string k = argv[i];
    if (k.rfind("--", 0) != 0) { std::cerr << "bad argument " << k << "\n"; return 2; }
    g_args[k.substr(2)] = argv[i + 1];
  }
  try {
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
  } catch (const std::exception& e) {
    std::cerr << "ismcts_bench: " << e.what() << "\n";
    return 2;
  }
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
