"""Confidence intervals: Wilson for proportions, Student t for means, paired differences.

Everything here works from counts and sums (n, successes; n, sum, sum of squares), so the callers can
aggregate millions of rows in DuckDB and hand over a few integers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from .summary import Z95, wilson_interval

#: Below this many observations a rate or mean is flagged as a small sample.
SMALL_N = 30

__all__ = ["Z95", "SMALL_N", "wilson_interval", "t_quantile", "Rate", "Mean", "rate", "mean_from_sums",
           "rate_difference", "paired"]


def t_quantile(p: float, df: float) -> float:
    """The p-quantile (p > 0.5) of Student's t with `df` degrees of freedom.

    G. W. Hill, "Algorithm 396: Student's t-quantiles", CACM 13 (1970); about 6 significant digits,
    exact for df = 1 and 2. Infinite df gives the normal quantile."""
    if not 0.5 < p < 1:
        raise ValueError(f"t_quantile needs 0.5 < p < 1, not {p}")
    if df <= 0:
        return math.nan
    if math.isinf(df) or df > 1e7:
        return NormalDist().inv_cdf(p)
    p2 = 2 * (1 - p)  # two-tailed probability
    n = float(df)
    if n == 1:
        return math.cos(p2 * math.pi / 2) / math.sin(p2 * math.pi / 2)
    if n == 2:
        return math.sqrt(2 / (p2 * (2 - p2)) - 2)
    a = 1 / (n - 0.5)
    b = 48 / (a * a)
    c = ((20700 * a / b - 98) * a - 16) * a + 96.36
    d = ((94.5 / (b + c) - 3) / b + 1) * math.sqrt(a * math.pi / 2) * n
    x = d * p2
    y = x ** (2 / n)
    if y > 0.05 + a:
        x = NormalDist().inv_cdf(p2 * 0.5)
        y = x * x
        if n < 5:
            c += 0.3 * (n - 4.5) * (x + 0.6)
        c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c
        y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x
        y = a * y * y
        y = math.expm1(y) if y > 0.002 else 0.5 * y * y + y
    else:
        y = ((1 / (((n + 6) / (n * y) - 0.089 * d - 0.822) * (n + 2) * 3) + 0.5 / (n + 4)) * y - 1) \
            * (n + 1) / (n + 2) + 1 / y
    return math.sqrt(n * y)


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    n: int
    k: int
    rate: float
    lo: float
    hi: float

    @property
    def small(self) -> bool:
        return self.n < SMALL_N

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% t interval (normal for large n; the t quantile tends to it)."""

    n: int
    mean: float
    sd: float
    lo: float
    hi: float

    @property
    def small(self) -> bool:
        return self.n < SMALL_N

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2


NAN = math.nan


def rate(k: int, n: int) -> Rate:
    n, k = int(n), int(k)
    if n <= 0:
        return Rate(0, 0, NAN, NAN, NAN)
    lo, hi = wilson_interval(k, n)
    return Rate(n, k, k / n, lo, hi)


def mean_from_sums(n: int, s: float, ss: float) -> Mean:
    """Mean and 95% interval from the count, sum and sum of squares (ints give an exact variance)."""
    n = int(n)
    if n <= 0:
        return Mean(0, NAN, NAN, NAN, NAN)
    m = s / n
    if n == 1:
        return Mean(1, float(m), NAN, NAN, NAN)
    if isinstance(s, int) and isinstance(ss, int):
        var = (n * ss - s * s) / (n * (n - 1))  # exact numerator in Python ints
    else:
        var = (ss - s * s / n) / (n - 1)
    sd = math.sqrt(max(var, 0.0))
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return Mean(n, float(m), sd, float(m) - half, float(m) + half)


def rate_difference(a: Rate, b: Rate) -> tuple[float, float, float]:
    """a.rate - b.rate with a 95% interval for two independent samples: Newcombe's hybrid score interval
    (his method 10), built from the two Wilson intervals, so it behaves with rates near 0 or 1."""
    if a.n == 0 or b.n == 0:
        return NAN, NAN, NAN
    d = a.rate - b.rate
    lo = d - math.sqrt((a.rate - a.lo) ** 2 + (b.hi - b.rate) ** 2)
    hi = d + math.sqrt((a.hi - a.rate) ** 2 + (b.rate - b.lo) ** 2)
    return d, max(-1.0, lo), min(1.0, hi)


def paired(n: int, mean_diff: float, sd_diff: float) -> tuple[float, float, float]:
    """A paired difference: the mean of the n per-game differences ± t(0.975, n-1)·sd/√n."""
    if n <= 0 or mean_diff is None or (isinstance(mean_diff, float) and math.isnan(mean_diff)):
        return NAN, NAN, NAN
    if n < 2:
        return float(mean_diff), NAN, NAN
    sd = 0.0 if sd_diff is None or math.isnan(sd_diff) else float(sd_diff)
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return float(mean_diff), float(mean_diff) - half, float(mean_diff) + half
