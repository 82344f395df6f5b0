"""What a match or tournament says: win rates with 95% intervals, head to head, ratings with their uncertainty.

    from galaxysim.results.match_report import match_report
    rep = match_report("runs/match-rftg-base-2p-seed7")
    print(rep.format())          # or rep.to_dict()

Conventions: a bot's **win rate** is its share of wins, a win shared by k seats (a tie the rules do not break)
counting 1/k, over the games it played (a bot in two seats of a game counts twice); the 95% interval is
Wilson's. **Head to head** compares every pair of seats held by different bots by rank (better rank wins,
equal ranks half each): in 2-player games this is the plain win rate of one bot against the other. **Ratings**:
galaxysim.results.ratings (Bradley-Terry on the Elo scale, bootstrap intervals over games). Games stopped by a bot
error (end_reason "bot_error") are left out of all of these and counted separately. Games stopped by the engine's
safety cap (end_reason "round_cap" or "turn_cap") are counted per group of bots (galaxysim.results.safety_cap),
with a warning when they are more than 1% of a group's games.
"""
from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .arrays import dictionary_codes, numpy
from .ratings import Ratings, fit_ratings
from .reader import Run, load_games, load_seats, open_run
from .safety_cap import CapCount, cap_counts, format_cap_counts
from .summary import wilson_interval
from .text_table import json_ready, pct, table

__all__ = ["BotResult", "HeadToHead", "MatchReport", "match_report"]


@dataclass
class BotResult:
    bot: str
    games: int
    wins: float  # shared wins count 1/k
    win_rate: float
    ci_low: float
    ci_high: float
    mean_rank: float
    mean_score: float


@dataclass
class HeadToHead:
    bot: str
    opponent: str
    comparisons: int
    score: float  # wins + half the ties, over comparisons
    ci_low: float
    ci_high: float


@dataclass
class MatchReport:
    path: str
    kind: str
    players: int
    expansion: str
    variant: str
    seed: int
    bots: list[str]
    games: int
    games_planned: int
    seatings: int
    deals: int
    errors: int
    error_samples: list[dict]
    by_bot: list[BotResult] = field(default_factory=list)
    head_to_head: list[HeadToHead] = field(default_factory=list)
    ratings: Ratings | None = None
    seconds: float = 0.0
    game: str = "rftg"
    capped: list[CapCount] = field(default_factory=list)  # games stopped by the safety cap, per group of bots

    @property
    def all_failed(self) -> bool:
        """Every game written was stopped by a bot error."""
        return self.games > 0 and self.errors == self.games

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["all_failed"] = self.all_failed
        for c, row in zip(self.capped, d["capped"]):
            row["warn"] = c.warn
        r = self.ratings
        d["ratings"] = None if r is None else {
            "games": r.games, "bootstrap": r.bootstrap, "anchor": r.anchor,
            "bots": [asdict(x) for x in r.ordered()],
        }
        return json_ready(d)

    def format(self) -> str:
        return format_match_report(self)


def match_report(run: "Run | str | os.PathLike[str]", bootstrap: int = 200) -> MatchReport:
    run = open_run(run)
    cfg = run.config
    bots = list(cfg["bots"])
    players = int(cfg["players"])
    games = load_games(run, columns=["game_index", "end_reason", "winners_mask"])
    seats = load_seats(run, columns=["game_index", "seat", "bot", "rank", "won", "score"])
    n = games.num_rows
    reasons = dictionary_codes(games.column("end_reason"), ["bot_error"])
    ok = reasons != 0  # not stopped by a bot error
    mask = numpy(games.column("winners_mask")).astype(np.int64)
    winners = np.zeros(n, np.int64)
    for s in range(8):
        winners += (mask >> s) & 1
    bot = dictionary_codes(seats.column("bot"), bots).reshape(n, players)
    rank = numpy(seats.column("rank")).astype(np.int64).reshape(n, players)
    won = numpy(seats.column("won")).reshape(n, players)
    score = numpy(seats.column("score")).astype(np.int64).reshape(n, players)
    share = np.where(won, 1.0 / np.maximum(winners, 1)[:, None], 0.0)
    bot, rank, share, score = bot[ok], rank[ok], share[ok], score[ok]

    by_bot = []
    for i, b in enumerate(bots):
        sel = bot == i
        k = int(sel.sum())
        wins = float(share[sel].sum())
        lo, hi = wilson_interval(wins, k) if k else (math.nan, math.nan)
        by_bot.append(BotResult(b, k, wins, wins / k if k else math.nan, lo, hi,
                                float(rank[sel].mean()) if k else math.nan,
                                float(score[sel].mean()) if k else math.nan))

    # Head to head by rank, and the rating patterns: (bot, rank) per seat with counts.
    K = len(bots)
    W = np.zeros((K, K))
    N = np.zeros((K, K))
    for a in range(players):
        for c in range(a + 1, players):
            ba, bc = bot[:, a], bot[:, c]
            diff = ba != bc
            ra, rc = rank[diff, a], rank[diff, c]
            np.add.at(N, (ba[diff], bc[diff]), 1)
            np.add.at(N, (bc[diff], ba[diff]), 1)
            np.add.at(W, (ba[diff], bc[diff]), (ra < rc) + 0.5 * (ra == rc))
            np.add.at(W, (bc[diff], ba[diff]), (rc < ra) + 0.5 * (ra == rc))
    h2h = []
    for i in range(K):
        for j in range(K):
            if i != j and N[i, j] > 0:
                lo, hi = wilson_interval(W[i, j], N[i, j])
                h2h.append(HeadToHead(bots[i], bots[j], int(N[i, j]), W[i, j] / N[i, j], lo, hi))
    ratings = None
    if len(bot):
        rows, counts = np.unique(np.concatenate([bot, rank], axis=1), axis=0, return_counts=True)
        patterns = [[(bots[r[p]], int(r[players + p])) for p in range(players)] for r in rows]
        ratings = fit_ratings(patterns, counts=counts, bootstrap=bootstrap, seed=int(cfg.get("seed") or 0))
    errors = [e for c in run.manifest["chunks"] for e in c.get("errors", [])]
    return MatchReport(
        path=str(run.path), kind=cfg.get("kind", "run"), players=players, expansion=cfg.get("expansion", "?"),
        variant=("long_game" if cfg.get("long_game") else "standard") if cfg.get("game") == "af"
        else ("advanced" if cfg.get("advanced") else "standard"), seed=cfg.get("seed"), bots=bots, games=n,
        games_planned=run.games_planned, seatings=len(cfg.get("lineups") or []), deals=int(cfg.get("deals") or 0),
        errors=int((~ok).sum()), error_samples=errors[:5], by_bot=by_bot, head_to_head=h2h, ratings=ratings,
        seconds=float(run.manifest.get("elapsed_seconds") or 0.0), game=cfg.get("game", "rftg"),
        capped=cap_counts(run))


def _signed(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:+.0f}"


def format_match_report(r: MatchReport) -> str:
    variant = {"advanced": ", advanced", "long_game": ", long game"}.get(r.variant, "")
    head = f"{r.games:,}" + (f" of {r.games_planned:,}" if r.games != r.games_planned else "")
    what = "af" if r.game == "af" else f"rftg {r.expansion}"
    lines = [f"{r.path}: {r.kind}, {head} games of {what}, {r.players} players{variant}, seed {r.seed}"
             f" ({r.seatings} seatings x {r.deals} deals, every bot in every seat on the same deals)"]
    if r.seconds:
        lines.append(f"  played in {r.seconds:.1f} s")
    rows = [["bot", "games", "win rate", "95% CI", "mean rank", "mean score"]]
    for b in sorted(r.by_bot, key=lambda x: -x.win_rate if not math.isnan(x.win_rate) else 1):
        rows.append([b.bot, f"{b.games:,}", pct(b.win_rate), f"{pct(b.ci_low)}-{pct(b.ci_high)}",
                     "-" if math.isnan(b.mean_rank) else f"{b.mean_rank:.2f}",
                     "-" if math.isnan(b.mean_score) else f"{b.mean_score:.1f}"])
    lines += table(rows, {1, 2, 4, 5})
    if r.head_to_head and (len(r.bots) > 2 or r.players > 2):
        lines.append("  head to head (row against column, by rank; ties half):")
        rows = [["bot", "opponent", "comparisons", "score", "95% CI"]]
        for h in r.head_to_head:
            rows.append([h.bot, h.opponent, f"{h.comparisons:,}", pct(h.score), f"{pct(h.ci_low)}-{pct(h.ci_high)}"])
        lines += table(rows, {2, 3})
    if r.ratings is not None and r.ratings.ratings:
        anchor = f"{r.ratings.anchor} = 0" if r.ratings.anchor else "mean 0"
        lines.append(f"  ratings (Bradley-Terry by rank, Elo scale, {anchor}; 95% bootstrap interval over "
                     f"{r.ratings.bootstrap} resamples of the games):")
        rows = [["bot", "elo", "95% CI"]]
        for x in r.ratings.ordered():
            rows.append([x.bot, _signed(x.elo), f"{_signed(x.lo)} to {_signed(x.hi)}"])
        lines += table(rows, {1})
    lines += format_cap_counts(r.capped, r.game)
    if r.errors:
        lines.append(f"  {r.errors:,} game(s) stopped by a bot error (left out above); first: "
                     f"{r.error_samples[0]['message'] if r.error_samples else '?'}")
    return "\n".join(lines)
