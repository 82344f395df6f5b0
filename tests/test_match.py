"""Matches, tournaments and ratings: seat rotation on common deals, the run folder, Python bots and their
errors in a match, resume, the report (win rates with intervals, head to head, Bradley-Terry ratings), the
command line."""
from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest

from galaxysim.results import load_games, load_seats, open_run, summarize, verify_run
from galaxysim.results.match_report import match_report
from galaxysim.results.ratings import bradley_terry, elo_win_probability, fit_ratings
from galaxysim.sim.cli import main
from galaxysim.sim.bots import split_specs
from galaxysim.sim.config import parse_bots
from galaxysim.sim.config import ConfigError
from galaxysim.sim.match import MatchConfig, play


def seats_by_game(path):
    s = load_seats(path, columns=["game_index", "seat", "bot"]).to_pydict()
    out: dict[int, list[str]] = {}
    for gi, seat, bot in zip(s["game_index"], s["seat"], s["bot"]):
        out.setdefault(gi, [None] * 8)[seat] = bot
    return out


def test_match_rotates_seats_on_the_same_deals(tmp_path):
    cfg = MatchConfig(bots=["heuristic", "random"], players=2, games=41, seed=5, out=str(tmp_path / "m"),
                      threads=2, quiet=True, chunk_size=8)
    o = play(cfg)
    assert o.complete and o.games_planned == 42  # rounded up to whole rotations: 21 deals x 2 seatings
    run = open_run(o.path)
    verify_run(run)
    games = load_games(o.path, columns=["game_index", "seed"]).to_pydict()
    assert games["game_index"] == list(range(42))
    lineups = seats_by_game(o.path)
    for j in range(21):
        assert games["seed"][j] == games["seed"][21 + j]  # the same deal in both seatings
        assert lineups[j][:2] == ["heuristic", "random"] and lineups[21 + j][:2] == ["random", "heuristic"]
    rep = o.report
    by = {b.bot: b for b in rep.by_bot}
    assert by["heuristic"].games == by["random"].games == 42
    assert by["heuristic"].win_rate > by["random"].win_rate
    assert math.isclose(by["heuristic"].win_rate + by["random"].win_rate, 1.0)
    assert by["heuristic"].ci_low < by["heuristic"].win_rate < by["heuristic"].ci_high
    r = rep.ratings.ratings
    assert r["heuristic"].elo > 0 > r["random"].elo and r["heuristic"].lo <= r["heuristic"].elo <= r["heuristic"].hi
    text = rep.format()
    assert "win rate" in text and "ratings" in text and "heuristic" in text
    assert summarize(o.path).by_seat[0].bot == "(rotated)"


def test_same_rows_whatever_the_threads_and_chunks(tmp_path):
    def rows(name, threads, chunk):
        o = play(MatchConfig(bots=["random", "ismcts:iterations=10,depth=5"], games=6, seed=3, threads=threads,
                             chunk_size=chunk, out=str(tmp_path / name), quiet=True))
        s = load_seats(o.path, columns=["game_index", "seat", "bot", "score", "rank"]).to_pydict()
        return s

    assert rows("a", 1, 6) == rows("b", 2, 4)


def test_a_chunk_of_python_and_built_in_lineups_keeps_every_deal_seed(tmp_path):
    """A tournament's chunk that holds lineups with a Python bot and lineups of built-in bots alone: every game
    has its deal's seed. (The Python games' seeds came as int64 when they were all below 2**63, the engine's as
    uint64, and numpy joined the two as float64: seeds above 2**53 were rounded.)"""
    class First:
        def act(self, state, legal_actions):
            return legal_actions[0]

    o = play(MatchConfig(kind="tournament", bots=["first", "random", "heuristic"], players=2, games=12, seed=5,
                         chunk_size=36, threads=1, out=str(tmp_path / "t"), quiet=True), objects={"first": First()})
    seeds = load_games(o.path, columns=["seed"]).column(0).to_pylist()
    builtin = play(MatchConfig(bots=["random", "heuristic"], players=2, games=12, seed=5, threads=1,
                               out=str(tmp_path / "m"), quiet=True))
    deals = load_games(builtin.path, columns=["seed"]).column(0).to_pylist()[:6]  # the engine's, exact
    assert max(deals) > 2 ** 63 > min(deals)
    assert seeds == deals * 6  # six lineups on the same six deals


def test_tournament_plays_every_pair_and_rates_them(tmp_path):
    o = play(MatchConfig(bots=["random", "heuristic", "ismcts:iterations=15,depth=6"], kind="tournament", games=4,
                         seed=9, out=str(tmp_path / "t"), quiet=True))
    assert o.games_planned == 3 * 2 * 2  # 3 pairs x 2 seatings x 2 deals
    pairs = {tuple(sorted(x[:2])) for x in seats_by_game(o.path).values()}
    assert len(pairs) == 3
    rep = o.report
    assert {h.bot for h in rep.head_to_head} == {"random", "heuristic", "ismcts:iterations=15,depth=6"}
    assert len(rep.ratings.ratings) == 3
    d = rep.to_dict()
    assert d["ratings"]["bots"][0]["elo"] >= d["ratings"]["bots"][-1]["elo"]
    json.dumps(d)


def test_multiplayer_match_counts_by_rank(tmp_path):
    o = play(MatchConfig(bots=["heuristic", "random"], players=4, games=8, seed=2, out=str(tmp_path / "m4"),
                         quiet=True))
    lineups = seats_by_game(o.path)
    assert lineups[0][:4] == ["heuristic", "random", "heuristic", "random"]
    assert lineups[2][:4] == ["random", "heuristic", "random", "heuristic"]  # deals x2, then the next rotation
    h = {(x.bot, x.opponent): x for x in o.report.head_to_head}
    # 8 games x 4 cross pairs of seats held by different bots.
    assert h[("heuristic", "random")].comparisons == 32
    assert math.isclose(h[("heuristic", "random")].score + h[("random", "heuristic")].score, 1.0)


class Flaky:
    """Raises on its 5th decision of every other game."""

    def __init__(self):
        self.calls = 0
        self.game = -1

    def reset(self, seat, seed):
        self.game += 1
        self.calls = 0

    def act(self, state, legal_actions):
        self.calls += 1
        if self.game % 2 == 0 and self.calls == 5:
            raise RuntimeError("flaky bot gave up")
        return legal_actions[-1]


def test_python_bot_in_a_match_errors_are_recorded_and_the_run_goes_on(tmp_path):
    o = play(MatchConfig(bots=["flaky", "heuristic"], games=4, seed=1, out=str(tmp_path / "p"), quiet=True),
             objects={"flaky": Flaky()})
    assert o.complete and o.games_written == 4
    assert o.errors == 2 and o.report.errors == 2
    reasons = load_games(o.path, columns=["end_reason"]).column("end_reason").to_pylist()
    assert reasons.count("bot_error") == 2
    m = open_run(o.path).manifest
    errs = [e for c in m["chunks"] for e in c.get("errors", [])]
    assert len(errs) == 2 and all("flaky bot gave up" in e["message"] and e["bot"] == "flaky" for e in errs)
    assert {b.bot: b.games for b in o.report.by_bot} == {"flaky": 2, "heuristic": 2}
    assert "stopped by a bot error" in o.report.format()


def test_resume_completes_a_match_with_the_same_rows(tmp_path):
    full = play(MatchConfig(bots=["heuristic", "random"], games=12, seed=4, chunk_size=5, out=str(tmp_path / "a"),
                            quiet=True))
    part = tmp_path / "b"
    play(MatchConfig(bots=["heuristic", "random"], games=12, seed=4, chunk_size=5, out=str(part), quiet=True))
    m = json.loads((part / "manifest.json").read_text())
    dropped = m["chunks"].pop()
    for f in dropped["files"].values():
        (part / f["path"]).unlink()
    m["status"] = "interrupted"
    (part / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(ConfigError, match="already exists"):
        play(MatchConfig(bots=["heuristic", "random"], games=12, seed=4, out=str(part), quiet=True))
    with pytest.raises(ConfigError, match="seed"):
        play(MatchConfig(bots=["heuristic", "random"], games=12, seed=5, out=str(part), quiet=True, resume=True))
    o = play(MatchConfig(bots=["heuristic", "random"], games=12, seed=4, out=str(part), quiet=True, resume=True))
    assert o.complete and o.played == dropped["games"]
    cols = ["game_index", "seat", "bot", "score", "rank", "won"]
    assert load_seats(full.path, columns=cols).to_pydict() == load_seats(part, columns=cols).to_pydict()


@pytest.mark.parametrize("resume", ["run", "match"])
def test_a_folder_changed_before_the_lock_is_taken_is_checked_again(tmp_path, monkeypatch, resume):
    """Between its checks and taking the folder's lock, a resume can find the folder written by another process:
    the folder is read and verified again under the lock (match --resume read it again without verifying)."""
    import contextlib

    from galaxysim.results.manifest import RunFolderError
    from galaxysim.sim import folder_lock
    from galaxysim.sim.config import RunConfig
    from galaxysim.sim.run import resume as resume_run, start

    out = tmp_path / "f"
    if resume == "run":
        start(RunConfig(players=2, bots=["random"], games=20, seed=4, chunk_size=5, out=str(out), quiet=True),
              progress=False)
    else:
        play(MatchConfig(bots=["heuristic", "random"], games=20, seed=4, chunk_size=5, out=str(out), quiet=True))
    m = json.loads((out / "manifest.json").read_text())
    m["chunks"].pop()
    m["status"] = "interrupted"
    (out / "manifest.json").write_text(json.dumps(m))
    real = folder_lock.locked

    @contextlib.contextmanager
    def another_writer_first(run_dir):  # what another process did just before this one took the lock
        listed = run_dir / m["chunks"][0]["files"]["seats"]["path"]
        listed.write_bytes(b"\x00" * listed.stat().st_size)
        m["elapsed_seconds"] = 99.0
        (run_dir / "manifest.json").write_text(json.dumps(m))
        with real(run_dir):
            yield

    module = "galaxysim.sim.run" if resume == "run" else "galaxysim.sim.match"
    monkeypatch.setattr(f"{module}.locked", another_writer_first)
    with pytest.raises(RunFolderError, match="sha256|checksum"):
        if resume == "run":
            resume_run(out, quiet=True, progress=False)
        else:
            play(MatchConfig(bots=["heuristic", "random"], games=20, seed=4, out=str(out), quiet=True, resume=True))
    assert json.loads((out / "manifest.json").read_text())["chunks"] == m["chunks"]  # nothing played


def test_a_full_disk_stops_a_match_resumably(tmp_path, monkeypatch):
    """A full disk in a match ended it with "No space left on device" and the manifest still "running"."""
    from galaxysim.sim.config import RunWriteError
    from test_run_folder import full_disk_at

    out = tmp_path / "m"
    cfg = MatchConfig(bots=["heuristic", "random"], games=40, seed=3, out=str(out), quiet=True, chunk_size=8)
    full_disk_at(monkeypatch, "games/chunk-000003.parquet")
    with pytest.raises(RunWriteError, match=f"the 24 of 40 games written before are safe; .* then: galaxysim match "
                                            f"--out {out} --resume"):
        play(cfg)
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "interrupted" and len(m["chunks"]) == 3
    monkeypatch.undo()
    o = play(dataclasses.replace(cfg, resume=True))
    assert o.complete and o.played == 16
    full = play(dataclasses.replace(cfg, out=str(tmp_path / "full")))
    cols = ["game_index", "seat", "bot", "score", "rank", "won"]
    assert load_seats(full.path, columns=cols).to_pydict() == load_seats(out, columns=cols).to_pydict()


def test_a_bot_that_exits_leaves_the_match_resumable(tmp_path):
    """A Python bot calling sys.exit() ended the process with the manifest still "running"."""
    class Quitter:
        def act(self, state, legal_actions):
            if state.round >= 2:
                raise SystemExit(3)
            return legal_actions[0]

    out = tmp_path / "m"
    with pytest.raises(SystemExit):
        play(MatchConfig(bots=["quitter", "random"], games=8, seed=2, out=str(out), quiet=True, chunk_size=2),
             objects={"quitter": Quitter()})
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"


@pytest.mark.parametrize("cfg, message", [
    (dict(bots=["random"]), "a match takes 2 to 2 bots"),
    (dict(bots=["random", "heuristic", "random"]), "lists a bot twice"),
    (dict(bots=["random", "heuristic", "ismcts"]), "use galaxysim tournament"),
    (dict(bots=["random", "heuristic"], kind="tournament"), "at least 3 bots"),
    (dict(bots=["random", "nobody"]), "unknown bot 'nobody'"),
    (dict(bots=["random", "ismcts:iters=x"]), "iters must be a number"),
    (dict(bots=["random", "heuristic"], players=7), "players must be 2 to 6"),
    (dict(bots=["random", "heuristic"], threads=5000), "--threads must be at most 1,024"),
    (dict(bots=["random", "heuristic"], games=2.5), "--games must be an integer, not 2.5"),
    (dict(bots=["random", "heuristic"], expansion="tgs", goals="no"), "--goals must be true or false, not 'no'"),
    (dict(bots=["random", "heuristic"], players=2.0), "--players must be an integer, not 2.0"),
    (dict(bots=["random", "heuristic"], chunk_size=3 * 10**9), "--chunk-size must be at most 1,000,000"),
])
def test_bad_matches_are_refused_before_writing(tmp_path, cfg, message):
    out = tmp_path / "bad"
    with pytest.raises(ConfigError, match=message):
        play(MatchConfig(out=str(out), quiet=True, seed=1, **cfg))
    assert not out.exists() or not any(out.iterdir())


def test_match_sizes_are_checked_in_all_games_of_the_plan():
    """--games is per group of bots: a tournament's total, and its chunk count, are checked too."""
    with pytest.raises(ConfigError, match="--games must be at most"):
        MatchConfig(bots=["random", "heuristic"], games=10**30).validate()
    with pytest.raises(ConfigError, match="per group of bots is 1,500,000,000,000 games in all"):
        MatchConfig(bots=["random", "heuristic", "ismcts"], kind="tournament", games=5 * 10**11).validate()
    with pytest.raises(ConfigError, match="would be 2,000,000 chunk files"):
        MatchConfig(bots=["random", "heuristic"], games=2_000_000, chunk_size=1).validate()
    from galaxysim.sim.config import MAX_CHUNKS
    from galaxysim.sim.match import auto_chunk_size

    assert -(-10**12 // auto_chunk_size(10**12, 2)) <= MAX_CHUNKS


def test_a_match_config_made_in_python_takes_a_bot_string_and_numpy_counts(tmp_path):
    """bots="heuristic,random" was split into letters ("lists a bot twice (h,e,u,...)")."""
    o = play(MatchConfig(bots="heuristic,random", games=np.int64(4), seed=np.uint64(3), out=str(tmp_path / "m"),
                         quiet=True))
    assert o.complete and o.games_planned == 4
    m = json.loads((tmp_path / "m" / "manifest.json").read_text())["config"]
    assert m["bots"] == ["heuristic", "random"] and m["seed"] == 3 and m["games"] == 4


def test_a_bad_bot_is_named_before_an_existing_folder(tmp_path):
    """A match into a folder that is already there, with a bad bot spec: the bot is the error (the folder was,
    and fixing the folder only led to the next error)."""
    out = tmp_path / "m"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="iterations must be in 1..100000000"):
        play(MatchConfig(bots=["random", "ismcts:iterations=0"], games=2, seed=1, out=str(out), quiet=True))
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_cli_match_and_tournament(tmp_path, capsys):
    out = tmp_path / "cli"
    assert main(["match", "--bots", "heuristic,random", "--games", "6", "--seed", "3", "--out", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "95% CI" in text and "elo" in text
    assert main(["tournament", "--bots", "random,heuristic,ismcts:iterations=10,depth=4", "--games", "2",
                 "--seed", "3", "--out", str(tmp_path / "t"), "-q", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["kind"] == "tournament" and len(d["ratings"]["bots"]) == 3
    assert main(["match", "--bots", "heuristic,alphazero", "--out", str(tmp_path / "x"), "-q"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'alphazero'" in err and len(err.strip().splitlines()) == 1
    assert main(["resume", str(out)]) == 2
    assert "holds a match" in capsys.readouterr().err
    # `run --resume` names it the same way (it compared the match's config with a run's: "made with games=6").
    assert main(["run", "--out", str(out), "--resume", "--games", "10"]) == 2
    assert "holds a match, which `galaxysim resume` does not handle" in capsys.readouterr().err


def test_bot_lists_keep_ismcts_options_together():
    assert split_specs("ismcts:iterations=500,c=0.5,random") == ["ismcts:iterations=500,c=0.5", "random"]
    assert split_specs("random, heuristic") == ["random", "heuristic"]
    assert split_specs("py:m.Bot:k=1,j=2,ismcts:ms=5") == ["py:m.Bot:k=1,j=2", "ismcts:ms=5"]
    assert parse_bots("heuristic,ismcts:iterations=20,depth=5") == ["heuristic", "ismcts:iterations=20,depth=5"]


def test_galaxysim_run_takes_ismcts_specs(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "--players", "2", "--bots", "ismcts:iterations=20,depth=5,random", "--games", "4",
                 "--seed", "1", "--out", str(out), "-q"]) == 0
    assert "ismcts:iterations=20,depth=5" in capsys.readouterr().out
    bots = set(load_seats(out, columns=["bot"]).column("bot").to_pylist())
    assert bots == {"ismcts:iterations=20,depth=5", "random"}


# --- ratings ---------------------------------------------------------------------------------------------------------

def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(1)
    true = {"a": 200.0, "b": 0.0, "c": -150.0}
    games = []
    names = list(true)
    for _ in range(6000):
        x, y = rng.choice(3, 2, replace=False)
        p = elo_win_probability(true[names[x]] - true[names[y]])
        win = rng.random() < p
        games.append([(names[x], 1 if win else 2), (names[y], 2 if win else 1)])
    r = fit_ratings(games, bootstrap=50, seed=1, anchor="b")
    assert r.ratings["b"].elo == 0
    for n in ("a", "c"):
        assert abs(r.ratings[n].elo - true[n]) < 40
        assert r.ratings[n].lo < r.ratings[n].elo < r.ratings[n].hi
    d, lo, hi = r.diffs[("a", "c")]
    assert lo < d < hi and abs(d - 350) < 60


def test_ratings_with_ties_multiplayer_ranks_and_sweeps():
    # A always first, B and C tie behind: A above both, B == C.
    r = fit_ratings([[("A", 1), ("B", 2), ("C", 2)]] * 30, bootstrap=20)
    assert r.ratings["A"].elo > 0 and math.isclose(r.ratings["B"].elo, r.ratings["C"].elo)
    assert all(math.isfinite(x.elo) for x in r.ratings.values())  # a clean sweep stays finite
    w = np.array([[0, 3.0], [1.0, 0]])
    n = np.array([[0, 4.0], [4.0, 0]])
    theta = bradley_terry(w, n)
    assert theta[0] > theta[1] and math.isclose(theta.mean(), 0, abs_tol=1e-9)
    with pytest.raises(ValueError, match="anchor"):
        fit_ratings([[("A", 1), ("B", 2)]], anchor="Z")


def test_cli_resume_checks_only_what_was_given(tmp_path, capsys):
    out = tmp_path / "r"
    args = ["match", "--bots", "heuristic,random", "--games", "4", "--seed", "8", "--out", str(out), "-q"]
    assert main(args) == 0
    capsys.readouterr()
    assert main(["match", "--bots", "heuristic,random", "--out", str(out), "--resume", "-q"]) == 0
    assert "already" not in capsys.readouterr().err
    assert main(["match", "--bots", "heuristic,random", "--games", "6", "--out", str(out), "--resume", "-q"]) == 2
    assert "games=4" in capsys.readouterr().err


def test_recorded_decisions_with_python_and_cpp_lineups(tmp_path):
    from galaxysim.results.reader import load_decisions

    class First:
        def act(self, state, legal_actions):
            return legal_actions[0]

    o = play(MatchConfig(bots=["first", "heuristic"], games=2, seed=6, out=str(tmp_path / "d"), quiet=True,
                         record_decisions=True, chunk_size=3), objects={"first": First()})
    dec = load_decisions(o.path)
    games = load_games(o.path, columns=["game_index", "decisions"]).to_pydict()
    assert dec.num_rows == sum(games["decisions"])
    size = open_run(o.path).manifest["observation"]["size"]
    assert all(len(v) == 2 * size for v in dec.column("observation").to_pylist()[:5])  # int16 bytes
    # An all-C++ match records the same kind of rows through the batch path.
    o2 = play(MatchConfig(bots=["random", "heuristic"], games=2, seed=6, out=str(tmp_path / "e"), quiet=True,
                          record_decisions=True))
    assert load_decisions(o2.path).num_rows == sum(load_games(o2.path, columns=["decisions"]).column(0).to_pylist())


def test_replay_re_plays_match_and_tournament_games_with_their_seating(tmp_path, capsys):
    from galaxysim.sim.run import replay

    m = play(MatchConfig(bots=["ismcts:iterations=20", "heuristic", "random"], players=3, games=6, seed=8,
                         out=str(tmp_path / "m"), quiet=True))
    t = play(MatchConfig(kind="tournament", bots=["random", "heuristic", "ismcts:iterations=20"], players=2, games=2,
                         seed=8, out=str(tmp_path / "t"), quiet=True))
    for o in (m, t):
        seats = load_seats(o.path, columns=["game_index", "seat", "bot"]).to_pydict()
        for g in range(o.games_written):
            rep = replay(o.path, g)
            assert rep.matches, rep.verdict
            assert not any("searches for a time" in line for line in rep.lines)
            bots = [b for gi, b in zip(seats["game_index"], seats["bot"]) if gi == g]
            assert rep.lines[0].endswith(f"bots {', '.join(bots)})")  # the seating of that game, not of game 0
            assert any(f"({bots[1]})" in line for line in rep.lines[1:])
    assert main(["replay", str(m.path), "--game", "5"]) == 0
    assert capsys.readouterr().out.strip().endswith("replay matches the stored result")
    # A game that seats a Python bot cannot be re-played from its seed.

    class First:
        def act(self, state, legal_actions):
            return legal_actions[0]

    p = play(MatchConfig(bots=["first", "heuristic"], games=2, seed=6, out=str(tmp_path / "p"), quiet=True),
             objects={"first": First()})
    assert main(["replay", str(p.path), "--game", "1"]) == 2
    assert "seats the Python bot first" in capsys.readouterr().err


def test_replay_says_when_a_bot_plays_by_the_clock(tmp_path, capsys):
    from galaxysim.sim.bots import plays_by_the_clock
    from galaxysim.sim.run import replay

    assert plays_by_the_clock("ismcts:ms=5") and plays_by_the_clock("ismcts:c=0.5,ms=2")
    assert not plays_by_the_clock("ismcts:iterations=50") and not plays_by_the_clock("heuristic")
    out = tmp_path / "m"
    assert main(["match", "--bots", "ismcts:ms=1,random", "--games", "2", "--seed", "4", "--out", str(out),
                 "-q", "--threads", "1"]) == 0
    rep = replay(out, 0)
    assert any(line.startswith("note: ismcts:ms=1 searches for a time") for line in rep.lines)
    assert rep.matches or "expected with a time budget" in rep.verdict


class FirstLegal:
    """Always the first legal action: Explore +5 at every action choice, so two of them never end a game."""

    def act(self, state, legal_actions):
        return legal_actions[0]


def test_games_stopped_by_the_round_cap_are_counted_per_group_with_a_warning(tmp_path):
    o = play(MatchConfig(bots=["first", "second", "heuristic"], kind="tournament", games=2, seed=2,
                         out=str(tmp_path / "cap"), quiet=True),
             objects={"first": FirstLegal(), "second": FirstLegal()})
    groups = {tuple(c.bots): c for c in o.report.capped}
    assert set(groups) == {("first", "second"), ("first", "heuristic"), ("second", "heuristic")}
    stalled = groups[("first", "second")]
    assert stalled.games == stalled.capped == 2 and stalled.warn
    assert stalled.length_quantiles["min"] == 30 and stalled.mean_length == 30
    played = groups[("first", "heuristic")]
    assert played.games == 2 and played.capped == 0 and not played.warn  # the heuristic bot ends the game
    text = o.report.format()
    assert "ended at the safety cap (round_cap), per group of bots" in text
    assert "first, second" in text and "WARNING: 1 group(s) of bots (marked !)" in text
    d = o.report.to_dict()
    assert [c["warn"] for c in d["capped"]].count(True) == 1
    json.dumps(d)
    calm = play(MatchConfig(bots=["heuristic", "random"], games=4, seed=2, out=str(tmp_path / "calm"), quiet=True))
    assert calm.report.capped[0].capped == 0
    assert "0 of 4 games (0.0%)" in calm.report.format() and "WARNING" not in calm.report.format()


def test_cli_match_in_which_every_game_failed_exits_non_zero(tmp_path, capsys, monkeypatch):
    (tmp_path / "failing_bots.py").write_text("class Raiser:\n    def act(self, state, legal_actions):\n"
                                              "        raise RuntimeError('no idea')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ["match", "--bots", "py:failing_bots.Raiser,heuristic", "--games", "4", "--seed", "1", "-q"]
    assert main(args + ["--out", str(tmp_path / "f")]) == 1
    captured = capsys.readouterr()
    assert "4 game(s) stopped by a bot error" in captured.out
    assert "every game of the match (4) was stopped by a bot error" in captured.err and "no idea" in captured.err
    assert main(args + ["--out", str(tmp_path / "f2"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["all_failed"] is True
