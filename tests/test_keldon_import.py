"""galaxysim import keldon (docs/import.md): the reference engine's records in tests/data/keldon (copied from its
game records: base 2p and advanced, TGS 3p and 4p, RvI 2p, 3p, 4p and 6p with goals and takeovers) replay to
their recorded end state, bad input is one line each, and the run folder is read like any other."""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from galaxysim.results import load_games, load_seats, open_run
from galaxysim.sim import cli
from galaxysim.sim.keldon.record import read_records
from galaxysim.sim.keldon.replay import GameKinds, replay

DATA = Path(__file__).parent / "data" / "keldon"
GOOD = [DATA / "base.jsonl.gz", DATA / "tgs.jsonl.gz", DATA / "rvi.jsonl.gz"]


def records(path):
    return [r for r in read_records(path)]


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_records_replay_to_their_end_state(path):
    kinds = GameKinds()
    for r in records(path):
        rep = replay(r, kinds)
        assert rep.identical, f"{r.game_id}: {rep.divergence}"
        assert rep.state.is_terminal()


def test_rulebook_readings_part_where_the_reference_engine_reads_otherwise():
    kinds = GameKinds(reference_readings=())
    out = {r.game_id: replay(r, kinds) for p in GOOD for r in records(p)}
    # e2p3-0039 keeps a revealed ante card that is not higher than the ante (E21), e1p4-0045 discards New
    # Military Tactics with a world it pays for (A27): with galaxysim's readings their games part.
    assert not out["e2p3-0039"].identical and not out["e1p4-0045"].identical
    assert all(rep.identical for gid, rep in out.items() if gid not in ("e2p3-0039", "e1p4-0045"))


def test_a_divergence_names_its_round_phase_kind_and_reading(tmp_path):
    summary = tmp_path / "summary.json"
    assert cli.main(["import", "keldon", str(DATA / "diverges.jsonl.gz"), "--out", str(tmp_path / "run"),
                     "--json", str(summary), "-q"]) == 0
    data = json.loads(summary.read_text())
    assert list(data) == ["games", "identical", "diverged"]  # the format issue 28 asks for, nothing more
    assert data["games"] == 1 and data["identical"] == 0
    (d,) = data["diverged"]
    assert list(d) == ["game_id", "round", "phase", "kind", "detail", "reading"]
    assert (d["game_id"], d["round"], d["phase"], d["kind"], d["reading"]) == ("e2p6-0029", 9, "end", "end", "E8")
    assert "goal_vp 3 vs 0" in d["detail"]


def test_import_writes_a_run_folder_read_by_report_and_duckdb(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main(["import", "keldon", *map(str, GOOD), "--out", str(out), "--json", str(tmp_path / "s.json")]) == 0
    text = capsys.readouterr().out
    assert "8 games read, 8 replayed to an identical end state (100.0%)" in text
    run = open_run(out)
    assert run.complete and run.manifest["config"]["imported"]["from"] == "keldon"
    games, seats = load_games(run), load_seats(run)
    assert games.num_rows == 8 and seats.num_rows == 2 + 2 + 3 + 4 + 2 + 4 + 3 + 6
    assert set(seats.column("bot").to_pylist()) == {"keldon-ai"}
    import duckdb

    con = duckdb.connect()
    rows = con.execute(f"SELECT s.game_id, g.players, g.expansion FROM '{out}/sources.parquet' s JOIN "
                       f"'{out}/games/*.parquet' g USING (game_index) ORDER BY game_index").fetchall()
    assert [r[0] for r in rows][:2] == ["e0p2-0026", "e0p2a-0000"] and rows[-1] == ("e2p6-0038", 6, "rvi")
    # The recorded scores are the ones stored.
    recorded = {r.game_id: sorted(s["score"] for s in r.data["end"]["seats"]) for p in GOOD for r in records(p)}
    stored = con.execute(f"SELECT s.game_id, list(x.score ORDER BY x.score) FROM '{out}/sources.parquet' s JOIN "
                         f"'{out}/seats/*.parquet' x USING (game_index) GROUP BY s.game_id").fetchall()
    assert {gid: list(scores) for gid, scores in stored} == recorded
    # Goal outcomes and takeovers as the batch runner records them (rftg.GameRecorder kept beside the replay):
    # every seat that scored goal VP claimed or holds a goal, and goal games name their goals.
    seat_rows = seats.select(["game_index", "score_goals", "goals_first", "goals_most", "takeovers_declared",
                              "takeovers_won", "takeovers_lost"]).to_pylist()
    with_goals = [r for r in seat_rows if r["score_goals"] > 0]
    assert with_goals and all(r["goals_first"] or r["goals_most"] for r in with_goals)
    assert all(r["takeovers_won"] + r["takeovers_lost"] <= r["takeovers_declared"] for r in seat_rows)
    goal_games = {r["game_index"] for r in with_goals}
    assert all(goals for i, goals in enumerate(games.column("goals").to_pylist()) if i in goal_games)
    capsys.readouterr()
    assert cli.main(["summary", str(out)]) == 0  # games of several kinds, recorded elsewhere: said so
    assert capsys.readouterr().out.startswith(f"{out}: 8 games of rftg base, tgs, rvi, 2-6 players, imported from "
                                              "keldon records (complete)")
    assert cli.main(["report", str(out), "--out", str(tmp_path / "report")]) == 0
    page = (tmp_path / "report" / "report.html").read_text()
    assert "Race for the Galaxy base, tgs, rvi, 2-6 players — 8 games" in page
    assert "Games imported from keldon records of several kinds" in page and "imported from" in page
    assert cli.main(["replay", str(out), "--game", "0"]) == 2  # recorded games are not games of a seed


def _write(path: Path, lines: list[str]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.writelines(line if line.endswith("\n") else line + "\n" for line in lines)
    return path


def _lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.readlines()


def test_bad_input_is_one_line_each_and_the_rest_is_imported(tmp_path, capsys):
    base = _lines(DATA / "base.jsonl.gz")
    good = base[0]
    # A file that breaks off in the middle of its second record.
    truncated = tmp_path / "truncated.jsonl.gz"
    data = gzip.compress("".join(base).encode())
    truncated.write_bytes(data[:len(data) * 3 // 4])
    not_gzip = tmp_path / "plain.jsonl.gz"
    not_gzip.write_text(good)
    other = json.loads(good)
    other["format"] = "rftg-conformance-2"
    other["game_id"] = "other-format"
    unknown = json.loads(good)
    unknown["game_id"] = "unknown-card"
    next(e for e in unknown["events"] if e.get("ev") == "draw")["card"] = "Old Erth"
    missing = json.loads(good)
    missing["game_id"] = "missing-decision"
    ev = missing["events"]
    del ev[next(i for i, e in enumerate(ev) if e.get("ev") == "decision" and e["type"] == "ACTION" and e["round"] == 3)]
    mixed = _write(tmp_path / "mixed.jsonl.gz", [json.dumps(other), json.dumps(unknown), json.dumps(missing), good])
    out = tmp_path / "run"
    code = cli.main(["import", "keldon", str(truncated), str(not_gzip), str(mixed), "--out", str(out),
                     "--json", str(tmp_path / "s.json")])
    captured = capsys.readouterr()
    assert code == 0
    err = [line for line in captured.err.splitlines() if line.startswith("galaxysim import:")]
    assert any(line.startswith("galaxysim import: truncated.jsonl.gz: truncated or corrupt gzip data") for line in err)
    assert "galaxysim import: plain.jsonl.gz: not a gzip file (expected FILE.jsonl.gz)" in err
    assert "galaxysim import: mixed.jsonl.gz: game other-format: record format 'rftg-conformance-2'; this importer " \
           "reads 'rftg-conformance-1'" in err
    assert any(line.startswith("galaxysim import: mixed.jsonl.gz: game unknown-card: unknown card name 'Old Erth'")
               for line in err)
    assert "galaxysim import: mixed.jsonl.gz: game missing-decision: not replayed past round 3, choose_action, " \
           "choose_action: the record holds no action choice of player 0 in round 3" in err
    assert len(err) == 5
    summary = json.loads((tmp_path / "s.json").read_text())
    (d,) = summary["diverged"]  # a decision the record does not hold: the game stops there, named
    assert (d["game_id"], d["round"], d["kind"]) == ("missing-decision", 3, "choose_action")
    assert "the record holds no action choice of player" in d["detail"]
    # The good records are imported: the first of the truncated file and the last of mixed.jsonl.gz.
    assert summary["identical"] == 2 and open_run(out).manifest["games"] == 2


def test_the_run_folder_is_never_half_written(tmp_path, monkeypatch):
    from galaxysim.sim.keldon import run_folder

    out = tmp_path / "run"
    calls = {"n": 0}
    original = run_folder.ImportWriter.add

    def failing(self, rep):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        original(self, rep)

    monkeypatch.setattr(run_folder.ImportWriter, "add", failing)
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(out), "-q"]) == 130
    assert not out.exists() and not any(tmp_path.iterdir())  # nothing left, not even the hidden folder
    monkeypatch.setattr(run_folder.ImportWriter, "add", original)
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(out), "-q"]) == 0
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(out), "-q"]) == 2  # not empty
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(out), "-q", "--overwrite"]) == 0
    (tmp_path / "other").mkdir()
    shutil.copy(DATA / "base.jsonl.gz", tmp_path / "other" / "x")
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(tmp_path / "other"),
                     "--overwrite", "-q"]) == 2  # not a run folder: never removed


def test_record_decisions_writes_the_decisions_of_one_game_kind(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), "--out", str(out), "--record-decisions",
                     "-q"]) == 0
    from galaxysim.results.reader import load_decisions

    run = open_run(out)
    decisions = load_decisions(run, columns=["game_index", "step", "kind"])
    assert decisions.num_rows == sum(load_games(run).column("decisions").to_pylist()) > 0
    assert cli.main(["export", str(out), "--format", "npz", "-q"]) == 0
    with np.load(out / "decisions.npz") as npz:
        assert len(npz["action"]) == decisions.num_rows
    # The decision dataset replays every game from its seed: an imported game has none (its draws came from the
    # record), so the export says so in one line and writes nothing.
    capsys.readouterr()
    assert cli.main(["export", str(out), "--format", "dataset", "-q"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "imported from keldon records" in err and "--format npz" in err
    assert not (out / "dataset").exists()
    # TGS 3p and 4p in one folder (one tensor size): the export finds each decision's seat in games of both sizes.
    tgs = tmp_path / "tgs"
    assert cli.main(["import", "keldon", str(DATA / "tgs.jsonl.gz"), "--out", str(tgs), "--record-decisions",
                     "-q"]) == 0
    assert sorted(set(load_games(open_run(tgs)).column("players").to_pylist())) == [3, 4]
    assert cli.main(["export", str(tgs), "--format", "npz", "-q"]) == 0
    seats = {(r["game_index"], r["seat"]): r for r in load_seats(open_run(tgs)).to_pylist()}
    with np.load(tgs / "decisions.npz") as npz:
        rows = list(zip(npz["game_index"].tolist(), npz["seat"].tolist(), npz["score"].tolist(), npz["won"].tolist(),
                        npz["rank"].tolist()))
    assert len(rows) > 0 and {seat for _, seat, *_ in rows} == {0, 1, 2, 3}
    assert all((seats[g, p]["score"], seats[g, p]["won"], seats[g, p]["rank"]) == (score, won, rank)
               for g, p, score, won, rank in rows)
    assert cli.main(["import", "keldon", str(DATA / "base.jsonl.gz"), str(DATA / "rvi.jsonl.gz"), "--out",
                     str(tmp_path / "mixed"), "--record-decisions", "-q"]) == 2  # two tensor sizes: one per folder
    assert not (tmp_path / "mixed").exists()


def test_a_reading_is_named_only_from_decisions_taken_before_the_divergence():
    from galaxysim.sim.keldon.readings import classify
    from galaxysim.sim.keldon.replay import Divergence

    # e2p3-0039 keeps a revealed ante card that is not higher than the ante (E21), in the Consume phase of a round.
    (rec,) = [r for r in records(DATA / "rvi.jsonl.gz") if r.game_id == "e2p3-0039"]
    keep = next(e for e in rec.data["events"] if e.get("ev") == "decision" and e.get("type") == "KEEP"
                and classify(rec.data, Divergence(e["round"], "end", "end", "")) == "E21")
    rnd = keep["round"]
    assert keep["phase"] == "consume"
    assert classify(rec.data, Divergence(rnd, "produce", "draw", "")) == "E21"
    assert classify(rec.data, Divergence(rnd + 1, "round start", "position", "")) == "E21"
    # A divergence found before that decision (the position at the start of its round, its Settle phase) is not
    # its doing.
    for at in (Divergence(rnd, "round start", "position", "draw pile 1 card in the record, 2 in galaxysim"),
               Divergence(rnd, "settle", "pay", "")):
        assert classify(rec.data, at) != "E21"


def test_an_unknown_start_world_and_no_record_at_all(tmp_path, capsys):
    record = json.loads(_lines(DATA / "base.jsonl.gz")[0])
    record["game_id"] = "bad-start"
    record["setup"]["seats"][0]["start_world"] = "Old Erth"
    bad = _write(tmp_path / "bad.jsonl.gz", [json.dumps(record)])
    assert cli.main(["import", "keldon", str(bad), str(DATA / "base.jsonl.gz"), "--out", str(tmp_path / "run"),
                     "-q"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == ["galaxysim import: bad.jsonl.gz: game bad-start: unknown card name 'Old Erth' (not a card of "
                   "galaxysim's data at this level)"]
    # Nothing readable at all (a missing file, an empty one): bad input, exit code 2, no run folder.
    empty = _write(tmp_path / "empty.jsonl.gz", [])
    out = tmp_path / "nothing"
    assert cli.main(["import", "keldon", str(tmp_path / "missing.jsonl.gz"), str(empty), "--out", str(out),
                     "--json", str(tmp_path / "s.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["galaxysim import: missing.jsonl.gz: no such file",
                   "galaxysim: error: no game record could be read from missing.jsonl.gz, empty.jsonl.gz (see above); "
                   "nothing written"]
    assert not out.exists() and not (tmp_path / ".nothing.import-tmp").exists() and not (tmp_path / "s.json").exists()
