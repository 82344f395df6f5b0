"""A chunk with --record-decisions, played in bounded memory whatever the chunk size: a run's (ChunkPlayer,
galaxysim.sim.chunk_job) and a match's or tournament's (galaxysim.sim.match) alike.

Every recorded decision carries the deciding seat's observation vector (2,008 bytes in the base game; about
0.4 MB a game), and the engine hands a whole batch back at once: a chunk played in one piece held every game's
decisions twice (the engine's columns and their numpy copy), about 1.2 MB a game of the chunk (issue 24: 3.4 GB
at 4,000 games). So a recorded chunk is played in slices of SLICE_GAMES_PER_THREAD games per engine thread
(play_in_slices: the caller says how to play a slice); each slice's decisions are converted and appended to the
chunk's Parquet file at once (zstd, ~10 KB a game; row groups of ROW_GROUP_ROWS decisions), and that file is
held in memory up to SPOOL_BYTES, then in an anonymous temporary file in the run folder (in the system's
temporary folder where the run folder is not reachable, as on a Ray worker). The rows are those of a chunk
played in one piece: game i depends only on (seed, i, config).
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa
import pyarrow.parquet as pq

from .arrow_tables import join_columns

#: Games per engine thread in one slice: about 20 MB per thread of decisions in memory (RftG base 4p). Fewer
#: would leave threads idle at the end of each slice more often.
SLICE_GAMES_PER_THREAD = 16
#: The chunk's encoded decisions held in memory before they go to a temporary file.
SPOOL_BYTES = 32 << 20
#: Rows per row group of the decisions file: fixed, so that the file's bytes depend on its rows only, not on
#: the slices (whose size follows the thread count).
ROW_GROUP_ROWS = 16_384


class SpooledParquet:
    """A Parquet file written one table at a time (a row group each) into memory, then, beyond SPOOL_BYTES, an
    anonymous temporary file in `folder`. RunWriter writes it in place of an encoded table (write_to); pickled
    (a Ray worker's result), it travels as bytes."""

    def __init__(self, folder: "str | Path | None" = None):
        folder = str(folder) if folder is not None and Path(folder).is_dir() else None
        self._file = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, dir=folder)
        self._writer: pq.ParquetWriter | None = None
        self._pending: list[pa.Table] = []  # rows not yet in a row group (fewer than ROW_GROUP_ROWS)
        self._pending_rows = 0
        self.num_rows = 0

    def add(self, table: pa.Table) -> None:
        """Appends the rows of `table` (row groups of ROW_GROUP_ROWS rows, whatever the tables added)."""
        from galaxysim.results.writer import parquet_options

        if self._writer is None:
            self._writer = pq.ParquetWriter(self._file, table.schema, **parquet_options(table.schema))
        self._pending.append(table)
        self._pending_rows += table.num_rows
        self.num_rows += table.num_rows
        while self._pending_rows >= ROW_GROUP_ROWS:
            self._write(ROW_GROUP_ROWS)

    def _write(self, rows: int) -> None:
        pending = pa.concat_tables(self._pending)
        self._writer.write_table(pending.slice(0, rows).combine_chunks())
        rest = pending.slice(rows)
        self._pending, self._pending_rows = ([rest] if rest.num_rows else []), rest.num_rows

    def close(self) -> "SpooledParquet":
        if self._writer is not None:
            if self._pending_rows:
                self._write(self._pending_rows)
            self._writer.close()
            self._writer = None
        return self

    @property
    def on_disk(self) -> bool:
        return bool(getattr(self._file, "_rolled", False))

    def write_to(self, path: Path) -> dict[str, Any]:
        """Copies the file to `path` through a hidden temporary name (synced, renamed); returns its manifest entry
        {rows, bytes, sha256}."""
        from galaxysim.results.manifest import fsync_dir

        self.close()
        path = Path(path)
        tmp = path.with_name(f".{path.name}.tmp")
        digest, size = hashlib.sha256(), 0
        self._file.seek(0)
        try:
            with open(tmp, "wb") as out:
                for block in iter(lambda: self._file.read(1 << 20), b""):
                    digest.update(block)
                    out.write(block)
                    size += len(block)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        fsync_dir(path.parent)
        return {"rows": self.num_rows, "bytes": size, "sha256": digest.hexdigest()}

    def __getstate__(self) -> dict[str, Any]:
        self.close()
        self._file.seek(0)
        return {"data": self._file.read(), "num_rows": self.num_rows}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._file = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
        self._file.write(state["data"])
        self._writer = None
        self.num_rows = state["num_rows"]


@dataclass
class RecordedChunk:
    """A chunk played in slices: its games and seats tables, and its decisions as a SpooledParquet."""

    tables: dict[str, Any]


def slice_games(threads: int) -> int:
    return max(1, SLICE_GAMES_PER_THREAD * max(1, int(threads)))


def play_in_slices(play: Callable[[int, int], dict], converter, first: int, count: int, threads: int,
                   spool_folder: "str | Path | None") -> RecordedChunk:
    """Games first .. first+count-1 with their decisions, played slice by slice (see the module doc):
    `play(start, n)` returns the engine's columns of games start .. start+n-1 (as a batch runner's run does),
    `converter` (galaxysim.sim.arrow_tables.TableConverter) makes them tables. The games and seats tables are
    made once, from the slices' columns joined: they are those of the chunk played in one piece (a start world
    column's dictionary holds the chunk's start worlds in card order, whatever the slices)."""
    step = slice_games(threads)
    parts = []
    decisions = SpooledParquet(spool_folder)
    for start in range(first, first + count, step):
        res = play(start, min(step, first + count - start))
        decisions.add(converter.decisions(res))
        parts.append({t: res[t] for t in ("games", "seats")})  # (a few hundred bytes a game)
        del res
    tables = converter.games_and_seats(join_columns(parts))
    tables["decisions"] = decisions.close()
    return RecordedChunk(tables)


def play_recorded_chunk(runner, converter, seed: int, first: int, count: int, threads: int,
                        spool_folder: "str | Path | None") -> RecordedChunk:
    """A run's chunk on the engine's batch runner, in slices (play_in_slices)."""
    return play_in_slices(lambda start, n: runner.run(int(seed), start, n, int(threads), True), converter, first,
                          count, threads, spool_folder)
