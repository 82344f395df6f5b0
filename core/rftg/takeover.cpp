// Takeovers (RvI, rules §3): who may be targeted (vulnerability from the start-of-phase
// tableaus), declaration with its strengths fixed from the start-of-phase values (E46),
// and resolution in declaration order (= seat order) after all seats have settled,
// with the defender's response, success or failure.
#include "rftg/settle_powers.h"

namespace gs::rftg {

using namespace settle_step;

// §3.2: the seats each takeover power may target, from the tableaus as the phase begins.
void start_takeover_phase(const Game& g, State& s) {
  for (uint8_t& v : s.vulnerable) v = 0;
  for (int p = 0; p < s.players; ++p) {
    const CardSet& t = s.tableau[p];
    uint8_t bit = static_cast<uint8_t>(1u << p);
    if (t.intersects(g.rebel_military())) s.vulnerable[kTakeoverRebelWorlds] |= bit;
    if (t.intersects(g.keyword_cards(kFlagImperium))) s.vulnerable[kTakeoverImperiumOwners] |= bit;
    if (military_of(g, t) >= 1) s.vulnerable[kTakeoverCloaked] |= bit;
  }
}

// Declarations open to the seat: each takeover power it has (once per phase) against each
// military world (Imperium Seat: Rebel military world) of a vulnerable opponent that was
// not placed in this phase (§3.1-3.3). Unwinnable ones included (E11).
int legal_takeovers(const Game& g, const State& s, int seat, int* out) {
  const CardSet mine = settle_active(g, s, seat);
  int n = 0;
  for (int kind = 0; kind < 3; ++kind) {
    if (((s.declared >> kind) & 1) || !mine.intersects(g.takeover_cards(kind))) continue;
    const CardSet& worlds = kind == kTakeoverRebelWorlds ? g.rebel_military() : g.military_worlds();
    for (int d = 0; d < s.players; ++d) {
      if (d == seat || !((s.vulnerable[kind] >> d) & 1)) continue;
      (settle_active(g, s, d) & worlds).for_each([&](int w) {
        if (n < Game::kMaxLegal - 64) out[n++] = act::kTakeoverBase + kind * kMaxInstances + w;
      });
    }
  }
  return n;
}

void declare_takeover(const Game& g, State& s, int seat, int action) {
  int v = action - act::kTakeoverBase;
  int kind = v / kMaxInstances, target = v % kMaxInstances;
  int defender = 0;
  for (int p = 0; p < s.players; ++p)
    if (s.tableau[p].test(target)) defender = p;
  // Strengths from the start-of-phase values (E46): no takeover has resolved yet, and the
  // worlds placed in this phase are not in the active tableaus.
  const CardSet ta = settle_active(g, s, seat), td = settle_active(g, s, defender);
  const CardInfo& w = g.card(target);
  int attack = military_against(settle_powers(g, ta), w);
  if (kind == kTakeoverImperiumOwners)  // Rebel Alliance: + per own Rebel military world, this power only (E12)
    attack += g.sum(kSumTakeoverBonus, ta & g.takeover_cards(kind)) * (ta & g.rebel_military()).count();
  int defence = military_against(settle_powers(g, td), w) + w.cost;  // E13: the defender's specialised Military
  if (td.intersects(g.takeover_defence_cards())) {  // Rebel Pact
    int rebel = (td & g.rebel_military()).count();
    defence += 2 * rebel + ((td & g.military_worlds()).count() - rebel);
  }
  if (kind == kTakeoverCloaked) tableau_discard(g, s, seat, (ta & g.takeover_cards(kind)).first());
  Takeover& t = s.takeovers[s.n_takeovers++];
  t.target = static_cast<uint8_t>(target);
  t.seats = static_cast<uint8_t>(seat | (defender << 3) | (kind << 6));
  int margin = attack - defence;
  t.margin = static_cast<int8_t>(margin < -127 ? -127 : margin > 127 ? 127 : margin);
  s.declared = static_cast<uint8_t>(s.declared | (1u << kind));
}

namespace {

// The declaration being resolved (State::need counts the resolved ones), or -1 when all are.
int current(const State& s) { return s.need < s.n_takeovers ? s.need : -1; }

// §3.5 step 1: the world left the defender's tableau, or a second declaration whose first failed.
bool fails_automatically(const State& s, int k) {
  const Takeover& t = s.takeovers[k];
  if (!s.tableau[t.defender()].test(t.target)) return true;
  for (int j = 0; j < k; ++j)
    if (s.takeovers[j].attacker() == t.attacker() && !((s.takeover_won >> j) & 1)) return true;
  return false;
}

// Attack minus defence now: start-of-phase values plus the temporary Military gained so far.
int strength(const State& s, int k) {
  const Takeover& t = s.takeovers[k];
  return t.margin + temp_gained(s, t.attacker()) - temp_gained(s, t.defender());
}

void resolve(const Game& g, State& s, int k, bool won) {
  Takeover& t = s.takeovers[k];
  int target = t.target;
  s.need = static_cast<int8_t>(k + 1);
  s.context = kTempConquest;
  s.floor = kNone;
  if (!won) return;  // §3.5 step 7: whatever was spent stays spent
  s.takeover_won = static_cast<uint8_t>(s.takeover_won | (1u << k));
  s.tableau[t.defender()].reset(target);  // the world moves with its good (§3.5 step 6)
  s.tableau[t.attacker()].set(target);
  if (s.draft && s.has_good.test(target))  // the good card now goes to the taker's own pile when used
    set_owner(s, (good_cards(g, s) & owned_by(s, t.defender())).first(), t.attacker());
  if (g.goals_on()) check_goal_losses(g, s);
  // The taken world is just placed for its new owner: none of its powers in this phase.
  s.tableau[t.attacker()].reset(target);
  int seat = t.attacker();
  int bonus = (s.bonus >> seat) & 1;  // the Settle bonus if not received yet (E49, E50)
  s.bonus = static_cast<uint8_t>(s.bonus & ~(1u << seat));
  int draws = bonus + g.sum(kSumSettleDrawAfter, settle_active(g, s, seat));
  s.tableau[seat].set(target);
  draw_to_hand(s, seat, draws);
}

}  // namespace

int resolve_takeovers(const Game& g, State& s, int* out) {
  for (int k; (k = current(s)) >= 0;) {
    if (fails_automatically(s, k)) {
      resolve(g, s, k, false);
      continue;
    }
    int d = s.takeovers[k].defender(), m = strength(s, k);
    // §3.5 step 4: the defender may add temporary Military; asked only while it matters.
    if (m >= 0 && temp_potential(g, s, d) > m) {
      if (s.context != kTempDefence) {  // the defence of this declaration begins
        s.context = kTempDefence;
        s.floor = kNone;
      }
      pose(s, DecisionKind::TempMilitary, d);
      return legal_temp_military(g, s, out);
    }
    resolve(g, s, k, m >= 0);  // ties go to the attacker (§3.5 step 5)
  }
  return 0;
}

// The defender stops adding Military: the current declaration is decided now.
void conclude_takeover(const Game& g, State& s) {
  int k = current(s);
  if (k >= 0) resolve(g, s, k, strength(s, k) >= 0);
}

}  // namespace gs::rftg
