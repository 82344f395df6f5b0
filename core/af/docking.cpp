// Docking: the dock actions of the Main decision and their common mechanics.
//
// Single-dock facilities (Solar Converter, Lunar Mine, Colonist Hub, Alien
// Artifact, Terraforming Station) take one ship per action; group facilities
// (Colony Constructor, Orbital Market, Shipyard, Raiders' Outpost) take a whole
// group in one action, into their lowest empty dock group. Coloured unplaced
// ships of one value are interchangeable, so only the lowest id of each value is
// offered; the Relic Ship and a ship lifted by the Orbital Teleporter are told
// apart (AF-G2). A run of consecutive single dockings at the Solar Converter,
// Lunar Mine, Hub and Artifact commutes, so it must come in increasing
// (facility, value, kind) order (AF-G3), unless that would leave a ship with no
// docking at all. A ship goes to the Maintenance Bay only when no docking of it
// exists, alone or in a group (AF20).
#include "af/play.h"

namespace gs::af {

namespace {

constexpr int kSlotFacility[kNumSlots] = {kSolar, kMine, kHub, kArtifact, kTerraform, kBay};
constexpr int kGroupFacility[kNumGroupKinds] = {kConstructor, kMarket, kShipyard, kRaiders};

bool run_slot(int slot) { return slot <= kSlotArtifact; }

// The active player's unplaced ships, by kind.
struct Unplaced {
  int count[7] = {0, 0, 0, 0, 0, 0, 0};  // coloured, not teleported, by value
  int lowest[7] = {-1, -1, -1, -1, -1, -1, -1};
  int relic = -1;  // the Relic Ship, when unplaced and not teleported
  int tele = -1;   // the teleported ship (possibly the Relic Ship)
  unsigned present = 0, pairs = 0, triples = 0;  // bit v: 1+ / 2+ / 3+ ships of value v (not the teleported one)
};

Unplaced unplaced_ships(const State& s) {
  Unplaced u;
  for_each_ship(s, s.active, [&](int ship) {
    if (s.loc[ship] != kLocUnplaced) return;
    if (ship == s.teleported) {
      u.tele = ship;
    } else if (is_relic(ship)) {
      u.relic = ship;
    } else {
      int v = s.value[ship];
      if (u.count[v]++ == 0) u.lowest[v] = ship;
    }
  });
  // Values of which a group of 2 / 3 could be made without the teleported ship; values present.
  for (int v = 1; v <= 6; ++v) {
    int c = u.count[v] + (u.relic >= 0 && s.value[u.relic] == v);
    u.present |= (c > 0 ? 1u : 0u) << v;
    u.pairs |= (c >= 2 ? 1u : 0u) << v;
    u.triples |= (c >= 3 ? 1u : 0u) << v;
  }
  return u;
}

int ship_kind(const State& s, int ship) { return (is_relic(ship) ? 1 : 0) + (ship == s.teleported ? 2 : 0); }

uint8_t run_key(const State& s, int slot, int ship) {
  return static_cast<uint8_t>(1 + slot * 32 + s.value[ship] * 4 + ship_kind(s, ship));
}

// Which ships each single-dock slot takes now (the values' requirements apart from the ship).
// The single-dock slots (bit per slot) that take `ship` now.
struct SlotsOpen {
  uint32_t any_value;  // Solar Converter, Colonist Hub, Alien Artifact: open or not, whatever the value
  int mine_min;        // lowest value the Mine accepts, 7 = full
};

SlotsOpen slots_open(const Game& g, const State& s) {
  uint32_t any = (solar_open(g, s) ? 1u << kSlotSolar : 0) | (hub_accepts(g, s) ? 1u << kSlotHub : 0) |
                 (artifact_open(g, s) ? 1u << kSlotArtifact : 0);
  return SlotsOpen{any, mine_min_value(g, s)};
}

uint32_t slots_for(const Game& g, const State& s, const SlotsOpen& o, int ship) {
  uint32_t ok = o.any_value;
  if (s.value[ship] >= o.mine_min) ok |= 1u << kSlotMine;
  if (terraform_accepts(g, s, ship, s.value[ship])) ok |= 1u << kSlotTerraform;
  if (ship == s.teleported)
    for (int slot = 0; slot < kSlotBay; ++slot)
      if (kSlotFacility[slot] == s.teleport_from) ok &= ~(1u << slot);
  return ok;
}

bool group_open(const Game& g, const State& s, int kind, int low) {
  switch (kind) {
    case kGroupConstructor: return constructor_open(g, s);
    case kGroupMarket: return market_open(g, s);
    case kGroupShipyard: return shipyard_open(g, s);
    case kGroupRaiders: return raiders_accept(g, s, low);
    default: return false;
  }
}

// The value at position i (0-based) of a group of `kind` with lowest value v.
int group_value(const Game& g, int kind, int v, int i) {
  return g.facility(kGroupFacility[kind]).shape == Shape::Straight ? v + i : v;
}

// Enumerates the legal groups (in action order) and calls f(action, plain values used (bit mask),
// uses the Relic Ship, uses the teleported ship).
template <class F>
void for_each_group(const Game& g, const State& s, const Unplaced& u, int unplaced, F f) {
  for (int kind = 0; kind < kNumGroupKinds; ++kind) {
    const int fac = kGroupFacility[kind];
    const int size = g.facility(fac).group;
    if (unplaced < size || g.usable_docks(fac) <= 0) continue;
    const bool straight = g.facility(fac).shape == Shape::Straight;
    const bool tele_ok = u.tele >= 0 && s.teleport_from != fac;
    // The lowest values of the groups the ships could form (bit v).
    const int tv = tele_ok ? s.value[u.tele] : 0;
    unsigned lows = 0;
    if (straight) {
      unsigned present = u.present | (tele_ok ? 1u << tv : 0u);
      lows = present;
      for (int i = 1; i < size; ++i) lows &= present >> i;
    } else {
      lows = size == 2 ? u.pairs : u.triples;
      if (tele_ok && u.count[tv] + (u.relic >= 0 && s.value[u.relic] == tv) + 1 >= size) lows |= 1u << tv;
    }
    int open = -1;  // group_open, computed once per kind (per value for the Outpost)
    for (; lows; lows &= lows - 1) {
      const int v = lowest_bit32(lows);
      // Positions (1-based, 0 = none) the Relic Ship and the teleported ship can take.
      int rp[2] = {0, 0}, tp[2] = {0, 0};
      int nr = 1, nt = 1;
      if (u.relic >= 0) {
        int i = straight ? s.value[u.relic] - v : (s.value[u.relic] == v ? 0 : -1);
        if (i >= 0 && i < size) rp[nr++] = i + 1;
      }
      if (tele_ok) {
        int i = straight ? s.value[u.tele] - v : (s.value[u.tele] == v ? 0 : -1);
        if (i >= 0 && i < size) tp[nt++] = i + 1;
      }
      for (int a = 0; a < nr; ++a) {
        for (int b = 0; b < nt; ++b) {
          int rpos = rp[a], tpos = tp[b];
          if (!straight && tpos) tpos = rpos ? 2 : 1;  // same values: the special ships come first
          if (tpos && tpos == rpos) continue;
          if (tpos > size) continue;
          unsigned plain = 0;
          bool enough = true;
          if (straight) {
            for (int i = 0; i < size; ++i)
              if (i + 1 != rpos && i + 1 != tpos) {
                enough &= u.count[v + i] > 0;
                plain |= 1u << (v + i);
              }
          } else {
            int need = size - (rpos ? 1 : 0) - (tpos ? 1 : 0);
            enough = u.count[v] >= need;
            if (need) plain = 1u << v;
          }
          if (!enough) continue;
          if (open < 0 || kind == kGroupRaiders) open = group_open(g, s, kind, v) ? 1 : 0;
          if (!open) continue;
          f(act::kGroupBase + ((kind * 6 + v - 1) * 4 + rpos) * 4 + tpos, plain, rpos > 0, tpos > 0);
        }
      }
    }
  }
}

}  // namespace

int group_size(const Game& g, int kind) { return g.facility(kGroupFacility[kind]).group; }
int group_facility(int kind) { return kGroupFacility[kind]; }

int legal_docks(const Game& g, const State& s, int* out) {
  if (s.occ[kLocUnplaced] == 0) return 0;
  const Unplaced u = unplaced_ships(s);
  // Candidate ships, one per kind; `cands` has bit i for ship i, so they are visited in id order.
  uint32_t cands = 0;
  for (int v = 1; v <= 6; ++v)
    if (u.count[v]) cands |= 1u << u.lowest[v];
  if (u.relic >= 0) cands |= 1u << u.relic;
  if (u.tele >= 0) cands |= 1u << u.tele;

  // For each candidate: the slots that take it, and those the canonical order allows (AF-G3): a ship
  // with no docking in order keeps all of them, so that no ship is left stranded.
  const SlotsOpen open = slots_open(g, s);
  uint32_t at_slot[kNumSlots] = {0, 0, 0, 0, 0, 0};  // bit = ship
  uint32_t dockable = 0;
  for (uint32_t m = cands; m; m &= m - 1) {
    const int ship = lowest_bit32(m);
    const uint32_t ok = slots_for(g, s, open, ship);
    if (!ok) continue;
    dockable |= 1u << ship;
    const int key = run_key(s, 0, ship);
    uint32_t ordered = 0;
    for (int slot = 0; slot < kSlotBay; ++slot)
      if (((ok >> slot) & 1) && (!run_slot(slot) || key + slot * 32 >= s.last_dock)) ordered |= 1u << slot;
    const uint32_t use = ordered ? ordered : ok;
    for (uint32_t o = use; o; o &= o - 1) at_slot[lowest_bit32(o)] |= 1u << ship;
  }
  int groups[400];
  int ng = 0;
  for_each_group(g, s, u, s.occ[kLocUnplaced], [&](int a, unsigned plain, bool relic, bool tele) {
    groups[ng++] = a;
    for (unsigned w = plain; w; w &= w - 1) dockable |= 1u << u.lowest[lowest_bit32(w)];
    if (relic) dockable |= 1u << u.relic;
    if (tele) dockable |= 1u << u.tele;
  });
  at_slot[kSlotBay] = cands & ~dockable;  // AF20
  int n = 0;
  for (int slot = 0; slot < kNumSlots; ++slot)
    for (uint32_t m = at_slot[slot]; m; m &= m - 1) push(out, n, act::kDockBase + slot * 32 + lowest_bit32(m));
  for (int i = 0; i < ng; ++i) push(out, n, groups[i]);
  return n;
}

void apply_dock(const Game& g, State& s, int action) {
  const int slot = (action - act::kDockBase) / 32;
  const int ship = (action - act::kDockBase) % 32;
  const uint8_t key = run_slot(slot) ? run_key(s, slot, ship) : 0;
  if (ship == s.teleported) clear_teleport(s);
  s.last_dock = key;
  switch (slot) {
    case kSlotSolar: solar_dock(g, s, ship); break;
    case kSlotMine: mine_dock(g, s, ship); break;
    case kSlotHub: hub_dock(g, s, ship); break;
    case kSlotArtifact:
      move_ship(s, ship, kLocArtifact);
      artifact_dock(g, s);
      break;
    case kSlotTerraform: terraform_dock(g, s, ship); break;
    case kSlotBay:
      move_ship(s, ship, kLocBay);
      s.value[ship] = 0;
      break;
    default: break;
  }
}

void apply_group(const Game& g, State& s, int action) {
  int code = action - act::kGroupBase;
  const int tpos = code % 4;
  code /= 4;
  const int rpos = code % 4;
  code /= 4;
  const int v = code % 6 + 1;
  const int kind = code / 6;
  const int fac = kGroupFacility[kind];
  const int size = g.facility(fac).group;
  // The group's location: the Raiders' Outpost bumps its ships to their owners' Bay (rules 4.9);
  // elsewhere the lowest empty dock group.
  int loc;
  if (kind == kGroupRaiders) {
    loc = kLocRaiders;
    for (int ship = 0; ship < kNumShips; ++ship)
      if (s.loc[ship] == kLocRaiders) {
        move_ship(s, ship, kLocBay);
        s.value[ship] = 0;
      }
  } else {
    loc = first_loc(fac);
    while (s.occ[loc] != 0) ++loc;
  }
  const Unplaced u = unplaced_ships(s);
  const int tele = u.tele;
  for (int i = 0; i < size; ++i) {
    const int w = group_value(g, kind, v, i);
    int ship;
    if (i + 1 == rpos) {
      ship = u.relic;
    } else if (i + 1 == tpos) {
      ship = tele;
    } else {
      ship = -1;
      for_each_ship(s, s.active, [&](int x) {
        if (ship < 0 && s.loc[x] == kLocUnplaced && x != tele && !is_relic(x) && s.value[x] == w) ship = x;
      });
    }
    move_ship(s, ship, loc);
  }
  if (tpos) clear_teleport(s);
  switch (kind) {
    case kGroupConstructor: constructor_dock(g, s); break;
    case kGroupMarket: market_dock(g, s, v); break;
    case kGroupShipyard: shipyard_dock(g, s); break;
    case kGroupRaiders: raiders_dock(g, s); break;
    default: break;
  }
}

}  // namespace gs::af
