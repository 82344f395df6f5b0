"""Round decisions: the start world and starting discard, action cards, Explore, the hand limit."""
from __future__ import annotations

from collections import Counter

from .plans import (ACTION_BASE, ACTION_CARDS, Unanswered, Plan)


class RoundAnswers:
    """Answers of Answers (answers.py) for round decisions."""

    def a_start_world(self, state, seat, legal, rnd):
        return self.card_or_fail(legal, self.setup[seat]["start_world"], "start world")

    def a_start_discard(self, state, seat, legal, rnd):
        plan = self.plans.get(("start", seat))
        if plan is None:
            plan = self.plans[("start", seat)] = self.new_plan(state, seat, None,
                                                                Counter(self.setup[seat]["initial_discards"]), "hand",
                                                                Counter(self.setup[seat]["initial_hand"]))
        return self.plan_pick(state, seat, legal, plan, "starting discard")

    def a_choose_action(self, state, seat, legal, rnd):
        plan = self.plans.get(("action", seat, rnd))
        if plan is None:
            d = self.take(seat, ("ACTION",), rnd, None, "action choice")
            plan = self.plans[("action", seat, rnd)] = Plan(d, Counter(d.answer.get("actions", [])))
        for a in legal:
            card = a - ACTION_BASE
            name = next((n for n, c in ACTION_CARDS.items() if c == card), None)
            if name is not None and plan.total[name] > 0:
                plan.total[name] -= 1
                return a
        raise Unanswered(f"the record's action choice {plan.decision.answer.get('actions')} is not legal here")

    def _explore_plan(self, state, seat, rnd, keep: bool) -> Plan:
        plan = self.plans.get(("explore", seat, rnd))
        if plan is None:
            d = self.take(seat, ("DISCARD",), rnd, ("explore",), "Explore discard")
            chosen = Counter(d.answer.get("chosen") or [])
            if keep:  # kept so far: hand cards neither explored now nor held when the round began
                plan = self.new_plan(state, seat, d, Counter(d.options) - chosen, "kept", self.round_hand(seat, rnd))
            else:
                plan = self.new_plan(state, seat, d, chosen, "hand")
            self.plans[("explore", seat, rnd)] = plan
        return plan

    def a_explore_keep(self, state, seat, legal, rnd):
        return self.plan_pick(state, seat, legal, self._explore_plan(state, seat, rnd, True), "cards kept in Explore")

    def a_explore_discard(self, state, seat, legal, rnd):
        return self.plan_pick(state, seat, legal, self._explore_plan(state, seat, rnd, False), "Explore discard")

    def a_hand_limit(self, state, seat, legal, rnd):
        plan = self.plans.get(("limit", seat, rnd))
        if plan is None:
            d = self.take(seat, ("DISCARD",), rnd, ("round-end",), "hand-limit discard")
            chosen = Counter(d.answer.get("chosen") or [])
            plan = self.plans[("limit", seat, rnd)] = self.new_plan(state, seat, d, chosen, "hand")
        return self.plan_pick(state, seat, legal, plan, "hand-limit discard")
