"""OpenSpiel games of galaxysim (the optional extra: pip install 'galaxysim[openspiel]'; OpenSpiel's wheels need
Python 3.11 or later). Importing this module registers "galaxysim_rftg" and "galaxysim_af":

    import pyspiel
    import galaxysim.openspiel
    game = pyspiel.load_game("galaxysim_rftg", {"players": 4, "expansion": "tgs", "seed": 7})
    state = game.new_initial_state()

docs/openspiel.md: the parameters, chance (sampled), the tensors and strings, the returns, what is hidden.
"""
from __future__ import annotations

try:
    import pyspiel  # noqa: F401  (checked here, used by the modules below)
except ModuleNotFoundError as e:
    if e.name == "pyspiel":
        raise ModuleNotFoundError("galaxysim.openspiel needs OpenSpiel, which is not installed: "
                                  "pip install 'galaxysim[openspiel]' (from a checkout: pip install '.[openspiel]'; "
                                  "OpenSpiel's wheels need Python 3.11 or later)") from None
    raise

from .register import GAME_NAMES, register

register()

__all__ = ["GAME_NAMES", "register"]
