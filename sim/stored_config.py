"""The config a run folder's manifest holds, checked before a command acts on the folder.

A manifest is a file anybody can edit. Before `resume`, `match --resume`, `summary`, `report`, `replay` or
`export` uses a folder, the config in it is read back as a new run's (or match's) would be: types and ranges,
the engine's own checks (players, expansion, bot specs), and its run id, a hash of that config, must be the
manifest's run_id; a match's plan (deals, seatings) and the chunk layout must be what the config makes. An
edited or broken manifest is refused in one line naming manifest.json (RunFolderError). Nothing here imports
a Python bot: a `py:` bot is imported only when the user names it (galaxysim.sim.match.resume).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from galaxysim.results.manifest import MANIFEST, RunFolderError
from galaxysim.results.reader import Run
from galaxysim.user_text import shown

from .config import ConfigError, RunConfig


def _where(run: Run) -> Path:
    return run.path / MANIFEST


def _refuse(run: Run, problem: str) -> RunFolderError:
    return RunFolderError(f"{_where(run)}: corrupt manifest: {problem}")


def _engine(run: Run) -> str:
    engine = run.manifest.get("engine_version")
    if not isinstance(engine, str):
        raise _refuse(run, f"engine_version must be a string, not {shown(engine)}")
    return engine


def _same(run: Run, key: str, value: Any) -> None:
    if run.manifest.get(key) != value:
        raise _refuse(run, f"{key} {shown(run.manifest.get(key))} does not match its config ({shown(value)})")


def _tables(run: Run, record_decisions: bool) -> None:
    if ("decisions" in run.manifest["tables"]) != bool(record_decisions):
        raise _refuse(run, "tables do not match config.record_decisions")


def is_match(run: Run) -> bool:
    from .match import is_match_run

    return is_match_run(run.manifest["config"])


def run_config(run: Run) -> RunConfig:
    """The RunConfig of a run folder (not a match's), checked as described above."""
    from .engine import make_runner
    from .run_identity import run_id

    try:
        cfg = RunConfig.from_manifest(run.manifest["config"], str(_where(run)))
        make_runner(cfg)
    except ConfigError as e:
        message = str(e)
        raise RunFolderError(message if message.startswith(str(_where(run))) else
                             f"{_where(run)}: config: {message}") from None
    if cfg.chunk_size != run.manifest["chunk_size"] or cfg.games != run.manifest["games"]:
        raise _refuse(run, "config and chunk layout disagree")
    _tables(run, cfg.record_decisions)
    _same(run, "run_id", run_id(cfg, _engine(run)))
    return cfg


def match_config(run: Run):
    """The MatchConfig of a match or tournament folder, checked as described above."""
    from .match import MatchConfig, check_builtin_seats, run_id

    stored = run.manifest["config"]
    try:
        cfg = MatchConfig.from_manifest(stored)
        cfg.validate()
        check_builtin_seats(cfg)
    except (ConfigError, TypeError) as e:  # (TypeError: a field of the wrong type that validate() compares)
        raise RunFolderError(f"{_where(run)}: config: {' '.join(str(e).split())}") from None
    if stored.get("deals") != cfg.deals or stored.get("lineups") != [list(x) for x in cfg.lineups()]:
        raise _refuse(run, "the seatings (deals, lineups) are not those of its bots and games")
    _same(run, "games", cfg.total_games)
    _same(run, "chunk_size", stored.get("chunk_size"))
    _tables(run, cfg.record_decisions)
    _same(run, "run_id", run_id(cfg, _engine(run)))
    return cfg


def check(run: Run) -> None:
    """Refuses a folder whose manifest config is not what its run id says (RunFolderError)."""
    if is_match(run):
        match_config(run)
    else:
        run_config(run)
