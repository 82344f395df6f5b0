"""Consume decisions: the sale, consume powers (by the record's choice, or implied by its next consume decision),
goods, hand cards, the lucky draw, the ante."""
from __future__ import annotations

import json
from collections import Counter

from .powers import PHASE_BONUS, POWER_BASE, consume_index, parse_power
from .plans import (PASS, LUCKY_BASE, TAKEOVER_BASE, Unanswered, Plan, bare)


class ConsumeAnswers:
    """Answers of Answers (answers.py) for consume decisions."""

    def a_trade_good(self, state, seat, legal, rnd):
        d = self.take(seat, ("TRADE",), rnd, ("consume",), "trade")
        return self.card_or_fail(legal, (d.answer.get("chosen") or [None])[0], "traded good's world")

    def a_consume_power(self, state, seat, legal, rnd):
        """The first unused record choice of a consume power galaxysim offers now: choices of powers that
        galaxysim used without asking (one left to choose, or identical powers offered once, G7) are skipped."""
        first = None
        # A choice older than a record decision already used is one galaxysim made without asking (or a
        # power the reference engine used to no effect, such as an ante with no card to ante).
        latest = max((d.at for d in self.decisions.get(seat, ())
                      if d.used and d.round == rnd and d.phase == "consume"), default=-1)
        for d in self.decisions.get(seat, ()):
            if d.used or d.type != "CONSUME" or d.round != rnd or d.phase != "consume" or d.at < latest:
                continue
            first = first or d
            chosen = d.answer.get("chosen") or []
            try:
                action = self.power_action(legal, chosen[0]) if chosen else PASS
            except Unanswered:
                continue
            if action in legal:
                d.used = True
                return action
        if first is None:
            return self.implied_power(state, seat, legal, rnd)
        try:
            return self.implied_power(state, seat, legal, rnd, stop=False)
        except Unanswered:
            pass
        chosen = first.answer.get("chosen") or []
        if not chosen:
            raise Unanswered("the record stops using consume powers; galaxysim has a mandatory one left")
        raise Unanswered(f"the record's consume power {chosen[0]} is not offered here "
                         f"(legal: {', '.join(state.describe(a) for a in legal)})")

    def implied_power(self, state, seat, legal, rnd, stop: bool = True) -> int:
        """No record choice of a consume power is left (the reference engine used its one choice without
        asking): the power its next consume decision of the seat is for, or stop."""
        for d in self.decisions.get(seat, ()):
            if d.used or d.round != rnd or d.phase != "consume":
                continue
            if d.type in ("GOOD", "CONSUME_HAND") and d.args.get("power"):
                try:
                    return self.power_action(legal, d.args["power"])
                except Unanswered:  # a power galaxysim used without asking
                    continue
            for token, kinds in (("ante", ("ANTE",)), ("lucky-draw", ("LUCKY",))):
                if d.type in kinds:
                    if d.type == "ANTE" and d.answer.get("chosen") is None:
                        d.used = True
                        return PASS
                    for a in legal:
                        if POWER_BASE <= a < TAKEOVER_BASE:
                            inst, k = divmod(a - POWER_BASE, 4)
                            lines = self.cards.consume.get(self.cards.names[inst], [])
                            if k < len(lines) and token in lines[k].split():
                                return a
        if stop and PASS in legal:
            return PASS
        raise Unanswered(f"the record holds no consume power choice of player {seat} in round {rnd}")

    def power_action(self, legal: list[int], text: str) -> int:
        power = parse_power(text)
        lines = self.cards.consume.get(power.card, [])
        index = consume_index(power, lines)
        for inst in self.cards.instances.get(power.card, ()):
            if POWER_BASE + 4 * inst + index in legal:
                return POWER_BASE + 4 * inst + index
        # Identical powers of different cards are offered once (G7): the same power of another card.
        line = lines[index] if index < len(lines) else None
        for a in legal:
            if POWER_BASE <= a < TAKEOVER_BASE:
                inst, k = divmod(a - POWER_BASE, 4)
                other = self.cards.consume.get(self.cards.names[inst], [])
                if line is not None and k < len(other) and other[k] == line:
                    return a
        raise Unanswered(f"the record's consume power {text} is not offered here")

    def power_line(self, text: str) -> str | None:
        """galaxysim's data line of a record power option (identical powers have identical lines, G7)."""
        if text == PHASE_BONUS:
            return None
        power = parse_power(text)
        lines = self.cards.consume.get(power.card, [])
        index = consume_index(power, lines)
        return lines[index] if index < len(lines) else None

    def _power_plan(self, state, seat, rnd, types: tuple[str, ...], what: str) -> Plan:
        """The record's goods (or hand cards) for the consume power galaxysim is using: the decision that
        follows the record's choice of this power (an identical power of another card counts, G7)."""
        pos = self.position(state)
        active = pos.get("active")
        line = None
        if isinstance(active, dict):
            lines = self.cards.consume.get(bare(active["card"]), [])
            line = lines[active["power"]] if active["power"] < len(lines) else None
        key = ("consume", seat, rnd, json.dumps(active), json.dumps(pos.get("used")))
        plan = self.plans.get(key)
        if plan is None:
            def same_power(d):
                return line is None or d.type == "TRADE" or self.power_line(d.args.get("power", PHASE_BONUS)) == line
            d = self.find(seat, types, rnd, ("consume",), same_power) or self.take(seat, types, rnd, ("consume",), what)
            d.used = True
            zone = "hand" if d.type == "CONSUME_HAND" else "goods"
            plan = self.plans[key] = self.new_plan(state, seat, d, Counter(d.answer.get("chosen") or []), zone)
        return plan

    def a_consume_good(self, state, seat, legal, rnd):
        # A power that sells the good (Trade League, Black Market Trading World) is a TRADE in the record.
        active = self.position(state).get("active")
        line = ""
        if isinstance(active, dict):
            lines = self.cards.consume.get(bare(active["card"]), [])
            line = lines[active["power"]] if active["power"] < len(lines) else ""
        types = ("TRADE",) if " sell" in line else ("GOOD",)
        return self.plan_pick(state, seat, legal, self._power_plan(state, seat, rnd, types, "goods consumed"),
                              "goods consumed")

    def a_consume_hand(self, state, seat, legal, rnd):
        plan = self._power_plan(state, seat, rnd, ("CONSUME_HAND",), "cards discarded for a consume power")
        return self.plan_pick(state, seat, legal, plan, "cards discarded for a consume power", allow_pass=True)

    def a_lucky_number(self, state, seat, legal, rnd):
        d = self.take(seat, ("LUCKY",), rnd, ("consume",), "lucky number")
        a = LUCKY_BASE + int(d.answer["value"]) - 1
        if a not in legal:
            raise Unanswered(f"the record names {d.answer['value']} for the lucky draw; galaxysim does not offer it")
        return a

    def a_ante_card(self, state, seat, legal, rnd):
        d = self.take(seat, ("ANTE",), rnd, ("consume",), "ante")
        chosen = d.answer.get("chosen")
        return PASS if chosen is None else self.card_or_fail(legal, chosen, "ante card")

    def a_ante_keep(self, state, seat, legal, rnd):
        d = self.take(seat, ("KEEP",), rnd, ("consume",), "card kept from the ante")
        return self.card_or_fail(legal, d.answer.get("chosen"), "card kept from the ante")
