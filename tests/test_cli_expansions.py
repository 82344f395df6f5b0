"""`galaxysim run` with the expansions (issue 4): every option of The Gathering Storm and Rebel vs
Imperium on the command line and in a config file, passed through the batch runner into the run
folder (the games.variant label, seats.score_goals, games.robot_score, the kept start world), the
solo game with its configuration file, replay and resume, and the errors for impossible options."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.compute as pc
import pytest

from galaxysim import rftg
from galaxysim.results import load_games, load_seats
from galaxysim.sim.cli import main

RVI_START_WORLDS = {c["name"] for c in rftg.card_table("rvi") if c["start"] is not None}


def run(out: Path, *args: str) -> None:
    assert main(["run", "--games", "120", "--seed", "11", "--out", str(out), "--quiet", "--threads", "2",
                 "--bots", "random", *args]) == 0


def column(table, name):
    return table.column(name).to_pylist()


def test_rvi_six_players_with_goals_and_takeovers(tmp_path, capsys):
    out = tmp_path / "r6"
    run(out, "--expansion", "rvi", "--players", "6", "--takeovers")
    games, seats = load_games(out), load_seats(out)
    assert set(column(games, "variant")) == {"goals+takeovers"} and set(column(games, "expansion")) == {"rvi"}
    assert set(column(games, "robot_score")) == {None}
    assert seats.num_rows == 6 * 120
    assert pc.max(seats.column("score_goals")).as_py() >= 3  # somebody scores a goal tile
    # The score parts add up, goals included.
    parts = zip(*(column(seats, k) for k in ("score", "score_cards", "score_chips", "score_six_cost", "score_goals")))
    assert all(total == sum(rest) for total, *rest in parts)
    # The start world recorded is the one kept, not the other world of the pair (discarded): it is in the
    # final tableau unless Doomed World was discarded for a placement or a military one was taken over.
    assert set(column(seats, "start_world")) <= RVI_START_WORLDS
    gone = {name for name, wid, tableau in zip(column(seats, "start_world"), column(seats, "start_world_id"),
                                               column(seats, "tableau")) if wid not in tableau}
    military = {c["name"] for c in rftg.card_table("rvi") if c["military"]}
    assert gone <= {"Doomed World"} | military
    manifest = json.loads((out / "manifest.json").read_text())["config"]
    assert manifest["takeovers"] is True and manifest["goals"] is None and manifest["draft"] is False
    assert main(["replay", str(out), "--game", "7"]) == 0
    assert "replay matches the stored result" in capsys.readouterr().out


def test_draft_without_goals_records_draft_decisions(tmp_path, capsys):
    out = tmp_path / "t3"
    run(out, "--expansion", "tgs", "--players", "3", "--draft", "--no-goals", "--record-decisions", "--games", "20")
    assert set(column(load_games(out), "variant")) == {"draft"}
    assert set(column(load_seats(out), "score_goals")) == {0}
    from galaxysim.results import load_decisions

    kinds = set(column(load_decisions(out), "kind"))
    assert {"draft_pick", "start_world", "start_discard"} <= kinds
    assert main(["replay", str(out), "--game", "3"]) == 0


def test_advanced_two_player_rvi_every_flag(tmp_path):
    out = tmp_path / "r2"
    run(out, "--expansion", "rvi", "--players", "2", "--advanced", "--takeovers", "--draft", "--goals")
    assert set(column(load_games(out), "variant")) == {"advanced+goals+takeovers+draft"}


def test_config_file_keys(tmp_path):
    cfg = tmp_path / "exp.toml"
    cfg.write_text('expansion = "rvi"\nplayers = 4\ngoals = false\ntakeovers = true\nbots = "random"\n'
                   'games = 60\nseed = 4\n')
    out = tmp_path / "from-toml"
    assert main(["run", "--config", str(cfg), "--out", str(out), "--quiet"]) == 0
    assert set(column(load_games(out), "variant")) == {"takeovers"}
    assert set(column(load_seats(out), "score_goals")) == {0}
    # A flag wins over the file.
    out2 = tmp_path / "flag-wins"
    assert main(["run", "--config", str(cfg), "--goals", "--out", str(out2), "--quiet"]) == 0
    assert set(column(load_games(out2), "variant")) == {"goals+takeovers"}


def test_solo_game_with_a_configuration_file(tmp_path, capsys):
    default = tmp_path / "solo-default"
    run(default, "--expansion", "rvi", "--players", "1", "--solo-difficulty", "hard")
    games = load_games(default)
    assert set(column(games, "variant")) == {"solo-hard"}
    robot = column(games, "robot_score")
    assert None not in robot and min(robot) > 0
    seats = load_seats(default)
    for won, score, rob, rank in zip(column(seats, "won"), column(seats, "score"), robot, column(seats, "rank")):
        assert not won or score >= rob
        if won or score > rob:
            assert rank == 1
        if score < rob:
            assert rank == 2 and not won
    # The same run from a config file naming a solo configuration file (relative to the config file)
    # that changes one value: the robot starts with 4 credits instead of 1 (§5.10 defaults).
    text = rftg.solo_config_text()
    changed = text.replace("credits: 1                # at the start", "credits: 4                # at the start", 1)
    assert changed != text
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "my-solo.txt").write_text(changed)
    (tmp_path / "conf" / "solo.toml").write_text('expansion = "rvi"\nplayers = 1\nsolo_config = "my-solo.txt"\n'
                                                 'solo_difficulty = "hard"\nbots = "random"\ngames = 120\n'
                                                 'seed = 11\nthreads = 2\n')
    custom = tmp_path / "solo-custom"
    assert main(["run", "--config", str(tmp_path / "conf" / "solo.toml"), "--out", str(custom), "--quiet"]) == 0
    assert column(load_games(custom), "robot_score") != robot
    manifest = json.loads((custom / "manifest.json").read_text())["config"]
    assert manifest["solo_config_text"] == changed and manifest["solo_config"].endswith("my-solo.txt")
    # The manifest keeps the text: a replay plays the same robot after the file is gone.
    (tmp_path / "conf" / "my-solo.txt").unlink()
    capsys.readouterr()
    assert main(["replay", str(custom), "--game", "5"]) == 0
    assert "replay matches the stored result" in capsys.readouterr().out
    # The last line says how the solo game ended (it said "winners " and nothing when the robot was not beaten).
    easy = tmp_path / "solo-easy"
    assert main(["run", "--expansion", "tgs", "--players", "1", "--solo-difficulty", "easy", "--games", "100",
                 "--seed", "11", "--threads", "2", "--out", str(easy), "-q"]) == 0
    ended = {bool(w): i for i, w in enumerate(column(load_games(easy), "winners"))}
    stored = column(load_games(easy), "robot_score")
    capsys.readouterr()
    for won, line in ((False, "seat 0 did not beat the robot"), (True, "winner seat 0")):
        assert main(["replay", str(easy), "--game", str(ended[won])]) == 0
        final = capsys.readouterr().out.splitlines()[-2]
        assert final.endswith(f"; {line} (the robot scored {stored[ended[won]]})"), final


@pytest.mark.parametrize("args, message", [
    (["--goals"], "the base game has no goals"),
    (["--expansion", "tgs", "--takeovers"], "takeovers need expansion 'rvi'"),
    (["--expansion", "tgs", "--players", "6"], "'tgs' takes 1 to 5 players"),
    (["--expansion", "rvi", "--players", "6", "--draft"], "the draft variant at 'rvi' is for 2 to 5 players"),
    (["--expansion", "rvi", "--players", "1", "--goals"], "the solo game has no goals"),
    (["--expansion", "rvi", "--players", "1", "--solo-config", "/no/such/solo.txt"],
     "--solo-config: solo configuration file not found"),
    (["--expansion", "rvi", "--players", "1", "--solo-difficulty", "brutal"], "unknown difficulty 'brutal'"),
    (["--expansion", "rvi", "--players", "3", "--solo-difficulty", "hard"], "is for the solo game (players 1)"),
])
def test_impossible_options_are_one_clear_line(tmp_path, capsys, args, message):
    out = tmp_path / "never"
    assert main(["run", "--games", "10", "--out", str(out), "--quiet", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
    assert not out.exists()


def test_a_broken_solo_configuration_is_an_error(tmp_path, capsys):
    bad = tmp_path / "bad-solo.txt"
    bad.write_text("credits: lots\n")
    assert main(["run", "--expansion", "tgs", "--players", "1", "--solo-config", str(bad), "--games", "10",
                 "--out", str(tmp_path / "never"), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("galaxysim: error:") and len(err.splitlines()) == 1
    assert not (tmp_path / "never").exists()


def test_match_with_expansion_options(tmp_path, capsys):
    out = tmp_path / "m"
    assert main(["match", "--bots", "heuristic,random", "--players", "4", "--expansion", "rvi", "--takeovers",
                 "--no-goals", "--games", "40", "--seed", "1", "--out", str(out), "--quiet"]) == 0
    assert set(column(load_games(out), "variant")) == {"takeovers"}
    assert set(column(load_seats(out), "score_goals")) == {0}
    assert main(["match", "--bots", "heuristic,random", "--goals", "--games", "4", "--out",
                 str(tmp_path / "never"), "--quiet"]) == 2
    assert "need --expansion tgs or rvi" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--expansion", "rvi", "--players", "5", "--takeovers"],
                                  ["--expansion", "tgs", "--players", "2", "--draft", "--advanced"],
                                  ["--expansion", "rvi", "--players", "1"]])
def test_same_rows_whatever_the_threads_and_chunks(tmp_path, args):
    from test_cli import same_rows

    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["run", *args, "--games", "90", "--seed", "8", "--bots", "heuristic", "--threads", "1",
                 "--chunk-size", "90", "--out", str(a), "--quiet"]) == 0
    assert main(["run", *args, "--games", "90", "--seed", "8", "--bots", "heuristic", "--threads", "2",
                 "--chunk-size", "16", "--out", str(b), "--quiet"]) == 0
    same_rows(a, b)
