"""The environments' options, checked (render_mode, max_cycles), and the observation space every agent has."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces

RENDER_MODES = ("human", "ansi")


def check_render_mode(render_mode):
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
    return render_mode


def check_max_cycles(max_cycles):
    if max_cycles is None:
        return None
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, (int, np.integer)) or max_cycles < 1:
        raise ValueError(f"max_cycles must be None or a positive integer, not {max_cycles!r}")
    return int(max_cycles)


def observation_space(size: int, actions: int) -> spaces.Dict:
    """{"observation": the engine's int16 observation tensor, "action_mask": 1 for each legal action}."""
    info = np.iinfo(np.int16)
    return spaces.Dict({
        "observation": spaces.Box(low=info.min, high=info.max, shape=(size,), dtype=np.int16),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })
