// Property driver: many random Race for the Galaxy games, the invariants of
// rftg_invariants.h checked after EVERY action (check_invariants on the state,
// check_transition between the states before and after). Built -O2 without sanitizers by
// tests/test_rftg_properties.py (the name does not match the sanitizer driver's
// test_*.cpp glob on purpose).
//
// Usage:
//   rftg_property_main CARDS.txt [--games N] [--configs 2,3,4,2a] [--seed S]
//                      [--bots random|mixed] [--threads T] [--max-reports K]
//
// Configs: "2", "3", "4" (base game, that many players), "2a" (advanced 2-player).
// Bots: "random" = uniform random legal action at every seat; "mixed" = every game
// has one heuristic seat (rotating), the others random.
// Output: one JSON object per config on its own line, prefixed "CONFIG ", then a
// line "TOTAL games=... violations=..." and the closing "N passed, M failed".
// A violation report names the config, game seed and the whole action sequence:
// replay it with game.new_state(seed) and apply() in Python (or C++).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/rng.h"
#include "rftg/game.h"
#include "rftg/heuristic.h"
#include "rftg_invariants.h"

using namespace gs;
using namespace gs::rftg;

namespace {

struct Config {
  std::string label;
  int players;
  bool advanced;
  std::string expansion = "base";
  bool goals = false, takeovers = false, draft = false;
  std::string solo_difficulty = "medium";
};

// "2", "3", "4", "2a": the base game; "<level>-<players><flags>" for the expansions, e.g.
// "tgs-5g" or "rvi-2agt": level tgs or rvi, flags a advanced, g goals, t takeovers, d draft;
// the solo game "tgs-1", "rvi-1e", "rvi-1h": e easy, h hard robot (default medium).
bool parse_config(const std::string& item, Config* c) {
  if (item == "2a") { *c = {"2a", 2, true}; return true; }
  if (item == "2" || item == "3" || item == "4") { *c = {item, std::stoi(item), false}; return true; }
  size_t dash = item.find('-');
  if (dash == std::string::npos) return false;
  Config x{item, 0, false};
  x.expansion = item.substr(0, dash);
  if (x.expansion != "tgs" && x.expansion != "rvi") return false;
  size_t k = dash + 1;
  if (k >= item.size() || item[k] < '1' || item[k] > '6') return false;
  x.players = item[k++] - '0';
  for (; k < item.size(); ++k) {
    switch (item[k]) {
      case 'a': x.advanced = true; break;
      case 'g': x.goals = true; break;
      case 't': x.takeovers = true; break;
      case 'd': x.draft = true; break;
      case 'e': x.solo_difficulty = "easy"; break;
      case 'h': x.solo_difficulty = "hard"; break;
      default: return false;
    }
  }
  *c = x;
  return true;
}

struct Stats {
  long games = 0, decisions = 0, rounds = 0, violations = 0, exceptions = 0;
  int min_rounds = 1000, max_rounds = 0;
  long end_tableau = 0, end_pool = 0, end_cap = 0;
  long forced_decisions = 0;   // posed decisions with a single legal action
  long max_legal = 0;
  long wins[kMaxPlayers] = {0};
  long shared_wins = 0;
  long score_sum = 0;
  long takeovers = 0;  // worlds that changed tableau
  long robot_wins = 0, robot_score_sum = 0;  // solo
  long goal_vp = 0;    // goal VP scored at the end
  int max_score = -1000, min_score = 1000;
  std::vector<std::string> reports;

  void merge(const Stats& o) {
    games += o.games; decisions += o.decisions; rounds += o.rounds; violations += o.violations;
    exceptions += o.exceptions;
    min_rounds = std::min(min_rounds, o.min_rounds); max_rounds = std::max(max_rounds, o.max_rounds);
    end_tableau += o.end_tableau; end_pool += o.end_pool; end_cap += o.end_cap;
    forced_decisions += o.forced_decisions; max_legal = std::max(max_legal, o.max_legal);
    for (int i = 0; i < kMaxPlayers; ++i) wins[i] += o.wins[i];
    shared_wins += o.shared_wins; score_sum += o.score_sum; takeovers += o.takeovers; goal_vp += o.goal_vp;
    robot_wins += o.robot_wins; robot_score_sum += o.robot_score_sum;
    max_score = std::max(max_score, o.max_score); min_score = std::min(min_score, o.min_score);
    reports.insert(reports.end(), o.reports.begin(), o.reports.end());
  }
};

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') { o += '\\'; o += c; }
    else if (c == '\n') o += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) o += ' ';
    else o += c;
  }
  return o;
}

std::string report(const Config& c, uint64_t seed, const std::vector<int>& actions, const std::string& what) {
  std::ostringstream o;
  o << "config " << c.label << " (players=" << c.players << (c.advanced ? ", advanced" : "") << "), game seed " << seed
    << ", after " << actions.size() << " actions: " << what << "; actions: [";
  for (size_t k = 0; k < actions.size(); ++k) o << (k ? "," : "") << actions[k];
  o << "]";
  return o.str();
}

// Plays game `index` of the config, checking after every action.
void play_one(const Game& g, const Config& c, uint64_t run_seed, long index, bool mixed, size_t max_reports,
              Stats& st) {
  uint64_t seed = game_seed(run_seed, static_cast<uint64_t>(index));
  Rng rng(splitmix64(seed ^ 0xb0b5eedull));
  int heuristic_seat = mixed ? static_cast<int>(index % c.players) : -1;
  std::vector<int> actions;
  actions.reserve(512);
  auto violation = [&](const std::string& what) {
    ++st.violations;
    if (st.reports.size() < max_reports) st.reports.push_back(report(c, seed, actions, what));
  };
  State s;
  try {
    s = g.new_initial_state(seed);
  } catch (const std::exception& e) {
    ++st.exceptions;
    violation(std::string("new_initial_state threw: ") + e.what());
    return;
  }
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  for (;;) {
    std::string why = testing::check_invariants(g, s);
    if (!why.empty()) {
      violation(why);
      return;
    }
    if (n == 0) break;
    if (n == 1) ++st.forced_decisions;
    if (n > st.max_legal) st.max_legal = n;
    int a = s.actor == heuristic_seat ? heuristic_action(g, s, legal, n, rng) : legal[rng.below(static_cast<uint32_t>(n))];
    actions.push_back(a);
    State before = s;
    try {
      n = g.step(s, a, legal);
    } catch (const std::exception& e) {
      ++st.exceptions;
      violation(std::string("step threw: ") + e.what());
      return;
    }
    ++st.decisions;
    for (int i = 0; i < s.players; ++i)
      for (int j = 0; j < s.players; ++j)
        if (i != j) st.takeovers += (before.tableau[i] & s.tableau[j]).count();
    std::string tr = testing::check_transition(g, before, s);
    if (!tr.empty()) {
      violation(tr);
      return;
    }
    if (actions.size() > 20000) {
      violation("more than 20000 actions in one game");
      return;
    }
  }
  if (!g.is_terminal(s)) {
    violation("no legal action but not terminal");
    return;
  }
  if (!mixed && index % 4 == 0) {  // the engine's own random play (Game::play_random) plays the same game
    State again = g.new_initial_state(seed);
    Rng same(splitmix64(seed ^ 0xb0b5eedull));
    Rng* const seat_rng[kMaxPlayers] = {&same, &same, &same, &same, &same, &same};
    int64_t taken = g.play_random(again, seat_rng);
    std::string diff = testing::state_diff(s, again);
    if (!diff.empty() || taken != static_cast<int64_t>(actions.size())) {
      violation("play_random played another game: " + (diff.empty() ? std::string("decisions") : diff) + " differ (" +
                std::to_string(taken) + " decisions against " + std::to_string(actions.size()) + ")");
      return;
    }
  }
  ++st.games;
  st.rounds += s.round;
  st.min_rounds = std::min<int>(st.min_rounds, s.round);
  st.max_rounds = std::max<int>(st.max_rounds, s.round);
  bool tab = false;
  for (int i = 0; i < s.players; ++i) tab |= s.tableau[i].count() >= testing::end_cards(g, s, i);
  if (g.solo()) tab |= robot_tableau_size(s) >= 12;
  st.end_tableau += tab;
  st.end_pool += s.vp_pool <= 0;
  st.end_cap += s.round >= kRoundCap;
  std::vector<int> w = g.winners(s);
  if (w.empty() && !g.solo()) violation("no winner");
  if (g.solo() && w.empty()) ++st.robot_wins;
  if (g.solo()) st.robot_score_sum += robot_score(g, s);
  if (w.size() > 1) ++st.shared_wins;
  for (int x : w) ++st.wins[x];
  for (int i = 0; i < s.players; ++i) st.goal_vp += g.score_parts(s, i).goals;
  for (int v : g.scores(s)) {
    st.score_sum += v;
    st.max_score = std::max(st.max_score, v);
    st.min_score = std::min(st.min_score, v);
  }
}

std::string stats_json(const Config& c, const Stats& st, double seconds) {
  std::ostringstream o;
  o << "{\"config\":\"" << c.label << "\",\"players\":" << c.players << ",\"advanced\":" << (c.advanced ? "true" : "false")
    << ",\"games\":" << st.games << ",\"violations\":" << st.violations << ",\"exceptions\":" << st.exceptions
    << ",\"decisions\":" << st.decisions << ",\"rounds\":" << st.rounds << ",\"min_rounds\":" << st.min_rounds
    << ",\"max_rounds\":" << st.max_rounds << ",\"end_tableau\":" << st.end_tableau << ",\"end_pool\":" << st.end_pool
    << ",\"end_cap\":" << st.end_cap << ",\"forced_decisions\":" << st.forced_decisions << ",\"max_legal\":" << st.max_legal
    << ",\"shared_wins\":" << st.shared_wins << ",\"score_sum\":" << st.score_sum << ",\"min_score\":" << st.min_score
    << ",\"max_score\":" << st.max_score << ",\"seconds\":" << seconds << ",\"takeovers\":" << st.takeovers
    << ",\"goal_vp\":" << st.goal_vp << ",\"robot_wins\":" << st.robot_wins << ",\"robot_score_sum\":"
    << st.robot_score_sum << ",\"wins\":[";
  for (int i = 0; i < c.players; ++i) o << (i ? "," : "") << st.wins[i];
  o << "],\"reports\":[";
  for (size_t k = 0; k < st.reports.size(); ++k) o << (k ? "," : "") << "\"" << json_escape(st.reports[k]) << "\"";
  o << "]}";
  return o.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " CARDS.txt [--games N] [--configs 2,3,4,2a] [--seed S] [--bots random|mixed]"
              << " [--threads T] [--max-reports K]\n";
    return 2;
  }
  long games = 1000;
  std::string configs_arg = "2,3,4,2a";
  uint64_t seed = 1;
  bool mixed = false;
  int threads = 1;
  size_t max_reports = 5;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) { std::cerr << "missing value after " << a << "\n"; std::exit(2); }
      return argv[++i];
    };
    if (a == "--games") games = std::stol(next());
    else if (a == "--configs") configs_arg = next();
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--bots") {
      std::string b = next();
      if (b != "random" && b != "mixed") { std::cerr << "unknown --bots " << b << "\n"; return 2; }
      mixed = b == "mixed";
    } else if (a == "--threads") threads = std::max(1, std::stoi(next()));
    else if (a == "--max-reports") max_reports = static_cast<size_t>(std::stoul(next()));
    else { std::cerr << "unknown argument " << a << "\n"; return 2; }
  }

  std::ifstream in(argv[1]);
  if (!in) { std::cerr << "cannot read " << argv[1] << "\n"; return 2; }
  std::stringstream buf;
  buf << in.rdbuf();
  CardDb db = parse_card_db(buf.str(), argv[1]);
  std::string solo_text;  // the solo configuration beside the card data
  {
    std::string path = argv[1];
    size_t slash = path.find_last_of('/');
    std::ifstream sf((slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + "rftg_solo.txt");
    std::stringstream sb;
    sb << sf.rdbuf();
    solo_text = sb.str();
  }

  std::vector<Config> configs;
  {
    std::stringstream ss(configs_arg);
    std::string item;
    while (std::getline(ss, item, ',')) {
      Config c;
      if (!parse_config(item, &c)) { std::cerr << "unknown config " << item << "\n"; return 2; }
      configs.push_back(c);
    }
  }

  if (!testing::kStateFieldListComplete)
    std::cout << "NOTE: State has fields not listed in rftg_invariants.h (state_diff ignores them)\n";

  int passed = 0, failed = 0;
  long total_games = 0, total_violations = 0;
  auto t_all = std::chrono::steady_clock::now();
  for (size_t ci = 0; ci < configs.size(); ++ci) {
    const Config& c = configs[ci];
    GameOptions o;
    o.players = c.players;
    o.advanced = c.advanced;
    o.expansion = c.expansion;
    o.goals = c.goals ? 1 : 0;
    o.takeovers = c.takeovers;
    o.draft = c.draft;
    if (c.players == 1) o.solo_config = solo_text;
    o.solo_difficulty = c.solo_difficulty;
    Game g(db, o);
    uint64_t run_seed = splitmix64(seed * 0x100 + ci + (mixed ? 0x80 : 0));
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Stats> parts(static_cast<size_t>(threads));
    std::atomic<long> next_index{0};
    auto worker = [&](int t) {
      for (;;) {
        long k = next_index.fetch_add(64);
        if (k >= games) break;
        for (long i = k; i < std::min(games, k + 64); ++i) play_one(g, c, run_seed, i, mixed, max_reports, parts[t]);
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
    std::cout << "CONFIG " << stats_json(c, st, seconds) << "\n";
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
