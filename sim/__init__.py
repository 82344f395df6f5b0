"""galaxysim experiments: run configs, the batch run loop, and the `galaxysim` command line.

    galaxysim run --players 4 --bots random,heuristic,heuristic,heuristic --games 100000 --seed 1

From Python:

    from galaxysim.sim import RunConfig, start_run
    outcome = start_run(RunConfig(players=2, bots=["heuristic"], games=10_000, seed=1, out="runs/h2"))
"""
from .config import ConfigError, RunConfig

__all__ = ["ConfigError", "RunConfig", "start_run", "resume_run", "replay_game"]


def start_run(cfg: RunConfig, **kwargs):
    """Plays a run (see galaxysim.sim.run.start)."""
    from .run import start

    return start(cfg, **kwargs)


def resume_run(path, **kwargs):
    """Finishes an interrupted run (see galaxysim.sim.run.resume)."""
    from .run import resume

    return resume(path, **kwargs)


def replay_game(path, game_index: int):
    """Re-plays one game of a run and checks it against the stored rows (see galaxysim.sim.replay.replay)."""
    from .replay import replay

    return replay(path, game_index)
