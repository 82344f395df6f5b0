// Tests of positions as JSON (core/rftg/state_json.cpp) and hidden information
// (core/rftg/observation.cpp): round trips on random games, observation secrecy,
// determinize consistency, hand-written positions and error messages.
// Usage: test_state_json core/data/rftg_cards.txt
// Build and run:
//   g++ -std=c++17 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Icore
//       tests/cpp/test_state_json.cpp core/rftg/*.cpp core/common/*.cpp -o /tmp/tsj && /tmp/tsj core/data/rftg_cards.txt
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.h"
#include "rftg/game.h"

using namespace gs;
using namespace gs::rftg;

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

// Field-by-field comparison (State has padding bytes, so no memcmp of the whole).
std::string state_diff(const State& a, const State& b) {
  std::ostringstream out;
#define FIELD(f) \
  if (std::memcmp(&a.f, &b.f, sizeof(a.f)) != 0) out << #f << " ";
  FIELD(hand) FIELD(tableau) FIELD(deck) FIELD(discard) FIELD(has_good) FIELD(fresh) FIELD(rng)
  FIELD(chips) FIELD(actions) FIELD(selected) FIELD(nstack) FIELD(players)
  FIELD(first) FIELD(advanced) FIELD(stage) FIELD(step) FIELD(turn) FIELD(phase_rep) FIELD(bonus) FIELD(round)
  FIELD(vp_pool) FIELD(need) FIELD(floor) FIELD(active) FIELD(method) FIELD(decision) FIELD(actor)
  FIELD(goals) FIELD(goal_claims) FIELD(owner_bits) FIELD(draft) FIELD(scratch)
#undef FIELD
  if (a.nstack == b.nstack && a.nstack > 0 && std::memcmp(a.stack, b.stack, static_cast<size_t>(a.nstack)) != 0)
    out << "stack ";
  return out.str();
}

// Every instance in exactly one zone; fresh cards in hands; goods match worlds.
std::string zone_problems(const Game& g, const State& s) {
  std::ostringstream out;
  std::vector<CardSet> zones = {s.deck, s.discard};
  CardSet hands, tableaus;
  for (int i = 0; i < s.players; ++i) {
    zones.push_back(s.hand[i]);
    zones.push_back(s.tableau[i]);
    hands |= s.hand[i];
    tableaus |= s.tableau[i];
  }
  CardSet seen;
  for (const CardSet& z : zones) {
    if (seen.intersects(z)) out << "zones overlap; ";
    seen |= z;
  }
  if ((seen - g.all_cards()).any()) out << "zones hold cards outside the game; ";
  if ((s.fresh - hands).any()) out << "fresh card outside the hands; ";
  if ((g.all_cards() - seen).count() != s.has_good.count()) out << "cards in no zone differ from worlds with goods; ";
  if ((s.has_good - tableaus).any()) out << "good on a world not in a tableau; ";
  for (int k = 0; k < s.nstack; ++k)
    if (!s.deck.test(s.stack[k])) out << "stack card not in the deck; ";
  return out.str();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int pick(Rng& r, const std::vector<int>& legal) { return legal[r.below(static_cast<uint32_t>(legal.size()))]; }

// The RulesError message of f(), or "" if it did not throw one.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const RulesError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("WRONG EXCEPTION TYPE: ") + e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// --------------------------------------------------------------------------
// Checks at one point of a random game

void check_round_trip(const Game& g, const State& s, Rng chooser, const std::string& where) {
  std::string text = g.to_json(s);
  State t;
  try {
    t = g.from_json(text);
  } catch (const std::exception& e) {
    check(false, where + ": from_json(to_json(s)) threw: " + e.what() + "\n" + g.to_json(s, 2));
    return;
  }
  std::string diff = state_diff(s, t);
  check(diff.empty(), where + ": round trip differs in " + diff);
  check(g.to_json(t) == text, where + ": to_json(from_json(text)) != text");
  State p = g.from_json(g.to_json(s, 2));
  check(state_diff(s, p).empty(), where + ": pretty-printed round trip differs");
  // Without the decision keys the decision is derived by running the automatic steps: same state.
  json::Value doc = json::parse(text);
  doc.erase("decision");
  doc.erase("actor");
  State q = g.from_json(json::dump(doc));
  check(state_diff(s, q).empty(), where + ": round trip without 'decision' differs in " + state_diff(s, q));

  State a = s, b = t;
  for (int k = 0; k < 50 && !g.is_terminal(a); ++k) {
    std::vector<int> la = g.legal_actions(a), lb = g.legal_actions(b);
    if (la != lb) {
      check(false, where + ": legal actions differ after " + std::to_string(k) + " continued actions");
      return;
    }
    int act = pick(chooser, la);
    g.apply(a, act);
    g.apply(b, act);
    if (!state_diff(a, b).empty()) {
      check(false, where + ": continuation differs after " + std::to_string(k + 1) + " actions in " + state_diff(a, b));
      return;
    }
  }
  check(g.to_json(a) == g.to_json(b), where + ": continued games give different JSON");
}

void check_observation(const Game& g, const State& s, int p, const std::string& where) {
  json::Value o = json::parse(g.observation_json(s, p));
  for (const char* secret : {"rng", "deck", "deck_top", "discard", "good_cards", "hand"})
    check(!o.contains(secret), where + ": observation has top-level key " + secret);
  check(o.contains("scratch") == (s.actor == p), where + ": scratch shown iff observer decides");
  const json::Value& players = o.at("players");
  for (int i = 0; i < s.players; ++i) {
    const json::Value& e = players.at(static_cast<size_t>(i));
    check(e.at("hand_size").get_int() == s.hand[i].count(), where + ": hand size");
    if (i == p) {
      const json::Value& hand = e.at("hand");
      check(hand.size() == static_cast<size_t>(s.hand[i].count()), where + ": own hand listed");
      continue;
    }
    check(!e.contains("hand") && !e.contains("explored"), where + ": another seat's hand is shown");
    if (s.stage == kStageChooseAction)
      check(e.at("actions") == json::Value("hidden"), where + ": action choice of another seat not hidden");
    else
      check(e.at("actions").is_array(), where + ": revealed actions shown");
    if ((s.stage == kStageDevelop || s.stage == kStageSettle) && s.step == 1)
      check(e.at("selected") == json::Value("hidden"), where + ": selection of another seat not hidden");
  }
}

struct Stats {
  int games = 0, points = 0, terminal = 0, redealt = 0, determinized = 0, secrets_redrawn = 0;
  int by_decision[static_cast<int>(DecisionKind::kCount)] = {};
};

void check_determinize(const Game& g, const State& s, int p, uint64_t seed, const std::string& where, Stats& st) {
  State d;
  try {
    d = g.determinize(s, p, seed);
  } catch (const std::exception& e) {
    check(false, where + ": determinize threw: " + e.what());
    return;
  }
  check(g.observation_json(d, p) == g.observation_json(s, p), where + ": observation changed by determinize\n" +
                                                                  g.observation_json(s, p) + "\n" + g.observation_json(d, p));
  std::string z = zone_problems(g, d);
  check(z.empty(), where + ": determinized zones: " + z);
  check(d.hand[p] == s.hand[p] && (d.fresh & d.hand[p]) == (s.fresh & s.hand[p]), where + ": own hand changed");
  check(d.nstack == 0, where + ": known deck top kept");
  check(d.decision == s.decision && d.actor == s.actor, where + ": decision changed");
  if (s.actor >= 0 && s.actor != p && s.decision == DecisionKind::DevelopSelect)
    check(d.hand[s.actor].intersects(g.developments()), where + ": asked to develop without a development in hand");
  if (s.actor >= 0 && s.actor != p && s.decision == DecisionKind::SettleSelect)
    check(d.hand[s.actor].intersects(g.worlds()), where + ": asked to settle without a world in hand");
  ++st.determinized;
  for (int i = 0; i < s.players; ++i) {
    if (i == p) continue;
    if (d.hand[i] != s.hand[i]) { ++st.redealt; break; }
  }
  for (int i = 0; i < s.players; ++i)
    if (i != p && (d.actions[i] != s.actions[i] || d.selected[i] != s.selected[i])) { ++st.secrets_redrawn; break; }
  check(g.determinize(s, p, seed).rng.s == d.rng.s && state_diff(g.determinize(s, p, seed), d).empty(),
        where + ": determinize is not a function of (state, observer, seed)");
  // The new state must be playable: the pending decision has a legal action and the game goes on.
  State t = d;
  Rng r(seed ^ 77);
  try {
    for (int k = 0; k < 40 && !g.is_terminal(t); ++k) {
      std::vector<int> legal = g.legal_actions(t);
      if (legal.empty()) {
        check(false, where + ": determinized state has no legal action");
        return;
      }
      g.apply(t, pick(r, legal));
    }
    check(zone_problems(g, t).empty(), where + ": zones after playing on from a determinized state");
  } catch (const std::exception& e) {
    check(false, where + ": playing on from determinized state threw: " + e.what());
  }
  // Determinized states round-trip through JSON too (the decision is kept even if forced).
  try {
    State back = g.from_json(g.to_json(d));
    check(state_diff(d, back).empty(), where + ": determinized round trip differs in " + state_diff(d, back));
  } catch (const std::exception& e) {
    check(false, where + ": determinized round trip threw: " + e.what());
  }
}

void random_games(const CardDb& db, GameOptions opt, int games, uint64_t seed, Stats& st) {
  Game g(db, opt);
  for (int n = 0; n < games; ++n) {
    uint64_t gseed = game_seed(seed, static_cast<uint64_t>(n));
    Rng r(gseed ^ 0x1234);
    State s = g.new_initial_state(gseed);
    ++st.games;
    std::string tag = opt.expansion + " " + std::to_string(opt.players) + "p" + (opt.advanced ? "-adv" : "") +
                      (opt.draft ? "-draft" : "") + " game " + std::to_string(n);
    int steps = 0;
    for (;;) {
      std::string z = zone_problems(g, s);
      if (!z.empty()) {
        check(false, tag + ": zones: " + z);
        break;
      }
      bool terminal = g.is_terminal(s);
      if (terminal || r.below(100) < 6) {
        std::string where = tag + " step " + std::to_string(steps) + " (" + g.decision_name(s.decision) + ")";
        ++st.points;
        ++st.by_decision[static_cast<int>(s.decision)];
        check_round_trip(g, s, r, where);
        for (int p = 0; p < s.players; ++p) {
          check_observation(g, s, p, where + " obs " + std::to_string(p));
          check_determinize(g, s, p, r.next(), where + " det " + std::to_string(p), st);
        }
      }
      if (terminal) {
        ++st.terminal;
        break;
      }
      g.apply(s, pick(r, g.legal_actions(s)));
      ++steps;
    }
  }
}

// --------------------------------------------------------------------------
// Hand-written positions

const char* kPosition = R"({
  "format": "galaxysim-rftg-state", "version": 1,
  "game": {"players": 2, "expansion": "base", "advanced": false},
  "round": 2, "stage": "develop", "step": 0, "first": 1,
  "players": [
    {"hand": ["Public Works", "Mining Robots", "Pan-Galactic League", "Gem World"],
     "tableau": ["Alpha Centauri", "Interstellar Bank"], "actions": ["develop"]},
    {"hand": ["Colony Ship", "Colony Ship"], "tableau": ["Old Earth"], "chips": 1, "actions": ["settle"]}
  ],
  "deck_top": ["Comet Zone", "Spice World"]
})";

int instance_of(const Game& g, const std::string& name, int copy = 1) {
  int d = g.db().find(name);
  return g.copies(d).nth(copy - 1);
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  if (at == std::string::npos) {
    std::cout << "test bug: '" << from << "' not in the position\n";
    return text;
  }
  return text.replace(at, from.size(), to);
}

void hand_written(const CardDb& db) {
  Game g(db, GameOptions{2, "base", false});
  State s = g.from_json(kPosition);
  // Seat 1 moves first; it cannot afford a Colony Ship (its only other card), so
  // its pass is forced. Seat 0 drew Comet Zone with Interstellar Bank and has the bonus.
  check(s.decision == DecisionKind::DevelopSelect && s.actor == 0, "position: develop select for seat 0");
  check(s.hand[0].test(instance_of(g, "Comet Zone")), "position: Interstellar Bank drew the top card");
  check(s.nstack == 1 && s.stack[0] == instance_of(g, "Spice World"), "position: one known card left on top");
  std::vector<int> want = {instance_of(g, "Public Works"), instance_of(g, "Mining Robots"), act::kPass};
  check(g.legal_actions(s) == want, "position: legal actions are Public Works, Mining Robots, pass");
  check(s.selected[1] == kNone && s.turn == 1, "position: seat 1 passed");
  check(s.chips[1] == 1 && s.vp_pool == 24 && s.round == 2, "position: numbers");
  check(s.hand[1].count() == 2 && (s.hand[1] & g.copies(db.find("Colony Ship"))).count() == 2, "position: both Colony Ships");
  check(zone_problems(g, s).empty(), "position: zones");
  check(s.deck.count() == g.num_instances() - 10, "position: all other cards in the deck");

  // Writing it out and reading it back gives the same state, with the decision kept.
  State back = g.from_json(g.to_json(s, 2));
  check(state_diff(s, back).empty(), "position: round trip");
  json::Value doc = json::parse(g.to_json(s));
  check(doc.at("deck_top") == json::parse(R"(["Spice World"])"), "position: deck_top written");
  check(doc.at("players").at(1).at("hand") == json::parse(R"(["Colony Ship", "Colony Ship #2"])"),
        "position: second copy written with #2");
  check(doc.at("decision") == json::Value("develop_select") && doc.at("actor") == json::Value(0), "position: decision written");

  // Seat 0 develops Mining Robots: cost 2 - 1 bonus = 1 card.
  g.apply(s, instance_of(g, "Mining Robots"));
  check(s.decision == DecisionKind::Pay && s.actor == 0 && s.need == 1, "position: pay 1 for Mining Robots");

  // The observation of seat 1 while seat 0 pays: Mining Robots is public now.
  json::Value o = json::parse(g.observation_json(s, 1));
  check(o.at("players").at(0).at("selected") == json::Value("Mining Robots"), "observation: revealed selection");
  check(o.at("players").at(0).at("hand_size") == json::Value(4), "observation: other hand size");
  check(!o.contains("scratch"), "observation: no scratch for a non-deciding seat");
  json::Value o0 = json::parse(g.observation_json(s, 0));
  check(o0.at("scratch").at("need") == json::Value(1), "observation: scratch for the deciding seat");
  check(o0.at("players").at(0).at("hand").size() == 4, "observation: own hand");

  // Explicit copies and the decision check.
  std::string explicit_copy = replace(kPosition, R"(["Colony Ship", "Colony Ship"])", R"(["Colony Ship #2", "Colony Ship"])");
  State e = g.from_json(explicit_copy);
  check(state_diff(e, g.from_json(kPosition)).empty(), "position: '#2' then plain name gives the same copies");
  std::string with_decision = replace(kPosition, R"("step": 0,)", R"("step": 0, "decision": "develop_select", "actor": 0,)");
  check(state_diff(g.from_json(with_decision), s = g.from_json(kPosition)).empty(), "position: matching decision accepted");
  std::string wrong_decision = replace(kPosition, R"("step": 0,)", R"("step": 0, "decision": "pay",)");
  std::string m = error_of([&] { g.from_json(wrong_decision); });
  check(contains(m, "develop_select for seat 0") && contains(m, "'decision'"), "error: wrong decision: " + m);

  // Goods: a good on a windfall world, its card taken from the deck.
  std::string goods = replace(kPosition, R"("tableau": ["Old Earth"],)", R"("tableau": ["Old Earth", "Gem World"], "goods": ["Gem World"],)");
  goods = replace(goods, R"(, "Gem World"],)", "],");
  State gs = g.from_json(goods);
  check(gs.has_good.test(instance_of(g, "Gem World")) && (g.all_cards() - gs.deck - gs.discard - gs.hand[0] - gs.hand[1] - gs.tableau[0] - gs.tableau[1]).count() == 1, "position: good on Gem World");
  check(zone_problems(g, gs).empty(), "position: goods zones");

  // A small start-discard position.
  const char* start = R"({"format": "galaxysim-rftg-state", "version": 1, "game": {"players": 2},
    "round": 0, "stage": "start_discard", "first": 0,
    "players": [{"hand": ["Gem World", "Comet Zone", "Spice World", "Colony Ship", "Public Works", "Mining Robots"],
                 "tableau": ["Old Earth"]},
                {"hand": ["Refugee World", "Empath World", "Galactic Resort", "Colony Ship", "Public Works", "Drop Ships"],
                 "tableau": ["Epsilon Eridani"]}]})";
  State sd = g.from_json(start);
  check(sd.decision == DecisionKind::StartDiscard && sd.actor == 0 && sd.need == 2, "start position: discard 2");
  check(g.legal_actions(sd).size() == 5, "start position: the 5 lowest choices for the first discard");
  std::string no_first = replace(start, R"("first": 0,)", "");
  no_first = replace(no_first, R"("tableau": ["Old Earth"])", R"("tableau": ["Alpha Centauri"])");
  no_first = replace(no_first, R"("tableau": ["Epsilon Eridani"])", R"("tableau": ["Epsilon Eridani", "Old Earth"])");
  check(g.from_json(no_first).first == 1, "start position: default 'first' from the lowest start world");
}

// The example position and observation in docs/state-json.md (found next to the card data).
void doc_example(const CardDb& db, const std::string& cards_path) {
  std::string root = cards_path;
  for (int k = 0; k < 3; ++k) {
    size_t slash = root.find_last_of('/');
    root = slash == std::string::npos ? std::string(".") : root.substr(0, slash);
  }
  std::string doc = read_file(root + "/docs/state-json.md");
  if (doc.empty()) {
    std::cout << "note: " << root << "/docs/state-json.md not found, documentation example not checked\n";
    return;
  }
  std::vector<std::string> blocks;
  for (size_t at = doc.find("```json\n"); at != std::string::npos; at = doc.find("```json\n", at)) {
    size_t end = doc.find("```", at + 8);
    blocks.push_back(doc.substr(at + 8, end - at - 8));
    at = end + 3;
  }
  check(blocks.size() >= 2, "docs: two json examples");
  if (blocks.size() < 2) return;
  Game g(db, GameOptions{2, "base", false});
  try {
    State s = g.from_json(blocks[0]);
    check(s.decision == DecisionKind::SettleSelect && s.actor == 0, "docs example: settle select for seat 0");
    std::vector<std::string> said;
    for (int a : g.legal_actions(s)) said.push_back(g.describe(s, a));
    check(said == std::vector<std::string>{"settle Rebel Miners", "settle Spice World", "settle New Vinland", "pass"},
          "docs example: legal actions as documented");
    check(s.deck.count() == 97, "docs example: 97 cards in the deck");
    g.apply(s, instance_of(g, "Rebel Miners"));
    check(json::parse(g.observation_json(s, 1)) == json::parse(blocks.back()), "docs example: observation as documented");
  } catch (const std::exception& e) {
    check(false, std::string("docs example threw: ") + e.what());
  }
}

void error_cases(const CardDb& db) {
  Game g(db, GameOptions{2, "base", false});
  struct Case {
    const char* what;
    std::string text;
    std::vector<std::string> parts;
  };
  std::string p = kPosition;
  std::vector<Case> cases = {
      {"unknown card", replace(p, "\"Gem World\"", "\"Gem Wrld\""),
       {"unknown card 'Gem Wrld'", "players[0].hand[3]", "did you mean 'Gem World'"}},
      {"duplicate card", replace(p, R"(["Old Earth"])", R"(["Old Earth", "Gem World"])"),
       {"'Gem World' is placed twice", "players[1].tableau[1]", "players[0].hand[3]"}},
      {"too many plain copies", replace(p, R"(["Colony Ship", "Colony Ship"])", R"(["Colony Ship", "Colony Ship", "Colony Ship"])"),
       {"too many copies of 'Colony Ship'", "this game has 2"}},
      {"copy that does not exist", replace(p, R"("Colony Ship", "Colony Ship")", R"("Colony Ship", "Colony Ship #3")"),
       {"'Colony Ship #3'", "only 2 copies"}},
      {"explicit copy twice", replace(p, R"("Colony Ship", "Colony Ship")", R"("Colony Ship #2", "Colony Ship #2")"),
       {"'Colony Ship #2' is placed twice"}},
      {"bad stage", replace(p, R"("develop", "step")", R"("devlop", "step")"),
       {"unknown stage 'devlop'", "did you mean 'develop'", "'stage'"}},
      {"unknown key", replace(p, R"("hand": ["Colony Ship")", R"("hnad": ["Colony Ship")"),
       {"unknown key 'hnad'", "did you mean 'hand'", "players[1]"}},
      {"unknown top-level key", replace(p, R"("round": 2)", R"("rounds": 2)"), {"unknown key 'rounds'"}},
      {"players count", replace(p, R"("players": 2)", R"("players": 3)"), {"3 players", "this game has 2"}},
      {"advanced flag", replace(p, R"("advanced": false)", R"("advanced": true)"), {"advanced"}},
      {"goods not in tableau", replace(p, R"("tableau": ["Old Earth"])", R"("tableau": ["Old Earth"], "goods": ["Gem World"])"),
       {"'Gem World' is not in players[1].tableau", "players[1].goods[0]"}},
      {"goods on a development", replace(p, R"("tableau": ["Old Earth"])", R"("tableau": ["Old Earth", "Drop Ships"], "goods": ["Drop Ships"])"),
       {"cannot carry a good"}},
      {"unknown action card", replace(p, R"(["settle"])", R"(["explore6"])"), {"unknown action card 'explore6'", "players[1].actions[0]"}},
      {"second develop outside the advanced game", replace(p, R"(["settle"])", R"(["develop2"])"), {"advanced"}},
      {"too many action cards", replace(p, R"(["settle"])", R"(["settle", "produce"])"), {"at most 1 action card"}},
      {"turn out of range", replace(p, R"("first": 1)", R"("first": 1, "turn": 5)"), {"out of range", "'turn'"}},
      {"step out of range", replace(p, R"("step": 0)", R"("step": 9)"), {"out of range", "'step'"}},
      {"deck_top too long",
       replace(p, R"(["Comet Zone", "Spice World"])",
               R"(["Comet Zone", "Spice World", "Refugee World", "Empath World", "Galactic Resort", "Drop Ships",
                   "Deficit Spending", "Export Duties", "Asteroid Belt", "Artist Colony", "New Vinland"])"),
       {"at most 10", "deck_top"}},
      {"wrong type", replace(p, R"("round": 2)", R"("round": "two")"), {"expected integer", "'round'"}},
      {"malformed JSON", replace(p, R"("round": 2,)", R"("round": 2,,)"), {"JSON parse error", "line"}},
      {"wrong version", replace(p, R"("version": 1)", R"("version": 2)"), {"unsupported version 2", "'version'"}},
      {"wrong format", replace(p, "galaxysim-rftg-state", "galaxysim-rftg-observation"), {"'format'"}},
      {"card from another expansion", replace(p, "\"Gem World\"", "\"Ancient Race\""), {"'Ancient Race' is not used"}},
      {"explored not in hand", replace(p, R"("chips": 1,)", R"("chips": 1, "explored": ["Gem World"],)"),
       {"'Gem World' is not in players[1].hand", "explored"}},
      {"selected not in hand",
       replace(replace(p, R"("chips": 1,)", R"("chips": 1, "selected": "Mining Robots",)"), R"("step": 0)", R"("step": 1)"),
       {"'Mining Robots' is not in players[1].hand or players[1].tableau", "players[1].selected"}},
      {"selected outside the develop and settle stages",
       replace(replace(p, R"("chips": 1,)", R"("chips": 1, "selected": "Colony Ship",)"), R"("develop", "step")", R"("consume", "step")"),
       {"only in the develop and settle stages"}},
      {"explored listed twice",
       replace(replace(p, R"("develop", "step": 0)", R"("explore", "step": 2)"), R"("chips": 1,)", R"("chips": 1, "explored": ["Colony Ship", "Colony Ship", "Colony Ship"],)"),
       {"'Colony Ship' is listed more often than it is in players[1].hand", "players[1].explored[2]"}},
      {"explored outside explore", replace(p, R"("chips": 1,)", R"("chips": 1, "explored": ["Colony Ship"],)"),
       {"explored cards exist only in the explore stage", "players[1].explored"}},
      {"need 0 at a pay decision",
       replace(replace(p, R"("develop", "step": 0)", R"("develop", "step": 3, "turn": 1, "need": 0)"), R"("actions": ["develop"]},)",
               R"("actions": ["develop"], "selected": "Interstellar Bank"},)"),
       {"'need' must be at least 1"}},
      {"bad active", replace(p, R"("round": 2,)", R"("round": 2, "active": {"card": "Old Earth", "power": 2},)"),
       {"no consume power 2"}},
  };
  for (const Case& c : cases) {
    std::string m = error_of([&] { g.from_json(c.text); });
    bool ok = !m.empty() && !contains(m, "WRONG EXCEPTION");
    for (const std::string& part : c.parts) ok = ok && contains(m, part);
    if (std::getenv("SHOW_ERRORS")) std::cout << c.what << ": " << m << "\n";
    check(ok, std::string("error case '") + c.what + "': got \"" + m + "\"");
  }
  check(contains(error_of([&] { g.observation_json(g.new_initial_state(1), 2); }), "seat 2"), "observation of a bad seat");
  check(contains(error_of([&] { g.determinize(g.new_initial_state(1), -1, 5); }), "seat -1"), "determinize of a bad seat");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: test_state_json core/data/rftg_cards.txt\n";
    return 2;
  }
  CardDb db = parse_card_db(read_file(argv[1]), argv[1]);

  try {
    hand_written(db);
  } catch (const std::exception& e) {
    check(false, std::string("hand-written positions threw: ") + e.what());
  }
  doc_example(db, argv[1]);
  try {
    error_cases(db);
  } catch (const std::exception& e) {
    check(false, std::string("error cases threw: ") + e.what());
  }

  Stats st;
  struct Config { GameOptions opt; int games; };
  auto opts = [](int players, const char* level, bool advanced, int goals, bool takeovers, bool draft) {
    GameOptions o{players, level, advanced};
    o.goals = goals;
    o.takeovers = takeovers;
    o.draft = draft;
    return o;
  };
  // The expansions: goals, takeovers (settle scratch), the start-world pair choice, the draft.
  for (const Config& c : {Config{GameOptions{2, "base", false}, 80}, Config{GameOptions{3, "base", false}, 60},
                          Config{GameOptions{4, "base", false}, 60}, Config{GameOptions{2, "base", true}, 80},
                          Config{opts(5, "tgs", false, 1, false, false), 8},
                          Config{opts(4, "rvi", false, 1, true, false), 10},
                          Config{opts(2, "rvi", true, 1, true, false), 10},
                          Config{opts(3, "rvi", false, 1, true, true), 6}}) {
    try {
      random_games(db, c.opt, c.games, 20240601 + static_cast<uint64_t>(c.opt.players) * 7 + c.opt.advanced +
                                           (c.opt.expansion == "base" ? 0 : 1000 + c.opt.draft), st);
    } catch (const std::exception& e) {
      check(false, std::string("random games threw: ") + e.what());
    }
  }
  std::cout << st.games << " random games, " << st.terminal << " finished, " << st.points << " checked positions;"
            << " by decision:";
  Game g(db, GameOptions{2, "base", false});
  for (int k = 0; k < static_cast<int>(DecisionKind::kCount); ++k)
    if (st.by_decision[k]) std::cout << " " << g.decision_name(static_cast<DecisionKind>(k)) << "=" << st.by_decision[k];
  std::cout << "\n" << st.determinized << " determinizations: " << st.redealt << " redealt another hand, "
            << st.secrets_redrawn << " redrew a secret choice\n";
  check(st.redealt > st.determinized / 2, "determinize usually deals other hands afresh");
  check(st.secrets_redrawn > 50, "determinize redraws secret choices");
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
