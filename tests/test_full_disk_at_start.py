"""A full disk (or a kill) while a run starts (issue 24, item 3).

It left `.lock`, `games/`, `seats/` and no manifest.json, a folder that `run`, `run --resume`, `run --overwrite`
and `resume` all refused after the space was freed. Now the failure is one line naming the folder and the way
on, what was written is removed, and a folder that holds no run yet is started afresh by the same command.
"""
from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from galaxysim.results import manifest as mf
from galaxysim.results import writer
from galaxysim.sim.cli import main

RUN = ["run", "--players", "2", "--games", "60", "--seed", "4", "--chunk-size", "30", "--threads", "1", "-q"]
MATCH = ["match", "--bots", "heuristic,random", "--games", "6", "--seed", "4", "--threads", "1", "-q"]


def full_disk_on(monkeypatch, name: str) -> None:
    """Writing a file called `name` (the card table or the manifest) meets a full disk."""
    real = mf.atomic_write_bytes

    def atomic_write_bytes(path, data):
        if Path(path).name == name:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, data)

    monkeypatch.setattr(mf, "atomic_write_bytes", atomic_write_bytes)
    monkeypatch.setattr(writer, "atomic_write_bytes", atomic_write_bytes)


def one_error(capsys, *words: str) -> None:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and all(w in err for w in words), err


@pytest.mark.parametrize("command", [RUN, MATCH], ids=["run", "match"])
@pytest.mark.parametrize("failing", [mf.CARDS_FILE, mf.MANIFEST])
def test_a_full_disk_at_start_then_the_same_command_again(tmp_path, monkeypatch, capsys, command, failing):
    out = tmp_path / "out"
    full_disk_on(monkeypatch, failing)
    assert main([*command, "--out", str(out)]) == 1
    one_error(capsys, "No space left on device", f"while creating the run folder {out}",
              "run the same command again")
    assert not (out / mf.MANIFEST).exists()
    monkeypatch.undo()  # space freed
    assert main([*command, "--out", str(out)]) == 0
    assert json.loads((out / mf.MANIFEST).read_text())["status"] == "complete"


def stopped_at_start(out: Path) -> None:
    """What a process killed while it started leaves: the lock, the table folders, the card table, a temporary
    manifest."""
    for table in ("games", "seats"):
        (out / table).mkdir(parents=True)
    for name in (".lock", "cards.parquet", ".manifest.json.tmp"):
        (out / name).write_bytes(b"")


@pytest.mark.parametrize("flags", [[], ["--resume"], ["--overwrite"]])
def test_a_run_killed_at_start_is_started_again(tmp_path, capsys, flags):
    out = tmp_path / "out"
    stopped_at_start(out)
    assert main([*RUN, "--out", str(out), *flags]) == 0
    assert json.loads((out / mf.MANIFEST).read_text())["status"] == "complete"
    assert not (out / ".manifest.json.tmp").exists()


def test_resume_of_a_run_that_never_began_says_how_to_start_it(tmp_path, capsys):
    out = tmp_path / "out"
    stopped_at_start(out)
    assert main(["resume", str(out)]) == 2
    one_error(capsys, f"{out} holds no run yet", f"galaxysim run --out {out}")
    assert main(["match", "--out", str(out), "--resume"]) == 2
    one_error(capsys, f"{out} holds no run yet", "galaxysim match")
    assert main([*MATCH, "--out", str(out)]) == 0


def test_a_folder_with_anything_else_is_still_refused(tmp_path, capsys):
    out = tmp_path / "out"
    stopped_at_start(out)
    (out / "games" / "notes.txt").write_text("mine")
    assert main([*RUN, "--out", str(out)]) == 2
    one_error(capsys, "already exists and is not empty")
    assert main([*RUN, "--out", str(out), "--overwrite"]) == 2
    one_error(capsys, "refusing to --overwrite")
    assert (out / "games" / "notes.txt").read_text() == "mine"
