// Parser and validator for the project's card data format (core/data/rftg_cards.txt).
// The format is described in docs/card-data.md. Every problem is reported as a
// CardDataError with the message "<source>:<line>: <field>: <problem>".
#include "rftg/cards.h"
#include "rftg/goal_db.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "common/text.h"
#include "common/quoted.h"

namespace gs::rftg {

int CardDb::find(const std::string& name) const {
  for (size_t i = 0; i < designs.size(); ++i) {
    if (designs[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

namespace {

// ---------------------------------------------------------------------------
// Token tables. Each table maps a lowercase token one-to-one to a constant.

struct Token {
  const char* name;
  uint32_t bit;
};

const Token kExploreTokens[] = {
    {"draw", code::kExploreDraw},
    {"keep", code::kExploreKeep},
    {"discard-any", code::kExploreDiscardAny},
};

const Token kDevelopTokens[] = {
    {"draw", code::kDevelopDraw},
    {"draw-after", code::kDevelopDrawAfter},
    {"reduce", code::kDevelopReduce},
    {"discard-reduce", code::kDevelopDiscardReduce},
};

const Token kSettleTokens[] = {
    {"military", code::kExtraMilitary},
    {"reduce", code::kSettleReduce},
    {"reduce-zero", code::kReduceZero},
    {"discard", code::kDiscard},
    {"pay-military", code::kPayMilitary},
    {"draw-after", code::kSettleDrawAfter},
    {"vs-novelty", code::kVsNovelty},
    {"vs-rare", code::kVsRare},
    {"vs-genes", code::kVsGenes},
    {"vs-alien", code::kVsAlien},
    {"vs-rebel", code::kVsRebel},
    {"per-military", code::kPerMilitary},
    {"military-from-hand", code::kMilitaryHand},
    {"pay-discount", code::kPayDiscount},
    {"place-two", code::kPlaceTwo},
    {"conquer-settle", code::kConquerSettle},
    {"no-takeover", code::kNoTakeover},
    {"takeover-defence", code::kTakeoverDefense},
    {"takeover-imperium", code::kTakeoverImperium},
    {"takeover-military", code::kTakeoverMilitary},
    {"takeover-rebel", code::kTakeoverRebel},
};

const Token kConsumeTokens[] = {
    {"trade-any", code::kTradeAny},
    {"trade-novelty", code::kTradeNovelty},
    {"trade-rare", code::kTradeRare},
    {"trade-genes", code::kTradeGenes},
    {"trade-this", code::kTradeThis},
    {"trade-per-chromo", code::kTradeBonusChromo},
    {"sell", code::kTradeAction},
    {"sell-plain", code::kTradeNoBonus},
    {"good-any", code::kConsumeAny},
    {"good-novelty", code::kConsumeNovelty},
    {"good-rare", code::kConsumeRare},
    {"good-genes", code::kConsumeGenes},
    {"good-alien", code::kConsumeAlien},
    {"two-goods", code::kConsumeTwo},
    {"three-kinds", code::kConsumeThreeDiff},
    {"distinct-kinds", code::kConsumeNDiff},
    {"all-goods", code::kConsumeAll},
    {"this-good", code::kConsumeThis},
    {"get-vp", code::kGetVp},
    {"get-card", code::kGetCard},
    {"get-2-cards", code::kGet2Card},
    {"discard-hand", code::kDiscardHand},
    {"draw", code::kConsumeDraw},
    {"lucky-draw", code::kDrawLucky},
    {"ante", code::kAnteCard},
    {"no-trade", code::kNoTrade},
    {"gain-vp", code::kConsumeVp},
};

const Token kProduceTokens[] = {
    {"produce", code::kProduce},
    {"draw-if-produced", code::kProduceDrawIf},
    {"draw", code::kProduceDraw},
    {"windfall-any", code::kWindfallAny},
    {"windfall-novelty", code::kWindfallNovelty},
    {"windfall-rare", code::kWindfallRare},
    {"windfall-genes", code::kWindfallGenes},
    {"windfall-alien", code::kWindfallAlien},
    {"draw-per-novelty", code::kDrawEachNovelty},
    {"draw-per-alien", code::kDrawEachAlien},
    {"draw-per-kind", code::kDrawDifferent},
    {"draw-most-rare", code::kDrawMostRare},
    {"draw-per-genes-world", code::kDrawWorldGenes},
    {"draw-per-chromo", code::kDrawChromo},
    {"draw-per-military", code::kDrawMilitary},
    {"draw-per-rebel", code::kDrawRebel},
    {"discard-hand", code::kProduceDiscard},
    {"not-this", code::kNotThis},
};

struct PhaseInfo {
  const char* name;
  Phase phase;
  const Token* tokens;
  size_t count;
};

template <size_t N>
constexpr size_t count_of(const Token (&)[N]) {
  return N;
}

const PhaseInfo kPhases[] = {
    {"explore", kExplore, kExploreTokens, count_of(kExploreTokens)},
    {"develop", kDevelop, kDevelopTokens, count_of(kDevelopTokens)},
    {"settle", kSettle, kSettleTokens, count_of(kSettleTokens)},
    {"consume", kConsume, kConsumeTokens, count_of(kConsumeTokens)},
    {"produce", kProduce, kProduceTokens, count_of(kProduceTokens)},
};

// Keywords and rule markers accepted on the "flags:" line. Start-world and
// windfall bits are not listed: they come from "start:" and "good:".
const Token kFlagTokens[] = {
    {"military", kFlagMilitary},
    {"rebel", kFlagRebel},
    {"alien", kFlagAlien},
    {"imperium", kFlagImperium},
    {"uplift", kFlagUplift},
    {"chromo", kFlagChromo},
    {"terraforming", kFlagTerraforming},
    {"prestige", kFlagPrestige},
    {"start-hand-3", kFlagStartHand3},
    {"start-save", kFlagStartSave},
    {"hand-limit-12", kFlagDiscardToTwelve},
    {"game-end-14", kFlagGameEndFourteen},
    {"take-discards", kFlagTakeDiscards},
    {"select-last", kFlagSelectLast},
    {"extra-survey", kFlagExtraSurvey},
    {"no-produce", kFlagNoProduce},
    {"discard-produce", kFlagDiscardProduce},
};

struct GoodToken {
  const char* name;
  Good good;
};
const GoodToken kGoodTokens[] = {
    {"novelty", kNovelty}, {"rare", kRare}, {"genes", kGenes}, {"alien", kAlien}, {"any", kAnyGood},
};

struct ScoreToken {
  const char* name;
  ScoreKind kind;
};
const ScoreToken kScoreTokens[] = {
    {"novelty-production", ScoreKind::NoveltyProduction},
    {"rare-production", ScoreKind::RareProduction},
    {"genes-production", ScoreKind::GenesProduction},
    {"alien-production", ScoreKind::AlienProduction},
    {"novelty-windfall", ScoreKind::NoveltyWindfall},
    {"rare-windfall", ScoreKind::RareWindfall},
    {"genes-windfall", ScoreKind::GenesWindfall},
    {"alien-windfall", ScoreKind::AlienWindfall},
    {"alien-card", ScoreKind::AlienFlag},
    {"rebel-card", ScoreKind::RebelFlag},
    {"imperium-card", ScoreKind::ImperiumFlag},
    {"chromo-card", ScoreKind::ChromoFlag},
    {"uplift-card", ScoreKind::UpliftFlag},
    {"terraforming-card", ScoreKind::TerraformingFlag},
    {"military-world", ScoreKind::Military},
    {"rebel-military-world", ScoreKind::RebelMilitary},
    {"negative-military", ScoreKind::NegativeMilitary},
    {"non-military-world", ScoreKind::NonMilitaryWorld},
    {"devel-with-explore", ScoreKind::DevelExplore},
    {"world-with-explore", ScoreKind::WorldExplore},
    {"devel-with-trade", ScoreKind::DevelTrade},
    {"world-with-trade", ScoreKind::WorldTrade},
    {"devel-with-consume", ScoreKind::DevelConsume},
    {"world-with-consume", ScoreKind::WorldConsume},
    {"six-cost-devel", ScoreKind::SixDevel},
    {"devel", ScoreKind::Devel},
    {"world", ScoreKind::World},
    {"name", ScoreKind::Name},
    {"total-military", ScoreKind::TotalMilitary},
    {"per-3-vp-chips", ScoreKind::ThreeVp},
    {"good-kinds", ScoreKind::KindGood},
    {"non-military-with-trade", ScoreKind::NonMilitaryTrade},
    {"alien-science", ScoreKind::AlienScience},
    {"alien-technology", ScoreKind::AlienTechnology},
    {"alien-uplift", ScoreKind::AlienUplift},
};

const char* const kLevelNames[kNumLevels] = {"base", "tgs", "rvi"};

// ---------------------------------------------------------------------------
// Small helpers.

[[noreturn]] void fail(const std::string& source, int line, const std::string& field,
                       const std::string& problem) {
  throw CardDataError(source + ":" + std::to_string(line) + ": " + text::shortened(field) + ": " + problem);
}

using text::is_space;
using text::parse_int;
using text::split_words;
using text::trim;

int number(const std::string& source, int line, const std::string& field, const std::string& text,
           int lo, int hi) {
  int v = 0;
  if (!parse_int(text, lo, hi, &v)) {
    fail(source, line, field,
         "bad number " + text::quoted(text) + " (expected a whole number from " + std::to_string(lo) + " to " +
             std::to_string(hi) + ")");
  }
  return v;
}

const PhaseInfo* find_phase(const std::string& name) {
  for (const PhaseInfo& p : kPhases) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

const Token* find_token(const Token* table, size_t n, const std::string& name) {
  for (size_t i = 0; i < n; ++i) {
    if (name == table[i].name) return &table[i];
  }
  return nullptr;
}

// ---------------------------------------------------------------------------
// Raw blocks: the text of each key with its line number, before conversion.

struct Field {
  int line = 0;  // 0 = not given
  std::string value;
  bool given() const { return line != 0; }
};

struct Entry {
  int line;
  std::string text;
};

struct Block {
  bool is_override = false;
  int line = 0;
  std::string name;
  Field type, start, flags, cost, defence, vp, good, copies, first_hand;
  std::vector<Entry> powers;
  std::vector<Entry> scores;
};

bool is_block_key(const std::string& key) {
  return key == "type" || key == "start" || key == "flags" || key == "cost" || key == "defence" ||
         key == "vp" || key == "good" || key == "copies" || key == "power" || key == "score" ||
         key == "first-game-hand";
}

Field* single_field(Block& b, const std::string& key) {
  if (key == "type") return &b.type;
  if (key == "start") return &b.start;
  if (key == "flags") return &b.flags;
  if (key == "cost") return &b.cost;
  if (key == "defence") return &b.defence;
  if (key == "vp") return &b.vp;
  if (key == "good") return &b.good;
  if (key == "copies") return &b.copies;
  if (key == "first-game-hand") return &b.first_hand;
  return nullptr;
}

// Merge an override block into the block it modifies: every key the override
// gives replaces the original; power and score lines replace the whole list.
void apply_override(Block& target, const Block& ov) {
  Field* dst[] = {&target.type, &target.start, &target.flags, &target.cost, &target.defence,
                  &target.vp, &target.good, &target.copies, &target.first_hand};
  const Field* src[] = {&ov.type, &ov.start, &ov.flags, &ov.cost, &ov.defence,
                        &ov.vp, &ov.good, &ov.copies, &ov.first_hand};
  for (size_t i = 0; i < sizeof(dst) / sizeof(dst[0]); ++i) {
    if (src[i]->given()) *dst[i] = *src[i];
  }
  // Switching between cost and defence: the override's choice wins.
  if (ov.cost.given() && !ov.defence.given()) target.defence = Field();
  if (ov.defence.given() && !ov.cost.given()) target.cost = Field();
  if (!ov.powers.empty()) target.powers = ov.powers;
  if (!ov.scores.empty()) target.scores = ov.scores;
}

// ---------------------------------------------------------------------------
// Conversion of one block into a Design.

class Converter {
 public:
  explicit Converter(const std::string& source) : src_(source) {}

  Design convert(const Block& b, std::vector<std::pair<int, std::string>>* name_refs) {
    Design d{};
    d.name = b.name;
    d.start_number = -1;
    d.good = kNoGood;
    d.flags = 0;

    // type
    if (!b.type.given()) missing(b, "type");
    if (b.type.value == "world") {
      d.type = CardType::World;
    } else if (b.type.value == "development") {
      d.type = CardType::Development;
    } else {
      fail(src_, b.type.line, "type",
           "unknown type " + text::quoted(b.type.value) + " (expected world or development)");
    }
    const bool world = d.type == CardType::World;

    // flags
    if (b.flags.given()) {
      for (const std::string& w : split_words(b.flags.value)) {
        const Token* t = find_token(kFlagTokens, count_of(kFlagTokens), w);
        if (!t) {
          std::string hint;
          if (w == "start" || w == "start-red" || w == "start-blue")
            hint = " (start worlds are marked with the 'start:' key)";
          else if (w == "windfall")
            hint = " (write 'good: windfall <kind>' instead)";
          fail(src_, b.flags.line, "flags", "unknown flag " + text::quoted(w) + hint);
        }
        if (d.flags & t->bit) fail(src_, b.flags.line, "flags", "flag " + text::quoted(w) + " given twice");
        d.flags |= t->bit;
      }
    }
    const bool military = (d.flags & kFlagMilitary) != 0;
    if (military && !world) fail(src_, b.flags.line, "flags", "a development cannot be military");

    // cost / defence
    if (military) {
      if (b.cost.given())
        fail(src_, b.cost.line, "cost", "a military world has 'defence:', not 'cost:'");
      if (!b.defence.given())
        fail(src_, b.line, "defence", "missing: military world " + text::quoted(b.name) + " needs a defence");
      d.cost = static_cast<int8_t>(number(src_, b.defence.line, "defence", b.defence.value, 0, 99));
    } else {
      if (b.defence.given())
        fail(src_, b.defence.line, "defence",
             "only military worlds have a defence (add 'military' to flags or use 'cost:')");
      if (!b.cost.given()) missing(b, "cost");
      d.cost = static_cast<int8_t>(number(src_, b.cost.line, "cost", b.cost.value, 0, 99));
    }

    // vp
    if (!b.vp.given()) missing(b, "vp");
    d.vp = static_cast<int8_t>(number(src_, b.vp.line, "vp", b.vp.value, -99, 99));

    // good
    if (b.good.given()) {
      if (!world) fail(src_, b.good.line, "good", "only worlds have a good kind");
      std::vector<std::string> w = split_words(b.good.value);
      if (w.size() != 2 || (w[0] != "production" && w[0] != "windfall"))
        fail(src_, b.good.line, "good",
             "expected 'production <kind>' or 'windfall <kind>', got " + text::quoted(b.good.value));
      bool found = false;
      for (const GoodToken& g : kGoodTokens) {
        if (w[1] == g.name) {
          d.good = g.good;
          found = true;
        }
      }
      if (!found)
        fail(src_, b.good.line, "good",
             "unknown good kind " + text::quoted(w[1]) + " (expected novelty, rare, genes, alien or any)");
      if (w[0] == "windfall") d.flags |= kFlagWindfall;
    }

    // start
    if (b.start.given()) {
      if (!world) fail(src_, b.start.line, "start", "only worlds can be start worlds");
      std::vector<std::string> w = split_words(b.start.value);
      if (w.size() != 2)
        fail(src_, b.start.line, "start",
             "expected '<number> red' or '<number> blue', got " + text::quoted(b.start.value));
      d.start_number = static_cast<int8_t>(number(src_, b.start.line, "start", w[0], 0, 99));
      d.flags |= kFlagStart;
      if (w[1] == "red") {
        d.flags |= kFlagStartRed;
      } else if (w[1] == "blue") {
        d.flags |= kFlagStartBlue;
      } else {
        fail(src_, b.start.line, "start", "unknown frame colour " + text::quoted(w[1]) + " (expected red or blue)");
      }
    }

    // copies
    if (!b.copies.given()) missing(b, "copies");
    parse_copies(b.copies, &d);

    // powers
    for (const Entry& e : b.powers) d.powers.push_back(parse_power(e));

    // score lines
    if (!b.scores.empty() && world)
      fail(src_, b.scores.front().line, "score", "only developments have scoring lines");
    for (const Entry& e : b.scores) {
      ScoreLine s = parse_score(e, name_refs);
      d.score.push_back(s);
    }
    return d;
  }

  // Copies of a raw card block at one level (its copies line must be valid).
  int copies_at(const Block& b, int level) {
    if (!b.copies.given()) missing(b, "copies");
    Design d{};
    parse_copies(b.copies, &d);
    return d.copies[level];
  }

 private:
  [[noreturn]] void missing(const Block& b, const char* field) {
    fail(src_, b.line, field, std::string("missing (card '") + b.name + "' needs a '" + field + ":' line)");
  }

  void parse_copies(const Field& f, Design* d) {
    bool seen[kNumLevels] = {false, false, false};
    size_t pos = 0;
    const std::string& s = f.value;
    while (pos <= s.size()) {
      size_t comma = s.find(',', pos);
      if (comma == std::string::npos) comma = s.size();
      std::vector<std::string> w = split_words(s.substr(pos, comma - pos));
      if (w.size() != 2)
        fail(src_, f.line, "copies", "expected 'base N, tgs N, rvi N', got " + text::quoted(s));
      int level = -1;
      for (int l = 0; l < kNumLevels; ++l) {
        if (w[0] == kLevelNames[l]) level = l;
      }
      if (level < 0)
        fail(src_, f.line, "copies", "unknown level " + text::quoted(w[0]) + " (expected base, tgs or rvi)");
      if (seen[level]) fail(src_, f.line, "copies", "level " + text::quoted(w[0]) + " given twice");
      seen[level] = true;
      int n = 0;
      if (!parse_int(w[1], -99, 99, &n))
        fail(src_, f.line, "copies", "bad number " + text::quoted(w[1]) + " for level " + w[0]);
      if (n < 0)
        fail(src_, f.line, "copies",
             "negative total copies (" + w[1] + ") at level " + w[0] +
                 "; counts here are totals per level, not changes");
      d->copies[level] = static_cast<int8_t>(n);
      pos = comma + 1;
    }
    for (int l = 0; l < kNumLevels; ++l) {
      if (!seen[l]) fail(src_, f.line, "copies", std::string("missing the count for level ") + kLevelNames[l]);
    }
  }

  Power parse_power(const Entry& e) {
    std::vector<std::string> w = split_words(e.text);
    if (w.empty()) fail(src_, e.line, "power", "empty power (expected '<phase> <token> ...')");
    const PhaseInfo* ph = find_phase(w[0]);
    if (!ph)
      fail(src_, e.line, "power",
           "unknown phase " + text::quoted(w[0]) + " (expected explore, develop, settle, consume or produce)");
    Power p{};
    p.phase = ph->phase;
    p.code = 0;
    bool have_value = false, have_times = false;
    int value = 0, times = 0;
    for (size_t i = 1; i < w.size(); ++i) {
      const std::string& t = w[i];
      size_t eq = t.find('=');
      if (eq != std::string::npos) {
        std::string key = t.substr(0, eq), num = t.substr(eq + 1);
        if (key == "value") {
          if (have_value) fail(src_, e.line, "power", "value= given twice");
          value = number(src_, e.line, "power", num, -99, 99);
          have_value = true;
        } else if (key == "times") {
          if (have_times) fail(src_, e.line, "power", "times= given twice");
          times = number(src_, e.line, "power", num, 0, 99);
          have_times = true;
        } else {
          fail(src_, e.line, "power", "unknown parameter " + text::quoted(key) + " (expected value= or times=)");
        }
        continue;
      }
      const Token* tok = find_token(ph->tokens, ph->count, t);
      if (!tok) {
        std::string other;
        for (const PhaseInfo& q : kPhases) {
          if (&q == ph || !find_token(q.tokens, q.count, t)) continue;
          other += std::string(other.empty() ? "" : ", ") + q.name;
        }
        if (!other.empty())
          fail(src_, e.line, "power",
               "token " + text::quoted(t) + " is not valid in the " + ph->name + " phase (it belongs to: " + other + ")");
        fail(src_, e.line, "power", "unknown " + std::string(ph->name) + " power token " + text::quoted(t));
      }
      if (p.code & tok->bit) fail(src_, e.line, "power", "token " + text::quoted(t) + " given twice");
      p.code |= tok->bit;
    }
    if (p.code == 0) fail(src_, e.line, "power", "no power token after the phase");
    p.value = static_cast<int8_t>(value);
    p.times = static_cast<int8_t>(times);
    check_power(e, *ph, p);
    return p;
  }

  static int bits(uint32_t x) {
    int n = 0;
    for (; x; x &= x - 1) ++n;
    return n;
  }

  // Combinations that cannot make sense whatever the rules engine does with them.
  void check_power(const Entry& e, const PhaseInfo& ph, const Power& p) {
    auto bad = [&](const std::string& why) { fail(src_, e.line, "power", why); };
    if (ph.phase == kSettle) {
      const uint32_t vs = code::kVsNovelty | code::kVsRare | code::kVsGenes | code::kVsAlien | code::kVsRebel;
      if (bits(p.code & vs) > 1) bad("at most one vs-* restriction per power");
      if ((p.code & vs) && !(p.code & (code::kExtraMilitary | code::kSettleReduce | code::kPayMilitary)))
        bad("a vs-* restriction needs military, reduce or pay-military");
      if ((p.code & code::kPerMilitary) && !(p.code & code::kExtraMilitary)) bad("per-military needs military");
      if ((p.code & code::kReduceZero) && !(p.code & code::kDiscard)) bad("reduce-zero needs discard");
    } else if (ph.phase == kConsume) {
      const uint32_t kinds = code::kConsumeAny | code::kConsumeNovelty | code::kConsumeRare |
                             code::kConsumeGenes | code::kConsumeAlien;
      const uint32_t takes = kinds | code::kConsumeThreeDiff | code::kConsumeNDiff | code::kConsumeAll;
      const uint32_t reward = code::kGetVp | code::kGetCard | code::kGet2Card;
      if (bits(p.code & kinds) > 1) bad("at most one good-* kind per power");
      if ((p.code & (code::kConsumeTwo | code::kConsumeThis)) && !(p.code & kinds))
        bad("two-goods and this-good need a good-* kind");
      if ((p.code & (takes | code::kDiscardHand)) && !(p.code & reward))
        bad("a power that discards goods or hand cards needs a reward (get-vp, get-card or get-2-cards)");
      if ((p.code & reward) && !(p.code & (takes | code::kDiscardHand)))
        bad("a reward needs something to discard (a good-* kind, three-kinds, distinct-kinds, all-goods "
            "or discard-hand)");
      if ((p.code & (takes | code::kDiscardHand)) && p.times < 1)
        bad("times= must be at least 1 for a power that discards goods or hand cards");
      if ((p.code & code::kTradeNoBonus) && !(p.code & code::kTradeAction)) bad("sell-plain needs sell");
    } else if (ph.phase == kProduce) {
      const uint32_t wf = code::kWindfallAny | code::kWindfallNovelty | code::kWindfallRare |
                          code::kWindfallGenes | code::kWindfallAlien;
      if (bits(p.code & wf) > 1) bad("at most one windfall-* kind per power");
      if ((p.code & code::kNotThis) && !(p.code & wf)) bad("not-this needs a windfall-* kind");
      if ((p.code & code::kProduceDiscard) && !(p.code & code::kProduce)) bad("discard-hand needs produce");
    }
  }

  ScoreLine parse_score(const Entry& e, std::vector<std::pair<int, std::string>>* name_refs) {
    const std::string& s = e.text;
    std::vector<std::string> w = split_words(s);
    if (w.size() < 2) fail(src_, e.line, "score", "expected '<points> <category> [card name]'");
    ScoreLine line{};
    line.points = static_cast<int8_t>(number(src_, e.line, "score", w[0], -99, 99));
    line.design = -1;
    const ScoreToken* kind = nullptr;
    for (const ScoreToken& t : kScoreTokens) {
      if (w[1] == t.name) kind = &t;
    }
    if (!kind) fail(src_, e.line, "score", "unknown score category " + text::quoted(w[1]));
    line.kind = kind->kind;
    if (line.kind == ScoreKind::Name) {
      // The card name is the rest of the text after the category word.
      size_t p = s.find(w[1]) + w[1].size();
      std::string name = trim(s.substr(p));
      if (name.empty()) fail(src_, e.line, "score", "'name' needs a card name after it");
      name_refs->push_back({e.line, name});
    } else if (w.size() > 2) {
      fail(src_, e.line, "score", "unexpected text after category " + text::quoted(w[1]));
    }
    return line;
  }

  const std::string& src_;
};

bool overlaps(const Design& a, const Design& b) {
  for (int l = 0; l < kNumLevels; ++l) {
    if (a.copies[l] > 0 && b.copies[l] > 0) return true;
  }
  return false;
}

bool any_copies(const Design& d) {
  for (int l = 0; l < kNumLevels; ++l) {
    if (d.copies[l] > 0) return true;
  }
  return false;
}

}  // namespace

CardDb parse_card_db(const std::string& text, const std::string& source) {
  // ---- pass 1: split into blocks -------------------------------------------
  std::vector<Block> blocks;
  Block* cur = nullptr;
  std::vector<GoalBlock> goal_blocks;  // std::vector of blocks: `goal` points into it only while appending
  GoalBlock* goal = nullptr;
  int draw_line = 0;
  int goal_draw[2] = {4, 2};
  int line_no = 0;
  size_t pos = 0;
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) pos = 3;  // UTF-8 byte-order mark
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string raw = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    size_t colon = line.find(':');
    std::string key = colon == std::string::npos ? std::string() : trim(line.substr(0, colon));
    bool key_ok = !key.empty();
    for (char c : key) {
      if (!((c >= 'a' && c <= 'z') || c == '-')) key_ok = false;
    }
    if (!key_ok) fail(source, line_no, "line", "expected 'key: value' with a lowercase key, got " + text::quoted(line));
    std::string value = trim(line.substr(colon + 1));

    if (key == "goal-draw") {
      if (draw_line) fail(source, line_no, key, "given twice (first at line " + std::to_string(draw_line) + ")");
      draw_line = line_no;
      parse_goal_draw(value, line_no, source, goal_draw);
      continue;
    }
    if (key == "goal") {
      if (value.empty()) fail(source, line_no, key, "empty goal name");
      goal_blocks.emplace_back();
      goal = &goal_blocks.back();
      goal->line = line_no;
      goal->name = value;
      cur = nullptr;
      continue;
    }
    if (goal && key != "card" && key != "override") {
      if (!is_goal_key(key)) fail(source, line_no, key, "unknown key in goal " + text::quoted(goal->name));
      if (value.empty()) fail(source, line_no, key, "empty value");
      goal->lines.push_back({line_no, key, value});
      continue;
    }
    if (key == "card" || key == "override") {
      if (value.empty()) fail(source, line_no, key, "empty card name");
      goal = nullptr;
      blocks.emplace_back();
      cur = &blocks.back();
      cur->is_override = key == "override";
      cur->line = line_no;
      cur->name = value;
      continue;
    }
    if (!is_block_key(key)) fail(source, line_no, key, "unknown key");
    if (!cur) fail(source, line_no, key, "comes before the first 'card:' line");
    if (value.empty()) fail(source, line_no, key, "empty value");
    if (key == "power") {
      cur->powers.push_back({line_no, value});
    } else if (key == "score") {
      cur->scores.push_back({line_no, value});
    } else {
      Field* f = single_field(*cur, key);
      if (f->given())
        fail(source, line_no, key,
             "given twice for " + text::quoted(cur->name) + " (first at line " + std::to_string(f->line) + ")");
      f->line = line_no;
      f->value = value;
    }
  }

  // ---- pass 2: apply overrides to earlier card blocks ----------------------
  // "override: <name> [<level>]" picks, among designs sharing the name, the one
  // with copies at that level (the copies as they stand before this override).
  std::vector<Block> cards;
  cards.reserve(blocks.size());
  Converter levels(source);
  for (Block& b : blocks) {
    if (!b.is_override) {
      cards.push_back(std::move(b));
      continue;
    }
    std::string name = b.name;
    int level = -1;
    size_t open = name.rfind(" [");
    if (open != std::string::npos && name.back() == ']') {
      std::string lv = name.substr(open + 2, name.size() - open - 3);
      for (int l = 0; l < kNumLevels; ++l)
        if (lv == kLevelNames[l]) level = l;
      if (level < 0) fail(source, b.line, "override", "unknown level " + text::quoted(lv) + " (expected base, tgs or rvi)");
      name = trim(name.substr(0, open));
    }
    Block* target = nullptr;
    for (Block& c : cards) {
      if (c.name != name) continue;
      if (level >= 0 && levels.copies_at(c, level) <= 0) continue;
      if (target)
        fail(source, b.line, "override",
             "the name " + text::quoted(name) + " belongs to several designs; edit the card block itself, or name the "
             "level ('override: " + name + " [base]')");
      target = &c;
    }
    if (!target)
      fail(source, b.line, "override",
           "no card named " + text::quoted(name) + (level >= 0 ? std::string(" with copies at level ") + kLevelNames[level] : "") +
               " earlier in the data");
    apply_override(*target, b);
  }

  // ---- pass 3: convert and validate ----------------------------------------
  CardDb db;
  db.designs.reserve(cards.size());
  Converter conv(source);
  std::vector<std::vector<std::pair<int, std::string>>> refs(cards.size());
  for (size_t i = 0; i < cards.size(); ++i) {
    db.designs.push_back(conv.convert(cards[i], &refs[i]));
    const Design& d = db.designs.back();
    for (size_t j = 0; j < i; ++j) {
      const Design& o = db.designs[j];
      if (d.start_number >= 0 && o.start_number == d.start_number && overlaps(o, d))
        fail(source, cards[i].start.line, "start",
             "start number " + std::to_string(d.start_number) + " is also used by " + text::quoted(o.name) + " (line " +
                 std::to_string(cards[j].line) + ") at the same level");
      if (o.name != d.name) continue;
      if (!any_copies(d) || !any_copies(o) || overlaps(o, d))
        fail(source, cards[i].line, "card",
             "duplicate name " + text::quoted(d.name) + " (also at line " + std::to_string(cards[j].line) +
                 "); two designs may share a name only if no level has copies of both");
    }
  }
  if (db.designs.size() > 32000) fail(source, line_no, "card", "too many designs");
  for (const GoalBlock& b : goal_blocks) db.goals.push_back(parse_goal_block(b, source));
  db.goal_draw[0] = goal_draw[0];
  db.goal_draw[1] = goal_draw[1];
  check_goals(db, source, line_no);

  // ---- pass 4: resolve first-game hands and 'name' scoring lines ------------
  for (size_t i = 0; i < cards.size(); ++i) {
    Design& d = db.designs[i];
    if (cards[i].first_hand.given()) {
      const Field& f = cards[i].first_hand;
      if (d.start_number < 0) fail(source, f.line, "first-game-hand", "only start worlds have a first-game hand");
      std::string rest = f.value;
      while (!rest.empty()) {
        size_t comma = rest.find(',');
        std::string name = rest.substr(0, comma);
        rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
        size_t a = name.find_first_not_of(" \t"), z = name.find_last_not_of(" \t");
        name = a == std::string::npos ? "" : name.substr(a, z - a + 1);
        int found = -1;
        for (size_t j = 0; j < db.designs.size() && found < 0; ++j)
          if (db.designs[j].name == name && overlaps(db.designs[j], d)) found = static_cast<int>(j);
        if (found < 0) fail(source, f.line, "first-game-hand", "unknown card " + text::quoted(name));
        d.first_game_hand.push_back(static_cast<int16_t>(found));
      }
    }
    size_t k = 0;
    for (ScoreLine& s : d.score) {
      if (s.kind != ScoreKind::Name) continue;
      const auto& ref = refs[i][k++];
      std::vector<int> all, in_play;
      for (size_t j = 0; j < db.designs.size(); ++j) {
        if (db.designs[j].name != ref.second) continue;
        all.push_back(static_cast<int>(j));
        if (overlaps(db.designs[j], d)) in_play.push_back(static_cast<int>(j));
      }
      if (all.empty()) fail(source, ref.first, "score", "unknown card " + text::quoted(ref.second));
      int found = all.front();
      if (all.size() > 1) {
        // Several designs share the name (never at the same level): take the one
        // that is in the deck together with this card.
        if (in_play.size() != 1)
          fail(source, ref.first, "score",
               "card name " + text::quoted(ref.second) + " is shared by several designs and " +
                   (in_play.empty() ? "none" : "more than one") + " of them is in play with " + text::quoted(d.name));
        found = in_play.front();
      }
      s.design = static_cast<int16_t>(found);
    }
  }
  return db;
}

}  // namespace gs::rftg
