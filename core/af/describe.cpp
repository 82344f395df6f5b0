// Human-readable action texts (Game::describe). Texts are unique among the
// legal actions of a decision, so tests and replays can name actions by text.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "af/play.h"
#include "af/state_json.h"

namespace gs::af {

namespace {

constexpr int kSlotFacility[kNumSlots] = {kSolar, kMine, kHub, kArtifact, kTerraform, kBay};

std::string fac_name(const Game& g, int f) { return g.facility(f).name; }

// "5", "Relic 5", "teleported 5": the active player's ship as a docking names it.
std::string own_ship(const State& s, int ship, int value) {
  std::string out;
  if (ship == s.teleported) out += "teleported ";
  if (is_relic(ship)) out += "Relic ";
  return out + std::to_string(value);
}

// "red 4 at Lunar Mine", "Relic Ship (red) in the Maintenance Bay": any ship on the board.
std::string board_ship(const Game& g, const State& s, int ship) {
  if (ship < 0 || ship >= kNumShips) return "?";
  int o = owner_of(s, ship);
  std::string colour = o >= 0 ? g.colour(o) : std::string("nobody");
  std::string who = is_relic(ship) ? "Relic Ship (" + colour + ")" : colour;
  int loc = s.loc[ship];
  if (loc == kLocBay) return who + (is_relic(ship) ? "" : " ship") + " in the Maintenance Bay";
  std::string where = facility_of(loc) < kNumFacilities ? state_json_detail::location_label(g, loc) : "?";
  return who + " " + std::to_string(s.value[ship]) + " at " + where;
}

std::string territory_name(const Game& g, int t) {
  return t >= 0 && t < kNumTerritories ? g.territory(t).name : "?";
}

std::string describe_group(const Game& g, const State& s, int action) {
  int code = action - act::kGroupBase;
  const int tpos = code % 4;
  code /= 4;
  const int rpos = code % 4;
  code /= 4;
  const int v = code % 6 + 1, kind = code / 6;
  const int fac = group_facility(kind);
  const bool straight = g.facility(fac).shape == Shape::Straight;
  std::string out = "dock ";
  for (int i = 0; i < group_size(g, kind); ++i) {
    int w = straight ? v + i : v;
    if (i) out += "+";
    if (i + 1 == tpos) out += "teleported ";
    if (i + 1 == rpos || (i + 1 == tpos && s.teleported == kRelic)) out += "Relic ";
    out += std::to_string(w);
  }
  return out + " at " + fac_name(g, fac);
}

std::string describe_power(const Game& g, const State& s, int action) {
  const int code = action - act::kPowerBase;
  const int design = code / act::kPowerStride, target = code % act::kPowerStride;
  const TechDef& t = g.data().tech[design];
  std::string out = t.name + ": ";
  auto die = [&](int ship, int to) { return own_ship(s, ship, s.value[ship]) + " to " + std::to_string(to); };
  const bool ship_target = t.power != Power::Shift && t.power != Power::Borrow && t.power != Power::Reroll;
  if ((ship_target && target >= kNumShips) || (t.power == Power::Shift && target >= kNumShips * 25) ||
      (t.power == Power::Borrow && target >= kNumTerritories))
    return "?";
  switch (t.power) {
    case Power::Raise: return out + die(target, s.value[target] + t.amount);
    case Power::Lower: return out + die(target, s.value[target] - t.amount);
    case Power::Flip: return out + die(target, 7 - s.value[target]);
    case Power::Shift: {
      int down = target / 25, up = target % 25;
      return out + die(down, s.value[down] - t.amount) + " and " + die(up, s.value[up] + t.amount);
    }
    case Power::Reroll: return out + "re-roll ships";
    case Power::Borrow: return out + "borrow " + territory_name(g, target);
    case Power::Teleport:
      return out + "lift " + own_ship(s, target, s.value[target]) + " from " +
             state_json_detail::location_label(g, s.loc[target]);
    case Power::Plasma: return out + "remove " + board_ship(g, s, target);
    default: return out + "?";
  }
}

std::string describe_discard(const Game& g, const State& s, int action) {
  const int code = action - act::kDiscardBase;
  const int design = code / act::kDiscardStride, target = code % act::kDiscardStride;
  const TechDef& t = g.data().tech[design];
  std::string out = "discard " + t.name + ": ";
  if ((t.discard == DiscardPower::RemoveField && target >= kNumFields) ||
      (t.discard == DiscardPower::ReturnShip && target >= kNumShips) ||
      (t.discard == DiscardPower::TakeDiscard && target >= g.num_instances()))
    return "?";
  switch (t.discard) {
    case DiscardPower::RemoveField: return out + "remove " + g.data().fields[target].name;
    case DiscardPower::PlaceField: return out + g.data().fields[t.field].name + " to " + territory_name(g, target);
    case DiscardPower::MoveColony: return out + "move a colony";
    case DiscardPower::SwapColonies: return out + "swap two colonies";
    case DiscardPower::ReturnShip: return out + "return " + board_ship(g, s, target);
    case DiscardPower::TakeDiscard: return out + "take " + g.tech_of(target).name;
    default: return out + "?";
  }
}

std::string colony(const Game& g, int code) {
  return g.colour(code / 8) + " colony on " + territory_name(g, code % 8);
}

}  // namespace

std::string Game::describe(const State& s, int a) const {
  const int p = s.active;
  switch (a) {
    case act::kEndTurn: return "end turn";
    case act::kTrade: return "trade " + std::to_string(market_rate(*this, s)) + " fuel for 1 ore";
    case act::kLaunch: return "launch the Hub colony";
    case act::kBuyRelic: return "buy the Relic Ship";
    case act::kCycle: return "cycle the display";
    case act::kStop:
      if (s.decision == DecisionKind::Reroll) return "roll the picked ships";
      if (s.decision == DecisionKind::PlasmaMore) return "stop removing ships";
      return "stop raiding";
    case act::kRaidResources: return "raid resources";
    default: break;
  }
  if (a >= act::kDockBase && a < act::kGroupBase) {
    int slot = (a - act::kDockBase) / 32, ship = (a - act::kDockBase) % 32;
    if (slot >= kNumSlots || ship >= kNumShips) return "?";
    if (slot == kSlotBay) return "send " + own_ship(s, ship, s.value[ship]) + " to the " + facility(kBay).name;
    return "dock " + own_ship(s, ship, s.value[ship]) + " at " + facility(kSlotFacility[slot]).name;
  }
  if (a >= act::kGroupBase && a < act::kClaimBase) return describe_group(*this, s, a);
  if (a >= act::kClaimBase && a < act::kTerritoryBase) {
    int inst = (a - act::kClaimBase) / 64, mask = (a - act::kClaimBase) % 64;
    if (inst >= n_instances_) return "?";
    std::vector<std::pair<int, std::string>> set;  // by value, for a stable text
    int i = 0;
    for_each_ship(s, p, [&](int ship) {
      if (s.loc[ship] != kLocArtifact) return;
      if ((mask >> i++) & 1) set.emplace_back(s.value[ship] * 2 + is_relic(ship), own_ship(s, ship, s.value[ship]));
    });
    std::sort(set.begin(), set.end());
    std::string with;
    for (const auto& x : set) with += (with.empty() ? "" : "+") + x.second;
    return "claim " + tech_of(inst).name + " with " + with;
  }
  if (a >= act::kTerritoryBase && a < act::kColonyBase) {
    std::string t = territory_name(*this, a - act::kTerritoryBase);
    return s.decision == DecisionKind::MoveColonyTo ? "move it to " + t : "land on " + t;
  }
  if (a >= act::kColonyBase && a < act::kShipBase) {
    std::string c = colony(*this, a - act::kColonyBase);
    if (s.decision == DecisionKind::SwapSecond) return "swap with " + c;
    return (s.decision == DecisionKind::SwapFirst ? "swap " : "move ") + c;
  }
  if (a >= act::kShipBase && a < act::kRaidCardBase) {
    int ship = a - act::kShipBase;
    if (ship >= kNumShips) return "?";
    if (s.decision == DecisionKind::Reroll) return "pick " + own_ship(s, ship, s.value[ship]);
    return "also remove " + board_ship(*this, s, ship);
  }
  if (a >= act::kRaidCardBase && a < act::kTakeBase) {
    int q = (a - act::kRaidCardBase) / 32, inst = (a - act::kRaidCardBase) % 32;
    if (q >= s.players || inst >= n_instances_) return "?";
    return "steal " + tech_of(inst).name + " from " + colour(q);
  }
  if (a >= act::kTakeBase && a < act::kReturnBase) {
    int key = a - act::kTakeBase;
    return std::string("take 1 ") + (key % 2 ? "fuel" : "ore") + " from " + colour(key / 2);
  }
  if (a >= act::kReturnBase && a < act::kPowerBase) {
    int ore = a - act::kReturnBase;
    int excess = s.ore[p] + s.fuel[p] - data_.setup.resource_limit;
    return "return " + std::to_string(ore) + " ore and " + std::to_string(excess - ore) + " fuel";
  }
  if (a >= act::kPowerBase && a < act::kDiscardBase) {
    if ((a - act::kPowerBase) / act::kPowerStride >= num_designs()) return "?";
    return describe_power(*this, s, a);
  }
  if (a >= act::kDiscardBase && a < act::kMaxAction) {
    if ((a - act::kDiscardBase) / act::kDiscardStride >= num_designs()) return "?";
    return describe_discard(*this, s, a);
  }
  return "?";
}

}  // namespace gs::af
