// Scripted draws against the engine's own random draws (docs/scripted-draws.md): nanoseconds per action of
// random play from the same positions, one core. Not part of CI.
//
// Build (optimised, from the repository root; the flags are setup.py's):
//   g++ -std=c++17 -O3 -DNDEBUG -march=x86-64-v3 -Icore benchmarks/script_bench.cpp
//       $(find core -name '*.cpp' -not -path '*/tests/*') -o /tmp/script_bench      (one line)
// or, after `pip install -e .`, link the module's objects instead of compiling the engine again:
//   g++ -std=c++17 -O3 -DNDEBUG -march=x86-64-v3 -Icore benchmarks/script_bench.cpp
//       $(find build/temp.*/core -name '*.o') -o /tmp/script_bench                     (one line)
// Run: /tmp/script_bench core/data/rftg_cards.txt [games]
//
// Each game starts from its deal (the start-world and start-hand decisions to come). From there it is played
// twice with the same random policy (a fixed seed): once with the engine's draws, once following a script that
// is the draw pile in a shuffled order (as an imported game does), until the script has only 40 draws left (past
// the draw pile the next draw would need the reshuffled discard pile) or the game ends; the unscripted run plays
// as many actions. Stopping short of the script's end keeps the ScriptError out of the figure: building its
// message and unwinding cost a few microseconds, once per game that runs past its script. The times are summed
// over the games of each configuration; the ratio is scripted / unscripted.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/rng.h"
#include "rftg/game.h"

using namespace gs;
using namespace gs::rftg;

namespace {

Script deck_script(const Game& g, const CardSet& deck, uint64_t seed) {
  std::vector<int16_t> designs;
  deck.for_each([&](int c) { designs.push_back(g.card(c).design); });
  Rng rng(seed);
  for (size_t i = designs.size(); i > 1; --i) std::swap(designs[i - 1], designs[rng.below(static_cast<uint32_t>(i))]);
  Script sc;
  for (int16_t d : designs) {
    ScriptedDraw x;
    x.design = d;
    sc.draws.push_back(x);
  }
  return sc;
}

// Plays up to `limit` random actions (if limit < 0: while the script, if any, has `kMargin` draws left, so that
// no action runs past it: the ScriptError's message and unwinding are not part of the figure); returns the number
// played.
constexpr int kMargin = 40;
long play(const Game& g, State& s, uint64_t seed, long limit, std::vector<int>& legal) {
  Rng rng(seed);
  const Script* sc = g.script(s);
  const int stop = sc ? static_cast<int>(sc->draws.size()) - kMargin : 0;
  long n = 0;
  while (!g.is_terminal(s) && (limit < 0 ? !sc || g.script_position(s) < stop : n < limit)) {
    int k = g.legal_actions(s, legal.data());
    g.apply_unchecked(s, legal[rng.below(static_cast<uint32_t>(k))]);
    ++n;
  }
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CARDS.txt [games]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream buf;
  buf << in.rdbuf();
  CardDb db = parse_card_db(buf.str(), argv[1]);
  const long games = argc > 2 ? std::stol(argv[2]) : 20000;
  struct Config {
    const char* label;
    int players;
    const char* expansion;
    bool takeovers;
  };
  const Config configs[] = {{"base 2p", 2, "base", false}, {"base 4p", 4, "base", false},
                            {"tgs 4p goals", 4, "tgs", false}, {"rvi 4p goals takeovers", 4, "rvi", true}};
  std::printf("%-24s %10s %14s %14s %8s\n", "configuration", "actions", "random ns/act", "script ns/act", "ratio");
  for (const Config& c : configs) {
    GameOptions o;
    o.players = c.players;
    o.expansion = c.expansion;
    o.takeovers = c.takeovers;
    Game g(db, o);
    std::vector<int> legal(Game::kMaxLegal);
    double t_random = 0, t_script = 0;
    long actions = 0, skipped = 0;
    for (long i = 0; i < games; ++i) {
      State start = g.new_initial_state(static_cast<uint64_t>(i));
      Script sc = deck_script(g, start.deck, static_cast<uint64_t>(i) + 7);
      g.bind_script(sc);
      State scripted = start, random = start;
      g.follow_script(scripted, &sc, 0);
      const uint64_t policy = static_cast<uint64_t>(i) + 3;
      // The scripted run sets the number of actions; which run goes first alternates (the second finds the
      // position in the cache).
      long n = 0;
      double tr = 0, ts = 0;
      try {
        using clock = std::chrono::steady_clock;
        if (i % 2 == 0) {
          auto t0 = clock::now();
          n = play(g, scripted, policy, -1, legal);
          auto t1 = clock::now();
          play(g, random, policy, n, legal);
          auto t2 = clock::now();
          ts = std::chrono::duration<double>(t1 - t0).count();
          tr = std::chrono::duration<double>(t2 - t1).count();
        } else {
          State probe = scripted;  // the scripted run's length, untimed
          n = play(g, probe, policy, -1, legal);
          auto t0 = clock::now();
          play(g, random, policy, n, legal);
          auto t1 = clock::now();
          play(g, scripted, policy, -1, legal);
          auto t2 = clock::now();
          tr = std::chrono::duration<double>(t1 - t0).count();
          ts = std::chrono::duration<double>(t2 - t1).count();
        }
      } catch (const ScriptError&) {  // an action drew past the margin: the game is left out of both figures
        ++skipped;
        continue;
      }
      t_random += tr;
      t_script += ts;
      actions += n;
    }
    std::printf("%-24s %10ld %14.1f %14.1f %8.3f   (%ld of %ld games left out)\n", c.label, actions,
                t_random / actions * 1e9, t_script / actions * 1e9, t_script / t_random, skipped, games);
  }
  return 0;
}
