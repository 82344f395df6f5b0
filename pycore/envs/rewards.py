"""What a seat is paid when a game ends (the adapters pay nothing before the end).

- "win" (the default): 1 to the winner, 0 to the others; a win shared by k seats pays 1/k to each of them (the
  match reports' convention). The payments add up to 1 in every game of two or more players. In the solo game
  (one player) the player gets 1 for beating the robot, else 0.
- "score_diff": the seat's final score minus the mean of the other seats' final scores (they add up to 0); in
  the solo game, the player's score minus the robot's.
"""
from __future__ import annotations

from .games import robot_score

REWARDS = ("win", "score_diff")


def check_reward(reward) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    return reward


def final_rewards(state, reward: str) -> list[float]:
    """One payment per seat for a finished game."""
    players = state.players
    if reward == "win":
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    scores = [float(s) for s in state.scores()]
    if players == 1:
        return [scores[0] - float(robot_score(state))]
    total = sum(scores)
    return [s - (total - s) / (players - 1) for s in scores]


def reward_bounds(reward: str) -> tuple[float, float]:
    """The least and the most a seat can be paid (OpenSpiel's min_utility and max_utility); score differences
    are bounded by the scores the games reach in practice (below 200 points)."""
    if reward == "win":
        return 0.0, 1.0
    return -200.0, 200.0
