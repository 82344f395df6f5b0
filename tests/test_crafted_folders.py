"""Run folders nobody should trust: edited or broken manifests and files (issue 24, items 1 and 7).

Every command that opens a folder (summary, report, replay, resume, export, run --resume, match --resume) checks
it as `resume` always did: the manifest's config read back as a new run's, its run id recomputed, the card table's
checksum; a crafted folder gets one line naming the file and what is wrong (exit code 2), never a traceback. A
`py:` bot named only in a manifest is never imported.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from galaxysim.sim.cli import main
from galaxysim.sim.match import MatchConfig
from galaxysim.sim.match import run_id as match_run_id
from galaxysim.sim.run import run_id as run_run_id
from galaxysim.sim.config import RunConfig

BOT_MODULE = """
import pathlib
pathlib.Path({marker!r}).write_text("imported")


class Bot:
    def act(self, state, legal_actions):
        return legal_actions[0]
"""


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def write_manifest(folder: Path, m: dict) -> None:
    (folder / "manifest.json").write_text(json.dumps(m))


def one_error(capsys, *words: str) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("galaxysim: error: "), err
    assert "Traceback" not in err and all(w in err for w in words), err
    return err


def drop_last_chunk(folder: Path) -> None:
    m = manifest(folder)
    for f in m["chunks"].pop()["files"].values():
        (folder / f["path"]).unlink()
    m["status"] = "interrupted"
    write_manifest(folder, m)


# --- a match folder's manifest (item 1) ------------------------------------------------------------------------------

@pytest.fixture
def python_bot_match(tmp_path, monkeypatch):
    """A finished 8-game match of py:firstbot.Bot against random (two chunks), its last chunk dropped; a second
    bot module, evilbot, lies beside it. Each module leaves a marker file when it is imported."""
    monkeypatch.chdir(tmp_path)
    for name in ("firstbot", "evilbot"):
        (tmp_path / f"{name}.py").write_text(BOT_MODULE.format(marker=str(tmp_path / f"{name}.imported")))
    out = tmp_path / "m"
    assert main(["match", "--bots", "py:firstbot.Bot,random", "--games", "8", "--seed", "3", "--chunk-size", "4",
                 "--out", str(out), "-q"]) == 0
    drop_last_chunk(out)
    return out


def swap_bot(folder: Path, old: str, new: str, fix_run_id: bool) -> None:
    m = manifest(folder)
    m["config"]["bots"] = [new if b == old else b for b in m["config"]["bots"]]
    m["config"]["lineups"] = [[new if b == old else b for b in x] for x in m["config"]["lineups"]]
    if fix_run_id:
        m["run_id"] = match_run_id(MatchConfig.from_manifest(m["config"]), m["engine_version"])
    write_manifest(folder, m)


def test_a_match_resume_never_imports_a_python_bot_named_only_by_the_manifest(python_bot_match, capsys):
    """An edited manifest named another `py:` module: `match --resume` imported it (its code ran)."""
    out = python_bot_match
    evil = out.parent / "evilbot.imported"
    swap_bot(out, "py:firstbot.Bot", "py:evilbot.Bot", fix_run_id=False)
    assert main(["match", "--out", str(out), "--resume", "-q"]) == 2
    one_error(capsys, "manifest.json", "run_id")
    assert not evil.exists()

    swap_bot(out, "py:evilbot.Bot", "py:evilbot.Bot", fix_run_id=True)  # a consistent manifest, run id and all
    assert main(["match", "--out", str(out), "--resume", "-q"]) == 2
    one_error(capsys, "py:evilbot.Bot", "only when you name it", "--bots")
    assert not evil.exists()
    assert manifest(out)["status"] == "interrupted"

    # Named by the user, it is imported and played.
    assert main(["match", "--bots", "py:evilbot.Bot,random", "--out", str(out), "--resume", "-q"]) == 0
    assert evil.exists() and manifest(out)["status"] == "complete"


def test_an_edited_match_manifest_does_not_mix_bots_in_one_run(python_bot_match, capsys):
    """An edited manifest (another bot from game 4 on) resumed with that bot named: exit 0, one run mixing bots."""
    out = python_bot_match
    swap_bot(out, "py:firstbot.Bot", "heuristic", fix_run_id=False)
    assert main(["match", "--bots", "heuristic,random", "--out", str(out), "--resume", "-q"]) == 2
    one_error(capsys, "manifest.json", "run_id")
    assert manifest(out)["status"] == "interrupted" and len(manifest(out)["chunks"]) == 1


def test_a_match_manifest_whose_seatings_do_not_follow_from_its_bots_is_refused(python_bot_match, capsys):
    out = python_bot_match
    m = manifest(out)
    m["config"]["lineups"] = [m["config"]["lineups"][0]] * 2  # no rotation: one bot always first
    write_manifest(out, m)
    for args in (["match", "--bots", "py:firstbot.Bot,random", "--out", str(out), "--resume", "-q"],
                 ["summary", str(out)], ["replay", str(out), "--game", "0"]):
        assert main(args) == 2
        one_error(capsys, "manifest.json", "seatings")


# --- a compare folder's runs (item 1) -----------------------------------------------------------------------------

COMPARE = ["compare", "--players", "2", "--bots", "random,heuristic", "--games", "40", "--seed", "3", "--threads",
           "1", "--chunk-size", "20", "-q", "--variant", "hand_limit=9"]


@pytest.mark.parametrize("run", ["baseline", "variant-1"])
@pytest.mark.parametrize("damage", ["nested manifest", "garbage cards", "edited config"])
def test_a_compare_checks_the_runs_it_finds_as_resume_does(tmp_path, capsys, run, damage):
    """A compare run again over its --out reuses (or resumes) the runs there: each is checked first."""
    out = tmp_path / "cmp"
    assert main(COMPARE + ["--out", str(out)]) == 0
    capsys.readouterr()
    folder = out / run
    drop_last_chunk(folder)
    if damage == "nested manifest":
        (folder / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
        words = ("manifest.json", "nested too deeply")
    elif damage == "garbage cards":
        (folder / "cards.parquet").write_bytes(b"\x00" * (folder / "cards.parquet").stat().st_size)
        words = ("cards.parquet", "checksum")
    else:  # the heuristic's seat made random, with a run id to match
        edit_config(folder, fix_run_id=True, bots=["random", "random"])
        words = (f"{run} holds a run made with bots=random,random",)
    assert main(COMPARE + ["--out", str(out)]) == 2
    one_error(capsys, *words)


# --- run folders (item 7) -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def run_folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("run") / "run"
    assert main(["run", "--players", "3", "--bots", "random,heuristic,random", "--games", "120", "--seed", "9",
                 "--chunk-size", "50", "--threads", "1", "--record-decisions", "--out", str(out), "-q"]) == 0
    return out


@pytest.fixture
def folder(run_folder, tmp_path) -> Path:
    copy = tmp_path / "run"
    shutil.copytree(run_folder, copy)
    return copy


def commands(folder: Path) -> list[list[str]]:
    """Every command that opens a run folder."""
    return [["summary", str(folder)], ["report", str(folder), "--out", str(folder.parent / "report")],
            ["replay", str(folder), "--game", "0"], ["resume", str(folder), "-q"],
            ["export", str(folder), "--out", str(folder.parent / "d.npz"), "-q"],
            ["export", str(folder), "--format", "dataset", "--out", str(folder.parent / "dataset"), "-q"],
            ["run", "--out", str(folder), "--resume", "-q"]]


def edit_config(folder: Path, fix_run_id: bool, **changes) -> None:
    m = manifest(folder)
    m["config"].update(changes)
    if fix_run_id:
        m["run_id"] = run_run_id(RunConfig.from_manifest(m["config"], "x"), m["engine_version"])
    write_manifest(folder, m)


def refused_by_every_command(folder: Path, capsys, *words: str) -> None:
    for args in commands(folder):
        assert main(args) == 2, args
        one_error(capsys, *words)
    assert not [p for p in ("report", "d.npz", "dataset") if (folder.parent / p).exists()]


def test_a_deeply_nested_manifest_is_one_line_for_every_command(folder, capsys):
    (folder / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
    refused_by_every_command(folder, capsys, "manifest.json", "nested too deeply")


def test_a_garbage_card_table_is_one_line_for_every_command(folder, capsys):
    size = (folder / "cards.parquet").stat().st_size
    (folder / "cards.parquet").write_bytes(b"\x00" * size)  # the size the manifest lists, not its content
    refused_by_every_command(folder, capsys, "cards.parquet", "checksum")


def test_an_edited_player_count_is_refused_by_summary_and_report(folder, capsys):
    """players edited to 2: summary printed a 2-seat table (exit 0)."""
    edit_config(folder, fix_run_id=False, players=2, bots=["random", "heuristic"])
    refused_by_every_command(folder, capsys, "manifest.json", "run_id")


def test_a_player_count_the_engine_refuses_is_one_line(folder, capsys):
    """players 99 with a run id made to match: export printed a RulesError traceback."""
    edit_config(folder, fix_run_id=True, players=99, bots=["random"] * 99)
    refused_by_every_command(folder, capsys, "manifest.json", "99")


def test_a_count_of_the_wrong_type_is_named_as_such(folder, capsys):
    """games "x" was reported as missing."""
    m = manifest(folder)
    m["games"] = "x"
    write_manifest(folder, m)
    refused_by_every_command(folder, capsys, "manifest.json", "games must be a whole number", "'x'")


@pytest.mark.parametrize("sessions", ["x", [1], [{"threads": "two"}]])
def test_a_malformed_sessions_entry_is_one_line_for_every_command(folder, capsys, sessions):
    """Found by the fuzz target: resume appended to a 'sessions' that was not a list (a traceback)."""
    m = manifest(folder)
    m["sessions"] = sessions
    write_manifest(folder, m)
    refused_by_every_command(folder, capsys, "manifest.json", "sessions")


def test_a_huge_bot_name_in_a_manifest_is_refused_at_once_and_not_echoed(folder, capsys):
    """A 10 MB bot name in a manifest (run id made to match) kept report busy past 120 s."""
    m = manifest(folder)
    m["config"]["bots"] = ["random", "heuristic", "b" * 10_000_000]
    write_manifest(folder, m)  # (a run id cannot be made for it: RunConfig refuses the name)
    t = time.perf_counter()
    for args in commands(folder)[:3]:
        assert main(args) == 2
        err = one_error(capsys, "manifest.json", "cut")
        assert len(err) < 1000
    assert time.perf_counter() - t < 30


def test_match_and_run_folders_written_by_this_galaxysim_pass_the_checks(run_folder, tmp_path, capsys):
    from galaxysim.results import open_run
    from galaxysim.sim.stored_config import check

    check(open_run(run_folder))
    check(open_run(Path(__file__).parent / "data" / "match-0.1.0"))  # a match made by galaxysim 0.1.0
    assert main(["summary", str(run_folder)]) == 0
