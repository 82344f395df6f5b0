"""The `galaxysim` command line: run / summary / replay / resume, with the real engine.

Killing a run (SIGKILL) and interrupting it (SIGINT) run `python -m galaxysim` in a subprocess; the rest calls
galaxysim.sim.cli.main in-process. Every error case checks the message (one line, no traceback, exit code 2) and that
no file was created or modified."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from galaxysim.results import load_games, load_seats
from galaxysim.sim import RunConfig
from galaxysim.sim.cli import build_parser, main
from galaxysim.sim.config import DEFAULT_GAMES, all_cores, auto_chunk_size
from galaxysim.sim.run import start

# A run long enough to be stopped midway (a couple of seconds on 2 cores), in chunks of a small fraction of it.
KILL_GAMES, KILL_CHUNK = 30_000, 500
KILL_ARGS = ["--players", "4", "--bots", "random,heuristic,heuristic,heuristic", "--games", str(KILL_GAMES),
             "--seed", "77", "--chunk-size", str(KILL_CHUNK), "--threads", "2"]


def normalized(table: pa.Table, keys: list[str]) -> pa.Table:
    cols = {n: (pc.cast(c, pa.string()) if pa.types.is_dictionary(c.type) else c)
            for n, c in zip(table.column_names, table.columns) if n != "wall_time_us"}
    return pa.table(cols).sort_by([(k, "ascending") for k in keys])


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_mtime_ns, st.st_size)
    return out


def cli(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "galaxysim", *args], capture_output=True, text=True, timeout=120, **kw)


def same_rows(a: Path, b: Path) -> None:
    for load, keys in ((load_games, ["game_index"]), (load_seats, ["game_index", "seat"])):
        x, y = normalized(load(a), keys), normalized(load(b), keys)
        assert x.num_rows == y.num_rows and x.equals(y), f"{load.__name__}: {a} and {b} differ"
    # What a plain reader of the folder sees: every game exactly once.
    idx = ds.dataset(b / "games", format="parquet").to_table(columns=["game_index"]).column("game_index")
    assert sorted(idx.to_pylist()) == list(range(load_games(a).num_rows))


@pytest.fixture(scope="module")
def kill_reference(tmp_path_factory) -> Path:
    """The uninterrupted run the killed and interrupted ones must equal (other chunking, in-process)."""
    out = tmp_path_factory.mktemp("killref") / "run"
    cfg = RunConfig(players=4, bots=["random", "heuristic", "heuristic", "heuristic"], games=KILL_GAMES, seed=77,
                    threads=2, chunk_size=7_000, out=str(out), quiet=True)
    assert start(cfg, progress=False).complete
    return out


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("small") / "run"
    assert main(["run", "--games", "600", "--seed", "5", "--chunk-size", "250", "--out", str(out), "--quiet",
                 "--record-decisions"]) == 0
    return out


def wait_for_chunks(out: Path, proc: subprocess.Popen, n: int = 1, timeout: float = 60) -> dict:
    """Waits until the run `proc` writes into `out` lists `n` chunks; returns its manifest then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            m = json.loads((out / "manifest.json").read_text())
            if len(m["chunks"]) >= n:
                return m
        except (OSError, ValueError):
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.005)
    proc.kill()
    out_, err = proc.communicate()
    pytest.fail(f"the run never listed {n} chunk(s) while running (exit {proc.returncode}): {err[-3000:]}")


def _start_and_wait_for_a_chunk(out: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "galaxysim", "run", *KILL_ARGS, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for_chunks(out, proc)
    return proc


def test_sigkill_then_resume_equals_uninterrupted_run(tmp_path, kill_reference):
    out = tmp_path / "killed"
    proc = _start_and_wait_for_a_chunk(out)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "running" and 1 <= len(m["chunks"]) < m["n_chunks"], "killed too late to test resume"
    listed = len(m["chunks"])
    r = cli(["resume", str(out), "--quiet", "--threads", "2"])
    assert r.returncode == 0, r.stderr
    assert f"{KILL_GAMES:,} games" in r.stdout and "win rate" in r.stdout
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and len(m["chunks"]) == m["n_chunks"] == KILL_GAMES // KILL_CHUNK
    assert len(m["sessions"]) == 2 and m["sessions"][1]["games"] == KILL_GAMES - listed * KILL_CHUNK
    assert not list(out.rglob("*.tmp"))
    same_rows(kill_reference, out)


def test_sigint_stops_cleanly_then_resume_equals_uninterrupted_run(tmp_path, kill_reference):
    out = tmp_path / "interrupted"
    proc = _start_and_wait_for_a_chunk(out)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "stopping after the chunk in flight" in stderr
    assert f"continue with: galaxysim resume {out}" in stderr
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "interrupted" and len(m["chunks"]) < m["n_chunks"]
    assert not list(out.rglob("*.tmp")) and not list(out.rglob(".*.parquet*"))
    assert "(interrupted, resumable)" in stdout  # the summary of what was written
    r = cli(["run", *KILL_ARGS, "--out", str(out), "--resume", "--quiet"])  # same as `resume`
    assert r.returncode == 0, r.stderr
    same_rows(kill_reference, out)


# --- the happy paths ------------------------------------------------------------------------------------------------

def test_default_config():
    d = RunConfig()
    assert (d.game, d.expansion, d.players, d.advanced, d.bots, d.games) == ("rftg", "base", 4, False,
                                                                               ["heuristic"], DEFAULT_GAMES)
    assert d.seed is None and d.threads is None and d.out is None and d.chunk_size is None
    assert not (d.record_decisions or d.overwrite or d.resume or d.quiet)
    assert DEFAULT_GAMES == 100_000
    d.validate()
    assert d.bots == ["heuristic"] * 4
    r = d.resolved()
    assert r.threads == all_cores() and r.chunk_size == auto_chunk_size(DEFAULT_GAMES, all_cores())
    assert 0 <= r.seed < 2**63 and r.out.startswith(os.path.join("runs", "rftg-base-4p-"))
    assert 1_000 <= r.chunk_size <= 100_000
    # `galaxysim run` with no flags gives no keys: every value comes from RunConfig's defaults.
    ns = build_parser().parse_args(["run"])
    assert {k for k in vars(ns) if k not in ("command", "version")} == set()


def test_huge_counts_are_refused_and_auto_chunks_stay_listable():
    """A typo such as --games 1e30 was taken as 10**30 games: the list of chunks to play filled the memory and the
    process was killed (exit 137) with a run folder left "running"; --threads 3000000000 ended in an
    OverflowError traceback after the folder was made. Now both are one clear error, and the automatic chunk size
    grows so that a huge run stays within MAX_CHUNKS chunks."""
    from galaxysim.sim.config import MAX_CHUNK_SIZE, MAX_CHUNKS, MAX_GAMES, ConfigError

    for bad, message in ((dict(games=10**30), "games must be at most 1,000,000,000,000"),
                         (dict(games=MAX_GAMES + 1), "games must be at most"),
                         (dict(threads=3_000_000_000), "threads must be at most 1,024"),
                         (dict(chunk_size=MAX_CHUNK_SIZE + 1), "chunk_size must be at most 1,000,000"),
                         (dict(games=2_000_000, chunk_size=1), "would be 2,000,000 chunk files")):
        with pytest.raises(ConfigError, match=message):
            RunConfig(**bad).validate()
    RunConfig(games=MAX_GAMES, threads=1024).validate()
    for games, record in ((MAX_GAMES, False), (10**10, True), (10**9, False)):
        size = auto_chunk_size(games, 2, record)
        assert size <= MAX_CHUNK_SIZE and -(-games // size) <= MAX_CHUNKS
    assert auto_chunk_size(DEFAULT_GAMES, 2) == 20_000  # ordinary runs keep their chunks


def test_a_run_config_made_in_python_is_type_checked():
    """As flags and config files are: seed=1.5 played seed 1 and recorded 1.5, bots="random" was six bots
    (r,a,n,d,o,m), advanced="false" an error from deep inside."""
    from galaxysim.sim.config import ConfigError

    for bad, message in ((dict(seed=1.5), "seed must be an integer, not 1.5"),
                         (dict(advanced="false"), "advanced must be true or false, not 'false'"),
                         (dict(games=True), "games must be an integer, not True")):
        with pytest.raises(ConfigError, match=message):
            RunConfig(**bad).validate()
    c = RunConfig(bots="random", games="2k", seed=np.uint64(5))
    c.validate()
    assert (c.bots, c.games, c.seed, type(c.seed)) == (["random"] * 4, 2000, 5, int)


def test_run_with_defaults(tmp_path, monkeypatch, capsys):
    """`galaxysim run` with the defaults but fewer games: writes runs/<name>/ under the current folder."""
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--games", "500", "--quiet"]) == 0
    out = capsys.readouterr().out
    runs = list((tmp_path / "runs").iterdir())
    assert len(runs) == 1 and runs[0].name.startswith("rftg-base-4p-2")
    m = json.loads((runs[0] / "manifest.json").read_text())
    assert m["config"]["bots"] == ["heuristic"] * 4 and m["config"]["players"] == 4
    assert m["config"]["expansion"] == "base" and m["config"]["threads"] == all_cores()
    assert m["status"] == "complete" and isinstance(m["config"]["seed"], int)
    for word in ("500 games", "games/s", "mean rounds", "mean score", "win rate", "95% CI", "heuristic"):
        assert word in out
    assert f"seed {m['config']['seed']}" in out
    assert len([line for line in out.splitlines() if line.strip().startswith(("0 ", "1 ", "2 ", "3 "))]) == 4


def test_seeded_run_name_resume_and_overwrite(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    args = ["run", "--players", "2", "--bots", "heuristic", "--games", "300", "--seed", "9", "--quiet"]
    assert main(args) == 0
    out = tmp_path / "runs" / "rftg-base-2p-seed9"
    assert (out / "manifest.json").is_file()
    capsys.readouterr()
    before = snapshot(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "already exists and is not empty" in err and "--resume" in err and "--overwrite" in err
    assert snapshot(tmp_path) == before
    assert main([*args, "--resume"]) == 0
    assert "already complete" in capsys.readouterr().err
    assert main([*args, "--resume", "--players", "3", "--out", str(out)]) == 2
    assert "was made with players=2, not 3" in capsys.readouterr().err
    assert snapshot(tmp_path) == before
    old = load_games(out)
    assert main([*args, "--overwrite", "--games", "200"]) == 0
    assert load_games(out).num_rows == 200
    new = load_games(out)
    assert new.column("run_id")[0] != old.column("run_id")[0]  # the run id names the config, games included
    assert normalized(new.drop_columns("run_id"), ["game_index"]).equals(
        normalized(old.slice(0, 200).drop_columns("run_id"), ["game_index"]))


def test_config_file_and_flags(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my.toml").write_text('game = "rftg"\nexpansion = "base"\nplayers = 3\nadvanced = false\n'
                                      'bots = ["random", "heuristic", "heuristic"]\ngames = 400\nseed = 3\n'
                                      'threads = 1\nout = "cfgrun"\nrecord-decisions = true\nchunk_size = 150\n'
                                      'quiet = true\noverwrite = false\nresume = false\n')
    assert main(["run", "--config", "my.toml"]) == 0
    m = json.loads((tmp_path / "cfgrun" / "manifest.json").read_text())
    assert m["config"] == {"game": "rftg", "players": 3, "expansion": "base", "advanced": False,
                           "bots": ["random", "heuristic", "heuristic"], "games": 400, "seed": 3,
                           "record_decisions": True, "chunk_size": 150, "threads": 1}
    assert m["tables"] == ["games", "seats", "decisions"] and m["n_chunks"] == 3
    # Flags win over the file.
    assert main(["run", "--config", "my.toml", "--players", "2", "--bots", "random", "--out", "flags",
                 "--no-record-decisions"]) == 0
    m = json.loads((tmp_path / "flags" / "manifest.json").read_text())
    assert m["config"]["players"] == 2 and m["config"]["bots"] == ["random", "random"]
    assert m["tables"] == ["games", "seats"] and m["config"]["games"] == 400
    # Counts are written in the file as on the command line.
    (tmp_path / "short.toml").write_text('players = 2\nbots = "random"\ngames = "1.2k"\nchunk_size = "0.5k"\n'
                                         'seed = 1\nquiet = true\nout = "short"\n')
    assert main(["run", "--config", "short.toml"]) == 0
    m = json.loads((tmp_path / "short" / "manifest.json").read_text())
    assert m["config"]["games"] == 1200 and m["config"]["chunk_size"] == 500 and m["n_chunks"] == 3


def test_config_run_table_beside_ray_and_keys_given_twice(tmp_path):
    """The run keys in a [run] table were read only when [run] was the file's one table: with a [ray] table beside
    it the file was refused ("unknown key 'run'", listing inner names such as ray_options and solo_config_text as
    known keys). A key given twice (chunk_size and chunk-size) was silently the last one."""
    from galaxysim.sim.config import ConfigError, load_toml

    f = tmp_path / "big.toml"
    f.write_text('[run]\ngames = "20k"\nplayers = 3\n\n[ray]\naddress = "auto"\nmax_in_flight = 4\n')
    assert load_toml(f) == {"games": 20_000, "players": 3, "ray_address": "auto", "ray_options": {"max_in_flight": 4}}
    for text, message in (('chunk_size = 3\nchunk-size = 4\n', "chunk_size and chunk-size are the same key"),
                          ('games = 10\n[run]\ngames = 2\n', "games is given both at the top level and in [run]"),
                          ('[rnu]\ngames = 2\n', "unknown key 'rnu' (did you mean 'run'?)"),
                          ('colour = 1\n', "(known keys: game, players,")):
        f.write_text(text)
        with pytest.raises(ConfigError, match=re.escape(message)) as e:
            load_toml(f)
        assert "ray_options" not in str(e.value) and "solo_config_text" not in str(e.value)


def test_summary_of_a_run_being_written_and_of_expansion_options(small_run, tmp_path, capsys):
    """The summary of a run another process is writing said "incomplete, resumable", and resume was then refused
    ("in use"); the summary of an expansion run did not say its options (goals, takeovers, solo-hard) and said
    "1 players"."""
    import fcntl

    busy = tmp_path / "busy"
    shutil.copytree(small_run, busy)
    m = json.loads((busy / "manifest.json").read_text())
    m["status"], m["chunks"] = "running", m["chunks"][:1]
    (busy / "manifest.json").write_text(json.dumps(m))
    with open(busy / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        assert main(["summary", str(busy)]) == 0
        assert "(being written by a galaxysim process now)" in capsys.readouterr().out
    assert main(["summary", str(busy)]) == 0
    assert "(incomplete, resumable)" in capsys.readouterr().out
    for args, head in ((["--expansion", "rvi", "--players", "3", "--takeovers"], "3 players, goals+takeovers, seed 2"),
                       (["--expansion", "tgs", "--players", "1", "--solo-difficulty", "hard"], "1 player, solo-hard")):
        out = tmp_path / head.split(",")[1].strip()
        assert main(["run", *args, "--bots", "random", "--games", "20", "--seed", "2", "--out", str(out), "-q"]) == 0
        assert head in capsys.readouterr().out.splitlines()[0]


def test_summary_command(small_run, capsys):
    assert main(["summary", str(small_run)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{small_run}: 600 games of rftg base, 4 players, seed 5 (complete)")
    assert "win rate" in out and "games/s" in out
    assert main(["summary", str(small_run), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 600 and len(s["by_seat"]) == 4 and s["by_bot"][0]["n"] == 2400
    assert abs(sum(g["wins"] for g in s["by_seat"]) - 600) <= s["shared_wins"] * 3


def test_replay_matches_and_fails_loudly_when_tampered(small_run, tmp_path, capsys):
    assert main(["replay", str(small_run), "--game", "257"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"game 257 of {small_run} (seed ")
    assert lines[-1] == "replay matches the stored result"
    stored = load_games(small_run).slice(257, 1).to_pylist()[0]
    assert len(lines) >= stored["decisions"] + 3
    # Change seat 1's stored score of game 257: the replay must say so, loudly.
    run = tmp_path / "run"
    shutil.copytree(small_run, run)
    f = run / "seats" / "chunk-000001.parquet"
    t = pq.read_table(f)
    score = t.column("score").to_pylist()
    row = (257 - 250) * 4 + 1
    score[row] += 1
    t = t.set_column(t.schema.get_field_index("score"), t.schema.field("score"), pa.array(score, pa.int16()))
    pq.write_table(t, f, compression="zstd")
    m = json.loads((run / "manifest.json").read_text())
    m["chunks"][1]["files"]["seats"]["bytes"] = f.stat().st_size
    (run / "manifest.json").write_text(json.dumps(m))
    assert main(["replay", str(run), "--game", "257"]) == 1
    captured = capsys.readouterr()
    assert "replay matches" not in captured.out
    assert captured.err.startswith("galaxysim: error: replay of game 257 does NOT match the stored result: "
                                   f"seat 1 score {score[row]} stored, {score[row] - 1} replayed")


def test_help_everywhere_with_examples(capsys):
    for args in (["--help"], ["run", "--help"], ["summary", "--help"], ["replay", "--help"], ["resume", "--help"]):
        assert main(args) == 0
        out = capsys.readouterr().out
        assert out.startswith("usage: galaxysim") and "examples:" in out
    assert main(["run", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--game", "--players", "--expansion", "--advanced", "--bots", "--games", "--seed", "--threads",
                 "--out", "--record-decisions", "--chunk-size", "--config", "--overwrite", "--resume", "--quiet"):
        assert flag in out
    assert main([]) == 2 and "usage: galaxysim" in capsys.readouterr().err
    # The console script and `python -m galaxysim`, for real.
    exe = shutil.which("galaxysim", path=os.path.dirname(sys.executable))
    r = subprocess.run([exe, "--version"] if exe else [sys.executable, "-m", "galaxysim", "--version"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("galaxysim ") and "(engine " in r.stdout


# --- errors ---------------------------------------------------------------------------------------------------------

@pytest.fixture
def workdir(tmp_path, monkeypatch, small_run):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("mine")
    shutil.copytree(small_run, tmp_path / "existing")
    (tmp_path / "bad.toml").write_text("players = 4\nbots = [\"heuristic\"\n")
    (tmp_path / "unknown.toml").write_text("playrs = 4\n")
    (tmp_path / "type.toml").write_text("players = \"four\"\n")
    (tmp_path / "count.toml").write_text("games = \"2.5x\"\n")
    (tmp_path / "toomany.toml").write_text("bots = \"random,random,random\"\n")
    (tmp_path / "corrupt").mkdir()
    (tmp_path / "corrupt" / "manifest.json").write_text('{"format": "galaxysim-run", "format_')
    shutil.copytree(small_run, tmp_path / "mixed")
    (tmp_path / "mixed" / "notes.txt").write_text("mine")
    shutil.copytree(small_run, tmp_path / "damaged")
    (tmp_path / "damaged" / "seats" / "chunk-000001.parquet").write_bytes(b"garbage")
    shutil.copytree(small_run, tmp_path / "tampered")
    m = json.loads((tmp_path / "tampered" / "manifest.json").read_text())
    m["chunks"] = m["chunks"][:1]
    m["status"] = "interrupted"
    (tmp_path / "tampered" / "manifest.json").write_text(json.dumps(m))
    f = tmp_path / "tampered" / "games" / "chunk-000000.parquet"
    data = bytearray(f.read_bytes())
    data[len(data) // 2] ^= 0x55
    f.write_bytes(bytes(data))
    return tmp_path


ERRORS = [
    (["run", "--game", "af", "--expansion", "tgs", "--games", "10"], "--expansion: Alien Frontiers has no expansions"),
    (["run", "--game", "af", "--players", "5", "--games", "10"], "Alien Frontiers is for 2 to 4 players, not 5"),
    (["run", "--long-game", "--games", "10"], "--long-game is an Alien Frontiers option"),
    (["run", "--game", "chess"], "unknown game 'chess'"),
    (["run", "--bots", "random,superbot,heuristic,heuristic", "--games", "10"], "superbot"),
    (["run", "--bots", "random,heuristic", "--games", "10"], "--bots lists 2 bots (random,heuristic) for 4 players"),
    (["run", "--players", "7", "--games", "10"], "players, not 7"),
    (["run", "--players", "4", "--advanced", "--games", "10"], "advanced"),
    (["run", "--expansion", "nope"], "unknown expansion 'nope'"),
    (["run", "--players", "four"], "argument --players: not an integer: 'four'"),
    (["run", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["run", "--games", "0"], "--games must be at least 1"),
    (["run", "--threads", "0", "--games", "10"], "--threads must be at least 1"),
    (["run", "--seed", "-1"], "--seed must be between 0 and 2**64-1"),
    (["run", "--threads", "3000000000", "--games", "10"], "--threads must be at most 1,024, not 3,000,000,000"),
    (["run", "--chunk-size", "3e9", "--games", "10"], "--chunk-size must be at most 1,000,000"),
    (["resume", "existing", "--threads", "5000"], "--threads must be at most 1,024"),
    (["report", "existing", "--threads", "-3"], "--threads must be at least 1, not -3"),
    (["report", "existing", "--threads", "0"], "--threads must be at least 1, not 0"),
    (["run", "--overwrite", "--resume", "--games", "10"], "--overwrite and --resume exclude each other"),
    (["run", "--config", "unknown.toml", "--players", "3"], "unknown.toml: unknown key 'playrs'"),
    (["run", "--config", "bad.toml"], "bad.toml: invalid TOML"),
    (["run", "--config", "unknown.toml"], "unknown.toml: unknown key 'playrs' (did you mean 'players'?)"),
    (["run", "--config", "type.toml"], "type.toml: players must be an integer, not 'four'"),
    (["run", "--config", "type.toml", "--players", "3"], "type.toml: players must be an integer, not 'four'"),
    (["run", "--config", "count.toml"], "count.toml: games must be an integer such as 50000, \"50k\" or \"1M\", not '2.5x'"),
    (["run", "--config", "toomany.toml"], "toomany.toml: bots lists 3 bots (random,random,random) for 4 players"),
    (["run", "--config", "missing.toml"], "config file not found: missing.toml"),
    (["run", "--games", "10", "--out", "foreign"], "--out foreign already exists and is not empty"),
    (["run", "--games", "10", "--out", "existing"], "--out existing already exists and is not empty"),
    (["run", "--games", "10", "--out", "foreign", "--overwrite"],
     "refusing to --overwrite foreign: it is not a galaxysim run folder (no manifest.json; it holds notes.txt)"),
    (["run", "--games", "10", "--out", "mixed", "--overwrite"],  # named what was not galaxysim's: cards.parquet...
     "refusing to --overwrite mixed: it also holds notes.txt, which galaxysim did not write"),
    (["match", "--bots", "random,heuristic", "--games", "4", "--out", "mixed", "--overwrite"],
     "refusing to --overwrite mixed: it also holds notes.txt"),
    (["run", "--games", "10", "--out", "foreign", "--resume"], "foreign: not a galaxysim run folder"),
    (["run", "--games", "10", "--out", "bad.toml"], "exists and is not a folder"),
    (["run", "--games", "10", "--out", ""], "--out must name a folder, not ''"),
    (["match", "--bots", "random,heuristic", "--out", " "], "--out must name a folder, not ' '"),
    (["summary", "foreign"], "foreign: not a galaxysim run folder (no manifest.json)"),
    (["summary", "nowhere"], "nowhere: no such run folder"),
    (["summary", "corrupt"], "corrupt manifest (invalid JSON"),
    (["summary", "damaged"], "damaged: corrupt run folder: seats/chunk-000001.parquet has 7 bytes"),
    (["resume", "foreign"], "not a galaxysim run folder"),
    (["resume", "tampered"], "games/chunk-000000.parquet does not match its checksum"),
    (["resume", "damaged"], "corrupt run folder"),
    (["replay", "existing", "--game", "600"], "--game 600: existing has games 0 to 599"),
    (["replay", "tampered", "--game", "300"], "that game is not written yet"),
    (["replay", "existing"], "the following arguments are required: --game"),
    (["explode"], "invalid choice: 'explode'"),
]


@pytest.mark.parametrize("args,message", ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_error_is_one_clear_line_and_touches_nothing(workdir, capsys, args, message):
    before = snapshot(workdir)
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert message in err, err
    assert err.count("\n") == 1 and err.startswith("galaxysim") and "Traceback" not in err
    assert snapshot(workdir) == before


def test_errors_in_a_real_process(tmp_path):
    """The same through `python -m galaxysim`: exit code 2, one line, no traceback, no file."""
    for args, message in ((["run", "--game", "af", "--advanced"], "--advanced is a Race for the Galaxy option"),
                          (["run", "--bots", "superbot", "--games", "5"], "superbot"),
                          (["run", "--players", "four"], "not an integer")):
        r = cli(args, cwd=tmp_path)
        assert r.returncode == 2, r.stderr
        assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
        assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []
