"""Reading the reference engine's game records: gzip-compressed JSON Lines, one game a line, format
"rftg-conformance-1" (docs/import.md). Bad input is one line naming the file, the game and what is
wrong (RecordError); a file that breaks off still gives the games before the break."""
from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

FORMAT = "rftg-conformance-1"
EXPANSIONS = {0: "base", 1: "tgs", 2: "rvi"}
#: The record keys the importer reads.
REQUIRED = ("game_id", "config", "setup", "events", "end")


class RecordError(Exception):
    """Bad input: a file or a record that cannot be imported. str() is the one line to print."""

    def __init__(self, path: Path | str, game_id: str | None, what: str):
        self.path, self.game_id, self.what = str(path), game_id, what
        where = f"{Path(self.path).name}: game {game_id}" if game_id else Path(self.path).name
        super().__init__(f"{where}: {what}")


@dataclass
class Record:
    """One game record and where it came from."""

    path: str
    line: int
    data: dict[str, Any]

    @property
    def game_id(self) -> str:
        return self.data["game_id"]

    @property
    def config(self) -> dict[str, Any]:
        return self.data["config"]


def read_records(path: Path | str) -> Iterator[Record | RecordError]:
    """The records of one file in order; a RecordError in their place for a record that cannot be read,
    and one last RecordError when the file itself breaks off (truncated) or is not gzip."""
    path = Path(path)
    try:
        f = gzip.open(path, "rt", encoding="utf-8")
        line_no = 0
        with f:
            for line_no, line in enumerate(f, 1):
                if line.strip():
                    yield parse_record(path, line_no, line)
    except FileNotFoundError:
        yield RecordError(path, None, "no such file")
    except IsADirectoryError:
        yield RecordError(path, None, "is a folder, not a record file")
    except gzip.BadGzipFile:
        yield RecordError(path, None, "not a gzip file (expected FILE.jsonl.gz)")
    except (EOFError, zlib.error) as e:
        yield RecordError(path, None, f"truncated or corrupt gzip data after line {line_no} ({e})")
    except UnicodeDecodeError:
        yield RecordError(path, None, f"line {line_no + 1} is not UTF-8 text")
    except OSError as e:
        yield RecordError(path, None, f"cannot read: {e}")


def parse_record(path: Path, line_no: int, line: str) -> Record | RecordError:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as e:
        return RecordError(path, None, f"line {line_no} is not JSON ({e.msg}; a truncated file?)")
    if not isinstance(data, dict):
        return RecordError(path, None, f"line {line_no} is not a game record (a JSON object)")
    game_id = data.get("game_id") if isinstance(data.get("game_id"), str) else f"on line {line_no}"
    fmt = data.get("format")
    if fmt != FORMAT:
        return RecordError(path, game_id, f"record format {fmt!r}; this importer reads {FORMAT!r}")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        return RecordError(path, game_id, f"the record has no {', '.join(missing)}")
    config = data["config"]
    if not isinstance(config, dict) or config.get("expansion") not in EXPANSIONS:
        level = config.get("expansion") if isinstance(config, dict) else config
        return RecordError(path, game_id, f"unknown expansion {level!r} (expected 0, 1 or 2)")
    return Record(str(path), line_no, data)
