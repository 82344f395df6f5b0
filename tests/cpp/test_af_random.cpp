// Random Alien Frontiers games under the sanitizers: the invariants of
// af_invariants.h after every action, illegal actions (RulesError, state left
// byte for byte unchanged), copies independent, same seed -> same game, apply()
// and step() agree, to_json / from_json round trips that continue into the same
// game, determinize changes only the RNG, the observation hides the deck and the
// RNG, and the invariant checker itself catches corruptions.
// The big run (>= 20,000 games per player count, -O2) is af_property_main.cpp.
// Usage: test_af_random core/data/<any file> [games per player count, default 30]
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "af/game.h"
#include "af/heuristic.h"
#include "af_invariants.h"
#include "common/rng.h"

using namespace gs;
using namespace gs::af;
using gs::af::testing::check_invariants;
using gs::af::testing::check_transition;

namespace {

int g_passed = 0, g_failed = 0, g_reported = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
    return;
  }
  ++g_failed;
  if (++g_reported <= 40) std::cout << "FAIL: " << what << "\n";
}

// Many checks per game folded into one counted check.
struct Tally {
  long ok = 0, bad = 0;
  std::string first;
  void add(bool good, const std::function<std::string()>& what) {
    if (good) { ++ok; return; }
    if (bad++ == 0) first = what();
  }
  void report(const std::string& name) {
    check(bad == 0, name + ": " + std::to_string(bad) + " of " + std::to_string(ok + bad) + " failed; first: " + first);
  }
};

bool same_bytes(const State& a, const State& b) { return std::memcmp(&a, &b, sizeof(State)) == 0; }

// The byte offsets where two states differ (for messages).
std::string byte_diff(const State& a, const State& b) {
  const unsigned char* x = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* y = reinterpret_cast<const unsigned char*>(&b);
  std::string out;
  for (size_t k = 0; k < sizeof(State); ++k)
    if (x[k] != y[k]) out += " @" + std::to_string(k) + ":" + std::to_string(x[k]) + "/" + std::to_string(y[k]);
  return out;
}

int illegal_action(const std::vector<int>& legal, Rng& rng) {
  static const int kOdd[] = {-1, -200, INT_MIN, INT_MAX, act::kMaxAction, act::kMaxAction + 1, act::kStop,
                             act::kDockBase + 31, act::kGroupBase + 383, act::kClaimBase + 2047,
                             act::kPowerBase + 699, act::kDiscardBase + 63, act::kTerritoryBase + 8};
  for (int tries = 0; tries < 100; ++tries) {
    int a = rng.below(3) == 0 ? kOdd[rng.below(sizeof(kOdd) / sizeof(kOdd[0]))]
                              : static_cast<int>(rng.below(act::kMaxAction + 10)) - 5;
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return a;
  }
  return -12345;
}

struct Tallies {
  Tally inv, illegal, copies, legal_ok, exc, json, det, obs;
};

struct GameRecord {
  std::vector<int> actions;
  State final_state;
};

std::string seq(const std::vector<int>& v) {
  std::string o = "[";
  for (size_t k = 0; k < v.size(); ++k) o += (k ? "," : "") + std::to_string(v[k]);
  return o + "]";
}

// Plays the rest of a game with random actions drawn from `rng`; returns the final state.
State finish(const Game& g, State s, Rng rng) {
  int legal[Game::kMaxLegal];
  int n = g.legal_actions(s, legal);
  while (n > 0) n = g.step(s, legal[rng.below(static_cast<uint32_t>(n))], legal);
  return s;
}

GameRecord play_checked(const Game& g, uint64_t seed, bool use_apply, bool heuristic_seat0, Tallies& t) {
  GameRecord rec;
  Rng rng(splitmix64(seed ^ 0x7e57ull));
  State s = g.new_initial_state(seed);
  int buf[Game::kMaxLegal];
  int n = g.legal_actions(s, buf);
  auto ctx = [&](const std::string& what) {
    return std::to_string(g.players()) + "p seed " + std::to_string(seed) + " after " + seq(rec.actions) + ": " + what;
  };
  for (int guard = 0; guard < 100000; ++guard) {
    std::string why = check_invariants(g, s);
    t.inv.add(why.empty(), [&] { return ctx(why); });
    if (!why.empty()) break;
    std::vector<int> legal = g.legal_actions(s);
    t.legal_ok.add(static_cast<int>(legal.size()) == n && std::equal(legal.begin(), legal.end(), buf),
                   [&] { return ctx("legal_actions(vector) differs from the step() output"); });
    if (n == 0) break;
    if (rng.below(4) == 0) {  // an illegal action: RulesError naming the decision, state unchanged
      int bad = illegal_action(legal, rng);
      State before = s;
      std::string problem = "no exception";
      try {
        g.apply(s, bad);
      } catch (const RulesError& e) {
        problem = std::string(e.what()).find(g.decision_name(s.decision)) != std::string::npos ? "" : e.what();
      } catch (const std::exception& e) {
        problem = std::string("not a RulesError: ") + e.what();
      }
      t.illegal.add(problem.empty(), [&] { return ctx("illegal action " + std::to_string(bad) + ": " + problem); });
      t.illegal.add(same_bytes(before, s), [&] { return ctx("an illegal action changed the state"); });
      t.illegal.add(!g.is_legal(s, bad), [&] { return ctx("is_legal(illegal) is true"); });
    }
    int a = heuristic_seat0 && s.actor == 0 ? heuristic_action(g, s, buf, n, rng)
                                            : legal[rng.below(static_cast<uint32_t>(legal.size()))];
    if (rng.below(16) == 0) {  // a copy is independent
      State before = s, copy = s;
      Rng r2 = rng;
      finish(g, copy, r2);
      t.copies.add(same_bytes(before, s), [&] { return ctx("playing on a copy changed the original"); });
    }
    if (rng.below(24) == 0) {  // JSON round trip, and the loaded position plays on identically
      std::string text = g.to_json(s);
      try {
        State loaded = g.from_json(text);
        t.json.add(g.to_json(loaded) == text, [&] { return ctx("to_json(from_json(x)) != x: " + text); });
        t.json.add(same_bytes(loaded, s), [&] { return ctx("from_json(to_json(s)) is not s byte for byte:" + byte_diff(loaded, s)); });
        Rng r1(seed + 17);
        State e1 = finish(g, s, r1), e2 = finish(g, loaded, r1);
        t.json.add(same_bytes(e1, e2), [&] { return ctx("the loaded position continues differently"); });
      } catch (const std::exception& e) {
        t.json.add(false, [&] { return ctx(std::string("from_json threw: ") + e.what() + " on " + text); });
      }
    }
    if (rng.below(24) == 0) {  // determinize: only the RNG; the observation hides deck and RNG
      State d = g.determinize(s, s.actor, rng.next());
      State d_rng = d;
      d_rng.rng = s.rng;
      t.det.add(same_bytes(d_rng, s) && d.rng.s != s.rng.s, [&] { return ctx("determinize changed more than the RNG"); });
      std::string o = g.observation_json(s, s.actor);
      bool deck_shown = s.deck != 0 && o.find("\"deck\":") != std::string::npos;
      t.obs.add(o.find("\"rng\"") == std::string::npos && !deck_shown && o.find("\"deck_size\"") != std::string::npos,
                [&] { return ctx("observation shows the RNG or the deck: " + o); });
      t.obs.add(g.observation_json(d, s.actor) == o, [&] { return ctx("a determinization is observed differently"); });
    }
    rec.actions.push_back(a);
    State prev = s;
    try {
      if (use_apply) {
        g.apply(s, a);
        n = g.legal_actions(s, buf);
      } else {
        n = g.step(s, a, buf);
      }
      t.exc.add(true, [] { return std::string(); });
    } catch (const std::exception& e) {
      t.exc.add(false, [&] { return ctx(std::string("a legal action threw: ") + e.what()); });
      break;
    }
    std::string tr = check_transition(g, prev, s);
    t.inv.add(tr.empty(), [&] { return ctx(tr); });
    if (!tr.empty()) break;
  }
  if (g.is_terminal(s)) {
    State before = s;
    bool threw = false;
    try {
      g.apply(s, act::kEndTurn);
    } catch (const RulesError&) {
      threw = true;
    }
    t.illegal.add(threw && same_bytes(before, s), [&] { return ctx("apply() after the end did not throw cleanly"); });
  }
  rec.final_state = s;
  return rec;
}

void test_same_seed_same_game(const Game& g, uint64_t seed, Tally& det) {
  Tallies a;
  GameRecord r1 = play_checked(g, seed, false, false, a);
  GameRecord r2 = play_checked(g, seed, false, false, a);
  GameRecord r3 = play_checked(g, seed, true, false, a);
  det.add(r1.actions == r2.actions && same_bytes(r1.final_state, r2.final_state),
          [&] { return "seed " + std::to_string(seed) + ": a replay differs"; });
  det.add(r1.actions == r3.actions && same_bytes(r1.final_state, r3.final_state),
          [&] { return "seed " + std::to_string(seed) + ": apply() and step() differ"; });
  State x = g.new_initial_state(seed), y = g.new_initial_state(seed + 1), z = g.new_initial_state(seed);
  det.add(!same_bytes(x, y) && same_bytes(x, z), [&] { return "seed " + std::to_string(seed) + ": deals not per seed"; });
}

// The checker flags corrupted states (so a clean run means something).
void test_checker_catches(const Game& g) {
  State s = g.new_initial_state(99);
  Rng rng(5);
  for (int k = 0; k < 120 && !g.is_terminal(s); ++k) {
    std::vector<int> l = g.legal_actions(s);
    g.apply(s, l[rng.below(static_cast<uint32_t>(l.size()))]);
  }
  check(check_invariants(g, s).empty(), "checker: clean state passes: " + check_invariants(g, s));
  int docked = -1, stocked = -1;
  for (int ship = 0; ship < kRelic; ++ship) {
    if (s.loc[ship] >= kLocSolar && docked < 0) docked = ship;
    if (s.loc[ship] == kLocStock && ship % kShipsPerPlayer < g.ships_per_colour() && ship / kShipsPerPlayer < s.players && stocked < 0)
      stocked = ship;
  }
  int other = (s.active + 1) % s.players;
  int deck_card = s.deck ? __builtin_ctz(s.deck) : -1;
  struct Corruption {
    const char* name;
    std::function<void(State&)> f;
  };
  std::vector<Corruption> cs = {
      {"occupancy out of step", [&](State& t) { ++t.occ[kLocSolar]; }},
      {"colony invented", [&](State& t) { ++t.colonies[0][3]; }},
      {"colony lost", [&](State& t) { t.supply[0] = static_cast<uint8_t>(t.supply[0] ? t.supply[0] - 1 : 1); }},
      {"wrong controller", [&](State& t) { t.controller[5] = static_cast<int8_t>(t.controller[5] == 0 ? 1 : 0); }},
      {"docked ship without value", [&](State& t) { if (docked >= 0) t.value[docked] = 0; else t.value[0] = 9; }},
      {"coloured ship on Burroughs Desert", [&](State& t) {
         int ship = stocked >= 0 ? stocked : 0;
         --t.occ[t.loc[ship]];
         t.loc[ship] = kLocBurroughs;
         ++t.occ[kLocBurroughs];
       }},
      {"resources above the limit outside the turn", [&](State& t) { t.ore[other] = 9; t.fuel[other] = 0; }},
      {"resources wrapped", [&](State& t) { t.fuel[0] = 255; }},
      {"tech card in two zones", [&](State& t) { if (deck_card >= 0) t.tech[other] |= 1u << deck_card; else t.deck |= t.discard; }},
      {"tech card lost", [&](State& t) { t.deck = 0; t.discard = 0; t.display = 0; }},
      {"two copies of one name", [&](State& t) {
         uint32_t m = g.design_mask(g.data().find_tech("Booster Pod"));
         for (int p = 0; p < t.players; ++p) t.tech[p] &= ~m;
         t.deck &= ~m; t.discard &= ~m; t.display &= ~m;
         t.tech[other] |= m;
       }},
      {"game over without a last colony", [&](State& t) { t.end = kEndLastColony; t.decision = DecisionKind::None; t.actor = -1; }},
      {"actor not the active player", [&](State& t) { t.actor = static_cast<int8_t>(other); }},
      {"relic held without Burroughs", [&](State& t) {
         if (t.relic_owner < 0) { t.relic_owner = static_cast<int8_t>(other); --t.occ[kLocBurroughs]; ++t.occ[kLocBay]; t.loc[kRelic] = kLocBay; }
         int b = g.territory_of(kBonusRelicShip);
         t.field[kIsolation] = static_cast<int8_t>(b);
       }},
  };
  for (auto& c : cs) {
    State t = s;
    c.f(t);
    check(!check_invariants(g, t).empty(), std::string("checker catches: ") + c.name);
  }
  State t = s;
  ++t.colonies[0][0];
  --t.supply[0];
  check(!check_transition(g, t, s).empty(), "transition catches a colony leaving the planet");
}

void test_bad_options(const Data& d) {
  for (int players : {0, 1, 5, 6}) {
    bool threw = false;
    try {
      Game g(d, GameOptions{players, false});
    } catch (const RulesError&) {
      threw = true;
    }
    check(threw, std::to_string(players) + " players are refused");
  }
}

// JSON errors: one clear message naming the place.
void test_bad_json(const Game& g) {
  State s = g.new_initial_state(4);
  std::string good = g.to_json(s);
  struct Case {
    std::string from, to, expect;
  };
  std::vector<Case> cases = {
      {"\"format\":\"galaxysim-af-state\"", "\"format\":\"galaxysim-rftg-state\"", "not an Alien Frontiers position"},
      {"\"ore\":", "\"oer\":", "unknown key 'oer'"},
      {"\"Asimov Crater\":", "\"Asimov Crate\":", "did you mean 'Asimov Crater'"},
      {"\"at\":\"Maintenance Bay\"", "\"at\":\"Solar Converter\"", "needs a value"},
      {"\"players\":" + std::to_string(g.players()) + ",", "\"players\":7,", "position for 7 players"},
  };
  for (const Case& c : cases) {
    std::string text = good;
    size_t at = text.find(c.from);
    if (at == std::string::npos) {
      check(false, "bad-json case '" + c.from + "' not found in the position");
      continue;
    }
    text.replace(at, c.from.size(), c.to);
    std::string msg = "no exception";
    try {
      g.from_json(text);
    } catch (const RulesError& e) {
      msg = e.what();
    }
    check(msg.find(c.expect) != std::string::npos, "bad JSON '" + c.to + "': message '" + msg + "' lacks '" + c.expect + "'");
  }
  std::string msg;
  try {
    g.from_json("{not json");
  } catch (const RulesError& e) {
    msg = e.what();
  }
  check(msg.find("line 1") != std::string::npos, "malformed JSON names the line: " + msg);
}


}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " DATA_DIR|DATA_FILE [games per player count]\n";
    return 2;
  }
  long games = argc > 2 ? std::stol(argv[2]) : 30;
  Data data = load_af_data(testing::data_dir_of(argv[1]));
  test_bad_options(data);
  auto t0 = std::chrono::steady_clock::now();
  long total_actions = 0;
  for (int players = 2; players <= 4; ++players) {
    Game g(data, GameOptions{players, players == 3});  // the 3-player games use the long-game colonies
    if (players == 4) test_checker_catches(g);
    test_bad_json(g);
    Tallies t;
    long terminal = 0, turns = 0;
    for (long i = 0; i < games; ++i) {
      uint64_t seed = game_seed(0xaf00 + static_cast<uint64_t>(players), static_cast<uint64_t>(i));
      GameRecord r = play_checked(g, seed, i % 5 == 0, i % 7 == 3, t);
      total_actions += static_cast<long>(r.actions.size());
      terminal += g.is_terminal(r.final_state) && r.final_state.end == kEndLastColony;
      turns += r.final_state.turn;
      if (i % 40 == 0) test_same_seed_same_game(g, seed, t.det);
    }
    std::string l = std::to_string(players) + "p";
    t.inv.report(l + " invariants after every action");
    t.illegal.report(l + " illegal actions throw RulesError and leave the state unchanged");
    t.copies.report(l + " copies are independent");
    t.legal_ok.report(l + " legal action lists agree");
    t.exc.report(l + " legal actions never throw");
    t.json.report(l + " JSON round trips continue the same game");
    t.det.report(l + " same seed same game; determinize changes only the RNG");
    t.obs.report(l + " observations hide the deck and the RNG");
    check(terminal == games, l + ": every game ended with a last colony");
    std::cout << l << ": " << games << " games, mean turns " << static_cast<double>(turns) / games << ", "
              << t.inv.ok << " invariant checks, " << t.json.ok << " JSON checks\n";
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << total_actions << " actions in " << seconds << " s\n";
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
