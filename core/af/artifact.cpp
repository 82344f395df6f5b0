// The Alien Artifact (rules 4.7) and the tech deck: every ship docked gives one
// cycle of the display, usable any time later in the turn (AF18); a claim takes
// a display card for a set of the player's unspent Artifact ships of this turn
// summing to the claim sum (AF17). Claim sets are offered minimal (no ship of the
// set could be left out) and once per choice of ships (AF-G4).
#include "af/play.h"

namespace gs::af {

int draw_tech(const Game& g, State& s) {
  if (s.deck == 0) {  // the discard pile becomes the deck
    s.deck = s.discard;
    s.discard = 0;
  }
  if (s.deck == 0) return -1;
  if (__builtin_expect(s.script != nullptr, 0)) {
    int c = scripted_tech(g, s);
    s.deck &= ~(1u << c);
    return c;
  }
  uint32_t d = s.deck;
  for (uint32_t k = s.rng.below(static_cast<uint32_t>(popcount32(d))); k > 0; --k) d &= d - 1;
  int c = lowest_bit32(d);
  s.deck &= ~(1u << c);
  return c;
}

void refill_display(const Game& g, State& s) {
  while (popcount32(s.display) < g.data().setup.display) {
    int c = draw_tech(g, s);
    if (c < 0) return;  // AF18: as many as the piles allow
    s.display |= 1u << c;
  }
}

bool artifact_open(const Game& g, const State& s) { return s.occ[kLocArtifact] < g.usable_docks(kArtifact); }

void artifact_dock(const Game&, State& s) { ++s.cycles; }

void apply_cycle(const Game& g, State& s) {
  --s.cycles;
  s.discard |= s.display;
  s.display = 0;
  refill_display(g, s);
}

namespace {

// The active player's ships at the Artifact, in id order (the bits of a claim mask).
int artifact_ships(const State& s, int* ships) {
  int m = 0;
  for_each_ship(s, s.active, [&](int ship) {
    if (s.loc[ship] == kLocArtifact) ships[m++] = ship;
  });
  return m;  // coloured ships in id order, then the Relic Ship (id 24): ascending
}

}  // namespace

int legal_artifact(const Game& g, const State& s, int* out) {
  const int p = s.active;
  int ships[kNumShips];
  const int m = artifact_ships(s, ships);
  if (m == 0) return 0;
  const int need = g.facility(kArtifact).claim_sum;
  // Claim sets: unspent ships, sum >= need, minimal, and of ships alike (value, Relic Ship or not)
  // always the lowest unspent ones.
  int masks[64];
  int nm = 0;
  for (uint32_t mask = 1; mask < (1u << m); ++mask) {
    int sum = 0, low = 7;
    bool ok = true;
    for (int i = 0; i < m && ok; ++i) {
      if (!((mask >> i) & 1)) continue;
      const int ship = ships[i];
      if ((s.spent >> ship) & 1) { ok = false; break; }
      sum += s.value[ship];
      if (s.value[ship] < low) low = s.value[ship];
      for (int j = 0; j < i; ++j)  // an alike unspent ship before it must be chosen too
        if (!((mask >> j) & 1) && !((s.spent >> ships[j]) & 1) && s.value[ships[j]] == s.value[ship] &&
            is_relic(ships[j]) == is_relic(ship))
          ok = false;
    }
    if (ok && sum >= need && sum - low < need) masks[nm++] = static_cast<int>(mask);
  }
  if (nm == 0) return 0;
  int n = 0;
  uint32_t seen_designs = 0;
  for (uint32_t d = s.display; d; d &= d - 1) {
    const int inst = lowest_bit32(d);
    const int design = g.design_of(inst);
    if (holds_design(g, s, p, design) || ((seen_designs >> design) & 1)) continue;
    seen_designs |= 1u << design;
    for (int k = 0; k < nm; ++k) push(out, n, act::kClaimBase + inst * 64 + masks[k]);
  }
  return n;
}

void apply_claim(const Game& g, State& s, int action) {
  const int inst = (action - act::kClaimBase) / 64;
  const uint32_t mask = static_cast<uint32_t>((action - act::kClaimBase) % 64);
  int ships[kNumShips];
  const int m = artifact_ships(s, ships);
  for (int i = 0; i < m; ++i)
    if ((mask >> i) & 1) s.spent |= 1u << ships[i];
  s.display &= ~(1u << inst);
  s.tech[s.active] |= 1u << inst;
  refill_display(g, s);
}

}  // namespace gs::af
