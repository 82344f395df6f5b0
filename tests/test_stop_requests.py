"""Ctrl-C and SIGTERM at any moment, start-up included (issue 24, item 2).

The old handler raised KeyboardInterrupt wherever Python was: inside a weakref callback Python dropped it (the
run went on: exit 0, status complete), inside the writing of a new folder it left no manifest, or a manifest
saying "running"; a signal after the run had completed turned it into exit code 130. Each case is provoked at a
chosen moment in a real `galaxysim` process: a wrapper replaces one function so that it sends the process a
signal and then runs Python code, as a signal coming at that moment would.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from galaxysim.stop_requests import current, listening

RUN = ["run", "--players", "2", "--games", "400", "--seed", "8", "--chunk-size", "100", "--threads", "1", "-q"]
MATCH = ["match", "--bots", "heuristic,random", "--games", "8", "--seed", "8", "--chunk-size", "4", "--threads", "1",
         "-q"]

WRAPPER = """
import os, signal, sys, weakref

def signal_now():
    os.kill(os.getpid(), signal.SIGTERM)
    for _ in range(1000):  # Python code: where a handler runs
        pass

{patch}

from galaxysim.sim.cli import main
sys.exit(main(sys.argv[1:]))
"""

IN_A_WEAKREF_CALLBACK = """
import galaxysim.sim.run as run
real = run.make_runner
def make_runner(cfg):
    class Thing: pass
    thing = Thing()
    ref = weakref.ref(thing, lambda r: signal_now())
    del thing  # the callback runs here, as the garbage collector would run it
    return real(cfg)
run.make_runner = make_runner
"""

WHILE_THE_FOLDER_IS_MADE = """
from galaxysim.results.writer import RunWriter
real = RunWriter.flush
calls = []
def flush(self):
    calls.append(1)
    if len(calls) == 1:  # the first manifest of a new folder
        signal_now()
    return real(self)
RunWriter.flush = flush
"""

AFTER_THE_RUN = """
import galaxysim.results
real = galaxysim.results.summarize
def summarize(*a, **k):  # the summary printed once the run is complete
    signal_now()
    return real(*a, **k)
galaxysim.results.summarize = summarize
"""


def galaxysim(patch: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WRAPPER.format(patch=patch), *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def status(out: Path) -> str | None:
    p = out / "manifest.json"
    return json.loads(p.read_text())["status"] if p.exists() else None


def test_a_signal_in_a_weakref_callback_at_start_up_stops_the_run(tmp_path):
    """It was dropped: the run finished, exit 0, status complete."""
    out = tmp_path / "run"
    r = galaxysim(IN_A_WEAKREF_CALLBACK, [*RUN, "--out", str(out)], tmp_path)
    assert r.returncode == 130, r.stderr
    assert r.stderr == "galaxysim: error: interrupted\n"
    assert status(out) is None and not out.exists()  # stopped before anything was written


@pytest.mark.parametrize("command", [RUN, MATCH], ids=["run", "match"])
def test_a_signal_while_the_folder_is_made_leaves_it_interrupted_and_resumable(tmp_path, command):
    """It left a folder with no manifest (or one saying "running")."""
    out = tmp_path / "out"
    r = galaxysim(WHILE_THE_FOLDER_IS_MADE, [*command, "--out", str(out)], tmp_path)
    assert r.returncode == 130, r.stderr
    assert "Traceback" not in r.stderr and "resume" in r.stderr, r.stderr
    assert status(out) == "interrupted"
    again = subprocess.run([sys.executable, "-m", "galaxysim", *command, "--out", str(out), "--resume"],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert status(out) == "complete"


def test_a_signal_after_the_run_completed_does_not_make_it_interrupted(tmp_path):
    """It turned a complete run into exit code 130."""
    out = tmp_path / "run"
    r = galaxysim(AFTER_THE_RUN, [*RUN, "--out", str(out)], tmp_path)
    assert r.returncode == 0, r.stderr
    assert status(out) == "complete" and "win rate" in r.stdout


@pytest.mark.parametrize("delay", [0.0, 0.3, 0.8])
def test_sigterm_at_any_moment_of_a_short_run_leaves_a_consistent_folder(tmp_path, delay):
    """Whenever it comes: exit 0 with a complete run, or 130 with no folder or an interrupted one; never a
    traceback or a folder saying "running". (Before Python has started galaxysim, SIGTERM's own action ends the
    process, which has written nothing.)"""
    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-m", "galaxysim", *RUN, "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    outcomes = ((0, "complete"), (130, "interrupted"), (130, None), (-signal.SIGTERM, None))
    assert (proc.returncode, status(out)) in outcomes, (proc.returncode, err)


def test_the_handler_records_requests_and_never_raises():
    with listening() as stop:
        assert current() is stop
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):
            pass
        assert stop.requests == 1 and stop.stop.is_set() and not stop.abandon.is_set()
        with listening() as inner:  # a block inside shares the requests
            assert inner is stop
        with pytest.raises(KeyboardInterrupt):
            stop.check()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL and current() is not stop


def test_a_third_request_ends_the_process_at_once():
    code = ("import os, signal, time\nfrom galaxysim.stop_requests import listening\n"
            "with listening():\n    for _ in range(3):\n        os.kill(os.getpid(), signal.SIGINT)\n"
            "        time.sleep(0.05)\n    print('still running')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == -signal.SIGINT and "still running" not in r.stdout
