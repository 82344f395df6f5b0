"""Registers galaxysim_rftg and galaxysim_af with OpenSpiel (pyspiel.register_game), once per process.

The creators are classes, as in OpenSpiel's own Python games: a function or closure given to
pyspiel.register_game makes the interpreter crash at exit (pyspiel 2.0.2).
"""
from __future__ import annotations

import pyspiel

from ..envs.games import kind
from .game import GalaxyGame, game_type
from .params import AF_PARAMS, RFTG_PARAMS

GAME_NAMES = ("galaxysim_rftg", "galaxysim_af")


class RftgGame(GalaxyGame):
    """galaxysim_rftg: Race for the Galaxy (parameters: galaxysim.openspiel.params.RFTG_PARAMS)."""

    def __init__(self, params=None):
        super().__init__(kind("rftg"), RFTG_PARAMS, params)


class AfGame(GalaxyGame):
    """galaxysim_af: Alien Frontiers (parameters: galaxysim.openspiel.params.AF_PARAMS)."""

    def __init__(self, params=None):
        super().__init__(kind("af"), AF_PARAMS, params)


def register() -> None:
    """Makes pyspiel.load_game("galaxysim_rftg", ...) and ("galaxysim_af", ...) work; a second call does nothing."""
    known = {t.short_name for t in pyspiel.registered_games()}
    for name, defaults, creator in (("rftg", RFTG_PARAMS, RftgGame), ("af", AF_PARAMS, AfGame)):
        if f"galaxysim_{name}" not in known:
            pyspiel.register_game(game_type(kind(name), defaults, pyspiel.GameType.Utility.GENERAL_SUM), creator)
