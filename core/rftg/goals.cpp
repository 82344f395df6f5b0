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
  goal_values(g, s, gd.measure, m.v);
  for (int p = 0; p < s.players; ++p) {
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

// A goal's measure for every seat (v[seat]), with one dispatch on the measure.
void goal_values(const Game& g, const State& s, GoalMeasure m, int* v) {
  auto each = [&](auto value) {
    for (int p = 0; p < s.players; ++p) v[p] = value(s.tableau[p], p);
  };
  switch (m) {
    case GoalMeasure::VpChips: return each([&](const CardSet&, int p) { return int{s.chips[p]}; });
    case GoalMeasure::GoodKinds:
      return each([&](const CardSet& tab, int) {
        int kinds = 0;
        for (int k = kNovelty; k <= kAlien; ++k) kinds += tab.intersects(g.worlds_of_kind(k));
        return kinds;
      });
    case GoalMeasure::AlienCards:  // the keyword (E48)
      return each([&](const CardSet& tab, int) { return (tab & g.keyword_cards(kFlagAlien)).count(); });
    case GoalMeasure::RoundDiscard: return each([&](const CardSet&, int p) { return (s.round_discarded >> p) & 1; });
    case GoalMeasure::PowerCategories:
      return each([&](const CardSet& tab, int) {
        int cats = 0;
        for (int k = 0; k < 8; ++k) cats += tab.intersects(g.category_cards(k));
        return cats;
      });
    case GoalMeasure::QuestionSixDevs:
      return each([&](const CardSet& tab, int) { return (tab & g.question_six_devels()).count(); });
    case GoalMeasure::TableauCards: return each([&](const CardSet& tab, int) { return tab.count(); });
    case GoalMeasure::Goods: return each([&](const CardSet& tab, int) { return (tab & s.has_good).count(); });
    case GoalMeasure::UpliftCards:  // E47
      return each([&](const CardSet& tab, int) { return (tab & g.keyword_cards(kFlagUplift)).count(); });
    case GoalMeasure::TotalMilitary: return each([&](const CardSet&, int p) { return g.total_military(s, p); });  // E7
    case GoalMeasure::NoveltyRareWorlds:
      return each([&](const CardSet& tab, int) {
        return (tab & (g.worlds_of_kind(kNovelty) | g.worlds_of_kind(kRare))).count();
      });
    case GoalMeasure::Developments: return each([&](const CardSet& tab, int) { return (tab & g.developments()).count(); });
    case GoalMeasure::ProductionWorlds: {  // worlds with a good kind that are not windfall worlds
      const CardSet kinds = (g.worlds_of_kind(kNovelty) | g.worlds_of_kind(kRare) | g.worlds_of_kind(kGenes) |
                             g.worlds_of_kind(kAlien)) - g.windfall_worlds();
      return each([&](const CardSet& tab, int) { return (tab & kinds).count(); });
    }
    case GoalMeasure::ExploreCards: return each([&](const CardSet& tab, int) { return (tab & g.explore_powered()).count(); });
    case GoalMeasure::RebelMilitaryWorlds:
      return each([&](const CardSet& tab, int) { return (tab & g.rebel_military()).count(); });
    default: return each([](const CardSet&, int) { return 0; });
  }
}

// §2.1: the game's first and most goals, drawn at random from those of its level.
void deal_goals(const Game& g, State& s) {
  s.goals = 0;
  for (uint8_t& c : s.goal_claims) c = 0;
  if (const Script* script = script_of(s); script && script->goals_given) {  // checked by Game::bind_script
    for (int goal : script->goals) s.goals = static_cast<uint16_t>(s.goals | (1u << goal));
    return;
  }
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
  for (unsigned left = s.goals & g.goals_checked(when); left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    uint8_t& claims = s.goal_claims[slot_of(s, goal)];
    if (gd.kind == GoalKind::First) {
      if (claims) continue;  // closed: somebody scored it already (§2.2)
      int v[kMaxPlayers];
      goal_values(g, s, gd.measure, v);
      for (int p = 0; p < s.players; ++p)  // everybody who meets it now scores it (E9)
        claims = static_cast<uint8_t>(claims | (static_cast<unsigned>(v[p] >= gd.at_least) << p));
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

// How each seat stands on each goal in play at the end (§2.3, §2.4): the first goals it
// scored, the most goals it holds, and those it does not hold but is tied at the top of
// (at least the minimum), which score the tie chip. goal_vps below gives their VP.
GoalOutcomes goal_outcomes(const Game& g, const State& s) {
  GoalOutcomes out;
  out.in_play = s.goals;
  for (unsigned left = s.goals; left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    uint8_t claims = s.goal_claims[slot_of(s, goal)];
    const uint16_t bit = static_cast<uint16_t>(1u << goal);
    if (gd.kind == GoalKind::First) {
      for (int p = 0; p < s.players; ++p)
        if ((claims >> p) & 1) out.first[p] |= bit;
      continue;
    }
    MostStandings m = standings(g, s, goal);
    for (int p = 0; p < s.players; ++p) {
      if ((claims >> p) & 1) out.most[p] |= bit;
      else if (m.v[p] == m.max && m.v[p] >= gd.at_least) out.most_tied[p] |= bit;
    }
  }
  return out;
}

// §2.3 end of game and §2.4: first goals scored, the most-goal holder, and every other
// player tied at the highest value (at least the minimum), from the final tableaus.
void goal_vps(const Game& g, const State& s, int* vp) {
  for (int p = 0; p < s.players; ++p) vp[p] = 0;
  for (unsigned left = s.goals; left; left &= left - 1) {
    int goal = __builtin_ctz(left);
    const GoalDesign& gd = g.db().goals[goal];
    uint8_t claims = s.goal_claims[slot_of(s, goal)];
    if (gd.kind == GoalKind::First) {
      for (int p = 0; p < s.players; ++p)
        if ((claims >> p) & 1) vp[p] += gd.vp;
      continue;
    }
    MostStandings m = standings(g, s, goal);
    for (int p = 0; p < s.players; ++p) {
      if ((claims >> p) & 1) vp[p] += gd.vp;
      else if (m.v[p] == m.max && m.v[p] >= gd.at_least) vp[p] += gd.tie_vp;
    }
  }
}

}  // namespace gs::rftg
