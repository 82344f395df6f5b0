"""PettingZoo environments of galaxysim's games (the optional extra: pip install 'galaxysim[envs]').

    from galaxysim.envs import rftg_env
    env = rftg_env(players=4, expansion="tgs")      # any rftg.Game option; reward="win" | "score_diff"
    env.reset(seed=7)                                # the engine's game rftg.Game(...).new_state(7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

rftg_env / af_env: AEC environments (one decision at a time); rftg_parallel_env / af_parallel_env: the
parallel API, every simultaneous choice of a step taken together. docs/pettingzoo.md says what an
observation holds, how rewards are paid and what stays hidden. PettingZoo and Gymnasium are imported only
when an environment is made.
"""
from __future__ import annotations

from .games import kind

__all__ = ["rftg_env", "af_env", "rftg_parallel_env", "af_parallel_env"]

_MISSING = ("galaxysim.envs needs PettingZoo and Gymnasium, which are not installed: "
            "pip install 'galaxysim[envs]' (from a checkout: pip install '.[envs]')")


def _aec():
    try:
        from . import aec
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] in ("pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(_MISSING) from None
        raise
    return aec


def _parallel():
    _aec()
    from . import parallel

    return parallel


def rftg_env(players: int = 4, *, reward: str = "win", render_mode=None, max_cycles=None, **game_options):
    """Race for the Galaxy as a PettingZoo AEC environment. `game_options` are rftg.Game's (expansion,
    advanced, goals, takeovers, draft, solo_difficulty, solo_config, first_game, variant); players=1 is the
    solo game against the robot. max_cycles: every agent is truncated before any seat's decision number
    max_cycles + 1 (None: play to the end)."""
    return _aec().GalaxyAECEnv(kind("rftg"), dict(players=players, **game_options), reward, render_mode,
                               max_cycles)


def af_env(players: int = 4, *, reward: str = "win", render_mode=None, max_cycles=None, **game_options):
    """Alien Frontiers as a PettingZoo AEC environment; `game_options` are af.Game's (long_game, overrides,
    variant)."""
    return _aec().GalaxyAECEnv(kind("af"), dict(players=players, **game_options), reward, render_mode, max_cycles)


def rftg_parallel_env(players: int = 4, *, reward: str = "win", render_mode=None, max_cycles=None,
                      **game_options):
    """Race for the Galaxy with PettingZoo's parallel API: each step takes one decision from every seat that
    decides at that moment, all seats of a simultaneous choice together. max_cycles: steps before every agent
    is truncated."""
    return _parallel().GalaxyParallelEnv(kind("rftg"), dict(players=players, **game_options), reward, render_mode,
                                         max_cycles)


def af_parallel_env(players: int = 4, *, reward: str = "win", render_mode=None, max_cycles=None, **game_options):
    """Alien Frontiers with PettingZoo's parallel API (one seat decides at a time: its turns are not
    simultaneous)."""
    return _parallel().GalaxyParallelEnv(kind("af"), dict(players=players, **game_options), reward, render_mode,
                                         max_cycles)
