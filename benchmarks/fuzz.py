#!/usr/bin/env python3
"""The fuzz targets of tests/fuzz.py at full size: positions, variants, run folders and stop signals.

    python benchmarks/fuzz.py                          # every target, a fresh seed (printed)
    python benchmarks/fuzz.py --seed 7 --scale 0.1     # a tenth of the cases, a chosen seed
    python benchmarks/fuzz.py --targets positions,variants

Each target mutates good inputs at random (see tests/fuzz.py) and checks that every one is taken or refused in
one clear line, quickly. CI runs a few hundred cases with fixed seeds (tests/test_fuzz.py); this runs thousands,
with a new seed each time, and prints each failing case with what it takes to reproduce it (the target, the seed,
the case number). Exit code 1 when a case failed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzz  # noqa: E402

#: Cases per target at --scale 1 (a few minutes in all on 2 cores).
CASES = {"positions": 5000, "variants": 5000, "run_folders": 300, "signals": 60}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=None, help="the random seed (default: a fresh one)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every target's number of cases")
    p.add_argument("--targets", default=",".join(CASES), help=f"comma-separated, of {', '.join(CASES)}")
    args = p.parse_args()
    seed = random.randrange(2**31) if args.seed is None else args.seed
    print(f"seed {seed}")
    failed = 0
    for target in args.targets.split(","):
        if target not in CASES:
            p.error(f"unknown target {target!r} (expected {', '.join(CASES)})")
        cases = max(1, int(CASES[target] * args.scale))
        t = time.perf_counter()
        if target == "run_folders":
            failures = fuzz.run_folders(cases, seed, commands=("summary", "replay", "resume", "export", "dataset",
                                                                   "report"))
        else:
            failures = getattr(fuzz, target)(cases, seed)
        print(f"{target}: {cases:,} cases in {time.perf_counter() - t:.1f} s, {len(failures)} failed", flush=True)
        for line in failures:
            print(f"  {line}")
        failed += len(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
