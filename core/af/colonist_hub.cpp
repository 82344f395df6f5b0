// The Colonist Hub (rules 4.3): one track per player, each ship docked advances
// the colony one circle (the first places it on circle 1, AF12), a colony on the
// launch circle must be launched before more ships dock (AF13), launching costs
// fuel and ore and lands the colony; the Asimov Crater's extra advance (AF14).
#include "af/play.h"

namespace gs::af {

namespace {

int launch_circle(const Game& g) { return g.facility(kHub).advances; }

void advance_colony(const Game& g, State& s, int p, int steps) {
  int pos = s.hub[p] + steps;
  if (pos > launch_circle(g)) {
    s.overflow = static_cast<uint8_t>(s.overflow + pos - launch_circle(g));
    pos = launch_circle(g);
  }
  s.hub[p] = static_cast<uint8_t>(pos);
}

}  // namespace

bool hub_accepts(const Game& g, const State& s) {
  const int p = s.active;
  if (ships_at(s, p, kLocHub) >= g.facility(kHub).group) return false;  // the track's docks
  if (s.hub[p] == 0) return s.supply[p] > 0;                             // AF42: a token is needed to start
  return s.hub[p] < launch_circle(g);                                     // AF13
}

void hub_dock(const Game& g, State& s, int ship) {
  const int p = s.active;
  move_ship(s, ship, kLocHub);
  if (s.hub[p] == 0) {
    --s.supply[p];
    s.hub[p] = 1;
  } else {
    advance_colony(g, s, p, 1);
  }
  ++s.hub_docked;
  check_asimov(g, s);
}

// AF14: once per turn, as soon as 2+ ships were docked on the Hub this turn, the player
// has the bonus, and a colony is on the track to advance.
void check_asimov(const Game& g, State& s) {
  const int p = s.active;
  if ((s.flags & kFlagAsimovUsed) || s.hub_docked < 2 || s.hub[p] == 0) return;
  if (!has_bonus(g, s, p, kBonusHubAdvance)) return;
  s.flags |= kFlagAsimovUsed;
  advance_colony(g, s, p, g.territory(g.territory_of(kBonusHubAdvance)).amount);
}

bool can_launch(const Game& g, const State& s) {
  const int p = s.active;
  const FacilityDef& hub = g.facility(kHub);
  return s.hub[p] >= launch_circle(g) && can_pay(s, p, hub.launch_fuel, hub.launch_ore);
}

void apply_launch(const Game& g, State& s) {
  const FacilityDef& hub = g.facility(kHub);
  pay(s, s.active, hub.launch_fuel, hub.launch_ore);
  pose_landing(s, true);
}

}  // namespace gs::af
