"""Scripted randomness (docs/scripted-draws.md): a state whose draws come from a script gives the scripted cards
(Race for the Galaxy: start worlds, goals, every draw; Alien Frontiers: first player, dice, tech cards) and
refuses to run past the script or against it."""
from __future__ import annotations

import json

import pytest

from galaxysim import af, rftg

G2 = rftg.Game(players=2)
NON_START = [c["name"] for c in rftg.card_table("base") if c["start"] is None and c["copies"] == 1]


def hands(state):
    pos = json.loads(state.to_json())
    return [p["hand"] for p in pos["players"]]


def test_rftg_script_deals_the_scripted_start_worlds_and_hands():
    draws = NON_START[:12]
    script = rftg.Script(G2, draws, start_worlds=["New Sparta", "Old Earth"])
    s = G2.new_state(seed=5, script=script)
    pos = json.loads(s.to_json())
    assert [p["tableau"] for p in pos["players"]] == [["New Sparta"], ["Old Earth"]]
    # Seat order starts at the lowest start world (Old Earth, seat 1): seat 1 is dealt first.
    assert sorted(pos["players"][1]["hand"]) == sorted(draws[:6])
    assert sorted(pos["players"][0]["hand"]) == sorted(draws[6:12])
    assert s.script_position == 12 and s.script_draws_left == 0


def test_rftg_script_refuses_to_run_past_its_end():
    s = G2.new_state(seed=1, script=rftg.Script(G2, NON_START[:12], start_worlds=["Old Earth", "Epsilon Eridani"]))
    with pytest.raises(rftg.ScriptError, match="the script has no draw left"):
        while True:  # the first Explore draws more than the script holds
            s.apply(s.legal_actions()[0])
    assert issubclass(rftg.ScriptError, rftg.RulesError)


def test_rftg_script_checks_the_seat_the_use_and_the_deck():
    pairs = [{"card": c, "seat": 1 if k < 6 else 0} for k, c in enumerate(NON_START[:12])]
    G2.new_state(script=rftg.Script(G2, pairs, start_worlds=["Epsilon Eridani", "Old Earth"]))  # seat 1 first
    wrong = [dict(p, seat=1 - p["seat"]) for p in pairs]
    with pytest.raises(rftg.ScriptError, match=r"for seat 0\): the engine draws a card for seat 1"):
        G2.new_state(script=rftg.Script(G2, wrong, start_worlds=["Epsilon Eridani", "Old Earth"]))
    # Alpha Centauri's windfall good is drawn before the hands: the script may say so, and is held to it.
    good = [{"card": NON_START[20], "good_on": "Alpha Centauri"}] + NON_START[:12]
    s = G2.new_state(script=rftg.Script(G2, good, start_worlds=["Alpha Centauri", "Old Earth"]))
    assert json.loads(s.to_json())["players"][0]["goods"] == ["Alpha Centauri"]
    not_good = [{"card": NON_START[20], "good_on": None}] + NON_START[:12]
    with pytest.raises(rftg.ScriptError, match="the engine draws a good for Alpha Centauri"):
        G2.new_state(script=rftg.Script(G2, not_good, start_worlds=["Alpha Centauri", "Old Earth"]))
    with pytest.raises(rftg.ScriptError, match="no Old Earth is left in the deck"):  # it is dealt to seat 1
        G2.new_state(script=rftg.Script(G2, ["Old Earth"] + NON_START[:11], start_worlds=["New Sparta", "Old Earth"]))
    with pytest.raises(rftg.ScriptError, match="unknown card 'Old Erth'.*Old Earth"):
        rftg.Script(G2, ["Old Erth"])
    with pytest.raises(rftg.ScriptError, match="not a card of this game"):
        rftg.Script(G2, ["Imperium Lords"])  # a Rebel vs Imperium card


def test_rftg_follow_script_mid_game_json_and_determinize():
    s = G2.new_state(seed=3)
    s.follow_script(rftg.Script(G2, ["Gem World", "Spice World"]))  # any cards: checked when drawn
    pos = json.loads(s.to_json())
    assert pos["script"] == {"draws_taken": 0, "draws": ["Gem World", "Spice World"]}
    again = G2.state_from_json(s.to_json())  # follows the draws still to come
    assert again.script_draws_left == 2
    assert s.determinize(0, 7).script_position is None  # the observer does not know the script
    s.follow_script(None)  # random draws again: the game runs to its end
    assert s.script_position is None
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])


def test_rftg_script_goals_and_rvi_start_world_pairs():
    game = rftg.Game(players=2, expansion="rvi", takeovers=True)
    firsts, mosts = game.goal_names("first")[:4], game.goal_names("most")[:2]
    pairs = [["Epsilon Eridani", "Old Earth"], ["New Sparta", "Alpha Centauri"]]
    draws = [c["name"] for c in rftg.card_table("rvi") if c["start"] is None][:12]
    s = game.new_state(script=rftg.Script(game, draws, start_worlds=pairs, goals=firsts + mosts))
    assert sorted(g["name"] for g in s.goals()) == sorted(firsts + mosts)
    assert s.decision == "start_world" and sorted(s.describe(a) for a in s.legal_actions()) == \
        ["keep Epsilon Eridani", "keep Old Earth"]
    with pytest.raises(rftg.ScriptError, match="names 1 most goals"):
        rftg.Script(game, draws, goals=firsts + mosts[:1])


def test_rftg_unscripted_games_do_not_change():
    a, b = G2.new_state(seed=11), G2.new_state(seed=11)
    assert a.to_json() == b.to_json() and a.script_position is None


def test_af_script_gives_first_player_dice_and_tech():
    game = af.Game(players=2)
    tech = [t["name"] for t in af.tech_table()][:5]
    s = game.new_state(seed=2, script=af.Script(game, dice=[6, 5, 4, 1, 2, 3], tech=tech, first=1))
    pos = json.loads(s.to_json())
    assert pos["first"] == 1
    assert [sh.get("value") for sh in pos["players"][1]["ships"][:3]] == [6, 5, 4]  # the first player's roll
    assert pos["players"][1]["tech"] == [tech[3]] and pos["players"][0]["tech"] == [tech[4]]
    assert s.script_position == (3, 5)
    with pytest.raises(af.ScriptError, match="the script has no die left"):
        while True:
            s.apply(s.legal_actions()[0])
    with pytest.raises(af.ScriptError, match="between 1 and 6, not 7"):
        af.Script(game, dice=[7])
