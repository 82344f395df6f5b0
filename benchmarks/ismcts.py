#!/usr/bin/env python3
"""ISMCTS speed and strength.

    python benchmarks/ismcts.py speed              # iterations/s per core, RftG 2p and 4p, AF 2p and 4p
    python benchmarks/ismcts.py strength --game af --games 60    # Alien Frontiers only
    python benchmarks/ismcts.py strength           # seat-rotated seeded matches with 95% intervals (long)
    python benchmarks/ismcts.py strength --games 40 --quick     # a shorter, rougher run
    python benchmarks/ismcts.py all --json

Speed: one core, random rollouts, from first-round positions (the first action choice of round 1 of fresh
deals): ISMCTS iterations per second as the bot's own search statistics report them, and beside it the
engine's random games per second (the cost of one full playout is about one random game).

Strength (2 players; RftG base game, then Alien Frontiers; `--game` picks one): ismcts at 1,000 iterations
against random and against heuristic, and the ladder: 250 and 4,000 iterations against heuristic, 1,000 against
250 and 4,000 against 1,000. Every entry is a `galaxysim match` (galaxysim.sim.match, `--game af` for Alien Frontiers):
both seat orders on the same deals, win rates with 95% Wilson intervals.

Every strength row also counts the games that ended at the engine's safety cap (rules A33) and gives the mean
rounds: such games were stopped, not played out, and the win rate includes them. `1000 vs old 1000` and
`old 1000 vs heuristic` measure the search before issue 22 (margin=0,discount=0: the win share alone as reward,
docs/ismcts.md) against today's. The machine and its load average are printed first.

Run it once by hand, not in CI: the full strength run takes tens of minutes on two cores.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from galaxysim import rftg  # noqa: E402
from galaxysim.results.summary import wilson_interval  # noqa: E402

TARGET_RFTG_4P = 50_000


def af_module():
    """galaxysim.af when it is built (Alien Frontiers) and its Bot takes ismcts specs, else None."""
    try:
        if importlib.util.find_spec("galaxysim.af") is None:
            return None
        import galaxysim.af as af

        af.Bot("ismcts:iterations=10", 0)
    except Exception as e:  # not built, or ISMCTS not wired into galaxysim.af yet
        print(f"(Alien Frontiers entries skipped: {type(e).__name__}: {e})", file=sys.stderr)
        return None
    return af


def machine() -> dict:
    """benchmarks/engine.py's description of the machine, and its load average now."""
    spec = importlib.util.spec_from_file_location("engine_bench", Path(__file__).with_name("engine.py"))
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    return {**engine.machine(), "load_average": [round(x, 2) for x in os.getloadavg()]}


# --- speed ----------------------------------------------------------------------------------------------------------

def first_round_state(game, seed: int):
    """The first decision of round 1 that is not a start-of-game discard (RftG), or the first decision (AF)."""
    s = game.new_state(seed)
    while not s.is_terminal() and s.decision in ("start_discard",):
        s.apply(s.legal_actions()[0])
    return s


def speed_entry(module, label: str, players: int, iterations: int, positions: int) -> dict:
    game = module.Game(players=players)
    iters = secs = 0.0
    for p in range(positions):
        s = first_round_state(game, 1000 + p)
        bot = module.Bot(f"ismcts:iterations={iterations}", p)
        bot.act(s)
        st = bot.last_stats()
        iters += st["iterations"]
        secs += st["seconds"]
    t0 = time.perf_counter()
    n = 200
    while True:
        r = game.play_games(["random"] * players, n, 1)
        if r["seconds"] > 0.5 or n > 1_000_000:
            break
        n *= 4
    games_per_s = r["games"] / r["seconds"]
    return {"game": label, "players": players, "iterations_per_s": iters / secs, "iterations": int(iters),
            "seconds": secs, "engine_random_games_per_s": games_per_s,
            "measure_seconds": time.perf_counter() - t0}


def speed(args) -> list[dict]:
    out = []
    if args.game in ("rftg", "both"):
        out += [speed_entry(rftg, "rftg base", p, args.iterations, args.positions) for p in (2, 4)]
    af = af_module() if args.game in ("af", "both") else None
    if af is not None:
        out += [speed_entry(af, "af", p, args.iterations, args.positions) for p in (2, 4)]
    return out


def print_speed(rows: list[dict]) -> None:
    print("ISMCTS speed, one core, random rollouts, first-round positions")
    print(f"  {'game':<10} {'players':>7} {'iterations/s':>13} {'engine random games/s':>22}")
    for r in rows:
        note = ""
        if r["game"] == "rftg base" and r["players"] == 4:
            ok = r["iterations_per_s"] >= TARGET_RFTG_4P
            note = f"   target >= {TARGET_RFTG_4P:,}: {'ok' if ok else 'BELOW TARGET'}"
        print(f"  {r['game']:<10} {r['players']:>7} {r['iterations_per_s']:>13,.0f} "
              f"{r['engine_random_games_per_s']:>22,.0f}{note}")


# --- strength -------------------------------------------------------------------------------------------------------

#: The search before issue 22 (the win share alone as its reward; docs/ismcts.md, "The reward").
OLD_1000 = "ismcts:iterations=1000,margin=0,discount=0"


def entries(quick: bool) -> list[tuple[str, str, str]]:
    """(label, bot under test, opponent): the same list for both games."""
    ladder = (250, 1000) if quick else (250, 1000, 4000)
    return ([("1000 vs random", "ismcts:iterations=1000", "random"),
             ("1000 vs heuristic", "ismcts:iterations=1000", "heuristic")]
            + [(f"ladder {n} vs heuristic", f"ismcts:iterations={n}", "heuristic") for n in ladder if n != 1000]
            + [("ladder 1000 vs 250", "ismcts:iterations=1000", "ismcts:iterations=250")]
            + ([] if quick else [("ladder 4000 vs 1000", "ismcts:iterations=4000", "ismcts:iterations=1000")])
            + [("1000 vs old 1000", "ismcts:iterations=1000", OLD_1000),
               ("old 1000 vs heuristic", OLD_1000, "heuristic")])


def match_row(game: str, bot: str, opp: str, games: int, seed: int, threads: int | None, root: Path) -> dict:
    """One seat-rotated, seeded 2-player `galaxysim match` (both seat orders on the same deals)."""
    from galaxysim.sim.match import MatchConfig, play

    out = root / f"{game}-{bot.replace(':', '_').replace('=', '')}-vs-{opp.replace(':', '_').replace('=', '')}"
    cfg = MatchConfig(bots=[bot, opp], game=game, players=2, games=games, seed=seed, threads=threads, out=str(out),
                      overwrite=True, quiet=True)
    t0 = time.perf_counter()
    o = play(cfg)
    r = next(b for b in o.report.by_bot if b.bot == bot)
    cap = o.report.capped[0]  # games stopped by the safety cap: counted and shown, never silently mixed in
    return {"bot": bot, "opponent": opp, "games": r.games, "win_rate": r.win_rate, "ci_low": r.ci_low,
            "ci_high": r.ci_high, "capped": cap.capped, "mean_rounds": cap.mean_length, "errors": o.errors,
            "seconds": time.perf_counter() - t0, "run": str(out)}


def strength(args) -> list[dict]:
    root = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="ismcts-strength-"))
    games = [g for g in ("rftg", "af") if args.game in (g, "both")]
    if "af" in games and af_module() is None:
        games.remove("af")
    rows = []
    for game in games:
        for label, bot, opp in entries(args.quick):
            if args.only and label not in args.only:
                continue
            row = match_row(game, bot, opp, args.games, args.seed, args.threads, root)
            row["game"] = "rftg base 2p" if game == "rftg" else "af 2p"
            row["label"] = label
            rows.append(row)
            print_strength_row(row, args.json)
    return rows


def print_strength_row(r: dict, to_stderr: bool = False) -> None:
    print(f"  {r['game']:<13} {r['bot']:<41} vs {r['opponent']:<41} {r['games']:>5} games  "
          f"win rate {100 * r['win_rate']:5.1f}%  95% CI {100 * r['ci_low']:5.1f}%-{100 * r['ci_high']:5.1f}%  "
          f"at the safety cap {r['capped']}  mean rounds {r['mean_rounds']:.1f}  ({r['seconds']:.0f} s)", flush=True,
          file=sys.stderr if to_stderr else sys.stdout)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=["speed", "strength", "all"], nargs="?", default="speed")
    p.add_argument("--game", choices=["rftg", "af", "both"], default="both", help="which game (default both)")
    p.add_argument("--iterations", type=int, default=2000, help="speed: iterations per search (default 2000)")
    p.add_argument("--positions", type=int, default=10, help="speed: first-round positions (default 10)")
    p.add_argument("--games", type=int, default=100, help="strength: games per entry (default 100)")
    p.add_argument("--seed", type=int, default=2024, help="strength: run seed")
    p.add_argument("--threads", type=int, default=None, help="strength: threads (default all cores)")
    p.add_argument("--out", help="strength: folder for the match run folders (default a temporary folder)")
    p.add_argument("--quick", action="store_true", help="strength: leave out the 4,000-iteration rung")
    p.add_argument("--only", action="append", metavar="LABEL",
                   help="strength: run only this entry (repeatable), e.g. --only 'ladder 4000 vs 1000'")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    result: dict = {"machine": machine()}
    m = result["machine"]
    print(f"machine: {m['cpu']}, {m['logical_cpus']} logical CPUs, {m['platform']}, Python {m['python']}, "
          f"engine {m['engine_version']}, load average {m['load_average']}",
          file=sys.stderr if args.json else sys.stdout)
    if args.what in ("speed", "all"):
        result["speed"] = speed(args)
        if not args.json:
            print_speed(result["speed"])
    if args.what in ("strength", "all"):
        if not args.json:
            print("ISMCTS strength (seat-rotated, seeded; win shares with 95% Wilson intervals)")
        result["strength"] = strength(args)
    if args.json:
        print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
