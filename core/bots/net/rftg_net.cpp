// Race for the Galaxy's shipped model names and configuration text (rftg_net.h).
#include "bots/net/rftg_net.h"

namespace gs::bots::net {

namespace {

struct Flags {
  bool adv, goals, takeovers, draft;
  std::string text() const {
    return std::string(adv ? "-adv" : "") + (goals ? "-goals" : "") + (takeovers ? "-takeovers" : "") +
           (draft ? "-draft" : "");
  }
};

Flags flags_of(const rftg::Game& g) {
  return Flags{g.options().advanced, g.goals_on(), g.takeovers_on(), g.options().draft};
}

}  // namespace

std::string RftgNet::configuration(const Game& g) {
  Flags f = flags_of(g);
  std::string opts = f.text();
  for (char& c : opts)
    if (c == '-') c = ' ';
  return "rftg " + g.options().expansion + opts + ", " + std::to_string(g.players()) + " players";
}

std::vector<std::string> RftgNet::shipped_names(const Game& g) {
  const std::string base = "rftg-" + g.options().expansion, players = "-" + std::to_string(g.players()) + "p";
  Flags f = flags_of(g);
  std::vector<std::string> out;
  auto add = [&](const Flags& x) {
    for (const std::string& name : {base + x.text() + players, base + x.text()}) {
      bool seen = false;
      for (const std::string& o : out) seen = seen || o == name;
      if (!seen) out.push_back(name);
    }
  };
  add(f);
  f.draft = false;
  add(f);
  f.takeovers = false;
  add(f);
  f.goals = false;
  add(f);
  f.adv = false;
  add(f);
  return out;
}

}  // namespace gs::bots::net
