"""Deal seeds for reset(seed=...): a given seed is the engine's own (the env's game is
`game.new_state(seed)`); resets without a seed deal game_seed(last seed, 1), game_seed(last seed, 2), ...
as a galaxysim run would deal its games 1, 2, ..."""
from __future__ import annotations

import operator
import secrets

from .._rftg import game_seed


class DealSeeds:
    """The seeds of the games an environment deals, one per reset."""

    def __init__(self):
        self._base: int | None = None
        self._count = 0

    def next(self, seed=None) -> int:
        if seed is not None:
            seed = _seed_value(seed)
            self._base, self._count = seed, 0
            return seed
        if self._base is None:
            self._base = secrets.randbits(64)
            return self._base
        self._count += 1
        return int(game_seed(self._base, self._count))


def _seed_value(seed) -> int:
    if isinstance(seed, bool):
        raise TypeError(f"seed must be an integer from 0 to 2**64-1, not {seed!r}")
    try:
        value = operator.index(seed)
    except TypeError:
        raise TypeError(f"seed must be an integer from 0 to 2**64-1, not {seed!r}") from None
    if not 0 <= value < 2**64:
        raise ValueError(f"seed must be an integer from 0 to 2**64-1, not {seed!r}")
    return value
