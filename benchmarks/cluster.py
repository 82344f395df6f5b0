#!/usr/bin/env python3
"""galaxysim on Ray: the overhead per chunk, and the speed-up from one node to two.

    sudo python benchmarks/cluster.py            # chunk sizes 250..20,000, then 1 vs 2 nodes (~5 min)
    sudo python benchmarks/cluster.py --quick    # fewer sizes, shorter runs (~2 min)
    sudo python benchmarks/cluster.py --json     # the figures as one JSON object on stdout

It starts a real Ray cluster on this machine (cluster/loopback.py: every node its own `ray start` with one
CPU pinned to its own core, in a private network namespace with only loopback; root is needed) and plays
4-player base games with one random and three heuristic bots, 1 thread per task.

1. Overhead per chunk: on a 1-node cluster (core 0), for each chunk size, the same games with `galaxysim run
   --ray` and with the local runner (`galaxysim run --threads 1`, also on core 0, the driver too). Each run's
   play time is the manifest's session seconds (connecting and starting up excluded) and its engine time the
   sum of its chunks' engine seconds (measured where they played). Ray's overhead share is
   1 - (engine/play time of the Ray run) / (engine/play time of the local run): a ratio within each run,
   which other load on the machine leaves nearly unchanged; times the Ray run's time per chunk, it is the
   overhead per chunk. The raw difference of the two play times is printed too. The figure of merit is the
   smallest chunk size whose overhead share is under 2%.
2. Scaling: games/s of one run on the 1-node cluster, then, after a second node (core 1) joined, on 2 nodes;
   parallel efficiency = games/s(2 nodes) / (2 x games/s(1 node)), and the same from slot utilization
   (engine seconds / (nodes x play seconds)), which other load skews less.

The machine's load average is printed before and after: other work on the machine skews raw times.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from runner import cpu_model  # noqa: E402  (benchmarks/runner.py)

try:
    from galaxysim.cluster import loopback
except ImportError:  # running from a source tree built in place
    sys.path.insert(0, str(REPO))
    from galaxysim.cluster import loopback

BOTS = "random,heuristic,heuristic,heuristic"
SEED = 2024


def machine() -> dict:
    import ray

    return {"cpu": cpu_model(), "logical_cpus": os.cpu_count(), "platform": platform.platform(),
            "python": platform.python_version(), "ray": ray.__version__,
            "load_average": [round(x, 2) for x in os.getloadavg()]}


class CpuMeter:
    """CPU seconds used by every process of the cluster's namespace (driver, Ray's daemons and workers) while it
    runs: /proc/PID/stat polled every 20 ms, so a process that ends loses at most its last 20 ms."""

    def __init__(self, c: loopback.LoopbackCluster):
        self.c, self.first, self.last = c, {}, {}
        self.hz = os.sysconf("SC_CLK_TCK")
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def _sample(self) -> None:
        for pid in self.c.pids():
            try:
                f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks = int(f[11]) + int(f[12])
            self.first.setdefault(pid, 0 if self.started else ticks)  # a process new in the run: all of it
            self.last[pid] = ticks

    def _poll(self) -> None:
        while not self.done.wait(0.02):
            self._sample()

    def __enter__(self) -> "CpuMeter":
        self.started = False
        self._sample()  # what the daemons had used before the run
        self.started = True
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join()
        self._sample()

    @property
    def seconds(self) -> float:
        return sum(self.last[p] - self.first.get(p, 0) for p in self.last) / self.hz


def play(c: loopback.LoopbackCluster, out: Path, games: int, chunk: int, ray: bool, cores: list[int] | None) -> dict:
    """One run: its play time (the manifest's session seconds), engine time, CPU time, chunk count."""
    args = c.galaxysim("run", "--players", "4", "--bots", BOTS, "--games", str(games), "--seed", str(SEED),
                       "--chunk-size", str(chunk), "--threads", "1", "--out", str(out), "--overwrite", "--quiet",
                       *(["--ray", loopback.ADDRESS] if ray else []))
    t = time.perf_counter()
    with CpuMeter(c) as cpu:
        r = c.run(args, timeout=3600, cores=cores)
    wall = time.perf_counter() - t
    if r.returncode != 0:
        raise SystemExit(f"benchmark run failed: {r.stderr[-2000:]}")
    m = json.loads((out / "manifest.json").read_text())
    seconds = m["sessions"][-1]["seconds"]
    engine = sum(ch["seconds"] for ch in m["chunks"])  # the engine's play time, measured where it played
    return {"games": games, "chunk": chunk, "chunks": m["n_chunks"], "seconds": seconds, "wall": round(wall, 2),
            "engine_seconds": round(engine, 3), "cpu_seconds": round(cpu.seconds, 3),
            "games_per_s": round(games / seconds, 1)}


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares y = a + b x: (a, b)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - b * mx, b


def overhead(c, tmp: Path, sizes: list[int], repeat: int, games: int) -> dict:
    """The same `games` in chunks of each size, locally and on Ray: per size, and fitted per chunk."""
    rows = []
    for size in sizes:
        runs = {}
        for kind in ("local", "ray"):
            tries = [play(c, tmp / kind, games, size, kind == "ray", [0]) for _ in range(repeat)]
            runs[kind] = {"seconds": min(t["seconds"] for t in tries), "cpu_seconds": min(t["cpu_seconds"] for t in tries),
                          "engine_seconds": min(t["engine_seconds"] for t in tries), "chunks": tries[0]["chunks"]}
        rows.append({"chunk_size": size, "chunks": runs["ray"]["chunks"], "local": runs["local"], "ray": runs["ray"]})
        lo, ra = runs["local"], runs["ray"]
        print(f"  chunk {size:>6,}: {ra['chunks']:>4} chunks; play time local {lo['seconds']:6.2f} s, ray "
              f"{ra['seconds']:6.2f} s; CPU time local {lo['cpu_seconds']:6.2f} s, ray {ra['cpu_seconds']:6.2f} s",
              file=sys.stderr, flush=True)
    chunks = [r["chunks"] for r in rows]
    per_game = min(r[k]["engine_seconds"] for r in rows for k in ("local", "ray")) / games
    out = {"games": games, "per_game_engine_seconds": per_game, "sizes": rows}
    for what in ("seconds", "cpu_seconds"):
        a_l, b_l = fit(chunks, [r["local"][what] for r in rows])
        a_r, b_r = fit(chunks, [r["ray"][what] for r in rows])
        per_chunk = b_r - b_l  # what Ray adds to each chunk, beyond what the local runner spends on it
        # Share of run time for chunks of S games: per_chunk / (S x per_game + b_l + per_chunk) < 2%
        # when S > (49 x per_chunk - b_l) / per_game.
        smallest = max(1, int((49 * per_chunk - b_l) / per_game)) if per_chunk > 0 else 1
        out[what] = {"ray_per_chunk_ms": round(1000 * per_chunk, 2), "ray_per_run_s": round(a_r - a_l, 2),
                     "local_per_chunk_ms": round(1000 * b_l, 2), "smallest_chunk_under_2pct": smallest,
                     "share_by_size": {r["chunk_size"]: round(per_chunk / (r["chunk_size"] * per_game + b_l
                                                                          + per_chunk), 4) for r in rows}}
    return out


def utilization(run: dict, slots: int) -> float:
    """How busy the task slots were: engine seconds / (slots x play seconds)."""
    return run["engine_seconds"] / (slots * run["seconds"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer chunk sizes, shorter runs")
    ap.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ap.add_argument("--repeat", type=int, default=None, help="runs per measurement, the fastest counts")
    a = ap.parse_args()
    reason = loopback.unavailable()
    if reason:
        raise SystemExit(f"benchmarks/cluster.py: {reason}")
    cores = sorted(os.sched_getaffinity(0))
    sizes = [100, 1_000, 10_000] if a.quick else [100, 250, 1_000, 2_500, 10_000, 20_000]
    repeat = a.repeat or (1 if a.quick else 2)
    scale_games = 60_000 if a.quick else 200_000
    info = {"machine": machine()}
    print(f"machine: {info['machine']['cpu']}, {info['machine']['logical_cpus']} logical CPUs, "
          f"{info['machine']['platform']}, Python {info['machine']['python']}, Ray {info['machine']['ray']}, "
          f"load average {info['machine']['load_average']}", file=sys.stderr, flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="gsbench-"))
    c = loopback.LoopbackCluster()
    try:
        t = time.perf_counter()
        c.start_head(cpus=1, cores=[cores[0]])
        info["head_start_seconds"] = round(time.perf_counter() - t, 1)
        print("1. Ray overhead per chunk (1 node, 1 CPU; driver and local runner on the same core)",
              file=sys.stderr, flush=True)
        with CpuMeter(c) as idle:
            time.sleep(5)
        info["idle_daemons_cpu_share"] = round(idle.seconds / 5, 4)
        print(f"  Ray's daemons on an idle node: {100 * idle.seconds / 5:.1f}% of a core", file=sys.stderr)
        o = overhead(c, tmp, sizes, repeat, 20_000 if a.quick else 40_000)
        info["overhead"] = o
        for what, name in (("seconds", "play time"), ("cpu_seconds", "CPU time")):
            f = o[what]
            print(f"  fitted on {name}: Ray adds {f['ray_per_chunk_ms']:.1f} ms per chunk (the local runner spends "
                  f"{f['local_per_chunk_ms']:.1f} ms) and {f['ray_per_run_s']:.2f} s per run; under 2% of the run "
                  f"from chunks of {f['smallest_chunk_under_2pct']:,} games "
                  f"({f['smallest_chunk_under_2pct'] * o['per_game_engine_seconds']:.2f} s of play)",
                  file=sys.stderr, flush=True)
        # The CPU-time fit is the headline: other load on the machine barely moves CPU seconds, while it can
        # swamp the per-chunk differences of play times (compare both on an idle machine).
        info["smallest_chunk_under_2pct"] = o["cpu_seconds"]["smallest_chunk_under_2pct"]
        size = 5_000
        print(f"2. scaling, chunks of {size:,} games, {scale_games:,} games", file=sys.stderr, flush=True)
        one = min((play(c, tmp / "one", scale_games, size, True, None) for _ in range(repeat)),
                  key=lambda r: r["seconds"])
        print(f"  1 node : {one['games_per_s']:8,.0f} games/s ({one['seconds']:.2f} s)", file=sys.stderr)
        if len(cores) < 2:
            info["scaling"] = {"one_node": one, "two_nodes": None, "efficiency": None}
        else:
            t = time.perf_counter()
            c.add_worker(cpus=1, cores=[cores[1]])
            info["worker_start_seconds"] = round(time.perf_counter() - t, 1)
            two = min((play(c, tmp / "two", scale_games, size, True, None) for _ in range(repeat)),
                      key=lambda r: r["seconds"])
            eff = two["games_per_s"] / (2 * one["games_per_s"])
            norm = utilization(two, 2) / utilization(one, 1)
            cpu_ratio = (one["cpu_seconds"] / one["games"]) / (two["cpu_seconds"] / two["games"])
            print(f"  2 nodes: {two['games_per_s']:8,.0f} games/s ({two['seconds']:.2f} s); parallel efficiency "
                  f"{100 * eff:.1f}%; by slot utilization (1 node {100 * utilization(one, 1):.1f}%, 2 nodes "
                  f"{100 * utilization(two, 2):.1f}%) {100 * norm:.1f}%; CPU seconds per game 1 node / 2 nodes "
                  f"{cpu_ratio:.3f}", file=sys.stderr)
            info["scaling"] = {"one_node": one, "two_nodes": two, "efficiency": round(eff, 4),
                               "utilization_one_node": round(utilization(one, 1), 4),
                               "utilization_two_nodes": round(utilization(two, 2), 4),
                               "efficiency_by_utilization": round(norm, 4),
                               "cpu_per_game_ratio": round(cpu_ratio, 4)}
    finally:
        c.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    info["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(f"smallest chunk size with Ray overhead < 2% of run time (CPU-time fit): "
          f"{info['smallest_chunk_under_2pct']:,} games; load average after {info['load_average_after']}",
          file=sys.stderr)
    if a.json:
        print(json.dumps(info, indent=1))


if __name__ == "__main__":
    main()
