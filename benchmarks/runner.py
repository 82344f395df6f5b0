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
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
try:
    from pycore import _batch, rftg
except ImportError:  # running from a source tree built in place
    sys.path.insert(0, str(REPO))
    from pycore import _batch, rftg
from sim import run as simrun
from sim.config import RunConfig, auto_chunk_size


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


def measure(bot: str, games: int, cores: int, seed: int) -> dict:
    game = rftg.Game(players=4)
    ref_games = max(2_000, min(games // 20, 40_000))

    def one_thread() -> float:
        one = game.play_games([bot] * 4, ref_games, seed=seed)
        return one["games"] / one["seconds"]

    # The reference is taken before, between and after the two long steps (this VM's speed drifts): the
    # median is used, the spread is reported.
    singles = [one_thread()]

    runner = _batch.Runner(simrun.card_text(), 4, "base", False, [bot] * 4)
    chunk = auto_chunk_size(games, cores)  # the chunks `galaxysim run` plays
    t, c = time.perf_counter(), cpu_seconds()
    for first in range(0, games, chunk):
        runner.run(seed, first, min(chunk, games - first), cores, False)
    engine_nt_wall, engine_nt_cpu = time.perf_counter() - t, cpu_seconds() - c
    engine_nt = games / engine_nt_wall
    singles.append(one_thread())

    out = Path(tempfile.mkdtemp(prefix="galaxysim-bench-")) / "run"
    try:
        cfg = RunConfig(players=4, bots=[bot] * 4, games=games, seed=seed, threads=cores, out=str(out), quiet=True)
        t, c = time.perf_counter(), cpu_seconds()
        outcome = simrun.start(cfg, progress=False)
        wall, run_cpu = time.perf_counter() - t, cpu_seconds() - c
        assert outcome.complete, outcome.message
        parquet = folder_bytes(out, "games") + folder_bytes(out, "seats")
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)
    run_rate = games / wall
    singles.append(one_thread())
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
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="1M", help="games per bot (default 1M)")
    ap.add_argument("--bots", default="random,heuristic", help="bots to measure, comma-separated")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    games = parse_count(args.games)
    cores = os.cpu_count() or 1
    machine = {"cpu": cpu_model(), "cores": cores, "python": platform.python_version(),
               "load_average": os.getloadavg()[0]}
    rows = [measure(b.strip(), games, cores, args.seed) for b in args.bots.split(",") if b.strip()]
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
    print(f"\npeak memory (max RSS): {peak_mb:,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
