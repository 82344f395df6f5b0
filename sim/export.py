"""The layout of a run's decision dataset: the observation slot names and the decision kinds.

The names come from the engine that encodes the vectors (galaxysim.rftg.Game.observation_slots for the run's
player count, expansion and variant; galaxysim.af.Game.observation_slots for Alien Frontiers); galaxysim.results.export
writes the arrays.
"""
from __future__ import annotations

from typing import Any, Mapping

from .config import ConfigError


def dataset_layout(config: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """(slot names, decision kind names) of the decisions of a run with this manifest config."""
    if config.get("game") == "af":
        from galaxysim import _batch, af

        game = af.Game(players=int(config["players"]), long_game=bool(config.get("long_game")),
                       variant=config.get("what_if"))
        return list(game.observation_slots()), list(_batch.AF_DECISION_KINDS)
    if config.get("game") != "rftg":
        raise ConfigError(f"export: no observation encoder for game {config.get('game')!r} yet")
    from galaxysim import _batch, rftg

    game = rftg.Game(players=int(config["players"]), expansion=config.get("expansion", "base"),
                     advanced=bool(config.get("advanced")), variant=config.get("what_if"))
    return list(game.observation_slots()), list(_batch.DECISION_KINDS)
