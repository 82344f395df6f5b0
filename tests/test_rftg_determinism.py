"""Determinism and API contracts of the Race for the Galaxy engine seen from Python.

Same seed -> same game; clone() independent; to_json()/state_from_json() resumes
identically; determinize() keeps the observer's observation; built-in bots play
legal actions; play_games() is reproducible and the heuristic bot beats random;
illegal actions and bad options raise clear RulesErrors.
"""
from __future__ import annotations

import copy
import random
import re

import pytest

from galaxysim import rftg

CONFIGS = [
    pytest.param(dict(players=2), id="2p"),
    pytest.param(dict(players=3), id="3p"),
    pytest.param(dict(players=4), id="4p"),
    pytest.param(dict(players=2, advanced=True), id="2p-advanced"),
]


def trajectory(game: rftg.Game, seed: int, choice_seed: int):
    """(decision, actor, legal actions, chosen action) per step, final scores and winners."""
    rnd = random.Random(choice_seed)
    s = game.new_state(seed)
    steps = []
    while not s.is_terminal():
        legal = s.legal_actions()
        a = rnd.choice(legal)
        steps.append((s.decision, s.current_player, s.round, tuple(legal), a))
        s.apply(a)
    return steps, s.scores(), s.winners(), s.to_json()


def random_playout(state: rftg.State, rnd: random.Random, max_steps: int = 100000) -> rftg.State:
    for _ in range(max_steps):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------------------
# Same seed, same game.


@pytest.mark.parametrize("opts", CONFIGS)
def test_same_seed_same_game(opts):
    game = rftg.Game(**opts)
    for seed in (0, 1, 12345, 2**63 + 7):
        a = trajectory(game, seed, choice_seed=seed + 1)
        b = trajectory(game, seed, choice_seed=seed + 1)
        assert a == b
        assert a[0], "the game had no decision"
        assert a[0][-1][0] is not None
    # A fresh Game object of the same kind plays the same game too.
    assert trajectory(rftg.Game(**opts), 77, 78) == trajectory(game, 77, 78)


@pytest.mark.parametrize("opts", CONFIGS)
def test_different_seeds_differ(opts):
    game = rftg.Game(**opts)
    deals = {game.new_state(seed).to_json() for seed in range(20)}
    assert len(deals) == 20, "different seeds dealt the same position"
    t1 = trajectory(game, 1, 5)
    t2 = trajectory(game, 2, 5)
    assert t1 != t2


# ---------------------------------------------------------------------------
# clone(), copies.


@pytest.mark.parametrize("opts", CONFIGS)
def test_clone_is_independent(opts):
    game = rftg.Game(**opts)
    rnd = random.Random(3)
    s = game.new_state(11)
    checked = 0
    while not s.is_terminal():
        if rnd.random() < 0.2:
            before = s.to_json()
            for c in (s.clone(), copy.copy(s), copy.deepcopy(s)):
                assert c.to_json() == before
                random_playout(c, random.Random(rnd.random()), max_steps=rnd.randint(1, 40))
                assert s.to_json() == before, "playing on a clone changed the original"
                checked += 1
            # And the other way round: the original moves on, the clone stays.
            c = s.clone()
            s2 = s.clone()
            s2.apply(rnd.choice(s2.legal_actions()))
            assert c.to_json() == before
        s.apply(rnd.choice(s.legal_actions()))
    assert checked > 10


# ---------------------------------------------------------------------------
# JSON round trip resumes the same game.


@pytest.mark.parametrize("opts", CONFIGS)
def test_json_round_trip_continues_identically(opts):
    game = rftg.Game(**opts)
    rnd = random.Random(17)
    resumed = 0
    for seed in range(4):
        s = game.new_state(100 + seed)
        while not s.is_terminal():
            if rnd.random() < 0.05:
                text = s.to_json()
                t = game.state_from_json(text)
                assert t.to_json() == text
                # Play the original and the reloaded copy side by side to the end.
                a_state, b_state = s.clone(), t
                prnd = random.Random(rnd.random())
                while not a_state.is_terminal():
                    assert b_state.decision == a_state.decision
                    assert b_state.current_player == a_state.current_player
                    legal = a_state.legal_actions()
                    assert b_state.legal_actions() == legal
                    a = prnd.choice(legal)
                    a_state.apply(a)
                    b_state.apply(a)
                    assert b_state.to_json() == a_state.to_json()
                assert b_state.is_terminal()
                assert b_state.scores() == a_state.scores()
                assert b_state.winners() == a_state.winners()
                resumed += 1
            s.apply(rnd.choice(s.legal_actions()))
        # The terminal position round-trips too.
        t = game.state_from_json(s.to_json())
        assert t.is_terminal() and t.scores() == s.scores() and t.to_json() == s.to_json()
    assert resumed >= 5


@pytest.mark.parametrize("opts", CONFIGS)
def test_json_indent_is_the_same_position(opts):
    game = rftg.Game(**opts)
    s = random_playout(game.new_state(5), random.Random(1), max_steps=37)
    assert game.state_from_json(s.to_json(indent=2)).to_json() == s.to_json()


# ---------------------------------------------------------------------------
# Hidden information.


@pytest.mark.parametrize("opts", CONFIGS)
def test_determinize_keeps_the_observation(opts):
    game = rftg.Game(**opts)
    rnd = random.Random(23)
    checked = 0
    for seed in range(3):
        s = game.new_state(200 + seed)
        while not s.is_terminal():
            if rnd.random() < 0.1:
                for p in range(game.players):
                    obs = s.observation(p)
                    for k in range(2):
                        d = s.determinize(p, rnd.randrange(2**64))
                        assert d.observation(p) == obs, f"determinize({p}) changed player {p}'s observation"
                        assert d.decision == s.decision and d.current_player == s.current_player
                        assert d.scores() == s.scores()  # tableaus and chips are public
                        checked += 1
                    # A determinized state is a playable game.
                    random_playout(d, random.Random(k), max_steps=200)
                # The original is untouched.
                assert s.observation(0) == s.observation(0)
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 20


@pytest.mark.parametrize("opts", CONFIGS)
def test_actor_keeps_its_decision_in_a_determinized_state(opts):
    """The deciding player knows its options: determinizing for the actor keeps
    the decision and the legal actions (they may not depend on hidden cards)."""
    game = rftg.Game(**opts)
    rnd = random.Random(41)
    checked = 0
    for seed in range(30):
        s = game.new_state(300 + seed)
        while not s.is_terminal():
            p = s.current_player
            d = s.determinize(p, rnd.randrange(2**64))
            assert (d.decision, d.current_player, d.legal_actions()) == (s.decision, p, s.legal_actions()), (
                f"seed {300 + seed}, round {s.round}: determinize({p}) changed the actor's decision")
            checked += 1
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 1000


def test_determinize_same_seed_same_result():
    game = rftg.Game(players=3)
    s = random_playout(game.new_state(9), random.Random(2), max_steps=60)
    assert s.determinize(1, 42).to_json() == s.determinize(1, 42).to_json()


# ---------------------------------------------------------------------------
# Bots.


@pytest.mark.parametrize("opts", CONFIGS)
@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
def test_bots_act_legally(opts, bot_name):
    game = rftg.Game(**opts)
    for seed in range(3):
        bots = [rftg.Bot(bot_name, seed * 10 + i) for i in range(game.players)]
        s = game.new_state(seed)
        steps = 0
        while not s.is_terminal():
            a = bots[s.current_player].act(s)
            assert a in s.legal_actions(), f"{bot_name} bot chose illegal action {a} at {s.decision}"
            s.apply(a)
            steps += 1
        assert steps > 10
        with pytest.raises(rftg.RulesError):
            bots[0].act(s)


def test_bot_with_same_seed_acts_the_same():
    game = rftg.Game(players=4)

    def run(seed):
        bots = [rftg.Bot("random", seed + i) for i in range(4)]
        s = game.new_state(seed)
        acts = []
        while not s.is_terminal():
            a = bots[s.current_player].act(s)
            acts.append(a)
            s.apply(a)
        return acts, s.scores()

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_unknown_bot_is_refused():
    with pytest.raises(rftg.RulesError, match="unknown bot"):
        rftg.Bot("alphazero", 1)


@pytest.mark.parametrize("opts", CONFIGS)
def test_play_games_is_reproducible(opts):
    game = rftg.Game(**opts)
    bots = ["random"] * game.players
    a = game.play_games(bots, 200, 7)
    b = game.play_games(bots, 200, 7)
    c = game.play_games(bots, 200, 8)
    strip = lambda r: {k: v for k, v in r.items() if k != "seconds"}  # noqa: E731
    assert strip(a) == strip(b)
    assert strip(a) != strip(c)
    assert a["games"] == 200 and sum(a["wins"]) >= 200
    assert 5 * 200 <= a["rounds"] <= 30 * 200


@pytest.mark.parametrize("opts", CONFIGS)
def test_the_narrow_engine_plays_the_full_engines_games(opts):
    # Random play of the base game runs on the two-word build of the engine (rftg/narrow.h);
    # the same seeds give the same games on the full-width one.
    narrow, full = rftg.Game(**opts), rftg.Game(**opts, narrow_engine=False)
    assert narrow.narrow_engine and not full.narrow_engine
    bots = ["random"] * narrow.players
    strip = lambda r: {k: v for k, v in r.items() if k != "seconds"}  # noqa: E731
    assert strip(narrow.play_games(bots, 300, 11)) == strip(full.play_games(bots, 300, 11))


def test_the_narrow_engine_only_takes_games_whose_cards_fit():
    assert not rftg.Game(players=4, expansion="tgs").narrow_engine  # more than 128 card instances
    assert not rftg.Game(players=4, expansion="rvi").narrow_engine
    with pytest.raises(rftg.RulesError, match="narrow_engine must be True or False"):
        rftg.Game(players=4, narrow_engine="yes")


def test_play_games_wrong_bot_count():
    game = rftg.Game(players=3)
    with pytest.raises(rftg.RulesError, match="one bot per seat"):
        game.play_games(["random", "random"], 1, 0)


def test_heuristic_beats_random_2p():
    game = rftg.Game(players=2)
    r0 = game.play_games(["heuristic", "random"], 200, 1)
    r1 = game.play_games(["random", "heuristic"], 200, 2)
    heuristic_wins = r0["wins"][0] + r1["wins"][1]
    assert heuristic_wins >= 0.85 * 400, f"heuristic won only {heuristic_wins} of 400 games against random"


# ---------------------------------------------------------------------------
# Errors.


@pytest.mark.parametrize("opts", CONFIGS)
def test_illegal_action_raises_and_leaves_state(opts):
    game = rftg.Game(**opts)
    rnd = random.Random(31)
    s = game.new_state(3)
    tried = 0
    while not s.is_terminal():
        if rnd.random() < 0.15:
            legal = s.legal_actions()
            bad = rnd.choice([a for a in [-1, 191, 200, 205, 218, 299, 10**6, *range(0, 400, 7)] if a not in legal])
            before = s.to_json()
            with pytest.raises(rftg.RulesError) as info:
                s.apply(bad)
            assert isinstance(info.value, ValueError)
            msg = str(info.value)
            assert s.decision in msg, f"message does not name the decision {s.decision}: {msg}"
            assert str(bad) in msg
            listed = [int(x) for x in re.findall(r"(?:\[|, )(-?\d+) ", msg.split("legal actions:", 1)[1])]
            assert listed == legal, f"message lists {listed}, legal actions are {legal}"
            assert s.to_json() == before, "an illegal action changed the state"
            tried += 1
        s.apply(rnd.choice(s.legal_actions()))
    assert tried > 5
    before = s.to_json()
    with pytest.raises(rftg.RulesError, match="over"):
        s.apply(200)
    assert s.to_json() == before


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        (dict(players=5), r"2 to 4 players"),
        (dict(players=1), r"2 to 4 players"),
        (dict(players=0), r"2 to 4 players"),
        (dict(players=3, advanced=True), r"advanced.*2 players"),
        (dict(players=4, advanced=True), r"advanced.*2 players"),
        (dict(expansion="xyz"), r"unknown expansion 'xyz'"),
        (dict(players="4"), r"players must be an integer"),
    ],
)
def test_bad_game_options(kwargs, pattern):
    with pytest.raises(rftg.RulesError, match=pattern) as info:
        rftg.Game(**kwargs)
    assert isinstance(info.value, ValueError)


def test_bad_seat_arguments():
    game = rftg.Game(players=2)
    s = game.new_state(1)
    for bad in (-1, 2, 5):
        with pytest.raises(rftg.RulesError):
            s.observation(bad)
        with pytest.raises(rftg.RulesError):
            s.determinize(bad, 1)
        with pytest.raises(rftg.RulesError):
            s.score_parts(bad)


def test_state_from_bad_json():
    game = rftg.Game(players=2)
    for text in ["", "{", "[]", '{"format": "nope"}']:
        with pytest.raises(ValueError):
            game.state_from_json(text)
    # A position of another game kind is refused.
    other = rftg.Game(players=3).new_state(1).to_json()
    with pytest.raises(ValueError):
        game.state_from_json(other)
