"""PettingZoo's own checks on every game: api_test, seed_test, the parallel API test and seed test, the
max-cycles test and the render test."""
from __future__ import annotations

import functools
import types
import warnings

import pytest

from .configs import ALL, config_id, envs_or_skip

envs = envs_or_skip()
from gymnasium import spaces  # noqa: E402
from pettingzoo.test import (  # noqa: E402
    api_test, max_cycles_test, parallel_api_test, parallel_seed_test, render_test, seed_test)
from pettingzoo.utils import parallel_to_aec  # noqa: E402

AEC = {"rftg": envs.rftg_env, "af": envs.af_env}
PARALLEL = {"rftg": envs.rftg_parallel_env, "af": envs.af_parallel_env}


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns that a Dict observation space is not a Box (its classic games are on an allow list).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game,options", ALL, ids=config_id)
def test_api_and_seed(game, options):
    make = functools.partial(AEC[game], **options)
    api_test(make(), num_cycles=1000)
    seed_test(make, num_cycles=1000)


class LegalDiscrete(spaces.Discrete):
    """A Discrete space whose sample() without a mask draws among the actions legal now: PettingZoo's
    max_cycles_test samples without the action mask, and the environments refuse illegal actions."""

    def __init__(self, n, current_mask):
        super().__init__(n)
        self._current_mask = current_mask

    def sample(self, mask=None, **kwargs):   # kwargs: Gymnasium >= 1.1's `probability`
        if mask is None and not kwargs:
            mask = self._current_mask()
            if not mask.any():
                return self.start
        return super().sample(mask=mask, **kwargs)


def _legal_sampling(env, mask_of):
    for agent in env.possible_agents:
        env.action_spaces[agent] = LegalDiscrete(env.num_actions, functools.partial(mask_of, env, agent))
    return env


def _parallel_legal_sampling(game, options, **kw):
    return _legal_sampling(PARALLEL[game](**options, **kw), lambda e, a: e.action_mask(a))


@pytest.mark.parametrize("game,options", ALL, ids=config_id)
def test_parallel_api_and_seed(game, options):
    """parallel_api_test samples with the action masks; parallel_seed_test without them, so it gets the
    spaces whose sample() draws among the legal actions."""
    parallel_api_test(PARALLEL[game](**options), num_cycles=1000)
    parallel_seed_test(functools.partial(_parallel_legal_sampling, game, options), num_cycles=1000)


@pytest.mark.parametrize("game,options", [("rftg", dict(players=4)), ("rftg", dict(players=2, advanced=True)),
                                          ("af", dict(players=3))], ids=config_id)
def test_max_cycles(game, options):
    """PettingZoo's max_cycles_test: the parallel env stops after max_cycles steps, and its AEC form
    (parallel_to_aec: every agent acts once per cycle) after max_cycles cycles. The native AEC env, where only
    the deciding seat acts, is checked in test_native_aec_max_cycles."""
    parallel_env = functools.partial(_parallel_legal_sampling, game, options)
    mod = types.SimpleNamespace(parallel_env=parallel_env, env=lambda **kw: parallel_to_aec(parallel_env(**kw)))
    max_cycles_test(mod)


@pytest.mark.parametrize("game,options", [("rftg", dict(players=4)), ("af", dict(players=2))], ids=config_id)
@pytest.mark.parametrize("max_cycles", [1, 5])
def test_native_aec_max_cycles(game, options, max_cycles):
    """max_cycles in the AEC env: every agent is truncated before any seat's decision max_cycles + 1, the
    most active seat has made exactly max_cycles decisions, and each agent then gets one dead step."""
    import numpy as np

    env = AEC[game](**options, max_cycles=max_cycles)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    decisions = dict.fromkeys(env.possible_agents, 0)
    dead = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            dead[agent] += 1
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        decisions[agent] += 1
    assert max(decisions.values()) == max_cycles
    assert set(dead.values()) == {1}
    assert not env.game_state.is_terminal()


@pytest.mark.parametrize("game", ["rftg", "af"])
def test_render(game):
    render_test(functools.partial(AEC[game], players=2))
