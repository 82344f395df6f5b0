"""A run's chunks, playable in any process: the local chunk loop plays them here, a Ray worker plays them there
(galaxysim.cluster.tasks), from the same picklable ChunkJob. Chunk k holds games k * chunk_size onwards.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from galaxysim.results import schema as sch
from galaxysim.results.writer import EncodedChunk

from .arrow_tables import TableConverter
from .chunk_plan import chunk_span
from .config import RunConfig
from .engine import make_runner
from .recorded_chunk import RecordedChunk, play_recorded_chunk
from .shipped_models import runner_config


@dataclass
class ChunkJob:
    """Everything a process needs to play any chunk of a run: the resolved config, the run id, and the engine
    version whose games the run holds. Picklable: the Ray driver sends it to its workers (cluster/tasks.py)."""

    config: RunConfig
    run_id: str
    engine_version: str
    model_files: dict[str, bytes] = field(default_factory=dict)  # net spec -> model file (Ray: sim/shipped_models.py)

    def span(self, chunk: int) -> tuple[int, int]:
        """(first game, game count) of a chunk."""
        return chunk_span(chunk, self.config.chunk_size, self.config.games)

    def player(self) -> "ChunkPlayer":
        return ChunkPlayer(self)


class ChunkPlayer:
    """Plays chunks of one run: the engine's batch runner and the converter to the run's tables. Building it
    checks the config against the engine (players, bots, expansion)."""

    def __init__(self, job: ChunkJob):
        self.job = job
        self.runner = make_runner(runner_config(job))
        self.converter = TableConverter.for_run(job.config, job.run_id)

    def play(self, chunk: int, threads: int) -> tuple[dict, float]:
        """The engine's columns for a chunk's games (GIL released while it plays), and the seconds it took."""
        first, count = self.job.span(chunk)
        t = time.perf_counter()
        if self.job.config.record_decisions:  # in slices, in bounded memory (sim/recorded_chunk.py)
            res = play_recorded_chunk(self.runner, self.converter, int(self.job.config.seed), first, count,
                                      int(threads), self.job.config.out)
        else:
            res = self.runner.run(int(self.job.config.seed), first, count, int(threads), False)
        return res, time.perf_counter() - t

    def encode(self, chunk: int, res: dict, **extra: Any) -> EncodedChunk:
        """The chunk's Parquet files, ready for RunWriter.write_encoded_chunk."""
        first, count = self.job.span(chunk)
        tables = res.tables if isinstance(res, RecordedChunk) else self.converter.tables(res)
        if tables["games"].num_rows != count:
            raise sch.SchemaError(f"engine returned {tables['games'].num_rows} games for chunk {chunk}, "
                                  f"expected {count}")
        return EncodedChunk.encode(chunk, first, tables, **extra)
