// Parsing the options of a `net` spec (net_options.h).
#include "bots/net/net_options.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "common/quoted.h"
#include "common/suggest.h"

namespace gs::bots::net {

namespace {

[[noreturn]] void bad(const BotSpec& spec, const std::string& why) {
  throw std::invalid_argument("bot " + text::quoted(spec.text) + ": " + why);
}

double number(const BotSpec& spec, const std::string& key, const std::string& value) {
  char* end = nullptr;
  double v = std::strtod(value.c_str(), &end);
  if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(v))
    bad(spec, key + " must be a number, not " + text::quoted(value));
  return v;
}

const std::vector<std::string> kNames = {"model",   "choose", "temperature", "card_temperature", "stall_temperature",
                                         "dets",    "rollout", "top",         "search",           "leaf",
                                         "leaf_scale", "puct"};

}  // namespace

std::string net_option_help() {
  return "model=PATH (a model file; default: the shipped model for the game), choose=policy|value|hybrid (hybrid: the "
         "action cards by value, the rest by policy; default: the model's), temperature=T (0: best action; > 0: sample; default: the model's, 0 unless its file says), card_temperature=T (the same at the action cards only; default: the model's, else temperature), stall_temperature=T (the same at the action cards of a seat in a stall: no tableau, good or VP changed in its last two rounds; default: the model's, else card_temperature), dets=K (value choice: "
         "determinizations averaged, default 1), rollout=N (value choice: judge each action after at most N "
         "decisions of look-ahead by the action head, to the end of the round; default 0), top=K (value choice: judge only the K legal actions the action head likes best; default 0: all), search=N (RftG: choose the action "
         "cards by ISMCTS with N iterations, every other decision by the net; AF: every decision; 0: no search; default: the model's, 0 unless its file says), leaf=rollout|net|policy (search: judge a leaf by a random "
         "playout, by the value head, or by a playout the action head plays; default: the model's, else rollout), "
         "leaf_scale=K (leaf=net: a leaf judged by logistic(K * (its log-odds - the root's)); 0: its win probability; "
         "default 4), puct=C (search: choose in the tree by PUCT with the action head's probabilities as the prior "
         "and C as its constant; 0: by UCB; default: the model's, 0 unless its file says)";
}

NetOptions net_options(const BotSpec& spec) {
  if (spec.name != "net") bad(spec, "not a net spec");
  NetOptions o;
  for (const auto& [key, value] : spec.options) {
    if (key == "model") {
      if (value.empty()) bad(spec, "model needs a file path");
      o.model = value;
    } else if (key == "choose") {
      if (value == "policy") o.choose = Choose::Policy;
      else if (value == "value") o.choose = Choose::Value;
      else if (value == "hybrid") o.choose = Choose::Hybrid;
      else bad(spec, "choose must be policy, value or hybrid, not " + text::quoted(value));
    } else if (key == "temperature") {
      o.temperature = number(spec, key, value);
      if (o.temperature < 0 || o.temperature > 100) bad(spec, "temperature must be in [0, 100], not " + text::quoted(value));
    } else if (key == "card_temperature") {
      o.card_temperature = number(spec, key, value);
      if (o.card_temperature < 0 || o.card_temperature > 100)
        bad(spec, "card_temperature must be in [0, 100], not " + text::quoted(value));
    } else if (key == "stall_temperature") {
      o.stall_temperature = number(spec, key, value);
      if (o.stall_temperature < 0 || o.stall_temperature > 100)
        bad(spec, "stall_temperature must be in [0, 100], not " + text::quoted(value));
    } else if (key == "dets") {
      double d = number(spec, key, value);
      if (d != std::floor(d) || d < 1 || d > 1000) bad(spec, "dets must be a whole number in 1..1000, not " + text::quoted(value));
      o.dets = static_cast<int>(d);
    } else if (key == "rollout") {
      double d = number(spec, key, value);
      if (d != std::floor(d) || d < 0 || d > 100000)
        bad(spec, "rollout must be a whole number in 0..100000, not " + text::quoted(value));
      o.rollout = static_cast<int>(d);
    } else if (key == "top") {
      double d = number(spec, key, value);
      if (d != std::floor(d) || d < 0 || d > 1000) bad(spec, "top must be a whole number in 0..1000, not " + text::quoted(value));
      o.top = static_cast<int>(d);
    } else if (key == "search") {
      double d = number(spec, key, value);
      if (d != std::floor(d) || d < 0 || d > 10000000)
        bad(spec, "search must be a whole number of iterations in 0..10000000, not " + text::quoted(value));
      o.search = static_cast<int>(d);
    } else if (key == "leaf") {
      if (value == "net") o.leaf = Leaf::Net;
      else if (value == "rollout") o.leaf = Leaf::Rollout;
      else if (value == "policy") o.leaf = Leaf::Policy;
      else bad(spec, "leaf must be rollout, net or policy, not " + text::quoted(value));
    } else if (key == "leaf_scale") {
      o.leaf_scale = number(spec, key, value);
      if (o.leaf_scale < 0 || o.leaf_scale > 100) bad(spec, "leaf_scale must be in [0, 100], not " + text::quoted(value));
    } else if (key == "puct") {
      o.puct = number(spec, key, value);
      if (o.puct < 0 || o.puct > 100) bad(spec, "puct must be in [0, 100], not " + text::quoted(value));
    } else {
      bad(spec, "unknown option " + text::quoted(key) + text::suggest(key, kNames) + " (net options: " + net_option_help() +
                    ")");
    }
  }
  return o;
}

}  // namespace gs::bots::net
