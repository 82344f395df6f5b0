#!/usr/bin/env python3
"""The rows of a fixed set of runs, as one hash per table: to check that a change to the Python layers (a
refactor of galaxysim.sim, say) changes no game.

    python benchmarks/row_hashes.py > before.json       # on the old code
    python benchmarks/row_hashes.py --check before.json # on the new code: exit 1 when a hash differs

The runs cover what the sim layer does differently: runs of each game and expansion level, a what-if variant,
the solo game, recorded decisions, a resume after a stop, a match and a tournament (built-in and Python bots),
and a compare. Every table of every run folder is hashed row by row, in game order, without games.wall_time_us
(the one column that measures the machine) and with dictionary columns as plain strings (each chunk file has
its own dictionary).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from galaxysim.results import load_decisions, load_games, load_seats, open_run
from galaxysim.sim import RunConfig
from galaxysim.sim.compare import compare
from galaxysim.sim.match import MatchConfig, play
from galaxysim.sim.run import resume, start
from galaxysim.variant import Variant


class FirstLegal:
    """A Python bot: always the first legal action."""

    def act(self, state, legal_actions):
        return legal_actions[0]


RUNS = {
    "base-4p": dict(players=4, bots=["random", "heuristic", "heuristic", "heuristic"], games=700, seed=1,
                    chunk_size=300),
    "tgs-3p-decisions": dict(expansion="tgs", players=3, bots=["heuristic"], games=120, seed=2, chunk_size=50,
                             record_decisions=True),
    "rvi-5p-takeovers": dict(expansion="rvi", players=5, takeovers=True, bots=["random", "heuristic"] * 2 +
                             ["random"], games=150, seed=3, chunk_size=70),
    "rvi-solo-hard": dict(expansion="rvi", players=1, solo_difficulty="hard", bots=["heuristic"], games=80, seed=4),
    "base-2p-advanced-variant": dict(players=2, advanced=True, bots=["heuristic"], games=300, seed=5,
                                     what_if=Variant.parse("Gambling World.cost=2; hand_limit=12")),
    "af-3p-long-decisions": dict(game="af", players=3, long_game=True, bots=["heuristic", "random", "random"],
                                 games=40, seed=6, chunk_size=15, record_decisions=True),
}


def row_hash(table: pa.Table) -> str:
    cols = {}
    for name, col in zip(table.column_names, table.columns):
        if name == "wall_time_us":
            continue
        cols[name] = pc.cast(col, pa.string()) if pa.types.is_dictionary(col.type) else col
    sink = pa.BufferOutputStream()
    plain = pa.table(cols)
    with pa.ipc.new_stream(sink, plain.schema.remove_metadata()) as w:
        w.write_table(plain.combine_chunks().replace_schema_metadata(None))
    return hashlib.sha256(sink.getvalue()).hexdigest()[:16]


def hashes(run: Path) -> dict[str, str]:
    r = open_run(run)
    out = {"games": row_hash(load_games(r)), "seats": row_hash(load_seats(r))}
    if "decisions" in r.tables:
        out["decisions"] = row_hash(load_decisions(r))
    out["run_id"] = r.manifest["run_id"]
    return out


def play_all(root: Path) -> dict[str, dict[str, str]]:
    out = {}
    for name, values in RUNS.items():
        folder = root / name
        assert start(RunConfig(out=str(folder), quiet=True, threads=2, **values), progress=False).complete
        out[name] = hashes(folder)
    # A run stopped after its first chunk, then resumed.
    folder = root / "resumed"
    cfg = RunConfig(players=3, bots=["heuristic"], games=500, seed=7, chunk_size=100, out=str(folder), quiet=True,
                    threads=1)
    start(cfg, progress=False)
    m = json.loads((folder / "manifest.json").read_text())
    m["chunks"] = m["chunks"][:1]
    m["status"] = "interrupted"
    (folder / "manifest.json").write_text(json.dumps(m))
    assert resume(folder, threads=2, quiet=True, progress=False).complete
    out["resumed"] = hashes(folder)
    # Matches and tournaments.
    for name, cfg, objects in (
            ("match-2p", MatchConfig(bots=["ismcts:iterations=20", "heuristic"], games=12, seed=8, chunk_size=5), {}),
            ("match-4p-python", MatchConfig(bots=["first", "random"], players=4, games=8, seed=9, chunk_size=3,
                                            record_decisions=True), {"first": FirstLegal()}),
            ("tournament-af", MatchConfig(kind="tournament", game="af", bots=["random", "heuristic", "ismcts:"
                                                                             "iterations=5"], games=4, seed=10), {}),
            ("tournament-rvi-3p", MatchConfig(kind="tournament", expansion="rvi", players=3, takeovers=True,
                                              bots=["random", "heuristic", "ismcts:iterations=10", "ismcts:iterations=3"],
                                              games=6, seed=11), {})):
        folder = root / name
        cfg.out, cfg.quiet, cfg.threads = str(folder), True, 2
        assert play(cfg, objects=objects, progress=False).complete
        out[name] = hashes(folder)
    # A compare: the baseline and a variant on the same seeds.
    folder = root / "compare"
    base = RunConfig(players=3, bots=["heuristic"], games=200, seed=12, out=str(folder), quiet=True, threads=2)
    res = compare(base, [Variant.parse("Alien Tech Institute.vp=1")], progress=False)
    assert res.complete
    out["compare-baseline"] = hashes(res.baseline.path)
    out["compare-variant"] = hashes(res.variants[0][1].path)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", metavar="FILE", help="compare with the hashes in FILE; exit 1 when one differs")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="gs-hashes-") as tmp:
        now = play_all(Path(tmp))
    if not args.check:
        print(json.dumps(now, indent=1, sort_keys=True))
        return 0
    before = json.loads(Path(args.check).read_text())
    bad = [f"{run}.{table}: {before.get(run, {}).get(table)} before, {h} now"
           for run, tables in now.items() for table, h in tables.items() if before.get(run, {}).get(table) != h]
    bad += [f"{run}: missing now" for run in before if run not in now]
    for line in bad:
        print(line)
    print(f"{sum(len(t) for t in now.values())} hashes of {len(now)} runs: "
          + ("all the same" if not bad else f"{len(bad)} differ"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
