"""Runs with slow bots (ismcts): chunks of seconds, not hours, and progress within a chunk.

A chunk is the unit of Ctrl-C (the first one finishes the chunk in flight), of a killed run's loss and of
the progress bar; with search bots a game takes seconds, so the automatic chunk size follows the bots.
"""
from __future__ import annotations

import re
import threading
import time

import pytest

from galaxysim import _batch
from galaxysim.sim.config import AUTO_CHUNK_SECONDS, RunConfig, auto_chunk_size
from galaxysim.sim.game_cost import seconds_per_game
from galaxysim.sim.run import make_runner, start

FAST = ["random", "heuristic", "heuristic", "heuristic"]


@pytest.mark.parametrize("game,players,bots", [
    ("rftg", 4, ["ismcts:iterations=1000", "heuristic", "heuristic", "heuristic"]),
    ("rftg", 2, ["ismcts:ms=50", "random"]),
    ("af", 2, ["ismcts:iterations=300", "ismcts:iterations=300"]),
    ("rftg", 3, ["ismcts:iterations=100,rollout=heuristic", "random", "random"]),
])
def test_automatic_chunks_of_search_bots_take_seconds(game, players, bots):
    cfg = RunConfig(game=game, players=players, bots=bots, games=100_000, threads=2).resolved()
    fast = RunConfig(game=game, players=players, bots=["random"] * players, games=100_000, threads=2).resolved()
    assert 2 <= cfg.chunk_size < fast.chunk_size / 10  # at least one game per thread
    per_game = seconds_per_game(game, players, bots)
    assert cfg.chunk_size * per_game <= AUTO_CHUNK_SECONDS * 2 * 1.01


def test_automatic_chunks_of_fast_bots_are_unchanged_by_the_cost_cap():
    for bots in (["random"] * 4, FAST, ["heuristic"] * 4):
        assert (RunConfig(players=4, bots=bots, games=10**6, threads=2).resolved().chunk_size
                == auto_chunk_size(10**6, 2) == 20_000)
    assert auto_chunk_size(10**6, 2, record_decisions=True) == 200


def test_cost_estimate_orders_the_bots():
    """More iterations, more seats searching, more time per decision: a longer game; an explicit ms budget
    is used as given."""
    est = lambda *bots, game="rftg": seconds_per_game(game, len(bots), list(bots))  # noqa: E731
    assert est("random", "random") < est("heuristic", "heuristic") < est("ismcts:iterations=10", "random")
    assert est("ismcts:iterations=100", "random") < est("ismcts:iterations=1000", "random")
    assert est("ismcts", "random") == est("ismcts:iterations=1000", "random")  # the engine's default
    assert est("ismcts:iterations=500", "random") < est("ismcts:iterations=500", "ismcts:iterations=500")
    assert est("ismcts:ms=20", "random") == pytest.approx(2 * est("ismcts:ms=10", "random"), rel=0.01)
    assert est("random", "random") < est("random", "random", game="af")


def test_runner_counts_games_while_it_plays():
    """Runner.games_played moves during one run() call (read from another thread) and adds up over calls."""
    cfg = RunConfig(players=2, bots=["ismcts:iterations=300", "random"], games=4, seed=5, threads=1)
    runner = make_runner(cfg)
    assert isinstance(runner, _batch.Runner) and runner.games_played == 0
    seen: list[int] = []
    t = threading.Thread(target=runner.run, args=(5, 0, 4, 1, False))
    t.start()
    while t.is_alive():
        seen.append(runner.games_played)
        time.sleep(0.01)
    t.join()
    assert runner.games_played == 4
    assert any(0 < n < 4 for n in seen), seen  # counted game by game, not at the end
    assert seen == sorted(seen)
    runner.run(5, 4, 2, 2, False)
    assert runner.games_played == 6
    af = make_runner(RunConfig(game="af", players=2, bots=["random", "random"], games=3))
    af.run(1, 0, 3, 2, False)
    assert af.games_played == 3


def test_progress_bar_moves_within_a_chunk(tmp_path, capsys):
    """One chunk of six slow games: the bar shows the games as they finish, not only when the chunk does."""
    cfg = RunConfig(players=2, bots=["ismcts:iterations=300", "random"], games=6, seed=3, threads=1,
                    chunk_size=6, out=str(tmp_path / "run"))
    assert start(cfg, progress=True).complete
    shown = {int(n) for n in re.findall(r"\b(\d)/6\b", capsys.readouterr().err)}
    assert shown & {1, 2, 3, 4, 5}, shown


def test_match_chunks_follow_the_slowest_entrants():
    from galaxysim.sim.match import MatchConfig, auto_chunk_size as match_chunk, slowest_game_seconds

    slow = MatchConfig(bots=["ismcts:iterations=1000", "heuristic", "random"], players=2, games=3000)
    fast = MatchConfig(bots=["heuristic", "random"], players=2, games=3000)
    per_game = slowest_game_seconds(slow)
    assert per_game == pytest.approx(seconds_per_game("rftg", 2, ["ismcts:iterations=1000", "heuristic"]))
    assert slowest_game_seconds(fast) == pytest.approx(seconds_per_game("rftg", 2, ["heuristic", "random"]))
    total = slow.total_games
    assert match_chunk(total, 2, slowest_game_seconds(fast)) == match_chunk(total, 2) == -(-total // 20)
    size = match_chunk(total, 2, per_game)
    assert 2 <= size < total // 20 and size * per_game <= AUTO_CHUNK_SECONDS * 2


def test_match_progress_moves_within_a_lineup(tmp_path, capsys):
    """A match of slow games in one chunk: the bar counts games as they finish, not per seating."""
    from galaxysim.sim.match import MatchConfig, play

    cfg = MatchConfig(bots=["ismcts:iterations=300", "random"], players=2, games=8, seed=2, threads=1,
                      chunk_size=8, out=str(tmp_path / "m"), quiet=False)
    assert cfg.total_games == 8 and cfg.deals == 4  # two seatings of four deals
    outcome = play(cfg, progress=True)
    assert outcome.games_written == 8
    shown = {int(n) for n in re.findall(r"\b(\d)/8\b", capsys.readouterr().err)}
    assert shown - {0, 4, 8}, shown  # a count inside a seating's four games


def test_without_a_terminal_progress_goes_to_stderr_as_lines(tmp_path, capsys, monkeypatch):
    """stderr not a terminal (a log file, a batch job): no bar, but a progress line every LOG_EVERY_SECONDS,
    within a chunk too; none with --quiet."""
    import galaxysim.sim.progress

    monkeypatch.setattr(galaxysim.sim.progress, "LOG_EVERY_SECONDS", 0.3)
    cfg = RunConfig(players=2, bots=["ismcts:iterations=300", "random"], games=6, seed=4, threads=1,
                    chunk_size=6, out=str(tmp_path / "run"))
    assert start(cfg, progress=None).complete  # pytest's captured stderr is no terminal
    err = capsys.readouterr().err
    lines = re.findall(r"galaxysim: (\d) of 6 games \((\d+)%\), [\d.]+ games/s, about \d+ s left", err)
    assert lines and all(0 < int(n) < 6 for n, _ in lines), err
    assert "\r" not in err  # no bar
    quiet = RunConfig(players=2, bots=["ismcts:iterations=300", "random"], games=6, seed=4, threads=1,
                      chunk_size=6, out=str(tmp_path / "quiet"), quiet=True)
    assert start(quiet, progress=None).complete
    assert "games/s" not in capsys.readouterr().err


def test_match_without_a_terminal_writes_progress_lines(tmp_path, capsys, monkeypatch):
    import galaxysim.sim.progress
    from galaxysim.sim.match import MatchConfig, play

    monkeypatch.setattr(galaxysim.sim.progress, "LOG_EVERY_SECONDS", 0.3)
    cfg = MatchConfig(bots=["ismcts:iterations=300", "random"], players=2, games=8, seed=2, threads=1,
                      chunk_size=8, out=str(tmp_path / "m"))
    assert play(cfg, progress=None).games_written == 8
    err = capsys.readouterr().err
    assert re.search(r"galaxysim: \d of 8 games \(\d+%\), [\d.]+ games/s, about \d+ s left", err), err


def _slow_match_args(out) -> list[str]:
    """A match of eight slow games (2,000 iterations) in one chunk of about 16 s."""
    import sys

    return [sys.executable, "-m", "galaxysim", "match", "--bots", "ismcts:iterations=2000,random", "--games", "8",
            "--seed", "9", "--threads", "1", "--chunk-size", "8", "--out", str(out)]


def _stop_slow_match(out, sig: int) -> str:
    """Starts the slow match, sends `sig` once the match has begun, checks that it stopped at once with exit
    code 130 and a resumable folder that lists no chunk; returns its stderr."""
    import json
    import subprocess

    proc = subprocess.Popen(_slow_match_args(out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out / "manifest.json").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)  # into the chunk's games
    proc.send_signal(sig)
    t = time.monotonic()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert time.monotonic() - t < 3, "the match waited for the games in flight"
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "interrupted" and m["chunks"] == [] and "Traceback" not in err
    assert f"galaxysim match --out {out} --resume" in err
    return err


def test_ctrl_c_stops_a_match_of_slow_games_at_once_and_resume_completes_it(tmp_path):
    """Ctrl-C during a seating of slow games: the match stops within seconds, not when the seating's games
    end, keeps only whole chunks, and --resume plays the rest."""
    import signal
    import subprocess

    from galaxysim.results import load_games

    out = tmp_path / "m"
    _stop_slow_match(out, signal.SIGINT)
    r = subprocess.run([*_slow_match_args(out), "--resume", "-q"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    games = load_games(out)
    assert sorted(games.column("game_index").to_pylist()) == list(range(8))


def test_sigterm_stops_a_match_like_ctrl_c(tmp_path):
    """`kill` (SIGTERM) stops a match as Ctrl-C does: at once, exit code 130, a resumable folder. Without a
    handler the process died on the spot and left its manifest saying "running"."""
    import signal

    _stop_slow_match(tmp_path / "m", signal.SIGTERM)
