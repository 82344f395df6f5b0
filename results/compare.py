"""Paired comparison of two runs played on the same game seeds: a what-if variant against its baseline.

    from galaxysim.results.compare import compare_paired
    for m in compare_paired("cmp/baseline", "cmp/variant-1", cards={"Gambling World": 57}):
        print(m.metric, m.diff, m.ci_low, m.ci_high)

Game i of both runs is dealt from the same seed and played by bots seeded the same way (common random numbers),
so each metric is compared game by game: every metric is a per-game quantity, its difference is averaged over the
games both runs hold, and the 95% interval is the paired one, mean ± t·sd/√n of the per-game differences. A
variant identical to its baseline plays identical games, so every difference and interval is exactly 0.

Ratios (the win rate and mean score of a card's holders: sums over games of holders' wins over sums of holders)
get the delta-method interval of the per-game linearization (x_i - R·y_i) / mean(y).
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from galaxysim.user_text import shown

from .analysis import connect
from .manifest import RunFolderError
from .reader import Run, open_run
from .stats import paired

__all__ = ["PairedMetric", "compare_paired", "PAIRED_KEYS"]

#: What must be equal for two runs to be paired game by game.
PAIRED_KEYS = ("game", "players", "expansion", "advanced", "bots", "seed")


def _f(x: float | None) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


@dataclass
class PairedMetric:
    """One metric of a variant against its baseline, game by game on the same seeds."""

    group: str  # "card", "seat", "score", "length", "end"
    metric: str  # e.g. "Gambling World: in final tableau"
    n: int  # paired games
    baseline: float | None
    variant: float | None
    diff: float | None
    ci_low: float | None
    ci_high: float | None
    note: str = ""

    @property
    def significant(self) -> bool:
        return self.ci_low is not None and self.ci_high is not None and (self.ci_low > 0 or self.ci_high < 0)

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "metric": self.metric, "n": self.n, "baseline": self.baseline,
                "variant": self.variant, "diff": self.diff, "ci_low": self.ci_low, "ci_high": self.ci_high,
                "significant": self.significant, "note": self.note}


#: What "held" means for each seats list column a holding may name (galaxysim.results.game_kinds).
HELD = {"tableau": "in final tableau", "tech": "held at the end", "territories": "controlled at the end"}


def _holding(value: "int | tuple[str, Any]") -> tuple[str, str]:
    """(list column, SQL literal) of a holding: a card id (RftG's tableau), or (column, id or name)."""
    column, item = ("tableau", value) if not isinstance(value, tuple) else value
    if column not in HELD:
        raise ValueError(f"unknown seats list column {shown(column)} (expected one of {', '.join(HELD)})")
    lit = str(int(item)) if not isinstance(item, str) else "'" + item.replace("'", "''") + "'"
    return column, lit


def _per_game_sql(prefix: str, players: int, cards: Mapping[str, Any], reasons: Sequence[str]) -> str:
    cols = ["s.game_index", "avg(s.score) AS mean_score", "any_value(g.rounds) AS rounds"]
    for seat in range(players):
        cols.append(f"max(CASE WHEN s.seat = {seat} THEN s.won::INT END) AS won_{seat}")
        cols.append(f"max(CASE WHEN s.seat = {seat} THEN s.score END) AS score_{seat}")
    for i, value in enumerate(cards.values()):
        column, lit = _holding(value)
        has = f"list_contains(s.{column}, {lit})"
        cols.append(f"sum({has}::INT) AS h_{i}")
        cols.append(f"sum(({has} AND s.won)::INT) AS o_{i}")
        cols.append(f"sum(CASE WHEN {has} THEN s.score ELSE 0 END) AS sc_{i}")
    for j, reason in enumerate(reasons):
        lit = reason.replace("'", "''")
        cols.append(f"any_value((g.end_reason::VARCHAR = '{lit}')::INT) AS end_{j}")
    return (f"SELECT {', '.join(cols)} FROM {prefix}seats s JOIN {prefix}games g USING (game_index) "
            f"GROUP BY s.game_index")


def compare_paired(baseline: "Run | str | os.PathLike[str]", variant: "Run | str | os.PathLike[str]",
                   cards: Mapping[str, Any] | None = None, threads: int | None = None) -> list[PairedMetric]:
    """Per-game paired differences variant − baseline over the games both runs hold (same game index = same
    seed). `cards` ({label: card id}) are the cards the variant changes (Alien Frontiers: {label: ("tech", design
    id)} or {label: ("territories", name)}): for each, the share of seats holding it
    at the end ("presence"), the win rate and mean score of its holders (ratio estimators; their paired
    interval uses the delta method on the per-game linearization). Then every seat's win rate and mean score,
    the mean score of all seats, the mean number of rounds and the share of each way of ending."""
    base, var = open_run(baseline), open_run(variant)
    for key in PAIRED_KEYS:
        if base.config.get(key) != var.config.get(key):
            raise RunFolderError(f"{var.path} is not paired with {base.path}: {key} differs "
                                 f"({shown(var.config.get(key))} vs {shown(base.config.get(key))})")
    cards = dict(cards or {})
    players = int(base.config["players"])
    con = connect(base, prefix="b_", threads=threads)
    connect(var, con=con, prefix="v_")
    reasons = [r for (r,) in con.execute(
        "SELECT DISTINCT end_reason::VARCHAR FROM b_games UNION SELECT DISTINCT end_reason::VARCHAR FROM v_games "
        "ORDER BY 1").fetchall()]
    con.execute(f"CREATE TEMP TABLE pb AS {_per_game_sql('b_', players, cards, reasons)}")
    con.execute(f"CREATE TEMP TABLE pv AS {_per_game_sql('v_', players, cards, reasons)}")
    bcols = [c for (c,) in con.execute("SELECT column_name FROM (DESCRIBE pb)").fetchall() if c != "game_index"]
    sel = ", ".join([f"b.{c} AS b_{c}" for c in bcols] + [f"v.{c} AS v_{c}" for c in bcols])
    con.execute(f"CREATE TEMP TABLE p AS SELECT b.game_index, {sel} FROM pb b JOIN pv v USING (game_index)")
    n = con.execute("SELECT count(*) FROM p").fetchone()[0]
    out: list[PairedMetric] = []

    def simple(group: str, metric: str, col: str, scale: str = "", note: str = "") -> None:
        e = f"({{}}{col}{scale})::DOUBLE"
        b_, v_ = e.format("b_"), e.format("v_")
        mb, mv, md, sd = con.execute(
            f"SELECT avg({b_}), avg({v_}), avg({v_} - {b_}), stddev_samp({v_} - {b_}) FROM p").fetchone()
        d, lo, hi = paired(n, md, sd)
        out.append(PairedMetric(group, metric, int(n), _f(mb), _f(mv), _f(d), _f(lo), _f(hi), note))

    def ratio(group: str, metric: str, num: str, den: str, note: str = "") -> None:
        sb_n, sb_d, sv_n, sv_d = con.execute(
            f"SELECT sum(b_{num})::DOUBLE, sum(b_{den})::DOUBLE, sum(v_{num})::DOUBLE, sum(v_{den})::DOUBLE "
            f"FROM p").fetchone()
        if not n or not sb_d or not sv_d:
            rb = sb_n / sb_d if sb_d else None
            rv = sv_n / sv_d if sv_d else None
            out.append(PairedMetric(group, metric, int(n), _f(rb), _f(rv), None, None, None,
                                    note or "no holder in one of the runs"))
            return
        rb, rv = sb_n / sb_d, sv_n / sv_d
        hb, hv = sb_d / n, sv_d / n
        sd, = con.execute(
            f"SELECT stddev_samp((v_{num} - {rv!r} * v_{den}) / {hv!r} - (b_{num} - {rb!r} * b_{den}) / {hb!r}) "
            f"FROM p").fetchone()
        d, lo, hi = paired(n, rv - rb, sd)
        out.append(PairedMetric(group, metric, int(n), rb, rv, d, lo, hi, note))

    for i, (label, value) in enumerate(cards.items()):
        simple("card", f"{label}: {HELD[_holding(value)[0]]} (share of seats)", f"h_{i}", f" / {players}")
        ratio("card", f"{label}: win rate of its holders", f"o_{i}", f"h_{i}")
        ratio("card", f"{label}: mean score of its holders", f"sc_{i}", f"h_{i}")
    bots = list(base.config.get("bots") or [])
    for seat in range(players):
        who = f" ({bots[seat]})" if seat < len(bots) else ""
        simple("seat", f"seat {seat}{who}: win rate", f"won_{seat}")
    for seat in range(players):
        who = f" ({bots[seat]})" if seat < len(bots) else ""
        simple("seat", f"seat {seat}{who}: mean score", f"score_{seat}")
    simple("score", "mean score (all seats)", "mean_score")
    simple("length", "rounds per game", "rounds")
    for j, reason in enumerate(reasons):
        simple("end", f"games ended by {reason}", f"end_{j}")
    con.close()
    return out
