"""Alien Frontiers: the Python face of the C++ engine (same API as pycore.rftg).

    from pycore import af
    game = af.Game(players=3)                 # long_game=True: 8 colonies with 3 and 4 players
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.scores(), state.winners(), state.score_parts(0))

The board and card data (core/data/af_*.txt) ship with the package; `overrides`
takes what-if changes in the same syntax (docs/af-rules.md, "Data files").
"""
from __future__ import annotations

import functools
from importlib import resources

from . import _af

RulesError = _af.RulesError
DataError = _af.DataError
State = _af.State
Bot = _af.Bot
ENGINE_VERSION = _af.ENGINE_VERSION
STATE_BYTES = _af.STATE_BYTES

DATA_FILES = ("af_facilities.txt", "af_territories.txt", "af_tech.txt", "af_setup.txt")


@functools.lru_cache(maxsize=None)
def data() -> _af.Data:
    """The board and card data shipped with galaxysim (parsed and validated once per process)."""
    root = resources.files("pycore") / "data"
    texts = [(root / name).read_text(encoding="utf-8") for name in DATA_FILES]
    return _af.Data(*texts, "pycore/data")


def facility_table() -> list[dict]:
    """One dict per orbital facility: name, kind, docks, usable (by player count), blocked, group, shape, ..."""
    return data().facilities()


def territory_table() -> list[dict]:
    """One dict per territory: name, bonus, amount, borrowable."""
    return data().territories()


def tech_table() -> list[dict]:
    """One dict per alien tech card: name, copies, power, amount, cost, discard, field, vp."""
    return data().tech()


class Game(_af.Game):
    """An Alien Frontiers game definition: player count (2-4), the long-game option, what-if overrides."""

    def __init__(self, players: int = 4, long_game: bool = False, overrides: str | None = None):
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(f"players must be an integer, not {players!r}")
        d = data() if not overrides else data().with_overrides(overrides, "overrides")
        super().__init__(d, players, bool(long_game))
        self._overrides = overrides

    def __repr__(self) -> str:
        extra = ", long_game=True" if self.long_game else ""
        extra += ", overrides=..." if self._overrides else ""
        return f"af.Game(players={self.players}{extra})"


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in C++ bot ('random' or 'heuristic'); bot.act(state) returns an action."""
    return Bot(name, seed)
