#!/usr/bin/env python3
"""Game length with search bots: how many games end at the engine's safety cap, per pairing (issue 22).

    python benchmarks/game_length.py --quick                  # RftG base 2p and 4p, 250/1,000 iterations, 40 games
    python benchmarks/game_length.py                          # issue 22's check: >= 400 games per pairing (many hours)
    python benchmarks/game_length.py --only "rftg base 2p" --games 400 --threads 2 --out runs/length
    python benchmarks/game_length.py --quick --reward old     # the search before issue 22 (margin=0,discount=0)
    python benchmarks/game_length.py --json

Settings: Race for the Galaxy base 2p and 4p, Rebel vs Imperium 4p with goals and takeovers, Alien Frontiers
2p. Pairings: ismcts at 250, 1,000 and 4,000 iterations each against heuristic and against random, the three
ismcts pairs among themselves, and ismcts:250 and ismcts:1000 in self-play (every seat). A pairing of two bots is a seeded
`galaxysim match` (in 4 players the seats are A,B,A,B, every rotation on the same deals); self-play is a
`galaxysim run`. Each row prints the games, how many ended at the cap (RftG round 30, rules A33; AF turn 1,000,
AF-G12) with the share's 95% Wilson interval, the round-length distribution (mean, 10%/50%/90%, max, and a
histogram), and the share of the games the first bot won (in 4 players: one of its two seats; the per-seat
share, at most 50% there, is printed beside it). The targets (issue 22): fewer than 0.5% of games at the cap
over at least 400 games per pairing; ismcts:1000 self-play in RftG base 4p averaging at most 12.5 rounds.

`--reward old` appends margin=0,discount=0 to every ismcts spec: the win share alone, as the search was before
issue 22 (same games as that search: tested). `--out DIR` keeps the run folders and resumes unfinished ones, so
a long run can be stopped and started again. The machine and its load average are printed first: the figures
here are counts, not speeds, but a loaded machine makes the full run longer.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

from galaxysim.results.reader import load_games
from galaxysim.results.safety_cap import CAP_REASONS, cap_counts
from galaxysim.results.summary import wilson_interval

CAP_TARGET = 0.005  # share of games at the cap
MIN_GAMES = 400  # per pairing, for the target to be judged
SELF_PLAY_4P_ROUNDS = 12.5  # ismcts:1000 self-play, RftG base 4p: strong play's 10.5 + 2

SETTINGS = {  # label -> match / run keywords
    "rftg base 2p": dict(game="rftg", players=2, expansion="base"),
    "rftg base 4p": dict(game="rftg", players=4, expansion="base"),
    "rftg rvi 4p goals+takeovers": dict(game="rftg", players=4, expansion="rvi", goals=True, takeovers=True),
    "af 2p": dict(game="af", players=2, expansion="base"),
}
QUICK_SETTINGS = ["rftg base 2p", "rftg base 4p"]


def pairings(quick: bool) -> list[tuple[str, ...]]:
    """(bot, opponent) pairs and (bot,) for self-play."""
    levels = (250, 1000) if quick else (250, 1000, 4000)
    out: list[tuple[str, ...]] = []
    for n in levels:
        out += [(f"ismcts:iterations={n}", "heuristic"), (f"ismcts:iterations={n}", "random")]
    for i, hi in enumerate(levels):
        for lo in levels[:i]:
            out.append((f"ismcts:iterations={hi}", f"ismcts:iterations={lo}"))
    out += [("ismcts:iterations=250",), ("ismcts:iterations=1000",)]  # self-play: the issue saw 250 stall most
    return out


def with_reward(spec: str, reward: str) -> str:
    return spec + ",margin=0,discount=0" if reward == "old" and spec.startswith("ismcts") else spec


def machine() -> dict:
    spec = importlib.util.spec_from_file_location("engine_bench", Path(__file__).with_name("engine.py"))
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    m = engine.machine()
    m["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return m


def folder_name(setting: str, bots: tuple[str, ...]) -> str:
    safe = [b.replace("ismcts:iterations=", "ismcts").replace(",", "-").replace("=", "").replace(":", "_")
            for b in bots]
    return setting.replace(" ", "-").replace("+", "-") + "__" + "__vs__".join(safe)


def play_pairing(setting: str, bots: tuple[str, ...], games: int, seed: int, threads: int | None,
                 folder: Path) -> dict:
    kw = dict(SETTINGS[setting])
    t0 = time.perf_counter()
    if len(bots) == 1:
        from galaxysim.sim.config import RunConfig
        from galaxysim.sim.run import resume, start

        if folder.is_dir() and (folder / "manifest.json").exists():
            o = resume(str(folder), threads=threads, quiet=True, progress=False)
        else:
            o = start(RunConfig(bots=[bots[0]], games=games, seed=seed, threads=threads, out=str(folder),
                                quiet=True, **kw), progress=False)
        win = None
    else:
        from galaxysim.sim.match import MatchConfig, play

        o = play(MatchConfig(bots=list(bots), games=games, seed=seed, threads=threads, out=str(folder), quiet=True,
                             resume=True, **kw))
        b = next(x for x in o.report.by_bot if x.bot == bots[0])
        win = {"win_rate": b.win_rate, "ci_low": b.ci_low, "ci_high": b.ci_high}
    c = cap_counts(folder)[0]
    if win is not None and c.games:
        # In 4 players each bot has two seats: its per-seat win share is at most 1/2. The share of the games
        # that one of its seats won is the per-seat share times its seats per game.
        seats = b.games / c.games
        lo, hi = wilson_interval(b.wins, c.games)
        win.update(seats=seats, game_share=b.wins / c.games, game_ci_low=lo, game_ci_high=hi)
    rounds = load_games(folder, columns=["rounds", "end_reason"]).to_pydict()
    hist: dict[int, int] = {}
    for r, e in zip(rounds["rounds"], rounds["end_reason"]):
        if e != "bot_error":
            hist[int(r)] = hist.get(int(r), 0) + 1
    return {"setting": setting, "bots": list(bots), "games": c.games, "capped": c.capped, "share": c.share,
            "ci_low": c.ci_low, "ci_high": c.ci_high, "mean_rounds": c.mean_length, "quantiles": c.length_quantiles,
            "histogram": dict(sorted(hist.items())), "first_bot_win": win,
            "cap_reason": CAP_REASONS[kw["game"]], "seconds": round(time.perf_counter() - t0, 1),
            "run": str(folder)}


def verdict(row: dict) -> str:
    if row["games"] < MIN_GAMES:
        return f"(n < {MIN_GAMES})"
    return "ok" if row["share"] < CAP_TARGET else "OVER TARGET"


def print_row(row: dict, out=sys.stdout) -> None:
    q = row["quantiles"]
    who = " vs ".join(row["bots"]) if len(row["bots"]) > 1 else f"{row['bots'][0]} self-play"
    win = row["first_bot_win"]
    wtext = ""
    if win and "game_share" in win:
        wtext = (f"  first bot wins {100 * win['game_share']:.1f}% of the games "
                 f"({100 * win['game_ci_low']:.1f}-{100 * win['game_ci_high']:.1f}%)")
        if round(win["seats"]) > 1:
            wtext += f", {100 * win['win_rate']:.1f}% per seat"
    print(f"  {who}", file=out)
    print(f"    {row['games']:>5} games  at the cap ({row['cap_reason']}) {row['capped']:>3} = {100 * row['share']:.2f}% "
          f"(95% CI {100 * row['ci_low']:.2f}-{100 * row['ci_high']:.2f}%) {verdict(row)}  "
          f"rounds mean {row['mean_rounds']:.2f}, 10% {q.get('p10')}, median {q.get('median')}, 90% {q.get('p90')}, "
          f"max {q.get('max')}{wtext}  [{row['seconds']:.0f} s]", file=out)
    print("    rounds: " + " ".join(f"{r}:{n}" for r, n in row["histogram"].items()), file=out, flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="RftG base 2p and 4p, 250 and 1,000 iterations, 40 games")
    p.add_argument("--games", type=int, help=f"games per pairing (default {MIN_GAMES}; --quick 40)")
    p.add_argument("--only", action="append", metavar="SETTING", choices=list(SETTINGS),
                   help="only this setting (repeatable): " + ", ".join(SETTINGS))
    p.add_argument("--pairing", action="append", metavar="BOTS",
                   help="only the pairing whose bots, joined by ' vs ', are these (repeatable)")
    p.add_argument("--reward", choices=["new", "old"], default="new",
                   help="old: every ismcts spec with margin=0,discount=0 (the search before issue 22)")
    p.add_argument("--seed", type=int, default=22)
    p.add_argument("--threads", type=int, default=None, help="engine threads (default all cores)")
    p.add_argument("--out", help="folder for the run folders (kept; unfinished ones are resumed)")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = p.parse_args(argv)
    games = args.games or (40 if args.quick else MIN_GAMES)
    settings = args.only or (QUICK_SETTINGS if args.quick else list(SETTINGS))
    root = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="game-length-"))
    m = machine()
    log = sys.stderr if args.json else sys.stdout
    print(f"machine: {m['cpu']}, {m['logical_cpus']} logical CPUs, {m['platform']}, Python {m['python']}, "
          f"engine {m['engine_version']}, load average {m['load_average']}", file=log)
    print(f"game length with search bots: {games} games per pairing, seed {args.seed}, reward {args.reward}, "
          f"threads {args.threads or 'all'}, run folders in {root}", file=log, flush=True)
    rows = []
    for setting in settings:
        print(f"{setting}:", file=log, flush=True)
        for bots in pairings(args.quick):
            bots = tuple(with_reward(b, args.reward) for b in bots)
            if setting.startswith("af") and "ismcts:iterations=4000" in " ".join(bots) and args.games is None:
                continue  # AF games with a 4,000-iteration seat take minutes each: give --games to include them
            if args.pairing and " vs ".join(bots) not in args.pairing:
                continue
            row = play_pairing(setting, bots, games, args.seed, args.threads, root / folder_name(setting, bots))
            rows.append(row)
            print_row(row, log)
    selfplay = [r for r in rows if r["setting"] == "rftg base 4p" and len(r["bots"]) == 1
                and r["bots"][0].startswith("ismcts:iterations=1000")]
    for r in selfplay:
        ok = r["mean_rounds"] <= SELF_PLAY_4P_ROUNDS
        print(f"rftg base 4p, {r['bots'][0]} self-play: mean rounds {r['mean_rounds']:.2f}, target <= "
              f"{SELF_PLAY_4P_ROUNDS}: {'ok' if ok else 'OVER TARGET'}", file=log)
    judged = [r for r in rows if r["games"] >= MIN_GAMES]
    over = [r for r in judged if r["share"] >= CAP_TARGET]
    print(f"pairings: {len(rows)}; with >= {MIN_GAMES} games: {len(judged)}, of which at the cap in >= "
          f"{100 * CAP_TARGET:.1f}% of games: {len(over)}", file=log)
    if args.json:
        print(json.dumps({"machine": m, "games": games, "seed": args.seed, "reward": args.reward, "rows": rows},
                         indent=1, default=lambda x: None if isinstance(x, float) and math.isnan(x) else x))
    return 0


if __name__ == "__main__":
    sys.exit(main())
