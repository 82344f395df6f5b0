"""Issue 22: games with ismcts bots end by the rules, not at the 30-round safety cap.

Before the fix, a search bot sure of the result (every line won, or every line lost, in all its playouts)
saw all its actions as equal and took the first legal one, Explore, round after round. With that reward
(ismcts:...,margin=0,discount=0) these same seeded games averaged 26.3 rounds against random, and the
self-play match had games that only ended at round 30; with the reward of docs/ismcts.md they average about
17. Small budgets keep this well under a minute; benchmarks/game_length.py is the full check.
"""
from __future__ import annotations

import statistics

import pytest

from galaxysim.results import load_games
from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import start


@pytest.mark.parametrize("bots", [["ismcts:iterations=200", "ismcts:iterations=200"],
                                  ["ismcts:iterations=200", "random"]], ids=["self-play", "vs-random"])
def test_seeded_ismcts_games_do_not_stall_to_the_round_cap(tmp_path, bots):
    o = start(RunConfig(players=2, bots=bots, games=12, seed=1, threads=2, out=str(tmp_path / "run"), quiet=True),
              progress=False)
    games = load_games(o.path, columns=["rounds", "end_reason"]).to_pydict()
    assert "round_cap" not in games["end_reason"]
    assert max(games["rounds"]) < 30  # a stalled game that someone ended at the cap's round is a stall too
    assert statistics.mean(games["rounds"]) <= 20
