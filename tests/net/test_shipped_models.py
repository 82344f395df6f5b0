"""The model files a Ray driver sends with a run's job (sim/shipped_models.py): what a worker plays from."""
from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest

from galaxysim.sim.chunk_job import ChunkJob
from galaxysim.sim.config import RunConfig
from galaxysim.sim.errors import ConfigError
from galaxysim.sim.shipped_models import attach, cached_copy, runner_config, with_model

from .helpers import base_game, write_random_model


@pytest.mark.parametrize("spec, want", [
    ("net", "net:model=/c/m.gsnet"),
    ("net:choose=value,model=a/b.gsnet,dets=2", "net:choose=value,dets=2,model=/c/m.gsnet"),
    ("net: model = x.gsnet", "net:model=/c/m.gsnet"),
])
def test_a_net_spec_is_pointed_at_the_local_copy(spec, want):
    assert with_model(spec, "/c/m.gsnet") == want


def test_a_cache_path_with_a_comma_is_refused():
    with pytest.raises(ConfigError, match="TMPDIR"):
        with_model("net", "/tmp/a,b/m.gsnet")


def test_the_worker_plays_its_copy_and_the_rows_keep_the_users_spec(tmp_path, monkeypatch):
    (tmp_path / "worker-tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "worker-tmp"))
    model = write_random_model(tmp_path / "m.gsnet", base_game(2), seed=5)
    cfg = RunConfig(players=2, bots=[f"net:model={model}", "heuristic"], games=10, seed=1, threads=1, chunk_size=10,
                    out=str(tmp_path / "run"), quiet=True)
    job = attach(ChunkJob(cfg, "id", "v"))
    assert job.model_files == {f"net:model={model}": model.read_bytes()}
    model.unlink()  # the worker's machine has no such file
    local = runner_config(job)
    copy = local.bots[0].split("model=", 1)[1]
    assert copy.startswith(str(tmp_path / "worker-tmp")) and local.bots[1] == "heuristic"
    assert job.config.bots[0] == f"net:model={model}"  # the rows' name for the seat
    assert cached_copy(job.model_files[f"net:model={model}"]) == copy  # written once, found again
    player = job.player()  # plays from the copy
    games = player.converter.tables(player.play(0, 1)[0])["games"]
    assert games.num_rows == 10


def test_a_run_without_net_seats_sends_nothing(tmp_path):
    cfg = RunConfig(players=2, bots=["random", "heuristic"], games=4, seed=1, out=str(tmp_path / "r"), quiet=True)
    job = ChunkJob(cfg, "id", "v")
    assert attach(job) is job and runner_config(job) is cfg
    assert dataclasses.replace(job).model_files == {}


def test_the_manifest_names_the_model_the_engine_plays_when_the_spec_has_spaces(tmp_path):
    """The engine trims a spec's keys and values ("net: model = m.gsnet" plays m.gsnet), so the manifest's record
    of the model, and the file a Ray driver sends, must be that file too, not the shipped model."""
    from galaxysim.net.manifest import model_records

    model = write_random_model(tmp_path / "m.gsnet", base_game(2), seed=6)
    spec = f"net: model = {model} "
    rec = model_records({"game": "rftg", "players": 2}, [spec])
    assert Path(next(iter(rec.values()))["path"]).resolve() == model.resolve()
    cfg = RunConfig(players=2, bots=[spec, "heuristic"], games=2, seed=1, out=str(tmp_path / "r"), quiet=True)
    assert attach(ChunkJob(cfg, "id", "v")).model_files == {spec: model.read_bytes()}
