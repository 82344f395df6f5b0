"""`galaxysim compare`: variants on paired seeds (docs/variants.md). Answers known in advance: a variant equal
to the baseline differs by exactly zero; a card made free is held more often; the paired intervals are right."""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from galaxysim.variant import Variant
from galaxysim.results.compare import compare_paired
from galaxysim.sim.cli import main
from galaxysim.sim.compare import compare
from galaxysim.sim.config import ConfigError, RunConfig

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import Browser, needs_chromium  # noqa: E402

GAMES = 3_000
CARD = "Galactic Federation"  # a 6-cost development the heuristic bots seldom afford


@pytest.fixture(scope="module")
def cmp(tmp_path_factory):
    out = tmp_path_factory.mktemp("cmp") / "cmp"
    cfg = RunConfig(players=4, bots=["heuristic"], games=GAMES, seed=31, threads=2, out=str(out), quiet=True)
    variants = [Variant.parse(f"{CARD}.cost=9; {CARD}.cost=6", name="same as printed"),  # ends where it began
                Variant.parse(f"{CARD}.cost=0", name="free")]
    return compare(cfg, variants, progress=False)


def by_metric(metrics) -> dict:
    return {m.metric: m for m in metrics}


def test_identical_variant_differs_by_exactly_zero(cmp):
    same = cmp.metrics[0]
    assert len(same) >= 4 + 4 + 3 + 2 and all(m.n == GAMES for m in same)
    for m in same:
        assert m.diff == 0.0 and m.ci_low == 0.0 and m.ci_high == 0.0, m
        assert m.baseline == m.variant
        assert not m.significant


def test_free_card_is_held_more_often(cmp):
    m = by_metric(cmp.metrics[1])[f"{CARD}: in final tableau (share of seats)"]
    assert m.diff > 0 and m.ci_low > 0 and m.significant
    assert m.variant > m.baseline > 0


def test_paired_interval_is_the_t_interval_of_per_game_differences(cmp):
    """Recompute one metric (seat 0's win rate) from the Parquet files with numpy."""
    import pyarrow.parquet as pq

    def won0(run):
        t = pq.read_table(run / "seats", columns=["game_index", "seat", "won"]).to_pandas()
        t = t[t.seat == 0].sort_values("game_index")
        return t.won.to_numpy().astype(float)

    d = won0(cmp.variants[1][1].path) - won0(cmp.baseline.path)
    m = by_metric(cmp.metrics[1])["seat 0 (heuristic): win rate"]
    half = 1.9607 * d.std(ddof=1) / math.sqrt(len(d))  # t(0.975, 2999)
    assert m.diff == pytest.approx(d.mean(), abs=1e-12)
    assert m.ci_high - m.diff == pytest.approx(half, rel=1e-3)


def test_report_files(cmp):
    rep = cmp.out / "compare"
    html = (rep / "compare.html").read_text()
    assert "Variant 2: free" in html and f"{CARD}: in final tableau" in html and "≠ 0" in html
    rows = json.loads((rep / "compare.json").read_text())["metrics"]
    assert {r["variant_name"] for r in rows} == {"same as printed", "free"}
    assert (rep / "compare.csv").read_text().splitlines()[0].startswith("variant_name,changes,group,metric,n,")
    assert list(rep.glob("variant-2-card-*.png"))


@needs_chromium()
def test_comparison_page_opens_in_chromium_without_errors(cmp):
    with Browser() as b:
        page = b.open((cmp.out / "compare" / "compare.html").as_uri())
        assert page.errors == []
        assert page.evaluate("Array.from(document.images).every(i => i.complete && i.naturalWidth > 100)")
        assert page.evaluate("document.querySelectorAll('section').length") == 2


def test_rerun_reuses_the_runs_and_refuses_a_changed_config(cmp, capsys):
    before = (cmp.baseline.path / "manifest.json").read_text()
    args = ["compare", "--players", "4", "--bots", "heuristic", "--games", str(GAMES), "--seed", "31",
            "--threads", "2", "--out", str(cmp.out), "-q",
            "--variant", f"{CARD}.cost=9; {CARD}.cost=6", "--variant", f"{CARD}.cost=0"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"{CARD}: in final tableau" in out and out.rstrip().endswith("compare.html")
    assert (cmp.baseline.path / "manifest.json").read_text() == before  # reused, not replayed
    args[args.index("--variant") + 1] = "hand_limit=9"
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"{cmp.out}/variant-1 holds a run made with variant=" in err
    # The advice is compare's (it said "--resume: ... drop --variant", and compare has no --resume).
    assert "--resume" not in err and "choose another --out, or pass --overwrite" in err, err
    args[args.index("--games") + 1] = "2000"
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "baseline holds a run made with games=3000, not 2000" in err and "drop --games" not in err, err


def test_bad_variants_stop_before_anything_is_played(tmp_path, capsys):
    out = tmp_path / "c"
    assert main(["compare", "--games", "10", "--out", str(out), "--variant", "Galactic Federaton.cost=0"]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'Galactic Federaton' (did you mean 'Galactic Federation'" in err
    assert main(["compare", "--games", "10", "--out", str(out)]) == 2
    assert "at least one --variant" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(ConfigError, match="baseline is the config without a variant"):
        compare(RunConfig(games=10, what_if=Variant.parse("hand_limit=9")), [Variant.parse("hand_limit=8")])


def test_a_foreign_report_folder_stops_the_compare_before_it_plays(tmp_path, capsys):
    out = tmp_path / "c"
    (out / "compare").mkdir(parents=True)
    (out / "compare" / "notes.txt").write_text("keep me")
    assert main(["compare", "--games", "10", "--out", str(out), "--variant", "hand_limit=9", "-q"]) == 2
    assert "holds no galaxysim report" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["compare"]  # no baseline or variant run was started
    assert (out / "compare" / "notes.txt").read_text() == "keep me"


def test_config_file_variants(tmp_path, capsys):
    (tmp_path / "c.toml").write_text(
        'players = 2\nbots = "random"\ngames = 200\nseed = 2\nthreads = 1\nquiet = true\n'
        f'out = "{tmp_path / "out"}"\n'
        '[[variant]]\nname = "big hands"\nchanges = ["hand_limit=14"]\n'
        '[[variant]]\nname = "short"\nchanges = ["tableau_end=9", "vp_pool_per_player=6"]\n')
    assert main(["compare", "--config", str(tmp_path / "c.toml")]) == 0
    out = capsys.readouterr().out
    assert "variant big hands (200 paired games):" in out and "variant short (200 paired games):" in out
    cfg = json.loads((tmp_path / "out" / "variant-2" / "manifest.json").read_text())["config"]
    assert cfg["what_if"]["changes"] == ["tableau_end=9", "vp_pool_per_player=6"] and cfg["seed"] == 2
    short = {m["metric"]: m for m in json.loads((tmp_path / "out" / "compare" / "compare.json").read_text())
             ["metrics"] if m["variant_name"] == "short"}
    assert short["rounds per game"]["diff"] < 0 and short["rounds per game"]["significant"]


def test_unpaired_runs_are_refused(cmp, tmp_path):
    other = tmp_path / "other"
    from galaxysim.sim.run import start

    assert start(RunConfig(players=4, bots=["heuristic"], games=50, seed=32, out=str(other), quiet=True),
                 progress=False).complete
    from galaxysim.results import RunFolderError

    with pytest.raises(RunFolderError, match="not paired .* seed differs"):
        compare_paired(cmp.baseline.path, other)
    assert np.isfinite(by_metric(cmp.metrics[1])["rounds per game"].baseline)
