// Race for the Galaxy card designs as loaded from core/data/rftg_cards.txt.
// This is the data model only; parsing and validation live in card_db.cpp.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gs::rftg {

enum Level : int8_t { kBase = 0, kTgs = 1, kRvi = 2, kNumLevels = 3 };

enum class CardType : uint8_t { World = 1, Development = 2 };

// Good kinds. Trade value of a kind k (Novelty..Alien) is k + 1.
enum Good : uint8_t { kNoGood = 0, kNovelty = 1, kRare = 2, kGenes = 3, kAlien = 4, kAnyGood = 5 };

// Card flags (keywords and setup markers).
enum CardFlag : uint32_t {
  kFlagStart = 1u << 0,
  kFlagStartRed = 1u << 1,
  kFlagStartBlue = 1u << 2,
  kFlagMilitary = 1u << 3,
  kFlagWindfall = 1u << 4,
  kFlagRebel = 1u << 5,
  kFlagAlien = 1u << 6,
  kFlagImperium = 1u << 7,
  kFlagUplift = 1u << 8,
  kFlagChromo = 1u << 9,
  kFlagTerraforming = 1u << 10,
  kFlagStartHand3 = 1u << 11,     // Ancient Race: start hand 3
  kFlagStartSave = 1u << 12,      // Galactic Scavengers
  kFlagDiscardToTwelve = 1u << 13,
  kFlagGameEndFourteen = 1u << 14,
  kFlagTakeDiscards = 1u << 15,
  kFlagSelectLast = 1u << 16,
  kFlagExtraSurvey = 1u << 17,
  kFlagNoProduce = 1u << 18,
  kFlagDiscardProduce = 1u << 19,
  kFlagPrestige = 1u << 20,       // Prestige keyword on 5 RvI cards; no rule effect at levels 0-2
};

enum Phase : uint8_t { kExplore = 1, kDevelop = 2, kSettle = 3, kConsume = 4, kProduce = 5 };

// Power codes. Each phase has its own bit space; a power is a phase plus an OR of
// that phase's codes (for example Consume: kConsumeAny | kGetVp).
namespace code {
// Phase I
constexpr uint32_t kExploreDraw = 1u << 0;        // draw `value` more cards
constexpr uint32_t kExploreKeep = 1u << 1;        // keep `value` more cards
constexpr uint32_t kExploreDiscardAny = 1u << 2;  // may discard from the whole hand (TGS/RvI)
// Phase II
constexpr uint32_t kDevelopDraw = 1u << 0;        // at start of Develop, draw `value`
constexpr uint32_t kDevelopDrawAfter = 1u << 1;   // after placing a development, draw `value`
constexpr uint32_t kDevelopReduce = 1u << 2;      // development cost -`value`
constexpr uint32_t kDevelopDiscardReduce = 1u << 3;
// Phase III (modifiers combine with the main code)
constexpr uint32_t kExtraMilitary = 1u << 0;
constexpr uint32_t kSettleReduce = 1u << 1;
constexpr uint32_t kReduceZero = 1u << 2;         // with kDiscard: Colony Ship
constexpr uint32_t kDiscard = 1u << 3;            // "may discard this card from the tableau"
constexpr uint32_t kPayMilitary = 1u << 4;        // Contact Specialist: pay for a military world
constexpr uint32_t kSettleDrawAfter = 1u << 5;
constexpr uint32_t kVsNovelty = 1u << 6;          // restricts to worlds of that good kind
constexpr uint32_t kVsRare = 1u << 7;
constexpr uint32_t kVsGenes = 1u << 8;
constexpr uint32_t kVsAlien = 1u << 9;
constexpr uint32_t kVsRebel = 1u << 10;           // military worlds with the Rebel keyword
constexpr uint32_t kPerMilitary = 1u << 11;
constexpr uint32_t kMilitaryHand = 1u << 12;
constexpr uint32_t kPayDiscount = 1u << 13;
constexpr uint32_t kPlaceTwo = 1u << 14;
constexpr uint32_t kConquerSettle = 1u << 15;
constexpr uint32_t kNoTakeover = 1u << 16;
constexpr uint32_t kTakeoverDefense = 1u << 17;
constexpr uint32_t kTakeoverImperium = 1u << 18;
constexpr uint32_t kTakeoverMilitary = 1u << 19;
constexpr uint32_t kTakeoverRebel = 1u << 20;
// Phase IV (trade powers and consume powers)
constexpr uint32_t kTradeAny = 1u << 0;
constexpr uint32_t kTradeNovelty = 1u << 1;
constexpr uint32_t kTradeRare = 1u << 2;
constexpr uint32_t kTradeGenes = 1u << 3;
constexpr uint32_t kTradeThis = 1u << 4;
constexpr uint32_t kTradeBonusChromo = 1u << 5;
constexpr uint32_t kTradeAction = 1u << 6;        // consume power: sell a good
constexpr uint32_t kTradeNoBonus = 1u << 7;       // ... for its base value only
constexpr uint32_t kConsumeAny = 1u << 8;
constexpr uint32_t kConsumeNovelty = 1u << 9;
constexpr uint32_t kConsumeRare = 1u << 10;
constexpr uint32_t kConsumeGenes = 1u << 11;
constexpr uint32_t kConsumeAlien = 1u << 12;
constexpr uint32_t kConsumeTwo = 1u << 13;        // exactly two goods, one reward
constexpr uint32_t kConsumeThreeDiff = 1u << 14;  // exactly three goods of three kinds
constexpr uint32_t kConsumeNDiff = 1u << 15;
constexpr uint32_t kConsumeAll = 1u << 16;
constexpr uint32_t kConsumeThis = 1u << 17;
constexpr uint32_t kGetVp = 1u << 18;
constexpr uint32_t kGetCard = 1u << 19;
constexpr uint32_t kGet2Card = 1u << 20;
constexpr uint32_t kDiscardHand = 1u << 21;       // may discard up to `times` hand cards
constexpr uint32_t kConsumeDraw = 1u << 22;       // draw `value`
constexpr uint32_t kDrawLucky = 1u << 23;         // Gambling World (base)
constexpr uint32_t kAnteCard = 1u << 24;          // Gambling World (RvI)
constexpr uint32_t kNoTrade = 1u << 25;
constexpr uint32_t kConsumeVp = 1u << 26;         // gain `value` VP, no good needed
// Phase V
constexpr uint32_t kProduce = 1u << 0;
constexpr uint32_t kProduceDrawIf = 1u << 1;
constexpr uint32_t kProduceDraw = 1u << 2;
constexpr uint32_t kWindfallAny = 1u << 3;
constexpr uint32_t kWindfallNovelty = 1u << 4;
constexpr uint32_t kWindfallRare = 1u << 5;
constexpr uint32_t kWindfallGenes = 1u << 6;
constexpr uint32_t kWindfallAlien = 1u << 7;
constexpr uint32_t kDrawEachNovelty = 1u << 8;
constexpr uint32_t kDrawEachAlien = 1u << 9;
constexpr uint32_t kDrawDifferent = 1u << 10;
constexpr uint32_t kDrawMostRare = 1u << 11;
constexpr uint32_t kDrawWorldGenes = 1u << 12;
constexpr uint32_t kDrawChromo = 1u << 13;
constexpr uint32_t kDrawMilitary = 1u << 14;
constexpr uint32_t kDrawRebel = 1u << 15;
constexpr uint32_t kProduceDiscard = 1u << 16;
constexpr uint32_t kNotThis = 1u << 17;
}  // namespace code

struct Power {
  Phase phase;
  uint32_t code;
  int8_t value;
  int8_t times;
};

// Six-cost development scoring line categories.
enum class ScoreKind : uint8_t {
  NoveltyProduction, RareProduction, GenesProduction, AlienProduction,
  NoveltyWindfall, RareWindfall, GenesWindfall, AlienWindfall,
  AlienFlag, RebelFlag, ImperiumFlag, ChromoFlag, UpliftFlag, TerraformingFlag,
  Military, RebelMilitary, NegativeMilitary, NonMilitaryWorld,
  DevelExplore, WorldExplore, DevelTrade, WorldTrade, DevelConsume, WorldConsume,
  SixDevel, Devel, World, Name, TotalMilitary, ThreeVp, KindGood,
  NonMilitaryTrade, AlienScience, AlienTechnology, AlienUplift,
};

struct ScoreLine {
  int8_t points;
  ScoreKind kind;
  int16_t design;  // for ScoreKind::Name: the design index, else -1
};

struct Design {
  std::string name;
  CardType type;
  int8_t cost;        // defence for military worlds
  int8_t vp;
  Good good;
  uint32_t flags;
  int8_t start_number;  // printed start-world number, -1 for other cards
  int8_t copies[kNumLevels];  // total copies in a game at each level (already summed)
  std::vector<Power> powers;
  std::vector<ScoreLine> score;
  std::vector<int16_t> first_game_hand;  // start worlds: preset hand of the first game (design ids)

  bool is_world() const { return type == CardType::World; }
  bool is_development() const { return type == CardType::Development; }
  bool has(uint32_t flag) const { return (flags & flag) != 0; }
};

// Goal tiles (TGS/RvI, rules §2). A goal's value for a player is a `measure` of its
// tableau (or chips, goods, end-of-round discard); a first goal is scored by whoever
// first reaches `at_least`, a most goal is held by the strict leader at `at_least` or more.
enum class GoalKind : uint8_t { First, Most };
enum class GoalMeasure : uint8_t {
  VpChips, GoodKinds, AlienCards, RoundDiscard, PowerCategories, QuestionSixDevs, TableauCards, Goods,
  UpliftCards, TotalMilitary, NoveltyRareWorlds, Developments, ProductionWorlds, ExploreCards,
  RebelMilitaryWorlds, kCount
};
constexpr uint8_t kGoalAtRoundEnd = 1u << 6;  // GoalDesign::checked bit besides the phase bits (1 << Phase)

struct GoalDesign {
  std::string name;
  GoalKind kind;
  Level level;          // first level whose game uses it
  GoalMeasure measure;
  int8_t at_least;      // the value needed
  uint8_t checked;      // claimed at the end of these phases (bit 1 << Phase) and/or at the round end
  int8_t vp;            // the tile's VP
  int8_t tie_vp;        // the 3-VP goal chip of a tied player
};

struct CardDb {
  std::vector<Design> designs;
  std::vector<GoalDesign> goals;
  int goal_draw[2] = {4, 2};  // goals drawn for a game: first, most
  int find(const std::string& name) const;  // design index or -1
  int find_goal(const std::string& name) const;  // goal index or -1
};

// Thrown for malformed data: the message names the file, line and field.
struct CardDataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parse and validate the card data text. `source` names the file in messages.
CardDb parse_card_db(const std::string& text, const std::string& source);

}  // namespace gs::rftg
