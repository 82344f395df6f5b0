// The observation tensor (see observation_tensor.h and docs/af-observation-tensor.md).
// The layout is written once (layout()): it visits the slots in order with a
// name (built only when names are asked for) and a value (read only when a state
// is encoded), so the names and the values can never drift apart.
#include "af/observation_tensor.h"

#include "af/play.h"
#include "af/state_json.h"

namespace gs::af {

namespace {

const char* const kDecisionNames[] = {"none",        "main",          "land",           "reroll",
                                      "plasma_more", "move_colony_from", "move_colony_to", "swap_first",
                                      "swap_second", "raid_choice",   "raid_take",      "return_resources"};
static_assert(sizeof(kDecisionNames) / sizeof(kDecisionNames[0]) == static_cast<int>(DecisionKind::kCount),
              "decision names");
const char* const kFlagNames[] = {"mine_docked", "asimov_used", "discarded", "relic_locked"};
constexpr uint8_t kFlags[] = {kFlagMineDocked, kFlagAsimovUsed, kFlagDiscarded, kFlagRelicLocked};

// Receives the slots: names (when `names` is set), values (when `out` is set), or
// neither (counting only: the encoder's sizes, without building a name).
struct Sink {
  std::vector<std::string>* names = nullptr;
  int16_t* out = nullptr;
  int n = 0;
  int seat0 = 0;  // the first slot of the seat blocks
  template <class Name, class Value>
  void operator()(Name name, Value value) {
    if (names) names->push_back(name());
    if (out) out[n] = static_cast<int16_t>(value());
    ++n;
  }
  void seat_blocks_begin() { seat0 = n; }
};

std::string str(const char* a, const std::string& b = "", const char* c = "") { return a + b + c; }

void layout(const Game& g, const State* s, int player, Sink& slot) {
  const int D = g.num_designs();
  const int P = s ? s->players : 0;
  auto rel = [&](int seat) { return seat < 0 ? 0 : 1 + (seat - player + P) % P; };  // 0 none, 1 + relative seat
  auto tech = [&](int d) { return g.data().tech[d].name; };
  auto ter = [&](int t) { return g.territory(t).name; };

  // Global block.
  slot([] { return str("players"); }, [&] { return s->players; });
  slot([] { return str("long_game"); }, [&] { return g.long_game() ? 1 : 0; });
  slot([] { return str("turn"); }, [&] { return s->turn; });
  slot([] { return str("deck_size"); }, [&] { return popcount32(s->deck); });
  slot([] { return str("discard_size"); }, [&] { return popcount32(s->discard); });
  for (int k = 0; k < static_cast<int>(DecisionKind::kCount); ++k)
    slot([&] { return str("decision=", kDecisionNames[k]); }, [&] { return static_cast<int>(s->decision) == k; });
  slot([] { return str("active"); }, [&] { return rel(s->active); });
  for (int f = 0; f < 4; ++f)
    slot([&] { return str("flag.", kFlagNames[f]); }, [&] { return (s->flags & kFlags[f]) != 0; });
  slot([] { return str("cycles"); }, [&] { return s->cycles; });
  slot([] { return str("market_rate"); }, [&] { return s->market_rate; });
  slot([] { return str("hub_docked"); }, [&] { return s->hub_docked; });
  slot([] { return str("overflow"); }, [&] { return s->overflow; });
  slot([] { return str("last_dock"); }, [&] { return s->last_dock; });
  for (int t = 0; t < kNumTerritories; ++t)
    slot([&] { return str("borrowed=", ter(t)); }, [&] { return s->borrowed == t; });
  slot([] { return str("teleported.value"); }, [&] { return s->teleported == kNone ? 0 : s->value[s->teleported]; });
  for (int f = 0; f < kNumFacilities; ++f)
    slot([&] { return str("teleported.from=", g.facility(f).name); },
         [&] { return s->teleported != kNone && s->teleport_from == f; });
  slot([] { return str("relic.owner"); }, [&] { return rel(s->relic_owner); });
  slot([] { return str("relic.loc"); }, [&] { return s->loc[kRelic]; });
  slot([] { return str("relic.value"); }, [&] { return s->value[kRelic]; });
  slot([] { return str("relic.spent"); }, [&] { return (s->spent >> kRelic) & 1; });
  for (int d = 0; d < D; ++d)
    slot([&] { return str("display[", tech(d), "]"); }, [&] { return popcount32(s->display & g.design_mask(d)); });
  for (int d = 0; d < D; ++d)
    slot([&] { return str("discard[", tech(d), "]"); }, [&] { return popcount32(s->discard & g.design_mask(d)); });
  for (int d = 0; d < D; ++d)
    slot([&] { return str("powered[", tech(d), "]"); }, [&] { return (s->powered & g.design_mask(d)) != 0; });
  for (int f = 0; f < kNumFields; ++f)
    for (int t = 0; t < kNumTerritories; ++t)
      slot([&] { return g.data().fields[f].name + "=" + ter(t); }, [&] { return s->field[f] == t; });
  for (int loc = 0; loc < kNumLocs; ++loc)
    slot([&] { return str("occupancy[", state_json_detail::location_label(g, loc), "]"); },
         [&] { return s->occ[loc]; });
  slot([] { return str("pending"); }, [&] { return s->pending; });
  slot([] { return str("pending2"); }, [&] { return s->pending2; });
  slot([] { return str("marks.low"); }, [&] { return s->marks & 0x7fff; });
  slot([] { return str("marks.high"); }, [&] { return (s->marks >> 15) & 0x7fff; });

  // Seat blocks, relative to the observer; blocks beyond the player count are all 0.
  slot.seat_blocks_begin();
  for (int k = 0; k < ObservationEncoder::kSeatBlocks; ++k) {
    auto b = [k] { return "seat" + std::to_string(k) + "."; };  // names only: built when asked for
    const bool here = s && k < P;
    const int seat = here ? (player + k) % P : 0;
    auto seat_slot = [&](auto name, auto value) { slot(name, [&] { return here ? static_cast<int>(value()) : 0; }); };
    seat_slot([&] { return b() + "present"; }, [&] { return 1; });
    seat_slot([&] { return b() + "is_first"; }, [&] { return s->first == seat; });
    seat_slot([&] { return b() + "ore"; }, [&] { return s->ore[seat]; });
    seat_slot([&] { return b() + "fuel"; }, [&] { return s->fuel[seat]; });
    seat_slot([&] { return b() + "colonies_in_hand"; }, [&] { return s->supply[seat]; });
    seat_slot([&] { return b() + "hub"; }, [&] { return s->hub[seat]; });
    seat_slot([&] { return b() + "ships_in_play"; }, [&] { return ships_in_play(*s, seat); });
    seat_slot([&] { return b() + "score"; }, [&] { return g.score_parts(*s, seat).total; });
    seat_slot([&] { return b() + "relic"; }, [&] { return s->relic_owner == seat; });
    for (int t = 0; t < kNumTerritories; ++t)
      seat_slot([&] { return b() + "colonies[" + ter(t) + "]"; }, [&] { return s->colonies[seat][t]; });
    for (int t = 0; t < kNumTerritories; ++t)
      seat_slot([&] { return b() + "controls[" + ter(t) + "]"; }, [&] { return s->controller[t] == seat; });
    for (int d = 0; d < D; ++d)
      seat_slot([&] { return b() + "tech[" + tech(d) + "]"; }, [&] { return (s->tech[seat] & g.design_mask(d)) != 0; });
    for (int j = 0; j < kShipsPerPlayer; ++j) {
      const int id = seat * kShipsPerPlayer + j;
      auto sh = [&] { return b() + "ship" + std::to_string(j) + "."; };
      seat_slot([&] { return sh() + "loc"; }, [&] { return s->loc[id]; });
      seat_slot([&] { return sh() + "value"; }, [&] { return s->value[id]; });
      seat_slot([&] { return sh() + "spent"; }, [&] { return (s->spent >> id) & 1; });
    }
  }
}

}  // namespace

ObservationEncoder::ObservationEncoder(const Game& g) : g_(&g), designs_(g.num_designs()) {
  Sink sink;  // counting only
  layout(g, nullptr, 0, sink);
  size_ = sink.n;
  seat0_ = sink.seat0;
  seat_size_ = (size_ - seat0_) / kSeatBlocks;
}

void ObservationEncoder::encode(const State& s, int player, int16_t* out) const {
  if (player < 0 || player >= s.players) throw RulesError("no seat " + std::to_string(player));
  Sink sink;
  sink.out = out;
  layout(*g_, &s, player, sink);
}

std::vector<int16_t> ObservationEncoder::encode(const State& s, int player) const {
  std::vector<int16_t> out(static_cast<size_t>(size_));
  encode(s, player, out.data());
  return out;
}

std::vector<std::string> ObservationEncoder::slot_names() const {
  std::vector<std::string> out;
  Sink sink;
  sink.names = &out;
  layout(*g_, nullptr, 0, sink);
  return out;
}

}  // namespace gs::af
