"""Games stopped by the engine's safety cap, counted per group of bots.

    from galaxysim.results.safety_cap import cap_counts, format_cap_counts
    for line in format_cap_counts(cap_counts("runs/match-rftg-base-2p-seed7")):
        print(line)

Race for the Galaxy stops a game after round 30 (end_reason "round_cap", docs/rules.md A33), Alien Frontiers
after turn 1,000 ("turn_cap", docs/af-rules.md AF-G12). A game stopped there is not a game of the printed rules:
its winner is the leader at the cap, so a share of such games above WARN_SHARE is a warning about every win rate
and rating of the run (issue 22). A *group* is the set of different bots seated in a game: the pairing of a
match, each group of a tournament, the whole lineup of a plain run. Games stopped by a bot error are left out.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from .arrays import numpy
from .reader import Run, load_games, open_run
from .arrays import dictionary_codes
from .summary import wilson_interval

__all__ = ["CAP_REASONS", "WARN_SHARE", "CapCount", "cap_counts", "format_cap_counts", "cap_warning"]

#: The end_reason of a game stopped by the safety cap, by game.
CAP_REASONS = {"rftg": "round_cap", "af": "turn_cap"}
#: Where the cap is explained.
CAP_RULES = {"rftg": "rules A33", "af": "docs/af-rules.md AF-G12"}
#: Above this share of a group's games, reports warn.
WARN_SHARE = 0.01


@dataclass
class CapCount:
    bots: list[str]  # the group of bots, in the order the run lists them
    games: int  # games played to an end (bot errors left out)
    capped: int  # of them, stopped by the safety cap
    share: float
    ci_low: float  # 95% Wilson interval of the share
    ci_high: float
    mean_length: float  # rounds (Alien Frontiers: turns / players, rounded up, as the games table has it)
    length_quantiles: dict[str, int]  # min, p10, median, p90, max

    @property
    def warn(self) -> bool:
        return self.share > WARN_SHARE


def _group_of_game(run: Run, game_index: np.ndarray) -> tuple[list[list[str]], np.ndarray]:
    """The groups of bots of the run, and each game's group (an index into them)."""
    cfg = run.config
    bots = list(cfg.get("bots") or [])
    lineups = cfg.get("lineups")
    if isinstance(lineups, list):  # a match or tournament: game i is lineup i // deals (an import says True)
        deals = int(cfg["deals"])
        groups: list[list[str]] = []
        of_lineup = []
        for lineup in lineups:
            g = [b for b in bots if b in lineup]
            if g not in groups:
                groups.append(g)
            of_lineup.append(groups.index(g))
        return groups, np.asarray(of_lineup, np.int64)[game_index // deals]
    return [list(dict.fromkeys(bots))], np.zeros(len(game_index), np.int64)


def cap_counts(run: "Run | str | os.PathLike[str]") -> list[CapCount]:
    """Per group of bots: games, how many ended at the safety cap, and the game lengths."""
    run = open_run(run)
    cfg = run.config
    game = cfg.get("game", "rftg")
    games = load_games(run, columns=["game_index", "rounds", "end_reason"])
    index = numpy(games.column("game_index")).astype(np.int64)
    rounds = numpy(games.column("rounds")).astype(np.int64)
    reasons = dictionary_codes(games.column("end_reason"), [CAP_REASONS.get(game, "round_cap"), "bot_error"])
    groups, group = _group_of_game(run, index)
    out = []
    for k, bots in enumerate(groups):
        sel = (group == k) & (reasons != 1)
        n = int(sel.sum())
        capped = int((sel & (reasons == 0)).sum())
        lo, hi = wilson_interval(capped, n)
        r = np.sort(rounds[sel])
        q = {name: int(r[min(n - 1, int(p * n))]) for name, p in
             (("min", 0), ("p10", 0.1), ("median", 0.5), ("p90", 0.9))} if n else {}
        if n:
            q["max"] = int(r[-1])
        out.append(CapCount(bots, n, capped, capped / n if n else 0.0, lo, hi,
                            float(r.mean()) if n else float("nan"), q))
    return out


def cap_warning(counts: list[CapCount], game: str = "rftg") -> str | None:
    """One line when some group's share of capped games is above WARN_SHARE, else None."""
    bad = [c for c in counts if c.warn]
    if not bad:
        return None
    cap = f"the safety cap ({CAP_REASONS.get(game, 'round_cap')}, {CAP_RULES.get(game, 'rules A33')})"
    if len(counts) == 1:
        what = f"{100 * bad[0].share:.1f}% of the games ended at {cap}"
    else:
        what = (f"{len(bad)} group(s) of bots (marked !) had more than {100 * WARN_SHARE:.0f}% of their games end at "
                f"{cap}")
    return (f"WARNING: {what}: those games were stopped, not played to the end, and the win rates and ratings "
            "include them")


def format_cap_counts(counts: list[CapCount], game: str = "rftg", indent: str = "  ") -> list[str]:
    """Lines for a terminal report: one per group (a single line for a single group), then the warning."""
    reason = CAP_REASONS.get(game, "round_cap")
    if not counts:
        return []
    if len(counts) == 1:
        c = counts[0]
        lines = [f"{indent}ended at the safety cap ({reason}): {c.capped:,} of {c.games:,} games "
                 f"({100 * c.share:.1f}%); mean rounds {c.mean_length:.1f}"]
    else:
        lines = [f"{indent}ended at the safety cap ({reason}), per group of bots:"]
        width = max(len(", ".join(c.bots)) for c in counts)
        for c in counts:
            lines.append(f"{indent}  {', '.join(c.bots):<{width}}  {c.capped:>5,} of {c.games:>6,} games "
                         f"({100 * c.share:4.1f}%)  mean rounds {c.mean_length:5.1f}" + ("  !" if c.warn else ""))
    w = cap_warning(counts, game)
    if w:
        lines.append(indent + w)
    return lines
