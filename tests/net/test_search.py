"""net:search=N (docs/net.md, "Options"): the action cards chosen by ISMCTS with N iterations, every other decision
by the net; the same games on one and two threads; bad values and games without such a decision refused."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import af, rftg

from .helpers import base_game, write_random_model
from .test_play import rows, same


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return write_random_model(tmp_path_factory.mktemp("search") / "p.gsnet", base_game(4), seed=7, choose="hybrid")


def test_the_action_cards_are_chosen_as_ismcts_chooses_them_and_the_rest_as_the_net(model):
    game = base_game(4)
    searching, net = rftg.Bot(f"net:model={model},search=40", 9), rftg.Bot(f"net:model={model}", 9)
    state = game.new_state(seed=3)
    cards = others = differs = 0
    while not state.is_terminal() and state.round <= 5:
        legal = state.legal_actions()
        if state.decision == "choose_action" and len(legal) > 1:
            # same seed, same search: the ismcts bot with as many iterations chooses the same card
            a = rftg.Bot(f"net:model={model},search=40", 100 + cards).act(state)
            assert a == rftg.Bot("ismcts:iterations=40", 100 + cards).act(state)
            visits = rftg.Bot(f"net:model={model},search=40", 100 + cards).action_scores(state)
            assert len(visits) == len(legal) and sum(visits) == 40 and visits[legal.index(a)] == max(visits)
            differs += a != net.act(state)
            cards += 1
        else:
            a = searching.act(state)
            assert a == net.act(state), (state.round, state.decision)
            others += len(legal) > 1
        state.apply(a)
    assert cards >= 12 and others >= 20
    assert differs > 0  # the search and the net's own choice disagree somewhere, so the test tells them apart


def test_leaf_net_judges_the_leaves_by_the_value_head(model):
    """leaf=net: every iteration still visits the root once, and the choices differ from the playouts' somewhere."""
    game = base_game(4)
    state, cards, differs = game.new_state(seed=4), 0, 0
    while not state.is_terminal() and state.round <= 5:
        legal = state.legal_actions()
        if state.decision == "choose_action" and len(legal) > 1:
            net_leaf = rftg.Bot(f"net:model={model},search=60,leaf=net", 50 + cards)
            visits = net_leaf.action_scores(state)
            assert sum(visits) == 60
            a = rftg.Bot(f"net:model={model},search=60,leaf=net", 50 + cards).act(state)
            assert visits[legal.index(a)] == max(visits)
            differs += a != rftg.Bot(f"net:model={model},search=60", 50 + cards).act(state)
            cards += 1
        else:
            a = rftg.Bot(f"net:model={model}").act(state)
        state.apply(a)
    assert cards >= 12 and differs > 0


def test_leaf_policy_plays_the_playouts_by_the_action_head(tmp_path):
    """leaf=policy: every iteration visits the root once, the visits differ from random playouts' somewhere, and
    another model's playouts give other visits (the playouts do read the model)."""
    game = base_game(2)
    a_model, b_model = (write_random_model(tmp_path / f"{k}.gsnet", game, seed=k, choose="policy") for k in (11, 12))
    state, cards, vs_random, vs_other = game.new_state(seed=6), 0, 0, 0
    while not state.is_terminal() and state.round <= 6:
        legal = state.legal_actions()
        if state.decision == "choose_action" and len(legal) > 1:
            spec = f"net:model={a_model},search=80,leaf=policy"
            visits = rftg.Bot(spec, 70 + cards).action_scores(state)
            assert sum(visits) == 80
            a = rftg.Bot(spec, 70 + cards).act(state)
            assert a == rftg.Bot(spec, 70 + cards).act(state) and visits[legal.index(a)] == max(visits)
            vs_random += visits != rftg.Bot(f"net:model={a_model},search=80", 70 + cards).action_scores(state)
            vs_other += visits != rftg.Bot(f"net:model={b_model},search=80,leaf=policy", 70 + cards).action_scores(state)
            cards += 1
        else:
            a = rftg.Bot(f"net:model={a_model}").act(state)
        state.apply(a)
    assert cards >= 10 and vs_random > 0 and vs_other > 0


def test_leaf_policy_needs_a_model_with_an_action_head(tmp_path):
    game = base_game(2)
    m = write_random_model(tmp_path / "v.gsnet", game, seed=3, choose="value", action_rows=0)
    state = game.new_state(seed=1)
    with pytest.raises(rftg.RulesError, match="has no action head, so it cannot play the search's playouts with leaf=policy"):
        rftg.Bot(f"net:model={m},search=10,leaf=policy").act(state)


def test_one_and_two_threads_give_identical_rows_with_searching_net_seats(model):
    bots = [f"net:model={model},search=30", "heuristic", f"net:model={model},search=30,leaf=net",
            f"net:model={model},search=30,leaf=policy"]
    one, two = rows(bots, games=8, threads=1), rows(bots, games=8, threads=2)
    same(one, two)
    assert len(set(one["rounds"].tolist())) > 1


@pytest.mark.parametrize("value", ["-1", "1.5", "x"])
def test_a_bad_search_is_refused_with_one_line(value):
    with pytest.raises(rftg.RulesError, match="search must be a (whole )?number"):
        rftg.Bot(f"net:search={value}")


def test_a_bad_leaf_or_a_leaf_without_search_is_refused():
    with pytest.raises(rftg.RulesError, match="leaf must be rollout, net or policy"):
        rftg.Bot("net:search=10,leaf=heuristic")
    for leaf in ("net", "policy"):
        with pytest.raises(rftg.RulesError, match=f"leaf={leaf} judges the leaves of a search: give search=N too"):
            rftg.Bot(f"net:leaf={leaf}")


def test_alien_frontiers_refuses_search():
    with pytest.raises(af.RulesError, match="no decision to search .use ismcts:iterations=N"):
        af.Bot("net:search=100")


def test_the_chunk_sizing_counts_the_search():
    from galaxysim.sim.game_cost import seat_seconds

    plain, searching = (seat_seconds("rftg", 2, s) for s in ("net", "net:search=1000"))
    assert searching > 20 * plain
    assert searching < seat_seconds("rftg", 2, "ismcts:iterations=1000") / 2  # a search once a round, not every decision
    assert seat_seconds("rftg", 2, "net:search=1000,leaf=policy") > 3 * searching  # playouts by the net cost more
