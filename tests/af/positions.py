"""Helpers to build Alien Frontiers test positions from JSON (docs/af-state-json.md).

    from .positions import position, play, legal, doc, ships

    s = position(G2, [dict(ships=ships("unplaced 3", "unplaced 3", "unplaced 5"), fuel=2),
                      dict(ships=ships("bay", "bay", "bay"))],
                 territories={"Lem Badlands": [1, 0]}, display=["Booster Pod"])

position(game, players, **extra) -> State
    `players`: one dict per seat with the player keys of the format (ore, fuel, hub, tech,
    ships); seats left out of `players` get three ships in the Maintenance Bay. `extra`: any
    other top-level key (turn, first, active, territories, fields, display, discard, deck,
    relic_ship, turn_state, decision, pending). `territories` may map a name to a list of
    colony counts (one per seat) instead of {"colonies": [...]}. Defaults: turn 1, seat 0 first
    and active, decision main. The engine then plays forced decisions (a single legal action)
    until somebody has to choose.
ships(*specs) -> list      "unplaced 3", "Lunar Mine 6", "Orbital Market 1 2" (location, then
                           value), "bay", "stock".
legal(state) -> list[str]  describe() texts of the legal actions, in action order.
play(state, *texts)        applies actions chosen by their exact describe() text (AssertionError
                           listing the legal texts if one is missing); returns the state.
doc(state) -> dict         state.to_json() parsed.
"""
from __future__ import annotations

import json

__all__ = ["position", "position_json", "ships", "legal", "play", "doc", "player", "colonies"]


def ships(*specs: str) -> list[dict]:
    out = []
    for spec in specs:
        words = spec.rsplit(" ", 1)
        if len(words) == 2 and words[1].isdigit() and words[0] not in ("Orbital Market", "Shipyard", "Colony Constructor"):
            out.append({"at": words[0], "value": int(words[1])})
        else:
            out.append({"at": {"bay": "Maintenance Bay"}.get(spec, spec)})
    return out


def position_json(game, players, **extra) -> str:
    ps = [dict(p) for p in players]
    while len(ps) < game.players:
        ps.append({})
    for p in ps:
        p.setdefault("ships", ships("bay", "bay", "bay"))
    d = {"format": "galaxysim-af-state", "version": 1,
         "game": {"players": game.players, "long_game": bool(game.long_game)},
         "turn": 1, "first": 0, "active": 0}
    ter = extra.pop("territories", None)
    if ter is not None:
        d["territories"] = {k: (v if isinstance(v, dict) else {"colonies": list(v)}) for k, v in ter.items()}
    d.update(extra)
    d["players"] = ps
    return json.dumps(d)


def position(game, players, **extra):
    return game.state_from_json(position_json(game, players, **extra))


def legal(state) -> list[str]:
    return [state.describe(a) for a in state.legal_actions()]


def play(state, *texts):
    for text in texts:
        acts = state.legal_actions()
        descs = [state.describe(a) for a in acts]
        if text not in descs:
            raise AssertionError(f"no legal action {text!r} at {state!r}; legal: {descs}")
        state.apply(acts[descs.index(text)])
    return state


def doc(state) -> dict:
    return json.loads(state.to_json())


def player(state, seat) -> dict:
    return doc(state)["players"][seat]


def colonies(state, territory) -> list[int]:
    return doc(state)["territories"][territory]["colonies"]
