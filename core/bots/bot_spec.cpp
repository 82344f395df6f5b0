// Parsing bot specs and the ISMCTS options (see bot_spec.h and docs/bots.md).
#include "bots/bot_spec.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "common/suggest.h"
#include "common/quoted.h"

namespace gs::bots {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

[[noreturn]] void bad(const BotSpec& spec, const std::string& why) {
  throw std::invalid_argument("bot " + text::quoted(spec.text) + ": " + why);
}

double number(const BotSpec& spec, const std::string& key, const std::string& value) {
  const char* p = value.c_str();
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(p, &end);
  if (value.empty() || end != p + value.size() || errno == ERANGE || !std::isfinite(v))
    bad(spec, key + " must be a number, not " + text::quoted(value));
  return v;
}

long integer(const BotSpec& spec, const std::string& key, const std::string& value, long lo, long hi) {
  double v = number(spec, key, value);
  if (v != std::floor(v)) bad(spec, key + " must be a whole number, not " + text::quoted(value));
  if (v < static_cast<double>(lo) || v > static_cast<double>(hi))
    bad(spec, key + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " + value);
  return static_cast<long>(v);
}

bool boolean(const BotSpec& spec, const std::string& key, const std::string& value) {
  if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
  if (value == "0" || value == "false" || value == "no" || value == "off") return false;
  bad(spec, key + " must be true or false, not " + text::quoted(value));
}

// The option keys ismcts_options reads (for "did you mean" hints; the short aliases are left out).
const std::vector<std::string> kIsmctsOptionNames = {"iterations", "ms", "c", "determinizations", "rollout",
                                                     "epsilon", "depth", "temperature", "margin", "margin_scale",
                                                     "discount", "threads", "seed", "max_nodes", "cheat"};

}  // namespace

BotSpec parse_bot_spec(const std::string& text) {
  BotSpec spec;
  spec.text = trim(text);
  size_t colon = spec.text.find(':');
  spec.name = trim(spec.text.substr(0, colon));
  if (spec.name.empty()) throw std::invalid_argument("empty bot name in " + text::quoted(text));
  if (colon == std::string::npos) return spec;
  std::string rest = spec.text.substr(colon + 1);
  size_t pos = 0;
  while (pos <= rest.size()) {
    size_t comma = rest.find(',', pos);
    std::string item = trim(rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    size_t eq = item.find('=');
    if (item.empty() || eq == std::string::npos || eq == 0)
      bad(spec, "options are key=value separated by commas, got " + text::quoted(item));
    std::string key = trim(item.substr(0, eq)), value = trim(item.substr(eq + 1));
    for (const auto& kv : spec.options)
      if (kv.first == key) bad(spec, "option " + key + " given twice");
    spec.options.emplace_back(key, value);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return spec;
}

std::string ismcts_option_help() {
  return "iterations=N (per decision, default 1000), ms=T (time per decision instead, not deterministic), "
         "c=X (exploration, default 0.7), determinizations=K (0 = a fresh one every iteration), "
         "rollout=random|heuristic, epsilon=P (random moves in heuristic rollouts), depth=D (cut playouts "
         "after D decisions, 0 = play to the end), temperature=T (points, for cut playouts), margin=W (weight "
         "of the score margin in the reward, default 0.1), margin_scale=S (points, default 10), discount=D (a "
         "win is worth (1-D)^rounds, default 0.01; margin=0,discount=0: the win share alone), "
         "threads=N "
         "(root parallelism), seed=N, max_nodes=N, cheat=true (CHEATING: sees hidden information)";
}

IsmctsOptions ismcts_options(const BotSpec& spec) {
  if (spec.name != "ismcts") bad(spec, "not an ismcts spec");
  IsmctsOptions o;
  bool iterations_given = false;
  for (const auto& [key, value] : spec.options) {
    if (key == "iterations" || key == "iters") {
      o.iterations = static_cast<int>(integer(spec, key, value, 1, 100000000));
      iterations_given = true;
    } else if (key == "ms") {
      o.time_ms = number(spec, key, value);
      if (!(o.time_ms > 0 && o.time_ms <= 3600e3)) bad(spec, "ms must be in (0, 3600000], not " + value);
    } else if (key == "c") {
      o.c = number(spec, key, value);
      if (o.c < 0) bad(spec, "c must be >= 0, not " + value);
    } else if (key == "determinizations" || key == "dets") {
      o.determinizations = static_cast<int>(integer(spec, key, value, 0, 100000));
    } else if (key == "rollout") {
      if (value == "random") o.rollout = IsmctsRollout::Random;
      else if (value == "heuristic") o.rollout = IsmctsRollout::Heuristic;
      else bad(spec, "rollout must be random or heuristic, not " + text::quoted(value));
    } else if (key == "epsilon") {
      o.rollout_epsilon = number(spec, key, value);
      if (o.rollout_epsilon < 0 || o.rollout_epsilon > 1) bad(spec, "epsilon must be in [0, 1], not " + value);
    } else if (key == "depth") {
      o.rollout_depth = static_cast<int>(integer(spec, key, value, 0, 1000000));
    } else if (key == "temperature") {
      o.eval_temperature = number(spec, key, value);
      if (!(o.eval_temperature > 0)) bad(spec, "temperature must be > 0, not " + value);
    } else if (key == "margin") {
      o.margin = number(spec, key, value);
      if (o.margin < 0 || o.margin > 1) bad(spec, "margin must be in [0, 1], not " + value);
    } else if (key == "margin_scale") {
      o.margin_scale = number(spec, key, value);
      if (!(o.margin_scale > 0)) bad(spec, "margin_scale must be > 0, not " + value);
    } else if (key == "discount") {
      o.round_discount = number(spec, key, value);
      if (!(o.round_discount >= 0 && o.round_discount < 1)) bad(spec, "discount must be in [0, 1), not " + value);
    } else if (key == "threads") {
      o.threads = static_cast<int>(integer(spec, key, value, 1, 256));
    } else if (key == "seed") {
      o.seed = static_cast<uint64_t>(integer(spec, key, value, 0, (1L << 53)));
    } else if (key == "max_nodes") {
      o.max_nodes = static_cast<int>(integer(spec, key, value, 2, 1 << 30));
    } else if (key == "cheat") {
      o.cheat = boolean(spec, key, value);
    } else {
      bad(spec, "unknown option " + text::quoted(key) + text::suggest(key, kIsmctsOptionNames) +
                    " (ismcts options: " + ismcts_option_help() + ")");
    }
  }
  if (o.time_ms > 0 && iterations_given) bad(spec, "give iterations or ms, not both");
  return o;
}

}  // namespace gs::bots
