"""The network in PyTorch, for training (`pip install 'galaxysim[train]'`); the engine plays the exported file.

    rows -> h1 = ReLU(b1 + sum of W1's rows)      (an EmbeddingBag: the sparse first layer)
         -> h2 = ReLU(b2 + h1 . W2)
         -> value:  logits per seat block, soft-maxed over the seats present
         -> action: logit of action row r = ba[r] + Wa[r] . h2

The action head has a row for each action class met in training so far (ActionRows: class -> row); it grows
as new classes appear (grow_actions), and the model file keeps the same rows with their classes.
"""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from .model_file import Weights


class ActionRows:
    """The action classes that have a row in the action head, in row order, and the lookup class -> row."""

    def __init__(self, space: int, classes=()):
        """`classes`: the rows' classes in row order (a checkpoint's or a model file's), kept in that order."""
        self.space = int(space)
        self.lookup = np.full(max(self.space, 1), -1, np.int64)
        self.classes: list[int] = []
        for c in np.asarray(list(classes), np.int64).tolist():
            if not (0 <= c < self.space) or self.lookup[c] >= 0:
                raise ValueError(f"action class {c} outside 0..{self.space - 1} or repeated")
            self.lookup[c] = len(self.classes)
            self.classes.append(c)

    def __len__(self) -> int:
        return len(self.classes)

    def add(self, classes: np.ndarray) -> None:
        """Gives the classes that have no row yet a row each, in increasing class order."""
        for c in np.unique(np.asarray(classes, np.int64)).tolist():
            if 0 <= c < self.space and self.lookup[c] < 0:
                self.lookup[c] = len(self.classes)
                self.classes.append(c)

    def rows(self, classes: np.ndarray) -> np.ndarray:
        """Rows of classes (-1 for a class without one, and for -1 itself)."""
        classes = np.asarray(classes, np.int64)
        return np.where(classes >= 0, self.lookup[np.clip(classes, 0, len(self.lookup) - 1)], -1)


class Net(nn.Module):
    def __init__(self, inputs: int, h1: int, h2: int, seats: int, action_rows: int = 0, seed: int = 0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.inputs, self.h1, self.h2, self.seats = inputs, h1, h2, seats
        self.w1 = nn.EmbeddingBag(inputs, h1, mode="sum")
        self.b1 = nn.Parameter(torch.zeros(h1))
        self.l2 = nn.Linear(h1, h2)
        self.value = nn.Linear(h2, seats)
        self.wa = nn.Parameter(torch.zeros(action_rows, h2))
        self.ba = nn.Parameter(torch.zeros(action_rows))
        self.seed = seed
        with torch.no_grad():
            self.w1.weight.normal_(0.0, 0.1, generator=g)
            self.l2.weight.normal_(0.0, (2.0 / h1) ** 0.5, generator=g)
            self.l2.bias.zero_()
            self.value.weight.normal_(0.0, 0.01, generator=g)
            self.value.bias.zero_()
            self.wa.normal_(0.0, 0.01, generator=g)

    def grow_actions(self, rows: int, optimizer: "torch.optim.Adam | None" = None) -> None:
        """Gives the action head `rows` rows (new ones small random, their bias the smallest bias so far), and
        carries the optimizer's state of the old rows over (new rows start with none)."""
        have = self.wa.shape[0]
        if rows <= have:
            return
        wa = torch.zeros(rows, self.h2)
        ba = torch.zeros(rows)
        with torch.no_grad():
            wa[:have] = self.wa
            ba[:have] = self.ba
            # seeded by the row count: a resumed training grows its rows exactly as an uninterrupted one
            g = torch.Generator().manual_seed(self.seed * 1_000_003 + have)
            wa[have:].normal_(0.0, 0.01, generator=g)
            ba[have:] = float(self.ba.min()) if have else 0.0
        old = (self.wa, self.ba)
        self.wa, self.ba = nn.Parameter(wa), nn.Parameter(ba)
        if optimizer is None:
            return
        for group in optimizer.param_groups:
            group["params"] = [self.wa if p is old[0] else self.ba if p is old[1] else p for p in group["params"]]
        for was, now in zip(old, (self.wa, self.ba)):
            state = optimizer.state.pop(was, None)
            if state:
                for key in ("exp_avg", "exp_avg_sq"):
                    t = torch.zeros_like(now)
                    t[:have] = state[key]
                    state[key] = t
                optimizer.state[now] = state

    def trunk(self, rows: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        """h2 of a batch of observations given as input rows (flat) and the offset of each one's first row."""
        h1 = torch.relu(self.w1(rows, offsets) + self.b1)
        return torch.relu(self.l2(h1))

    def value_log_probs(self, h2: torch.Tensor, players: torch.Tensor | int) -> torch.Tensor:
        """log win probabilities per seat block (blocks beyond the player count: -inf)."""
        logits = self.value(h2)
        blocks = torch.arange(self.seats)
        present = blocks[None, :] < (players if isinstance(players, int) else players[:, None])
        logits = logits.masked_fill(~present, float("-inf"))
        return torch.log_softmax(logits, dim=1)

    def action_logits(self, h2: torch.Tensor, action_rows: torch.Tensor) -> torch.Tensor:
        """Logits of action rows (B, n) for each h2 (B, h2); row -1 gives -inf (padding)."""
        safe = action_rows.clamp(min=0)
        logits = (self.wa[safe] * h2[:, None, :]).sum(-1) + self.ba[safe]
        return logits.masked_fill(action_rows < 0, float("-inf"))

    def weights(self, slots: np.ndarray, actions: ActionRows) -> Weights:
        """The numpy weights of a model file (its action rows: those of `actions`)."""
        def f(t):
            return t.detach().cpu().numpy().astype(np.float32)

        n = len(actions)
        return Weights(slots=slots.astype(np.int32), w1=f(self.w1.weight), b1=f(self.b1),
                       w2=np.ascontiguousarray(f(self.l2.weight).T), b2=f(self.l2.bias), wv=f(self.value.weight),
                       bv=f(self.value.bias), action_class=np.array(actions.classes, np.int32), wa=f(self.wa)[:n],
                       ba=f(self.ba)[:n])

    @classmethod
    def from_weights(cls, w: Weights) -> "Net":
        """A network with a model file's weights (rows in the file's order: ActionRows(space, w.action_class))."""
        net = cls(w.w1.shape[0], w.w1.shape[1], w.w2.shape[1], w.wv.shape[0], len(w.action_class))
        with torch.no_grad():
            net.w1.weight.copy_(torch.from_numpy(w.w1))
            net.b1.copy_(torch.from_numpy(w.b1))
            net.l2.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.w2.T)))
            net.l2.bias.copy_(torch.from_numpy(w.b2))
            net.value.weight.copy_(torch.from_numpy(w.wv))
            net.value.bias.copy_(torch.from_numpy(w.bv))
            if len(w.action_class):
                net.wa.copy_(torch.from_numpy(w.wa))
                net.ba.copy_(torch.from_numpy(w.ba))
        return net
