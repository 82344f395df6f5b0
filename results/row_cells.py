"""The cells of a report's table rows: floats with NaN as None, a rate or a mean with its interval as columns,
exact quantiles and moments of a histogram {value: count}. Shared by results/analysis.py and
results/expansion_analysis.py.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from .stats import Mean, Rate, mean_from_sums

__all__ = ["finite", "rate_cols", "mean_cols", "quantiles", "hist_moments"]


def finite(x: float | None) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def rate_cols(prefix: str, r: Rate) -> dict[str, Any]:
    return {f"{prefix}": finite(r.rate), f"{prefix}_ci_low": finite(r.lo), f"{prefix}_ci_high": finite(r.hi)}


def mean_cols(prefix: str, m: Mean) -> dict[str, Any]:
    return {f"{prefix}": finite(m.mean), f"{prefix}_ci_low": finite(m.lo), f"{prefix}_ci_high": finite(m.hi),
            f"{prefix}_sd": finite(m.sd)}


def quantiles(hist: Mapping[int, int], qs: Sequence[float]) -> list[float]:
    """Exact quantiles (the lower one at ties) of a histogram {value: count}."""
    total = sum(hist.values())
    if total == 0:
        return [math.nan] * len(qs)
    items = sorted(hist.items())
    out = []
    for q in qs:
        target = max(1, math.ceil(q * total))
        acc = 0
        for v, c in items:
            acc += c
            if acc >= target:
                out.append(float(v))
                break
    return out


def hist_moments(h: Mapping[int, int]) -> Mean:
    return mean_from_sums(sum(h.values()), sum(v * c for v, c in h.items()), sum(v * v * c for v, c in h.items()))
