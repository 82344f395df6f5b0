"""galaxysim installs one top-level Python package, `galaxysim` (issue 26): the repository's folders pycore/, sim/,
results/ and cluster/ are its parts, never top-level packages of their own, which would overwrite (or be
overwritten by) other projects' packages of the same names."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import installed_distribution

FOLDER_NAMES = ("pycore", "sim", "results", "cluster")


def test_the_installed_distribution_holds_only_the_galaxysim_package():
    dist = installed_distribution()
    assert dist is not None, "galaxysim is not installed"
    tops = set()
    for f in dist.files or []:
        top = f.parts[0]
        if top.endswith((".dist-info", ".pth")) or top.startswith(("__editable__", "..", "__pycache__")):
            continue  # metadata, the editable install's path hook (and its bytecode), the script in bin/
        tops.add(top.removesuffix(".py"))
    assert tops <= {"galaxysim"}, f"top-level names installed besides galaxysim: {sorted(tops - {'galaxysim'})}"
    direct = json.loads(dist.read_text("direct_url.json") or "{}")
    if direct.get("dir_info", {}).get("editable"):
        # An editable install maps the names in a finder module instead of installing files.
        finder = next(f for f in dist.files if f.name.startswith("__editable__") and f.name.endswith("finder.py"))
        text = Path(finder.locate()).read_text()
        mapping = text.split("MAPPING", 1)[1].split("\n", 1)[0]
        assert "'galaxysim'" in mapping
        for name in FOLDER_NAMES:
            assert f"'{name}'" not in mapping and f"'{name}." not in mapping, mapping
    else:
        assert "galaxysim" in tops


def test_only_galaxysim_imports_in_a_fresh_interpreter(tmp_path):
    # -I: no current folder, no PYTHONPATH on sys.path; only what the environment has installed.
    code = (
        "import importlib.util as u, json\n"
        "import galaxysim, galaxysim.rftg, galaxysim.af, galaxysim.sim.cli, galaxysim.results, galaxysim.cluster\n"
        f"print(json.dumps({{n: u.find_spec(n) is not None for n in {FOLDER_NAMES!r}}}))\n"
    )
    r = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {n: False for n in FOLDER_NAMES}


def test_the_public_api_reads_from_galaxysim(tmp_path):
    from galaxysim import af, rftg
    from galaxysim.results import open_run
    from galaxysim.sim import RunConfig, start_run

    assert rftg.Game.__module__ == "galaxysim.rftg" and af.Game.__module__ == "galaxysim.af"
    outcome = start_run(RunConfig(players=2, bots=["random"], games=4, seed=3, out=str(tmp_path / "run")), progress=False)
    run = open_run(tmp_path / "run")
    assert run.manifest["games"] == 4 and outcome is not None
    r = subprocess.run([sys.executable, "-m", "galaxysim", "summary", str(tmp_path / "run")], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and "4 games" in r.stdout, r.stdout + r.stderr


def test_a_match_folder_written_by_galaxysim_0_1_0_still_opens(tmp_path):
    # tests/data/match-0.1.0: a 20-game ismcts match written by galaxysim 0.1.0 (the old top-level packages).
    import shutil

    from galaxysim.results import load_seats, open_run
    from galaxysim.results.match_report import match_report

    folder = tmp_path / "old"
    shutil.copytree(Path(__file__).parent / "data" / "match-0.1.0", folder)
    run = open_run(folder)
    assert run.manifest["galaxysim_version"] == "0.1.0" and run.status == "complete"
    seats = load_seats(folder)
    assert seats.num_rows == 40
    report = match_report(folder)
    assert report.games == 20 and sorted(b.bot for b in report.by_bot) == ["ismcts:iterations=1000", "ismcts:iterations=250"]
    r = subprocess.run([sys.executable, "-m", "galaxysim", "summary", str(folder)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and "20 games of rftg base, 2 players" in r.stdout, r.stdout + r.stderr
