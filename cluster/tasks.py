"""What a Ray worker runs for a run: one chunk of games, played with the C++ batch runner on the task's CPUs and
returned as its encoded Parquet files (galaxysim.results.writer.EncodedChunk). The driver alone writes the run folder,
so the workers need no shared filesystem, and a chunk played twice (a retry after a lost node) is still
written once.

The function is plain Python; ray_runner.py wraps it with ray.remote, so importing this module needs no Ray.
"""
from __future__ import annotations

from typing import Any

from .errors import WorkerVersionMismatch

# One chunk player per worker process, kept between the tasks of a run: building it parses the card data.
_players: dict[tuple, Any] = {}


def _node() -> tuple[str, str]:
    """(IP address, id) of the node this worker runs on: several nodes may share a machine and its address."""
    try:
        import ray

        return ray.util.get_node_ip_address(), ray.get_runtime_context().get_node_id()[:12]
    except Exception:  # pragma: no cover
        return "unknown", "unknown"


def check_engine(expected: str, actual: str, node: str) -> None:
    """A worker plays a run's chunks only with the engine that played (or will play) the rest of it."""
    if expected != actual:
        raise WorkerVersionMismatch(f"Ray node {node} has galaxysim engine {actual}, the driver has {expected}: "
                                    "the games could differ, so this node may not play the run")


def _player(job) -> Any:
    cfg = job.config
    key = (job.run_id, job.engine_version, cfg.chunk_size, cfg.record_decisions)
    player = _players.get(key)
    if player is None:
        from galaxysim import _batch

        check_engine(job.engine_version, str(_batch.ENGINE_VERSION), _node()[0])
        player = job.player()
        _players.clear()
        _players[key] = player
    return player


def play_chunk(job, chunk: int, threads: int):
    """Plays chunk `chunk` of the run `job` (a galaxysim.sim.chunk_job.ChunkJob) on `threads` threads; returns its
    EncodedChunk, whose manifest entry also names the node that played it."""
    player = _player(job)
    res, seconds = player.play(chunk, threads)
    ip, node_id = _node()
    return player.encode(chunk, res, seconds=round(seconds, 4), node=ip, node_id=node_id)
