"""Game configurations the environment tests play: every expansion and option the engine has."""
from __future__ import annotations

import pytest

RFTG_CONFIGS = [
    dict(players=4),
    dict(players=2, advanced=True),
    dict(players=3, first_game=True),
    dict(players=5, expansion="tgs"),
    dict(players=2, expansion="tgs", draft=True, advanced=True),
    dict(players=6, expansion="rvi", takeovers=True),
    dict(players=3, expansion="rvi", goals=False, draft=True),
    dict(players=1, expansion="tgs", solo_difficulty="hard"),
    dict(players=1, expansion="rvi"),
]
AF_CONFIGS = [dict(players=2), dict(players=3, long_game=True), dict(players=4)]

ALL = [("rftg", c) for c in RFTG_CONFIGS] + [("af", c) for c in AF_CONFIGS]


def config_id(value) -> str:
    if isinstance(value, dict):
        return "-".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def envs_or_skip():
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install '.[envs]')")
    pytest.importorskip("gymnasium", reason="Gymnasium is not installed (pip install '.[envs]')")
    from galaxysim import envs

    return envs
