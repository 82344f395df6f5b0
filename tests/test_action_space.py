"""The action space: game.num_distinct_actions() bounds every action code the engine poses, and
state.legal_actions_mask() is legal_actions() as a bool vector of that length (README, "Action space")."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import af, rftg

RFTG_CONFIGS = [
    dict(players=2), dict(players=4), dict(players=2, advanced=True),
    dict(players=5, expansion="tgs"),
    dict(players=4, expansion="rvi", takeovers=True),
    dict(players=3, expansion="rvi", draft=True, takeovers=True),
    dict(players=1, expansion="tgs"),
]


def random_decisions(game, games: int, seed: int):
    """Every decision of `games` games played with uniformly random choices: (state, legal actions)."""
    rng = np.random.default_rng(seed)
    for k in range(games):
        state = game.new_state(seed=seed * 1000 + k)
        while not state.is_terminal():
            legal = state.legal_actions()
            yield state, legal
            state.apply(legal[int(rng.integers(len(legal)))])


def check_masks(game, games: int, seed: int) -> set[int]:
    """Checks the mask of every decision of random games; returns the action codes seen."""
    size = game.num_distinct_actions()
    seen: set[int] = set()
    for state, legal in random_decisions(game, games, seed):
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (size,)
        assert np.flatnonzero(mask).tolist() == sorted(legal), state
        seen.update(legal)
    assert max(seen) < size and min(seen) >= 0
    return seen


@pytest.mark.parametrize("options", RFTG_CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_rftg_masks_are_the_legal_actions_and_every_code_is_in_the_action_space(options):
    game = rftg.Game(**options)
    seen = check_masks(game, games=25 if options["players"] < 5 else 10, seed=len(options) + options["players"])
    # Every kind of code lies below the bound: card instances, pass and action cards at least.
    assert any(a < game.num_cards for a in seen)


def test_rftg_takeover_codes_lie_below_the_bound_and_need_it():
    """Takeover codes (act::kTakeoverBase + kind * 192 + world) are the highest: a game with takeovers has a
    larger action space than the same game without, and its takeover decisions fit in it."""
    with_takeovers = rftg.Game(players=4, expansion="rvi", takeovers=True)
    without = rftg.Game(players=4, expansion="rvi")
    assert with_takeovers.num_distinct_actions() > without.num_distinct_actions()
    codes: set[int] = set()
    for seed in range(1, 40):
        for state, legal in random_decisions(with_takeovers, 1, seed):
            if state.decision == "takeover":
                codes.update(a for a in legal if a >= without.num_distinct_actions())
        if codes:
            break
    assert codes, "no takeover offered in 39 random games"
    assert max(codes) < with_takeovers.num_distinct_actions()


def test_the_action_space_depends_on_the_cards_not_the_player_count():
    sizes = {rftg.Game(players=p).num_distinct_actions() for p in (2, 3, 4)}
    assert len(sizes) == 1
    assert rftg.Game(players=4, expansion="tgs").num_distinct_actions() > sizes.pop()
    assert len({af.Game(players=p).num_distinct_actions() for p in (2, 3, 4)}) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_af_masks_are_the_legal_actions_and_every_code_is_in_the_action_space(players):
    check_masks(af.Game(players=players), games=10, seed=players)


@pytest.mark.parametrize("game", [rftg.Game(players=3), af.Game(players=2)], ids=["rftg", "af"])
def test_a_finished_game_has_an_empty_mask(game):
    state = game.new_state(seed=5)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    mask = state.legal_actions_mask()
    assert mask.shape == (game.num_distinct_actions(),) and not mask.any()
    assert state.legal_actions() == []
