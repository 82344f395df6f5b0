// Filling a GameRecord from a finished (or stopped) game (see game_record.h).
#include "runner/game_record.h"

#include "rftg/play.h"
#include "rftg/solo.h"
#include "runner/seat_ranks.h"

namespace gs::runner {

using rftg::Game;
using rftg::State;

uint64_t bot_seed(uint64_t deal_seed, int seat) { return splitmix64(deal_seed ^ (0xb07b07b07ull * (seat + 1))); }

void record_start(const Game& g, const State& s, GameRecord& rec) {
  rec.takeovers.clear();  // (no takeover before the setup is over)
  for (int p = 0; p < g.players(); ++p) {
    int w = (s.tableau[p] & g.start_worlds()).first();  // none yet if a bot failed in the draft
    rec.seats[p].start_world = w < 0 ? int16_t{-1} : g.card(w).design;
  }
}

namespace {

int8_t end_reason(const Game& g, const State& s) {
  switch (rftg::game_end_condition(g, s)) {
    case rftg::GameEnd::Tableau: return kEndTableau;
    case rftg::GameEnd::VpPool: return kEndVpPool;
    default: return kEndRoundCap;
  }
}

}  // namespace

void record_end(const Game& g, const State& s, GameRecord& rec) {
  const int players = g.players();
  const bool failed = rec.error_seat >= 0;
  rec.rounds = s.round;
  rec.end_reason = failed ? kEndBotError : end_reason(g, s);
  const uint8_t mask = failed ? 0 : winners_mask(g, s);
  rec.winners_mask = mask;
  int score[rftg::kMaxPlayers], tie[rftg::kMaxPlayers];
  rftg::GoalOutcomes goals;
  if (g.goals_on()) goals = rftg::goal_outcomes(g, s);
  rec.goals_in_play = goals.in_play;
  TakeoverTally& tally = rec.takeovers;
  if (tally.n_pending > 0) tally.resolve(s);  // the last Settle phase's declarations
  for (int p = 0; p < players; ++p) {
    SeatRecord& r = rec.seats[p];
    Game::ScoreParts parts = g.score_parts(s, p);
    score[p] = parts.total;
    tie[p] = s.hand[p].count() + (s.tableau[p] & s.has_good).count();
    r.score = static_cast<int16_t>(parts.total);
    r.score_cards = static_cast<int16_t>(parts.cards);
    r.score_chips = static_cast<int16_t>(parts.chips);
    r.score_six_cost = static_cast<int16_t>(parts.six_cost);
    r.score_goals = static_cast<int16_t>(parts.goals);
    r.goals_first = goals.first[p];
    r.goals_most = goals.most[p];
    r.goals_most_tied = goals.most_tied[p];
    r.takeovers_declared = tally.declared[p];
    r.takeovers_won = tally.won[p];
    r.takeovers_lost = tally.lost[p];
    r.takeovers_defended = tally.defended[p];
    r.won = (mask >> p) & 1;
    r.hand_size = static_cast<int8_t>(s.hand[p].count());
    r.goods = static_cast<int8_t>((s.tableau[p] & s.has_good).count());
    int len = 0;
    s.tableau[p].for_each([&](int c) {
      if (len < kMaxTableau) r.tableau[len++] = g.card(c).design;
    });
    r.tableau_len = static_cast<int8_t>(len);
  }
  rec.robot_score = rec.robot_score_cards = rec.robot_score_chips = rec.robot_score_six_cost = -1;
  if (g.solo()) {
    const rftg::RobotScoreParts robot = rftg::robot_score_parts(g, s);
    rec.robot_score = static_cast<int16_t>(robot.total);
    rec.robot_score_cards = static_cast<int16_t>(robot.cards);
    rec.robot_score_chips = static_cast<int16_t>(robot.chips);
    rec.robot_score_six_cost = static_cast<int16_t>(robot.six_cost);
  }
  if (g.solo()) {  // the human's rank against the robot (§5.7): 2 when the robot is ahead
    bool robot_ahead = rec.robot_score > score[0] ||
                       (rec.robot_score == score[0] && s.robot.credits + s.robot.economy > tie[0]);
    rec.seats[0].rank = static_cast<int8_t>(robot_ahead ? 2 : 1);
    return;
  }
  rank_seats(rec, players,
             [&](int q, int p) { return score[q] > score[p] || (score[q] == score[p] && tie[q] > tie[p]); });
}

}  // namespace gs::runner
