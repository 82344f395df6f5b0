// The Alien Frontiers game state: fixed size, trivially copyable, no heap.
//
// Ships are dice with an id: player p's k-th ship is p * 6 + k, the Relic Ship is
// 24. Each ship has a location (Loc) and a value. Blocker ships of unused colours
// are not ships: they only reduce the usable docks (AF23, facility data).
// Alien tech cards are instances 0..n-1 (file order, copies consecutive); the
// face-down deck is an unordered set drawn at random, like a shuffled pile.
#pragma once
#include <cstdint>
#include <type_traits>

#include "af/data.h"
#include "common/rng.h"

namespace gs::af {

constexpr int kMaxPlayers = 4;
constexpr int kShipsPerPlayer = 6;  // ship ids per colour (the data may use fewer)
constexpr int kRelic = 24;          // ship id of the Relic Ship
constexpr int kNumShips = 25;
constexpr uint8_t kNone = 255;

// Where a ship is. The group facilities have one location per dock group.
enum Loc : uint8_t {
  kLocStock = 0,   // ship stock (coloured ships)
  kLocBurroughs,   // the Relic Ship at home on Burroughs Desert
  kLocBay,         // Maintenance Bay
  kLocUnplaced,    // rolled this turn, not docked yet
  kLocSolar,
  kLocMine,
  kLocHub,         // the owner's Colonist Hub track
  kLocTerraform,
  kLocArtifact,
  kLocConstructor,                      // + group 0..2
  kLocMarket = kLocConstructor + kMaxGroups,
  kLocShipyard = kLocMarket + kMaxGroups,
  kLocRaiders = kLocShipyard + kMaxGroups,
  kNumLocs
};

// What the deciding player is asked.
enum class DecisionKind : uint8_t {
  None,
  Main,             // dock a ship or a group, use tech, trade, launch, claim, ... or end the turn
  Land,             // territory for the colony being landed
  Reroll,           // Temporal Warper: pick the ships to re-roll, then roll
  PlasmaMore,       // Plasma Cannon: remove another ship from the same facility, or stop
  MoveColonyFrom,   // Orbital Teleporter discard: the colony to move
  MoveColonyTo,     //   and its new territory
  SwapFirst,        // Polarity Device discard: the first colony
  SwapSecond,       //   and the one it changes places with
  RaidChoice,       // Raiders' Outpost: resources, or which card from whom
  RaidTake,         // one token from a victim, or stop
  ReturnResources,  // end of turn above the resource limit: how many ore to return
  kCount
};

// Action numbering (see docs/af-rules.md, "Actions"):
namespace act {
constexpr int kEndTurn = 0;
constexpr int kTrade = 1;          // Orbital Market: pay the rate in fuel for 1 ore
constexpr int kLaunch = 2;         // launch the colony on circle 7 of the Hub
constexpr int kBuyRelic = 3;       // Burroughs Desert: buy the Relic Ship
constexpr int kCycle = 4;          // Alien Artifact: cycle the display
constexpr int kStop = 5;           // no more (Plasma Cannon ships, raid tokens) / roll the picked ships (Warper)
constexpr int kRaidResources = 6;  // raid: steal resource tokens
// Docking at a single-dock facility (slot, see kDockSlots) or sending to the Bay: + slot * 32 + ship.
constexpr int kDockBase = 100;
// Docking a whole group: + ((g * 6 + v - 1) * 4 + relic position) * 4 + teleported position,
// g = 0 Constructor, 1 Market, 2 Shipyard, 3 Raiders; v = lowest value of the group;
// positions 1..3 in the group, 0 = not part of it.
constexpr int kGroupBase = 300;
constexpr int kClaimBase = 700;      // + instance * 64 + mask over the player's Artifact ships (ascending ids)
constexpr int kTerritoryBase = 2800;  // + territory (landing, destination)
constexpr int kColonyBase = 2820;     // + player * 8 + territory (a colony)
constexpr int kShipBase = 2860;       // + ship (Warper pick, Plasma Cannon ship)
constexpr int kRaidCardBase = 2900;   // + victim * 32 + instance
constexpr int kTakeBase = 3030;       // + victim * 2 + (0 ore, 1 fuel)
constexpr int kReturnBase = 3040;     // + ore returned (the rest of the excess is fuel)
constexpr int kPowerBase = 4000;      // + design * 700 + target (ship, territory, down * 25 + up)
constexpr int kPowerStride = 700;
constexpr int kDiscardBase = 16000;   // + design * 64 + target (field, territory, ship, instance)
constexpr int kDiscardStride = 64;
constexpr int kMaxAction = kDiscardBase + kMaxTechDesigns * kDiscardStride;
}  // namespace act

// Single-dock slots of act::kDockBase, in the canonical docking order (AF-G3).
enum DockSlot : uint8_t { kSlotSolar = 0, kSlotMine, kSlotHub, kSlotArtifact, kSlotTerraform, kSlotBay, kNumSlots };
// Group facilities of act::kGroupBase.
enum GroupKind : uint8_t { kGroupConstructor = 0, kGroupMarket, kGroupShipyard, kGroupRaiders, kNumGroupKinds };

// Per-turn flags (State::flags).
enum TurnFlag : uint8_t {
  kFlagMineDocked = 1,   // a ship was docked at the Lunar Mine this turn (Van Vogt's free ship is gone)
  kFlagAsimovUsed = 2,   // the Asimov Crater advance was given this turn
  kFlagDiscarded = 4,    // the turn's one discard power was used
  kFlagRelicLocked = 8,  // the Relic Ship was bought, or came home, during this turn (AF44)
};

enum EndReason : uint8_t { kRunning = 0, kEndLastColony = 1, kEndTurnCap = 2 };

struct Script;  // script.h

struct State {
  Rng rng;
  const Script* script;             // scripted dice and tech draws (script.h); nullptr: the RNG
  uint32_t deck, discard, display;  // tech card instances (bit i = instance i)
  uint32_t tech[kMaxPlayers];       // tech cards held
  uint32_t powered;                 // instances whose fuel power was used this turn
  uint32_t spent;                   // ships (bit = id) already used for an Artifact claim this turn
  uint32_t marks;                   // scratch of a multi-step decision (Warper: ships picked)
  uint8_t loc[kNumShips];
  uint8_t value[kNumShips];         // 1..6 while rolled or docked; 0 in the stock, the Bay, at home
  uint8_t occ[kNumLocs];            // ships at each location (kept in step with loc)
  uint8_t colonies[kMaxPlayers][kNumTerritories];
  uint8_t supply[kMaxPlayers];      // colony tokens off the planet and off the Hub
  uint8_t hub[kMaxPlayers];         // circle of the colony on the player's Hub track, 0 = none
  uint8_t ore[kMaxPlayers], fuel[kMaxPlayers];
  int8_t field[kNumFields];         // territory holding each field generator, -1 off the planet
  int8_t controller[kNumTerritories];  // kept in step with colonies; -1 = nobody
  int8_t relic_owner;               // -1 when the Relic Ship is on Burroughs Desert
  int8_t players;
  int8_t first;                     // seat of the first player
  int8_t active;                    // seat whose turn it is
  int16_t turn;                     // turns begun so far (the first player's first turn is 1)
  uint8_t end;                      // EndReason
  // The active player's turn.
  uint8_t cycles;       // Artifact cycle rights left
  uint8_t market_rate;  // lowest value of a pair docked at the Market this turn, 0 = none (AF19)
  uint8_t hub_docked;   // ships docked on the Hub this turn
  uint8_t overflow;     // Hub advances beyond the launch circle this turn (AF13)
  uint8_t flags;        // TurnFlag bits
  int8_t borrowed;      // territory borrowed with the Data Crystal, -1 = none
  uint8_t teleported;   // ship lifted by the Orbital Teleporter and not docked again, kNone = none
  uint8_t teleport_from;  // the Facility it left
  uint8_t last_dock;    // canonical-order key of the previous action when it was a single docking, 0 = none
  // The decision being asked.
  DecisionKind decision;
  int8_t actor;         // deciding seat, -1 when the game is over
  uint8_t pending;      // Land: 1 = the Hub colony; PlasmaMore: facility; MoveColonyTo / SwapSecond: colony
                        // (p * 8 + t); RaidTake: tokens taken
  uint8_t pending2;     // Reroll / PlasmaMore: last ship picked (kNone = none); RaidTake: last take key + 1
  uint8_t mine_high;    // highest value on the Lunar Mine, 0 = empty (kept in step with the ships)
  uint8_t unused[1];    // explicit padding, always 0 (so equal positions are equal byte for byte)
  uint16_t script_dice, script_tech;  // dice and tech cards taken from the script so far
  uint8_t unused2[6];   // explicit padding, always 0
};

static_assert(std::is_trivially_copyable<State>::value, "State must be trivially copyable");
static_assert(sizeof(State) == 216, "State has no hidden padding (see State::unused)");

}  // namespace gs::af
