"""The network in PyTorch, for training (`pip install 'galaxysim[train]'`); the engine plays the exported file.

    rows -> h1 = ReLU(b1 + sum of W1's rows)      (an EmbeddingBag: the sparse first layer)
         -> h2 = ReLU(b2 + h1 . W2)
         -> value:  logits per seat block, soft-maxed over the seats present
         -> action: logit of action row r = ba[r] + Wa[r] . h2

In training the action head has a row for every action class of the game (row = class); the model file keeps
only the rows of the classes met in training.
"""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from .model_file import Weights


class Net(nn.Module):
    def __init__(self, inputs: int, h1: int, h2: int, seats: int, action_space: int = 0, seed: int = 0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.inputs, self.h1, self.h2, self.seats = inputs, h1, h2, seats
        self.w1 = nn.EmbeddingBag(inputs, h1, mode="sum")
        self.b1 = nn.Parameter(torch.zeros(h1))
        self.l2 = nn.Linear(h1, h2)
        self.value = nn.Linear(h2, seats)
        self.wa = nn.Parameter(torch.zeros(action_space, h2))
        self.ba = nn.Parameter(torch.zeros(action_space))
        with torch.no_grad():
            self.w1.weight.normal_(0.0, 0.1, generator=g)
            self.l2.weight.normal_(0.0, (2.0 / h1) ** 0.5, generator=g)
            self.l2.bias.zero_()
            self.value.weight.normal_(0.0, 0.01, generator=g)
            self.value.bias.zero_()
            self.wa.normal_(0.0, 0.01, generator=g)

    def trunk(self, rows: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
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
        logits = torch.einsum("bnh,bh->bn", self.wa[safe], h2) + self.ba[safe]
        return logits.masked_fill(action_rows < 0, float("-inf"))

    def weights(self, slots: np.ndarray, classes: np.ndarray) -> Weights:
        """The numpy weights of a model file, with the action rows of `classes` (the classes met in training)."""
        def f(t):
            return t.detach().cpu().numpy().astype(np.float32)

        classes = np.asarray(classes, np.int64)
        return Weights(slots=slots.astype(np.int32), w1=f(self.w1.weight), b1=f(self.b1),
                       w2=np.ascontiguousarray(f(self.l2.weight).T), b2=f(self.l2.bias), wv=f(self.value.weight),
                       bv=f(self.value.bias), action_class=classes.astype(np.int32), wa=f(self.wa)[classes],
                       ba=f(self.ba)[classes])

    @classmethod
    def from_weights(cls, w: Weights, action_space: int) -> "Net":
        """A network with a model file's weights (its action rows placed at their classes)."""
        net = cls(w.w1.shape[0], w.w1.shape[1], w.w2.shape[1], w.wv.shape[0], action_space)
        with torch.no_grad():
            net.w1.weight.copy_(torch.from_numpy(w.w1))
            net.b1.copy_(torch.from_numpy(w.b1))
            net.l2.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.w2.T)))
            net.l2.bias.copy_(torch.from_numpy(w.b2))
            net.value.weight.copy_(torch.from_numpy(w.wv))
            net.value.bias.copy_(torch.from_numpy(w.bv))
            if len(w.action_class):
                idx = torch.from_numpy(w.action_class.astype(np.int64))
                net.wa[idx] = torch.from_numpy(w.wa)
                net.ba[idx] = torch.from_numpy(w.ba)
        return net
