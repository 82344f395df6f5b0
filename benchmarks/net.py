#!/usr/bin/env python3
"""The `net` bot: strength, realism and speed against the targets of issue 19 (docs/net.md).

    python benchmarks/net.py                  # everything (long: the ismcts:1000 rows take most of it)
    python benchmarks/net.py --only speed     # speed only; --only strength, --only realism; or a row's key
    python benchmarks/net.py --json           # the figures as one JSON object (keys as the other benchmarks')
    python benchmarks/net.py --games 100      # fewer games per row (a rougher run)
    python benchmarks/net.py --bot net:choose=value   # another net spec (e.g. another model=)

Strength: `one_vs_field` (galaxysim.net.evaluation): the net (in the WITH_OPTION rows with an option added, e.g.
search=4000) in one seat against the field bot in all others,
in every seat in turn, on the same deals (paired deals, seat-rotated); win share (a shared win counts 1/k) with
its 95% Wilson interval. Realism: mean rounds of RftG base 4-player games with net in every seat. Speed: one
core (play_games, single-threaded C++), base 4-player games of all-net and all-heuristic seats measured in
alternation in the same run, in CPU seconds of this thread (time.thread_time: the machine's other load does not
count) and in wall seconds; the ratio net/heuristic is the target's.

Speed also times base and Alien Frontiers 2-player all-net games (their models search by default) against the same
model without its search (search=0) and all-heuristic games (no target). Prints the machine first. Not part of CI.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import cpu_model, physical_cores  # noqa: E402  (benchmarks/engine.py)

from galaxysim import af, rftg  # noqa: E402
from galaxysim.net.evaluation import one_vs_field  # noqa: E402

# (key, configuration, field bot, games, target): strength rows of the issue (target None: the issue sets none;
# the row says how the shipped model of that configuration plays).
STRENGTH = [
    ("rftg_base_2p_vs_ismcts1000", {"game": "rftg", "players": 2}, "ismcts:iterations=1000", 400, 0.55),
    ("rftg_base_2p_vs_heuristic", {"game": "rftg", "players": 2}, "heuristic", 400, 0.90),
    ("rftg_base_3p_vs_heuristic", {"game": "rftg", "players": 3}, "heuristic", 402, None),
    ("rftg_base_4p_vs_heuristic", {"game": "rftg", "players": 4}, "heuristic", 400, 0.50),
    ("rftg_tgs_4p_goals_vs_heuristic", {"game": "rftg", "players": 4, "expansion": "tgs", "goals": True},
     "heuristic", 400, None),
    ("rftg_rvi_4p_goals_takeovers_vs_heuristic",
     {"game": "rftg", "players": 4, "expansion": "rvi", "takeovers": True}, "heuristic", 400, 0.45),
    ("af_2p_vs_heuristic", {"game": "af", "players": 2}, "heuristic", 200, 0.85),
    ("af_3p_vs_heuristic", {"game": "af", "players": 3}, "heuristic", 402, None),
    ("af_4p_vs_heuristic", {"game": "af", "players": 4}, "heuristic", 400, None),
    ("af_2p_vs_ismcts1000", {"game": "af", "players": 2}, "ismcts:iterations=1000", 100, 0.50),
]
# (key, configuration, field bot, games, option): the net spec with an option added (docs/net.md, "Search at the
# action cards", "Search in Alien Frontiers"; search=0: a model alone, without the search it plays with by default:
# the base 2-player model's action head, an AF model's value head); no target in the issue.
WITH_OPTION = [
    ("rftg_base_2p_search4000_vs_ismcts1000", {"game": "rftg", "players": 2}, "ismcts:iterations=1000", 400,
     "search=4000"),
    ("rftg_base_2p_search1000_policy_vs_ismcts1000", {"game": "rftg", "players": 2}, "ismcts:iterations=1000", 400,
     "search=1000,leaf=policy"),
    ("rftg_base_2p_search0_vs_ismcts1000", {"game": "rftg", "players": 2}, "ismcts:iterations=1000", 400, "search=0"),
    ("rftg_base_2p_search0_vs_heuristic", {"game": "rftg", "players": 2}, "heuristic", 400, "search=0"),
    ("af_2p_search0_vs_ismcts1000", {"game": "af", "players": 2}, "ismcts:iterations=1000", 40, "search=0"),
]
REALISM_TARGET_ROUNDS = 11.5
SPEED_TARGET_RATIO = 0.10


def machine() -> dict:
    return {"cpu": cpu_model(), "logical_cpus": os.cpu_count(), "physical_cores": physical_cores(),
            "platform": platform.platform(), "python": platform.python_version(),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def with_option(bot: str, option: str) -> str:
    return bot + ("," if ":" in bot else ":") + option


def strength(bot: str, games_scale: float | None, threads: int, only: set[str], out: dict) -> None:
    rows = [(k, c, f, g, t, bot) for k, c, f, g, t in STRENGTH]
    rows += [(k, c, f, g, None, with_option(bot, o)) for k, c, f, g, o in WITH_OPTION]
    for key, config, field, games, target, spec in rows:
        if only and not ({"strength", key} & only):
            continue
        n = int(games if games_scale is None else max(games_scale, 2))
        cfg = {"expansion": "base", "advanced": False, "goals": None, "takeovers": False, "draft": False,
               "long_game": False, **config}
        r = one_vs_field(cfg, spec, field, n, seed=2024, threads=threads)
        if target is None:
            status = f"no target (par {100 / config['players']:.0f}%)"
        else:
            met = ("met (interval above)" if r.lo >= target else "met (point estimate)") if r.rate >= target \
                else "NOT met"
            status = f"target >= {100 * target:.0f}%  {met}"
        print(f"  {key:42s} {100 * r.rate:5.1f}% [{100 * r.lo:5.1f}, {100 * r.hi:5.1f}]  {r.games:4d} games  "
              f"{status}  ({r.seconds:.0f} s, mean rounds {r.mean_rounds:.1f})", flush=True)
        out[key] = {"rate": r.rate, "lo": r.lo, "hi": r.hi, "games": r.games, "target": target,
                    "seconds": round(r.seconds, 1), "mean_rounds": r.mean_rounds, "field": field, "bot": spec}


def realism(bot: str, games: int, out: dict) -> None:
    g = rftg.Game(players=4)
    r = g.play_games([bot] * 4, games, 7)
    mean = r["rounds"] / r["games"]
    print(f"  {'rftg_base_4p_all_net_mean_rounds':42s} {mean:5.2f} rounds over {games} games  target <= "
          f"{REALISM_TARGET_ROUNDS}  {'met' if mean <= REALISM_TARGET_ROUNDS else 'NOT met'}", flush=True)
    out["rftg_base_4p_all_net_mean_rounds"] = {"rounds": mean, "games": games, "target": REALISM_TARGET_ROUNDS}


def _timed(g, bots, games, seed):
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    r = g.play_games(bots, games, seed)
    return time.thread_time() - cpu0, time.perf_counter() - wall0, r


def speed(bot: str, rounds: int, out: dict) -> None:
    g = rftg.Game(players=4)
    g.play_games([bot] * 4, 20, 1)  # reads the model
    per = {"net": [], "heuristic": []}
    decisions = {"net": 0, "heuristic": 0}
    games = {"net": 0, "heuristic": 0}
    wall = {"net": 0.0, "heuristic": 0.0}
    n = {"net": 400, "heuristic": 4000}
    for k in range(rounds):
        for name, spec in (("net", bot), ("heuristic", "heuristic")):
            cpu, w, r = _timed(g, [spec] * 4, n[name], 100 + k)
            per[name].append(n[name] / cpu)
            decisions[name] += r["decisions"]
            games[name] += n[name]
            wall[name] += w
    net_gs, heur_gs = statistics.median(per["net"]), statistics.median(per["heuristic"])
    ratio = net_gs / heur_gs
    us_net = 1e6 / net_gs / (decisions["net"] / games["net"])
    us_heur = 1e6 / heur_gs / (decisions["heuristic"] / games["heuristic"])
    print(f"  {'rftg_base_4p_net_games_per_s (1 core, CPU time)':42s} {net_gs:8,.0f}   heuristic {heur_gs:8,.0f}   "
          f"ratio {ratio:.3f}  target >= {SPEED_TARGET_RATIO}  {'met' if ratio >= SPEED_TARGET_RATIO else 'NOT met'}")
    print(f"  {'time per decision (whole game / decisions)':42s} net {us_net:.2f} us, heuristic {us_heur:.2f} us; "
          f"decisions per game: net {decisions['net'] / games['net']:.0f}, heuristic "
          f"{decisions['heuristic'] / games['heuristic']:.0f}")
    print(f"  {'wall-clock games/s (same runs)':42s} net {games['net'] / wall['net']:,.0f}, heuristic "
          f"{games['heuristic'] / wall['heuristic']:,.0f}", flush=True)
    out["rftg_base_4p_speed"] = {
        "net_games_per_s": net_gs, "heuristic_games_per_s": heur_gs, "ratio": ratio, "target_ratio": SPEED_TARGET_RATIO,
        "net_us_per_decision": us_net, "heuristic_us_per_decision": us_heur,
        "net_decisions_per_game": decisions["net"] / games["net"], "rounds": rounds,
        "net_wall_games_per_s": games["net"] / wall["net"], "heuristic_wall_games_per_s": games["heuristic"] / wall["heuristic"]}


def searching_speed(key: str, game, bot: str, n_net: int, rounds: int, out: dict) -> None:
    """2 players, one core: all-`net` games (the shipped model searches by default, docs/net.md) against the same
    model without its search (search=0) and all-`heuristic`, in alternation, CPU time of this thread."""
    specs = {"net": bot, "net:search=0": with_option(bot, "search=0"), "heuristic": "heuristic"}
    n = {"net": n_net, "net:search=0": 400, "heuristic": 2000}
    for spec in specs.values():
        game.play_games([spec] * 2, 4, 1)  # reads the model
    per: dict = {k: [] for k in specs}
    for k in range(rounds):
        for name, spec in specs.items():
            cpu, _, _ = _timed(game, [spec] * 2, n[name], 200 + k)
            per[name].append(n[name] / cpu)
    gs = {k: statistics.median(v) for k, v in per.items()}
    print(f"  {key + '_net_games_per_s (1 core, CPU time)':42s} {gs['net']:8,.1f}   without its search "
          f"{gs['net:search=0']:8,.0f}   heuristic {gs['heuristic']:8,.0f}   ratios {gs['net'] / gs['net:search=0']:.3f}, "
          f"{gs['net'] / gs['heuristic']:.4f}", flush=True)
    out[key + "_speed"] = {"net_games_per_s": gs["net"], "net_search0_games_per_s": gs["net:search=0"],
                           "heuristic_games_per_s": gs["heuristic"], "rounds": rounds}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="net", help="the net spec to measure (default: net, the shipped models)")
    ap.add_argument("--only", action="append", default=[], help="speed, strength, realism or a row key")
    ap.add_argument("--games", type=float, help="games per strength row (default: the row's own)")
    ap.add_argument("--threads", type=int, default=2, help="threads for the strength matches (default 2)")
    ap.add_argument("--rounds", type=int, default=5, help="alternated speed measurements (default 5)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args()
    only = set(args.only)
    m = machine()
    print(f"machine: {m['cpu']}, {m['logical_cpus']} logical CPUs ({m['physical_cores']} cores listed), "
          f"{m['platform']}, Python {m['python']}, load average {m['load_average']}")
    print(f"bot: {args.bot}")
    out: dict = {"machine": m, "bot": args.bot}
    if not only or "speed" in only:
        print("speed:")
        speed(args.bot, args.rounds, out)
        searching_speed("rftg_base_2p", rftg.Game(players=2), args.bot, 100, args.rounds, out)
        searching_speed("af_2p", af.Game(players=2), args.bot, 40, args.rounds, out)
    if not only or "realism" in only:
        print("realism:")
        realism(args.bot, 2000, out)
    if not only or "strength" in only or any(k for k, *_ in STRENGTH + WITH_OPTION if k in only):
        print("strength (seat-rotated, paired deals, 95% Wilson intervals):")
        strength(args.bot, args.games, args.threads, only, out)
    if args.json:
        print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
