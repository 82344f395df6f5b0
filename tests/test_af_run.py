"""Alien Frontiers through the runner: `galaxysim run --game af` writes the same run folder as Race for the
Galaxy (games/, seats/ with the AF columns, decisions/ with AF observation vectors, cards.parquet naming the
tech cards), with rows that do not depend on threads or chunking, and summary, replay, resume, report and
export work on it."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest

from galaxysim import af
from galaxysim.results import load_cards, load_decisions, load_games, load_seats, open_run, summarize
from galaxysim.results.schema import AF_SEATS_SCHEMA, observations
from galaxysim.sim import RunConfig
from galaxysim.sim.cli import main
from galaxysim.sim.run import replay, resume, start

GAMES = 300
SEED = 77


def play(out: Path, **kw) -> Path:
    values = dict(game="af", players=3, bots=["heuristic", "random", "random"], games=GAMES, seed=SEED,
                  out=str(out), quiet=True)
    values.update(kw)
    outcome = start(RunConfig(**values), progress=False)
    assert outcome.complete, outcome.message
    return out


def plain(table: pa.Table, keys: list[str]) -> pa.Table:
    cols = {n: (pc.cast(table.column(n), pa.string()) if pa.types.is_dictionary(table.column(n).type)
                else table.column(n)) for n in table.column_names if n != "wall_time_us"}
    return pa.table(cols).sort_by([(k, "ascending") for k in keys])


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    return play(tmp_path_factory.mktemp("af") / "run", threads=2, chunk_size=120, record_decisions=True)


def test_af_rows_do_not_depend_on_threads_or_chunking(tmp_path, reference):
    other = play(tmp_path / "run", threads=1, chunk_size=GAMES, record_decisions=True)
    for load, keys in ((load_games, ["game_index"]), (load_seats, ["game_index", "seat"]),
                       (load_decisions, ["game_index", "step"])):
        assert plain(load(reference), keys).equals(plain(load(other), keys)), load.__name__


def test_af_run_folder_contents(reference):
    run = open_run(reference)
    assert run.manifest["config"]["game"] == "af" and run.manifest["config"]["long_game"] is False
    games = load_games(reference).to_pylist()
    assert len(games) == GAMES and {g["end_reason"] for g in games} == {"last_colony"}
    assert all(g["game"] == "af" and g["variant"] == "standard" for g in games)
    seats = load_seats(reference)
    assert seats.schema.names == AF_SEATS_SCHEMA.names and seats.num_rows == 3 * GAMES
    rows = seats.to_pylist()
    for r in rows:
        assert r["score"] == r["score_colonies"] + r["score_territories"] + r["score_tech"] + r["score_positron"]
        assert r["colour"] == ["red", "green", "blue"][r["seat"]]
        assert r["ore"] >= 0 and r["fuel"] >= 0 and r["ships"] >= 2  # 2: see AF24 in docs/af-rules.md
    winners = [r for r in rows if r["won"]]
    assert all(r["rank"] == 1 for r in winners)
    assert any(r["colonies_left"] == 0 for r in winners)  # the game ends with a last colony
    cards = load_cards(reference).to_pylist()
    tech = [c for c in cards if c["kind"] == "tech"]  # first: card_id = tech id (seats.tech)
    assert [c["name"] for c in tech] == [c["name"] for c in af.tech_table()] == [c["name"] for c in cards[:len(tech)]]
    assert [c["card_id"] for c in tech] == list(range(len(tech)))
    assert {c["name"] for c in cards if c["kind"] == "territory"} == {t["name"] for t in af.territory_table()}
    assert "Lunar Mine" in {c["name"] for c in cards if c["kind"] == "facility"}
    assert {t for r in rows for t in r["territories"]} <= {t["name"] for t in af.territory_table()}
    heuristic = [r["won"] for r in rows if r["bot"] == "heuristic"]
    assert sum(heuristic) / len(heuristic) > 0.9


def test_af_decisions_carry_the_observation_vectors(reference):
    run = open_run(reference)
    size = af.Game(players=3).observation_size
    assert run.manifest["observation"] == {"size": size, "dtype": "int16", "byte_order": "little",
                                           "encoding": "af-observation-v1"}
    d = load_decisions(reference)
    obs = observations(d.column("observation"))
    assert obs.shape == (d.num_rows, size)
    assert d.num_rows == sum(g["decisions"] for g in load_games(reference).to_pylist())
    kinds = set(d.column("kind").to_pylist())
    assert "main" in kinds and kinds <= {"main", "land", "reroll", "plasma_more", "move_colony_from",
                                         "move_colony_to", "swap_first", "swap_second", "raid_choice",
                                         "raid_take", "return_resources"}


def test_af_replay_matches(reference):
    rep = replay(reference, 17)
    assert rep.matches, rep.verdict
    assert "turns" in rep.lines[-1] and any(" land: land on " in line for line in rep.lines)


def test_af_summary(reference):
    s = summarize(reference)
    assert s.game == "af" and s.players == 3 and s.games == GAMES
    assert "of af, 3 players" in s.format()


def test_af_resume_after_interruption(tmp_path, reference):
    out = play(tmp_path / "run", threads=2, chunk_size=120, record_decisions=True)
    m = json.loads((out / "manifest.json").read_text())
    dropped = m["chunks"].pop()
    (out / dropped["files"]["games"]["path"]).unlink()
    m["status"] = "interrupted"
    (out / "manifest.json").write_text(json.dumps(m))
    outcome = resume(out, threads=1, quiet=True, progress=False)
    assert outcome.complete and outcome.played == dropped["games"] == GAMES - 2 * 120
    assert plain(load_seats(out), ["game_index", "seat"]).equals(plain(load_seats(reference), ["game_index", "seat"]))


def test_af_long_game_cli(tmp_path, capsys):
    out = tmp_path / "long"
    assert main(["run", "--game", "af", "--players", "4", "--long-game", "--games", "40", "--seed", "3",
                 "--bots", "random", "--threads", "1", "--out", str(out), "-q"]) == 0
    assert "of af, 4 players, long game" in capsys.readouterr().out
    seats = load_seats(out).to_pylist()
    assert load_games(out).column("variant").to_pylist()[0] == "long_game"
    assert max(r["score_colonies"] for r in seats) == 8  # long game: 8 colonies each


def test_af_export_and_report(tmp_path, reference):
    npz = tmp_path / "d.npz"
    assert main(["export", str(reference), "--out", str(npz)]) == 0
    data = np.load(npz)
    assert data["observation"].shape[1] == len(data["slot_names"]) == af.Game(players=3).observation_size
    assert "seat0.colonies[Lem Badlands]" in list(data["slot_names"])
    pytest.importorskip("matplotlib")
    assert main(["report", str(reference), "--out", str(tmp_path / "report")]) == 0
    html = (tmp_path / "report" / "report.html").read_text()
    for section in ("Win rate by seat colour", "Alien tech held at the end", "Territories controlled at the end"):
        assert section in html
