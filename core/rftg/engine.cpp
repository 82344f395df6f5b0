// The round driver: stage order, forced moves, legality checks and dispatch.
#include <algorithm>
#include <cstring>
#include <sstream>

#include "rftg/play.h"

namespace gs::rftg {

namespace {

constexpr uint16_t kExploreMask = act_bit(kActExplore5) | act_bit(kActExplore11);
constexpr uint16_t kDevelopMask = act_bit(kActDevelop) | act_bit(kActDevelop2);
constexpr uint16_t kSettleMask = act_bit(kActSettle) | act_bit(kActSettle2);
constexpr uint16_t kConsumeMask = act_bit(kActTrade) | act_bit(kActConsume2x);
constexpr uint16_t kProduceMask = act_bit(kActProduce);

void enter(State& s, Stage st) {
  std::memset(s.scratch, 0, sizeof(s.scratch));  // the new stage's scratch starts empty
  s.stage = st;
  s.step = 0;
  s.turn = 0;
  s.phase_rep = 0;
  s.decision = DecisionKind::None;
}

// The first selected phase after `from`, or the hand-limit stage.
Stage next_phase(const State& s, Stage from) {
  static constexpr struct { Stage st; uint16_t mask; } kPhases[] = {
      {kStageExplore, kExploreMask}, {kStageDevelop, kDevelopMask}, {kStageSettle, kSettleMask},
      {kStageConsume, kConsumeMask}, {kStageProduce, kProduceMask}};
  uint16_t chosen = 0;  // every action card some seat chose (solo: and the robot's dice, §5.4)
  for (int i = 0; i < s.players; ++i) chosen = static_cast<uint16_t>(chosen | s.actions[i]);
  if (s.players == 1) chosen = static_cast<uint16_t>(chosen | s.robot.spaces);
  for (const auto& ph : kPhases)
    if (ph.st > from && (chosen & ph.mask)) return ph.st;
  return kStageHandLimit;
}

void start_round(State& s) {
  s.round = static_cast<int16_t>(s.round + 1);
  for (int i = 0; i < s.players; ++i) {
    s.actions[i] = 0;
    s.selected[i] = kNone;
  }
  enter(s, kStageChooseAction);
}

// §3.5 / A10 / A33: checked once per round, after the hand-limit discard.
// Hidden Fortress's owner ends the game at 14 cards (E24).
bool game_ends(const Game& g, const State& s) {
  if (s.vp_pool <= 0 || s.round >= kRoundCap) return true;
  for (int i = 0; i < s.players; ++i)
    if (s.tableau[i].count() >= game_end_cards(g, s, i)) return true;
  return g.solo() && robot_tableau_size(s) >= g.tableau_end();  // §5.7: cards and placed markers
}

void finish_stage(const Game& g, State& s) {
  switch (s.stage) {
    case kStageStartDiscard: start_round(s); break;
    case kStageDraft: enter(s, kStageStartDiscard); s.round = 0; break;
    case kStageChooseAction:
      if (g.solo()) roll_robot_dice(g, s);
      enter(s, next_phase(s, kStageChooseAction));
      break;
    case kStageExplore:
    case kStageConsume:
    case kStageProduce:
      // Develop and Settle check their goals and move the robot at the end of each of their
      // phases (advanced game).
      if (g.goals_on()) check_goals(g, s, 1u << (s.stage - kStageExplore + kExplore));
      if (g.solo()) robot_phase(g, s, s.stage, 0);
      [[fallthrough]];
    case kStageDevelop:
    case kStageSettle:
      for (int i = 0; i < s.players; ++i) s.selected[i] = kNone;
      enter(s, next_phase(s, s.stage));
      break;
    case kStageHandLimit:
      if (g.goals_on()) check_goals(g, s, kGoalAtRoundEnd);
      if (game_ends(g, s)) {
        enter(s, kStageGameOver);
      } else {
        start_round(s);
      }
      break;
    default: break;
  }
}

// The stage-level dispatch: any decision of the stage (also used for a state
// whose decision does not belong to its stage).
void dispatch_stage(const Game& g, State& s, int action) {
  switch (s.stage) {
    case kStageStartDiscard:
    case kStageChooseAction:
    case kStageHandLimit: apply_round(g, s, action); break;
    case kStageExplore: apply_explore(g, s, action); break;
    case kStageDevelop: apply_develop(g, s, action); break;
    case kStageSettle: apply_settle(g, s, action); break;
    case kStageConsume: apply_consume(g, s, action); break;
    case kStageProduce: apply_produce(g, s, action); break;
    case kStageDraft: apply_draft_pick(g, s, action); break;
    default: break;
  }
}

constexpr int key(Stage st, DecisionKind k) { return st * 32 + static_cast<int>(k); }
static_assert(static_cast<int>(DecisionKind::kCount) <= 32, "decision kinds fit the dispatch key");

void dispatch(const Game& g, State& s, int action) {
  switch (key(s.stage, s.decision)) {
    case key(kStageStartDiscard, DecisionKind::StartDiscard):
    case key(kStageHandLimit, DecisionKind::HandLimit): apply_round_discard(s, action); break;
    case key(kStageChooseAction, DecisionKind::ChooseAction): apply_choose_action(s, action); break;
    case key(kStageExplore, DecisionKind::ExploreKeep): apply_explore_keep(s, action); break;
    case key(kStageDevelop, DecisionKind::DevelopSelect): apply_develop_select(s, action); break;
    case key(kStageDevelop, DecisionKind::Pay): apply_develop_pay(s, action); break;
    case key(kStageSettle, DecisionKind::SettleSelect): apply_settle_select(s, action); break;
    case key(kStageSettle, DecisionKind::SettleMethod): apply_settle_method(s, action); break;
    case key(kStageSettle, DecisionKind::Pay): apply_settle_pay(s, action); break;
    case key(kStageConsume, DecisionKind::TradeGood): apply_trade_good(g, s, action); break;
    case key(kStageConsume, DecisionKind::ConsumePower): apply_consume_power(g, s, action); break;
    case key(kStageConsume, DecisionKind::ConsumeGood): apply_consume_good(g, s, action); break;
    case key(kStageConsume, DecisionKind::ConsumeHand): apply_consume_hand(g, s, action); break;
    case key(kStageConsume, DecisionKind::LuckyNumber): apply_lucky_number(g, s, action); break;
    case key(kStageProduce, DecisionKind::WindfallPower): apply_windfall_power(s, action); break;
    case key(kStageProduce, DecisionKind::WindfallWorld): apply_windfall_world(g, s, action); break;
    default: dispatch_stage(g, s, action); break;
  }
  s.decision = DecisionKind::None;
}

}  // namespace

GameEnd game_end_condition(const Game& g, const State& s) {
  for (int p = 0; p < s.players; ++p)
    if (s.tableau[p].count() >= game_end_cards(g, s, p)) return GameEnd::Tableau;
  if (g.solo() && robot_tableau_size(s) >= g.tableau_end()) return GameEnd::Tableau;
  return s.vp_pool <= 0 ? GameEnd::VpPool : GameEnd::RoundCap;
}

void Game::advance(State& s) const {
  int buf[kMaxLegal];
  advance(s, buf);
}

int Game::advance(State& s, int* buf, RandomPicker* pick) const {
  for (;;) {
    int n;
    switch (s.stage) {
      case kStageStartDiscard: n = run_start_discard(*this, s, buf, pick); break;
      case kStageChooseAction: n = run_choose_action(*this, s, buf, pick); break;
      case kStageExplore: n = run_explore(*this, s, buf, pick); break;
      case kStageDevelop: n = run_develop(*this, s, buf, pick); break;
      case kStageSettle: n = run_settle(*this, s, buf, pick); break;
      case kStageConsume: n = run_consume(*this, s, buf, pick); break;
      case kStageProduce: n = run_produce(*this, s, buf, pick); break;
      case kStageHandLimit: n = run_hand_limit(*this, s, buf, pick); break;
      case kStageDraft: n = run_draft(*this, s, buf, pick); break;
      default:
        s.decision = DecisionKind::None;
        s.actor = -1;
        return 0;
    }
    if (n > 0) return n;
    finish_stage(*this, s);
  }
}

int Game::step(State& s, int action, int* legal_out) const { return step(s, action, legal_out, nullptr); }

// Applies the action and goes straight on with its own stage (one dispatch instead
// of a dispatch and then the stage switch of advance).
int Game::step(State& s, int action, int* legal_out, RandomPicker* pick) const {
  int n;
  switch (key(s.stage, s.decision)) {
    case key(kStageChooseAction, DecisionKind::ChooseAction):
      apply_choose_action(s, action);
      n = run_choose_action(*this, s, legal_out, pick);
      break;
    case key(kStageExplore, DecisionKind::ExploreKeep):
      apply_explore_keep(s, action);
      n = run_explore(*this, s, legal_out, pick);
      break;
    case key(kStageDevelop, DecisionKind::DevelopSelect):
      apply_develop_select(s, action);
      n = run_develop(*this, s, legal_out, pick);
      break;
    case key(kStageDevelop, DecisionKind::Pay):
      apply_develop_pay(s, action);
      n = run_develop(*this, s, legal_out, pick);
      break;
    case key(kStageSettle, DecisionKind::SettleSelect):
      apply_settle_select(s, action);
      n = run_settle(*this, s, legal_out, pick);
      break;
    case key(kStageSettle, DecisionKind::Pay):
      apply_settle_pay(s, action);
      n = run_settle(*this, s, legal_out, pick);
      break;
    case key(kStageConsume, DecisionKind::ConsumePower):
      apply_consume_power(*this, s, action);
      n = run_consume(*this, s, legal_out, pick);
      break;
    case key(kStageHandLimit, DecisionKind::HandLimit):
      apply_round_discard(s, action);
      n = run_hand_limit(*this, s, legal_out, pick);
      break;
    default:
      dispatch(*this, s, action);
      return advance(s, legal_out, pick);
  }
  if (n > 0) return n;
  finish_stage(*this, s);
  return advance(s, legal_out, pick);
}

int64_t Game::play_random(State& s, Rng* const* seat_rng) const {
  int64_t decisions;
  if (narrow_ && narrow::play_random(*narrow_, &s, seat_rng, &decisions)) return decisions;
  RandomPicker pick{seat_rng};
  int legal[kMaxLegal];
  int n = legal_actions(s, legal);
  int64_t steps = 0;
  while (n > 0) {
    int a = legal[seat_rng[s.actor]->below(static_cast<uint32_t>(n))];
    n = step(s, a, legal, &pick);
    ++steps;
  }
  return steps + pick.picks;
}

int Game::legal_actions(const State& s, int* out) const {
  switch (s.stage) {
    case kStageStartDiscard:
    case kStageChooseAction:
    case kStageHandLimit: return legal_round(*this, s, out);
    case kStageExplore: return legal_explore(*this, s, out);
    case kStageDevelop: return legal_develop(*this, s, out);
    case kStageSettle: return legal_settle(*this, s, out);
    case kStageConsume: return legal_consume(*this, s, out);
    case kStageProduce: return legal_produce(*this, s, out);
    case kStageDraft: return legal_draft(*this, s, out);
    default: return 0;
  }
}

std::vector<int> Game::legal_actions(const State& s) const {
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  return std::vector<int>(buf, buf + n);
}

bool Game::is_legal(const State& s, int action) const {
  if (s.decision == DecisionKind::None) return false;
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  return std::find(buf, buf + n, action) != buf + n;
}

void Game::apply_unchecked(State& s, int action) const {
  dispatch(*this, s, action);
  advance(s);
}

void Game::apply(State& s, int action) const {
  if (s.decision == DecisionKind::None) throw RulesError("the game is over: no action can be applied");
  int buf[kMaxLegal];
  int n = legal_actions(s, buf);
  if (std::find(buf, buf + n, action) == buf + n) {
    std::ostringstream msg;
    msg << "illegal action " << action << " at decision " << decision_name(s.decision) << " of seat "
        << int(s.actor) << " (round " << s.round << "); legal actions: [";
    for (int i = 0; i < n; ++i) msg << (i ? ", " : "") << buf[i] << " " << describe(s, buf[i]);
    msg << "]";
    throw RulesError(msg.str());
  }
  apply_unchecked(s, action);
}

std::string Game::decision_name(DecisionKind k) const {
  static const char* kNames[] = {"none", "start_discard", "choose_action", "explore_keep",
                                 "develop_select", "settle_select", "settle_method", "pay",
                                 "trade_good", "consume_power", "consume_good", "consume_hand",
                                 "lucky_number", "windfall_power", "windfall_world", "hand_limit",
                                 "start_world", "explore_discard", "develop_discount", "zero_cost_card",
                                 "temp_military", "takeover", "settle_second", "ante_card", "ante_keep",
                                 "discard_produce", "draft_pick"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(DecisionKind::kCount), "a name per decision");
  return kNames[static_cast<int>(k)];
}

State Game::new_initial_state(uint64_t seed) const { return set_up(seed, nullptr); }

State Game::new_scripted_state(const Script& script, uint64_t seed) const {
  if (script.players != players()) throw ScriptError("the script is not bound to this game (Game::bind_script)");
  return set_up(seed, &script);
}

State Game::set_up(uint64_t seed, const Script* script) const {
  State s{};
  s.rng = Rng(splitmix64(seed));
  if (script) attach_script(s, script, 0);
  s.players = static_cast<int8_t>(players());
  s.advanced = advanced() ? 1 : 0;
  s.vp_pool = static_cast<int16_t>(initial_pool());
  for (int i = 0; i < kMaxPlayers; ++i) s.selected[i] = kNone;
  s.deck = all_cards();
  s.floor = kNone;

  if (goals_on()) deal_goals(*this, s);
  if (solo()) {  // §5.2: the human plays by the advanced 2-player rules against the robot
    s.advanced = 1;
    setup_robot(*this, s);
    s.stage = kStageStartDiscard;
    s.round = 0;
    advance(s);
    return s;
  }
  if (options_.draft) {  // §6: draft first, then the start-world choice
    setup_draft(*this, s);
    s.round = 0;
    advance(s);
    return s;
  }
  if (start_choice()) {  // RvI (§1.8): a red and a blue start world each, one kept in the start stage
    deal_start_pairs(*this, s);
    s.stage = kStageStartDiscard;
    s.round = 0;
    advance(s);
    return s;
  }

  // Deal one start world to each seat; the others are ordinary deck cards (A31).
  // First game (§2.3, A2, A3): start worlds #1..#n, assigned at random, with preset hands.
  CardSet starts = start_worlds();
  if (options_.first_game) {
    CardSet fixed;
    starts.for_each([&](int w) {
      int number = design_of(w).start_number;
      if (number >= 1 && number <= s.players) fixed.set(w);
    });
    starts = fixed;
  }
  int best = 1000;
  for (int seat = 0; seat < s.players; ++seat) {
    int w = deal_start_world(*this, s, starts, seat);
    starts.reset(w);
    s.deck.reset(w);
    s.tableau[seat].set(w);
    int number = design_of(w).start_number;
    if (number < best) { best = number; s.first = static_cast<int8_t>(seat); }
  }
  if (options_.first_game) {  // preset hands are set aside before the windfall good
    for (int seat = 0; seat < s.players; ++seat) {
      for (int design : design_of(s.tableau[seat].first()).first_game_hand) {
        int c = (copies(design) & s.deck).first();
        if (c < 0) throw RulesError("first-game hand card '" + db_.designs[design].name + "' is not in the deck");
        s.deck.reset(c);
        s.hand[seat].set(c);
      }
    }
  }
  for (int t = 0; t < s.players; ++t) {
    int seat = seat_at(s, t);
    int w = s.tableau[seat].first();
    if (card(w).windfall()) place_good(s, seat, w);
  }
  if (!options_.first_game)
    for (int t = 0; t < s.players; ++t) draw_to_hand(s, seat_at(s, t), 6);
  s.stage = kStageStartDiscard;
  s.turn = static_cast<int8_t>(options_.first_game ? s.players : 0);  // the first game has no starting discard
  s.round = 0;
  advance(s);
  return s;
}

}  // namespace gs::rftg
