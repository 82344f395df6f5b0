// The turn cycle: per-turn state reset and the roll (3.1), the End turn action
// with the resource limit (3.3, AF5), and the next player.
#include "af/play.h"

namespace gs::af {

namespace {

void next_turn(const Game& g, State& s) {
  s.active = static_cast<int8_t>((s.active + 1) % s.players);
  begin_turn(g, s);
}

}  // namespace

void begin_turn(const Game& g, State& s) {
  s.turn = static_cast<int16_t>(s.turn + 1);
  if (s.turn > g.data().setup.turn_cap) {  // safety cap, never reached in play
    s.end = kEndTurnCap;
    s.decision = DecisionKind::None;
    s.actor = -1;
    return;
  }
  s.powered = 0;
  s.spent = 0;
  s.marks = 0;
  s.cycles = 0;
  s.market_rate = 0;
  s.hub_docked = 0;
  s.overflow = 0;
  s.flags = 0;
  s.borrowed = -1;
  s.teleported = kNone;
  s.teleport_from = 0;
  s.last_dock = 0;
  s.pending = 0;
  s.pending2 = kNone;
  start_turn_roll(g, s);
  pose(s, DecisionKind::Main);
}

void end_turn(const Game& g, State& s) {
  const int p = s.active;
  s.overflow = 0;  // AF13: unused Hub overflow is lost
  if (s.ore[p] + s.fuel[p] > g.data().setup.resource_limit) {
    pose(s, DecisionKind::ReturnResources);
    return;
  }
  next_turn(g, s);
}

// The choice is how many ore to return; the rest of the excess is fuel (AF5: the player chooses).
int legal_return_resources(const Game& g, const State& s, int* out) {
  const int p = s.active;
  int excess = s.ore[p] + s.fuel[p] - g.data().setup.resource_limit;
  int lo = excess - s.fuel[p] > 0 ? excess - s.fuel[p] : 0;
  int hi = excess < s.ore[p] ? excess : s.ore[p];
  int n = 0;
  for (int r = lo; r <= hi; ++r) push(out, n, act::kReturnBase + r);
  return n;
}

void apply_return_resources(const Game& g, State& s, int action) {
  const int p = s.active;
  int excess = s.ore[p] + s.fuel[p] - g.data().setup.resource_limit;
  int ore = action - act::kReturnBase;
  pay(s, p, excess - ore, ore);
  next_turn(g, s);
}

}  // namespace gs::af
