"""Writing a decision dataset folder: shards of whole games, and the folder put in place only when complete.

    with DatasetFolder(out, overwrite=False) as folder:        # writes into a hidden folder beside `out`
        shards = ShardWriter(folder.path, schema, batch_rows=4096, shard_rows=1_000_000)
        shards.add(record_batch, first_game, last_game)       # rows of whole games, in game order
        folder.finish(index)                                   # dataset.json, then the folder becomes `out`

An exception (Ctrl-C included) removes the hidden folder: `out` is either the complete new dataset, the
previous one, or absent; never half-written. A process killed outright leaves the hidden folder (".NAME.tmp"),
which the next export to the same place removes.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.ipc as ipc

from .dataset_format import COMPRESSION, FORMAT, INDEX, DatasetError, index_text, shard_name
from .manifest import atomic_write_bytes, fsync_dir
from .writer import file_sha256


def _is_dataset(folder: Path) -> bool:
    try:
        return json.loads((folder / INDEX).read_text(encoding="utf-8")).get("format") == FORMAT
    except (OSError, ValueError, AttributeError, RecursionError):
        return False


def _only_shards(folder: Path) -> bool:
    """A folder an interrupted export left: shard files, their temporaries and dataset.json, nothing else."""
    return all(p.is_file() and (p.suffix == ".arrow" or p.name == INDEX or p.name.endswith(".tmp"))
               for p in folder.iterdir())


class DatasetFolder:
    """The folder a dataset is written into (hidden, beside `out`) and its placement at `out` once complete."""

    def __init__(self, out: "str | Path", overwrite: bool = False):
        self.out = Path(out)
        self.path = self.out.with_name(f".{self.out.name}.tmp")
        self.done = False
        if self.out.exists() and not self.out.is_dir():
            if not overwrite:
                raise DatasetError(f"{self.out} is a file: a decision dataset is a folder (choose another --out, "
                                   "or --overwrite to replace the file)")
        elif self.out.is_dir() and any(self.out.iterdir()) and not _is_dataset(self.out):
            raise DatasetError(f"{self.out} is a folder that is not a galaxysim decision dataset; it is left as "
                               "it is (choose another --out)")

    def __enter__(self) -> "DatasetFolder":
        if self.path.exists():
            if not (self.path.is_dir() and _only_shards(self.path)):
                raise DatasetError(f"{self.path} is in the way (not a folder an export left): move it away")
            shutil.rmtree(self.path)
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.path.mkdir()
        return self

    def finish(self, index: dict[str, Any]) -> None:
        """Writes dataset.json and puts the folder at `out` (replacing an earlier dataset or file there)."""
        atomic_write_bytes(self.path / INDEX, index_text(index).encode("utf-8"))
        fsync_dir(self.path)
        old = self.out.with_name(f".{self.out.name}.old.tmp")
        if old.exists():
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        if self.out.exists():
            self.out.rename(old)
        self.path.rename(self.out)
        fsync_dir(self.out.parent)
        self.done = True
        if old.exists():
            shutil.rmtree(old) if old.is_dir() else old.unlink()

    def __exit__(self, kind, value, traceback) -> bool:
        if not self.done:
            with contextlib.suppress(OSError):
                shutil.rmtree(self.path)
        return False


class ShardWriter:
    """Appends rows of whole games to shards of at most `shard_rows` rows (a shard holds at least one game), in
    record batches of exactly `batch_rows` rows but each shard's last."""

    def __init__(self, folder: Path, schema: pa.Schema, batch_rows: int, shard_rows: int):
        self.folder, self.schema = Path(folder), schema
        self.batch_rows, self.shard_rows = int(batch_rows), int(shard_rows)
        self.shards: list[dict[str, Any]] = []
        self._sink = self._writer = None
        self._pending: list[pa.RecordBatch] = []
        self._pending_rows = 0
        self._current: dict[str, Any] | None = None

    def add(self, batch: pa.RecordBatch, first_game: int, last_game: int, games: int) -> None:
        """Rows of `games` whole games, first_game .. last_game, following those added before."""
        if batch.num_rows == 0:
            return
        cur = self._current
        if cur is not None and cur["rows"] > 0 and cur["rows"] + batch.num_rows > self.shard_rows:
            self._close_shard()
        if self._current is None:
            self._open_shard(first_game)
        cur = self._current
        cur["rows"] += batch.num_rows
        cur["games"] += games
        cur["last_game"] = last_game
        self._pending.append(batch)
        self._pending_rows += batch.num_rows
        while self._pending_rows >= self.batch_rows:
            self._write(self.batch_rows)

    def close(self) -> list[dict[str, Any]]:
        """Finishes the last shard; returns the shard entries of dataset.json."""
        if self._current is not None:
            self._close_shard()
        return self.shards

    def _open_shard(self, first_game: int) -> None:
        name = shard_name(len(self.shards))
        self._sink = pa.OSFile(str(self.folder / name), "wb")
        options = ipc.IpcWriteOptions(compression=COMPRESSION)
        self._writer = ipc.new_file(self._sink, self.schema, options=options)
        self._current = {"path": name, "rows": 0, "games": 0, "first_game": first_game, "last_game": first_game}

    def _write(self, rows: int) -> None:
        table = pa.Table.from_batches(self._pending, schema=self.schema)
        head, rest = table.slice(0, rows), table.slice(rows)
        self._writer.write_batch(head.combine_chunks().to_batches()[0])
        self._pending = rest.to_batches() if rest.num_rows else []
        self._pending_rows = rest.num_rows

    def _close_shard(self) -> None:
        if self._pending_rows:
            self._write(self._pending_rows)
        self._writer.close()
        self._sink.close()
        path = self.folder / self._current["path"]
        with open(path, "rb+") as f:  # durable before dataset.json lists it
            os.fsync(f.fileno())
        self._current.update(bytes=path.stat().st_size, sha256=file_sha256(path))
        self.shards.append(self._current)
        self._current = self._sink = self._writer = None

    def abort(self) -> None:
        with contextlib.suppress(Exception):
            if self._writer is not None:
                self._writer.close()
        with contextlib.suppress(Exception):
            if self._sink is not None:
                self._sink.close()
