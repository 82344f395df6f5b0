// The observation as a fixed-length vector of small integers, for machine learning:
// exactly the information of Game::observation_json (what one seat may know), laid
// out in slots. The layout depends only on the expansion level (the card designs in
// play and the most seats the level allows), never on the player count or the state,
// so every decision of a game kind has a vector of the same length.
// docs/observation-tensor.md describes every slot.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rftg/game.h"

namespace gs::rftg {

class ObservationEncoder {
 public:
  static constexpr int kVersion = 1;

  explicit ObservationEncoder(const Game& g);

  int size() const { return size_; }
  int seat_slots() const { return seats_; }
  int design_slots() const { return static_cast<int>(designs_.size()); }
  int world_slots() const { return static_cast<int>(worlds_.size()); }
  // Design id of each design slot / world slot, in slot order.
  const std::vector<int>& designs() const { return designs_; }
  const std::vector<int>& worlds() const { return worlds_; }

  // Writes size() values for `player`'s view of `s`; throws RulesError for a bad seat.
  void encode(const State& s, int player, int16_t* out) const;
  std::vector<int16_t> encode(const State& s, int player) const;

  // A name for every slot, e.g. "seat1.tableau[Old Earth]" (docs/observation-tensor.md).
  std::vector<std::string> slot_names() const;

  // Offsets of the blocks (see the docs).
  int global_size() const { return kGlobal; }
  int own_offset() const { return kGlobal; }
  int seat_offset(int k) const { return seat0_ + k * seat_size_; }
  int seat_size() const { return seat_size_; }
  int scratch_offset() const { return scratch0_; }

  // Fixed parts of the layout.
  static constexpr int kGlobal = 9 + kNumStages + static_cast<int>(DecisionKind::kCount);
  static constexpr int kSeatFixed = 9 + kNumActionCards + 2;
  static constexpr int kScratch = 6 + 4 + 32 + 5 + 5;

 private:
  const Game* g_;
  int seats_ = 0, size_ = 0, seat_size_ = 0, seat0_ = 0, scratch0_ = 0;
  std::vector<int> designs_, worlds_;
  std::vector<int16_t> design_slot_;  // per instance: its design's slot
  std::vector<int16_t> world_slot_;   // per instance: its design's world slot, -1 for a development
};

// The most players a level allows (base 4, The Gathering Storm 5, Rebel vs Imperium 6).
int max_players(Level level);

}  // namespace gs::rftg
