// Alien tech powers (rules 7): the fuel powers (each card once per turn, Pohl
// Foothills discount) and the discard powers (one per turn, of a card not powered
// this turn), with their follow-up decisions (Warper picks, more Plasma Cannon
// targets, colony moves and swaps). Which card does what is data (af_tech.txt):
// this file implements each power kind once.
//
// Targets are offered once per choice that makes a difference: among ships alike
// (same location, owner, value; the Relic Ship apart) only the lowest id, and a
// multi-ship choice picks ships in increasing id order (AF-G6).
#include "af/play.h"

namespace gs::af {

namespace {

constexpr int kReturnShipMinFleet = 3;  // AF24: the victim must have more own-colour ships than this

int pohl(const Game& g, const State& s) { return bonus_amount(g, s, s.active, kBonusTechDiscount); }

// Total fuel for k Plasma Cannon ships (AF-§7.2: the discount comes off the total).
int plasma_total(const Game& g, const State& s, int design, int k) {
  int c = k * g.data().tech[design].cost - pohl(g, s);
  return c > 0 ? c : 0;
}

int borrow_cost(const Game& g, const State& s, int design, int t) {
  int c = colonies_on(s, t) * g.data().tech[design].cost - pohl(g, s);
  return c > 0 ? c : 0;
}

// Ships alike: same location, owner and value, and both coloured or both the Relic Ship.
bool alike(const State& s, int a, int b) {
  return s.loc[a] == s.loc[b] && owner_of(s, a) == owner_of(s, b) && s.value[a] == s.value[b] &&
         is_relic(a) == is_relic(b);
}

// The ships of `cands` (bit i = ship i) that have no alike ship of lower id in `cands`.
uint32_t firsts_alike(const State& s, uint32_t cands) {
  uint32_t out = 0, seen = 0;
  for (uint32_t m = cands; m; m &= m - 1) {
    const int x = lowest_bit32(m);
    bool dup = false;
    for (uint32_t k = seen; k && !dup; k &= k - 1) dup = alike(s, lowest_bit32(k), x);
    if (!dup) out |= 1u << x;
    seen |= 1u << x;
  }
  return out;
}

template <class Pred>
uint32_t ships_where(Pred pred) {
  uint32_t m = 0;
  for (int ship = 0; ship < kNumShips; ++ship)
    if (pred(ship)) m |= 1u << ship;
  return m;
}

// The active player's unplaced ships tech may change (not a teleported one, AF38).
uint32_t changeable_ships(const State& s) {
  uint32_t m = 0;
  for_each_ship(s, s.active, [&](int ship) {
    if (s.loc[ship] == kLocUnplaced && ship != s.teleported) m |= 1u << ship;
  });
  return m;
}

bool enemy_docked(const State& s, int ship) {
  int o = owner_of(s, ship);
  return o >= 0 && o != s.active && is_docked(s.loc[ship]);
}

bool can_move_colony(const State& s) {
  for (int t = 0; t < kNumTerritories; ++t)
    if (!repulsed(s, t) && colonies_on(s, t) > 0) return true;  // 7 other territories, at most one repulsed
  return false;
}

bool swap_partner(const State& s, int q, int t1) {
  for (int t2 = t1 + 1; t2 < kNumTerritories; ++t2) {
    if (repulsed(s, t2)) continue;
    for (int r = 0; r < s.players; ++r)
      if (r != q && s.colonies[r][t2] > 0) return true;
  }
  return false;
}

bool can_swap(const State& s) {
  for (int t = 0; t < kNumTerritories; ++t) {
    if (repulsed(s, t)) continue;
    for (int q = 0; q < s.players; ++q)
      if (s.colonies[q][t] > 0 && swap_partner(s, q, t)) return true;
  }
  return false;
}

// Where the Plasma Cannon sends a ship: the Bay, or the stock from the Terraforming Station
// (the Relic Ship home), rules 7.3.
void blast(State& s, int ship) {
  if (s.loc[ship] == kLocTerraform) {
    if (is_relic(ship)) {
      relic_home(s);
    } else {
      move_ship(s, ship, kLocStock);
      s.value[ship] = 0;
    }
  } else {
    move_ship(s, ship, kLocBay);
    s.value[ship] = 0;
  }
}

int die_power_targets(const State& s, const TechDef& t, int base, int* out) {
  int n = 0;
  const uint32_t cands = firsts_alike(s, changeable_ships(s));
  if (t.power == Power::Reroll) {  // one action, then the picks
    if (cands) push(out, n, base);
    return n;
  }
  for (uint32_t m = cands; m; m &= m - 1) {
    const int ship = lowest_bit32(m), v = s.value[ship];
    if (t.power == Power::Flip || (t.power == Power::Raise && v + t.amount <= 6) ||
        (t.power == Power::Lower && v - t.amount >= 1))
      push(out, n, base + ship);
  }
  return n;
}

int shift_targets(const State& s, const TechDef& t, int base, int* out) {
  int n = 0;
  const uint32_t all = changeable_ships(s);
  for (uint32_t d = firsts_alike(s, all); d; d &= d - 1) {
    const int down = lowest_bit32(d);
    if (s.value[down] - t.amount < 1) continue;
    for (uint32_t u = firsts_alike(s, all & ~(1u << down)); u; u &= u - 1) {
      const int up = lowest_bit32(u);
      if (s.value[up] + t.amount <= 6) push(out, n, base + down * 25 + up);
    }
  }
  return n;
}

int power_targets(const Game& g, const State& s, int design, int* out) {
  const TechDef& t = g.data().tech[design];
  const int p = s.active;
  const int base = act::kPowerBase + design * act::kPowerStride;
  int fuel = s.fuel[p];
  switch (t.power) {
    case Power::Raise:
    case Power::Lower:
    case Power::Flip:
    case Power::Reroll:
      if (fuel < tech_power_cost(g, s, design, t.cost)) return 0;
      return die_power_targets(s, t, base, out);
    case Power::Shift:
      if (fuel < tech_power_cost(g, s, design, t.cost)) return 0;
      return shift_targets(s, t, base, out);
    case Power::Borrow: {
      int n = 0;
      for (int ter = 0; ter < kNumTerritories; ++ter)
        if (g.territory(ter).borrowable && !isolated(s, ter) && colonies_on(s, ter) > 0 &&
            fuel >= borrow_cost(g, s, design, ter))
          push(out, n, base + ter);
      return n;
    }
    case Power::Teleport: {
      if (fuel < tech_power_cost(g, s, design, t.cost) || s.teleported != kNone) return 0;
      int n = 0;
      uint32_t mine = 0;
      for_each_ship(s, p, [&](int x) {
        if (is_docked(s.loc[x]) && s.loc[x] != kLocTerraform) mine |= 1u << x;
      });
      for (uint32_t m = firsts_alike(s, mine); m; m &= m - 1) push(out, n, base + lowest_bit32(m));
      return n;
    }
    case Power::Plasma: {
      if (fuel < plasma_total(g, s, design, 1)) return 0;
      int n = 0;
      for (uint32_t m = firsts_alike(s, ships_where([&](int x) { return enemy_docked(s, x); })); m; m &= m - 1)
        push(out, n, base + lowest_bit32(m));
      return n;
    }
    default: return 0;
  }
}

int discard_targets(const Game& g, const State& s, int design, int* out) {
  const TechDef& t = g.data().tech[design];
  const int p = s.active;
  const int base = act::kDiscardBase + design * act::kDiscardStride;
  int n = 0;
  switch (t.discard) {
    case DiscardPower::RemoveField:
      for (int f = 0; f < kNumFields; ++f)
        if (s.field[f] >= 0) push(out, n, base + f);
      break;
    case DiscardPower::PlaceField:
      for (int ter = 0; ter < kNumTerritories; ++ter)
        if (s.field[t.field] != ter) push(out, n, base + ter);  // AF30: a move changes territory
      break;
    case DiscardPower::MoveColony:
      if (can_move_colony(s)) push(out, n, base);
      break;
    case DiscardPower::SwapColonies:
      if (can_swap(s)) push(out, n, base);
      break;
    case DiscardPower::ReturnShip: {
      auto target = [&](int x) {
        int o = owner_of(s, x);
        if (o < 0 || o == p || !on_board(s.loc[x])) return false;
        return is_relic(x) || ships_in_play(s, o) > kReturnShipMinFleet;  // AF24
      };
      for (uint32_t m = firsts_alike(s, ships_where(target)); m; m &= m - 1) push(out, n, base + lowest_bit32(m));
      break;
    }
    case DiscardPower::TakeDiscard: {
      uint32_t seen = 0;
      for (uint32_t d = s.discard; d; d &= d - 1) {  // AF33: not this card's name, not a name held
        int inst = lowest_bit32(d), dd = g.design_of(inst);
        if (dd == design || holds_design(g, s, p, dd) || ((seen >> dd) & 1)) continue;
        seen |= 1u << dd;
        push(out, n, base + inst);
      }
      break;
    }
    default: break;
  }
  return n;
}

}  // namespace

int tech_power_cost(const Game& g, const State& s, int design, int base) {
  (void)design;
  int c = base - pohl(g, s);
  return c > 0 ? c : 0;
}

int legal_tech(const Game& g, const State& s, int* out) {
  // Instances are numbered in design order and a player holds one per design, so visiting the
  // held instances in order lists the actions in increasing order.
  const uint32_t ready = s.tech[s.active] & ~s.powered;
  int n = 0;
  for (uint32_t m = ready; m; m &= m - 1) n += power_targets(g, s, g.design_of(lowest_bit32(m)), out + n);
  if (s.flags & kFlagDiscarded) return n;
  for (uint32_t m = ready; m; m &= m - 1) n += discard_targets(g, s, g.design_of(lowest_bit32(m)), out + n);
  return n;
}

void apply_power(const Game& g, State& s, int action) {
  const int code = action - act::kPowerBase;
  const int design = code / act::kPowerStride, target = code % act::kPowerStride;
  const TechDef& t = g.data().tech[design];
  const int p = s.active;
  s.powered |= 1u << held(g, s, p, design);
  switch (t.power) {
    case Power::Raise:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.value[target] = static_cast<uint8_t>(s.value[target] + t.amount);
      break;
    case Power::Lower:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.value[target] = static_cast<uint8_t>(s.value[target] - t.amount);
      break;
    case Power::Flip:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.value[target] = static_cast<uint8_t>(7 - s.value[target]);
      break;
    case Power::Shift:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.value[target / 25] = static_cast<uint8_t>(s.value[target / 25] - t.amount);
      s.value[target % 25] = static_cast<uint8_t>(s.value[target % 25] + t.amount);
      break;
    case Power::Reroll:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.marks = 0;
      s.pending2 = kNone;
      pose(s, DecisionKind::Reroll);
      break;
    case Power::Borrow:
      pay(s, p, borrow_cost(g, s, design, target), 0);
      s.borrowed = static_cast<int8_t>(target);
      check_relic(g, s);
      break;
    case Power::Teleport:
      pay(s, p, tech_power_cost(g, s, design, t.cost), 0);
      s.teleport_from = static_cast<uint8_t>(facility_of(s.loc[target]));
      move_ship(s, target, kLocUnplaced);  // value unchanged (AF38)
      s.spent &= ~(1u << target);          // an Artifact ship takes no claim credit along
      s.teleported = static_cast<uint8_t>(target);
      break;
    case Power::Plasma:
      pay(s, p, plasma_total(g, s, design, 1), 0);
      s.pending = static_cast<uint8_t>(facility_of(s.loc[target]));
      s.pending2 = static_cast<uint8_t>(target);
      s.marks = static_cast<uint32_t>(design) << 8 | 1u;  // design, ships removed
      blast(s, target);
      pose(s, DecisionKind::PlasmaMore);
      break;
    default: break;
  }
}

void apply_discard(const Game& g, State& s, int action) {
  const int code = action - act::kDiscardBase;
  const int design = code / act::kDiscardStride, target = code % act::kDiscardStride;
  const TechDef& t = g.data().tech[design];
  const int p = s.active;
  const int inst = held(g, s, p, design);
  s.flags |= kFlagDiscarded;
  switch (t.discard) {
    case DiscardPower::RemoveField: remove_field(g, s, target); break;
    case DiscardPower::PlaceField: place_field(g, s, t.field, target); break;
    case DiscardPower::MoveColony: pose(s, DecisionKind::MoveColonyFrom); break;
    case DiscardPower::SwapColonies: pose(s, DecisionKind::SwapFirst); break;
    case DiscardPower::ReturnShip:
      if (is_relic(target)) {
        relic_home(s);  // not buyable again this turn (AF44)
      } else {
        move_ship(s, target, kLocStock);
        s.value[target] = 0;
      }
      break;
    case DiscardPower::TakeDiscard:
      s.discard &= ~(1u << target);
      s.tech[p] |= 1u << target;
      break;
    default: break;
  }
  s.tech[p] &= ~(1u << inst);
  s.discard |= 1u << inst;
}

int legal_tech_step(const Game& g, const State& s, int* out) {
  const int p = s.active;
  int n = 0;
  switch (s.decision) {
    case DecisionKind::Reroll: {
      if (s.marks) push(out, n, act::kStop);
      uint32_t open = firsts_alike(s, changeable_ships(s) & ~s.marks);
      if (s.pending2 != kNone) open &= ~((2u << s.pending2) - 1);  // ascending picks
      for (; open; open &= open - 1) push(out, n, act::kShipBase + lowest_bit32(open));
      return n;
    }
    case DecisionKind::PlasmaMore: {
      push(out, n, act::kStop);
      const int design = static_cast<int>(s.marks >> 8), removed = static_cast<int>(s.marks & 0xff);
      const int more = plasma_total(g, s, design, removed + 1) - plasma_total(g, s, design, removed);
      if (s.fuel[p] < more) return n;
      uint32_t open = firsts_alike(s, ships_where([&](int x) { return enemy_docked(s, x) && facility_of(s.loc[x]) == s.pending; }));
      open &= ~((2u << s.pending2) - 1);  // ascending picks
      for (; open; open &= open - 1) push(out, n, act::kShipBase + lowest_bit32(open));
      return n;
    }
    case DecisionKind::MoveColonyFrom:
      for (int q = 0; q < s.players; ++q)
        for (int t = 0; t < kNumTerritories; ++t)
          if (s.colonies[q][t] > 0 && !repulsed(s, t)) push(out, n, act::kColonyBase + q * 8 + t);
      return n;
    case DecisionKind::MoveColonyTo:
      for (int t = 0; t < kNumTerritories; ++t)
        if (t != s.pending % 8 && !repulsed(s, t)) push(out, n, act::kTerritoryBase + t);
      return n;
    case DecisionKind::SwapFirst:
      for (int q = 0; q < s.players; ++q)
        for (int t = 0; t < kNumTerritories; ++t)
          if (s.colonies[q][t] > 0 && !repulsed(s, t) && swap_partner(s, q, t)) push(out, n, act::kColonyBase + q * 8 + t);
      return n;
    case DecisionKind::SwapSecond: {
      const int q = s.pending / 8, t1 = s.pending % 8;
      for (int r = 0; r < s.players; ++r)
        for (int t = t1 + 1; t < kNumTerritories; ++t)
          if (r != q && s.colonies[r][t] > 0 && !repulsed(s, t)) push(out, n, act::kColonyBase + r * 8 + t);
      return n;
    }
    default: return 0;
  }
}

void apply_tech_step(const Game& g, State& s, int action) {
  const int p = s.active;
  switch (s.decision) {
    case DecisionKind::Reroll:
      if (action == act::kStop) {
        for (int ship = 0; ship < kNumShips; ++ship)
          if ((s.marks >> ship) & 1) s.value[ship] = static_cast<uint8_t>(roll_die(s));
        back_to_main(s);
      } else {
        int ship = action - act::kShipBase;
        s.marks |= 1u << ship;
        s.pending2 = static_cast<uint8_t>(ship);
      }
      return;
    case DecisionKind::PlasmaMore:
      if (action == act::kStop) {
        back_to_main(s);
      } else {
        const int design = static_cast<int>(s.marks >> 8), removed = static_cast<int>(s.marks & 0xff);
        const int ship = action - act::kShipBase;
        pay(s, p, plasma_total(g, s, design, removed + 1) - plasma_total(g, s, design, removed), 0);
        blast(s, ship);
        s.marks = static_cast<uint32_t>(design) << 8 | static_cast<uint32_t>(removed + 1);
        s.pending2 = static_cast<uint8_t>(ship);
      }
      return;
    case DecisionKind::MoveColonyFrom:
    case DecisionKind::SwapFirst:
      s.pending = static_cast<uint8_t>(action - act::kColonyBase);
      pose(s, s.decision == DecisionKind::MoveColonyFrom ? DecisionKind::MoveColonyTo : DecisionKind::SwapSecond);
      return;
    case DecisionKind::MoveColonyTo:
      move_colony(g, s, s.pending / 8, s.pending % 8, action - act::kTerritoryBase);
      back_to_main(s);
      return;
    case DecisionKind::SwapSecond: {
      const int q = s.pending / 8, t1 = s.pending % 8;
      const int r = (action - act::kColonyBase) / 8, t2 = (action - act::kColonyBase) % 8;
      --s.colonies[q][t1];
      ++s.colonies[q][t2];
      --s.colonies[r][t2];
      ++s.colonies[r][t1];
      update_control(g, s, t1);
      update_control(g, s, t2);
      back_to_main(s);
      return;
    }
    default: return;
  }
}

}  // namespace gs::af
