"""How summaries show their numbers: percentages and numbers as text ("-" for none), aligned text tables, and
their plain-data form for JSON (NaN as None). galaxysim.results.summary and match_report use them.
"""
from __future__ import annotations

import math
from typing import Any


def pct(x: float) -> str:
    """0.123 -> "12.3%"."""
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def num(x: float, digits: int = 1) -> str:
    """A number with `digits` decimals."""
    return "-" if math.isnan(x) else f"{x:.{digits}f}"


def table(rows: list[list[str]], right: set[int]) -> list[str]:
    """Rows of cells as aligned lines (the columns in `right` right-aligned), each indented by two spaces."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
        out.append("  " + "  ".join(cells).rstrip())
    return out


def json_ready(x: Any) -> Any:
    """`x` (dicts and lists of plain values) with every NaN, which JSON lacks, made None."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: json_ready(v) for k, v in x.items()}
    if isinstance(x, list):
        return [json_ready(v) for v in x]
    return x
