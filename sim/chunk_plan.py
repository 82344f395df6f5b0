"""How a run is cut into chunks: chunk k holds the `chunk_size` games from k * chunk_size on (the last chunk may
be shorter), and a folder is missing the chunks its manifest does not list. Runs and matches size their chunks
in galaxysim.sim.config.auto_chunk_size and galaxysim.sim.match.auto_chunk_size.
"""
from __future__ import annotations

from typing import Any, Mapping


def chunk_span(chunk: int, chunk_size: int, games: int) -> tuple[int, int]:
    """(first game, game count) of chunk `chunk`."""
    first = chunk * int(chunk_size)
    return first, min(int(chunk_size), int(games) - first)


def missing_chunks(manifest: Mapping[str, Any]) -> list[int]:
    """The chunks a run folder's manifest does not list yet, in order."""
    done = {c["chunk"] for c in manifest["chunks"]}
    return [k for k in range(manifest["n_chunks"]) if k not in done]
