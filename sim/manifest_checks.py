"""The checks a manifest's config must pass against the rest of the manifest, each refusal one line naming
manifest.json (RunFolderError): the engine version is a string, a key (run_id, games, chunk_size) is what the
config makes, the tables are those the config records. sim/stored_config.py (runs) and sim/match.py (matches)
read a folder's config back with them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from galaxysim.results.manifest import MANIFEST, RunFolderError
from galaxysim.results.reader import Run
from galaxysim.user_text import shown


def manifest_path(run: Run) -> Path:
    return run.path / MANIFEST


def corrupt(run: Run, problem: str) -> RunFolderError:
    """The error for a manifest that says something wrong."""
    return RunFolderError(f"{manifest_path(run)}: corrupt manifest: {problem}")


def stored_engine(run: Run) -> str:
    """The engine version that played the run (its run id includes it)."""
    engine = run.manifest.get("engine_version")
    if not isinstance(engine, str):
        raise corrupt(run, f"engine_version must be a string, not {shown(engine)}")
    return engine


def require_same(run: Run, key: str, value: Any) -> None:
    """The manifest's `key` must be `value`, what its config makes."""
    if run.manifest.get(key) != value:
        raise corrupt(run, f"{key} {shown(run.manifest.get(key))} does not match its config ({shown(value)})")


def require_tables(run: Run, record_decisions: bool) -> None:
    """The manifest's tables must be those the config records."""
    if ("decisions" in run.manifest["tables"]) != bool(record_decisions):
        raise corrupt(run, "tables do not match config.record_decisions")
