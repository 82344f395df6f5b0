// Goals (TGS/RvI, rules §2): drawn at setup, claimed at the end of the phases each goal
// lists, most goals lost as soon as their holder falls below the minimum or behind, and
// scored at the end. The goal tiles themselves are data (goal blocks of the card file).
#include "rftg/play.h"

namespace gs::rftg {

namespace {

int slot_of(const State& s, int goal) { return __builtin_popcount(s.goals & ((1u << goal) - 1)); }

// Most goal `goal`: the players' values, their maximum, and the holder (-1 if none).
struct MostStandings {
  int v[kMaxPlayers];
  int max = -1000;
  int holder = -1;
};

MostStandings standings(const Game& g, const State& s, int goal) {
  MostStandings m;
  const GoalDesign& gd = g.db().goals[goal];
  uint8_t claims = s.goal_claims[slot_of(s, goal)];
  for (int p = 0; p < s.players; ++p) {
    m.v[p] = goal_value(g, s, p, gd.measure);
    if (m.v[p] > m.max) m.max = m.v[p];
    if ((claims >> p) & 1) m.holder = p;
  }
  return m;
}

// The holder returns the tile when below the minimum or below somebody (§2.3 rules 2-4).
bool loses(const GoalDesign& gd, const MostStandings& m) {
  return m.holder >= 0 && (m.v[m.holder] < gd.at_least || m.v[m.holder] < m.max);
}

}  // namespace

int goal_value(const Game& g, const State& s, int seat, GoalMeasure m) {
  const CardSet& tab = s.tableau[seat];
  switch (m) {
    case GoalMeasure::VpChips: return s.chips[seat];
    case GoalMeasure::GoodKinds: {
      int kinds = 0;
      for (int k = kNovelty; k <= kAlien; ++k) kinds += tab.intersects(g.worlds_of_kind(k));
      return kinds;
    }
    case GoalMeasure::AlienCards: return (tab & g.keyword_cards(kFlagAlien)).count();  // the keyword (E48)
    case GoalMeasure::RoundDiscard: return (s.round_discarded >> seat) & 1;
    case GoalMeasure::PowerCategories: {
      unsigned cats = 0;
      tab.for_each([&](int c) { cats |= g.card(c).power_categories; });
      return __builtin_popcount(cats);
    }
    case GoalMeasure::QuestionSixDevs: return (tab & g.question_six_devels()).count();
    case GoalMeasure::TableauCards: return tab.count();
    case GoalMeasure::Goods: return (tab & s.has_good).count();
    case GoalMeasure::UpliftCards: return (tab & g.keyword_cards(kFlagUplift)).count();  // E47
    case GoalMeasure::TotalMilitary: return g.total_military(s, seat);                  // E7
    case GoalMeasure::NoveltyRareWorlds: return (tab & (g.worlds_of_kind(kNovelty) | g.worlds_of_kind(kRare))).count();
    case GoalMeasure::Developments: return (tab & g.developments()).count();
    case GoalMeasure::ProductionWorlds: {  // worlds with a good kind that are not windfall worlds
      CardSet kinds = g.worlds_of_kind(kNovelty) | g.worlds_of_kind(kRare) | g.worlds_of_kind(kGenes) |
                      g.worlds_of_kind(kAlien);
      return ((tab & kinds) - g.windfall_worlds()).count();
    }
    case GoalMeasure::ExploreCards: return (tab & g.explore_powered()).count();
    case GoalMeasure::RebelMilitaryWorlds: return (tab & g.rebel_military()).count();
    default: return 0;
  }
}

// §2.1: the game's first and most goals, drawn at random from those of its level.
void deal_goals(const Game& g, State& s) {
  s.goals = 0;
  for (int kind = 0; kind < 2; ++kind) {
    std::vector<int> pool = g.goal_pool(kind);
    for (int k = 0; k < g.db().goal_draw[kind]; ++k) {
      int at = static_cast<int>(s.rng.below(static_cast<uint32_t>(pool.size())));
      s.goals = static_cast<uint16_t>(s.goals | (1u << pool[at]));
      pool.erase(pool.begin() + at);
    }
  }
  for (uint8_t& c : s.goal_claims) c = 0;
}

void check_goals(const Game& g, State& s, unsigned when) {
  for (unsigned left = s.goals; left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    if (!(gd.checked & when)) continue;
    uint8_t& claims = s.goal_claims[slot_of(s, goal)];
    if (gd.kind == GoalKind::First) {
      if (claims) continue;  // closed: somebody scored it already (§2.2)
      for (int p = 0; p < s.players; ++p)  // everybody who meets it now scores it (E9)
        if (goal_value(g, s, p, gd.measure) >= gd.at_least) claims = static_cast<uint8_t>(claims | (1u << p));
      continue;
    }
    MostStandings m = standings(g, s, goal);
    if (loses(gd, m)) {
      claims = 0;
      m.holder = -1;
    }
    if (m.holder >= 0 || m.max < gd.at_least) continue;
    int leader = -1, at_max = 0;
    for (int p = 0; p < s.players; ++p)
      if (m.v[p] == m.max) { leader = p; ++at_max; }
    if (at_max == 1) claims = static_cast<uint8_t>(1u << leader);  // a tie at the top: nobody (rule 4)
  }
}

// "At any time" (§2.3 rule 2, E8): run right after a card left a tableau.
void check_goal_losses(const Game& g, State& s) {
  for (unsigned left = s.goals; left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    if (gd.kind != GoalKind::Most) continue;
    uint8_t& claims = s.goal_claims[slot_of(s, goal)];
    if (claims && loses(gd, standings(g, s, goal))) claims = 0;
  }
}

// §2.3 end of game and §2.4: first goals scored, the most-goal holder, and every other
// player tied at the highest value (at least the minimum), from the final tableaus.
int goal_vp(const Game& g, const State& s, int seat) {
  int vp = 0;
  for (unsigned left = s.goals; left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    uint8_t claims = s.goal_claims[slot_of(s, goal)];
    if (gd.kind == GoalKind::First) {
      if ((claims >> seat) & 1) vp += gd.vp;
      continue;
    }
    if ((claims >> seat) & 1) {
      vp += gd.vp;
      continue;
    }
    MostStandings m = standings(g, s, goal);
    if (m.v[seat] == m.max && m.v[seat] >= gd.at_least) vp += gd.tie_vp;
  }
  return vp;
}

}  // namespace gs::rftg
