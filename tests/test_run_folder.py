"""The run folder: deterministic rows whatever the threads and chunking, real Parquet readers (pyarrow.dataset,
DuckDB, pandas), manifest checksums, clean-up of an interrupted writer, clear errors for corrupt or foreign
folders. Runs are played in-process with the real engine (galaxysim._batch)."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from galaxysim.results import (SCHEMA_VERSION, RunFolderError, load_cards, load_decisions, load_games, load_seats, open_run,
                     summarize, verify_run, wilson_interval)
from galaxysim.results import schema as sch
from galaxysim.sim import RunConfig
from galaxysim.sim.config import ConfigError
from galaxysim.sim.run import resume, start

GAMES = 1_500
SEED = 20240611


def play(out: Path, **kw) -> Path:
    values = dict(players=4, bots=["random", "heuristic", "heuristic", "heuristic"], games=GAMES, seed=SEED,
                  out=str(out), quiet=True)
    values.update(kw)
    outcome = start(RunConfig(**values), progress=False)
    assert outcome.complete, outcome.message
    return out


def normalized(table: pa.Table, keys: list[str]) -> pa.Table:
    """Dictionary columns as plain strings (each chunk file has its own dictionary), the per-game wall time
    (the one column that depends on the machine) dropped, rows sorted."""
    cols = {}
    for name in table.column_names:
        if name == "wall_time_us":
            continue
        col = table.column(name)
        if pa.types.is_dictionary(col.type):
            col = pc.cast(col, pa.string())
        cols[name] = col
    t = pa.table(cols)
    return t.sort_by([(k, "ascending") for k in keys])


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_mtime_ns, st.st_size)
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """One run: 2 threads, chunks of 400 (the last one short), decisions recorded."""
    return play(tmp_path_factory.mktemp("ref") / "run", threads=2, chunk_size=400, record_decisions=True)


# --- determinism ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("threads,chunk_size", [(1, GAMES), (4, 250), (2, 999)])
def test_rows_do_not_depend_on_threads_or_chunking(tmp_path, reference, threads, chunk_size):
    run = play(tmp_path / "run", threads=threads, chunk_size=chunk_size, record_decisions=True)
    m = json.loads((run / "manifest.json").read_text())
    assert m["n_chunks"] == -(-GAMES // chunk_size) == len(m["chunks"])
    for load, keys in ((load_games, ["game_index"]), (load_seats, ["game_index", "seat"]),
                       (load_decisions, ["game_index", "step"])):
        a, b = normalized(load(reference), keys), normalized(load(run), keys)
        assert a.num_rows == b.num_rows > 0
        assert a.equals(b), f"{load.__name__} differs with {threads} threads, chunks of {chunk_size}"
    assert m["run_id"] == json.loads((reference / "manifest.json").read_text())["run_id"]


def test_same_chunking_gives_identical_seat_files(tmp_path, reference):
    """Same chunk size, other thread count: the seats files are byte-identical (same checksums)."""
    run = play(tmp_path / "run", threads=1, chunk_size=400, record_decisions=True)
    a = json.loads((reference / "manifest.json").read_text())["chunks"]
    b = json.loads((run / "manifest.json").read_text())["chunks"]
    assert [c["files"]["seats"]["sha256"] for c in a] == [c["files"]["seats"]["sha256"] for c in b]
    assert [c["files"]["decisions"]["sha256"] for c in a] == [c["files"]["decisions"]["sha256"] for c in b]


# --- the folder and its readers ------------------------------------------------------------------------------------

def test_folder_layout_and_manifest(reference):
    m = json.loads((reference / "manifest.json").read_text())
    assert m["format"] == "galaxysim-run" and m["schema_version"] == SCHEMA_VERSION
    assert m["status"] == "complete" and m["games"] == GAMES and m["chunk_size"] == 400 and m["n_chunks"] == 4
    assert m["tables"] == ["games", "seats", "decisions"]
    assert m["config"]["bots"] == ["random", "heuristic", "heuristic", "heuristic"]
    assert m["config"]["seed"] == SEED and m["engine_version"]
    assert [c["first_game"] for c in m["chunks"]] == [0, 400, 800, 1200]
    assert [c["games"] for c in m["chunks"]] == [400, 400, 400, 300]
    names = sorted(p.relative_to(reference).as_posix() for p in reference.rglob("*") if p.is_file())
    expected = ["cards.parquet", "manifest.json"] + [f"{t}/chunk-{k:06d}.parquet" for t in m["tables"]
                                                      for k in range(4)]
    assert [n for n in names if not n.startswith(".") and "/." not in n] == sorted(expected)
    assert not [n for n in names if n.endswith(".tmp")]
    for c in m["chunks"]:
        for t, f in c["files"].items():
            data = (reference / f["path"]).read_bytes()
            assert hashlib.sha256(data).hexdigest() == f["sha256"] and len(data) == f["bytes"]
            meta = pq.read_metadata(reference / f["path"])
            assert meta.num_rows == f["rows"]
            assert meta.row_group(0).column(0).compression == "ZSTD"
    verify_run(reference)


def test_manifest_rewrite_encodes_only_the_new_chunk(reference, monkeypatch):
    """The manifest is rewritten after every chunk. It was indented JSON through Python's slow encoder, every
    chunk entry again each time: a run of 1,000 one-game chunks took 35 s (of 0.03 s of play), 4,000 chunks six
    minutes. Now each entry is one line, encoded once per writer: a rewrite encodes the new entry only."""
    from galaxysim.results import manifest as mf

    m = json.loads((reference / "manifest.json").read_text())
    m["chunks"] = [dict(m["chunks"][0], chunk=k) for k in range(2000)]
    m["n_chunks"] = 2001
    text = mf.manifest_text(m)
    assert json.loads(text) == m
    assert text.count("\n") == 2000 + json.dumps({**m, "chunks": [0]}, indent=1).count("\n")  # a line per chunk
    calls = []
    real = json.dumps
    monkeypatch.setattr(json, "dumps", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    cache: dict = {}
    mf.manifest_text(m, cache)
    assert len(calls) == 2001  # the rest of the manifest, and every entry once
    calls.clear()
    m["chunks"].append(dict(m["chunks"][0], chunk=2000))
    m["status"] = "complete"
    again = mf.manifest_text(m, cache)
    assert len(calls) == 2 and json.loads(again) == m


def test_columns_are_tightly_typed(reference):
    games = pq.read_table(reference / "games" / "chunk-000000.parquet")
    seats = pq.read_table(reference / "seats" / "chunk-000000.parquet")
    decisions = pq.read_table(reference / "decisions" / "chunk-000000.parquet")
    dict8 = pa.dictionary(pa.int8(), pa.string())
    assert games.schema.field("rounds").type == pa.int16()
    assert games.schema.field("players").type == pa.int8()
    assert games.schema.field("end_reason").type == dict8
    assert games.schema.field("seed").type == pa.uint64()
    assert seats.schema.field("bot").type == dict8
    assert pa.types.is_dictionary(seats.schema.field("start_world").type)
    assert seats.schema.field("score").type == pa.int16()
    assert seats.schema.field("seat").type == pa.int8()
    assert seats.schema.field("tableau").type == pa.list_(pa.int16())
    assert decisions.schema.field("kind").type == dict8
    assert sch.table_name(seats.schema) == "seats" and sch.schema_version(seats.schema) == SCHEMA_VERSION
    # The values make sense.
    g = load_games(reference)
    s = load_seats(reference)
    assert g.column("game_index").to_pylist() == list(range(GAMES))
    assert s.num_rows == 4 * GAMES
    assert set(pc.unique(pc.cast(s.column("bot"), pa.string())).to_pylist()) == {"random", "heuristic"}
    assert pc.min(g.column("rounds")).as_py() >= 1
    won = s.column("won").to_numpy(zero_copy_only=False)
    mask = np.repeat(g.column("winners_mask").to_numpy(), 4)
    seat = s.column("seat").to_numpy()
    assert np.array_equal(won, ((mask >> seat) & 1).astype(bool))
    assert np.all(s.column("rank").to_numpy()[won] == 1)
    assert [len(w) for w in g.column("winners").to_pylist()] == [bin(m).count("1") for m in
                                                                  g.column("winners_mask").to_pylist()]
    cards = load_cards(reference)
    names = dict(zip(cards.column("card_id").to_pylist(), cards.column("name").to_pylist()))
    sw = s.slice(0, 20)
    for cid, name in zip(sw.column("start_world_id").to_pylist(), sw.column("start_world").to_pylist()):
        assert names[cid] == name
    assert max(max(t) for t in s.column("tableau").to_pylist()) < len(names)
    d = load_decisions(reference)
    assert d.num_rows == pc.sum(g.column("decisions")).as_py()


def test_pyarrow_duckdb_and_pandas_agree(reference):
    duckdb = pytest.importorskip("duckdb")
    pd = pytest.importorskip("pandas")
    r = reference
    pa_games = ds.dataset(r / "games", format="parquet").to_table()
    pa_seats = ds.dataset(r / "seats", format="parquet").to_table()
    pa_dec = ds.dataset(r / "decisions", format="parquet").to_table()
    want = (pa_games.num_rows, pc.sum(pa_games.column("rounds")).as_py(), pa_seats.num_rows,
            pc.sum(pa_seats.column("score")).as_py(), pc.sum(pc.cast(pa_seats.column("won"), pa.int64())).as_py(),
            pa_dec.num_rows)
    con = duckdb.connect()
    got_duck = con.sql(f"""
        SELECT (SELECT count(*) FROM '{r}/games/*.parquet'), (SELECT sum(rounds) FROM '{r}/games/*.parquet'),
               (SELECT count(*) FROM '{r}/seats/*.parquet'), (SELECT sum(score) FROM '{r}/seats/*.parquet'),
               (SELECT count(*) FILTER (WHERE won) FROM '{r}/seats/*.parquet'),
               (SELECT count(*) FROM '{r}/decisions/*.parquet')""").fetchall()[0]
    pg, ps, pdc = pd.read_parquet(r / "games"), pd.read_parquet(r / "seats"), pd.read_parquet(r / "decisions")
    got_pd = (len(pg), int(pg["rounds"].sum()), len(ps), int(ps["score"].sum()), int(ps["won"].sum()), len(pdc))
    got_ours = (load_games(r).num_rows, pc.sum(load_games(r).column("rounds")).as_py(), load_seats(r).num_rows,
                pc.sum(load_seats(r).column("score")).as_py(),
                pc.sum(pc.cast(load_seats(r).column("won"), pa.int64())).as_py(), load_decisions(r).num_rows)
    assert tuple(int(x) for x in got_duck) == want == got_pd == got_ours
    assert want[0] == GAMES
    # A join by game and a group by bot (dictionary strings) work in DuckDB.
    by_bot = dict(con.sql(f"SELECT bot, count(*) FROM '{r}/seats/*.parquet' GROUP BY bot").fetchall())
    assert by_bot == {"random": GAMES, "heuristic": 3 * GAMES}
    assert set(ps["bot"].cat.categories) == {"random", "heuristic"}


def test_summary_numbers(reference):
    s = summarize(reference)
    seats = load_seats(reference)
    won = seats.column("won").to_numpy(zero_copy_only=False)
    seat = seats.column("seat").to_numpy()
    assert s.games == GAMES and s.players == 4 and s.status == "complete"
    assert [g.wins for g in s.by_seat] == [int(won[seat == k].sum()) for k in range(4)]
    assert [g.n for g in s.by_seat] == [GAMES] * 4
    assert [g.name for g in s.by_bot] == ["random", "heuristic"]
    assert s.by_bot[1].n == 3 * GAMES and s.by_bot[1].wins == int(won[seat > 0].sum())
    for g in s.by_seat + s.by_bot:
        assert g.ci_low <= g.win_rate <= g.ci_high
    assert s.games_per_second and s.games_per_second > 0
    text = s.format()
    assert "win rate" in text and "95% CI" in text and "games/s" in text and "mean rounds" in text


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


# --- interrupted writers and resume ---------------------------------------------------------------------------------

def test_resume_cleans_up_and_completes_identically(tmp_path, reference):
    """A folder as a killed writer leaves it: the last two chunks not listed (one of them renamed into place
    already, one only a half-written temporary file) -> resume removes them and writes exactly the rest."""
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    m = json.loads((run / "manifest.json").read_text())
    m["chunks"] = m["chunks"][:2]
    m["status"] = "running"
    (run / "manifest.json").write_text(json.dumps(m))
    (run / "seats" / "chunk-000003.parquet").rename(run / "seats" / ".chunk-000003.parquet.tmp")
    (run / "seats" / ".chunk-000003.parquet.tmp").write_bytes(b"PAR1 half written")
    (run / ".manifest.json.tmp").write_text("{")
    assert open_run(run).games_written == 800
    assert load_games(run).num_rows == 800  # readers see the listed chunks only
    outcome = resume(run, threads=2, quiet=True, progress=False)
    assert outcome.complete and outcome.played == GAMES - 800
    assert not list(run.rglob("*.tmp"))
    for load, keys in ((load_games, ["game_index"]), (load_seats, ["game_index", "seat"]),
                       (load_decisions, ["game_index", "step"])):
        assert normalized(load(reference), keys).equals(normalized(load(run), keys))
    # ... and also what a plain directory reader sees: no duplicate game.
    idx = ds.dataset(run / "games", format="parquet").to_table(columns=["game_index"]).column("game_index")
    assert sorted(idx.to_pylist()) == list(range(GAMES))
    m = json.loads((run / "manifest.json").read_text())
    assert m["status"] == "complete" and len(m["sessions"]) == 2


def full_disk_at(monkeypatch, failing: str) -> None:
    """Chunk files whose path ends with `failing` meet a full disk."""
    import errno

    from galaxysim.results import writer

    real = writer.write_encoded

    def write_encoded(data, rows, path):
        if str(path).endswith(failing):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(data, rows, path)

    monkeypatch.setattr(writer, "write_encoded", write_encoded)


def test_a_full_disk_stops_the_run_with_one_line_and_it_resumes(tmp_path, reference, monkeypatch, capsys):
    """A full disk half way through a run said only "No space left on device" and left the manifest "running";
    now the line says where, what is safe and how to go on, and the run is marked interrupted."""
    from galaxysim.sim.cli import main

    run = tmp_path / "run"
    full_disk_at(monkeypatch, "seats/chunk-000002.parquet")
    args = ["run", "--players", "4", "--bots", "random,heuristic,heuristic,heuristic", "--games", str(GAMES),
            "--seed", str(SEED), "--threads", "2", "--chunk-size", "400", "-q", "--out", str(run)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (f"No space left on device while writing {run}: the 800 of 1,500 games written before are safe" in err
            and err.rstrip().endswith(f"then: galaxysim resume {run}")), err
    m = json.loads((run / "manifest.json").read_text())
    assert m["status"] == "interrupted" and [c["chunk"] for c in m["chunks"]] == [0, 1]
    monkeypatch.undo()
    assert resume(run, threads=2, quiet=True, progress=False).complete
    for load, keys in ((load_games, ["game_index"]), (load_seats, ["game_index", "seat"])):
        assert normalized(load(reference), keys).equals(normalized(load(run), keys))


def test_a_failed_atomic_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    """The part of a file written before the disk filled up was left as .NAME.tmp, holding the space that the
    manifest's update then needed."""
    import errno

    from galaxysim.results import manifest as mf

    target = tmp_path / "manifest.json"
    target.write_text("old")

    def fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(mf.os, "fsync", fsync)
    with pytest.raises(OSError, match="No space left"):
        mf.atomic_write_bytes(target, b"new" * 1000)
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json"]


def test_a_run_made_with_any_thread_count_still_resumes_and_replays(tmp_path, reference, capsys):
    """The manifest keeps the first session's threads, which neither resume nor replay uses; an older galaxysim took
    --threads 5000, which is now refused as a flag, and must not make its runs unreadable."""
    from galaxysim.sim.cli import main

    run = tmp_path / "run"
    shutil.copytree(reference, run)
    m = json.loads((run / "manifest.json").read_text())
    m["config"]["threads"] = 5000
    (run / "manifest.json").write_text(json.dumps(m))
    assert resume(run, threads=2, quiet=True, progress=False).complete
    assert main(["replay", str(run), "--game", "3"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("replay matches the stored result")


def test_resume_of_complete_run_changes_nothing(tmp_path, reference):
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    before = snapshot(run)
    outcome = resume(run, quiet=True, progress=False)
    assert outcome.complete and outcome.played == 0 and "already complete" in outcome.message
    assert snapshot(run) == before


def test_resume_refuses_a_corrupt_chunk_and_touches_nothing(tmp_path, reference):
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    m = json.loads((run / "manifest.json").read_text())
    m["chunks"] = m["chunks"][:3]
    m["status"] = "interrupted"
    (run / "manifest.json").write_text(json.dumps(m))
    f = run / "seats" / "chunk-000001.parquet"
    data = bytearray(f.read_bytes())
    data[100] ^= 0xFF
    f.write_bytes(bytes(data))
    before = snapshot(tmp_path)
    with pytest.raises(RunFolderError, match="chunk-000001.parquet does not match its checksum"):
        resume(run, quiet=True, progress=False)
    assert snapshot(tmp_path) == before


# --- foreign, corrupt and newer folders -----------------------------------------------------------------------------

def _copy(reference: Path, tmp_path: Path) -> Path:
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    return run


def test_reader_errors(tmp_path, reference):
    with pytest.raises(RunFolderError, match="no such run folder"):
        open_run(tmp_path / "nope")
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "data.csv").write_text("a,b\n")
    with pytest.raises(RunFolderError, match=r"not a galaxysim run folder \(no manifest.json\)"):
        open_run(tmp_path / "foreign")
    (tmp_path / "foreign" / "manifest.json").write_text('{"name": "something else"}')
    with pytest.raises(RunFolderError, match="not a galaxysim run folder"):
        open_run(tmp_path / "foreign")

    run = _copy(reference, tmp_path)
    good = (run / "manifest.json").read_text()
    (run / "manifest.json").write_text(good[: len(good) // 2])
    with pytest.raises(RunFolderError, match="corrupt manifest"):
        load_games(run)
    m = json.loads(good)
    m["schema_version"] = SCHEMA_VERSION + 1
    (run / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(RunFolderError, match="newer galaxysim"):
        open_run(run)
    m = json.loads(good)
    m["chunks"].append(dict(m["chunks"][0]))
    (run / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(RunFolderError, match="listed twice"):
        open_run(run)
    (run / "manifest.json").write_text(good)
    (run / "games" / "chunk-000002.parquet").unlink()
    with pytest.raises(RunFolderError, match="games/chunk-000002.parquet is missing"):
        load_seats(run)


def test_foreign_parquet_file_in_place_of_a_chunk(tmp_path, reference):
    run = _copy(reference, tmp_path)
    target = run / "seats" / "chunk-000000.parquet"
    pq.write_table(pa.table({"x": [1, 2, 3]}), target)
    m = json.loads((run / "manifest.json").read_text())
    m["chunks"][0]["files"]["seats"]["bytes"] = target.stat().st_size
    (run / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(RunFolderError, match="not a galaxysim seats file"):
        load_seats(run)
    with pytest.raises(RunFolderError, match="does not match its checksum"):
        verify_run(run)


def test_engine_rule_errors_touch_nothing(tmp_path):
    before = snapshot(tmp_path)
    for kw, pattern in ((dict(players=9), "player"), (dict(bots=["nosuchbot"]), "nosuchbot"),
                        (dict(bots=["random", "heuristic"]), "2 bots"), (dict(game="af", players=5), "2 to 4 players"),
                        (dict(expansion="xyz"), "unknown expansion")):
        cfg = dict(games=10, seed=1, out=str(tmp_path / "run"), quiet=True)
        cfg.update(kw)
        with pytest.raises(ConfigError, match=pattern):
            start(RunConfig(**cfg), progress=False)
    assert snapshot(tmp_path) == before
    assert not (tmp_path / "run").exists()


def test_conversion_sorts_rows_by_game():
    """Engine columns in any game order give the same tables (rows sorted by game, seats kept in order)."""
    from galaxysim.sim.arrow_tables import TableConverter
    from galaxysim.sim.engine import batch_module, card_text

    cfg = RunConfig(players=3, bots=["random", "heuristic", "random"], seed=5)
    cfg.validate()
    res = batch_module().Runner(card_text(), 3, "base", False, cfg.bots).run(5, 100, 40, 1, True)
    conv = TableConverter.for_run(dataclasses.replace(cfg, record_decisions=True), "r-test")
    want = conv.tables(res)
    perm = np.random.default_rng(0).permutation(40)
    g = {k: v[perm] for k, v in res["games"].items()}
    rows = (perm[:, None] * 3 + np.arange(3)).reshape(-1)
    s = {k: v[rows] for k, v in res["seats"].items() if not k.startswith("tableau")}
    off = res["seats"]["tableau_offsets"]
    lists = [res["seats"]["tableau_cards"][off[r]:off[r + 1]] for r in rows]
    s["tableau_offsets"] = np.concatenate([[0], np.cumsum([len(x) for x in lists])]).astype(np.int32)
    s["tableau_cards"] = np.concatenate(lists).astype(np.int16)
    d = res["decisions"]
    dperm = np.random.default_rng(1).permutation(len(d["game_index"]))
    got = conv.tables({"games": g, "seats": s, "decisions": {k: v[dperm] for k, v in d.items()}})
    for t in ("games", "seats", "decisions"):
        assert got[t].equals(want[t]), t
    assert got["games"].column("game_index").to_pylist() == list(range(100, 140))



@pytest.mark.parametrize("values", [dict(players=4), dict(players=3, expansion="rvi", takeovers=True, draft=True)],
                         ids=["base-4p", "rvi-3p-draft-takeovers"])
def test_random_seats_played_inside_the_engine_write_the_rows_of_step_by_step_play(tmp_path, values):
    # With every seat random and no decisions recorded, the engine takes the bots' decisions itself
    # (Game::play_random); recording decisions plays step by step. Both must write the same games.
    rows = {}
    for record in (False, True):
        cfg = RunConfig(bots=["random"], games=150, seed=31, threads=1, record_decisions=record,
                        out=str(tmp_path / f"r{int(record)}"), **values)
        start(cfg, progress=False)
        games = load_games(cfg.out).drop(["wall_time_us"])
        rows[record] = (games, load_seats(cfg.out))
    assert rows[False][0].equals(rows[True][0])
    assert rows[False][1].equals(rows[True][1])
    assert pc.sum(rows[False][0]["decisions"]).as_py() > 150 * 100
