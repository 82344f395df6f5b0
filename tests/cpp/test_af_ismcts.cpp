// ISMCTS for Alien Frontiers (bots/af_ismcts.h, runner/af_seat_bot.h), under the
// sanitizers: the bot never uses what its seat cannot see (two positions that
// differ only in the state's RNG, i.e. the future rolls and tech draws, give the
// same choice and the same root statistics, although their futures differ), it is
// deterministic given its seed (fresh or reused), its memory stays bounded over a
// long game, the built-in bot specs are checked, and the batch runner plays ismcts
// seats with the same rows on 1 and 2 threads. See docs/ismcts.md.
// Usage: test_af_ismcts core/data/<any file>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "af/game.h"
#include "af_invariants.h"
#include "bots/af_ismcts.h"
#include "runner/af_batch.h"
#include "runner/af_seat_bot.h"

using namespace gs;
using namespace gs::af;
using gs::bots::AfIsmcts;
using gs::bots::IsmctsOptions;
using gs::bots::IsmctsRollout;

namespace {

int g_passed = 0, g_failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
    return;
  }
  ++g_failed;
  std::cout << "FAIL: " << what << "\n";
}

bool contains(const int* legal, int n, int a) { return std::find(legal, legal + n, a) != legal + n; }

IsmctsOptions small(int iterations, int depth) {
  IsmctsOptions o;
  o.iterations = iterations;
  o.rollout_depth = depth;
  o.seed = 23;
  return o;
}

std::string edges_str(const AfIsmcts& search, int me) {
  std::ostringstream o;
  for (const auto& e : search.root_edges(me)) o << e.action << ":" << e.visits << ":" << e.mean << " ";
  return o.str();
}

// Random play from `seed` until `want(state)` (or the end).
template <class Want>
State random_until(const Game& g, uint64_t seed, Want want) {
  State s = g.new_initial_state(seed);
  Rng r(seed * 7 + 1);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  while (n > 0 && !want(s)) n = g.step(s, legal[r.below(static_cast<uint32_t>(n))], legal);
  return s;
}

// Plays the same choices (the k-th legal action, k from a fixed stream) from both
// positions: true when the games come apart (the RNG decides rolls and draws).
bool futures_differ(const Game& g, State a, State b) {
  int la[Game::kMaxLegal], lb[Game::kMaxLegal];
  int na = g.legal_actions(a, la), nb = g.legal_actions(b, lb);
  Rng pick(5);
  for (int step = 0; step < 400 && na > 0 && nb > 0; ++step) {
    if (na != nb || std::memcmp(la, lb, sizeof(int) * static_cast<size_t>(na)) != 0 ||
        std::memcmp(a.value, b.value, sizeof a.value) != 0 || a.display != b.display)
      return true;
    uint32_t k = pick.below(static_cast<uint32_t>(na));
    na = g.step(a, la[k], la);
    nb = g.step(b, lb[k], lb);
  }
  return na != nb;
}

void same_search(const Game& g, const State& s1, const State& s2, const IsmctsOptions& o, const std::string& what) {
  int l1[Game::kMaxLegal], l2[Game::kMaxLegal];
  int n1 = g.legal_actions(s1, l1), n2 = g.legal_actions(s2, l2);
  check(n1 == n2 && std::memcmp(l1, l2, sizeof(int) * static_cast<size_t>(n1)) == 0, what + ": same legal actions");
  AfIsmcts a(o), b(o);
  Rng r1(4242), r2(4242);
  int x = a.act(g, s1, l1, n1, r1);
  int y = b.act(g, s2, l2, n2, r2);
  check(x == y && edges_str(a, s1.actor) == edges_str(b, s2.actor), what + ": same choice and root statistics");
}

// ---------------------------------------------------------------------------
// Hidden information: the RNG holds the order of the face-down tech deck and every
// future roll (AF-G16); a seat sees neither, so changing it changes nothing.

void test_hidden_information(const Game& g) {
  const DecisionKind kinds[] = {DecisionKind::Main, DecisionKind::Main, DecisionKind::Land, DecisionKind::Reroll,
                                DecisionKind::RaidChoice};
  int found = 0, apart = 0;
  for (DecisionKind kind : kinds) {
    for (uint64_t seed = 900 + found * 31; seed < 1100 + found * 31; ++seed) {
      State s = random_until(g, seed, [&](const State& x) {
        if (x.decision != kind || x.turn < 2 + 3 * found) return false;
        int legal[Game::kMaxLegal];
        return g.legal_actions(x, legal) >= 2;
      });
      if (g.is_terminal(s)) continue;
      State t = s;
      t.rng = Rng(splitmix64(seed ^ 0xdecafbadull));
      apart += futures_differ(g, s, t);
      const std::string where = "seed " + std::to_string(seed) + " (" + g.decision_name(kind) + ", turn " +
                                std::to_string(s.turn) + ")";
      same_search(g, s, t, small(120, 25), where + " other future rolls");
      IsmctsOptions o = small(60, 25);
      o.determinizations = 3;
      o.threads = 2;
      same_search(g, s, t, o, where + " (determinizations=3, threads=2)");
      IsmctsOptions h = small(25, 15);
      h.rollout = IsmctsRollout::Heuristic;
      same_search(g, s, t, h, where + " (heuristic rollouts)");
      // Not even the CHEATING search sees the future: the rolls are not dealt yet.
      IsmctsOptions c = small(60, 25);
      c.cheat = true;
      same_search(g, s, t, c, where + " (cheat)");
      ++found;
      break;
    }
  }
  check(found == 5, "found a position for each decision kind (" + std::to_string(found) + " of 5)");
  check(apart == found, "the changed RNG does change the game's future (" + std::to_string(apart) + " of " +
                            std::to_string(found) + ")");
}

// ---------------------------------------------------------------------------
// Same seed, same choice; a reused search object gives what a fresh one gives.

void test_deterministic(const Game& g) {
  State s = random_until(g, 77, [](const State& x) { return x.turn >= 4 && x.decision == DecisionKind::Main; });
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  AfIsmcts a(small(100, 20)), b(small(100, 20));
  Rng r1(9), r2(9), r0(3);
  int x = a.act(g, s, legal, n, r1);
  State other = random_until(g, 78, [](const State& t) { return t.turn >= 6; });
  int legal2[Game::kMaxLegal];
  int n2 = g.legal_actions(other, legal2);
  if (n2 > 0) b.act(g, other, legal2, n2, r0);
  int y = b.act(g, s, legal, n, r2);
  check(x == y && edges_str(a, s.actor) == edges_str(b, s.actor), "same seed, same choice and statistics");
  IsmctsOptions o = small(100, 20);
  o.seed = 24;
  AfIsmcts c(o);
  Rng r3(9);
  c.act(g, s, legal, n, r3);
  check(edges_str(a, s.actor) != edges_str(c, s.actor), "another seed gives another search");
}

// ---------------------------------------------------------------------------
// The node pool stays bounded and memory does not grow over a long game.

void test_memory(const Game& g) {
  AfIsmcts bot(small(150, 10));
  State s = g.new_initial_state(4242);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  Rng rng(1), opp(2);
  size_t early = 0;
  long decisions = 0, max_nodes = 0;
  while (n > 0) {
    int a;
    if (s.actor == 0) {
      a = bot.act(g, s, legal, n, rng);
      check(contains(legal, n, a), "a legal choice");
      max_nodes = std::max(max_nodes, bot.last_stats().nodes);
      if (++decisions == 3) early = bot.memory_bytes();
    } else {
      a = legal[opp.below(static_cast<uint32_t>(n))];
    }
    n = g.step(s, a, legal);
  }
  const size_t late = bot.memory_bytes();
  check(s.end == kEndLastColony, "the game ended with a last colony");
  check(decisions > 40, "a long game (" + std::to_string(decisions) + " decisions)");
  check(early > 0 && early == late, "memory after 3 decisions (" + std::to_string(early) + " B) == at the end (" +
                                        std::to_string(late) + " B)");
  check(max_nodes <= 150 * (g.players() + 2) + 2, "at most players + 2 nodes per iteration (" +
                                                      std::to_string(max_nodes) + ")");
  // The pool, and the table of legal-action marks (it grows by doubling to at most twice the largest action).
  check(late < 64 * 1024 + 8 * static_cast<size_t>(act::kMaxAction),
        "memory is small for 150 iterations (" + std::to_string(late) + " B)");
}

// ---------------------------------------------------------------------------
// Built-in bot specs for AF.

void test_specs(const Game& g) {
  auto error_of = [](const std::string& spec) -> std::string {
    try {
      runner::AfSeatBot bot(runner::parse_af_bot_spec(spec));
    } catch (const RulesError& e) {
      return e.what();
    }
    return "";
  };
  check(error_of("greedy").find("unknown bot 'greedy' (built-in bots: random, heuristic, ismcts") == 0,
        "an unknown bot is named with the built-in ones: " + error_of("greedy"));
  check(error_of("ismcts:iters=many").find("iters must be a number") != std::string::npos,
        "a bad option value: " + error_of("ismcts:iters=many"));
  check(error_of("heuristic:depth=2").find("takes no options") != std::string::npos, "options of a plain bot");
  runner::AfSeatBot search(runner::parse_af_bot_spec("ismcts:iterations=40,depth=10,seed=3"));
  runner::AfSeatBot heuristic(runner::parse_af_bot_spec("heuristic"));
  check(search.ismcts_stats() != nullptr && heuristic.ismcts_stats() == nullptr, "only ismcts has search statistics");
  State s = g.new_initial_state(5);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  Rng r(1);
  check(contains(legal, n, search.act(g, s, legal, n, r)) && search.ismcts_stats()->iterations == 40,
        "the spec's iterations are searched");
}

// ---------------------------------------------------------------------------
// The batch runner: ismcts seats, the same rows on 1 and 2 threads.

void test_batch(const Game& g) {
  std::vector<bots::BotSpec> specs;
  specs.push_back(runner::parse_af_bot_spec("ismcts:iterations=20,depth=12"));
  for (int p = 1; p < g.players(); ++p) specs.push_back(runner::parse_af_bot_spec("heuristic"));
  runner::BatchRequest req;
  req.run_seed = 31;
  req.count = 3;
  runner::AfBatchColumns one, two;
  req.threads = 1;
  runner::run_af_batch(g, specs, req, one);
  req.threads = 2;
  runner::run_af_batch(g, specs, req, two);
  check(one.score == two.score && one.decisions == two.decisions && one.winners_mask == two.winners_mask &&
            one.tech_cards == two.tech_cards,
        "ismcts batch rows do not depend on the thread count");
  bool ended = true;
  for (int8_t e : one.end_reason) ended &= e == runner::kAfEndLastColony;
  check(ended, "every game ended with a last colony");
  State final_state;
  auto steps = runner::replay_af_game(g, specs, 31, 2, &final_state);
  check(static_cast<int>(steps.size()) == one.decisions[2], "replay re-plays the ismcts game");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " DATA_DIR|DATA_FILE\n";
    return 2;
  }
  Data data = load_af_data(testing::data_dir_of(argv[1]));
  Game g2(data, GameOptions{2, false});
  Game g3(data, GameOptions{3, false});
  test_hidden_information(g2);
  test_hidden_information(g3);
  test_deterministic(g2);
  test_memory(g2);
  test_specs(g2);
  test_batch(g2);
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
