"""The Python API of Alien Frontiers (galaxysim.af): options and errors, data files and what-if
overrides, determinism (same seed same game, clone independence, to_json / from_json
continuation), hidden information (observation, determinize), the built-in bots, and the
heuristic against random (>= 90% of 2-player games)."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from galaxysim import af


def texts():
    root = resources.files("galaxysim") / "data"
    return {n: (root / n).read_text(encoding="utf-8") for n in af.DATA_FILES}


def play_random(state, seed, steps=None):
    bot = af.Bot("random", seed)
    k = 0
    while not state.is_terminal() and (steps is None or k < steps):
        state.apply(bot.act(state))
        k += 1
    return state


# --- options and errors ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 5])
def test_bad_player_counts(players):
    with pytest.raises(af.RulesError, match="2 to 4 players"):
        af.Game(players=players)


def test_players_must_be_an_integer():
    with pytest.raises(af.RulesError):
        af.Game(players="3")


def test_long_game_option():
    assert af.Game(players=3).colonies_per_player == 7
    assert af.Game(players=3, long_game=True).colonies_per_player == 8
    assert af.Game(players=2, long_game=True).colonies_per_player == 8
    assert repr(af.Game(players=4, long_game=True)) == "af.Game(players=4, long_game=True)"


def test_illegal_action_names_the_decision_and_the_legal_actions():
    s = af.Game(players=2).new_state(1)
    with pytest.raises(af.RulesError, match=r"illegal action 99999 at decision main of seat \d .*legal actions: \["):
        s.apply(99999)


def test_unknown_bot():
    with pytest.raises(af.RulesError, match="unknown bot 'clever'"):
        af.Bot("clever")


# --- data files --------------------------------------------------------------------------------

def test_data_error_names_file_line_and_field():
    t = texts()
    broken = t["af_facilities.txt"].replace("docks: 5\n", "docks: five\n")
    with pytest.raises(af.DataError, match=r"af_facilities.txt:\d+: docks: bad number 'five'"):
        af._af.Data(broken, t["af_territories.txt"], t["af_tech.txt"], t["af_setup.txt"], "pycore/data")
    broken = t["af_tech.txt"].replace("power: raise 1", "power: boost 1")
    with pytest.raises(af.DataError, match=r"af_tech.txt:\d+: power: unknown power 'boost 1'"):
        af._af.Data(t["af_facilities.txt"], t["af_territories.txt"], broken, t["af_setup.txt"], "pycore/data")
    broken = t["af_setup.txt"].replace("resource-limit: 8\n", "")
    with pytest.raises(af.DataError, match=r"af_setup.txt:0: resource-limit: missing"):
        af._af.Data(t["af_facilities.txt"], t["af_territories.txt"], t["af_tech.txt"], broken, "pycore/data")


def test_overrides_change_the_rules():
    g = af.Game(players=2, overrides="resource-limit: 10\ntech: Booster Pod\ncost: 2\nfacility: Lunar Mine\ndocks: 2")
    assert g.usable_docks("Lunar Mine") == 0  # 2 printed docks, 2 blocked with 2 players
    def booster_offered(game, fuel):
        pos = {"players": [{"ships": [{"at": "unplaced", "value": 3}], "tech": ["Booster Pod"], "fuel": fuel},
                           {"ships": [{"at": "Maintenance Bay"}] * 3}]}
        st = game.state_from_json(json.dumps(pos))
        return any(st.describe(a).startswith("Booster Pod:") for a in st.legal_actions())
    assert not booster_offered(g, 1) and booster_offered(g, 2)
    assert booster_offered(af.Game(players=2), 1)  # the shipped data is unchanged
    assert {c["name"]: c for c in af.tech_table()}["Booster Pod"]["cost"] == 1
    with pytest.raises(af.DataError, match="override"):
        af.Game(players=2, overrides="tech: Boster Pod\ncost: 2")
    with pytest.raises(af.DataError, match="unknown setup key"):
        af.Game(players=2, overrides="hand-limit: 3")


# --- determinism ---------------------------------------------------------------------------------

def test_same_seed_same_game():
    g = af.Game(players=3)
    a = play_random(g.new_state(42), 7)
    b = play_random(g.new_state(42), 7)
    assert a.to_json() == b.to_json()
    assert g.new_state(42).to_json() != g.new_state(43).to_json()


def test_clone_is_independent():
    g = af.Game(players=4)
    s = play_random(g.new_state(5), 1, steps=30)
    before = s.to_json()
    c = s.clone()
    play_random(c, 2)
    assert s.to_json() == before and c.is_terminal()


def test_json_round_trip_continues_the_same_game():
    g = af.Game(players=2)
    s = play_random(g.new_state(9), 3, steps=57)
    loaded = g.state_from_json(s.to_json())
    assert loaded.to_json() == s.to_json()
    assert play_random(loaded, 11).to_json() == play_random(s, 11).to_json()


def test_observation_hides_the_deck_and_future_rolls():
    g = af.Game(players=3)
    s = play_random(g.new_state(8), 4, steps=20)
    o = s.observation(1)
    d = json.loads(s.to_json())
    assert "rng" not in o and "deck" not in o and o["deck_size"] == len(d["deck"])
    assert o["observer"] == 1 and o["scores"] == s.scores()
    assert o["players"] == d["players"] and o["display"] == d["display"]
    x = s.determinize(1, 123)
    dx = json.loads(x.to_json())
    assert dx["rng"] != d["rng"] and {k: v for k, v in dx.items() if k != "rng"} == {k: v for k, v in d.items() if k != "rng"}
    assert x.observation(1) == o


def test_future_rolls_come_from_the_state():
    g = af.Game(players=2)
    s = g.new_state(3)
    x = s.determinize(s.current_player, 99)
    play_random(s, 1)
    play_random(x, 1)
    assert s.to_json() != x.to_json()  # same choices drawn, other dice


# --- bots and the heuristic ----------------------------------------------------------------------

def test_bots_act_legally():
    g = af.Game(players=4)
    s = g.new_state(2)
    h = af.Bot("heuristic", 1)
    for _ in range(200):
        if s.is_terminal():
            break
        a = h.act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_heuristic_beats_random_in_two_player_games():
    g = af.Game(players=2)
    first = g.play_games(["heuristic", "random"], 500, seed=1)
    second = g.play_games(["random", "heuristic"], 500, seed=2)
    wins = first["wins"][0] + second["wins"][1]
    assert wins >= 900, f"heuristic won {wins} of 1000"


def test_play_games_counts():
    r = af.Game(players=3).play_games(["random"] * 3, 20, seed=5)
    assert r["games"] == 20 and sum(r["wins"]) >= 20 and r["turns"] > 20 * 30


# --- observation tensor ------------------------------------------------------------------------------------

def test_observation_tensor_layout_and_hidden_information():
    for players in (2, 3, 4):
        g = af.Game(players=players)
        slots = g.observation_slots()
        assert len(slots) == g.observation_size == af.Game(players=2).observation_size  # independent of players
        s = play_random(g.new_state(players), 6, steps=80)
        for seat in range(players):
            v = s.observation_tensor(seat)
            assert v.dtype.name == "int16" and v.shape == (len(slots),)
            assert list(v) == list(s.determinize(seat, 5).observation_tensor(seat))
            named = dict(zip(slots, v.tolist()))
            obs = s.observation(seat)
            assert named["seat0.ore"] == obs["players"][seat]["ore"]
            assert named["seat0.score"] == s.scores()[seat]
            assert named["deck_size"] == obs["deck_size"]
            assert named[f"seat{players}.present" if players < 4 else "seat3.present"] == (1 if players == 4 else 0)
    with pytest.raises(af.RulesError):
        af.Game(players=2).new_state(1).observation_tensor(2)
