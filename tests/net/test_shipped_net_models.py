"""The models that ship in the package (pycore/models, docs/net.md "Shipped models"): found by `net` without
model=, checked against the game, and better than the heuristic they were measured against."""
from __future__ import annotations

import importlib.resources

import numpy as np
import pytest

from galaxysim import rftg
from galaxysim.net import model_file
from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import make_runner

SHIPPED = {"rftg-base-2p": 2, "rftg-base-4p": 4}


@pytest.mark.parametrize("name, players", sorted(SHIPPED.items()))
def test_a_shipped_model_is_in_the_package_and_says_what_it_plays(name, players):
    path = importlib.resources.files("galaxysim") / "models" / f"{name}.gsnet"
    head = model_file.read_header(str(path))
    assert (head["game"], head["expansion"], head["players"]) == ("rftg", "base", [players])
    assert head["choose"] == "hybrid" and head["training"]["games"] > 0 and "galaxysim train" in head["training"]["command"]
    info = rftg.Bot("net", 1)
    state = rftg.Game(players=players).new_state(seed=2)
    assert info.act(state) in state.legal_actions()  # found without model=, checked, plays


def win_share(bots, players, games=200, seed=19):
    """Seat 0's share of the wins, seat-rotated: each deal played with the bots in every rotation."""
    wins = 0.0
    for r in range(players):
        seats = bots[r:] + bots[:r]
        t = make_runner(RunConfig(players=players, bots=seats, seed=seed)).run(seed, 0, games // players, 2, False)
        mask = np.asarray(t["games"]["winners_mask"])
        me = (players - r) % players  # where bots[0] sits in this rotation
        n_win = np.array([bin(int(m)).count("1") for m in mask])
        wins += float(np.sum(((mask >> me) & 1) / np.maximum(n_win, 1)))
    return wins / (games // players * players)


def test_the_shipped_2p_model_beats_heuristic():
    # measured 73.1% [68.6, 77.2] over 400 games (benchmarks/net.py); 200 games here: about +-6.5 points
    assert win_share(["net", "heuristic"], 2) > 0.6


def test_the_shipped_4p_model_beats_three_heuristics():
    # measured 52.6% [47.7, 57.5] in one seat against three heuristics (par 25%)
    assert win_share(["net", "heuristic", "heuristic", "heuristic"], 4, games=240) > 0.38


def test_other_configurations_say_there_is_no_shipped_model():
    with pytest.raises(rftg.RulesError, match=r"no shipped net model for rftg base, 3 players .*rftg-base-3p\.gsnet"):
        rftg.Bot("net", 1).act(rftg.Game(players=3).new_state(seed=1))
