"""The introductory first-game setup (rules §2.3; docs/rules.md A2, A3, G12)."""
import json
from collections import Counter

import pytest

from galaxysim import rftg

PRESET = {
    "Epsilon Eridani": {"Rebel Fuel Cache", "Public Works", "Colony Ship", "Gem World"},
    "Alpha Centauri": {"Expedition Force", "Mining Robots", "Rebel Miners", "Comet Zone"},
    "New Sparta": {"Export Duties", "Former Penal Colony", "Malevolent Lifeforms", "New Military Tactics"},
    "Earth's Lost Colony": {"Space Marines", "Contact Specialist", "Spice World", "Avian Uplift Race"},
}
NUMBER = {"Epsilon Eridani": 1, "Alpha Centauri": 2, "New Sparta": 3, "Earth's Lost Colony": 4}


def strip_copy(name):
    return name.split(" #")[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A2_first_game_preset_hands(players):
    game = rftg.Game(players=players, first_game=True)
    for seed in range(20):
        doc = json.loads(game.new_state(seed=seed).to_json())
        starts = set()
        for p in doc["players"]:
            start = p["tableau"][0]
            starts.add(start)
            assert {strip_copy(c) for c in p["hand"]} == PRESET[start]
        assert {NUMBER[s] for s in starts} == set(range(1, players + 1))


def test_A2_first_game_no_starting_discard():
    game = rftg.Game(players=4, first_game=True)
    state = game.new_state(seed=5)
    assert state.decision == "choose_action"
    assert state.round == 1
    doc = json.loads(state.to_json())
    assert doc["discard"] == []
    # Alpha Centauri still gets its windfall good.
    for p in doc["players"]:
        assert (p["goods"] == ["Alpha Centauri"]) == (p["tableau"] == ["Alpha Centauri"])


def test_A3_first_game_start_worlds_random_seats():
    game = rftg.Game(players=2, first_game=True)
    seen = Counter()
    for seed in range(200):
        state = game.new_state(seed=seed)
        doc = json.loads(state.to_json())
        seat_of_1 = next(i for i, p in enumerate(doc["players"]) if p["tableau"] == ["Epsilon Eridani"])
        seen[seat_of_1] += 1
        assert doc["first"] == seat_of_1  # seat order starts at the lowest start world (A1)
    assert 60 < seen[0] < 140 and seen[0] + seen[1] == 200


def test_first_game_plays_to_the_end():
    game = rftg.Game(players=3, first_game=True)
    result = game.play_games(["heuristic"] * 3, 50, seed=1)
    assert result["games"] == 50 and sum(result["wins"]) >= 50


def test_first_game_rejects_other_player_counts():
    with pytest.raises(rftg.RulesError):
        rftg.Game(players=5, first_game=True)
