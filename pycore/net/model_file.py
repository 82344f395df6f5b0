"""The `net` model file (``.gsnet``): writing it from numpy weights, and reading its header.

Format version 1 (docs/net.md, "The model file"); all numbers little-endian::

    offset 0   8 bytes  signature  b"GSNET\\r\\n\\x1a"
           8   u32      format version (1)
          12   u32      header length H
          16   H bytes  header: UTF-8 JSON (see `header()`)
        16+H   u64      payload length P
        24+H   P bytes  payload: the arrays of WEIGHT_ORDER, in that order (int32 / float32)
      24+H+P   u64      FNV-1a 64 of every byte before it

The C++ engine (core/bots/net/model.cpp) reads it and refuses, with one line naming the file, a file that is
foreign, truncated, corrupt, of another format version, made for another game or another observation layout.
Playing a model needs only this file and the engine: no PyTorch.
"""
from __future__ import annotations

import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

SIGNATURE = b"GSNET\r\n\x1a"
FORMAT_VERSION = 1
SUFFIX = ".gsnet"

#: The payload's arrays, in file order: (name, dtype).
WEIGHT_ORDER = (
    ("slots", np.int32),         # observation_size x 3: first input row, cap, shift of every observation slot
    ("w1", np.float32),          # inputs x h1
    ("b1", np.float32),          # h1
    ("w2", np.float32),          # h1 x h2
    ("b2", np.float32),          # h2
    ("wv", np.float32),          # seats x h2
    ("bv", np.float32),          # seats
    ("action_class", np.int32),  # action_rows
    ("wa", np.float32),          # action_rows x h2
    ("ba", np.float32),          # action_rows
)


class ModelFileError(ValueError):
    """A model file that cannot be read: one line naming the file and what is wrong."""


def fnv1a64(data: bytes) -> int:
    """FNV-1a 64 of bytes: the file's trailing checksum (a serial hash: ~0.1 s per MB in Python)."""
    h = 0xCBF29CE484222325
    prime, mask = 0x100000001B3, 0xFFFFFFFFFFFFFFFF
    for b in data:
        h = ((h ^ b) * prime) & mask
    return h


@dataclass
class Weights:
    """The arrays of a model, shaped as WEIGHT_ORDER says."""

    slots: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    wv: np.ndarray
    bv: np.ndarray
    action_class: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    wa: np.ndarray | None = None
    ba: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))

    @property
    def dims(self) -> dict:
        return {"inputs": int(self.w1.shape[0]), "h1": int(self.w1.shape[1]), "h2": int(self.w2.shape[1]),
                "seats": int(self.wv.shape[0])}


def header(*, game: str, expansion: str, players: list[int], observation_size: int, layout: str,
           action_encoding: str, action_space: int, weights: Weights, choose: str, unseen_logit: float = 0.0,
           **extra) -> dict:
    """The header of a model file. `extra` (configuration, training facts, ...) is kept as written."""
    h = {
        "game": game,
        "expansion": expansion,
        "players": sorted(int(p) for p in players),
        "observation": {"size": int(observation_size), "layout": layout},
        "actions": {"encoding": action_encoding, "space": int(action_space), "rows": int(len(weights.action_class)),
                    "unseen_logit": float(unseen_logit)},
        "net": weights.dims,
        "choose": choose,
    }
    h.update(extra)
    return h


def encode(head: dict, weights: Weights) -> bytes:
    """The bytes of a model file."""
    d = weights.dims
    rows = len(weights.action_class)
    wa = weights.wa if weights.wa is not None else np.zeros((0, d["h2"]), np.float32)
    shapes = {"slots": (head["observation"]["size"], 3), "w1": (d["inputs"], d["h1"]), "b1": (d["h1"],),
              "w2": (d["h1"], d["h2"]), "b2": (d["h2"],), "wv": (d["seats"], d["h2"]), "bv": (d["seats"],),
              "action_class": (rows,), "wa": (rows, d["h2"]), "ba": (rows,)}
    parts = []
    for name, dtype in WEIGHT_ORDER:
        a = wa if name == "wa" else getattr(weights, name)
        a = np.ascontiguousarray(a, dtype=np.dtype(dtype).newbyteorder("<"))
        if a.shape != shapes[name]:
            raise ValueError(f"model weights: {name} has shape {a.shape}, expected {shapes[name]}")
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            raise ValueError(f"model weights: {name} holds a number that is not finite")
        parts.append(a.tobytes())
    payload = b"".join(parts)
    text = json.dumps(head, sort_keys=False).encode("utf-8")
    body = SIGNATURE + struct.pack("<II", FORMAT_VERSION, len(text)) + text + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<Q", fnv1a64(body))


def write(path: str | os.PathLike, head: dict, weights: Weights) -> str:
    """Writes a model file atomically (a temporary name, then renamed); returns its content hash."""
    data = encode(head, weights)
    path = Path(path)
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return content_hash_of(data)


def content_hash_of(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def content_hash(path: str | os.PathLike) -> str:
    """The content hash a run manifest records for a model file: "sha256:<hex>"."""
    return content_hash_of(Path(path).read_bytes())


def read_header(path: str | os.PathLike) -> dict:
    """The JSON header of a model file (structure checked; the weights are the engine's to check)."""
    path = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise ModelFileError(f"model {path}: cannot read it ({e.strerror})") from None
    if len(data) < 16 or data[:8] != SIGNATURE:
        raise ModelFileError(f"model {path}: not a galaxysim model file (it does not begin with the GSNET signature)")
    version, hlen = struct.unpack_from("<II", data, 8)
    if version != FORMAT_VERSION:
        raise ModelFileError(f"model {path}: model format version {version}; this galaxysim reads version "
                             f"{FORMAT_VERSION}")
    if len(data) < 16 + hlen:
        raise ModelFileError(f"model {path}: truncated: {len(data)} bytes, shorter than its header says")
    try:
        return json.loads(data[16:16 + hlen].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ModelFileError(f"model {path}: bad header: {e}") from None


def read_weights(path: str | os.PathLike) -> tuple[dict, Weights]:
    """Header and weights of a model file (e.g. to continue training from it)."""
    data = Path(path).read_bytes()
    head = read_header(path)
    hlen = struct.unpack_from("<I", data, 12)[0]
    (plen,) = struct.unpack_from("<Q", data, 16 + hlen)
    at = 24 + hlen
    n = head["net"]
    rows = head["actions"]["rows"]
    shapes = {"slots": (head["observation"]["size"], 3), "w1": (n["inputs"], n["h1"]), "b1": (n["h1"],),
              "w2": (n["h1"], n["h2"]), "b2": (n["h2"],), "wv": (n["seats"], n["h2"]), "bv": (n["seats"],),
              "action_class": (rows,), "wa": (rows, n["h2"]), "ba": (rows,)}
    arrays = {}
    for name, dtype in WEIGHT_ORDER:
        count = int(np.prod(shapes[name]))
        a = np.frombuffer(data, dtype=np.dtype(dtype).newbyteorder("<"), count=count, offset=at)
        arrays[name] = a.reshape(shapes[name]).astype(dtype)
        at += count * 4
    if at != 24 + hlen + plen:
        raise ModelFileError(f"model {path}: payload size does not match its header")
    return head, Weights(**arrays)
