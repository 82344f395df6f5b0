// Alien Frontiers against the generic search and encoders, under the sanitizers:
// ISMCTS (core/bots/ismcts.h, with af_ismcts.h's round hook) plays AF through the game interface
// (legal choices, determinism for a seed, random and heuristic rollouts, cutoff),
// an ISMCTS seat against random seats finishes games, and the observation tensor
// has one name per slot, equal vectors for a state and its determinization, and
// per-seat blocks relative to the observer.
// Usage: test_af_search core/data/<any file>
#include <iostream>
#include <string>
#include <vector>

#include "af/game.h"
#include "af/heuristic.h"
#include "af/observation_tensor.h"
#include "af_invariants.h"
#include "bots/af_ismcts.h"
#include "common/rng.h"

using namespace gs;
using namespace gs::af;
using gs::bots::Ismcts;
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

bool contains(const int* legal, int n, int a) {
  for (int k = 0; k < n; ++k)
    if (legal[k] == a) return true;
  return false;
}

IsmctsOptions small(int iterations, int depth) {
  IsmctsOptions o;
  o.iterations = iterations;
  o.rollout_depth = depth;
  o.seed = 5;
  return o;
}

// Plays one game: seat 0 searches, the others are random. Returns the final state.
template <class Search>
State play(const Game& g, Search& search, uint64_t seed, int* searched) {
  State s = g.new_initial_state(seed);
  Rng rng(seed ^ 0x51ull), bot(seed ^ 0x52ull);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  while (n > 0) {
    int a;
    if (s.actor == 0) {
      a = search.act(g, s, legal, n, rng);
      check(contains(legal, n, a), "ISMCTS picks a legal action");
      ++*searched;
    } else {
      a = legal[bot.below(static_cast<uint32_t>(n))];
    }
    n = g.step(s, a, legal);
  }
  return s;
}

void test_ismcts(const Game& g) {
  Ismcts<Game> random_rollouts(small(40, 30));
  int searched = 0;
  State end = play(g, random_rollouts, 3, &searched);
  check(g.is_terminal(end) && end.end == kEndLastColony, "an ISMCTS game ends with a last colony");
  check(searched > 20, "ISMCTS decided " + std::to_string(searched) + " times");

  // Determinism: the same seed and options choose the same, game after game.
  Ismcts<Game> a(small(60, 20)), b(small(60, 20));
  State s = g.new_initial_state(11);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  Rng r1(9), r2(9);
  check(a.act(g, s, legal, n, r1) == b.act(g, s, legal, n, r2), "same seed, same ISMCTS choice");

  IsmctsOptions h = small(30, 0);  // heuristic rollouts to the end of the game
  h.rollout = IsmctsRollout::Heuristic;
  h.rollout_epsilon = 0.1;
  Ismcts<Game, HeuristicBot> heur(h);
  Rng r3(4);
  int choice = heur.act(g, s, legal, n, r3);
  check(contains(legal, n, choice), "heuristic-rollout ISMCTS picks a legal action");
  check(heur.last_stats().iterations == 30, "every iteration ran");
}

void test_observation_tensor(const Game& g) {
  ObservationEncoder enc(g);
  std::vector<std::string> names = enc.slot_names();
  check(static_cast<int>(names.size()) == enc.size(), "one name per slot");
  check(enc.seat_size() * ObservationEncoder::kSeatBlocks + enc.seat_offset(0) == enc.size(), "seat blocks fill the end");
  Rng rng(2);
  State s = g.new_initial_state(8);
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  for (int k = 0; k < 200 && n > 0; ++k) n = g.step(s, legal[rng.below(static_cast<uint32_t>(n))], legal);
  for (int p = 0; p < g.players(); ++p) {
    std::vector<int16_t> v = enc.encode(s, p), d = enc.encode(g.determinize(s, p, 77), p);
    check(v == d, "a determinization is encoded the same for seat " + std::to_string(p));
    const int ore = enc.seat_offset(0) + 2;  // seat0.ore: the observer's own block comes first
    check(names[ore] == "seat0.ore" && v[ore] == s.ore[p], "the first seat block is the observer's");
  }
  bool threw = false;
  try {
    enc.encode(s, g.players());
  } catch (const RulesError&) {
    threw = true;
  }
  check(threw, "a seat out of range is refused");
}


}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " DATA_DIR|DATA_FILE\n";
    return 2;
  }
  Data data = load_af_data(testing::data_dir_of(argv[1]));
  for (int players : {2, 4}) {
    Game g(data, GameOptions{players, false});
    test_ismcts(g);
    test_observation_tensor(g);
  }
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
