"""The manifest a new run folder starts with, and the entry each session (the run, each resume) adds to it.
docs/run-folder.md describes every key; galaxysim.results.writer writes the file.
"""
from __future__ import annotations

import datetime as _dt
from typing import Any

from galaxysim.results import manifest as mf
from galaxysim.results import schema as sch

from .engine import engine_version, galaxysim_version


def now() -> str:
    """The time now, UTC, ISO 8601 to the second (the manifest's `created` and a session's `started`)."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def new_manifest(run_id: str, config: dict[str, Any], games: int, chunk_size: int, record_decisions: bool,
                 observation: dict[str, Any] | None, models: dict[str, Any] | None = None) -> dict[str, Any]:
    """A running run's manifest before its first chunk (the card table and the chunks are added by the writer);
    `observation` is the layout of the recorded observation vectors (engine.observation_info), with decisions;
    `models` the net seats' model files and hashes (sim/net_models.py), kept under "models" when there are any."""
    return {
        "format": mf.FORMAT,
        "format_version": mf.FORMAT_VERSION,
        "schema_version": sch.SCHEMA_VERSION,
        "run_id": run_id,
        "engine_version": engine_version(),
        "galaxysim_version": galaxysim_version(),
        "created": now(),
        "config": config,
        "tables": ["games", "seats"] + (["decisions"] if record_decisions else []),
        **({"observation": observation} if record_decisions else {}),
        **({"models": models} if models else {}),
        "chunk_size": chunk_size,
        "n_chunks": -(-games // chunk_size),
        "games": games,
        "status": "running",
        "elapsed_seconds": 0.0,
        "sessions": [],
        "cards": None,
        "chunks": [],
    }


def new_session(threads: int, **extra: Any) -> dict[str, Any]:
    """The entry of a session that starts now on `threads` threads; `extra`: what a Ray session adds."""
    return {"started": now(), "threads": threads, "engine_version": engine_version(), "games": 0, "seconds": 0.0,
            **extra}
