"""The observation tensor (docs/observation-tensor.md, G17): documented shape, same state -> same vector,
nothing the seat cannot see, and the batch runner's recorded vectors equal the object API's."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from galaxysim import rftg
from galaxysim.results.export import export_decisions
from galaxysim.results.reader import load_decisions, load_games, load_seats, open_run
from galaxysim.results.schema import observations
from galaxysim.sim.config import RunConfig
from galaxysim.sim.export import dataset_layout
from galaxysim.sim.run import start

DOC = Path(__file__).resolve().parent.parent / "docs" / "observation-tensor.md"


def walk(game: rftg.Game, seed: int, every: int = 1):
    """The states of one game played by a random bot (each state before its decision)."""
    s = game.new_state(seed)
    bot = rftg.Bot("random", seed)
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            yield s.clone()
        s.apply(bot.act(s))
        k += 1
    yield s


def documented_size(game: rftg.Game) -> int:
    """The size formula of the docs, from the numbers the docs state."""
    text = DOC.read_text()
    g, f, x = (int(re.search(rf"{name} = (\d+)", text).group(1)) for name in ("G", "F", "X"))
    designs = game.observation_designs()
    table = {d["id"]: d for d in rftg.card_db().card_table(game.expansion)}
    d, w = len(designs), sum(table[i]["type"] == "world" for i in designs)
    seats = {"base": 4, "tgs": 5, "rvi": 6}[game.expansion]
    return g + 2 * d + seats * (f + d + w) + x


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shape_is_documented_and_the_same_for_every_decision(players):
    game = rftg.Game(players=players)
    assert game.observation_size == documented_size(game) == rftg.Game(players=4).observation_size
    names = game.observation_slots()
    assert len(names) == game.observation_size == len(set(names))
    for s in walk(game, 3, every=7):
        for p in range(players):
            v = s.observation_tensor(p)
            assert v.dtype == np.int16 and v.shape == (game.observation_size,)
    assert names[:4] == ["players", "advanced", "round", "vp_pool"] and "seat0.tableau[Old Earth]" in names


def test_same_state_same_vector():
    game = rftg.Game(players=4)
    for s in walk(game, 11, every=5):
        text = s.to_json()
        again = game.state_from_json(text)
        for p in range(4):
            a = s.observation_tensor(p)
            assert np.array_equal(a, s.observation_tensor(p))
            assert np.array_equal(a, s.clone().observation_tensor(p))
            assert np.array_equal(a, again.observation_tensor(p))


def test_a_seat_out_of_range_is_a_rules_error():
    """Both games check the seat of observation_tensor (and observation, determinize) the same way."""
    from galaxysim import af

    for mod, game in ((rftg, rftg.Game(players=3)), (af, af.Game(players=3))):
        s = game.new_state(1)
        for method in (s.observation_tensor, s.observation, lambda p: s.determinize(p, 0)):
            for seat in (-1, 3):
                with pytest.raises(mod.RulesError, match=f"no seat {seat}"):
                    method(seat)


def test_no_hidden_information():
    """A determinized state (everything the observer cannot see dealt afresh, other seats' secret choices
    redrawn) gives the observer the same vector; it does change other seats' vectors somewhere (their hands)."""
    game = rftg.Game(players=4)
    seen_other_change = False
    states = 0
    for seed in (1, 2):
        for s in walk(game, seed, every=3):
            if s.is_terminal():
                continue
            states += 1
            for p in range(4):
                d = s.determinize(p, seed * 1000 + states)
                assert np.array_equal(s.observation_tensor(p), d.observation_tensor(p)), \
                    f"seat {p} sees a difference at {s!r}"
                q = (p + 1) % 4
                if not np.array_equal(s.observation_tensor(q), d.observation_tensor(q)):
                    seen_other_change = True
    assert states > 50 and seen_other_change


def test_other_seats_secret_choices_are_hidden():
    game = rftg.Game(players=3)
    s = game.new_state(4)
    bot = rftg.Bot("random", 1)
    while s.decision != "choose_action":
        s.apply(bot.act(s))
    chooser = s.current_player
    s.apply(s.legal_actions()[0])  # the first seat has chosen: the others must not see what
    names = game.observation_slots()
    for p in range(3):
        v = dict(zip(names, s.observation_tensor(p)))
        k = (chooser - p) % 3
        own = k == 0
        assert v[f"seat{k}.actions_hidden"] == (0 if own else 1)
        assert sum(v[f"seat{k}.action={a}"] for a in ("explore5", "explore11", "develop", "settle", "trade",
                                                          "consume2x", "produce")) == (1 if own else 0)


def test_recorded_vectors_equal_the_object_api_and_export(tmp_path):
    out = tmp_path / "run"
    cfg = RunConfig(players=3, bots=["random", "heuristic", "heuristic"], games=40, seed=21, out=str(out),
                    quiet=True, record_decisions=True, chunk_size=15, threads=2)
    assert start(cfg, progress=False).complete
    d = load_decisions(out)
    obs = observations(d.column("observation"))
    game = rftg.Game(players=3)
    assert obs.shape == (d.num_rows, game.observation_size)
    seeds = {r["game_index"]: r["seed"] for r in load_games(out).to_pylist()}
    gi, seat, action = (d.column(c).to_numpy() for c in ("game_index", "seat", "action"))
    for g in (0, 17, 39):
        rows = np.nonzero(gi == g)[0]
        s = game.new_state(int(seeds[g]))
        for r in rows:
            assert s.current_player == seat[r]
            assert np.array_equal(s.observation_tensor(int(seat[r])), obs[r]), f"game {g} step {r - rows[0]}"
            s.apply(int(action[r]))
        assert s.is_terminal()

    slots, kinds = dataset_layout(cfg.manifest_config() | {"what_if": None})
    npz = export_decisions(out, tmp_path / "d.npz", "npz", slots, kinds)
    z = np.load(npz["path"])
    assert np.array_equal(z["observation"], obs) and np.array_equal(z["action"], action)
    assert list(z["slot_names"]) == slots and list(z["kind_names"]) == kinds
    assert [kinds[k] for k in z["kind"][:50]] == d.column("kind").to_pylist()[:50]
    seats = load_seats(out).to_pandas().set_index(["game_index", "seat"])
    want = seats.loc[list(zip(gi, seat))]
    assert np.array_equal(z["won"], want["won"].to_numpy()) and np.array_equal(z["score"], want["score"].to_numpy())
    import pyarrow.parquet as pq

    pq_path = export_decisions(out, tmp_path / "d.parquet", "parquet", slots, kinds)["path"]
    t = pq.read_table(pq_path)
    assert t.num_rows == d.num_rows and t.num_columns == 9 + len(slots)
    assert np.array_equal(t.column("obs.round").to_numpy(), obs[:, slots.index("round")])
    assert np.array_equal(t.column("rank").to_numpy(), z["rank"])


def test_export_command(tmp_path, capsys):
    from galaxysim.sim.cli import main

    run = tmp_path / "run"
    assert main(["run", "--players", "2", "--bots", "random", "--games", "20", "--seed", "3", "--out", str(run),
                 "-q", "--record-decisions"]) == 0
    capsys.readouterr()
    assert main(["export", str(run), "--format", "npz", "--compress"]) == 0
    assert capsys.readouterr().out.startswith(f"{run / 'decisions.npz'}: ")
    z = np.load(run / "decisions.npz")
    assert z["observation"].shape == (len(z["action"]), rftg.Game(players=2).observation_size)
    # The exported file is derived from the run: --overwrite takes it away with the run.
    assert main(["run", "--players", "2", "--bots", "random", "--games", "10", "--seed", "3", "--out", str(run),
                 "-q", "--overwrite"]) == 0
    assert not (run / "decisions.npz").exists()
    capsys.readouterr()
    assert main(["export", str(run)]) == 2
    assert "did not record decisions" in capsys.readouterr().err


def test_export_keeps_files_it_did_not_write(tmp_path, capsys):
    from galaxysim.sim.cli import main

    run = tmp_path / "run"
    assert main(["run", "--players", "2", "--bots", "random", "--games", "6", "--seed", "4", "--out", str(run),
                 "-q", "--record-decisions"]) == 0
    # Exporting again replaces the earlier export (npz and Parquet alike).
    for fmt in ("npz", "parquet"):
        assert main(["export", str(run), "--format", fmt]) == 0
        assert main(["export", str(run), "--format", fmt]) == 0
    # A file of the user's at --out is refused and left as it was, whatever its name ...
    for name in ("notes.npz", "table.parquet"):
        mine = tmp_path / name
        mine.write_bytes(b"my own data")
        capsys.readouterr()
        assert main(["export", str(run), "--out", str(mine), "--format", name.split(".")[1]]) == 2
        assert "is not a galaxysim decision export" in capsys.readouterr().err
        assert mine.read_bytes() == b"my own data"
    # ... so is any other program's Parquet file ...
    import pyarrow as pa
    import pyarrow.parquet as pq

    other = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1, 2]}), other)
    assert main(["export", str(run), "--out", str(other), "--format", "parquet"]) == 2
    assert pq.read_table(other).column_names == ["x"]
    # ... unless --overwrite says so.
    assert main(["export", str(run), "--out", str(other), "--format", "parquet", "--overwrite"]) == 0
    assert "obs.round" in pq.read_table(other).column_names
    # A folder is no file name; a missing folder on the way is made.
    capsys.readouterr()
    assert main(["export", str(run), "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    deep = tmp_path / "a" / "b" / "d.npz"
    assert main(["export", str(run), "--out", str(deep)]) == 0
    assert np.load(deep)["observation"].shape[0] > 0
    assert not list(tmp_path.rglob(".*.tmp"))


def test_sigterm_stops_an_export_and_leaves_no_file(tmp_path):
    """`kill` (SIGTERM) ended an export on the spot and left its unfinished .decisions.npz.tmp (gigabytes for a big
    run) in the run folder; now it stops as Ctrl-C does: exit code 130, one line, the file removed."""
    import signal
    import subprocess
    import sys
    import time

    run = tmp_path / "run"
    assert start(RunConfig(players=4, bots=["random"], games=400, seed=6, threads=2, out=str(run), quiet=True,
                           record_decisions=True), progress=False).complete
    proc = subprocess.Popen([sys.executable, "-m", "galaxysim", "export", str(run), "--compress", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    tmp = run / ".decisions.npz.tmp"
    deadline = time.monotonic() + 60
    while not tmp.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    assert proc.poll() is None, "the export ended before it could be stopped"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "galaxysim: error: interrupted\n", (proc.returncode, err)
    assert not tmp.exists() and not (run / "decisions.npz").exists()


def test_export_reports_progress(tmp_path, capsys, monkeypatch):
    import galaxysim.sim.progress
    from galaxysim.sim.cli import main

    run = tmp_path / "run"
    assert main(["run", "--players", "2", "--bots", "random", "--games", "12", "--seed", "5", "--out", str(run),
                 "-q", "--record-decisions", "--chunk-size", "3"]) == 0
    slots, kinds = dataset_layout(open_run(run).config)
    for fmt in ("npz", "parquet"):
        steps: list[int] = []
        res = export_decisions(run, tmp_path / f"d.{fmt}", fmt, slots, kinds, progress=steps.append)
        assert sum(steps) == res["rows"] and min(steps) >= 0 and len(steps) >= 4, steps  # four chunks: a step for each at least
    # On the command line: progress lines when stderr is no terminal (every minute; here at once), none with -q.
    monkeypatch.setattr(galaxysim.sim.progress, "LOG_EVERY_SECONDS", 0.0)
    capsys.readouterr()
    assert main(["export", str(run), "--out", str(tmp_path / "e.npz")]) == 0
    assert "decisions (" in capsys.readouterr().err
    assert main(["export", str(run), "--out", str(tmp_path / "e.npz"), "-q"]) == 0
    assert capsys.readouterr().err == ""
