"""Alien Frontiers: the Python face of the C++ engine (same API as galaxysim.rftg).

    from galaxysim import af
    game = af.Game(players=3)                 # long_game=True: 8 colonies with 3 and 4 players
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.scores(), state.winners(), state.score_parts(0))

The board and card data (core/data/af_*.txt) ship with the package; `overrides`
takes what-if changes in the same syntax (docs/af-rules.md, "Data files").
"""
from __future__ import annotations

import json

from . import _af
from . import game_options
from .af_data import DATA_FILES, data  # noqa: F401  (af.DATA_FILES, af.data())
from ._af import ENGINE_VERSION, STATE_BYTES, Bot, DataError, RulesError, Script, ScriptError, State
#: The built-in bot specs (docs/bots.md) and the ISMCTS options (docs/ismcts.md).
BUILTIN_BOTS = _af.BUILTIN_BOTS
ISMCTS_OPTIONS = _af.ISMCTS_OPTIONS


def facility_table() -> list[dict]:
    """One dict per orbital facility: name, kind, docks, usable (by player count), blocked, group, shape, ..."""
    return data().facilities()


def territory_table() -> list[dict]:
    """One dict per territory: name, bonus, amount, borrowable."""
    return data().territories()


def field_table() -> list[dict]:
    """One dict per field generator: name, effect, vp."""
    return data().fields()


def tech_table() -> list[dict]:
    """One dict per alien tech card: name, copies, power, amount, cost, discard, field, vp."""
    return data().tech()


class Game(_af.Game):
    """An Alien Frontiers game definition: player count (2-4), the long-game option, what-if changes."""

    def __init__(self, players: int = 4, long_game: bool = False, overrides: str | None = None, variant=None):
        """`overrides`: data overrides in the data files' syntax (docs/af-rules.md, "Data files"); `variant`: a
        what-if variant (galaxysim.af_variant.AfVariant, or its changes as a string or list, e.g.
        "Lunar Mine.docks=4; resource_limit=10"; docs/variants.md), applied after the overrides."""
        players = game_options.players(players, RulesError)
        long_game = game_options.flag("long_game", long_game, RulesError)
        if overrides is not None:
            game_options.text("overrides", overrides, RulesError)
        from .af_variant import AfVariant

        d = data() if not overrides else data().with_overrides(overrides, "overrides")
        self.variant = AfVariant.from_config(variant)
        if self.variant is not None:
            d = self.variant.resolve(d).data
        super().__init__(d, players, long_game)
        self._overrides = overrides

    def state_from_json(self, text):
        """Load a position written by State.to_json() or by hand (docs/af-state-json.md); a scripted
        position's "script" (the dice and tech cards still to come) is followed again (docs/scripted-draws.md)."""
        state = super().state_from_json(text)
        script = json.loads(text).get("script")
        if script is not None:
            state.follow_script(Script(self, dice=script.get("dice", []), tech=script.get("tech", [])))
        return state

    def __repr__(self) -> str:
        extra = ", long_game=True" if self.long_game else ""
        extra += ", overrides=..." if self._overrides else ""
        extra += f", variant={self.variant.name!r}" if self.variant is not None else ""
        return f"af.Game(players={self.players}{extra})"


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A built-in C++ bot from a spec ('random', 'heuristic', 'ismcts:iterations=1000', ...; docs/bots.md);
    bot.act(state) returns an action, bot.last_stats() the last ISMCTS search's statistics."""
    return Bot(spec, seed)
