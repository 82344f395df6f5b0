// The Race for the Galaxy game state: fixed size, trivially copyable, no heap.
// Card zones are CardSets over card instances; every instance is in exactly one
// of: deck, discard, a hand, a tableau, or none of these, which means it lies face
// down as a good under a world (Game::good_cards computes that set).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "common/cardset.h"
#include "common/rng.h"
#include "rftg/options.h"

namespace gs::rftg {

constexpr int kMaxPlayers = 6;
constexpr int kMaxInstances = 192;  // the action numbering's room for instances, whatever the CardSet width
constexpr int kStackSize = 10;
constexpr int kRoundCap = 30;
constexpr uint8_t kNone = 255;  // "no instance" in uint8 instance fields  // A33: safety cap, checked with the other end conditions
constexpr int kNumWindfallClasses = 6;  // any kind, Novelty, Rare, Genes, Alien, Genes on another world (not-this)
constexpr int kMaxTakeovers = 4;        // declarations per Settle phase (one per takeover power in the deck)
constexpr int kScratchBytes = 32;       // State::scratch: the stage scratch block

// Action cards. In the advanced 2-player game the second Develop and Settle exist.
enum ActionCard : uint8_t {
  kActExplore5 = 0, kActExplore11 = 1, kActDevelop = 2, kActDevelop2 = 3, kActSettle = 4,
  kActSettle2 = 5, kActTrade = 6, kActConsume2x = 7, kActProduce = 8, kNumActionCards = 9
};
inline constexpr uint16_t act_bit(int a) { return static_cast<uint16_t>(1u << a); }

// Stages of a round. Within a stage `step` and `turn` (index in seat order) say where we are.
enum Stage : uint8_t {
  kStageStartDiscard, kStageChooseAction, kStageExplore, kStageDevelop, kStageSettle,
  kStageConsume, kStageProduce, kStageHandLimit, kStageGameOver,
  kStageDraft,  // the draft variant, before the start-world choice (round 0)
  kNumStages
};

// What the deciding player is asked.
enum class DecisionKind : uint8_t {
  None, StartDiscard, ChooseAction, ExploreKeep, DevelopSelect, SettleSelect, SettleMethod,
  Pay, TradeGood, ConsumePower, ConsumeGood, ConsumeHand, LuckyNumber, WindfallPower,
  WindfallWorld, HandLimit,
  // Expansions (The Gathering Storm, Rebel vs Imperium)
  StartWorld,       // keep one of the two start worlds dealt (RvI setup, draft)
  ExploreDiscard,   // mix and match: discard from the whole hand
  DevelopDiscount,  // R&D Crash Program: discard it for -3, or pay in full
  ZeroCostCard,     // which card to discard for a cost-0 placement (Colony Ship, Doomed World)
  TempMilitary,     // discard for temporary Military (conquest, takeover attack or defence)
  Takeover,         // declare a takeover (power and target) or not
  SettleSecond,     // Improved Logistics: a second world, a takeover, or nothing
  AnteCard,         // Gambling World (RvI): ante a card or not
  AnteKeep,         // ... and which higher revealed card to keep
  DiscardProduce,   // Damaged Alien Factory: discard a card to produce, or not
  DraftPick,        // draft variant: the card kept from the packet
  kCount
};

// Action numbering (shared by all decision kinds):
//   0..191           a card instance (card in hand, world with a good, ...)
//   kPass            pass / stop / done
//   kActionBase+a    action card a
//   kMethodBase+m    settle method m
//   kLuckyBase+n-1   Gambling World: name n (1..7)
//   kWindfallBase+k  windfall production class k (0 any, 1..4 good kind, 5 Genes on another world)
//   kPowerBase+slot  consume power slot (slot = instance * 4 + power index)
//   kTakeoverBase+kind*kMaxInstances+world  takeover of `world` with a power of that kind (TakeoverKind)
namespace act {
constexpr int kPass = 200;
constexpr int kActionBase = 210;
constexpr int kMethodBase = 220;
constexpr int kLuckyBase = 230;
constexpr int kWindfallBase = 240;
constexpr int kPowerBase = 300;
constexpr int kTakeoverBase = kPowerBase + 4 * kMaxInstances;
constexpr int kMaxAction = kTakeoverBase + 3 * kMaxInstances;
}  // namespace act

enum SettleMethod : uint8_t {
  kMethodPay = 0,          // pay the (reduced) cost in cards
  kMethodColonyShip = 1,   // discard Colony Ship (or Doomed World): cost 0
  kMethodConquer = 2,      // military, discarding as few New Military Tactics as needed
  kMethodContact = 3,      // pay for Military (Contact Specialist, Rebel Cantina, Rebel Alliance)
  kMethodContactColony = 4,  // pay for Military with a cost-0 discard
  kMethodCloak = 5,        // Imperium Cloaking Technology: conquer a non-military world
  kNumMethods = 6
};

// The three takeover powers of Rebel vs Imperium.
enum TakeoverKind : uint8_t { kTakeoverRebelWorlds = 0, kTakeoverImperiumOwners = 1, kTakeoverCloaked = 2 };

// Contexts of a TempMilitary decision (State::settle.context).
enum TempContext : uint8_t { kTempConquest = 0, kTempAttack = 1, kTempDefence = 2 };

// A declared takeover (Settle phase).
struct Takeover {
  uint8_t target;   // world instance
  uint8_t seats;    // attacker | defender << 3 | kind << 6
  int8_t margin;    // attack minus defence from the start-of-phase values, temporary Military aside
  int attacker() const { return seats & 7; }
  int defender() const { return (seats >> 3) & 7; }
  int kind() const { return seats >> 6; }
};

// The solo robot (TGS §5), in seat 1: tableau[1] is its tableau; its face-down pile is
// hand[1] (the cards drawn since the last reshuffle of the deck) and hand[2..5] (cards
// drawn before earlier reshuffles, older further on); tableau[5] is the deck as it was at
// its last draw (a card in the deck that was not there then means a reshuffle). solo.cpp.
struct RobotState {
  uint8_t credits;     // 0..4
  uint8_t economy;     // 0..5
  uint8_t markers;     // unplaced 6-development markers (low nibble), placed ones (high nibble)
  uint8_t robot_eq;    // action card the robot icon stands for now
  uint8_t flags;       // kRobot... bits (solo.h)
  uint8_t dice;        // this round's face indices: die A (low nibble), die B (high nibble)
  uint16_t spaces;     // mat spaces holding a die this round (act_bit of the action card)
  uint8_t start;       // the robot's start-world number (its behaviour)
  uint8_t difficulty;  // 0 easy, 1 medium, 2 hard
};

struct State {
  CardSet hand[kMaxPlayers];
  CardSet tableau[kMaxPlayers];
  CardSet deck;      // unordered draw pile; cards are drawn uniformly at random (= a shuffled deck)
  CardSet discard;
  CardSet has_good;  // worlds carrying a good
  CardSet fresh;     // explored (or revealed) cards not yet kept or discarded (they sit in a hand)
  Rng rng;
  uint16_t actions[kMaxPlayers];  // action cards chosen this round (act_bit mask)
  uint8_t chips[kMaxPlayers];     // VP chips held (a pool of at most 72 VP: 255 is out of reach)
  uint8_t selected[kMaxPlayers];  // Develop/Settle selection or placed card (instance), kNone if none
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
  uint8_t draft;      // draft variant: each seat draws from and discards to its own piles
  int16_t round;      // 1-based
  int16_t vp_pool;
  // Current player's scratch for multi-step decisions.
  int8_t need;        // cards/goods still to choose
  uint8_t floor;      // choices must be above this instance (canonical increasing order); kNone = any
  int16_t active;     // active consume power slot, windfall class, or the world being settled
  uint8_t method;     // settle method chosen
  DecisionKind decision;
  int8_t actor;       // deciding seat, -1 when terminal
  // Goals (TGS/RvI): goals in play (bit = goal index in the goal data) and, per goal in
  // play in index order, the seats that scored it (first goal) or hold it (most goal).
  uint16_t goals;
  uint8_t goal_claims[6];
  // The solo robot (solo game) or, in the draft variant, bit 0 of every card's owner
  // (bits 1 and 2 are hand[5] and tableau[5]: seat 5 never plays a draft; draft.cpp).
  union {
    RobotState robot;
    uint64_t owner_bits[3];  // three words whatever the CardSet width: the narrow engine's State (rftg/narrow.h) ends like this one
  };
  // Scratch of the stage in progress: only the part of the current stage is in use, and
  // the whole block is zeroed when a stage begins (engine.cpp, enter).
  union {
    struct {  // Consume
      uint32_t used;         // consume power slots used this phase (bit i = i-th slot of the player's list)
      uint8_t units;         // goods consumed by the active power
      uint8_t picked_kinds;  // kinds already picked for a different-kinds power (bit mask)
      uint8_t ante;          // Gambling World (RvI): the ante card, kNone if none
    };
    struct {  // Produce
      int8_t windfall_left[kNumWindfallClasses];  // pending windfall productions by class
      int8_t produced[5];                         // current player's goods produced this phase, by kind
      int8_t produced_rare[kMaxPlayers];          // Rare goods produced this Produce phase
      int8_t drawn_early;                         // scripted games: tableau-count draws already taken (produce.cpp)
    };
    struct {  // Settle (the expansions' powers and takeovers)
      uint8_t temp_military[kMaxPlayers];  // low nibble: temporary Military this phase; high: hand cards used for it
      uint8_t second_world[kMaxPlayers];   // world placed with a second-placement power, kNone if none
      uint8_t vulnerable[3];               // by TakeoverKind: seats open to it (start-of-phase tableaus)
      uint8_t n_takeovers;
      uint8_t takeover_won;                // bit k: declaration k succeeded
      uint8_t actions_done;                // current seat: settle actions done (placements and declarations)
      uint8_t context;                     // TempContext of a TempMilitary decision
      uint8_t declared;                    // current seat: takeover kinds declared this phase (bit mask)
      Takeover takeovers[kMaxTakeovers];
    };
    struct {  // Hand limit
      uint8_t round_discarded;  // seats that discarded in this stage (Budget Surplus)
    };
    uint8_t scratch[kScratchBytes];
  };
};

static_assert(std::is_trivially_copyable<State>::value, "State must be trivially copyable");
static_assert(offsetof(State, takeovers) + sizeof(State::takeovers) <= offsetof(State, scratch) + kScratchBytes &&
                  offsetof(State, drawn_early) + sizeof(State::drawn_early) <= offsetof(State, scratch) + kScratchBytes,
              "State::scratch covers the whole stage scratch block");

}  // namespace gs::rftg
