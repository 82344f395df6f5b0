// Property driver: many random Alien Frontiers games, the invariants of
// af_invariants.h checked after EVERY action (check_invariants on the state,
// check_transition across the action). Built -O2 without sanitizers by
// tests/test_af_properties.py (the name does not match the sanitizer driver's
// test_*.cpp glob on purpose).
//
// Usage:
//   af_property_main DATA_DIR [--games N] [--players 2,3,4] [--seed S] [--bots random|mixed]
//                    [--threads T] [--max-reports K] [--long-game]
//
// DATA_DIR holds af_*.txt (a path to a file in it works too). Bots: "random" =
// uniform random legal action at every seat; "mixed" = one heuristic seat per game
// (rotating), the others random.
// Output: one JSON object per player count on its own line, prefixed "CONFIG ",
// then "TOTAL games=... violations=..." and the closing "N passed, M failed".
// A violation report names the game seed and the whole action sequence.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "af/game.h"
#include "af/heuristic.h"
#include "af_invariants.h"
#include "common/rng.h"

using namespace gs;
using namespace gs::af;

namespace {

struct Stats {
  long games = 0, decisions = 0, turns = 0, violations = 0, exceptions = 0, turn_caps = 0;
  int min_turns = 1 << 30, max_turns = 0;
  long max_legal = 0, shared_wins = 0;
  long wins[kMaxPlayers] = {0, 0, 0, 0};
  long score_sum = 0, max_score = 0;
  long landings_hub = 0;  // games in which some colony was launched from the Hub (coverage)
  std::vector<std::string> reports;

  void merge(const Stats& o) {
    games += o.games; decisions += o.decisions; turns += o.turns; violations += o.violations;
    exceptions += o.exceptions; turn_caps += o.turn_caps;
    min_turns = std::min(min_turns, o.min_turns); max_turns = std::max(max_turns, o.max_turns);
    max_legal = std::max(max_legal, o.max_legal); shared_wins += o.shared_wins;
    for (int i = 0; i < kMaxPlayers; ++i) wins[i] += o.wins[i];
    score_sum += o.score_sum; max_score = std::max(max_score, o.max_score);
    reports.insert(reports.end(), o.reports.begin(), o.reports.end());
  }
};

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') { o += '\\'; o += c; }
    else if (static_cast<unsigned char>(c) < 0x20) o += ' ';
    else o += c;
  }
  return o;
}

void play_one(const Game& g, uint64_t run_seed, long index, bool mixed, size_t max_reports, Stats& st) {
  const uint64_t seed = game_seed(run_seed, static_cast<uint64_t>(index));
  Rng rng(splitmix64(seed ^ 0xaf5eedull));
  const int heuristic_seat = mixed ? static_cast<int>(index % g.players()) : -1;
  std::vector<int> actions;
  auto violation = [&](const std::string& what) {
    ++st.violations;
    if (st.reports.size() < max_reports) {
      std::ostringstream o;
      o << g.players() << " players, game seed " << seed << ", after " << actions.size() << " actions: " << what
        << "; actions: [";
      for (size_t k = 0; k < actions.size(); ++k) o << (k ? "," : "") << actions[k];
      o << "]";
      st.reports.push_back(o.str());
    }
  };
  State s;
  int legal[Game::kMaxLegal];
  int n;
  try {
    s = g.new_initial_state(seed);
    n = g.legal_actions(s, legal);
  } catch (const std::exception& e) {
    ++st.exceptions;
    violation(std::string("new_initial_state threw: ") + e.what());
    return;
  }
  for (;;) {
    std::string why = testing::check_invariants(g, s, (actions.size() & 15) == 0);
    if (!why.empty()) return violation(why);
    if (n == 0) break;
    st.max_legal = std::max<long>(st.max_legal, n);
    int a = s.actor == heuristic_seat ? heuristic_action(g, s, legal, n, rng) : legal[rng.below(static_cast<uint32_t>(n))];
    actions.push_back(a);
    State before = s;
    try {
      n = g.step(s, a, legal);
    } catch (const std::exception& e) {
      ++st.exceptions;
      return violation(std::string("step threw: ") + e.what());
    }
    ++st.decisions;
    std::string tr = testing::check_transition(g, before, s);
    if (!tr.empty()) return violation(tr);
    if (actions.size() > 200000) return violation("more than 200000 actions in one game");
  }
  if (!g.is_terminal(s)) return violation("no legal action but not terminal");
  if (s.end == kEndTurnCap) {
    ++st.turn_caps;
    return violation("the game reached the turn cap");
  }
  ++st.games;
  st.turns += s.turn;
  st.min_turns = std::min<int>(st.min_turns, s.turn);
  st.max_turns = std::max<int>(st.max_turns, s.turn);
  std::vector<int> w = g.winners(s);
  if (w.empty()) violation("no winner");
  if (w.size() > 1) ++st.shared_wins;
  for (int x : w) ++st.wins[x];
  for (int v : g.scores(s)) {
    st.score_sum += v;
    st.max_score = std::max<long>(st.max_score, v);
  }
}

std::string stats_json(const Game& g, const Stats& st, double seconds) {
  std::ostringstream o;
  o << "{\"players\":" << g.players() << ",\"long_game\":" << (g.long_game() ? "true" : "false")
    << ",\"games\":" << st.games << ",\"violations\":" << st.violations << ",\"exceptions\":" << st.exceptions
    << ",\"turn_caps\":" << st.turn_caps << ",\"decisions\":" << st.decisions << ",\"turns\":" << st.turns
    << ",\"min_turns\":" << st.min_turns << ",\"max_turns\":" << st.max_turns << ",\"max_legal\":" << st.max_legal
    << ",\"shared_wins\":" << st.shared_wins << ",\"score_sum\":" << st.score_sum << ",\"max_score\":" << st.max_score
    << ",\"seconds\":" << seconds << ",\"wins\":[";
  for (int i = 0; i < g.players(); ++i) o << (i ? "," : "") << st.wins[i];
  o << "],\"reports\":[";
  for (size_t k = 0; k < st.reports.size(); ++k) o << (k ? "," : "") << "\"" << json_escape(st.reports[k]) << "\"";
  o << "]}";
  return o.str();
}


}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " DATA_DIR [--games N] [--players 2,3,4] [--seed S] [--bots random|mixed]"
              << " [--threads T] [--max-reports K] [--long-game]\n";
    return 2;
  }
  long games = 1000;
  std::string players_arg = "2,3,4";
  uint64_t seed = 1;
  bool mixed = false, long_game = false;
  int threads = 1;
  size_t max_reports = 5;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) { std::cerr << "missing value after " << a << "\n"; std::exit(2); }
      return argv[++i];
    };
    if (a == "--games") games = std::stol(next());
    else if (a == "--players") players_arg = next();
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--bots") {
      std::string b = next();
      if (b != "random" && b != "mixed") { std::cerr << "unknown --bots " << b << "\n"; return 2; }
      mixed = b == "mixed";
    } else if (a == "--threads") threads = std::max(1, std::stoi(next()));
    else if (a == "--max-reports") max_reports = static_cast<size_t>(std::stoul(next()));
    else if (a == "--long-game") long_game = true;
    else { std::cerr << "unknown argument " << a << "\n"; return 2; }
  }
  Data data = load_af_data(testing::data_dir_of(argv[1]));
  int passed = 0, failed = 0;
  long total_games = 0, total_violations = 0;
  auto t_all = std::chrono::steady_clock::now();
  std::stringstream ss(players_arg);
  std::string item;
  while (std::getline(ss, item, ',')) {
    GameOptions o;
    o.players = std::stoi(item);
    o.long_game = long_game;
    Game g(data, o);
    uint64_t run_seed = splitmix64(seed * 0x100 + static_cast<uint64_t>(o.players) + (mixed ? 0x80 : 0) + (long_game ? 0x40 : 0));
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Stats> parts(static_cast<size_t>(threads));
    std::atomic<long> next_index{0};
    auto worker = [&](int t) {
      for (;;) {
        long k = next_index.fetch_add(64);
        if (k >= games) break;
        for (long i = k; i < std::min(games, k + 64); ++i) play_one(g, run_seed, i, mixed, max_reports, parts[t]);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    Stats st;
    for (auto& p : parts) st.merge(p);
    if (st.reports.size() > max_reports) st.reports.resize(max_reports);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "CONFIG " << stats_json(g, st, seconds) << "\n";
    for (const auto& r : st.reports) std::cout << "VIOLATION " << r << "\n";
    std::cout.flush();
    total_games += st.games;
    total_violations += st.violations;
    if (st.violations == 0 && st.games == games) ++passed; else ++failed;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count();
  std::cout << "TOTAL games=" << total_games << " violations=" << total_violations << " seconds=" << seconds << "\n";
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}
