"""Ratings from game results: a Bradley-Terry model on the Elo scale, with bootstrap intervals.

    from galaxysim.results.ratings import fit_ratings
    games = [[("ismcts", 1), ("random", 2)], [("random", 1), ("ismcts", 2)], ...]   # (bot, rank) per seat
    r = fit_ratings(games)
    r.ratings["ismcts"].elo, r.ratings["ismcts"].lo, r.ratings["ismcts"].hi

A game with several players counts by rank: every pair of seats held by different bots is one comparison,
won by the better rank (equal ranks: half a win each). The Bradley-Terry strengths p maximise the likelihood
of all comparisons, P(a beats b) = p_a / (p_a + p_b) (minorisation-maximisation, Hunter 2004), and are shown
on the Elo scale, elo = 400 log10 p, shifted so that the ratings average 0 (or the `anchor` bot is 0). A
difference of 100 means the stronger bot wins 64% of comparisons, 200 means 76%, 400 means 91%.

One virtual draw between every pair of bots that met keeps ratings finite when a bot won every comparison
(it pulls ratings slightly together; it matters only for small samples).

Uncertainty: 95% intervals from a bootstrap over games (games resampled with replacement, the model refitted,
percentiles of the refitted ratings; seeded, so the intervals are reproducible). Resampling whole games keeps
the comparisons of one multiplayer game together, so their correlation is accounted for.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np

__all__ = ["Rating", "Ratings", "fit_ratings", "pairwise_counts", "bradley_terry", "elo_win_probability"]

VIRTUAL_DRAWS = 1.0
ELO = 400.0 / math.log(10.0)  # elo = ELO * ln(p)


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    lo: float  # 95% bootstrap interval
    hi: float
    se: float  # bootstrap standard deviation
    comparisons: int


@dataclass
class Ratings:
    ratings: dict[str, Rating]
    games: int
    bootstrap: int
    anchor: str | None
    # Elo difference row - column with its 95% bootstrap interval: diffs[(a, b)] = (d, lo, hi).
    diffs: dict[tuple[str, str], tuple[float, float, float]] = field(default_factory=dict)

    def ordered(self) -> list[Rating]:
        return sorted(self.ratings.values(), key=lambda r: -r.elo)


def elo_win_probability(diff: float) -> float:
    """P(win a comparison) for an Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def pairwise_counts(game: Sequence[tuple[str, int]], index: dict[str, int], k: int) -> tuple[np.ndarray, np.ndarray]:
    """(wins, comparisons) matrices of one game: wins[a, b] = a's wins over b (a tie: 0.5 each)."""
    w = np.zeros((k, k))
    n = np.zeros((k, k))
    for i, (a, ra) in enumerate(game):
        for b, rb in game[i + 1:]:
            if a == b:
                continue
            ia, ib = index[a], index[b]
            n[ia, ib] += 1
            n[ib, ia] += 1
            if ra < rb:
                w[ia, ib] += 1
            elif rb < ra:
                w[ib, ia] += 1
            else:
                w[ia, ib] += 0.5
                w[ib, ia] += 0.5
    return w, n


def bradley_terry(wins: np.ndarray, comparisons: np.ndarray, iterations: int = 10000, tol: float = 1e-10) -> np.ndarray:
    """Log-strengths (mean 0 over bots with comparisons) maximising the Bradley-Terry likelihood."""
    k = len(wins)
    w = wins + VIRTUAL_DRAWS * 0.5 * (comparisons > 0)
    n = comparisons + VIRTUAL_DRAWS * (comparisons > 0)
    total = w.sum(axis=1)
    active = n.sum(axis=1) > 0
    p = np.ones(k)
    for _ in range(iterations):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(active, total / np.where(denom > 0, denom, 1.0), 1.0)
        new /= math.exp(np.log(new[active]).mean()) if active.any() else 1.0
        if np.max(np.abs(np.log(new) - np.log(p))) < tol:
            p = new
            break
        p = new
    return np.log(p)


def fit_ratings(games: Iterable[Sequence[tuple[str, int]]], bootstrap: int = 200, seed: int = 0,
                anchor: str | None = None, counts: Sequence[int] | None = None) -> Ratings:
    """Ratings of the bots in `games` (each a list of (bot, rank) per seat; rank 1 is best); `counts[i]`, if
    given, is how many times games[i] happened."""
    games = list(games)
    weights = [1] * len(games) if counts is None else [int(c) for c in counts]
    patterns: Counter = Counter()
    for g, c in zip(games, weights):
        patterns[tuple((str(b), int(r)) for b, r in g)] += c
    bots = sorted({b for p in patterns for b, _ in p})
    if anchor is not None and anchor not in bots:
        raise ValueError(f"anchor bot {anchor!r} played no game")
    index = {b: i for i, b in enumerate(bots)}
    k = len(bots)
    keys = list(patterns)
    counts = np.array([patterns[p] for p in keys], float)
    per = [pairwise_counts(p, index, k) for p in keys]
    W = np.array([x[0] for x in per]).reshape(len(keys), k, k) if keys else np.zeros((0, k, k))
    N = np.array([x[1] for x in per]).reshape(len(keys), k, k) if keys else np.zeros((0, k, k))

    def fit(weights: np.ndarray) -> np.ndarray:
        theta = bradley_terry(np.tensordot(weights, W, 1), np.tensordot(weights, N, 1)) * ELO
        return theta - (theta[index[anchor]] if anchor is not None else theta.mean())

    n_games = int(counts.sum())
    est = fit(counts) if k else np.zeros(0)
    rng = np.random.default_rng(seed)
    samples = np.array([fit(rng.multinomial(n_games, counts / n_games).astype(float))
                        for _ in range(bootstrap)]) if n_games and bootstrap else np.zeros((0, k))
    comparisons = np.tensordot(counts, N, 1).sum(axis=1) if keys else np.zeros(k)
    ratings = {}
    for b, i in index.items():
        if len(samples) >= 2:
            lo, hi = np.percentile(samples[:, i], [2.5, 97.5])
            se = float(samples[:, i].std(ddof=1))
        else:
            lo = hi = se = math.nan
        ratings[b] = Rating(b, float(est[i]), float(lo), float(hi), se, int(comparisons[i]))
    diffs = {}
    for a, i in index.items():
        for b, j in index.items():
            if a == b:
                continue
            d = float(est[i] - est[j])
            if len(samples) >= 2:
                lo, hi = np.percentile(samples[:, i] - samples[:, j], [2.5, 97.5])
            else:
                lo = hi = math.nan
            diffs[(a, b)] = (d, float(lo), float(hi))
    return Ratings(ratings, n_games, bootstrap, anchor, diffs)
