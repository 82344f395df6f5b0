"""Develop and Settle decisions: selections, payments (a record PAYMENT per placement, found by the card placed),
settle methods, temporary Military, takeovers, the second world."""
from __future__ import annotations

from collections import Counter

from .plans import (PASS, METHOD_BASE, TAKEOVER_BASE, METHOD_PAY, METHOD_COLONY, METHOD_CONQUER, METHOD_CONTACT,
    METHOD_CONTACT_COLONY, METHOD_CLOAK, ZERO_COST_CARDS, PAY_MILITARY_CARDS, CLOAK, NMT, R_AND_D, Unanswered,
    Decision, Plan, phase_name, bare_all, bare)


class SettleAnswers:
    """Answers of Answers (answers.py) for develop and settle decisions."""

    def _select(self, state, seat, legal, rnd, stage):
        rep = self.position(state)["phase_rep"]
        d = self.take(seat, ("PLACE",), rnd, (phase_name(stage, rep),), f"{stage} choice",
                      pred=lambda d: not d.args.get("power_card"))
        chosen = d.answer.get("chosen")
        if chosen is None:
            if PASS in legal:
                return PASS
            raise Unanswered(f"the record passes in {stage}; galaxysim asks for a card")
        return self.card_or_fail(legal, chosen, f"{stage} choice")

    def a_develop_select(self, state, seat, legal, rnd):
        return self._select(state, seat, legal, rnd, "develop")

    def a_settle_select(self, state, seat, legal, rnd):
        return self._select(state, seat, legal, rnd, "settle")

    def payment(self, state, seat, rnd, takeover: bool = False) -> Plan:
        """The record's PAYMENT for the placement in progress (or, `takeover`, for the attack just declared)."""
        pos = self.position(state)
        stage, rep = pos["stage"], pos["phase_rep"]
        me = pos["players"][seat]
        placing = None if takeover else bare(me.get("second_world") or me.get("selected"))
        key = ("pay", seat, rnd, stage, rep, placing, takeover, pos.get("settle_actions"))
        plan = self.plans.get(key)
        if plan is not None:
            return plan
        phases = (phase_name(stage, rep),)
        if takeover:
            d = self.take(seat, ("PAYMENT",), rnd, phases, "takeover attack payment",
                          pred=lambda d: bool(d.args.get("takeover")))
        else:
            d = self.take(seat, ("PAYMENT",), rnd, phases, f"payment for {placing}",
                          pred=lambda d: d.args.get("placing") == placing and not d.args.get("takeover"))
        plan = self.plans[key] = self.military_plan(state, seat, d)
        return plan

    def military_plan(self, state, seat, d: Decision) -> Plan:
        """A payment's hand cards, with the New Military Tactics it discards from the tableau."""
        plan = self.new_plan(state, seat, d, Counter(d.answer.get("chosen") or []), "hand")
        special = Counter(d.answer.get("chosen_special") or [])
        plan.nmt = self.new_plan(state, seat, d, Counter({NMT: special[NMT]}), "tableau", Counter(d.special))
        return plan

    def a_pay(self, state, seat, legal, rnd):
        return self.plan_pick(state, seat, legal, self.payment(state, seat, rnd), "payment")

    def a_develop_discount(self, state, seat, legal, rnd):
        plan = self.payment(state, seat, rnd)
        uses = R_AND_D in (plan.decision.answer.get("chosen_special") or [])
        return legal[0] if uses else PASS

    def a_settle_method(self, state, seat, legal, rnd):
        plan = self.payment(state, seat, rnd)
        special = set(plan.decision.answer.get("chosen_special") or [])
        zero, contact = bool(special & ZERO_COST_CARDS), bool(special & PAY_MILITARY_CARDS)
        if contact:
            method = METHOD_CONTACT_COLONY if zero else METHOD_CONTACT
        elif zero:
            method = METHOD_COLONY
        elif CLOAK in special and METHOD_BASE + METHOD_CLOAK in legal:
            method = METHOD_CLOAK
        elif METHOD_BASE + METHOD_CONQUER in legal and METHOD_BASE + METHOD_PAY not in legal:
            method = METHOD_CONQUER
        else:
            method = METHOD_PAY
        if METHOD_BASE + method not in legal:
            raise Unanswered(f"the record places {plan.decision.args.get('placing')} with "
                             f"{', '.join(sorted(special)) or 'cards'}; galaxysim does not offer that method")
        return METHOD_BASE + method

    def a_zero_cost_card(self, state, seat, legal, rnd):
        plan = self.payment(state, seat, rnd)
        for name in plan.decision.answer.get("chosen_special") or []:
            if name in ZERO_COST_CARDS:
                return self.card_or_fail(legal, name, "cost-0 card")
        raise Unanswered("the record names no cost-0 card for this placement")

    def a_temp_military(self, state, seat, legal, rnd):
        pos = self.position(state)
        if pos.get("context") == "defence":
            plan = self.plans.get(("defend", seat, rnd))
            if plan is None:
                d = self.find(seat, ("DEFEND",), rnd, None)
                if d is None and PASS in legal:
                    # The reference engine asked nothing; New Military Tactics it discarded earlier in the
                    # phase (with a payment, for the whole phase) galaxysim discards here, where it counts.
                    return self.owed_nmt(state, seat, legal, rnd)
                d = self.take(seat, ("DEFEND",), rnd, None, "takeover defence")
                plan = self.plans[("defend", seat, rnd)] = self.military_plan(state, seat, d)
        else:
            attack = pos.get("context") == "attack"
            if attack and PASS in legal and self.find(seat, ("PAYMENT",), rnd, None,
                                                      lambda d: bool(d.args.get("takeover"))) is None:
                return PASS  # the reference engine asked nothing: the attack adds no temporary Military
            plan = self.payment(state, seat, rnd, takeover=attack)
        hand = self.instances(self.position(state)["players"][seat]["hand"])
        if +self.left(state, seat, plan.nmt):
            a = self.named([x for x in legal if x not in hand], NMT)
            if a is not None:
                return a
        a = self.from_plan([x for x in legal if x in hand], self.left(state, seat, plan))
        if a is not None:
            return a
        if PASS in legal:
            return PASS
        rest = ", ".join(self.left(state, seat, plan).elements()) or "nothing"
        raise Unanswered(f"the record's Military payment ({rest}) is not legal here (legal: {self.legal_names(legal)})")

    def owed_nmt(self, state, seat, legal, rnd) -> int:
        """New Military Tactics the record's seat discarded this round that galaxysim's has not: one now."""
        discarded = sum(1 for e in self.record["events"][self.round_at(rnd):self.round_at(rnd + 1)]
                        if e.get("ev") == "move" and e.get("card") == NMT and e.get("from") == f"tableau@{seat}")
        held = self.round_starts.get(rnd, {}).get("tableau", {}).get(seat, Counter())[NMT]
        now = Counter(bare_all(self.position(state)["players"][seat]["tableau"]))[NMT]
        if discarded > held - now:
            a = self.named(legal, NMT)
            if a is not None:
                return a
        return PASS

    def round_at(self, rnd: int) -> int:
        """The index of round `rnd`'s first event (the end of the events past the last round)."""
        for i, e in enumerate(self.record["events"]):
            if e.get("ev") == "round" and e["round"] == rnd:
                return i
        return len(self.record["events"])

    def a_takeover(self, state, seat, legal, rnd):
        d = self.find(seat, ("TAKEOVER",), rnd, None)
        if d is None:
            return PASS
        d.used = True
        target = d.answer.get("chosen")
        if target is None:
            return PASS
        return self._takeover_action(state, legal, target, d.answer.get("chosen_owner"),
                                     (d.answer.get("chosen_special") or [None])[0])

    def _takeover_action(self, state, legal, target, owner, power) -> int:
        want = f"take over {target} of seat {owner} with {power}"
        for a in legal:
            if a >= TAKEOVER_BASE and state.describe(a) == want:
                return a
        raise Unanswered(f"the record's takeover ({target} of player {owner} with {power}) is not offered")

    def a_settle_second(self, state, seat, legal, rnd):
        rep = self.position(state)["phase_rep"]
        phases = (phase_name("settle", rep),)
        s = self.find(seat, ("SETTLE",), rnd, phases)
        if s is None or not (s.answer.get("chosen") or []):
            if s is not None:
                s.used = True
            return PASS
        s.used = True
        place = self.find(seat, ("PLACE",), rnd, phases, pred=lambda d: bool(d.args.get("power_card")))
        take = self.find(seat, ("TAKEOVER",), rnd, None)
        if place is not None and (take is None or place.at < take.at):
            place.used = True
            if place.answer.get("chosen") is None:
                return PASS
            return self.card_or_fail(legal, place.answer["chosen"], "second world")
        if take is not None:
            take.used = True
            if take.answer.get("chosen") is None:
                return PASS
            return self._takeover_action(state, legal, take.answer["chosen"], take.answer.get("chosen_owner"),
                                         (take.answer.get("chosen_special") or [None])[0])
        return PASS
