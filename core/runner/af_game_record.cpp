// Filling an AfGameRecord from a finished (or stopped) game (see af_game_record.h).
#include "runner/af_game_record.h"

#include "runner/seat_ranks.h"

namespace gs::runner {

using af::Game;
using af::State;

void record_start(const Game&, const State&, AfGameRecord&) {}

void record_end(const Game& g, const State& s, AfGameRecord& rec) {
  const int players = g.players();
  const bool failed = rec.error_seat >= 0;
  rec.turns = s.turn;
  rec.rounds = static_cast<int16_t>((s.turn + players - 1) / players);
  rec.end_reason = failed ? kAfEndBotError : s.end == af::kEndTurnCap ? kAfEndTurnCap : kAfEndLastColony;
  const uint8_t mask = failed ? 0 : winners_mask(g, s);
  rec.winners_mask = mask;
  long key[af::kMaxPlayers];  // §9: score, then tech cards, ore, fuel
  for (int p = 0; p < players; ++p) {
    AfSeatRecord& r = rec.seats[p];
    const Game::ScoreParts parts = g.score_parts(s, p);
    key[p] = ((static_cast<long>(parts.total) * 64 + __builtin_popcount(s.tech[p])) * 256 + s.ore[p]) * 256 + s.fuel[p];
    r.score = static_cast<int16_t>(parts.total);
    r.score_colonies = static_cast<int16_t>(parts.colonies);
    r.score_territories = static_cast<int16_t>(parts.territories);
    r.score_tech = static_cast<int16_t>(parts.tech);
    r.score_positron = static_cast<int16_t>(parts.positron);
    r.won = (mask >> p) & 1;
    r.ore = static_cast<int8_t>(s.ore[p] < 127 ? s.ore[p] : 127);
    r.fuel = static_cast<int8_t>(s.fuel[p] < 127 ? s.fuel[p] : 127);
    int ships = 0;
    for (int j = 0; j < af::kShipsPerPlayer; ++j) ships += s.loc[p * af::kShipsPerPlayer + j] != af::kLocStock;
    r.ships = static_cast<int8_t>(ships);
    r.colonies_left = static_cast<int8_t>(s.supply[p] + (s.hub[p] > 0 ? 1 : 0));
    r.hub = static_cast<int8_t>(s.hub[p]);
    uint8_t ter = 0;
    for (int t = 0; t < af::kNumTerritories; ++t)
      if (s.controller[t] == p) ter = static_cast<uint8_t>(ter | (1u << t));
    r.territories = ter;
    int len = 0;
    for (uint32_t m = s.tech[p]; m; m &= m - 1) r.tech[len++] = static_cast<int16_t>(g.design_of(__builtin_ctz(m)));
    r.tech_len = static_cast<int8_t>(len);
  }
  rank_seats(rec, players, [&](int q, int p) { return key[q] > key[p]; });
}

}  // namespace gs::runner
