"""`galaxysim run` and `galaxysim resume`: a run started or continued in its run folder.

start() checks everything before any file is touched (the config, the engine's view of it, the --out folder, the
Ray cluster if any), makes the folder (sim/out_folder.py, sim/new_manifest.py) under its lock
(sim/folder_lock.py) and hands it to the chunk loop (sim/chunk_loop.py). resume() checks a folder (its manifest
read back as a config, sim/stored_config.py; every file's checksum), removes what a killed writer left and plays
the missing chunks. docs/python-layers.md maps the modules of galaxysim.sim.
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
from pathlib import Path
from typing import Any, Iterator

from galaxysim.results import schema as sch
from galaxysim.results.reader import open_run, verify_run
from galaxysim.results.writer import remove_run_folder_contents
from galaxysim.stop_requests import StopRequests, listening
from galaxysim.user_text import shown

from .chunk_job import ChunkJob, ChunkPlayer
from .chunk_loop import RunOutcome, play_chunks
from .config import RunConfig, all_cores, check_chunk_count
from .engine import engine_version, make_runner, observation_info, run_cards_table, seconds_per_game
from .errors import ConfigError
from .folder_lock import locked, resume_writer
from .net_models import manifest_models, refuse_changed_models
from .new_manifest import new_manifest
from .out_folder import create as create_folder
from .out_folder import look_at, refuse_foreign_overwrite, refuse_occupied, refuse_unstarted
from .run_identity import check_same_run, run_id
from .stored_config import is_match, refuse_imported, run_config

# Names sim/run.py held before it was split into the modules above, still importable from here.
from .chunk_loop import live_games
from .engine import (CARD_FILE, af_overrides, af_texts, batch_module, card_text, expansion_options, galaxysim_version,
                     game_card_text, resolved_af_variant, resolved_variant, rule_options)
from .errors import write_failure
from .replay import Replay, ReplayMismatch, replay
from .run_identity import DETERMINING_KEYS, RunMismatch

__all__ = [
    "start", "resume", "RunOutcome",
    "CARD_FILE", "ChunkJob", "ChunkPlayer", "DETERMINING_KEYS", "Replay", "ReplayMismatch", "RunMismatch",
    "af_overrides", "af_texts", "batch_module", "card_text", "engine_version", "expansion_options",
    "galaxysim_version", "game_card_text", "live_games", "make_runner", "observation_info", "refuse_foreign_overwrite",
    "replay", "resolved_af_variant", "resolved_variant", "rule_options", "run_id", "seconds_per_game",
    "write_failure",
]


def start(cfg: RunConfig, explicit: set[str] = frozenset(), progress: bool | None = None) -> RunOutcome:
    """Plays a new run as `cfg` says (or continues one, with cfg.resume). Nothing is written before every
    check has passed. Ctrl-C and SIGTERM stop it (galaxysim.stop_requests)."""
    with listening() as stop:
        return _start(cfg, explicit, progress, stop)


def _start(cfg: RunConfig, explicit: set[str], progress: bool | None, stop: StopRequests) -> RunOutcome:
    cfg.validate()
    asked = cfg
    cfg = cfg.resolved()
    out = Path(cfg.out)
    folder = look_at(out)
    if folder.has_run and cfg.resume:
        run = open_run(out, check_files=False)
        refuse_imported(run, "run --resume")
        _refuse_match(run, out)  # (before comparing a match's config with a run's)
        check_same_run(run.manifest["config"], cfg, explicit, out)
        return resume(out, threads=asked.threads, quiet=cfg.quiet, progress=progress, ray_address=cfg.ray_address,
                      ray_options=cfg.ray_options)
    make_runner(cfg)  # validates players, bots, expansion: before any file is touched or any cluster reached
    models = manifest_models(cfg, cfg.bots)  # ... and the net seats' models (read and hashed)
    refuse_occupied(folder, cfg.overwrite)
    stop.check()
    with _cluster(cfg.ray_address, cfg.ray_options, stop) as cluster:
        if cluster is not None:  # threads per task and chunk size suited to the cluster, unless given
            per_game = None if asked.chunk_size else seconds_per_game(cfg)
            cfg = cluster.fit(cfg, threads=asked.threads, chunk_size=asked.chunk_size, seconds_per_game=per_game)
            check_chunk_count(cfg.games, cfg.chunk_size, lambda key: f"--{key.replace('_', '-')}")
        player = ChunkJob(cfg, run_id(cfg, engine_version()), engine_version()).player()
        stop.check()  # (the last point where a stop leaves no folder behind)
        out.mkdir(parents=True, exist_ok=True)
        with locked(out):
            return _create_and_play(out, folder.nonempty, player, cfg, progress, stop, cluster, models)


def _create_and_play(out: Path, nonempty: bool, player: ChunkPlayer, cfg: RunConfig, progress: bool | None,
                     stop: StopRequests, cluster, models: dict[str, Any]) -> RunOutcome:
    converter = player.converter
    cards = run_cards_table(cfg.game, cfg.expansion, cfg.players, cfg.what_if)
    if nonempty:
        remove_run_folder_contents(out)
    observation = observation_info(player.runner, cfg.game) if cfg.record_decisions else None
    manifest = new_manifest(converter.run_id, cfg.manifest_config(), cfg.games, cfg.chunk_size, cfg.record_decisions,
                            observation, models)
    writer = create_folder(out, manifest, cards)
    return play_chunks(writer, player, cfg, quiet=cfg.quiet, progress=progress, stop=stop, cluster=cluster)


def resume(path: str | os.PathLike[str], threads: int | None = None, quiet: bool = False,
           progress: bool | None = None, ray_address: str | None = None,
           ray_options: dict[str, Any] | None = None) -> RunOutcome:
    """Plays the games a run folder is missing, here or (with ray_address) on a Ray cluster, whatever played
    the rest. Checks the folder first (manifest, engine version, every listed file's checksum); then removes
    stray temporary and unlisted chunk files and plays the missing chunks."""
    with listening() as stop:
        return _resume(Path(path), threads, quiet, progress, ray_address, ray_options, stop)


def _resume(out: Path, threads: int | None, quiet: bool, progress: bool | None, ray_address: str | None,
            ray_options: dict[str, Any] | None, stop: StopRequests) -> RunOutcome:
    refuse_unstarted(out, "galaxysim run")
    run = open_run(out)
    refuse_imported(run, "resume")
    _refuse_match(run, out)
    stored_engine = run.manifest.get("engine_version")
    if stored_engine != engine_version():
        raise ConfigError(f"{out} was played by engine {shown(stored_engine)}; this is engine {engine_version()}, whose "
                          "games may differ: start a new run instead of resuming")
    cfg = dataclasses.replace(run_config(run), threads=threads or all_cores(), quiet=quiet, out=str(out))
    player = ChunkJob(cfg, run.manifest["run_id"], engine_version()).player()
    if run.complete and len(run.manifest["chunks"]) == run.manifest["n_chunks"]:
        return RunOutcome(out, "complete", run.games_written, run.games_planned, 0, 0.0, cfg.threads,
                          message=f"{out} is already complete ({run.games_planned:,} games)")
    refuse_changed_models(run, cfg, cfg.bots)  # (a model changed since the run began: other games)
    stored_schema = run.manifest.get("schema_version")
    if stored_schema != sch.SCHEMA_VERSION:  # (its chunks and the missing ones would have different columns)
        raise ConfigError(f"{out} was written with Parquet schema version {stored_schema}; this galaxysim writes "
                          f"{sch.SCHEMA_VERSION}: it reads the run but cannot add chunks to it; start a new run "
                          "instead of resuming")
    verify_run(run)  # before taking the lock: a corrupt folder is refused without touching it
    stop.check()
    with _cluster(ray_address, ray_options, stop) as cluster, locked(out):
        if cluster is not None:
            cfg = cluster.fit(cfg, threads=threads, chunk_size=cfg.chunk_size)
        writer = resume_writer(out, run, quiet)  # (the folder read again under the lock)
        return play_chunks(writer, player, cfg, quiet=quiet, progress=progress, stop=stop, cluster=cluster)


def _refuse_match(run, out: Path) -> None:
    """A match or tournament folder is resumed by its own command, which knows the seatings."""
    if is_match(run):
        kind = run.manifest["config"]["kind"]
        raise ConfigError(f"{out} holds a {kind}, which `galaxysim resume` does not handle "
                          f"(use: galaxysim {kind} --out {out} --resume)")


@contextlib.contextmanager
def _cluster(address: str | None, options: dict[str, Any] | None, stop: StopRequests) -> Iterator[Any]:
    """A connection to the Ray cluster at `address` (galaxysim.cluster.connect: checked, clear errors), closed on exit;
    None for a local run. Ray is imported only here."""
    if not address:
        yield None
        return
    from galaxysim.cluster.connect import connect

    conn = connect(address, options or {}, stop=stop)
    try:
        yield conn
    finally:
        conn.close()
