"""galaxysim_rftg and galaxysim_af as OpenSpiel games: OpenSpiel's random simulation test, its ISMCTS bot
against galaxysim's heuristic, identical play for identical seeds and actions, the tensors and strings."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install '.[openspiel]'; its wheels need Python >= 3.11)")
import galaxysim.openspiel  # noqa: E402,F401  (registers the games)
from galaxysim import af, rftg  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402

from galaxysim.openspiel.evaluator import EngineRolloutEvaluator  # noqa: E402

CONFIGS = [
    ("galaxysim_rftg", {"players": 4}),
    ("galaxysim_rftg", {"players": 2, "advanced": True, "reward": "score_diff"}),
    ("galaxysim_rftg", {"players": 5, "expansion": "tgs", "seed": 3}),
    ("galaxysim_rftg", {"players": 3, "expansion": "rvi", "takeovers": True, "draft": True}),
    ("galaxysim_rftg", {"players": 1, "expansion": "rvi", "solo_difficulty": "easy"}),
    ("galaxysim_af", {"players": 2}),
    ("galaxysim_af", {"players": 3, "reward": "score_diff"}),
]


def _id(value):
    return "-".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else value


@pytest.mark.parametrize("name,params", CONFIGS, ids=_id)
def test_openspiel_random_simulation(name, params):
    """OpenSpiel's RandomSimTest (clone, history replay, legal-action masks, tensor sizes, returns within the
    utility range, game length). serialize=False: serializing a sampled-stochastic game needs
    Game::GetRNGState, which pyspiel does not let a Python game implement."""
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=1, serialize=False, verbose=False)


def test_game_types():
    for name in galaxysim.openspiel.GAME_NAMES:
        game = pyspiel.load_game(name)
        t = game.get_type()
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert pyspiel.load_game("galaxysim_rftg", {"players": 3}).get_type().utility == \
        pyspiel.GameType.Utility.CONSTANT_SUM
    assert pyspiel.load_game("galaxysim_af", {"reward": "score_diff"}).get_type().utility == \
        pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("galaxysim_rftg", {"players": 1, "expansion": "tgs"}).get_type().utility == \
        pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name,mod,params,sims", [
    ("galaxysim_rftg", rftg, {"players": 2, "seed": 4}, 20),
    ("galaxysim_af", af, {"players": 2, "seed": 4}, 4),
], ids=["rftg", "af"])
def test_openspiel_ismcts_plays_a_full_game_against_the_heuristic(name, mod, params, sims):
    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, EngineRolloutEvaluator(seed=2), uct_c=0.7, max_simulations=sims,
                           random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)   # seeded: the same search every run
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    heuristic = mod.Bot("heuristic", 3)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = heuristic.act(state.engine_state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert searched > 10 and sorted(returns) in ([0.0, 1.0], [0.5, 0.5])
    assert returns[state.engine_state.winners()[0]] > 0


@pytest.mark.parametrize("name,params,engine_game", [
    ("galaxysim_rftg", {"players": 3, "expansion": "tgs", "seed": 21}, lambda: rftg.Game(players=3, expansion="tgs")),
    ("galaxysim_af", {"players": 3, "seed": 21}, lambda: af.Game(players=3)),
], ids=["rftg", "af"])
def test_identical_seeds_and_actions_play_identically(name, params, engine_game):
    """Two loads of a game with one seed, driven by the same actions, pass through the same states and end
    with the same returns; the engine's own game of that seed with those actions ends the same."""
    rng = np.random.default_rng(5)
    a = pyspiel.load_game(name, params).new_initial_state()
    b = pyspiel.load_game(name, params).new_initial_state()
    engine = engine_game().new_state(params["seed"])
    while not a.is_terminal():
        assert str(a) == str(b) == engine.to_json()
        assert a.information_state_string() == b.information_state_string()
        legal = a.legal_actions()
        assert legal == b.legal_actions() == sorted(engine.legal_actions())
        action = int(rng.choice(legal))
        a.apply_action(action)
        b.apply_action(action)
        engine.apply(action)
    assert b.is_terminal() and engine.is_terminal() and a.returns() == b.returns()
    assert a.engine_state.scores() == engine.scores()
    other = pyspiel.load_game(name, {**params, "seed": params["seed"] + 1}).new_initial_state()
    assert str(other) != str(pyspiel.load_game(name, params).new_initial_state())


def test_tensors_strings_and_resampling():
    game = pyspiel.load_game("galaxysim_rftg", {"players": 3, "seed": 8})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    engine = state.engine_state
    assert state.observation_tensor(player) == engine.observation_tensor(player).astype(float).tolist()
    assert state.information_state_tensor(player) == state.observation_tensor(player)
    assert len(state.observation_tensor(player)) == game.observation_tensor_size() == rftg.Game(players=3).observation_size
    mask = state.legal_actions_mask(player)
    assert len(mask) == game.num_distinct_actions() and np.flatnonzero(mask).tolist() == state.legal_actions()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands_differ = False
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        hands_differ |= world.engine_state.to_json() != engine.to_json()
    assert hands_differ
    # perfect recall: after a different own move, the same player's information state differs
    moves = state.history()
    prefix = game.new_initial_state()
    for action in moves[:5]:
        prefix.apply_action(action)
    mover = prefix.current_player()
    first, second = prefix.clone(), prefix.clone()
    first.apply_action(prefix.legal_actions()[0])
    second.apply_action(prefix.legal_actions()[1])
    assert first.information_state_string(mover) != second.information_state_string(mover)


def test_information_state_string_determines_the_legal_actions():
    """What ISMCTS relies on: in worlds resampled for a player and played on with the same policy, states
    that give a player one information-state string give it one set of legal actions (actions name card
    instances, so holding copy #1 or #2 of a design must give different strings)."""
    game = pyspiel.load_game("galaxysim_rftg", {"players": 2})
    rng = np.random.default_rng(0)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    compared = 0
    for trial in range(40):
        state = game.deal(trial)
        for _ in range(int(rng.integers(1, 100))):
            state.apply_action(int(rng.choice(state.legal_actions())))
        player = state.current_player()
        seen = {}
        for world in [state.resample_from_infostate(player, sampler) for _ in range(8)]:
            for _ in range(80):
                if world.is_terminal():
                    break
                actor = world.current_player()
                legal = tuple(world.legal_actions())
                key = (actor, world.information_state_string(actor))
                assert seen.setdefault(key, legal) == legal
                compared += 1
                world.apply_action(legal[0] if actor == player else legal[-1])
    assert compared > 10_000


def test_bad_parameters_are_one_line_errors():
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'expanison'"):
        pyspiel.load_game("galaxysim_rftg", {"expanison": "tgs"})
    from galaxysim.openspiel.register import RftgGame

    with pytest.raises(ValueError, match="unknown parameter 'expanison'"):
        RftgGame({"expanison": "tgs"})
    with pytest.raises(ValueError, match="reward must be one of"):
        pyspiel.load_game("galaxysim_af", {"reward": "points"})
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("galaxysim_af", {"players": 5})
