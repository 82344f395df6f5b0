// Parser of the solo configuration file (core/data/rftg_solo.txt, docs/solo.md).
#include <string>
#include <vector>

#include "rftg/cards.h"
#include "rftg/solo.h"
#include "common/quoted.h"

namespace gs::rftg {

namespace {

[[noreturn]] void fail(const std::string& source, int line, const std::string& key, const std::string& problem) {
  throw CardDataError(source + ":" + std::to_string(line) + ": " + text::shortened(key) + ": " + problem);
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

int number(const std::string& source, int line, const std::string& key, const std::string& text, int lo, int hi) {
  int v = 0;
  bool ok = !text.empty();
  for (char c : text) {
    if (c < '0' || c > '9' || v > 1000) ok = false;
    else v = v * 10 + (c - '0');
  }
  if (!ok || v < lo || v > hi)
    fail(source, line, key, "bad number " + text::quoted(text) + " (expected " + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  return v;
}

int action_of(const std::string& source, int line, const std::string& key, const std::string& w) {
  static const char* kNames[] = {"explore", nullptr, "develop", nullptr, "settle", nullptr, "trade", "consume2x", "produce"};
  for (int a = 0; a < kNumActionCards; ++a)
    if (kNames[a] && w == kNames[a]) return a;
  fail(source, line, key, "unknown action " + text::quoted(w) + " (expected explore, develop, settle, trade, consume2x or produce)");
}

int face_of(const std::string& source, int line, const std::string& w) {
  if (w == "match") return kFaceMatch;
  if (w == "robot") return kFaceRobot;
  return action_of(source, line, "die", w);
}

// key -> field of RobotRules (plain numbers).
struct NumberKey {
  const char* key;
  int RobotRules::*field;
  int hi;
};
const NumberKey kNumberKeys[] = {
    {"credits", &RobotRules::credits, 9},
    {"economy", &RobotRules::economy, 9},
    {"pile", &RobotRules::pile, 20},
    {"explore-action-draw", &RobotRules::explore_action_draw, 9},
    {"explore-both-draw", &RobotRules::explore_both_draw, 9},
    {"explore-action-credits", &RobotRules::explore_action_credits, 9},
    {"explore-reaction-draw", &RobotRules::explore_reaction_draw, 9},
    {"develop-marker-action", &RobotRules::develop_marker_action, 9},
    {"develop-marker-reaction", &RobotRules::develop_marker_reaction, 9},
    {"develop-action-draw", &RobotRules::develop_action_draw, 9},
    {"develop-reaction-draw", &RobotRules::develop_reaction_draw, 9},
    {"develop-action-six-cost-credit", &RobotRules::develop_action_six_cost_credit, 9},
    {"develop-reaction-credit", &RobotRules::develop_reaction_credit, 9},
    {"settle-action-draw", &RobotRules::settle_action_draw, 9},
    {"settle-reaction-draw", &RobotRules::settle_reaction_draw, 9},
    {"settle-reaction-credit", &RobotRules::settle_reaction_credit, 9},
    {"consume-trade-credits", &RobotRules::consume_trade_credits, 9},
    {"produce-action-economy", &RobotRules::produce_action_economy, 9},
    {"produce-action-credits", &RobotRules::produce_action_credits, 9},
    {"produce-reaction-credits", &RobotRules::produce_reaction_credits, 9},
};

}  // namespace

SoloConfig parse_solo_config(const std::string& text, const std::string& source, const CardDb& db) {
  SoloConfig cfg;
  int dice = 0;
  RobotRules defaults;
  bool in_robot = false;
  int line_no = 0;
  // (start-world number or -1 for the default block, its (line, key, value) lines)
  std::vector<std::pair<int, std::vector<std::pair<int, std::pair<std::string, std::string>>>>> robot_blocks;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    size_t hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos) fail(source, line_no, "line", "expected 'key: value', got " + text::quoted(line));
    std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (value.empty()) fail(source, line_no, key, "empty value");
    if (key == "robot") {
      in_robot = true;
      int robot_number = -1;
      if (value != "default") {
        int d = db.find(value);
        if (d < 0 || db.designs[d].start_number < 0)
          fail(source, line_no, key, text::quoted(value) + " is not a start world");
        robot_number = db.designs[d].start_number;
        if (robot_number >= 16) fail(source, line_no, key, "start-world number too high");
      }
      robot_blocks.push_back({robot_number, {}});
      continue;
    }
    if (in_robot) {
      robot_blocks.back().second.push_back({line_no, {key, value}});
      continue;
    }
    if (key == "vp-pool") cfg.vp_pool = number(source, line_no, key, value, 1, 200);
    else if (key == "credits-max") cfg.credits_max = number(source, line_no, key, value, 1, 15);
    else if (key == "economy-max") cfg.economy_max = number(source, line_no, key, value, 1, 15);
    else if (key == "double-die-right-twin") {
      if (value != "yes" && value != "no") fail(source, line_no, key, "expected yes or no");
      cfg.double_die_right_twin = value == "yes";
    } else if (key == "difficulty") {
      std::vector<std::string> w = words(value);
      int level = w.empty() ? -1 : w[0] == "easy" ? 0 : w[0] == "medium" ? 1 : w[0] == "hard" ? 2 : -1;
      if (level < 0 || w.size() != 3 || w[1].rfind("markers=", 0) != 0 || w[2].rfind("vp=", 0) != 0)
        fail(source, line_no, key, "expected 'easy|medium|hard markers=N vp=N'");
      cfg.markers[level] = number(source, line_no, key, w[1].substr(8), 0, 9);
      cfg.marker_vp[level] = number(source, line_no, key, w[2].substr(3), 0, 99);
    } else if (key == "die") {
      std::vector<std::string> w = words(value);
      if (dice >= 2) fail(source, line_no, key, "only two dice");
      if (w.size() != 6) fail(source, line_no, key, "a die has 6 faces, got " + std::to_string(w.size()));
      for (int f = 0; f < 6; ++f) cfg.die[dice][f] = face_of(source, line_no, w[f]);
      ++dice;
    } else {
      fail(source, line_no, key, "unknown key");
    }
  }
  if (dice != 2) fail(source, line_no, "die", "two 'die:' lines needed");
  // Robot blocks: the default block first, then each start world on top of it.
  auto apply = [&](RobotRules& r, const std::vector<std::pair<int, std::pair<std::string, std::string>>>& lines) {
    for (const auto& [ln, kv] : lines) {
      const std::string& key = kv.first;
      const std::string& value = kv.second;
      bool done = false;
      for (const NumberKey& k : kNumberKeys)
        if (key == k.key) {
          r.*(k.field) = number(source, ln, key, value, 0, k.hi);
          done = true;
        }
      if (done) continue;
      if (key == "robot-eq") {
        r.robot_eq = action_of(source, ln, key, value);
      } else if (key == "settle-flip") {
        if (value == "non-military") r.settle_flip = 0;
        else if (value == "military") r.settle_flip = 1;
        else if (value == "any") r.settle_flip = 2;
        else fail(source, ln, key, "expected non-military, military or any");
      } else if (key == "after-trade" || key == "after-produce") {
        std::vector<std::string> w = words(value);
        if (w.empty() || w.size() > 2 || (w.size() == 2 && w[1] != "once"))
          fail(source, ln, key, "expected '<action>' or '<action> once'");
        int a = action_of(source, ln, key, w[0]);
        bool once = w.size() == 2;
        if (key == "after-trade") { r.after_trade = a; r.after_trade_once = once; }
        else { r.after_produce = a; r.after_produce_once = once; }
      } else if (key == "first-settle-search") {
        r.first_settle_search = true;
        for (const std::string& w : words(value)) {
          size_t eq = w.find('=');
          std::string k = eq == std::string::npos ? w : w.substr(0, eq);
          std::string v = eq == std::string::npos ? "" : w.substr(eq + 1);
          if (k == "vp") r.search_vp = number(source, ln, key, v, 0, 20);
          else if (k == "credits") r.search_credits = number(source, ln, key, v, 0, 9);
          else if (k == "economy") r.search_economy = number(source, ln, key, v, 0, 9);
          else fail(source, ln, key, "expected vp=N credits=N economy=N");
        }
      } else {
        fail(source, ln, key, "unknown robot key");
      }
    }
  };
  for (const auto& b : robot_blocks)
    if (b.first == -1) apply(defaults, b.second);
  for (RobotRules& r : cfg.rules) r = defaults;
  std::vector<bool> seen(16, false);
  for (const auto& b : robot_blocks) {
    if (b.first < 0) continue;
    if (seen[b.first]) fail(source, b.second.empty() ? line_no : b.second.front().first, "robot", "start world given twice");
    seen[b.first] = true;
    apply(cfg.rules[b.first], b.second);
  }
  return cfg;
}

}  // namespace gs::rftg
