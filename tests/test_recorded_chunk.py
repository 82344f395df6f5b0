"""--record-decisions in bounded memory (issue 24, item 5; galaxysim.sim.recorded_chunk): a chunk is played in
slices whose decisions go to the chunk's Parquet file one row group at a time, spooled to disk beyond a size,
with the rows of a chunk played in one piece."""
from __future__ import annotations

import pickle
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from galaxysim.results import load_decisions, load_games, load_seats
from galaxysim.sim import RunConfig
from galaxysim.sim import recorded_chunk
from galaxysim.sim.run import start


def play(out: Path, **kw) -> Path:
    values = dict(players=3, bots=["heuristic", "random", "heuristic"], games=30, seed=7, record_decisions=True,
                  threads=1, out=str(out), quiet=True)
    values.update(kw)
    assert start(RunConfig(**values), progress=False).complete
    return out


def test_a_large_recorded_chunk_is_played_in_slices_with_the_rows_of_small_chunks(tmp_path, monkeypatch):
    calls = []
    run = recorded_chunk.play_recorded_chunk

    class Counting:  # the engine's runner, counting the games of each call
        def __init__(self, runner):
            self.runner = runner

        def run(self, seed, first, count, *rest):
            calls.append(count)
            return self.runner.run(seed, first, count, *rest)

    def spy(runner, *args):
        return run(Counting(runner), *args)
    monkeypatch.setattr("galaxysim.sim.chunk_job.play_recorded_chunk", spy)
    monkeypatch.setattr(recorded_chunk, "SLICE_GAMES_PER_THREAD", 4)
    monkeypatch.setattr(recorded_chunk, "SPOOL_BYTES", 20_000)  # and the chunk's decisions spill to disk
    monkeypatch.setattr(recorded_chunk, "ROW_GROUP_ROWS", 1_000)
    big = play(tmp_path / "big", chunk_size=30)
    assert calls == [4] * 7 + [2]  # 30 games in slices of 4: the chunk was never held whole
    rows = load_decisions(big).num_rows
    f = pq.ParquetFile(big / "decisions" / "chunk-000000.parquet")
    assert [f.metadata.row_group(i).num_rows for i in range(f.num_row_groups)] == \
        [1_000] * (rows // 1_000) + [rows % 1_000]
    monkeypatch.setattr(recorded_chunk, "SLICE_GAMES_PER_THREAD", 1000)
    small = play(tmp_path / "small", chunk_size=5)
    assert load_decisions(big).equals(load_decisions(small))
    assert load_games(big).drop_columns(["wall_time_us"]).equals(load_games(small).drop_columns(["wall_time_us"]))
    assert load_seats(big).equals(load_seats(small))
    assert not [p for p in big.iterdir() if p.name.startswith(".") and p.name != ".lock"]


def test_a_spooled_file_moves_to_disk_beyond_its_size_and_travels_pickled(tmp_path, monkeypatch):
    monkeypatch.setattr(recorded_chunk, "SPOOL_BYTES", 4_000)
    monkeypatch.setattr(recorded_chunk, "ROW_GROUP_ROWS", 1_000)
    t = pa.table({"x": pa.array(range(5_000), pa.int64()), "y": pa.array([str(i) for i in range(5_000)])})
    spool = recorded_chunk.SpooledParquet(tmp_path)
    spool.add(t.slice(0, 2_500))
    spool.add(t.slice(2_500))
    assert spool.on_disk and spool.num_rows == 5_000
    copy = pickle.loads(pickle.dumps(spool))
    entry = spool.write_to(tmp_path / "a.parquet")
    assert entry["rows"] == 5_000 and entry["bytes"] == (tmp_path / "a.parquet").stat().st_size
    assert pq.read_table(tmp_path / "a.parquet").equals(t)
    assert copy.write_to(tmp_path / "b.parquet")["sha256"] == entry["sha256"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.parquet", "b.parquet"]  # an anonymous spool file
