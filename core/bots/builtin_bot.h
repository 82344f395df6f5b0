// A built-in bot for one seat of any game, made from a spec (bots/bot_spec.h):
// "random", "heuristic" (the game's greedy Policy), "ismcts[:options]" (Ismcts
// with that Policy for heuristic rollouts) or "net[:options]" (a trained model,
// bots/net/net_bot.h; the game's net traits, NetTraitsOf<Game>, must be declared
// where the bot is used). Error is the game's rules error type: a bad spec, or a
// model that cannot play the game, throws it with one clear line. runner/seat_bot.h
// (Race for the Galaxy) and runner/af_seat_bot.h (Alien Frontiers) name the instances.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "bots/bot_spec.h"
#include "bots/ismcts.h"
#include "bots/net/net_bot.h"
#include "common/rng.h"

namespace gs::bots {

// The built-in bot names (for error messages and help).
extern const char* const kBuiltinBotNames;

// A spec whose name and options are valid for a built-in bot; throws std::invalid_argument.
BotSpec parse_builtin_bot_spec(const std::string& text);

// parse_builtin_bot_spec with the game's error type.
template <class Error>
BotSpec checked_bot_spec(const std::string& text) {
  try {
    return parse_builtin_bot_spec(text);
  } catch (const std::invalid_argument& e) {
    throw Error(e.what());
  }
}

template <class Game, class Policy, class Error>
class BuiltinBot {
 public:
  using State = std::decay_t<decltype(std::declval<const Game&>().new_initial_state(0))>;
  using Search = Ismcts<Game, Policy>;
  using Net = net::NetBot<net::NetTraitsOf<Game>>;

  explicit BuiltinBot(const BotSpec& spec) : spec_(checked_bot_spec<Error>(spec.text)) {
    if (spec_.name == "random") {
      kind_ = kRandom;
    } else if (spec_.name == "heuristic") {
      kind_ = kHeuristic;
    } else if (spec_.name == "net") {
      kind_ = kNet;
      try {
        net_ = std::make_unique<Net>(net::net_options(spec_));
      } catch (const std::invalid_argument& e) {
        throw Error(e.what());
      }
    } else {
      kind_ = kIsmcts;
      try {
        search_ = std::make_unique<Search>(ismcts_options(spec_));
      } catch (const std::invalid_argument& e) {
        throw Error(e.what());
      }
    }
  }

  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    switch (kind_) {
      case kRandom: return legal[rng.below(static_cast<uint32_t>(n))];
      case kHeuristic: return Policy().act(g, s, legal, n, rng);
      case kNet: return net_act(g, s, legal, n, rng);
      default: return search_->act(g, s, legal, n, rng);
    }
  }
  // Finds and checks what the bot needs to play g (a net bot's model) before any game is played.
  void prepare(const Game& g) {
    if (kind_ == kNet) bind_net(g);
  }
  const BotSpec& spec() const { return spec_; }
  // The statistics of the last ISMCTS decision, or null for other bots.
  const IsmctsStats* ismcts_stats() const { return search_ ? &search_->last_stats() : nullptr; }
  const Search* search() const { return search_.get(); }
  // The net bot, or null for other bots.
  Net* net() { return net_.get(); }
  const Net* net() const { return net_.get(); }
  net::NetPlayer<net::NetTraitsOf<Game>>& bind_net(const Game& g) {
    try {
      return net_->bind(g);
    } catch (const net::ModelError& e) {
      throw Error(e.what());
    }
  }

 private:
  enum Kind { kRandom, kHeuristic, kIsmcts, kNet };
  int net_act(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    try {
      return net_->act(g, s, legal, n, rng);
    } catch (const net::ModelError& e) {
      throw Error(e.what());
    }
  }
  BotSpec spec_;
  Kind kind_;
  std::unique_ptr<Search> search_;
  std::unique_ptr<Net> net_;
};

}  // namespace gs::bots
