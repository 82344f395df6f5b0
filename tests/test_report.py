"""`galaxysim report RUN` (docs/report.md): its numbers against DuckDB queries written here independently,
intervals that shrink like 1/sqrt(n), small samples flagged, the files it writes, and the page in headless
Chromium (no console errors; the screenshot in docs/images/)."""
from __future__ import annotations

import csv
import io
import struct
import sys
from pathlib import Path

import duckdb
import pytest

from galaxysim.variant import Variant
from galaxysim.results.report import write_report
from galaxysim.results.stats import SMALL_N
from galaxysim.sim.cli import main
from galaxysim.sim.cli_analysis import card_universe
from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import start

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import Browser, needs_chromium  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"
BOTS = ["random", "heuristic", "heuristic", "heuristic"]
SMALL, BIG = 1_000, 4_000


def play(out: Path, games: int, **kw) -> Path:
    cfg = RunConfig(players=4, bots=BOTS, games=games, seed=13, threads=2, out=str(out), quiet=True, **kw)
    assert start(cfg, progress=False).complete
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    big, small = play(root / "big", BIG), play(root / "small", SMALL)  # small = the first 1,000 games of big
    reports = {}
    for name, run in (("big", big), ("small", small)):
        assert main(["report", str(run)]) == 0
        reports[name] = run / "report"
    return {"big": big, "small": small, "reports": reports}


def read_csv(report: Path, table: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO((report / f"{table}.csv").read_text())))


def sql(run: Path, query: str) -> list[tuple]:
    con = duckdb.connect()
    con.execute(f"CREATE VIEW s AS SELECT * FROM '{run}/seats/*.parquet'")
    con.execute(f"CREATE VIEW g AS SELECT * FROM '{run}/games/*.parquet'")
    con.execute(f"CREATE VIEW c AS SELECT * FROM '{run}/cards.parquet'")
    return con.execute(query).fetchall()


def close(a, b, tol=1e-9) -> bool:
    return abs(float(a) - float(b)) <= tol * max(1.0, abs(float(b)))


# --- the numbers ---------------------------------------------------------------------------------------------------

def test_seats_and_bots_equal_duckdb(runs):
    run, rep = runs["big"], runs["reports"]["big"]
    want = {seat: (n, wins, mean) for seat, n, wins, mean in sql(
        run, "SELECT seat, count(*), count(*) FILTER (WHERE won), avg(score) FROM s GROUP BY seat")}
    rows = read_csv(rep, "seats")
    assert len(rows) == 4
    for r in rows:
        n, wins, mean = want[int(r["seat"])]
        assert int(r["n"]) == n == BIG and int(r["wins"]) == wins
        assert close(r["win_rate"], wins / n) and close(r["mean_score"], mean)
        assert float(r["win_rate_ci_low"]) < float(r["win_rate"]) < float(r["win_rate_ci_high"])
        assert r["bot"] == BOTS[int(r["seat"])]
    bots = {b: (n, w) for b, n, w in sql(run, "SELECT bot::VARCHAR, count(*), sum(won::INT) FROM s GROUP BY 1")}
    for r in read_csv(rep, "bots"):
        assert (int(r["n"]), int(r["wins"])) == bots[r["bot"]]


def test_start_worlds_and_cards_equal_duckdb(runs):
    run, rep = runs["big"], runs["reports"]["big"]
    worlds = {w: (n, wins) for w, n, wins in sql(
        run, "SELECT start_world::VARCHAR, count(*), sum(won::INT) FROM s GROUP BY 1")}
    got = {r["start_world"]: (int(r["n"]), int(r["wins"])) for r in read_csv(rep, "by_start_world")}
    assert got == worlds
    cards = {name: (n_in, w_in, mean_in) for name, n_in, w_in, mean_in in sql(run, """
        SELECT c.name, count(*), sum(s.won::INT), avg(s.score)
        FROM s JOIN c ON list_contains(s.tableau, c.card_id) GROUP BY c.name""")}
    (n_seats, total_wins), = sql(run, "SELECT count(*), sum(won::INT) FROM s")
    rows = {r["card"]: r for r in read_csv(rep, "cards")}
    assert set(cards) <= set(rows)
    for name, (n_in, w_in, mean_in) in cards.items():
        r = rows[name]
        assert int(r["n_in"]) == n_in and int(r["wins_in"]) == w_in
        assert close(r["presence"], n_in / n_seats) and close(r["mean_score_in"], mean_in)
        assert int(r["n_out"]) == n_seats - n_in and int(r["wins_out"]) == total_wins - w_in
        assert close(r["win_rate_diff"], w_in / n_in - (total_wins - w_in) / (n_seats - n_in))
        assert (r["small_sample"] == "True") == (n_in < SMALL_N or n_seats - n_in < SMALL_N)
    never = [r for name, r in rows.items() if name not in cards]  # in the deck, never in a final tableau
    assert all(int(r["n_in"]) == 0 and r["small_sample"] == "True" for r in never)
    in_play = card_universe({"game": "rftg", "expansion": "base"})["card"]
    assert sorted(int(r["card_id"]) for r in rows.values()) == sorted(in_play)
    assert all(int(r["copies"]) == in_play[int(r["card_id"])] for r in rows.values())


def test_scores_length_and_endings_equal_duckdb(runs):
    run, rep = runs["big"], runs["reports"]["big"]
    (mean, sd, med), = sql(run, "SELECT avg(score), stddev_samp(score), quantile_disc(score, 0.5) FROM s")
    allrow = read_csv(rep, "scores")[0]
    assert allrow["group"] == "all" and close(allrow["mean_score"], mean) and close(allrow["mean_score_sd"], sd)
    assert float(allrow["median"]) == med
    (rounds,), = sql(run, "SELECT avg(rounds) FROM g")
    assert close(read_csv(rep, "game_length")[0]["mean_rounds"], rounds)
    ends = dict(sql(run, "SELECT end_reason::VARCHAR, count(*) FROM g GROUP BY 1"))
    assert {r["end_reason"]: int(r["games"]) for r in read_csv(rep, "end_reasons")} == ends
    parts = {p: v for p, v in zip(("cards (printed VP)", "VP chips", "six-cost bonuses", "goals (TGS/RvI)", "total"),
                                  sql(run, "SELECT avg(score_cards), avg(score_chips), avg(score_six_cost), "
                                           "avg(score_goals), avg(score) FROM s")[0])}
    for r in read_csv(rep, "score_parts"):
        assert close(r["mean"], parts[r["part"]])


def test_games_at_the_safety_cap_are_counted_and_warned_about(runs, tmp_path, capsys):
    (capped,), = sql(runs["big"], "SELECT count(*) FILTER (end_reason::VARCHAR = 'round_cap') FROM g")
    row, = read_csv(runs["reports"]["big"], "safety_cap")
    assert row["bots"] == "random, heuristic" and int(row["games"]) == BIG and int(row["capped"]) == capped
    html = (runs["reports"]["big"] / "report.html").read_text()
    assert 'id="t-safety-cap"' in html and ("WARNING" in html) == (capped > BIG / 100)

    class FirstLegal:  # Explore +5 at every action choice: two of them never end a game
        def act(self, state, legal_actions):
            return legal_actions[0]

    from galaxysim.sim.match import MatchConfig, play as play_match

    o = play_match(MatchConfig(bots=["a", "b"], games=2, seed=1, out=str(tmp_path / "m"), quiet=True),
                   objects={"a": FirstLegal(), "b": FirstLegal()})
    assert main(["report", str(o.path)]) == 0
    out = capsys.readouterr().out
    assert "ended at the safety cap (round_cap): 2 of 2 games (100.0%)" in out and "WARNING" in out
    row, = read_csv(o.path / "report", "safety_cap")
    assert row["bots"] == "a, b" and int(row["capped"]) == 2 and row["warn"] == "True"
    assert 'class="warn">WARNING: 100.0% of the games ended at the safety cap' in \
        (o.path / "report" / "report.html").read_text()


def test_intervals_shrink_like_one_over_sqrt_n(runs):
    """4x the games: half the interval width (the runs share their first 1,000 games)."""
    def widths(rep, table, key, col):
        return {r[key]: float(r[f"{col}_ci_high"]) - float(r[f"{col}_ci_low"]) for r in read_csv(rep, table)}

    big, small = runs["reports"]["big"], runs["reports"]["small"]
    for table, key, col in (("seats", "seat", "win_rate"), ("seats", "seat", "mean_score"),
                            ("end_reasons", "end_reason", "share")):
        wb, ws = widths(big, table, key, col), widths(small, table, key, col)
        for k in wb:
            if k in ws and ws[k] > 0:
                assert 1.7 < ws[k] / wb[k] < 2.3, (table, k, ws[k], wb[k])
    common = [r for r in read_csv(big, "cards") if float(r["presence"]) > 0.2]
    small_cards = {r["card"]: r for r in read_csv(small, "cards")}
    ratios = [(float(small_cards[r["card"]]["win_rate_diff_ci_high"]) - float(small_cards[r["card"]]
               ["win_rate_diff_ci_low"])) / (float(r["win_rate_diff_ci_high"]) - float(r["win_rate_diff_ci_low"]))
              for r in common]
    assert len(ratios) > 5 and 1.8 < sum(ratios) / len(ratios) < 2.2


def test_files_and_refusals(runs, tmp_path, capsys):
    rep = runs["reports"]["big"]
    names = {p.name for p in rep.iterdir()}
    assert {"report.html", "report.json", "seats.csv", "cards.csv", "seats.png", "cards.png",
            "score_distribution.png", "game_length.png", "end_reasons.png", "by_start_world.png"} <= names
    for p in rep.glob("*.png"):
        data = p.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24])[0] > 200
    html = (rep / "report.html").read_text()
    assert "http://" not in html and "https://" not in html and "<script src" not in html  # self-contained
    assert html.count("<img src=\"data:image/png;base64,") == len(list(rep.glob("*.png")))
    # Another report replaces it; a folder that is not a report is refused.
    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "mine.txt").write_text("keep me")
    assert main(["report", str(runs["small"]), "--out", str(foreign)]) == 2
    assert "is not empty and holds no galaxysim report" in capsys.readouterr().err
    assert (foreign / "mine.txt").read_text() == "keep me"
    assert main(["report", str(tmp_path / "nothing")]) == 2


def test_variant_run_report_names_its_variant(tmp_path):
    run = play(tmp_path / "v", 300, what_if=Variant.parse("remove=Old Earth", name="no Old Earth"))
    res = write_report(run, universe=card_universe({"game": "rftg", "expansion": "base",
                                                    "what_if": {"changes": ["remove=Old Earth"]}}))
    html = res.html.read_text()
    assert "What-if variant <b>no Old Earth</b>: remove=Old Earth" in html
    cards = {r["card"] for r in res.analysis.tables["cards"]}
    assert "Old Earth" not in cards and "Alpha Centauri" in cards


# --- in a browser ----------------------------------------------------------------------------------------------------

@needs_chromium()
def test_report_opens_in_chromium_without_errors(runs, tmp_path):
    page_file = runs["reports"]["big"] / "report.html"
    with Browser() as b:
        page = b.open(page_file.as_uri())
        assert page.errors == []
        assert page.evaluate("document.body.dataset.reportReady") == "1"
        assert page.evaluate("Array.from(document.images).every(i => i.complete && i.naturalWidth > 100)")
        assert page.evaluate("document.querySelectorAll('table').length") >= 9
        # Sorting the cards table by its "n held" column, both ways.
        col = "Array.from(document.querySelectorAll('#t-cards tbody tr')).map(r => r.cells[3].textContent)"
        page.evaluate("document.querySelector('#t-cards thead th:nth-child(4)').click()")
        up = [int(x.replace(",", "")) for x in page.evaluate(col)]
        page.evaluate("document.querySelector('#t-cards thead th:nth-child(4)').click()")
        down = [int(x.replace(",", "")) for x in page.evaluate(col)]
        assert up == sorted(up) and down == sorted(up, reverse=True) and up[0] < up[-1]
        assert page.errors == []
        png = page.screenshot(1100)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width == 1100 and height > 3000
    shot = DOCS / "images" / "report.png"  # made by: python tests/browser.py RUN/report/report.html docs/...
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
