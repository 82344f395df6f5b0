"""The engine's forward pass equals PyTorch's on a fixed set of positions.

Tolerance: 1e-5 absolute on win probabilities and 1e-4 absolute on h2 and on action logits (float32 sums of a
few dozen weight rows in another order; the values are O(1)). The input rows must be identical."""
from __future__ import annotations

import os

import numpy as np
import pytest

from galaxysim import _af, _rftg, af, rftg

from .helpers import random_weights, header_for
from galaxysim.net import model_file

torch = pytest.importorskip("torch") if not os.environ.get("CI") else __import__("torch")


def positions(game, n: int, seed: int):
    """n positions met by heuristic and random play (every seat's decision points)."""
    bots = [(af if isinstance(game, af.Game) else rftg).Bot(b, seed) for b in ("heuristic", "random")]
    out, g = [], 0
    while len(out) < n:
        s = game.new_state(seed=seed + g)
        k = 0
        while not s.is_terminal() and len(out) < n:
            if k % 7 == 0:
                out.append(s.clone())
            s.apply(bots[g % 2].act(s))
            k += 1
        g += 1
    return out


@pytest.mark.parametrize("kind", ["base2", "base4", "rvi4", "af3"])
def test_cpp_forward_pass_equals_pytorch(tmp_path, kind):
    from galaxysim.net.inputs import InputSpec
    from galaxysim.net.torch_net import ActionRows, Net

    game = {"base2": lambda: rftg.Game(players=2), "base4": lambda: rftg.Game(players=4),
            "rvi4": lambda: rftg.Game(players=4, expansion="rvi", takeovers=True),
            "af3": lambda: af.Game(players=3)}[kind]()
    eng = _af if isinstance(game, af.Game) else _rftg
    spec, w = random_weights(game, 32, 16, seed=11)
    path = tmp_path / "m.gsnet"
    model_file.write(path, header_for(game, w), w)
    net = Net.from_weights(w)
    _, space = eng.action_space(game)
    actions = ActionRows(space, w.action_class)
    checked = 0
    for st in positions(game, 40, seed=5):
        seat = max(st.current_player, 0)
        f = eng.net_forward(st, seat, str(path))
        rows, off = spec.rows(st.observation_tensor(seat))
        assert f["rows"] == rows.tolist()
        with torch.no_grad():
            h2 = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
            wp = net.value_log_probs(h2, game.players).exp()[0, :game.players].numpy()
            assert np.abs(h2[0].numpy() - np.array(f["h2"])).max() < 1e-4
            assert np.abs(wp - np.array(f["win_probabilities"])).max() < 1e-5
            if "classes" in f and len(actions):
                r = torch.from_numpy(actions.rows(np.array(f["classes"]))[None, :])
                logits = net.action_logits(h2, r)[0].numpy()
                have = np.array(f["logits"])
                known = np.isfinite(logits)
                assert np.abs(logits[known] - have[known]).max(initial=0) < 1e-4
                # a class the model has no row for gets the header's unseen logit
                assert np.all(have[~known] == np.float32(w.ba.min()))
        checked += 1
    assert checked == 40
