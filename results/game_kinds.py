"""What the balance report asks of each game, declared as data.

The common sections (win rate by seat and by bot, score distributions, game length, how games end) work for
every game from the columns every run has. The game-specific questions are of two shapes, declared here per
game so that a new game needs a declaration, not new report code:

- a Grouping: seats grouped by one per-seat column (RftG: the start world; AF: the seat colour), with the win
  rate and mean score of each group;
- a Holding: a per-seat list column of things held at the end (RftG: the cards of the final tableau; AF: tech
  cards held, territories controlled), with the win rate and mean score of the seats holding each thing
  against the seats that do not.

Names of the ids in a Holding's list column come from a table in the run folder (`names_file`, columns
`names_id` and `name`); None means the list column holds names itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Grouping:
    column: str  # seats column (values are the group labels)
    label: str  # "start world"
    title: str
    intro: str
    anchor: str


@dataclass(frozen=True)
class Holding:
    column: str  # seats list column
    item: str  # "card"
    held: str  # "in the final tableau"
    title: str
    intro: str
    anchor: str
    names_file: str | None = "cards.parquet"
    names_id: str = "card_id"


@dataclass(frozen=True)
class GameKind:
    game: str
    title: str
    groupings: tuple[Grouping, ...] = ()
    holdings: tuple[Holding, ...] = ()
    score_parts: tuple[tuple[str, str], ...] = ()  # (seats column, label)
    end_reasons: dict[str, str] = field(default_factory=dict)  # end_reason value -> what it means


RFTG = GameKind(
    game="rftg",
    title="Race for the Galaxy",
    groupings=(Grouping("start_world", "start world", "Win rate by start world",
                        "Seats grouped by the start world they were dealt.", "start-worlds"),),
    holdings=(Holding("tableau", "card", "in the final tableau", "Cards in the final tableau",
                      "For every card: the share of seats that ended the game with it in their tableau, and the "
                      "win rate and mean score of those seats against all the others. This is an association, "
                      "not an effect: strong players and long games collect more cards; use <code>galaxysim "
                      "compare --variant</code> for what-if questions.", "cards"),),
    score_parts=(("score_cards", "cards (printed VP)"), ("score_chips", "VP chips"),
                 ("score_six_cost", "six-cost bonuses"), ("score_goals", "goals (TGS/RvI)")),
    end_reasons={"tableau_12": "a tableau reached the size that ends the game (12 cards by the printed rules)",
                 "vp_pool": "the VP chips ran out",
                 "round_cap": "the engine's safety cap on rounds (rules A33)"},
)

AF = GameKind(
    game="af",
    title="Alien Frontiers",
    groupings=(Grouping("colour", "seat colour", "Win rate by seat colour",
                        "Seats grouped by their colour (seat 0 red, 1 green, 2 blue, 3 yellow). The first player is "
                        "drawn at random, so a colour is not a place in turn order.", "colours"),),
    holdings=(Holding("tech", "tech card", "held", "Alien tech held at the end",
                      "For every alien tech card: the share of seats holding it when the game ended, and the win rate "
                      "and mean score of those seats against the others (an association, not an effect).", "tech"),
              Holding("territories", "territory", "controlled", "Territories controlled at the end",
                      "For every territory: the share of seats controlling it when the game ended, with their win "
                      "rate and mean score against the others.", "territories", names_file=None)),
    score_parts=(("score_colonies", "colonies on the planet"), ("score_territories", "territories controlled"),
                 ("score_tech", "Alien City and Monument"), ("score_positron", "the Positron Field")),
    end_reasons={"last_colony": "a player landed their last colony (rules 3.4)",
                 "turn_cap": "the engine's safety cap on turns (docs/af-rules.md, AF-G12)"},
)

GAME_KINDS: dict[str, GameKind] = {"rftg": RFTG, "af": AF}


def game_kind(game: str) -> GameKind:
    """The declaration for `game`; a game without one gets only the common sections."""
    return GAME_KINDS.get(game) or GameKind(game=game, title=game)
