"""What the AEC and the parallel environment share: the checked options, the engine's Game, the agents, their
spaces and the engine state being played (galaxysim.envs.aec, galaxysim.envs.parallel)."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .games import GameKind, agent_names, make_game
from .options import check_max_cycles, check_render_mode, observation_space
from .rewards import check_reward
from .seeds import DealSeeds


class GameEnvSetup:
    """Mixed into both environments; `_set_up` is called first thing in their __init__."""

    def _set_up(self, kind: GameKind, game_options: dict, reward: str, render_mode, max_cycles, metadata: dict):
        self.kind = kind
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        self.max_cycles = check_max_cycles(max_cycles)
        #: the engine's Game (galaxysim.rftg.Game or galaxysim.af.Game)
        self.game = make_game(kind, game_options)
        self.metadata = metadata
        self.possible_agents = agent_names(self.game.players)
        self.num_actions = self.game.num_distinct_actions()
        obs_space = observation_space(self.game.observation_size, self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._no_actions = np.zeros(self.num_actions, dtype=np.int8)
        self._seeds = DealSeeds()
        #: the engine's State of the game being played (all of it, hidden cards included: for evaluation and
        #: tests, not for agents, whose view is their observation)
        self.game_state = None
        self.seed_dealt = None

    def __str__(self):
        return self.metadata["name"]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]
