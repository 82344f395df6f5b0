// The Shipyard (rules 4.8): a pair builds the player's next ship into the
// Maintenance Bay; the cost depends on the ship's number (AF21), less with
// Herbert Valley.
#include "af/play.h"

namespace gs::af {

int shipyard_cost(const Game& g, const State& s) {
  const int p = s.active;
  if (stock_ship(g, s, p) < 0) return -1;
  int number = ships_in_play(s, p) + 1;
  if (number < 4) number = 4;
  int cost = g.facility(kShipyard).ship_cost[number] - bonus_amount(g, s, p, kBonusShipyardDiscount);
  return cost > 0 ? cost : 0;
}

bool shipyard_open(const Game& g, const State& s) {
  int cost = shipyard_cost(g, s);
  if (cost < 0 || !can_pay(s, s.active, cost, cost)) return false;
  for (int k = 0; k < g.usable_docks(kShipyard); ++k)
    if (s.occ[kLocShipyard + k] == 0) return true;
  return false;
}

void shipyard_dock(const Game& g, State& s) {
  int cost = shipyard_cost(g, s);
  pay(s, s.active, cost, cost);
  int ship = stock_ship(g, s, s.active);
  if (ship < 0) return;  // (shipyard_open made sure there is one)
  move_ship(s, ship, kLocBay);
  s.value[ship] = 0;
}

}  // namespace gs::af
