"""Which documented rules reading a divergence comes from, if one does: the reference engine and galaxysim read
some rules differently, and each difference is an entry of docs/rules.md or docs/rules-expansions.md. A
divergence is put down to a reading only when the record shows the situation the entry describes."""
from __future__ import annotations

import re
from typing import Any, Callable

from .cards import counts_production

NMT = "New Military Tactics"

#: The order of the parts of a round, for the record's phase names (decisions, draws) and the places a divergence
#: is found (galaxysim's stages, "round start": the check of each round's position, before its action choice).
_PART = {"game-start": 0, "setup": 0, "start_discard": 0, "draft": 0, "start_world": 0,
         "round start": 1, "round-start": 2, "choose_action": 2, "explore": 3, "develop": 4, "develop2": 4,
         "settle": 5, "settle2": 5, "consume": 6, "produce": 7, "round-end": 8, "hand_limit": 8,
         "end": 9, "game_over": 9}


def _by(e: dict[str, Any], d) -> bool:
    """Whether the record's decision `e` was taken by the time the replay diverged (`d`): a decision taken later
    in the game explains nothing about it. Where a phase name is not known here, the whole round counts (the
    decision as at its round's start, the divergence as at its round's end)."""
    rnd = e.get("round", 0)
    return rnd < d.round or (rnd == d.round and _PART.get(e.get("phase"), 0) <= _PART.get(d.phase, 9))


def _goal_chips_only(record: dict[str, Any], d) -> bool:
    """E8: the end state differs only in goal VP (and so the score), by the 3 VP of a most goal."""
    if d.kind != "end":
        return False
    parts = [p.strip() for p in d.detail.split(";")]
    goals = [p for p in parts if " goal_vp " in p]
    rest = [p for p in parts if " goal_vp " not in p and " score " not in p and not p.endswith("in the record")]
    if not goals or rest:
        return False
    for p in goals:
        m = re.search(r"goal_vp (-?\d+) vs (-?\d+)", p)
        if not m or (int(m[1]) - int(m[2])) % 3:
            return False
    return True


def _kept_a_card_not_higher(record: dict[str, Any], d) -> bool:
    """E21: after an ante, the record's player keeps a revealed card that does not cost more than the ante card."""
    cost = _costs()
    ante = None
    for e in record["events"]:
        if e.get("ev") != "decision" or not _by(e, d):
            continue
        if e.get("type") == "ANTE":
            ante = (e.get("answer") or {}).get("chosen")
        elif e.get("type") == "KEEP" and ante is not None:
            kept = (e.get("answer") or {}).get("chosen")
            if kept in cost and ante in cost and cost[kept] <= cost[ante]:
                return True
    return False


def _nmt_with_any_world(record: dict[str, Any], d) -> bool:
    """A27: the record's player discards New Military Tactics while placing a world it does not conquer."""
    military = _military_worlds()
    for e in record["events"]:
        if e.get("ev") != "decision" or e.get("type") != "PAYMENT" or not _by(e, d):
            continue
        special = (e.get("answer") or {}).get("chosen_special") or []
        placing = (e.get("args") or {}).get("placing")
        if NMT in special and placing not in military and not (e.get("args") or {}).get("takeover"):
            return True
    return False


def _discard_between_draw_powers(record: dict[str, Any], d) -> bool:
    """G18: Damaged Alien Factory's discard between two Produce draw powers that count this phase's goods."""
    events = record["events"]
    for i, e in enumerate(events):
        if e.get("ev") != "decision" or e.get("type") != "DISCARD_PRODUCE" or e.get("round") != d.round - 1 \
                and e.get("round") != d.round:
            continue
        before = after = False
        for x in reversed(events[:i]):
            if x.get("ev") == "phase":
                break
            before |= x.get("ev") == "draw" and x.get("p") == e["p"] and x.get("why") == "power" and \
                x.get("source") in COUNTING
        for x in events[i + 1:]:
            if x.get("ev") in ("phase", "round"):
                break
            after |= x.get("ev") == "draw" and x.get("p") == e["p"] and x.get("why") == "power" and \
                x.get("source") in COUNTING
        if before and after:
            return True
    return False


def _reshuffle_in(record: dict[str, Any], rnd: int, phases: tuple[str, ...]) -> bool:
    current, phase = 0, None
    for e in record["events"]:
        if e.get("ev") == "round":
            current = e["round"]
        elif e.get("ev") == "phase":
            phase = e["phase"]
        elif e.get("ev") == "reshuffle" and current == rnd and phase in phases:
            return True
    return False


def _develop_draws_at_reshuffle(record: dict[str, Any], d) -> bool:
    """G19: the deck ran out among the Develop phase's draws after placing, which galaxysim takes after every
    seat has paid and the reference engine right after each seat's payment."""
    rnd = d.round - 1 if d.phase == "round start" else d.round
    return "draw pile" in d.detail and _reshuffle_in(record, rnd, ("develop", "develop2"))


def _produce_order_at_reshuffle(record: dict[str, Any], d) -> bool:
    """G20: the deck ran out in the middle of a seat's Produce phase, whose windfall productions galaxysim carries
    out after its normal production and the reference engine among them."""
    return d.kind == "draw" and d.phase == "produce" and _reshuffle_in(record, d.round, ("produce",))


#: (docs entry, test), in order: the first that fits names the reading.
READINGS: list[tuple[str, Callable[[dict[str, Any], Any], bool]]] = [
    ("E21", _kept_a_card_not_higher),
    ("E8", _goal_chips_only),
    ("A27", _nmt_with_any_world),
    ("G18", _discard_between_draw_powers),
    ("G19", _develop_draws_at_reshuffle),
    ("G20", _produce_order_at_reshuffle),
]

#: Cards whose Produce draws count this phase's goods.
COUNTING = counts_production("rvi")


def classify(record: dict[str, Any], divergence, played: tuple[str, ...] = ()) -> str | None:
    """The docs entry (e.g. "E8") of the rules reading that explains `divergence`, None if none does. `played`:
    the entries whose reference reading the replay played (they explain nothing)."""
    for entry, fits in READINGS:
        if entry not in played and fits(record, divergence):
            return entry
    return None


def _military_worlds() -> set[str]:
    from galaxysim import rftg

    return {row["name"] for row in rftg.card_table("rvi") if row["military"]}


def _costs() -> dict[str, int]:
    """Card name -> cost (defence for a military world; six-cost developments 6) at level rvi."""
    from galaxysim import rftg

    return {row["name"]: row["cost"] for row in rftg.card_table("rvi")}
