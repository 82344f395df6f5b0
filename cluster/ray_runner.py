"""The chunks of a run played on a Ray cluster: what galaxysim.sim.chunk_loop consumes instead of the local engine.

The driver submits one Ray task per chunk (cluster/tasks.py: the chunk's games on `threads` CPUs of one node,
returned as encoded Parquet files), keeps at most `max_in_flight` of them submitted (ray.wait backpressure:
a new chunk is submitted only when one has come back), and hands the finished chunks, in the order they
finish, to galaxysim.sim.chunk_loop, which writes them and lists them in the manifest. A chunk whose worker or node is lost
is submitted again (up to [ray] retries times); its games are determined by (seed, game index, config)
alone, so the new attempt gives the same rows. A chunk that fails inside galaxysim stops the run with that
error: it would fail again.

Ctrl-C (galaxysim.stop_requests): the first stops submitting and waits for the chunks in flight, the second cancels
them. A killed driver takes its tasks with it (Ray ends a dead driver's job); `galaxysim resume` plays the
chunks the manifest does not list, here or on Ray.
"""
from __future__ import annotations

import time
from collections import deque
from typing import Any

from .errors import SHIP_PACKAGE, ClusterError, one_line
from .tasks import play_chunk

#: How often the driver re-reads the cluster's nodes (nodes lost or added change how many tasks fit).
NODES_REFRESH_S = 5.0
#: Chunks submitted per task slot when [ray] max_in_flight is not given: one playing, one queued behind it.
IN_FLIGHT_PER_SLOT = 2


class RayChunks:
    def __init__(self, cluster, job, todo: list[int], threads: int, stop):
        self.cluster, self.ray, self.threads, self.stop = cluster, cluster.ray, int(threads), stop
        self.pending: deque[int] = deque(todo)
        self.in_flight: dict[Any, int] = {}  # ObjectRef -> chunk
        self.attempts: dict[int, int] = {}
        self.retries = int(cluster.options.retries)
        self.lost = 0  # attempts lost with their worker or node
        self.notes: list[str] = []  # messages for the user (galaxysim.sim.chunk_loop prints them)
        self.finished = False
        self._nodes_at = float("-inf")
        self._nodes: list[dict] = []
        self._slots = 0
        self._job_ref = None
        self._job = job
        self._remote = self.ray.remote(play_chunk).options(num_cpus=self.threads, max_retries=0)

    # --- what galaxysim.sim.chunk_loop asks ---------------------------------------------------------------------------------
    def describe(self) -> str:
        return f"{self.cluster.describe(self.threads)[:-1]}, up to {self.max_in_flight()} chunks in flight)"

    def session_info(self) -> dict[str, Any]:
        try:
            limit = self.max_in_flight()  # (re-reads the nodes now and then)
        except Exception:  # the cluster is gone: what was last seen
            limit = self.cluster.options.max_in_flight or IN_FLIGHT_PER_SLOT * self._slots
        return {"ray": {"address": self.cluster.address, "nodes": len(self._nodes),
                        "cpus": sum(n["cpus"] for n in self._nodes), "threads_per_task": self.threads,
                        "max_in_flight": limit, "lost_attempts": self.lost}}

    def start(self) -> None:
        self._job_ref = self.ray.put(self._job)  # sent to the object store once, shared by every task
        self._top_up()

    def next(self, timeout: float):
        """The next finished chunk (galaxysim.results.writer.EncodedChunk), or None if none finished within `timeout`."""
        self._top_up()
        if not self.in_flight:
            if not self.pending or self.stop.stop.is_set():
                self.finished = True
            else:
                time.sleep(timeout)  # nowhere to submit: every node is busy or gone
            return None
        ready, _ = self.ray.wait(list(self.in_flight), num_returns=1, timeout=timeout)
        if not ready:
            return None
        ref = ready[0]
        chunk = self.in_flight.pop(ref)
        try:
            enc = self.ray.get(ref)
        except self.ray.exceptions.RayTaskError as e:  # galaxysim itself failed on the worker
            raise task_failure(e, chunk) from None
        except self.ray.exceptions.RayError as e:  # the worker, its node or the result was lost
            self._lost(chunk, e)
            return None
        self._top_up()
        return enc

    def close(self, complete: bool) -> None:
        self._nodes_at = float("-inf")  # session_info reads the nodes again: the manifest records the last count
        for ref in list(self.in_flight):
            try:
                self.ray.cancel(ref, force=True)
            except Exception:  # already finished, or the cluster is gone
                pass
        self.in_flight.clear()

    # --- submitting -----------------------------------------------------------------------------------------------
    def max_in_flight(self) -> int:
        now = time.monotonic()
        if now - self._nodes_at > NODES_REFRESH_S:
            self._nodes_at = now
            self._nodes = self.cluster.nodes()
            self._slots = sum(n["cpus"] // self.threads for n in self._nodes)
        given = self.cluster.options.max_in_flight
        return int(given) if given else max(1, IN_FLIGHT_PER_SLOT * self._slots)

    def _top_up(self) -> None:
        if self.stop.stop.is_set() or not self.pending:
            return
        limit = self.max_in_flight()
        while self.pending and len(self.in_flight) < limit:
            chunk = self.pending.popleft()
            self.attempts[chunk] = self.attempts.get(chunk, 0) + 1
            self.in_flight[self._remote.remote(self._job_ref, chunk, self.threads)] = chunk

    def _lost(self, chunk: int, e: BaseException) -> None:
        self.lost += 1
        self._nodes_at = float("-inf")  # a node may be gone: count the slots again
        what = type(e).__name__
        if self.attempts[chunk] > self.retries:
            raise ClusterError(f"chunk {chunk} was lost {self.attempts[chunk]} times ({what}: "
                               f"{one_line(str(e))[:200]}); the finished chunks are kept: resume the run when "
                               "the cluster is healthy again")
        self.notes.append(f"galaxysim: chunk {chunk} was lost with its Ray worker ({what}); playing it again "
                          f"(attempt {self.attempts[chunk] + 1} of {self.retries + 1})")
        self.pending.appendleft(chunk)


def task_failure(e: BaseException, chunk: int) -> ClusterError:
    """A chunk task that raised: one line naming the cause (galaxysim missing, another engine, an engine error)."""
    cause = getattr(e, "cause", None)
    name = type(cause).__name__ if cause is not None else type(e).__name__
    text = one_line(str(cause if cause is not None else e))
    if name in ("ModuleNotFoundError", "ImportError") or "No module named" in text:
        return ClusterError(f"galaxysim is missing on a Ray worker ({text[:200]}): {SHIP_PACKAGE}")
    if name == "WorkerVersionMismatch":
        return ClusterError(f"{text}; {SHIP_PACKAGE}")
    return ClusterError(f"chunk {chunk} failed on its Ray worker: {name}: {text[:300]}")
