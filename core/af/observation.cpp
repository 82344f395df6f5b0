// Hidden information. Everything on the table is public in Alien Frontiers (ships,
// resources, colonies, tech cards are face up); hidden are only the order of the
// face-down tech deck and the dice not rolled yet, i.e. the state's RNG. The
// deck is an unordered set drawn at random, so its contents (deducible from the
// face-up cards anyway) are shown only as a size, and a determinization only
// reseeds the RNG: future draws and rolls are dealt afresh.
#include "af/play.h"
#include "af/state_json.h"

namespace gs::af {

std::string Game::observation_json(const State& s, int player) const {
  json::Value v = state_json_detail::position_value(*this, s, false);
  v.set("format", "galaxysim-af-observation");
  v.set("observer", player);
  json::Value scores = json::Value::array();
  for (int p = 0; p < s.players; ++p) scores.push_back(score_parts(s, p).total);
  v.set("scores", std::move(scores));
  return json::dump(v);
}

State Game::determinize(const State& s, int observer, uint64_t seed) const {
  (void)observer;  // nothing else is hidden from anyone
  State d = s;
  d.rng = Rng(splitmix64(seed ^ 0xaf0bd57e11a5u));
  d.script = nullptr;  // the future rolls are unknown, scripted or not
  d.script_dice = d.script_tech = 0;
  return d;
}

}  // namespace gs::af
