"""Produce decisions: windfall classes and worlds (from the record's choices, or the worlds of its next goods),
Damaged Alien Factory's discard."""
from __future__ import annotations

from .powers import PHASE_BONUS, WINDFALL_BASE, parse_power
from .plans import (PASS, WINDFALL_CLASS_LABELS, DISCARD_EARLY, Unanswered, Decision)


class ProduceAnswers:
    """Answers of Answers (answers.py) for produce decisions."""

    def a_windfall_power(self, state, seat, legal, rnd):
        offered = {a - WINDFALL_BASE for a in legal}
        while (d := self.find(seat, ("PRODUCE",), rnd, ("produce",))) is not None:
            d.used = True
            for text in d.answer.get("chosen") or []:
                k = parse_power(text).windfall_class
                if k is not None:
                    if k in offered:
                        return WINDFALL_BASE + k
                    raise Unanswered(f"the record's windfall power {text} is not offered here")
        # The reference engine did not ask (its one choice): the power of its next windfall world choice, or
        # the class that fills the world of the seat's next good in the record.
        w = self.find(seat, ("WINDFALL",), rnd, ("produce",))
        if w is not None and parse_power(w.args.get("power", PHASE_BONUS)).windfall_class in offered:
            return WINDFALL_BASE + parse_power(w.args.get("power", PHASE_BONUS)).windfall_class
        world = self.next_good_world(state, seat)
        if world is None:
            raise Unanswered("the record holds no windfall power choice and no further good for this seat")
        kind = self.cards.good.get(world)
        # The most specific class first (Genes on another world, then the world's kind, then any kind), which
        # leaves the others for the worlds they alone can fill.
        for k in (5 if kind == 3 and world not in self.cards.not_this else None, kind, 0):
            if k is not None and k in offered:
                return WINDFALL_BASE + k
        raise Unanswered(f"no windfall class galaxysim offers fills {world}, where the record's next good goes")

    def a_windfall_world(self, state, seat, legal, rnd):
        """The record's world for the windfall power galaxysim carries out (its class), else the world of
        the seat's next good in the record that galaxysim offers."""
        active = WINDFALL_CLASS_LABELS.index(self.position(state)["active"])
        d = self.find(seat, ("WINDFALL",), rnd, ("produce",),
                      lambda d: parse_power(d.args.get("power", PHASE_BONUS)).windfall_class == active)
        if d is not None:
            d.used = True
            return self.card_or_fail(legal, (d.answer.get("chosen") or [None])[0], "windfall world")
        world = self.next_good_world(state, seat, {self.cards.names[a] for a in legal if a < PASS})
        return self.card_or_fail(legal, world, "windfall world")

    def next_good_world(self, state, seat, among: set[str] | None = None) -> str | None:
        """The world the seat's next good in the record's draws goes under (after the draws taken so far),
        of the worlds `among` if given."""
        for d in self.draws.draws[state.script_position:]:
            if d.seat == seat and d.good_on is not None and (among is None or d.good_on in among):
                return d.good_on
        return None

    def a_discard_produce(self, state, seat, legal, rnd):
        """Damaged Alien Factory: galaxysim asks before the seat's produce draw powers (its good counts for
        them) and again after them; the record's discard is early when none of those draws came before it."""
        d = self.find(seat, ("DISCARD_PRODUCE",), rnd, ("produce",))
        if d is None:
            return PASS
        chosen = (d.answer.get("chosen") or [None])[0]
        early = self.position(state)["step"] == DISCARD_EARLY
        if early and (self.draws_before(d, seat) or (chosen is not None and self.named(legal, chosen) is None)):
            return PASS  # later, after the draw powers (the card to discard may come from one of them)
        d.used = True
        return PASS if chosen is None else self.card_or_fail(legal, chosen, "card discarded to produce")

    def draws_before(self, d: Decision, seat: int) -> bool:
        """Whether the seat drew cards in the same phase before decision `d` from a power that counts the
        goods produced (galaxysim asks its second question after those)."""
        events = self.record["events"]
        for e in reversed(events[:d.at]):
            if e.get("ev") == "phase":
                return False
            if e.get("ev") == "draw" and e.get("p") == seat and e.get("why") == "power" and \
                    e.get("source") in self.cards.counts_production:
                return True
            chosen = (e.get("answer") or {}).get("chosen") or [] if e.get("type") == "PRODUCE" else []
            if e.get("ev") == "decision" and e.get("p") == seat and \
                    any(parse_power(x).card in self.cards.counts_production for x in chosen):
                return True  # a counting power used first, even when it drew nothing
        return False
