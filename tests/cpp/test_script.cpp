// Scripted randomness from C++ (core/rftg/script.h, core/af/script.h; docs/scripted-draws.md): a bound
// script deals the scripted start worlds and hands, every later draw takes the scripted card (checked
// after every action of random games, from the start and from the middle of a game, at every level),
// a fully scripted game does not depend on the seed, and a draw past the end of the script or against
// it is a ScriptError, never a random card. Alien Frontiers: the first player, the dice and the tech
// cards, and the same refusals.
// Usage: test_script core/data/rftg_cards.txt (the Alien Frontiers data is read from the same folder)
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "af/game.h"
#include "af/script.h"
#include "common/rng.h"
#include "rftg/game.h"

namespace {

int g_passed = 0;
int g_failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    std::cout << "FAIL: " << what << "\n";
  }
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The message of the ScriptError `f` throws ("" if it throws none; another exception is named as such).
template <class F>
std::string script_error(F f) {
  try {
    f();
  } catch (const gs::rftg::ScriptError& e) {
    return e.what();
  } catch (const gs::af::ScriptError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a ScriptError: ") + e.what();
  }
  return "";
}

// ---------------------------------------------------------------------------
// Race for the Galaxy

namespace rf = gs::rftg;

std::vector<int> designs_of(const rf::Game& g, const gs::CardSet& cards) {
  std::vector<int> out;
  cards.for_each([&](int c) { out.push_back(g.card(c).design); });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A script of `n` draws: the designs of the cards in `deck`, shuffled.
rf::Script deck_script(const rf::Game& g, const gs::CardSet& deck, size_t n, uint64_t seed) {
  std::vector<int> designs = designs_of(g, deck);
  gs::Rng rng(seed);
  for (size_t i = designs.size(); i > 1; --i) std::swap(designs[i - 1], designs[rng.below(static_cast<uint32_t>(i))]);
  rf::Script sc;
  for (size_t k = 0; k < std::min(n, designs.size()); ++k) {
    rf::ScriptedDraw d;
    d.design = static_cast<int16_t>(designs[k]);
    sc.draws.push_back(d);
  }
  return sc;
}

// Plays random legal actions from `s` (which follows `sc` from draw `from` on, its deck then `deck0`) until
// the game ends or the engine refuses a draw. After every action, the cards that have left the deck are
// exactly the scripted draws taken so far. Returns the ScriptError's message ("" if the game ended).
std::string play_scripted(const rf::Game& g, rf::State& s, const rf::Script& sc, int from, const gs::CardSet& deck0,
                          uint64_t seed, const std::string& what) {
  gs::Rng rng(seed);
  bool drawn_ok = true;
  for (int step = 0; step < 5000 && !g.is_terminal(s); ++step) {
    std::vector<int> legal = g.legal_actions(s);
    int a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    try {
      g.apply(s, a);
    } catch (const rf::ScriptError& e) {
      check(g.script_position(s) == static_cast<int>(sc.draws.size()),
            what + ": refused only once the script is used up (" + e.what() + ")");
      check(drawn_ok, what + ": every card that left the deck was the scripted one");
      return e.what();
    }
    const int taken = g.script_position(s) - from;
    std::vector<int> want;
    for (int k = from; k < from + taken; ++k) want.push_back(sc.draws[static_cast<size_t>(k)].design);
    gs::CardSet gone = deck0 - s.deck;
    if (designs_of(g, gone) != sorted(want)) drawn_ok = false;
  }
  check(drawn_ok, what + ": every card that left the deck was the scripted one");
  return "";
}

void test_rftg_deal_and_draws(const rf::CardDb& db) {
  rf::GameOptions o;
  o.players = 2;
  rf::Game g(db, o);
  const int sparta = db.find("New Sparta"), earth = db.find("Old Earth");
  // The deck once New Sparta and Old Earth are dealt: every other card.
  gs::CardSet deck;
  bool sparta_dealt = false, earth_dealt = false;
  for (int i = 0; i < g.num_instances(); ++i) {
    int d = g.card(i).design;
    if (d == sparta && !sparta_dealt) {
      sparta_dealt = true;
    } else if (d == earth && !earth_dealt) {
      earth_dealt = true;
    } else {
      deck.set(i);
    }
  }
  for (uint64_t game = 0; game < 20; ++game) {
    const std::string what = "rftg base 2p scripted game " + std::to_string(game);
    rf::Script sc = deck_script(g, deck, 60, 100 + game);
    sc.start_worlds = {{static_cast<int16_t>(sparta)}, {static_cast<int16_t>(earth)}};
    g.bind_script(sc);
    rf::State s = g.new_scripted_state(sc, game);
    check(designs_of(g, s.tableau[0]) == std::vector<int>{sparta} && designs_of(g, s.tableau[1]) == std::vector<int>{earth},
          what + ": the scripted start worlds");
    // Seat order starts at the lowest start world (Old Earth, seat 1), which is dealt first.
    std::vector<int> first, second;
    for (int k = 0; k < 6; ++k) first.push_back(sc.draws[static_cast<size_t>(k)].design);
    for (int k = 6; k < 12; ++k) second.push_back(sc.draws[static_cast<size_t>(k)].design);
    check(designs_of(g, s.hand[1]) == sorted(first) && designs_of(g, s.hand[0]) == sorted(second),
          what + ": the scripted hands");
    check(g.script_position(s) == 12 && g.script(s) == &sc, what + ": 12 scripted draws taken");
    // The same script and actions from another seed: the same game (nothing is left to the seed).
    rf::State other = g.new_scripted_state(sc, game + 1000);
    std::string msg = play_scripted(g, s, sc, 0, deck, 7 * game + 1, what);
    std::string msg2 = play_scripted(g, other, sc, 0, deck, 7 * game + 1, what + " (another seed)");
    check(contains(msg, "the script has no draw left: the engine draws a card") && contains(msg, "after 60 scripted draws"),
          what + ": a clear error past the script, not a random card (got '" + msg + "')");
    other.rng = s.rng;
    check(msg == msg2 && g.to_json(other) == g.to_json(s), what + ": another seed plays the same scripted game");
  }
}

void test_rftg_follow_mid_game(const rf::CardDb& db) {
  struct Config {
    const char* label;
    int players;
    const char* expansion;
    bool advanced, takeovers;
  };
  const Config configs[] = {{"base 4p", 4, "base", false, false},
                            {"base 2p advanced", 2, "base", true, false},
                            {"tgs 5p goals", 5, "tgs", false, false},
                            {"rvi 3p goals takeovers", 3, "rvi", false, true},
                            {"rvi 6p goals takeovers", 6, "rvi", false, true}};
  for (const Config& c : configs) {
    rf::GameOptions o;
    o.players = c.players;
    o.expansion = c.expansion;
    o.advanced = c.advanced;
    o.takeovers = c.takeovers;
    rf::Game g(db, o);
    for (uint64_t game = 0; game < 8; ++game) {
      const std::string what = std::string("rftg ") + c.label + " game " + std::to_string(game) + " from round 3";
      rf::State s = g.new_initial_state(game);
      gs::Rng rng(game + 50);
      while (!g.is_terminal(s) && s.round < 3) {
        std::vector<int> legal = g.legal_actions(s);
        g.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      }
      if (g.is_terminal(s)) continue;
      rf::Script sc = deck_script(g, s.deck, std::min<size_t>(40, static_cast<size_t>(s.deck.count())), 300 + game);
      g.bind_script(sc);
      g.follow_script(s, &sc, 0);
      gs::CardSet deck0 = s.deck;
      std::string msg = play_scripted(g, s, sc, 0, deck0, 11 * game + 3, what);
      check(msg.empty() ? g.is_terminal(s) : contains(msg, "the script has no draw left"),
            what + ": the game ends or stops at the end of the script (got '" + msg + "')");
    }
  }
}

void test_rftg_refusals(const rf::CardDb& db) {
  rf::GameOptions o;
  o.players = 2;
  rf::Game g(db, o);
  const int sparta = db.find("New Sparta"), earth = db.find("Old Earth"), gem = db.find("Gem World");
  rf::Script wrong_seat;
  wrong_seat.start_worlds = {{static_cast<int16_t>(sparta)}, {static_cast<int16_t>(earth)}};
  rf::ScriptedDraw d;
  d.design = static_cast<int16_t>(gem);
  d.seat = 0;  // seat 1 (Old Earth) is dealt first
  wrong_seat.draws.push_back(d);
  g.bind_script(wrong_seat);
  std::string msg = script_error([&] { g.new_scripted_state(wrong_seat, 1); });
  check(contains(msg, "scripted draw 1 (Gem World for seat 0): the engine draws a card for seat 1"),
        "a draw for another seat is refused, naming both (got '" + msg + "')");

  rf::Script taken = wrong_seat;  // Old Earth is dealt as seat 1's start world: not in the deck
  taken.draws[0].design = static_cast<int16_t>(earth);
  taken.draws[0].seat = -1;
  g.bind_script(taken);
  msg = script_error([&] { g.new_scripted_state(taken, 1); });
  check(contains(msg, "no Old Earth is left in the deck"), "a card not in the deck is refused (got '" + msg + "')");

  rf::Script unbound;
  msg = script_error([&] { g.new_scripted_state(unbound, 1); });
  check(!msg.empty() && !contains(msg, "not a ScriptError"), "a script that is not bound is refused (got '" + msg + "')");
}

// ---------------------------------------------------------------------------
// Alien Frontiers

namespace af = gs::af;

void test_af(const std::string& dir) {
  af::Data data = af::load_af_data(dir);
  af::Game g(data, af::GameOptions{2, false});
  af::Script sc;
  sc.first = 1;
  sc.dice = {6, 5, 4, 1, 2, 3};
  sc.tech = {0, 1, 2, 3, 4};
  g.bind_script(sc);
  af::State s = g.new_scripted_state(sc, 2);
  check(s.first == 1, "af: the scripted first player");
  std::vector<int> values;
  for (uint8_t v : s.value)
    if (v) values.push_back(v);
  check(sorted(values) == std::vector<int>{4, 5, 6}, "af: the first player's roll is the first three scripted dice");
  check((s.tech[1] & g.design_mask(3)) && (s.tech[0] & g.design_mask(4)), "af: the start tech cards are scripted");
  check(s.script_dice == 3 && s.script_tech == 5, "af: 3 dice and 5 tech cards taken");
  gs::Rng rng(9);
  std::string msg = script_error([&] {
    while (!g.is_terminal(s)) {
      std::vector<int> legal = g.legal_actions(s);
      g.apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  });
  check(contains(msg, "the script has no die left: the engine rolls a die after 6 scripted dice"),
        "af: a clear error past the dice (got '" + msg + "')");

  // A long script of dice: two seeds, the same actions, the same game.
  af::Script many;
  many.first = 0;
  gs::Rng dice(77);
  for (int k = 0; k < 400; ++k) many.dice.push_back(static_cast<uint8_t>(1 + dice.below(6)));
  for (int d = 0; d < g.num_designs(); ++d)  // every tech card of the deck once
    for (uint32_t m = g.design_mask(d); m; m &= m - 1) many.tech.push_back(static_cast<int16_t>(d));
  g.bind_script(many);
  af::State a = g.new_scripted_state(many, 1), b = g.new_scripted_state(many, 2);
  gs::Rng ra(5), rb(5);
  std::string ea, eb;
  for (int step = 0; step < 3000 && !g.is_terminal(a) && ea.empty(); ++step) {
    std::vector<int> la = g.legal_actions(a), lb = g.legal_actions(b);
    if (la != lb) {
      check(false, "af: two seeds, one script: the same legal actions at step " + std::to_string(step));
      break;
    }
    int x = la[ra.below(static_cast<uint32_t>(la.size()))];
    rb.below(static_cast<uint32_t>(lb.size()));
    ea = script_error([&] { g.apply(a, x); });
    eb = script_error([&] { g.apply(b, x); });
  }
  b.rng = a.rng;
  check(ea == eb && g.to_json(a) == g.to_json(b), "af: another seed plays the same scripted game");
  check(ea.empty() || contains(ea, "the script has no"), "af: a long scripted game ends or stops at the script's end (got '" + ea + "')");

  af::Script bad;
  bad.dice = {7};
  msg = script_error([&] { g.bind_script(bad); });
  check(contains(msg, "scripted die 1 shows 7; a die shows 1 to 6"), "af: a die of 7 is refused (got '" + msg + "')");
  af::Script seat;
  seat.first = 2;
  msg = script_error([&] { g.bind_script(seat); });
  check(contains(msg, "first player is seat 2"), "af: a first player beyond the seats is refused (got '" + msg + "')");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " core/data/rftg_cards.txt\n";
    return 2;
  }
  const std::string path = argv[1];
  std::ifstream in(path);
  std::stringstream buf;
  buf << in.rdbuf();
  rf::CardDb db = rf::parse_card_db(buf.str(), path);
  test_rftg_deal_and_draws(db);
  test_rftg_follow_mid_game(db);
  test_rftg_refusals(db);
  const size_t slash = path.rfind('/');
  test_af(slash == std::string::npos ? "." : path.substr(0, slash));
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
