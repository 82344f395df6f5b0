"""The reference engine's power options ("Epsilon Eridani [4:CONSUME_ANY|GET_CARD|GET_VP:1:1]",
"(phase bonus)") as galaxysim's consume power slots and windfall production classes."""
from __future__ import annotations

import re
from dataclasses import dataclass

_POWER = re.compile(r"^(?P<card>.+?) \[(?P<phase>\d+):(?P<flags>[A-Z0-9_|]*):(?P<value>-?\d+):(?P<times>-?\d+)\]$")
PHASE_BONUS = "(phase bonus)"

#: galaxysim's windfall production classes (action kWindfallBase + class): any kind, the four kinds, Genes on
#: another world than the power's own (core/rftg/state.h).
WINDFALL_CLASSES = {"WINDFALL_ANY": 0, "WINDFALL_NOVELTY": 1, "WINDFALL_RARE": 2, "WINDFALL_GENE": 3,
                    "WINDFALL_ALIEN": 4}
WINDFALL_BASE = 240
POWER_BASE = 300


@dataclass(frozen=True)
class Power:
    card: str          # the card whose power it is; PHASE_BONUS for the chosen action's own bonus
    phase: int
    flags: frozenset[str]
    value: int
    times: int

    @property
    def windfall_class(self) -> int | None:
        """The windfall production class this power fills, None if it is not a windfall power."""
        if self.card == PHASE_BONUS:
            return 0
        for flag, k in WINDFALL_CLASSES.items():
            if flag in self.flags:
                return 5 if k == 3 and "NOT_THIS" in self.flags else k
        return None


def parse_power(text: str) -> Power:
    if text == PHASE_BONUS:
        return Power(PHASE_BONUS, 0, frozenset(), 0, 0)
    m = _POWER.match(text)
    if not m:
        raise ValueError(f"not a power option: {text!r}")
    return Power(m["card"], int(m["phase"]), frozenset(m["flags"].split("|")) - {""}, int(m["value"]),
                 int(m["times"]))


def consume_index(power: Power, consume_powers: list[str]) -> int:
    """The index of `power` among its card's consume powers in galaxysim's card data (`consume_powers`: the
    card's non-trade consume power lines, in order). Only Gambling World has two: its good-for-VP power and
    its lucky draw (base) or ante (RvI)."""
    if len(consume_powers) <= 1:
        return 0
    consumes_a_good = any(f.startswith("CONSUME_") for f in power.flags)
    for k, line in enumerate(consume_powers):
        if ("good-" in line) == consumes_a_good:
            return k
    return 0
