// The narrow engine's entry points (rftg/narrow.h): a narrow Game, and the copy of a
// full-width State into a narrow one and back around its random play.
#include "rftg/narrow/unit.h"  // first: it sets the width

#include <cstring>

#include "rftg/game.h"
#undef rftg

namespace gs::narrow {

struct Engine {
  rftg_narrow::Game game;
};

namespace {

using Narrow = rftg_narrow::State;
using FullSet = CardSetOf<3>;
using NarrowSet = CardSetOf<2>;
constexpr size_t kZones = offsetof(Narrow, rng) / sizeof(NarrowSet);
constexpr size_t kTail = sizeof(Narrow) - offsetof(Narrow, rng);  // the same in both States
static_assert(kZones * sizeof(NarrowSet) == offsetof(Narrow, rng), "a State begins with its CardSets");

}  // namespace

std::shared_ptr<const Engine> make_engine(const rftg::CardDb& db, const rftg::GameOptions& options,
                                          StateLayout full) {
  if (full.zones_end != kZones * sizeof(FullSet) || full.size != full.zones_end + kTail)
    throw std::logic_error("galaxysim internal error: the narrow engine's State does not match the full one");
  return std::make_shared<const Engine>(Engine{rftg_narrow::Game(db, options)});
}

bool play_random(const Engine& engine, void* state, Rng* const* seat_rng, int64_t* decisions) {
  auto* full = static_cast<unsigned char*>(state);
  FullSet zones[kZones];
  std::memcpy(zones, full, sizeof zones);
  NarrowSet narrow_zones[kZones];
  uint64_t high = 0;
  for (size_t z = 0; z < kZones; ++z) {
    narrow_zones[z].w[0] = zones[z].w[0];
    narrow_zones[z].w[1] = zones[z].w[1];
    high |= zones[z].w[2];
  }
  if (high != 0) return false;
  Narrow s;
  std::memcpy(static_cast<void*>(&s), narrow_zones, sizeof narrow_zones);
  std::memcpy(reinterpret_cast<unsigned char*>(&s) + offsetof(Narrow, rng), full + sizeof zones, kTail);

  *decisions = engine.game.play_random(s, seat_rng);

  std::memcpy(narrow_zones, static_cast<const void*>(&s), sizeof narrow_zones);
  for (size_t z = 0; z < kZones; ++z) {
    zones[z].w[0] = narrow_zones[z].w[0];
    zones[z].w[1] = narrow_zones[z].w[1];
    zones[z].w[2] = 0;
  }
  std::memcpy(full, zones, sizeof zones);
  std::memcpy(full + sizeof zones, reinterpret_cast<const unsigned char*>(&s) + offsetof(Narrow, rng), kTail);
  return true;
}

}  // namespace gs::narrow
