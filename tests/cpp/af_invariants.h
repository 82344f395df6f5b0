// Invariants of an Alien Frontiers game state, shared by the sanitized random test
// (test_af_random.cpp) and the optimised property driver (af_property_main.cpp,
// run by tests/test_af_properties.py).
//
//   std::string why = check_invariants(game, state);   // "" when all hold
//
// Checked (the first violation found is described):
//  * ships: occupancy counts match the ship locations; every colour has its ship ids,
//    those beyond ships-per-colour stay in the stock (so <= 6 ships per colour, plus
//    the Relic Ship); a value 1..6 exactly for rolled and docked ships; unplaced ships
//    only for the active player; dock counts per facility and player count (blocked
//    docks never used), Hub tracks <= their docks, dock groups of one owner and
//    shape; the Relic Ship at home exactly when it has no owner, its owner controls
//    Burroughs Desert and is not isolated; teleported and spent ships well-formed;
//  * colonies: on the planet + on the Hub + in hand = colonies per player (the
//    conservation law), Hub circle <= the launch circle; control = strictly most
//    colonies;
//  * resources: every player other than the active one holds <= the resource limit
//    (it was checked at the end of their turn; raids only take); nothing wrapped
//    around below zero;
//  * tech: deck, discard, display and the players' cards partition the instances;
//    one copy per name per player; display <= its size;
//  * end: the game is over exactly when a player has no colony off the planet (or at
//    the turn cap, reported separately); decision none and actor -1 then, else the
//    actor is the active player;
//  * legal actions: non-empty while running, strictly increasing, each described by
//    a unique text.
//
//   why = check_transition(game, before, after);  // across one applied action:
//  colonies on the planet never decrease, the turn number never goes back, a turn
//  change applies the resource limit to the player whose turn ended.
#pragma once
#include <set>
#include <sstream>
#include <string>

#include "af/game.h"

namespace gs::af::testing {

// The data folder of the test drivers' first argument: a folder, or a file in it (the C++ test
// driver passes core/data/rftg_cards.txt to every test).
inline std::string data_dir_of(const std::string& path) {
  if (path.size() <= 4 || path.compare(path.size() - 4, 4, ".txt") != 0) return path;
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

inline std::string where(const Game& g, const State& s) {
  std::ostringstream o;
  o << "turn " << s.turn << ", active " << int(s.active) << ", decision " << g.decision_name(s.decision);
  return o.str();
}

inline int owner(const State& s, int ship) { return ship == kRelic ? s.relic_owner : ship / kShipsPerPlayer; }

inline int loc_facility(int loc) {
  if (loc == kLocBay) return kBay;
  if (loc < kLocSolar) return -1;
  if (loc < kLocConstructor) return loc == kLocSolar ? kSolar : loc == kLocMine ? kMine : loc == kLocHub ? kHub
                                   : loc == kLocTerraform ? kTerraform : kArtifact;
  if (loc < kLocMarket) return kConstructor;
  if (loc < kLocShipyard) return kMarket;
  if (loc < kLocRaiders) return kShipyard;
  return kRaiders;
}

// `describe_texts`: also check that the legal actions' texts are unique and well-formed
// (the costly part; the property driver does it on a sample of positions).
inline std::string check_invariants(const Game& g, const State& s, bool describe_texts = true) {
  auto fail = [&](const std::string& what) { return what + " [" + where(g, s) + "]"; };
  const int P = s.players;
  if (P != g.players()) return fail("players differ from the game's");
  if (s.active < 0 || s.active >= P) return fail("active seat out of range");
  const bool over = s.end != kRunning;

  // --- Ships.
  int occ[kNumLocs] = {};
  for (int ship = 0; ship < kNumShips; ++ship) {
    int loc = s.loc[ship];
    if (loc >= kNumLocs) return fail("ship " + std::to_string(ship) + " at a bad location");
    ++occ[loc];
    bool rolled = loc == kLocUnplaced || loc >= kLocSolar;
    if (rolled != (s.value[ship] >= 1 && s.value[ship] <= 6) || (!rolled && s.value[ship] != 0))
      return fail("ship " + std::to_string(ship) + " has value " + std::to_string(s.value[ship]) + " at location " +
                  std::to_string(loc));
    if (ship == kRelic) {
      if ((loc == kLocBurroughs) != (s.relic_owner < 0)) return fail("Relic Ship home/owner mismatch");
      if (loc == kLocStock) return fail("Relic Ship in a stock");
      continue;
    }
    if (loc == kLocBurroughs) return fail("coloured ship on Burroughs Desert");
    int p = ship / kShipsPerPlayer, k = ship % kShipsPerPlayer;
    if ((p >= P || k >= g.ships_per_colour()) && loc != kLocStock) return fail("unused ship id " + std::to_string(ship) + " in play");
    if (loc == kLocUnplaced && p != s.active && !over) return fail("unplaced ship of a player not on turn");
  }
  if (s.relic_owner >= P) return fail("Relic Ship owner out of range");
  int mine_high = 0;
  for (int ship = 0; ship < kNumShips; ++ship)
    if (s.loc[ship] == kLocMine) mine_high = std::max<int>(mine_high, s.value[ship]);
  if (mine_high != s.mine_high) return fail("mine_high out of step with the Lunar Mine");
  if (s.loc[kRelic] == kLocUnplaced && s.relic_owner != s.active && !over) return fail("unplaced Relic Ship not the active player's");
  for (int loc = 0; loc < kNumLocs; ++loc)
    if (occ[loc] != s.occ[loc]) return fail("occupancy of location " + std::to_string(loc) + " is " +
                                            std::to_string(s.occ[loc]) + ", ships there " + std::to_string(occ[loc]));
  for (int f : {kSolar, kMine, kTerraform, kArtifact})
    if (occ[f == kSolar ? kLocSolar : f == kMine ? kLocMine : f == kTerraform ? kLocTerraform : kLocArtifact] >
        g.usable_docks(f))
      return fail("more ships than usable docks at facility " + std::to_string(f));
  for (int p = 0; p < P; ++p) {
    int hub = 0;
    for (int ship = 0; ship < kNumShips; ++ship) hub += s.loc[ship] == kLocHub && owner(s, ship) == p;
    if (hub > g.facility(kHub).group) return fail("Hub track over its docks");
  }
  const std::pair<int, int> groups[] = {{kConstructor, kLocConstructor}, {kMarket, kLocMarket},
                                        {kShipyard, kLocShipyard}, {kRaiders, kLocRaiders}};
  for (const auto& [f, first] : groups) {
    int count = f == kRaiders ? 1 : kMaxGroups;
    for (int k = 0; k < count; ++k) {
      int loc = first + k;
      if (k >= g.usable_docks(f) && occ[loc]) return fail("ships on a blocked or missing dock group of facility " + std::to_string(f));
      if (occ[loc] > g.facility(f).group) return fail("dock group over its size");
      int o = -2, low = 7, high = 0;
      for (int ship = 0; ship < kNumShips; ++ship) {
        if (s.loc[ship] != loc) continue;
        if (o != -2 && owner(s, ship) != o) return fail("dock group shared by two players");
        o = owner(s, ship);
        low = std::min<int>(low, s.value[ship]);
        high = std::max<int>(high, s.value[ship]);
      }
      if (occ[loc] && g.facility(f).shape == Shape::Same && low != high) return fail("unequal values in a dock group");
      if (occ[loc] && g.facility(f).shape == Shape::Straight && high - low >= g.facility(f).group)
        return fail("values of the Raiders' Outpost are no straight");
    }
  }
  if (s.teleported != kNone && (s.teleported >= kNumShips || s.loc[s.teleported] != kLocUnplaced ||
                                owner(s, s.teleported) != s.active))
    return fail("bad teleported ship");
  for (int ship = 0; ship < kNumShips; ++ship)
    if (((s.spent >> ship) & 1) && (s.loc[ship] != kLocArtifact || owner(s, ship) != s.active))
      return fail("spent ship not at the Artifact");

  // --- Colonies and control.
  for (int p = 0; p < P; ++p) {
    int planet = 0;
    for (int t = 0; t < kNumTerritories; ++t) planet += s.colonies[p][t];
    if (planet + s.supply[p] + (s.hub[p] > 0 ? 1 : 0) != g.colonies_per_player())
      return fail("colonies of seat " + std::to_string(p) + " not conserved");
    if (s.hub[p] > g.facility(kHub).advances) return fail("Hub colony beyond the launch circle");
  }
  for (int t = 0; t < kNumTerritories; ++t) {
    int best = -1, most = 0;
    bool tie = false;
    for (int p = 0; p < P; ++p) {
      if (s.colonies[p][t] > most) { most = s.colonies[p][t]; best = p; tie = false; }
      else if (s.colonies[p][t] == most && most > 0) tie = true;
    }
    if ((tie ? -1 : best) != s.controller[t]) return fail("controller of territory " + std::to_string(t) + " wrong");
  }
  for (int f = 0; f < kNumFields; ++f)
    if (s.field[f] < -1 || s.field[f] >= kNumTerritories) return fail("field generator off the map");
  int burroughs = g.territory_of(kBonusRelicShip);
  if (s.relic_owner >= 0 && (s.controller[burroughs] != s.relic_owner || s.field[kIsolation] == burroughs))
    return fail("Relic Ship held without controlling Burroughs Desert");

  // --- Resources.
  for (int p = 0; p < P; ++p) {
    if (s.ore[p] > 150 || s.fuel[p] > 150) return fail("resources wrapped around");
    if (p != s.active && !over && s.turn > 0 && s.ore[p] + s.fuel[p] > g.data().setup.resource_limit)
      return fail("seat " + std::to_string(p) + " above the resource limit outside its turn");
  }

  // --- Tech.
  uint32_t seen = s.deck;
  auto add = [&](uint32_t z) {
    bool overlap = (seen & z) != 0;
    seen |= z;
    return overlap;
  };
  if (add(s.discard) || add(s.display)) return fail("tech zones overlap");
  for (int p = 0; p < P; ++p) {
    if (add(s.tech[p])) return fail("tech zones overlap");
    for (int d = 0; d < g.num_designs(); ++d)
      if (__builtin_popcount(s.tech[p] & g.design_mask(d)) > 1) return fail("two copies of one tech name");
  }
  for (int p = P; p < kMaxPlayers; ++p)
    if (s.tech[p]) return fail("tech cards at an unused seat");
  if (seen != g.all_instances()) return fail("tech instances lost or invented");
  if (__builtin_popcount(s.display) > g.data().setup.display) return fail("display too large");
  if ((s.powered & ~s.tech[s.active]) && !over) return fail("powered card not held");

  // --- End and decision.
  bool someone_done = false;
  for (int p = 0; p < P; ++p) someone_done |= s.supply[p] + (s.hub[p] > 0 ? 1 : 0) == 0;
  if (s.end == kEndLastColony && !someone_done) return fail("game over without a last colony");
  if (s.end == kRunning && someone_done) return fail("a player landed the last colony but the game goes on");
  if (over) {
    if (s.decision != DecisionKind::None || s.actor != -1) return fail("finished game still poses a decision");
    return "";
  }
  if (s.actor != s.active) return fail("actor is not the active player");
  int legal[Game::kMaxLegal];
  const int n = g.legal_actions(s, legal);
  if (n == 0) return fail("no legal action");
  for (int k = 1; k < n; ++k)
    if (legal[k] <= legal[k - 1]) return fail("legal actions not strictly increasing");
  if (legal[0] < 0 || legal[n - 1] >= g.num_distinct_actions())
    return fail("legal action outside 0.." + std::to_string(g.num_distinct_actions() - 1));
  if (!describe_texts) return "";
  std::set<std::string> texts;
  for (int k = 0; k < n; ++k) {
    std::string t = g.describe(s, legal[k]);
    if (t.find('?') != std::string::npos) return fail("action " + std::to_string(legal[k]) + " described as '" + t + "'");
    if (!texts.insert(t).second) return fail("two legal actions described as '" + t + "'");
  }
  return "";
}

inline std::string check_transition(const Game& g, const State& before, const State& after) {
  auto fail = [&](const std::string& what) { return what + " [" + where(g, after) + "]"; };
  for (int p = 0; p < before.players; ++p) {
    int b = 0, a = 0;
    for (int t = 0; t < kNumTerritories; ++t) {
      b += before.colonies[p][t];
      a += after.colonies[p][t];
    }
    if (a < b) return fail("colonies left the planet");
  }
  if (after.turn < before.turn) return fail("turn number went back");
  // (Forced turns, e.g. every ship can only go to the Bay, are played in place: a step may span turns.)
  if (after.turn > before.turn && after.end == kRunning && after.active != before.active) {
    int p = before.active;
    if (after.ore[p] + after.fuel[p] > g.data().setup.resource_limit)
      return fail("turn ended above the resource limit");
  }
  return "";
}

}  // namespace gs::af::testing
