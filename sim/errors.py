"""The errors of runs and matches, each one line that says what is wrong and what to do.

ConfigError: bad input (a flag, a config file, a run folder that cannot be used as asked); the command line
prints it and exits with code 2. RunWriteError: writing a run folder failed part way (a full disk); every chunk
the manifest lists is whole, the message says how to go on; exit code 1.
"""
from __future__ import annotations

from pathlib import Path


class ConfigError(Exception):
    """Bad user input: a flag, a config file, an option value. The CLI prints it and exits with code 2."""


class RunWriteError(Exception):
    """Writing a run folder failed part way (disk full, permissions, ...): the chunks the manifest lists are whole
    and the run resumes. The CLI prints it as one line and exits with code 1."""


def write_failure(e: OSError, folder: Path, written: int, total: int, resume_command: str) -> RunWriteError:
    """The one line for an OSError while playing into `folder`: what failed, what is safe, how to go on."""
    where = f" ({e.filename})" if getattr(e, "filename", None) else ""
    return RunWriteError(f"{e.strerror or e}{where} while writing {folder}: the {written:,} of {total:,} games "
                         f"written before are safe; free the space or fix the folder, then: {resume_command}")


def one_line(text: str) -> str:
    """`text` with its line breaks and runs of spaces made single spaces (the engine's messages may span lines)."""
    return " ".join(text.split())
