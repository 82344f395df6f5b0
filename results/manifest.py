"""manifest.json: what a run folder holds and how it was made.

    {
      "format": "galaxysim-run",        # tells our folders from foreign ones
      "format_version": 1,              # layout of this file and of the folder
      "schema_version": 1,              # galaxysim.results.schema.SCHEMA_VERSION of the Parquet files
      "run_id": "r-3f2a9c1b7d0e",       # hash of what determines the games (not of threads/chunking)
      "engine_version": "0.1.0",
      "galaxysim_version": "0.1.0",
      "created": "2025-01-01T12:00:00+00:00",
      "config": {...},                  # the run config (see galaxysim.sim.config.RunConfig.manifest_config)
      "tables": ["games", "seats"],     # + "decisions" when recorded
      "chunk_size": 5000, "n_chunks": 20, "games": 100000,
      "status": "running" | "interrupted" | "complete",
      "elapsed_seconds": 7.1,           # play time over all sessions
      "sessions": [{"started": ..., "threads": 2, "games": 100000, "seconds": 7.1}],
      "cards": {"path": "cards.parquet", "rows": 151, "sha256": "..."},
      "chunks": [{"chunk": 0, "first_game": 0, "games": 5000, "seconds": 0.35,
                  "files": {"games": {"path": "games/chunk-000000.parquet", "rows": 5000, "bytes": 81234,
                                      "sha256": "..."}, "seats": {...}}}, ...]
    }

A chunk is listed only after all its files are complete, so every listed chunk
is whole. The file is replaced atomically (written to a temporary name, synced,
renamed).
"""
from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from galaxysim.user_text import shown

from .schema import OLDEST_READABLE_SCHEMA, SCHEMA_VERSION, TABLES

FORMAT = "galaxysim-run"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
CARDS_FILE = "cards.parquet"
STATUSES = ("running", "interrupted", "complete")


class RunFolderError(Exception):
    """A run folder that is missing, corrupt, foreign, from a newer galaxysim, or inconsistent."""


def chunk_file(table: str, chunk: int) -> str:
    """The path of a chunk's file, relative to the run folder."""
    return f"{table}/chunk-{chunk:06d}.parquet"


def fsync_dir(path: Path) -> None:
    """Makes a rename inside `path` durable (no-op where directories cannot be opened)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Writes `data` to `path` through a hidden temporary file: synced, then renamed over it."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:  # a full disk: the part written is given back (and the manifest can still be updated)
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


def write_manifest(run_dir: Path, manifest: dict[str, Any], encoded: dict[int, tuple[Any, str]] | None = None) -> None:
    atomic_write_bytes(Path(run_dir) / MANIFEST, manifest_text(manifest, encoded).encode("utf-8"))


def manifest_text(manifest: dict[str, Any], encoded: dict[int, tuple[Any, str]] | None = None) -> str:
    """The manifest as JSON, indented, with one line per chunk entry.

    The manifest is rewritten after every chunk, and indented JSON goes through Python's slow encoder: a run of
    1,000 chunks spent 35 s of its 0.03 s of play encoding its chunk list again and again, a run of 4,000 chunks
    six minutes. A chunk entry is one line here, in the fast encoder, and `encoded` (a writer's cache, by id of
    entry; an entry is never changed once listed) keeps the lines of entries already written."""
    chunks = manifest.get("chunks")
    if not isinstance(chunks, list) or not chunks:
        return json.dumps(manifest, indent=1) + "\n"
    head = json.dumps({k: v for k, v in manifest.items() if k != "chunks"}, indent=1)
    lines = []
    for c in chunks:
        hit = encoded.get(id(c)) if encoded is not None else None
        if hit is None or hit[0] is not c:
            hit = (c, json.dumps(c))
            if encoded is not None:
                encoded[id(c)] = hit
        lines.append(hit[1])
    body = ",\n  ".join(lines)
    return f'{head[:-2]},\n "chunks": [\n  {body}\n ]\n}}\n'


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _missing_or_bad(m: dict[str, Any], key: str) -> str:
    if key not in m:
        return f"{key} is missing"
    return f"{key} must be a whole number of at least 0, not {shown(m[key])}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0


def _check_optional_fields(m: dict[str, Any], path: Path) -> None:
    """The fields that readers show or use beyond the chunk list, when present (older folders lack some)."""
    for key in ("run_id", "engine_version", "galaxysim_version", "created"):
        _need(isinstance(m.get(key, ""), str), path, f"{key} must be a string, not {shown(m.get(key))}")
    _need(_number(m.get("elapsed_seconds", 0)), path,
          f"elapsed_seconds must be a number of seconds, not {shown(m.get('elapsed_seconds'))}")
    sessions = m.get("sessions", [])
    _need(isinstance(sessions, list) and all(isinstance(x, dict) for x in sessions), path,
          "sessions is not a list of entries")
    for x in sessions:
        _need(x.get("threads") is None or _whole(x["threads"]), path,
              f"a session's threads must be a whole number, not {shown(x.get('threads'))}")
    obs = m.get("observation")
    _need(obs is None or (isinstance(obs, dict) and _whole(obs.get("size"))), path,
          "observation is not {\"size\": N, ...}")


def _need(cond: bool, where: Path, what: str) -> None:
    if not cond:
        raise RunFolderError(f"{where}: corrupt manifest: {what}")


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """The manifest of a run folder, checked for shape; RunFolderError names any problem."""
    run_dir = Path(run_dir)
    if not run_dir.exists():
        raise RunFolderError(f"{run_dir}: no such run folder")
    if not run_dir.is_dir():
        raise RunFolderError(f"{run_dir}: not a folder")
    path = run_dir / MANIFEST
    if not path.is_file():
        raise RunFolderError(f"{run_dir}: not a galaxysim run folder (no {MANIFEST})")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RunFolderError(f"{path}: cannot read: {e}") from None
    try:
        m = json.loads(text)
    except json.JSONDecodeError as e:
        raise RunFolderError(f"{path}: corrupt manifest (invalid JSON: {e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise RunFolderError(f"{path}: corrupt manifest (JSON nested too deeply)") from None
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise RunFolderError(f"{run_dir}: not a galaxysim run folder ({MANIFEST} is not a galaxysim manifest)")
    fv = m.get("format_version")
    _need(_whole(fv), path, _missing_or_bad(m, "format_version"))
    if fv > FORMAT_VERSION:
        raise RunFolderError(f"{run_dir}: made by a newer galaxysim (run folder format {fv}; this one reads "
                             f"{FORMAT_VERSION}): upgrade galaxysim")
    sv = m.get("schema_version")
    _need(_whole(sv), path, _missing_or_bad(m, "schema_version"))
    if sv > SCHEMA_VERSION or sv < OLDEST_READABLE_SCHEMA:  # older ones read, with the newer columns null
        newer = "newer" if sv > SCHEMA_VERSION else "older"
        raise RunFolderError(f"{run_dir}: made by a {newer} galaxysim (Parquet schema version {sv}; this one "
                             f"reads {OLDEST_READABLE_SCHEMA} to {SCHEMA_VERSION})")
    _need(isinstance(m.get("config"), dict), path, "config is missing")
    _check_optional_fields(m, path)
    _need(m.get("status") in STATUSES, path, f"status {shown(m.get('status'))} is not one of {', '.join(STATUSES)}")
    for key in ("chunk_size", "n_chunks", "games"):
        _need(_whole(m.get(key)) and m[key] >= 0, path, _missing_or_bad(m, key))
    _need(m["chunk_size"] > 0, path, "chunk_size must be positive")
    tables = m.get("tables")
    _need(isinstance(tables, list) and "games" in tables and "seats" in tables
          and all(t in TABLES for t in tables), path, "tables is not a list of known tables")
    cards = m.get("cards")
    _need(isinstance(cards, dict) and cards.get("path") == CARDS_FILE and isinstance(cards.get("sha256"), str),
          path, "cards entry is missing")
    chunks = m.get("chunks")
    _need(isinstance(chunks, list), path, "chunks is not a list")
    seen = set()
    for c in chunks:
        _need(isinstance(c, dict) and isinstance(c.get("chunk"), int), path, "a chunk entry has no chunk number")
        k = c["chunk"]
        _need(0 <= k < m["n_chunks"], path, f"chunk {k} is outside 0..{m['n_chunks'] - 1}")
        _need(k not in seen, path, f"chunk {k} is listed twice")
        seen.add(k)
        first = k * m["chunk_size"]
        count = min(m["chunk_size"], m["games"] - first)
        _need(c.get("first_game") == first and c.get("games") == count, path,
              f"chunk {k} does not cover games {first}..{first + count - 1}")
        _need(isinstance(c.get("errors", []), list) and _number(c.get("seconds", 0)), path,
              f"chunk {k} has a malformed errors or seconds entry")
        files = c.get("files")
        _need(isinstance(files, dict) and set(files) == set(tables), path,
              f"chunk {k} does not list one file per table")
        for t, f in files.items():
            _need(isinstance(f, dict) and f.get("path") == chunk_file(t, k) and isinstance(f.get("rows"), int)
                  and isinstance(f.get("sha256"), str), path, f"chunk {k} {t} file entry is malformed")
    return m
