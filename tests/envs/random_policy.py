"""A uniformly random legal action from an observation's action mask."""
from __future__ import annotations

import numpy as np


def random_action(observation: dict, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.integers(len(legal))])


def play_aec(env, seed: int, rng: np.random.Generator) -> list[tuple[str, int]]:
    """Plays one game of an AEC env with random actions; returns the (agent, action) sequence."""
    env.reset(seed=seed)
    moves = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = random_action(observation, rng)
        moves.append((agent, action))
        env.step(action)
    return moves
