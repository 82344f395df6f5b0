#!/usr/bin/env python3
"""`galaxysim report` on a big run: aggregation (DuckDB over the Parquet files) and figures.

    python benchmarks/report.py                        # plays runs/bench-report-1m (1,000,000 games) once, then
                                                       # times the report on it
    python benchmarks/report.py --run runs/my-run      # time the report of an existing run
    python benchmarks/report.py --games 200k --json    # a smaller run; one JSON object

The run (heuristic bots, 4 players, seed 1) is kept and reused by later calls. The report is timed as the
command does it, end to end (open the run, aggregate, draw, write the folder), in a fresh process so that
imports count; peak memory is the child's max RSS. The target: under a minute for 1,000,000 games.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 60.0


def parse_count(text: str) -> int:
    t = text.lower().replace(",", "").replace("_", "")
    mult = {"k": 1_000, "m": 1_000_000}.get(t[-1:], 1)
    return int(float(t[:-1] if mult > 1 else t) * mult)


def galaxysim(*args: str) -> list[str]:
    return [sys.executable, "-m", "galaxysim", *args]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=parse_count, default=1_000_000)
    ap.add_argument("--run", help="an existing run folder (default: runs/bench-report-<games>, played if missing)")
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args()
    run = Path(ns.run) if ns.run else REPO / "runs" / f"bench-report-{ns.games // 1000}k"
    played = None
    if not (run / "manifest.json").is_file() or json.loads((run / "manifest.json").read_text())["status"] != \
            "complete":
        t = time.perf_counter()
        subprocess.run(galaxysim("run", "--games", str(ns.games), "--seed", "1", "--out", str(run), "--quiet",
                                 "--resume"), check=True, cwd=REPO, stdout=subprocess.DEVNULL)
        played = time.perf_counter() - t
    manifest = json.loads((run / "manifest.json").read_text())
    out = run / "report"
    t = time.perf_counter()
    proc = subprocess.run(galaxysim("report", str(run), "--out", str(out)), cwd=REPO, capture_output=True,
                          text=True, check=True)
    seconds = time.perf_counter() - t
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    parquet = sum(p.stat().st_size for p in run.rglob("*.parquet"))
    result = {
        "run": str(run), "games": manifest["games"], "seat_rows": manifest["games"] * manifest["config"]["players"],
        "parquet_mb": round(parquet / 1e6, 1), "cores": os.cpu_count(), "play_seconds": played,
        "report_seconds": round(seconds, 2), "report_line": proc.stdout.strip(),
        "peak_rss_mb": round(rss_mb), "target_seconds": TARGET_SECONDS, "meets_target": seconds < TARGET_SECONDS,
    }
    if ns.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"run {run}: {result['games']:,} games, {result['parquet_mb']} MB of Parquet, {result['cores']} cores")
        if played is not None:
            print(f"  played in {played:.1f} s")
        print(f"  galaxysim report: {seconds:.1f} s end to end (target < {TARGET_SECONDS:.0f} s: "
              f"{'ok' if result['meets_target'] else 'ABOVE TARGET'}), peak memory {result['peak_rss_mb']} MB")
        print(f"  {proc.stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
