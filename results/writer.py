"""Writing a run folder: chunk files and the manifest, never half-written.

Each file is encoded in memory, written to a hidden temporary name
(".chunk-000003.parquet.tmp", which Parquet readers skip), synced, and renamed.
A chunk's files are all renamed before the manifest lists the chunk, and the
manifest itself is replaced atomically, so every chunk the manifest lists is
complete. What a killed process can leave behind is temporary files and
finished-but-unlisted chunk files; `clean_folder` removes both before a resume.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import pyarrow as pa
import pyarrow.parquet as pq

from .manifest import CARDS_FILE, MANIFEST, atomic_write_bytes, chunk_file, fsync_dir, write_manifest
from .schema import TABLES

COMPRESSION = "zstd"
_CHUNK_RE = re.compile(r"^chunk-(\d+)\.parquet$")
LOCK_FILE = ".lock"
#: Everything a run folder may contain (what --overwrite is allowed to remove).
#: What galaxysim derives from a run inside its folder by default (the report, the exported dataset): an
#: --overwrite removes them with the run they describe.
DERIVED_ENTRIES = {"report", "decisions.npz", "decisions.parquet", "dataset"}
SOURCES_FILE = "sources.parquet"  # an imported run's record of each game (galaxysim import, docs/import.md)
KNOWN_ENTRIES = {MANIFEST, CARDS_FILE, LOCK_FILE, SOURCES_FILE, *TABLES, *DERIVED_ENTRIES}


def parquet_options(schema: pa.Schema) -> dict[str, Any]:
    """How galaxysim writes a table's Parquet file (pq.write_table / pq.ParquetWriter keywords)."""
    # Large binary values (observation tensors) get neither a dictionary nor min/max statistics.
    plain = [f.name for f in schema if not pa.types.is_fixed_size_binary(f.type)]
    return {"compression": COMPRESSION, "use_dictionary": plain, "write_statistics": plain}


def encode_parquet(table: pa.Table) -> pa.Buffer:
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, **parquet_options(table.schema))
    return sink.getvalue()


def write_parquet(table: pa.Table, path: Path) -> dict[str, Any]:
    """Writes `table` atomically to `path`; returns {rows, bytes, sha256} for the manifest."""
    return write_encoded(encode_parquet(table), table.num_rows, path)


def write_encoded(data: "pa.Buffer | bytes", rows: int, path: Path) -> dict[str, Any]:
    """Writes an encoded Parquet file atomically to `path`; returns {rows, bytes, sha256} for the manifest.
    `data` may also be a file written in parts (galaxysim.sim.recorded_chunk.SpooledParquet: write_to)."""
    if hasattr(data, "write_to"):
        return data.write_to(path)
    atomic_write_bytes(path, data)
    return {"rows": rows, "bytes": len(memoryview(data)), "sha256": hashlib.sha256(data).hexdigest()}


@dataclass
class EncodedChunk:
    """One chunk's Parquet files, encoded but not yet written: what a process that plays chunks away from the
    run folder (a Ray worker) hands to the run's writer. `files` and `rows` are keyed by table."""

    chunk: int
    first_game: int
    games: int
    files: dict[str, "pa.Buffer | bytes"]
    rows: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)  # more fields for the manifest's chunk entry

    @classmethod
    def encode(cls, chunk: int, first_game: int, tables: Mapping[str, pa.Table], **extra: Any) -> "EncodedChunk":
        return cls(chunk, first_game, tables["games"].num_rows,
                   {t: tab if hasattr(tab, "write_to") else encode_parquet(tab) for t, tab in tables.items()},
                   {t: tab.num_rows for t, tab in tables.items()}, dict(extra))


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def is_temp_name(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def folder_is_ours(run_dir: Path) -> bool:
    """True when every entry of `run_dir` is something a run folder holds (so --overwrite may remove it)."""
    return all(p.name in KNOWN_ENTRIES or is_temp_name(p.name) for p in Path(run_dir).iterdir())


def lock_is_held(run_dir: Path) -> bool:
    """True while a galaxysim process writes `run_dir` (it holds an exclusive flock on its .lock; POSIX only)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return False
    try:
        fd = os.open(Path(run_dir) / LOCK_FILE, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def remove_run_folder_contents(run_dir: Path) -> None:
    """Removes a run folder's own entries (see KNOWN_ENTRIES) but its lock file."""
    for p in Path(run_dir).iterdir():
        if p.name == LOCK_FILE or not (p.name in KNOWN_ENTRIES or is_temp_name(p.name)):
            continue
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


def stray_files(run_dir: Path, manifest: Mapping[str, Any]) -> list[Path]:
    """Leftovers of an interrupted writer: temporary files, and chunk files the manifest does not list."""
    run_dir = Path(run_dir)
    listed = {f["path"] for c in manifest["chunks"] for f in c["files"].values()}
    out = [p for p in run_dir.iterdir() if p.is_file() and is_temp_name(p.name)]
    for t in TABLES:
        d = run_dir / t
        if not d.is_dir():
            continue
        for p in d.iterdir():
            if p.is_file() and (is_temp_name(p.name) or (_CHUNK_RE.match(p.name) and f"{t}/{p.name}" not in listed)):
                out.append(p)
    return sorted(out)


def clean_folder(run_dir: Path, manifest: Mapping[str, Any]) -> list[Path]:
    """Removes `stray_files`; returns what was removed."""
    removed = stray_files(run_dir, manifest)
    for p in removed:
        p.unlink()
    return removed


class RunWriter:
    """Adds chunks to a run folder and keeps its manifest current.

    The caller owns `manifest` (a dict, see galaxysim.results.manifest) and may change
    fields such as "status" or "sessions" before calling `flush`."""

    def __init__(self, run_dir: Path, manifest: dict[str, Any]):
        self.dir = Path(run_dir)
        self.manifest = manifest
        self._encoded: dict[int, tuple[Any, str]] = {}  # the manifest's chunk lines written so far

    @classmethod
    def create(cls, run_dir: Path, manifest: dict[str, Any], cards: pa.Table) -> "RunWriter":
        """Starts a new run folder (which must be empty or absent): table folders, cards, manifest."""
        run_dir = Path(run_dir)
        run_dir.mkdir(parents=True, exist_ok=True)
        for t in manifest["tables"]:
            (run_dir / t).mkdir(exist_ok=True)
        fsync_dir(run_dir)
        entry = write_parquet(cards, run_dir / CARDS_FILE)
        manifest["cards"] = {"path": CARDS_FILE, **entry}
        manifest.setdefault("chunks", [])
        writer = cls(run_dir, manifest)
        writer.flush()
        return writer

    def done_chunks(self) -> set[int]:
        return {c["chunk"] for c in self.manifest["chunks"]}

    def write_chunk(self, chunk: int, first_game: int, tables: Mapping[str, pa.Table], **extra: Any) -> dict:
        """Writes one chunk's files (one per table of the run), then lists it in the manifest."""
        self._check_new(chunk, tables)
        return self.write_encoded_chunk(EncodedChunk.encode(chunk, first_game, tables, **extra))

    def write_encoded_chunk(self, enc: EncodedChunk) -> dict:
        """`write_chunk` for a chunk already encoded (possibly elsewhere, see EncodedChunk)."""
        self._check_new(enc.chunk, enc.files)
        files = {}
        for t in self.manifest["tables"]:  # a fixed order: games, seats[, decisions]
            rel = chunk_file(t, enc.chunk)
            files[t] = {"path": rel, **write_encoded(enc.files[t], enc.rows[t], self.dir / rel)}
        entry = {"chunk": enc.chunk, "first_game": enc.first_game, "games": enc.games, **enc.extra, "files": files}
        chunks = self.manifest["chunks"]
        chunks.append(entry)
        chunks.sort(key=lambda c: c["chunk"])
        self.flush()
        return entry

    def _check_new(self, chunk: int, tables: Mapping[str, Any]) -> None:
        if set(tables) != set(self.manifest["tables"]):
            raise ValueError(f"chunk {chunk}: tables {sorted(tables)} != {self.manifest['tables']}")
        if chunk in self.done_chunks():
            raise ValueError(f"chunk {chunk} is already in the run")

    def flush(self) -> None:
        write_manifest(self.dir, self.manifest, self._encoded)


def games_written(manifest: Mapping[str, Any]) -> int:
    return sum(c["games"] for c in manifest["chunks"])


__all__ = [
    "RunWriter", "EncodedChunk", "write_parquet", "write_encoded", "encode_parquet", "parquet_options", "file_sha256",
    "clean_folder",
    "stray_files", "folder_is_ours",
    "remove_run_folder_contents", "games_written", "lock_is_held", "KNOWN_ENTRIES", "LOCK_FILE",
]
