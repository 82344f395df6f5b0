// The Race for the Galaxy game state: fixed size, trivially copyable, no heap.
// Card zones are CardSets over card instances; every instance is in exactly one
// of: deck, discard, a hand, a tableau, goods (face down under a world).
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/cardset.h"
#include "common/rng.h"

namespace gs::rftg {

constexpr int kMaxPlayers = 6;
constexpr int kMaxInstances = CardSet::kBits;
constexpr int kStackSize = 10;
constexpr int kHandLimit = 10;
constexpr int kRoundCap = 30;
constexpr uint8_t kNone = 255;  // "no instance" in uint8 instance fields  // A33: safety cap, checked with the other end conditions

// Action cards. In the advanced 2-player game the second Develop and Settle exist.
enum ActionCard : uint8_t {
  kActExplore5 = 0, kActExplore11 = 1, kActDevelop = 2, kActDevelop2 = 3, kActSettle = 4,
  kActSettle2 = 5, kActTrade = 6, kActConsume2x = 7, kActProduce = 8, kNumActionCards = 9
};
inline constexpr uint16_t act_bit(int a) { return static_cast<uint16_t>(1u << a); }

// Stages of a round. Within a stage `step` and `turn` (index in seat order) say where we are.
enum Stage : uint8_t {
  kStageStartDiscard, kStageChooseAction, kStageExplore, kStageDevelop, kStageSettle,
  kStageConsume, kStageProduce, kStageHandLimit, kStageGameOver, kNumStages
};

// What the deciding player is asked.
enum class DecisionKind : uint8_t {
  None, StartDiscard, ChooseAction, ExploreKeep, DevelopSelect, SettleSelect, SettleMethod,
  Pay, TradeGood, ConsumePower, ConsumeGood, ConsumeHand, LuckyNumber, WindfallPower,
  WindfallWorld, HandLimit, kCount
};

// Action numbering (shared by all decision kinds):
//   0..191           a card instance (card in hand, world with a good, ...)
//   kPass            pass / stop / done
//   kActionBase+a    action card a
//   kMethodBase+m    settle method m
//   kLuckyBase+n-1   Gambling World: name n (1..7)
//   kWindfallBase+k  windfall production class k (0 any, 1..4 good kind)
//   kPowerBase+slot  consume power slot (slot = instance * 4 + power index)
namespace act {
constexpr int kPass = 200;
constexpr int kActionBase = 210;
constexpr int kMethodBase = 220;
constexpr int kLuckyBase = 230;
constexpr int kWindfallBase = 240;
constexpr int kPowerBase = 300;
constexpr int kMaxAction = kPowerBase + 4 * kMaxInstances;
}  // namespace act

enum SettleMethod : uint8_t {
  kMethodPay = 0,          // pay the (reduced) cost in cards
  kMethodColonyShip = 1,   // discard Colony Ship: cost 0
  kMethodConquer = 2,      // military, discarding as few New Military Tactics as needed
  kMethodContact = 3,      // Contact Specialist: pay defence - 1 - reductions
  kMethodContactColony = 4,  // Contact Specialist with Colony Ship: cost 0
  kNumMethods = 5
};

struct State {
  CardSet hand[kMaxPlayers];
  CardSet tableau[kMaxPlayers];
  CardSet deck;      // unordered draw pile; cards are drawn uniformly at random (= a shuffled deck)
  CardSet discard;
  CardSet goods;     // instances lying face down as goods
  CardSet has_good;  // worlds carrying a good
  CardSet fresh;     // explored cards not yet kept or discarded (they sit in a hand)
  Rng rng;
  int16_t chips[kMaxPlayers];     // VP chips held
  uint16_t actions[kMaxPlayers];  // action cards chosen this round (act_bit mask)
  uint8_t selected[kMaxPlayers];  // Develop/Settle selection or placed card (instance), kNone if none
  int8_t produced_rare[kMaxPlayers];  // Rare goods produced this Produce phase
  int8_t produced[5];             // current player's goods produced this phase, by kind
  uint8_t stack[kStackSize];      // known top of the deck, stack[nstack-1] is drawn first
  int8_t nstack;
  int8_t players;
  int8_t first;       // seat holding the lowest dealt start world; seat order starts here
  uint8_t advanced;   // advanced 2-player game
  Stage stage;
  uint8_t step;
  int8_t turn;        // index in seat order of the player being processed
  uint8_t phase_rep;  // 0 first, 1 second Develop/Settle phase (advanced game)
  uint8_t bonus;      // seats that get the Develop/Settle bonus in the current phase (bit mask)
  int16_t round;      // 1-based
  int16_t vp_pool;
  // Current player's scratch for multi-step decisions.
  int8_t need;        // cards/goods still to choose
  uint8_t floor;      // choices must be above this instance (canonical increasing order); kNone = any
  int16_t active;     // active consume power slot, or settle method context
  uint8_t method;     // settle method chosen
  uint8_t picked_kinds;  // kinds already picked for a three-different-kinds power (bit mask)
  uint8_t units;      // goods consumed by the active power
  uint32_t used;      // consume power slots used this phase (bit i = i-th slot of the player's list)
  int8_t windfall_left[5];  // pending windfall productions by class (0 any, 1..4 kind)
  DecisionKind decision;
  int8_t actor;       // deciding seat, -1 when terminal
};

static_assert(std::is_trivially_copyable<State>::value, "State must be trivially copyable");

}  // namespace gs::rftg
