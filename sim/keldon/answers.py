"""Answering galaxysim's decisions from a record of the reference engine.

galaxysim asks atomic decisions (one card of a payment at a time, in increasing card order; the settle
method; which windfall class, then which world; README "Decisions are atomic"); the record holds the
reference engine's decisions (a whole payment with the powers used, a power then a world, ...). Each
galaxysim decision is answered from the first unused record decision of the same seat, round and phase
that answers it; a record decision that galaxysim never needs (it plays forced choices itself, G2) is
left unused. Multi-card answers become plans: the record's cards, taken lowest first as galaxysim asks.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .answers_consume import ConsumeAnswers
from .answers_produce import ProduceAnswers
from .answers_round import RoundAnswers
from .answers_settle import SettleAnswers
from .cards import Cards
from .plans import (PASS, Unanswered, Decision, Plan, bare_all)


class Answers(RoundAnswers, SettleAnswers, ConsumeAnswers, ProduceAnswers):
    """The answers a record gives to galaxysim's decisions (see the module docstring)."""

    def __init__(self, record: dict[str, Any], cards: Cards, game, draws, round_starts):
        self.record, self.cards, self.game, self.draws = record, cards, game, draws
        self.round_starts = round_starts
        self.setup = {s["p"]: s for s in record["setup"]["seats"]}
        self.decisions: dict[int, list[Decision]] = {}
        for at, e in enumerate(record["events"]):
            if e.get("ev") != "decision":
                continue
            d = Decision(at, e["p"], e["type"], e.get("round", 0), e.get("phase", ""), e.get("args") or {},
                         e.get("options") or [], e.get("special_options") or [], e.get("answer") or {})
            self.decisions.setdefault(d.p, []).append(d)
        self.plans: dict[tuple, Plan] = {}
        self._json: dict[str, Any] | None = None
        self._state = None

    # -- the position -----------------------------------------------------------------------------------------

    def position(self, state) -> dict[str, Any]:
        """The state as JSON (read once per decision)."""
        if self._json is None or self._state is not state:
            self._json, self._state = json.loads(state.to_json()), state
        return self._json

    def forget_position(self) -> None:
        self._json = self._state = None

    # -- finding record decisions ------------------------------------------------------------------------------

    def find(self, p: int, types: tuple[str, ...], rnd: int, phases: tuple[str, ...] | None = None,
             pred=None) -> Decision | None:
        for d in self.decisions.get(p, ()):
            if d.used or d.round != rnd or d.type not in types:
                continue
            if phases is not None and d.phase not in phases:
                continue
            if pred is None or pred(d):
                return d
        return None

    def take(self, p: int, types: tuple[str, ...], rnd: int, phases: tuple[str, ...] | None, what: str,
             pred=None) -> Decision:
        d = self.find(p, types, rnd, phases, pred)
        if d is None:
            where = f" in {'/'.join(phases)}" if phases else ""
            raise Unanswered(f"the record holds no {what} of player {p} in round {rnd}{where}")
        d.used = True
        return d

    # -- answering with cards -----------------------------------------------------------------------------------

    def named(self, legal: list[int], name: str | None) -> int | None:
        """The lowest legal card instance named `name`."""
        if name is None:
            return None
        for a in legal:
            if a < PASS and self.cards.names[a] == name:
                return a
        return None

    def from_plan(self, legal: list[int], plan: Counter) -> int | None:
        """The lowest legal card instance whose name is still in `plan` (which loses it)."""
        for a in legal:
            if a < PASS and plan[self.cards.names[a]] > 0:
                plan[self.cards.names[a]] -= 1
                return a
        return None

    def card_or_fail(self, legal: list[int], name: str, what: str) -> int:
        a = self.named(legal, name)
        if a is None:
            raise Unanswered(f"the record's {what} {name} is not a legal choice here "
                             f"(legal: {self.legal_names(legal)})")
        return a

    def instances(self, labels: list[str]) -> set[int]:
        """The card instances of state JSON labels ("Contact Specialist #2": its second copy)."""
        out = set()
        for label in labels:
            head, sep, tail = label.rpartition(" #")
            name, k = (head, int(tail) - 1) if sep and tail.isdigit() else (label, 0)
            out.add(self.cards.instances[name][k])
        return out

    def zone_now(self, state, seat: int, zone: str) -> Counter:
        me = self.position(state)["players"][seat]
        if zone == "kept":
            return Counter(bare_all(me["hand"])) - Counter(bare_all(me["explored"]))
        return Counter(bare_all(me[zone]))

    def new_plan(self, state, seat: int, d: Decision | None, total: Counter, zone: str,
                 start: Counter | None = None) -> Plan:
        """A plan whose zone began as `start`: the record decision's options (the hand, or the worlds with
        goods, it was offered, which galaxysim's position matched then), else the zone now."""
        if start is None:
            start = Counter(d.options) if d is not None and d.options else self.zone_now(state, seat, zone)
        return Plan(d, +total, zone, start)

    def round_hand(self, seat: int, rnd: int) -> Counter:
        start = self.round_starts.get(rnd)
        return Counter(start["hand"][seat]) if start else Counter()

    def left(self, state, seat: int, plan: Plan) -> Counter:
        """The plan's cards still to choose."""
        now = self.zone_now(state, seat, plan.zone)
        done = now - plan.start if plan.zone == "kept" else plan.start - now
        return plan.total - done

    def plan_pick(self, state, seat, legal: list[int], plan: Plan, what: str, allow_pass: bool = False) -> int:
        left = self.left(state, seat, plan)
        a = self.from_plan(legal, left)
        if a is not None:
            return a
        if allow_pass and PASS in legal and not +left:
            return PASS
        rest = ", ".join(sorted((+left).elements())) or "nothing"
        raise Unanswered(f"the record's {what} (left: {rest}) is not a legal choice here "
                         f"(legal: {self.legal_names(legal)})")

    def legal_names(self, legal: list[int]) -> str:
        return ", ".join(self.cards.names[a] if a < PASS else self.game_describe(a) for a in legal[:12]) + (
            ", ..." if len(legal) > 12 else "")

    def game_describe(self, a: int) -> str:
        return {PASS: "pass/stop"}.get(a, str(a))

    # -- the decisions ------------------------------------------------------------------------------------------

    def answer(self, state, kind: str, seat: int, legal: list[int]) -> int:
        self.forget_position()
        handler = getattr(self, "a_" + kind, None)
        if handler is None:
            raise Unanswered(f"the importer cannot answer a {kind} decision")
        return handler(state, seat, legal, state.round)
