// Scripted randomness (script.h): where a scripted State keeps its script, and the
// scripted draw. The State has no room of its own for it: a scripted State has
// nstack = -1 (there is no known deck top then) and its 10 stack bytes hold the
// Script's address (8 bytes) and the number of scripted draws taken so far (2 bytes).
#include <algorithm>
#include <cstring>
#include <string>

#include "rftg/play.h"
#include "rftg/script.h"

namespace gs::rftg {

static_assert(kStackSize >= sizeof(const Script*) + sizeof(uint16_t), "the stack bytes hold a script's place");

const Script* script_of(const State& s) {
  if (!scripted(s)) return nullptr;
  const Script* p;
  std::memcpy(&p, s.stack, sizeof p);
  return p;
}

int script_position(const State& s) {
  uint16_t at;
  std::memcpy(&at, s.stack + sizeof(const Script*), sizeof at);
  return at;
}

static void set_position(State& s, int at) {
  uint16_t v = static_cast<uint16_t>(at);
  std::memcpy(s.stack + sizeof(const Script*), &v, sizeof v);
}

void attach_script(State& s, const Script* script, int position) {
  for (uint8_t& c : s.stack) c = 0;
  if (script == nullptr) {
    s.nstack = 0;
    return;
  }
  if (position < 0 || position > static_cast<int>(script->draws.size()) || script->draws.size() > 0xffff)
    throw ScriptError("a script of at most 65535 draws, attached at one of them");
  std::memcpy(s.stack, &script, sizeof script);
  set_position(s, position);
  s.nstack = -1;
}

int scripted_draw(State& s, const CardSet& deck, int seat, int good_world) {
  const Script& sc = *script_of(s);
  const int at = script_position(s);
  if (at >= static_cast<int>(sc.draws.size()))
    throw ScriptError("the script has no draw left: the engine draws a card" +
                      (seat >= 0 ? " for seat " + std::to_string(seat) : std::string()) + " after " +
                      std::to_string(at) + " scripted draws");
  const ScriptedDraw& d = sc.draws[at];
  const int world = good_world >= 0 ? sc.design_of[good_world] : -1;
  const bool seat_ok = d.seat < 0 || seat < 0 || d.seat == seat;
  const bool use_ok = d.good_on == ScriptedDraw::kAnyUse || (d.good_on == ScriptedDraw::kNotAGood ? world < 0 : world == d.good_on);
  if (!seat_ok || !use_ok)
    throw ScriptError(sc.describe(at) + ": the engine draws " +
                      (world >= 0 ? "a good for " + sc.names[world] : std::string("a card")) +
                      (seat >= 0 ? " for seat " + std::to_string(seat) : std::string()));
  for (uint8_t c : sc.instances[d.design]) {
    if (deck.test(c)) {
      set_position(s, at + 1);
      return c;
    }
  }
  throw ScriptError(sc.describe(at) + ": no " + sc.names[d.design] + " is left in the deck");
}

// The last good the script put on a world of this design, for this seat first (a world taken
// over keeps its good: then the good was drawn for its former owner).
int scripted_good(const Game& g, const State& s, int seat, int world, const CardSet& goods) {
  const Script& sc = *script_of(s);
  const int design = g.card(world).design;
  for (bool any_seat : {false, true}) {
    for (int k = script_position(s) - 1; k >= 0; --k) {
      const ScriptedDraw& d = sc.draws[k];
      if (d.good_on != design || (!any_seat && d.seat >= 0 && d.seat != seat)) continue;
      for (uint8_t c : sc.instances[d.design])
        if (goods.test(c)) return c;
      break;
    }
  }
  return -1;
}

int scripted_good_world(const Game& g, const State& s, int seat, const CardSet& worlds) {
  const Script& sc = *script_of(s);
  const int at = script_position(s);
  if (at < static_cast<int>(sc.draws.size())) {
    const ScriptedDraw& d = sc.draws[at];
    if (d.good_on >= 0 && (d.seat < 0 || d.seat == seat)) {
      int w = (g.copies(d.good_on) & worlds).first();
      if (w >= 0) return w;
    }
  }
  return worlds.first();
}

bool scripted_hand_draw_next(const State& s, int seat) {
  const Script& sc = *script_of(s);
  const int at = script_position(s);
  if (at >= static_cast<int>(sc.draws.size())) return false;
  const ScriptedDraw& d = sc.draws[at];
  return d.good_on == ScriptedDraw::kNotAGood && d.seat == seat;
}

int deal_start_world(const Game& g, State& s, const CardSet& pile, int seat) {
  const Script* script = script_of(s);
  if (script == nullptr || script->start_worlds.empty())
    return pile.nth(static_cast<int>(s.rng.below(static_cast<uint32_t>(pile.count()))));
  for (int design : script->start_worlds[seat]) {
    int w = (g.copies(design) & pile).first();
    if (w >= 0) return w;
  }
  std::string dealt;
  pile.for_each([&](int w) { dealt += (dealt.empty() ? "" : ", ") + g.name(w); });
  throw ScriptError("the script deals seat " + std::to_string(seat) + " no start world of those left to deal (" +
                    dealt + ")");
}

void Game::bind_script(Script& script) const {
  if (solo()) throw ScriptError("the solo game cannot follow a script (its robot's dice are not scripted)");
  const int designs = static_cast<int>(db_.designs.size());
  script.players = players();
  script.names.clear();
  script.instances.assign(designs, {});
  script.design_of.assign(n_, -1);
  for (int d = 0; d < designs; ++d) {
    script.names.push_back(db_.designs[d].name);
    copies(d).for_each([&](int c) { script.instances[d].push_back(static_cast<uint8_t>(c)); });
  }
  for (int c = 0; c < n_; ++c) script.design_of[c] = info_[c].design;
  auto in_game = [&](int design, const std::string& what) {
    if (design < 0 || design >= designs) throw ScriptError(what + ": no card design " + std::to_string(design));
    if (copies(design).empty())
      throw ScriptError(what + ": " + db_.designs[design].name + " is not a card of this game (" +
                        options_.expansion + ")");
  };
  if (!script.start_worlds.empty()) {
    if (static_cast<int>(script.start_worlds.size()) != players())
      throw ScriptError("the script deals start worlds to " + std::to_string(script.start_worlds.size()) +
                        " seats; the game has " + std::to_string(players()));
    const size_t each = start_choice() ? 2 : 1;
    for (int seat = 0; seat < players(); ++seat) {
      const auto& worlds = script.start_worlds[seat];
      if (worlds.size() != each)
        throw ScriptError("the script deals seat " + std::to_string(seat) + " " + std::to_string(worlds.size()) +
                          " start worlds; this game deals " + std::to_string(each));
      for (int d : worlds) {
        in_game(d, "start world of seat " + std::to_string(seat));
        if (!copies(d).intersects(start_worlds()))
          throw ScriptError("the script deals seat " + std::to_string(seat) + " " + db_.designs[d].name +
                            ", which is not a start world");
      }
    }
  }
  if (script.goals_given) {
    if (!goals_on()) throw ScriptError("the script names goals; this game has none");
    for (int kind = 0; kind < 2; ++kind) {
      int n = 0;
      for (int goal : script.goals) {
        const auto& pool = goal_pool(kind);
        n += std::find(pool.begin(), pool.end(), goal) != pool.end();
      }
      if (n != db_.goal_draw[kind])
        throw ScriptError("the script names " + std::to_string(n) + (kind ? " most" : " first") +
                          " goals of this game; it plays with " + std::to_string(db_.goal_draw[kind]));
    }
  }
  for (size_t k = 0; k < script.draws.size(); ++k) {
    const ScriptedDraw& d = script.draws[k];
    in_game(d.design, "scripted draw " + std::to_string(k + 1));
    if (d.seat >= players()) throw ScriptError("scripted draw " + std::to_string(k + 1) + " is for seat " +
                                               std::to_string(d.seat) + "; the game has " + std::to_string(players()));
    if (d.good_on >= 0) in_game(d.good_on, "scripted draw " + std::to_string(k + 1) + "'s world");
  }
  if (script.draws.size() > 0xffff) throw ScriptError("a script holds at most 65535 draws");
}

const Script* Game::script(const State& s) const { return script_of(s); }
int Game::script_position(const State& s) const { return scripted(s) ? rftg::script_position(s) : 0; }

void Game::follow_script(State& s, const Script* script, int position) const {
  if (script && script->players != players()) throw ScriptError("the script is not bound to this game (Game::bind_script)");
  attach_script(s, script, position);
}

}  // namespace gs::rftg
