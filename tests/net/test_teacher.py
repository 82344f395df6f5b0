"""A search as the teacher of training (galaxysim train --teacher ismcts:iterations=N, docs/net.md "Training"):
self-play's teacher moves are the ismcts search's, recorded with its share of visits of every legal action, which
the action head then imitates; the data is the same on one and two threads."""
from __future__ import annotations

import os

import numpy as np
import pytest

from galaxysim import _af, _rftg

from .helpers import base_game, write_random_model

torch = pytest.importorskip("torch") if not os.environ.get("CI") else __import__("torch")


def _segments(d):
    off = np.asarray(d["legal_offsets"])
    return [slice(int(a), int(b)) for a, b in zip(off[:-1], off[1:])]


def test_a_search_teacher_plays_every_move_and_records_its_share_of_visits(tmp_path):
    game = base_game(2)
    m = write_random_model(tmp_path / "m.gsnet", game, seed=8, choose="value")
    d = _rftg.self_play(game, str(m), seed=4, first_game=0, count=2, threads=1, heuristic=1.0, teacher_search=40)
    by, chosen, visits = np.asarray(d["by"]), np.asarray(d["chosen"]), np.asarray(d["legal_visits"])
    assert len(by) > 100 and set(by.tolist()) == {4}  # every recorded decision is the search's
    for k, seg in enumerate(_segments(d)):
        v = visits[seg]
        assert v.sum() == pytest.approx(1.0, abs=1e-5) and (v >= 0).all()
        assert v[chosen[k]] == v.max()  # the search plays its most visited action
    assert (visits[visits > 0] < 1).any()  # shares, not only one-hot choices

    # the same games whatever the threads (the search is seeded from each game's own stream)
    two = _rftg.self_play(game, str(m), seed=4, first_game=0, count=2, threads=2, heuristic=1.0, teacher_search=40)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k

    # the heuristic teacher records no visits, and plays other games
    h = _rftg.self_play(game, str(m), seed=4, first_game=0, count=2, threads=1, heuristic=1.0)
    assert set(np.asarray(h["by"]).tolist()) == {2} and not np.asarray(h["legal_visits"]).any()
    assert not np.array_equal(np.asarray(h["chosen"]), chosen[:len(h["chosen"])])


def test_alien_frontiers_self_play_takes_a_search_teacher_too(tmp_path):
    from galaxysim import af

    game = af.Game(players=2)
    m = write_random_model(tmp_path / "af.gsnet", game, seed=3, choose="value")
    d = _af.self_play(game, str(m), seed=2, first_game=0, count=1, threads=1, heuristic=1.0, teacher_search=20)
    assert set(np.asarray(d["by"]).tolist()) == {4} and np.asarray(d["legal_visits"]).sum() == pytest.approx(
        len(d["chosen"]), rel=1e-4)


def test_imitation_targets_are_the_share_of_visits_where_a_search_chose():
    from galaxysim.net.samples import imitation_targets

    offsets = np.array([0, 3, 5, 7])
    chosen = np.array([1, 0, 1])
    visits = np.array([0.2, 0.7, 0.1, 0, 0, 0.5, 0.5], np.float32)  # the second decision: not searched
    t = imitation_targets(chosen, offsets, visits)
    assert t.tolist() == pytest.approx([0.2, 0.7, 0.1, 1, 0, 0.5, 0.5])
    assert imitation_targets(chosen, offsets, None).tolist() == [0, 1, 0, 1, 0, 0, 1]


def test_a_training_with_a_search_teacher_runs_records_it_and_refuses_another_teacher_on_resume(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.train import TrainConfig, TrainError, train

    small = dict(players=2, generations=1, games=6, warmup=1, h1=16, h2=8, replay=1, sample_games=2, gating_games=0,
                 seed=3, threads=1)
    cfg = TrainConfig(out=str(tmp_path / "t"), teacher="ismcts:iterations=30", **small)
    result = train(cfg, progress=False, log=lambda s: None)
    assert "--teacher ismcts:iterations=30" in model_file.read_header(result.model)["training"]["command"]
    with pytest.raises(TrainError, match="teacher"):
        train(TrainConfig(out=str(tmp_path / "t"), **{**small, "generations": 2}), progress=False, log=lambda s: None)
    for bad in ("ismcts", "ismcts:iterations=0", "random", "ismcts:iterations=10,threads=2"):
        with pytest.raises(TrainError, match="--teacher"):
            TrainConfig(out="x", teacher=bad).validate()


def test_a_teacher_at_the_action_cards_takes_them_all_and_the_model_the_rest(tmp_path):
    """--teacher net:search=N: in its generations the search takes every action card (recorded with its visits)
    and the model every other decision, as the net:search=N bot plays; the data is the same on 1 and 2 threads."""
    game = base_game(2)
    m = write_random_model(tmp_path / "m.gsnet", game, seed=8, choose="value")
    kw = dict(seed=4, first_game=0, count=2, heuristic=1.0, teacher_search=30, teacher_at_search_decisions=True)
    d = _rftg.self_play(game, str(m), threads=1, **kw)
    by, kind, visits = np.asarray(d["by"]), np.asarray(d["kind"]), np.asarray(d["legal_visits"])
    choose_action = 2  # DecisionKind::ChooseAction (core/rftg/state.h), as self_play records `kind`
    searched = by == 4
    assert searched.any() and (~searched).sum() > searched.sum()
    assert (kind[searched] == choose_action).all() and (kind[~searched] != choose_action).all()
    for k, seg in enumerate(_segments(d)):
        assert visits[seg].sum() == pytest.approx(1.0 if searched[k] else 0.0, abs=1e-5)
    two = _rftg.self_play(game, str(m), threads=2, **kw)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k
    # half the action cards (heuristic=0.5): some by the search, some by the model
    half = _rftg.self_play(game, str(m), threads=1, **{**kw, "heuristic": 0.5, "count": 4})
    hb, hk = np.asarray(half["by"]), np.asarray(half["kind"])
    assert (hb[hk == choose_action] == 4).any() and (hb[hk == choose_action] != 4).any()
    assert (hb[hk != choose_action] != 4).all()
    with pytest.raises(_rftg.RulesError, match="teacher_at_search_decisions needs teacher_search=N"):
        _rftg.self_play(game, str(m), seed=1, first_game=0, count=1, heuristic=1.0, teacher_at_search_decisions=True)


def test_an_alien_frontiers_search_teacher_with_net_leaves_labels_every_decision(tmp_path):
    """AF, --teacher net:search=N,leaf=net --dagger (teacher_at_search_decisions, teacher_net_leaves,
    label_model_moves): every decision with a choice is a search decision, so each has the search's visits,
    whoever played it; leaves judged by the model give other visits than random playouts; the data is the
    same on 1 and 2 threads."""
    from galaxysim import af

    g = af.Game(players=2)
    am = write_random_model(tmp_path / "af.gsnet", g, seed=3, choose="value")
    kw = dict(seed=2, first_game=0, count=3, heuristic=0.3, teacher_search=12, teacher_at_search_decisions=True,
              label_model_moves=True, record_candidates=True)
    d = _af.self_play(g, str(am), threads=1, teacher_net_leaves=True, **kw)
    by, visits = np.asarray(d["by"]), np.asarray(d["legal_visits"])
    assert (by == 4).any() and (by != 4).any()
    for k, seg in enumerate(_segments(d)):
        assert visits[seg].sum() == pytest.approx(1.0, abs=1e-5), k
    # a candidate for every legal action of every decision
    assert len(d["cand_end"]) == len(d["legal_class"])
    rand = _af.self_play(g, str(am), threads=1, **kw)
    assert not np.array_equal(np.asarray(rand["legal_visits"]), visits)
    two = _af.self_play(g, str(am), threads=2, teacher_net_leaves=True, **kw)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k
    with pytest.raises(_af.RulesError, match="teacher_net_leaves needs teacher_search=N"):
        _af.self_play(g, str(am), seed=1, first_game=0, count=1, teacher_net_leaves=True)


def test_targets_follow_the_search_wherever_it_chose_and_the_values_elsewhere():
    from galaxysim.net.samples import policy_targets, with_visits

    offsets = np.array([0, 3, 5])
    values = np.array([0.2, 0.9, 0.4, 0.6, 0.3], np.float32)
    visits = np.array([0.5, 0.25, 0.25, 0, 0], np.float32)  # the first decision searched, the second not
    t = with_visits(policy_targets(values, offsets, 0.1), offsets, visits)
    assert t[:3].tolist() == pytest.approx([0.5, 0.25, 0.25])
    assert t[3:].tolist() == pytest.approx(policy_targets(values, offsets, 0.1)[3:].tolist())


def test_a_training_with_a_teacher_at_the_action_cards_records_it(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.train import TrainConfig, TrainError, train

    cfg = TrainConfig(out=str(tmp_path / "t"), teacher="net:search=20", players=2, generations=1, games=4, warmup=1,
                      h1=16, h2=8, replay=1, sample_games=2, gating_games=0, seed=3, threads=1)
    result = train(cfg, progress=False, log=lambda s: None)
    assert "--teacher net:search=20" in model_file.read_header(result.model)["training"]["command"]
    af_teacher = TrainConfig(out="x", game="af", teacher="net:search=20,leaf=net", dagger=True)
    af_teacher.validate()  # AF: the search takes every decision
    assert af_teacher.teacher_net_leaves() and af_teacher.teacher_at_search_decisions()
    with pytest.raises(TrainError, match="Alien Frontiers model has no action head"):
        TrainConfig(out="x", game="af", teacher="net:search=20,leaf=policy").validate()
    with pytest.raises(TrainError, match="--teacher must be"):
        TrainConfig(out="x", teacher="net:search=0").validate()


def test_dagger_labels_the_action_cards_the_model_plays_with_the_search_visits(tmp_path):
    """label_model_moves (train --dagger): at every action card the search is asked for its share of visits,
    also where the model plays its own move; the model's moves are the same as without labels only in kind
    (who chose), and the data is the same on 1 and 2 threads."""
    game = base_game(2)
    m = write_random_model(tmp_path / "m.gsnet", game, seed=8, choose="value")
    kw = dict(seed=4, first_game=0, count=4, heuristic=0.5, teacher_search=30, teacher_at_search_decisions=True)
    d = _rftg.self_play(game, str(m), threads=1, label_model_moves=True, **kw)
    by, kind, visits = np.asarray(d["by"]), np.asarray(d["kind"]), np.asarray(d["legal_visits"])
    choose_action = 2
    cards = kind == choose_action
    assert (by[cards] == 4).any() and (by[cards] != 4).any()  # both the search and the model play action cards
    for k, seg in enumerate(_segments(d)):  # ... and every action card, whoever played it, has the visits
        assert visits[seg].sum() == pytest.approx(1.0 if cards[k] else 0.0, abs=1e-5), k
    model_moves = np.flatnonzero(cards & (by != 4))
    # the model's own move is played, not the search's: somewhere it is not the most visited
    segs = _segments(d)
    assert any(visits[segs[k]][np.asarray(d["chosen"])[k]] < visits[segs[k]].max() for k in model_moves)
    two = _rftg.self_play(game, str(m), threads=2, label_model_moves=True, **kw)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k
    plain = _rftg.self_play(game, str(m), threads=1, **kw)  # without labels the model's action cards have none
    pb, pk, pv = np.asarray(plain["by"]), np.asarray(plain["kind"]), np.asarray(plain["legal_visits"])
    for k, seg in enumerate(_segments(plain)):
        if pk[k] == choose_action and pb[k] != 4:
            assert pv[seg].sum() == 0
    with pytest.raises(_rftg.RulesError, match="label_model_moves needs"):
        _rftg.self_play(game, str(m), seed=1, first_game=0, count=1, heuristic=1.0, teacher_search=5,
                        label_model_moves=True)


def test_a_dagger_training_records_it_and_needs_a_search_at_the_action_cards(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.train import TrainConfig, TrainError, train

    small = dict(players=2, games=4, warmup=0, mix=0.5, h1=16, h2=8, replay=1, sample_games=2, gating_games=0,
                 seed=3, threads=1)
    cfg = TrainConfig(out=str(tmp_path / "t"), teacher="net:search=20", dagger=True, generations=1, **small)
    result = train(cfg, progress=False, log=lambda s: None)
    assert "--dagger" in model_file.read_header(result.model)["training"]["command"].split()
    with pytest.raises(TrainError, match="dagger"):  # a resume without it is another training
        train(TrainConfig(out=str(tmp_path / "t"), teacher="net:search=20", generations=2, **small), progress=False,
              log=lambda s: None)
    for teacher in ("heuristic", "ismcts:iterations=20"):
        with pytest.raises(TrainError, match="--dagger needs --teacher net:search=N"):
            TrainConfig(out="x", teacher=teacher, dagger=True).validate()


def test_a_teacher_with_policy_playouts_searches_by_the_models_action_head(tmp_path):
    """--teacher net:search=N,leaf=policy (self_play teacher_policy_playouts): the search's visits differ from
    those of random playouts, the data is the same on 1 and 2 threads, and it needs a search and an action head."""
    from galaxysim.net.train import TrainConfig, TrainError

    game = base_game(2)
    m = write_random_model(tmp_path / "m.gsnet", game, seed=8, choose="policy")
    kw = dict(seed=4, first_game=0, count=3, heuristic=1.0, teacher_search=40, teacher_at_search_decisions=True)
    d = _rftg.self_play(game, str(m), threads=1, teacher_policy_playouts=True, **kw)
    rand = _rftg.self_play(game, str(m), threads=1, **kw)
    assert (np.asarray(d["by"]) == 4).any()
    assert not np.array_equal(np.asarray(d["legal_visits"]), np.asarray(rand["legal_visits"]))
    two = _rftg.self_play(game, str(m), threads=2, teacher_policy_playouts=True, **kw)
    for k in d:
        assert np.array_equal(np.asarray(d[k]), np.asarray(two[k])), k
    with pytest.raises(_rftg.RulesError, match="teacher_policy_playouts needs teacher_search"):
        _rftg.self_play(game, str(m), seed=1, first_game=0, count=1, teacher_policy_playouts=True)
    bare = write_random_model(tmp_path / "v.gsnet", game, seed=8, choose="value", action_rows=0)
    with pytest.raises(_rftg.RulesError, match="needs a model with an action head"):
        _rftg.self_play(game, str(bare), teacher_policy_playouts=True, **kw)
    cfg = TrainConfig(out="x", teacher="net:search=40,leaf=policy", dagger=True)
    cfg.validate()
    assert cfg.teacher_search() == 40 and cfg.teacher_policy_playouts() and cfg.teacher_at_search_decisions()
    assert not TrainConfig(out="x", teacher="net:search=40").teacher_policy_playouts()
    for bad in ("ismcts:iterations=40,leaf=policy", "net:search=40,leaf=value"):
        with pytest.raises(TrainError, match="--teacher must be"):
            TrainConfig(out="x", teacher=bad).validate()
