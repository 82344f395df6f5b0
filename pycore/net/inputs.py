"""How a model sees an observation: every non-zero slot of the observation tensor switches on one input row.

A slot with value v falls in bucket b = min(max(v, 0) >> shift, cap); bucket 0 switches nothing, bucket b >= 1
switches row `row + b - 1` (docs/net.md, "Inputs"). So a count, a flag, a small number and a code (a card, a
location) all become one-hot inputs, and the first layer is a sum of the weight rows of the active inputs.

The caps come from the data: `build_input_spec` looks at observations of sample games (every seat's view at
every decision of heuristic and random games) and gives each slot as many buckets as the largest value seen
needs (plus one), at most 32 for a number (larger values are shifted into 32 buckets), and for a code (a slot
whose value names a card design, a location, a seat...) one bucket per code. The spec is stored in the model
file, so a model reads observations exactly as it was trained to.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

#: Slots whose value is a code, not a quantity: no shifting; one bucket per code.
CODE_SLOT = re.compile(
    r"(\.selected$|^scratch\.floor$|^scratch\.active_card$|^scratch\.active_power$|^scratch\.active_class$"
    r"|\.loc$|^relic\.owner$|^active$|^pending2?$|^marks\.(low|high)$|^last_dock$)")
#: Slots whose code is 1 + a card design's index: as many buckets as designs.
DESIGN_CODE_SLOT = re.compile(r"(\.selected$|^scratch\.floor$|^scratch\.active_card$)")
MAX_NUMBER_BUCKETS = 32
MAX_CAP = 255


@dataclass
class InputSpec:
    """Per observation slot: its first input row, cap and shift (an int32 array of shape (slots, 3))."""

    slots: np.ndarray
    inputs: int

    def rows(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The input rows of each observation (int16 array (n, slots)): a flat int32 array of rows and int64
        offsets (n + 1), in slot order, as the engine computes them."""
        obs = np.asarray(observations)
        if obs.ndim == 1:
            obs = obs[None, :]
        row, cap, shift = self.slots[:, 0], self.slots[:, 1], self.slots[:, 2]
        n_idx, s_idx = np.nonzero(obs)
        v = obs[n_idx, s_idx].astype(np.int32)
        b = np.minimum(np.maximum(v, 0) >> shift[s_idx], cap[s_idx])
        keep = b > 0
        n_idx, s_idx, b = n_idx[keep], s_idx[keep], b[keep]
        flat = (row[s_idx] + b - 1).astype(np.int32)
        offsets = np.zeros(obs.shape[0] + 1, np.int64)
        np.cumsum(np.bincount(n_idx, minlength=obs.shape[0]), out=offsets[1:])
        return flat, offsets


def build_input_spec(slot_names: list[str], samples: np.ndarray) -> InputSpec:
    """An input spec for a layout (its slot names) from sample observations (int16 array (n, slots))."""
    samples = np.asarray(samples)
    if samples.ndim != 2 or samples.shape[1] != len(slot_names):
        raise ValueError(f"samples must be (n, {len(slot_names)}), not {samples.shape}")
    seen = np.maximum(samples.max(axis=0).astype(np.int64), 0) if len(samples) else np.zeros(len(slot_names), np.int64)
    designs = sum(1 for n in slot_names if n.startswith("hand["))
    table = np.zeros((len(slot_names), 3), np.int32)
    row = 0
    for i, name in enumerate(slot_names):
        m = int(seen[i])
        if CODE_SLOT.search(name):
            bound = designs if DESIGN_CODE_SLOT.search(name) and designs else 0
            cap, shift = min(MAX_CAP, max(m, bound, 1)), 0
        else:
            shift = 0
            while (m >> shift) >= MAX_NUMBER_BUCKETS:
                shift += 1
            cap = min(MAX_CAP, (m >> shift) + 1)
        table[i] = (row, cap, shift)
        row += cap
    return InputSpec(table, row)


def sample_observations(game, games: int, seed: int, bots=("heuristic", "random")) -> np.ndarray:
    """Every seat's observation at every decision of `games` games per bot kind (all seats that bot)."""
    module = type(game).__module__
    from galaxysim import af, rftg

    engine = af if "af" in module.split(".")[-1] else rftg
    out = []
    for b, spec in enumerate(bots):
        bot = engine.Bot(spec, seed + b)
        for i in range(games):
            state = game.new_state(seed=seed * 1_000_003 + b * 100_000 + i)
            while not state.is_terminal():
                for p in range(game.players):
                    out.append(state.observation_tensor(p))
                state.apply(bot.act(state))
    return np.stack(out) if out else np.zeros((0, game.observation_size), np.int16)
