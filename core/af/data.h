// Alien Frontiers board and card data as loaded from core/data/af_*.txt:
// the ten orbital facilities, the eight territories, the three field
// generators, the alien tech cards and the setup constants. The format is
// documented in docs/af-rules.md ("Data files") and in each file's header.
// Every problem is a DataError "<file>:<line>: <field>: <problem>".
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gs::af {

// A malformed or inconsistent data file, or a bad override.
struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Facilities by the engine rule that handles them; also their index in the game.
enum Facility : uint8_t {
  kSolar = 0, kMine, kHub, kConstructor, kTerraform, kMarket, kArtifact, kShipyard, kRaiders, kBay,
  kNumFacilities
};

enum class Shape : uint8_t { Any, Same, Straight };

// Capacity limits of the engine's fixed-size state (checked by the loader).
constexpr int kMaxSingleDocks = 12;   // single docks of one facility
constexpr int kMaxArtifactDocks = 6;  // claim sets are bit masks over them
constexpr int kMaxGroups = 3;         // dock groups of one group facility
constexpr int kMaxTechDesigns = 16;
constexpr int kMaxTechInstances = 32;
constexpr int kNumTerritories = 8;

struct FacilityDef {
  std::string name;
  int line = 0;                        // where the block starts (for messages)
  int docks = 0;                       // printed docks or dock groups; -1 = unlimited
  int blocked[5] = {0, 0, 0, 0, 0};    // blocker ships by player count (2..4)
  int group = 1;                       // ships per dock group (Hub: docks per track)
  Shape shape = Shape::Any;
  int value = 0;                       // required ship value, 0 = any
  int cost_fuel = 0, cost_ore = 0;
  int fuel_by_value[7] = {0, 0, 0, 0, 0, 0, 0};  // Solar Converter, index = value
  int ore_per_ship = 0;                // Lunar Mine
  int advances = 0;                    // Colonist Hub: advances to reach the launch circle
  int launch_fuel = 0, launch_ore = 0;
  int min_fleet = 0;                   // Terraforming Station
  int claim_sum = 0;                   // Alien Artifact
  int ship_cost[7] = {0, 0, 0, 0, 0, 0, 0};  // Shipyard, index = number of the new ship (4..6)
  int raid_resources = 0;              // Raiders' Outpost
  bool defined = false;

  // Usable docks (or groups) with `players` players; -1 = unlimited.
  int usable(int players) const { return docks < 0 ? -1 : docks - blocked[players] / group; }
};

enum Bonus : uint8_t {
  kBonusHubAdvance = 0, kBonusConstructorDiscount, kBonusRelicShip, kBonusMarketRate, kBonusShipyardDiscount,
  kBonusSolarFuel, kBonusTechDiscount, kBonusMineFree, kNumBonuses
};

struct TerritoryDef {
  std::string name;
  Bonus bonus = kNumBonuses;
  int amount = 0;
  int cost_fuel = 0, cost_ore = 0;  // relic_ship
  bool borrowable = true;
};

enum Field : uint8_t { kIsolation = 0, kPositron, kRepulsor, kNumFields };

struct FieldDef {
  std::string name;
  int vp = 0;
  bool defined = false;
};

enum class Power : uint8_t { None, Raise, Lower, Flip, Shift, Reroll, Borrow, Teleport, Plasma, Decoy, Cache };
enum class DiscardPower : uint8_t { None, RemoveField, PlaceField, MoveColony, SwapColonies, ReturnShip, TakeDiscard };

struct TechDef {
  std::string name;
  int line = 0;
  int copies = 0;
  Power power = Power::None;
  int amount = 0;  // raise / lower / shift
  int cost = 0;    // fuel per use (per colony for borrow, per ship for plasma)
  DiscardPower discard = DiscardPower::None;
  Field field = kNumFields;  // PlaceField
  int vp = 0;
};

struct SetupDef {
  std::string colours[4];
  int colonies[5] = {0, 0, 0, 0, 0};       // by player count
  int colonies_long[5] = {0, 0, 0, 0, 0};
  int ships_per_colour = 0;
  int start_ships = 0;
  int start_fuel[4] = {0, 0, 0, 0}, start_ore[4] = {0, 0, 0, 0};  // by position in turn order
  int resource_limit = 0;
  int display = 0;
  int start_tech = 0;
  int turn_cap = 0;
};

struct Data {
  FacilityDef facilities[kNumFacilities];
  TerritoryDef territories[kNumTerritories];
  FieldDef fields[kNumFields];
  std::vector<TechDef> tech;
  SetupDef setup;

  int find_tech(const std::string& name) const;       // -1 if none
  int find_territory(const std::string& name) const;  // -1 if none
  int find_facility(const std::string& name) const;   // by printed name or kind key; -1 if none
  int find_field(const std::string& name) const;      // by printed name or effect key; -1 if none
  int tech_instances() const;                         // sum of copies
};

// Kind keys of the data files ("solar_converter", ...).
const char* facility_key(Facility f);
const char* bonus_key(Bonus b);
const char* field_key(Field f);
const char* power_key(Power p);
const char* discard_key(DiscardPower d);

// The four data texts (`dir` only names them in error messages).
struct DataTexts {
  std::string facilities, territories, tech, setup;
};

// Parses the four files and validates the result.
Data parse_af_data(const DataTexts& texts, const std::string& dir = "core/data");
// Reads dir/af_facilities.txt, af_territories.txt, af_tech.txt, af_setup.txt.
Data load_af_data(const std::string& dir);

// What-if overrides in the data file syntax: blocks naming an existing facility,
// territory, field or tech card ("tech: Booster Pod" / "cost: 2") and bare setup
// keys ("resource-limit: 10") before any block; every key given replaces that
// field. Unknown names, keys or values throw DataError. The result is validated again.
void apply_af_overrides(Data& data, const std::string& overrides, const std::string& source = "override");

}  // namespace gs::af
