"""The PettingZoo parallel environment of a galaxysim game.

Each step takes one decision from every seat that decides at that moment: all seats of a simultaneous choice
together (RftG: action cards, Explore keeps, Develop/Settle selections, start and hand-limit discards, draft
picks; galaxysim.envs.simultaneous says how), otherwise the one seat the engine asks. Every live agent gets an
observation each step; the agents that do not decide get an all-zero action mask, and their actions (if any
are given) are ignored. Alien Frontiers has no simultaneous choices, so one seat decides per step.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from .aec import RENDER_MODES, action_index, check_max_cycles, check_render_mode, observation_space
from .games import GameKind, agent_names, make_game
from .render import MoveLog
from .rewards import check_reward, final_rewards
from .seeds import DealSeeds
from .simultaneous import Presenter


class GalaxyParallelEnv(ParallelEnv):
    """A galaxysim game with PettingZoo's parallel API (make it with galaxysim.envs.rftg_parallel_env or
    af_parallel_env)."""

    def __init__(self, kind: GameKind, game_options: dict, reward: str = "win", render_mode=None,
                 max_cycles=None):
        self.kind = kind
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        self.max_cycles = check_max_cycles(max_cycles)
        self.game = make_game(kind, game_options)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"galaxysim_{kind.name}_parallel_v0"}
        self.possible_agents = agent_names(self.game.players)
        self.agents = []
        self.num_actions = self.game.num_distinct_actions()
        obs_space = observation_space(self.game.observation_size, self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._no_actions = np.zeros(self.num_actions, dtype=np.int8)
        self._presenter = Presenter(self.game, kind.simultaneous)
        self._seeds = DealSeeds()
        #: the engine's State (all of it: for evaluation and tests, not for agents)
        self.game_state = None
        self.seed_dealt = None

    def __str__(self):
        return self.metadata["name"]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def action_mask(self, agent) -> np.ndarray:
        """The agent's legal-actions mask in this step (all zero when it does not decide)."""
        shown = self._shown.get(self.possible_agents.index(agent))
        return shown.mask.copy() if shown is not None else self._no_actions.copy()

    def deciding(self) -> list[str]:
        """The agents that decide in this step (the others' actions are ignored)."""
        return [self.possible_agents[seat] for seat in self._shown]

    def reset(self, seed=None, options=None):
        self.seed_dealt = self._seeds.next(seed)
        self.game_state = self.game.new_state(self.seed_dealt)
        self.agents = self.possible_agents[:]
        self._steps = 0
        self._presenter.reset()
        self._log = MoveLog(f"{self.game!r}, seed {self.seed_dealt}") if self.render_mode else None
        self._shown = self._presenter.show(self.game_state)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        if not self.agents:
            raise ValueError("step() after the game ended: call reset()")
        for seat, shown in self._shown.items():
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"step() needs an action for {agent}, which decides in this step")
            action = action_index(actions[agent])
            if not (0 <= action < self.num_actions and shown.mask[action]):
                legal = np.flatnonzero(shown.mask).tolist()
                raise ValueError(f"{agent} answered {action}, which is not a legal action; legal actions: {legal}")
            self._presenter.queue(seat, action, shown)
        state = self.game_state
        self._presenter.apply(state, self._log.record if self._log is not None else None)
        self._steps += 1
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        infos = {a: {} for a in agents}
        ended = state.is_terminal()
        truncated = not ended and self.max_cycles is not None and self._steps >= self.max_cycles
        if ended:
            paid, scores, winners = final_rewards(state, self.reward), state.scores(), state.winners()
            for seat, agent in enumerate(self.possible_agents):
                rewards[agent] = paid[seat]
                infos[agent] = {"score": int(scores[seat]), "winners": [int(w) for w in winners]}
        self._shown = {} if ended or truncated else self._presenter.show(state)
        observations = self._observations()
        terminations = dict.fromkeys(agents, ended)
        truncations = dict.fromkeys(agents, truncated)
        if ended or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict:
        state = self.game_state
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            shown = self._shown.get(seat)
            if shown is not None:
                out[agent] = {"observation": shown.observation, "action_mask": shown.mask.copy()}
            else:
                out[agent] = {"observation": state.observation_tensor(seat), "action_mask": self._no_actions.copy()}
        return out

    def render(self):
        if self.render_mode is None:
            raise ValueError("render() needs a render_mode: make the env with render_mode='ansi' or 'human'")
        text = self._log.take(self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass
