"""The environments play the engine's game: the same seed and actions end identically, every observation is
the engine's observation of that seat, and no observation depends on what its seat cannot see."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import af, rftg

from .configs import ALL, config_id, envs_or_skip
from .random_policy import play_aec, random_action

envs = envs_or_skip()
AEC = {"rftg": envs.rftg_env, "af": envs.af_env}
PARALLEL = {"rftg": envs.rftg_parallel_env, "af": envs.af_parallel_env}
GAME = {"rftg": rftg.Game, "af": af.Game}


@pytest.mark.parametrize("game,options", ALL, ids=config_id)
def test_env_game_and_engine_game_end_identically(game, options):
    env = AEC[game](**options)
    moves = play_aec(env, seed=11, rng=np.random.default_rng(1))
    state = GAME[game](**options).new_state(11)
    for agent, action in moves:
        assert env.possible_agents[state.current_player] == agent
        state.apply(action)
    assert state.is_terminal()
    assert state.to_json() == env.game_state.to_json()
    assert state.scores() == env.game_state.scores() and state.winners() == env.game_state.winners()


SETUP = ("start_world", "start_discard")


def _start_world_choice(game, options) -> bool:
    """Games whose setup deals start worlds to choose from (RvI, the draft): see test_engine_start_world_leak."""
    return game == "rftg" and (options.get("expansion") == "rvi" or options.get("draft", False))


@pytest.mark.parametrize("game,options", ALL, ids=config_id)
def test_observations_are_the_engines_and_show_nothing_hidden(game, options):
    """At every decision, every agent's observation is the engine's observation tensor of its seat, and
    the same as in a determinization for that seat (everything it cannot see dealt afresh); only the
    deciding agent has a non-zero mask, the engine's legal actions. (The setup of games with a start-world
    choice is left to test_engine_start_world_leak.)"""
    env = AEC[game](**options)
    env.reset(seed=5)
    rng = np.random.default_rng(2)
    checked = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        if checked % 7 == 0:   # every 7th decision keeps the test short
            for seat, other in enumerate(env.possible_agents):
                seen = env.observe(other)
                assert np.array_equal(seen["observation"], state.observation_tensor(seat))
                if not (_start_world_choice(game, options) and state.decision in SETUP):
                    again = state.determinize(seat, checked + seat)
                    assert np.array_equal(seen["observation"], again.observation_tensor(seat))
                if other == agent:
                    assert np.flatnonzero(seen["action_mask"]).tolist() == sorted(state.legal_actions())
                else:
                    assert not seen["action_mask"].any()
        checked += 1
        env.step(random_action(obs, rng))
    assert checked > 10


# §1.8: RvI and draft start worlds lie face down until every seat has chosen (the tensor counted them before 0.2.0).
@pytest.mark.parametrize("options", [dict(players=3, expansion="rvi"), dict(players=2, expansion="tgs", draft=True)],
                         ids=config_id)
def test_start_worlds_stay_hidden_until_every_seat_has_chosen(options):
    env = envs.rftg_env(**options)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.game_state.decision == "draft_pick":  # the draft deals the decks first
            env.step(random_action(env.observe(env.agent_selection), rng))
        assert env.game_state.decision in SETUP
        while env.game_state.decision in SETUP:  # through every seat's start-world choice and discards
            for seat, agent in enumerate(env.possible_agents):
                again = env.game_state.determinize(seat, 1 + checked)
                assert np.array_equal(env.observe(agent)["observation"], again.observation_tensor(seat))
                checked += 1
            env.step(random_action(env.observe(env.agent_selection), rng))
    assert checked > 20


def _choice_hidden(make, kind):
    """Two copies of one game where the first seat to make a `kind` choice chooses differently (its first
    and its last legal action, then the lowest until its choice is made): the seats after it meet the same
    decisions with the same observations until the choice ends."""
    compared = 0
    for seed in range(10):
        a, b = make(), make()
        a.reset(seed=seed)
        b.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not a.game_state.is_terminal() and a.game_state.decision != kind:
            action = random_action(a.observe(a.agent_selection), rng)
            a.step(action)
            b.step(action)
        if a.game_state.is_terminal() or len(a.game_state.legal_actions()) < 2:
            continue
        chooser = a.agent_selection
        for env, first in ((a, min(a.game_state.legal_actions())), (b, max(b.game_state.legal_actions()))):
            env.step(first)
            while env.game_state.decision == kind and env.agent_selection == chooser:
                env.step(min(env.game_state.legal_actions()))
        while a.game_state.decision == kind and a.agent_selection != chooser:
            other = a.agent_selection
            assert b.agent_selection == other and b.game_state.decision == kind, (kind, seed, other)
            seen_a, seen_b = a.observe(other), b.observe(other)
            assert np.array_equal(seen_a["observation"], seen_b["observation"]), (kind, seed, other)
            assert np.array_equal(seen_a["action_mask"], seen_b["action_mask"]), (kind, seed, other)
            compared += 1
            action = min(a.game_state.legal_actions())
            a.step(action)
            b.step(action)
    return compared


@pytest.mark.parametrize("options,kind", [
    (dict(players=4), "choose_action"),
    (dict(players=2, advanced=True), "choose_action"),
    (dict(players=3), "develop_select"),
    (dict(players=3), "settle_select"),
    (dict(players=4), "explore_keep"),
    (dict(players=4), "start_discard"),
    (dict(players=5, expansion="rvi", takeovers=True), "settle_select"),
], ids=config_id)
def test_simultaneous_choices_stay_hidden(options, kind):
    assert _choice_hidden(lambda: envs.rftg_env(**options), kind) > 0


@pytest.mark.parametrize("game,options", ALL, ids=config_id)
def test_parallel_env_shows_each_seat_the_decision_the_aec_env_asks(game, options):
    """The parallel env and the AEC env side by side on one seed: the AEC env asks each seat exactly the
    decisions the parallel env showed it, in that seat's order, with the same observation and mask."""
    par, aec = PARALLEL[game](**options), AEC[game](**options)
    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        obs, _ = par.reset(seed=seed)
        aec.reset(seed=seed)
        waiting = {a: [] for a in aec.possible_agents}
        together = 0
        while par.agents:
            deciding = par.deciding()
            together = max(together, len(deciding))
            actions = {a: random_action(obs[a], rng) for a in deciding}
            for a in deciding:
                waiting[a].append((obs[a], actions[a]))
            obs, *_ = par.step(actions)
            while aec.agents and waiting[aec.agent_selection]:
                agent = aec.agent_selection
                if aec.terminations[agent] or aec.truncations[agent]:
                    break
                shown, action = waiting[agent].pop(0)
                mine = aec.observe(agent)
                assert np.array_equal(mine["observation"], shown["observation"])
                assert np.array_equal(mine["action_mask"], shown["action_mask"])
                aec.step(action)
        assert not any(waiting.values())
        assert aec.game_state.is_terminal() and aec.game_state.to_json() == par.game_state.to_json()
        if game == "rftg" and options["players"] > 1:
            assert together == options["players"]   # a simultaneous choice was taken together
        else:
            assert together == 1


def test_reset_seed_is_the_engines_seeded_game_and_unseeded_resets_differ():
    env = envs.rftg_env(players=3, expansion="tgs")
    env.reset(seed=42)
    assert env.game_state.to_json() == rftg.Game(players=3, expansion="tgs").new_state(42).to_json()
    env.reset()
    second = env.game_state.to_json()
    env.reset()
    assert env.game_state.to_json() != second
    env.reset(seed=42)
    env.reset()
    assert env.game_state.to_json() == second   # unseeded resets follow from the last seed


@pytest.mark.parametrize("reward", ["win", "score_diff"])
@pytest.mark.parametrize("game,options", [("rftg", dict(players=4)), ("rftg", dict(players=1, expansion="tgs")),
                                          ("af", dict(players=3))], ids=config_id)
def test_rewards_at_the_end(game, options, reward):
    env = AEC[game](**options, reward=reward)
    paid = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=9)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        obs, r, terminated, truncated, info = env.last()
        paid[agent] += r
        if terminated or truncated:
            env.step(None)
            continue
        env.step(random_action(obs, rng))
    state = env.game_state
    scores, winners = state.scores(), state.winners()
    if reward == "win":
        expected = [1 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    elif state.players == 1:
        expected = [scores[0] - state.robot()["score"]]
    else:
        expected = [s - (sum(scores) - s) / (state.players - 1) for s in scores]
    assert [paid[a] for a in env.possible_agents] == pytest.approx(expected)
    if state.players > 1:
        assert sum(expected) == pytest.approx(1.0 if reward == "win" else 0.0)


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(ValueError, match="reward must be one of 'win', 'score_diff', not 'score'"):
        envs.rftg_env(reward="score")
    with pytest.raises(ValueError, match="render_mode must be None, 'human' or 'ansi'"):
        envs.af_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_cycles must be None or a positive integer"):
        envs.rftg_env(max_cycles=0)
    with pytest.raises(TypeError, match="rftg: unknown game option 'expanison'"):
        envs.rftg_env(expanison="tgs")
    with pytest.raises(rftg.RulesError, match="players"):
        envs.rftg_env(players=7)
    env = envs.rftg_env(players=2)
    env.reset(seed=1)
    with pytest.raises(TypeError, match="an action is an integer, not 1.5"):
        env.step(1.5)
    with pytest.raises(rftg.RulesError, match="illegal action 1643"):
        env.step(1643)
    with pytest.raises(TypeError, match="seed must be an integer"):
        env.reset(seed="7")
    par = envs.rftg_parallel_env(players=2)
    par.reset(seed=1)
    with pytest.raises(ValueError, match="step\\(\\) needs an action for player_"):
        par.step({})
