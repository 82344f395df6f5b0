"""The PettingZoo AEC environment of a galaxysim game: one agent per seat, the engine's decisions one at a time.

The agent to act (`agent_selection`) is the seat the engine asks. Simultaneous choices (RftG action cards,
Explore keeps, Develop/Settle selections, start and hand-limit discards) are asked in seat order, as the
engine asks them, and each agent's observation is the engine's observation tensor of its seat, which shows
no other seat's pending choice until the reveal (docs/pettingzoo.md).
"""
from __future__ import annotations

import operator

import numpy as np
from pettingzoo import AECEnv

from .env_setup import GameEnvSetup
from .games import GameKind
from .options import RENDER_MODES
from .render import MoveLog
from .rewards import final_rewards

def action_index(action) -> int:
    """An action as an int (Python or numpy integer); anything else is a one-line TypeError."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an integer, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer, not {action!r}") from None


class GalaxyAECEnv(GameEnvSetup, AECEnv):
    """A galaxysim game as a PettingZoo AEC environment (make it with galaxysim.envs.rftg_env or af_env)."""

    def __init__(self, kind: GameKind, game_options: dict, reward: str = "win", render_mode=None,
                 max_cycles=None):
        super().__init__()
        self._set_up(kind, game_options, reward, render_mode, max_cycles,
                     {"render_modes": list(RENDER_MODES), "name": f"galaxysim_{kind.name}_v0",
                      "is_parallelizable": False})

    def reset(self, seed=None, options=None):
        self.seed_dealt = self._seeds.next(seed)
        self.game_state = self.game.new_state(self.seed_dealt)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._decisions = [0] * len(self.agents)
        self._log = MoveLog(f"{self.game!r}, seed {self.seed_dealt}") if self.render_mode else None
        self._next_agent()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        state = self.game_state
        deciding = agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent])
        mask = state.legal_actions_mask().view(np.int8) if deciding else self._no_actions.copy()
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        action = action_index(action)
        state = self.game_state
        if self._log is not None:
            self._log.record(state, seat, action)
        state.apply(action)   # an illegal action raises RulesError naming the decision and the legal actions
        self._decisions[seat] += 1
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            self._finish()
        else:
            self._next_agent()
        if self.render_mode == "human":
            self.render()

    def _next_agent(self):
        seat = self.game_state.current_player
        self.agent_selection = self.possible_agents[seat]
        if self.max_cycles is not None and self._decisions[seat] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def _finish(self):
        state = self.game_state
        paid = final_rewards(state, self.reward)
        scores, winners = state.scores(), state.winners()
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = paid[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"score": int(scores[seat]), "winners": [int(w) for w in winners]}
        self._accumulate_rewards()

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
