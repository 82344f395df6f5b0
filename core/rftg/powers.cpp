// Building a Game: card instances for the chosen level and each card's powers
// flattened from the data file into the CardInfo summary the phases read.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "rftg/game.h"

namespace gs::rftg {

namespace {

int kind_of_vs(uint32_t c) {
  if (c & code::kVsNovelty) return kNovelty;
  if (c & code::kVsRare) return kRare;
  if (c & code::kVsGenes) return kGenes;
  if (c & code::kVsAlien) return kAlien;
  return kNoGood;
}

[[noreturn]] void unsupported(const Design& d, const Power& p) {
  throw RulesError("card '" + d.name + "': power with phase " + std::to_string(int(p.phase)) + " and code " +
                   std::to_string(p.code) + " is not supported by this engine yet");
}

void add_settle(const Design& d, const Power& p, CardInfo& c) {
  using namespace code;
  uint32_t k = p.code;
  int kind = kind_of_vs(k);
  if (k == (kDiscard | kReduceZero)) { c.colony_ship = true; return; }
  if (k == (kDiscard | kExtraMilitary)) { c.discard_military += p.value; return; }
  if (k == kPayMilitary) { c.has_pay_military = true; c.pay_military += p.value; return; }
  if (k == (kPayMilitary | kVsRebel)) { c.has_pay_military_rebel = true; c.pay_military_rebel += p.value; return; }
  if (k == (kExtraMilitary | kPerMilitary)) { c.military_per_world += p.value; return; }
  if (k == kMilitaryHand) { c.military_hand += p.value; return; }
  if (k == kPayDiscount) { c.pay_discount += p.value; return; }
  if (k == kPlaceTwo) { c.place_two = true; return; }
  if (k == (kDiscard | kConquerSettle | kNoTakeover) || k == (kDiscard | kConquerSettle)) {
    c.has_cloak = true;
    c.cloak += p.value;
    return;
  }
  if (k == kTakeoverRebel) { c.takeover_kinds |= 1u << kTakeoverRebelWorlds; return; }
  if (k == kTakeoverImperium) { c.takeover_kinds |= 1u << kTakeoverImperiumOwners; c.takeover_bonus += p.value; return; }
  if (k == (kDiscard | kTakeoverMilitary)) { c.takeover_kinds |= 1u << kTakeoverCloaked; return; }
  if (k == kTakeoverDefense) { c.takeover_defence = true; return; }
  if (k == kSettleDrawAfter) { c.settle_draw_after += p.value; return; }
  if ((k & ~(kVsNovelty | kVsRare | kVsGenes | kVsAlien)) == kSettleReduce) {
    if (kind) c.settle_reduce_kind[kind] += p.value;
    else c.settle_reduce += p.value;
    return;
  }
  if (k == (kExtraMilitary | kVsRebel)) { c.military_vs_rebel += p.value; return; }
  if ((k & ~(kVsNovelty | kVsRare | kVsGenes | kVsAlien)) == kExtraMilitary) {
    if (kind) c.military_vs_kind[kind] += p.value;
    else c.military_power += p.value;
    return;
  }
  unsupported(d, p);
}

constexpr uint32_t kTradeCodes = code::kTradeAny | code::kTradeNovelty | code::kTradeRare | code::kTradeGenes |
                                 code::kTradeThis;

void add_consume(const Design& d, const Power& p, CardInfo& c) {
  using namespace code;
  uint32_t k = p.code;
  if (k & kTradeCodes) {
    if (k == (kTradeGenes | kTradeBonusChromo)) {  // +1 per chromosome card when selling Genes (E23)
      c.trade_kind[kGenes] += p.value;
      c.trade_per_chromo += 1;
      c.has_trade_power = true;
      return;
    }
    if (k & ~kTradeCodes) unsupported(d, p);
    if (k & kTradeAny) c.trade_any += p.value;
    if (k & kTradeNovelty) c.trade_kind[kNovelty] += p.value;
    if (k & kTradeRare) c.trade_kind[kRare] += p.value;
    if (k & kTradeGenes) c.trade_kind[kGenes] += p.value;
    if (k & kTradeThis) c.trade_this += p.value;
    c.has_trade_power = true;
    return;
  }
  constexpr uint32_t kKnown = kTradeAction | kTradeNoBonus | kConsumeAny | kConsumeNovelty | kConsumeRare |
                              kConsumeGenes | kConsumeAlien | kConsumeTwo | kConsumeThreeDiff | kConsumeAll |
                              kGetVp | kGetCard | kGet2Card | kDiscardHand | kConsumeDraw | kDrawLucky |
                              kConsumeNDiff | kConsumeThis | kConsumeVp | kAnteCard;
  if (k & ~kKnown) unsupported(d, p);
  if (c.n_consume >= kMaxConsumePowers) unsupported(d, p);
  c.consume[c.n_consume] = ConsumePower{k, p.value, p.times, c.n_consume, kTestOther, 0, 0, 0};
  ++c.n_consume;
  c.has_consume_power = true;
}

void add_produce(const Design& d, const Power& p, CardInfo& c) {
  using namespace code;
  switch (p.code) {
    case code::kProduce: c.produce = true; return;
    case kProduceDrawIf: c.produce_draw_if += p.value; return;
    case kProduceDraw: c.produce_draw += p.value; return;
    case kWindfallAny: c.windfall_power = 1; return;
    case kWindfallNovelty: c.windfall_power = 1 + kNovelty; return;
    case kWindfallRare: c.windfall_power = 1 + kRare; return;
    case kWindfallGenes: c.windfall_power = 1 + kGenes; return;
    case kWindfallAlien: c.windfall_power = 1 + kAlien; return;
    case kDrawEachNovelty: c.draw_each_novelty += p.value; return;
    case kDrawEachAlien: c.draw_each_alien += p.value; return;
    case kDrawDifferent: c.draw_different += p.value; return;
    case kDrawMostRare: c.draw_most_rare += p.value; return;
    case kDrawWorldGenes: c.draw_world_genes += p.value; return;
    case kDrawMilitary: c.draw_military += p.value; return;
    case kDrawRebel: c.draw_rebel += p.value; return;
    case kDrawChromo: c.draw_chromo += p.value; return;
    case kProduceDiscard | code::kProduce: c.discard_produce = true; return;
    case kWindfallGenes | kNotThis: c.windfall_power = 1 + 5; return;
    default: unsupported(d, p);
  }
}

void pack_settle_lanes(CardInfo& c) {
  int8_t* v = c.settle_lanes;
  v[kLaneReduce] = c.settle_reduce;
  v[kLaneMilitary] = c.military_power;
  for (int k = 1; k < 5; ++k) {
    v[kLaneReduceKind + k - 1] = c.settle_reduce_kind[k];
    v[kLaneMilitaryKind + k - 1] = c.military_vs_kind[k];
  }
  v[kLaneMilitaryRebel] = c.military_vs_rebel;
  v[kLaneTemporary] = c.discard_military;
  v[kLaneContactDiscount] = c.pay_military;
  v[kLaneContact] = c.has_pay_military ? 1 : 0;
  v[kLaneColonyShip] = c.colony_ship ? 1 : 0;
}

CardInfo summarize(const Design& d, int design) {
  CardInfo c{};
  c.design = static_cast<int16_t>(design);
  c.type = d.type;
  c.cost = d.cost;
  c.vp = d.vp;
  c.good = d.good;
  c.flags = d.flags;
  for (const Power& p : d.powers) {
    switch (p.phase) {
      case kExplore:
        c.has_explore_power = true;
        if (p.code == code::kExploreDraw) c.explore_draw += p.value;
        else if (p.code == code::kExploreKeep) c.explore_keep += p.value;
        else if (p.code == code::kExploreDiscardAny) c.explore_mix = true;
        else unsupported(d, p);
        break;
      case kDevelop:
        if (p.code == code::kDevelopDraw) c.develop_draw += p.value;
        else if (p.code == code::kDevelopDrawAfter) c.develop_draw_after += p.value;
        else if (p.code == code::kDevelopReduce) c.develop_reduce += p.value;
        else if (p.code == code::kDevelopDiscardReduce) c.develop_discard_reduce += p.value;
        else unsupported(d, p);
        break;
      case kSettle: add_settle(d, p, c); break;
      case kConsume: add_consume(d, p, c); break;
      case kProduce: add_produce(d, p, c); break;
    }
  }
  pack_settle_lanes(c);
  return c;
}

bool any_of(std::initializer_list<int> values) {
  for (int v : values) if (v) return true;
  return false;
}

// Settle powers of the expansions, which the lane sum of settle.cpp does not cover.
bool settle_extra_power(const CardInfo& c) {
  return any_of({c.military_per_world, c.has_pay_military_rebel, c.pay_discount, c.place_two, c.has_cloak,
                 c.military_hand, c.takeover_kinds, c.takeover_defence});
}

// Innovation Leader's categories of printed powers: bit 1 << phase (1..5), and bit 6 for
// trade ($) powers; a phase-IV power counts as $ if it is a trade bonus, else as Consume (E6).
uint8_t power_categories(const Design& d) {
  constexpr uint32_t kTrade = code::kTradeAny | code::kTradeNovelty | code::kTradeRare | code::kTradeGenes |
                              code::kTradeThis | code::kTradeBonusChromo;
  uint8_t m = 0;
  for (const Power& p : d.powers) {
    if (p.phase == kConsume && (p.code & kTrade)) m |= 1u << 6;
    else m |= static_cast<uint8_t>(1u << p.phase);
  }
  return m;
}

bool in_group(const CardInfo& c, PowerGroup k) {
  switch (k) {
    case kGroupExplore: return any_of({c.explore_draw, c.explore_keep, c.explore_mix});
    case kGroupDevelop: return any_of({c.develop_draw, c.develop_reduce, c.develop_draw_after, c.develop_discard_reduce});
    case kGroupSettle:
      return any_of({c.military_power, c.military_vs_kind[1], c.military_vs_kind[2], c.military_vs_kind[3],
                     c.military_vs_kind[4], c.military_vs_rebel, c.settle_reduce, c.settle_reduce_kind[1],
                     c.settle_reduce_kind[2], c.settle_reduce_kind[3], c.settle_reduce_kind[4], c.settle_draw_after,
                     c.discard_military, c.has_pay_military, c.colony_ship}) ||
             settle_extra_power(c);
    case kGroupTrade:
      return any_of({c.trade_any, c.trade_kind[1], c.trade_kind[2], c.trade_kind[3], c.trade_kind[4], c.trade_per_chromo});
    case kGroupConsume: return c.n_consume > 0;
    case kGroupConsumeFree:
      for (int k = 0; k < c.n_consume; ++k)
        if (c.consume[k].code & (code::kConsumeDraw | code::kDrawLucky | code::kDiscardHand | code::kConsumeVp | code::kAnteCard))
          return true;
      return false;
    case kGroupProduce:
      return any_of({c.produce_draw, c.windfall_power, c.draw_each_novelty, c.draw_each_alien, c.draw_different,
                     c.draw_most_rare, c.draw_world_genes, c.draw_military, c.draw_rebel, c.draw_chromo});
    default: return false;
  }
}

Level parse_level(const std::string& e) {
  if (e == "base") return kBase;
  if (e == "tgs") return kTgs;
  if (e == "rvi") return kRvi;
  throw RulesError("unknown expansion '" + e + "' (expected base, tgs or rvi)");
}

void check_options(const GameOptions& o, Level level) {
  static const int kMaxPlayersAt[kNumLevels] = {4, 5, 6};
  const int most = kMaxPlayersAt[level];
  const char* names[kNumLevels] = {"the base game", "'tgs'", "'rvi'"};
  int fewest = level == kBase ? 2 : 1;
  if (o.players < fewest || o.players > most)
    throw RulesError(std::string(names[level]) + " takes " + std::to_string(fewest) + " to " + std::to_string(most) +
                     " players, not " + std::to_string(o.players) +
                     (level == kBase && o.players == 1 ? " (the solo game needs expansion 'tgs' or 'rvi')" : ""));
  if (o.first_game && (o.players < 2 || o.players > (level == kBase ? 4 : 5)))
    throw RulesError(std::string("the first-game setup is for 2 to ") + (level == kBase ? "4" : "5") + " players");
  if (o.advanced && o.players != 2)
    throw RulesError("the advanced game is for exactly 2 players, not " + std::to_string(o.players));
  if (o.goals == 1 && level == kBase) throw RulesError("goals need expansion 'tgs' or 'rvi'");
  if (o.goals == 1 && o.players == 1) throw RulesError("the solo game has no goals");
  if (o.goals < -1 || o.goals > 1) throw RulesError("goals must be on, off or the default");
  if (o.takeovers && level != kRvi) throw RulesError("takeovers need expansion 'rvi'");
  if (o.takeovers && o.players == 1) throw RulesError("the solo game has no takeovers");
  if (o.draft) {
    int draft_most = level == kTgs ? 3 : 5;
    if (level == kBase) throw RulesError("the draft variant needs expansion 'tgs' or 'rvi'");
    if (o.players < 2 || o.players > draft_most)
      throw RulesError("the draft variant at '" + o.expansion + "' is for 2 to " + std::to_string(draft_most) + " players");
    if (o.first_game) throw RulesError("the draft variant has no first-game setup");
  }
  if (o.players == 1 && o.first_game) throw RulesError("the solo game has no first-game setup");
}

}  // namespace

const CardSet& Game::keyword_cards(uint32_t flag) const {
  switch (flag) {
    case kFlagAlien: return alien_keyword_;
    case kFlagImperium: return imperium_;
    case kFlagUplift: return uplift_;
    case kFlagChromo: return chromo_;
    default: throw std::logic_error("galaxysim internal error: no card set for flag " + std::to_string(flag));
  }
}

Game::Game(const CardDb& db, const GameOptions& options) : options_(options), db_(db) {
  level_ = parse_level(options.expansion);
  check_options(options, level_);
  // G16: what-if rule constants, within what the fixed-size state and the runner can hold.
  if (options.hand_limit < 0 || options.hand_limit > 100)
    throw RulesError("hand limit must be 0 to 100, not " + std::to_string(options.hand_limit));
  if (options.vp_per_player < 1 || options.vp_per_player > 150)
    throw RulesError("VP pool per player must be 1 to 150, not " + std::to_string(options.vp_per_player));
  // A seat's chips are one byte (State::chips): 150 in the pool and at most some 80 VP won in
  // the last round, when the pool may be overdrawn (A10), stay below 256.
  if (options.vp_per_player * std::max(options.players, 1) > 150)
    throw RulesError("the VP pool may hold at most 150 chips in all (a seat's chips are counted up to 255), not " +
                     std::to_string(options.vp_per_player) + " per player x " + std::to_string(options.players) +
                     " players = " + std::to_string(options.vp_per_player * options.players));
  if (options.tableau_end < 1 || options.tableau_end > 40)
    throw RulesError("the tableau size that ends the game must be 1 to 40, not " +
                     std::to_string(options.tableau_end));
  goals_on_ = level_ != kBase && options.players >= 2 && options.goals != 0;
  takeovers_on_ = options.takeovers;
  pool_ = options.vp_per_player * options.players;  // rules §2.1, E4
  if (options.players == 1) {  // the solo game (§5): the robot's data
    if (options.solo_config.empty())
      throw RulesError("the solo game needs a solo configuration (the text of core/data/rftg_solo.txt)");
    solo_ = parse_solo_config(options.solo_config, "solo configuration", db_);
    const char* levels[3] = {"easy", "medium", "hard"};
    solo_difficulty_ = -1;
    for (int k = 0; k < 3; ++k)
      if (options.solo_difficulty == levels[k]) solo_difficulty_ = k;
    if (solo_difficulty_ < 0)
      throw RulesError("unknown solo difficulty '" + options.solo_difficulty + "' (expected easy, medium or hard)");
    pool_ = solo_.vp_pool;
  }

  int pay_military_designs = 0;
  for (int d = 0; d < static_cast<int>(db_.designs.size()); ++d) {
    const Design& design = db_.designs[d];
    int copies = design.copies[level_];
    copies_.emplace_back();
    if (copies <= 0) continue;
    CardInfo info = summarize(design, d);
    info.power_categories = power_categories(design);
    if (info.has_pay_military || info.has_pay_military_rebel) ++pay_military_designs;
    if (copies > max_copies_) max_copies_ = copies;
    for (int k = 0; k < copies; ++k) {
      if (n_ >= CardSet::kBits) throw RulesError("too many card instances for one game");
      int i = n_++;
      info_.push_back(info);
      copies_[d].set(i);
      all_.set(i);
      if (k > 0) later_copies_.set(i);
      for (int b = 0; b < 8; ++b)
        if ((info.power_categories >> b) & 1) category_[b].set(i);
      if (design.has(kFlagStart)) start_worlds_.set(i);
      if (info.world()) {
        worlds_.set(i);
        if (info.good != kNoGood && info.good < 5) kind_worlds_[info.good].set(i);
        if (info.windfall()) {
          windfall_.set(i);
          if (info.good < 5) windfall_kind_[info.good].set(i);
        }
        if (info.produce) production_.set(i);
        if (info.military() && (info.flags & kFlagRebel)) rebel_military_.set(i);
      } else {
        developments_.set(i);
        if (info.cost == 6 && info.vp == 0 && !design.score.empty()) question_six_.set(i);
      }
      if (!design.score.empty()) scoring_.set(i);
      if (info.flags & kFlagAlien) alien_keyword_.set(i);
      if (info.flags & kFlagImperium) imperium_.set(i);
      if (info.flags & kFlagUplift) uplift_.set(i);
      if (info.flags & kFlagChromo) chromo_.set(i);
      if (info.flags & kFlagDiscardToTwelve) hand_limit_12_.set(i);
      if (info.flags & kFlagGameEndFourteen) game_end_14_.set(i);
      if (info.has_explore_power) explore_powered_.set(i);
      if (info.colony_ship) zero_cost_.set(i);
      if (info.discard_military > 0) nmt_.set(i);
      if (info.explore_mix) mix_.set(i);
      if (info.develop_discard_reduce > 0) develop_discount_.set(i);
      if (info.discard_produce) discard_produce_.set(i);
      if (info.windfall_power == 1 + 5) not_this_.set(i);
      for (int t = 0; t < 3; ++t)
        if ((info.takeover_kinds >> t) & 1) takeover_[t].set(i);
      if (info.takeover_defence) takeover_defence_.set(i);
      if (info.place_two) place_two_.set(i);
      if (settle_extra_power(info)) settle_extra_.set(i);
      for (int k = 0; k < kNumGroups; ++k)
        if (in_group(info, static_cast<PowerGroup>(k))) powered_[k].set(i);
      if (info.windfall_power) windfall_power_[info.windfall_power - 1].set(i);
      for (int c = 0; c < kCostSteps; ++c)
        if (info.cost <= c) cost_le_[c + 1].set(i);
      cost_le_[kCostSteps].set(i);
      if (info.world()) {
        if (info.good < 5) good_class_[info.good].set(i);
        if (info.military()) military_.set(i);
        if (info.flags & kFlagRebel) rebel_.set(i);
      }
      const int8_t values[kNumSumFields] = {
          info.explore_draw, info.explore_keep, info.develop_reduce, info.develop_draw, info.develop_draw_after,
          info.settle_draw_after, info.produce_draw, info.produce_draw_if, info.draw_world_genes,
          info.draw_each_novelty, info.draw_each_alien, info.draw_different, info.draw_most_rare,
          info.military_power, info.vp, info.military_per_world, info.military_hand, info.pay_discount,
          info.draw_military, info.draw_rebel, info.draw_chromo, info.trade_per_chromo, info.takeover_bonus};
      for (int f = 0; f < kNumSumFields; ++f) sums_[f].add(i, values[f]);
    }
  }
  if (start_worlds_.count() < options.players + (options.players == 1 ? 1 : 0))
    throw RulesError("not enough start worlds in the card data");
  auto feature = [&](const CardSet& cards, Feature f) {
    if (cards.any()) features_ = static_cast<uint16_t>(features_ | f);
  };
  feature(mix_, kHasMix);
  feature(develop_discount_, kHasDevelopDiscount);
  feature(discard_produce_, kHasDiscardProduce);
  feature(hand_limit_12_, kHasHandLimit12);
  feature(game_end_14_, kHasGameEnd14);
  feature(not_this_, kHasNotThis);
  feature(place_two_, kHasPlaceTwo);
  for (int i = 0; i < n_; ++i) {
    if (info_[i].trade_per_chromo) features_ = static_cast<uint16_t>(features_ | kHasTradePerChromo);
    if (info_[i].draw_military || info_[i].draw_rebel || info_[i].draw_chromo)
      features_ = static_cast<uint16_t>(features_ | kHasProduceExtra);
    for (int k = 0; k < info_[i].n_consume; ++k)
      if (info_[i].consume[k].code & (code::kAnteCard | code::kConsumeNDiff | code::kConsumeThis))
        features_ = static_cast<uint16_t>(features_ | kHasConsumeExtra);
  }
  // Pay-for-Military powers: with more than one design the discounts are compared, not summed.
  if (pay_military_designs > 1)
    for (int i = 0; i < n_; ++i)
      if (info_[i].has_pay_military || info_[i].has_pay_military_rebel) settle_extra_.set(i);
  feature(settle_extra_, kHasSettleExtra);
  if (takeovers_on_) {
    int powers = takeover_[0].count() + takeover_[1].count() + takeover_[2].count();
    if (powers > kMaxTakeovers)
      throw RulesError("the deck has " + std::to_string(powers) + " takeover powers; the engine handles at most " +
                       std::to_string(kMaxTakeovers) + " per game");
  }
  // Temporary Military of one seat must fit in 4 bits (State::temp_military).
  {
    int most = 0;
    std::vector<bool> seen(db_.designs.size(), false);
    for (int i = 0; i < n_; ++i) {
      const CardInfo& c = info_[i];
      if (!c.world() && seen[c.design]) continue;  // a tableau holds one copy of a development
      seen[c.design] = true;
      most += c.military_hand + c.discard_military;
    }
    if (most > 15) throw RulesError("too much temporary Military in the deck (the engine handles 15 per seat)");
  }
  if (goals_on_) {
    for (int k = 0; k < static_cast<int>(db_.goals.size()); ++k)
      if (db_.goals[k].level <= level_) goal_pool_[static_cast<int>(db_.goals[k].kind)].push_back(k);
    for (int k = 0; k < static_cast<int>(db_.goals.size()) && k < 16; ++k)  // s.goals holds 16
      for (int b = 0; b < 8; ++b)
        if ((db_.goals[k].checked >> b) & 1) goals_at_[b] = static_cast<uint16_t>(goals_at_[b] | (1u << k));
    for (int k = 0; k < 2; ++k)
      if (static_cast<int>(goal_pool_[k].size()) < db_.goal_draw[k])
        throw RulesError("the card data has too few goals for expansion '" + options.expansion + "'");
  }
  index_score_lines();
  index_consume_powers();
  if constexpr (CardSet::kWords == 3)  // the full-width engine; the narrow one has no narrow engine of its own
    if (options.narrow_engine && n_ <= narrow::kMaxInstances)
      narrow_ = narrow::make_engine(db_, options_, narrow::StateLayout{sizeof(State), offsetof(State, rng)});
}

}  // namespace gs::rftg
