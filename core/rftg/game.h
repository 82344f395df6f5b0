// A Race for the Galaxy game definition (player count, level, variant, card
// instances with their precomputed power summaries) and the engine interface.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cardset.h"
#include "rftg/cards.h"
#include "rftg/state.h"

namespace gs::rftg {

// Thrown by apply() for an action that is not legal, and by constructors for bad options.
struct RulesError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr int kMaxConsumePowers = 3;

// Lanes of CardInfo::settle_lanes.
enum SettleLane : uint8_t {
  kLaneReduce = 0, kLaneReduceKind = 1,  // 1..4: Novelty..Alien
  kLaneMilitary = 5, kLaneMilitaryKind = 6,  // 6..9
  kLaneMilitaryRebel = 10, kLaneTemporary = 11, kLaneContactDiscount = 12, kLaneContact = 13,
  kLaneColonyShip = 14
};  // consume (phase IV, non-trade) powers on one card

struct ConsumePower {
  uint32_t code;
  int8_t value;
  int8_t times;
  int8_t index;  // power index on its card (slot = instance * 4 + index)
};

// Everything the engine needs to know about one card instance, flattened.
struct CardInfo {
  int16_t design;
  CardType type;
  int8_t cost;
  int8_t vp;
  Good good;
  uint32_t flags;
  bool world() const { return type == CardType::World; }
  bool military() const { return (flags & kFlagMilitary) != 0; }
  bool windfall() const { return (flags & kFlagWindfall) != 0; }
  // Phase I
  int8_t explore_draw, explore_keep;
  // Phase II
  int8_t develop_draw, develop_reduce, develop_draw_after;
  // Phase III
  int8_t military_power;       // unconditional Military (may be negative)
  int8_t military_vs_kind[5];  // Military vs military worlds of a good kind
  int8_t military_vs_rebel;
  int8_t settle_reduce;        // any world paid with cards
  int8_t settle_reduce_kind[5];
  int8_t settle_draw_after;
  int8_t discard_military;     // New Military Tactics: +value when discarded
  int8_t pay_military;         // Contact Specialist: discount (valid if has_pay_military)
  bool has_pay_military;
  bool colony_ship;
  // The Settle fields above packed for a vector sum (see settle.cpp, SettleLane).
  alignas(16) int8_t settle_lanes[16];
  // Trade ($)
  int8_t trade_any, trade_kind[5], trade_this;
  // Phase IV consume powers (not trade powers), in card order
  int8_t n_consume;
  ConsumePower consume[kMaxConsumePowers];
  // Phase V
  bool produce;
  int8_t produce_draw_if, produce_draw;
  uint8_t windfall_power;  // 0 none, else 1 + class (class 0 any, 1..4 kind)
  int8_t draw_each_novelty, draw_each_alien, draw_different, draw_most_rare, draw_world_genes;
  // Scoring classification
  bool has_explore_power, has_trade_power, has_consume_power;
};

// Cards grouped by the phase their powers work in, so a phase only visits the
// tableau cards that can matter to it.
// kGroupConsumeFree: consume powers that need no good (draw, lucky draw, discard from hand).
enum PowerGroup : uint8_t {
  kGroupExplore, kGroupDevelop, kGroupSettle, kGroupTrade, kGroupConsume, kGroupConsumeFree, kGroupProduce, kNumGroups
};

// Per-card numbers the engine sums over a tableau (or a set of worlds), kept as
// CardSum bit planes in the Game (Game::sum).
enum SumField : uint8_t {
  kSumExploreDraw, kSumExploreKeep, kSumDevelopReduce, kSumDevelopDraw, kSumDevelopDrawAfter,
  kSumSettleDrawAfter, kSumProduceDraw, kSumProduceDrawIf, kSumDrawWorldGenes, kSumDrawEachNovelty,
  kSumDrawEachAlien, kSumDrawDifferent, kSumDrawMostRare, kSumMilitary, kSumVp, kNumSumFields
};

struct GameOptions {
  int players = 4;
  std::string expansion = "base";
  bool advanced = false;
  bool first_game = false;  // §2.3 introductory setup: start worlds #1..#n and preset hands
  // Rule constants a what-if variant may change (G16; defaults are the printed rules).
  int hand_limit = kHandLimit;         // §3.6: cards kept at the end of a round
  int vp_per_player = 12;              // §2.2: VP chips in the pool per player
  int tableau_end = 12;                // §3.5: a tableau of this many cards ends the game
};

class Game {
 public:
  Game(const CardDb& db, const GameOptions& options);

  const GameOptions& options() const { return options_; }
  int players() const { return options_.players; }
  bool advanced() const { return options_.advanced; }
  Level level() const { return level_; }
  const CardDb& db() const { return db_; }

  int num_instances() const { return n_; }
  const CardInfo& card(int instance) const { return info_[instance]; }
  const Design& design_of(int instance) const { return db_.designs[info_[instance].design]; }
  const std::string& name(int instance) const { return design_of(instance).name; }
  // Instances of a design present in this game.
  const CardSet& copies(int design) const { return copies_[design]; }
  // Every instance of a design that has an instance in `cards` (copies are consecutive).
  CardSet same_designs(CardSet cards) const {
    for (int r = 1; r < max_copies_; ++r)
      cards |= (cards.shifted_up() & later_copies_) | (cards & later_copies_).shifted_down();
    return cards;
  }
  // Instances costing at most `cost` (any integer; below 0 none).
  const CardSet& cost_at_most(int cost) const { return cost_le_[cost < 0 ? 0 : cost >= kCostSteps ? kCostSteps : cost + 1]; }
  // Worlds by good index 0..4 (0: no good), military worlds, Rebel worlds.
  const CardSet& worlds_of_good(int good) const { return good_class_[good]; }
  const CardSet& military_worlds() const { return military_; }
  const CardSet& rebel_worlds() const { return rebel_; }
  const CardSet& all_cards() const { return all_; }
  // Instances whose next-lower instance is a copy of the same design.
  const CardSet& later_copies() const { return later_copies_; }
  const CardSet& start_worlds() const { return start_worlds_; }
  const CardSet& worlds() const { return worlds_; }
  const CardSet& developments() const { return developments_; }
  const CardSet& windfall_worlds() const { return windfall_; }
  const CardSet& windfall_of_kind(int kind) const { return windfall_kind_[kind]; }
  const CardSet& worlds_of_kind(int kind) const { return kind_worlds_[kind]; }
  const CardSet& production_worlds() const { return production_; }
  // Instances with at least one power of the group.
  const CardSet& powered(PowerGroup k) const { return powered_[k]; }
  // Sum of a per-card number over a set of instances.
  int sum(SumField f, const CardSet& cards) const { return sums_[f].sum(cards); }
  // Instances whose windfall-production power fills class k (0 any, 1..4 kind).
  const CardSet& windfall_power_cards(int k) const { return windfall_power_[k]; }
  int initial_pool() const { return options_.vp_per_player * options_.players; }
  int hand_limit() const { return options_.hand_limit; }
  int tableau_end() const { return options_.tableau_end; }

  // The engine.
  State new_initial_state(uint64_t seed) const;
  int legal_actions(const State& s, int* out) const;  // returns count; out needs kMaxLegal entries
  std::vector<int> legal_actions(const State& s) const;
  bool is_legal(const State& s, int action) const;
  void apply(State& s, int action) const;  // throws RulesError when illegal
  void apply_unchecked(State& s, int action) const;  // for bots that picked from legal_actions
  // Fast path for playouts: apply a legal action and write the next decision's legal
  // actions to legal_out (kMaxLegal entries); returns their count, 0 when the game is over.
  int step(State& s, int action, int* legal_out) const;
  bool is_terminal(const State& s) const { return s.stage == kStageGameOver; }
  int current_player(const State& s) const { return s.actor; }
  std::string describe(const State& s, int action) const;
  std::string decision_name(DecisionKind k) const;

  // Scoring.
  struct ScoreParts { int cards = 0, chips = 0, six_cost = 0, total = 0; };
  ScoreParts score_parts(const State& s, int seat) const;
  std::vector<int> scores(const State& s) const;
  std::vector<int> winners(const State& s) const;  // after tie-breaks; only meaningful when terminal
  int total_military(const State& s, int seat) const;  // unconditional Military of the whole tableau

  // Hidden information.
  std::string observation_json(const State& s, int player) const;
  State determinize(const State& s, int observer, uint64_t seed) const;

  // Positions as JSON (card names, see docs/state-json.md).
  std::string to_json(const State& s, int indent = -1) const;
  State from_json(const std::string& text) const;

  static constexpr int kMaxLegal = 256;

  // Internal: run automatic steps until a decision is posed (and list its legal actions).
  void advance(State& s) const;
  int advance(State& s, int* legal_out) const;

 private:
  GameOptions options_;
  Level level_;
  CardDb db_;
  int n_ = 0;
  std::vector<CardInfo> info_;
  std::vector<CardSet> copies_;
  CardSet all_, later_copies_, start_worlds_, worlds_, developments_, windfall_, production_;
  CardSet windfall_kind_[5], kind_worlds_[5];
  CardSet powered_[kNumGroups];
  CardSum sums_[kNumSumFields];
  CardSet windfall_power_[5];
  static constexpr int kCostSteps = 16;
  CardSet cost_le_[kCostSteps + 1];  // [c + 1]: cost <= c; [0]: none; [kCostSteps]: all
  CardSet good_class_[5], military_, rebel_;
  int max_copies_ = 1;
};

}  // namespace gs::rftg
