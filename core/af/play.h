// Internal helpers shared by the Alien Frontiers rule files: ships and locations,
// bonuses, payments, tech zones, and the entry points of each rule family.
#pragma once
#include "af/game.h"

namespace gs::af {

inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
inline int lowest_bit32(uint32_t x) { return __builtin_ctz(x); }

// ---------------------------------------------------------------------------
// Ships and locations

// The facility of a location (kNumFacilities for stock, home and unplaced).
inline int facility_of(int loc) {
  static constexpr uint8_t kTable[kNumLocs] = {
      kNumFacilities, kNumFacilities, kBay, kNumFacilities, kSolar, kMine, kHub, kTerraform, kArtifact,
      kConstructor, kConstructor, kConstructor, kMarket, kMarket, kMarket, kShipyard, kShipyard, kShipyard, kRaiders};
  return kTable[loc];
}
inline bool is_docked(int loc) { return loc >= kLocSolar; }  // at a facility other than the Bay
inline bool on_board(int loc) { return loc == kLocBay || loc >= kLocSolar; }
inline int first_loc(int facility) {
  static constexpr uint8_t kFirst[kNumFacilities] = {kLocSolar,  kLocMine,     kLocHub,      kLocConstructor, kLocTerraform,
                                                     kLocMarket, kLocArtifact, kLocShipyard, kLocRaiders,     kLocBay};
  return kFirst[facility];
}
inline bool is_relic(int ship) { return ship == kRelic; }
inline int owner_of(const State& s, int ship) { return ship == kRelic ? s.relic_owner : ship / kShipsPerPlayer; }
inline bool owns(const State& s, int p, int ship) { return owner_of(s, ship) == p; }

inline void refresh_mine_high(State& s) {
  int high = 0;
  for (int ship = 0; ship < kNumShips; ++ship) {
    int v = s.loc[ship] == kLocMine ? s.value[ship] : 0;
    high = v > high ? v : high;
  }
  s.mine_high = static_cast<uint8_t>(high);
}

inline void move_ship(State& s, int ship, int loc) {
  const int from = s.loc[ship];
  --s.occ[from];
  ++s.occ[loc];
  s.loc[ship] = static_cast<uint8_t>(loc);
  if (from == kLocMine || loc == kLocMine) refresh_mine_high(s);
}

// A player's coloured ships that are not in the stock (the Terraforming ship included, AF21/AF24).
inline int ships_in_play(const State& s, int p) {
  int n = 0;
  for (int k = 0; k < kShipsPerPlayer; ++k) n += s.loc[p * kShipsPerPlayer + k] != kLocStock;
  return n;
}
// The lowest of the player's coloured ships in the stock, -1 if none.
inline int stock_ship(const Game& g, const State& s, int p) {
  for (int k = 0; k < g.ships_per_colour(); ++k)
    if (s.loc[p * kShipsPerPlayer + k] == kLocStock) return p * kShipsPerPlayer + k;
  return -1;
}
// Ships of player p at a location (the Relic Ship counts for its holder).
inline int ships_at(const State& s, int p, int loc) {
  const uint8_t* l = s.loc + p * kShipsPerPlayer;
  int n = (l[0] == loc) + (l[1] == loc) + (l[2] == loc) + (l[3] == loc) + (l[4] == loc) + (l[5] == loc);
  return n + (s.relic_owner == p && s.loc[kRelic] == loc);
}
// Iterates over player p's ship ids (coloured ones, then the Relic Ship if p holds it).
template <class F>
void for_each_ship(const State& s, int p, F f) {
  for (int k = 0; k < kShipsPerPlayer; ++k) f(p * kShipsPerPlayer + k);
  if (s.relic_owner == p) f(kRelic);
}

// ---------------------------------------------------------------------------
// Territories, bonuses, resources

inline bool isolated(const State& s, int t) { return s.field[kIsolation] == t; }
inline bool repulsed(const State& s, int t) { return s.field[kRepulsor] == t; }
// Does player p have the bonus b now (control or a Data Crystal loan, not cancelled by the Isolation Field)?
inline bool has_bonus(const Game& g, const State& s, int p, Bonus b) {
  int t = g.territory_of(b);
  if (isolated(s, t)) return false;
  return s.controller[t] == p || (s.borrowed == t && p == s.active);
}
inline int bonus_amount(const Game& g, const State& s, int p, Bonus b) {
  return has_bonus(g, s, p, b) ? g.territory(g.territory_of(b)).amount : 0;
}
inline int colonies_off_planet(const State& s, int p) { return s.supply[p] + (s.hub[p] > 0 ? 1 : 0); }
inline int colonies_on(const State& s, int t) {
  int n = 0;
  for (int p = 0; p < s.players; ++p) n += s.colonies[p][t];
  return n;
}
inline bool can_pay(const State& s, int p, int fuel, int ore) { return s.fuel[p] >= fuel && s.ore[p] >= ore; }
inline void pay(State& s, int p, int fuel, int ore) {
  s.fuel[p] = static_cast<uint8_t>(s.fuel[p] - fuel);
  s.ore[p] = static_cast<uint8_t>(s.ore[p] - ore);
}
inline void gain(State& s, int p, int fuel, int ore) {
  s.fuel[p] = static_cast<uint8_t>(s.fuel[p] + fuel);
  s.ore[p] = static_cast<uint8_t>(s.ore[p] + ore);
}

// ---------------------------------------------------------------------------
// Tech zones

// The instance of `design` player p holds, -1 if none (one copy per name, AF-§7.1).
inline int held(const Game& g, const State& s, int p, int design) {
  uint32_t m = s.tech[p] & g.design_mask(design);
  return m ? lowest_bit32(m) : -1;
}
inline bool holds_design(const Game& g, const State& s, int p, int design) {
  return (s.tech[p] & g.design_mask(design)) != 0;
}
// A random card from the face-down deck (the discard pile is shuffled in when it is empty),
// or the script's next one (script.h); -1 if none.
int draw_tech(const Game& g, State& s);
// The script's next die and tech card (script.cpp); a ScriptError past its end.
int scripted_die(State& s);
int scripted_tech(const Game& g, State& s);
// Refills the display to the data's display size from the deck.
void refill_display(const Game& g, State& s);

// ---------------------------------------------------------------------------
// Rule families (one file each). `p` is always the active player.

// dice.cpp
int roll_die(State& s);
void start_turn_roll(const Game& g, State& s);  // gather, roll, Resource Cache (rules 3.1)

// turn.cpp
void begin_turn(const Game& g, State& s);
void end_turn(const Game& g, State& s);       // the End turn action
void apply_return_resources(const Game& g, State& s, int action);
int legal_return_resources(const Game& g, const State& s, int* out);

// docking.cpp: the dock actions of the Main decision (Bay rule AF20) and their effects.
int legal_docks(const Game& g, const State& s, int* out);
void apply_dock(const Game& g, State& s, int action);
void apply_group(const Game& g, State& s, int action);
int group_size(const Game& g, int kind);
int group_facility(int kind);

// Facility rules: whether a docking is possible now (besides the ships' values) and its effect.
// resource_facilities.cpp
bool solar_open(const Game& g, const State& s);
void solar_dock(const Game& g, State& s, int ship);
bool mine_accepts(const Game& g, const State& s, int value);
int mine_min_value(const Game& g, const State& s);  // 7 when no ship can dock
void mine_dock(const Game& g, State& s, int ship);
bool market_open(const Game& g, const State& s);
void market_dock(const Game& g, State& s, int value);
int market_rate(const Game& g, const State& s);  // 0 when no trade is possible this turn
void apply_trade(const Game& g, State& s);
// colonist_hub.cpp
bool hub_accepts(const Game& g, const State& s);
void hub_dock(const Game& g, State& s, int ship);
void check_asimov(const Game& g, State& s);  // AF14: the bonus advance once the conditions hold
bool can_launch(const Game& g, const State& s);
void apply_launch(const Game& g, State& s);
// colony_facilities.cpp
bool constructor_open(const Game& g, const State& s);
int constructor_ore(const Game& g, const State& s);
void constructor_dock(const Game& g, State& s);
bool terraform_accepts(const Game& g, const State& s, int ship, int value);
void terraform_dock(const Game& g, State& s, int ship);
// artifact.cpp
bool artifact_open(const Game& g, const State& s);
void artifact_dock(const Game& g, State& s);
int legal_artifact(const Game& g, const State& s, int* out);  // cycle and claims
void apply_cycle(const Game& g, State& s);
void apply_claim(const Game& g, State& s, int action);
// shipyard.cpp
int shipyard_cost(const Game& g, const State& s);  // fuel = ore for the next ship, -1 if none can be built
bool shipyard_open(const Game& g, const State& s);
void shipyard_dock(const Game& g, State& s);
// raid.cpp
bool raiders_accept(const Game& g, const State& s, int low_value);
void raiders_dock(const Game& g, State& s);  // after the ships are there: bump done, raid posed
int legal_raid(const Game& g, const State& s, int* out);
void apply_raid(const Game& g, State& s, int action);
// territories.cpp
void update_control(const Game& g, State& s, int t);
void relic_home(State& s);
void check_relic(const Game& g, State& s);
bool can_buy_relic(const Game& g, const State& s);
void apply_buy_relic(const Game& g, State& s);
void pose_landing(State& s, bool from_hub);  // a colony is to be landed: the Land decision
int legal_land(const Game& g, const State& s, int* out);
void apply_land(const Game& g, State& s, int action);
void place_field(const Game& g, State& s, int field, int t);
void remove_field(const Game& g, State& s, int field);
void move_colony(const Game& g, State& s, int p, int from, int to);
// tech.cpp
int legal_tech(const Game& g, const State& s, int* out);  // fuel powers and discard powers in Main
void apply_power(const Game& g, State& s, int action);
void apply_discard(const Game& g, State& s, int action);
int legal_tech_step(const Game& g, const State& s, int* out);  // Reroll, PlasmaMore, colony moves and swaps
void apply_tech_step(const Game& g, State& s, int action);
int tech_power_cost(const Game& g, const State& s, int design, int base);

// engine.cpp: one action applied, forced follow-up decisions not played (Game::step plays them).
void apply_action(const Game& g, State& s, int action);

inline void pose(State& s, DecisionKind k) {
  s.decision = k;
  s.actor = s.active;
}

// Back to the Main decision after a follow-up decision; its scratch is cleared, so that
// equal positions are equal byte for byte.
inline void back_to_main(State& s) {
  pose(s, DecisionKind::Main);
  s.pending = 0;
  s.pending2 = kNone;
  s.marks = 0;
}

// The teleported ship has docked again (or left the board).
inline void clear_teleport(State& s) {
  s.teleported = kNone;
  s.teleport_from = 0;
}

// Appends to a legal list; the engine never poses more than Game::kMaxLegal actions.
inline void push(int* out, int& n, int a) { out[n++] = a; }

}  // namespace gs::af
