"""A model's own search (docs/net.md, "The model file"): a header's "search" and "leaf" are how the model plays by
default, as its "temperature" is; net:search=N and net:leaf=... override them, net:search=0 plays without a search;
a bad pair is refused with one line naming the file; training writes them with --play-search / --play-leaf."""
from __future__ import annotations

import numpy as np
import pytest

from galaxysim import af
from galaxysim.net.train import TrainConfig, TrainError
from galaxysim.sim.config import RunConfig, costed_bots
from galaxysim.sim.run import make_runner

from .helpers import needs_torch, write_random_model
from .test_play import same, with_header


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    d = tmp_path_factory.mktemp("model-search")
    plain = write_random_model(d / "plain.gsnet", af.Game(players=2), seed=31)
    return {"plain": plain, "searching": with_header(plain, d / "searching.gsnet", search=20, leaf="net"),
            "rollouts": with_header(plain, d / "rollouts.gsnet", search=20)}


def af_rows(bots, games=6, seed=8):
    r = make_runner(RunConfig(game="af", players=2, bots=bots, seed=seed)).run(seed, 0, games, 1, False)
    return {k: np.asarray(v) for k, v in {**r["games"], **{"s_" + k: v for k, v in r["seats"].items()}}.items()
            if k != "wall_time_us"}


def test_a_model_searches_as_its_header_says_unless_the_spec_says_otherwise(models):
    plain, searching = models["plain"], models["searching"]
    by_header = af_rows([f"net:model={searching}", "heuristic"])
    same(by_header, af_rows([f"net:model={plain},search=20,leaf=net", "heuristic"]))
    without = af_rows([f"net:model={plain}", "heuristic"])
    assert not np.array_equal(by_header["s_score"], without["s_score"])  # the header's search changes the games
    same(af_rows([f"net:model={searching},search=0", "heuristic"]), without)  # search=0: no search
    # search=N alone keeps the header's leaf; leaf= alone keeps its iterations
    same(af_rows([f"net:model={searching},search=30", "heuristic"]),
         af_rows([f"net:model={plain},search=30,leaf=net", "heuristic"]))
    same(af_rows([f"net:model={searching},leaf=rollout", "heuristic"]),
         af_rows([f"net:model={plain},search=20", "heuristic"]))
    same(af_rows([f"net:model={models['rollouts']}", "heuristic"]),
         af_rows([f"net:model={plain},search=20", "heuristic"]))


def test_the_model_search_shows_in_the_visits(models):
    state = af.Game(players=2).new_state(seed=2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    assert sum(af.Bot(f"net:model={models['searching']}", 1).action_scores(state)) == 20
    assert sum(af.Bot(f"net:model={models['searching']},search=35", 1).action_scores(state)) == 35
    plain_scores = af.Bot(f"net:model={models['plain']}", 1).action_scores(state)
    assert all(0 <= p <= 1 for p in plain_scores)  # win probabilities, not visits


@pytest.mark.parametrize("keys, why", [
    ({"leaf": "net"}, "bad header: leaf is net but it has no search"),
    ({"search": 10, "leaf": "heuristic"}, "bad header: leaf is 'heuristic', expected rollout, net or policy"),
    ({"search": 10, "leaf": "policy"}, "bad header: leaf is policy but it has no action head"),
    ({"search": -3}, "search is -3, expected 0..10000000"),
    ({"search": 2.5}, "bad header"),
])
def test_a_bad_search_in_a_header_is_refused_with_one_line_naming_the_file(models, tmp_path, keys, why):
    bad = with_header(models["plain"], tmp_path / "bad.gsnet", **keys)
    state = af.Game(players=2).new_state(seed=1)
    with pytest.raises(af.RulesError) as e:
        af.Bot(f"net:model={bad}").act(state)
    assert why in str(e.value) and str(bad) in str(e.value) and "\n" not in str(e.value)


def test_a_leaf_without_any_search_is_refused(models):
    state = af.Game(players=2).new_state(seed=1)
    with pytest.raises(af.RulesError, match="leaf=net judges the leaves of a search: give search=N too"):
        af.Bot(f"net:model={models['searching']},search=0,leaf=net")  # at once: the spec says no search
    with pytest.raises(af.RulesError, match=r"give search=N too \(model .*plain.gsnet does not search by default\)"):
        af.Bot(f"net:model={models['plain']},leaf=net").act(state)  # when the model is known


def test_the_chunk_sizing_counts_a_model_search(models):
    from galaxysim.sim.game_cost import seconds_per_game

    cfg = RunConfig(game="af", players=2, bots=[f"net:model={models['searching']}", "heuristic"], seed=1)
    assert costed_bots(cfg)[0] == f"net:model={models['searching']},search=20,leaf=net"
    assert costed_bots(cfg)[1] == "heuristic"
    plain = RunConfig(game="af", players=2, bots=[f"net:model={models['plain']}", "heuristic"], seed=1)
    assert costed_bots(plain) == plain.bots
    assert seconds_per_game("af", 2, costed_bots(cfg)) > 5 * seconds_per_game("af", 2, costed_bots(plain))
    told = RunConfig(game="af", players=2, bots=[f"net:model={models['searching']},search=0", "heuristic"], seed=1)
    assert costed_bots(told) == told.bots


def test_training_writes_the_play_search_and_refuses_bad_ones(tmp_path):
    needs_torch()
    from galaxysim.net import model_file
    from galaxysim.net.train import train

    cfg = TrainConfig(game="af", players=2, generations=1, games=4, h1=8, h2=4, sample_games=2, gating_games=0,
                      warmup=0, play_search=12, play_leaf="net", out=str(tmp_path / "t"))
    head = model_file.read_header(train(cfg, progress=False, log=lambda *_: None).model)
    assert head["search"] == 12 and head["leaf"] == "net"
    assert "--play-search 12 --play-leaf net" in head["training"]["command"]
    for kw, msg in [({"play_search": -1}, "--play-search must be"), ({"play_leaf": "net"}, "needs --play-search"),
                    ({"play_search": 5, "play_leaf": "x"}, "--play-leaf must be"),
                    ({"play_search": 5, "play_leaf": "policy", "game": "af"}, "has no action head")]:
        with pytest.raises(TrainError, match=msg):
            TrainConfig(out="x", **kw).validate()
