"""Engine batches as Arrow tables: a chunk's columns, as the batch runner returns them (or as the match loop
gathers them from games with Python bots), made into the run folder's games, seats and decisions tables
(galaxysim.results.schema) with the names behind the engine's codes: end reasons, decision kinds, cards, and
for Alien Frontiers tech cards, territories and seat colours. join_columns makes consecutive batches one (the
match loop's segments of a chunk, the slices of a recorded chunk).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa

from galaxysim.results import schema as sch

from .config import RunConfig
from .engine import af_overrides, af_texts, batch_module, game_card_text, goal_names


@dataclass
class TableSpec:
    """What the tables say about every game of a run: the game, its level, the players, the variant label, the
    seats' bots and whether decisions are recorded. A RunConfig has the same fields and serves as its own."""

    game: str
    expansion: str
    players: int
    variant: str
    bots: list[str]
    record_decisions: bool


@dataclass
class TableConverter:
    spec: Any  # a TableSpec or a RunConfig
    run_id: str
    end_reasons: list[str]
    kinds: list[str]
    card_names: list[str]
    af_names: dict[str, list[str]] | None = None  # Alien Frontiers: tech, territories, colours
    goal_names: list[str] = field(default_factory=list)  # RftG: the goals of the card data, in order

    @classmethod
    def build(cls, spec: Any, rid: str, card_text: str, af_overrides: str = "") -> "TableConverter":
        """The converter of a run whose cards are `card_text` (Alien Frontiers: whose data overrides are
        `af_overrides`)."""
        b = batch_module()
        if spec.game == "af":
            names = b.af_names(af_texts(), af_overrides)
            return cls(spec, rid, list(b.AF_END_REASONS), list(b.AF_DECISION_KINDS), list(names["tech"]), names)
        return cls(spec, rid, list(b.END_REASONS), list(b.DECISION_KINDS),
                   list(b.design_names(card_text, spec.expansion)), goal_names=goal_names(card_text))

    @classmethod
    def for_run(cls, cfg: RunConfig, rid: str) -> "TableConverter":
        """The converter of a run played as `cfg` says (its what-if variant's cards and data included)."""
        if cfg.game == "af":
            return cls.build(cfg, rid, "", af_overrides(cfg))
        return cls.build(cfg, rid, game_card_text(cfg))

    def seats(self, cols: dict) -> pa.Table:
        spec = self.spec
        if self.af_names is not None:
            return sch.af_seats_table(cols, players=spec.players, bots=spec.bots, tech_names=self.card_names,
                                      territory_names=self.af_names["territories"], colours=self.af_names["colours"])
        return sch.seats_table(cols, players=spec.players, bots=spec.bots, card_names=self.card_names,
                               goal_names=self.goal_names)

    def tables(self, res: dict[str, dict]) -> dict[str, pa.Table]:
        """The run's tables of a batch: games, seats and, when the run records them, decisions."""
        out = self.games_and_seats(res)
        if self.spec.record_decisions:
            out["decisions"] = self.decisions(res)
        return out

    def games_and_seats(self, res: dict[str, dict]) -> dict[str, pa.Table]:
        spec = self.spec
        return {
            "games": sch.games_table(res["games"], run_id=self.run_id, game=spec.game, expansion=spec.expansion,
                                     players=spec.players, variant=spec.variant, end_reasons=self.end_reasons,
                                     goal_names=self.goal_names),
            "seats": self.seats(res["seats"]),
        }

    def decisions(self, res: dict[str, dict]) -> pa.Table:
        return sch.decisions_table(res["decisions"], kinds=self.kinds)


def join_columns(parts: list[dict[str, dict[str, np.ndarray]]]) -> dict[str, dict[str, np.ndarray]]:
    """The engine's columns of consecutive batches of games as one batch: each table's columns (those every part
    has) concatenated, a `<prefix>_offsets` column (where a seat's list of cards starts) rebased onto the cards
    of the batches before it."""
    if len(parts) == 1:
        return parts[0]
    out: dict[str, dict[str, np.ndarray]] = {}
    for t in [t for t in parts[0] if all(t in p for p in parts)]:
        out[t] = {}
        for k in [k for k in parts[0][t] if all(k in p[t] for p in parts)]:
            if k.endswith("_offsets"):
                base, pieces = 0, [np.zeros(1, np.int64)]
                for p in parts:
                    off = np.asarray(p[t][k], np.int64)
                    pieces.append(off[1:] + base)
                    base += int(off[-1]) if len(off) else 0
                out[t][k] = np.concatenate(pieces)
            else:
                out[t][k] = np.concatenate([np.asarray(p[t][k]) for p in parts])
    return out
