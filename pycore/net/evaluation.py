"""Seat-rotated matches on paired deals, for gating a trained model and for benchmarks/net.py.

`one_vs_field(config, bot, field, games, seed)` seats `bot` in one seat and `field` in all others, in every
seat in turn, each rotation on the same deals (deal j is the same game seed in every rotation), and returns the
bot's win share with its 95% Wilson interval (a win shared by k seats counts 1/k). Games are played by the
engine's batch runner (GIL-free, `threads` threads): the same numbers whatever the thread count.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from galaxysim.results.summary import wilson_interval


@dataclass
class MatchResult:
    bot: str
    field: str
    players: int
    games: int
    wins: float        # win share summed
    rate: float
    lo: float
    hi: float
    mean_rounds: float
    seconds: float

    def line(self) -> str:
        return (f"{self.bot} vs {self.field} ({self.players}p, one seat vs {self.players - 1}): "
                f"{100 * self.rate:.1f}% [{100 * self.lo:.1f}, {100 * self.hi:.1f}] of {self.games} games "
                f"(par {100 / self.players:.0f}%)")


def _run_config(config, bots: list[str], seed: int, threads: int):
    from galaxysim.sim.config import RunConfig

    fields = {f.name for f in dataclasses.fields(RunConfig)}
    base = {k: v for k, v in dataclasses.asdict(config).items() if k in fields} if dataclasses.is_dataclass(config) \
        else dict(config)
    base.update(bots=list(bots), seed=seed, threads=threads, quiet=True)
    return RunConfig(**{k: v for k, v in base.items() if k in fields})


def play_lineup(config, bots: list[str], deals: int, seed: int, threads: int = 1) -> dict:
    """Games 0..deals-1 of a run with this lineup (one spec per seat): the games/ columns."""
    from galaxysim.sim.run import make_runner

    runner = make_runner(_run_config(config, bots, seed, threads))
    return runner.run(int(seed), 0, int(deals), int(threads), False)["games"]


def one_vs_field(config, bot: str, field: str, games: int, seed: int, threads: int = 1) -> MatchResult:
    """`bot` in one seat against `field` in the others, every seat in turn on the same deals; `games` is
    rounded up to a multiple of the player count."""
    import time

    players = int(config.players if hasattr(config, "players") else config["players"])
    deals = max(1, math.ceil(games / players))
    wins, rounds, n = 0.0, 0.0, 0
    t0 = time.perf_counter()
    for seat in range(players):
        lineup = [field] * players
        lineup[seat] = bot
        g = play_lineup(config, lineup, deals, seed, threads)
        mask = np.asarray(g["winners_mask"]).astype(np.int64)
        k = np.array([bin(int(m)).count("1") for m in mask])
        won = (mask >> seat) & 1
        wins += float(np.sum(np.where(k > 0, won / np.maximum(k, 1), 0.0)))
        rounds += float(np.sum(g["rounds"]))
        n += len(mask)
    lo, hi = wilson_interval(wins, n)
    return MatchResult(bot, field, players, n, wins, wins / n, lo, hi, rounds / n, time.perf_counter() - t0)
