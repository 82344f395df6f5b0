"""galaxysim train: a short training from scratch makes a model that beats random (its untrained start did not),
and a training killed mid-way resumes from its checkpoint and ends with the model of an uninterrupted one."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from galaxysim.net import model_file
from galaxysim.net.evaluation import one_vs_field

torch = pytest.importorskip("torch") if not os.environ.get("CI") else __import__("torch")

SMALL = dict(players=2, generations=3, games=600, warmup=3, h1=32, h2=16, replay=2, sample_games=4,
             gating_games=0, seed=3, threads=1)
# a few seconds' training, for what the weights' quality does not matter to
TINY = dict(players=2, generations=1, games=4, warmup=1, h1=16, h2=8, replay=1, sample_games=2, gating_games=0, seed=3,
            threads=1)


def test_a_model_trained_about_30_seconds_beats_random_and_its_untrained_start_did_not(tmp_path):
    from galaxysim.net.train import TrainConfig, train

    t0 = time.perf_counter()
    result = train(TrainConfig(out=str(tmp_path / "t"), **SMALL), progress=False, log=lambda s: None)
    seconds = time.perf_counter() - t0
    cfg = {"game": "rftg", "players": 2}
    before = one_vs_field(cfg, f"net:model={tmp_path / 't' / 'gen-0000.gsnet'}", "random", 200, seed=9)
    after = one_vs_field(cfg, f"net:model={result.model}", "random", 200, seed=9)
    print(f"trained in {seconds:.0f} s; vs random: untrained {before.line()}; trained {after.line()}")
    assert after.lo > 0.6, after.line()  # clearly better than random ...
    assert before.rate < 0.55, before.line()  # ... which the untrained network was not
    assert after.rate > before.rate + 0.2
    assert model_file.read_header(result.model)["configuration"]["goals"] is False  # as played, not "unset"
    recorded = model_file.read_header(result.model)["training"]["command"]
    assert recorded == TrainConfig(out="elsewhere", **SMALL).command() and "--games 600" in recorded


def test_the_command_a_model_records_gives_back_the_same_training():
    import shlex

    from galaxysim.net.train import TrainConfig, TrainError
    from galaxysim.sim.cli import build_parser
    from galaxysim.sim.cli_train import config_of

    cases = [TrainConfig(out="o", **SMALL),
             TrainConfig(out="o", players=4, expansion="rvi", goals=True, takeovers=True, behaviour="value",
                         choose="hybrid", discount=0.98, capped="even", start="shipped", variant="hand_limit=12 Gambling World.cost=2"),
             TrainConfig(out="o", expansion="tgs", goals=False, draft=True, policy_temperature=0.2, lr=0.002,
                         keep_models=True),
             TrainConfig(out="o", teacher="net:search=400,leaf=policy", dagger=True, warmup=0, mix=0.25),
             TrainConfig(out="o", game="af", teacher="net:search=100,leaf=net", dagger=True, warmup=0, mix=0.2,
                         policy_weight=0.3, choose="value")]
    for cfg in cases:
        words = shlex.split(cfg.command())
        assert words[:2] == ["galaxysim", "train"] and "--out" not in words
        again = config_of(build_parser().parse_args(words[1:] + ["--out", "o"]))
        assert again == cfg, cfg.command()
    with pytest.raises(TrainError, match="--policy-weight must be >= 0"):
        TrainConfig(out="o", policy_weight=-1).validate()


def _train_cmd(out):
    args = [sys.executable, "-m", "galaxysim", "train", "--out", str(out), "--quiet"]
    for k, v in {**SMALL, "generations": 5, "games": 120}.items():
        args += [f"--{k.replace('_', '-')}", str(v)]
    return args


def test_a_killed_training_resumes_from_its_checkpoint_and_ends_with_the_same_model(tmp_path):
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    subprocess.run(_train_cmd(whole), check=True, capture_output=True, timeout=600)
    # the same training, killed (SIGKILL: no clean-up) once its second generation is checkpointed (the
    # third generation's model is written after that checkpoint)
    p = subprocess.Popen(_train_cmd(cut), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 300
    while not (cut / "gen-0003.gsnet").exists() and p.poll() is None and time.time() < deadline:
        time.sleep(0.05)
    assert p.poll() is None, "the training ended before it could be killed"
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert not (cut / "model.gsnet").exists()
    r = subprocess.run(_train_cmd(cut), check=True, capture_output=True, text=True, timeout=600)
    assert "resuming" in r.stderr and "at generation " in r.stderr, r.stderr
    resumed_at = int(r.stderr.split("at generation ")[1].split()[0])
    assert resumed_at >= 2  # it did not start over
    _, a = model_file.read_weights(whole / "model.gsnet")
    _, b = model_file.read_weights(cut / "model.gsnet")
    for name, _ in model_file.WEIGHT_ORDER:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_a_training_with_other_settings_in_the_same_folder_is_refused(tmp_path):
    from galaxysim.net.train import TrainConfig, TrainError, train

    out = tmp_path / "t"
    train(TrainConfig(out=str(out), **{**SMALL, "generations": 1, "games": 20}), progress=False, log=lambda s: None)
    with pytest.raises(TrainError, match="other settings.*seed"):
        train(TrainConfig(out=str(out), **{**SMALL, "generations": 2, "games": 20, "seed": 4}), progress=False,
              log=lambda s: None)


def test_discounted_value_targets_move_towards_an_even_share_with_the_examples_still_to_come():
    from galaxysim.net.samples import discounted_results

    # one seat's chain of three examples (0 -> 1 -> 2) in a 2-player game it won, and a 4-player game's one example
    results = np.array([[1, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]], np.float32)
    nxt = np.array([1, 2, -1, -1])
    players = np.array([2, 2, 2, 4], np.int8)
    z = discounted_results(results, nxt, players, 0.5)
    assert np.allclose(z[2], [1, 0, 0, 0])                     # the last example: the result
    assert np.allclose(z[1], [0.75, 0.25, 0, 0])              # one more to come: half way to (1/2, 1/2)
    assert np.allclose(z[0], [0.625, 0.375, 0, 0])            # two more: a quarter of the result left
    assert np.allclose(z[3], [0, 1, 0, 0])
    assert np.allclose(z.sum(axis=1), 1)
    assert np.array_equal(discounted_results(results, nxt, players, 1.0), results)  # 1: no discount


def test_a_bad_discount_is_refused():
    from galaxysim.net.train import TrainConfig, TrainError

    with pytest.raises(TrainError, match="--discount must be in"):
        TrainConfig(out="x", discount=0).validate()


def test_self_play_says_which_games_the_safety_cap_stopped(tmp_path):
    """The capped flag is the engine's end condition, not a guess from the length: an untrained model (random
    weights) stalls most 2-player games to the 30-round cap (A33), a game may also end by itself in round 30, and
    the heuristic's warm-up games end by themselves."""
    from .helpers import base_game, write_random_model

    from galaxysim import _rftg

    game = base_game(2)
    m = write_random_model(tmp_path / "m.gsnet", game, seed=8, choose="value")
    d = _rftg.self_play(game, str(m), seed=1, first_game=0, count=300, threads=1, temperature=0.0)
    capped, length = np.asarray(d["capped"]), np.asarray(d["length"])
    assert len(capped) == 300 and capped.mean() > 0.5
    assert set(length[capped == 1].tolist()) == {30}
    assert ((capped == 0) & (length == 30)).any()  # ended by itself in the last round: not capped
    warm = _rftg.self_play(game, str(m), seed=1, first_game=0, count=100, threads=1, heuristic=1.0)
    assert not np.asarray(warm["capped"]).any()

    # --capped even: the value examples of a capped game aim at an even share, the others at their result
    from galaxysim.net.samples import from_self_play

    by_result = from_self_play(d, 2, 4, 0.1, 300)
    even = from_self_play(d, 2, 4, 0.1, 300, capped_even=True)
    has_after = np.diff(d["after_offsets"]) > 0
    in_capped = capped[(np.asarray(d["game"]) - int(np.min(d["game"])))[has_after]] == 1
    assert in_capped.any() and (~in_capped).any()
    assert np.all(even.v_target[in_capped, :2] == 0.5)
    assert np.array_equal(even.v_target[~in_capped], by_result.v_target[~in_capped])
    assert not np.array_equal(even.v_target[in_capped], by_result.v_target[in_capped])


def test_training_shows_and_warns_of_self_play_games_at_the_cap():
    from galaxysim.net.train import _advance

    lines = []
    stats = {"generation": 4, "games": 1000, "self_play_seconds": 1.0, "value_loss": 0.6, "policy_loss": 1.0,
             "mean_length": 16.5}
    _advance(None, {**stats, "at_cap": 0.004}, lines.append)
    assert len(lines) == 1 and "at the cap 0.4%" in lines[0]
    _advance(None, {**stats, "at_cap": 0.05}, lines.append)
    assert "at the cap 5.0%" in lines[1] and lines[2].startswith("warning: 5.0% of generation 4's self-play games")


def test_play_temperature_is_written_in_the_model_and_recorded_in_its_command(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.train import TrainConfig, TrainError, train

    cfg = TrainConfig(out=str(tmp_path / "t"), **TINY, play_temperature=0.25, play_card_temperature=0.5)
    head = model_file.read_header(train(cfg, progress=False, log=lambda s: None).model)
    assert head["temperature"] == 0.25 and "--play-temperature 0.25" in head["training"]["command"]
    assert head["card_temperature"] == 0.5 and "--play-card-temperature 0.5" in head["training"]["command"]
    plain = TrainConfig(out=str(tmp_path / "u"), **TINY)
    plain_head = model_file.read_header(train(plain, progress=False, log=lambda s: None).model)
    assert "temperature" not in plain_head and "card_temperature" not in plain_head
    with pytest.raises(TrainError, match="--play-temperature must be in"):
        TrainConfig(out="x", play_temperature=-1).validate()
    with pytest.raises(TrainError, match="--play-card-temperature must be in"):
        TrainConfig(out="x", play_card_temperature=101).validate()


def test_a_resume_may_change_the_play_temperatures_which_change_the_header_and_not_the_weights(tmp_path):
    from galaxysim.net import model_file
    from galaxysim.net.train import TrainConfig, train

    base = {**TINY, "generations": 2, "games": 6}
    whole = train(TrainConfig(out=str(tmp_path / "whole"), **base), progress=False, log=lambda s: None)
    out = tmp_path / "cut"
    train(TrainConfig(out=str(out), **base), progress=False, log=lambda s: None, stop_after=1)
    lines = []
    resumed = train(TrainConfig(out=str(out), **base, play_temperature=0.3, play_card_temperature=0.2),
                    progress=False, log=lines.append)
    assert any(s.startswith("resuming") for s in lines), lines
    head = model_file.read_header(resumed.model)
    assert head["temperature"] == 0.3 and head["card_temperature"] == 0.2
    assert "temperature" not in model_file.read_header(whole.model)
    _, a = model_file.read_weights(whole.model)
    _, b = model_file.read_weights(resumed.model)
    for name, _ in model_file.WEIGHT_ORDER:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_keep_models_keeps_every_generations_model_where_a_training_otherwise_keeps_the_last_replay_plus_one(tmp_path):
    from galaxysim.net.train import TrainConfig, train

    tiny = {**TINY, "generations": 4}
    for keep, expected in ((False, [0, 3, 4]), (True, [0, 1, 2, 3, 4])):
        out = tmp_path / str(keep)
        train(TrainConfig(out=str(out), **tiny, keep_models=keep), progress=False, log=lambda s: None)
        assert sorted(int(p.stem[4:]) for p in out.glob("gen-*.gsnet")) == expected, keep


@pytest.mark.parametrize("damage", ["none", "truncated", "other model"])
def test_a_resume_reads_the_stored_samples_of_its_replay_window_and_plays_a_damaged_one_again(tmp_path, damage,
                                                                                              monkeypatch):
    from galaxysim.net import data_source, sample_store
    from galaxysim.net.train import TrainConfig, train

    base = {**TINY, "generations": 3, "games": 6, "replay": 2}
    whole = train(TrainConfig(out=str(tmp_path / "whole"), **base), progress=False, log=lambda s: None)
    cut = tmp_path / "cut"
    train(TrainConfig(out=str(cut), **base), progress=False, log=lambda s: None, stop_after=2)
    window = sample_store.path_of(cut, 1)  # a resume at generation 2 trains on generations 1 and 2
    assert sorted(cut.glob("samples-*.npz")) == [window]  # generation 0's is deleted: no resume needs it
    if damage == "truncated":
        window.write_bytes(window.read_bytes()[: window.stat().st_size // 2])
    elif damage == "other model":
        sample_store.save(window, sample_store.load(window, cut / "gen-0001.gsnet", print)[0], 0.0, 0.0,
                          cut / "gen-0000.gsnet")
    played, lines, generation = [], [], data_source.SelfPlay.generation
    monkeypatch.setattr(data_source.SelfPlay, "generation",
                        lambda self, model, gen: played.append(gen) or generation(self, model, gen))
    resumed = train(TrainConfig(out=str(cut), **base), progress=False, log=lines.append)
    assert played == ([2] if damage == "none" else [1, 2]), lines
    assert any("playing the generation again" in s for s in lines) == (damage != "none"), lines
    _, a = model_file.read_weights(whole.model)
    _, b = model_file.read_weights(resumed.model)
    for name, _ in model_file.WEIGHT_ORDER:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert sorted(cut.glob("samples-*.npz")) == [sample_store.path_of(cut, 2)]
    assert not list(cut.glob("*.tmp*"))
