"""The layout of a run's decision dataset: the observation slot names and the decision kinds.

The names come from the engine that encodes the vectors (galaxysim.rftg.Game.observation_slots for the run's
player count, expansion and variant; galaxysim.af.Game.observation_slots for Alien Frontiers); galaxysim.results.export
writes the arrays.
"""
from __future__ import annotations

from typing import Any, Mapping

from .config import ConfigError, RunConfig


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


def dataset_game(manifest: Mapping[str, Any], source: str = "manifest.json"):
    """The decision dataset's view of a run's game (galaxysim.results.dataset_export.GameInfo): the engine game
    the run played, built from its manifest (run, match or tournament), whose replay_decisions re-plays its
    games."""
    from galaxysim.results.dataset_export import GameInfo

    from .match_config import MatchConfig, is_match_run

    config = manifest["config"]
    imported = config.get("imported")
    if imported:  # galaxysim import: recorded games, whose draws came from the records, not from a seed
        raise ConfigError(f"{source}: the run holds games imported from {imported.get('from')} records (galaxysim "
                          "import), not games of a seed, and the dataset export replays each game from its seed; "
                          "export their recorded decisions with --format npz or parquet")
    try:
        if is_match_run(config):
            cfg = MatchConfig.from_manifest(config)
            players, what_if, extra = cfg.players, None, {}
        else:
            cfg = RunConfig.from_manifest(config, source)
            players, what_if = cfg.players, cfg.what_if
            extra = ({"solo_difficulty": cfg.solo_difficulty, "solo_config": cfg.solo_config_text}
                     if cfg.game == "rftg" and players == 1 else {})
        if cfg.game == "af":
            from galaxysim import _batch, af

            game = af.Game(players=players, long_game=bool(cfg.long_game), variant=what_if)
            kinds = list(_batch.AF_DECISION_KINDS)
        else:
            from galaxysim import _batch, rftg

            game = rftg.Game(players=players, expansion=cfg.expansion, advanced=bool(cfg.advanced),
                             goals=cfg.goals, takeovers=bool(cfg.takeovers), draft=bool(cfg.draft),
                             variant=what_if, **extra)
            kinds = list(_batch.DECISION_KINDS)
    except ValueError as e:  # the engine's RulesError
        raise ConfigError(f"{source}: the run's game cannot be set up: {str(e)[:200]}") from None
    encoding = (manifest.get("observation") or {}).get("encoding", "")
    return GameInfo(replay=game.replay_decisions, kinds=kinds, slot_names=list(game.observation_slots()),
                    encoding=str(encoding), num_distinct_actions=game.num_distinct_actions())
