// A Race for the Galaxy game definition (player count, level, variant, card
// instances with their precomputed power summaries) and the engine interface.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cardset.h"
#include "rftg/cards.h"
#include "rftg/narrow.h"
#include "rftg/options.h"
#include "rftg/script.h"
#include "rftg/solo.h"
#include "rftg/state.h"

namespace gs::rftg {

constexpr int kMaxConsumePowers = 3;

// Lanes of CardInfo::settle_lanes.
enum SettleLane : uint8_t {
  kLaneReduce = 0, kLaneReduceKind = 1,  // 1..4: Novelty..Alien
  kLaneMilitary = 5, kLaneMilitaryKind = 6,  // 6..9
  kLaneMilitaryRebel = 10, kLaneTemporary = 11, kLaneContactDiscount = 12, kLaneContact = 13,
  kLaneColonyShip = 14
};  // consume (phase IV, non-trade) powers on one card

// How a consume power's usability is decided (ConsumePower::test): a number of the seat's
// at least ConsumePower::need, or (kTestOther) by the rules of consume.cpp.
enum ConsumeTest : uint8_t { kTestAlways = 0, kTestHand = 1, kTestGoods = 2, kTestKinds = 3, kTestOther = 4 };

struct ConsumePower {
  uint32_t code;
  int8_t value;
  int8_t times;
  int8_t index;  // power index on its card (slot = instance * 4 + index)
  // Set by the Game (Game::index_consume_powers, consume.cpp).
  uint8_t test;   // ConsumeTest: always; cards in hand; goods of the accepted kinds; kinds of goods
  uint8_t need;   // ... usable when that number is at least this
  uint8_t kinds;  // kTestGoods: bit k set for an accepted good kind k (1..4); bit 0: any kind
  uint8_t sig;    // the same for powers with the same code, value and times (one of them is offered)
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
  bool explore_mix;            // mix and match: the Explore discards come from the whole hand
  // Phase II
  int8_t develop_draw, develop_reduce, develop_draw_after;
  int8_t develop_discard_reduce;  // R&D Crash Program: discard it from the tableau for -value
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
  bool colony_ship;            // Colony Ship, Doomed World: discard for a cost-0 placement
  // Phase III, expansions
  int8_t military_per_world;   // Hidden Fortress: +value per military world in the tableau
  int8_t pay_military_rebel;   // Rebel Alliance: pay for Rebel military worlds (valid if has_pay_military_rebel)
  bool has_pay_military_rebel;
  int8_t pay_discount;         // Rebel Pact: extra discount when paying for Military
  bool place_two;              // Improved Logistics: a second placement (or takeover)
  int8_t cloak;                // Imperium Cloaking Technology: conquer a non-military world with +value (valid if has_cloak)
  bool has_cloak;
  int8_t military_hand;        // discard up to value hand cards for +1 temporary Military each
  uint8_t takeover_kinds;      // bit per TakeoverKind
  int8_t takeover_bonus;       // Rebel Alliance: +value per own Rebel military world when attacking with it
  bool takeover_defence;       // Rebel Pact
  // The Settle fields above packed for a vector sum (see settle.cpp, SettleLane).
  alignas(16) int8_t settle_lanes[16];
  // Trade ($)
  int8_t trade_any, trade_kind[5], trade_this;
  int8_t trade_per_chromo;     // Clandestine Uplift Lab: +1 card per chromosome card when selling Genes
  // Phase IV consume powers (not trade powers), in card order
  int8_t n_consume;
  ConsumePower consume[kMaxConsumePowers];
  // Phase V
  bool produce;
  int8_t produce_draw_if, produce_draw;
  uint8_t windfall_power;  // 0 none, else 1 + class (class 0 any, 1..4 kind, 5 Genes on another world)
  int8_t draw_each_novelty, draw_each_alien, draw_different, draw_most_rare, draw_world_genes;
  int8_t draw_military, draw_rebel, draw_chromo;  // draw per military world / Rebel world / chromosome card
  bool discard_produce;    // Damaged Alien Factory: produce here by discarding a hand card
  // Scoring classification
  bool has_explore_power, has_trade_power, has_consume_power;
  uint8_t power_categories;  // Innovation Leader: bit 1 << phase for phases I-V, bit 6 for trade ($)
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
  kSumDrawEachAlien, kSumDrawDifferent, kSumDrawMostRare, kSumMilitary, kSumVp,
  kSumMilitaryPerWorld, kSumMilitaryHand, kSumPayDiscount, kSumDrawMilitary, kSumDrawRebel, kSumDrawChromo,
  kSumTradePerChromo, kSumTakeoverBonus, kNumSumFields
};

// Random play inside the engine (Game::play_random, the picker overload of step): a posed
// decision with several legal actions is taken at once, uniformly at random with its
// actor's stream, the choice a random bot makes when step returns; the phase code goes on
// instead of returning. The games are those of step with legal[seat_rng[actor]->below(n)].
struct RandomPicker {
  Rng* const* seat_rng;  // by seat
  int64_t picks = 0;     // decisions taken inside the engine
};


class Game {
 public:
  Game(const CardDb& db, const GameOptions& options);

  const GameOptions& options() const { return options_; }
  int players() const { return options_.players; }
  bool advanced() const { return options_.advanced || options_.players == 1; }  // the solo human plays so too (§5.1)
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
  // Instances whose windfall-production power fills class k (0 any, 1..4 kind, 5 Genes on another world).
  const CardSet& windfall_power_cards(int k) const { return windfall_power_[k]; }
  int initial_pool() const { return pool_; }
  int hand_limit() const { return options_.hand_limit; }
  int tableau_end() const { return options_.tableau_end; }

  // Expansion features of this game.
  bool goals_on() const { return goals_on_; }
  bool takeovers_on() const { return takeovers_on_; }
  bool solo() const { return options_.players == 1; }
  const SoloConfig& solo_config() const { return solo_; }
  int solo_difficulty() const { return solo_difficulty_; }  // 0 easy, 1 medium, 2 hard
  // RvI setup (§1.8): each seat is dealt a red and a blue start world and keeps one.
  bool start_choice() const {
    return (level_ == kRvi && !options_.first_game && options_.players >= 2) || options_.draft;
  }
  // Card sets by keyword or property (instances of this game).
  const CardSet& rebel_military() const { return rebel_military_; }   // military worlds with the Rebel keyword
  const CardSet& keyword_cards(uint32_t flag) const;                  // kFlagAlien, kFlagImperium, kFlagUplift, kFlagChromo
  const CardSet& explore_powered() const { return explore_powered_; } // cards with an Explore power
  const CardSet& question_six_devels() const { return question_six_; } // six-cost developments with '?' VP
  const CardSet& scoring_cards() const { return scoring_; }  // cards with score lines (six-cost developments)
  const CardSet& zero_cost_cards() const { return zero_cost_; }       // Colony Ship, Doomed World
  const CardSet& nmt_cards() const { return nmt_; }                   // New Military Tactics
  const CardSet& hand_limit_12() const { return hand_limit_12_; }
  const CardSet& game_end_14() const { return game_end_14_; }
  const CardSet& mix_cards() const { return mix_; }                   // mix and match Explore
  const CardSet& develop_discount_cards() const { return develop_discount_; }
  const CardSet& discard_produce_cards() const { return discard_produce_; }
  const CardSet& not_this_cards() const { return not_this_; }         // windfall powers not on their own world
  const CardSet& takeover_cards(int kind) const { return takeover_[kind]; }
  const CardSet& takeover_defence_cards() const { return takeover_defence_; }
  const CardSet& place_two_cards() const { return place_two_; }
  // Cards with Settle powers beyond the lane sum of the base game (settle.cpp).
  const CardSet& settle_extra() const { return settle_extra_; }
  // Does the deck hold any card with this expansion feature? (cheap guards for the base game)
  enum Feature : uint16_t {
    kHasMix = 1, kHasDevelopDiscount = 2, kHasDiscardProduce = 4, kHasHandLimit12 = 8, kHasGameEnd14 = 16,
    kHasNotThis = 32, kHasSettleExtra = 64, kHasPlaceTwo = 128, kHasTradePerChromo = 256, kHasConsumeExtra = 512,
    kHasProduceExtra = 1024
  };
  bool has(Feature f) const { return (features_ & f) != 0; }
  // Goals of this game's level (indices into db().goals).
  const std::vector<int>& goal_pool(int kind) const { return goal_pool_[kind]; }
  // Goals (bit = goal index) checked at any of the moments in `when` (GoalDesign::checked bits).
  unsigned goals_checked(unsigned when) const {
    unsigned m = 0;
    for (; when; when &= when - 1) m |= goals_at_[__builtin_ctz(when)];
    return m;
  }
  // Instances with a power of category k (CardInfo::power_categories bit k).
  const CardSet& category_cards(int k) const { return category_[k]; }

  // The engine.
  State new_initial_state(uint64_t seed) const;
  // Scripted randomness (script.h, docs/scripted-draws.md). bind_script checks a script
  // against this game and fills its tables (a ScriptError names what is wrong); a bound
  // script must outlive every State that follows it. new_scripted_state deals the start
  // worlds, goals and cards the script gives (start worlds or goals it leaves out come
  // from the seed); follow_script makes any position draw from the script, from its
  // draw `position` on (nullptr: random draws again).
  void bind_script(Script& script) const;
  State new_scripted_state(const Script& script, uint64_t seed = 0) const;
  void follow_script(State& s, const Script* script, int position = 0) const;
  const Script* script(const State& s) const;  // the script s follows, nullptr if none
  int script_position(const State& s) const;   // scripted draws s has taken (0 if none)
  int legal_actions(const State& s, int* out) const;  // returns count; out needs kMaxLegal entries
  std::vector<int> legal_actions(const State& s) const;
  bool is_legal(const State& s, int action) const;
  void apply(State& s, int action) const;  // throws RulesError when illegal
  void apply_unchecked(State& s, int action) const;  // for bots that picked from legal_actions
  // Fast path for playouts: apply a legal action and write the next decision's legal
  // actions to legal_out (kMaxLegal entries); returns their count, 0 when the game is over.
  int step(State& s, int action, int* legal_out) const;
  // step, and then every posed decision the picker can take, until the game ends or a
  // decision of a kind the engine leaves to its caller (its legal actions in legal_out).
  int step(State& s, int action, int* legal_out, RandomPicker* pick) const;
  // The rest of the game with a random bot in every seat: the same game as repeated step
  // with legal[seat_rng[actor]->below(n)]; returns the number of decisions taken.
  int64_t play_random(State& s, Rng* const* seat_rng) const;
  // Whether play_random hands games to the narrow engine (rftg/narrow.h): the cards fit in
  // it and GameOptions::narrow_engine is on.
  bool narrow_engine() const { return narrow_ != nullptr; }
  using Picker = RandomPicker;  // bots/playout.h finds the in-engine random play by this name
  bool is_terminal(const State& s) const { return s.stage == kStageGameOver; }
  // The size of the action space: every action code a decision of this game can have is below it
  // (state.h, act::): the card instances, pass, action cards, methods, numbers, windfall classes and
  // consume power slots (4 per instance); with takeovers also the takeover codes, which number the
  // worlds over kMaxInstances. Base game 756, TGS 844, RvI 1020 (1632 with takeovers).
  int num_distinct_actions() const {
    return takeovers_on_ ? act::kTakeoverBase + 2 * kMaxInstances + n_ : act::kPowerBase + 4 * n_;
  }
  int current_player(const State& s) const { return s.actor; }
  std::string describe(const State& s, int action) const;
  std::string decision_name(DecisionKind k) const;

  // Scoring.
  struct ScoreParts { int cards = 0, chips = 0, six_cost = 0, goals = 0, total = 0; };
  ScoreParts score_parts(const State& s, int seat) const;
  std::vector<int> scores(const State& s) const;
  std::vector<int> winners(const State& s) const;  // after tie-breaks; only meaningful when terminal
  int winners(const State& s, int* out) const;     // the same into out[kMaxPlayers], returns the count
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
  int advance(State& s, int* legal_out, RandomPicker* pick = nullptr) const;

 private:
  GameOptions options_;
  Level level_;
  CardDb db_;
  int n_ = 0;
  std::vector<CardInfo> info_;
  std::vector<CardSet> copies_;
  struct ScoreSet {  // instances a score line of a design scores, and its points each
    CardSet cards;
    int points;
  };
  std::vector<std::vector<ScoreSet>> score_sets_;  // by design (scoring.cpp)
  void index_score_lines();
  ScoreParts score_parts(const State& s, int seat, int goal_vp) const;  // with the seat's goal VP given
  State set_up(uint64_t seed, const Script* script) const;             // new_initial_state, new_scripted_state
  void goal_scores(const State& s, int* goals) const;                  // every seat's goal VP (0 without goals)
  void index_consume_powers();
  CardSet all_, later_copies_, start_worlds_, worlds_, developments_, windfall_, production_;
  CardSet windfall_kind_[5], kind_worlds_[5];
  CardSet powered_[kNumGroups];
  CardSum sums_[kNumSumFields];
  CardSet windfall_power_[kNumWindfallClasses];
  int pool_ = 0;
  bool goals_on_ = false, takeovers_on_ = false;
  uint16_t features_ = 0;
  SoloConfig solo_;
  int solo_difficulty_ = 1;
  CardSet rebel_military_, alien_keyword_, imperium_, uplift_, chromo_, explore_powered_;
  CardSet question_six_, scoring_, zero_cost_, nmt_, hand_limit_12_, game_end_14_, mix_, develop_discount_, discard_produce_;
  CardSet not_this_, takeover_[3], takeover_defence_, place_two_, settle_extra_;
  std::vector<int> goal_pool_[2];
  uint16_t goals_at_[8] = {};  // by GoalDesign::checked bit
  CardSet category_[8];
  static constexpr int kCostSteps = 16;
  CardSet cost_le_[kCostSteps + 1];  // [c + 1]: cost <= c; [0]: none; [kCostSteps]: all
  CardSet good_class_[5], military_, rebel_;
  int max_copies_ = 1;
  std::shared_ptr<const narrow::Engine> narrow_;  // null in the narrow engine itself
};

}  // namespace gs::rftg
