"""Helpers for scenario tests of the expansions (TGS, RvI): games by level and options,
hand-made positions, and card-label ordering. Built on positions.py.

    from .expansion_positions import game, xpos, P, H, T, GD, discard, pick, bag, at_next_round

game(players, level="rvi", goals=False, takeovers=False, advanced=False) -> cached rftg.Game
xpos(stage, *seats, level="rvi", goals=None, takeovers=False, advanced=False, draft=False, **extra) -> State
    `seats` are per-seat dicts (positions.py player keys); `goals` is the list of goal
    entries ({"goal": name, "seats": [...]}) for a game with goals, None for a game without.
P(action, tableau=..., **kw) -> a passive seat; pick(state, fmt, labels) plays a multi-card
choice in increasing instance order; H/T/GD: a seat's hand, tableau, goods sorted in
instance order; discard(state) the discard pile.
"""
from __future__ import annotations

import collections
import functools

from galaxysim import rftg

from .positions import doc, goods, hand, play, position, tableau

# Four goals and two goals in play for a game with goals: the default "no claims" sets.
FIRST_GOALS = ["Galactic Standard of Living", "System Diversity", "Overlord Discoveries", "Budget Surplus"]
MOST_GOALS = ["Greatest Military", "Largest Industry"]


@functools.lru_cache(maxsize=None)
def game(players: int, level: str = "rvi", goals: bool = False, takeovers: bool = False, advanced: bool = False,
         draft: bool = False):
    return rftg.Game(players=players, expansion=level, goals=goals, takeovers=takeovers, advanced=advanced, draft=draft)


@functools.lru_cache(maxsize=None)
def index(level: str) -> dict[str, int]:
    """Instance index of each card label ("Name", "Name #2", ...) at a level."""
    g = game(2, level)
    seen: collections.Counter = collections.Counter()
    out = {}
    for i in range(g.num_cards):
        n = g.card_name(i)
        seen[n] += 1
        out[n if seen[n] == 1 else f"{n} #{seen[n]}"] = i
    return out


def goals_entry(first=None, most=None, claims=None) -> list[dict]:
    """The 'goals' list of a position: four first and two most goals, claims by name."""
    claims = claims or {}
    names = list(first or FIRST_GOALS) + list(most or MOST_GOALS)
    return [{"goal": n, "seats": claims.get(n, [])} for n in names]


def xpos(stage, *seats, level="rvi", goals=None, takeovers=False, advanced=False, draft=False, **extra):
    g = game(len(seats), level, goals is not None, takeovers, advanced, draft)
    if goals is not None:
        extra["goals"] = goals
    return position(g, stage, list(seats), **extra)


def P(action="explore5", tableau=("Rebel Homeworld",), **kw):
    """A passive seat."""
    d = dict(tableau=list(tableau), actions=[action] if isinstance(action, str) else list(action))
    d.update(kw)
    return d


def plain(label):
    return label.split(" #")[0]


def bag(xs, level="rvi"):
    ix = index(level)
    return sorted(xs, key=lambda n: ix[n])


def H(state, seat=0):
    return bag(hand(state, seat))


def T(state, seat=0):
    return bag(tableau(state, seat))


def GD(state, seat=0):
    return bag(goods(state, seat))


def discard(state):
    return bag(doc(state)["discard"])


def pick(state, fmt, labels, level="rvi"):
    """Play one multi-card choice in increasing instance order (the engine plays forced picks)."""
    decision, actor = state.decision, state.current_player
    ix = index(level)
    for n in sorted(labels, key=lambda x: ix[x]):
        if state.decision != decision or state.current_player != actor:
            break
        play(state, fmt.format(plain(n)))
    return state


def at_next_round(state):
    assert state.decision == "choose_action", state
