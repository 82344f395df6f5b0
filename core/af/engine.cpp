// The decision driver: setup, legal-action dispatch, action dispatch, forced
// decisions played in place.
#include <algorithm>
#include <sstream>

#include "af/play.h"
#include "af/script.h"

namespace gs::af {

namespace {

int legal_main(const Game& g, const State& s, int* out) {
  int n = 0;
  if (s.occ[kLocUnplaced] == 0) push(out, n, act::kEndTurn);
  if (market_rate(g, s) > 0) push(out, n, act::kTrade);
  if (can_launch(g, s)) push(out, n, act::kLaunch);
  if (can_buy_relic(g, s)) push(out, n, act::kBuyRelic);
  if (s.cycles > 0 && (s.deck | s.discard | s.display) != 0) push(out, n, act::kCycle);
  n += legal_docks(g, s, out + n);
  n += legal_artifact(g, s, out + n);
  n += legal_tech(g, s, out + n);
  return n;
}

void apply_main(const Game& g, State& s, int a) {
  uint8_t dock_key = 0;
  if (a >= act::kDockBase && a < act::kGroupBase) {
    apply_dock(g, s, a);
    dock_key = s.last_dock;
  } else if (a >= act::kGroupBase && a < act::kClaimBase) {
    apply_group(g, s, a);
  } else if (a >= act::kClaimBase && a < act::kTerritoryBase) {
    apply_claim(g, s, a);
  } else if (a >= act::kPowerBase && a < act::kDiscardBase) {
    apply_power(g, s, a);
  } else if (a >= act::kDiscardBase) {
    apply_discard(g, s, a);
  } else {
    switch (a) {
      case act::kEndTurn: end_turn(g, s); return;
      case act::kTrade: apply_trade(g, s); break;
      case act::kLaunch: apply_launch(g, s); break;
      case act::kBuyRelic: apply_buy_relic(g, s); break;
      case act::kCycle: apply_cycle(g, s); break;
      default: break;
    }
  }
  s.last_dock = dock_key;  // only a single docking keeps the canonical-order key (AF-G3)
}

}  // namespace

void apply_action(const Game& g, State& s, int a) {
  switch (s.decision) {
    case DecisionKind::Main: apply_main(g, s, a); break;
    case DecisionKind::Land: apply_land(g, s, a); break;
    case DecisionKind::Reroll:
    case DecisionKind::PlasmaMore:
    case DecisionKind::MoveColonyFrom:
    case DecisionKind::MoveColonyTo:
    case DecisionKind::SwapFirst:
    case DecisionKind::SwapSecond: apply_tech_step(g, s, a); break;
    case DecisionKind::RaidChoice:
    case DecisionKind::RaidTake: apply_raid(g, s, a); break;
    case DecisionKind::ReturnResources: apply_return_resources(g, s, a); break;
    default: break;
  }
  if (s.end != kRunning) {
    s.decision = DecisionKind::None;
    s.actor = -1;
  } else if (s.decision == DecisionKind::Main) {
    check_asimov(g, s);
  }
}

int Game::legal_actions(const State& s, int* out) const {
  if (s.end != kRunning) return 0;
  switch (s.decision) {
    case DecisionKind::Main: return legal_main(*this, s, out);
    case DecisionKind::Land: return legal_land(*this, s, out);
    case DecisionKind::Reroll:
    case DecisionKind::PlasmaMore:
    case DecisionKind::MoveColonyFrom:
    case DecisionKind::MoveColonyTo:
    case DecisionKind::SwapFirst:
    case DecisionKind::SwapSecond: return legal_tech_step(*this, s, out);
    case DecisionKind::RaidChoice:
    case DecisionKind::RaidTake: return legal_raid(*this, s, out);
    case DecisionKind::ReturnResources: return legal_return_resources(*this, s, out);
    default: return 0;
  }
}

std::vector<int> Game::legal_actions(const State& s) const {
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  return std::vector<int>(buf, buf + n);
}

bool Game::is_legal(const State& s, int action) const {
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  return std::find(buf, buf + n, action) != buf + n;
}

int Game::advance(State& s, int* out) const {
  for (;;) {
    if (s.end != kRunning) {
      s.decision = DecisionKind::None;
      s.actor = -1;
      return 0;
    }
    int n = legal_actions(s, out);
    if (n != 1) {
      if (n == 0) throw RulesError("internal error: decision " + decision_name(s.decision) + " has no legal action");
      return n;
    }
    apply_action(*this, s, out[0]);
  }
}

int Game::step(State& s, int action, int* legal_out) const {
  apply_action(*this, s, action);
  return advance(s, legal_out);
}

void Game::apply_unchecked(State& s, int action) const {
  int buf[kMaxLegal];
  apply_action(*this, s, action);
  advance(s, buf);
}

void Game::apply(State& s, int action) const {
  if (is_terminal(s)) throw RulesError("the game is over: no action can be applied");
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  if (std::find(buf, buf + n, action) == buf + n) {
    std::ostringstream msg;
    msg << "illegal action " << action << " at decision " << decision_name(s.decision) << " of seat "
        << int(s.actor) << " (turn " << s.turn << "); legal actions: [";
    for (int i = 0; i < n; ++i) msg << (i ? ", " : "") << buf[i] << " " << describe(s, buf[i]);
    msg << "]";
    throw RulesError(msg.str());
  }
  apply_action(*this, s, action);
  advance(s, buf);
}

State Game::new_initial_state(uint64_t seed) const { return set_up(seed, nullptr); }

State Game::set_up(uint64_t seed, const Script* script) const {
  State s{};
  s.rng = Rng(splitmix64(seed));
  s.script = script;
  const int players = options_.players;
  const SetupDef& setup = data_.setup;
  s.players = static_cast<int8_t>(players);
  s.first = static_cast<int8_t>(s.rng.below(static_cast<uint32_t>(players)));  // AF41
  if (script && script->first >= 0) s.first = static_cast<int8_t>(script->first);
  for (int ship = 0; ship < kNumShips; ++ship) s.loc[ship] = kLocStock;
  s.loc[kRelic] = kLocBurroughs;
  for (int p = 0; p < players; ++p)
    for (int k = 0; k < setup.start_ships; ++k) s.loc[p * kShipsPerPlayer + k] = kLocBay;  // AF8
  for (int ship = 0; ship < kNumShips; ++ship) ++s.occ[s.loc[ship]];
  for (int p = 0; p < players; ++p) {
    s.supply[p] = static_cast<uint8_t>(colonies_);
    int position = (p - s.first + players) % players;
    s.fuel[p] = static_cast<uint8_t>(setup.start_fuel[position]);
    s.ore[p] = static_cast<uint8_t>(setup.start_ore[position]);
  }
  for (int8_t& f : s.field) f = -1;
  for (int8_t& c : s.controller) c = -1;
  s.relic_owner = -1;
  s.borrowed = -1;
  s.teleported = kNone;
  s.pending2 = kNone;
  // Alien tech (rules 2.1.6, AF3): the display, then one face-up card to each player in turn order.
  s.deck = all_instances_;
  refill_display(*this, s);
  for (int k = 0; k < setup.start_tech; ++k)
    for (int i = 0; i < players; ++i) {
      int c = draw_tech(*this, s);
      if (c >= 0) s.tech[(s.first + i) % players] |= 1u << c;
    }
  s.active = s.first;
  s.turn = 0;
  begin_turn(*this, s);
  int buf[kMaxLegal];
  advance(s, buf);
  return s;
}

}  // namespace gs::af
