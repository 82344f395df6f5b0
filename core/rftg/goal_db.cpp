// Goal tiles in the card data file: "goal:" blocks and the "goal-draw:" line
// (format in docs/card-data.md, "Goals"). Errors read "<source>:<line>: <field>: <problem>".
#include "rftg/goal_db.h"
#include "common/quoted.h"

#include <string>
#include <vector>

namespace gs::rftg {

namespace {

[[noreturn]] void fail(const std::string& source, int line, const std::string& field, const std::string& problem) {
  throw CardDataError(source + ":" + std::to_string(line) + ": " + text::shortened(field) + ": " + problem);
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

int number(const std::string& source, int line, const std::string& field, const std::string& text, int lo, int hi) {
  size_t i = text[0] == '-' ? 1 : 0;
  bool ok = i < text.size();
  long v = 0;
  for (; ok && i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9' || v > 1000) ok = false;
    else v = v * 10 + (text[i] - '0');
  }
  if (text[0] == '-') v = -v;
  if (!ok || v < lo || v > hi)
    fail(source, line, field, "bad number " + text::quoted(text) + " (expected a whole number from " + std::to_string(lo) + " to " +
                                  std::to_string(hi) + ")");
  return static_cast<int>(v);
}

struct Named {
  const char* name;
  int value;
};

const Named kMeasures[] = {
    {"vp-chips", static_cast<int>(GoalMeasure::VpChips)},
    {"good-kinds", static_cast<int>(GoalMeasure::GoodKinds)},
    {"alien-cards", static_cast<int>(GoalMeasure::AlienCards)},
    {"round-end-discard", static_cast<int>(GoalMeasure::RoundDiscard)},
    {"power-categories", static_cast<int>(GoalMeasure::PowerCategories)},
    {"question-six-cost-devels", static_cast<int>(GoalMeasure::QuestionSixDevs)},
    {"tableau-cards", static_cast<int>(GoalMeasure::TableauCards)},
    {"goods", static_cast<int>(GoalMeasure::Goods)},
    {"uplift-cards", static_cast<int>(GoalMeasure::UpliftCards)},
    {"total-military", static_cast<int>(GoalMeasure::TotalMilitary)},
    {"novelty-rare-worlds", static_cast<int>(GoalMeasure::NoveltyRareWorlds)},
    {"devels", static_cast<int>(GoalMeasure::Developments)},
    {"production-worlds", static_cast<int>(GoalMeasure::ProductionWorlds)},
    {"explore-power-cards", static_cast<int>(GoalMeasure::ExploreCards)},
    {"rebel-military-worlds", static_cast<int>(GoalMeasure::RebelMilitaryWorlds)},
};
const Named kChecked[] = {{"explore", 1 << kExplore}, {"develop", 1 << kDevelop}, {"settle", 1 << kSettle},
                          {"consume", 1 << kConsume}, {"produce", 1 << kProduce}, {"round-end", kGoalAtRoundEnd}};
const Named kLevels[] = {{"base", kBase}, {"tgs", kTgs}, {"rvi", kRvi}};
const Named kKinds[] = {{"first", static_cast<int>(GoalKind::First)}, {"most", static_cast<int>(GoalKind::Most)}};

template <size_t N>
int lookup(const Named (&table)[N], const std::string& word, const std::string& source, int line, const std::string& field) {
  std::string list;
  for (const Named& n : table) {
    if (word == n.name) return n.value;
    list += (list.empty() ? "" : ", ") + std::string(n.name);
  }
  fail(source, line, field, "unknown " + field + " " + text::quoted(word) + " (expected " + list + ")");
}

}  // namespace

bool is_goal_key(const std::string& key) {
  return key == "kind" || key == "level" || key == "measure" || key == "at-least" || key == "checked" || key == "vp" ||
         key == "tie-vp";
}

GoalDesign parse_goal_block(const GoalBlock& b, const std::string& source) {
  GoalDesign g{};
  g.name = b.name;
  auto field = [&](const char* key) -> const GoalBlock::Line* {
    for (const GoalBlock::Line& l : b.lines)
      if (l.key == key) return &l;
    return nullptr;
  };
  for (size_t i = 0; i < b.lines.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (b.lines[i].key == b.lines[j].key)
        fail(source, b.lines[i].line, b.lines[i].key, "given twice for goal " + text::quoted(b.name));
  auto need = [&](const char* key) -> const GoalBlock::Line& {
    const GoalBlock::Line* l = field(key);
    if (!l) fail(source, b.line, key, "missing (goal " + text::quoted(b.name) + " needs a '" + key + ":' line)");
    return *l;
  };
  const auto& kind = need("kind");
  g.kind = static_cast<GoalKind>(lookup(kKinds, kind.value, source, kind.line, "kind"));
  const auto& level = need("level");
  g.level = static_cast<Level>(lookup(kLevels, level.value, source, level.line, "level"));
  const auto& measure = need("measure");
  g.measure = static_cast<GoalMeasure>(lookup(kMeasures, measure.value, source, measure.line, "measure"));
  const auto& at_least = need("at-least");
  g.at_least = static_cast<int8_t>(number(source, at_least.line, "at-least", at_least.value, 1, 99));
  const auto& checked = need("checked");
  for (const std::string& w : words(checked.value)) g.checked |= static_cast<uint8_t>(lookup(kChecked, w, source, checked.line, "checked"));
  if (!g.checked) fail(source, checked.line, "checked", "names no phase");
  const auto& vp = need("vp");
  g.vp = static_cast<int8_t>(number(source, vp.line, "vp", vp.value, 0, 99));
  const GoalBlock::Line* tie = field("tie-vp");
  if (g.kind == GoalKind::Most) {
    if (!tie) fail(source, b.line, "tie-vp", "missing (most goal " + text::quoted(b.name) + " needs a 'tie-vp:' line)");
    g.tie_vp = static_cast<int8_t>(number(source, tie->line, "tie-vp", tie->value, 0, 99));
  } else {
    if (tie) fail(source, tie->line, "tie-vp", "only most goals have a tie-vp (tied first goals score their vp)");
    g.tie_vp = g.vp;
  }
  if (g.measure == GoalMeasure::RoundDiscard && g.checked != kGoalAtRoundEnd)
    fail(source, checked.line, "checked", "round-end-discard can only be checked at the round end");
  return g;
}

void parse_goal_draw(const std::string& value, int line, const std::string& source, int* draw) {
  std::vector<std::string> w = words(value);
  if (w.size() != 4 || w[0] != "first" || w[2] != "most")
    fail(source, line, "goal-draw", "expected 'first N, most M', got " + text::quoted(value));
  draw[0] = number(source, line, "goal-draw", w[1], 0, 16);
  draw[1] = number(source, line, "goal-draw", w[3], 0, 16);
}

void check_goals(const CardDb& db, const std::string& source, int last_line) {
  if (db.goals.size() > 16) fail(source, last_line, "goal", "at most 16 goals");
  for (size_t i = 0; i < db.goals.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (db.goals[i].name == db.goals[j].name) fail(source, last_line, "goal", "duplicate goal " + text::quoted(db.goals[i].name));
  for (int level = kTgs; level < kNumLevels; ++level) {
    int have[2] = {0, 0};
    for (const GoalDesign& g : db.goals)
      if (g.level <= level) ++have[static_cast<int>(g.kind)];
    if (db.goals.empty()) continue;
    for (int k = 0; k < 2; ++k)
      if (have[k] < db.goal_draw[k])
        fail(source, last_line, "goal-draw", "draws " + std::to_string(db.goal_draw[k]) + (k ? " most" : " first") +
                                                 " goals but level " + std::to_string(level) + " has only " +
                                                 std::to_string(have[k]));
  }
}

int CardDb::find_goal(const std::string& name) const {
  for (size_t i = 0; i < goals.size(); ++i)
    if (goals[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace gs::rftg
