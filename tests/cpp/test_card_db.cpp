// Standalone test of the card data loader (core/rftg/card_db.cpp).
// Usage: test_card_db core/data/rftg_cards.txt
// Build and run:
//   g++ -std=c++17 -O1 -g -fsanitize=address,undefined -Icore tests/cpp/test_card_db.cpp
//       core/rftg/card_db.cpp -o /tmp/t && /tmp/t core/data/rftg_cards.txt
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "rftg/cards.h"

using namespace gs::rftg;

namespace {

int g_passed = 0;
int g_failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    std::cout << "FAIL: " << what << "\n";
  }
}

template <typename A, typename B>
void check_eq(const A& got, const B& want, const std::string& what) {
  bool ok = got == want;
  if (!ok) {
    std::ostringstream m;
    m << what << " (got " << +got << ", want " << +want << ")";
    check(false, m.str());
  } else {
    check(true, what);
  }
}

// ---------------------------------------------------------------------------
// Helpers over the real data.

const Design* by_name(const CardDb& db, const std::string& name) {
  int i = db.find(name);
  return i < 0 ? nullptr : &db.designs[static_cast<size_t>(i)];
}

std::vector<int> all_named(const CardDb& db, const std::string& name) {
  std::vector<int> out;
  for (size_t i = 0; i < db.designs.size(); ++i) {
    if (db.designs[i].name == name) out.push_back(static_cast<int>(i));
  }
  return out;
}

bool has_power(const Design& d, Phase ph, uint32_t code, int value = -100, int times = -100) {
  for (const Power& p : d.powers) {
    if (p.phase == ph && p.code == code && (value == -100 || p.value == value) &&
        (times == -100 || p.times == times))
      return true;
  }
  return false;
}

void check_copies(const CardDb& db, const std::string& name, int b, int t, int r) {
  const Design* d = by_name(db, name);
  check(d != nullptr, name + " exists");
  if (!d) return;
  check(d->copies[kBase] == b && d->copies[kTgs] == t && d->copies[kRvi] == r,
        name + " copies " + std::to_string(b) + "," + std::to_string(t) + "," + std::to_string(r));
}

void test_real_data(const CardDb& db) {
  // Check figures.
  const int want_designs[kNumLevels] = {95, 114, 150};
  const int want_cards[kNumLevels] = {114, 136, 180};
  const int want_starts[kNumLevels] = {5, 9, 12};
  const int want_worlds[kNumLevels] = {64, 78, 100};  // cards, start worlds included
  const int want_devs[kNumLevels] = {50, 58, 80};
  const int want_military[kNumLevels] = {23, 29, 38};
  for (int l = 0; l < kNumLevels; ++l) {
    int designs = 0, cards = 0, starts = 0, worlds = 0, devs = 0, military = 0;
    std::set<int> start_numbers;
    for (const Design& d : db.designs) {
      if (d.copies[l] <= 0) continue;
      ++designs;
      cards += d.copies[l];
      (d.is_world() ? worlds : devs) += d.copies[l];
      if (d.has(kFlagMilitary)) military += d.copies[l];
      if (d.has(kFlagStart)) {
        starts += d.copies[l];
        start_numbers.insert(d.start_number);
      }
    }
    const std::string lv = " at level " + std::to_string(l);
    check_eq(designs, want_designs[l], "designs" + lv);
    check_eq(cards, want_cards[l], "cards" + lv);
    check_eq(starts, want_starts[l], "start worlds" + lv);
    check_eq(static_cast<int>(start_numbers.size()), want_starts[l], "distinct start numbers" + lv);
    check(!start_numbers.empty() && *start_numbers.begin() == 0 &&
              *start_numbers.rbegin() == want_starts[l] - 1,
          "start numbers run 0.." + std::to_string(want_starts[l] - 1) + lv);
    check_eq(worlds, want_worlds[l], "world cards" + lv);
    check_eq(devs, want_devs[l], "development cards" + lv);
    check_eq(military, want_military[l], "military world cards" + lv);
  }
  check_eq(static_cast<int>(db.designs.size()), 151, "designs in file (150 + retired Gambling World)");

  // Every start world carries a number, every other card -1; flags agree.
  bool starts_ok = true;
  for (const Design& d : db.designs) {
    bool start = d.has(kFlagStart);
    if (start != (d.start_number >= 0)) starts_ok = false;
    if (start && (d.has(kFlagStartRed) == d.has(kFlagStartBlue))) starts_ok = false;
    if (start && (d.start_number % 2 == 1) != d.has(kFlagStartRed)) starts_ok = false;  // red odd, blue even
  }
  check(starts_ok, "start numbers and frame colours consistent");

  // --- base game spot checks ---
  check_eq(db.find("Old Earth"), 0, "Old Earth is design 0");
  check_eq(db.find("No Such Card"), -1, "find unknown name gives -1");
  if (const Design* d = by_name(db, "Old Earth")) {
    check(d->is_world() && d->has(kFlagStart) && d->has(kFlagStartBlue), "Old Earth blue start world");
    check_eq(d->start_number, 0, "Old Earth start number");
    check_eq(d->cost, 3, "Old Earth cost");
    check_eq(d->vp, 2, "Old Earth vp");
    check_eq(static_cast<int>(d->good), static_cast<int>(kNoGood), "Old Earth has no good");
    check(has_power(*d, kConsume, code::kTradeAny, 1), "Old Earth trade +1 any");
    check(has_power(*d, kConsume, code::kConsumeAny | code::kGetVp, 1, 2), "Old Earth consume 2 any for 1 VP each");
    check_eq(static_cast<int>(d->powers.size()), 2, "Old Earth power count");
  }
  const char* base_starts[] = {"Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta",
                               "Earth's Lost Colony"};
  for (int i = 0; i < 5; ++i) {
    const Design* d = by_name(db, base_starts[i]);
    check(d && d->start_number == i, std::string(base_starts[i]) + " start number " + std::to_string(i));
  }
  if (const Design* d = by_name(db, "New Sparta")) {
    check(d->has(kFlagMilitary), "New Sparta military");
    check_eq(d->cost, 2, "New Sparta defence");
    check(has_power(*d, kSettle, code::kExtraMilitary, 2), "New Sparta +2 Military");
    check(d->has(kFlagStartRed), "New Sparta red frame");
  }
  if (const Design* d = by_name(db, "Alpha Centauri")) {
    check(d->good == kRare && d->has(kFlagWindfall), "Alpha Centauri windfall rare");
    check(has_power(*d, kSettle, code::kSettleReduce | code::kVsRare, 1), "Alpha Centauri rare reduce");
    check(has_power(*d, kSettle, code::kExtraMilitary | code::kVsRare, 1), "Alpha Centauri rare military");
  }
  if (const Design* d = by_name(db, "Earth's Lost Colony")) {
    check(d->good == kNovelty && !d->has(kFlagWindfall), "Earth's Lost Colony production novelty");
    check(has_power(*d, kProduce, code::kProduce), "Earth's Lost Colony produces");
  }
  check_copies(db, "Contact Specialist", 2, 3, 3);
  check_copies(db, "Research Labs", 2, 2, 3);
  check_copies(db, "Public Works", 2, 2, 2);
  check_copies(db, "Alien Robotic Factory", 1, 1, 1);
  if (const Design* d = by_name(db, "Contact Specialist")) {
    check(has_power(*d, kSettle, code::kExtraMilitary, -1), "Contact Specialist -1 Military");
    check(has_power(*d, kSettle, code::kPayMilitary, 1), "Contact Specialist pay for military, discount 1");
  }
  if (const Design* d = by_name(db, "Colony Ship"))
    check(has_power(*d, kSettle, code::kDiscard | code::kReduceZero), "Colony Ship discard to reduce to zero");
  if (const Design* d = by_name(db, "New Military Tactics"))
    check(has_power(*d, kSettle, code::kDiscard | code::kExtraMilitary, 3), "New Military Tactics +3 temporary");
  if (const Design* d = by_name(db, "Diversified Economy"))
    check(has_power(*d, kConsume, code::kConsumeThreeDiff | code::kGetVp, 3, 1) &&
              has_power(*d, kProduce, code::kDrawDifferent, 1),
          "Diversified Economy powers");
  if (const Design* d = by_name(db, "Deficit Spending"))
    check(has_power(*d, kConsume, code::kDiscardHand | code::kGetVp, 1, 2), "Deficit Spending discard hand");
  if (const Design* d = by_name(db, "Black Market Trading World"))
    check(has_power(*d, kConsume, code::kTradeAction | code::kTradeNoBonus), "Black Market sells without bonus");
  if (const Design* d = by_name(db, "Pilgrimage World"))
    check(has_power(*d, kConsume, code::kConsumeAll | code::kGetVp, 1, 1), "Pilgrimage World consumes all");
  if (const Design* d = by_name(db, "Mining Conglomerate"))
    check(has_power(*d, kProduce, code::kDrawMostRare, 2) && has_power(*d, kConsume, code::kTradeRare, 1),
          "Mining Conglomerate powers");
  if (const Design* d = by_name(db, "Pan-Galactic League"))
    check(has_power(*d, kProduce, code::kDrawWorldGenes, 1), "Pan-Galactic League draws per genes world");
  if (const Design* d = by_name(db, "Rebel Homeworld"))
    check(d->has(kFlagMilitary) && d->has(kFlagRebel) && d->cost == 7 && d->vp == 7, "Rebel Homeworld");
  if (const Design* d = by_name(db, "Avian Uplift Race"))
    check(d->has(kFlagUplift) && d->has(kFlagChromo) && d->good == kGenes && d->has(kFlagWindfall),
          "Avian Uplift Race keywords and good");

  // Six-cost developments.
  int six_cost_base = 0;
  for (const Design& d : db.designs) {
    if (d.is_development() && d.cost == 6 && d.copies[kBase] > 0) ++six_cost_base;
  }
  check_eq(six_cost_base, 12, "six-cost developments in the base game");
  if (const Design* d = by_name(db, "Galactic Imperium")) {
    check(d->has(kFlagImperium), "Galactic Imperium keyword");
    check(has_power(*d, kSettle, code::kExtraMilitary | code::kVsRebel, 4), "Galactic Imperium +4 vs Rebel");
    check_eq(static_cast<int>(d->score.size()), 2, "Galactic Imperium has two scoring lines");
    if (d->score.size() == 2) {
      check(d->score[0].points == 2 && d->score[0].kind == ScoreKind::RebelMilitary && d->score[0].design == -1,
            "Galactic Imperium line 1: 2 per Rebel military world");
      check(d->score[1].points == 1 && d->score[1].kind == ScoreKind::Military && d->score[1].design == -1,
            "Galactic Imperium line 2: 1 per other military world");
    }
  }
  if (const Design* d = by_name(db, "Pan-Galactic League")) {
    bool ok = d->score.size() == 4 && d->score[3].kind == ScoreKind::Name && d->score[3].points == 3 &&
              d->score[3].design == db.find("Contact Specialist");
    check(ok, "Pan-Galactic League names Contact Specialist");
  }
  if (const Design* d = by_name(db, "Galactic Renaissance")) {
    bool ok = d->score.size() == 4 && d->score[0].kind == ScoreKind::ThreeVp &&
              d->score[1].design == db.find("Research Labs") &&
              d->score[2].design == db.find("Galactic Trendsetters") &&
              d->score[3].design == db.find("Artist Colony");
    check(ok, "Galactic Renaissance scoring lines");
  }
  if (const Design* d = by_name(db, "New Galactic Order"))
    check(d->score.size() == 1 && d->score[0].kind == ScoreKind::TotalMilitary, "New Galactic Order scoring");

  // Gambling World: two designs that never share a level.
  std::vector<int> gw = all_named(db, "Gambling World");
  check_eq(static_cast<int>(gw.size()), 2, "Gambling World has two designs");
  if (gw.size() == 2) {
    const Design& a = db.designs[static_cast<size_t>(gw[0])];
    const Design& b = db.designs[static_cast<size_t>(gw[1])];
    check(a.copies[0] == 1 && a.copies[1] == 1 && a.copies[2] == 0, "Gambling World (base) copies 1,1,0");
    check(b.copies[0] == 0 && b.copies[1] == 0 && b.copies[2] == 1, "Gambling World (RvI) copies 0,0,1");
    check(has_power(a, kConsume, code::kDrawLucky), "base Gambling World lucky draw");
    check(has_power(b, kConsume, code::kAnteCard), "RvI Gambling World ante");
    check(has_power(a, kConsume, code::kConsumeAny | code::kGetVp, 1, 1) &&
              has_power(b, kConsume, code::kConsumeAny | code::kGetVp, 1, 1),
          "both Gambling Worlds consume for 1 VP");
    check_eq(db.find("Gambling World"), gw[0], "find gives the first Gambling World");
    if (const Design* bankers = by_name(db, "Galactic Bankers")) {
      bool ok = false;
      for (const ScoreLine& s : bankers->score) {
        if (s.kind == ScoreKind::Name && s.design == gw[1]) ok = true;
      }
      check(ok, "Galactic Bankers' Gambling World line resolves to the RvI design");
    }
  }

  // --- The Gathering Storm ---
  const char* tgs_starts[] = {"Separatist Colony", "Ancient Race", "Damaged Alien Factory", "Doomed World"};
  for (int i = 0; i < 4; ++i) {
    const Design* d = by_name(db, tgs_starts[i]);
    check(d && d->start_number == 5 + i && d->copies[kBase] == 0 && d->copies[kTgs] == 1 && d->copies[kRvi] == 1,
          std::string(tgs_starts[i]) + " start " + std::to_string(5 + i) + ", copies 0,1,1");
  }
  if (const Design* d = by_name(db, "Ancient Race"))
    check(d->has(kFlagStartHand3) && d->good == kGenes && d->has(kFlagWindfall), "Ancient Race start hand 3");
  if (const Design* d = by_name(db, "Damaged Alien Factory")) {
    check(d->has(kFlagMilitary) && d->cost == 3 && d->good == kAlien && !d->has(kFlagWindfall),
          "Damaged Alien Factory military production alien, defence 3");
    check(has_power(*d, kProduce, code::kProduceDiscard | code::kProduce), "Damaged Alien Factory discard to produce");
  }
  if (const Design* d = by_name(db, "Doomed World")) {
    check_eq(d->vp, -1, "Doomed World vp");
    check(has_power(*d, kSettle, code::kDiscard | code::kReduceZero), "Doomed World discard to reduce");
  }
  if (const Design* d = by_name(db, "Space Mercenaries"))
    check(has_power(*d, kSettle, code::kMilitaryHand, 2) && d->copies[kTgs] == 2, "Space Mercenaries");
  if (const Design* d = by_name(db, "Improved Logistics"))
    check(has_power(*d, kSettle, code::kPlaceTwo), "Improved Logistics place two");
  if (const Design* d = by_name(db, "Alien Toy Shop"))
    check(has_power(*d, kConsume, code::kConsumeAlien | code::kConsumeThis | code::kGetVp, 2, 1), "Alien Toy Shop");
  if (const Design* d = by_name(db, "Clandestine Uplift Lab"))
    check(has_power(*d, kConsume, code::kTradeGenes | code::kTradeBonusChromo), "Clandestine Uplift Lab trade");
  if (const Design* d = by_name(db, "Imperium Lords"))
    check(has_power(*d, kProduce, code::kDrawMilitary, 1) && d->score.size() == 2 &&
              d->score[0].kind == ScoreKind::ImperiumFlag,
          "Imperium Lords");
  if (const Design* d = by_name(db, "Galactic Genome Project"))
    check(d->score.size() == 3 && d->score[2].design == db.find("Genetics Lab"), "Galactic Genome Project names Genetics Lab");
  if (const Design* d = by_name(db, "Terraforming Guild"))
    check(d->score.size() == 5 && d->score[4].kind == ScoreKind::TerraformingFlag &&
              has_power(*d, kProduce, code::kWindfallAny),
          "Terraforming Guild");

  // --- Rebel vs Imperium ---
  const char* rvi_starts[] = {"Rebel Cantina", "Galactic Developers", "Imperium Warlord"};
  for (int i = 0; i < 3; ++i) {
    const Design* d = by_name(db, rvi_starts[i]);
    check(d && d->start_number == 9 + i && d->copies[kBase] == 0 && d->copies[kTgs] == 0 && d->copies[kRvi] == 1,
          std::string(rvi_starts[i]) + " start " + std::to_string(9 + i) + ", copies 0,0,1");
  }
  if (const Design* d = by_name(db, "Rebel Cantina"))
    check(d->has(kFlagRebel) && !d->has(kFlagMilitary) && has_power(*d, kSettle, code::kPayMilitary, 0) &&
              has_power(*d, kProduce, code::kDrawRebel, 1),
          "Rebel Cantina");
  if (const Design* d = by_name(db, "Rebel Alliance"))
    check(has_power(*d, kSettle, code::kPayMilitary | code::kVsRebel, 2) &&
              has_power(*d, kSettle, code::kTakeoverImperium, 2),
          "Rebel Alliance");
  if (const Design* d = by_name(db, "Imperium Cloaking Technology"))
    check(d->copies[kRvi] == 2 &&
              has_power(*d, kSettle, code::kDiscard | code::kConquerSettle | code::kNoTakeover, 2) &&
              has_power(*d, kSettle, code::kDiscard | code::kTakeoverMilitary),
          "Imperium Cloaking Technology");
  if (const Design* d = by_name(db, "Rebel Pact"))
    check(has_power(*d, kExplore, code::kExploreDiscardAny) && has_power(*d, kSettle, code::kPayDiscount, 2) &&
              has_power(*d, kSettle, code::kTakeoverDefense),
          "Rebel Pact");
  if (const Design* d = by_name(db, "Hidden Fortress"))
    check(d->has(kFlagGameEndFourteen) && d->has(kFlagMilitary) &&
              has_power(*d, kSettle, code::kExtraMilitary | code::kPerMilitary, 1),
          "Hidden Fortress");
  if (const Design* d = by_name(db, "Pan-Galactic Research"))
    check(d->vp == 4 && d->has(kFlagDiscardToTwelve) && has_power(*d, kExplore, code::kExploreKeep, 1) &&
              d->score.empty(),
          "Pan-Galactic Research");
  if (const Design* d = by_name(db, "R&D Crash Program"))
    check(has_power(*d, kDevelop, code::kDevelopDiscardReduce, 3) &&
              has_power(*d, kConsume, code::kDiscardHand | code::kGetCard, 1, 1),
          "R&D Crash Program");
  if (const Design* d = by_name(db, "Galactic Salon"))
    check(has_power(*d, kConsume, code::kConsumeVp, 1), "Galactic Salon gains VP");
  if (const Design* d = by_name(db, "Galactic Advertisers"))
    check(has_power(*d, kConsume, code::kConsumeDraw, 1) && has_power(*d, kConsume, code::kTradeAny, 1),
          "Galactic Advertisers");
  if (const Design* d = by_name(db, "Universal Symbionts"))
    check(has_power(*d, kProduce, code::kWindfallGenes | code::kNotThis), "Universal Symbionts");
  if (const Design* d = by_name(db, "Galactic Exchange"))
    check(has_power(*d, kConsume, code::kConsumeNDiff | code::kGetVp | code::kGetCard, 1, 1) &&
              d->score.size() == 2 && d->score[0].kind == ScoreKind::KindGood &&
              d->score[1].design == db.find("Diversified Economy"),
          "Galactic Exchange");
  if (const Design* d = by_name(db, "Uplift Code"))
    check(has_power(*d, kProduce, code::kDrawChromo, 2) && d->has(kFlagPrestige), "Uplift Code");
  if (const Design* d = by_name(db, "Rebel Stronghold"))
    check(d->has(kFlagMilitary) && d->cost == 9 && d->vp == 9, "Rebel Stronghold defence 9");
  int prestige = 0;
  for (const Design& d : db.designs) prestige += d.has(kFlagPrestige) ? 1 : 0;
  check_eq(prestige, 5, "designs with the prestige keyword");
}

// ---------------------------------------------------------------------------
// Malformed input.

const std::string kGood =
    "# a comment\n"
    "card: Alpha\n"         // 2
    "type: world\n"         // 3
    "cost: 2\n"             // 4
    "vp: 1\n"               // 5
    "good: production rare\n"
    "copies: base 1, tgs 1, rvi 1\n"
    "power: produce produce\n"
    "\n"
    "card: Beta\n"          // 10
    "type: development\n"
    "cost: 6\n"
    "vp: 0\n"
    "copies: base 1, tgs 1, rvi 1\n"
    "score: 2 name Alpha\n" // 15
    "score: 1 devel\n";

// Expects parse_card_db(text) to throw a CardDataError naming `src:line: field:`
// and containing `needle`.
void expect_error(const std::string& text, int line, const std::string& field, const std::string& needle,
                  const std::string& what) {
  const std::string prefix = "t.txt:" + std::to_string(line) + ": " + field + ": ";
  try {
    parse_card_db(text, "t.txt");
    check(false, what + ": no error thrown");
  } catch (const CardDataError& e) {
    std::string msg = e.what();
    bool ok = msg.compare(0, prefix.size(), prefix) == 0 && msg.find(needle) != std::string::npos;
    if (!ok) std::cout << "  message was: " << msg << "\n";
    check(ok, what);
  } catch (const std::exception& e) {
    check(false, what + ": wrong exception type: " + e.what());
  }
}

// The small good text with some lines (1-based) replaced; a replacement may hold
// several lines or be empty (the line is dropped).
std::string with_lines(const std::vector<std::pair<int, std::string>>& repl) {
  std::istringstream in(kGood);
  std::string out, l;
  for (int i = 1; std::getline(in, l); ++i) {
    bool replaced = false;
    for (const auto& r : repl) {
      if (r.first != i) continue;
      replaced = true;
      if (!r.second.empty()) out += r.second + "\n";
    }
    if (!replaced) out += l + "\n";
  }
  return out;
}

std::string with_line(int n, const std::string& replacement) { return with_lines({{n, replacement}}); }

void test_malformed() {
  // The base text itself is fine.
  try {
    CardDb db = parse_card_db(kGood, "t.txt");
    check(db.designs.size() == 2 && db.designs[1].score.size() == 2 && db.designs[1].score[0].design == 0,
          "small valid text parses");
    CardDb crlf = parse_card_db("\xEF\xBB\xBF" + with_line(1, "# bom and crlf\r"), "t.txt");
    check(crlf.designs.size() == 2, "byte-order mark accepted");
  } catch (const std::exception& e) {
    check(false, std::string("small valid text parses: ") + e.what());
  }
  {
    std::string crlf;
    for (char c : kGood) {
      if (c == '\n') crlf += '\r';
      crlf += c;
    }
    try {
      check(parse_card_db(crlf, "t.txt").designs.size() == 2, "CRLF line ends accepted");
    } catch (const std::exception& e) {
      check(false, std::string("CRLF line ends accepted: ") + e.what());
    }
  }

  // Unknown keys and malformed lines.
  expect_error(with_line(4, "cost: 2\ncolour: red"), 5, "colour", "unknown key", "unknown key");
  expect_error(with_line(4, "Cost: 2"), 4, "line", "lowercase key", "upper-case key");
  expect_error(with_line(4, "cost 2"), 4, "line", "key: value", "line without colon");
  expect_error("type: world\ncard: X\n", 1, "type", "before the first", "key before any card");
  expect_error(with_line(5, "vp: 1\nvp: 2"), 6, "vp", "given twice", "repeated key");
  expect_error(with_line(5, "vp:"), 5, "vp", "empty value", "empty value");
  expect_error(with_line(2, "card:"), 2, "card", "empty card name", "empty card name");

  // Unknown tokens.
  expect_error(with_line(3, "type: planet"), 3, "type", "unknown type", "unknown type");
  expect_error(with_line(4, "cost: 2\nflags: rebel spiky"), 5, "flags", "unknown flag 'spiky'", "unknown flag");
  expect_error(with_line(4, "cost: 2\nflags: windfall"), 5, "flags", "good: windfall", "windfall given as a flag");
  expect_error(with_line(4, "cost: 2\nflags: alien alien"), 5, "flags", "twice", "repeated flag");
  expect_error(with_line(8, "power: research draw"), 8, "power", "unknown phase", "unknown phase");
  expect_error(with_line(8, "power: produce teleport"), 8, "power", "unknown produce power token", "unknown power token");
  expect_error(with_line(8, "power: produce produce produce"), 8, "power", "twice", "repeated power token");
  expect_error(with_line(8, "power: produce"), 8, "power", "no power token", "power without tokens");
  expect_error(with_line(8, "power: produce produce speed=2"), 8, "power", "unknown parameter", "unknown parameter");
  expect_error(with_line(6, "good: production spice"), 6, "good", "unknown good kind", "unknown good kind");
  expect_error(with_line(6, "good: rare"), 6, "good", "production <kind>", "good without production/windfall");
  expect_error(with_line(16, "score: 1 spaceships"), 16, "score", "unknown score category", "unknown score kind");
  expect_error(with_line(16, "score: 1 devel extra"), 16, "score", "unexpected text", "text after score kind");
  expect_error(with_line(7, "copies: base 1, expansion 1, rvi 1"), 7, "copies", "unknown level", "unknown level");
  expect_error(with_line(3, "type: world\nstart: 3 green"), 4, "start", "frame colour", "bad start colour");
  expect_error(with_line(3, "type: world\nstart: 3 red") +
                   "card: Gamma\ntype: world\nstart: 3 blue\ncost: 1\nvp: 1\ncopies: base 0, tgs 1, rvi 1\n",
               20, "start", "start number 3 is also used by 'Alpha'", "start number used twice");

  // Powers on the wrong phase.
  expect_error(with_line(8, "power: explore reduce-zero"), 8, "power", "belongs to: settle", "settle token in explore");
  expect_error(with_line(8, "power: settle produce"), 8, "power", "belongs to: produce", "produce token in settle");
  expect_error(with_line(8, "power: develop get-vp value=1"), 8, "power", "belongs to: consume",
               "consume token in develop");

  // Power combinations that make no sense.
  expect_error(with_line(8, "power: consume good-any value=1 times=1"), 8, "power", "needs a reward", "consume without reward");
  expect_error(with_line(8, "power: consume good-any get-vp value=1"), 8, "power", "times=", "consume without times");
  expect_error(with_line(8, "power: settle military vs-rare vs-alien value=1"), 8, "power", "at most one vs-",
               "two vs- restrictions");
  expect_error(with_line(8, "power: produce windfall-genes windfall-rare"), 8, "power", "at most one windfall",
               "two windfall kinds");

  // Bad numbers.
  expect_error(with_line(4, "cost: two"), 4, "cost", "bad number 'two'", "word for a number");
  expect_error(with_line(5, "vp: 1.5"), 5, "vp", "bad number", "fractional vp");
  expect_error(with_line(4, "cost: -1"), 4, "cost", "bad number", "negative cost");
  expect_error(with_line(4, "cost: 300"), 4, "cost", "bad number", "cost out of range");
  expect_error(with_line(8, "power: produce draw value=x"), 8, "power", "bad number 'x'", "bad power value");
  expect_error(with_line(8, "power: produce draw times=-1"), 8, "power", "bad number", "negative times");
  expect_error(with_line(7, "copies: base one, tgs 1, rvi 1"), 7, "copies", "bad number 'one'", "bad copies number");
  expect_error(with_line(16, "score: x devel"), 16, "score", "bad number", "bad score points");
  expect_error(with_line(3, "type: world\nstart: first blue"), 4, "start", "bad number", "bad start number");

  // Missing required fields (reported at the card's line).
  expect_error(with_line(5, ""), 2, "vp", "missing", "missing vp");
  expect_error(with_line(3, ""), 2, "type", "missing", "missing type");
  expect_error(with_line(4, ""), 2, "cost", "missing", "missing cost");
  expect_error(with_line(7, ""), 2, "copies", "missing", "missing copies");
  expect_error(with_line(7, "copies: base 1, tgs 1"), 7, "copies", "missing the count for level rvi", "missing level");

  // Copies.
  expect_error(with_line(7, "copies: base 1, tgs 1, rvi -1"), 7, "copies", "negative total copies", "negative copies");
  expect_error(with_line(7, "copies: base 1, tgs 1, tgs 1"), 7, "copies", "twice", "level given twice");

  // Duplicate names: an error when both are in play at some level; fine otherwise.
  {
    const std::string alpha2 = "card: Alpha\ntype: world\ncost: 1\nvp: 1\n";
    expect_error(kGood + alpha2 + "copies: base 0, tgs 1, rvi 0\n", 17, "card",
                 "duplicate name 'Alpha' (also at line 2)", "duplicate name");
    expect_error(kGood + alpha2 + "copies: base 0, tgs 0, rvi 0\n", 17, "card", "duplicate name",
                 "duplicate name of a design without copies");
    // Alpha at levels 0-1, second Alpha at level 2: allowed. Beta's name line picks
    // the Alpha that is in the deck together with Beta.
    const std::string split_alpha = alpha2 + "copies: base 0, tgs 0, rvi 1\n";
    const std::string alpha_old = "copies: base 1, tgs 1, rvi 0";
    try {
      CardDb db = parse_card_db(with_lines({{7, alpha_old}, {14, "copies: base 0, tgs 0, rvi 1"}}) + split_alpha, "t.txt");
      check(db.designs.size() == 3 && db.designs[1].score[0].design == 2,
            "same name at disjoint levels allowed; name line picks the RvI design");
      db = parse_card_db(with_lines({{7, alpha_old}, {14, "copies: base 0, tgs 1, rvi 0"}}) + split_alpha, "t.txt");
      check(db.designs[1].score[0].design == 0, "name line picks the earlier design when that is in play");
      check_eq(db.find("Alpha"), 0, "find returns the first design of a shared name");
    } catch (const std::exception& e) {
      check(false, std::string("same name at disjoint levels: ") + e.what());
    }
    expect_error(with_line(7, alpha_old) + split_alpha, 15, "score", "more than one",
                 "name line with two same-name designs in play");
    expect_error(with_lines({{7, "copies: base 1, tgs 0, rvi 0"}, {14, "copies: base 0, tgs 0, rvi 1"}}) + alpha2 +
                     "copies: base 0, tgs 1, rvi 0\n",
                 15, "score", "none", "name line with no same-name design in play");
    expect_error(with_line(7, alpha_old) + split_alpha + "override: Alpha\nvp: 3\n", 22, "override",
                 "several designs", "override of a shared name");
  }

  // Name lines.
  expect_error(with_line(15, "score: 2 name Gamma"), 15, "score", "unknown card 'Gamma'", "name line to unknown card");
  expect_error(with_line(15, "score: 2 name"), 15, "score", "needs a card name", "name line without a name");
  expect_error(with_line(15, "score: 2 name alpha"), 15, "score", "unknown card 'alpha'", "names are case-sensitive");

  // Type-specific fields.
  expect_error(with_line(4, "cost: 2\nflags: military"), 4, "cost", "defence", "military world with cost");
  expect_error(with_line(4, "flags: military"), 2, "defence", "missing", "military world without defence");
  expect_error(with_line(4, "defence: 2"), 4, "defence", "only military worlds", "defence on a non-military world");
  expect_error(with_line(12, "cost: 6\ngood: windfall rare"), 13, "good", "only worlds", "good on a development");
  expect_error(with_line(12, "cost: 6\nstart: 3 red"), 13, "start", "only worlds", "start on a development");
  expect_error(with_line(12, "cost: 6\nflags: military"), 13, "flags", "cannot be military", "military development");
  expect_error(with_line(8, "score: 1 world"), 8, "score", "only developments", "score line on a world");

  // Overrides.
  {
    std::string ov = kGood + "override: Alpha\ncost: 4\npower: produce produce\npower: produce draw value=1\n";
    try {
      CardDb db = parse_card_db(ov, "t.txt");
      const Design& a = db.designs[0];
      check(db.designs.size() == 2 && a.cost == 4 && a.vp == 1 && a.powers.size() == 2 && a.good == kRare,
            "override replaces the given fields only");
    } catch (const std::exception& e) {
      check(false, std::string("override: ") + e.what());
    }
    expect_error(kGood + "override: Gamma\ncost: 1\n", 17, "override", "no card named 'Gamma'", "override of unknown card");
    expect_error(kGood + "override: Alpha\ncost: x\n", 18, "cost", "bad number", "bad value in an override");
    expect_error(kGood + "override: Alpha\nflags: military\n", 4, "cost", "not 'cost:'",
                 "override making a world military but keeping its cost");
    try {
      CardDb db = parse_card_db(kGood + "override: Alpha\nflags: military\ndefence: 3\n", "t.txt");
      check(db.designs[0].has(kFlagMilitary) && db.designs[0].cost == 3, "override turns a world military");
    } catch (const std::exception& e) {
      check(false, std::string("override to military: ") + e.what());
    }
  }
}

std::string read_file(const char* path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::string();
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cout << "usage: test_card_db core/data/rftg_cards.txt\n0 passed, 1 failed\n";
    return 2;
  }
  std::string text = read_file(argv[1]);
  check(!text.empty(), std::string("read ") + argv[1]);
  if (!text.empty()) {
    try {
      CardDb db = parse_card_db(text, argv[1]);
      test_real_data(db);
    } catch (const std::exception& e) {
      check(false, std::string("loading the card data: ") + e.what());
    }
  }
  test_malformed();
  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
