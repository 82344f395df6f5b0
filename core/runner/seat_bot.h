// A Race for the Galaxy bot for one seat, made from a spec (bots/bot_spec.h):
// "random", "heuristic" or "ismcts[:options]". Used by the batch runner (one per
// seat per worker thread, reused across games) and by the Python bindings.
#pragma once
#include <memory>
#include <string>

#include "bots/bot_spec.h"
#include "bots/rftg_ismcts.h"
#include "common/rng.h"
#include "rftg/game.h"

namespace gs::runner {

using bots::BotSpec;

// The built-in bot names (for error messages and help).
extern const char* const kBuiltinBots;

// A spec whose name and options are valid for a built-in bot; throws rftg::RulesError.
BotSpec parse_bot_spec(const std::string& spec);

class SeatBot {
 public:
  explicit SeatBot(const BotSpec& spec);  // throws rftg::RulesError

  int act(const rftg::Game& g, const rftg::State& s, const int* legal, int n, Rng& rng) {
    switch (kind_) {
      case kRandom: return legal[rng.below(static_cast<uint32_t>(n))];
      case kHeuristic: return rftg::heuristic_action(g, s, legal, n, rng);
      default: return search_->act(g, s, legal, n, rng);
    }
  }
  const BotSpec& spec() const { return spec_; }
  // The statistics of the last ISMCTS decision, or null for other bots.
  const bots::IsmctsStats* ismcts_stats() const { return search_ ? &search_->last_stats() : nullptr; }
  const bots::RftgIsmcts* search() const { return search_.get(); }

 private:
  enum Kind { kRandom, kHeuristic, kIsmcts };
  BotSpec spec_;
  Kind kind_;
  std::unique_ptr<bots::RftgIsmcts> search_;
};

}  // namespace gs::runner
