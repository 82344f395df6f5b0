// The Alien Frontiers observation as a fixed-length vector of small integers, for
// machine learning: the information of Game::observation_json (everything on the
// table; not the RNG, not the order of the face-down deck) laid out in slots. The
// layout depends only on the tech data (the card designs), never on the player
// count or the state: seat blocks are relative to the observer, four of them.
// docs/af-observation-tensor.md describes every slot.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "af/game.h"

namespace gs::af {

class ObservationEncoder {
 public:
  static constexpr int kVersion = 1;
  static constexpr int kSeatBlocks = kMaxPlayers;

  explicit ObservationEncoder(const Game& g);

  int size() const { return size_; }
  int designs() const { return designs_; }
  int seat_offset(int k) const { return seat0_ + k * seat_size_; }
  int seat_size() const { return seat_size_; }

  // Writes size() values for `player`'s view of `s`; throws RulesError for a bad seat.
  void encode(const State& s, int player, int16_t* out) const;
  std::vector<int16_t> encode(const State& s, int player) const;

  // A name for every slot, e.g. "seat1.colonies[Lem Badlands]".
  std::vector<std::string> slot_names() const;

 private:
  const Game* g_;
  int designs_ = 0, size_ = 0, seat0_ = 0, seat_size_ = 0;
};

}  // namespace gs::af
