"""The decision dataset of a run (recorded with --record-decisions), for training: Arrow IPC shards
(galaxysim.results.dataset_format; docs/decision-dataset.md).

    from galaxysim.results.dataset_export import export_dataset
    export_dataset("runs/ml", "runs/ml/dataset", game.replay_decisions, game_info)

The run's decisions give the games' actions; each game is replayed from its deal seed with those actions
(the engine's Game.replay_decisions), which gives every decision's round, the deciding seat's observation (as
its non-zero slots) and the legal actions, and checks the run: the replay must pose the recorded seat, kind and
number of legal actions, accept every recorded action and end with the stored scores. The seats table gives
each decision its bot and every seat's outcome. The run is read one chunk, and within it one slice of games,
at a time, and the shards are written as they fill: memory does not grow with the run. Games a failing Python
bot stopped (they did not end) are left out.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .arrays import column, numpy, read_parquet, strings
from .dataset_format import (BATCH_ROWS, FORMAT, FORMAT_VERSION, LOSS, SHARD_ROWS, SHARED_WIN, WIN, DatasetError,
                             schema)
from .dataset_writer import DatasetFolder, ShardWriter
from .manifest import RunFolderError
from .reader import Run, open_run

__all__ = ["GameInfo", "export_dataset", "DECISION_COLUMNS"]

#: What the export reads of the run's decisions (not the observation: the replay makes it).
DECISION_COLUMNS = ("game_index", "step", "seat", "kind", "action", "legal")
#: Decisions read (and replayed) at a time.
SLICE_ROWS = 1 << 16

Replay = Callable[[np.ndarray, np.ndarray, np.ndarray], Mapping[str, np.ndarray]]


@dataclass(frozen=True)
class GameInfo:
    """What the export needs to know of the run's game (galaxysim.sim.export.dataset_game gives it)."""

    replay: Replay                 # Game.replay_decisions of the run's game
    kinds: Sequence[str]           # decision kind names, by engine code
    slot_names: Sequence[str]      # observation slot names
    encoding: str                  # the observation encoding (manifest "observation" / "encoding")
    num_distinct_actions: int


def _chunk_seats(run: Run, chunk: dict, players: int, bots: list[str]) -> dict[str, np.ndarray]:
    """Per game of the chunk (by game index - first game): seed, and per seat bot code, outcome, score, rank."""
    try:
        g = read_parquet(run.path / chunk["files"]["games"]["path"], ["game_index", "seed", "decisions"])
        s = read_parquet(run.path / chunk["files"]["seats"]["path"], ["game_index", "seat", "bot", "won", "score",
                                                                     "rank"])
    except (OSError, pa.ArrowInvalid) as e:
        raise RunFolderError(f"{run.path}: corrupt run folder: cannot read chunk {chunk['chunk']}: {e}") from None
    first, n = chunk["first_game"], chunk["games"]
    if g.num_rows != n or np.any(numpy(g.column("game_index")) != np.arange(first, first + n)):
        raise RunFolderError(f"{run.path}: games of chunk {chunk['chunk']} are not games {first}..{first + n - 1}")
    sg, seat = numpy(s.column("game_index")), numpy(s.column("seat"))
    if len(sg) != n * players or np.any(sg != np.repeat(np.arange(first, first + n), players)) \
            or np.any(seat != np.tile(np.arange(players), n)):
        raise RunFolderError(f"{run.path}: seats of chunk {chunk['chunk']} are not in game and seat order")
    codes = np.empty(len(sg), np.int8)
    pos = 0
    for c in s.column("bot").chunks:
        names = c.dictionary.to_pylist()
        unknown = [b for b in names if b not in bots]
        if unknown:
            raise RunFolderError(f"{run.path}: chunk {chunk['chunk']} names bot {unknown[0][:80]!r}, which its "
                                 "config does not list")
        lookup = np.array([bots.index(b) for b in names] + [0], np.int8)
        codes[pos:pos + len(c)] = lookup[numpy(c.indices)]
        pos += len(c)
    won = numpy(s.column("won")).reshape(n, players)
    winners = won.sum(axis=1, keepdims=True)
    outcome = np.where(won, np.where(winners > 1, SHARED_WIN, WIN), LOSS).astype(np.int8)
    return {"seed": numpy(g.column("seed")), "decisions": numpy(g.column("decisions")),
            "bot": codes.reshape(n, players), "outcome": outcome,
            "score": numpy(s.column("score")).reshape(n, players).astype(np.int16),
            "rank": numpy(s.column("rank")).reshape(n, players).astype(np.int8)}


def _slices(run: Run, chunk: dict, kinds: Sequence[str]) -> Iterator[dict[str, np.ndarray]]:
    """The chunk's recorded decisions in slices of whole games (about SLICE_ROWS rows each)."""
    path = run.path / chunk["files"]["decisions"]["path"]
    carry: dict[str, np.ndarray] | None = None
    try:
        f = pq.ParquetFile(path)
        missing = [c for c in DECISION_COLUMNS if c not in f.schema_arrow.names]
        if missing:
            raise pa.ArrowInvalid(f"no column {missing[0]!r}")
        for b in f.iter_batches(batch_size=SLICE_ROWS, columns=list(DECISION_COLUMNS)):
            part = {name: numpy(b.column(name)) for name in DECISION_COLUMNS if name != "kind"}
            k = b.column("kind")
            lookup = np.array([kinds.index(v) if v in kinds else -1 for v in k.dictionary.to_pylist()] + [-1],
                              np.int8)
            part["kind"] = lookup[numpy(k.indices)]
            if carry is not None:
                part = {name: np.concatenate([carry[name], part[name]]) for name in part}
            gi = part["game_index"]
            cut = int(np.searchsorted(gi, gi[-1], side="left"))  # the last game may go on in the next batch
            carry = {name: v[cut:] for name, v in part.items()}
            if cut:
                yield {name: v[:cut] for name, v in part.items()}
        f.close()
    except (OSError, pa.ArrowInvalid) as e:
        raise RunFolderError(f"{run.path}: corrupt run folder: cannot read "
                             f"{chunk['files']['decisions']['path']}: {e}") from None
    if carry is not None and len(carry["game_index"]):
        yield carry


def _replayed_batch(d: dict[str, np.ndarray], info: GameInfo, seats: dict[str, np.ndarray], first: int,
                    players: int, kinds: pa.Array, bots: pa.Array, out_schema: pa.Schema, where: str):
    """One slice of whole games replayed and checked: (record batch of its finished games' decisions, games)."""
    gi = d["game_index"]
    games, starts, counts = np.unique(gi, return_index=True, return_counts=True)
    if np.any(np.diff(starts) < 0) or np.any(np.diff(gi) < 0) or games[0] < first \
            or games[-1] >= first + len(seats["seed"]):
        raise RunFolderError(f"{where}: decisions are not in game order within their chunk")
    row_game = games - first
    short = np.flatnonzero(counts != seats["decisions"][row_game])
    if len(short):
        k = int(short[0])
        raise RunFolderError(f"{where}: game {int(games[k])} has {int(counts[k])} decisions in the decisions file, "
                             f"the games table says {int(seats['decisions'][row_game[k]])}")
    try:
        r = info.replay(seats["seed"][row_game], counts.astype(np.int32), d["action"])
    except ValueError as e:  # the engine's RulesError: a recorded action the replay does not allow
        raise RunFolderError(f"{where}: the run does not replay (played by another engine, or changed?): "
                             f"{_game_named(str(e), games)}") from None
    for name in ("seat", "kind", "legal"):
        bad = np.flatnonzero(r[name] != d[name])
        if len(bad):
            i = int(bad[0])
            raise RunFolderError(f"{where}: game {int(gi[i])} decision {int(d['step'][i])}: the replay poses "
                                 f"{name} {int(r[name][i])}, the run recorded {int(d[name][i])} (played by another "
                                 "engine?)")
    finished = r["finished"].astype(bool)
    stored = seats["score"][row_game]
    wrong = np.flatnonzero(finished & np.any(r["scores"] != stored, axis=1))
    if len(wrong):
        k = int(wrong[0])
        raise RunFolderError(f"{where}: game {int(games[k])} replays to scores {r['scores'][k].tolist()}, the run "
                             f"holds {stored[k].tolist()} (played by another engine?)")
    keep_row = np.repeat(finished, counts)
    n = len(gi)
    obs_end, game_row = r["obs_end"], np.repeat(row_game, counts)  # each decision's game, in the chunk
    obs_offsets = np.zeros(n + 1, np.int64)
    obs_offsets[1:] = obs_end
    if obs_end.size and obs_end[-1] > np.iinfo(np.int32).max:
        raise DatasetError(f"{where}: a slice of more than 2**31 observation values")
    seat = d["seat"].astype(np.int64)
    mask = np.ascontiguousarray(r["mask"])
    arrays = [
        column(gi), column(d["step"]), column(d["seat"]),
        pa.DictionaryArray.from_arrays(column(d["kind"]), kinds),
        column(r["round"]),
        pa.DictionaryArray.from_arrays(column(seats["bot"][game_row, seat]), bots),
        column(d["action"]), column(d["legal"]),
        pa.FixedSizeBinaryArray.from_buffers(pa.binary(mask.shape[1]), n, [None, pa.py_buffer(mask)]),
        pa.ListArray.from_arrays(column(obs_offsets.astype(np.int32)), column(r["obs_slot"])),
        pa.ListArray.from_arrays(column(obs_offsets.astype(np.int32)), column(r["obs_value"])),
        *(pa.FixedSizeListArray.from_arrays(column(np.ascontiguousarray(seats[name][game_row]).ravel()), players)
          for name in ("outcome", "score", "rank")),
    ]
    batch = pa.RecordBatch.from_arrays(arrays, schema=out_schema)
    if not keep_row.all():
        batch = batch.filter(column(keep_row))
    return batch, games[finished], int((~finished).sum())


def _game_named(message: str, games: np.ndarray) -> str:
    """The engine names a game by its place in the replayed batch: name it by its game index."""
    m = re.match(r"game (\d+) of the batch(.*)", message)
    if m and int(m.group(1)) < len(games):
        return f"game {int(games[int(m.group(1))])}{m.group(2)}"
    return message


def export_dataset(run: "Run | str | os.PathLike[str]", out: "str | os.PathLike[str]", info: GameInfo, *,
                   overwrite: bool = False, shard_rows: int = SHARD_ROWS, batch_rows: int = BATCH_ROWS,
                   progress: "Callable[[int], None] | None" = None) -> dict[str, Any]:
    """Writes the decision dataset of `run` into the folder `out`; returns its dataset.json content. An earlier
    dataset at `out` is replaced once the new one is complete; a file there only with `overwrite`; any other
    folder is refused. `progress(n)`, if given, is called as decisions are written (the n add up to the run's
    recorded decisions)."""
    tick = progress or (lambda n: None)
    run = open_run(run)
    if "decisions" not in run.tables:
        raise RunFolderError(f"{run.path}: this run did not record decisions: play it with --record-decisions")
    if shard_rows < 1 or batch_rows < 1:
        raise ValueError("shard_rows and batch_rows must be positive")
    config = run.config
    players = int(config["players"])
    bots = list(dict.fromkeys(str(b) for b in config["bots"]))
    if len(bots) > 127:
        raise DatasetError(f"{run.path}: {len(bots)} bots: the dataset numbers at most 127")
    kinds = list(info.kinds)
    mask_bytes = (info.num_distinct_actions + 7) // 8
    out_schema = schema(players, mask_bytes)
    kind_names, bot_names = strings(kinds), strings(bots)
    rows = games = skipped = 0
    with DatasetFolder(out, overwrite=overwrite) as folder:
        shards = ShardWriter(folder.path, out_schema, batch_rows, shard_rows)
        try:
            for chunk in run.manifest["chunks"]:
                seats = _chunk_seats(run, chunk, players, bots)
                where = f"{run.path}: chunk {chunk['chunk']}"
                read = 0
                for d in _slices(run, chunk, kinds):
                    read += len(d["game_index"])
                    batch, kept, dropped = _replayed_batch(d, info, seats, chunk["first_game"], players, kind_names,
                                                           bot_names, out_schema, where)
                    if len(kept):
                        shards.add(batch, int(kept[0]), int(kept[-1]), len(kept))
                    rows += batch.num_rows
                    games += len(kept)
                    skipped += dropped
                    tick(len(d["game_index"]))
                if read != int(seats["decisions"].sum()):
                    raise RunFolderError(f"{where}: its decisions file holds {read} decisions, its games "
                                         f"{int(seats['decisions'].sum())}")
            entries = shards.close()
        except BaseException:
            shards.abort()
            raise
        index = {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "run": {"path": str(Path(run.path).resolve()), "run_id": run.manifest.get("run_id"),
                    "engine_version": run.manifest.get("engine_version"), "status": run.status,
                    "games_written": run.games_written},
            "config": config, "game": config.get("game", "rftg"), "players": players,
            "rows": rows, "games": games, "games_left_out": skipped,
            "observation_size": len(info.slot_names), "observation_encoding": info.encoding,
            "num_distinct_actions": int(info.num_distinct_actions), "mask_bytes": mask_bytes,
            "mask_bit_order": "little", "batch_rows": int(batch_rows), "shard_rows": int(shard_rows),
            "kinds": kinds, "bots": bots, "outcomes": ["loss", "shared win", "win"],
            "slot_names": list(info.slot_names), "shards": entries,
        }
        folder.finish(index)
    return index
