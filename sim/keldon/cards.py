"""What the importer needs to know about galaxysim's cards, read from the project's own card data
(core/data/rftg_cards.txt through galaxysim.rftg): the card instances of a game by name, the consume
powers of each design."""
from __future__ import annotations

import functools
import re

from galaxysim import rftg

_LEVELS = {"base": 0, "tgs": 1, "rvi": 2}
KINDS = {"novelty": 1, "rare": 2, "genes": 3, "alien": 4}


class Cards:
    """The card instances of one game kind: their names and, by name, their instances (increasing)."""

    def __init__(self, game: rftg.Game):
        self.names = [game.card_name(i) for i in range(game.num_cards)]
        self.instances: dict[str, list[int]] = {}
        for i, name in enumerate(self.names):
            self.instances.setdefault(name, []).append(i)
        self.consume = consume_powers(game.expansion)
        self.counts_production = counts_production(game.expansion)
        table = {row["name"]: row for row in rftg.card_table(game.expansion)}
        self.good = {name: KINDS.get(row["good"]) for name, row in table.items()}  # 1..4, None
        self.windfall = {name for name, row in table.items() if row["windfall"]}
        self.military = {name for name, row in table.items() if row["military"]}
        produce = produce_powers(game.expansion)
        self.not_this = {name for name in self.names if "not-this" in " ".join(produce.get(name, []))}

    def has(self, name: str) -> bool:
        return name in self.instances


@functools.lru_cache(maxsize=None)
def consume_powers(expansion: str) -> dict[str, list[str]]:
    """By card name: the card's consume powers that are not trade bonuses, in data order (their index is
    galaxysim's consume power slot index), for the designs of `expansion`."""
    level = _LEVELS[expansion]
    out: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=card: )", rftg.card_text()):
        m = re.match(r"card: (.+)", block)
        if not m:
            continue
        copies = re.search(r"^copies: base (\d+), tgs (\d+), rvi (\d+)", block, re.M)
        if copies and int(copies.group(level + 1)) == 0:
            continue
        out[m.group(1).strip()] = [line[len("power: "):] for line in block.splitlines()
                                   if line.startswith("power: consume") and not re.search(r"\btrade-", line)]
    return out


@functools.lru_cache(maxsize=None)
def counts_production(expansion: str) -> frozenset[str]:
    """The cards whose Produce draws count this phase's goods (per Novelty or Alien good, per kind): they
    come after the seat's production, where galaxysim's second Damaged Alien Factory question is."""
    level = _LEVELS[expansion]
    out = set()
    for block in re.split(r"\n(?=card: )", rftg.card_text()):
        m = re.match(r"card: (.+)", block)
        copies = re.search(r"^copies: base (\d+), tgs (\d+), rvi (\d+)", block, re.M)
        if m and (not copies or int(copies.group(level + 1)) > 0) and \
                re.search(r"^power: produce .*draw-per-(novelty|alien|kind)", block, re.M):
            out.add(m.group(1).strip())
    return frozenset(out)


@functools.lru_cache(maxsize=None)
def produce_powers(expansion: str) -> dict[str, list[str]]:
    """By card name: the card's Produce power lines."""
    level = _LEVELS[expansion]
    out: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=card: )", rftg.card_text()):
        m = re.match(r"card: (.+)", block)
        copies = re.search(r"^copies: base (\d+), tgs (\d+), rvi (\d+)", block, re.M)
        if m and (not copies or int(copies.group(level + 1)) > 0):
            out[m.group(1).strip()] = [line[len("power: "):] for line in block.splitlines()
                                       if line.startswith("power: produce")]
    return out
