"""The decision dataset's format: a folder of Arrow IPC shards and its index, dataset.json.

    DATASET/dataset.json           what the shards hold (game, layout, names) and the list of shards
    DATASET/shard-000000.arrow     Arrow IPC files (Feather v2), zstd-compressed record batches

One row per recorded decision, in (game index, step) order; a shard holds whole games and at most
`shard_rows` rows (the last game may take it a little over), cut into record batches of exactly `batch_rows`
rows but the shard's last, so row r of a shard is row r % batch_rows of its record batch r // batch_rows.
Columns (docs/decision-dataset.md):

    game_index int64, step int16, seat int8, kind dictionary<int8, string>, round int16, bot dictionary<int8,
    string>, action int16, legal int16 (how many), legal_mask fixed_size_binary(ceil(A / 8)) (bit a % 8 of
    byte a // 8: action a is legal; A = num_distinct_actions), obs_slot list<uint16>, obs_value list<int16>
    (the deciding seat's observation: its non-zero slots and their values), outcome fixed_size_list<int8>[P]
    (per seat: 0 loss, 1 shared win, 2 win), score fixed_size_list<int16>[P], rank fixed_size_list<int8>[P]
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import pyarrow as pa

from .manifest import RunFolderError

FORMAT = "galaxysim-decision-dataset"
FORMAT_VERSION = 1
INDEX = "dataset.json"
COMPRESSION = "zstd"
#: Rows per record batch: random access decompresses one batch. benchmarks/dataset.py measures the choice: with
#: 4,096 rows a random decision costs about 2 ms of CPU and in-order reading runs at ~2.2 million decisions per
#: CPU second; 8,192 reads 10% faster and takes 40% longer to reach one decision, 2,048 the other way.
BATCH_ROWS = 4096
#: Rows per shard (whole games): ~50 MB of RftG base-game decisions.
SHARD_ROWS = 1_000_000
#: The outcome codes of the outcome column.
OUTCOMES = ("loss", "shared win", "win")
LOSS, SHARED_WIN, WIN = 0, 1, 2


class DatasetError(RunFolderError):
    """A decision dataset folder that is missing, incomplete, corrupt, foreign or from a newer galaxysim (a
    RunFolderError: the command line reports it as bad input)."""


def shard_name(k: int) -> str:
    return f"shard-{k:06d}.arrow"


def schema(players: int, mask_bytes: int) -> pa.Schema:
    """The shards' columns for games of `players` seats and masks of `mask_bytes` bytes."""
    names = pa.dictionary(pa.int8(), pa.string())
    return pa.schema([
        pa.field("game_index", pa.int64(), nullable=False),
        pa.field("step", pa.int16(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("kind", names, nullable=False),
        pa.field("round", pa.int16(), nullable=False),
        pa.field("bot", names, nullable=False),
        pa.field("action", pa.int16(), nullable=False),
        pa.field("legal", pa.int16(), nullable=False),
        pa.field("legal_mask", pa.binary(mask_bytes), nullable=False),
        pa.field("obs_slot", pa.list_(pa.field("item", pa.uint16(), nullable=False)), nullable=False),
        pa.field("obs_value", pa.list_(pa.field("item", pa.int16(), nullable=False)), nullable=False),
        pa.field("outcome", pa.list_(pa.field("item", pa.int8(), nullable=False), players), nullable=False),
        pa.field("score", pa.list_(pa.field("item", pa.int16(), nullable=False), players), nullable=False),
        pa.field("rank", pa.list_(pa.field("item", pa.int8(), nullable=False), players), nullable=False),
    ], metadata={b"galaxysim.table": b"decision_dataset_shard",
                 b"galaxysim.dataset_format_version": str(FORMAT_VERSION).encode()})


def _need(cond: bool, where: Path, what: str) -> None:
    if not cond:
        raise DatasetError(f"{where}: corrupt {INDEX}: {what}")


def read_index(folder: Path) -> dict[str, Any]:
    """The checked dataset.json of a dataset folder; DatasetError names the problem."""
    folder = Path(folder)
    path = folder / INDEX
    if not folder.is_dir():
        raise DatasetError(f"{folder}: no such dataset folder")
    if not path.is_file():
        raise DatasetError(f"{folder}: not a galaxysim decision dataset (no {INDEX}; an export that did not "
                           "finish leaves none: export it again)")
    try:
        index = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise DatasetError(f"{path}: unreadable: {str(e)[:80]}") from None
    if not isinstance(index, dict) or index.get("format") != FORMAT:
        raise DatasetError(f"{folder}: not a galaxysim decision dataset ({INDEX} is foreign)")
    version = index.get("format_version")
    _need(isinstance(version, int), path, "format_version is missing")
    if version > FORMAT_VERSION:
        raise DatasetError(f"{folder}: made by a newer galaxysim (dataset format {version}; this one reads "
                           f"{FORMAT_VERSION}): upgrade galaxysim")
    for key in ("players", "rows", "games", "batch_rows", "num_distinct_actions", "mask_bytes", "observation_size"):
        _need(isinstance(index.get(key), int) and index[key] >= 0, path, f"{key} is missing")
    _need(index["batch_rows"] > 0 and index["players"] > 0, path, "batch_rows and players must be positive")
    _need(index["mask_bytes"] == (index["num_distinct_actions"] + 7) // 8, path, "mask_bytes does not fit")
    for key in ("kinds", "bots", "slot_names"):
        _need(isinstance(index.get(key), list) and all(isinstance(x, str) for x in index[key]), path,
              f"{key} is not a list of names")
    _need(len(index["slot_names"]) == index["observation_size"], path, "slot_names do not match observation_size")
    shards = index.get("shards")
    _need(isinstance(shards, list), path, "shards is not a list")
    total = 0
    for k, s in enumerate(shards):
        _need(isinstance(s, dict) and s.get("path") == shard_name(k), path, f"shard {k} is not {shard_name(k)}")
        for key in ("rows", "games", "bytes", "first_game", "last_game"):
            _need(isinstance(s.get(key), int) and s[key] >= 0, path, f"shard {k} has no {key}")
        _need(isinstance(s.get("sha256"), str), path, f"shard {k} has no sha256")
        total += s["rows"]
    _need(total == index["rows"], path, f"the shards hold {total} rows, rows says {index['rows']}")
    return index


def index_text(index: dict[str, Any]) -> str:
    """dataset.json's text: indented, with one line per shard and the slot names on one line."""
    flat = {k: v for k, v in index.items() if k not in ("shards", "slot_names")}
    head = json.dumps(flat, indent=1)[:-2]
    shards = ",\n  ".join(json.dumps(s) for s in index["shards"])
    return (f'{head},\n "slot_names": {json.dumps(index["slot_names"])},\n'
            f' "shards": [{chr(10) + "  " + shards + chr(10) + " " if shards else ""}]\n}}\n')


def names_array(codes: "pa.Array", names: Sequence[str]) -> pa.DictionaryArray:
    from .arrays import strings

    return pa.DictionaryArray.from_arrays(codes, strings(list(names)))
