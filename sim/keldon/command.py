"""`galaxysim import keldon FILE.jsonl.gz ... --out RUN_DIR`: replays the reference engine's game records in
galaxysim and writes the games it replays to an identical end state into a run folder (docs/import.md).

The summary says how many games replayed identically and, for every other game, where it first diverged
(round, phase, decision kind, what differed) and the documented rules reading that explains it, if one does;
`--json PATH` writes the same as JSON. Bad input (a file that is not gzip or breaks off, a record of another
format, an unknown card name) is one line each on stderr; the other records are still imported."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..config import ConfigError
from ..progress import Progress
from .readings import classify
from .record import Record, RecordError, read_records
from .replay import REFERENCE_READINGS, GameKinds, UnknownCard, replay
from .run_folder import ImportFolderError, ImportWriter

EXAMPLES = """\
examples:
  galaxysim import keldon e0_2p.jsonl.gz e1_4p.jsonl.gz --out runs/keldon
  galaxysim import keldon corpus/*.jsonl.gz --out runs/keldon --json keldon-summary.json
  galaxysim import keldon games.jsonl.gz --out runs/k --rulebook-readings    galaxysim's own rules readings
  galaxysim report runs/keldon

Only games replayed to an identical end state are written; the summary lists the others.
See docs/import.md.
"""


def add_parser(sub, fmt) -> argparse.ArgumentParser:
    p = sub.add_parser("import", help="import recorded games into a run folder", formatter_class=fmt,
                       description="Imports games recorded by other engines into a run folder.")
    kinds = p.add_subparsers(dest="source", metavar="SOURCE")
    k = kinds.add_parser("keldon", help="records of Keldon Jones's RftG AI (format rftg-conformance-1)",
                         formatter_class=fmt, epilog=EXAMPLES,
                         description="Replays each record in galaxysim, following its draws and answering every\n"
                                     "decision from it, and writes the games replayed to an identical end\n"
                                     "state (games, seats, decisions with --record-decisions) into RUN_DIR.")
    k.add_argument("files", metavar="FILE", nargs="+", help="record files (.jsonl.gz)")
    k.add_argument("--out", metavar="RUN_DIR", required=True, help="the run folder to write")
    k.add_argument("--json", metavar="PATH", help="also write the summary as JSON")
    k.add_argument("--record-decisions", action="store_true",
                   help="write decisions/ too: every decision galaxysim asked, with the observation tensor")
    k.add_argument("--rulebook-readings", action="store_true",
                   help=f"replay with galaxysim's own rules readings, not the reference engine's "
                        f"({', '.join(REFERENCE_READINGS)}; docs/import.md)")
    k.add_argument("--overwrite", action="store_true", help="replace RUN_DIR if it holds a run folder")
    k.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return p


def count_records(files: list[str]) -> int:
    """The number of lines (records) in the files, for the progress bar (0 for a file that cannot be read)."""
    import gzip

    total = 0
    for f in files:
        try:
            with gzip.open(f, "rb") as fh:
                total += sum(1 for line in fh if line.strip())
        except (OSError, EOFError):
            pass
    return total


def cmd_import(ns: argparse.Namespace) -> int:
    if ns.source != "keldon":
        raise ConfigError("galaxysim import: name the source of the records: galaxysim import keldon FILE ...")
    readings = () if ns.rulebook_readings else REFERENCE_READINGS
    writer = ImportWriter(Path(ns.out), list(ns.files), ns.record_decisions, readings)
    try:
        writer.start(ns.overwrite)
    except ImportFolderError as e:
        raise ConfigError(str(e)) from None
    t0 = time.perf_counter()
    kinds = GameKinds(readings)
    bad: list[str] = []
    games = identical = 0
    diverged: list[dict[str, Any]] = []
    show = not ns.quiet and sys.stderr.isatty()
    try:
        with writer.locked(), Progress(max(1, count_records(ns.files)), 0, show, not ns.quiet,
                                       unit="games") as progress:
            for path in ns.files:
                for item in read_records(path):
                    if isinstance(item, RecordError):
                        bad.append(str(item))
                        progress.write(f"galaxysim import: {item}")
                        continue
                    games += 1
                    progress.update(1)
                    result = _replay_one(item, kinds, ns.record_decisions)
                    if isinstance(result, str):
                        bad.append(result)
                        progress.write(f"galaxysim import: {result}")
                        continue
                    if result.identical:
                        identical += 1
                        try:
                            writer.add(result)
                        except ImportFolderError as e:
                            raise ConfigError(str(e)) from None
                        continue
                    d = result.divergence
                    d.reading = classify(item.data, d, readings)
                    diverged.append(d.as_dict(item.game_id))
                    if not result.finished:  # the game stops here: named like bad input
                        progress.write(f"galaxysim import: {RecordError(path, item.game_id, _where(d))}")
            if games == 0:  # nothing to import: bad input, and no run folder
                names = ", ".join(Path(f).name for f in ns.files)
                raise ConfigError(f"no game record could be read from {names}" +
                                  (" (see above)" if bad else "") + "; nothing written")
            summary = {"games": games, "identical": identical, "diverged": diverged,
                       "not_imported": bad, "reference_readings": list(readings)}
            written = writer.finish(time.perf_counter() - t0, {k: v for k, v in summary.items()
                                                               if k != "diverged"} | {"diverged": len(diverged)})
        writer.put_in_place()
    except BaseException:
        writer.abandon()
        raise
    seconds = time.perf_counter() - t0
    if ns.json:
        Path(ns.json).write_text(json.dumps({"games": games, "identical": identical, "diverged": diverged},
                                            indent=1) + "\n", encoding="utf-8")
    print(format_summary(games, identical, diverged, bad, written, Path(ns.out), seconds, readings))
    return 0


def _where(d) -> str:
    reading = f" (rules reading {d.reading})" if d.reading else ""
    return f"not replayed past round {d.round}, {d.phase}, {d.kind}: {d.detail}{reading}"


def _replay_one(record: Record, kinds: GameKinds, decisions: bool):
    """The replay of one record, or the one-line message of a record that cannot be replayed at all."""
    try:
        return replay(record, kinds, keep_decisions=True, observations=decisions)
    except UnknownCard as e:
        return str(RecordError(record.path, record.game_id, str(e)))
    except (KeyError, TypeError, ValueError, IndexError) as e:  # a record missing what the format promises
        return str(RecordError(record.path, record.game_id, f"malformed record ({type(e).__name__}: {e})"))


def format_summary(games: int, identical: int, diverged: list[dict[str, Any]], bad: list[str], written: int,
                   out: Path, seconds: float, readings: tuple[str, ...]) -> str:
    share = f" ({identical / games:.1%})" if games else ""
    lines = [f"galaxysim import keldon: {games} games read, {identical} replayed to an identical end state{share}, "
             f"{len(diverged)} diverged, {len(bad)} not imported; {written} written to {out} in {seconds:.1f} s"]
    if readings:
        lines.append(f"  replayed with the reference engine's readings of {', '.join(readings)} (docs/import.md)")
    for d in diverged:
        reading = f" [reading {d['reading']}]" if d["reading"] else ""
        detail = d["detail"] if len(d["detail"]) <= 200 else d["detail"][:197] + "..."
        lines.append(f"  {d['game_id']}: round {d['round']}, {d['phase']}, {d['kind']}: {detail}{reading}")
    return "\n".join(lines)
