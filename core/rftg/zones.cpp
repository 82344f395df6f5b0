// Moving card instances between zones: draws, discards, goods, VP chips.
// (The small ones are inline in play.h.)
#include <stdexcept>

#include "rftg/play.h"

namespace gs::rftg {

bool place_good(State& s, int seat, int world) {
  int c = draw_one_for(s, seat, world);
  if (c < 0) return false;  // the card drawn is now in no zone: a good
  s.has_good.set(world);
  return true;
}

void no_legal_action(const Game& g, const State& s) {
  throw std::logic_error("galaxysim internal error: decision " + g.decision_name(s.decision) + " has no legal action");
}

}  // namespace gs::rftg
