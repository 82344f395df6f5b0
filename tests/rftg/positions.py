"""Small helpers to build Race for the Galaxy test positions from JSON (docs/state-json.md).

API (kept small and stable; other test files import it):

    from .positions import position, play, legal, hand, tableau, goods, chips, doc
    # (inside tests/rftg; `from tests.rftg.positions import ...` works too from the repo root)

    state = position(game, stage="settle",
                     players=[dict(hand=["Gem World"], tableau=["Old Earth"], actions=["settle"]),
                              dict(tableau=["Epsilon Eridani"], actions=["produce"])],
                     deck_top=["Spice World"], round=3)

position(game, stage, players, **extra) -> State
    `game` is an rftg.Game.  `players` is a list of per-seat dicts with the player keys of
    docs/state-json.md (hand, tableau, goods, chips, actions, explored, selected,
    produced_rare); missing seats' keys take the JSON defaults.  `extra` are any other
    top-level keys (round, step, turn, first, vp_pool, rng, deck_top, deck, discard,
    good_cards, phase_rep, ...).  Defaults: step 0, round 1, first 0.  The engine then runs
    the automatic steps until somebody has to decide (or the game is over).
position_json(game, stage, players, **extra) -> str   the JSON text position() loads.

legal(state) -> list[str]          describe() texts of the legal actions, in action order.
play(state, *texts) -> state       applies actions one by one, each chosen by its exact
                                   describe() text among the current legal actions (raises
                                   AssertionError listing the legal texts if none matches).
                                   Mutates and returns the same state.
doc(state) -> dict                 state.to_json() parsed.
hand(state, seat) / tableau(state, seat) / goods(state, seat) -> list[str]   card names
                                   ("Name #k" for copies k >= 2) as to_json writes them.
chips(state, seat) -> int          VP chips of that seat.
"""
from __future__ import annotations

import json

__all__ = ["position", "position_json", "legal", "play", "doc", "hand", "tableau", "goods", "chips"]


def position_json(game, stage, players, **extra) -> str:
    d = {
        "format": "galaxysim-rftg-state",
        "version": 1,
        "game": {"players": game.players, "expansion": game.expansion, "advanced": bool(game.advanced)},
        "round": 1,
        "stage": stage,
        "step": 0,
        "first": 0,
    }
    d.update(extra)
    d["players"] = [dict(p) for p in players]
    return json.dumps(d)


def position(game, stage, players, **extra):
    """Load a hand-made position (see the module docstring)."""
    return game.state_from_json(position_json(game, stage, players, **extra))


def legal(state) -> list[str]:
    return [state.describe(a) for a in state.legal_actions()]


def play(state, *texts):
    for text in texts:
        acts = state.legal_actions()
        descs = [state.describe(a) for a in acts]
        if text not in descs:
            raise AssertionError(
                f"no legal action {text!r} at {state!r}; legal: {descs}")
        state.apply(acts[descs.index(text)])
    return state


def doc(state) -> dict:
    return json.loads(state.to_json())


def hand(state, seat) -> list[str]:
    return list(doc(state)["players"][seat]["hand"])


def tableau(state, seat) -> list[str]:
    return list(doc(state)["players"][seat]["tableau"])


def goods(state, seat) -> list[str]:
    return list(doc(state)["players"][seat]["goods"])


def chips(state, seat) -> int:
    return int(doc(state)["players"][seat]["chips"])
