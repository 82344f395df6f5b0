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
from dataclasses import dataclass, field
from typing import Any

from .cards import Cards
from .powers import PHASE_BONUS, POWER_BASE, WINDFALL_BASE, consume_index, parse_power

PASS = 200
ACTION_BASE = 210
METHOD_BASE = 220
LUCKY_BASE = 230
TAKEOVER_BASE = 300 + 4 * 192

#: The reference engine's action names (ACTION answers), as galaxysim's action cards.
ACTION_CARDS = {"Explore +5": 0, "Explore +1,+1": 1, "Develop": 2, "Develop (second)": 3, "Settle": 4,
                "Settle (second)": 5, "Consume-Trade": 6, "Consume-x2": 7, "Produce": 8}
#: galaxysim's settle methods (action METHOD_BASE + method).
METHOD_PAY, METHOD_COLONY, METHOD_CONQUER, METHOD_CONTACT, METHOD_CONTACT_COLONY, METHOD_CLOAK = range(6)
ZERO_COST_CARDS = {"Colony Ship", "Doomed World"}
PAY_MILITARY_CARDS = {"Contact Specialist", "Rebel Cantina", "Rebel Alliance"}
CLOAK = "Imperium Cloaking Technology"
NMT = "New Military Tactics"
R_AND_D = "R&D Crash Program"
WINDFALL_CLASS_LABELS = ["any", "novelty", "rare", "genes", "alien", "genes_other"]  # state JSON "active"
DISCARD_EARLY = 5  # the Produce step of Damaged Alien Factory's discard before the draw powers (produce.cpp)


class Unanswered(Exception):
    """The record holds no answer galaxysim can play here: `detail` says what is missing or differs."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


@dataclass
class Decision:
    """One decision of the record."""

    at: int                      # its index in the record's events
    p: int
    type: str
    round: int
    phase: str
    args: dict[str, Any]
    options: list
    special: list
    answer: dict[str, Any]
    used: bool = False


@dataclass
class Plan:
    """A multi-card answer: the record's cards (`total`) and the seat's `zone` ("hand", "goods", "kept",
    "tableau") when it began. What is left to choose is found from the zone now, so that choices
    galaxysim made itself (a single legal card, G2) count as made."""

    decision: Decision | None
    total: Counter
    zone: str | None = None
    start: Counter = field(default_factory=Counter)
    nmt: "Plan | None" = None  # New Military Tactics discarded with the same payment (a "tableau" plan)


def phase_name(stage: str, rep: int) -> str:
    """The record's phase name for a galaxysim stage ("develop" / "develop2", ...)."""
    if stage in ("develop", "settle"):
        return stage + ("2" if rep else "")
    return stage


def bare_all(labels: list[str]) -> list[str]:
    return [bare(x) for x in labels]


def bare(label: str | None) -> str | None:
    """A card name from a state JSON label ("Contact Specialist #2" -> "Contact Specialist")."""
    if label is None:
        return None
    head, sep, tail = label.rpartition(" #")
    return head if sep and tail.isdigit() else label


class Answers:
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

    # Payments: one record PAYMENT per placement, found by the card being placed.

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

    # Consume.

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

    # Produce.

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
            if e.get("ev") == "decision" and e.get("p") == seat and e.get("type") == "PRODUCE" and any(
                    parse_power(x).card in self.cards.counts_production for x in (e.get("answer") or {}).get("chosen") or []):
                return True  # a counting power used first, even when it drew nothing
        return False

    def a_hand_limit(self, state, seat, legal, rnd):
        plan = self.plans.get(("limit", seat, rnd))
        if plan is None:
            d = self.take(seat, ("DISCARD",), rnd, ("round-end",), "hand-limit discard")
            plan = self.plans[("limit", seat, rnd)] = self.new_plan(state, seat, d, Counter(d.answer.get("chosen") or []),
                                                                    "hand")
        return self.plan_pick(state, seat, legal, plan, "hand-limit discard")
