// Action classes of Race for the Galaxy (rftg_action_class.h).
#include "bots/net/rftg_action_class.h"

#include "rftg/observation_tensor.h"

namespace gs::bots::net {

using namespace rftg;

RftgActionClasses::RftgActionClasses(const Game& g) {
  ObservationEncoder enc(g);  // its design and world order
  std::vector<int> dslot(g.db().designs.size(), -1), wslot(g.db().designs.size(), -1);
  for (size_t k = 0; k < enc.designs().size(); ++k) dslot[static_cast<size_t>(enc.designs()[k])] = static_cast<int>(k);
  for (size_t k = 0; k < enc.worlds().size(); ++k) wslot[static_cast<size_t>(enc.worlds()[k])] = static_cast<int>(k);
  for (int i = 0; i < g.num_instances(); ++i) {
    design_slot_.push_back(dslot[static_cast<size_t>(g.card(i).design)]);
    world_slot_.push_back(wslot[static_cast<size_t>(g.card(i).design)]);
  }
  designs_ = enc.design_slots();
  worlds_ = enc.world_slots();
  per_kind_ = designs_ + 29 + 4 * designs_ + 3 * worlds_;
  space_ = static_cast<int>(DecisionKind::kCount) * per_kind_;
}

int RftgActionClasses::of(const State& s, int a) const {
  const int D = designs_;
  int local;
  if (a >= 0 && a < act::kPass) {
    local = a < static_cast<int>(design_slot_.size()) ? design_slot_[static_cast<size_t>(a)] : -1;
  } else if (a == act::kPass) {
    local = D;
  } else if (a >= act::kActionBase && a < act::kActionBase + kNumActionCards) {
    local = D + 1 + (a - act::kActionBase);
  } else if (a >= act::kMethodBase && a < act::kMethodBase + kNumMethods) {
    local = D + 10 + (a - act::kMethodBase);
  } else if (a >= act::kLuckyBase && a < act::kLuckyBase + 7) {
    local = D + 16 + (a - act::kLuckyBase);
  } else if (a >= act::kWindfallBase && a < act::kWindfallBase + kNumWindfallClasses) {
    local = D + 23 + (a - act::kWindfallBase);
  } else if (a >= act::kPowerBase && a < act::kTakeoverBase) {
    const int slot = a - act::kPowerBase, inst = slot >> 2;
    local = inst < static_cast<int>(design_slot_.size()) ? D + 29 + 4 * design_slot_[static_cast<size_t>(inst)] + (slot & 3) : -1;
  } else if (a >= act::kTakeoverBase && a < act::kMaxAction) {
    const int t = (a - act::kTakeoverBase) / kMaxInstances, world = (a - act::kTakeoverBase) % kMaxInstances;
    const int w = world < static_cast<int>(world_slot_.size()) ? world_slot_[static_cast<size_t>(world)] : -1;
    local = w < 0 ? -1 : D + 29 + 4 * D + t * worlds_ + w;
  } else {
    local = -1;
  }
  if (local < 0) return -1;
  return static_cast<int>(s.decision) * per_kind_ + local;
}

}  // namespace gs::bots::net
