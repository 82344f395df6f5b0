"""Small `net` models for tests, made with numpy only (no training, no PyTorch): random weights in the real
file format, so the engine reads, checks and plays them as it does trained ones."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from galaxysim import _af, _rftg, af, rftg
from galaxysim.net import inputs, model_file


def engine(game):
    return _af if isinstance(game, af.Game) else _rftg


def random_weights(game, h1: int = 16, h2: int = 8, seed: int = 0, action_rows: int | None = None,
                   sample_games: int = 3) -> tuple[inputs.InputSpec, model_file.Weights]:
    rng = np.random.default_rng(seed)
    spec = inputs.build_input_spec(game.observation_slots(), inputs.sample_observations(game, sample_games, seed))
    _, space = engine(game).action_space(game)
    seats = 4 if isinstance(game, af.Game) else {"base": 4, "tgs": 5, "rvi": 6}[game.expansion]
    rows = min(space, 3000) if action_rows is None else action_rows
    classes = np.sort(rng.choice(space, size=rows, replace=False)).astype(np.int32) if rows else np.zeros(0, np.int32)
    f = np.float32
    w = model_file.Weights(
        slots=spec.slots, w1=rng.normal(0, 0.3, (spec.inputs, h1)).astype(f), b1=rng.normal(0, 0.1, h1).astype(f),
        w2=rng.normal(0, 0.3, (h1, h2)).astype(f), b2=rng.normal(0, 0.1, h2).astype(f),
        wv=rng.normal(0, 0.5, (seats, h2)).astype(f), bv=rng.normal(0, 0.2, seats).astype(f),
        action_class=classes, wa=rng.normal(0, 0.5, (rows, h2)).astype(f), ba=rng.normal(0, 0.5, rows).astype(f))
    return spec, w


def header_for(game, w: model_file.Weights, players=None, choose: str | None = None, **extra) -> dict:
    eng = engine(game)
    encoding, space = eng.action_space(game)
    is_af = isinstance(game, af.Game)
    return model_file.header(
        game="af" if is_af else "rftg", expansion="af" if is_af else game.expansion,
        players=players or [game.players], observation_size=game.observation_size,
        layout=eng.layout_fingerprint(game), action_encoding=encoding, action_space=space, weights=w,
        choose=choose or ("policy" if len(w.action_class) else "value"),
        unseen_logit=float(w.ba.min()) if len(w.ba) else 0.0, **extra)


def write_random_model(path: Path, game, seed: int = 0, h1: int = 16, h2: int = 8, choose: str | None = None,
                       players=None, action_rows: int | None = None) -> Path:
    spec, w = random_weights(game, h1, h2, seed, action_rows)
    model_file.write(path, header_for(game, w, players, choose), w)
    return Path(path)


def base_game(players: int = 2):
    return rftg.Game(players=players)


def needs_torch():
    """Skips a test that trains when PyTorch (the `train` extra) is missing; CI installs it, so there it must not skip."""
    import pytest

    if not os.environ.get("CI"):
        pytest.importorskip("torch")

