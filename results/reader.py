"""Reading a run folder back.

    from galaxysim.results import open_run, load_games, load_seats
    run = open_run("runs/rftg-base-4p-seed1")
    games = load_games(run)            # a pyarrow.Table
    seats = load_seats(run, columns=["game_index", "seat", "bot", "score", "won"])

Only the chunks the manifest lists are read, so a run still being written (or
an interrupted one) reads as its finished part. Any Parquet reader can also
read a finished run's folders directly: pyarrow.dataset.dataset("RUN/games"),
DuckDB `SELECT * FROM 'RUN/games/*.parquet'`, pandas.read_parquet("RUN/games").
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from galaxysim.user_text import shown

from .arrays import empty_table, read_parquet
from .manifest import CARDS_FILE, RunFolderError, read_manifest
from .schema import OLDEST_READABLE_SCHEMA, SCHEMA_VERSION, readable_version, schema_for, schema_version, table_name, \
    upgrade_table
from .writer import file_sha256, games_written


@dataclass
class Run:
    """An opened run folder: its path and validated manifest."""

    path: Path
    manifest: dict[str, Any]

    @property
    def config(self) -> dict[str, Any]:
        return self.manifest["config"]

    @property
    def status(self) -> str:
        return self.manifest["status"]

    @property
    def games_planned(self) -> int:
        return self.manifest["games"]

    @property
    def games_written(self) -> int:
        return games_written(self.manifest)

    @property
    def complete(self) -> bool:
        return self.status == "complete" and self.games_written == self.games_planned

    @property
    def tables(self) -> list[str]:
        return list(self.manifest["tables"])

    def files(self, table: str) -> list[Path]:
        """The listed chunk files of `table`, in game order."""
        if table not in self.manifest["tables"]:
            if table == "decisions":
                raise RunFolderError(f"{self.path}: this run did not record decisions (run with --record-decisions)")
            raise RunFolderError(f"{self.path}: no table {shown(table)}")
        return [self.path / c["files"][table]["path"] for c in self.manifest["chunks"]]

    def chunk_for_game(self, game_index: int) -> dict | None:
        k = game_index // self.manifest["chunk_size"]
        return next((c for c in self.manifest["chunks"] if c["chunk"] == k), None)


def open_run(path: "Run | str | os.PathLike[str]", *, check_files: bool = True) -> Run:
    """Opens a run folder: validates its manifest (format, schema version, chunk list) and,
    with `check_files`, that every listed file exists with the listed size."""
    if isinstance(path, Run):
        return path
    run = Run(Path(path), read_manifest(Path(path)))
    if check_files:
        missing = []
        for rel, size in _listed_files(run.manifest):
            p = run.path / rel
            try:
                actual = p.stat().st_size
            except OSError:
                missing.append(f"{rel} is missing")
                continue
            if size is not None and actual != size:
                missing.append(f"{rel} has {actual} bytes, the manifest says {size}")
        if missing:
            more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
            raise RunFolderError(f"{run.path}: corrupt run folder: {missing[0]}{more}")
        _check_sha256(run, run.manifest["cards"])  # a small file that every reader of card ids relies on
    return run


def _check_sha256(run: Run, entry: dict[str, Any]) -> None:
    try:
        digest = file_sha256(run.path / entry["path"])
    except OSError as e:
        raise RunFolderError(f"{run.path}: cannot read {entry['path']}: {e.strerror}") from None
    if digest != entry["sha256"]:
        raise RunFolderError(f"{run.path}: corrupt run folder: {entry['path']} does not match its checksum "
                             "in the manifest")


def _listed_files(manifest: dict[str, Any]) -> Iterable[tuple[str, int | None]]:
    cards = manifest["cards"]
    yield cards["path"], cards.get("bytes")
    for c in manifest["chunks"]:
        for f in c["files"].values():
            yield f["path"], f.get("bytes")


def verify_run(run: "Run | str | os.PathLike[str]") -> None:
    """Checks every listed file's sha256 against the manifest; RunFolderError names the first bad one."""
    run = open_run(run)
    for entry in [run.manifest["cards"]] + [f for ch in run.manifest["chunks"] for f in ch["files"].values()]:
        _check_sha256(run, entry)


def _read(run: Run, table: str, paths: Sequence[Path], columns: Sequence[str] | None) -> pa.Table:
    schema = schema_for(table, str(run.manifest.get("config", {}).get("game", "rftg")))
    if columns is not None:
        unknown = [c for c in columns if c not in schema.names]
        if unknown:
            raise ValueError(f"table {table} has no column {shown(unknown[0])} (columns: {', '.join(schema.names)})")
    parts = []
    for p in paths:
        try:
            cols = columns
            if columns is not None:
                version = schema_version(pq.read_schema(p))
                if version is not None and version < SCHEMA_VERSION:  # (an older file lacks the newer columns)
                    have = set(pq.read_schema(p).names)
                    cols = [c for c in columns if c in have]
            t = read_parquet(p, cols)
        except (OSError, pa.ArrowInvalid) as e:
            raise RunFolderError(f"{run.path}: corrupt run folder: cannot read {p.relative_to(run.path)}: {e}") \
                from None
        name, version = table_name(t.schema), schema_version(t.schema)
        if name != table or not readable_version(version):
            raise RunFolderError(f"{run.path}: {p.relative_to(run.path)} is not a galaxysim {table} file "
                                 f"(schema version {OLDEST_READABLE_SCHEMA} to {SCHEMA_VERSION})")
        want = schema if columns is None else pa.schema([schema.field(c) for c in columns], metadata=schema.metadata)
        if version < SCHEMA_VERSION:  # an older run folder: the columns added since come back null
            t = upgrade_table(t, want)
        parts.append(t.replace_schema_metadata(schema.metadata))
    if not parts:
        s = schema if columns is None else pa.schema([schema.field(c) for c in columns], metadata=schema.metadata)
        return empty_table(s)
    return pa.concat_tables(parts, promote_options="default")


def load_games(run: "Run | str | os.PathLike[str]", columns: Sequence[str] | None = None) -> pa.Table:
    """The games table (one row per game) of the listed chunks, in game order."""
    run = open_run(run)
    return _read(run, "games", run.files("games"), columns)


def load_seats(run: "Run | str | os.PathLike[str]", columns: Sequence[str] | None = None) -> pa.Table:
    """The seats table (one row per seat of each game) of the listed chunks, in game order."""
    run = open_run(run)
    return _read(run, "seats", run.files("seats"), columns)


def load_decisions(run: "Run | str | os.PathLike[str]", columns: Sequence[str] | None = None) -> pa.Table:
    """The decisions table (when the run recorded it), in (game, step) order."""
    run = open_run(run)
    return _read(run, "decisions", run.files("decisions"), columns)


def load_cards(run: "Run | str | os.PathLike[str]") -> pa.Table:
    """card_id -> name."""
    run = open_run(run)
    return _read(run, "cards", [run.path / CARDS_FILE], None)
