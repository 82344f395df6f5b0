// Random Race for the Galaxy games under the sanitizers: the invariants of
// rftg_invariants.h after every action, illegal actions (RulesError, state left
// byte for byte unchanged), copies independent, same seed -> same game,
// apply() and step() agree, play_random() plays step()'s games, and the invariant
// checker itself catches corruptions.
// The big run (>= 20,000 games per player count, -O2) is rftg_property_main.cpp.
// Usage: test_rftg_random core/data/rftg_cards.txt [games per config, default 500]
// Build and run:
//   g++ -std=c++17 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Icore -Itests/cpp
//       tests/cpp/test_rftg_random.cpp $(find core -name '*.cpp') -o /tmp/trr && /tmp/trr core/data/rftg_cards.txt
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "common/rng.h"
#include "rftg/game.h"
#include "rftg_invariants.h"

using namespace gs;
using namespace gs::rftg;
using gs::rftg::testing::check_invariants;
using gs::rftg::testing::state_diff;

namespace {

int g_passed = 0;
int g_failed = 0;
int g_reported = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
    return;
  }
  ++g_failed;
  if (++g_reported <= 40) std::cout << "FAIL: " << what << "\n";
}

// Many checks per game are folded into one counted check, so the totals stay readable.
struct Tally {
  long ok = 0;
  long bad = 0;
  std::string first;
  void add(bool good, const std::string& what) {
    if (good) { ++ok; return; }
    if (bad++ == 0) first = what;
  }
  void add_lazy(bool good, const std::function<std::string()>& what) {
    if (good) { ++ok; return; }
    if (bad++ == 0) first = what();
  }
  void report(const std::string& name) {
    check(bad == 0, name + ": " + std::to_string(bad) + " of " + std::to_string(ok + bad) + " failed; first: " + first);
  }
};

struct Config {
  const char* label;
  int players;
  bool advanced;
  const char* expansion = "base";
  bool goals = false, takeovers = false, draft = false;
};

const Config kConfigs[] = {{"2p", 2, false}, {"3p", 3, false}, {"4p", 4, false}, {"2p-advanced", 2, true},
                           // The expansions, a tenth of the games each (rftg_property_main.cpp plays many more).
                           {"tgs-5p-goals", 5, false, "tgs", true},
                           {"rvi-4p-goals-takeovers", 4, false, "rvi", true, true},
                           {"rvi-2p-advanced-takeovers", 2, true, "rvi", false, true},
                           {"rvi-3p-draft-takeovers", 3, false, "rvi", true, true, true}};

std::string seq_str(const std::vector<int>& v) {
  std::ostringstream o;
  o << "[";
  for (size_t k = 0; k < v.size(); ++k) o << (k ? "," : "") << v[k];
  o << "]";
  return o.str();
}

// Raw bytes of a state object (padding included: the same object before and after).
struct Snapshot {
  unsigned char bytes[sizeof(State)];
  explicit Snapshot(const State& s) { std::memcpy(bytes, &s, sizeof(State)); }
  bool same(const State& s) const { return std::memcmp(bytes, &s, sizeof(State)) == 0; }
};

// An action number that is not legal now: random in-range numbers, and odd values.
int illegal_action(const std::vector<int>& legal, Rng& rng) {
  static const int kOdd[] = {-1, -200, INT_MIN, INT_MAX, act::kMaxAction, act::kMaxAction + 1, 191, 192, 255,
                             act::kPass, act::kActionBase + kActDevelop2, act::kActionBase + kNumActionCards,
                             act::kMethodBase + kNumMethods, act::kLuckyBase + 7, act::kWindfallBase + 5, act::kPowerBase};
  for (int tries = 0; tries < 100; ++tries) {
    int a = rng.below(3) == 0 ? kOdd[rng.below(sizeof(kOdd) / sizeof(kOdd[0]))]
                              : static_cast<int>(rng.below(act::kMaxAction + 10)) - 5;
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return a;
  }
  return -12345;
}

struct GameRecord {
  std::vector<int> actions;
  State final_state;
  std::vector<int> scores;
};

// One random game with checks after every action. `use_apply` plays through the
// checked apply(), else through step().
GameRecord play_checked(const Game& g, const Config& c, uint64_t seed, bool use_apply, Tally& inv, Tally& illegal,
                        Tally& copies, Tally& legal_ok, Tally& exc) {
  GameRecord rec;
  Rng rng(splitmix64(seed ^ 0x7e57ull));
  State s = g.new_initial_state(seed);
  int legal_buf[Game::kMaxLegal];
  int n = g.legal_actions(s, legal_buf);
  auto ctx = [&](const std::string& what) {
    return std::string(c.label) + " seed " + std::to_string(seed) + " after actions " + seq_str(rec.actions) + ": " + what;
  };
  for (int guard = 0; guard < 20000; ++guard) {
    std::string why = check_invariants(g, s);
    inv.add_lazy(why.empty(), [&] { return ctx(why); });
    if (!why.empty()) break;
    std::vector<int> legal = g.legal_actions(s);
    legal_ok.add_lazy(static_cast<int>(legal.size()) == n && std::equal(legal.begin(), legal.end(), legal_buf),
                      [&] { return ctx("legal_actions(vector) differs from the step() output"); });
    if (n == 0) break;

    // Illegal actions: RulesError, state unchanged byte for byte, is_legal() false.
    if (rng.below(4) == 0) {
      int bad = illegal_action(legal, rng);
      Snapshot before(s);
      bool threw_rules = false;
      std::string other;
      try {
        g.apply(s, bad);
      } catch (const RulesError& e) {
        threw_rules = std::string(e.what()).find(g.decision_name(s.decision)) != std::string::npos;
        if (!threw_rules) other = std::string("message does not name the decision: ") + e.what();
      } catch (const std::exception& e) {
        other = std::string("not a RulesError: ") + e.what();
      }
      illegal.add_lazy(threw_rules, [&] { return ctx("illegal action " + std::to_string(bad) + ": " + (other.empty() ? "no exception" : other)); });
      illegal.add_lazy(before.same(s), [&] { return ctx("illegal action " + std::to_string(bad) + " changed the state"); });
      illegal.add_lazy(!g.is_legal(s, bad), [&] { return ctx("is_legal(" + std::to_string(bad) + ") true"); });
    }
    // Every listed action is_legal.
    if (rng.below(8) == 0) {
      bool all = true;
      for (int a : legal) all &= g.is_legal(s, a);
      legal_ok.add_lazy(all, [&] { return ctx("a listed action is not is_legal()"); });
    }

    int a = legal[rng.below(static_cast<uint32_t>(legal.size()))];

    // A copy is independent: playing on it leaves the original as it was.
    if (rng.below(16) == 0) {
      Snapshot before(s);
      State copy = s;
      std::string d0 = state_diff(copy, s);
      copies.add_lazy(d0.empty(), [&] { return ctx("copy differs from the original: " + d0); });
      try {
        g.apply(copy, a);
        int k = 0;
        while (!g.is_terminal(copy) && k++ < 5) {
          std::vector<int> l2 = g.legal_actions(copy);
          g.apply(copy, l2[rng.below(static_cast<uint32_t>(l2.size()))]);
        }
      } catch (const std::exception& e) {
        exc.add(false, ctx(std::string("exception playing on a copy: ") + e.what()));
      }
      copies.add_lazy(before.same(s), [&] { return ctx("playing on a copy changed the original"); });
    }

    rec.actions.push_back(a);
    State prev = s;
    try {
      if (use_apply) {
        g.apply(s, a);
        n = g.legal_actions(s, legal_buf);
      } else {
        n = g.step(s, a, legal_buf);
      }
      exc.add(true, "");
    } catch (const std::exception& e) {
      exc.add(false, ctx(std::string("exception from a legal action: ") + e.what()));
      break;
    }
    std::string tr = gs::rftg::testing::check_transition(g, prev, s);
    inv.add_lazy(tr.empty(), [&] { return ctx(tr); });
    if (!tr.empty()) break;
  }
  // The game is over: apply() refuses anything.
  if (g.is_terminal(s)) {
    Snapshot before(s);
    bool threw = false;
    try {
      g.apply(s, act::kPass);
    } catch (const RulesError&) {
      threw = true;
    } catch (const std::exception&) {
    }
    illegal.add_lazy(threw && before.same(s), [&] { return ctx("apply() after the game ended did not throw RulesError cleanly"); });
  }
  rec.final_state = s;
  rec.scores = g.scores(s);
  return rec;
}

// The checker flags corrupted states (so a clean run means something).
void test_checker_catches(const Game& g) {
  State s = g.new_initial_state(99);
  Rng rng(5);
  // Advance into round 2 or so, to have a varied position.
  for (int k = 0; k < 30 && !g.is_terminal(s); ++k) {
    std::vector<int> l = g.legal_actions(s);
    g.apply(s, l[rng.below(static_cast<uint32_t>(l.size()))]);
  }
  check(check_invariants(g, s).empty(), "checker: clean state passes: " + check_invariants(g, s));
  struct Corruption {
    const char* name;
    std::function<void(State&)> f;
  };
  int card_in_deck = s.deck.first();
  int card_in_hand = s.hand[s.actor].first();
  std::vector<Corruption> cs = {
      {"card in two zones", [&](State& t) { t.discard.set(card_in_deck); }},
      {"card in no zone", [&](State& t) { t.deck.reset(card_in_deck); }},
      {"card outside the game", [&](State& t) { t.deck.set(g.num_instances()); }},
      {"card moved to a non-playing seat", [&](State& t) { t.hand[5].set(card_in_hand); t.hand[t.actor].reset(card_in_hand); }},
      {"goods count", [&](State& t) {
         CardSet empty_worlds = (t.tableau[0] & g.worlds()) - t.has_good;
         if (empty_worlds.any()) t.has_good.set(empty_worlds.first());
         else t.has_good.reset((t.tableau[0] & t.has_good).first());
       }},
      {"good on a world in no tableau", [&](State& t) {
         int w = (t.deck & g.worlds()).first();
         int c = (t.deck - CardSet::single(w)).first();
         t.has_good.set(w);
         t.deck.reset(c);  // c becomes its good
       }},
      {"fresh card outside hands", [&](State& t) { t.fresh.set(card_in_deck); }},
      {"chips not conserved", [&](State& t) { t.chips[0] = static_cast<int16_t>(t.chips[0] + 1); }},
      {"two developments of a design", [&](State& t) {
         // Two copies of one development design, moved into seat 0's tableau.
         for (int d = 0; d < static_cast<int>(g.db().designs.size()); ++d) {
           CardSet cp = g.copies(d) & g.developments();
           if (cp.count() < 2) continue;
           cp.for_each([&](int i) {
             t.deck.reset(i); t.discard.reset(i);
             for (int p = 0; p < kMaxPlayers; ++p) { t.hand[p].reset(i); t.tableau[p].reset(i); }
             t.tableau[0].set(i);
           });
           t.fresh &= t.hand[0] | t.hand[1] | t.hand[2] | t.hand[3];
           break;
         }
       }},
      {"actor out of range", [&](State& t) { t.actor = static_cast<int8_t>(t.players); }},
      {"terminal with an actor", [&](State& t) { t.stage = kStageGameOver; }},
      {"stack card outside the deck", [&](State& t) { t.nstack = 1; t.stack[0] = static_cast<uint8_t>(card_in_hand); }},
      {"round beyond the cap", [&](State& t) { t.round = kRoundCap + 1; }},
  };
  for (auto& c : cs) {
    State t = s;
    c.f(t);
    check(!check_invariants(g, t).empty(), std::string("checker catches: ") + c.name);
  }
  // A position at the start of round 2.
  State r2 = g.new_initial_state(3);
  while (!g.is_terminal(r2) && !(r2.stage == kStageChooseAction && r2.round == 2)) {
    std::vector<int> l = g.legal_actions(r2);
    g.apply(r2, l[rng.below(static_cast<uint32_t>(l.size()))]);
  }
  check(check_invariants(g, r2).empty() && r2.round == 2, "checker: clean round-2 state passes: " + check_invariants(g, r2));
  // Game over without an end condition.
  {
    State t = r2;
    t.stage = kStageGameOver;
    t.decision = DecisionKind::None;
    t.actor = -1;
    std::string why = check_invariants(g, t);
    check(why.find("without an end condition") != std::string::npos, "checker catches an early game over: " + why);
  }
  // A round started although the previous one should have ended the game.
  {
    State t = r2;
    t.vp_pool = static_cast<int16_t>(t.vp_pool - 12 * t.players);
    t.chips[0] = static_cast<int16_t>(t.chips[0] + 12 * t.players);
    std::string why = check_invariants(g, t);
    check(why.find("new round started") != std::string::npos, "checker catches a round after the end: " + why);
  }
  // Hand limit at the start of a round.
  {
    State t = r2;
    CardSet extra = t.deck;
    while (t.hand[0].count() <= kHandLimit && extra.any()) {
      int c = extra.pop_first();
      t.deck.reset(c);
      t.hand[0].set(c);
    }
    std::string why = check_invariants(g, t);
    check(why.find("starts the round with") != std::string::npos, "checker catches a hand above the limit: " + why);
  }
  // Transition checks.
  {
    using gs::rftg::testing::check_transition;
    check(check_transition(g, r2, r2).empty(), "transition: no change passes: " + check_transition(g, r2, r2));
    State t = r2;
    t.chips[0] = static_cast<int16_t>(t.chips[0] - 1);
    t.vp_pool = static_cast<int16_t>(t.vp_pool + 1);
    State u = r2;
    u.chips[0] = static_cast<int16_t>(u.chips[0] + 1);
    check(!check_transition(g, u, t).empty(), "transition catches lost chips");
    check(!check_transition(g, r2, u).empty(), "transition catches chips not taken from the pool");
    State v = r2;
    int start_world = v.tableau[0].first();
    v.tableau[0].reset(start_world);
    v.discard.set(start_world);
    check(!check_transition(g, r2, v).empty(), "transition catches a card leaving a tableau");
    State w = r2;
    w.round = static_cast<int16_t>(w.round + 2);
    check(!check_transition(g, r2, w).empty(), "transition catches a skipped round");
  }
  check(gs::rftg::testing::kStateFieldListComplete, "rftg_invariants.h lists every State field (state_diff)");
}

void test_same_seed_same_game(const Game& g, const Config& c, uint64_t seed, Tally& det) {
  Tally a, b, cc, d, e;  // checks already done by the first run; here only determinism matters
  GameRecord r1 = play_checked(g, c, seed, false, a, b, cc, d, e);
  GameRecord r2 = play_checked(g, c, seed, false, a, b, cc, d, e);
  std::string diff = state_diff(r1.final_state, r2.final_state);
  det.add_lazy(r1.actions == r2.actions && diff.empty() && r1.scores == r2.scores,
               [&] { return std::string(c.label) + " seed " + std::to_string(seed) + ": replay differs (" + diff + ")"; });
  // apply() and step() play the same game.
  GameRecord r3 = play_checked(g, c, seed, true, a, b, cc, d, e);
  diff = state_diff(r1.final_state, r3.final_state);
  det.add_lazy(r1.actions == r3.actions && diff.empty(),
               [&] { return std::string(c.label) + " seed " + std::to_string(seed) + ": apply() and step() differ (" + diff + ")"; });
  // Another seed gives another deal.
  State x = g.new_initial_state(seed), y = g.new_initial_state(seed + 1);
  det.add_lazy(!state_diff(x, y).empty(), [&] { return std::string(c.label) + " seeds " + std::to_string(seed) + " and +1 deal the same"; });
  State z = g.new_initial_state(seed);
  det.add_lazy(state_diff(x, z).empty(), [&] { return std::string(c.label) + " seed " + std::to_string(seed) + ": two deals differ"; });
}

// The engine's own random play (Game::play_random, each seat drawing from its own stream)
// plays the game that step() plays with the same choices, and counts the same decisions;
// from the deal and from a position `skip` decisions into the game (any stage, scratch in
// use). In the base game play_random is the narrow engine's (rftg/narrow.h) and step()
// the full-width one's, so this also checks that the two builds play the same games.
void test_play_random(const Game& g, const Config& c, uint64_t seed, int skip, Tally& det) {
  State a = g.new_initial_state(seed);
  Rng lead_in(splitmix64(seed ^ 0x1ead1full));
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(a, legal);
  for (int k = 0; k < skip && n > 0; ++k) n = g.step(a, legal[lead_in.below(static_cast<uint32_t>(n))], legal);
  State b = a;
  Rng by_step[kMaxPlayers], by_engine[kMaxPlayers];
  Rng* seat_rng[kMaxPlayers];
  for (int p = 0; p < kMaxPlayers; ++p) {
    by_step[p] = by_engine[p] = Rng(splitmix64(seed + 17 * static_cast<uint64_t>(p)));
    seat_rng[p] = &by_engine[p];
  }
  int64_t steps = 0;
  for (; n > 0 && steps < 20000; ++steps) n = g.step(a, legal[by_step[a.actor].below(static_cast<uint32_t>(n))], legal);
  int64_t taken = g.play_random(b, seat_rng);
  std::string diff = state_diff(a, b);
  det.add_lazy(diff.empty() && taken == steps, [&] {
    return std::string(c.label) + " seed " + std::to_string(seed) + " from decision " + std::to_string(skip) +
           ": play_random differs from step (" +
           (diff.empty() ? "decisions " + std::to_string(taken) + " vs " + std::to_string(steps) : diff) + ")";
  });
}

// solo_text: the solo configuration (core/data/rftg_solo.txt), which a 1-player game needs.
void test_bad_options(const CardDb& db, const std::string& solo_text) {
  auto throws = [&](int players, const std::string& exp, bool adv) {
    GameOptions o;
    o.players = players;
    o.expansion = exp;
    o.advanced = adv;
    if (players == 1) o.solo_config = solo_text;
    try {
      Game g(db, o);
    } catch (const RulesError&) {
      return true;
    } catch (...) {
      return false;
    }
    return false;
  };
  check(throws(1, "base", false), "1 player is refused");
  check(throws(5, "base", false), "5 players is refused (base game)");
  check(throws(3, "base", true), "advanced with 3 players is refused");
  check(throws(2, "xyz", false), "unknown expansion is refused");
  check(!throws(2, "base", true), "advanced 2-player game is accepted");
  check(throws(6, "tgs", false), "6 players is refused (TGS)");
  check(throws(7, "rvi", false), "7 players is refused (RvI)");
  check(!throws(6, "rvi", false) && !throws(5, "tgs", false) && !throws(1, "tgs", false), "1-5 (TGS) and 6 (RvI) accepted");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " CARDS.txt [games per config]\n";
    return 2;
  }
  long games = argc > 2 ? std::stol(argv[2]) : 1000;
  std::ifstream in(argv[1]);
  std::stringstream buf;
  buf << in.rdbuf();
  CardDb db = parse_card_db(buf.str(), argv[1]);
  std::string cards_path = argv[1];
  std::ifstream solo_in(cards_path.substr(0, cards_path.find_last_of('/') + 1) + "rftg_solo.txt");
  std::stringstream solo_buf;
  solo_buf << solo_in.rdbuf();
  check(!solo_buf.str().empty(), "the solo configuration beside the card data is readable");
  test_bad_options(db, solo_buf.str());

  auto t0 = std::chrono::steady_clock::now();
  long total_games = 0, total_actions = 0;
  for (const Config& c : kConfigs) {
    GameOptions o;
    o.players = c.players;
    o.advanced = c.advanced;
    o.expansion = c.expansion;
    o.goals = c.goals ? 1 : 0;
    o.takeovers = c.takeovers;
    o.draft = c.draft;
    Game g(db, o);
    // The base game's 114 instances fit the narrow engine; the expansions' do not.
    check(g.narrow_engine() == (o.expansion == std::string("base")), std::string(c.label) + ": narrow engine " +
                                                                         (g.narrow_engine() ? "on" : "off"));
    if (c.players == 4 && o.expansion == "base") test_checker_catches(g);
    Tally inv, illegal, copies, legal_ok, exc, det;
    long rounds = 0, terminal = 0;
    const long config_games = o.expansion == "base" ? games : std::max(1L, games / 10);
    for (long i = 0; i < config_games; ++i) {
      uint64_t seed = game_seed(0xabcdef + static_cast<uint64_t>(c.players) * 10 + c.advanced, static_cast<uint64_t>(i));
      GameRecord r = play_checked(g, c, seed, i % 5 == 0, inv, illegal, copies, legal_ok, exc);
      total_actions += static_cast<long>(r.actions.size());
      rounds += r.final_state.round;
      terminal += g.is_terminal(r.final_state);
      ++total_games;
      if (i % 50 == 0) test_same_seed_same_game(g, c, seed, det);
      if (i % 10 == 1 || config_games == 1) test_play_random(g, c, seed, 0, det);
      if (i % 10 == 6) test_play_random(g, c, seed, static_cast<int>(seed % 200), det);
    }
    std::string l = c.label;
    inv.report(l + " invariants after every action");
    illegal.report(l + " illegal actions throw RulesError and leave the state unchanged");
    copies.report(l + " copies are independent");
    legal_ok.report(l + " legal action lists agree");
    exc.report(l + " legal actions never throw");
    det.report(l + " same seed, same game");
    check(terminal == config_games, l + ": every game reached the end");
    double mean_rounds = static_cast<double>(rounds) / static_cast<double>(config_games);
    check(mean_rounds >= 5 && mean_rounds <= 30, l + ": mean rounds " + std::to_string(mean_rounds) + " in [5, 30]");
    std::cout << l << ": " << config_games << " games, mean rounds " << mean_rounds << ", " << inv.ok << " invariant checks\n";
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << total_games << " random games, " << total_actions << " actions in " << seconds << " s\n";
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
