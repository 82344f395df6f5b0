// The observation tensor: Game::observation_json's information as a fixed-length
// int16 vector (docs/observation-tensor.md, G17). Seats are relative to the
// observer (seat block 0 is the observer, block k the seat k places after it in
// seat number order); cards are counted per design, so copies are interchangeable.
#include "rftg/observation_tensor.h"

#include <algorithm>

#include "rftg/play.h"
#include "rftg/visibility.h"

namespace gs::rftg {

namespace state_json_detail {
const char* stage_label(int stage);  // state_json.cpp
}

namespace {

const char* const kActionNames[kNumActionCards] = {"explore5", "explore11", "develop",   "develop2", "settle",
                                                   "settle2",  "trade",     "consume2x", "produce"};
const char* const kKindNames[5] = {"any", "novelty", "rare", "genes", "alien"};

// Global block, then per seat block: slot positions.
enum GlobalSlot {
  kPlayers, kAdvanced, kRound, kVpPool, kDeckSize, kDiscardSize, kStep, kTurn, kPhaseRep, kStageOneHot
};
constexpr int kDecisionOneHot = kStageOneHot + kNumStages;
static_assert(kDecisionOneHot + static_cast<int>(DecisionKind::kCount) == ObservationEncoder::kGlobal,
              "global block size");

enum SeatSlot {
  kPresent, kIsFirst, kIsActor, kBonus, kHandSize, kExploredCount, kChips, kProducedRare, kActionsHidden,
  kActions, kSelectionHidden = kActions + kNumActionCards, kSelected
};
static_assert(kSelected + 1 == ObservationEncoder::kSeatFixed, "seat block fixed size");

enum ScratchSlot {
  kNeed, kFloor, kActiveCard, kActivePower, kActiveClass, kUnits, kPickedKinds, kUsed = kPickedKinds + 4,
  kWindfallLeft = kUsed + 32, kProduced = kWindfallLeft + 5
};
static_assert(kProduced + 5 == ObservationEncoder::kScratch, "scratch block size");

}  // namespace

int max_players(Level level) { return level == kBase ? 4 : level == kTgs ? 5 : kMaxPlayers; }

ObservationEncoder::ObservationEncoder(const Game& g) : g_(&g) {
  std::vector<int> dslot(g.db().designs.size(), -1), wslot(g.db().designs.size(), -1);
  for (int d = 0; d < static_cast<int>(g.db().designs.size()); ++d) {
    const Design& design = g.db().designs[d];
    if (design.copies[g.level()] <= 0) continue;
    dslot[d] = static_cast<int>(designs_.size());
    designs_.push_back(d);
    if (design.is_world()) {
      wslot[d] = static_cast<int>(worlds_.size());
      worlds_.push_back(d);
    }
  }
  for (int i = 0; i < g.num_instances(); ++i) {
    design_slot_.push_back(static_cast<int16_t>(dslot[g.card(i).design]));
    world_slot_.push_back(static_cast<int16_t>(wslot[g.card(i).design]));
  }
  seats_ = max_players(g.level());
  seat_size_ = kSeatFixed + design_slots() + world_slots();
  seat0_ = kGlobal + 2 * design_slots();
  scratch0_ = seat0_ + seats_ * seat_size_;
  size_ = scratch0_ + kScratch;
}

std::vector<int16_t> ObservationEncoder::encode(const State& s, int player) const {
  std::vector<int16_t> out(static_cast<size_t>(size_));
  encode(s, player, out.data());
  return out;
}

void ObservationEncoder::encode(const State& s, int player, int16_t* out) const {
  if (player < 0 || player >= s.players)
    throw RulesError("observation_tensor: seat " + std::to_string(player) + " does not exist (the game has " +
                     std::to_string(s.players) + " players)");
  const Game& g = *g_;
  std::fill(out, out + size_, int16_t{0});
  auto put = [](int16_t* o, int v) { *o = static_cast<int16_t>(v); };
  auto count_designs = [&](const CardSet& set, int16_t* block) {
    set.for_each([&](int i) { ++block[design_slot_[i]]; });
  };
  auto card_code = [&](int instance) { return instance == kNone ? 0 : design_slot_[instance] + 1; };
  const bool hidden_starts = start_worlds_hidden(g, s);

  put(out + kPlayers, s.players);
  put(out + kAdvanced, s.advanced);
  put(out + kRound, s.round);
  put(out + kVpPool, s.vp_pool);
  put(out + kDeckSize, s.deck.count());
  put(out + kDiscardSize, s.discard.count());
  put(out + kStep, s.step);
  put(out + kTurn, s.turn);
  put(out + kPhaseRep, s.phase_rep);
  if (s.stage < kNumStages) put(out + kStageOneHot + s.stage, 1);
  put(out + kDecisionOneHot + static_cast<int>(s.decision), 1);

  int16_t* own = out + kGlobal;
  count_designs(s.hand[player], own);
  count_designs(s.hand[player] & s.fresh, own + design_slots());

  for (int k = 0; k < s.players; ++k) {
    int seat = (player + k) % s.players;
    bool me = k == 0;
    int16_t* b = out + seat_offset(k);
    put(b + kPresent, 1);
    put(b + kIsFirst, seat == s.first);
    put(b + kIsActor, seat == s.actor);
    put(b + kBonus, (s.bonus >> seat) & 1);
    put(b + kHandSize, s.hand[seat].count());
    put(b + kExploredCount, (s.hand[seat] & s.fresh).count());
    put(b + kChips, s.chips[seat]);
    if (s.stage == kStageProduce) put(b + kProducedRare, s.produced_rare[seat]);  // stage scratch (state.h)
    if (!me && actions_hidden(s)) {
      put(b + kActionsHidden, 1);
    } else {
      for (int a = 0; a < kNumActionCards; ++a) put(b + kActions + a, (s.actions[seat] >> a) & 1);
    }
    if (!me && selection_hidden(s)) put(b + kSelectionHidden, 1);
    else put(b + kSelected, card_code(s.selected[seat]));
    if (me || !hidden_starts) count_designs(s.tableau[seat], b + kSeatFixed);  // else face down (as the JSON)
    int16_t* goods = b + kSeatFixed + design_slots();
    (s.tableau[seat] & s.has_good).for_each([&](int i) { ++goods[world_slot_[i]]; });
  }

  // The deciding seat's scratch, for the decisions whose observation_json shows it.
  if (s.actor != player) return;
  int16_t* x = out + scratch0_;
  auto need_floor = [&] {
    put(x + kNeed, s.need);
    put(x + kFloor, card_code(s.floor));
  };
  auto active = [&] {
    int a = s.active;
    if (a >= act::kPowerBase && (a - act::kPowerBase) / 4 < g.num_instances()) {
      put(x + kActiveCard, card_code((a - act::kPowerBase) >> 2));
      put(x + kActivePower, ((a - act::kPowerBase) & 3) + 1);
    } else if (a >= 0 && a < 5 && (a != 0 || s.stage == kStageProduce)) {
      put(x + kActiveClass, a + 1);
    }
  };
  auto used = [&] {
    int k = 0;
    s.tableau[player].for_each([&](int i) {
      for (int p = 0; p < g.card(i).n_consume; ++p, ++k)
        if (k < 32) put(x + kUsed + k, (s.used >> k) & 1);
    });
  };
  auto windfall = [&] {
    for (int c = 0; c < 5; ++c) {
      put(x + kWindfallLeft + c, s.windfall_left[c]);
      put(x + kProduced + c, s.produced[c]);
    }
  };
  switch (s.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit:
    case DecisionKind::Pay: need_floor(); break;
    case DecisionKind::ExploreKeep: put(x + kNeed, s.need); break;
    case DecisionKind::ConsumePower: used(); break;
    case DecisionKind::ConsumeGood:
      active();
      need_floor();
      for (int kind = 1; kind < 5; ++kind) put(x + kPickedKinds + kind - 1, (s.picked_kinds >> kind) & 1);
      put(x + kUnits, s.units);
      used();
      break;
    case DecisionKind::ConsumeHand:
      active();
      need_floor();
      used();
      break;
    case DecisionKind::LuckyNumber:
      active();
      used();
      break;
    case DecisionKind::WindfallWorld:
      active();
      windfall();
      break;
    case DecisionKind::WindfallPower: windfall(); break;
    default: break;
  }
}

std::vector<std::string> ObservationEncoder::slot_names() const {
  const Game& g = *g_;
  std::vector<std::string> n(static_cast<size_t>(size_));
  const char* global[] = {"players", "advanced", "round", "vp_pool", "deck_size", "discard_size", "step", "turn",
                          "phase_rep"};
  for (int k = 0; k < kStageOneHot; ++k) n[k] = global[k];
  for (int k = 0; k < kNumStages; ++k) n[kStageOneHot + k] = std::string("stage=") + state_json_detail::stage_label(k);
  for (int k = 0; k < static_cast<int>(DecisionKind::kCount); ++k)
    n[kDecisionOneHot + k] = "decision=" + g.decision_name(static_cast<DecisionKind>(k));
  auto design_name = [&](int d) { return g.db().designs[d].name; };
  for (int k = 0; k < design_slots(); ++k) {
    n[kGlobal + k] = "hand[" + design_name(designs_[k]) + "]";
    n[kGlobal + design_slots() + k] = "explored[" + design_name(designs_[k]) + "]";
  }
  const char* seat_fixed[] = {"present", "is_first", "is_actor", "bonus", "hand_size", "explored_count", "chips",
                              "produced_rare", "actions_hidden"};
  for (int s = 0; s < seats_; ++s) {
    std::string p = "seat" + std::to_string(s) + ".";
    int b = seat_offset(s);
    for (int k = 0; k < kActions; ++k) n[b + k] = p + seat_fixed[k];
    for (int a = 0; a < kNumActionCards; ++a) n[b + kActions + a] = p + "action=" + kActionNames[a];
    n[b + kSelectionHidden] = p + "selection_hidden";
    n[b + kSelected] = p + "selected";
    for (int k = 0; k < design_slots(); ++k) n[b + kSeatFixed + k] = p + "tableau[" + design_name(designs_[k]) + "]";
    for (int k = 0; k < world_slots(); ++k)
      n[b + kSeatFixed + design_slots() + k] = p + "goods[" + design_name(worlds_[k]) + "]";
  }
  const char* scratch[] = {"need", "floor", "active_card", "active_power", "active_class", "units"};
  int x = scratch0_;
  for (int k = 0; k < kPickedKinds; ++k) n[x + k] = std::string("scratch.") + scratch[k];
  for (int k = 1; k < 5; ++k) n[x + kPickedKinds + k - 1] = std::string("scratch.picked_kind=") + kKindNames[k];
  for (int k = 0; k < 32; ++k) n[x + kUsed + k] = "scratch.used[" + std::to_string(k) + "]";
  for (int c = 0; c < 5; ++c) {
    n[x + kWindfallLeft + c] = std::string("scratch.windfall_left=") + kKindNames[c];
    n[x + kProduced + c] = "scratch.produced[" + std::to_string(c) + "]";
  }
  return n;
}

}  // namespace gs::rftg
