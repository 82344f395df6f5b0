// Parser and validator of the Alien Frontiers data files (core/data/af_*.txt) and
// of what-if overrides written in the same syntax. Format: docs/af-rules.md,
// "Data files". Every error is "<file>:<line>: <field>: <problem>".
#include "af/data.h"

#include <fstream>
#include <sstream>

#include "common/text.h"
#include "common/quoted.h"

namespace gs::af {

namespace {

using text::KeyLine;

const char* const kFacilityKeys[kNumFacilities] = {
    "solar_converter", "lunar_mine", "colonist_hub", "colony_constructor", "terraforming_station",
    "orbital_market", "alien_artifact", "shipyard", "raiders_outpost", "maintenance_bay"};
const char* const kBonusKeys[kNumBonuses] = {"hub_advance", "constructor_discount", "relic_ship", "market_rate",
                                             "shipyard_discount", "solar_fuel", "tech_discount", "mine_free"};
const char* const kFieldKeys[kNumFields] = {"isolation", "positron", "repulsor"};
const char* const kPowerKeys[] = {"none", "raise", "lower", "flip", "shift", "reroll",
                                  "borrow", "teleport", "plasma", "decoy", "cache"};
const char* const kDiscardKeys[] = {"none", "remove_field", "field", "move_colony",
                                    "swap_colonies", "return_ship", "take_discard"};

[[noreturn]] void fail(const std::string& source, int line, const std::string& field, const std::string& problem) {
  throw DataError(source + ":" + std::to_string(line) + ": " + text::shortened(field) + ": " + problem);
}

int number(const std::string& src, int line, const std::string& field, const std::string& t, int lo, int hi) {
  int v = 0;
  if (!text::parse_int(t, lo, hi, &v))
    fail(src, line, field, "bad number " + text::quoted(t) + " (expected a whole number from " + std::to_string(lo) + " to " +
                               std::to_string(hi) + ")");
  return v;
}

template <size_t N>
int find_key(const char* const (&table)[N], const std::string& word) {
  for (size_t i = 0; i < N; ++i)
    if (word == table[i]) return static_cast<int>(i);
  return -1;
}

template <size_t N>
std::string key_list(const char* const (&table)[N]) {
  std::string out;
  for (size_t i = 0; i < N; ++i) out += (i ? ", " : "") + std::string(table[i]);
  return out;
}

// "fuel N, ore N" (either part may be omitted).
void resources(const std::string& src, const KeyLine& k, int* fuel, int* ore) {
  *fuel = *ore = 0;
  for (const std::string& part : text::split_on(k.value, ',')) {
    auto w = text::split_words(part);
    if (w.size() != 2 || (w[0] != "fuel" && w[0] != "ore"))
      fail(src, k.line, k.key, "expected 'fuel N, ore N', got " + text::quoted(k.value));
    (w[0] == "fuel" ? *fuel : *ore) = number(src, k.line, k.key, w[1], 0, 9);
  }
}

// "2p N, 3p N, 4p N" into v[2..4]; `allowed` = player counts that may appear.
void per_players(const std::string& src, const KeyLine& k, int lo, int hi, int* v, unsigned allowed) {
  unsigned seen = 0;
  for (const std::string& part : text::split_on(k.value, ',')) {
    auto w = text::split_words(part);
    int p = -1;
    if (w.size() == 2 && w[0].size() == 2 && w[0][1] == 'p' && w[0][0] >= '2' && w[0][0] <= '4') p = w[0][0] - '0';
    if (p < 0 || !((allowed >> p) & 1))
      fail(src, k.line, k.key, "expected '" + std::string(allowed & 16 ? "2p N, 3p N, 4p N" : "2p N, 3p N") +
                                   "', got " + text::quoted(k.value));
    if ((seen >> p) & 1) fail(src, k.line, k.key, std::to_string(p) + "p given twice");
    seen |= 1u << p;
    v[p] = number(src, k.line, k.key, w[1], lo, hi);
  }
}

// ---------------------------------------------------------------------------
// Facilities

// Keys only some kinds take; every kind takes kind, docks, blocked, group, shape, value, cost.
struct KindKey {
  const char* key;
  Facility kind;
};
const KindKey kKindKeys[] = {
    {"fuel-by-value", kSolar}, {"ore-per-ship", kMine},     {"advances", kHub},        {"launch-cost", kHub},
    {"min-fleet", kTerraform}, {"claim-sum", kArtifact},    {"ship-cost", kShipyard}, {"raid-resources", kRaiders},
};

void facility_key_value(const std::string& src, const KeyLine& k, FacilityDef& f, int kind) {
  for (const KindKey& kk : kKindKeys)
    if (k.key == kk.key && kind >= 0 && kind != kk.kind)
      fail(src, k.line, k.key, "only the " + std::string(kFacilityKeys[kk.kind]) + " facility takes this key");
  if (k.key == "docks") {
    f.docks = k.value == "unlimited" ? -1 : number(src, k.line, k.key, k.value, 0, kMaxSingleDocks);
  } else if (k.key == "blocked") {
    for (int& b : f.blocked) b = 0;
    per_players(src, k, 0, kMaxSingleDocks, f.blocked, (1u << 2) | (1u << 3));
  } else if (k.key == "group") {
    f.group = number(src, k.line, k.key, k.value, 1, 3);
  } else if (k.key == "shape") {
    if (k.value == "any") f.shape = Shape::Any;
    else if (k.value == "same") f.shape = Shape::Same;
    else if (k.value == "straight") f.shape = Shape::Straight;
    else fail(src, k.line, k.key, "unknown shape " + text::quoted(k.value) + " (expected any, same or straight)");
  } else if (k.key == "value") {
    f.value = number(src, k.line, k.key, k.value, 0, 6);
  } else if (k.key == "cost") {
    resources(src, k, &f.cost_fuel, &f.cost_ore);
  } else if (k.key == "fuel-by-value") {
    auto w = text::split_words(k.value);
    if (w.size() != 6) fail(src, k.line, k.key, "expected 6 numbers (values 1..6), got " + text::quoted(k.value));
    for (int v = 1; v <= 6; ++v) f.fuel_by_value[v] = number(src, k.line, k.key, w[v - 1], 0, 9);
  } else if (k.key == "ore-per-ship") {
    f.ore_per_ship = number(src, k.line, k.key, k.value, 0, 9);
  } else if (k.key == "advances") {
    f.advances = number(src, k.line, k.key, k.value, 1, 20);
  } else if (k.key == "launch-cost") {
    resources(src, k, &f.launch_fuel, &f.launch_ore);
  } else if (k.key == "min-fleet") {
    f.min_fleet = number(src, k.line, k.key, k.value, 0, 6);
  } else if (k.key == "claim-sum") {
    f.claim_sum = number(src, k.line, k.key, k.value, 1, 36);
  } else if (k.key == "ship-cost") {
    unsigned seen = 0;
    for (const std::string& part : text::split_on(k.value, ',')) {
      auto w = text::split_words(part);
      int n = -1;
      if (w.size() == 2 && w[0].size() == 3 && w[0].substr(1) == "th" && w[0][0] >= '4' && w[0][0] <= '6')
        n = w[0][0] - '0';
      if (n < 0) fail(src, k.line, k.key, "expected '4th N, 5th N, 6th N', got " + text::quoted(k.value));
      f.ship_cost[n] = number(src, k.line, k.key, w[1], 0, 9);
      seen |= 1u << n;
    }
    if (seen != 0x70u) fail(src, k.line, k.key, "give the cost of the 4th, 5th and 6th ship");
  } else if (k.key == "raid-resources") {
    f.raid_resources = number(src, k.line, k.key, k.value, 0, 20);
  } else if (k.key == "kind") {
    fail(src, k.line, k.key, "the kind of a facility cannot be changed");
  } else {
    fail(src, k.line, k.key, "unknown facility key");
  }
}

void parse_facilities(const std::string& src, const std::string& body, Data& d) {
  auto lines = text::key_lines(body);
  for (size_t i = 0; i < lines.size();) {
    const KeyLine& head = lines[i];
    if (head.key != "facility") fail(src, head.line, head.key.empty() ? head.value : head.key,
                                     head.key.empty() ? "expected 'key: value'" : "expected a 'facility:' line first");
    if (head.value.empty()) fail(src, head.line, "facility", "missing name");
    FacilityDef f;
    f.name = head.value;
    f.line = head.line;
    size_t j = i + 1;
    int kind = -1;
    for (size_t k = j; k < lines.size() && lines[k].key != "facility"; ++k) {
      if (lines[k].key.empty()) fail(src, lines[k].line, lines[k].value, "expected 'key: value'");
      if (lines[k].key == "kind") {
        kind = find_key(kFacilityKeys, lines[k].value);
        if (kind < 0) fail(src, lines[k].line, "kind", "unknown kind " + text::quoted(lines[k].value) + " (expected one of " +
                                                           key_list(kFacilityKeys) + ")");
      }
    }
    if (kind < 0) fail(src, head.line, "kind", "missing: facility " + text::quoted(f.name) + " needs a kind");
    for (; j < lines.size() && lines[j].key != "facility"; ++j)
      if (lines[j].key != "kind") facility_key_value(src, lines[j], f, kind);
    if (d.facilities[kind].defined)
      fail(src, head.line, "kind", std::string(kFacilityKeys[kind]) + " is defined twice (first at line " +
                                       std::to_string(d.facilities[kind].line) + ")");
    f.defined = true;
    d.facilities[kind] = f;
    i = j;
  }
}

// ---------------------------------------------------------------------------
// Territories and field generators

void territory_key_value(const std::string& src, const KeyLine& k, TerritoryDef& t) {
  if (k.key == "bonus") {
    auto w = text::split_words(k.value);
    int b = w.empty() ? -1 : find_key(kBonusKeys, w[0]);
    if (b < 0) fail(src, k.line, k.key, "unknown bonus " + text::quoted(k.value) + " (expected one of " + key_list(kBonusKeys) + ")");
    bool takes_amount = b != kBonusRelicShip && b != kBonusMineFree;
    if (takes_amount != (w.size() == 2) || w.size() > 2)
      fail(src, k.line, k.key, std::string(kBonusKeys[b]) + (takes_amount ? " takes one number" : " takes no number"));
    t.bonus = static_cast<Bonus>(b);
    t.amount = takes_amount ? number(src, k.line, k.key, w[1], 0, 6) : 0;
  } else if (k.key == "cost") {
    resources(src, k, &t.cost_fuel, &t.cost_ore);
  } else if (k.key == "borrowable") {
    if (k.value != "yes" && k.value != "no") fail(src, k.line, k.key, "expected yes or no, got " + text::quoted(k.value));
    t.borrowable = k.value == "yes";
  } else {
    fail(src, k.line, k.key, "unknown territory key");
  }
}

void field_key_value(const std::string& src, const KeyLine& k, FieldDef& f) {
  if (k.key == "vp") f.vp = number(src, k.line, k.key, k.value, 0, 5);
  else if (k.key == "effect") fail(src, k.line, k.key, "the effect of a field generator cannot be changed");
  else fail(src, k.line, k.key, "unknown field key");
}

void parse_territories(const std::string& src, const std::string& body, Data& d) {
  auto lines = text::key_lines(body);
  int territories = 0;
  int field_line[kNumFields] = {0, 0, 0};
  for (size_t i = 0; i < lines.size();) {
    const KeyLine& head = lines[i];
    if (head.key != "territory" && head.key != "field")
      fail(src, head.line, head.key.empty() ? head.value : head.key,
           head.key.empty() ? "expected 'key: value'" : "expected a 'territory:' or 'field:' line first");
    if (head.value.empty()) fail(src, head.line, head.key, "missing name");
    size_t j = i + 1;
    if (head.key == "territory") {
      if (territories == kNumTerritories) fail(src, head.line, "territory", "more than 8 territories");
      TerritoryDef t;
      t.name = head.value;
      for (; j < lines.size() && lines[j].key != "territory" && lines[j].key != "field"; ++j)
        territory_key_value(src, lines[j], t);
      if (t.bonus == kNumBonuses) fail(src, head.line, "bonus", "missing: territory " + text::quoted(t.name) + " needs a bonus");
      d.territories[territories++] = t;
    } else {
      FieldDef f;
      f.name = head.value;
      int effect = -1;
      for (; j < lines.size() && lines[j].key != "territory" && lines[j].key != "field"; ++j) {
        if (lines[j].key == "effect") {
          effect = find_key(kFieldKeys, lines[j].value);
          if (effect < 0) fail(src, lines[j].line, "effect", "unknown effect " + text::quoted(lines[j].value) + " (expected " +
                                                                 key_list(kFieldKeys) + ")");
        } else {
          field_key_value(src, lines[j], f);
        }
      }
      if (effect < 0) fail(src, head.line, "effect", "missing: field " + text::quoted(f.name) + " needs an effect");
      if (field_line[effect])
        fail(src, head.line, "effect", std::string(kFieldKeys[effect]) + " is defined twice (first at line " +
                                           std::to_string(field_line[effect]) + ")");
      field_line[effect] = head.line;
      f.defined = true;
      d.fields[effect] = f;
    }
    i = j;
  }
  if (territories != kNumTerritories)
    fail(src, 0, "territory", "expected 8 territories, found " + std::to_string(territories));
}

// ---------------------------------------------------------------------------
// Alien tech

void tech_key_value(const std::string& src, const KeyLine& k, TechDef& t) {
  if (k.key == "copies") {
    t.copies = number(src, k.line, k.key, k.value, 0, 4);
  } else if (k.key == "power") {
    auto w = text::split_words(k.value);
    int p = w.empty() ? -1 : find_key(kPowerKeys, w[0]);
    if (p < 0) fail(src, k.line, k.key, "unknown power " + text::quoted(k.value) + " (expected one of " + key_list(kPowerKeys) + ")");
    t.power = static_cast<Power>(p);
    bool takes_amount = t.power == Power::Raise || t.power == Power::Lower || t.power == Power::Shift;
    if (takes_amount != (w.size() == 2) || w.size() > 2)
      fail(src, k.line, k.key, std::string(kPowerKeys[p]) + (takes_amount ? " takes one number" : " takes no number"));
    t.amount = takes_amount ? number(src, k.line, k.key, w[1], 1, 5) : 0;
  } else if (k.key == "cost") {
    t.cost = number(src, k.line, k.key, k.value, 0, 9);
  } else if (k.key == "discard") {
    auto w = text::split_words(k.value);
    int p = w.empty() ? -1 : find_key(kDiscardKeys, w[0]);
    if (p < 0)
      fail(src, k.line, k.key, "unknown discard power " + text::quoted(k.value) + " (expected one of " + key_list(kDiscardKeys) + ")");
    t.discard = static_cast<DiscardPower>(p);
    if (t.discard == DiscardPower::PlaceField) {
      int f = w.size() == 2 ? find_key(kFieldKeys, w[1]) : -1;
      if (f < 0) fail(src, k.line, k.key, "expected 'field isolation|positron|repulsor', got " + text::quoted(k.value));
      t.field = static_cast<Field>(f);
    } else {
      if (w.size() != 1) fail(src, k.line, k.key, std::string(kDiscardKeys[p]) + " takes nothing after it");
      t.field = kNumFields;
    }
  } else if (k.key == "vp") {
    t.vp = number(src, k.line, k.key, k.value, 0, 5);
  } else {
    fail(src, k.line, k.key, "unknown tech key");
  }
}

void parse_tech(const std::string& src, const std::string& body, Data& d) {
  auto lines = text::key_lines(body);
  for (size_t i = 0; i < lines.size();) {
    const KeyLine& head = lines[i];
    if (head.key != "tech") fail(src, head.line, head.key.empty() ? head.value : head.key,
                                 head.key.empty() ? "expected 'key: value'" : "expected a 'tech:' line first");
    if (head.value.empty()) fail(src, head.line, "tech", "missing name");
    if (d.find_tech(head.value) >= 0) fail(src, head.line, "tech", text::quoted(head.value) + " is defined twice");
    if (static_cast<int>(d.tech.size()) == kMaxTechDesigns)
      fail(src, head.line, "tech", "more than " + std::to_string(kMaxTechDesigns) + " tech cards");
    TechDef t;
    t.name = head.value;
    t.line = head.line;
    bool copies = false;
    size_t j = i + 1;
    for (; j < lines.size() && lines[j].key != "tech"; ++j) {
      if (lines[j].key.empty()) fail(src, lines[j].line, lines[j].value, "expected 'key: value'");
      copies |= lines[j].key == "copies";
      tech_key_value(src, lines[j], t);
    }
    if (!copies) fail(src, head.line, "copies", "missing: tech " + text::quoted(t.name) + " needs a copy count");
    d.tech.push_back(t);
    i = j;
  }
}

// ---------------------------------------------------------------------------
// Setup

void setup_key_value(const std::string& src, const KeyLine& k, SetupDef& s) {
  if (k.key == "colours") {
    auto w = text::split_words(k.value);
    if (w.size() != 4) fail(src, k.line, k.key, "expected 4 colour names, got " + text::quoted(k.value));
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < i; ++j)
        if (w[j] == w[i]) fail(src, k.line, k.key, "colour " + text::quoted(w[i]) + " given twice");
      s.colours[i] = w[i];
    }
  } else if (k.key == "colonies") {
    per_players(src, k, 1, 12, s.colonies, 0x1cu);
  } else if (k.key == "colonies-long-game") {
    per_players(src, k, 1, 12, s.colonies_long, 0x1cu);
  } else if (k.key == "ships-per-colour") {
    s.ships_per_colour = number(src, k.line, k.key, k.value, 1, 6);
  } else if (k.key == "start-ships") {
    s.start_ships = number(src, k.line, k.key, k.value, 1, 6);
  } else if (k.key == "start-resources") {
    auto parts = text::split_on(k.value, ';');
    if (parts.size() != 4) fail(src, k.line, k.key, "expected 4 entries 'fuel F ore O' separated by ';'");
    for (int i = 0; i < 4; ++i) {
      auto w = text::split_words(parts[i]);
      if (w.size() != 4 || w[0] != "fuel" || w[2] != "ore")
        fail(src, k.line, k.key, "expected 'fuel F ore O', got " + text::quoted(parts[i]));
      s.start_fuel[i] = number(src, k.line, k.key, w[1], 0, 8);
      s.start_ore[i] = number(src, k.line, k.key, w[3], 0, 8);
    }
  } else if (k.key == "resource-limit") {
    s.resource_limit = number(src, k.line, k.key, k.value, 0, 100);
  } else if (k.key == "display") {
    s.display = number(src, k.line, k.key, k.value, 0, 6);
  } else if (k.key == "start-tech") {
    s.start_tech = number(src, k.line, k.key, k.value, 0, 3);
  } else if (k.key == "turn-cap") {
    s.turn_cap = number(src, k.line, k.key, k.value, 1, 30000);
  } else {
    fail(src, k.line, k.key, "unknown setup key");
  }
}

const char* const kSetupKeys[] = {"colours", "colonies", "colonies-long-game", "ships-per-colour", "start-ships",
                                  "start-resources", "resource-limit", "display", "start-tech", "turn-cap"};

void parse_setup(const std::string& src, const std::string& body, Data& d) {
  bool seen[sizeof(kSetupKeys) / sizeof(kSetupKeys[0])] = {};
  for (const KeyLine& k : text::key_lines(body)) {
    if (k.key.empty()) fail(src, k.line, k.value, "expected 'key: value'");
    int idx = find_key(kSetupKeys, k.key);
    if (idx >= 0 && seen[idx]) fail(src, k.line, k.key, "given twice");
    setup_key_value(src, k, d.setup);
    seen[idx] = true;
  }
  for (size_t i = 0; i < sizeof(kSetupKeys) / sizeof(kSetupKeys[0]); ++i)
    if (!seen[i]) fail(src, 0, kSetupKeys[i], "missing setup key");
}

// ---------------------------------------------------------------------------
// Validation of the whole data set (also after overrides).

void validate(const Data& d, const std::string& fac_src, const std::string& ter_src, const std::string& tech_src,
              const std::string& setup_src) {
  for (int k = 0; k < kNumFacilities; ++k) {
    const FacilityDef& f = d.facilities[k];
    const std::string key = kFacilityKeys[k];
    if (!f.defined) fail(fac_src, 0, "kind", "no facility of kind " + key);
    const bool single = k == kSolar || k == kMine || k == kTerraform || k == kArtifact || k == kBay;
    const bool grouped = k == kConstructor || k == kMarket || k == kShipyard || k == kRaiders;
    if ((k == kBay) != (f.docks < 0)) fail(fac_src, f.line, "docks", key + (k == kBay ? " must be unlimited" : " cannot be unlimited"));
    if (single && (f.group != 1 || f.shape != Shape::Any))
      fail(fac_src, f.line, "group", key + " has single docks: group 1, shape any");
    if (grouped && (f.group < 2 || f.shape == Shape::Any))
      fail(fac_src, f.line, "group", key + " has dock groups: group 2 or 3, shape same or straight");
    if (k == kHub && f.shape != Shape::Any) fail(fac_src, f.line, "shape", "colonist_hub takes any values");
    if (grouped && f.docks > kMaxGroups) fail(fac_src, f.line, "docks", "at most " + std::to_string(kMaxGroups) + " dock groups");
    if (k == kRaiders && f.docks != 1) fail(fac_src, f.line, "docks", "raiders_outpost has exactly 1 dock group");
    if (k == kArtifact && f.docks > kMaxArtifactDocks) fail(fac_src, f.line, "docks", "at most 6 Artifact docks");
    if (k == kHub && f.docks < 4) fail(fac_src, f.line, "docks", "colonist_hub needs a track for each of 4 players");
    for (int p = 2; p <= 3; ++p) {
      if (f.blocked[p] % f.group) fail(fac_src, f.line, "blocked", "blocker ships fill whole dock groups of " + std::to_string(f.group));
      if (f.docks >= 0 && f.usable(p) < 0) fail(fac_src, f.line, "blocked", "more blocker ships than docks");
      if (f.blocked[p] && (k == kHub || k == kBay)) fail(fac_src, f.line, "blocked", key + " has no blocked docks");
    }
    if (f.value && k != kTerraform) fail(fac_src, f.line, "value", "only terraforming_station requires a value");
    if (k == kHub && f.advances == 0) fail(fac_src, f.line, "advances", "missing");
    if (k == kArtifact && f.claim_sum == 0) fail(fac_src, f.line, "claim-sum", "missing");
    if (k == kSolar) {
      bool any = false;
      for (int v = 1; v <= 6; ++v) any |= f.fuel_by_value[v] > 0;
      if (!any) fail(fac_src, f.line, "fuel-by-value", "missing");
    }
  }
  for (int t = 0; t < kNumTerritories; ++t) {
    for (int u = 0; u < t; ++u) {
      if (d.territories[u].name == d.territories[t].name)
        fail(ter_src, 0, "territory", text::quoted(d.territories[t].name) + " is defined twice");
      if (d.territories[u].bonus == d.territories[t].bonus)
        fail(ter_src, 0, "bonus", std::string(kBonusKeys[d.territories[t].bonus]) + " is the bonus of two territories");
    }
    const TerritoryDef& td = d.territories[t];
    if (td.bonus == kBonusMarketRate && td.amount < 1)
      fail(ter_src, 0, "bonus", "market_rate must be at least 1 fuel per ore");
    if (td.bonus == kBonusRelicShip && td.borrowable)
      fail(ter_src, 0, "borrowable", "the relic_ship bonus lasts beyond a turn and cannot be borrowed");
    if (td.bonus != kBonusRelicShip && (td.cost_fuel || td.cost_ore))
      fail(ter_src, 0, "cost", "only the relic_ship bonus has a cost (" + text::quoted(td.name) + ")");
  }
  for (int f = 0; f < kNumFields; ++f)
    if (!d.fields[f].defined) fail(ter_src, 0, "effect", std::string("no field generator with effect ") + kFieldKeys[f]);
  if (d.tech.empty()) fail(tech_src, 0, "tech", "no tech cards");
  if (d.tech_instances() > kMaxTechInstances)
    fail(tech_src, 0, "copies", "more than " + std::to_string(kMaxTechInstances) + " tech cards in all");
  for (const TechDef& t : d.tech) {
    bool costs = t.power == Power::Raise || t.power == Power::Lower || t.power == Power::Flip ||
                 t.power == Power::Shift || t.power == Power::Reroll || t.power == Power::Borrow ||
                 t.power == Power::Teleport || t.power == Power::Plasma;
    if (!costs && t.cost) fail(tech_src, t.line, "cost", text::quoted(t.name) + " has no fuel power to pay for");
  }
  const SetupDef& s = d.setup;
  if (s.start_ships > s.ships_per_colour) fail(setup_src, 0, "start-ships", "more than ships-per-colour");
  int deal = s.display + 4 * s.start_tech;
  if (deal > d.tech_instances())
    fail(setup_src, 0, "display", "the display and the starting deal need " + std::to_string(deal) + " tech cards, the deck has " +
                                      std::to_string(d.tech_instances()));
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(path + ": cannot read the file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

const char* facility_key(Facility f) { return f < kNumFacilities ? kFacilityKeys[f] : "?"; }
const char* bonus_key(Bonus b) { return b < kNumBonuses ? kBonusKeys[b] : "?"; }
const char* field_key(Field f) { return f < kNumFields ? kFieldKeys[f] : "?"; }
const char* power_key(Power p) { return kPowerKeys[static_cast<int>(p)]; }
const char* discard_key(DiscardPower d) { return kDiscardKeys[static_cast<int>(d)]; }

int Data::find_tech(const std::string& name) const {
  for (size_t i = 0; i < tech.size(); ++i)
    if (tech[i].name == name) return static_cast<int>(i);
  return -1;
}

int Data::find_territory(const std::string& name) const {
  for (int i = 0; i < kNumTerritories; ++i)
    if (territories[i].name == name) return i;
  return -1;
}

int Data::find_facility(const std::string& name) const {
  for (int i = 0; i < kNumFacilities; ++i)
    if (facilities[i].name == name || name == kFacilityKeys[i]) return i;
  return -1;
}

int Data::find_field(const std::string& name) const {
  for (int i = 0; i < kNumFields; ++i)
    if (fields[i].name == name || name == kFieldKeys[i]) return i;
  return -1;
}

int Data::tech_instances() const {
  int n = 0;
  for (const TechDef& t : tech) n += t.copies;
  return n;
}

Data parse_af_data(const DataTexts& texts, const std::string& dir) {
  Data d;
  const std::string fac = dir + "/af_facilities.txt", ter = dir + "/af_territories.txt", tech = dir + "/af_tech.txt",
                    setup = dir + "/af_setup.txt";
  parse_facilities(fac, texts.facilities, d);
  parse_territories(ter, texts.territories, d);
  parse_tech(tech, texts.tech, d);
  parse_setup(setup, texts.setup, d);
  validate(d, fac, ter, tech, setup);
  return d;
}

Data load_af_data(const std::string& dir) {
  DataTexts t;
  t.facilities = read_file(dir + "/af_facilities.txt");
  t.territories = read_file(dir + "/af_territories.txt");
  t.tech = read_file(dir + "/af_tech.txt");
  t.setup = read_file(dir + "/af_setup.txt");
  return parse_af_data(t, dir);
}

void apply_af_overrides(Data& data, const std::string& overrides, const std::string& source) {
  auto lines = text::key_lines(overrides);
  enum { kNoBlock, kFacilityBlock, kTerritoryBlock, kFieldBlock, kTechBlock } block = kNoBlock;
  int index = -1;
  for (const KeyLine& k : lines) {
    if (k.key.empty()) fail(source, k.line, k.value, "expected 'key: value'");
    if (k.key == "facility" || k.key == "territory" || k.key == "field" || k.key == "tech") {
      if (k.key == "facility") { block = kFacilityBlock; index = data.find_facility(k.value); }
      else if (k.key == "territory") { block = kTerritoryBlock; index = data.find_territory(k.value); }
      else if (k.key == "field") { block = kFieldBlock; index = data.find_field(k.value); }
      else { block = kTechBlock; index = data.find_tech(k.value); }
      if (index < 0) fail(source, k.line, k.key, "unknown " + k.key + " " + text::quoted(k.value));
      continue;
    }
    switch (block) {
      case kNoBlock: setup_key_value(source, k, data.setup); break;
      case kFacilityBlock: facility_key_value(source, k, data.facilities[index], index); break;
      case kTerritoryBlock: {
        const Bonus kind = data.territories[index].bonus;
        territory_key_value(source, k, data.territories[index]);
        if (data.territories[index].bonus != kind)  // its amount may change (AF-G20), not its kind
          fail(source, k.line, k.key, "the bonus of a territory cannot be changed, only its amount (" +
                                          std::string(kBonusKeys[kind]) + " N)");
        break;
      }
      case kFieldBlock: field_key_value(source, k, data.fields[index]); break;
      case kTechBlock:
        if (k.key == "power" || k.key == "discard")
          fail(source, k.line, k.key, "the powers of a tech card cannot be changed");
        tech_key_value(source, k, data.tech[index]);
        break;
    }
  }
  validate(data, source, source, source, source);
}

}  // namespace gs::af
