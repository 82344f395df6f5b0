// Human-readable text for actions.
#include <string>

#include "rftg/settle_powers.h"

namespace gs::rftg {

namespace {

const char* kActionNames[kNumActionCards] = {"Explore +5",     "Explore +1/+1", "Develop",
                                             "Develop (second)", "Settle",       "Settle (second)",
                                             "Consume-Trade",  "Consume-x2",    "Produce"};
const char* kMethodNames[kNumMethods] = {"pay with cards", "discard Colony Ship (cost 0)",
                                         "conquer with Military",
                                         "pay with Contact Specialist",
                                         "Contact Specialist and discard Colony Ship (cost 0)",
                                         "conquer with Imperium Cloaking Technology"};
const char* kTakeoverNames[3] = {"Imperium Seat", "Rebel Alliance", "Imperium Cloaking Technology"};
const char* kClassNames[kNumWindfallClasses] = {"any kind", "Novelty", "Rare", "Genes", "Alien", "Genes (another world)"};

// Settle methods name the cards they use (Contact Specialist, Rebel Cantina, Colony Ship, Doomed World ...).
std::string method_text(const Game& g, const State& s, int m) {
  int seat = s.actor;
  if (s.stage != kStageSettle || seat < 0) return kMethodNames[m];
  std::string zero;
  CardSet z = settle_active(g, s, seat) & g.zero_cost_cards();
  distinct_copies(g, z, z).for_each([&](int c) { zero += (zero.empty() ? "" : " or ") + g.name(c); });
  int world = placing_world(s, seat);
  int pay = world == kNone ? -1 : pay_military_card(g, s, seat, world);
  std::string payer = pay < 0 ? "Contact Specialist" : g.name(pay);
  switch (m) {
    case kMethodColonyShip: return zero.empty() ? kMethodNames[m] : "discard " + zero + " (cost 0)";
    case kMethodContact: return "pay with " + payer;
    case kMethodContactColony: return payer + " and discard " + (zero.empty() ? "Colony Ship" : zero) + " (cost 0)";
    default: return kMethodNames[m];
  }
}

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
    case DecisionKind::StartWorld: return "keep " + n;
    case DecisionKind::ExploreDiscard: return "discard " + n;
    case DecisionKind::DevelopDiscount: return "discard " + n + " to lower the cost";
    case DecisionKind::ZeroCostCard: return "discard " + n + " (cost 0)";
    case DecisionKind::TempMilitary:
      return s.tableau[s.actor].test(c) ? "discard " + n + " for Military" : "discard " + n + " for +1 Military";
    case DecisionKind::SettleSecond: return "settle " + n;
    case DecisionKind::AnteCard: return "ante " + n;
    case DecisionKind::AnteKeep: return "keep " + n;
    case DecisionKind::DiscardProduce: return "discard " + n + " to produce on Damaged Alien Factory";
    case DecisionKind::DraftPick: return "draft " + n;
    default: return n;
  }
}

}  // namespace

std::string Game::describe(const State& s, int a) const {
  if (a >= 0 && a < num_instances()) return card_action(*this, s, a);
  if (a == act::kPass) {
    switch (s.decision) {
      case DecisionKind::DevelopSelect:
      case DecisionKind::SettleSelect:
      case DecisionKind::SettleSecond:
      case DecisionKind::Takeover: return "pass";
      case DecisionKind::DevelopDiscount: return "pay in full";
      case DecisionKind::TempMilitary: return "done";
      case DecisionKind::AnteCard: return "no ante";
      case DecisionKind::DiscardProduce: return "do not produce there";
      default: return "stop";
    }
  }
  if (a >= act::kTakeoverBase && a < act::kMaxAction) {
    int kind = (a - act::kTakeoverBase) / kMaxInstances, world = (a - act::kTakeoverBase) % kMaxInstances;
    if (world < num_instances()) {
      int owner = 0;
      for (int p = 0; p < s.players; ++p)
        if (s.tableau[p].test(world)) owner = p;
      return "take over " + name(world) + " of seat " + std::to_string(owner) + " with " + kTakeoverNames[kind];
    }
  }
  if (a >= act::kActionBase && a < act::kActionBase + kNumActionCards) return std::string("choose ") + kActionNames[a - act::kActionBase];
  if (a >= act::kMethodBase && a < act::kMethodBase + kNumMethods) return method_text(*this, s, a - act::kMethodBase);
  if (a >= act::kLuckyBase && a < act::kLuckyBase + 7) return "name " + std::to_string(a - act::kLuckyBase + 1) + " for the lucky draw";
  if (a >= act::kWindfallBase && a < act::kWindfallBase + kNumWindfallClasses) return std::string("windfall production: ") + kClassNames[a - act::kWindfallBase];
  if (a >= act::kPowerBase && a < act::kTakeoverBase) {
    int card = (a - act::kPowerBase) >> 2;
    if (card < num_instances()) return "use consume power " + std::to_string((a - act::kPowerBase) & 3) + " of " + name(card);
  }
  return "unknown action " + std::to_string(a);
}

}  // namespace gs::rftg
