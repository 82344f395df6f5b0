"""Bots for Alien Frontiers everywhere bots work (docs/bots.md, docs/ismcts.md): af.Bot from any built-in spec,
galaxysim.sim.bots.make for AF, the ISMCTS bot's hidden-information guarantee and determinism from Python, Python bots in
the AF game loop (the batch rows, a determinized view, recorded errors), AF matches and tournaments (seat
rotation, threads, a Python bot), and `galaxysim run --game af` with ismcts seats."""
from __future__ import annotations

import json

import numpy as np
import pytest

from galaxysim import _af, _batch, af
from galaxysim.results import load_games, load_seats
from galaxysim.sim import bots as botreg
from galaxysim.sim.cli import main
from galaxysim.sim.config import ConfigError
from galaxysim.sim.match import MatchConfig, play
from galaxysim.sim.run import af_texts

QUICK = "ismcts:iterations=12,depth=6"


def position(seed: int, turn: int = 5):
    """A real choice of a 2-player game after a few turns of random play."""
    s = af.Game(players=2).new_state(seed)
    bot = af.Bot("random", seed)
    while not s.is_terminal() and (s.turn < turn or len(s.legal_actions()) < 3):
        s.apply(bot.act(s))
    return s


# --- af.Bot and galaxysim.sim.bots.make ---------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=30,depth=10",
                                  "ismcts:iterations=20,rollout=heuristic,epsilon=0.2", "ismcts:ms=5,threads=2"])
def test_builtin_specs_play_legally(spec):
    s = position(3)
    bot = af.Bot(spec, 1)
    a = bot.act(s)
    assert a in s.legal_actions()
    stats = bot.last_stats()
    assert (stats is None) == (not spec.startswith("ismcts"))
    if stats is not None and "ms=" not in spec:
        assert stats["iterations"] == int(spec.split("iterations=")[1].split(",")[0])
        assert stats["memory_bytes"] > 0
    assert bot.spec == spec and repr(bot) == f"af.Bot({spec!r})"


@pytest.mark.parametrize("spec, message", [
    ("ismcts:iterations=0", "iterations must be in 1..100000000"), ("ismcts:c=-1", "c must be >= 0"),
    ("ismcts:speed=9", "unknown option 'speed'"), ("greedy", "unknown bot 'greedy'"),
])
def test_bad_specs_are_one_clear_line(spec, message):
    with pytest.raises(af.RulesError, match=message) as e:
        af.Bot(spec)
    assert "\n" not in str(e.value)
    with pytest.raises(botreg.BotSpecError, match=message):
        botreg.make(spec, game="af")


def test_sim_bots_make_serves_both_games():
    s = position(4)
    same = botreg.make("ismcts:iterations=25,depth=8", seed=2, game="af")
    either = botreg.make("ismcts:iterations=25,depth=8", seed=2)  # the game of the state it is handed
    assert same.act(s, s.legal_actions()) == either.act(s, s.legal_actions())
    assert either.last_stats()["iterations"] == 25
    from galaxysim import rftg

    r = rftg.Game(players=2).new_state(1)
    assert either.act(r, r.legal_actions()) in r.legal_actions()
    assert af.BUILTIN_BOTS.startswith("random, heuristic, ismcts") and "iterations=N" in af.ISMCTS_OPTIONS


# --- ISMCTS: hidden information and determinism --------------------------------------------------------------

def with_rng(state, rng: int):
    """The same position with another RNG state: other future rolls and tech draws."""
    d = json.loads(state.to_json())
    d["rng"] = rng
    return af.Game(players=state.players).state_from_json(json.dumps(d))


@pytest.mark.parametrize("seed", [11, 12])
def test_ismcts_does_not_read_the_future_rolls(seed):
    s = position(seed)
    t = with_rng(s, json.loads(s.to_json())["rng"] ^ 0x5DEECE66D)
    assert s.observation(s.current_player) == t.observation(t.current_player)
    # The RNG does decide what comes next: ending the turn now rolls other dice for the next player.
    end = [x.clone() for x in (s, t)]
    for x in end:
        while not x.is_terminal() and x.current_player == s.current_player:
            x.apply(x.legal_actions()[0])
    public = [{k: v for k, v in json.loads(x.to_json()).items() if k != "rng"} for x in end]
    assert public[0] != public[1]
    for spec in ("ismcts:iterations=60,depth=20", "ismcts:iterations=30,depth=20,threads=2,dets=3"):
        a, b = af.Bot(spec, 7), af.Bot(spec, 7)
        assert a.act(s) == b.act(t)
        assert a.last_stats()["chosen_value"] == b.last_stats()["chosen_value"]


def test_ismcts_is_deterministic_given_its_seed():
    positions = [position(21), position(22), position(21, turn=9)]
    runs = []
    for _ in range(2):
        bot = af.Bot("ismcts:iterations=40,depth=15", 3)
        runs.append([(bot.act(p), bot.last_stats()["chosen_value"], bot.last_stats()["nodes"]) for p in positions])
    assert runs[0] == runs[1]
    another = af.Bot("ismcts:iterations=40,depth=15", 4)
    another.act(positions[0])
    assert another.last_stats()["chosen_value"] != runs[0][0][1]


# --- the game loop with Python bots ---------------------------------------------------------------------------

@pytest.mark.parametrize("specs", [["random", "heuristic"], ["heuristic", QUICK, "random"]])
def test_python_loop_gives_the_batch_rows(specs):
    game = af.Game(players=len(specs))
    runner = _batch.AfRunner(af_texts(), len(specs), False, specs)
    for index in (0, 3):
        rec = _af.play_game(game, specs, specs, 99, index)
        res = runner.run(99, index, 1)
        g, s = res["games"], res["seats"]
        assert rec["seed"] == int(g["seed"][0]) and rec["rounds"] == int(g["rounds"][0]) and rec["error"] is None
        assert rec["decisions"] == int(g["decisions"][0]) and rec["winners_mask"] == int(g["winners_mask"][0])
        for k in ("score", "rank", "ore", "fuel", "territories", "colonies_left"):
            assert [r[k] for r in rec["seats"]] == s[k].tolist(), k
        assert [t for r in rec["seats"] for t in r["tech"]] == s["tech_cards"].tolist()


def test_python_bot_sees_a_determinization_of_its_seat():
    game = af.Game(players=2)
    seen = []

    class Watcher:
        def __init__(self):
            self.resets = []

        def reset(self, seat, seed):
            self.resets.append(seat)

        def act(self, state, legal_actions):
            seen.append((state.to_json(), state.legal_actions() == legal_actions))
            return legal_actions[len(legal_actions) // 2]

    w = Watcher()
    rec = _af.play_game(game, ["heuristic", w], ["heuristic", "watcher"], 5, 0, True)
    assert rec["error"] is None and rec["end_reason"] == 0 and w.resets == [1]
    assert len(seen) > 10 and all(same for _, same in seen)
    # Replay the game: at each of the watcher's decisions its view is the real position with another RNG.
    real = game.new_state(rec["seed"])
    views = iter(seen)
    for _step, seat, _kind, action, _legal in rec["decision_rows"]:
        if seat == 1:
            view = json.loads(next(views)[0])
            truth = json.loads(real.to_json())
            assert view["rng"] != truth["rng"]
            assert {k: v for k, v in view.items() if k != "rng"} == {k: v for k, v in truth.items() if k != "rng"}
        real.apply(action)
    assert real.is_terminal()


@pytest.mark.parametrize("bot, pattern", [
    (lambda: type("Raises", (), {"act": lambda self, s, l: 1 / 0})(), r"raised ZeroDivisionError"),
    (lambda: type("Illegal", (), {"act": lambda self, s, l: 99999})(), r"answered 99999, which is not a legal"),
])
def test_python_bot_errors_stop_the_game_and_are_recorded(bot, pattern):
    rec = _af.play_game(af.Game(players=2), ["random", bot()], ["random", "buggy"], 3, 0)
    assert rec["end_reason"] == _batch.AF_END_REASONS.index("bot_error") and rec["winners_mask"] == 0
    msg = rec["error"]
    assert rec["error_seat"] == 1 and msg.startswith("bot 'buggy' (seat 1) ") and "\n" not in msg
    assert pytest.importorskip("re").search(pattern, msg) and ", turn " in msg and "legal actions: " in msg and " (dock " in msg


# --- matches and tournaments ----------------------------------------------------------------------------------

def test_af_match_rotates_seats_and_does_not_depend_on_threads(tmp_path):
    def run(name, threads, chunk):
        o = play(MatchConfig(bots=[QUICK, "heuristic"], game="af", games=6, seed=3, threads=threads,
                             chunk_size=chunk, out=str(tmp_path / name), quiet=True))
        assert o.complete and o.games_planned == 6
        return o, load_seats(o.path, columns=["game_index", "seat", "bot", "score", "rank", "tech",
                                              "territories"]).to_pydict()

    o, a = run("a", 1, 6)
    _, b = run("b", 2, 4)
    assert a == b
    seeds = load_games(o.path, columns=["seed"]).column("seed").to_pylist()
    assert seeds[:3] == seeds[3:]  # every deal in both seatings
    assert a["bot"][:2] == [QUICK, "heuristic"] and a["bot"][6:8] == ["heuristic", QUICK]
    rep = o.report
    assert rep.game == "af" and "games of af, 2 players" in rep.format()
    assert json.loads((o.path / "manifest.json").read_text())["config"]["game"] == "af"


class Flaky:
    """Raises on its 4th decision of every other game."""

    def __init__(self):
        self.calls, self.game = 0, -1

    def reset(self, seat, seed):
        self.game += 1
        self.calls = 0

    def act(self, state, legal_actions):
        self.calls += 1
        if self.game % 2 == 0 and self.calls == 4:
            raise RuntimeError("flaky bot gave up")
        return legal_actions[-1]


def test_af_tournament_with_a_python_bot(tmp_path):
    o = play(MatchConfig(bots=["flaky", "random", "heuristic"], kind="tournament", game="af", players=3, games=3,
                         seed=4, out=str(tmp_path / "t"), quiet=True), objects={"flaky": Flaky()})
    assert o.complete and o.games_planned == 3
    assert o.errors == 2  # games 0 and 2 of the flaky bot
    reasons = load_games(o.path, columns=["end_reason"]).column("end_reason").to_pylist()
    assert reasons.count("bot_error") == 2 and reasons.count("last_colony") == 1
    assert {b.bot for b in o.report.by_bot} == {"flaky", "random", "heuristic"}


def test_af_match_options_are_checked(tmp_path, capsys):
    with pytest.raises(ConfigError, match="--players must be 2 to 4 for a af match, not 5"):
        play(MatchConfig(bots=["random", "heuristic"], game="af", players=5, out=str(tmp_path / "x")))
    with pytest.raises(ConfigError, match="--long-game is an Alien Frontiers option"):
        play(MatchConfig(bots=["random", "heuristic"], long_game=True, out=str(tmp_path / "x")))
    assert main(["match", "--game", "af", "--bots", "random,ismcts:iters=x", "--out", str(tmp_path / "y")]) == 2
    assert "iters must be a number" in capsys.readouterr().err
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()
    out = tmp_path / "z"
    assert main(["match", "--game", "af", "--players", "3", "--long-game", "--bots", "random,heuristic",
                 "--games", "3", "--seed", "1", "--out", str(out), "-q"]) == 0
    assert "games of af, 3 players, long game" in capsys.readouterr().out
    m = json.loads((out / "manifest.json").read_text())["config"]
    assert m["long_game"] is True and m["lineups"][0] == ["random", "heuristic", "random"]
    assert main(["match", "--out", str(out), "--resume", "-q"]) == 0  # already complete: nothing to play


# --- runs ---------------------------------------------------------------------------------------------------------

def test_af_run_with_ismcts_seats_replays(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["run", "--game", "af", "--players", "2", "--bots", f"{QUICK},heuristic", "--games", "4",
                 "--seed", "2", "--out", str(out), "-q"]) == 0
    assert main(["replay", str(out), "--game", "3"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("replay matches the stored result")
    bots = load_seats(out, columns=["bot"]).column("bot").to_pylist()
    assert bots[:2] == [QUICK, "heuristic"]
    res = _batch.AfRunner(af_texts(), 2, False, [QUICK, "heuristic"]).run(2, 0, 4, 2)
    assert np.array_equal(res["seats"]["score"], load_seats(out, columns=["score"]).column("score").to_numpy())
