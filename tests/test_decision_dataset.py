"""The decision dataset (galaxysim export RUN --format dataset; galaxysim.results.decision_dataset): every row is a
decision the run holds, with the legal-action mask and observation the engine poses when the game is replayed
step by step from Python, random access and shuffled batches give those rows, shards hold whole games, and an
export that does not finish leaves nothing half-written."""
from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pyarrow.compute as pc
import pytest

from galaxysim import af, rftg
from galaxysim.results import RunFolderError, decision_dataset, load_decisions, load_games, load_seats, open_run
from galaxysim.results.dataset_export import export_dataset
from galaxysim.results.dataset_format import DatasetError
from galaxysim.results.schema import observations
from galaxysim.sim import RunConfig
from galaxysim.sim.cli import main
from galaxysim.sim.export import dataset_game
from galaxysim.sim.run import start

SHARD_ROWS, BATCH_ROWS = 3_000, 512


def play(out: Path, **kw) -> Path:
    values = dict(players=4, bots=["random", "heuristic", "heuristic", "heuristic"], games=40, seed=11,
                  record_decisions=True, chunk_size=16, threads=1, out=str(out), quiet=True)
    values.update(kw)
    assert start(RunConfig(**values), progress=False).complete
    return out


def export(run: Path, out: Path | None = None, **kw) -> dict:
    r = open_run(run)
    return export_dataset(r, out or run / "dataset", dataset_game(r.manifest), shard_rows=kw.pop("shard_rows", SHARD_ROWS),
                          batch_rows=kw.pop("batch_rows", BATCH_ROWS), **kw)


@pytest.fixture(scope="module")
def rftg_run(tmp_path_factory) -> Path:
    run = play(tmp_path_factory.mktemp("ds") / "run")
    export(run)
    return run


def sha(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def everything(ds, relative: bool = False):
    rows = list(ds.sequential())
    from galaxysim.results.decision_batch import concat

    return concat(rows)


# --- the rows are the run's decisions --------------------------------------------------------------------------

def test_every_row_is_a_decision_of_the_run_with_its_observation_bot_and_outcomes(rftg_run):
    ds = decision_dataset(rftg_run, relative_seats=False)
    b = everything(ds)
    d = load_decisions(rftg_run)
    assert len(ds) == d.num_rows == len(b)
    for name in ("game_index", "step", "seat", "action", "legal"):
        assert np.array_equal(getattr(b, name), d.column(name).to_numpy()), name
    assert [ds.kinds[k] for k in b.kind] == pc.cast(d.column("kind"), "string").to_pylist()
    assert np.array_equal(b.observation(), observations(d.column("observation")))
    seats = load_seats(rftg_run)
    players = 4
    won = seats.column("won").to_numpy(zero_copy_only=False).reshape(-1, players)
    score = seats.column("score").to_numpy().reshape(-1, players)
    rank = seats.column("rank").to_numpy().reshape(-1, players)
    bots = pc.cast(seats.column("bot"), "string").to_numpy(zero_copy_only=False).reshape(-1, players)
    g = b.game_index
    assert np.array_equal(b.score, score[g]) and np.array_equal(b.rank, rank[g])
    winners = won.sum(axis=1)
    expected = np.where(won, np.where(winners[:, None] > 1, 1, 2), 0)
    assert np.array_equal(b.outcome, expected[g])
    assert [ds.bots[k] for k in b.bot] == bots[g, b.seat].tolist()
    assert (b.outcome == 2).any() and (b.outcome == 0).any()
    assert ds.index["rows"] == len(b) and ds.index["games"] == load_games(rftg_run).num_rows


def test_masks_and_observations_are_what_the_engine_poses_when_the_game_is_replayed(rftg_run):
    """Each game stepped from Python with the dataset's actions: at every decision the stored mask is
    legal_actions_mask() (and legal_actions()), the observation the deciding seat's tensor, the round the
    state's."""
    ds = decision_dataset(rftg_run, relative_seats=False)
    game = rftg.Game(players=4)
    seeds = load_games(rftg_run).column("seed").to_numpy()
    b = everything(ds)
    for gi in (0, 17, 39):
        rows = np.flatnonzero(b.game_index == gi)
        part = b.take(rows)
        masks, obs = part.legal_mask(), part.observation()
        state = game.new_state(seed=int(seeds[gi]))
        for k in range(len(rows)):
            assert state.current_player == part.seat[k] and state.round == part.round[k]
            assert np.array_equal(masks[k], state.legal_actions_mask())
            assert np.flatnonzero(masks[k]).tolist() == sorted(state.legal_actions())
            assert np.array_equal(obs[k], state.observation_tensor(int(part.seat[k])))
            state.apply(int(part.action[k]))
        assert state.is_terminal()
        assert list(part.score[0]) == state.scores()


@pytest.mark.parametrize("options", [dict(players=3, expansion="rvi", draft=True, takeovers=True),
                                     dict(players=1, expansion="tgs"), dict(players=2, advanced=True)],
                         ids=["rvi-draft-takeovers", "solo", "advanced"])
def test_replay_decisions_matches_python_stepping(options):
    """Game.replay_decisions (the C++ replay the export uses) against the Python API on random games."""
    game = rftg.Game(**options)
    rng = np.random.default_rng(4)
    seeds, counts, actions, masks, obs = [], [], [], [], []
    for k in range(3):
        state = game.new_state(seed=100 + k)
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            masks.append(state.legal_actions_mask())
            obs.append(state.observation_tensor(state.current_player))
            a = legal[int(rng.integers(len(legal)))]
            actions.append(a)
            state.apply(a)
            n += 1
        seeds.append(100 + k)
        counts.append(n)
    r = game.replay_decisions(np.array(seeds, np.uint64), np.array(counts, np.int32), np.array(actions, np.int16))
    packed = np.packbits(np.array(masks), axis=1, bitorder="little")
    assert np.array_equal(r["mask"], packed)
    dense = np.zeros((len(actions), game.observation_size), np.int16)
    dense[np.repeat(np.arange(len(actions)), np.diff(np.concatenate([[0], r["obs_end"]]))), r["obs_slot"]] = \
        r["obs_value"]
    assert np.array_equal(dense, np.array(obs))
    assert r["finished"].all()
    with pytest.raises(rftg.RulesError, match="not legal in the replayed position"):
        bad = np.array(actions, np.int16)
        bad[5] = 199
        game.replay_decisions(np.array(seeds, np.uint64), np.array(counts, np.int32), bad)


# --- reading --------------------------------------------------------------------------------------------------------

def test_random_access_gives_the_rows_in_the_order_asked(rftg_run):
    ds = decision_dataset(rftg_run, relative_seats=False)
    b = everything(ds)
    rng = np.random.default_rng(2)
    idx = rng.integers(0, len(ds), 300)
    t = ds.take(idx)
    for name in ("game_index", "step", "action", "seat", "round", "kind", "bot"):
        assert np.array_equal(getattr(t, name), getattr(b, name)[idx])
    assert np.array_equal(t.observation(), b.observation()[idx])
    assert np.array_equal(t.legal_mask(), b.legal_mask()[idx])
    one = ds[int(idx[0])]
    assert one["action"] == b.action[idx[0]] and np.array_equal(one["observation"], b.observation()[idx[0]])
    assert np.array_equal(one["legal_mask"], b.legal_mask()[idx[0]])
    with pytest.raises(IndexError):
        ds[len(ds)]


def test_shuffled_batches_give_every_row_once_and_the_same_batches_for_the_same_seed(rftg_run):
    ds = decision_dataset(rftg_run)
    keys = lambda batches: [list(zip(b.game_index.tolist(), b.step.tolist())) for b in batches]
    first = keys(ds.batches(200, seed=5, window=3))
    assert all(len(k) == 200 for k in first[:-1]) and 0 < len(first[-1]) <= 200
    flat = [x for k in first for x in k]
    b = everything(ds)
    assert sorted(flat) == sorted(zip(b.game_index.tolist(), b.step.tolist()))
    assert len(set(flat)) == len(flat) == len(ds)
    assert keys(ds.batches(200, seed=5, window=3)) == first
    assert keys(ds.batches(200, seed=6, window=3)) != first
    assert flat != sorted(flat)  # shuffled: not in game order
    in_order = [x for k in keys(ds.batches(200, shuffle=False)) for x in k]
    assert in_order == sorted(in_order)
    dropped = keys(ds.batches(200, seed=5, window=3, drop_last=True))
    assert all(len(k) == 200 for k in dropped) and len(dropped) == len(ds) // 200
    parts = [x for k in range(3) for batch in keys(ds.batches(100, seed=1, part=(k, 3))) for x in batch]
    assert sorted(parts) == sorted(flat)


def test_a_dataset_travels_pickled_to_a_loader_worker(rftg_run):
    import pickle

    ds = decision_dataset(rftg_run)
    ds.take([5])  # a shard is open
    copy = pickle.loads(pickle.dumps(ds))
    assert np.array_equal(copy.take([5, 900]).observation(), ds.take([5, 900]).observation())


def test_per_seat_results_turn_with_the_deciding_seat(rftg_run):
    absolute = everything(decision_dataset(rftg_run, relative_seats=False))
    rel = next(decision_dataset(rftg_run).batches(len(absolute), shuffle=False))
    for k in range(4):
        seat = (absolute.seat.astype(int) + k) % 4
        assert np.array_equal(rel.outcome[:, k], absolute.outcome[np.arange(len(absolute)), seat])
        assert np.array_equal(rel.score[:, k], absolute.score[np.arange(len(absolute)), seat])


def test_shards_hold_whole_games_in_batches_of_the_stated_size(rftg_run):
    ds = decision_dataset(rftg_run)
    assert len(ds.shards) > 1
    seen = set()
    for k, s in enumerate(ds.shards):
        reader = ds._reader(k)
        sizes = [reader.get_batch(i).num_rows for i in range(reader.num_record_batches)]
        assert all(n == BATCH_ROWS for n in sizes[:-1]) and sum(sizes) == s["rows"]
        games = set(np.concatenate([reader.get_batch(i).column("game_index").to_numpy()
                                    for i in range(reader.num_record_batches)]).tolist())
        assert not games & seen  # no game in two shards
        seen |= games
        assert s["rows"] <= SHARD_ROWS + 1_000 and min(games) == s["first_game"] and max(games) == s["last_game"]


def test_a_base_game_decision_takes_at_most_200_bytes(rftg_run):
    ds = decision_dataset(rftg_run)
    assert sum(s["bytes"] for s in ds.shards) / len(ds) <= 200


# --- writing safely -------------------------------------------------------------------------------------------------

class Stop(KeyboardInterrupt):
    pass


def interrupt_after(rows: int):
    seen = [0]

    def tick(n):
        seen[0] += n
        if seen[0] >= rows:
            raise Stop()
    return tick


def test_an_interrupted_export_leaves_nothing_and_keeps_the_earlier_dataset(rftg_run, tmp_path):
    out = tmp_path / "ds"
    with pytest.raises(Stop):
        export(rftg_run, out, progress=interrupt_after(4_000))
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    export(rftg_run, out)
    before = sha(out)
    with pytest.raises(Stop):
        export(rftg_run, out, progress=interrupt_after(4_000))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"] and sha(out) == before
    decision_dataset(out)


def test_what_a_killed_export_leaves_is_no_dataset_and_the_next_export_removes_it(rftg_run, tmp_path):
    out = tmp_path / "ds"
    export(rftg_run, out)
    left = tmp_path / ".ds.tmp"  # as a SIGKILL during the export leaves it: shards, no dataset.json
    left.mkdir()
    for p in out.iterdir():
        if p.suffix == ".arrow":
            (left / p.name).write_bytes(p.read_bytes()[:1000])
    with pytest.raises(DatasetError, match="no dataset.json"):
        decision_dataset(left)
    export(rftg_run, out)
    assert not left.exists()


def test_a_folder_that_is_not_a_dataset_is_never_replaced(rftg_run, tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(DatasetError, match="not a galaxysim decision dataset"):
        export(rftg_run, tmp_path / "mine", overwrite=True)
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"


def test_a_dataset_with_a_changed_shard_is_refused(rftg_run, tmp_path):
    out = tmp_path / "ds"
    export(rftg_run, out)
    shard = out / "shard-000000.arrow"
    data = bytearray(shard.read_bytes())
    decision_dataset(out).verify()
    data[len(data) // 2] ^= 0xFF
    shard.write_bytes(bytes(data))
    with pytest.raises(DatasetError, match="shard-000000.arrow does not match its checksum"):
        decision_dataset(out).verify()
    shard.write_bytes(bytes(data[:-10]))
    with pytest.raises(DatasetError, match="shard-000000.arrow has"):
        decision_dataset(out)


def test_a_run_that_does_not_replay_is_refused_in_one_line(rftg_run, tmp_path):
    r = open_run(rftg_run)
    other = dataset_game({**r.manifest, "config": {**r.manifest["config"], "what_if": ["Gambling World.cost=2"]}})
    with pytest.raises(RunFolderError, match="does not replay|replays to scores|the replay poses") as e:
        export_dataset(r, tmp_path / "ds", other)
    assert "\n" not in str(e.value)
    assert not (tmp_path / "ds").exists() and not any(tmp_path.iterdir())


# --- the command line, matches, Alien Frontiers ---------------------------------------------------------------------

def test_cli_export_dataset_of_a_match_and_an_af_run(tmp_path, capsys):
    m = tmp_path / "m"
    assert main(["match", "--bots", "random,heuristic", "--games", "6", "--seed", "3", "--record-decisions",
                 "--out", str(m), "-q"]) == 0
    assert main(["export", str(m), "--format", "dataset", "-q"]) == 0
    ds = decision_dataset(m)
    b = everything(ds)
    assert set(ds.bots) == {"random", "heuristic"} and len(set(b.bot.tolist())) == 2
    assert "decisions of 6 games" in capsys.readouterr().out

    a = play(tmp_path / "af", game="af", players=3, bots=["heuristic"], games=4, chunk_size=2)
    assert main(["export", str(a), "--format", "dataset", "-q"]) == 0
    ds = decision_dataset(a, relative_seats=False)
    assert ds.num_distinct_actions == af.Game(players=3).num_distinct_actions()
    b = everything(ds)
    game, seeds = af.Game(players=3), load_games(a).column("seed").to_numpy()
    rows = np.flatnonzero(b.game_index == 1)
    state = game.new_state(seed=int(seeds[1]))
    masks, obs = b.take(rows).legal_mask(), b.take(rows).observation()
    for k, row in enumerate(rows):
        assert np.array_equal(masks[k], state.legal_actions_mask())
        assert np.array_equal(obs[k], state.observation_tensor(int(b.seat[row])))
        state.apply(int(b.action[row]))
    assert state.is_terminal()


def test_cli_export_dataset_of_a_run_without_decisions_is_refused(tmp_path, capsys):
    run = play(tmp_path / "r", record_decisions=False, games=4)
    assert main(["export", str(run), "--format", "dataset"]) == 2
    assert "--record-decisions" in capsys.readouterr().err


def test_the_documented_training_loop_gets_what_it_expects(rftg_run):
    """The calls of docs/decision-dataset.md's loop, an epoch of them: dense observations of the net's input
    width, masks over the action space in which every action taken is legal (so the masked cross-entropy is
    finite), value targets in [0, 1], every decision once."""
    ds = decision_dataset(rftg_run)
    seen = 0
    for b in ds.batches(1024, seed=0, drop_last=True):
        x, mask = b.observation(np.float32), b.legal_mask()
        assert x.shape == (1024, ds.observation_size) and mask.shape == (1024, ds.num_distinct_actions)
        assert x.dtype == np.float32 and mask.dtype == np.bool_
        assert mask[np.arange(len(b)), b.action].all()
        value = b.outcome[:, 0] / np.float32(2)
        assert ((value >= 0) & (value <= 1)).all() and len(set(value.tolist())) > 1
        seen += len(b)
    assert seen == len(ds) - len(ds) % 1024


class GivesUp:
    """A Python bot that fails at its 5th decision of every other game (those games stop: no end)."""

    def __init__(self):
        self.calls, self.game = 0, -1

    def reset(self, seat, seed):
        self.game += 1
        self.calls = 0

    def act(self, state, legal_actions):
        self.calls += 1
        if self.game % 2 == 0 and self.calls == 5:
            raise RuntimeError("gave up")
        return legal_actions[-1]


def test_games_a_failing_python_bot_stopped_are_left_out(tmp_path):
    from galaxysim.sim.match import MatchConfig, play as play_match

    o = play_match(MatchConfig(bots=["quitter", "heuristic"], games=4, seed=1, record_decisions=True,
                               out=str(tmp_path / "m"), quiet=True), objects={"quitter": GivesUp()})
    assert o.errors == 2
    index = export(o.path)
    assert index["games"] == 2 and index["games_left_out"] == 2
    b = everything(decision_dataset(o.path))
    stopped = set(load_games(o.path).filter(pc.equal(load_games(o.path).column("end_reason"), "bot_error"))
                  .column("game_index").to_pylist())
    assert len(stopped) == 2 and not stopped & set(b.game_index.tolist())
    assert {decision_dataset(o.path).bots[k] for k in b.bot} == {"quitter", "heuristic"}
