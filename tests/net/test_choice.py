"""Choice examples (docs/net.md, "A search as the teacher"): where a search chose or labelled a decision, self-play
can record the position after every legal action as the deciding seat sees it, and training then teaches a value
model's values to rank those actions as the search chose (train.choice_loss)."""
from __future__ import annotations

import os

import numpy as np
import pytest

from galaxysim import _af, af

from .helpers import write_random_model

torch = pytest.importorskip("torch") if not os.environ.get("CI") else __import__("torch")


def _af_play(tmp_path, record=True, count=2, iterations=20):
    game = af.Game(players=2)
    m = write_random_model(tmp_path / "af.gsnet", game, seed=5, h1=32, h2=16, choose="value")
    d = _af.self_play(game, str(m), seed=6, first_game=0, count=count, threads=1, heuristic=0.3,
                      teacher_search=iterations, record_candidates=record)
    return game, m, d


def test_self_play_records_the_position_after_every_legal_action_where_the_search_chose(tmp_path):
    _, _, d = _af_play(tmp_path)
    cdo, legal = np.asarray(d["cand_decision_offsets"]), np.asarray(d["legal_offsets"])
    n_cand, n_legal = np.diff(cdo), np.diff(legal)
    searched = np.asarray(d["by"]) == 4
    assert searched.sum() > 10 and (~searched).sum() > 10
    assert (n_cand[searched] == n_legal[searched]).all() and (n_cand[~searched] == 0).all()
    coff, rows, end = np.asarray(d["cand_offsets"]), np.asarray(d["cand_rows"]), np.asarray(d["cand_end"])
    assert len(coff) == len(end) + 1 and ((end == -1) | ((end >= 0) & (end <= 1))).all()
    # the chosen action's candidate is the position the game went on to: its rows are the decision's after-rows
    after, after_off, chosen = np.asarray(d["after_rows"]), np.asarray(d["after_offsets"]), np.asarray(d["chosen"])
    compared = 0
    for i in np.nonzero(searched)[0]:
        c = cdo[i] + chosen[i]
        a = after[after_off[i]:after_off[i + 1]]
        if len(a):
            assert np.array_equal(rows[coff[c]:coff[c + 1]], a)
            compared += 1
    assert compared > 10
    # other actions lead elsewhere
    assert any(not np.array_equal(rows[coff[cdo[i]]:coff[cdo[i] + 1]], rows[coff[cdo[i] + 1]:coff[cdo[i] + 2]])
               for i in np.nonzero(searched & (n_legal > 1))[0])
    # without the flag: none, and the same games
    _, _, plain = _af_play(tmp_path, record=False)
    assert len(plain["cand_end"]) == 0 and np.array_equal(plain["chosen"], d["chosen"])
    with pytest.raises(Exception, match="record_candidates needs teacher_search"):
        _af.self_play(af.Game(players=2), str(tmp_path / "af.gsnet"), seed=6, first_game=0, count=1,
                      record_candidates=True)


def test_choice_examples_follow_the_searched_decisions_and_survive_the_sample_store(tmp_path):
    from galaxysim.net import sample_store
    from galaxysim.net.samples import Samples, from_self_play

    _, m, d = _af_play(tmp_path)
    s = from_self_play(d, 2, 4, 0.1, 2)
    searched = np.nonzero(np.asarray(d["by"]) == 4)[0]
    assert s.choices == len(searched)
    legal = np.asarray(d["legal_offsets"])
    for k, i in enumerate(searched):  # the search's choice: its most visited actions, shared if several
        t = s.c_target[s.c_choice_offsets[k]:s.c_choice_offsets[k + 1]]
        v = np.asarray(d["legal_visits"])[legal[i]:legal[i + 1]]
        assert t.sum() == pytest.approx(1.0, abs=1e-5) and np.array_equal(t > 0, v == v.max())
        assert t[d["chosen"][i]] > 0
    both = Samples.concat([s, s])
    assert both.choices == 2 * s.choices and both.c_offsets[-1] == 2 * s.c_offsets[-1]
    assert np.array_equal(both.c_rows[both.c_offsets[s.c_end.size]:], s.c_rows)
    path = tmp_path / "samples-0000.npz"
    sample_store.save(path, s, 10.0, 0.0, m)
    back, _, _ = sample_store.load(path, m, lambda line: None)
    for name in ("c_rows", "c_offsets", "c_choice_offsets", "c_end", "c_target", "c_players"):
        assert np.array_equal(getattr(back, name), getattr(s, name)), name


def _tiny_samples(end, target, rows_per_live=2):
    """Choice examples of one decision: candidates with c_end `end` (-1: rows 0.. of a live one)."""
    from galaxysim.net.samples import Samples

    rows, offs = [], [0]
    for j, e in enumerate(end):
        if e < 0:
            rows += list(range(rows_per_live * j, rows_per_live * j + rows_per_live))
        offs.append(len(rows))
    z64, z32 = np.zeros(1, np.int64), np.zeros(0, np.int32)
    return Samples(v_rows=z32, v_offsets=z64, v_target=np.zeros((0, 4), np.float32), v_players=np.zeros(0, np.int8),
                   v_next=np.zeros(0, np.int64), p_rows=z32, p_offsets=z64, p_players=np.zeros(0, np.int8),
                   p_legal_offsets=z64, p_legal_class=np.zeros(0, np.int64), p_legal_target=np.zeros(0, np.float32),
                   c_rows=np.array(rows, np.int32), c_offsets=np.array(offs, np.int64),
                   c_choice_offsets=np.array([0, len(end)], np.int64), c_end=np.array(end, np.float32),
                   c_target=np.array(target, np.float32), c_players=np.array([2], np.int8))


def test_a_candidate_that_ends_the_game_counts_as_its_result():
    from galaxysim.net.torch_net import Net
    from galaxysim.net.train import choice_loss

    net = Net(8, 4, 4, 4, seed=1)
    idx = np.array([0])
    won = _tiny_samples([1.0, -1], [1.0, 0.0])    # the search chose the winning end: nothing to learn
    lost = _tiny_samples([0.0, -1], [1.0, 0.0])   # it chose the losing end over a game that goes on: far off
    assert float(choice_loss(net, won, idx, 0.1, torch).detach()) < 1e-3
    assert float(choice_loss(net, lost, idx, 0.1, torch).detach()) > 5


def test_the_choice_loss_teaches_the_values_to_rank_the_actions_as_the_search_did(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.samples import from_self_play, ragged_take
    from galaxysim.net.torch_net import Net
    from galaxysim.net.train import choice_loss

    _, m, d = _af_play(tmp_path, count=2)
    s = from_self_play(d, 2, 4, 0.1, 2)
    _, w = model_file.read_weights(m)
    net = Net.from_weights(w)

    def agreement():
        """Share of the choices whose best value is one the search chose."""
        hits = 0
        with torch.no_grad():
            for k in range(s.choices):
                lo, hi = s.c_choice_offsets[k], s.c_choice_offsets[k + 1]
                rows, off = ragged_take(s.c_rows, s.c_offsets, np.arange(lo, hi))
                h = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
                v = net.value_log_probs(h, 2)[:, 0].numpy()
                live = s.c_end[lo:hi] < 0
                hits += int(s.c_target[lo:hi][live][np.argmax(v)] > 0) if live.all() else 0
        return hits / s.choices

    before = agreement()
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    idx = np.arange(s.choices)
    first = last = None
    for _ in range(60):
        loss = choice_loss(net, s, idx, 0.1, torch)
        first = float(loss.detach()) if first is None else first
        last = float(loss.detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
    after = agreement()
    assert last < first / 2
    assert before < 0.5 and after > 0.9, (before, after)


def test_a_value_model_trained_with_a_search_teacher_learns_from_choices(tmp_path):
    from galaxysim.net.train import TrainConfig, train

    small = dict(game="af", players=2, generations=1, games=4, warmup=0, mix=0.3, teacher="ismcts:iterations=20",
                 behaviour="value", choose="value", h1=16, h2=8, replay=1, sample_games=2, gating_games=0, seed=3,
                 threads=1)
    import json

    result = train(TrainConfig(out=str(tmp_path / "t"), **small), progress=False, log=lambda line: None)
    history = json.loads((tmp_path / "t" / "train.json").read_text())["history"]
    assert history[-1]["choice_loss"] > 0 and result.generations == 1
    # the heuristic teacher records no visits: no choices
    train(TrainConfig(out=str(tmp_path / "h"), **{**small, "teacher": "heuristic"}), progress=False,
          log=lambda line: None)
    history = json.loads((tmp_path / "h" / "train.json").read_text())["history"]
    assert "choice_loss" not in history[-1]
