"""galaxysim's games as OpenSpiel Python games: sequential, imperfect information, sampled stochasticity.

Chance is *sampled*, not explicit: the engine's state carries its own random number generator, which deals,
draws and rolls inside `apply_action` (OpenSpiel's ChanceMode.SAMPLED_STOCHASTIC; a state never has a chance
node). The k-th `new_initial_state()` of a loaded game (k = 0, 1, ...) is the engine's game of seed `seed` for
k = 0 and of game_seed(seed, k) after, so the same parameters and the same actions give the same games.
`resample_from_infostate(player, sampler)` is the engine's `determinize`: every card, die and deck order the
player cannot know is dealt afresh, consistently with what it knows.
"""
from __future__ import annotations

import pyspiel

from ..envs.games import GameKind, make_game
from ..envs.rewards import check_reward, final_rewards, reward_bounds
from .observer import EngineObserver, recall_digest
from .params import game_options

#: OpenSpiel's max_game_length, a bound on the decisions of one game: Race for the Galaxy stops after 30
#: rounds (rules A33), Alien Frontiers at the data's turn cap (1,000 turns); the longest random games seen
#: had 625 and 1,036 decisions (docs/openspiel.md).
MAX_GAME_LENGTH = {"rftg": 20_000, "af": 50_000}


def game_type(kind: GameKind, params: dict, utility) -> pyspiel.GameType:
    players = (1, 6) if kind.name == "rftg" else (2, 4)
    return pyspiel.GameType(
        short_name=f"galaxysim_{kind.name}", long_name=f"galaxysim {kind.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def utility_of(reward: str, players: int):
    if players == 1:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if reward == "win":
        return pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType.Utility.ZERO_SUM


class GalaxyGame(pyspiel.Game):
    """A loaded galaxysim_rftg or galaxysim_af game (pyspiel.load_game)."""

    def __init__(self, kind: GameKind, defaults: dict, params: dict | None):
        params = {**defaults, **(params or {})}
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            raise ValueError(f"galaxysim_{kind.name}: unknown parameter {unknown[0]!r} "
                             f"(expected one of {', '.join(sorted(defaults))})")
        self.kind = kind
        self.reward = check_reward(params["reward"])
        #: the engine's Game
        self.engine_game = make_game(kind, game_options(params))
        players = self.engine_game.players
        low, high = reward_bounds(self.reward)
        utility = utility_of(self.reward, players)
        utility_sum = {pyspiel.GameType.Utility.CONSTANT_SUM: 1.0, pyspiel.GameType.Utility.ZERO_SUM: 0.0}.get(utility)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine_game.num_distinct_actions(), max_chance_outcomes=0,
            num_players=players, min_utility=low, max_utility=high, utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH[kind.name])
        super().__init__(game_type(kind, defaults, utility), info, params)
        self._seed = params["seed"]

    def new_initial_state(self):
        """The engine's game of the parameter `seed` (the same one every time)."""
        return GalaxyState(self, self.engine_game.new_state(self._seed))

    def deal(self, seed: int):
        """The engine's game of `seed` (new_initial_state() with another seed): galaxysim's runs deal game i
        of run seed s as deal(galaxysim._rftg.game_seed(s, i))."""
        return GalaxyState(self, self.engine_game.new_state(seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"galaxysim observers take no parameters, not {params!r}")
        recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return EngineObserver(self.engine_game.observation_size, recall)


class GalaxyState(pyspiel.State):
    """A galaxysim game position as an OpenSpiel state; `engine_state` is the engine's (all of it)."""

    def __init__(self, game: GalaxyGame, engine_state, recall=None):
        super().__init__(game)
        self.engine_state = engine_state
        self._players = game.engine_game.players
        self._reward = game.reward
        if recall is None:
            recall = self._links([b""] * self._players, None, None)
        self._recall = list(recall)

    def _links(self, previous, actor, action):
        s = self.engine_state
        deciding = -1 if s.is_terminal() else s.current_player
        legal = sorted(s.legal_actions()) if deciding >= 0 else None
        return [recall_digest(previous[p], s.observation_tensor(p), action if p == actor else None,
                              legal if p == deciding else None) for p in range(self._players)]

    def recall(self, player: int) -> bytes:
        """The player's perfect-recall digest (its information-state string, as bytes)."""
        return self._recall[player]

    def current_player(self):
        s = self.engine_state
        return pyspiel.PlayerId.TERMINAL if s.is_terminal() else s.current_player

    def _legal_actions(self, player):
        s = self.engine_state
        if s.is_terminal() or player != s.current_player:
            return []
        return sorted(s.legal_actions())

    def legal_actions_mask(self, player=None):
        s = self.engine_state
        if player is None:
            player = self.current_player()
        if s.is_terminal() or player != s.current_player:
            return [0] * self.get_game().num_distinct_actions()
        return s.legal_actions_mask().astype(int).tolist()

    def _apply_action(self, action):
        s = self.engine_state
        actor = s.current_player
        s.apply(int(action))
        self._recall = self._links(self._recall, actor, int(action))

    def _action_to_string(self, player, action):
        s = self.engine_state
        if not s.is_terminal() and int(action) in s.legal_actions():
            return s.describe(int(action))
        return f"action {int(action)}"

    def is_terminal(self):
        return self.engine_state.is_terminal()

    def returns(self):
        s = self.engine_state
        return final_rewards(s, self._reward) if s.is_terminal() else [0.0] * self._players

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the player cannot tell from this one: the engine's determinize(player, seed), the seed
        drawn from `probability_sampler` (OpenSpiel's sampler of [0, 1))."""
        seed = int(probability_sampler() * 2**53)
        return GalaxyState(self.get_game(), self.engine_state.determinize(player_id, seed), self._recall)

    def __str__(self):
        return self.engine_state.to_json()
