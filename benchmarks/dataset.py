#!/usr/bin/env python3
"""The decision dataset: its container measured against the alternatives, the loader, and memory.

    python benchmarks/dataset.py                    # 2,000 RftG base 4p heuristic games (~400,000 decisions)
    python benchmarks/dataset.py --games 500        # a shorter run
    python benchmarks/dataset.py --game af          # Alien Frontiers, 3 players (its action space: 16,768)
    python benchmarks/dataset.py --memory 100000    # also: peak memory of recording and exporting 10,000 and
                                                    # 100,000-game runs (each in its own process; ~15 min)
    python benchmarks/dataset.py --json             # one JSON object

Steps (docs/decision-dataset.md, benchmarks/README.md):
  1. a run with --record-decisions (in a temporary folder), and `export --format dataset` of it;
  2. the same rows in other containers: Arrow IPC with zstd at several record-batch sizes, with lz4 and
     uncompressed; Parquet (zstd) with the same columns; the run's own decisions Parquet (dense observations);
     for each: bytes per decision, sequential reading (every row decoded to numpy) in decisions/s on one core,
     random access to one decision (median and 99th percentile, ms);
  3. the loader (galaxysim.results.decision_dataset): ds[i], in-order reading, shuffled batches of 1,024 with
     and without the dense observation and mask;
  4. with --memory: peak RSS of `galaxysim run --record-decisions` and `galaxysim match --record-decisions` with
     small and large chunks, and of the export, on runs of two sizes.
Speeds are given per CPU second of this process (pyarrow limited to one thread), which other work on the machine
inflates less than wall time, and in wall time; the load average is printed with the machine.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
try:
    import galaxysim  # noqa: F401
except ImportError:  # a source tree built in place
    sys.path.insert(0, str(REPO))

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from galaxysim.results import decision_dataset, open_run
from galaxysim.results.dataset_export import export_dataset
from galaxysim.results.decision_batch import decode
from galaxysim.sim import RunConfig
from galaxysim.sim.export import dataset_game
from galaxysim.sim.run import start

TARGET_BYTES, TARGET_RANDOM_MS, TARGET_SEQUENTIAL = 200, 10.0, 1_000_000


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            if line.lower().startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0, 0, 0)
    return {"cpu": cpu, "logical_cpus": os.cpu_count(), "load_average_1min": round(load[0], 2),
            "platform": platform.platform(), "python": platform.python_version(), "numpy": np.__version__,
            "pyarrow": pa.__version__}


class Clock:
    """CPU seconds of this process and wall seconds of a block."""

    def __enter__(self):
        self.cpu0, self.wall0 = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.cpu, self.wall = time.process_time() - self.cpu0, time.perf_counter() - self.wall0
        return False


# --- containers -----------------------------------------------------------------------------------------------------

def write_ipc(batches: list[pa.RecordBatch], path: Path, rows: int, compression: str | None) -> None:
    table = pa.Table.from_batches(batches)
    with ipc.new_file(str(path), table.schema, options=ipc.IpcWriteOptions(compression=compression)) as w:
        for b in table.to_batches(max_chunksize=rows):
            w.write_batch(b)


def write_parquet(batches: list[pa.RecordBatch], path: Path, rows: int) -> None:
    pq.write_table(pa.Table.from_batches(batches), str(path), compression="zstd", row_group_size=rows)


class IpcFile:
    def __init__(self, path: Path):
        self.reader = ipc.open_file(pa.memory_map(str(path)))
        self.count = self.reader.num_record_batches
        self.sizes = [self.reader.get_batch(i).num_rows for i in range(self.count)]

    def block(self, i: int) -> pa.RecordBatch:
        return self.reader.get_batch(i)


class ParquetBlocks:
    def __init__(self, path: Path):
        self.file = pq.ParquetFile(str(path))
        self.count = self.file.num_row_groups
        self.sizes = [self.file.metadata.row_group(i).num_rows for i in range(self.count)]

    def block(self, i: int) -> pa.RecordBatch:
        return self.file.read_row_group(i).combine_chunks().to_batches()[0]


class DenseRunParquet(ParquetBlocks):
    """The run's own decisions files (dense observation vectors as fixed-size binary)."""

    def __init__(self, paths: list[Path]):
        self.files = [pq.ParquetFile(str(p)) for p in paths]
        self.where = [(f, g) for f in self.files for g in range(f.num_row_groups)]
        self.count = len(self.where)
        self.sizes = [f.metadata.row_group(g).num_rows for f, g in self.where]

    def block(self, i: int) -> pa.RecordBatch:
        f, g = self.where[i]
        return f.read_row_group(g).combine_chunks().to_batches()[0]


def to_numpy(batch: pa.RecordBatch, size: int, actions: int):
    """A block decoded as the loader decodes it (numpy views; the dense run files: the observation matrix)."""
    if "obs_slot" in batch.schema.names:
        return decode(batch, size, actions)
    from galaxysim.results.schema import observations

    return observations(batch.column("observation")), [np.asarray(c) for c in batch.columns[:-1]]


def measure(source, size: int, actions: int, samples: int, rng) -> dict:
    with Clock() as c:
        rows = 0
        for i in range(source.count):
            b = source.block(i)
            to_numpy(b, size, actions)
            rows += b.num_rows
    starts = np.cumsum([0] + source.sizes)
    cpu, wall = [], []
    for r in rng.integers(0, rows, samples):
        k = int(np.searchsorted(starts, r, side="right") - 1)
        with Clock() as t:
            b = source.block(k)
            one = b.slice(int(r - starts[k]), 1)
            to_numpy(one, size, actions)
        cpu.append(t.cpu * 1e3)
        wall.append(t.wall * 1e3)
    return {"rows": rows, "sequential_per_cpu_s": rows / max(c.cpu, 1e-9), "sequential_per_wall_s": rows / c.wall,
            "random_ms_cpu_median": float(np.median(cpu)), "random_ms_cpu_p99": float(np.percentile(cpu, 99)),
            "random_ms_wall_median": float(np.median(wall)), "random_ms_wall_p99": float(np.percentile(wall, 99))}


def containers(ds, run: Path, work: Path, samples: int, rng) -> dict:
    batches = [ds.record_batch(k, b) for k, s in enumerate(ds.shards)
               for b in range(-(-s["rows"] // ds.batch_rows))]
    rows = sum(b.num_rows for b in batches)
    size, actions = ds.observation_size, ds.num_distinct_actions
    out = {}
    variants = [(f"arrow-ipc zstd, batches of {n}", "ipc", "zstd", n) for n in (2048, 4096, 8192, 16384)]
    variants += [("arrow-ipc lz4, batches of 4096", "ipc", "lz4", 4096),
                 ("arrow-ipc uncompressed, batches of 4096", "ipc", None, 4096),
                 ("parquet zstd, row groups of 4096", "parquet", None, 4096)]
    for label, kind, codec, n in variants:
        path = work / f"{label.replace(' ', '_').replace(',', '')}.{kind}"
        if kind == "ipc":
            write_ipc(batches, path, n, codec)
            source = IpcFile(path)
        else:
            write_parquet(batches, path, n)
            source = ParquetBlocks(path)
        out[label] = {"bytes_per_decision": path.stat().st_size / rows,
                      **measure(source, size, actions, samples, rng)}
        path.unlink()
    files = sorted((run / "decisions").glob("chunk-*.parquet"))
    dense = DenseRunParquet(files)
    out["run folder decisions parquet (dense observations, no masks)"] = {
        "bytes_per_decision": sum(p.stat().st_size for p in files) / rows,
        **measure(dense, size, actions, max(10, samples // 10), rng)}
    out["npz export (dense int16 observations, uncompressed; size computed)"] = {
        "bytes_per_decision": 2 * size + 8 + 2 + 1 + 1 + 2 + 2 + 1 + 2 + 1}
    return out


# --- the loader -----------------------------------------------------------------------------------------------------

def loader(ds, samples: int, rng) -> dict:
    cpu, wall = [], []
    for i in rng.integers(0, len(ds), samples):
        with Clock() as t:
            ds[int(i)]
        cpu.append(t.cpu * 1e3)
        wall.append(t.wall * 1e3)
    out = {"getitem_ms_cpu_median": float(np.median(cpu)), "getitem_ms_cpu_p99": float(np.percentile(cpu, 99)),
           "getitem_ms_wall_median": float(np.median(wall)), "getitem_ms_wall_p99": float(np.percentile(wall, 99))}
    buffer = np.empty((1024, ds.observation_size), np.float32)  # as a training loop would reuse it
    for name, make in (("in_order", lambda: ds.sequential()),
                       ("shuffled_1024", lambda: ds.batches(1024, seed=1, drop_last=True)),
                       ("shuffled_1024_dense", lambda: ds.batches(1024, seed=1, drop_last=True))):
        with Clock() as c:
            n = 0
            for b in make():
                if name.endswith("dense"):
                    b.observation(out=buffer)
                    b.legal_mask()
                n += len(b)
        out[f"{name}_per_cpu_s"] = n / max(c.cpu, 1e-9)
        out[f"{name}_per_wall_s"] = n / c.wall
    return out


# --- memory ---------------------------------------------------------------------------------------------------------

# The child's peak RSS from /proc (VmHWM, kB): getrusage's ru_maxrss would carry over the forking parent's peak
# across exec.
CHILD = """
import re, sys
from galaxysim.sim.cli import main
code = main(sys.argv[1:])
with open("/proc/self/status") as f:
    print(re.search(r"VmHWM:\\s+(\\d+)", f.read()).group(1), file=sys.stderr)
sys.exit(code)
"""


def peak_rss_mb(args: list[str]) -> tuple[float, float]:
    """(peak RSS in MB, wall seconds) of `galaxysim ARGS` in a process of its own."""
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"galaxysim {' '.join(args)} failed: {p.stderr.strip()[-400:]}")
    return int(p.stderr.strip().splitlines()[-1]) / 1024, time.perf_counter() - t


def memory(games: int, work: Path) -> dict:
    out = {}
    for chunk in (250, 4000):
        run = work / f"chunk{chunk}"
        rss, secs = peak_rss_mb(["run", "--record-decisions", "--games", "4000", "--seed", "3", "--chunk-size",
                                 str(chunk), "--out", str(run), "-q"])
        out[f"record_4000_games_chunk_{chunk}"] = {"peak_rss_mb": rss, "seconds": secs}
        subprocess.run(["rm", "-rf", str(run)], check=True)
        match = work / f"match{chunk}"  # a match records in slices too
        rss, secs = peak_rss_mb(["match", "--bots", "heuristic,random", "--players", "4", "--record-decisions",
                                 "--games", "4000", "--seed", "3", "--chunk-size", str(chunk), "--out", str(match),
                                 "-q"])
        out[f"match_4000_games_chunk_{chunk}"] = {"peak_rss_mb": rss, "seconds": secs}
        subprocess.run(["rm", "-rf", str(match)], check=True)
    for n in sorted({max(1, games // 10), games}):
        run = work / f"run{n}"
        rss, secs = peak_rss_mb(["run", "--record-decisions", "--games", str(n), "--seed", "4", "--out", str(run),
                                 "-q"])
        out[f"record_{n}_games"] = {"peak_rss_mb": rss, "seconds": secs}
        rss, secs = peak_rss_mb(["export", str(run), "--format", "dataset", "-q"])
        index = json.loads((run / "dataset" / "dataset.json").read_text())
        out[f"export_{n}_games"] = {"peak_rss_mb": rss, "seconds": secs, "decisions": index["rows"],
                                    "bytes_per_decision": sum(s["bytes"] for s in index["shards"]) / index["rows"]}
        subprocess.run(["rm", "-rf", str(run)], check=True)
    return out


# --- main -----------------------------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games of the measured run (default 2,000)")
    ap.add_argument("--game", choices=("rftg", "af"), default="rftg",
                    help="rftg: base game, 4 players (default); af: Alien Frontiers, 3 players; heuristic bots")
    ap.add_argument("--samples", type=int, default=300, help="random accesses per container (default 300)")
    ap.add_argument("--memory", type=int, metavar="GAMES", help="also measure memory on runs of GAMES/10 and GAMES")
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args()
    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
    rng = np.random.default_rng(0)
    info = {"machine": machine()}
    with tempfile.TemporaryDirectory(prefix="galaxysim-dataset-bench-") as tmp:
        work = Path(tmp)
        run = work / "run"
        with Clock() as c:
            start(RunConfig(game=ns.game, players=4 if ns.game == "rftg" else 3, bots=["heuristic"],
                            games=ns.games, seed=1, record_decisions=True, out=str(run), quiet=True), progress=False)
        info["run"] = {"games": ns.games, "seconds": c.wall}
        r = open_run(run)
        with Clock() as c:
            index = export_dataset(r, run / "dataset", dataset_game(r.manifest))
        rows = index["rows"]
        info["export"] = {"decisions": rows, "seconds_wall": c.wall, "seconds_cpu": c.cpu,
                          "decisions_per_wall_s": rows / c.wall,
                          "bytes_per_decision": sum(s["bytes"] for s in index["shards"]) / rows,
                          "decisions_per_game": rows / ns.games}
        ds = decision_dataset(run)
        info["containers"] = containers(ds, run, work, ns.samples, rng)
        info["loader"] = loader(ds, ns.samples, rng)
        if ns.memory:
            info["memory"] = memory(ns.memory, work)
    if ns.json:
        print(json.dumps(info, indent=1))
        return 0
    m = info["machine"]
    print(f"machine: {m['cpu']}, {m['logical_cpus']} logical CPUs, load average {m['load_average_1min']} "
          f"(1 min), {m['platform']}, Python {m['python']}, numpy {m['numpy']}, pyarrow {m['pyarrow']}")
    e = info["export"]
    what = "RftG base 4p" if ns.game == "rftg" else "Alien Frontiers 3p"
    print(f"run: {ns.games:,} {what} heuristic games, {e['decisions']:,} decisions "
          f"({e['decisions_per_game']:.0f} a game), played in {info['run']['seconds']:.1f} s")
    print(f"export --format dataset: {e['seconds_wall']:.1f} s ({e['decisions_per_wall_s']:,.0f} decisions/s), "
          f"{e['bytes_per_decision']:.1f} bytes a decision (target <= {TARGET_BYTES})")
    print("\ncontainer (the same rows)                               bytes/dec   seq dec/CPU-s  seq dec/wall-s"
          "   random ms CPU med/p99   wall med/p99")
    for label, v in info["containers"].items():
        if "sequential_per_cpu_s" not in v:
            print(f"{label:<56} {v['bytes_per_decision']:>9.1f}")
            continue
        print(f"{label:<56} {v['bytes_per_decision']:>9.1f} {v['sequential_per_cpu_s']:>15,.0f} "
              f"{v['sequential_per_wall_s']:>15,.0f}   {v['random_ms_cpu_median']:>8.2f} / "
              f"{v['random_ms_cpu_p99']:<8.2f}  {v['random_ms_wall_median']:>6.2f} / {v['random_ms_wall_p99']:.2f}")
    lo = info["loader"]
    print(f"\nloader (galaxysim.results.decision_dataset, record batches of {ds.batch_rows}):")
    print(f"  ds[i], one decision with dense observation and mask: {lo['getitem_ms_cpu_median']:.2f} ms CPU median "
          f"({lo['getitem_ms_cpu_p99']:.2f} p99), wall {lo['getitem_ms_wall_median']:.2f} "
          f"({lo['getitem_ms_wall_p99']:.2f} p99); target <= {TARGET_RANDOM_MS} ms")
    for name, what in (("in_order", "in order (sequential())"), ("shuffled_1024", "shuffled batches of 1,024"),
                       ("shuffled_1024_dense", "shuffled batches of 1,024 + dense observation and mask")):
        print(f"  {what:<56} {lo[name + '_per_cpu_s']:>12,.0f} decisions per CPU second, "
              f"{lo[name + '_per_wall_s']:>12,.0f} per wall second")
    print(f"  (target for sequential reading: >= {TARGET_SEQUENTIAL:,} decisions/s on one core)")
    if "memory" in info:
        print("\npeak memory (RSS of the galaxysim process):")
        for key, v in info["memory"].items():
            extra = f", {v['decisions']:,} decisions, {v['bytes_per_decision']:.1f} B each" if "decisions" in v else ""
            print(f"  {key:<34} {v['peak_rss_mb']:>8.0f} MB  ({v['seconds']:.0f} s{extra})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
