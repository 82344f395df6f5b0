"""The parameters of the OpenSpiel games: their defaults (OpenSpiel's parameter specification) and how they
become the engine's Game options."""
from __future__ import annotations

#: galaxysim_rftg: players 1-6 (1 = the solo game against the robot); goals -1 = the rulebook default (on at
#: tgs/rvi with 2+ players), 0 off, 1 on; solo_config "" = the file shipped with galaxysim; variant "" = none.
RFTG_PARAMS = {
    "players": 4, "expansion": "base", "advanced": False, "first_game": False, "goals": -1, "takeovers": False,
    "draft": False, "solo_difficulty": "medium", "solo_config": "", "variant": "",
    "seed": 0, "reward": "win",
}

#: galaxysim_af: players 2-4; overrides and variant "" = none.
AF_PARAMS = {"players": 4, "long_game": False, "overrides": "", "variant": "", "seed": 0, "reward": "win"}

#: The parameters that are not the engine's Game options.
ADAPTER_PARAMS = ("seed", "reward")


def game_options(params: dict) -> dict:
    """The engine's Game options from the OpenSpiel parameters ("" and -1 mean the engine's default)."""
    options = {}
    for name, value in params.items():
        if name in ADAPTER_PARAMS or value == "" or (name == "goals" and value == -1):
            continue
        options[name] = bool(value) if name == "goals" else value
    return options
