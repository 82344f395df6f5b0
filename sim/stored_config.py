"""The config a run folder's manifest holds, checked before a command acts on the folder.

A manifest is a file anybody can edit. Before `resume`, `match --resume`, `summary`, `report`, `replay` or
`export` uses a folder, the config in it is read back as a new run's (or match's) would be: types and ranges,
the engine's own checks (players, expansion, bot specs), and its run id, a hash of that config, must be the
manifest's run_id; a match's plan (deals, seatings) and the chunk layout must be what the config makes. An
edited or broken manifest is refused in one line naming manifest.json (RunFolderError). Nothing here imports
a Python bot: a `py:` bot is imported only when the user names it (galaxysim.sim.match.resume). A match's
folder is checked the same way by galaxysim.sim.match.stored_config.
"""
from __future__ import annotations

from galaxysim.results.manifest import RunFolderError
from galaxysim.results.reader import Run
from galaxysim.user_text import shown

from .config import RunConfig
from .engine import make_runner
from .errors import ConfigError
from .manifest_checks import corrupt, manifest_path, require_same, require_tables, stored_engine
from .match_config import is_match_run
from .match import stored_config as stored_match_config
from .run_identity import imported_run_id, run_id


def is_match(run: Run) -> bool:
    return is_match_run(run.manifest["config"])


def run_config(run: Run) -> RunConfig:
    """The RunConfig of a run folder (not a match's), checked as described above."""
    try:
        cfg = RunConfig.from_manifest(run.manifest["config"], str(manifest_path(run)))
        make_runner(cfg)
    except ConfigError as e:
        message = str(e)
        raise RunFolderError(message if message.startswith(str(manifest_path(run))) else
                             f"{manifest_path(run)}: config: {message}") from None
    if cfg.chunk_size != run.manifest["chunk_size"] or cfg.games != run.manifest["games"]:
        raise corrupt(run, "config and chunk layout disagree")
    require_tables(run, cfg.record_decisions)
    require_same(run, "run_id", run_id(cfg, stored_engine(run)))
    return cfg


def imported_from(run: Run) -> dict | None:
    """What an imported run folder (galaxysim import) was imported from; None for a folder of played games."""
    imported = run.manifest["config"].get("imported")
    if imported is None:
        return None
    if not isinstance(imported, dict) or not isinstance(imported.get("from"), str) or \
            not isinstance(imported.get("files"), list) or not all(isinstance(f, str) for f in imported["files"]) \
            or not isinstance(imported.get("reference_readings", []), list):
        raise corrupt(run, "config.imported is malformed")
    return imported


def refuse_imported(run: Run, command: str) -> None:
    """An imported run holds recorded games, not games of a seed: nothing to resume or replay from a seed."""
    imported = imported_from(run)
    if imported:
        raise ConfigError(f"{run.path} holds games imported from {shown(imported['from'])} records (galaxysim "
                          f"import), not games of a seed: galaxysim {command} does not apply; import the records "
                          "again to replay them")


def check(run: Run) -> None:
    """Refuses a folder whose manifest config is not what its run id says (RunFolderError); a match's or a
    tournament's is checked by galaxysim.sim.match.stored_config, an imported run's id by its sources."""
    imported = imported_from(run)
    if imported is not None:
        require_same(run, "run_id", imported_run_id(imported["from"], imported["files"],
                                                    [str(r) for r in imported.get("reference_readings", [])]))
    elif is_match(run):
        stored_match_config(run)
    else:
        run_config(run)
