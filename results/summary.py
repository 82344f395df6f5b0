"""A run's short summary: win rate by seat and by bot (with 95% Wilson score
intervals), mean score, mean rounds, how games ended, games per second.

A seat "wins" a game when it is among the game's winners; a shared win (a tie
the rules do not break) counts as a win for each seat sharing it, so win rates
over the seats of a game can add up to a little more than 100%.
"""
from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa

from .arrays import dictionary_codes, numpy
from .reader import Run, load_games, load_seats, open_run
from .text_table import json_ready, num, pct, table
from .writer import lock_is_held

Z95 = 1.959963984540054


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (0..1); (0, 1) when n == 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return lo, hi


@dataclass
class Group:
    """Results of one seat or one bot."""

    name: str
    bot: str  # the bot (for a seat) or "" (for a bot group)
    n: int  # seat-games
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


@dataclass
class Summary:
    path: str
    run_id: str
    status: str
    game: str
    expansion: str
    players: int
    variant: str
    bots: list[str]
    seed: int
    games: int
    games_planned: int
    mean_rounds: float
    mean_score: float
    shared_wins: int
    end_reasons: dict[str, int]
    elapsed_seconds: float
    threads: int | None
    by_seat: list[Group] = field(default_factory=list)
    by_bot: list[Group] = field(default_factory=list)
    what_if: dict | None = None  # the run's what-if variant (name, changes, cards), if any
    in_use: bool = False  # a galaxysim process is writing the folder now
    # An imported run (galaxysim import): where its records came from, and its games' levels and player counts
    # (its games may be of several kinds; `expansion` and `players` are then the highest).
    imported: str | None = None
    levels: list[str] = field(default_factory=list)
    player_counts: list[int] = field(default_factory=list)

    @property
    def games_per_second(self) -> float | None:
        return self.games / self.elapsed_seconds if self.elapsed_seconds > 0 else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready: NaN, for no games, becomes None)."""
        d = asdict(self)
        d["games_per_second"] = self.games_per_second
        return json_ready(d)

    def format(self) -> str:
        return format_summary(self)


def _group(name: str, bot: str, won: np.ndarray, score: np.ndarray) -> Group:
    n = int(len(won))
    wins = int(won.sum())
    lo, hi = wilson_interval(wins, n)
    return Group(name, bot, n, wins, wins / n if n else float("nan"), lo, hi,
                 float(score.mean()) if n else float("nan"))


def summarize(run: "Run | str | os.PathLike[str]") -> Summary:
    """Reads a run's games and seats back and summarizes them."""
    run = open_run(run)
    cfg = run.config
    imported = (cfg.get("imported") or {}).get("from")
    games = load_games(run, columns=["rounds", "end_reason", "winners_mask", "variant"] +
                       (["players"] if imported else []))
    seats = load_seats(run, columns=["seat", "bot", "score", "won"])
    rounds = numpy(games.column("rounds"))
    reason_names = sorted({v for c in games.column("end_reason").chunks for v in c.dictionary.to_pylist()})
    reasons = dictionary_codes(games.column("end_reason"), reason_names)
    end_counts = {name: int(n) for name, n in zip(reason_names, np.bincount(reasons, minlength=len(reason_names)))
                  if n}
    mask = numpy(games.column("winners_mask")).astype(np.uint16)
    n_winners = np.zeros(len(mask), np.int64)
    for s in range(8):
        n_winners += (mask >> s) & 1
    seat = numpy(seats.column("seat"))
    bots = list(cfg["bots"])
    unique_bots = list(dict.fromkeys(bots))
    bot = dictionary_codes(seats.column("bot"), unique_bots)
    score = numpy(seats.column("score")).astype(np.int64)
    won = numpy(seats.column("won"))
    players = int(cfg["players"])
    rotated = bool(cfg.get("lineups"))  # a match or tournament: every bot in every seat
    by_seat = [_group(str(s), "(rotated)" if rotated else bots[s] if s < len(bots) else "?", won[seat == s],
                      score[seat == s])
               for s in range(players)]
    by_bot = [_group(b, "", won[bot == i], score[bot == i]) for i, b in enumerate(unique_bots)]
    sessions = run.manifest.get("sessions") or []
    threads = sessions[-1].get("threads") if sessions else None
    return Summary(
        path=str(run.path), run_id=run.manifest.get("run_id", ""), status=run.status, game=cfg.get("game", "?"),
        expansion=cfg.get("expansion", "?"), players=players,
        variant=_variant(games, cfg),
        bots=bots, seed=cfg.get("seed"), games=games.num_rows, games_planned=run.games_planned,
        mean_rounds=float(rounds.mean()) if len(rounds) else float("nan"),
        mean_score=float(score.mean()) if len(score) else float("nan"),
        shared_wins=int((n_winners > 1).sum()), end_reasons=end_counts,
        elapsed_seconds=float(run.manifest.get("elapsed_seconds") or 0.0), threads=threads,
        by_seat=by_seat, by_bot=by_bot, what_if=cfg.get("what_if"),
        in_use=run.status == "running" and lock_is_held(run.path),
        imported=imported, levels=list(cfg.get("levels") or []) if imported else [],
        player_counts=sorted({int(p) for p in numpy(games.column("players"))}) if imported else [],
    )


def _variant(games: pa.Table, cfg: dict[str, Any]) -> str:
    """The games' variant label (goals+takeovers, solo-hard, ...; docs/run-folder.md), as the games table has it."""
    labels = sorted({v for c in games.column("variant").chunks for v in c.dictionary.to_pylist()})
    if len(labels) == 1:
        return labels[0].replace("long_game", "long game")
    return "advanced" if cfg.get("advanced") else "long game" if cfg.get("long_game") else "standard"


def format_summary(s: Summary) -> str:
    """The summary as a few lines of text."""
    variant = f", {s.variant}" if s.variant != "standard" else ""
    state = {"complete": "complete", "interrupted": "interrupted, resumable",
             "running": "incomplete, resumable"}.get(s.status, s.status)
    if s.in_use:  # (resume would be refused: the folder is in use)
        state = "being written by a galaxysim process now"
    head = f"{s.path}: {s.games:,} of {s.games_planned:,} games" if s.games != s.games_planned \
        else f"{s.path}: {s.games:,} games"
    what = s.game if s.game == "af" else f"{s.game} {s.expansion}"  # Alien Frontiers has no expansions
    players = f"{s.players} player{'s' * (s.players != 1)}"
    origin = f"seed {s.seed}"
    if s.imported:  # games of several kinds, recorded elsewhere
        if len(s.levels) > 1:
            what = f"{s.game} {', '.join(s.levels)}"
        if len(s.player_counts) > 1:
            players = f"{s.player_counts[0]}-{s.player_counts[-1]} players"
        origin = f"imported from {s.imported} records"
    lines = [f"{head} of {what}, {players}{variant}, {origin} ({state})"]
    if s.what_if:
        changes = "; ".join(s.what_if.get("changes") or [])
        name = s.what_if.get("name") or changes
        lines.append(f"  what-if variant {name}" + (f": {changes}" if changes != name else ""))
    speed = s.games_per_second
    if speed is not None:
        on = f" on {s.threads} thread{'s' if s.threads != 1 else ''}" if s.threads else ""
        rate = f"{speed:,.0f}" if speed >= 10 else f"{speed:.2g}"  # searching bots: well under one game/s
        lines.append(f"  {rate} games/s ({s.elapsed_seconds:.1f} s{on})")
    if s.games:
        ends = ", ".join(f"{k} {100 * v / s.games:.0f}%" for k, v in sorted(s.end_reasons.items()))
        lines.append(f"  mean rounds {num(s.mean_rounds)}, mean score {num(s.mean_score)}; ended by {ends}"
                     + (f"; {s.shared_wins:,} shared wins" if s.shared_wins else ""))
        rows = [["seat", "bot", "win rate", "95% CI", "mean score"]]
        for g in s.by_seat:
            rows.append([g.name, g.bot, pct(g.win_rate), f"{pct(g.ci_low)}-{pct(g.ci_high)}",
                         num(g.mean_score)])
        lines += table(rows, {2, 4})
        rows = [["bot", "seat-games", "win rate", "95% CI", "mean score"]]
        for g in s.by_bot:
            rows.append([g.name, f"{g.n:,}", pct(g.win_rate), f"{pct(g.ci_low)}-{pct(g.ci_high)}",
                         num(g.mean_score)])
        lines += table(rows, {1, 2, 4})
    return "\n".join(lines)
