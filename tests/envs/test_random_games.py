"""A random policy plays whole games through the environments without error.

CI plays RANDOM_GAMES_CI games per game kind, spread over the configurations (every expansion and option):
1,000 Race for the Galaxy games take about 5 s, 1,000 Alien Frontiers games about 20 s (docs/pettingzoo.md).
"""
from __future__ import annotations

import numpy as np
import pytest

from .configs import AF_CONFIGS, RFTG_CONFIGS, envs_or_skip
from .random_policy import play_aec, random_action

envs = envs_or_skip()

RANDOM_GAMES_CI = {"rftg": 1000, "af": 1000}


@pytest.mark.parametrize("game,configs", [("rftg", RFTG_CONFIGS), ("af", AF_CONFIGS)])
def test_random_policy_plays_games_through_the_aec_env(game, configs):
    make = envs.rftg_env if game == "rftg" else envs.af_env
    rng = np.random.default_rng(7)
    games = RANDOM_GAMES_CI[game]
    finished = 0
    for i in range(games):
        env = make(**configs[i % len(configs)])
        moves = play_aec(env, seed=i, rng=rng)
        assert env.game_state.is_terminal() and moves and not env.agents
        finished += 1
    assert finished == games


@pytest.mark.parametrize("game,configs", [("rftg", RFTG_CONFIGS), ("af", AF_CONFIGS[:1])])
def test_random_policy_plays_games_through_the_parallel_env(game, configs):
    make = envs.rftg_parallel_env if game == "rftg" else envs.af_parallel_env
    rng = np.random.default_rng(8)
    for i in range(2 * len(configs) if game == "rftg" else 3):
        env = make(**configs[i % len(configs)])
        obs, _ = env.reset(seed=100 + i)
        while env.agents:
            obs, rewards, terminations, truncations, _ = env.step(
                {a: random_action(obs[a], rng) for a in env.deciding()})
        assert env.game_state.is_terminal() and all(terminations.values())
