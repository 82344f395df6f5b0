// Final scoring (§3.6, §6.4): printed VP, chips, six-cost bonuses; tie-breaks (A9).
#include "rftg/play.h"

namespace gs::rftg {

namespace {

bool production(const CardInfo& c, Good k) { return c.world() && c.good == k && !c.windfall(); }
bool windfall(const CardInfo& c, Good k) { return c.world() && c.good == k && c.windfall(); }

bool matches(const ScoreLine& line, const CardInfo& c) {
  switch (line.kind) {
    case ScoreKind::NoveltyProduction: return production(c, kNovelty);
    case ScoreKind::RareProduction: return production(c, kRare);
    case ScoreKind::GenesProduction: return production(c, kGenes);
    case ScoreKind::AlienProduction: return production(c, kAlien);
    case ScoreKind::NoveltyWindfall: return windfall(c, kNovelty);
    case ScoreKind::RareWindfall: return windfall(c, kRare);
    case ScoreKind::GenesWindfall: return windfall(c, kGenes);
    case ScoreKind::AlienWindfall: return windfall(c, kAlien);
    case ScoreKind::AlienFlag: return c.flags & kFlagAlien;
    case ScoreKind::RebelFlag: return c.flags & kFlagRebel;
    case ScoreKind::ImperiumFlag: return c.flags & kFlagImperium;
    case ScoreKind::ChromoFlag: return c.flags & kFlagChromo;
    case ScoreKind::UpliftFlag: return c.flags & kFlagUplift;
    case ScoreKind::TerraformingFlag: return c.flags & kFlagTerraforming;
    case ScoreKind::Military: return c.world() && c.military();
    case ScoreKind::RebelMilitary: return c.world() && c.military() && (c.flags & kFlagRebel);
    case ScoreKind::NonMilitaryWorld: return c.world() && !c.military();
    case ScoreKind::DevelExplore: return !c.world() && c.has_explore_power;
    case ScoreKind::WorldExplore: return c.world() && c.has_explore_power;
    case ScoreKind::DevelTrade: return !c.world() && c.has_trade_power;
    case ScoreKind::WorldTrade: return c.world() && c.has_trade_power;
    case ScoreKind::DevelConsume: return !c.world() && c.has_consume_power;
    case ScoreKind::WorldConsume: return c.world() && c.has_consume_power;
    case ScoreKind::SixDevel: return !c.world() && c.cost == 6;
    case ScoreKind::Devel: return !c.world();
    case ScoreKind::World: return c.world();
    case ScoreKind::Name: return c.design == line.design;
    default: return false;  // per-player lines and expansion-only categories
  }
}

}  // namespace

// Each scoring design's card lines as the instances they score: a card scores on its first
// matching line only (A24), so each line keeps the instances no earlier line matches.
void Game::index_score_lines() {
  score_sets_.assign(db_.designs.size(), {});
  for (int d = 0; d < static_cast<int>(db_.designs.size()); ++d) {
    if (copies_[d].empty()) continue;
    CardSet taken;
    for (const ScoreLine& line : db_.designs[d].score) {
      CardSet cards;
      for (int j = 0; j < n_; ++j)
        if (matches(line, info_[j])) cards.set(j);
      cards -= taken;
      taken |= cards;
      if (cards.any()) score_sets_[d].push_back(ScoreSet{cards, line.points});
    }
  }
}

// Unconditional Military: fixed values and Hidden Fortress's +1 per military world (E7).
int Game::total_military(const State& s, int seat) const {
  const CardSet& tab = s.tableau[seat];
  int m = sum(kSumMilitary, tab);
  if (has(kHasSettleExtra) && tab.intersects(settle_extra()))
    m += sum(kSumMilitaryPerWorld, tab) * (tab & military_worlds()).count();
  return m;
}

Game::ScoreParts Game::score_parts(const State& s, int seat) const {
  int goals[kMaxPlayers];
  goal_scores(s, goals);
  return score_parts(s, seat, goals[seat]);
}

// Every seat's goal VP is worked out at once (the most goals' standings are everybody's).
void Game::goal_scores(const State& s, int* goals) const {
  for (int i = 0; i < kMaxPlayers; ++i) goals[i] = 0;
  if (goals_on()) goal_vps(*this, s, goals);
}

Game::ScoreParts Game::score_parts(const State& s, int seat, int goal_vp) const {
  ScoreParts parts;
  parts.chips = s.chips[seat];
  const CardSet& tab = s.tableau[seat];
  parts.cards = sum(kSumVp, tab);
  (tab & scoring_cards()).for_each([&](int i) {  // six-cost developments and other scoring cards
    const Design& d = design_of(i);
    for (const ScoreLine& line : d.score) {  // per-player lines count once (A23)
      if (line.kind == ScoreKind::TotalMilitary) parts.six_cost += line.points * total_military(s, seat);
      if (line.kind == ScoreKind::ThreeVp) parts.six_cost += line.points * (s.chips[seat] / 3);
      if (line.kind == ScoreKind::KindGood) {  // Galactic Exchange: 1, 3, 6, 10 VP for 1-4 kinds of worlds
        static const int kByKinds[5] = {0, 1, 3, 6, 10};
        int kinds = 0;
        for (int k = kNovelty; k <= kAlien; ++k) kinds += tab.intersects(worlds_of_kind(k));
        parts.six_cost += line.points + kByKinds[kinds];
      }
    }
    for (const ScoreSet& set : score_sets_[card(i).design]) parts.six_cost += set.points * (tab & set.cards).count();
  });
  parts.goals = goal_vp;
  parts.total = parts.cards + parts.chips + parts.six_cost + parts.goals;
  return parts;
}

std::vector<int> Game::scores(const State& s) const {
  int goals[kMaxPlayers];
  goal_scores(s, goals);
  std::vector<int> out;
  for (int i = 0; i < s.players; ++i) out.push_back(score_parts(s, i, goals[i]).total);
  return out;
}

int Game::winners(const State& s, int* out) const {
  if (solo()) {  // §5.7: against the robot; a full tie is a draw (E40): no winner either way
    int human = score_parts(s, 0).total, robot = robot_score(*this, s);
    int tie = s.hand[0].count() + (s.tableau[0] & s.has_good).count();
    bool won = human != robot ? human > robot : tie > s.robot.credits + s.robot.economy;
    if (won) out[0] = 0;
    return won ? 1 : 0;
  }
  int goals[kMaxPlayers];
  goal_scores(s, goals);
  int best = -1000000, best_tie = -1, n = 0;
  for (int i = 0; i < s.players; ++i) {
    int sc = score_parts(s, i, goals[i]).total;
    int tie = s.hand[i].count() + (s.tableau[i] & s.has_good).count();  // A9: hand + goods
    if (sc > best || (sc == best && tie > best_tie)) {
      best = sc;
      best_tie = tie;
      n = 0;
      out[n++] = i;
    } else if (sc == best && tie == best_tie) {
      out[n++] = i;
    }
  }
  return n;
}

std::vector<int> Game::winners(const State& s) const {
  int w[kMaxPlayers];
  int n = winners(s, w);
  return std::vector<int>(w, w + n);
}

}  // namespace gs::rftg
