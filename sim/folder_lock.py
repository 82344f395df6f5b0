"""The lock of a run folder: a process holds an exclusive flock on RUN/.lock while it writes the folder, so two
processes never write one run (galaxysim.results.writer.lock_is_held tells whether one does).
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator

from galaxysim.results.writer import LOCK_FILE

from .errors import ConfigError


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
