"""Issue 23: the expansions fully in the results. Goals, takeovers and the solo robot's score parts in the run
folder, checked against the engine's own state on replayed games; the score parts add up in every game mode
(the rows and the report's table); compare takes every game option; older run folders still read."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from galaxysim import _batch, rftg
from galaxysim.results import load_cards, load_games, load_seats, open_run
from galaxysim.results import schema as sch
from galaxysim.sim.cli import main
from galaxysim.sim.config import RunConfig
from galaxysim.sim.run import make_runner

GOALS = {g["name"]: g for g in rftg.card_db().goal_table()}

#: Every game mode: (name, run flags).
MODES = [
    ("base-4p", ["--players", "4"]),
    ("base-2p-advanced", ["--players", "2", "--advanced"]),
    ("tgs-3p-goals", ["--expansion", "tgs", "--players", "3"]),
    ("tgs-3p-draft-nogoals", ["--expansion", "tgs", "--players", "3", "--draft", "--no-goals"]),
    ("rvi-6p-takeovers", ["--expansion", "rvi", "--players", "6", "--takeovers"]),
    ("rvi-2p-every-option", ["--expansion", "rvi", "--players", "2", "--advanced", "--takeovers", "--draft"]),
    ("tgs-solo-hard", ["--expansion", "tgs", "--players", "1", "--solo-difficulty", "hard"]),
    ("rvi-solo-easy", ["--expansion", "rvi", "--players", "1", "--solo-difficulty", "easy"]),
    ("af-3p", ["--game", "af", "--players", "3"]),
    ("af-4p-long", ["--game", "af", "--players", "4", "--long-game"]),
]

SCORE_PARTS = {"rftg": ("score_cards", "score_chips", "score_six_cost", "score_goals"),
               "af": ("score_colonies", "score_territories", "score_tech", "score_positron")}


def play(out: Path, flags, games=150, bots="random", seed=23) -> Path:
    assert main(["run", "--games", str(games), "--seed", str(seed), "--out", str(out), "--quiet", "--threads", "2",
                 "--bots", bots, *flags]) == 0
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("modes")
    return {name: play(root / name, flags) for name, flags in MODES}


@pytest.mark.parametrize("mode", [m for m, _ in MODES])
def test_score_parts_add_up_in_every_game_mode(runs, mode, tmp_path):
    run = runs[mode]
    game = open_run(run).config["game"]
    seats = load_seats(run).to_pydict()
    parts = SCORE_PARTS[game]
    for k in range(len(seats["score"])):
        assert seats["score"][k] == sum(seats[p][k] for p in parts)
    games = load_games(run).to_pydict()
    if mode.startswith(("tgs-solo", "rvi-solo")):  # the robot's parts add up to its score
        for k in range(len(games["robot_score"])):
            assert games["robot_score"][k] == (games["robot_score_cards"][k] + games["robot_score_chips"][k]
                                               + games["robot_score_six_cost"][k])
    else:
        assert set(games["robot_score_cards"]) == {None}
    # The report's score-parts table adds up to the mean score.
    from galaxysim.results.report import write_report

    res = write_report(run, out=tmp_path / "rep")
    rows = res.analysis.tables["score_parts"]
    mean = next(r["mean_score"] for r in res.analysis.tables["scores"] if r["group"] == "all")
    assert [r["part"] for r in rows][-1] == "total"
    assert sum(r["mean"] for r in rows[:-1]) == pytest.approx(mean) == pytest.approx(rows[-1]["mean"])


def _replayed(run: Path, index: int):
    """Game `index` of `run` played again step by step through the Python API (every decision, none taken
    inside the engine): the final state, the steps (seat, kind, action, legal, text) and the JSON of the
    position before each step and at the end."""
    cfg = RunConfig.from_manifest(open_run(run).config, str(run))
    runner = make_runner(cfg)
    steps = runner.replay(int(cfg.seed), index)["steps"]
    g = rftg.Game(players=cfg.players, expansion=cfg.expansion, advanced=cfg.advanced, goals=cfg.goals,
                  takeovers=cfg.takeovers, draft=cfg.draft, solo_difficulty=cfg.solo_difficulty)
    s = g.new_state(rftg._rftg.game_seed(int(cfg.seed), index))
    positions = [json.loads(s.to_json())]
    for _seat, _kind, action, _legal, _text in steps:
        s.apply(action)
        positions.append(json.loads(s.to_json()))
    assert s.is_terminal()
    return s, steps, positions


def _phase(position) -> tuple | None:
    return (position["round"], position["phase_rep"]) if position["stage"] == "settle" else None


def _takeovers_from_replay(players: int, steps, positions) -> dict[str, list[int]]:
    """Declared, won, lost, defended per seat, from the replayed game alone: the declarations are the takeover
    actions taken (seat, "take over WORLD of seat N with POWER"), the outcome is whether the world is in the
    attacker's tableau once its Settle phase is over (a world changes hands only by a takeover)."""
    out = {k: [0] * players for k in ("declared", "won", "lost", "defended")}
    pending, phase = [], None

    def close(after):
        moved = set()
        for attacker, defender, target in pending:
            out["declared"][attacker] += 1
            if target in moved:  # an earlier declaration of the phase took it: fails by itself, nobody defends
                continue
            if target in after["players"][attacker]["tableau"]:
                out["won"][attacker] += 1
                out["lost"][defender] += 1
                moved.add(target)
            else:
                out["defended"][defender] += 1

    for k, (seat, kind, _action, _legal, text) in enumerate(steps):
        before = positions[k]
        if pending and _phase(before) != phase:
            close(before)
            pending = []
        if kind in ("takeover", "settle_second") and text.startswith("take over "):
            world, rest = text[len("take over "):].split(" of seat ", 1)
            defender = int(rest.split(" ", 1)[0])
            labels = [c for c in before["players"][defender]["tableau"] if c == world or c.startswith(world + " #")]
            assert len(labels) == 1, (text, before["players"][defender]["tableau"])
            pending.append((seat, defender, labels[0]))
            phase = _phase(before)
    if pending:
        close(positions[-1])
    return out


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_goal_and_takeover_columns_agree_with_the_engine_on_replayed_games(tmp_path, bots):
    # Random bots: the batch runner lets the engine take their decisions itself (the takeover tally sees only
    # what it hands back); heuristic bots: every decision goes through the game loop.
    run = play(tmp_path / "r", ["--expansion", "rvi", "--players", "5", "--takeovers"], games=60, bots=bots, seed=7)
    games, seats = load_games(run).to_pylist(), load_seats(run).to_pylist()
    declared = sum(r["takeovers_declared"] for r in seats)
    assert declared > 0 and sum(r["takeovers_won"] for r in seats) > 0
    checked = 0
    for i, game in enumerate(games):
        rows = seats[5 * i:5 * i + 5]
        if not any(r["takeovers_declared"] for r in rows) and checked >= 3:
            continue
        s, steps, positions = _replayed(run, i)
        goals = s.goals()
        assert game["goals"] == [x["name"] for x in goals]
        for p, row in enumerate(rows):
            assert row["goals_first"] == [x["name"] for x in goals if x["kind"] == "first" and p in x["seats"]]
            assert row["goals_most"] == [x["name"] for x in goals if x["kind"] == "most" and p in x["seats"]]
            assert row["score_goals"] == s.score_parts(p)["goals"]
            vp = sum(GOALS[n]["vp"] for n in row["goals_first"] + row["goals_most"])
            assert row["score_goals"] == vp + sum(GOALS[n]["tie_vp"] for n in row["goals_most_tied"])
            assert not set(row["goals_most_tied"]) & set(row["goals_most"])
        tally = _takeovers_from_replay(5, steps, positions)
        for p, row in enumerate(rows):
            assert [row[f"takeovers_{k}"] for k in ("declared", "won", "lost", "defended")] == \
                [tally[k][p] for k in ("declared", "won", "lost", "defended")], (i, p)
        checked += 1
    assert checked >= 10


def test_no_goal_or_takeover_values_without_them(runs):
    seats = load_seats(runs["base-4p"]).to_pydict()
    assert set(map(tuple, seats["goals_first"] + seats["goals_most"] + seats["goals_most_tied"])) == {()}
    assert set(seats["takeovers_declared"]) == {0}
    assert set(map(tuple, load_games(runs["base-4p"]).column("goals").to_pylist())) == {()}
    assert len(load_games(runs["tgs-3p-goals"]).column("goals").to_pylist()[0]) == 6  # 4 first + 2 most goals


def test_solo_robot_parts_match_the_engine(runs):
    run = runs["tgs-solo-hard"]
    games = load_games(run).to_pylist()
    for i in (0, 1, 2):
        s, _, _ = _replayed(run, i)
        robot = s.robot()
        assert games[i]["robot_score"] == robot["score"]
        assert games[i]["robot_score_chips"] == robot["chips"]


def test_an_older_run_folder_still_reads(tmp_path):
    """tests/data/match-0.1.0 was written with schema version 3: its rows read, the newer columns null."""
    folder = tmp_path / "old"
    shutil.copytree(Path(__file__).parent / "data" / "match-0.1.0", folder)
    assert json.loads((folder / "manifest.json").read_text())["schema_version"] == 3 < sch.SCHEMA_VERSION
    seats, games = load_seats(folder), load_games(folder)
    assert seats.schema.names == sch.SEATS_SCHEMA.names and games.schema.names == sch.GAMES_SCHEMA.names
    assert set(seats.column("takeovers_won").to_pylist()) == {None}
    assert set(seats.column("goals_first").to_pylist()) == {None}
    assert seats.num_rows > 0 and None not in seats.column("score").to_pylist()
    assert load_seats(folder, columns=["score", "goals_most"]).column("goals_most").null_count == seats.num_rows
    assert load_cards(folder).num_rows > 0
    assert main(["summary", str(folder)]) == 0
    assert main(["report", str(folder), "--out", str(tmp_path / "rep")]) == 0


def test_compare_takes_the_expansion_options(tmp_path, capsys):
    out = tmp_path / "cmp"
    assert main(["compare", "--expansion", "rvi", "--players", "4", "--takeovers", "--no-goals", "--bots", "random",
                 "--games", "200", "--seed", "3", "--threads", "2", "--variant", "Rebel Alliance.cost=4",
                 "--out", str(out), "--quiet"]) == 0
    for folder in ("baseline", "variant-1"):
        cfg = open_run(out / folder).config
        assert cfg["expansion"] == "rvi" and cfg["takeovers"] is True and cfg["goals"] is False
        assert set(load_games(out / folder).column("variant").to_pylist()) == {"takeovers"}
    assert "takeovers" in (out / "compare" / "compare.html").read_text()


def test_compare_reads_the_same_config_file_as_run(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text('expansion = "tgs"\nplayers = 1\nsolo_difficulty = "hard"\nbots = "random"\ngames = 100\n'
                   'seed = 5\nthreads = 2\n[[variant]]\nchanges = ["hand_limit=12"]\n')
    out = tmp_path / "cmp"
    assert main(["compare", "--config", str(cfg), "--out", str(out), "--quiet"]) == 0
    assert set(load_games(out / "baseline").column("variant").to_pylist()) == {"solo-hard"}
    assert None not in load_games(out / "variant-1").column("robot_score_six_cost").to_pylist()


def test_cards_parquet_carries_the_card_table(runs, tmp_path):
    cards = load_cards(runs["rvi-6p-takeovers"]).to_pylist()
    assert [c["card_id"] for c in cards] == list(range(len(rftg.card_db())))
    table = {c["id"]: c for c in rftg.card_table("rvi")}
    for c in cards:
        if c["card_id"] in table:
            t = table[c["card_id"]]
            assert (c["name"], c["type"], c["cost"], c["vp"], c["good"], c["military"], c["copies"], c["flags"]) == \
                (t["name"], t["type"], t["cost"], t["vp"], t["good"], t["military"], t["copies"], t["flags"])
        else:
            assert c["copies"] == 0
    by_name = {c["name"]: c for c in cards}
    assert by_name["Old Earth"]["expansion"] == "base" and by_name["Rebel Alliance"]["expansion"] == "rvi"
    # The game played: a what-if variant's changes are in the table.
    out = play(tmp_path / "v", ["--variant", "Gambling World.cost=2"], games=20)
    changed = [c for c in load_cards(out).to_pylist() if c["name"] == "Gambling World" and c["copies"]]
    assert [c["cost"] for c in changed] == [2]
    # Alien Frontiers: tech cards (card_id = tech id), facilities, territories.
    af_cards = load_cards(runs["af-3p"]).to_pylist()
    assert {c["kind"] for c in af_cards} == {"tech", "facility", "territory"}
    assert sum(c["kind"] == "territory" for c in af_cards) == 8


def test_report_sections_for_goals_takeovers_and_the_robot(runs, tmp_path):
    from galaxysim.results.report import write_report
    from galaxysim.sim.cli_analysis import goal_table

    run = runs["rvi-6p-takeovers"]
    res = write_report(run, out=tmp_path / "rvi", goal_table=goal_table(open_run(run).config))
    t = res.analysis.tables
    seats, games = load_seats(run).to_pylist(), load_games(run).to_pylist()
    # Goals: one row per goal in play, claim counts and VP as the rows say.
    in_play = {g for game in games for g in game["goals"]}
    assert {r["goal"] for r in t["goals"]} == in_play
    for r in t["goals"]:
        claimed = sum(r["goal"] in s["goals_first"] + s["goals_most"] for s in seats)
        assert r["claimed"] == claimed and r["vp"] == GOALS[r["goal"]]["vp"]
        assert r["win_rate_lift_ci_low"] <= r["win_rate_lift"] <= r["win_rate_lift_ci_high"]
    assert t["goal_vp"][0]["mean_goal_vp"] == pytest.approx(sum(s["score_goals"] for s in seats) / len(seats))
    # Takeovers: declarations and successes as the rows say.
    summary = {r["measure"]: r for r in t["takeovers"]}
    assert summary["declarations"]["count"] == sum(s["takeovers_declared"] for s in seats) > 0
    assert summary["successful (the world moved)"]["count"] == sum(s["takeovers_won"] for s in seats)
    assert {r["event"] for r in t["takeover_effects"]} == {"declared", "won", "lost", "defended"}
    html = res.html.read_text()
    assert 'id="goals"' in html and 'id="takeovers"' in html and "robot_wins" not in t
    # The solo game: the human's win rate against the robot, the robot's score per difficulty.
    solo = runs["tgs-solo-hard"]
    t = write_report(solo, out=tmp_path / "solo").analysis.tables
    games = load_games(solo).to_pylist()
    (wins,), (scores,) = t["robot_wins"], t["robot_scores"]
    assert wins["difficulty"] == "solo-hard" and wins["games"] == len(games)
    assert wins["human_wins"] == sum(load_seats(solo).column("won").to_pylist())
    assert wins["human_win_rate_ci_low"] <= wins["human_win_rate"] <= wins["human_win_rate_ci_high"]
    assert scores["robot_mean_score"] == pytest.approx(sum(g["robot_score"] for g in games) / len(games))
    assert scores["robot_mean_cards"] + scores["robot_mean_chips"] + scores["robot_mean_six_cost"] == \
        pytest.approx(scores["robot_mean_score"])
    # Nothing of the kind in the base game.
    t = write_report(runs["base-4p"], out=tmp_path / "base").analysis.tables
    assert not {"goals", "takeovers", "robot_wins"} & set(t)


def test_a_schema_1_run_folder_still_reads(tmp_path):
    """The oldest layout: no seats.score_goals, no games.robot_score (made here from the schema-3 fixture by
    dropping them, as galaxysim before the expansions wrote it)."""
    import hashlib

    folder = tmp_path / "v1"
    shutil.copytree(Path(__file__).parent / "data" / "match-0.1.0", folder)
    m = json.loads((folder / "manifest.json").read_text())
    drop = {"games": ["robot_score"], "seats": ["score_goals"], "cards": []}

    def rewrite(entry, table):
        path = folder / entry["path"]
        t = pq.read_table(path)
        t = t.drop_columns([c for c in drop[table] if c in t.column_names])
        meta = dict(t.schema.metadata or {})
        meta[b"galaxysim.schema_version"] = b"1"
        pq.write_table(t.replace_schema_metadata(meta), path)
        data = path.read_bytes()
        entry.update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest())

    rewrite(m["cards"], "cards")
    for chunk in m["chunks"]:
        for table, entry in chunk["files"].items():
            rewrite(entry, table)
    m["schema_version"] = 1
    (folder / "manifest.json").write_text(json.dumps(m))
    seats, games = load_seats(folder), load_games(folder)
    assert seats.column("score_goals").null_count == seats.num_rows
    assert games.column("robot_score").null_count == games.num_rows
    assert seats.column("score").null_count == 0 and seats.schema.names == sch.SEATS_SCHEMA.names
    assert main(["summary", str(folder)]) == 0
    res_dir = tmp_path / "rep"
    assert main(["report", str(folder), "--out", str(res_dir)]) == 0
    parts = (res_dir / "score_parts.csv").read_text()
    assert "goals" not in parts and "total" in parts
