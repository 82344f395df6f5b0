// The facilities that land a colony at once: the Colony Constructor (a triple
// and ore, Bradbury Plateau) and the Terraforming Station (a 6, fuel and ore,
// the ship used up, the minimum fleet). With no token in hand, the last colony
// may come off the Hub (rules 4.3 "Last colony").
#include "af/play.h"

namespace gs::af {

namespace {

bool colony_available(const State& s) { return colonies_off_planet(s, s.active) > 0; }

}  // namespace

int constructor_ore(const Game& g, const State& s) {
  int ore = g.facility(kConstructor).cost_ore - bonus_amount(g, s, s.active, kBonusConstructorDiscount);
  return ore > 0 ? ore : 0;
}

bool constructor_open(const Game& g, const State& s) {
  if (!colony_available(s) || !can_pay(s, s.active, g.facility(kConstructor).cost_fuel, constructor_ore(g, s)))
    return false;
  for (int k = 0; k < g.usable_docks(kConstructor); ++k)
    if (s.occ[kLocConstructor + k] == 0) return true;
  return false;
}

void constructor_dock(const Game& g, State& s) {
  pay(s, s.active, g.facility(kConstructor).cost_fuel, constructor_ore(g, s));
  pose_landing(s, s.supply[s.active] == 0);
}

bool terraform_accepts(const Game& g, const State& s, int ship, int value) {
  const FacilityDef& f = g.facility(kTerraform);
  if (s.occ[kLocTerraform] >= g.usable_docks(kTerraform)) return false;
  if (f.value && value != f.value) return false;
  // The ship is used up: a coloured one only while the fleet keeps min-fleet others (AF34: not the Relic Ship).
  if (!is_relic(ship) && ships_in_play(s, s.active) - 1 < f.min_fleet) return false;
  return colony_available(s) && can_pay(s, s.active, f.cost_fuel, f.cost_ore);
}

void terraform_dock(const Game& g, State& s, int ship) {
  const FacilityDef& f = g.facility(kTerraform);
  move_ship(s, ship, kLocTerraform);
  pay(s, s.active, f.cost_fuel, f.cost_ore);
  pose_landing(s, s.supply[s.active] == 0);
}

}  // namespace gs::af
