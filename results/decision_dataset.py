"""Reading a decision dataset (galaxysim export RUN --format dataset) for training: random access to any
decision, and numpy batches shuffled across shards with a seed. numpy and pyarrow only.

    from galaxysim.results import decision_dataset
    ds = decision_dataset("runs/ml/dataset")         # or the run folder that holds it
    len(ds), ds.observation_size, ds.num_distinct_actions, ds.kinds, ds.bots
    b = ds.take([0, 17, 123456])                      # a Batch (galaxysim.results.decision_batch)
    for b in ds.batches(1024, seed=0):                # one epoch, shuffled; every decision once
        x, mask = b.observation(np.float32), b.legal_mask()
        ...

Shuffling: an epoch reads the shards' record batches (4,096 decisions each) in an order drawn from the seed,
`window` of them at a time (default 64), and hands out the window's rows in a random order (rows left over
when a window does not fill the last batch go on into the next window): an epoch gives every decision exactly
once, memory holds one window (window x 4,096 decisions, ~100 MB), and rows of one game land in different
batches. The same seed
gives the same batches. `part=(k, n)` keeps the k-th of n interleaved shares of the record batches (one per
data-loading worker).
"""
from __future__ import annotations

import bisect
import os
from collections import OrderedDict
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc

from .dataset_format import INDEX, DatasetError, read_index
from .decision_batch import Batch, concat, decode

__all__ = ["DecisionDataset", "decision_dataset"]

DEFAULT_WINDOW = 64  # record batches per shuffling window
OPEN_SHARDS = 64     # shards kept open (memory-mapped) at once


class DecisionDataset:
    """A decision dataset folder, opened: its index (dataset.json) checked, the shards memory-mapped as needed."""

    def __init__(self, folder: "str | os.PathLike[str]", relative_seats: bool = True):
        self.path = Path(folder)
        self.index: dict[str, Any] = read_index(self.path)
        self.relative_seats = relative_seats
        self.shards: list[dict[str, Any]] = self.index["shards"]
        self._starts = list(np.cumsum([0] + [s["rows"] for s in self.shards]))
        self._open: "OrderedDict[int, ipc.RecordBatchFileReader]" = OrderedDict()
        for s in self.shards:
            p = self.path / s["path"]
            try:
                size = p.stat().st_size
            except OSError:
                raise DatasetError(f"{self.path}: {s['path']} is missing") from None
            if size != s["bytes"]:
                raise DatasetError(f"{self.path}: {s['path']} has {size} bytes, {INDEX} says {s['bytes']}")

    def __getstate__(self) -> dict[str, Any]:  # (a data-loading worker process gets it pickled: no open files)
        return {**self.__dict__, "_open": OrderedDict()}

    def verify(self) -> None:
        """Checks every shard's sha256 against dataset.json; DatasetError names the first that differs."""
        from .writer import file_sha256

        for s in self.shards:
            if file_sha256(self.path / s["path"]) != s["sha256"]:
                raise DatasetError(f"{self.path}: {s['path']} does not match its checksum in {INDEX}")

    # --- what it holds ------------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return int(self.index["rows"])

    def __repr__(self) -> str:
        return (f"<DecisionDataset {self.path}: {len(self):,} decisions of {self.index['games']:,} {self.game} "
                f"games, {len(self.shards)} shards>")

    @property
    def game(self) -> str:
        return str(self.index["game"])

    @property
    def players(self) -> int:
        return int(self.index["players"])

    @property
    def observation_size(self) -> int:
        return int(self.index["observation_size"])

    @property
    def num_distinct_actions(self) -> int:
        return int(self.index["num_distinct_actions"])

    @property
    def kinds(self) -> list[str]:
        return list(self.index["kinds"])

    @property
    def bots(self) -> list[str]:
        return list(self.index["bots"])

    @property
    def slot_names(self) -> list[str]:
        return list(self.index["slot_names"])

    @property
    def batch_rows(self) -> int:
        return int(self.index["batch_rows"])

    # --- record batches -----------------------------------------------------------------------------------------
    def _reader(self, shard: int) -> ipc.RecordBatchFileReader:
        r = self._open.get(shard)
        if r is not None:
            self._open.move_to_end(shard)
            return r
        path = self.path / self.shards[shard]["path"]
        try:
            r = ipc.open_file(pa.memory_map(str(path)))
        except (OSError, pa.ArrowInvalid) as e:
            raise DatasetError(f"{self.path}: cannot read {self.shards[shard]['path']}: {e}") from None
        expected = -(-self.shards[shard]["rows"] // self.batch_rows)
        if r.num_record_batches != expected:
            raise DatasetError(f"{self.path}: {self.shards[shard]['path']} holds {r.num_record_batches} record "
                               f"batches, {INDEX} implies {expected}")
        self._open[shard] = r
        if len(self._open) > OPEN_SHARDS:
            self._open.popitem(last=False)
        return r

    def _blocks(self) -> list[tuple[int, int]]:
        """Every (shard, record batch) in order."""
        return [(k, b) for k, s in enumerate(self.shards) for b in range(-(-s["rows"] // self.batch_rows))]

    def record_batch(self, shard: int, batch: int) -> pa.RecordBatch:
        """Record batch `batch` of shard `shard` as Arrow (absolute seats)."""
        try:
            return self._reader(shard).get_batch(batch)
        except (OSError, pa.ArrowInvalid) as e:
            raise DatasetError(f"{self.path}: cannot read {self.shards[shard]['path']}: {e}") from None

    def _block(self, shard: int, batch: int) -> Batch:
        return decode(self.record_batch(shard, batch), self.observation_size, self.num_distinct_actions)

    def _finish(self, b: Batch) -> Batch:
        return b.relative() if self.relative_seats else b

    # --- access -------------------------------------------------------------------------------------------------
    def locate(self, i: int) -> tuple[int, int, int]:
        """(shard, record batch, row in it) of decision i."""
        i = int(i)
        if not 0 <= i < len(self):
            raise IndexError(f"decision {i} is outside 0..{len(self) - 1}")
        k = bisect.bisect_right(self._starts, i) - 1
        r = i - self._starts[k]
        return k, r // self.batch_rows, r % self.batch_rows

    def take(self, indices: Sequence[int]) -> Batch:
        """The decisions at `indices` (dataset row numbers), in that order; each record batch read once."""
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        where = [self.locate(i) for i in idx]
        blocks: dict[tuple[int, int], list[int]] = {}
        for pos, (k, b, _) in enumerate(where):
            blocks.setdefault((k, b), []).append(pos)
        parts, order = [], np.empty(len(idx), np.int64)
        done = 0
        for (k, b), positions in blocks.items():
            rows = np.array([where[p][2] for p in positions], np.int64)
            parts.append(self._block(k, b).take(rows))
            order[positions] = np.arange(done, done + len(rows))
            done += len(rows)
        if not parts:
            raise ValueError("take() needs at least one index")
        return self._finish(concat(parts).take(order))

    def __getitem__(self, i: int) -> dict[str, Any]:
        """Decision i as a dict: its scalars, per-seat outcome/score/rank, dense observation and legal mask."""
        b = self.take([i])
        row = {name: getattr(b, name)[0] for name in ("game_index", "step", "seat", "kind", "round", "bot",
                                                       "action", "legal", "outcome", "score", "rank")}
        row.update(observation=b.observation()[0], legal_mask=b.legal_mask()[0])
        return row

    def sequential(self) -> Iterator[Batch]:
        """Every decision in order, one record batch at a time."""
        for k, b in self._blocks():
            yield self._finish(self._block(k, b))

    def batches(self, batch_size: int, seed: int | None = 0, shuffle: bool = True, drop_last: bool = False,
                window: int = DEFAULT_WINDOW, part: tuple[int, int] | None = None) -> Iterator[Batch]:
        """One epoch of Batches of `batch_size` decisions (the last one smaller unless drop_last), shuffled across
        shards with `seed` (see the module doc), or in order with shuffle=False."""
        if batch_size < 1 or window < 1:
            raise ValueError("batch_size and window must be at least 1")
        blocks = self._blocks()
        rng = np.random.default_rng(seed)
        if shuffle:
            blocks = [blocks[i] for i in rng.permutation(len(blocks))]
        if part is not None:
            k, n = part
            if not (isinstance(k, int) and isinstance(n, int) and 0 <= k < n):
                raise ValueError(f"part must be (k, n) with 0 <= k < n, not {part!r}")
            blocks = blocks[k::n]
        carry: list[Batch] = []
        for start in range(0, len(blocks), window):
            pool = concat(carry + [self._block(k, b) for k, b in blocks[start:start + window]])
            order = rng.permutation(len(pool)) if shuffle else np.arange(len(pool))
            full = len(pool) - len(pool) % batch_size
            for s in range(0, full, batch_size):
                yield self._finish(pool.take(order[s:s + batch_size]))
            carry = [pool.take(order[full:])] if full < len(pool) else []
        if carry and not drop_last:
            yield self._finish(carry[0])


def decision_dataset(path: "str | os.PathLike[str]", relative_seats: bool = True) -> DecisionDataset:
    """Opens a decision dataset: its folder, or a run folder holding one in `dataset/` (the default export).
    relative_seats: per-seat outcomes with the deciding seat first (False: by seat number)."""
    p = Path(path)
    if not (p / INDEX).exists() and (p / "dataset" / INDEX).exists():
        p = p / "dataset"
    return DecisionDataset(p, relative_seats=relative_seats)
