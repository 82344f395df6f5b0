#!/usr/bin/env python3
"""Whole runs on all cores: the batch runner and the Parquet writer together.

    python benchmarks/runner.py                 # 1,000,000 games with random bots, then with heuristic bots
    python benchmarks/runner.py --games 200k    # a shorter run
    python benchmarks/runner.py --json          # one JSON object

For each bot it measures, in one process run:
  engine_1t   single-thread engine speed (C++ loop, no output), the reference: taken before, between
              and after the two steps below, the median used and the spread shown
  engine_nt   the batch runner on all cores, chunks thrown away (no Parquet)
  run         `galaxysim run` as users run it: all cores, Parquet chunks, manifest
and reports games/s, wall time, Parquet bytes per game, peak memory (max RSS of
this process), the runner's efficiency = run games/s / (engine_1t games/s x cores)
and the share of run time spent beyond the engine (converting and writing).

Then come paired rounds (--rounds, default 5, of --round-games each): the three steps
again, short and back to back, their order rotated from round to round. Each round's
ratios compare speeds measured within seconds of each other, so a drift of the VM's
speed over minutes (30% has been seen here) moves the spread, not the median. The
rounds also report "engine scaling", engine_nt / (engine_1t x cores): what the machine
itself gives on all cores, the ceiling for the runner's efficiency.

Wall-clock figures need an otherwise idle machine. Each step also records the CPU
time this process used (user + system), which other processes on the machine do not
inflate: "CPU us/game" and "cores busy" (CPU time / wall time) show whether the run
really had every core, and the CPU share beyond the engine = 1 - engine_nt CPU/game
/ run CPU/game is the cost of converting and writing even on a busy machine.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
try:
    from galaxysim import _batch, rftg
except ImportError:  # running from a source tree built in place
    sys.path.insert(0, str(REPO))
    from galaxysim import _batch, rftg
from galaxysim.sim import run as simrun
from galaxysim.sim.config import RunConfig, auto_chunk_size


def parse_count(text: str) -> int:
    t = text.lower().replace(",", "").replace("_", "")
    mult = {"k": 1_000, "m": 1_000_000}.get(t[-1:], 1)
    return int(float(t[:-1] if mult > 1 else t) * mult)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def folder_bytes(path: Path, sub: str) -> int:
    return sum(p.stat().st_size for p in (path / sub).rglob("*.parquet"))


def cpu_seconds() -> float:
    """CPU time of this process so far (user + system, every thread)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def one_thread_rate(game, bot: str, games: int, seed: int) -> float:
    """Single-thread engine speed (C++ loop, no output): the reference."""
    one = game.play_games([bot] * 4, games, seed=seed)
    return one["games"] / one["seconds"]


def engine_all_cores(bot: str, games: int, cores: int, seed: int) -> tuple[float, float]:
    """The batch runner on all cores, the chunks `galaxysim run` plays, results thrown away: (wall, CPU) s."""
    runner = _batch.Runner(simrun.card_text(), 4, "base", False, [bot] * 4)
    chunk = auto_chunk_size(games, cores)
    t, c = time.perf_counter(), cpu_seconds()
    for first in range(0, games, chunk):
        runner.run(seed, first, min(chunk, games - first), cores, False)
    return time.perf_counter() - t, cpu_seconds() - c


def galaxysim_run(bot: str, games: int, cores: int, seed: int) -> tuple[float, float, int]:
    """`galaxysim run` as users run it (Parquet chunks, manifest): (wall, CPU) s and the Parquet bytes."""
    out = Path(tempfile.mkdtemp(prefix="galaxysim-bench-")) / "run"
    try:
        cfg = RunConfig(players=4, bots=[bot] * 4, games=games, seed=seed, threads=cores, out=str(out), quiet=True)
        t, c = time.perf_counter(), cpu_seconds()
        outcome = simrun.start(cfg, progress=False)
        wall, cpu = time.perf_counter() - t, cpu_seconds() - c
        assert outcome.complete, outcome.message
        return wall, cpu, folder_bytes(out, "games") + folder_bytes(out, "seats")
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


def spread(values: list[float]) -> dict:
    s = sorted(values)
    return {"median": round(statistics.median(s), 3), "min": round(s[0], 3), "max": round(s[-1], 3)}


STEPS = ("one", "all", "run")  # 1-thread engine, all-cores engine, galaxysim run


def paired_rounds(bot: str, games: int, cores: int, seed: int, rounds: int) -> dict:
    """Short rounds of the three steps back to back, their order rotated from round to round, so that each
    round's ratios compare speeds taken within seconds of each other (this VM's speed drifts over minutes)."""
    game = rftg.Game(players=4)
    eff, beyond, scaling = [], [], []
    for r in range(rounds):
        rates = {}
        for step in STEPS[r % 3:] + STEPS[:r % 3]:
            if step == "one":
                rates[step] = one_thread_rate(game, bot, max(1_000, games // cores), seed + r)
            elif step == "all":
                rates[step] = games / engine_all_cores(bot, games, cores, seed + r)[0]
            else:
                rates[step] = games / galaxysim_run(bot, games, cores, seed + r)[0]
        eff.append(rates["run"] / (rates["one"] * cores))
        beyond.append(max(0.0, 1 - rates["run"] / rates["all"]))
        scaling.append(rates["all"] / (rates["one"] * cores))
    return {"rounds": rounds, "games_per_round": games, "efficiency_vs_1t_x_cores": spread(eff),
            "share_beyond_engine": spread(beyond), "engine_scaling": spread(scaling)}


def measure(bot: str, games: int, cores: int, seed: int, rounds: int, round_games: int) -> dict:
    game = rftg.Game(players=4)
    ref_games = max(2_000, min(games // 20, 40_000))
    # The reference is taken before, between and after the two long steps (this VM's speed drifts): the
    # median is used, the spread is reported.
    singles = [one_thread_rate(game, bot, ref_games, seed)]
    engine_nt_wall, engine_nt_cpu = engine_all_cores(bot, games, cores, seed)
    engine_nt = games / engine_nt_wall
    singles.append(one_thread_rate(game, bot, ref_games, seed))
    wall, run_cpu, parquet = galaxysim_run(bot, games, cores, seed)
    run_rate = games / wall
    singles.append(one_thread_rate(game, bot, ref_games, seed))
    engine_1t = sorted(singles)[1]
    return {
        "bot": bot,
        "games": games,
        "cores": cores,
        "engine_1t_games_per_s": round(engine_1t),
        "engine_1t_spread": round((max(singles) - min(singles)) / engine_1t, 3),
        "engine_all_cores_games_per_s": round(engine_nt),
        "run_games_per_s": round(run_rate),
        "run_wall_s": round(wall, 2),
        "parquet_bytes_per_game": round(parquet / games, 1),
        "efficiency_vs_1t_x_cores": round(run_rate / (engine_1t * cores), 3),
        "share_beyond_engine": round(max(0.0, 1 - run_rate / engine_nt), 3),
        "engine_all_cores_cpu_us_per_game": round(engine_nt_cpu / games * 1e6, 2),
        "engine_all_cores_cores_busy": round(engine_nt_cpu / engine_nt_wall, 2),
        "run_cpu_us_per_game": round(run_cpu / games * 1e6, 2),
        "run_cores_busy": round(run_cpu / wall, 2),
        "cpu_share_beyond_engine": round(max(0.0, 1 - engine_nt_cpu / run_cpu), 3),
        "paired": paired_rounds(bot, round_games, cores, seed, rounds) if rounds > 0 else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="1M", help="games per bot (default 1M)")
    ap.add_argument("--bots", default="random,heuristic", help="bots to measure, comma-separated")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rounds", type=int, default=5, help="paired rounds after the long run (0: none; default 5)")
    ap.add_argument("--round-games", default=None, help="games per paired round (default: games / 5, at most 200k)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    games = parse_count(args.games)
    round_games = parse_count(args.round_games) if args.round_games else max(1_000, min(games // 5, 200_000))
    cores = os.cpu_count() or 1
    machine = {"cpu": cpu_model(), "cores": cores, "python": platform.python_version(),
               "load_average": os.getloadavg()[0]}
    rows = [measure(b.strip(), games, cores, args.seed, args.rounds, round_games) for b in args.bots.split(",") if b.strip()]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if args.json:
        print(json.dumps({"machine": machine, "peak_rss_mb": round(peak_mb), "runs": rows}, indent=2))
        return 0
    print(f"machine: {machine['cpu']}, {cores} cores, Python {machine['python']}, "
          f"load average {machine['load_average']:.2f} at start")
    for r in rows:
        print(f"\n{r['games']:,} 4-player base games, {r['bot']} bots, {cores} threads")
        print(f"  engine, 1 thread        {r['engine_1t_games_per_s']:>9,} games/s (median of 3, spread "
              f"{r['engine_1t_spread']:.0%}{'; the machine was not steady' if r['engine_1t_spread'] > 0.05 else ''})")
        print(f"  engine, all cores       {r['engine_all_cores_games_per_s']:>9,} games/s (no output)")
        print(f"  galaxysim run           {r['run_games_per_s']:>9,} games/s, {r['run_wall_s']} s wall")
        print(f"  Parquet                 {r['parquet_bytes_per_game']:>9} bytes/game (games + seats)")
        print(f"  efficiency              {r['efficiency_vs_1t_x_cores']:>9.0%} of 1-thread speed x cores (target >= 90%)")
        print(f"  beyond the engine       {r['share_beyond_engine']:>9.0%} of run time (target < 10%)")
        print(f"  CPU time                {r['engine_all_cores_cpu_us_per_game']:>9} us/game engine on all cores "
              f"({r['engine_all_cores_cores_busy']} cores busy), {r['run_cpu_us_per_game']} us/game run "
              f"({r['run_cores_busy']} cores busy)")
        print(f"  beyond the engine (CPU) {r['cpu_share_beyond_engine']:>9.0%} of the run's CPU time (target < 10%)")
        if r["paired"]:
            pr = r["paired"]
            print(f"  paired rounds: {pr['rounds']} x {pr['games_per_round']:,} games, each ratio within one round "
                  "(median, min-max)")
            for key, what in (("efficiency_vs_1t_x_cores", "efficiency (target >= 90%)"),
                              ("share_beyond_engine", "beyond the engine (target < 10%)"),
                              ("engine_scaling", "engine on all cores / (1 thread x cores)")):
                v = pr[key]
                print(f"    {what:42s} {v['median']:>5.0%}  ({v['min']:.0%}-{v['max']:.0%})")
    print(f"\npeak memory (max RSS): {peak_mb:,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
