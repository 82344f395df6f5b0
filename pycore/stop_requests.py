"""Ctrl-C and SIGTERM as stop requests: recorded when they come, acted on where stopping is safe.

A signal handler that raises KeyboardInterrupt raises it wherever Python happens to be: inside a weakref
callback, where Python prints and drops it (a run went on to finish: exit 0, status complete), or inside an
extension module's initialisation, where it becomes "ImportError: initialization failed". So galaxysim's
handler only counts the requests, and the code acts on them at safe points: `check()` between the steps of
start-up, report and export and between the games of a match; the run loop reads `stop` and `abandon`.

    the first request    stop cleanly: a run finishes the chunk in flight, anything else stops at its next
                         safe point; every listed chunk is whole, the folder is marked interrupted (exit 130)
    the second           stop at once: a run abandons the chunk in flight
    the third            the signal's own action ends the process on the spot (the folder stays resumable,
                         as after a kill)

A request that comes after the work is done changes nothing: a complete run stays complete, exit code 0.
"""
from __future__ import annotations

import contextlib
import os
import signal
import threading
from typing import Iterator

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopRequests:
    """The stop requests a piece of work has received (see the module docstring)."""

    def __init__(self) -> None:
        self.requests = 0
        self.announced = 0  # requests the user has been told about (the run loop says what it does)
        self.stop = threading.Event()  # set by the first request
        self.abandon = threading.Event()  # set by the second

    def record(self, signum: int, frame) -> None:
        """The signal handler: counts, sets the events, and never raises."""
        self.requests += 1
        self.stop.set()
        if self.requests >= 2:
            self.abandon.set()
        if self.requests >= 3:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)

    def check(self) -> None:
        """A safe point: KeyboardInterrupt if a stop was requested."""
        if self.requests:
            raise KeyboardInterrupt


_listening: StopRequests | None = None  # the main thread's, while a `listening` block runs
_process: StopRequests | None = None  # set by record_for_the_process


def record_for_the_process() -> StopRequests:
    """From now until the process ends, Ctrl-C and SIGTERM are recorded (the `galaxysim` command calls this first
    thing, before its heavy imports): every `listening` block shares these requests, so one that came during
    start-up reaches the work, and one that comes after the work is done changes nothing."""
    global _process
    _process = StopRequests()
    for s in SIGNALS:
        signal.signal(s, _process.record)
    return _process


def current() -> StopRequests:
    """The requests of the `listening` block the main thread is in (the command being run); outside one, a
    fresh StopRequests that no signal reaches."""
    return _listening if _listening is not None else StopRequests()


@contextlib.contextmanager
def listening() -> Iterator[StopRequests]:
    """Records SIGINT and SIGTERM while the block runs and yields the requests. A block inside another shares
    the outer one's requests (a request during a command's start-up reaches the run it starts). Outside the
    main thread, where Python cannot handle signals, the requests stay at none."""
    global _listening
    if threading.current_thread() is not threading.main_thread():
        yield StopRequests()
        return
    if _listening is not None:
        yield _listening
        return
    if _process is not None:
        _listening = _process
        try:
            yield _process
        finally:
            _listening = None
        return
    _listening = requests = StopRequests()
    old = {s: signal.signal(s, requests.record) for s in SIGNALS}
    try:
        yield requests
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        _listening = None
