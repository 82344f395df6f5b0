"""The action space of a game: its size and the legal-actions mask of a state.

TEMPORARY: the engine is getting `game.num_distinct_actions()` and `state.legal_actions_mask()` (the
"Action space:" commit of branch data25). Until it lands these two functions compute the same from
`legal_actions()` and the engine's action numbering (core/rftg/state.h, core/af/state.h, `act::kMaxAction`).
Once it lands they call the engine and this file goes.
"""
from __future__ import annotations

import numpy as np

_RFTG_MAX_ACTION = 300 + 4 * 192 + 3 * 192   # act::kTakeoverBase + 3 * kMaxInstances


def num_distinct_actions(game) -> int:
    if hasattr(game, "num_distinct_actions"):
        return int(game.num_distinct_actions())
    from .. import _af

    return int(_af.MAX_ACTION) if isinstance(game, _af.Game) else _RFTG_MAX_ACTION


def legal_actions_mask(state, size: int) -> np.ndarray:
    if hasattr(state, "legal_actions_mask"):
        return np.asarray(state.legal_actions_mask(), dtype=np.int8)
    mask = np.zeros(size, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return mask
