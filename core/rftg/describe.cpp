// Human-readable text for actions.
#include <string>

#include "rftg/play.h"

namespace gs::rftg {

namespace {

const char* kActionNames[kNumActionCards] = {"Explore +5",     "Explore +1/+1", "Develop",
                                             "Develop (second)", "Settle",       "Settle (second)",
                                             "Consume-Trade",  "Consume-x2",    "Produce"};
const char* kMethodNames[kNumMethods] = {"pay with cards", "discard Colony Ship (cost 0)",
                                         "conquer with Military",
                                         "pay with Contact Specialist",
                                         "Contact Specialist and discard Colony Ship (cost 0)"};
const char* kClassNames[kNumWindfallClasses] = {"any kind", "Novelty", "Rare", "Genes", "Alien", "Genes (another world)"};

std::string card_action(const Game& g, const State& s, int c) {
  const std::string& n = g.name(c);
  switch (s.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit: return "discard " + n;
    case DecisionKind::Pay: return "pay with " + n;
    case DecisionKind::ExploreKeep: return "keep " + n;
    case DecisionKind::DevelopSelect: return "develop " + n;
    case DecisionKind::SettleSelect: return "settle " + n;
    case DecisionKind::TradeGood: return "sell the good on " + n;
    case DecisionKind::ConsumeGood: return "consume the good on " + n;
    case DecisionKind::ConsumeHand: return "discard " + n + " for VP";
    case DecisionKind::WindfallWorld: return "produce on " + n;
    default: return n;
  }
}

}  // namespace

std::string Game::describe(const State& s, int a) const {
  if (a >= 0 && a < num_instances()) return card_action(*this, s, a);
  if (a == act::kPass) {
    switch (s.decision) {
      case DecisionKind::DevelopSelect:
      case DecisionKind::SettleSelect: return "pass";
      default: return "stop";
    }
  }
  if (a >= act::kActionBase && a < act::kActionBase + kNumActionCards) return std::string("choose ") + kActionNames[a - act::kActionBase];
  if (a >= act::kMethodBase && a < act::kMethodBase + kNumMethods) return kMethodNames[a - act::kMethodBase];
  if (a >= act::kLuckyBase && a < act::kLuckyBase + 7) return "name " + std::to_string(a - act::kLuckyBase + 1) + " for the lucky draw";
  if (a >= act::kWindfallBase && a < act::kWindfallBase + kNumWindfallClasses) return std::string("windfall production: ") + kClassNames[a - act::kWindfallBase];
  if (a >= act::kPowerBase && a < act::kMaxAction) {
    int card = (a - act::kPowerBase) >> 2;
    if (card < num_instances()) return "use consume power " + std::to_string((a - act::kPowerBase) & 3) + " of " + name(card);
  }
  return "unknown action " + std::to_string(a);
}

}  // namespace gs::rftg
