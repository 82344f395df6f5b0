"""Bots from Python: built-in specs (rftg.Bot, galaxysim.sim.bots.make), the ISMCTS from Python (legal, deterministic,
blind to hidden cards), Python bots in the C++ game loop (the same rows as the batch path, a determinized view,
errors recorded with the bot, the decision and the legal actions)."""
from __future__ import annotations

import json
import sys
import textwrap

import pytest

from galaxysim import _batch, _rftg, rftg
from galaxysim.sim import bots as botreg
from galaxysim.sim.run import card_text


# --- specs ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=30", "ismcts:iterations=20,c=1.2,depth=8",
                                  "ismcts:iterations=20,rollout=heuristic,epsilon=0.1", "ismcts:ms=5",
                                  "ismcts:iterations=20,determinizations=3,threads=2",
                                  "ismcts:iterations=20,cheat=true"])
def test_builtin_specs_play_legally(spec):
    game = rftg.Game(players=2)
    s = game.new_state(3)
    bot = rftg.Bot(spec, 1)
    for _ in range(12):
        a = bot.act(s)
        assert a in s.legal_actions()
        s.apply(a)
    assert bot.spec == spec and bot.name == spec.split(":")[0]
    stats = bot.last_stats()
    assert (stats is None) == (not spec.startswith("ismcts"))
    if stats:
        assert stats["iterations"] >= 1 and stats["nodes"] >= 1 and stats["memory_bytes"] > 0


@pytest.mark.parametrize("spec, message", [
    ("alphazero", "unknown bot 'alphazero'"),
    ("heuristic:depth=2", "takes no options"),
    ("ismcts:iterations=abc", "iterations must be a number"),
    ("ismcts:iterations=0", "iterations must be in 1.."),
    ("ismcts:speed=9", "unknown option 'speed'"),
    ("ismcts:rollout=smart", "rollout must be random or heuristic"),
    ("ismcts:iterations=10,ms=5", "iterations or ms, not both"),
    ("ismcts:c=1,c=2", "given twice"),
    ("ismcts:iterations", "key=value"),
    ("heuristc", r"unknown bot 'heuristc' \(did you mean 'heuristic'\?\)"),
    ("Random", r"unknown bot 'Random' \(did you mean 'random'\?\)"),
    ("ismcts:iteratons=5", r"unknown option 'iteratons' \(did you mean 'iterations'\?\)"),
])
def test_bad_specs_are_refused_with_one_clear_line(spec, message):
    with pytest.raises(rftg.RulesError, match=message) as e:
        rftg.Bot(spec, 0)
    assert "\n" not in str(e.value)
    with pytest.raises(botreg.BotSpecError, match=message):
        botreg.make(spec)
    with pytest.raises(rftg.RulesError, match=message):
        _batch.Runner(card_text(), 2, "base", False, [spec, "random"])


def test_ismcts_is_deterministic_given_its_seed():
    game = rftg.Game(players=3)
    s = game.new_state(11)

    def choices(seed, spec="ismcts:iterations=60,depth=10"):
        bot = rftg.Bot(spec, seed)
        t = s.clone()
        out = []
        for _ in range(8):
            a = bot.act(t)
            out.append(a)
            t.apply(a)
        return out

    assert choices(5) == choices(5)
    assert choices(5, "ismcts:iterations=60,depth=10,threads=2") == choices(5, "ismcts:iterations=60,depth=10,threads=2")
    assert choices(5) != choices(6) or choices(5, "ismcts:iterations=60,depth=10,seed=3") != choices(5)


def _swap_opponent_hand_with_deck(game, state, opp):
    """The same position, one card of the opponent's hand swapped with a deck card (JSON round trip)."""
    d = json.loads(state.to_json())
    seat = d["players"][opp]
    hand, deck = seat["hand"], d["deck"]
    assert hand and deck
    hand[0], deck[0] = deck[0], hand[0]
    return game.state_from_json(json.dumps(d))


def test_ismcts_does_not_read_what_its_seat_cannot_see():
    game = rftg.Game(players=2)
    s = game.new_state(21)
    rnd = rftg.Bot("random", 4)
    while not (s.round >= 2 and s.decision == "choose_action"):
        s.apply(rnd.act(s))
    me, opp = s.current_player, 1 - s.current_player
    t = _swap_opponent_hand_with_deck(game, s, opp)
    assert t.observation(me) == s.observation(me) and t.to_json() != s.to_json()
    for spec in ("ismcts:iterations=200,depth=15", "ismcts:iterations=100,determinizations=4"):
        a, b = rftg.Bot(spec, 9), rftg.Bot(spec, 9)
        assert a.act(s) == b.act(t)
        assert a.last_stats()["root_visits"] == b.last_stats()["root_visits"]
        assert a.last_stats()["chosen_value"] == b.last_stats()["chosen_value"]


# --- the registry and Python bots ------------------------------------------------------------------------------------

class FirstLegal:
    name = "first-legal"

    def __init__(self, offset: int = 0):
        self.offset = offset
        self.resets = []

    def reset(self, seat, seed):
        self.resets.append(seat)

    def act(self, state, legal_actions):
        return legal_actions[min(self.offset, len(legal_actions) - 1)]


def test_make_builtin_registered_and_module_bots(tmp_path, monkeypatch):
    assert isinstance(botreg.make("heuristic", 3), botreg.BuiltinBot)
    botreg.register("first", FirstLegal)
    try:
        b = botreg.make("first:offset=1")
        assert isinstance(b, FirstLegal) and b.offset == 1
        assert botreg.label(b) == "first-legal"
        with pytest.raises(botreg.BotSpecError, match=r"^unknown bot 'frist' \(did you mean 'first'\?\) \(bots: "):
            botreg.make("frist:offset=1")
    finally:
        botreg.unregister("first")
    (tmp_path / "my_test_bots.py").write_text(textwrap.dedent("""
        class Last:
            def __init__(self, k=1):
                self.k = k
            def act(self, state, legal_actions):
                return legal_actions[-self.k]
    """))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    b = botreg.make("py:my_test_bots.Last:k=2")
    assert b.k == 2 and botreg.label(b) == "Last"
    for spec, msg in (("py:no_such_module_xyz.Bot", "cannot import"), ("py:my_test_bots.Nope", "has no 'Nope'"),
                      ("py:my_test_bots.Last:j=1", "making it failed"), ("nobody", "unknown bot 'nobody'"),
                      ("py:json.dumps", "making it failed")):
        with pytest.raises(botreg.BotSpecError, match=msg):
            botreg.make(spec)
    with pytest.raises(botreg.BotSpecError, match="built-in"):
        botreg.register("ismcts", FirstLegal)
    sys.modules.pop("my_test_bots", None)


def _batch_rows(specs, seed, index):
    res = _batch.Runner(card_text(), len(specs), "base", False, specs).run(seed, index, 1)
    return res["games"], res["seats"]


@pytest.mark.parametrize("specs", [["random", "heuristic"], ["heuristic", "ismcts:iterations=20,depth=6", "random"]])
def test_python_loop_gives_the_batch_rows(specs):
    game = rftg.Game(players=len(specs))
    for index in (0, 5):
        rec = _rftg.play_game(game, specs, specs, 99, index)
        games, seats = _batch_rows(specs, 99, index)
        assert rec["seed"] == int(games["seed"][0]) and rec["rounds"] == int(games["rounds"][0])
        assert rec["decisions"] == int(games["decisions"][0])
        assert rec["winners_mask"] == int(games["winners_mask"][0]) and rec["error"] is None
        assert [r["score"] for r in rec["seats"]] == seats["score"].tolist()
        assert [r["rank"] for r in rec["seats"]] == seats["rank"].tolist()


def test_python_bot_sees_its_seat_only_and_plays():
    game = rftg.Game(players=2)
    seen = []

    class Watcher(FirstLegal):
        def act(self, state, legal_actions):
            seen.append((state.current_player, state.to_json(), state.legal_actions() == legal_actions))
            return legal_actions[0]

    w = Watcher()
    rec = _rftg.play_game(game, [w, "heuristic"], ["watcher", "heuristic"], 5, 0, True)
    assert rec["error"] is None and rec["end_reason"] in (0, 1, 2)
    assert w.resets == [0]
    assert seen and all(p == 0 and same for p, _, same in seen)
    # The view is a determinization: the opponent's hand is a fresh deal, not the real one.
    real = game.new_state(_rftg.game_seed(5, 0))
    first = json.loads(seen[0][1])
    assert first["players"][0]["hand"] == json.loads(real.to_json())["players"][0]["hand"]
    views = {json.dumps(json.loads(j)["players"][1]["hand"]) for _, j, _ in seen[:3]}
    assert json.dumps(json.loads(real.to_json())["players"][1]["hand"]) not in views
    assert len(rec["decision_rows"]) == rec["decisions"]


@pytest.mark.parametrize("bot, pattern", [
    (lambda: type("Raises", (), {"act": lambda self, s, l: 1 / 0})(), r"raised ZeroDivisionError"),
    (lambda: type("Illegal", (), {"act": lambda self, s, l: 9999})(), r"answered 9999, which is not a legal action"),
    (lambda: type("Text", (), {"act": lambda self, s, l: "pass"})(), r"answered 'pass', which is not a legal"),
    (lambda: type("BadReset", (), {"act": lambda self, s, l: l[0], "reset": lambda self: None})(), r"TypeError"),
])
def test_python_bot_errors_stop_the_game_and_are_recorded(bot, pattern):
    game = rftg.Game(players=2)
    rec = _rftg.play_game(game, ["random", bot()], ["random", "buggy"], 3, 0)
    assert rec["end_reason"] == 3 and rec["error_seat"] == 1 and rec["winners_mask"] == 0
    msg = rec["error"]
    assert msg.startswith("bot 'buggy' (seat 1) ") and "\n" not in msg
    assert pytest.importorskip("re").search(pattern, msg)
    assert "at decision" in msg and "legal actions: " in msg and "(discard " in msg
