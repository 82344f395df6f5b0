"""The lock of a run folder: a process holds an exclusive flock on RUN/.lock while it writes the folder, so two
processes never write one run (galaxysim.results.writer.lock_is_held tells whether one does). resume_writer: how
a run's or a match's resume takes up the folder once it holds the lock.
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator

from galaxysim.results.reader import Run, open_run, verify_run
from galaxysim.results.writer import LOCK_FILE, RunWriter, clean_folder

from .errors import ConfigError
from .progress import note


@contextlib.contextmanager
def locked(run_dir: Path) -> Iterator[None]:
    """Holds an exclusive lock on run_dir/.lock (POSIX), so two processes never write one run."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(run_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ConfigError(f"{run_dir} is in use by another galaxysim process") from None
        yield
    finally:
        os.close(fd)


def resume_writer(run_dir: Path, checked: Run, quiet: bool) -> RunWriter:
    """The writer that continues `run_dir`, called with its lock held: the folder is read again (another process
    may have written it since `checked` was read and verified, and then it is verified again), and what a killed
    writer left (temporary and unlisted chunk files) is removed, saying so unless `quiet`."""
    run = open_run(run_dir)
    if run.manifest != checked.manifest:
        verify_run(run)
    removed = clean_folder(run_dir, run.manifest)
    if removed and not quiet:
        note(f"galaxysim: removed {len(removed)} unfinished file(s) of the interrupted run")
    return RunWriter(run_dir, run.manifest)
