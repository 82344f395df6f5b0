"""The chunks of a run played on this machine, for the chunk loop (galaxysim.sim.chunk_loop): the engine plays
them on its own thread pool, GIL released, in a worker thread, while the main thread writes the previous one.
"""
from __future__ import annotations

import queue
import threading
from typing import Any

from galaxysim.results.writer import EncodedChunk
from galaxysim.stop_requests import StopRequests

from .chunk_job import ChunkPlayer


class LocalChunks:
    """The chunks of a run played on this machine: the engine plays one chunk at a time on its thread pool, in a
    worker thread, one chunk ahead of the main thread that converts and writes them. (cluster/ray_runner.py's
    RayChunks is the same for a Ray cluster; the chunk loop asks either the same questions.)"""

    def __init__(self, player: ChunkPlayer, todo: list[int], threads: int, stop: StopRequests):
        self.player, self.todo, self.threads, self.stop = player, todo, threads, stop
        self.results: queue.Queue = queue.Queue(maxsize=1)
        self.halted = threading.Event()  # close() before the end: the worker stops at once
        self.finished = False  # every chunk has been handed out (or the worker stopped)
        self.notes: list[str] = []  # messages for the user
        self.worker = threading.Thread(target=self._work, name="galaxysim-engine", daemon=True)

    def describe(self) -> str:
        return f"on {self.threads} thread{'s' * (self.threads != 1)}"

    def session_info(self) -> dict[str, Any]:
        return {}

    def games_played(self) -> int:
        """Games the engine has finished in this session, written or not (it counts within a chunk)."""
        return self.player.runner.games_played

    def start(self) -> None:
        self.worker.start()

    def _put(self, item) -> None:
        while not (self.stop.abandon.is_set() or self.halted.is_set()):
            try:
                self.results.put(item, timeout=0.1)
                return
            except queue.Full:
                pass

    def _work(self) -> None:
        try:
            for k in self.todo:
                if self.stop.stop.is_set() or self.halted.is_set():
                    break
                res, secs = self.player.play(k, self.threads)
                self._put(("chunk", k, res, secs))
        except BaseException as e:  # handed to the main thread
            self._put(("error", e))
        finally:
            self._put(("done",))

    def next(self, timeout: float) -> EncodedChunk | None:
        """The next finished chunk, or None if none came within `timeout` seconds (or none is left)."""
        try:
            item = self.results.get(timeout=timeout)
        except queue.Empty:
            return None
        if item[0] == "done":
            self.finished = True
            return None
        if item[0] == "error":
            raise item[1]
        _, k, res, secs = item
        return self.player.encode(k, res, seconds=round(secs, 4))

    def close(self, complete: bool) -> None:
        if complete:
            self.worker.join(timeout=5)
        else:
            self.halted.set()
