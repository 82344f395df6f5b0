"""render(): the moves since the last render in the engine's words (`state.describe(action)`), then where the
game stands. Only kept when the environment was made with a render_mode."""
from __future__ import annotations


class MoveLog:
    """The moves played since the last render, as the engine describes them."""

    def __init__(self, header: str):
        self.lines = [header]

    def record(self, state, seat: int, action: int) -> None:
        """Call before applying `action` (the description reads the position it is played in)."""
        self.lines.append(f"  seat {seat} {state.decision}: {state.describe(action)}")

    def take(self, state) -> str:
        lines, self.lines = self.lines + [status_line(state)], []
        return "\n".join(lines)


def status_line(state) -> str:
    """Where the game stands: who decides what, or the final scores and winners."""
    where = f"round {state.round}" if hasattr(state, "round") else f"turn {state.turn}"
    if not state.is_terminal():
        return f"{where}: {state.decision} for seat {state.current_player}"
    scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(state.scores()))
    winners = state.winners()
    won = ", ".join(f"seat {w}" for w in winners) if winners else "nobody"
    robot = ""
    if state.players == 1 and hasattr(state, "robot"):
        robot = f", robot {state.robot()['score']}"
    return f"game over after {where}: scores {scores}{robot}; won: {won}"
