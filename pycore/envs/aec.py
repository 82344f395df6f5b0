"""The PettingZoo AEC environment of a galaxysim game: one agent per seat, the engine's decisions one at a time.

The agent to act (`agent_selection`) is the seat the engine asks. Simultaneous choices (RftG action cards,
Explore keeps, Develop/Settle selections, start and hand-limit discards) are asked in seat order, as the
engine asks them, and each agent's observation is the engine's observation tensor of its seat, which shows
no other seat's pending choice until the reveal (docs/pettingzoo.md).
"""
from __future__ import annotations

import operator

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .games import GameKind, agent_names, make_game
from .render import MoveLog
from .rewards import check_reward, final_rewards
from .seeds import DealSeeds

RENDER_MODES = ("human", "ansi")


def check_render_mode(render_mode):
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
    return render_mode


def check_max_cycles(max_cycles):
    if max_cycles is None:
        return None
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, (int, np.integer)) or max_cycles < 1:
        raise ValueError(f"max_cycles must be None or a positive integer, not {max_cycles!r}")
    return int(max_cycles)


def observation_space(size: int, actions: int) -> spaces.Dict:
    """{"observation": the engine's int16 observation tensor, "action_mask": 1 for each legal action}."""
    info = np.iinfo(np.int16)
    return spaces.Dict({
        "observation": spaces.Box(low=info.min, high=info.max, shape=(size,), dtype=np.int16),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })


def action_index(action) -> int:
    """An action as an int (Python or numpy integer); anything else is a one-line TypeError."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an integer, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer, not {action!r}") from None


class GalaxyAECEnv(AECEnv):
    """A galaxysim game as a PettingZoo AEC environment (make it with galaxysim.envs.rftg_env or af_env)."""

    def __init__(self, kind: GameKind, game_options: dict, reward: str = "win", render_mode=None,
                 max_cycles=None):
        super().__init__()
        self.kind = kind
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        self.max_cycles = check_max_cycles(max_cycles)
        #: the engine's Game (galaxysim.rftg.Game or galaxysim.af.Game)
        self.game = make_game(kind, game_options)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"galaxysim_{kind.name}_v0",
                         "is_parallelizable": False}
        self.possible_agents = agent_names(self.game.players)
        self.num_actions = self.game.num_distinct_actions()
        obs_space = observation_space(self.game.observation_size, self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._no_actions = np.zeros(self.num_actions, dtype=np.int8)
        self._seeds = DealSeeds()
        #: the engine's State of the game being played (all of it, hidden cards included: for evaluation and
        #: tests, not for agents, whose view is observe())
        self.game_state = None
        self.seed_dealt = None

    def __str__(self):
        return self.metadata["name"]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

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
