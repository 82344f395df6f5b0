"""net:search=N (docs/net.md, "Options"): RftG's action cards (every Alien Frontiers decision) chosen by ISMCTS with N
iterations, every other decision by the net; the same games on one and two threads; bad values refused."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import af, rftg

from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import make_runner

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
    state = base_game(4).new_state(seed=1)
    for leaf in ("net", "policy"):
        with pytest.raises(rftg.RulesError, match=f"leaf={leaf} judges the leaves of a search: give search=N too"):
            rftg.Bot(f"net:search=0,leaf={leaf}")  # at once
        with pytest.raises(rftg.RulesError, match=f"leaf={leaf} judges the leaves of a search: give search=N too "
                                                  r"\(model .* does not search by default\)"):
            rftg.Bot(f"net:leaf={leaf}").act(state)  # the shipped 4-player model has no search of its own


@pytest.fixture(scope="module")
def af_models(tmp_path_factory):
    d, g = tmp_path_factory.mktemp("af-search"), af.Game(players=2)
    return [write_random_model(d / f"{k}.gsnet", g, seed=k) for k in (21, 22)]


def test_alien_frontiers_searches_every_decision_as_ismcts_does(af_models):
    """AF: net:search=N searches every decision (the net has no action head to take the rest): with random
    playouts it is the ismcts bot with as many iterations."""
    m = af_models[0]
    state, searched, differs = af.Game(players=2).new_state(seed=3), 0, 0
    while not state.is_terminal() and searched < 40:
        legal = state.legal_actions()
        if len(legal) > 1:
            a = af.Bot(f"net:model={m},search=25", 200 + searched).act(state)
            assert a == af.Bot("ismcts:iterations=25", 200 + searched).act(state)
            visits = af.Bot(f"net:model={m},search=25", 200 + searched).action_scores(state)
            assert sum(visits) == 25 and visits[legal.index(a)] == max(visits)
            differs += a != af.Bot(f"net:model={m}").act(state)
            searched += 1
        else:
            a = legal[0]
        state.apply(a)
    assert searched == 40 and differs > 0


def test_alien_frontiers_leaf_net_judges_the_leaves_by_the_value_head(af_models):
    """leaf=net in AF: the visits still add up to N, and they differ from random playouts' and from another
    model's leaves somewhere (the leaves do read the model)."""
    m, other = af_models
    state, searched, vs_random, vs_other = af.Game(players=2).new_state(seed=5), 0, 0, 0
    while not state.is_terminal() and searched < 25:
        legal = state.legal_actions()
        if len(legal) > 1:
            visits = af.Bot(f"net:model={m},search=40,leaf=net", 300 + searched).action_scores(state)
            assert sum(visits) == 40
            a = af.Bot(f"net:model={m},search=40,leaf=net", 300 + searched).act(state)
            assert visits[legal.index(a)] == max(visits)
            vs_random += visits != af.Bot(f"net:model={m},search=40", 300 + searched).action_scores(state)
            vs_other += visits != af.Bot(f"net:model={other},search=40,leaf=net", 300 + searched).action_scores(state)
            searched += 1
        else:
            a = legal[0]
        state.apply(a)
    assert searched == 25 and vs_random > 0 and vs_other > 0


def test_alien_frontiers_refuses_leaf_policy(af_models):
    state = af.Game(players=2).new_state(seed=1)
    with pytest.raises(af.RulesError, match="has no action head, so it cannot play the search's playouts with leaf=policy"):
        af.Bot(f"net:model={af_models[0]},search=10,leaf=policy").act(state)


def test_alien_frontiers_one_and_two_threads_give_identical_rows_with_searching_net_seats(af_models):
    m = af_models[0]
    bots = [f"net:model={m},search=15,leaf=net", f"net:model={m},search=15"]
    runs = [make_runner(RunConfig(game="af", players=2, bots=bots, seed=8)).run(8, 0, 6, t, False) for t in (1, 2)]
    one, two = ({k: np.asarray(v) for k, v in {**r["games"], **{"s_" + k: v for k, v in r["seats"].items()}}.items()
                 if k != "wall_time_us"} for r in runs)
    same(one, two)
    assert len(set(one["s_score"].tolist())) > 1


def test_the_chunk_sizing_counts_the_search():
    from galaxysim.sim.game_cost import seat_seconds

    plain, searching = (seat_seconds("rftg", 2, s) for s in ("net", "net:search=1000"))
    assert searching > 20 * plain
    assert searching < seat_seconds("rftg", 2, "ismcts:iterations=1000") / 2  # a search once a round, not every decision
    assert seat_seconds("rftg", 2, "net:search=1000,leaf=policy") > 3 * searching  # playouts by the net cost more
    assert seat_seconds("rftg", 2, "net:search=1000,leaf=net") < searching / 2  # a forward pass, no playout
    af_plain, af_searching = (seat_seconds("af", 2, s) for s in ("net", "net:search=100"))
    assert af_searching > 100 * af_plain  # AF: every decision searched
    assert seat_seconds("af", 2, "net:search=100,leaf=net") < af_searching / 10


def _sure_model(src, dst):
    """A copy of model `src` whose value head is sure of the judging seat's win everywhere (its seat block's bias
    raised by 12): the win probabilities after every action differ only in their last digits."""
    from galaxysim.net import model_file

    head, w = model_file.read_weights(src)
    w.bv[0] += 12
    model_file.write(dst, head, w)
    return dst


def test_leaf_net_judges_leaves_against_the_root_so_a_sure_value_head_still_ranks_actions(af_models, tmp_path):
    """leaf_scale (docs/net.md, "Search in Alien Frontiers"): a value head sure of the result gives every leaf
    nearly the same win probability, which the exploration term swamps (the visits spread evenly: the search
    plays nearly at random and does not end a won game). Judged against the root's log-odds, the differences
    stay visible and the visits gather on the actions the value head prefers."""
    sure = _sure_model(af_models[0], tmp_path / "sure.gsnet")
    state, searched, share = af.Game(players=2).new_state(seed=6), 0, {0: [], 4: []}
    while not state.is_terminal() and searched < 20:
        legal = state.legal_actions()
        if len(legal) > 2:
            for scale in share:
                v = af.Bot(f"net:model={sure},search=80,leaf=net,leaf_scale={scale}", 400 + searched).action_scores(state)
                assert sum(v) == 80
                share[scale].append(max(v) / 80)
            searched += 1
        state.apply(legal[0])
    assert searched == 20
    assert np.mean(share[4]) > np.mean(share[0]) + 0.15, share


@pytest.mark.parametrize("value", ["-1", "101", "x"])
def test_a_bad_leaf_scale_is_refused_with_one_line(value):
    with pytest.raises(af.RulesError, match="leaf_scale must be"):
        af.Bot(f"net:search=10,leaf=net,leaf_scale={value}")
