"""The --out folder of a new run or match: what is in it (look_at), may the run be written there
(refuse_occupied: --overwrite replaces only a galaxysim run folder that no other process is writing), and
creating one there without leaving a folder that no command can use.

A folder galaxysim began to make but never wrote a manifest into (a full disk, or a kill, while the run
started) holds nothing but the lock file, empty table folders, the card table and temporary files: it is
`unstarted`, and `run`, `run --resume`, `run --overwrite` and `match` simply start afresh in it.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from galaxysim.results.manifest import CARDS_FILE, MANIFEST
from galaxysim.results.schema import TABLES
from galaxysim.results.writer import (KNOWN_ENTRIES, LOCK_FILE, RunWriter, folder_is_ours, is_temp_name,
                                     lock_is_held, remove_run_folder_contents)

from .errors import ConfigError, RunWriteError


def unstarted(out: Path) -> bool:
    """True for an existing folder that holds no run yet, only what galaxysim writes before the manifest (see
    the module docstring); False for a folder with a manifest or anything else in it."""
    out = Path(out)
    if not out.is_dir() or (out / MANIFEST).exists():
        return False
    for p in out.iterdir():
        if p.name in (LOCK_FILE, CARDS_FILE) or is_temp_name(p.name):
            continue
        if p.name in TABLES and p.is_dir() and not p.is_symlink() and all(is_temp_name(q.name) for q in p.iterdir()):
            continue
        return False
    return True


def holds_something(out: Path) -> bool:
    """--out exists and is not empty, and not merely `unstarted`: a run, or files that are not galaxysim's."""
    out = Path(out)
    return out.is_dir() and any(out.iterdir()) and not unstarted(out)


@dataclass(frozen=True)
class OutFolder:
    """What --out holds before a new run or match is written there."""

    path: Path
    nonempty: bool  # anything at all (what a new run must first remove)
    has_run: bool   # holds_something: a run, or files that are not galaxysim's (resume it, or --overwrite it)


def look_at(out: Path) -> OutFolder:
    """What --out holds (ConfigError when it is a file)."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} exists and is not a folder")
    nonempty = out.is_dir() and any(out.iterdir())
    # (not a folder whose run was stopped before it began: that one is replaced)
    return OutFolder(out, nonempty, holds_something(out))


def refuse_occupied(folder: OutFolder, overwrite: bool) -> None:
    """A new run may be written into `folder`: it holds no run, or (with --overwrite) a galaxysim run folder
    (refuse_foreign_overwrite), and no other galaxysim process is writing there (ConfigError otherwise)."""
    out = folder.path
    if folder.has_run:
        if not overwrite:
            raise ConfigError(f"--out {out} already exists and is not empty: pass --resume to continue the run in "
                              "it, or --overwrite to replace it")
        refuse_foreign_overwrite(out)
    if folder.nonempty and lock_is_held(out):
        raise ConfigError(f"{out} is in use by another galaxysim process")


def create(out: Path, manifest: dict[str, Any], cards: pa.Table) -> RunWriter:
    """RunWriter.create, but a failure (a full disk) removes what it wrote and says so in one line naming the
    folder (RunWriteError): the folder is left unstarted, and the same command run again starts there."""
    try:
        return RunWriter.create(out, manifest, cards)
    except OSError as e:
        with contextlib.suppress(OSError):
            remove_run_folder_contents(out)
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        raise RunWriteError(f"{e.strerror or e}{where} while creating the run folder {out}: no game was played and "
                            "nothing is left half-written; free the space, then run the same command again") from e


def refuse_foreign_overwrite(out: Path) -> None:
    """--overwrite replaces only a galaxysim run folder: one with a manifest, holding nothing galaxysim did not
    write (the message names what is not galaxysim's, which --overwrite would otherwise remove)."""
    def names(entries: list[str]) -> str:
        return ", ".join(entries[:3]) + ("..." if len(entries) > 3 else "")

    entries = sorted(p.name for p in out.iterdir() if p.name != LOCK_FILE)
    if not (out / MANIFEST).is_file():
        raise ConfigError(f"refusing to --overwrite {out}: it is not a galaxysim run folder (no {MANIFEST}; it "
                          f"holds {names(entries)})")
    if not folder_is_ours(out):
        theirs = [n for n in entries if n not in KNOWN_ENTRIES and not is_temp_name(n)]
        raise ConfigError(f"refusing to --overwrite {out}: it also holds {names(theirs)}, which galaxysim did not "
                          "write (move them away, or choose another --out)")


def refuse_unstarted(out: Path, command: str) -> None:
    """`resume` of a folder whose run never began: one line saying how to start it."""
    if unstarted(out) and any(Path(out).iterdir()):
        raise ConfigError(f"{out} holds no run yet: it was stopped before its first game (no {MANIFEST}); start "
                          f"it again with {command} --out {out} and the run's flags")
