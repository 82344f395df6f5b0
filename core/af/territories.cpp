// Territories (rules 5): control (strictly most colonies, recomputed after every
// change), landing a colony and the immediate game end (3.4, AF11), colony moves,
// the field generators (6, AF29-AF31) and the Relic Ship of Burroughs Desert
// (5.3, AF34, AF35, AF44).
#include "af/play.h"

namespace gs::af {

void update_control(const Game& g, State& s, int t) {
  int best = -1, most = 0;
  bool tie = false;
  for (int p = 0; p < s.players; ++p) {
    int c = s.colonies[p][t];
    if (c > most) {
      most = c;
      best = p;
      tie = false;
    } else if (c == most && c > 0) {
      tie = true;
    }
  }
  int8_t now = static_cast<int8_t>(tie ? -1 : best);
  if (now == s.controller[t]) return;
  s.controller[t] = now;
  check_relic(g, s);
}

// The Relic Ship goes home at once, from wherever it is (AF35).
void relic_home(State& s) {
  if (s.teleported == kRelic) clear_teleport(s);
  s.spent &= ~(1u << kRelic);
  move_ship(s, kRelic, kLocBurroughs);
  s.value[kRelic] = 0;
  s.relic_owner = -1;
  s.flags |= kFlagRelicLocked;
}

// The holder must keep controlling Burroughs Desert, and its bonus must not be isolated.
void check_relic(const Game& g, State& s) {
  if (s.relic_owner < 0) return;
  int t = g.territory_of(kBonusRelicShip);
  if (s.controller[t] != s.relic_owner || isolated(s, t)) relic_home(s);
}

bool can_buy_relic(const Game& g, const State& s) {
  const int p = s.active;
  const TerritoryDef& t = g.territory(g.territory_of(kBonusRelicShip));
  return s.loc[kRelic] == kLocBurroughs && !(s.flags & kFlagRelicLocked) && has_bonus(g, s, p, kBonusRelicShip) &&
         can_pay(s, p, t.cost_fuel, t.cost_ore);
}

void apply_buy_relic(const Game& g, State& s) {
  const TerritoryDef& t = g.territory(g.territory_of(kBonusRelicShip));
  pay(s, s.active, t.cost_fuel, t.cost_ore);
  s.relic_owner = s.active;
  move_ship(s, kRelic, kLocBay);
  s.value[kRelic] = 0;
  s.flags |= kFlagRelicLocked;
}

void pose_landing(State& s, bool from_hub) {
  pose(s, DecisionKind::Land);
  s.pending = from_hub ? 1 : 0;
}

int legal_land(const Game&, const State& s, int* out) {
  int n = 0;
  for (int t = 0; t < kNumTerritories; ++t)
    if (!repulsed(s, t)) push(out, n, act::kTerritoryBase + t);  // AF31
  return n;
}

void apply_land(const Game& g, State& s, int action) {
  const int p = s.active, t = action - act::kTerritoryBase;
  const bool from_hub = s.pending == 1;
  if (from_hub) s.hub[p] = 0;
  else --s.supply[p];
  ++s.colonies[p][t];
  update_control(g, s, t);
  back_to_main(s);
  if (colonies_off_planet(s, p) == 0) {  // the last colony: the game ends at once (3.4, AF11)
    s.end = kEndLastColony;
    return;
  }
  // AF13: advances beyond the launch circle start the next colony when it is launched this turn.
  if (from_hub && s.overflow > 0 && s.supply[p] > 0) {
    --s.supply[p];
    int pos = s.overflow < g.facility(kHub).advances ? s.overflow : g.facility(kHub).advances;
    s.hub[p] = static_cast<uint8_t>(pos);
    s.overflow = 0;
  }
}

void place_field(const Game& g, State& s, int field, int t) {
  s.field[field] = static_cast<int8_t>(t);
  check_relic(g, s);  // the Isolation Field on Burroughs Desert sends the Relic Ship home
}

void remove_field(const Game&, State& s, int field) { s.field[field] = -1; }

void move_colony(const Game& g, State& s, int p, int from, int to) {
  --s.colonies[p][from];
  ++s.colonies[p][to];
  update_control(g, s, from);
  update_control(g, s, to);
}

}  // namespace gs::af
