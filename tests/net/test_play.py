"""Playing models: the same games whatever the threads and however the model file was copied or rewritten, the
run manifest recording each net seat's model, and the net's research API for Python bots."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from galaxysim import rftg
from galaxysim.net import model_file
from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import make_runner

from .helpers import base_game, header_for, write_random_model


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    d = tmp_path_factory.mktemp("models")
    return {"policy": write_random_model(d / "p.gsnet", base_game(4), seed=7, choose="policy"),
            "value": write_random_model(d / "v.gsnet", base_game(4), seed=8, choose="value"),
            "dir": d}


def rows(bots, games=24, threads=1, seed=5):
    runner = make_runner(RunConfig(players=4, bots=bots, seed=seed))
    t = runner.run(seed, 0, games, threads, False)
    return {k: np.asarray(v) for k, v in {**t["games"], **{"s_" + k: v for k, v in t["seats"].items()}}.items()
            if k not in ("wall_time_us",)}


def same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        assert np.array_equal(a[k], b[k]), k


@pytest.mark.parametrize("choose", ["policy", "value"])
def test_one_and_two_threads_give_identical_rows_with_net_seats(models, choose):
    # (value: the last seat also looks ahead with the action head, rollout=, on two determinizations)
    last = (f"net:model={models[choose]},choose=value,rollout=8,dets=2" if choose == "value" else
            f"net:model={models[choose]},choose=hybrid,top=2,temperature=0.3")
    bots = [f"net:model={models[choose]}", "heuristic", f"net:model={models[choose]},temperature=0.5", last]
    one, two = rows(bots, threads=1), rows(bots, threads=2)
    same(one, two)
    assert len(set(one["rounds"].tolist())) > 1  # real games, not one repeated


@pytest.mark.parametrize("how", [dict(by_policy=True), dict(rollout=6, dets=2), dict(by_policy=True, rollout=6)])
def test_self_play_data_is_the_same_on_one_and_two_threads(models, how):
    from galaxysim import _rftg

    game = base_game(4)
    one, two = (_rftg.self_play(game, str(models["value"]), seed=3, first_game=5, count=3, threads=t, epsilon=0.1,
                                **how) for t in (1, 2))
    assert one.keys() == two.keys()
    for k in one:
        assert np.array_equal(np.asarray(one[k]), np.asarray(two[k])), k
    by = set(np.asarray(one["by"]).tolist())
    assert (3 in by) == bool(how.get("by_policy"))  # 3: moved by the action head


def test_a_saved_and_reloaded_model_plays_identical_games(models, tmp_path):
    src = models["policy"]
    copy = tmp_path / "copy.gsnet"
    shutil.copyfile(src, copy)
    head, w = model_file.read_weights(src)
    rewritten = tmp_path / "rewritten.gsnet"
    model_file.write(rewritten, head, w)  # read and written again: the same bytes
    assert model_file.content_hash(rewritten) == model_file.content_hash(src)
    want = rows([f"net:model={src}"] * 2 + ["heuristic"] * 2)
    for other in (copy, rewritten):
        same(want, rows([f"net:model={other}"] * 2 + ["heuristic"] * 2))
    # another model (other weights) plays other games
    other = write_random_model(tmp_path / "other.gsnet", base_game(4), seed=99, choose="policy")
    diff = rows([f"net:model={other}"] * 2 + ["heuristic"] * 2)
    assert not np.array_equal(diff["s_score"], want["s_score"])


def test_the_run_manifest_records_each_net_seat_model_and_resume_refuses_a_changed_one(models, tmp_path, capsys):
    from galaxysim.sim.cli import main

    model = tmp_path / "m.gsnet"
    shutil.copyfile(models["policy"], model)
    out = tmp_path / "run"
    assert main(["run", "--bots", f"net:model={model},heuristic,net:model={model},random", "--games", "40",
                 "--seed", "3", "--out", str(out), "--chunk-size", "20", "--threads", "1", "--quiet"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    spec = f"net:model={model}"
    assert manifest["models"] == {spec: {"path": str(model), "content_hash": model_file.content_hash(model)}}
    # a run cut short (its second chunk lost) resumes while the model is the same ...
    def cut():
        m = json.loads((out / "manifest.json").read_text())
        m["status"], m["chunks"] = "running", m["chunks"][:1]
        (out / "manifest.json").write_text(json.dumps(m))
        for table in ("games", "seats"):
            for f in (out / table).glob("*000001*"):
                f.unlink()

    cut()
    capsys.readouterr()
    assert main(["resume", str(out), "--quiet"]) == 0
    # ... and refuses once the model changed on disk (its games would differ)
    cut()
    head, w = model_file.read_weights(model)
    w.b2 = w.b2 + 1.0
    model_file.write(model, head, w)
    capsys.readouterr()
    assert main(["resume", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{spec}: the model {model} changed since the run began" in err, err


def test_hybrid_chooses_the_action_cards_by_value_and_the_rest_by_policy(models):
    """choose=hybrid (docs/net.md): at every decision of a game it plays as choose=value would at the action-card
    choice and as choose=policy would elsewhere (the same seed: value choices use the seat's random stream)."""
    game = base_game(4)
    m = models["policy"]
    hybrid, value, policy = (rftg.Bot(f"net:model={m},choose={c}", 3) for c in ("hybrid", "value", "policy"))
    state = game.new_state(seed=6)
    kinds, differs = set(), 0
    while not state.is_terminal() and state.round <= 6:
        by_value = state.decision == "choose_action"
        a = hybrid.act(state)
        assert a == (value if by_value else policy).act(state), (state.round, state.decision)
        if by_value and len(state.legal_actions()) > 1:
            differs += a != policy.act(state)  # (policy has no random stream to keep in step)
        kinds.add(state.decision)
        state.apply(a)
    assert "choose_action" in kinds and len(kinds) > 3
    assert differs > 0  # the two ways disagree somewhere, so the test tells them apart


def test_an_action_card_chosen_before_the_last_seat_is_judged_by_what_the_seat_knows(models):
    """value_scores judges an action card chosen while another seat is still to choose on the position itself
    (net_player.h, RftgNet::same_in_every_determinization): its scores are the value head's on each position after
    it, as the seat sees it, and the same on every determinization of the seat's view (the earlier seats' cards
    and the deck dealt anew)."""
    game = base_game(4)
    bot = rftg.Bot(f"net:model={models['value']},choose=value", 1)
    state, checked, last = game.new_state(seed=11), 0, 0
    while not state.is_terminal() and state.round <= 8:
        if state.decision == "choose_action":
            me, legal = state.current_player, state.legal_actions()
            scores = bot.action_scores(state)
            after = [state.clone() for _ in legal]
            for a, c in zip(legal, after):
                c.apply(a)
            if all(c.decision == "choose_action" and c.round == state.round for c in after):
                for c, v in zip(after, scores):
                    assert v == pytest.approx(bot.evaluate(c, seat=me)[me], rel=1e-5, abs=1e-6)
                for k in range(3):
                    assert bot.action_scores(state.determinize(me, 100 + k)) == scores
                checked += 1
            else:
                last += 1
        state.apply(bot.act(state))
    assert checked >= 12 and last >= 4  # three seats of four choose before the last, every round


def shortlist(logits, k):
    """The k best by the action head's logits, the first of equal ones (net_player.h NetPlayer::shortlist)."""
    order = sorted(range(len(logits)), key=lambda i: (-logits[i], i))
    return set(order[:k])


def test_top_k_judges_only_the_action_heads_k_best_actions_by_value(models):
    """net:top=K (docs/net.md, Options): a value choice judges only the K legal actions the action head likes best
    (read from the decision's own forward pass), each with the score a full value choice gives it; the others score
    -1 and are never chosen, not even when sampled with a temperature."""
    game = base_game(4)
    path = models["policy"]
    policy = rftg.Bot(f"net:model={path},choose=policy", 1)

    def bot(options):  # a fresh bot, so that every one deals the same determinizations
        return rftg.Bot(f"net:model={path},choose=value{options}", 7)

    play = bot("")
    state, checked, changed = game.new_state(seed=12), 0, 0
    while not state.is_terminal() and state.round <= 10:
        legal = state.legal_actions()
        if len(legal) > 2:
            want = shortlist(policy.action_scores(state), 2)
            f, t = bot("").action_scores(state), bot(",top=2").action_scores(state)
            assert {i for i, v in enumerate(t) if v >= 0} == want
            for i in range(len(legal)):
                assert t[i] == (f[i] if i in want else -1.0)
            assert bot(",top=1000").action_scores(state) == f
            assert bot(",top=2").act(state) == legal[int(np.argmax(t))]
            hot = rftg.Bot(f"net:model={path},choose=value,top=2,temperature=5", 3)
            assert {legal.index(hot.act(state)) for _ in range(12)} <= want
            changed += int(np.argmax(f)) not in want
            checked += 1
        state.apply(play.act(state))
    assert checked >= 20 and changed > 0  # the shortlist changes some choices: the test tells the two apart


def test_a_python_bot_can_call_the_net(models):
    game = base_game(4)
    bot = rftg.Bot(f"net:model={models['policy']}", 1)
    state = game.new_state(seed=4)
    p = bot.evaluate(state)
    assert len(p) == 4 and abs(sum(p) - 1) < 1e-5 and min(p) > 0
    scores = bot.action_scores(state)
    assert len(scores) == len(state.legal_actions())
    assert bot.act(state) == state.legal_actions()[int(np.argmax(scores))]
    # as another seat judges it: the same probabilities, seen from elsewhere
    q = bot.evaluate(state, seat=2)
    assert len(q) == 4 and abs(sum(q) - 1) < 1e-5
    # at the end of a game: the result
    while not state.is_terminal():
        state.apply(bot.act(state))
    w = state.winners()
    assert bot.evaluate(state) == pytest.approx([1 / len(w) if s in w else 0 for s in range(4)])
    with pytest.raises(TypeError, match="only a net bot"):
        rftg.Bot("heuristic").evaluate(state)


class ArgmaxOfTheNet:
    """A Python bot that plays the net's action head itself: the same choices as the C++ net bot."""

    def __init__(self, path):
        self.net = rftg.Bot(f"net:model={path}")

    def act(self, state, legal_actions):
        scores = self.net.action_scores(state)
        return legal_actions[int(np.argmax(scores))]


def test_a_python_bot_playing_the_net_plays_the_games_of_the_net_bot(tmp_path):
    from galaxysim.sim.match import MatchConfig, play

    model = write_random_model(tmp_path / "p2.gsnet", base_game(2), seed=7, choose="policy")
    spec = f"net:model={model}"
    a = play(MatchConfig(bots=[spec, "heuristic"], players=2, games=8, seed=2, out=str(tmp_path / "a"), quiet=True,
                         threads=1))
    b = play(MatchConfig(bots=["mine", "heuristic"], players=2, games=8, seed=2, out=str(tmp_path / "b"), quiet=True,
                         threads=1), objects={"mine": ArgmaxOfTheNet(model)})
    import pyarrow.parquet as pq

    sa = pq.read_table(tmp_path / "a" / "seats").sort_by([("game_index", "ascending"), ("seat", "ascending")])
    sb = pq.read_table(tmp_path / "b" / "seats").sort_by([("game_index", "ascending"), ("seat", "ascending")])
    assert sa.column("score").to_pylist() == sb.column("score").to_pylist()
    assert sa.column("tableau").to_pylist() == sb.column("tableau").to_pylist()


def test_a_match_records_its_net_models_and_its_resume_checks_them(tmp_path, capsys):
    from galaxysim.results.manifest import RunFolderError
    from galaxysim.sim.errors import ConfigError
    from galaxysim.sim.match import MatchConfig, play, resume

    model = write_random_model(tmp_path / "m.gsnet", base_game(2), seed=3, choose="policy")
    spec = f"net:model={model}"
    out = tmp_path / "match"
    play(MatchConfig(bots=[spec, "heuristic"], players=2, games=8, seed=4, out=str(out), quiet=True, threads=1,
                     chunk_size=4))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["models"] == {spec: {"path": str(model), "content_hash": model_file.content_hash(model)}}
    assert manifest["n_chunks"] > 1

    def cut(models):
        m = json.loads((out / "manifest.json").read_text())
        m["status"], m["chunks"], m["models"] = "running", m["chunks"][:1], models
        (out / "manifest.json").write_text(json.dumps(m))
        for table in ("games", "seats"):
            for f in (out / table).glob("*000001*"):
                f.unlink()

    good = manifest["models"]
    for crafted in (["x"], {spec: "sha256:0"}, {}):  # not a mapping of records; a net seat not recorded
        cut(crafted)
        with pytest.raises(RunFolderError, match="corrupt manifest: models"):
            resume(out, quiet=True, threads=1)
    cut(good)
    assert resume(out, quiet=True, threads=1).complete
    cut(good)
    head, w = model_file.read_weights(model)
    w.b1 = w.b1 + 1.0
    model_file.write(model, head, w)
    with pytest.raises(ConfigError, match="the model .* changed since the run began"):
        resume(out, quiet=True, threads=1)


def with_header(src, dst, **keys):
    """A copy of model file `src` whose header has `keys` added."""
    head, w = model_file.read_weights(src)
    model_file.write(dst, {**head, **keys}, w)
    return dst


def test_a_model_plays_at_its_own_temperature_unless_the_spec_gives_one(models, tmp_path):
    """The header's "temperature" is how the model plays by default (docs/net.md, "The model file"):
    net:model=M plays M's temperature, net:model=M,temperature=T overrides it."""
    src = models["policy"]
    warm = with_header(src, tmp_path / "warm.gsnet", temperature=0.5)
    field = ["heuristic"] * 2
    greedy = rows([f"net:model={src}"] * 2 + field)
    sampled = rows([f"net:model={src},temperature=0.5"] * 2 + field)
    assert not np.array_equal(greedy["s_score"], sampled["s_score"])
    same(sampled, rows([f"net:model={warm}"] * 2 + field))                  # its own temperature
    same(greedy, rows([f"net:model={warm},temperature=0"] * 2 + field))     # the spec's
    same(rows([f"net:model={src},temperature=1"] * 2 + field), rows([f"net:model={warm},temperature=1"] * 2 + field))
    # 1 and 2 threads: the same sampled games
    same(rows([f"net:model={warm}"] * 2 + field, threads=2), sampled)


def test_a_card_temperature_samples_only_the_action_cards(models, tmp_path):
    """card_temperature=T (the header's "card_temperature"): sampled at the action cards, every other decision
    at the temperature (the best action at 0)."""
    src = models["policy"]
    cards = with_header(src, tmp_path / "cards.gsnet", card_temperature=0.5)
    field = ["heuristic"] * 2
    only_cards = rows([f"net:model={src},card_temperature=0.5"] * 2 + field)
    same(only_cards, rows([f"net:model={cards}"] * 2 + field))
    for other in ("", ",temperature=0.5"):  # neither greedy nor sampled everywhere
        assert not np.array_equal(only_cards["s_score"], rows([f"net:model={src}{other}"] * 2 + field)["s_score"])
    # a spec's temperature overrides the model's card temperature too
    same(rows([f"net:model={src}"] * 2 + field), rows([f"net:model={cards},temperature=0"] * 2 + field))
    # the decisions other than the action cards are the greedy policy's
    game = base_game(4)
    bot = rftg.Bot(f"net:model={cards}", 1)
    greedy = rftg.Bot(f"net:model={src}", 1)
    checked = 0
    for seed in range(20):
        s = game.new_state(seed=seed)
        while not s.is_terminal():
            if s.decision != "choose_action" and len(s.legal_actions()) > 1:
                assert bot.act(s) == greedy.act(s)
                checked += 1
            s.apply(rftg.Bot("random", seed).act(s))
    assert checked > 100
