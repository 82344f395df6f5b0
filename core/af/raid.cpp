// The Raiders' Outpost (rules 4.9, §8): a straight docks on an empty Outpost or
// bumps one with a lower sum (AF7, AF-G22) to its owners' Bay, own ships included
// (AF27); then one raid: up to N resource tokens from any other players, one
// token at a time in canonical order (AF-G5), or one tech
// card from one player. The Holographic Decoy protects its holder only (AF28); a
// stolen name the raider holds goes to the discard pile (AF26).
#include "af/play.h"

namespace gs::af {

namespace {

bool has_decoy(const Game& g, const State& s, int p) { return (s.tech[p] & g.with_power(Power::Decoy)) != 0; }

}  // namespace

// AF7: a strictly higher sum than the ships there; on a partly emptied Outpost that is the sum of
// what is left, not its lowest value (AF-G22).
bool raiders_accept(const Game& g, const State& s, int low_value) {
  if (g.usable_docks(kRaiders) <= 0) return false;
  if (s.occ[kLocRaiders] == 0) return true;
  int there = 0;
  for (int ship = 0; ship < kNumShips; ++ship)
    if (s.loc[ship] == kLocRaiders) there += s.value[ship];
  const int size = g.facility(kRaiders).group;
  return size * low_value + size * (size - 1) / 2 > there;
}

void raiders_dock(const Game&, State& s) {
  pose(s, DecisionKind::RaidChoice);
}

int legal_raid(const Game& g, const State& s, int* out) {
  const int p = s.active;
  int n = 0;
  if (s.decision == DecisionKind::RaidChoice) {
    push(out, n, act::kRaidResources);
    for (int q = 0; q < s.players; ++q) {
      if (q == p) continue;
      uint32_t cards = s.tech[q];
      if (has_decoy(g, s, q)) {
        uint32_t decoy = cards & g.with_power(Power::Decoy);
        cards = decoy & (~decoy + 1);  // only the Decoy can be taken
      }
      for (; cards; cards &= cards - 1) push(out, n, act::kRaidCardBase + q * 32 + lowest_bit32(cards));
    }
    return n;
  }
  // RaidTake
  push(out, n, act::kStop);
  if (s.pending >= g.facility(kRaiders).raid_resources) return n;
  for (int q = 0; q < s.players; ++q) {
    if (q == p || has_decoy(g, s, q)) continue;
    for (int kind = 0; kind < 2; ++kind) {
      int key = q * 2 + kind;
      if (key + 1 < s.pending2) continue;
      if ((kind == 0 ? s.ore[q] : s.fuel[q]) > 0) push(out, n, act::kTakeBase + key);
    }
  }
  return n;
}

void apply_raid(const Game& g, State& s, int action) {
  const int p = s.active;
  if (s.decision == DecisionKind::RaidChoice) {
    if (action == act::kRaidResources) {
      pose(s, DecisionKind::RaidTake);
      s.pending = 0;   // tokens taken
      s.pending2 = 0;  // last take key + 1
      return;
    }
    int q = (action - act::kRaidCardBase) / 32, inst = (action - act::kRaidCardBase) % 32;
    s.tech[q] &= ~(1u << inst);
    if (holds_design(g, s, p, g.design_of(inst))) s.discard |= 1u << inst;
    else s.tech[p] |= 1u << inst;
    back_to_main(s);
    return;
  }
  if (action == act::kStop) {
    back_to_main(s);
    return;
  }
  int key = action - act::kTakeBase, q = key / 2;
  if (key % 2 == 0) {
    --s.ore[q];
    ++s.ore[p];
  } else {
    --s.fuel[q];
    ++s.fuel[p];
  }
  ++s.pending;
  s.pending2 = static_cast<uint8_t>(key + 1);
}

}  // namespace gs::af
