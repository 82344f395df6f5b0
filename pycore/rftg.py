"""Race for the Galaxy: the Python face of the C++ engine.

    from pycore import rftg
    game = rftg.Game(players=4)              # base game; expansion="base", advanced=False
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.scores(), state.winners())
"""
from __future__ import annotations

import functools
from importlib import resources

from . import _rftg

RulesError = _rftg.RulesError
CardDataError = _rftg.CardDataError
State = _rftg.State
Bot = _rftg.Bot
ENGINE_VERSION = _rftg.ENGINE_VERSION
STATE_BYTES = _rftg.STATE_BYTES

EXPANSIONS = ("base", "tgs", "rvi")
CARD_FILE = "rftg_cards.txt"


@functools.lru_cache(maxsize=None)
def card_db() -> _rftg.CardDb:
    """The card designs shipped with galaxysim (parsed once per process)."""
    path = resources.files("pycore") / "data" / CARD_FILE
    return _rftg.CardDb(path.read_text(encoding="utf-8"), f"pycore/data/{CARD_FILE}")


def card_table(expansion: str = "base") -> list[dict]:
    """One dict per card design present at that level (name, type, cost, vp, good,
    military, windfall, start, copies, flags)."""
    return card_db().card_table(expansion)


class Game(_rftg.Game):
    """A Race for the Galaxy game definition: player count, expansion level, variant."""

    def __init__(self, players: int = 4, expansion: str = "base", advanced: bool = False, first_game: bool = False):
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(f"players must be an integer, not {players!r}")
        if expansion not in EXPANSIONS:
            raise RulesError(f"unknown expansion {expansion!r} (expected one of {', '.join(EXPANSIONS)})")
        super().__init__(card_db(), players, expansion, bool(advanced), bool(first_game))

    def __repr__(self) -> str:
        adv = ", advanced=True" if self.advanced else ""
        adv += ", first_game=True" if self.first_game else ""
        return f"rftg.Game(players={self.players}, expansion={self.expansion!r}{adv})"


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in C++ bot ('random' or 'heuristic'); bot.act(state) returns an action."""
    return Bot(name, seed)
