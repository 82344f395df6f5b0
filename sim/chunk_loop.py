"""A run's chunk loop: the chunks a run folder is missing are played (on this machine or on a Ray cluster) and
written one by one, with the progress shown and the manifest kept current.

Game i is determined by (run seed, i, config) alone, so neither the thread count nor the chunk size nor a resume
changes a row. Stopping (galaxysim.stop_requests): the first Ctrl-C or SIGTERM finishes the chunk in flight,
writes it and stops, marking the run "interrupted"; a second abandons the chunk in flight. Either way every chunk
the manifest lists is complete, and `resume` plays the missing ones. A full disk stops the loop with one line
saying what is safe and how to go on (errors.write_failure). The manifest's status and session entry are kept
by sim/play_session.py, as for a match.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from galaxysim.results.writer import RunWriter, games_written
from galaxysim.stop_requests import StopRequests

from .chunk_job import ChunkPlayer
from .chunk_plan import missing_chunks
from .config import RunConfig, all_cores
from .local_chunks import LocalChunks
from .play_session import PlaySession
from .progress import Progress, note


@dataclass
class RunOutcome:
    path: Path
    status: str  # "complete" | "interrupted"
    games_written: int
    games_planned: int
    played: int  # games played by this call
    seconds: float
    threads: int
    message: str = ""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


def live_games(source) -> int:
    """Games a chunk source has played so far in this session, if it can tell within a chunk (else 0)."""
    count = getattr(source, "games_played", None)
    return int(count()) if count is not None else 0


def play_chunks(writer: RunWriter, player: ChunkPlayer, cfg: RunConfig, quiet: bool, progress: bool | None,
                stop: StopRequests, cluster=None) -> RunOutcome:
    """Plays the chunks the folder of `writer` is missing, here (LocalChunks) or on `cluster` (a
    galaxysim.cluster.connect.RayCluster), writes each as it comes, keeps the manifest's status and session
    current, and stops as `stop` asks (see the module docstring)."""
    m = writer.manifest
    total = m["games"]
    todo = missing_chunks(m)
    already = games_written(m)
    threads = int(cfg.threads or all_cores())
    if not todo:
        if m["status"] != "complete":
            m["status"] = "complete"
            writer.flush()
        return RunOutcome(writer.dir, "complete", already, total, 0, 0.0, threads,
                          message=f"{writer.dir} is already complete ({total:,} games)")
    source = (LocalChunks(player, todo, threads, stop) if cluster is None
              else cluster.chunks(player.job, todo, threads, stop))
    if not quiet:
        what = "resuming" if already else "playing"
        rest = f"{total - already:,} of {total:,}" if already else f"{total:,}"
        note(f"galaxysim: {what} {rest} games {source.describe()} into {writer.dir}")
    again = f" --ray {cluster.address}" if cluster is not None else ""
    session = PlaySession(writer, threads, f"galaxysim resume {writer.dir}{again}", **source.session_info())
    session.begin()

    show = (not quiet and sys.stderr.isatty()) if progress is None else progress
    played = 0

    def moved() -> None:  # games played in all: written ones, and those the engine finished since
        bar.to(already + max(played, live_games(source)))

    with Progress(total, already, bar=show, lines=not quiet) as bar:
        source.start()
        try:
            while not source.finished:
                if stop.requests > stop.announced:
                    stop.announced = stop.requests
                    msg = ("galaxysim: stopping after the chunk in flight (Ctrl-C again to stop at once)"
                           if stop.requests == 1 else "galaxysim: stopping now")
                    if not quiet:
                        bar.write(msg)
                if stop.abandon.is_set():
                    break
                enc = source.next(timeout=0.1)
                moved()
                while source.notes:
                    message = source.notes.pop(0)
                    if not quiet:
                        bar.write(message)
                if enc is None or enc.chunk in writer.done_chunks():  # a chunk is written once
                    continue
                session.wrote(enc.games, **source.session_info())
                writer.write_encoded_chunk(enc)
                played += enc.games
                moved()
        except BaseException as e:
            source.close(complete=False)
            session.stopped_by(e)
            raise
    elapsed = session.elapsed()
    complete = games_written(m) == total
    source.close(complete=complete)
    written = session.end(elapsed, **source.session_info())
    if complete:
        return RunOutcome(writer.dir, "complete", written, total, played, elapsed, threads)
    msg = (f"interrupted: {written:,} of {total:,} games written to {writer.dir}; "
           f"continue with: galaxysim resume {writer.dir}{again}")
    return RunOutcome(writer.dir, "interrupted", written, total, played, elapsed, threads, message=msg)
