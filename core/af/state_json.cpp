// Positions as JSON, by name: Game::to_json and Game::from_json (and the shared
// writer used by observation.cpp). The format is documented for users in
// docs/af-state-json.md; keep the two in step.
//
// Tech card instances are written as their name for the first copy and "Name #k"
// for the k-th copy; the reader resolves explicit "#k" entries first and gives
// each plain name the lowest copy not yet placed; cards mentioned nowhere go to
// the face-down deck. Ships are listed per player in id order; a ship reference
// is "<colour> <k>" (k = 1..6, the k-th entry of that player's list) or "relic".
#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "af/play.h"
#include "af/script.h"
#include "af/state_json.h"
#include "common/json.h"
#include "common/suggest.h"
#include "common/text.h"
#include "common/quoted.h"

namespace gs::af {

namespace {

const char* const kEndLabels[] = {"running", "last_colony", "turn_cap"};

std::string group_label(const Game& g, int loc, int first, int f) {
  return g.facility(f).name + " " + std::to_string(loc - first + 1);
}

}  // namespace

namespace state_json_detail {

std::string card_label(const Game& g, int inst) {
  int design = g.design_of(inst);
  int k = inst - lowest_bit32(g.design_mask(design)) + 1;
  return k == 1 ? g.data().tech[design].name : g.data().tech[design].name + " #" + std::to_string(k);
}

json::Value card_list(const Game& g, uint32_t set) {
  json::Value a = json::Value::array();
  for (; set; set &= set - 1) a.push_back(card_label(g, lowest_bit32(set)));
  return a;
}

std::string location_label(const Game& g, int loc) {
  switch (loc) {
    case kLocStock: return "stock";
    case kLocBurroughs: return g.territory(g.territory_of(kBonusRelicShip)).name;
    case kLocBay: return g.facility(kBay).name;
    case kLocUnplaced: return "unplaced";
    default: break;
  }
  int f = facility_of(loc);
  if (f == kConstructor || f == kMarket || f == kShipyard) return group_label(g, loc, first_loc(f), f);
  return g.facility(f).name;
}

std::string ship_ref(const Game& g, int ship) {
  if (ship == kRelic) return "relic";
  return g.colour(ship / kShipsPerPlayer) + " " + std::to_string(ship % kShipsPerPlayer + 1);
}

json::Value ship_value(const Game& g, const State& s, int ship) {
  json::Value o = json::Value::object();
  o.set("at", location_label(g, s.loc[ship]));
  if (s.value[ship]) o.set("value", s.value[ship]);
  return o;
}

json::Value colour_or_null(const Game& g, int seat) { return seat >= 0 ? json::Value(g.colour(seat)) : json::Value(); }

json::Value position_value(const Game& g, const State& s, bool hidden) {
  json::Value v = json::Value::object();
  v.set("format", "galaxysim-af-state");
  v.set("version", 1);
  json::Value game = json::Value::object();
  game.set("players", g.players());
  game.set("long_game", g.long_game());
  v.set("game", std::move(game));
  v.set("turn", s.turn);
  v.set("first", s.first);
  v.set("active", s.active);
  v.set("end", kEndLabels[s.end]);
  if (hidden) v.set("rng", s.rng.s);
  if (hidden && s.script) {  // the dice and tech cards still to come (docs/scripted-draws.md)
    json::Value sc = json::Value::object(), dice = json::Value::array(), tech = json::Value::array();
    for (size_t k = s.script_dice; k < s.script->dice.size(); ++k) dice.push_back(static_cast<int>(s.script->dice[k]));
    for (size_t k = s.script_tech; k < s.script->tech.size(); ++k) tech.push_back(s.script->names[s.script->tech[k]]);
    sc.set("dice_taken", s.script_dice);
    sc.set("dice", std::move(dice));
    sc.set("tech_taken", s.script_tech);
    sc.set("tech", std::move(tech));
    v.set("script", std::move(sc));
  }
  v.set("decision", g.decision_name(s.decision));
  v.set("actor", s.actor);
  json::Value players = json::Value::array();
  for (int p = 0; p < s.players; ++p) {
    json::Value o = json::Value::object();
    o.set("colour", g.colour(p));
    o.set("ore", s.ore[p]);
    o.set("fuel", s.fuel[p]);
    o.set("colonies_in_hand", s.supply[p]);
    o.set("hub", s.hub[p]);
    o.set("tech", card_list(g, s.tech[p]));
    json::Value ships = json::Value::array();
    for (int k = 0; k < g.ships_per_colour(); ++k) ships.push_back(ship_value(g, s, p * kShipsPerPlayer + k));
    o.set("ships", std::move(ships));
    players.push_back(std::move(o));
  }
  v.set("players", std::move(players));
  json::Value relic = ship_value(g, s, kRelic);
  relic.set("owner", colour_or_null(g, s.relic_owner));
  v.set("relic_ship", std::move(relic));
  json::Value ters = json::Value::object();
  for (int t = 0; t < kNumTerritories; ++t) {
    json::Value o = json::Value::object();
    json::Value c = json::Value::array();
    for (int p = 0; p < s.players; ++p) c.push_back(s.colonies[p][t]);
    o.set("colonies", std::move(c));
    o.set("controller", colour_or_null(g, s.controller[t]));
    ters.set(g.territory(t).name, std::move(o));
  }
  v.set("territories", std::move(ters));
  json::Value fields = json::Value::object();
  for (int f = 0; f < kNumFields; ++f)
    fields.set(g.data().fields[f].name, s.field[f] >= 0 ? json::Value(g.territory(s.field[f]).name) : json::Value());
  v.set("fields", std::move(fields));
  v.set("display", card_list(g, s.display));
  v.set("discard", card_list(g, s.discard));
  if (hidden) v.set("deck", card_list(g, s.deck));
  else v.set("deck_size", popcount32(s.deck));

  json::Value ts = json::Value::object();
  ts.set("cycles", s.cycles);
  ts.set("market_rate", s.market_rate);
  ts.set("hub_docked", s.hub_docked);
  ts.set("overflow", s.overflow);
  ts.set("mine_docked", (s.flags & kFlagMineDocked) != 0);
  ts.set("asimov_used", (s.flags & kFlagAsimovUsed) != 0);
  ts.set("discarded", (s.flags & kFlagDiscarded) != 0);
  ts.set("relic_locked", (s.flags & kFlagRelicLocked) != 0);
  ts.set("borrowed", s.borrowed >= 0 ? json::Value(g.territory(s.borrowed).name) : json::Value());
  ts.set("teleported", s.teleported != kNone ? json::Value(ship_ref(g, s.teleported)) : json::Value());
  ts.set("teleport_from", s.teleported != kNone ? json::Value(g.facility(s.teleport_from).name) : json::Value());
  json::Value powered = json::Value::array();
  for (uint32_t m = s.powered; m; m &= m - 1) powered.push_back(g.tech_of(lowest_bit32(m)).name);
  ts.set("powered", std::move(powered));
  json::Value spent = json::Value::array();
  for (int ship = 0; ship < kNumShips; ++ship)
    if ((s.spent >> ship) & 1) spent.push_back(ship_ref(g, ship));
  ts.set("spent", std::move(spent));
  ts.set("last_dock", s.last_dock);
  v.set("turn_state", std::move(ts));

  json::Value pend = json::Value::object();
  auto ref_or_null = [&](int ship) { return ship == kNone ? json::Value() : json::Value(ship_ref(g, ship)); };
  switch (s.decision) {
    case DecisionKind::Land: pend.set("from_hub", s.pending == 1); break;
    case DecisionKind::Reroll: {
      json::Value picked = json::Value::array();
      for (int ship = 0; ship < kNumShips; ++ship)
        if ((s.marks >> ship) & 1) picked.push_back(ship_ref(g, ship));
      pend.set("picked", std::move(picked));
      pend.set("last", ref_or_null(s.pending2));
      break;
    }
    case DecisionKind::PlasmaMore:
      pend.set("card", g.data().tech[s.marks >> 8].name);
      pend.set("facility", g.facility(s.pending).name);
      pend.set("removed", static_cast<int>(s.marks & 0xff));
      pend.set("last", ref_or_null(s.pending2));
      break;
    case DecisionKind::MoveColonyTo:
    case DecisionKind::SwapSecond: {
      json::Value c = json::Value::object();
      c.set("player", g.colour(s.pending / 8));
      c.set("territory", g.territory(s.pending % 8).name);
      pend.set("colony", std::move(c));
      break;
    }
    case DecisionKind::RaidTake: {
      pend.set("taken", s.pending);
      if (s.pending2 == 0) {
        pend.set("last", json::Value());
      } else {
        json::Value l = json::Value::object();
        l.set("player", g.colour((s.pending2 - 1) / 2));
        l.set("kind", (s.pending2 - 1) % 2 ? "fuel" : "ore");
        pend.set("last", std::move(l));
      }
      break;
    }
    default: break;
  }
  v.set("pending", std::move(pend));
  return v;
}

}  // namespace state_json_detail

using namespace state_json_detail;

std::string Game::to_json(const State& s, int indent) const { return json::dump(position_value(*this, s, true), indent); }

// ---------------------------------------------------------------------------
// Reading

namespace {

using json::Reader;

[[noreturn]] void bad(const Reader& r, const std::string& problem) {
  if (r.path().empty()) throw RulesError("state JSON: " + problem);
  throw RulesError("state JSON, at " + text::quoted(r.path()) + ": " + problem);
}

void check_keys(const Reader& r, std::initializer_list<const char*> allowed) {
  std::vector<std::string> names(allowed.begin(), allowed.end());
  for (const std::string& k : r.keys())
    if (std::find(names.begin(), names.end(), k) == names.end())
      bad(r, "unknown key " + text::quoted(k) + text::suggest(k, names) + "; known keys: " + text::join(names));
}

int choose(const Reader& r, const std::vector<std::string>& names, const char* what) {
  const std::string& t = r.get_string();
  for (size_t k = 0; k < names.size(); ++k)
    if (names[k] == t) return static_cast<int>(k);
  bad(r, "unknown " + std::string(what) + " " + text::quoted(t) + text::suggest(t, names) + "; expected one of " +
             text::join(names));
}

class Loader {
 public:
  Loader(const Game& g, const std::string& text) : g_(g), doc_(json::parse(text)) {}
  State load();

 private:
  const Game& g_;
  json::Value doc_;
  State s_{};
  uint32_t placed_ = 0;
  struct Plain {
    Reader at;
    int design;
    uint32_t* zone;
  };
  std::vector<Plain> plain_;  // plain card names waiting for a copy

  std::vector<std::string> colours() const {
    std::vector<std::string> c;
    for (int p = 0; p < g_.players(); ++p) c.push_back(g_.colour(p));
    return c;
  }
  std::vector<std::string> territory_names() const {
    std::vector<std::string> t;
    for (int k = 0; k < kNumTerritories; ++k) t.push_back(g_.territory(k).name);
    return t;
  }
  std::vector<std::string> facility_names() const {
    std::vector<std::string> f;
    for (int k = 0; k < kNumFacilities; ++k) f.push_back(g_.facility(k).name);
    return f;
  }
  std::vector<std::string> design_names() const {
    std::vector<std::string> n;
    for (const TechDef& d : g_.data().tech) n.push_back(d.name);
    return n;
  }
  int territory(const Reader& r) const { return choose(r, territory_names(), "territory"); }
  int seat(const Reader& r) const { return choose(r, colours(), "player colour"); }
  int location(const Reader& r, bool relic) const;
  int ship(const Reader& r) const;
  void cards(const Reader& list, uint32_t* zone);
  void resolve_cards();
  void read_players(const Reader& list);
  void read_relic(const Reader& r);
  void read_territories(const Reader& r);
  void read_turn_state(const Reader& r);
  void read_pending(const Reader& root);
  void check_ships(const Reader& root);
  void check_rest(const Reader& root);
};

// A location label (see location_label); only the Relic Ship can be at home.
int Loader::location(const Reader& r, bool relic) const {
  std::vector<std::string> names;
  std::vector<int> locs;
  for (int loc = 0; loc < kNumLocs; ++loc) {
    if (loc == kLocBurroughs && !relic) continue;
    int f = facility_of(loc);
    if ((f == kConstructor || f == kMarket || f == kShipyard) && loc - first_loc(f) >= g_.usable_docks(f)) continue;
    names.push_back(location_label(g_, loc));
    locs.push_back(loc);
  }
  return locs[static_cast<size_t>(choose(r, names, "location"))];
}

int Loader::ship(const Reader& r) const {
  const std::string& t = r.get_string();
  if (t == "relic") return kRelic;
  size_t sp = t.rfind(' ');
  if (sp != std::string::npos) {
    std::string colour = t.substr(0, sp), k = t.substr(sp + 1);
    for (int p = 0; p < g_.players(); ++p)
      if (g_.colour(p) == colour && k.size() == 1 && k[0] >= '1' && k[0] < '1' + g_.ships_per_colour())
        return p * kShipsPerPlayer + (k[0] - '1');
  }
  bad(r, "unknown ship " + text::quoted(t) + " (expected '<colour> <1.." + std::to_string(g_.ships_per_colour()) + ">' or 'relic')");
}

void Loader::cards(const Reader& list, uint32_t* zone) {
  for (size_t k = 0; k < list.size(); ++k) {
    Reader r = list.at(k);
    const std::string& t = r.get_string();
    int design = g_.data().find_tech(t);
    if (design >= 0) {
      plain_.push_back(Plain{r, design, zone});
      continue;
    }
    size_t h = t.rfind(" #");
    int copy = 0;
    if (h != std::string::npos && (design = g_.data().find_tech(t.substr(0, h))) >= 0 &&
        text::parse_int(t.substr(h + 2), 1, 9, &copy)) {
      if (copy > g_.data().tech[design].copies)
        bad(r, "card " + text::quoted(t) + ": there are only " + std::to_string(g_.data().tech[design].copies) + " copies of '" +
                   t.substr(0, h) + "'");
      int inst = lowest_bit32(g_.design_mask(design)) + copy - 1;
      if ((placed_ >> inst) & 1) bad(r, "card " + text::quoted(t) + " is placed twice");
      placed_ |= 1u << inst;
      *zone |= 1u << inst;
      continue;
    }
    bad(r, "unknown tech card " + text::quoted(t) + text::suggest(t, design_names()));
  }
}

void Loader::resolve_cards() {
  for (const Plain& p : plain_) {
    uint32_t free = g_.design_mask(p.design) & ~placed_;
    if (!free) bad(p.at, "more copies of " + text::quoted(p.at.get_string()) + " than the game has");
    int inst = lowest_bit32(free);
    placed_ |= 1u << inst;
    *p.zone |= 1u << inst;
  }
  s_.deck |= g_.all_instances() & ~placed_;  // cards mentioned nowhere are face down
}

void Loader::read_players(const Reader& list) {
  if (list.size() != static_cast<size_t>(g_.players()))
    bad(list, "expected " + std::to_string(g_.players()) + " players, got " + std::to_string(list.size()));
  for (int p = 0; p < g_.players(); ++p) {
    Reader r = list.at(static_cast<size_t>(p));
    check_keys(r, {"colour", "ore", "fuel", "colonies_in_hand", "hub", "tech", "ships"});
    if (auto c = r.find("colour"))
      if (c->get_string() != g_.colour(p)) bad(*c, "seat " + std::to_string(p) + " is " + g_.colour(p));
    if (auto x = r.find("ore")) s_.ore[p] = static_cast<uint8_t>(x->get_int(0, 200));
    if (auto x = r.find("fuel")) s_.fuel[p] = static_cast<uint8_t>(x->get_int(0, 200));
    if (auto x = r.find("hub")) s_.hub[p] = static_cast<uint8_t>(x->get_int(0, g_.facility(kHub).advances));
    if (auto x = r.find("tech")) cards(*x, &s_.tech[p]);
    if (auto ships = r.find("ships")) {
      if (ships->size() > static_cast<size_t>(g_.ships_per_colour()))
        bad(*ships, "at most " + std::to_string(g_.ships_per_colour()) + " ships per player");
      for (size_t k = 0; k < ships->size(); ++k) {
        Reader sr = ships->at(k);
        check_keys(sr, {"at", "value"});
        int id = p * kShipsPerPlayer + static_cast<int>(k);
        int loc = location(sr.at("at"), false);
        s_.loc[id] = static_cast<uint8_t>(loc);
        bool rolled = loc == kLocUnplaced || is_docked(loc);
        if (auto v = sr.find("value")) {
          if (!rolled) bad(*v, "a ship in the stock or the Maintenance Bay has no value");
          s_.value[id] = static_cast<uint8_t>(v->get_int(1, 6));
        } else if (rolled) {
          bad(sr, "a rolled or docked ship needs a value");
        }
      }
    }
  }
}

void Loader::read_relic(const Reader& r) {
  check_keys(r, {"at", "value", "owner"});
  auto owner = r.find("owner");
  if (owner && !owner->is_null()) s_.relic_owner = static_cast<int8_t>(seat(*owner));
  int loc = r.contains("at") ? location(r.at("at"), true) : kLocBurroughs;
  if ((s_.relic_owner < 0) != (loc == kLocBurroughs))
    bad(r, "the Relic Ship has an owner exactly when it is not on " + location_label(g_, kLocBurroughs));
  s_.loc[kRelic] = static_cast<uint8_t>(loc);
  bool rolled = loc == kLocUnplaced || is_docked(loc);
  if (auto v = r.find("value")) {
    if (!rolled) bad(*v, "the Relic Ship has no value where it is");
    s_.value[kRelic] = static_cast<uint8_t>(v->get_int(1, 6));
  } else if (rolled) {
    bad(r, "a rolled or docked Relic Ship needs a value");
  }
}

void Loader::read_territories(const Reader& r) {
  for (const std::string& name : r.keys()) {
    Reader tr = r.at(name);
    int t = choose(Reader(json::Value(name), tr.path()), territory_names(), "territory");
    check_keys(tr, {"colonies", "controller"});
    if (auto c = tr.find("colonies")) {
      if (c->size() != static_cast<size_t>(g_.players()))
        bad(*c, "expected one count per player (" + std::to_string(g_.players()) + ")");
      for (int p = 0; p < g_.players(); ++p)
        s_.colonies[p][t] = static_cast<uint8_t>(c->at(static_cast<size_t>(p)).get_int(0, 12));
    }
  }
}

void Loader::read_turn_state(const Reader& r) {
  check_keys(r, {"cycles", "market_rate", "hub_docked", "overflow", "mine_docked", "asimov_used", "discarded",
                 "relic_locked", "borrowed", "teleported", "teleport_from", "powered", "spent", "last_dock"});
  if (auto x = r.find("cycles")) s_.cycles = static_cast<uint8_t>(x->get_int(0, 24));
  if (auto x = r.find("market_rate")) s_.market_rate = static_cast<uint8_t>(x->get_int(0, 6));
  if (auto x = r.find("hub_docked")) s_.hub_docked = static_cast<uint8_t>(x->get_int(0, 24));
  if (auto x = r.find("overflow")) s_.overflow = static_cast<uint8_t>(x->get_int(0, 24));
  const std::pair<const char*, uint8_t> bits[] = {{"mine_docked", kFlagMineDocked}, {"asimov_used", kFlagAsimovUsed},
                                                  {"discarded", kFlagDiscarded}, {"relic_locked", kFlagRelicLocked}};
  for (const auto& [key, bit] : bits)
    if (auto x = r.find(key))
      if (x->get_bool()) s_.flags |= bit;
  if (auto x = r.find("borrowed"))
    if (!x->is_null()) s_.borrowed = static_cast<int8_t>(territory(*x));
  if (auto x = r.find("teleported")) {
    if (!x->is_null()) {
      s_.teleported = static_cast<uint8_t>(ship(*x));
      auto from = r.find("teleport_from");
      if (!from || from->is_null()) bad(r, "a teleported ship needs 'teleport_from'");
      s_.teleport_from = static_cast<uint8_t>(choose(*from, facility_names(), "facility"));
    }
  }
  if (auto x = r.find("powered")) {
    for (size_t k = 0; k < x->size(); ++k) {
      int d = choose(x->at(k), design_names(), "tech card");
      int inst = held(g_, s_, s_.active, d);
      if (inst < 0) bad(x->at(k), "the active player holds no " + g_.data().tech[d].name);
      s_.powered |= 1u << inst;
    }
  }
  if (auto x = r.find("spent"))
    for (size_t k = 0; k < x->size(); ++k) {
      int sh = ship(x->at(k));
      if (!owns(s_, s_.active, sh) || s_.loc[sh] != kLocArtifact)
        bad(x->at(k), "a spent ship is one of the active player's ships at the " + g_.facility(kArtifact).name);
      s_.spent |= 1u << sh;
    }
  if (auto x = r.find("last_dock")) s_.last_dock = static_cast<uint8_t>(x->get_int(0, 255));
}

void Loader::read_pending(const Reader& root) {
  auto pr = root.find("pending");
  auto need = [&](const char* key) -> Reader {
    if (!pr || !pr->contains(key)) bad(pr ? *pr : root, "decision " + g_.decision_name(s_.decision) + " needs pending." + key);
    return pr->at(key);
  };
  if (pr) check_keys(*pr, {"from_hub", "picked", "last", "card", "facility", "removed", "colony", "taken"});
  s_.pending2 = kNone;
  switch (s_.decision) {
    case DecisionKind::Land: s_.pending = need("from_hub").get_bool() ? 1 : 0; break;
    case DecisionKind::Reroll: {
      Reader picked = need("picked");
      for (size_t k = 0; k < picked.size(); ++k) s_.marks |= 1u << ship(picked.at(k));
      Reader last = need("last");
      if (!last.is_null()) s_.pending2 = static_cast<uint8_t>(ship(last));
      break;
    }
    case DecisionKind::PlasmaMore: {
      int d = choose(need("card"), design_names(), "tech card");
      s_.pending = static_cast<uint8_t>(choose(need("facility"), facility_names(), "facility"));
      s_.marks = static_cast<uint32_t>(d) << 8 | static_cast<uint32_t>(need("removed").get_int(1, 24));
      s_.pending2 = static_cast<uint8_t>(ship(need("last")));
      break;
    }
    case DecisionKind::MoveColonyTo:
    case DecisionKind::SwapSecond: {
      Reader c = need("colony");
      check_keys(c, {"player", "territory"});
      int q = seat(c.at("player")), t = territory(c.at("territory"));
      if (s_.colonies[q][t] == 0) bad(c, "no such colony");
      s_.pending = static_cast<uint8_t>(q * 8 + t);
      break;
    }
    case DecisionKind::RaidTake: {
      s_.pending = static_cast<uint8_t>(need("taken").get_int(0, g_.facility(kRaiders).raid_resources));
      Reader last = need("last");
      s_.pending2 = 0;
      if (!last.is_null()) {
        check_keys(last, {"player", "kind"});
        int kind = choose(last.at("kind"), {"ore", "fuel"}, "resource");
        s_.pending2 = static_cast<uint8_t>(seat(last.at("player")) * 2 + kind + 1);
      }
      break;
    }
    default: break;
  }
}

// Where the ships are must be a position the rules can reach (dock counts, groups, the Relic Ship).
void Loader::check_ships(const Reader& root) {
  for (int ship = 0; ship < kNumShips; ++ship) ++s_.occ[s_.loc[ship]];
  refresh_mine_high(s_);
  for (int p = 0; p < g_.players(); ++p) {
    if (p != s_.active && ships_at(s_, p, kLocUnplaced) > 0)
      bad(root, g_.colour(p) + " has unplaced ships but it is " + g_.colour(s_.active) + "'s turn");
    if (ships_at(s_, p, kLocHub) > g_.facility(kHub).group)
      bad(root, g_.colour(p) + " has more ships on the " + g_.facility(kHub).name + " than its track has docks");
  }
  for (int f : {kSolar, kMine, kTerraform, kArtifact})
    if (s_.occ[first_loc(f)] > g_.usable_docks(f))
      bad(root, "more ships at the " + g_.facility(f).name + " than its " + std::to_string(g_.usable_docks(f)) +
                    " usable docks");
  for (int f : {kConstructor, kMarket, kShipyard, kRaiders}) {
    const FacilityDef& def = g_.facility(f);
    int groups = f == kRaiders ? 1 : g_.usable_docks(f);
    for (int k = 0; k < groups; ++k) {
      int loc = first_loc(f) + k, owner = -2, low = 7, high = 0;
      unsigned values = 0;
      for (int ship = 0; ship < kNumShips; ++ship) {
        if (s_.loc[ship] != loc) continue;
        int o = owner_of(s_, ship);
        if (owner != -2 && o != owner) bad(root, location_label(g_, loc) + " holds ships of two players");
        owner = o;
        int v = s_.value[ship];
        if (def.shape == Shape::Straight && ((values >> v) & 1))
          bad(root, location_label(g_, loc) + " holds two ships of value " + std::to_string(v));
        values |= 1u << v;
        low = std::min(low, v);
        high = std::max(high, v);
      }
      if (s_.occ[loc] > def.group)
        bad(root, location_label(g_, loc) + " holds more than " + std::to_string(def.group) + " ships");
      if (s_.occ[loc] && ((def.shape == Shape::Same && low != high) ||
                          (def.shape == Shape::Straight && high - low >= def.group)))
        bad(root, location_label(g_, loc) + ": the ships' values do not make a " +
                      (def.shape == Shape::Same ? "set of equal values" : "straight"));
    }
  }
  const int burroughs = g_.territory_of(kBonusRelicShip);
  if (s_.relic_owner >= 0 && (s_.controller[burroughs] != s_.relic_owner || isolated(s_, burroughs)))
    bad(root, "the Relic Ship's owner must control " + g_.territory(burroughs).name + " (not isolated)");
  if (s_.teleported != kNone && (!owns(s_, s_.active, s_.teleported) || s_.loc[s_.teleported] != kLocUnplaced))
    bad(root, "the teleported ship must be one of the active player's unplaced ships");
}

void Loader::check_rest(const Reader& root) {
  for (int p = 0; p < g_.players(); ++p) {
    for (int d = 0; d < g_.num_designs(); ++d)
      if (popcount32(s_.tech[p] & g_.design_mask(d)) > 1)
        bad(root, g_.colour(p) + " holds two copies of " + g_.data().tech[d].name);
    int planet = 0;
    for (int t = 0; t < kNumTerritories; ++t) planet += s_.colonies[p][t];
    int hand = g_.colonies_per_player() - planet - (s_.hub[p] > 0 ? 1 : 0);
    if (hand < 0)
      bad(root, g_.colour(p) + " has more than its " + std::to_string(g_.colonies_per_player()) + " colonies");
    Reader players = root.at("players");
    if (auto c = players.at(static_cast<size_t>(p)).find("colonies_in_hand"))
      if (c->get_int() != hand)
        bad(*c, "with " + std::to_string(planet) + " colonies on the planet and " +
                    std::to_string(s_.hub[p] > 0 ? 1 : 0) + " on the Hub, " + g_.colour(p) + " has " +
                    std::to_string(hand) + " in hand");
    s_.supply[p] = static_cast<uint8_t>(hand);
  }
  if (auto ters = root.find("territories"))
    for (const std::string& name : ters->keys())
      if (auto c = ters->at(name).find("controller")) {
        int t = g_.data().find_territory(name);
        int want = c->is_null() ? -1 : seat(*c);
        if (want != s_.controller[t])
          bad(*c, "the colonies give control of " + name + " to " +
                      (s_.controller[t] >= 0 ? g_.colour(s_.controller[t]) : std::string("nobody")));
      }
  if (auto ds = root.find("deck_size"))
    if (ds->get_int() != popcount32(s_.deck))
      bad(*ds, "the cards not placed elsewhere make a deck of " + std::to_string(popcount32(s_.deck)));
}

State Loader::load() {
  Reader root(doc_);
  if (!root.is_object()) bad(root, "expected a JSON object");
  check_keys(root, {"format", "version", "game", "turn", "first", "active", "end", "rng", "script", "decision", "actor",
                    "players", "relic_ship", "territories", "fields", "display", "discard", "deck", "deck_size",
                    "turn_state", "pending"});
  if (auto f = root.find("format"))
    if (f->get_string() != "galaxysim-af-state") bad(*f, "not an Alien Frontiers position (format " + text::quoted(f->get_string()) + ")");
  if (auto v = root.find("version"))
    if (v->get_int() != 1) bad(*v, "unsupported version " + std::to_string(v->get_int()));
  if (auto gb = root.find("game")) {
    check_keys(*gb, {"players", "long_game"});
    if (auto p = gb->find("players"))
      if (p->get_int() != g_.players())
        bad(*p, "position for " + std::to_string(p->get_int()) + " players, game for " + std::to_string(g_.players()));
    if (auto l = gb->find("long_game"))
      if (l->get_bool() != g_.long_game()) bad(*l, "the game's long_game option is " + std::string(g_.long_game() ? "true" : "false"));
  }
  const int players = g_.players();
  s_.players = static_cast<int8_t>(players);
  for (int ship = 0; ship < kNumShips; ++ship) s_.loc[ship] = kLocStock;
  s_.loc[kRelic] = kLocBurroughs;
  s_.relic_owner = -1;
  s_.borrowed = -1;
  s_.teleported = kNone;
  for (int8_t& f : s_.field) f = -1;
  for (int8_t& c : s_.controller) c = -1;
  s_.turn = root.contains("turn") ? static_cast<int16_t>(root.at("turn").get_int(1, g_.data().setup.turn_cap)) : 1;
  s_.first = root.contains("first") ? static_cast<int8_t>(root.at("first").get_int(0, players - 1)) : 0;
  s_.active = root.contains("active") ? static_cast<int8_t>(root.at("active").get_int(0, players - 1)) : s_.first;
  if (auto e = root.find("end")) s_.end = static_cast<uint8_t>(choose(*e, {"running", "last_colony", "turn_cap"}, "end"));
  if (auto r = root.find("rng")) s_.rng = Rng(r->get_uint64());
  if (auto p = root.find("players")) read_players(*p);
  else bad(root, "missing key 'players'");
  if (auto t = root.find("territories")) read_territories(*t);
  for (int t = 0; t < kNumTerritories; ++t) update_control(g_, s_, t);
  if (auto r = root.find("relic_ship")) read_relic(*r);
  if (auto f = root.find("fields")) {
    std::vector<std::string> names;
    for (int k = 0; k < kNumFields; ++k) names.push_back(g_.data().fields[k].name);
    for (const std::string& name : f->keys()) {
      Reader fr = f->at(name);
      int k = choose(Reader(json::Value(name), fr.path()), names, "field generator");
      if (!fr.is_null()) s_.field[k] = static_cast<int8_t>(territory(fr));
    }
  }
  const std::pair<const char*, uint32_t*> zones[] = {{"display", &s_.display}, {"discard", &s_.discard}, {"deck", &s_.deck}};
  for (const auto& [key, zone] : zones)
    if (auto z = root.find(key)) cards(*z, zone);
  resolve_cards();
  if (auto d = root.find("decision")) {
    std::vector<std::string> names;
    for (int k = 0; k < static_cast<int>(DecisionKind::kCount); ++k) names.push_back(g_.decision_name(static_cast<DecisionKind>(k)));
    s_.decision = static_cast<DecisionKind>(choose(*d, names, "decision"));
  } else {
    s_.decision = s_.end != kRunning ? DecisionKind::None : DecisionKind::Main;
  }
  if (auto t = root.find("turn_state")) read_turn_state(*t);
  read_pending(root);
  check_ships(root);
  check_rest(root);
  if ((s_.end != kRunning) != (s_.decision == DecisionKind::None))
    bad(root, "a finished game has decision 'none', a running one any other decision");
  s_.actor = s_.end != kRunning ? -1 : s_.active;
  if (auto a = root.find("actor"))
    if (a->get_int() != s_.actor) bad(*a, "the deciding seat is the active player (" + std::to_string(s_.actor) + ")");
  return s_;
}

}  // namespace

State Game::from_json(const std::string& text) const {
  State s;
  try {
    s = Loader(*this, text).load();
  } catch (const json::Error& e) {
    throw RulesError(std::string("state JSON: ") + e.what());
  }
  int buf[kMaxLegal];
  advance(s, buf);
  return s;
}

}  // namespace gs::af
