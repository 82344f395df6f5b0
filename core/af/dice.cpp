// Dice: rolling from the state's RNG (or its script, script.h), the start-of-turn gather and roll, and the
// Resource Cache check right after it (rules 3.1).
#include "af/play.h"

namespace gs::af {

int roll_die(State& s) {
  if (__builtin_expect(s.script != nullptr, 0)) return scripted_die(s);
  return 1 + static_cast<int>(s.rng.below(6));
}

void start_turn_roll(const Game& g, State& s) {
  const int p = s.active;
  // 3.1.1: a ship on the Terraforming Station is used up instead of gathered.
  for_each_ship(s, p, [&](int ship) {
    if (s.loc[ship] != kLocTerraform) return;
    if (is_relic(ship)) {
      relic_home(s);
      s.flags = static_cast<uint8_t>(s.flags & ~kFlagRelicLocked);  // back at the turn's start: buyable (AF44)
    } else {
      move_ship(s, ship, kLocStock);
      s.value[ship] = 0;
    }
  });
  // 3.1.2-3: gather every other ship from the board and roll it.
  int odd = 0, even = 0;
  for_each_ship(s, p, [&](int ship) {
    if (!on_board(s.loc[ship])) return;
    move_ship(s, ship, kLocUnplaced);
    int v = roll_die(s);
    s.value[ship] = static_cast<uint8_t>(v);
    (v & 1 ? odd : even) += 1;
  });
  // 3.1.4, AF10: Resource Cache, on the initial roll only, every rolled ship counted.
  uint32_t cache = s.tech[p] & g.with_power(Power::Cache);
  if (cache) {
    if (odd > even) {
      gain(s, p, 0, 1);
    } else if (even > odd) {
      gain(s, p, 1, 0);
    } else {
      gain(s, p, 1, 1);
      int c = lowest_bit32(cache);
      s.tech[p] &= ~(1u << c);
      s.discard |= 1u << c;  // its own forced discard: not the turn's one discard power
    }
  }
}

}  // namespace gs::af
