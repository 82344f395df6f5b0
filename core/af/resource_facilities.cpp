// The resource facilities: Solar Converter (fuel by value, Lem Badlands), Lunar
// Mine (ore, the rising-value rule AF15, Van Vogt Mountains AF16) and Orbital
// Market (fuel-to-ore trades for the rest of the turn, AF19, Heinlein Plains).
#include "af/play.h"

namespace gs::af {

bool solar_open(const Game& g, const State& s) { return s.occ[kLocSolar] < g.usable_docks(kSolar); }

void solar_dock(const Game& g, State& s, int ship) {
  move_ship(s, ship, kLocSolar);
  int fuel = g.facility(kSolar).fuel_by_value[s.value[ship]] + bonus_amount(g, s, s.active, kBonusSolarFuel);
  gain(s, s.active, fuel, 0);
}

int mine_min_value(const Game& g, const State& s) {
  if (s.occ[kLocMine] >= g.usable_docks(kMine)) return 7;
  if (!(s.flags & kFlagMineDocked) && has_bonus(g, s, s.active, kBonusMineFree)) return 1;  // AF16
  return s.mine_high > 1 ? s.mine_high : 1;  // every ship there counts, the player's own included (AF15)
}

bool mine_accepts(const Game& g, const State& s, int value) { return value >= mine_min_value(g, s); }

void mine_dock(const Game& g, State& s, int ship) {
  move_ship(s, ship, kLocMine);
  s.flags |= kFlagMineDocked;
  gain(s, s.active, 0, g.facility(kMine).ore_per_ship);
}

bool market_open(const Game& g, const State& s) {
  for (int k = 0; k < g.usable_docks(kMarket); ++k)
    if (s.occ[kLocMarket + k] == 0) return true;
  return false;
}

void market_dock(const Game&, State& s, int value) {
  if (s.market_rate == 0 || value < s.market_rate) s.market_rate = static_cast<uint8_t>(value);
}

int market_rate(const Game& g, const State& s) {
  if (s.market_rate == 0) return 0;
  int rate = has_bonus(g, s, s.active, kBonusMarketRate) ? g.territory(g.territory_of(kBonusMarketRate)).amount
                                                         : s.market_rate;
  return s.fuel[s.active] >= rate ? rate : 0;
}

void apply_trade(const Game& g, State& s) {
  int rate = market_rate(g, s);
  pay(s, s.active, rate, 0);
  gain(s, s.active, 0, 1);
}

}  // namespace gs::af
