// Replays recorded games from their deal seeds and chosen actions, for any game, and
// writes what a learner needs at every recorded decision: the round, the deciding seat
// and kind, the deciding seat's observation as (slot, value) pairs of its non-zero slots,
// and the legal actions both as a list and as a bit-packed mask over the action space
// (Game::num_distinct_actions()). The decision dataset export (galaxysim.results.dataset)
// uses it, so a run need only store the actions: a game is determined by its deal seed and
// the actions taken (the state carries its own random stream; bots play no part).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gs::runner {

struct ReplayedDecisions {
  int mask_bytes = 0;             // bytes of one packed mask: ceil(num_distinct_actions / 8)
  // One entry per decision.
  std::vector<int16_t> round;
  std::vector<int8_t> seat, kind;
  std::vector<int16_t> legal;     // how many legal actions
  std::vector<int64_t> obs_end;   // end of the decision's pairs in obs_slot / obs_value
  std::vector<int64_t> legal_end;  // end of its actions in legal_actions
  // Concatenated per decision.
  std::vector<uint16_t> obs_slot;
  std::vector<int16_t> obs_value;
  std::vector<int16_t> legal_actions;
  std::vector<uint8_t> mask;      // mask_bytes per decision; bit a % 8 of byte a / 8 = action a is legal
  // One entry per game: whether its replay reached the end of the game, and its final scores
  // (players per game, 0 where it did not end).
  std::vector<uint8_t> finished;
  std::vector<int16_t> scores;
};

// Replays `games` games: game k is dealt from seeds[k] and its decisions take, in order,
// the counts[k] actions that follow the previous games' in `actions`. `round_of(state)` is
// the round a decision is taken in. Throws Error naming the game (its place in the batch)
// and decision when a recorded action is not legal in the replayed position (the run was
// played by another engine, or its files were changed). A game whose actions stop before
// its end (a failing Python bot stopped it) is replayed as far as they go, not finished.
template <class Game, class Encoder, class Error, class RoundOf>
ReplayedDecisions replay_decisions(const Game& g, const Encoder& enc, const uint64_t* seeds, const int32_t* counts,
                                   int64_t games, const int16_t* actions, int64_t n_actions, RoundOf round_of) {
  ReplayedDecisions out;
  const int space = g.num_distinct_actions();
  out.mask_bytes = (space + 7) / 8;
  const int players = g.players();
  size_t total = 0;
  for (int64_t k = 0; k < games; ++k) {
    if (counts[k] < 0) throw Error("game " + std::to_string(k) + " of the batch has a negative decision count");
    total += static_cast<size_t>(counts[k]);
  }
  if (static_cast<int64_t>(total) != n_actions)
    throw Error("the decision counts add up to " + std::to_string(total) + ", but " + std::to_string(n_actions) +
                " actions were given");
  for (auto* v : {&out.round, &out.legal}) v->reserve(total);
  for (auto* v : {&out.seat, &out.kind}) v->reserve(total);
  out.obs_end.reserve(total);
  out.legal_end.reserve(total);
  out.mask.assign(total * static_cast<size_t>(out.mask_bytes), 0);
  out.finished.assign(static_cast<size_t>(games), 0);
  out.scores.assign(static_cast<size_t>(games) * players, 0);

  std::vector<int16_t> dense(static_cast<size_t>(enc.size()));
  int legal[Game::kMaxLegal];
  size_t row = 0;
  const int16_t* next = actions;
  for (int64_t k = 0; k < games; ++k) {
    auto s = g.new_initial_state(seeds[k]);
    int n = g.legal_actions(s, legal);
    for (int32_t d = 0; d < counts[k]; ++d, ++row) {
      const int a = *next++;
      bool ok = false;
      for (int i = 0; i < n && !ok; ++i) ok = legal[i] == a;
      if (!ok)
        throw Error("game " + std::to_string(k) + " of the batch, decision " + std::to_string(d) + ": action " +
                    std::to_string(a) + " is not legal in the replayed position (" + std::to_string(n) +
                    " legal actions)");
      out.round.push_back(static_cast<int16_t>(round_of(s)));
      out.seat.push_back(static_cast<int8_t>(s.actor));
      out.kind.push_back(static_cast<int8_t>(s.decision));
      out.legal.push_back(static_cast<int16_t>(n));
      enc.encode(s, s.actor, dense.data());
      for (size_t i = 0; i < dense.size(); ++i) {
        if (dense[i] != 0) {
          out.obs_slot.push_back(static_cast<uint16_t>(i));
          out.obs_value.push_back(dense[i]);
        }
      }
      out.obs_end.push_back(static_cast<int64_t>(out.obs_slot.size()));
      uint8_t* bits = out.mask.data() + row * static_cast<size_t>(out.mask_bytes);
      for (int i = 0; i < n; ++i) {
        if (legal[i] < 0 || legal[i] >= space)
          throw Error("legal action " + std::to_string(legal[i]) + " is outside the action space");
        bits[legal[i] >> 3] |= static_cast<uint8_t>(1u << (legal[i] & 7));
        out.legal_actions.push_back(static_cast<int16_t>(legal[i]));
      }
      out.legal_end.push_back(static_cast<int64_t>(out.legal_actions.size()));
      n = g.step(s, a, legal);
    }
    if (g.is_terminal(s)) {
      out.finished[static_cast<size_t>(k)] = 1;
      std::vector<int> sc = g.scores(s);
      for (int p = 0; p < players; ++p) out.scores[static_cast<size_t>(k) * players + p] = static_cast<int16_t>(sc[p]);
    }
  }
  return out;
}

}  // namespace gs::runner
