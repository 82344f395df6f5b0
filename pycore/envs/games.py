"""The two games as the adapters see them: how to make one, its agents, its simultaneous decisions.

Nothing here imports PettingZoo or OpenSpiel: the PettingZoo environments (galaxysim.envs) and the OpenSpiel
games (galaxysim.openspiel) share it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: Decision kinds of Race for the Galaxy that the rules make simultaneous (rules G11): the engine asks them in
#: seat order and keeps each seat's choice from the others until the reveal, and a seat's options do not
#: depend on the choices before it. Not among them: the start world of RvI and draft games (the world a seat
#: puts back goes to the discard pile at once, so the seats after it see the pile grow, though not which
#: world it kept) and the draft pick (near the end of a draft, whether a seat still picks can depend on the
#: pick before it).
RFTG_SIMULTANEOUS = frozenset({
    "start_discard", "choose_action", "explore_keep", "explore_discard", "develop_select", "settle_select",
    "hand_limit",
})


@dataclass(frozen=True)
class GameKind:
    """One of galaxysim's games: `name` ("rftg" or "af"), `title`, `make(**options)` (its Game) and the
    decision kinds that are simultaneous (asked in seat order, kept secret)."""
    name: str
    title: str
    make: Callable[..., Any]
    simultaneous: frozenset


def _rftg_kind() -> GameKind:
    from .. import rftg

    return GameKind("rftg", "Race for the Galaxy", rftg.Game, RFTG_SIMULTANEOUS)


def _af_kind() -> GameKind:
    from .. import af

    return GameKind("af", "Alien Frontiers", af.Game, frozenset())


_KINDS = {"rftg": _rftg_kind, "af": _af_kind}


def kind(name: str) -> GameKind:
    """The GameKind called `name` ("rftg" or "af")."""
    if name not in _KINDS:
        raise ValueError(f"unknown game {name!r} (expected 'rftg' or 'af')")
    return _KINDS[name]()


def make_game(game_kind: GameKind, options: dict):
    """The engine's Game for these options (checked by the engine: an unknown option is a one-line TypeError)."""
    try:
        return game_kind.make(**options)
    except TypeError as e:
        if "unexpected keyword argument" in str(e):
            bad = str(e).rsplit("argument", 1)[-1].strip()
            raise TypeError(f"{game_kind.name}: unknown game option {bad}") from None
        raise


def agent_names(players: int) -> list[str]:
    """PettingZoo's agent names for a game of `players` seats: player_0, player_1, ..."""
    return [f"player_{seat}" for seat in range(players)]


def robot_score(state) -> int | None:
    """The solo robot's score (Race for the Galaxy, one player), else None."""
    return state.robot()["score"] if getattr(state, "players", 0) == 1 and hasattr(state, "robot") else None
