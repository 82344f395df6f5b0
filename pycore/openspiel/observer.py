"""What a player sees of a galaxysim OpenSpiel state (OpenSpiel's Python observer interface).

- tensor: the engine's observation tensor of the player's seat (docs/observation-tensor.md,
  docs/af-observation-tensor.md), as float32: what the seat knows now. OpenSpiel's information-state tensor
  is the same vector (it does not encode the order of past observations).
- string: with perfect recall (the information-state string), a digest of every observation the seat has had
  since the deal, one after each action, of its own actions and of the legal actions at each of its
  decisions: two histories share it exactly when the seat cannot tell them apart. (The legal actions are
  there because actions name card instances while the tensor counts designs: holding copy #1 or copy #2 of a
  card gives one tensor but different actions.) Without perfect recall (the observation string), the engine's
  JSON observation.
"""
from __future__ import annotations

import hashlib
import json

import numpy as np


def recall_digest(previous: bytes, observation: np.ndarray, own_action: int | None, legal=None) -> bytes:
    """The next link of a seat's perfect-recall chain: its observation now, the action it just took (if it
    did), its legal actions (if it decides now)."""
    h = hashlib.blake2b(previous, digest_size=16)
    h.update(observation.tobytes())
    if own_action is not None:
        h.update(b"a%d" % own_action)
    if legal is not None:
        h.update(np.asarray(legal, dtype=np.int32).tobytes())
    return h.digest()


class EngineObserver:
    def __init__(self, size: int, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player: int) -> None:
        self.tensor[:] = state.engine_state.observation_tensor(player)

    def string_from(self, state, player: int) -> str:
        if self.perfect_recall:
            return state.recall(player).hex()
        return json.dumps(state.engine_state.observation(player), sort_keys=True, separators=(",", ":"))
