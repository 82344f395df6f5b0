"""Playing a run into a run folder: the chunk loop, progress, Ctrl-C, resume, replay.

A run of N games is cut into chunks of `chunk_size` consecutive games (chunk k
holds games k*chunk_size ...). The engine (galaxysim._batch) plays one chunk at a
time on its own thread pool, GIL released, in a worker thread, while the main
thread writes the previous chunk's Parquet files and lists it in the manifest.
Game i is determined by (run seed, i, config) alone, so neither the thread
count nor the chunk size nor a resume changes a single row.

Stopping: the first Ctrl-C (or SIGTERM) finishes the chunk in flight, writes
it and stops, marking the run "interrupted"; a second Ctrl-C abandons the chunk
in flight. Either way every chunk the manifest lists is complete, and `resume`
plays the missing ones. A killed process leaves the same kind of folder (plus
temporary files, which resume removes).
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pyarrow as pa

from galaxysim.results import schema as sch
from galaxysim.results.arrays import column, numpy, read_parquet
from galaxysim.results.manifest import RunFolderError
from galaxysim.results.reader import open_run, verify_run
from galaxysim.results.writer import RunWriter, clean_folder, lock_is_held, remove_run_folder_contents
from galaxysim.stop_requests import StopRequests, listening
from galaxysim.user_text import shown

from .config import RunConfig, all_cores, check_chunk_count
from .chunk_job import ChunkJob, ChunkPlayer
from .engine import (CARD_FILE, af_overrides, af_texts, batch_module, card_text, engine_version,  # noqa: F401
                     expansion_options, galaxysim_version, game_card_text, make_runner, observation_info,
                     resolved_af_variant, resolved_variant, rule_options, seconds_per_game)
from .errors import ConfigError
from .folder_lock import locked
from .chunk_loop import RunOutcome, play_chunks
from .new_manifest import new_manifest
from .run_identity import DETERMINING_KEYS, RunMismatch, check_same_run, run_id  # noqa: F401  (also exported here)
from .out_folder import create as create_folder
from .out_folder import holds_something, refuse_foreign_overwrite, refuse_unstarted
from .progress import note

class ReplayMismatch(Exception):
    """A replayed game does not give the stored result."""


# --- starting and resuming -------------------------------------------------------------------------------------------

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
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} exists and is not a folder")
    nonempty = out.is_dir() and any(out.iterdir())
    has_run = holds_something(out)  # (not a folder whose run was stopped before it began: that one is replaced)
    if has_run and cfg.resume:
        run = open_run(out, check_files=False)
        _refuse_match(run, out)  # (before comparing a match's config with a run's)
        check_same_run(run.manifest["config"], cfg, explicit, out)
        return resume(out, threads=asked.threads, quiet=cfg.quiet, progress=progress, ray_address=cfg.ray_address,
                      ray_options=cfg.ray_options)
    make_runner(cfg)  # validates players, bots, expansion: before any file is touched or any cluster reached
    if has_run:
        if not cfg.overwrite:
            raise ConfigError(f"--out {out} already exists and is not empty: pass --resume to continue the run "
                              "in it, or --overwrite to replace it")
        refuse_foreign_overwrite(out)
    if nonempty and lock_is_held(out):
        raise ConfigError(f"{out} is in use by another galaxysim process")
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
            return _create_and_play(out, nonempty, player, cfg, progress, stop, cluster)


def _create_and_play(out: Path, nonempty: bool, player: ChunkPlayer, cfg: RunConfig, progress: bool | None,
                     stop: StopRequests, cluster) -> RunOutcome:
    converter = player.converter
    cards = sch.cards_table(converter.card_names)
    if nonempty:
        remove_run_folder_contents(out)
    observation = observation_info(player.runner, cfg.game) if cfg.record_decisions else None
    manifest = new_manifest(converter.run_id, cfg.manifest_config(), cfg.games, cfg.chunk_size, cfg.record_decisions,
                            observation)
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
    _refuse_match(run, out)
    stored_engine = run.manifest.get("engine_version")
    if stored_engine != engine_version():
        raise ConfigError(f"{out} was played by engine {shown(stored_engine)}; this is engine {engine_version()}, whose "
                          "games may differ: start a new run instead of resuming")
    from .stored_config import run_config

    cfg = dataclasses.replace(run_config(run), threads=threads or all_cores(), quiet=quiet, out=str(out))
    player = ChunkJob(cfg, run.manifest["run_id"], engine_version()).player()
    if run.complete and len(run.manifest["chunks"]) == run.manifest["n_chunks"]:
        return RunOutcome(out, "complete", run.games_written, run.games_planned, 0, 0.0, cfg.threads,
                          message=f"{out} is already complete ({run.games_planned:,} games)")
    verify_run(run)  # before taking the lock: a corrupt folder is refused without touching it
    stop.check()
    with _cluster(ray_address, ray_options, stop) as cluster, locked(out):
        if cluster is not None:
            cfg = cluster.fit(cfg, threads=threads, chunk_size=cfg.chunk_size)
        again = open_run(out)  # reread under the lock: another process may have been writing
        if again.manifest != run.manifest:
            verify_run(again)
        run = again
        removed = clean_folder(out, run.manifest)
        if removed and not quiet:
            note(f"galaxysim: removed {len(removed)} unfinished file(s) of the interrupted run")
        writer = RunWriter(out, run.manifest)
        return play_chunks(writer, player, cfg, quiet=quiet, progress=progress, stop=stop, cluster=cluster)


def _refuse_match(run, out: Path) -> None:
    """A match or tournament folder is resumed by its own command, which knows the seatings."""
    from .match import is_match_run

    if is_match_run(run.manifest["config"]):
        kind = run.manifest["config"]["kind"]
        raise ConfigError(f"{out} holds a {kind}, which `galaxysim resume` does not handle "
                          f"(use: galaxysim {kind} --out {out} --resume)")


# --- the chunk loop --------------------------------------------------------------------------------------------------

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


# --- replay ----------------------------------------------------------------------------------------------------------

def _winners_text(winners: list[int], robot_score: int | None) -> str:
    """The end of a replay's last line: who won; in the solo game also the robot's (stored) score."""
    robot = f" (the robot scored {robot_score})" if robot_score is not None else ""
    if not winners:
        return f"seat 0 did not beat the robot{robot}" if robot else "no winner"
    return "winner" + ("s" if len(winners) != 1 else "") + " " + ", ".join(f"seat {w}" for w in winners) + robot


@dataclass
class Replay:
    lines: list[str]
    matches: bool
    verdict: str


def replay(path: str | os.PathLike[str], game_index: int) -> Replay:
    """Re-plays game `game_index` of a run from its seed and config, as readable lines, and checks the result
    against the stored rows."""
    out = Path(path)
    run = open_run(out)
    m = run.manifest
    if not 0 <= game_index < m["games"]:
        raise ConfigError(f"--game {game_index}: {out} has games 0 to {m['games'] - 1}")
    chunk = run.chunk_for_game(game_index)
    if chunk is None:
        raise ConfigError(f"--game {game_index}: that game is not written yet (the run is {m['status']}; "
                          f"galaxysim resume {out} plays it)")
    from .match import replay_runner
    from .stored_config import is_match, match_config, run_config

    if is_match(run):  # game i is deal i % deals of lineup i // deals (galaxysim.sim.match)
        cfg = match_config(run)
        runner, index, bots = replay_runner(cfg, game_index)
    else:
        cfg = run_config(run)
        runner, index, bots = make_runner(cfg), game_index, list(cfg.bots)
    b = batch_module()
    rep = runner.replay(int(cfg.seed), int(index))

    def read(table: str) -> pa.Table:
        p = out / chunk["files"][table]["path"]
        try:
            t = read_parquet(p)
        except (OSError, pa.ArrowInvalid) as e:
            raise RunFolderError(f"{out}: corrupt run folder: cannot read {chunk['files'][table]['path']}: {e}") \
                from None
        if "game_index" not in t.column_names:
            raise RunFolderError(f"{out}: corrupt run folder: {chunk['files'][table]['path']} has no game_index")
        return t.take(column(np.flatnonzero(numpy(t.column("game_index")) == game_index)))

    g = read("games").to_pylist()
    seats = sorted(read("seats").to_pylist(), key=lambda r: r["seat"])
    if len(g) != 1 or len(seats) != cfg.players:
        raise RunFolderError(f"{out}: corrupt run folder: game {game_index} is not in its chunk file")
    g = g[0]
    seed = rep.get("seed", g["seed"])  # the game's deal seed
    what = f"{cfg.game} {cfg.expansion}" if cfg.game != "af" else "af"
    lines = [f"game {game_index} of {out} (seed {seed}; {what}, {cfg.players} players"
             f"{', ' + cfg.variant if cfg.game == 'rftg' and cfg.expansion != 'base' else ''}"
             f"{', advanced' if cfg.advanced and cfg.expansion == 'base' else ''}{', long game' if cfg.long_game else ''}; "
             f"bots {', '.join(bots)})"]
    if m.get("engine_version") != b.ENGINE_VERSION:
        lines.append(f"note: the run was played by engine {m.get('engine_version')}, this is {b.ENGINE_VERSION}")
    from .bots import plays_by_the_clock

    clocked = sorted({bot for bot in bots if plays_by_the_clock(bot)})
    if clocked:
        lines.append(f"note: {', '.join(clocked)} searches for a time, not a number of iterations: its moves depend "
                     "on the machine's speed, so this replay need not match the stored game")
    width = max(4, len(str(len(rep["steps"]))))
    for i, step in enumerate(rep["steps"]):
        seat, kind, action, legal, text = step
        who = f"seat {seat} ({bots[seat]})" if 0 <= seat < len(bots) else f"seat {seat}"
        lines.append(f"{i:>{width}}  {who}  {kind}: {text}  (action {action}; {legal} legal)")
    scores = [int(s) for s in rep["scores"]]
    winners = sorted(int(w) for w in rep["winners"])
    length = f"{rep['turns']} turns ({rep['rounds']} rounds)" if "turns" in rep else f"{rep['rounds']} rounds"
    lines.append(f"final after {length}: scores " + ", ".join(f"seat {s} {v}" for s, v in enumerate(scores))
                 + "; " + _winners_text(winners, g.get("robot_score")))
    problems = []
    if "seed" in rep and int(g["seed"]) != int(rep["seed"]):
        problems.append(f"seed {g['seed']} stored, {rep['seed']} replayed")
    if int(g["rounds"]) != int(rep["rounds"]):
        problems.append(f"rounds {g['rounds']} stored, {rep['rounds']} replayed")
    if int(g["decisions"]) != len(rep["steps"]):
        problems.append(f"{g['decisions']} decisions stored, {len(rep['steps'])} replayed")
    stored_winners = sorted(int(w) for w in g["winners"])
    if stored_winners != winners:
        problems.append(f"winners {stored_winners} stored, {winners} replayed")
    for s, row in enumerate(seats):
        if s < len(scores) and int(row["score"]) != scores[s]:
            problems.append(f"seat {s} score {row['score']} stored, {scores[s]} replayed")
    if len(scores) != len(seats):
        problems.append(f"{len(seats)} seats stored, {len(scores)} replayed")
    if problems:
        verdict = (f"replay of game {game_index} does NOT match the stored result: " + "; ".join(problems)
                   + (" (expected with a time budget: see the note above)" if clocked else ""))
        return Replay(lines, False, verdict)
    return Replay(lines, True, "replay matches the stored result")
