// What every game's record_end shares (runner/game_record.cpp, runner/af_game_record.cpp):
// the winners as a bit mask, and each seat's rank from the game's order of seats.
#pragma once
#include <cstdint>

namespace gs::runner {

// Bit s set when seat s is among the game's winners (g.winners(s, out) fills out[] and returns the count).
template <class Game, class State>
uint8_t winners_mask(const Game& g, const State& s) {
  int w[8];
  uint8_t mask = 0;
  for (int j = 0, n = g.winners(s, w); j < n; ++j) mask = static_cast<uint8_t>(mask | (1u << w[j]));
  return mask;
}

// rec.seats[p].rank = 1 + the seats ahead of p, `ahead(q, p)` true when seat q is ahead of seat p (so equal
// seats share a rank).
template <class Record, class Ahead>
void rank_seats(Record& rec, int players, Ahead ahead) {
  for (int p = 0; p < players; ++p) {
    int better = 0;
    for (int q = 0; q < players; ++q) better += ahead(q, p) ? 1 : 0;
    rec.seats[p].rank = static_cast<int8_t>(better + 1);
  }
}

}  // namespace gs::runner
