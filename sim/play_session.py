"""A session of play in a run folder, as the manifest records it: what a run's chunk loop (sim/chunk_loop.py) and a
match's loop (sim/match.py) both do around their chunks.

begin() adds the session's entry to the manifest's `sessions` and marks the folder "running"; wrote() counts a
chunk's games and the time so far, before the writer lists the chunk; end() marks the folder "complete" when
every game is written, else "interrupted", and times the session. When play stops on an error, stopped_by()
marks the folder "interrupted" (every chunk the manifest lists is whole, so it resumes) and makes a failed write
(a full disk) one line saying what is safe and the command that goes on (errors.write_failure).
"""
from __future__ import annotations

import contextlib
import time
from typing import Any

from galaxysim.results.writer import RunWriter, games_written

from .errors import write_failure
from .new_manifest import new_session


class PlaySession:
    """One session of play into the folder of `writer` on `threads` threads; `resume_command` is what a user
    types to go on after a failed write; `info` goes into the session's entry (a Ray session's cluster)."""

    def __init__(self, writer: RunWriter, threads: int, resume_command: str, **info: Any):
        self.writer = writer
        self.manifest = writer.manifest
        self.resume_command = resume_command
        self.entry = new_session(threads, **info)
        self.base_elapsed = float(self.manifest.get("elapsed_seconds") or 0.0)  # earlier sessions' play time
        self.t0 = time.perf_counter()

    def begin(self) -> None:
        """Adds the session's entry, marks the folder "running" and writes the manifest; the clock starts."""
        m = self.manifest
        already = games_written(m)
        m.setdefault("sessions", []).append(self.entry)
        m["status"] = "running"
        try:
            self.writer.flush()
        except OSError as e:
            raise write_failure(e, self.writer.dir, already, m["games"], self.resume_command) from e
        self.t0 = time.perf_counter()

    def elapsed(self) -> float:
        """Seconds since begin()."""
        return time.perf_counter() - self.t0

    def wrote(self, games: int, **info: Any) -> None:
        """Counts a chunk of `games` games about to be written (the writer then lists it and writes the
        manifest); `info` updates the session's entry."""
        now = self.elapsed()
        self.entry["games"] += games
        self.entry["seconds"] = round(now, 3)
        self.entry.update(info)
        self.manifest["elapsed_seconds"] = round(self.base_elapsed + now, 3)

    def stopped_by(self, e: BaseException) -> None:
        """Play stopped on `e`: the folder is marked "interrupted" (as far as the disk allows); an OSError is
        raised again as the one line of errors.write_failure. The caller raises any other error again."""
        m = self.manifest
        m["status"] = "interrupted"  # every listed chunk is whole: resumable
        with contextlib.suppress(OSError):
            self.writer.flush()
        if isinstance(e, OSError):
            raise write_failure(e, self.writer.dir, games_written(m), m["games"], self.resume_command) from e

    def end(self, elapsed: float, **info: Any) -> int:
        """Play ended after `elapsed` seconds (self.elapsed(), taken when the last chunk was written): the
        folder's status, the session's time and `info`, the manifest written. Returns the games written."""
        m = self.manifest
        written = games_written(m)
        m["status"] = "complete" if written == m["games"] else "interrupted"
        self.entry["seconds"] = round(elapsed, 3)
        self.entry.update(info)
        m["elapsed_seconds"] = round(self.base_elapsed + elapsed, 3)
        self.writer.flush()
        return written
