// Takeovers per seat as the run folder records them (seats.takeovers_declared, _won, _lost,
// _defended), gathered by the game loop without a field in the State: a declaration is seen
// at the decision that makes it (a takeover action at a Takeover or SettleSecond decision,
// which the engine always hands back to its caller, random play inside the engine included:
// rftg/settle.cpp, seat_extra_action), and its outcome is read from the tableaus once its
// Settle phase is over. That reading is exact because a military world leaves a tableau only
// by a takeover, and a world changes hands at most once in a phase: every declaration comes
// before the first resolution, and a declaration against a world that has already moved
// fails by itself (rules §3.5 step 1, rftg/takeover.cpp).
#pragma once
#include <cstdint>

#include "rftg/state.h"

namespace gs::runner {

struct TakeoverTally {
  // Per seat: declarations made, of those won; worlds lost to another seat's takeover, and
  // declarations against the seat that failed while it still held the world.
  int8_t declared[rftg::kMaxPlayers] = {}, won[rftg::kMaxPlayers] = {}, lost[rftg::kMaxPlayers] = {},
         defended[rftg::kMaxPlayers] = {};

  // Declarations of the Settle phase in progress, in declaration (= resolution) order.
  struct Declaration {
    uint8_t target, attacker, defender;
  };
  Declaration pending[rftg::kMaxTakeovers];
  int8_t n_pending = 0;
  int16_t round = 0;  // the phase of the pending declarations: round and Settle phase (0, 1)
  uint8_t phase_rep = 0;

  void clear() { *this = TakeoverTally{}; }

  // Before `action` is applied at position s (every decision handed back by the engine).
  void observe(const rftg::State& s, int action) {
    if (n_pending > 0 && !same_phase(s)) resolve(s);
    if (action < rftg::act::kTakeoverBase || action >= rftg::act::kMaxAction) return;
    if (s.decision != rftg::DecisionKind::Takeover && s.decision != rftg::DecisionKind::SettleSecond) return;
    const int target = (action - rftg::act::kTakeoverBase) % rftg::kMaxInstances, attacker = s.actor;
    int defender = -1;
    for (int p = 0; p < s.players; ++p)
      if (s.tableau[p].test(target)) defender = p;
    if (defender < 0 || attacker < 0 || n_pending >= rftg::kMaxTakeovers) return;  // not a legal declaration
    round = s.round;
    phase_rep = s.phase_rep;
    pending[n_pending++] = {static_cast<uint8_t>(target), static_cast<uint8_t>(attacker),
                            static_cast<uint8_t>(defender)};
    bump(declared[attacker]);
  }

  // The outcomes of the pending declarations, from the tableaus after their phase (s).
  void resolve(const rftg::State& s) {
    uint8_t holder[rftg::kMaxTakeovers];  // the target's holder as the resolutions go, per declaration
    for (int k = 0; k < n_pending; ++k) holder[k] = pending[k].defender;
    for (int k = 0; k < n_pending; ++k) {
      const Declaration& d = pending[k];
      if (holder[k] != d.defender) continue;  // the world had moved: failed by itself, nobody defended it
      if (s.tableau[d.attacker].test(d.target)) {
        bump(won[d.attacker]);
        bump(lost[d.defender]);
        for (int j = k + 1; j < n_pending; ++j)
          if (pending[j].target == d.target) holder[j] = d.attacker;
      } else {
        bump(defended[d.defender]);
      }
    }
    n_pending = 0;
  }

 private:
  bool same_phase(const rftg::State& s) const {
    return s.stage == rftg::kStageSettle && s.round == round && s.phase_rep == phase_rep;
  }
  static void bump(int8_t& v) {
    if (v < 127) ++v;
  }
};

}  // namespace gs::runner
