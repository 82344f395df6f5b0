// Scoring and the winner (rules §9): colonies on the planet, territories
// controlled, Alien City / Monument, the Positron Field; ties broken by tech
// cards, then ore, then fuel; still tied: a shared win.
#include "af/play.h"

namespace gs::af {

Game::ScoreParts Game::score_parts(const State& s, int seat) const {
  ScoreParts sp;
  for (int t = 0; t < kNumTerritories; ++t) {
    sp.colonies += s.colonies[seat][t];
    sp.territories += s.controller[t] == seat;
  }
  for (uint32_t m = s.tech[seat]; m; m &= m - 1) sp.tech += tech_of(lowest_bit32(m)).vp;
  int pf = s.field[kPositron];
  if (pf >= 0 && s.controller[pf] == seat) sp.positron = data_.fields[kPositron].vp;  // AF29: isolation or not
  sp.total = sp.colonies + sp.territories + sp.tech + sp.positron;
  return sp;
}

std::vector<int> Game::scores(const State& s) const {
  std::vector<int> out(static_cast<size_t>(s.players));
  for (int p = 0; p < s.players; ++p) out[static_cast<size_t>(p)] = score_parts(s, p).total;
  return out;
}

int Game::winners(const State& s, int* out) const {
  // (score, tech cards, ore, fuel), compared lexicographically.
  long key[kMaxPlayers];
  long best = -1;
  for (int p = 0; p < s.players; ++p) {
    key[p] = ((static_cast<long>(score_parts(s, p).total) * 64 + popcount32(s.tech[p])) * 256 + s.ore[p]) * 256 +
             s.fuel[p];
    if (key[p] > best) best = key[p];
  }
  int n = 0;
  for (int p = 0; p < s.players; ++p)
    if (key[p] == best) out[n++] = p;
  return n;
}

std::vector<int> Game::winners(const State& s) const {
  int w[kMaxPlayers];
  int n = winners(s, w);
  return std::vector<int>(w, w + n);
}

}  // namespace gs::af
