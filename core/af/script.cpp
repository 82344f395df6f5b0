// Scripted randomness (script.h): the dice and tech cards a scripted State takes from
// its script, and binding a script to a game.
#include <string>

#include "af/play.h"
#include "af/script.h"

namespace gs::af {

int scripted_die(State& s) {
  const Script& sc = *s.script;
  if (s.script_dice >= sc.dice.size())
    throw ScriptError("the script has no die left: the engine rolls a die after " + std::to_string(s.script_dice) +
                      " scripted dice (turn " + std::to_string(s.turn) + ")");
  return sc.dice[s.script_dice++];
}

int scripted_tech(const Game& g, State& s) {
  const Script& sc = *s.script;
  if (s.script_tech >= sc.tech.size())
    throw ScriptError("the script has no tech card left: the engine draws one after " +
                      std::to_string(s.script_tech) + " scripted tech cards (turn " + std::to_string(s.turn) + ")");
  const int design = sc.tech[s.script_tech];
  const uint32_t in_deck = s.deck & g.design_mask(design);
  if (in_deck == 0)
    throw ScriptError("scripted tech card " + std::to_string(s.script_tech + 1) + " (" + sc.names[design] +
                      "): none is left in the tech deck");
  ++s.script_tech;
  return lowest_bit32(in_deck);
}

void Game::bind_script(Script& script) const {
  script.players = players();
  script.names.clear();
  for (const TechDef& t : data_.tech) script.names.push_back(t.name);
  if (script.first < -1 || script.first >= players())
    throw ScriptError("the script's first player is seat " + std::to_string(script.first) + "; the game has " +
                      std::to_string(players()) + " seats");
  for (size_t k = 0; k < script.dice.size(); ++k)
    if (script.dice[k] < 1 || script.dice[k] > 6)
      throw ScriptError("scripted die " + std::to_string(k + 1) + " shows " + std::to_string(script.dice[k]) +
                        "; a die shows 1 to 6");
  for (size_t k = 0; k < script.tech.size(); ++k)
    if (script.tech[k] < 0 || script.tech[k] >= num_designs() || design_mask(script.tech[k]) == 0)
      throw ScriptError("scripted tech card " + std::to_string(k + 1) + " is not a tech card of this game");
  if (script.dice.size() > 0xffff || script.tech.size() > 0xffff)
    throw ScriptError("a script holds at most 65535 dice and 65535 tech cards");
}

State Game::new_scripted_state(const Script& script, uint64_t seed) const {
  if (script.players != players()) throw ScriptError("the script is not bound to this game (Game::bind_script)");
  return set_up(seed, &script);
}

void Game::follow_script(State& s, const Script* script, int dice, int tech) const {
  if (script && script->players != players()) throw ScriptError("the script is not bound to this game (Game::bind_script)");
  if (script && (dice < 0 || dice > static_cast<int>(script->dice.size()) || tech < 0 ||
                 tech > static_cast<int>(script->tech.size())))
    throw ScriptError("a script is followed from one of its dice and one of its tech cards");
  s.script = script;
  s.script_dice = static_cast<uint16_t>(script ? dice : 0);
  s.script_tech = static_cast<uint16_t>(script ? tech : 0);
}

}  // namespace gs::af
