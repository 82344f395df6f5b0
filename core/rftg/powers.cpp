// Building a Game: card instances for the chosen level and each card's powers
// flattened from the data file into the CardInfo summary the phases read.
#include <initializer_list>
#include <string>

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
                              kGetVp | kGetCard | kGet2Card | kDiscardHand | kConsumeDraw | kDrawLucky;
  if (k & ~kKnown) unsupported(d, p);
  if (c.n_consume >= kMaxConsumePowers) unsupported(d, p);
  c.consume[c.n_consume] = ConsumePower{k, p.value, p.times, c.n_consume};
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
        else unsupported(d, p);
        break;
      case kDevelop:
        if (p.code == code::kDevelopDraw) c.develop_draw += p.value;
        else if (p.code == code::kDevelopDrawAfter) c.develop_draw_after += p.value;
        else if (p.code == code::kDevelopReduce) c.develop_reduce += p.value;
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

bool in_group(const CardInfo& c, PowerGroup k) {
  switch (k) {
    case kGroupExplore: return any_of({c.explore_draw, c.explore_keep});
    case kGroupDevelop: return any_of({c.develop_draw, c.develop_reduce, c.develop_draw_after});
    case kGroupSettle:
      return any_of({c.military_power, c.military_vs_kind[1], c.military_vs_kind[2], c.military_vs_kind[3],
                     c.military_vs_kind[4], c.military_vs_rebel, c.settle_reduce, c.settle_reduce_kind[1],
                     c.settle_reduce_kind[2], c.settle_reduce_kind[3], c.settle_reduce_kind[4], c.settle_draw_after,
                     c.discard_military, c.has_pay_military, c.colony_ship});
    case kGroupTrade: return any_of({c.trade_any, c.trade_kind[1], c.trade_kind[2], c.trade_kind[3], c.trade_kind[4]});
    case kGroupConsume: return c.n_consume > 0;
    case kGroupConsumeFree:
      for (int k = 0; k < c.n_consume; ++k)
        if (c.consume[k].code & (code::kConsumeDraw | code::kDrawLucky | code::kDiscardHand)) return true;
      return false;
    case kGroupProduce:
      return any_of({c.produce_draw, c.windfall_power, c.draw_each_novelty, c.draw_each_alien, c.draw_different,
                     c.draw_most_rare, c.draw_world_genes});
    default: return false;
  }
}

Level parse_level(const std::string& e) {
  if (e == "base") return kBase;
  if (e == "tgs") return kTgs;
  if (e == "rvi") return kRvi;
  throw RulesError("unknown expansion '" + e + "' (expected base, tgs or rvi)");
}

}  // namespace

Game::Game(const CardDb& db, const GameOptions& options) : options_(options), db_(db) {
  level_ = parse_level(options.expansion);
  if (level_ != kBase)
    throw RulesError("expansion '" + options.expansion + "' is not implemented yet (only 'base' is)");
  if (options.players < 2 || options.players > 4)
    throw RulesError("the base game takes 2 to 4 players, not " + std::to_string(options.players));
  if (options.first_game && options.players > 4)
    throw RulesError("the first-game setup is for 2 to 4 players");
  if (options.advanced && options.players != 2)
    throw RulesError("the advanced game is for exactly 2 players, not " + std::to_string(options.players));
  // G16: what-if rule constants, within what the fixed-size state and the runner can hold.
  if (options.hand_limit < 0 || options.hand_limit > 100)
    throw RulesError("hand limit must be 0 to 100, not " + std::to_string(options.hand_limit));
  if (options.vp_per_player < 1 || options.vp_per_player > 500)
    throw RulesError("VP pool per player must be 1 to 500, not " + std::to_string(options.vp_per_player));
  if (options.tableau_end < 1 || options.tableau_end > 40)
    throw RulesError("the tableau size that ends the game must be 1 to 40, not " +
                     std::to_string(options.tableau_end));

  for (int d = 0; d < static_cast<int>(db_.designs.size()); ++d) {
    const Design& design = db_.designs[d];
    int copies = design.copies[level_];
    copies_.emplace_back();
    if (copies <= 0) continue;
    CardInfo info = summarize(design, d);
    if (copies > max_copies_) max_copies_ = copies;
    for (int k = 0; k < copies; ++k) {
      if (n_ >= kMaxInstances) throw RulesError("too many card instances for one game");
      int i = n_++;
      info_.push_back(info);
      copies_[d].set(i);
      all_.set(i);
      if (k > 0) later_copies_.set(i);
      if (design.has(kFlagStart)) start_worlds_.set(i);
      if (info.world()) {
        worlds_.set(i);
        if (info.good != kNoGood && info.good < 5) kind_worlds_[info.good].set(i);
        if (info.windfall()) {
          windfall_.set(i);
          if (info.good < 5) windfall_kind_[info.good].set(i);
        }
        if (info.produce) production_.set(i);
      } else {
        developments_.set(i);
      }
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
          info.military_power, info.vp};
      for (int f = 0; f < kNumSumFields; ++f) sums_[f].add(i, values[f]);
    }
  }
  if (start_worlds_.count() < options.players) throw RulesError("not enough start worlds in the card data");
}

}  // namespace gs::rftg
