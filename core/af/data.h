// Alien Frontiers board and card data as loaded from core/data/af_*.txt:
// the ten orbital facilities, the eight territories, the three field
// generators, the alien tech cards and the setup constants. The format is
// documented in docs/af-rules.md ("Data files") and in each file's header.
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
constexpr int kNumDockFacilities = 9;  // every facility but the Maintenance Bay

enum class Shape : uint8_t { Any, Same, Straight };

struct FacilityDef {
  std::string name;
  int docks[5] = {0, 0, 0, 0, 0};  // by player count (2..4); -1 = unlimited
  int group = 1;                   // ships per dock group (Hub: docks per track)
  Shape shape = Shape::Any;
  int value = 0;                   // required ship value, 0 = any
  int cost_fuel = 0, cost_ore = 0;
  int fuel_by_value[7] = {0, 0, 0, 0, 0, 0, 0};  // Solar Converter, index = value
  int ore_per_ship = 0;            // Lunar Mine
  int advances = 0;                // Colonist Hub: advances to reach the launch circle
  int launch_fuel = 0, launch_ore = 0;
  int min_fleet = 0;               // Terraforming Station
  int claim_sum = 0;               // Alien Artifact
  int ship_cost[7] = {0, 0, 0, 0, 0, 0, 0};  // Shipyard, index = number of the new ship
  int raid_resources = 0;          // Raiders' Outpost
  bool defined = false;
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
  int copies = 0;
  Power power = Power::None;
  int amount = 0;  // raise / lower / shift
  int cost = 0;    // fuel per use (per colony for borrow, per ship for plasma)
  DiscardPower discard = DiscardPower::None;
  Field field = kNumFields;  // PlaceField
  int vp = 0;
};

struct SetupDef {
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

constexpr int kNumTerritories = 8;
constexpr int kMaxTechInstances = 32;

struct Data {
  FacilityDef facilities[kNumFacilities];
  TerritoryDef territories[kNumTerritories];
  FieldDef fields[kNumFields];
  std::vector<TechDef> tech;
  SetupDef setup;

  int find_tech(const std::string& name) const;       // -1 if none
  int find_territory(const std::string& name) const;  // -1 if none
  int find_facility(const std::string& name) const;   // by printed name or kind key; -1 if none
};

// Kind keys of the data files ("solar_converter", ...).
const char* facility_key(Facility f);
const char* bonus_key(Bonus b);
const char* field_key(Field f);
const char* power_key(Power p);
const char* discard_key(DiscardPower d);

// Parses the four files (their texts; `dir` only names them in errors) and validates the result.
Data parse_af_data(const std::string& facilities, const std::string& territories, const std::string& tech,
                   const std::string& setup, const std::string& dir = "core/data");
// Reads dir/af_facilities.txt, af_territories.txt, af_tech.txt, af_setup.txt.
Data load_af_data(const std::string& dir);

// What-if overrides in the data file syntax: blocks naming an existing facility,
// territory, field or tech card ("tech: Booster Pod" / "cost: 2") and bare setup
// keys ("resource-limit: 10"); every key given replaces that field. Unknown names,
// keys or values throw DataError. The result is validated again.
void apply_af_overrides(Data& data, const std::string& overrides, const std::string& source = "override");

}  // namespace gs::af
