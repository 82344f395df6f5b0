"""What the importer's answers are made of: the record's decisions, multi-card answers (plans), galaxysim's action
numbering (core/rftg/state.h) and the card labels of galaxysim's state JSON."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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
