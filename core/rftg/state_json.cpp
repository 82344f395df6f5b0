// Positions as JSON, cards by name: Game::to_json and Game::from_json.
// The format is documented for users in docs/state-json.md; keep the two in step.
//
// Card instances are written as their design name for the first copy of a design
// and "Name #k" for the k-th copy, so a round trip restores every instance exactly.
// The reader resolves explicit "#k" entries first and gives each plain name the
// lowest copy not yet placed; cards mentioned nowhere go to the deck.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/json.h"
#include "common/suggest.h"
#include "common/quoted.h"
#include "rftg/play.h"

namespace gs::rftg {

// Helpers shared with observation.cpp (declared again there).
namespace state_json_detail {

const char* const kStageLabels[kNumStages] = {"start_discard", "choose_action", "explore",
                                              "develop",       "settle",        "consume",
                                              "produce",       "hand_limit",    "game_over",
                                              "draft"};
const char* const kActionLabels[kNumActionCards] = {"explore5", "explore11", "develop",  "develop2", "settle",
                                                    "settle2",  "trade",     "consume2x", "produce"};
const char* const kMethodLabels[kNumMethods] = {"pay", "colony_ship", "conquer", "contact", "contact_colony_ship", "cloaking"};
// Windfall production classes (0 any kind, 1..4 a good kind, 5 Genes on another world than
// the power's own); 1..4 are also the good kinds.
const char* const kClassLabels[kNumWindfallClasses] = {"any", "novelty", "rare", "genes", "alien", "genes_other"};

const char* stage_label(int stage) { return stage >= 0 && stage < kNumStages ? kStageLabels[stage] : "?"; }

std::string card_label(const Game& g, int instance) {
  int k = instance - g.copies(g.card(instance).design).first() + 1;
  return k == 1 ? g.name(instance) : g.name(instance) + " #" + std::to_string(k);
}

json::Value card_list(const Game& g, const CardSet& set) {
  json::Value a = json::Value::array();
  set.for_each([&](int i) { a.push_back(card_label(g, i)); });
  return a;
}

json::Value seat_list(unsigned mask);
json::Value action_list(uint16_t mask);

json::Value game_block(const Game& g) {
  json::Value v = json::Value::object();
  v.set("players", g.players());
  v.set("expansion", g.options().expansion);
  v.set("advanced", g.advanced());
  if (g.level() != kBase) {
    v.set("goals", g.goals_on());
    v.set("takeovers", g.takeovers_on());
  }
  if (g.options().draft) v.set("draft", true);
  if (g.solo()) v.set("solo_difficulty", g.options().solo_difficulty);
  return v;
}

const char* const kTakeoverLabels[3] = {"imperium_seat", "rebel_alliance", "cloaking_technology"};
const char* const kContextLabels[3] = {"conquest", "attack", "defence"};

// Goals in play with the seats that scored (first goal) or hold (most goal) them.
json::Value goals_value(const Game& g, const State& s) {
  json::Value a = json::Value::array();
  int slot = 0;
  for (unsigned left = s.goals; left; left &= left - 1, ++slot) {
    json::Value o = json::Value::object();
    o.set("goal", g.db().goals[__builtin_ctz(left)].name);
    o.set("seats", seat_list(s.goal_claims[slot]));
    a.push_back(std::move(o));
  }
  return a;
}

json::Value takeovers_value(const Game& g, const State& s) {
  json::Value a = json::Value::array();
  for (int k = 0; k < s.n_takeovers && k < kMaxTakeovers; ++k) {
    const Takeover& t = s.takeovers[k];
    json::Value o = json::Value::object();
    o.set("target", t.target < g.num_instances() ? json::Value(card_label(g, t.target)) : json::Value());
    o.set("attacker", t.attacker());
    o.set("defender", t.defender());
    o.set("power", t.kind() < 3 ? kTakeoverLabels[t.kind()] : "?");
    o.set("margin", t.margin);
    o.set("won", ((s.takeover_won >> k) & 1) != 0);
    a.push_back(std::move(o));
  }
  return a;
}

json::Value kinds_value(unsigned mask) {
  json::Value a = json::Value::array();
  for (int k = 0; k < 3; ++k)
    if ((mask >> k) & 1) a.push_back(kTakeoverLabels[k]);
  return a;
}

// The Settle scratch of the expansions (takeovers, Improved Logistics, temporary Military).
void settle_scratch_value(const Game& g, const State& s, json::Value& v) {
  json::Value vul = json::Value::object();
  for (int k = 0; k < 3; ++k) vul.set(kTakeoverLabels[k], seat_list(s.vulnerable[k]));
  v.set("vulnerable", std::move(vul));
  v.set("takeovers", takeovers_value(g, s));
  v.set("settle_actions", s.actions_done);
  v.set("declared", kinds_value(s.declared));
  v.set("context", s.context < 3 ? json::Value(kContextLabels[s.context]) : json::Value(s.context));
}

// Draft variant: every card by its owner code (seats, "common" still to draft, "removed").
json::Value owners_value(const Game& g, const State& s) {
  json::Value o = json::Value::object();
  for (int code = 0; code < 7; ++code) {
    if (code >= s.players && code < kOwnerCommon) continue;
    CardSet cards = owned_by(s, code) & g.all_cards();
    o.set(code == kOwnerCommon ? "common" : code == kOwnerRemoved ? "removed" : std::to_string(code), card_list(g, cards));
  }
  return o;
}

const char* const kDifficultyLabels[3] = {"easy", "medium", "hard"};

// The solo robot (TGS §5): its public part, and for a full position its face-down pile
// (layers, newest first) and what changed in the deck since its last draw (solo.cpp).
json::Value robot_value(const Game& g, const State& s, bool full) {
  json::Value o = json::Value::object();
  o.set("start_world", s.robot.start);
  o.set("difficulty", kDifficultyLabels[s.robot.difficulty < 3 ? s.robot.difficulty : 1]);
  o.set("credits", s.robot.credits);
  o.set("economy", s.robot.economy);
  o.set("markers_unplaced", s.robot.markers & 15);
  o.set("markers_placed", s.robot.markers >> 4);
  o.set("robot_eq", kActionLabels[s.robot.robot_eq < kNumActionCards ? s.robot.robot_eq : 0]);
  json::Value flags = json::Value::array();
  if (s.robot.flags & kRobotTradeSwapDone) flags.push_back("trade_swap_done");
  if (s.robot.flags & kRobotProduceSwapDone) flags.push_back("produce_swap_done");
  if (s.robot.flags & kRobotSearchDone) flags.push_back("search_done");
  o.set("flags", std::move(flags));
  json::Value dice = json::Value::array();
  dice.push_back(s.robot.dice & 15);
  dice.push_back(s.robot.dice >> 4);
  o.set("dice", std::move(dice));
  o.set("spaces", action_list(s.robot.spaces));
  o.set("chips", static_cast<int>(s.chips[1]));
  o.set("tableau", card_list(g, s.tableau[1]));
  if (!full) {
    int n = 0;
    for (int k = 1; k < kMaxPlayers; ++k) n += s.hand[k].count();
    o.set("pile_size", n);
    return o;
  }
  json::Value pile = json::Value::array();
  int last = 1;
  for (int k = 1; k < kMaxPlayers; ++k)
    if (s.hand[k].any()) last = k;
  for (int k = 1; k <= last; ++k) pile.push_back(card_list(g, s.hand[k]));
  o.set("pile", std::move(pile));
  o.set("deck_added_since_draw", card_list(g, s.deck - s.tableau[5]));
  o.set("deck_left_since_draw", card_list(g, s.tableau[5] - s.deck));
  return o;
}

// Does this game use the expansions' Settle scratch (settle.cpp, `extended`)?
bool settle_extended(const Game& g) { return g.takeovers_on() || g.has(Game::kHasPlaceTwo); }

json::Value action_list(uint16_t mask) {
  json::Value a = json::Value::array();
  for (int k = 0; k < kNumActionCards; ++k)
    if ((mask >> k) & 1) a.push_back(kActionLabels[k]);
  return a;
}

json::Value seat_list(unsigned mask) {
  json::Value a = json::Value::array();
  for (int k = 0; k < kMaxPlayers; ++k)
    if ((mask >> k) & 1) a.push_back(k);
  return a;
}

json::Value kind_list(unsigned mask) {
  json::Value a = json::Value::array();
  for (int k = 1; k < 5; ++k)
    if ((mask >> k) & 1) a.push_back(kClassLabels[k]);
  return a;
}

// A consume power slot action (act::kPowerBase + 4 * instance + power index).
json::Value slot_value(const Game& g, int slot_action) {
  int v = slot_action - act::kPowerBase;
  json::Value o = json::Value::object();
  o.set("card", card_label(g, v >> 2));
  o.set("power", v & 3);
  return o;
}

// s.active: a consume power slot (Consume), a windfall class (Produce), else neutral.
json::Value active_value(const Game& g, const State& s) {
  int a = s.active;
  if (a >= act::kPowerBase && (a - act::kPowerBase) / 4 < g.num_instances()) return slot_value(g, a);
  if (a == 0 && s.stage != kStageProduce) return json::Value();  // the neutral value
  if (a >= 0 && a < kNumWindfallClasses) return json::Value(kClassLabels[a]);
  return json::Value(a);  // not produced by the engine; from_json rejects it
}

json::Value int_array(const int8_t* v, int n) {
  json::Value a = json::Value::array();
  for (int k = 0; k < n; ++k) a.push_back(v[k]);
  return a;
}

}  // namespace state_json_detail

using namespace state_json_detail;

namespace {

// The scratch of the stage in progress (State's stage union): only its own keys.
void write_stage_scratch(const Game& g, const State& s, json::Value& v) {
  if (s.stage == kStageConsume) {
    v.set("picked_kinds", kind_list(s.picked_kinds));
    v.set("units", s.units);
    v.set("used", s.used);
    v.set("ante", s.ante == kNone || s.ante >= g.num_instances() ? json::Value() : json::Value(card_label(g, s.ante)));
  } else if (s.stage == kStageProduce) {
    v.set("windfall_left", int_array(s.windfall_left, kNumWindfallClasses));
    v.set("produced", int_array(s.produced, 5));
  } else if (s.stage == kStageSettle && settle_extended(g)) {
    settle_scratch_value(g, s, v);
  } else if (s.stage == kStageHandLimit && g.goals_on()) {
    v.set("round_discarded", seat_list(s.round_discarded));
  }
}

void write_player_scratch(const Game& g, const State& s, int i, json::Value& p) {
  if (s.stage == kStageProduce) p.set("produced_rare", s.produced_rare[i]);
  if (s.stage == kStageSettle && settle_extended(g)) {
    p.set("temp_military", s.temp_military[i] & 15);
    p.set("temp_hand_cards", s.temp_military[i] >> 4);
    uint8_t w = s.second_world[i];
    p.set("second_world", w < g.num_instances() ? json::Value(card_label(g, w)) : json::Value());
  }
}

}  // namespace

// A scripted position's draws still to come (docs/scripted-draws.md): a card name each,
// or {"card", "seat", "good_on"} when the draw names its seat or use.
json::Value script_value(const Script& script, int position) {
  json::Value draws = json::Value::array();
  for (size_t k = position; k < script.draws.size(); ++k) {
    const ScriptedDraw& d = script.draws[k];
    if (d.seat < 0 && d.good_on == ScriptedDraw::kAnyUse) {
      draws.push_back(script.names[d.design]);
      continue;
    }
    json::Value x = json::Value::object();
    x.set("card", script.names[d.design]);
    if (d.seat >= 0) x.set("seat", static_cast<int>(d.seat));
    if (d.good_on >= 0) x.set("good_on", script.names[d.good_on]);
    else if (d.good_on == ScriptedDraw::kNotAGood) x.set("good_on", json::Value());
    draws.push_back(std::move(x));
  }
  json::Value v = json::Value::object();
  v.set("draws_taken", position);
  v.set("draws", std::move(draws));
  return v;
}

std::string Game::to_json(const State& s, int indent) const {
  json::Value v = json::Value::object();
  v.set("format", "galaxysim-rftg-state");
  v.set("version", 1);
  v.set("game", game_block(*this));
  v.set("round", s.round);
  v.set("stage", stage_label(s.stage));
  v.set("step", s.step);
  v.set("turn", s.turn);
  v.set("phase_rep", s.phase_rep);
  v.set("first", s.first);
  v.set("vp_pool", s.vp_pool);
  v.set("rng", s.rng.s);
  v.set("decision", decision_name(s.decision));
  v.set("actor", s.actor);
  if (goals_on()) v.set("goals", goals_value(*this, s));
  if (s.draft) v.set("owners", owners_value(*this, s));
  if (solo()) v.set("robot", robot_value(*this, s, true));
  json::Value players = json::Value::array();
  for (int i = 0; i < s.players; ++i) {
    json::Value p = json::Value::object();
    p.set("hand", card_list(*this, s.hand[i]));
    p.set("explored", card_list(*this, s.hand[i] & s.fresh));
    p.set("tableau", card_list(*this, s.tableau[i]));
    p.set("goods", card_list(*this, s.tableau[i] & s.has_good));
    p.set("chips", static_cast<int>(s.chips[i]));
    p.set("actions", action_list(s.actions[i]));
    p.set("selected", s.selected[i] == kNone ? json::Value() : json::Value(card_label(*this, s.selected[i])));
    write_player_scratch(*this, s, i, p);
    players.push_back(std::move(p));
  }
  v.set("players", std::move(players));
  json::Value top = json::Value::array();
  CardSet stacked;
  for (int k = s.nstack - 1; k >= 0; --k) {
    top.push_back(card_label(*this, s.stack[k]));
    stacked.set(s.stack[k]);
  }
  v.set("deck_top", std::move(top));
  if (const Script* script = script_of(s)) v.set("script", script_value(*script, script_position(s)));
  v.set("deck", card_list(*this, s.deck - stacked));
  v.set("discard", card_list(*this, s.discard));
  v.set("good_cards", card_list(*this, good_cards(*this, s)));
  v.set("bonus", seat_list(s.bonus));
  v.set("need", s.need);
  v.set("floor", s.floor == kNone ? json::Value() : json::Value(card_label(*this, s.floor)));
  v.set("active", active_value(*this, s));
  v.set("method", s.method < kNumMethods ? json::Value(kMethodLabels[s.method]) : json::Value(s.method));
  write_stage_scratch(*this, s, v);
  return json::dump(v, indent);
}

// ---------------------------------------------------------------------------
// Reading

namespace {

using json::Reader;

[[noreturn]] void bad(const Reader& r, const std::string& problem) {
  if (r.path().empty()) throw RulesError("state JSON: " + problem);
  throw RulesError("state JSON, at " + text::quoted(r.path()) + ": " + problem);
}

using text::lower;
using text::suggest;

void check_keys(const Reader& r, std::initializer_list<const char*> allowed) {
  std::vector<std::string> names(allowed.begin(), allowed.end());
  for (const std::string& k : r.keys()) {
    if (std::find(names.begin(), names.end(), k) != names.end()) continue;
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    bad(r, "unknown key " + text::quoted(k) + suggest(k, names) + "; known keys: " + list);
  }
}

int label_index(const Reader& r, const char* const* labels, int n, const char* what) {
  const std::string& text = r.get_string();
  for (int k = 0; k < n; ++k)
    if (text == labels[k]) return k;
  std::vector<std::string> names(labels, labels + n);
  std::string list;
  for (const std::string& x : names) list += (list.empty() ? "" : ", ") + x;
  bad(r, "unknown " + std::string(what) + " " + text::quoted(text) + suggest(text, names) + "; expected one of " + list);
}

enum Zone : int { kZoneHand, kZoneTableau, kZoneDeckTop, kZoneDeck, kZoneDiscard, kZoneGoods };

struct CardRef {
  int design;
  int copy;  // 1-based copy number, 0 for a plain name
};

struct Placement {
  Reader at;
  Zone zone;
  int seat;
  CardRef ref;
  int instance;
};

class Loader {
 public:
  Loader(const Game& g, const std::string& text) : g_(g), doc_(json::parse(text)) {
    for (int d = 0; d < static_cast<int>(g.db().designs.size()); ++d)
      if (g.copies(d).any()) names_.emplace(g.db().designs[d].name, d);
    where_.assign(g.num_instances(), "");
  }

  State load();

 private:
  const Game& g_;
  json::Value doc_;
  std::map<std::string, int> names_;  // designs present in this game
  std::vector<std::string> where_;    // path where each instance was placed, "" if nowhere
  std::vector<Placement> placed_;
  CardSet goods_;  // the cards lying as goods (in no zone of the state)
  State s_{};

  CardRef ref(const Reader& r) const;
  int first_copy(int design) const { return g_.copies(design).first(); }

  void collect(const Reader& list, Zone zone, int seat);
  void resolve_placements();
  CardSet resolve_refs(const Reader& list, const CardSet& zone, const std::string& zone_name);
  int resolve_one(const Reader& r, const CardSet& zone, const std::string& zone_name);
  int resolve_any(const Reader& r);
  void read_scalars(const Reader& root);
  void read_active(const Reader& r);
  std::optional<Reader> scratch_key(const Reader& obj, const char* key, Stage stage) const;
  void read_stage_scratch(const Reader& root);
  void read_settle_scratch(const Reader& root);
  void read_goals(const Reader& root);
  void read_owners(const Reader& root);
  void read_robot(const Reader& r);
  unsigned seat_mask(const Reader& r) const;
  void check_position(const Reader& root);
  void derive_decision(const Reader& root);
  void check_need(const Reader& root);
};

CardRef Loader::ref(const Reader& r) const {
  const std::string& text = r.get_string();
  auto it = names_.find(text);
  if (it != names_.end()) return {it->second, 0};
  std::string base = text;
  size_t h = text.rfind(" #");
  if (h != std::string::npos && h + 2 < text.size() && text.size() - (h + 2) <= 3 &&
      std::all_of(text.begin() + static_cast<long>(h) + 2, text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    base = text.substr(0, h);
    auto jt = names_.find(base);
    if (jt != names_.end()) {
      int k = std::stoi(text.substr(h + 2));
      int n = g_.copies(jt->second).count();
      if (k < 1 || k > n)
        bad(r, "card " + text::quoted(text) + ": there " + (n == 1 ? std::string("is only 1 copy") : "are only " + std::to_string(n) + " copies") +
                   " of " + text::quoted(base) + " in this game");
      return {jt->second, k};
    }
  }
  if (g_.db().find(base) >= 0)
    bad(r, "card " + text::quoted(base) + " is not used in the " + text::quoted(g_.options().expansion) + " game");
  std::vector<std::string> all;
  for (const auto& kv : names_) all.push_back(kv.first);
  bad(r, "unknown card " + text::quoted(text) + suggest(base, all));
}

void Loader::collect(const Reader& list, Zone zone, int seat) {
  for (size_t k = 0; k < list.size(); ++k) {
    Reader r = list.at(k);
    placed_.push_back(Placement{r, zone, seat, ref(r), -1});
  }
}

// Explicit copies first, then plain names in reading order get the lowest free copy.
void Loader::resolve_placements() {
  for (Placement& p : placed_) {
    if (p.ref.copy == 0) continue;
    int i = first_copy(p.ref.design) + p.ref.copy - 1;
    if (!where_[i].empty())
      bad(p.at, "card " + text::quoted(p.at.get_string()) + " is placed twice (also at " + text::quoted(where_[i]) + ")");
    where_[i] = p.at.path();
    p.instance = i;
  }
  for (Placement& p : placed_) {
    if (p.ref.copy != 0) continue;
    const CardSet& copies = g_.copies(p.ref.design);
    int found = -1;
    std::string others;
    copies.for_each([&](int i) {
      if (found >= 0) return;
      if (where_[i].empty()) found = i;
      else others += (others.empty() ? "'" : ", '") + where_[i] + "'";
    });
    if (found < 0) {
      const std::string& name = g_.db().designs[p.ref.design].name;
      if (copies.count() == 1) bad(p.at, "card " + text::quoted(name) + " is placed twice (also at " + others + ")");
      bad(p.at, "too many copies of " + text::quoted(name) + ": this game has " + std::to_string(copies.count()) +
                    " and they are already placed (at " + others + ")");
    }
    where_[found] = p.at.path();
    p.instance = found;
  }
}

// A card named in `zone` (a hand, a tableau): "#k" names that copy, a plain name
// the lowest copy in the zone.
int Loader::resolve_one(const Reader& r, const CardSet& zone, const std::string& zone_name) {
  CardRef c = ref(r);
  CardSet in_zone = g_.copies(c.design) & zone;
  int i = c.copy ? first_copy(c.design) + c.copy - 1 : in_zone.first();
  if (i < 0 || !zone.test(i)) bad(r, "card " + text::quoted(r.get_string()) + " is not in " + zone_name);
  return i;
}

// A list of cards in `zone`: explicit copies first, then each plain name takes the
// lowest copy in the zone the list has not named yet.
CardSet Loader::resolve_refs(const Reader& list, const CardSet& zone, const std::string& zone_name) {
  CardSet out;
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t k = 0; k < list.size(); ++k) {
      Reader r = list.at(k);
      CardRef c = ref(r);
      if ((c.copy != 0) != (pass == 0)) continue;
      CardSet in_zone = g_.copies(c.design) & zone;
      if (c.copy == 0 && in_zone.any() && (in_zone - out).empty())
        bad(r, "card " + text::quoted(r.get_string()) + " is listed more often than it is in " + zone_name);
      int i = resolve_one(r, zone - (c.copy ? CardSet() : out), zone_name);
      if (out.test(i)) bad(r, "card " + text::quoted(r.get_string()) + " is listed twice");
      out.set(i);
    }
  }
  return out;
}

// A card named anywhere (floor, active power): "#k" is that copy, a plain name the first copy.
int Loader::resolve_any(const Reader& r) {
  CardRef c = ref(r);
  return first_copy(c.design) + (c.copy ? c.copy - 1 : 0);
}

State Loader::load() {
  Reader root(doc_);
  if (!root.is_object()) bad(root, std::string("expected an object, got ") + doc_.type_name());
  check_keys(root, {"format", "version", "game", "round", "stage", "step", "turn", "phase_rep", "first", "vp_pool",
                    "rng", "decision", "actor", "players", "deck_top", "deck", "discard", "good_cards", "bonus",
                    "need", "floor", "active", "method", "picked_kinds", "units", "used", "ante", "windfall_left",
                    "produced", "goals", "vulnerable", "takeovers", "settle_actions", "declared", "context",
                    "round_discarded", "owners", "robot", "script"});  // "script": attached by the caller
  Reader format = root.at("format");
  if (format.get_string() != "galaxysim-rftg-state")
    bad(format, "expected \"galaxysim-rftg-state\", got " + text::quoted(format.get_string()));
  Reader version = root.at("version");
  if (version.get_int() != 1)
    bad(version, "unsupported version " + std::to_string(version.get_int()) + " (this galaxysim reads version 1)");

  // The game block must describe this Game.
  Reader game = root.at("game");
  check_keys(game, {"players", "expansion", "advanced", "goals", "takeovers", "draft", "solo_difficulty"});
  if (auto e = game.find("draft"); e && e->get_bool() != g_.options().draft)
    bad(*e, std::string("the position is ") + (e->get_bool() ? "" : "not ") + "for the draft variant");
  if (auto e = game.find("goals"); e && e->get_bool() != g_.goals_on())
    bad(*e, std::string("the position is for a game ") + (e->get_bool() ? "with" : "without") + " goals but this game has " +
                (g_.goals_on() ? "them" : "none"));
  if (auto e = game.find("takeovers"); e && e->get_bool() != g_.takeovers_on())
    bad(*e, std::string("the position is for a game ") + (e->get_bool() ? "with" : "without") +
                " takeovers but this game " + (g_.takeovers_on() ? "has them" : "has none"));
  int players = static_cast<int>(game.at("players").get_int());
  if (players != g_.players())
    bad(game.at("players"), "the position is for " + std::to_string(players) + " players but this game has " +
                                std::to_string(g_.players()));
  if (auto e = game.find("expansion"); e && e->get_string() != g_.options().expansion)
    bad(*e, "the position is for expansion " + text::quoted(e->get_string()) + " but this game is " + text::quoted(g_.options().expansion));
  if (auto a = game.find("advanced"); a && a->get_bool() != g_.advanced())
    bad(*a, std::string("the position is ") + (a->get_bool() ? "" : "not ") + "for the advanced game but this game is " +
                (g_.advanced() ? "" : "not ") + "advanced");

  s_.players = static_cast<int8_t>(players);
  s_.advanced = g_.advanced() ? 1 : 0;
  for (int i = 0; i < kMaxPlayers; ++i) s_.selected[i] = kNone;
  s_.floor = kNone;

  // Card placements.
  Reader plist = root.at("players");
  if (!plist.is_array()) bad(plist, std::string("expected an array of players, got ") + json::type_name(plist.type()));
  if (plist.size() != static_cast<size_t>(players))
    bad(plist, "expected an array of " + std::to_string(players) + " players, got " + std::to_string(plist.size()));
  for (int i = 0; i < players; ++i) {
    Reader p = plist.at(static_cast<size_t>(i));
    check_keys(p, {"hand", "explored", "tableau", "goods", "chips", "actions", "selected", "produced_rare",
                   "temp_military", "temp_hand_cards", "second_world"});
    if (auto h = p.find("hand")) collect(*h, kZoneHand, i);
    if (auto t = p.find("tableau")) collect(*t, kZoneTableau, i);
  }
  std::optional<Reader> robot = root.find("robot");
  if (robot && !g_.solo()) bad(*robot, "only the solo game has a robot");
  if (!robot && g_.solo()) bad(root, "a solo position needs its 'robot'");
  if (robot) {
    check_keys(*robot, {"start_world", "difficulty", "credits", "economy", "markers_unplaced", "markers_placed",
                        "robot_eq", "flags", "dice", "spaces", "chips", "tableau", "pile", "pile_size",
                        "deck_added_since_draw", "deck_left_since_draw"});
    if (auto t = robot->find("tableau")) collect(*t, kZoneTableau, 1);
    if (auto p = robot->find("pile")) {
      if (p->size() > static_cast<size_t>(kMaxPlayers - 1)) bad(*p, "at most 5 layers in the robot's pile");
      for (size_t k = 0; k < p->size(); ++k) collect(p->at(k), kZoneHand, static_cast<int>(k) + 1);
    }
  }
  std::optional<Reader> top = root.find("deck_top");
  if (top) {
    if (top->size() > static_cast<size_t>(kStackSize))
      bad(*top, "at most " + std::to_string(kStackSize) + " known cards on top of the deck, got " + std::to_string(top->size()));
    collect(*top, kZoneDeckTop, -1);
  }
  if (auto d = root.find("deck")) collect(*d, kZoneDeck, -1);
  if (auto d = root.find("discard")) collect(*d, kZoneDiscard, -1);
  if (auto d = root.find("good_cards")) collect(*d, kZoneGoods, -1);
  resolve_placements();

  CardSet listed_deck;
  for (const Placement& p : placed_) {
    int i = p.instance;
    switch (p.zone) {
      case kZoneHand: s_.hand[p.seat].set(i); break;
      case kZoneTableau: s_.tableau[p.seat].set(i); break;
      case kZoneDeckTop: s_.deck.set(i); break;
      case kZoneDeck: s_.deck.set(i); listed_deck.set(i); break;
      case kZoneDiscard: s_.discard.set(i); break;
      case kZoneGoods: goods_.set(i); break;
    }
  }
  if (top) {
    int n = static_cast<int>(top->size());
    s_.nstack = static_cast<int8_t>(n);
    int k = n - 1;
    for (const Placement& p : placed_)
      if (p.zone == kZoneDeckTop) s_.stack[k--] = static_cast<uint8_t>(p.instance);
  }
  CardSet unplaced;
  for (int i = 0; i < g_.num_instances(); ++i)
    if (where_[i].empty()) unplaced.set(i);

  // Per-player references into the placed cards, and the per-player numbers.
  for (int i = 0; i < players; ++i) {
    Reader p = plist.at(static_cast<size_t>(i));
    std::string seat = "players[" + std::to_string(i) + "]";
    if (auto e = p.find("explored")) s_.fresh |= resolve_refs(*e, s_.hand[i], seat + ".hand");
    if (auto gl = p.find("goods")) {
      CardSet worlds = resolve_refs(*gl, s_.tableau[i], seat + ".tableau");
      for (size_t k = 0; k < gl->size(); ++k) {
        Reader r = gl->at(k);
        int w = resolve_one(r, s_.tableau[i], seat + ".tableau");
        int kind = g_.card(w).good;
        if (!g_.card(w).world() || kind < kNovelty || kind > kAlien)
          bad(r, "card " + text::quoted(r.get_string()) + " cannot carry a good (not a world with a good kind)");
      }
      s_.has_good |= worlds;
    }
    if (auto c = p.find("chips")) s_.chips[i] = static_cast<uint8_t>(c->get_int(0, 255));
    if (auto a = p.find("actions")) {
      uint16_t mask = 0;
      for (size_t k = 0; k < a->size(); ++k) {
        Reader r = a->at(k);
        int act = label_index(r, kActionLabels, kNumActionCards, "action card");
        if (!g_.advanced() && (act == kActDevelop2 || act == kActSettle2))
          bad(r, text::quoted(r.get_string()) + " exists only in the advanced 2-player game");
        if ((mask >> act) & 1) bad(r, "action card " + text::quoted(r.get_string()) + " is listed twice");
        mask = static_cast<uint16_t>(mask | act_bit(act));
      }
      int most = g_.advanced() ? 2 : 1;
      if (__builtin_popcount(mask) > most)
        bad(*a, "at most " + std::to_string(most) + " action card" + (most > 1 ? "s" : "") + " per player in this game");
      s_.actions[i] = mask;
    }
    if (auto sel = p.find("selected"); sel && !sel->is_null())
      s_.selected[i] = static_cast<uint8_t>(resolve_one(*sel, s_.hand[i] | s_.tableau[i], seat + ".hand or " + seat + ".tableau"));
  }

  // Goods: one face-down card per world carrying a good; missing ones come from the deck.
  int missing = s_.has_good.count() - goods_.count();
  if (missing < 0)
    bad(*root.find("good_cards"), "lists " + std::to_string(goods_.count()) + " good cards but only " +
                                      std::to_string(s_.has_good.count()) + " worlds carry a good");
  for (const CardSet* from : {&unplaced, &listed_deck}) {
    CardSet pool = *from;
    while (missing > 0 && pool.any()) {
      int c = pool.pop_first();
      goods_.set(c);
      s_.deck.reset(c);
      unplaced.reset(c);
      --missing;
    }
  }
  if (missing > 0) bad(root, "not enough cards left in the deck for the goods on the worlds");
  s_.deck |= unplaced;

  read_scalars(root);
  read_stage_scratch(root);
  read_goals(root);
  read_owners(root);
  if (robot) read_robot(*robot);
  check_position(root);
  derive_decision(root);
  return s_;
}

void Loader::read_active(const Reader& r) {
  if (r.is_null()) {
    s_.active = 0;
  } else if (r.is_string()) {
    s_.active = static_cast<int16_t>(label_index(r, kClassLabels, kNumWindfallClasses, "windfall class"));
  } else if (r.is_object()) {
    check_keys(r, {"card", "power"});
    int c = resolve_any(r.at("card"));
    int idx = static_cast<int>(r.at("power").get_int(0, 3));
    const CardInfo& info = g_.card(c);
    bool ok = false;
    for (int k = 0; k < info.n_consume; ++k) ok |= info.consume[k].index == idx;
    if (!ok)
      bad(r.at("power"), "card '" + r.at("card").get_string() + "' has no consume power " + std::to_string(idx) +
                             " (it has " + std::to_string(info.n_consume) + ")");
    s_.active = static_cast<int16_t>(act::kPowerBase + 4 * c + idx);
  } else {
    bad(r, std::string("expected null, a windfall class name or {\"card\": ..., \"power\": ...}, got ") +
               json::type_name(r.type()));
  }
}

void Loader::read_scalars(const Reader& root) {
  const int max_step[kNumStages] = {3, 0, 3, 5, 10, 7, 6, 1, 0, 1};
  s_.stage = static_cast<Stage>(label_index(root.at("stage"), kStageLabels, kNumStages, "stage"));
  if (auto r = root.find("step")) s_.step = static_cast<uint8_t>(r->get_int(0, max_step[s_.stage]));
  if (auto r = root.find("turn")) s_.turn = static_cast<int8_t>(r->get_int(0, s_.players));
  if (auto r = root.find("phase_rep")) s_.phase_rep = static_cast<uint8_t>(r->get_int(0, g_.advanced() ? 1 : 0));
  if (auto r = root.find("first")) {
    s_.first = static_cast<int8_t>(r->get_int(0, s_.players - 1));
  } else {  // the seat with the lowest-numbered start world in its tableau
    int best = 1000;
    for (int i = 0; i < s_.players; ++i)
      (s_.tableau[i] & g_.start_worlds()).for_each([&](int w) {
        int n = g_.design_of(w).start_number;
        if (n < best) { best = n; s_.first = static_cast<int8_t>(i); }
      });
  }
  s_.round = static_cast<int16_t>(root.find("round") ? root.at("round").get_int(0, kRoundCap) : 1);
  s_.vp_pool = static_cast<int16_t>(root.find("vp_pool") ? root.at("vp_pool").get_int(-32768, 32767) : g_.initial_pool());
  if (auto r = root.find("rng")) s_.rng.s = r->get_uint64();
  if (auto r = root.find("bonus")) {
    unsigned mask = 0;
    if (r->is_int()) {
      mask = static_cast<unsigned>(r->get_int(0, (1 << s_.players) - 1));
    } else {
      for (size_t k = 0; k < r->size(); ++k) mask |= 1u << r->at(k).get_int(0, s_.players - 1);
    }
    s_.bonus = static_cast<uint8_t>(mask);
  }
  if (auto r = root.find("need")) s_.need = static_cast<int8_t>(r->get_int(-1, 127));  // -1: settle.cpp kTacticsDone
  if (auto r = root.find("floor"); r && !r->is_null()) s_.floor = static_cast<uint8_t>(resolve_any(*r));
  if (auto r = root.find("active")) read_active(*r);
  if (auto r = root.find("method")) s_.method = static_cast<uint8_t>(label_index(*r, kMethodLabels, kNumMethods, "settle method"));
}

// A key of one stage's scratch (State's stage union): given only in that stage.
std::optional<Reader> Loader::scratch_key(const Reader& obj, const char* key, Stage stage) const {
  auto r = obj.find(key);
  if (r && s_.stage != stage)
    bad(*r, std::string("'") + key + "' belongs to the " + stage_label(stage) + " stage; leave it out in stage '" +
                stage_label(s_.stage) + "'");
  return r;
}

void Loader::read_stage_scratch(const Reader& root) {
  if (s_.stage == kStageConsume) s_.ante = kNone;
  if (auto r = scratch_key(root, "picked_kinds", kStageConsume)) {
    unsigned mask = 0;
    for (size_t k = 0; k < r->size(); ++k) {
      Reader e = r->at(k);
      int kind = label_index(e, kClassLabels + 1, 4, "good kind") + 1;
      mask |= 1u << kind;
    }
    s_.picked_kinds = static_cast<uint8_t>(mask);
  }
  if (auto r = scratch_key(root, "units", kStageConsume)) s_.units = static_cast<uint8_t>(r->get_int(0, 255));
  if (auto r = scratch_key(root, "used", kStageConsume)) s_.used = static_cast<uint32_t>(r->get_int(0, 0xffffffffll));
  if (auto r = scratch_key(root, "ante", kStageConsume); r && !r->is_null())
    s_.ante = static_cast<uint8_t>(resolve_one(*r, s_.hand[s_.turn < s_.players ? seat_at(s_, s_.turn) : 0], "the hand of the seat at 'turn'"));
  for (const char* key : {"windfall_left", "produced"}) {
    auto r = scratch_key(root, key, kStageProduce);
    if (!r) continue;
    bool produced = std::string(key) == "produced";
    size_t n = produced ? 5 : kNumWindfallClasses;
    if (!r->is_array() || (r->size() != n && !(r->size() == 5 && !produced)))
      bad(*r, produced ? "expected an array of 5 integers (unused, novelty, rare, genes, alien)"
                       : "expected an array of 6 integers (any, novelty, rare, genes, alien, genes_other)");
    int8_t* out = produced ? s_.produced : s_.windfall_left;
    for (size_t k = 0; k < r->size(); ++k) out[k] = static_cast<int8_t>(r->at(k).get_int(0, 127));
  }
  Reader plist = root.at("players");
  for (int i = 0; i < s_.players; ++i)
    if (auto pr = scratch_key(plist.at(static_cast<size_t>(i)), "produced_rare", kStageProduce))
      s_.produced_rare[i] = static_cast<int8_t>(pr->get_int(0, 127));
  read_settle_scratch(root);
  if (auto r = scratch_key(root, "round_discarded", kStageHandLimit)) {
    if (!g_.goals_on()) bad(*r, "only games with goals keep the end-of-round discards");
    s_.round_discarded = static_cast<uint8_t>(seat_mask(*r));
  }
}

unsigned Loader::seat_mask(const Reader& r) const {
  unsigned mask = 0;
  for (size_t k = 0; k < r.size(); ++k) mask |= 1u << r.at(k).get_int(0, s_.players - 1);
  return mask;
}

// The expansions' Settle scratch: takeovers, second worlds, temporary Military.
void Loader::read_settle_scratch(const Reader& root) {
  bool extended = settle_extended(g_);
  if (s_.stage == kStageSettle && extended)
    for (int i = 0; i < kMaxPlayers; ++i) s_.second_world[i] = kNone;
  Reader plist = root.at("players");
  for (int i = 0; i < s_.players; ++i) {
    Reader p = plist.at(static_cast<size_t>(i));
    std::string seat = "players[" + std::to_string(i) + "]";
    int temp = 0, cards = 0;
    if (auto r = scratch_key(p, "temp_military", kStageSettle)) temp = static_cast<int>(r->get_int(0, 15));
    if (auto r = scratch_key(p, "temp_hand_cards", kStageSettle)) cards = static_cast<int>(r->get_int(0, 15));
    if (s_.stage == kStageSettle) s_.temp_military[i] = static_cast<uint8_t>(temp | (cards << 4));
    if (auto r = scratch_key(p, "second_world", kStageSettle); r && !r->is_null()) {
      if (!extended) bad(*r, "no card of this game places a second world");
      s_.second_world[i] = static_cast<uint8_t>(resolve_one(*r, s_.tableau[i], seat + ".tableau"));
    }
  }
  if (auto r = scratch_key(root, "vulnerable", kStageSettle)) {
    check_keys(*r, {kTakeoverLabels[0], kTakeoverLabels[1], kTakeoverLabels[2]});
    for (int k = 0; k < 3; ++k)
      if (auto v = r->find(kTakeoverLabels[k])) s_.vulnerable[k] = static_cast<uint8_t>(seat_mask(*v));
  }
  if (auto r = scratch_key(root, "takeovers", kStageSettle)) {
    if (!g_.takeovers_on() && r->size() > 0) bad(*r, "this game has no takeovers");
    if (r->size() > static_cast<size_t>(kMaxTakeovers))
      bad(*r, "at most " + std::to_string(kMaxTakeovers) + " takeovers per Settle phase");
    s_.n_takeovers = static_cast<uint8_t>(r->size());
    for (size_t k = 0; k < r->size(); ++k) {
      Reader d = r->at(k);
      check_keys(d, {"target", "attacker", "defender", "power", "margin", "won"});
      Takeover& t = s_.takeovers[k];
      t.target = static_cast<uint8_t>(resolve_any(d.at("target")));
      int attacker = static_cast<int>(d.at("attacker").get_int(0, s_.players - 1));
      int defender = static_cast<int>(d.at("defender").get_int(0, s_.players - 1));
      int kind = label_index(d.at("power"), kTakeoverLabels, 3, "takeover power");
      t.seats = static_cast<uint8_t>(attacker | (defender << 3) | (kind << 6));
      t.margin = static_cast<int8_t>(d.at("margin").get_int(-127, 127));
      if (auto w = d.find("won"); w && w->get_bool()) s_.takeover_won = static_cast<uint8_t>(s_.takeover_won | (1u << k));
    }
  }
  if (auto r = scratch_key(root, "settle_actions", kStageSettle)) s_.actions_done = static_cast<uint8_t>(r->get_int(0, 2));
  if (auto r = scratch_key(root, "declared", kStageSettle)) {
    for (size_t k = 0; k < r->size(); ++k)
      s_.declared = static_cast<uint8_t>(s_.declared | (1u << label_index(r->at(k), kTakeoverLabels, 3, "takeover power")));
  }
  if (auto r = scratch_key(root, "context", kStageSettle)) s_.context = static_cast<uint8_t>(label_index(*r, kContextLabels, 3, "context"));
}

// Draft variant: the owner code of every card. Cards not listed belong to the seat that
// holds them in its hand or tableau; cards mentioned nowhere (put in the deck) are out of
// the game ("removed"; "common", still to draft, in the draft stage); every card named in
// the deck, the discard pile or the goods must be listed.
void Loader::read_owners(const Reader& root) {
  auto r = root.find("owners");
  if (!g_.options().draft) {
    if (r) bad(*r, "only games of the draft variant have card owners");
    return;
  }
  s_.draft = 1;
  if (s_.nstack) bad(*root.find("deck_top"), "the draft variant has no known deck top (every seat has its own deck)");
  CardSet listed;
  if (r) {
    std::vector<std::string> keys;
    for (int p = 0; p < s_.players; ++p) keys.push_back(std::to_string(p));
    keys.push_back("common");
    keys.push_back("removed");
    for (const std::string& k : r->keys()) {
      if (std::find(keys.begin(), keys.end(), k) == keys.end())
        bad(*r, "unknown owner " + text::quoted(k) + " (expected a seat number, common or removed)");
      int code = k == "common" ? kOwnerCommon : k == "removed" ? kOwnerRemoved : std::stoi(k);
      Reader list = r->at(k);
      for (size_t i = 0; i < list.size(); ++i) {
        int c = resolve_any(list.at(i));
        if (listed.test(c)) bad(list.at(i), "card " + text::quoted(list.at(i).get_string()) + " has two owners");
        listed.set(c);
        set_owner(s_, c, code);
      }
    }
  }
  for (int p = 0; p < s_.players; ++p)
    ((s_.hand[p] | s_.tableau[p]) - listed).for_each([&](int c) { set_owner(s_, c, s_.stage == kStageDraft && s_.hand[p].test(c) ? kOwnerCommon : p); });
  CardSet nowhere;
  for (int i = 0; i < g_.num_instances(); ++i)
    if (where_[i].empty() && !listed.test(i)) nowhere.set(i);
  nowhere.for_each([&](int c) { set_owner(s_, c, s_.stage == kStageDraft ? kOwnerCommon : kOwnerRemoved); });
  CardSet piles = (g_.all_cards() - listed - nowhere) & (s_.deck | s_.discard | goods_);
  if (piles.any())
    bad(r ? *r : root, "the draft variant needs the owner of every card in the deck, the discard pile and the goods "
                       "(missing: " + text::quoted(card_label(g_, piles.first())) + ")");
}

// The solo robot (the zones were placed with the other cards).
void Loader::read_robot(const Reader& r) {
  const SoloConfig& cfg = g_.solo_config();
  RobotState& rb = s_.robot;
  int start = -1;
  (s_.tableau[1] & g_.start_worlds()).for_each([&](int w) { start = g_.design_of(w).start_number; });
  if (auto x = r.find("start_world")) start = static_cast<int>(x->get_int(0, 15));
  if (start < 0) bad(r, "the robot's 'start_world' number is needed (its start world is not in its tableau)");
  rb.start = static_cast<uint8_t>(start);
  rb.difficulty = static_cast<uint8_t>(g_.solo_difficulty());
  if (auto x = r.find("difficulty")) {
    int d = label_index(*x, kDifficultyLabels, 3, "difficulty");
    if (d != g_.solo_difficulty()) bad(*x, "the position is for another difficulty than this game's");
  }
  const RobotRules& rules = cfg.rules[start];
  rb.credits = static_cast<uint8_t>(r.find("credits") ? r.at("credits").get_int(0, cfg.credits_max) : rules.credits);
  rb.economy = static_cast<uint8_t>(r.find("economy") ? r.at("economy").get_int(0, cfg.economy_max) : rules.economy);
  int placed = r.find("markers_placed") ? static_cast<int>(r.at("markers_placed").get_int(0, 15)) : 0;
  int left = r.find("markers_unplaced") ? static_cast<int>(r.at("markers_unplaced").get_int(0, 15))
                                        : cfg.markers[rb.difficulty] - placed;
  if (left < 0 || left + placed != cfg.markers[rb.difficulty])
    bad(r, "this difficulty has " + std::to_string(cfg.markers[rb.difficulty]) + " 6-development markers in all");
  rb.markers = static_cast<uint8_t>(left | (placed << 4));
  rb.robot_eq = static_cast<uint8_t>(rules.robot_eq);
  if (auto x = r.find("robot_eq")) {
    rb.robot_eq = static_cast<uint8_t>(label_index(*x, kActionLabels, kNumActionCards, "action card"));
  }
  if (auto x = r.find("flags")) {
    static const char* const kFlags[3] = {"trade_swap_done", "produce_swap_done", "search_done"};
    for (size_t k = 0; k < x->size(); ++k) rb.flags |= static_cast<uint8_t>(1u << label_index(x->at(k), kFlags, 3, "robot flag"));
  }
  if (auto x = r.find("dice")) {
    if (x->size() != 2) bad(*x, "expected two face indices (0-5)");
    rb.dice = static_cast<uint8_t>(x->at(0).get_int(0, 5) | (x->at(1).get_int(0, 5) << 4));
  }
  if (auto x = r.find("spaces")) {
    for (size_t k = 0; k < x->size(); ++k)
      rb.spaces = static_cast<uint16_t>(rb.spaces | act_bit(label_index(x->at(k), kActionLabels, kNumActionCards, "action card")));
  }
  if (auto x = r.find("chips")) s_.chips[1] = static_cast<uint8_t>(x->get_int(0, 255));
  CardSet added, gone;
  if (auto x = r.find("deck_added_since_draw"))
    for (size_t k = 0; k < x->size(); ++k) added.set(resolve_any(x->at(k)));
  if (auto x = r.find("deck_left_since_draw"))
    for (size_t k = 0; k < x->size(); ++k) gone.set(resolve_any(x->at(k)));
  s_.tableau[5] = (s_.deck - added) | gone;
}

// The goals in play and who scored or holds them.
void Loader::read_goals(const Reader& root) {
  auto r = root.find("goals");
  if (!r) {
    if (g_.goals_on()) bad(root, "a game with goals needs the 'goals' in play");
    return;
  }
  if (!g_.goals_on()) bad(*r, "this game has no goals");
  s_.goals = 0;
  std::vector<std::pair<int, unsigned>> claims;
  for (size_t k = 0; k < r->size(); ++k) {
    Reader o = r->at(k);
    check_keys(o, {"goal", "seats"});
    const std::string& name = o.at("goal").get_string();
    int goal = g_.db().find_goal(name);
    if (goal < 0 || g_.db().goals[goal].level > g_.level()) {
      std::vector<std::string> names;
      for (const GoalDesign& d : g_.db().goals) if (d.level <= g_.level()) names.push_back(d.name);
      bad(o.at("goal"), "unknown goal " + text::quoted(name) + suggest(name, names));
    }
    if ((s_.goals >> goal) & 1) bad(o.at("goal"), "goal " + text::quoted(name) + " is listed twice");
    s_.goals = static_cast<uint16_t>(s_.goals | (1u << goal));
    unsigned mask = o.find("seats") ? seat_mask(o.at("seats")) : 0;
    if (g_.db().goals[goal].kind == GoalKind::Most && __builtin_popcount(mask) > 1)
      bad(o.at("seats"), "a most goal has at most one holder");
    claims.emplace_back(goal, mask);
  }
  int want[2] = {0, 0};
  for (unsigned left = s_.goals; left; left &= left - 1) ++want[static_cast<int>(g_.db().goals[__builtin_ctz(left)].kind)];
  if (want[0] != g_.db().goal_draw[0] || want[1] != g_.db().goal_draw[1])
    bad(*r, "a game has " + std::to_string(g_.db().goal_draw[0]) + " first goals and " +
                std::to_string(g_.db().goal_draw[1]) + " most goals in play, not " + std::to_string(want[0]) + " and " +
                std::to_string(want[1]));
  for (const auto& c : claims) s_.goal_claims[__builtin_popcount(s_.goals & ((1u << c.first) - 1))] = static_cast<uint8_t>(c.second);
}

// Checks that the stage, step and scratch fields fit together, so that the engine
// can safely continue from the position.
void Loader::check_position(const Reader& root) {
  Reader stage = root.at("stage");
  auto step_error = [&](const std::string& problem) {
    bad(root.find("step") ? *root.find("step") : stage,
        "step " + std::to_string(s_.step) + " of stage " + text::quoted(stage_label(s_.stage)) + ": " + problem);
  };
  bool mid_turn = false;  // the step works on the seat at `turn`
  switch (s_.stage) {
    case kStageStartDiscard: mid_turn = s_.step == 1 || s_.step == 2; break;
    case kStageHandLimit: mid_turn = s_.step == 1; break;
    case kStageExplore: mid_turn = s_.step >= 2; break;
    case kStageDevelop: mid_turn = s_.step == 3 || s_.step == 5; break;
    case kStageSettle:
      if (s_.step == 4) step_error("an internal step; use step 3 (method choice) or 2 (resolve) instead");
      mid_turn = s_.step >= 3 && s_.step != 10;
      break;
    case kStageConsume:
    case kStageProduce: mid_turn = s_.step >= 1; break;
    default: break;
  }
  if (mid_turn && s_.turn >= s_.players) step_error("needs 'turn' below the number of players");
  int seat = mid_turn ? seat_at(s_, s_.turn) : -1;

  auto plist = root.at("players");
  for (int i = 0; i < s_.players; ++i) {
    // Explored cards wait for their owner's keep choice (explore step 1-2, seats from `turn` on).
    if ((s_.hand[i] & s_.fresh).any()) {
      bool waiting = s_.stage == kStageExplore && s_.step >= 1 && (i - s_.first + s_.players) % s_.players >= s_.turn;
      bool revealed = s_.stage == kStageConsume && s_.step == 7 && i == seat;  // Gambling World's ante
      if (!waiting && !revealed)
        bad(plist.at(static_cast<size_t>(i)).at("explored"),
            "explored cards exist only in the explore stage (step 1 to 3), for seats that have not chosen yet, "
            "and as the cards revealed for an ante (consume step 7)");
    }
    int c = s_.selected[i];
    if (c == kNone) continue;
    Reader r = plist.at(static_cast<size_t>(i)).at("selected");
    bool dev = s_.stage == kStageDevelop, settle = s_.stage == kStageSettle;
    if (!dev && !settle) bad(r, "a selection exists only in the develop and settle stages");
    if (dev && g_.card(c).world()) bad(r, text::quoted(r.get_string()) + " is a world, not a development");
    if (settle && !g_.card(c).world()) bad(r, text::quoted(r.get_string()) + " is a development, not a world");
    if (s_.step <= 1 && !s_.hand[i].test(c)) bad(r, "before the reveal (step 0-1) the selected card is in the hand");
    if (s_.step >= 2 && !s_.tableau[i].test(c)) bad(r, "after the reveal (step 2 on) the selected card is in the tableau");
  }
  if (s_.stage == kStageSettle && s_.step == 3 && s_.selected[seat] == kNone)
    step_error("the seat choosing a settle method must have a selected world");
  if (s_.stage == kStageConsume && s_.step == 7 && (s_.ante == kNone || !s_.hand[seat].test(s_.ante)))
    step_error("needs 'ante' to name the ante card in the hand of the seat at 'turn'");
  if (s_.stage == kStageConsume && (s_.step == 3 || s_.step == 4 || s_.step == 6 || s_.step == 7)) {
    int a = s_.active - act::kPowerBase;
    if (a < 0 || !s_.tableau[seat].test(a >> 2))
      step_error("needs 'active' to name a consume power in the tableau of the seat at 'turn'");
  }
  if (s_.stage == kStageProduce && s_.step == 3 && (s_.active < 0 || s_.active >= kNumWindfallClasses))
    step_error("needs 'active' to name a windfall class");
}

// The decision a (stage, step) poses to the seat at `turn`, None for automatic steps.
DecisionKind decision_at(Stage stage, int step) {
  switch (stage) {
    case kStageStartDiscard:
      return step == 1 ? DecisionKind::StartDiscard : step == 2 ? DecisionKind::StartWorld : DecisionKind::None;
    case kStageChooseAction: return DecisionKind::ChooseAction;
    case kStageExplore:
      return step == 2 ? DecisionKind::ExploreKeep : step == 3 ? DecisionKind::ExploreDiscard : DecisionKind::None;
    case kStageDevelop:
      return step == 1 ? DecisionKind::DevelopSelect
             : step == 3 ? DecisionKind::Pay
             : step == 5 ? DecisionKind::DevelopDiscount
                         : DecisionKind::None;
    case kStageSettle:
      return step == 1 ? DecisionKind::SettleSelect
             : step == 3 ? DecisionKind::SettleMethod
             : step == 5 ? DecisionKind::Pay
             : step == 7 ? DecisionKind::TempMilitary
             : step == 8 ? DecisionKind::ZeroCostCard
                         : DecisionKind::None;
    case kStageConsume: {
      static const DecisionKind kConsume[] = {DecisionKind::None, DecisionKind::TradeGood, DecisionKind::ConsumePower,
                                              DecisionKind::ConsumeGood, DecisionKind::ConsumeHand,
                                              DecisionKind::LuckyNumber, DecisionKind::AnteCard, DecisionKind::AnteKeep};
      return step >= 0 && step <= 7 ? kConsume[step] : DecisionKind::None;
    }
    case kStageProduce:
      return step == 2 ? DecisionKind::WindfallPower
             : step == 3 ? DecisionKind::WindfallWorld
             : step == 5 || step == 6 ? DecisionKind::DiscardProduce
                                      : DecisionKind::None;
    case kStageHandLimit: return step == 1 ? DecisionKind::HandLimit : DecisionKind::None;
    default: return DecisionKind::None;
  }
}

// The pending decision follows from (stage, step, turn). When the JSON names a
// decision that this step poses to the seat at `turn`, the position stays there
// (as saved, even where the engine would have skipped or auto-played it, as in a
// determinized state); otherwise the automatic steps run as in apply().
void Loader::derive_decision(const Reader& root) {
  std::vector<std::string> names;
  for (int k = 0; k < static_cast<int>(DecisionKind::kCount); ++k) names.push_back(g_.decision_name(static_cast<DecisionKind>(k)));
  std::vector<const char*> labels;
  for (const std::string& n : names) labels.push_back(n.c_str());
  const char* const* kDecisionLabels = labels.data();
  std::optional<Reader> dr = root.find("decision"), ar = root.find("actor");
  int want_decision = dr ? label_index(*dr, kDecisionLabels, static_cast<int>(DecisionKind::kCount), "decision") : -1;
  int want_actor = ar ? static_cast<int>(ar->get_int(-1, s_.players - 1)) : -2;
  auto matches = [&](const State& t) {
    return (want_decision < 0 || static_cast<int>(t.decision) == want_decision) &&
           (want_actor == -2 || t.actor == want_actor);
  };
  try {
    DecisionKind here = decision_at(s_.stage, s_.step);
    if ((dr || ar) && here != DecisionKind::None && s_.turn < s_.players) {
      State t = s_;
      pose(t, here, seat_at(t, t.turn));
      if (matches(t)) {
        if (g_.legal_actions(t).empty()) {
          s_ = t;
          check_need(root);
          bad(root, "the position poses " + g_.decision_name(here) + " to seat " + std::to_string(t.actor) +
                        " without any legal action");
        }
        s_ = t;
        check_need(root);
        return;
      }
    }
    g_.advance(s_);
  } catch (const std::logic_error& e) {
    check_need(root);  // the likely cause, with a clearer message
    bad(root, std::string("the position is not consistent: ") + e.what());
  }
  if (!matches(s_)) {
    std::string got = std::string(kDecisionLabels[static_cast<int>(s_.decision)]) + " for seat " + std::to_string(s_.actor);
    bad(dr ? *dr : *ar, "the position poses " + got + " (after its automatic steps), not the decision given here");
  }
  check_need(root);
}

// Decisions that count down `need` (cards to pay, keep, discard; goods to consume).
void Loader::check_need(const Reader& root) {
  switch (s_.decision) {
    case DecisionKind::StartDiscard:
    case DecisionKind::HandLimit:
    case DecisionKind::Pay:
    case DecisionKind::ExploreKeep:
    case DecisionKind::ConsumeGood:
    case DecisionKind::ConsumeHand:
      if (s_.need < 1) {
        auto r = root.find("need");
        bad(r ? *r : root, "'need' must be at least 1 at a " + g_.decision_name(s_.decision) + " decision, got " +
                               std::to_string(s_.need));
      }
      break;
    default: break;
  }
}

}  // namespace

State Game::from_json(const std::string& text) const {
  try {
    Loader loader(*this, text);
    return loader.load();
  } catch (const RulesError&) {
    throw;
  } catch (const json::Error& e) {
    throw RulesError(std::string("state JSON: ") + e.what());
  }
}

}  // namespace gs::rftg
