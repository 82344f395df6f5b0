// The class of a Race for the Galaxy action, for the action head of a model (model.h):
// its decision kind and what the action means, with card instances replaced by their
// design, so the copies of a card share a class and a class means the same in every
// position ("pay with Gambling World", "choose Settle", "consume with the 2nd power of
// Galactic Trendsetters"). class = kind * per_kind() + local, local:
//   card of design slot d           d                                     (0 .. D-1)
//   pass                             D
//   action card a                    D + 1 + a                             (9)
//   settle method m                  D + 10 + m                            (6)
//   lucky number n                   D + 16 + n - 1                        (7)
//   windfall class k                 D + 23 + k                            (6)
//   consume power (design d, p)      D + 29 + 4 d + p                      (4 D)
//   takeover (kind t, world slot w)  D + 29 + 4 D + t W + w                (3 W)
// with D designs and W world designs of the game's level in observation order
// (rftg/observation_tensor.h). Encoding "rftg-actions-v1".
#pragma once
#include <vector>

#include "rftg/game.h"

namespace gs::bots::net {

class RftgActionClasses {
 public:
  static constexpr const char* kEncoding = "rftg-actions-v1";

  explicit RftgActionClasses(const rftg::Game& g);

  int space() const { return space_; }
  int per_kind() const { return per_kind_; }
  int of(const rftg::State& s, int action) const;

 private:
  std::vector<int> design_slot_;  // by instance
  std::vector<int> world_slot_;   // by instance, -1 for a development
  int designs_ = 0, worlds_ = 0, per_kind_ = 0, space_ = 0;
};

}  // namespace gs::bots::net
