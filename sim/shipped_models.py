"""`net` seats on Ray: the driver sends each net seat's model file with the run's ChunkJob, and a worker plays
from its own copy, so a model given as `net:model=PATH` needs no shared filesystem and no particular working
directory on the workers (docs/net.md, "Ray").

`attach(job)` (driver) reads the model file of every net spec among the bots, once; `runner_config(job)`
(worker) writes each into a content-addressed cache on the worker's machine and gives the config with the net
specs pointing there. The rows keep the specs the user wrote: only the engine sees the cache paths.
"""
from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import ConfigError

CACHE_DIR = "galaxysim-models"


def model_files(cfg: Any) -> dict[str, bytes]:
    """{net spec: the bytes of its model file} for the net specs among cfg.bots ({} without net seats)."""
    from galaxysim.net.manifest import game_for, is_net, model_path

    specs = sorted({b for b in cfg.bots if is_net(b)})
    if not specs:
        return {}
    game = game_for(cfg)
    out = {}
    for spec in specs:
        try:
            path = model_path(game, spec)
            out[spec] = Path(path).read_bytes()
        except ValueError as e:  # the game's RulesError: a model that cannot play this game
            raise ConfigError(str(e).splitlines()[0]) from None
        except OSError as e:
            raise ConfigError(f"bot {spec}: cannot read its model ({e.strerror})") from None
    return out


def attach(job: Any) -> Any:
    """The job with its net seats' model files attached (the same job when it has no net seats)."""
    files = model_files(job.config)
    return dataclasses.replace(job, model_files=files) if files else job


def with_model(spec: str, path: str) -> str:
    """The net spec `spec` with model=`path` instead of its own model option (or the shipped model)."""
    if "," in path:
        raise ConfigError(f"the model cache {path} has a ',' in its path, which a bot spec cannot hold: "
                          "set TMPDIR to a folder without one")
    from galaxysim.net.manifest import spec_options

    kept = [f"{k}={v}" for k, v in spec_options(spec) if k != "model"]
    return spec.partition(":")[0].strip() + ":" + ",".join(kept + [f"model={path}"])


def cached_copy(data: bytes) -> str:
    """The path of a file holding `data` in this machine's model cache, written once (atomically)."""
    digest = hashlib.sha256(data).hexdigest()
    folder = Path(tempfile.gettempdir()) / CACHE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{digest}.gsnet"
    if not (path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() == digest):
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{digest[:12]}-", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return str(path)


def runner_config(job: Any) -> Any:
    """The config the engine plays the job with: net specs pointing at local copies of the attached models."""
    files = getattr(job, "model_files", None)
    if not files:
        return job.config
    bots = [with_model(b, cached_copy(files[b])) if b in files else b for b in job.config.bots]
    return dataclasses.replace(job.config, bots=bots)
