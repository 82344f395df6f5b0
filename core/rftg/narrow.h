// The narrow engine: the same RftG engine built a second time with two-word CardSets
// (128 card instances, enough for the base game). Its sets take two words instead of
// three and its State 384 bytes instead of 512, and random play is some 15% faster.
// Game::play_random hands a game to it when the game's cards fit (Game::narrow_engine);
// it plays the same game, decision by decision, as the full-width engine would.
//
// Each source in core/rftg/narrow/ compiles one engine source again with GS_CARD_WORDS=2
// and the namespace gs::rftg renamed gs::rftg_narrow (narrow/unit.h), so that no type or
// function of the two builds meets the other's; narrow/bridge.cpp defines the functions below. What does not depend on the width (cards.h, options.h)
// is shared: both builds use the same CardDb and GameOptions.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/rng.h"
#include "rftg/cards.h"
#include "rftg/options.h"

namespace gs::narrow {

constexpr int kMaxInstances = 128;

struct Engine;  // a narrow Game (narrow/bridge.cpp)

// Where a full-width State keeps its card sets: the first zones_end bytes are its CardSets,
// the rest (size - zones_end bytes) is laid out as in the narrow State.
struct StateLayout {
  size_t size, zones_end;
};

// The narrow game with these cards and options (at most kMaxInstances instances); `full`
// is checked against the narrow State (a mismatch is an internal error).
std::shared_ptr<const Engine> make_engine(const rftg::CardDb& db, const rftg::GameOptions& options,
                                          StateLayout full);

// Plays the full-width State at `state` to the end with random bots, as Game::play_random,
// and writes the decisions made to *decisions. False, with the state untouched, when the
// state holds a card the narrow sets cannot (then the full-width engine plays it).
bool play_random(const Engine& engine, void* state, Rng* const* seat_rng, int64_t* decisions);

}  // namespace gs::narrow
