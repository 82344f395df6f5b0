"""Progress of long work (a run, a match, an export): a bar on a terminal, a line every LOG_EVERY_SECONDS
otherwise, nothing if quiet."""
from __future__ import annotations

import sys
import time

#: Without a terminal (a log file, a batch job) a progress line goes to stderr this often instead of a bar.
LOG_EVERY_SECONDS = 60.0


def note(message: str) -> None:
    """A message for the user on stderr (what is being done, what was cleaned up)."""
    print(message, file=sys.stderr, flush=True)


class Progress:
    """Counts games (or other `unit`s) towards `total` (`already` of them done before this session). `bar`: draw
    a tqdm bar; `lines`: write progress lines instead (for a stderr that is not a terminal)."""

    def __init__(self, total: int, already: int, bar: bool, lines: bool, unit: str = "games"):
        self.total, self.already, self.games = total, already, already
        self.unit = unit
        self.bar = _tqdm_bar(total, already, unit) if bar else None  # (tqdm is imported only for a bar)
        self.lines = lines and not bar
        self.t0 = self.last_line = time.perf_counter()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.close()

    def update(self, n: int) -> None:
        """`n` more games are done."""
        self.to(self.games + n)

    def to(self, games: int) -> None:
        """`games` are done in all (never moves back)."""
        games = min(games, self.total)
        if games <= self.games:
            return
        if self.bar is not None:
            self.bar.update(games - self.games)
        self.games = games
        if self.lines:
            self._line()

    def write(self, message: str) -> None:
        """A message on stderr that does not break the bar."""
        if self.bar is not None:
            self.bar.write(message, file=sys.stderr)
        else:
            print(message, file=sys.stderr, flush=True)

    def _line(self) -> None:
        now = time.perf_counter()
        if now - self.last_line < LOG_EVERY_SECONDS or self.games >= self.total:
            return
        self.last_line = now
        rate = (self.games - self.already) / max(now - self.t0, 1e-9)
        left = f", about {duration((self.total - self.games) / rate)} left" if rate > 0 else ""
        print(f"galaxysim: {self.games:,} of {self.total:,} {self.unit} ({self.games / self.total:.0%}), "
              f"{rate:,.{1 if rate < 10 else 0}f} {self.unit}/s{left}", file=sys.stderr, flush=True)


def _tqdm_bar(total: int, already: int, unit: str):
    from tqdm import tqdm

    return tqdm(total=total, initial=already, unit=f" {unit}", unit_scale=total >= 10_000, dynamic_ncols=True,
                smoothing=0.1, file=sys.stderr, leave=False, mininterval=0.2)


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
