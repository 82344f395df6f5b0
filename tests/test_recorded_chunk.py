"""--record-decisions in bounded memory (issue 24, item 5; galaxysim.sim.recorded_chunk): a chunk is played in
slices whose decisions go to the chunk's Parquet file one row group at a time, spooled to disk beyond a size,
with the rows of a chunk played in one piece."""
from __future__ import annotations

import pickle
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

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


class FirstLegal:
    """A Python bot: the first legal action."""

    def act(self, state, legal_actions):
        return legal_actions[0]


def decision_batches(monkeypatch) -> list:
    """Records the games and decisions of every batch of engine columns whose decisions are made into a table:
    what a chunk's play holds in memory at once."""
    from galaxysim.sim.arrow_tables import TableConverter

    seen = []
    decisions = TableConverter.decisions

    def spy(self, res):
        seen.append((len(res["games"]["game_index"]), len(res["decisions"]["game_index"])))
        return decisions(self, res)
    monkeypatch.setattr(TableConverter, "decisions", spy)
    return seen


def sha(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("kind, bots, players, objects", [
    ("match", ["heuristic", "random"], 3, {}),
    ("tournament", ["first", "random", "heuristic"], 2, {"first": FirstLegal()}),  # a Python bot's games too
])
def test_a_recorded_match_holds_a_slice_of_games_whatever_its_chunk_size(tmp_path, monkeypatch, kind, bots,
                                                                          players, objects):
    """Issue 24 item 5 for matches and tournaments: the decisions held at once are those of a slice of games,
    not of the chunk (a match played a chunk of 10,000 recorded games in one piece: about 12 GB)."""
    from galaxysim.sim.match import MatchConfig, play as play_match

    seen = decision_batches(monkeypatch)
    monkeypatch.setattr(recorded_chunk, "SLICE_GAMES_PER_THREAD", 4)
    monkeypatch.setattr(recorded_chunk, "SPOOL_BYTES", 20_000)  # and the chunk's decisions spill to disk
    monkeypatch.setattr(recorded_chunk, "ROW_GROUP_ROWS", 1_000)

    def config(out: Path, chunk_size: int) -> MatchConfig:
        return MatchConfig(kind=kind, bots=list(bots), players=players, games=12, seed=5, chunk_size=chunk_size,
                           record_decisions=True, threads=1, out=str(out), quiet=True)

    def match(out: Path, chunk_size: int) -> Path:
        assert play_match(config(out, chunk_size), objects=objects, progress=False).complete
        return out

    total = config(tmp_path, 1).total_games  # (12 games in the match, 36 in the tournament)
    peaks = {}
    for size in (6, total):  # (every game in one chunk)
        seen.clear()
        folder = match(tmp_path / f"chunks-{size}", size)
        peaks[size] = max(games for games, _ in seen)
        assert sum(games for games, _ in seen) == total
        assert not [p for p in folder.iterdir() if p.name.startswith(".") and p.name != ".lock"]
    assert peaks == {6: 4, total: 4}
    f = pq.ParquetFile(tmp_path / f"chunks-{total}" / "decisions" / "chunk-000000.parquet")
    rows = f.metadata.num_rows
    assert rows > 1_000 and [f.metadata.row_group(i).num_rows for i in range(f.num_row_groups)] == \
        [1_000] * (rows // 1_000) + [rows % 1_000]
    # The rows are those of chunks played in one piece, and so are the seats files' bytes.
    monkeypatch.setattr(recorded_chunk, "SLICE_GAMES_PER_THREAD", 1000)
    whole = match(tmp_path / "whole", 6)
    assert [sha(p) for p in sorted((tmp_path / "chunks-6" / "seats").iterdir())] == \
        [sha(p) for p in sorted((whole / "seats").iterdir())]
    for folder in (tmp_path / "chunks-6", tmp_path / f"chunks-{total}"):
        assert load_decisions(folder).equals(load_decisions(whole))
        assert load_games(folder).drop_columns(["wall_time_us"]).equals(
            load_games(whole).drop_columns(["wall_time_us"]))
        assert load_seats(folder).equals(load_seats(whole))


def test_a_recorded_chunk_has_the_same_files_whatever_its_slices(tmp_path, monkeypatch):
    """The slices follow the thread count; a chunk's seats and decisions files do not (a start world column's
    dictionary held the start worlds in the order the slices met them, not in card order)."""
    def files(name: str, slice_games: int, threads: int) -> list[str]:
        monkeypatch.setattr(recorded_chunk, "SLICE_GAMES_PER_THREAD", slice_games)
        out = play(tmp_path / name, players=2, bots=["random"], games=30, seed=8, chunk_size=30, threads=threads)
        return [sha(out / table / "chunk-000000.parquet") for table in ("seats", "decisions")]

    whole = files("whole", 1000, 1)
    assert files("one", 1, 1) == whole  # (slices of one game)
    assert files("two", 1, 2) == whole  # (slices of two games)
