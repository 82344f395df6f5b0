// pycore._rftg: the object API of the Race for the Galaxy engine (Game, State,
// bots, card table). The Python module pycore/rftg.py adds the friendly layer.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "game_bindings.h"
#include "py_state.h"
#include "recorder_bindings.h"
#include "replay_bindings.h"
#include "rftg/game.h"
#include "rftg/solo.h"
#include "common/quoted.h"

namespace py = pybind11;
using namespace gs;
using namespace gs::rftg;

namespace {

constexpr const char* kEngineVersion = "0.1.0";

using py_rftg::Module;
using py_rftg::PyState;

const char* good_name(Good g) {
  switch (g) {
    case kNovelty: return "novelty";
    case kRare: return "rare";
    case kGenes: return "genes";
    case kAlien: return "alien";
    case kAnyGood: return "any";
    default: return nullptr;
  }
}

py::list flag_names(uint32_t flags) {
  static const std::pair<uint32_t, const char*> kNames[] = {
      {kFlagStart, "start"}, {kFlagMilitary, "military"}, {kFlagWindfall, "windfall"}, {kFlagRebel, "rebel"},
      {kFlagAlien, "alien"}, {kFlagImperium, "imperium"}, {kFlagUplift, "uplift"}, {kFlagChromo, "chromo"},
      {kFlagTerraforming, "terraforming"}, {kFlagPrestige, "prestige"}, {kFlagStartHand3, "start_hand_3"},
      {kFlagDiscardToTwelve, "hand_limit_12"}, {kFlagGameEndFourteen, "game_end_14"}};
  py::list out;
  for (const auto& [bit, name] : kNames)
    if (flags & bit) out.append(name);
  return out;
}

Level level_of(const std::string& expansion) {
  if (expansion == "base") return kBase;
  if (expansion == "tgs") return kTgs;
  if (expansion == "rvi") return kRvi;
  throw RulesError("unknown expansion " + text::quoted(expansion) + " (expected base, tgs or rvi)");
}

py::list card_table(const CardDb& db, const std::string& expansion, bool all) {
  Level level = level_of(expansion);
  py::list out;
  for (size_t id = 0; id < db.designs.size(); ++id) {
    const Design& d = db.designs[id];
    int copies = d.copies[level];
    if (copies <= 0 && !all) continue;
    py::dict row;
    row["id"] = static_cast<int>(id);
    row["name"] = d.name;
    row["type"] = d.is_world() ? "world" : "development";
    row["cost"] = int(d.cost);
    row["vp"] = int(d.vp);
    const char* good = good_name(d.good);
    row["good"] = good ? py::object(py::str(good)) : py::object(py::none());
    row["military"] = d.has(kFlagMilitary);
    row["windfall"] = d.has(kFlagWindfall);
    row["start"] = d.start_number >= 0 ? py::object(py::int_(int(d.start_number))) : py::object(py::none());
    row["copies"] = copies;
    row["copies_by_level"] = std::vector<int>{d.copies[kBase], d.copies[kTgs], d.copies[kRvi]};
    row["powers"] = static_cast<int>(d.powers.size());
    row["flags"] = flag_names(d.flags);
    out.append(row);
  }
  return out;
}

// The goals of the card data, in file order (a goal's index is its bit in goal masks: the run folder's
// goals columns, State.goals): name, kind, the first level that uses it, VP, tie VP (most goals) and the
// value needed.
py::list goal_table(const CardDb& db) {
  static const char* const kLevels[] = {"base", "tgs", "rvi"};
  py::list out;
  for (size_t i = 0; i < db.goals.size(); ++i) {
    const GoalDesign& gd = db.goals[i];
    py::dict row;
    row["id"] = static_cast<int>(i);
    row["name"] = gd.name;
    row["kind"] = gd.kind == GoalKind::First ? "first" : "most";
    row["level"] = gd.level >= 0 && gd.level < kNumLevels ? kLevels[gd.level] : "?";
    row["vp"] = int(gd.vp);
    row["tie_vp"] = int(gd.tie_vp);
    row["at_least"] = int(gd.at_least);
    out.append(row);
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_rftg, m) {
  m.doc() = "galaxysim: Race for the Galaxy engine (C++) bindings";
  m.attr("ENGINE_VERSION") = kEngineVersion;
  m.def("engine_version", [] { return std::string(kEngineVersion); });
  m.attr("STATE_BYTES") = sizeof(State);

  py::register_exception<RulesError>(m, "RulesError", PyExc_ValueError);
  py::register_exception<CardDataError>(m, "CardDataError", PyExc_ValueError);

  py::class_<CardDb, std::shared_ptr<CardDb>>(m, "CardDb", "Card designs parsed from a data file.")
      .def(py::init([](const std::string& text, const std::string& source) {
             return std::make_shared<CardDb>(parse_card_db(text, source));
           }),
           py::arg("text"), py::arg("source") = "<card data>")
      .def("__len__", [](const CardDb& db) { return db.designs.size(); })
      .def("card_table", &card_table, py::arg("expansion") = "base", py::arg("all") = false,
           "One dict per design present at that level (all=True: every design): id, name, type, cost, vp, good, "
           "military, windfall, start, copies (at that level), copies_by_level, powers (how many), flags.")
      .def("goal_table", &goal_table,
           "One dict per goal of the card data, in file order (the bit of a goal mask): id, name, kind "
           "(first/most), level (the first expansion using it), vp, tie_vp, at_least.");

  py::class_<Game, std::shared_ptr<Game>> game(m, "Game");
  game.def(py::init([](const CardDb& db, int players, const std::string& expansion, bool advanced, bool first_game,
                        int goals, bool takeovers, bool draft, const std::string& solo_difficulty,
                        const std::string& solo_config, int hand_limit, int vp_per_player, int tableau_end,
                        bool narrow_engine, const std::vector<std::string>& reference_readings) {
             GameOptions o;
             o.players = players;
             o.expansion = expansion;
             o.advanced = advanced;
             o.first_game = first_game;
             o.goals = goals;
             o.takeovers = takeovers;
             o.draft = draft;
             o.solo_difficulty = solo_difficulty;
             o.solo_config = solo_config;
             o.hand_limit = hand_limit;
             o.vp_per_player = vp_per_player;
             o.tableau_end = tableau_end;
             o.narrow_engine = narrow_engine;
             for (const std::string& name : reference_readings) {
               uint32_t bit = 0;
               std::string known;
               for (const ReadingName& r : kReferenceReadings) {
                 if (name == r.name) bit = r.bit;
                 known += (known.empty() ? "" : ", ") + std::string(r.name);
               }
               if (!bit) throw RulesError("no reference reading '" + name + "' (known: " + known + ")");
               o.reference_readings |= bit;
             }
             return std::make_shared<Game>(db, o);
           }),
           py::arg("db"), py::arg("players") = 4, py::arg("expansion") = "base", py::arg("advanced") = false,
           py::arg("first_game") = false, py::kw_only(), py::arg("goals") = -1, py::arg("takeovers") = false,
           py::arg("draft") = false, py::arg("solo_difficulty") = "medium", py::arg("solo_config") = "",
           py::arg("hand_limit") = kHandLimit, py::arg("vp_per_player") = 12, py::arg("tableau_end") = 12,
           py::arg("narrow_engine") = true, py::arg("reference_readings") = std::vector<std::string>{})
      .def_property_readonly("narrow_engine", &Game::narrow_engine,
                             "True when random play (play_games, random bots, ISMCTS rollouts) runs on the "
                             "narrow engine: two-word card sets, the same games, faster (README, Speed)")
      .def_property_readonly("reference_readings",
                             [](const Game& g) {
                               std::vector<std::string> out;
                               for (const ReadingName& r : kReferenceReadings)
                                 if (g.options().reference_readings & r.bit) out.push_back(r.name);
                               return out;
                             },
                             "The rules entries where this game plays the reference engine's reading (docs/import.md)")
      .def_property_readonly("hand_limit", &Game::hand_limit)
      .def_property_readonly("vp_per_player", [](const Game& g) { return g.options().vp_per_player; })
      .def_property_readonly("tableau_end", &Game::tableau_end)
      .def("observation_designs", [](const Game& g) { return ObservationEncoder(g).designs(); },
           "Card id of each design slot of the observation tensor, in slot order.")
      .def_property_readonly("first_game", [](const Game& g) { return g.options().first_game; })
      .def_property_readonly("goals", &Game::goals_on)
      .def_property_readonly("takeovers", &Game::takeovers_on)
      .def_property_readonly("draft", [](const Game& g) { return g.options().draft; })
      .def_property_readonly("solo", &Game::solo)
      .def_property_readonly("solo_difficulty", [](const Game& g) { return g.options().solo_difficulty; })
      .def("goal_names", [](const Game& g, const std::string& kind) {
             std::vector<std::string> out;
             int k = kind == "first" ? 0 : kind == "most" ? 1 : -1;
             if (k < 0) throw RulesError("goal kind must be 'first' or 'most', not " + text::quoted(kind));
             for (int i : g.goal_pool(k)) out.push_back(g.db().goals[i].name);
             return out;
           },
           py::arg("kind"), "Names of the goals of that kind this game draws from (empty without goals).")
      .def_property_readonly("expansion", [](const Game& g) { return g.options().expansion; })
      .def_property_readonly("advanced", &Game::advanced)
      .def_property_readonly("num_cards", &Game::num_instances, "Card instances in this game's deck.")
      .def("card_name", [](const Game& g, py::handle card) {
             int i = pybind_support::int_arg<int, RulesError>(card, "card instance");
             if (i < 0 || i >= g.num_instances()) throw RulesError("no card instance " + std::to_string(i));
             return g.name(i);
           },
           py::arg("card"));
  pybind_support::bind_game_methods<Module>(game);
  pybind_support::bind_replay<Module>(game);

  py::class_<PyState> state(m, "State");
  pybind_support::bind_state_methods<Module>(state);
  state.def_property_readonly("round", [](const PyState& st) { return int(st.s.round); })
      .def_property_readonly("vp_pool", [](const PyState& st) { return int(st.s.vp_pool); })
      .def("robot", [](const PyState& st) {
             if (!st.game->solo()) throw RulesError("only the solo game has a robot");
             const RobotState& r = st.s.robot;
             py::dict d;
             d["credits"] = int(r.credits);
             d["economy"] = int(r.economy);
             d["markers_unplaced"] = int(r.markers & 15);
             d["markers_placed"] = int(r.markers >> 4);
             d["robot_eq"] = int(r.robot_eq);
             d["chips"] = int(st.s.chips[1]);
             d["tableau_size"] = robot_tableau_size(st.s);
             d["score"] = robot_score(*st.game, st.s);
             return d;
           },
           "The solo robot: credits, economy, 6-development markers, chips, tableau size and score.")
      .def("goals", [](const PyState& st) {
             py::list out;
             int slot = 0;
             for (unsigned left = st.s.goals; left; left &= left - 1, ++slot) {
               const GoalDesign& d = st.game->db().goals[__builtin_ctz(left)];
               py::dict row;
               row["name"] = d.name;
               row["kind"] = d.kind == GoalKind::First ? "first" : "most";
               py::list seats;
               for (int p = 0; p < st.s.players; ++p)
                 if ((st.s.goal_claims[slot] >> p) & 1) seats.append(p);
               row["seats"] = seats;
               out.append(row);
             }
             return out;
           },
           "The goals in play: name, kind (first/most) and the seats that scored (first) or hold (most) them.")
      .def("score_parts", [](const PyState& st, py::handle seat) {
             auto p = st.game->score_parts(st.s, pybind_support::seat_of<Module>(st, seat));
             py::dict d;
             d["cards"] = p.cards;
             d["chips"] = p.chips;
             d["six_cost"] = p.six_cost;
             d["goals"] = p.goals;
             d["total"] = p.total;
             return d;
           },
           py::arg("seat"));

  py_rftg::bind_bots(m);
  py_rftg::bind_recorder(m);
  py_rftg::bind_script(m, state);
  py_rftg::bind_net(m);
}
