"""A batch of decisions as numpy arrays (what galaxysim.results.decision_dataset yields), with the dense
observation and legal-action mask made on demand.

    b.action, b.seat, b.kind, b.round, b.bot, b.game_index, b.step, b.legal      (n,) each
    b.outcome, b.score, b.rank       (n, players): every seat's result; column 0 is the deciding seat, column k
                                     the seat k places after it (as the observation's seat blocks), unless the
                                     dataset was asked for absolute seats
    b.observation(np.float32)        (n, observation_size) dense, from the sparse obs_offsets/obs_slot/obs_value
    b.legal_mask()                   (n, num_distinct_actions) bool, from the bit-packed mask_bits (n, mask bytes)

Only numpy: a PyTorch user wraps the arrays with torch.from_numpy.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
import pyarrow as pa

from .arrays import numpy

__all__ = ["Batch", "decode", "concat"]

_SCALARS = ("game_index", "step", "seat", "kind", "round", "bot", "action", "legal")
_PER_SEAT = ("outcome", "score", "rank")


@dataclass
class Batch:
    game_index: np.ndarray  # int64
    step: np.ndarray        # int16: the decision's number in its game
    seat: np.ndarray        # int8: the deciding seat
    kind: np.ndarray        # int8: index into the dataset's kinds
    round: np.ndarray       # int16
    bot: np.ndarray         # int8: index into the dataset's bots
    action: np.ndarray      # int16: the action taken
    legal: np.ndarray       # int16: how many actions were legal
    mask_bits: np.ndarray   # uint8 (n, ceil(A / 8)): bit a % 8 of byte a // 8 = action a legal
    obs_offsets: np.ndarray  # int64 (n + 1): row i's non-zero slots are obs_slot[obs_offsets[i]:obs_offsets[i+1]]
    obs_slot: np.ndarray    # uint16
    obs_value: np.ndarray   # int16
    outcome: np.ndarray     # int8 (n, players): 0 loss, 1 shared win, 2 win
    score: np.ndarray       # int16 (n, players)
    rank: np.ndarray        # int8 (n, players): 1 = best
    observation_size: int
    num_distinct_actions: int

    def __len__(self) -> int:
        return len(self.action)

    def observation(self, dtype=np.int16, out: np.ndarray | None = None) -> np.ndarray:
        """The deciding seat's observation vectors, dense: (n, observation_size). `out`, if given, is filled
        instead (reusing one buffer saves a fresh allocation per batch)."""
        n = len(self)
        if out is None:
            out = np.zeros((n, self.observation_size), dtype=dtype)
        else:
            if out.shape != (n, self.observation_size):
                raise ValueError(f"out has shape {out.shape}, expected {(n, self.observation_size)}")
            out[...] = 0
        rows = np.repeat(np.arange(n), np.diff(self.obs_offsets))
        out[rows, self.obs_slot] = self.obs_value
        return out

    def legal_mask(self) -> np.ndarray:
        """The legal actions, dense: (n, num_distinct_actions) bool."""
        bits = np.unpackbits(self.mask_bits, axis=1, count=self.num_distinct_actions, bitorder="little")
        return bits.view(np.bool_)

    def take(self, rows: np.ndarray) -> "Batch":
        """The rows at `rows` (integer positions), in that order."""
        rows = np.asarray(rows, dtype=np.int64)
        start = self.obs_offsets[:-1][rows]
        count = self.obs_offsets[1:][rows] - start
        offsets = np.zeros(len(rows) + 1, np.int64)
        np.cumsum(count, out=offsets[1:])
        gather = np.repeat(start - offsets[:-1], count) + np.arange(offsets[-1])
        return Batch(**{name: getattr(self, name)[rows] for name in _SCALARS + _PER_SEAT + ("mask_bits",)},
                     obs_offsets=offsets, obs_slot=self.obs_slot[gather], obs_value=self.obs_value[gather],
                     observation_size=self.observation_size, num_distinct_actions=self.num_distinct_actions)

    def relative(self) -> "Batch":
        """The per-seat columns turned so that column 0 is the deciding seat and column k the seat k places
        after it (seat (seat + k) mod players), as in the observation's seat blocks."""
        players = self.outcome.shape[1]
        cols = (self.seat.astype(np.int64)[:, None] + np.arange(players)) % players
        rows = np.arange(len(self))[:, None]
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out.update({name: getattr(self, name)[rows, cols] for name in _PER_SEAT})
        return Batch(**out)


def _fixed_binary(a: pa.Array) -> np.ndarray:
    width = a.type.byte_width
    data = np.frombuffer(a.buffers()[1], np.uint8)
    return data[a.offset * width:(a.offset + len(a)) * width].reshape(len(a), width)


def _list(a: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    offsets = numpy(a.offsets).astype(np.int64)
    values = numpy(a.values)[offsets[0]:offsets[-1]]
    return offsets - offsets[0], values


def decode(batch: pa.RecordBatch, observation_size: int, num_distinct_actions: int) -> Batch:
    """A record batch of a dataset shard as a Batch (absolute seats); views of its buffers where possible."""
    col = batch.column
    d = {name: numpy(col(name)) for name in _SCALARS if name not in ("kind", "bot")}
    d.update(kind=numpy(col("kind").indices), bot=numpy(col("bot").indices))
    n = batch.num_rows
    for name in _PER_SEAT:
        values = col(name).flatten()
        d[name] = numpy(values).reshape(n, -1)
    offsets, slots = _list(col("obs_slot"))
    _, values = _list(col("obs_value"))
    return Batch(**d, mask_bits=_fixed_binary(col("legal_mask")), obs_offsets=offsets, obs_slot=slots,
                 obs_value=values, observation_size=observation_size, num_distinct_actions=num_distinct_actions)


def concat(parts: "list[Batch]") -> Batch:
    """The rows of `parts`, one after the other."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    offsets = [np.zeros(1, np.int64)]
    base = 0
    for p in parts:
        offsets.append(p.obs_offsets[1:] + base)
        base += int(p.obs_offsets[-1])
    out = {name: np.concatenate([getattr(p, name) for p in parts]) for name in
           _SCALARS + _PER_SEAT + ("mask_bits", "obs_slot", "obs_value")}
    return Batch(**out, obs_offsets=np.concatenate(offsets), observation_size=first.observation_size,
                 num_distinct_actions=first.num_distinct_actions)
