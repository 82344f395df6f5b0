"""The record's draws as a galaxysim script (rftg.Script, docs/scripted-draws.md): every card the
reference engine drew, in its order, with the seat it was for and, for a good, the world it went under.

Where galaxysim draws the same cards in another order (the rules leave the order of some draws to the
engine: setup hands, the draws of one phase by different seats or powers), the script is put in
galaxysim's order as the game goes: a draw the engine asks for another seat or use than the script's
next one takes the next draw of the script that fits, and the game goes on from there (reorder)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from galaxysim import rftg

_MISMATCH = re.compile(r"^scripted draw (\d+) \(.*\): the engine draws (?:a good for (?P<world>.+?)|a card)"
                       r"(?: for seat (?P<seat>\d+))?$")


_NOT_IN_DECK = re.compile(r"^scripted draw (\d+) \(.*\): no .* is left in the deck$")


@dataclass
class Draw:
    card: str
    seat: int
    good_on: str | None   # the world a good goes under; None: a hand card or a reveal
    round: int             # the record's round (0: setup)
    phase: str             # the record's phase

    def entry(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "good_on": self.good_on}


def record_draws(record: dict[str, Any]) -> list[Draw]:
    out, rnd = [], 0
    for e in record["events"]:
        ev = e.get("ev")
        if ev == "round":
            rnd = e["round"]
        elif ev == "draw":
            out.append(Draw(e["card"], e["p"], e.get("world") if e.get("why") == "good" else None, rnd,
                            e.get("phase", "")))
    return out


def start_worlds(record: dict[str, Any]) -> list[list[str]]:
    seats = sorted(record["setup"]["seats"], key=lambda s: s["p"])
    return [s.get("start_world_options") or [s["start_world"]] for s in seats]


class DrawScript:
    """The draws of one record and the rftg.Script that follows them (rebuilt after a reorder)."""

    def __init__(self, game: rftg.Game, record: dict[str, Any]):
        self.game = game
        self.draws = record_draws(record)
        self.start_worlds = start_worlds(record)
        self.goals = list(record.get("goals") or []) if game.goals else None
        self.reorders = 0
        self.tried: dict[int, set[int]] = {}
        self.script = self.make()

    def make(self) -> rftg.Script:
        return rftg.Script(self.game, [d.entry() for d in self.draws], start_worlds=self.start_worlds,
                           goals=self.goals)

    def swap_good(self, error: rftg.ScriptError) -> bool:
        m = _NOT_IN_DECK.match(str(error))
        if not m:
            return False
        at = int(m[1]) - 1
        d = self.draws[at]
        if d.good_on is None:
            return False
        tried = self.tried.setdefault(at, set())
        for j in range(at + 1, len(self.draws)):
            o = self.draws[j]
            if o.round != d.round or o.phase != d.phase:
                break
            if o.seat == d.seat and o.good_on is not None and o.card != d.card and j not in tried:
                tried.add(j)
                d.card, o.card = o.card, d.card
                self.reorders += 1
                self.script = self.make()
                return True
        return False

    def undrawn(self, position: int, rnd: int) -> str | None:
        """A draw of a round before `rnd` still in the script at `position`: the record drew a card galaxysim
        did not."""
        if position < len(self.draws) and self.draws[position].round < rnd:
            d = self.draws[position]
            use = f"a good on {d.good_on}" if d.good_on else "a card"
            return (f"the record draws {d.card} ({use} for player {d.seat}) in round {d.round}, {d.phase}; "
                    f"galaxysim does not")
        return None

    def where(self, error: rftg.ScriptError, position: int) -> tuple[int, str]:
        """The round and phase of the record's draw a script error is about."""
        m = re.match(r"^scripted draw (\d+)", str(error))
        at = int(m[1]) - 1 if m else position
        if 0 <= at < len(self.draws):
            return self.draws[at].round, self.draws[at].phase
        return (self.draws[-1].round, self.draws[-1].phase) if self.draws else (0, "setup")

    def reorder(self, error: rftg.ScriptError) -> bool:
        """After a draw for another seat or use than the script's next one: bring the next draw that fits
        forward (true), or false when there is none (the replay diverges there). After a good whose card
        is not in galaxysim's deck (the engines drew across a reshuffle in another order): give it the card
        of another good of the same seat and phase (goods are face down and interchangeable, G6)."""
        m = _MISMATCH.match(str(error))
        if not m:
            return self.swap_good(error)
        at = int(m[1]) - 1
        seat = int(m["seat"]) if m["seat"] is not None else self.draws[at].seat
        world = m["world"]

        def fits(d: Draw) -> bool:
            return d.seat == seat and d.good_on == world

        rnd = self.draws[at].round
        for j in range(at + 1, len(self.draws)):
            if self.draws[j].round != rnd:
                break
            if fits(self.draws[j]):
                self.draws.insert(at, self.draws.pop(j))
                self.reorders += 1
                self.script = self.make()
                return True
        return False
