"""An evaluator for OpenSpiel's MCTS and ISMCTS bots that plays its random rollouts on the engine's state
directly (galaxysim's C++ engine, one Python call per decision), instead of through OpenSpiel's Python state:
the same uniform random playouts as OpenSpiel's RandomRolloutEvaluator, several times faster.

    from open_spiel.python.algorithms import ismcts
    from galaxysim.openspiel.evaluator import EngineRolloutEvaluator
    bot = ismcts.ISMCTSBot(game, EngineRolloutEvaluator(seed=1), uct_c=0.7, max_simulations=100)
"""
from __future__ import annotations

import numpy as np
from open_spiel.python.algorithms import mcts

from ..envs.rewards import final_rewards


class EngineRolloutEvaluator(mcts.Evaluator):
    """Values a state by the mean returns of `rollouts` uniformly random playouts on the engine; the prior is
    uniform over the legal actions."""

    def __init__(self, rollouts: int = 1, seed: int | None = None):
        if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"rollouts must be a positive integer, not {rollouts!r}")
        self.rollouts = rollouts
        self._rng = np.random.default_rng(seed)

    def evaluate(self, state):
        total = None
        for _ in range(self.rollouts):
            s = state.engine_state.clone()
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply(legal[self._rng.integers(len(legal))])
            paid = np.array(final_rewards(s, state.get_game().reward))
            total = paid if total is None else total + paid
        return total / self.rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
