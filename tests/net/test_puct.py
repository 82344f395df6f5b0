"""net:search=N,puct=C (docs/net.md, "Search at the action cards"): the search chooses in its tree by PUCT with the
action head's probabilities as the prior, so a small budget goes where the net points; a model's header may say so;
the training teacher takes it too; bad values are refused with one line."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import _rftg, af, rftg
from galaxysim.net.train import TrainConfig, TrainError

from .helpers import base_game, needs_torch, write_random_model
from .test_play import rows, same, with_header


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return write_random_model(tmp_path_factory.mktemp("puct") / "p.gsnet", base_game(2), seed=11, choose="policy")


def action_cards(seed=6, rounds=6):
    """Positions at a choice of action cards of one 2-player game played by the heuristic bot."""
    state, out, bot = base_game(2).new_state(seed=seed), [], rftg.Bot("heuristic", 3)
    while not state.is_terminal() and state.round <= rounds:
        if state.decision == "choose_action" and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(bot.act(state))
    return out


def test_one_iteration_with_a_prior_visits_the_action_heads_choice(model):
    cards, ucb_elsewhere = action_cards(), 0
    assert len(cards) >= 8
    for k, state in enumerate(cards):
        best = int(np.argmax(rftg.Bot(f"net:model={model}").action_scores(state)))
        visits = rftg.Bot(f"net:model={model},search=1,leaf=policy,puct=1", k).action_scores(state)
        assert visits[best] == 1 and sum(visits) == 1
        ucb = rftg.Bot(f"net:model={model},search=1,leaf=policy", k).action_scores(state)
        ucb_elsewhere += ucb[best] == 0  # UCB tries an untried action at random
    assert ucb_elsewhere > 0


def test_a_prior_puts_more_of_the_visits_where_the_action_head_points(model):
    with_prior = without = 0.0
    for k, state in enumerate(action_cards()):
        best = int(np.argmax(rftg.Bot(f"net:model={model}").action_scores(state)))
        with_prior += rftg.Bot(f"net:model={model},search=60,leaf=policy,puct=1", k).action_scores(state)[best] / 60
        without += rftg.Bot(f"net:model={model},search=60,leaf=policy", k).action_scores(state)[best] / 60
    assert with_prior > without + 1.0, (with_prior, without)


def test_one_and_two_threads_give_identical_rows_with_puct_seats(tmp_path):
    m = write_random_model(tmp_path / "m4.gsnet", base_game(4), seed=7, choose="policy")
    bots = [f"net:model={m},search=20,puct=1", "heuristic", f"net:model={m},search=20,leaf=policy,puct=2",
            f"net:model={m},search=20,leaf=net,puct=0.5"]
    one = rows(bots, games=6, threads=1)
    same(one, rows(bots, games=6, threads=2))
    assert not np.array_equal(one["s_score"], rows([b.replace(",puct=", ",x=").split(",x=")[0] for b in bots],
                                                   games=6, threads=1)["s_score"])


def test_a_model_searches_with_its_headers_prior_unless_the_spec_says_otherwise(model, tmp_path):
    own = with_header(model, tmp_path / "own.gsnet", search=30, leaf="policy", puct=1.5)
    for k, state in enumerate(action_cards(rounds=3)):
        by_header = rftg.Bot(f"net:model={own}", k).action_scores(state)
        assert by_header == rftg.Bot(f"net:model={model},search=30,leaf=policy,puct=1.5", k).action_scores(state)
        assert rftg.Bot(f"net:model={own},puct=0", k).action_scores(state) == \
            rftg.Bot(f"net:model={model},search=30,leaf=policy", k).action_scores(state)


def test_the_chunk_sizing_plays_a_models_own_prior(model, tmp_path):
    from galaxysim.sim.config import RunConfig, costed_bots

    own = with_header(model, tmp_path / "own.gsnet", search=30, leaf="policy", puct=1.5)
    cfg = RunConfig(players=2, bots=[f"net:model={own}", f"net:model={own},puct=3"], seed=1)
    assert costed_bots(cfg) == [f"net:model={own},search=30,leaf=policy,puct=1.5",
                                f"net:model={own},puct=3,search=30,leaf=policy"]


@pytest.mark.parametrize("value", ["-1", "101", "x"])
def test_a_bad_puct_is_refused_with_one_line(value):
    with pytest.raises(rftg.RulesError, match=r"puct must be (a number|in \[0, 100\])"):
        rftg.Bot(f"net:search=10,puct={value}")


def test_puct_without_a_search_or_an_action_head_is_refused(model, tmp_path):
    state = base_game(2).new_state(seed=1)
    with pytest.raises(rftg.RulesError, match="puct=C chooses in the tree of a search: give search=N too"):
        rftg.Bot(f"net:model={model},search=0,puct=1")  # at once
    with pytest.raises(rftg.RulesError, match=r"give search=N too \(model .*p.gsnet does not search by default\)"):
        rftg.Bot(f"net:model={model},puct=1").act(state)
    bare = write_random_model(tmp_path / "v.gsnet", base_game(2), seed=3, choose="value", action_rows=0)
    with pytest.raises(rftg.RulesError, match="has no action head, so it cannot be the search's prior with puct="):
        rftg.Bot(f"net:model={bare},search=10,puct=1").act(state)


@pytest.mark.parametrize("keys, why", [
    ({"puct": 1.0}, "bad header: puct is given but it has no search"),
    ({"search": 10, "puct": 200.0}, "puct is 200"),
])
def test_a_bad_puct_in_a_header_is_refused_with_one_line_naming_the_file(model, tmp_path, keys, why):
    bad = with_header(model, tmp_path / "bad.gsnet", **keys)
    with pytest.raises(rftg.RulesError) as e:
        rftg.Bot(f"net:model={bad}").act(base_game(2).new_state(seed=1))
    assert why in str(e.value) and str(bad) in str(e.value) and "\n" not in str(e.value)


def test_an_alien_frontiers_header_with_puct_is_refused(tmp_path):
    plain = write_random_model(tmp_path / "af.gsnet", af.Game(players=2), seed=2)
    bad = with_header(plain, tmp_path / "af-puct.gsnet", search=10, leaf="net", puct=1.0)
    with pytest.raises(af.RulesError, match="puct is given but it has no action head"):
        af.Bot(f"net:model={bad}").act(af.Game(players=2).new_state(seed=1))


def test_a_teacher_with_a_prior_searches_by_it(model):
    game = base_game(2)
    kw = dict(seed=4, first_game=0, count=3, heuristic=1.0, teacher_search=40, teacher_at_search_decisions=True,
              teacher_policy_playouts=True)
    d = _rftg.self_play(game, str(model), threads=1, teacher_puct=1.0, **kw)
    ucb = _rftg.self_play(game, str(model), threads=1, **kw)
    assert not np.array_equal(np.asarray(d["legal_visits"]), np.asarray(ucb["legal_visits"]))
    two = _rftg.self_play(game, str(model), threads=2, teacher_puct=1.0, **kw)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k
    with pytest.raises(_rftg.RulesError, match="teacher_puct needs teacher_search"):
        _rftg.self_play(game, str(model), seed=1, first_game=0, count=1, teacher_puct=1.0)


def test_the_training_reads_the_teachers_prior_and_writes_the_models(tmp_path):
    needs_torch()
    from galaxysim.net import model_file
    from galaxysim.net.train import train

    cfg = TrainConfig(out="x", teacher="net:search=40,leaf=policy,puct=1.5", dagger=True)
    cfg.validate()
    assert (cfg.teacher_search(), cfg.teacher_policy_playouts(), cfg.teacher_puct()) == (40, True, 1.5)
    assert TrainConfig(out="x", teacher="net:search=40,puct=2").teacher_puct() == 2.0
    assert TrainConfig(out="x", teacher="net:search=40,leaf=policy").teacher_puct() == 0.0
    for bad, why in [("net:search=40,puct=x", "--teacher must be"), ("net:search=40,puct=1,leaf=policy", "--teacher must be"),
                     ("net:search=40,puct=101", "puct must be in")]:
        with pytest.raises(TrainError, match=why):
            TrainConfig(out="x", teacher=bad).validate()
    with pytest.raises(TrainError, match="no action head"):
        TrainConfig(out="x", game="af", teacher="net:search=40,leaf=net,puct=1").validate()
    t = TrainConfig(players=2, generations=1, games=4, h1=8, h2=4, sample_games=2, gating_games=0, warmup=0,
                    play_search=12, play_leaf="policy", play_puct=2.0, out=str(tmp_path / "t"))
    head = model_file.read_header(train(t, progress=False, log=lambda *_: None).model)
    assert (head["search"], head["leaf"], head["puct"]) == (12, "policy", 2.0)
    assert "--play-puct 2.0" in head["training"]["command"]
    for kw, msg in [({"play_puct": 1.0}, "needs --play-search"), ({"play_search": 5, "play_puct": -1.0}, "--play-puct must be"),
                    ({"play_search": 5, "play_puct": 1.0, "game": "af"}, "no action head")]:
        with pytest.raises(TrainError, match=msg):
            TrainConfig(out="x", **kw).validate()
