#!/usr/bin/env python3
"""Import speed: games of the reference engine's records replayed a second by `galaxysim import keldon`, on one
core, beside the engine's own games a second (random bots, C++ game loop) at the same player counts.

    python benchmarks/import.py                          # the records in tests/data/keldon, replayed until ~10 s
    python benchmarks/import.py corpus/*.jsonl.gz        # given record files (three passes, each >= ~3 s)
    python benchmarks/import.py --json                   # one JSON object

The import figure is the replay alone (reading a record, scripting its draws, answering every decision from it,
checking each round and the end state), in this Python process; writing the run folder is not included.
Both figures are given per wall second and per CPU second of the process (on a shared machine the CPU
seconds inflate less). The
engine figure is game.play_games with random bots, single-threaded, for the same game kinds (level, players,
advanced, goals, takeovers), weighted as the records are. The machine line gives the load average.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from engine import machine  # noqa: E402  (benchmarks/engine.py: CPU, cores, compiler, flags)

from galaxysim import rftg  # noqa: E402
from galaxysim.sim.keldon.record import Record, read_records  # noqa: E402
from galaxysim.sim.keldon.replay import GameKinds, replay  # noqa: E402


def load(files: list[str]) -> list[Record]:
    out = []
    for f in files:
        out.extend(r for r in read_records(f) if isinstance(r, Record))
    return out


def import_speed(records: list[Record], seconds: float) -> dict:
    """Games replayed a second (median of three passes over the records, each repeated to `seconds` / 3)."""
    kinds = GameKinds()
    for r in records[:3]:  # warm-up: game kinds, card tables
        replay(r, kinds)
    rates, cpu_rates, identical = [], [], 0
    for _ in range(3):
        n, t0, c0 = 0, time.perf_counter(), time.process_time()
        while True:
            for r in records:
                identical += replay(r, kinds).identical
                n += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= seconds / 3:
                break
        rates.append(n / elapsed)
        cpu_rates.append(n / max(time.process_time() - c0, 1e-9))
    return {"games_per_s": statistics.median(rates), "games_per_cpu_s": statistics.median(cpu_rates),
            "passes": rates, "games": len(records)}


def engine_speed(records: list[Record], seconds: float) -> dict:
    """The engine's own random games a second for the records' game kinds, weighted as the records are."""
    kinds = Counter((r.config["expansion"], r.config["players"], bool(r.config.get("advanced")),
                     bool(r.config.get("goals_enabled")), bool(r.config.get("takeovers_enabled"))) for r in records)
    level = {0: "base", 1: "tgs", 2: "rvi"}
    per_game = per_cpu = 0.0
    for (e, p, adv, goals, takeovers), count in kinds.items():
        game = rftg.Game(players=p, expansion=level[e], advanced=adv, goals=goals, takeovers=takeovers)
        res = game.play_games(["random"] * p, 200, 1)
        n = max(200, int(res["games"] / max(res["seconds"], 1e-9) * seconds / len(kinds)))
        c0 = time.process_time()
        res = game.play_games(["random"] * p, n, 2)
        cpu = time.process_time() - c0
        per_game += count / sum(kinds.values()) * res["seconds"] / res["games"]
        per_cpu += count / sum(kinds.values()) * cpu / res["games"]
    return {"games_per_s": 1.0 / per_game, "games_per_cpu_s": 1.0 / max(per_cpu, 1e-12)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", help="record files (default: tests/data/keldon/*.jsonl.gz)")
    ap.add_argument("--seconds", type=float, default=10.0, help="measuring time per figure (default 10)")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ns = ap.parse_args(argv)
    files = ns.files or sorted(str(p) for p in (REPO / "tests" / "data" / "keldon").glob("*.jsonl.gz"))
    records = load(files)
    if not records:
        print("no records to replay", file=sys.stderr)
        return 2
    load_avg = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    out = {"machine": machine() | {"load_average_1min": round(load_avg[0], 2)}, "records": len(records), "files": [Path(f).name for f in files],
           "import": import_speed(records, ns.seconds), "engine_random": engine_speed(records, ns.seconds)}
    if ns.json:
        print(json.dumps(out, indent=1))
        return 0
    m = out["machine"]
    print(f"machine: {m.get('cpu')}, {m.get('logical_cpus')} logical CPUs, {m.get('platform')}, "
          f"Python {m.get('python')}, {m.get('compiler')}; load average {m['load_average_1min']} (shared machines "
          "slow both figures)")
    print(f"records: {len(records)} games from {', '.join(out['files'])}")
    imp, eng = out["import"], out["engine_random"]
    print(f"{'':44}{'per wall s':>14}{'per CPU s':>14}")
    print(f"  import (replay and checks, one core):     {imp['games_per_s']:10,.1f} games{imp['games_per_cpu_s']:10,.1f} games")
    print(f"  engine, random bots, same kinds (1 core): {eng['games_per_s']:10,.0f} games"
          f"{eng['games_per_cpu_s']:10,.0f} games   ({eng['games_per_cpu_s'] / imp['games_per_cpu_s']:,.0f}x per CPU s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
