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
import datetime as _dt
import hashlib
import json
import os
import queue
import signal
import sys
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np
import pyarrow as pa

from galaxysim.results import manifest as mf
from galaxysim.results import schema as sch
from galaxysim.results.arrays import column, numpy, read_parquet
from galaxysim.results.manifest import RunFolderError
from galaxysim.results.reader import open_run, verify_run
from galaxysim.results.writer import (KNOWN_ENTRIES, LOCK_FILE, EncodedChunk, RunWriter, clean_folder, folder_is_ours,
                            games_written, is_temp_name, lock_is_held,
                            remove_run_folder_contents)

from .config import ConfigError, RunConfig, RunWriteError, all_cores, check_chunk_count
from .game_cost import seconds_per_game as estimated_seconds_per_game
from .progress import Progress

CARD_FILE = "rftg_cards.txt"
#: What must match between a run folder and a `run --resume` that names it.
DETERMINING_KEYS = ("game", "players", "expansion", "advanced", "bots", "games", "seed", "record_decisions",
                    "chunk_size", "what_if", "long_game", "goals", "takeovers", "draft", "solo_difficulty",
                    "solo_config_text")


class ReplayMismatch(Exception):
    """A replayed game does not give the stored result."""


class RunMismatch(ConfigError):
    """`--resume` into a folder whose run was made otherwise; `difference` says how (e.g. "games=2000, not 100")."""

    def __init__(self, message: str, folder: Path, difference: str):
        super().__init__(message)
        self.folder, self.difference = folder, difference


def write_failure(e: OSError, folder: Path, written: int, total: int, resume_command: str) -> RunWriteError:
    """The one line for an OSError while playing into `folder`: what failed, what is safe, how to go on."""
    where = f" ({e.filename})" if getattr(e, "filename", None) else ""
    return RunWriteError(f"{e.strerror or e}{where} while writing {folder}: the {written:,} of {total:,} games "
                         f"written before are safe; free the space or fix the folder, then: {resume_command}")


# --- the engine ------------------------------------------------------------------------------------------------------

def batch_module():
    from galaxysim import _batch

    if not hasattr(_batch, "Runner"):
        raise RuntimeError("galaxysim._batch has no batch runner: rebuild galaxysim (pip install -e .)")
    return _batch


@lru_cache(maxsize=None)
def card_text() -> str:
    return (resources.files("galaxysim") / "data" / CARD_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def af_texts() -> dict[str, str]:
    """The Alien Frontiers data files by name (galaxysim.af.DATA_FILES)."""
    from galaxysim import af

    root = resources.files("galaxysim") / "data"
    return {name: (root / name).read_text(encoding="utf-8") for name in af.DATA_FILES}


@lru_cache(maxsize=64)
def _resolved(variant, expansion: str):
    return variant.resolve(card_text(), expansion)


@lru_cache(maxsize=64)
def _af_resolved(variant):
    return variant.resolve()


def af_overrides(cfg: RunConfig) -> str:
    """Alien Frontiers: the data overrides the run's what-if variant writes ("" for the printed rules)."""
    return "" if cfg.what_if is None else _af_resolved(cfg.what_if).overrides


def game_card_text(cfg: RunConfig) -> str:
    """The card data the run plays: the shipped file, with the what-if variant's overrides if any."""
    return card_text() if cfg.what_if is None else _resolved(cfg.what_if, cfg.expansion).card_text


def rule_options(cfg: RunConfig) -> dict[str, int]:
    """The rule constants the variant changes, as engine keywords (hand_limit, vp_per_player, tableau_end)."""
    return {} if cfg.what_if is None else dict(_resolved(cfg.what_if, cfg.expansion).rules)


def expansion_options(cfg: RunConfig) -> dict[str, Any]:
    """The expansions' options as engine keywords (goals, takeovers, draft, the solo game's)."""
    out: dict[str, Any] = {"goals": -1 if cfg.goals is None else int(cfg.goals), "takeovers": cfg.takeovers,
                           "draft": cfg.draft}
    if cfg.players == 1:
        out.update(solo_difficulty=cfg.solo_difficulty, solo_config=cfg.solo_config_text or "")
    return out


def engine_version() -> str:
    return str(batch_module().ENGINE_VERSION)


def galaxysim_version() -> str:
    try:
        from importlib.metadata import version

        return version("galaxysim")
    except Exception:  # not installed as a distribution
        import galaxysim

        return getattr(galaxysim, "__version__", "unknown")


def make_runner(cfg: RunConfig):
    """The engine's batch runner for `cfg`; the engine's rule errors (player count, bots, expansion) become
    ConfigError."""
    b = batch_module()
    for bot in cfg.bots:
        if bot.startswith("py:"):
            raise ConfigError(f"bot {bot!r}: galaxysim run plays built-in bots (random, heuristic, ismcts, net); "
                              "play Python bots with galaxysim match or tournament")
    try:
        if cfg.game == "af":
            return b.AfRunner(af_texts(), cfg.players, cfg.long_game, list(cfg.bots), af_overrides(cfg))
        return b.Runner(game_card_text(cfg), cfg.players, cfg.expansion, cfg.advanced, list(cfg.bots),
                        **expansion_options(cfg), **rule_options(cfg))
    except ValueError as e:  # galaxysim._rftg.RulesError (and galaxysim.variant.VariantError) are ValueErrors
        raise ConfigError(_one_line(str(e))) from None


def seconds_per_game(cfg: RunConfig, sample_seconds: float = 0.1) -> float:
    """About how long one game of `cfg` takes on one thread here: a short sample, to size chunks by time (one
    game when the bots are slow: sim/game_cost.py)."""
    runner = make_runner(cfg)
    n = max(1, min(8, int(sample_seconds / estimated_seconds_per_game(cfg.game, cfg.players, cfg.bots))))
    while True:
        t = time.perf_counter()
        runner.run(int(cfg.seed or 0), 0, n, 1, False)
        t = time.perf_counter() - t
        if t >= sample_seconds or n >= 1 << 20:
            return t / n
        n *= 4


def _one_line(text: str) -> str:
    return " ".join(text.split())


def run_id(cfg: RunConfig, engine: str) -> str:
    """Names what was played: a hash of everything that determines the rows (not threads or chunking)."""
    key = {k: getattr(cfg, k) for k in ("game", "players", "expansion", "advanced", "bots", "games", "seed")}
    if cfg.what_if is not None:
        key["what_if"] = cfg.what_if.identity()
    if cfg.game == "af":
        key["long_game"] = cfg.long_game
    elif cfg.expansion != "base":  # only then: the ids of base-game runs stay as they were
        key.update(goals=cfg.goals, takeovers=cfg.takeovers, draft=cfg.draft)
        if cfg.players == 1:
            key.update(solo_difficulty=cfg.solo_difficulty,
                       solo_config=hashlib.sha256((cfg.solo_config_text or "").encode()).hexdigest())
    key["engine_version"] = engine
    return "r-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


# --- converting a chunk ----------------------------------------------------------------------------------------------

@dataclass
class _Converter:
    cfg: RunConfig
    run_id: str
    end_reasons: list[str]
    kinds: list[str]
    card_names: list[str]
    af_names: dict[str, list[str]] | None = None  # Alien Frontiers: tech, territories, colours

    @classmethod
    def for_run(cls, cfg: RunConfig, rid: str) -> "_Converter":
        b = batch_module()
        if cfg.game == "af":
            names = b.af_names(af_texts(), af_overrides(cfg))
            return cls(cfg, rid, list(b.AF_END_REASONS), list(b.AF_DECISION_KINDS), list(names["tech"]), names)
        return cls(cfg, rid, list(b.END_REASONS), list(b.DECISION_KINDS),
                   list(b.design_names(game_card_text(cfg), cfg.expansion)))

    def seats(self, cols: dict) -> pa.Table:
        cfg = self.cfg
        if self.af_names is not None:
            return sch.af_seats_table(cols, players=cfg.players, bots=cfg.bots, tech_names=self.card_names,
                                      territory_names=self.af_names["territories"], colours=self.af_names["colours"])
        return sch.seats_table(cols, players=cfg.players, bots=cfg.bots, card_names=self.card_names)

    def tables(self, res: dict[str, dict]) -> dict[str, pa.Table]:
        cfg = self.cfg
        out = {
            "games": sch.games_table(res["games"], run_id=self.run_id, game=cfg.game, expansion=cfg.expansion,
                                     players=cfg.players, variant=cfg.variant, end_reasons=self.end_reasons),
            "seats": self.seats(res["seats"]),
        }
        if cfg.record_decisions:
            out["decisions"] = sch.decisions_table(res["decisions"], kinds=self.kinds)
        return out


# --- one chunk, in any process ---------------------------------------------------------------------------------------

@dataclass
class ChunkJob:
    """Everything a process needs to play any chunk of a run: the resolved config, the run id, and the engine
    version whose games the run holds. Picklable: the Ray driver sends it to its workers (cluster/tasks.py)."""

    config: RunConfig
    run_id: str
    engine_version: str

    def span(self, chunk: int) -> tuple[int, int]:
        """(first game, game count) of a chunk."""
        first = chunk * int(self.config.chunk_size)
        return first, min(int(self.config.chunk_size), int(self.config.games) - first)

    def player(self) -> "ChunkPlayer":
        return ChunkPlayer(self)


class ChunkPlayer:
    """Plays chunks of one run: the engine's batch runner and the converter to the run's tables. Building it
    checks the config against the engine (players, bots, expansion)."""

    def __init__(self, job: ChunkJob):
        self.job = job
        self.runner = make_runner(job.config)
        self.converter = _Converter.for_run(job.config, job.run_id)

    def play(self, chunk: int, threads: int) -> tuple[dict, float]:
        """The engine's columns for a chunk's games (GIL released while it plays), and the seconds it took."""
        first, count = self.job.span(chunk)
        t = time.perf_counter()
        res = self.runner.run(int(self.job.config.seed), first, count, int(threads),
                              bool(self.job.config.record_decisions))
        return res, time.perf_counter() - t

    def encode(self, chunk: int, res: dict, **extra: Any) -> EncodedChunk:
        """The chunk's Parquet files, ready for RunWriter.write_encoded_chunk."""
        first, count = self.job.span(chunk)
        tables = self.converter.tables(res)
        if tables["games"].num_rows != count:
            raise sch.SchemaError(f"engine returned {tables['games'].num_rows} games for chunk {chunk}, "
                                  f"expected {count}")
        return EncodedChunk.encode(chunk, first, tables, **extra)


# --- locking ---------------------------------------------------------------------------------------------------------

@contextlib.contextmanager
def _locked(run_dir: Path) -> Iterator[None]:
    """Holds an exclusive lock on run_dir/.lock (POSIX), so two processes never write one run."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(run_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ConfigError(f"{run_dir} is in use by another galaxysim process") from None
        yield
    finally:
        os.close(fd)


# --- the outcome -----------------------------------------------------------------------------------------------------

@dataclass
class RunOutcome:
    path: Path
    status: str  # "complete" | "interrupted"
    games_written: int
    games_planned: int
    played: int  # games played by this call
    seconds: float
    threads: int
    message: str = ""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


# --- starting and resuming -------------------------------------------------------------------------------------------

def _stderr(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def start(cfg: RunConfig, explicit: set[str] = frozenset(), progress: bool | None = None) -> RunOutcome:
    """Plays a new run as `cfg` says (or continues one, with cfg.resume). Nothing is written before every
    check has passed."""
    cfg.validate()
    asked = cfg
    cfg = cfg.resolved()
    out = Path(cfg.out)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} exists and is not a folder")
    nonempty = out.is_dir() and any(out.iterdir())
    if nonempty and cfg.resume:
        run = open_run(out, check_files=False)
        _refuse_match(run, out)  # (before comparing a match's config with a run's)
        _check_same_run(run.manifest["config"], cfg, explicit, out)
        return resume(out, threads=asked.threads, quiet=cfg.quiet, progress=progress, ray_address=cfg.ray_address,
                      ray_options=cfg.ray_options)
    make_runner(cfg)  # validates players, bots, expansion: before any file is touched or any cluster reached
    net_models(cfg, cfg.bots)  # ... and the net seats' models
    if nonempty:
        if not cfg.overwrite:
            raise ConfigError(f"--out {out} already exists and is not empty: pass --resume to continue the run "
                              "in it, or --overwrite to replace it")
        refuse_foreign_overwrite(out)
        if lock_is_held(out):
            raise ConfigError(f"{out} is in use by another galaxysim process")
    with _cluster(cfg.ray_address, cfg.ray_options) as cluster:
        if cluster is not None:  # threads per task and chunk size suited to the cluster, unless given
            per_game = None if asked.chunk_size else seconds_per_game(cfg)
            cfg = cluster.fit(cfg, threads=asked.threads, chunk_size=asked.chunk_size, seconds_per_game=per_game)
            check_chunk_count(cfg.games, cfg.chunk_size, lambda key: f"--{key.replace('_', '-')}")
        player = ChunkJob(cfg, run_id(cfg, engine_version()), engine_version()).player()
        out.mkdir(parents=True, exist_ok=True)
        with _locked(out):
            return _create_and_play(out, nonempty, player, cfg, progress, cluster)


def refuse_foreign_overwrite(out: Path) -> None:
    """--overwrite replaces only a galaxysim run folder: one with a manifest, holding nothing galaxysim did not
    write (the message names what is not galaxysim's, which --overwrite would otherwise remove)."""
    def names(entries: list[str]) -> str:
        return ", ".join(entries[:3]) + ("..." if len(entries) > 3 else "")

    entries = sorted(p.name for p in out.iterdir() if p.name != LOCK_FILE)
    if not (out / mf.MANIFEST).is_file():
        raise ConfigError(f"refusing to --overwrite {out}: it is not a galaxysim run folder (no {mf.MANIFEST}; it "
                          f"holds {names(entries)})")
    if not folder_is_ours(out):
        theirs = [n for n in entries if n not in KNOWN_ENTRIES and not is_temp_name(n)]
        raise ConfigError(f"refusing to --overwrite {out}: it also holds {names(theirs)}, which galaxysim did not "
                          "write (move them away, or choose another --out)")


def _create_and_play(out: Path, nonempty: bool, player: ChunkPlayer, cfg: RunConfig, progress: bool | None,
                     cluster) -> RunOutcome:
    converter = player.converter
    cards = sch.cards_table(converter.card_names)
    if nonempty:
        remove_run_folder_contents(out)
    n_chunks = -(-cfg.games // cfg.chunk_size)
    manifest: dict[str, Any] = {
        "format": mf.FORMAT,
        "format_version": mf.FORMAT_VERSION,
        "schema_version": sch.SCHEMA_VERSION,
        "run_id": converter.run_id,
        "engine_version": engine_version(),
        "galaxysim_version": galaxysim_version(),
        "created": _now(),
        "config": cfg.manifest_config(),
        "tables": ["games", "seats"] + (["decisions"] if cfg.record_decisions else []),
        **({"observation": observation_info(player.runner, cfg.game)} if cfg.record_decisions else {}),
        **net_models(cfg, cfg.bots),
        "chunk_size": cfg.chunk_size,
        "n_chunks": n_chunks,
        "games": cfg.games,
        "status": "running",
        "elapsed_seconds": 0.0,
        "sessions": [],
        "cards": None,
        "chunks": [],
    }
    writer = RunWriter.create(out, manifest, cards)
    return _play(writer, player, cfg, quiet=cfg.quiet, progress=progress, cluster=cluster)


def net_models(cfg: Any, bots) -> dict[str, Any]:
    """The manifest's "models": each net spec's model file and content hash (docs/net.md); {} without net seats."""
    from galaxysim.net.manifest import model_records

    try:
        records = model_records(cfg, bots)
    except ValueError as e:  # a model that cannot play the game (rftg.RulesError, af.RulesError): one line
        raise ConfigError(_one_line(str(e))) from None
    return {"models": records} if records else {}


def check_net_models(manifest: dict[str, Any], cfg: Any, out: Path) -> None:
    """A resume plays the models the run began with: refuses when one changed."""
    from galaxysim.net.manifest import changed_models

    changed = changed_models(manifest.get("models") or {}, cfg)
    if changed:
        raise ConfigError(f"{out}: {changed[0]}; its games would differ: start a new run instead of resuming")


def observation_info(runner, game: str = "rftg") -> dict[str, Any]:
    """How decisions.observation is encoded (docs/observation-tensor.md, docs/af-observation-tensor.md)."""
    return {"size": int(runner.observation_size), "dtype": "int16", "byte_order": "little",
            "encoding": "rftg-observation-v2" if game == "rftg" else f"{game}-observation-v1"}  # v2: the expansions' kinds


def _check_same_run(stored: dict[str, Any], cfg: RunConfig, explicit: set[str], out: Path) -> None:
    for key in DETERMINING_KEYS:
        if key not in explicit and not (key == "solo_config_text" and "solo_config" in explicit):
            continue
        want, have = getattr(cfg, key), stored.get(key)
        if key == "what_if":  # the same changes make the same games, whatever the variant's name
            from galaxysim.variant import Variant

            want = want.identity() if want is not None else None
            have = Variant.from_config(have, game=cfg.game).identity() if have else None
        elif key not in stored:
            continue
        if want != have:
            show = (lambda v: ",".join(v)) if key == "bots" else repr
            flag = key.replace('_', '-')
            if key == "what_if":
                show, flag = (lambda v: repr("; ".join(v["changes"])) if v else "none"), "variant"
            if key == "solo_config_text":
                raise RunMismatch(f"--resume: {out} was made with another solo configuration than "
                                  f"{cfg.solo_config or 'the shipped one'}: drop --solo-config or choose another --out",
                                  out, "another solo configuration")
            raise RunMismatch(f"--resume: {out} was made with {flag}={show(have)}, not {show(want)}: "
                              f"drop --{flag} or choose another --out", out, f"{flag}={show(have)}, not {show(want)}")


def resume(path: str | os.PathLike[str], threads: int | None = None, quiet: bool = False,
           progress: bool | None = None, ray_address: str | None = None,
           ray_options: dict[str, Any] | None = None) -> RunOutcome:
    """Plays the games a run folder is missing, here or (with ray_address) on a Ray cluster, whatever played
    the rest. Checks the folder first (manifest, engine version, every listed file's checksum); then removes
    stray temporary and unlisted chunk files and plays the missing chunks."""
    out = Path(path)
    run = open_run(out)
    _refuse_match(run, out)
    stored_engine = run.manifest.get("engine_version")
    if stored_engine != engine_version():
        raise ConfigError(f"{out} was played by engine {stored_engine}; this is engine {engine_version()}, whose "
                          "games may differ: start a new run instead of resuming")
    cfg = RunConfig.from_manifest(run.manifest["config"], str(out / mf.MANIFEST))
    if cfg.chunk_size != run.manifest["chunk_size"] or cfg.games != run.manifest["games"]:
        raise RunFolderError(f"{out}: corrupt manifest: config and chunk layout disagree")
    cfg = dataclasses.replace(cfg, threads=threads or all_cores(), quiet=quiet, out=str(out))
    check_net_models(run.manifest, cfg, out)
    player = ChunkJob(cfg, run.manifest.get("run_id") or run_id(cfg, engine_version()), engine_version()).player()
    if player.job.run_id != run_id(cfg, engine_version()):
        raise RunFolderError(f"{out}: corrupt manifest: run_id does not match its config")
    if run.complete and len(run.manifest["chunks"]) == run.manifest["n_chunks"]:
        return RunOutcome(out, "complete", run.games_written, run.games_planned, 0, 0.0, cfg.threads,
                          message=f"{out} is already complete ({run.games_planned:,} games)")
    verify_run(run)  # before taking the lock: a corrupt folder is refused without touching it
    with _cluster(ray_address, ray_options) as cluster, _locked(out):
        if cluster is not None:
            cfg = cluster.fit(cfg, threads=threads, chunk_size=cfg.chunk_size)
        again = open_run(out)  # reread under the lock: another process may have been writing
        if again.manifest != run.manifest:
            verify_run(again)
        run = again
        removed = clean_folder(out, run.manifest)
        if removed and not quiet:
            _stderr(f"galaxysim: removed {len(removed)} unfinished file(s) of the interrupted run")
        writer = RunWriter(out, run.manifest)
        return _play(writer, player, cfg, quiet=quiet, progress=progress, cluster=cluster)


def _refuse_match(run, out: Path) -> None:
    """A match or tournament folder is resumed by its own command, which knows the seatings."""
    from .match import is_match_run

    if is_match_run(run.manifest["config"]):
        kind = run.manifest["config"]["kind"]
        raise ConfigError(f"{out} holds a {kind}, which `galaxysim resume` does not handle "
                          f"(use: galaxysim {kind} --out {out} --resume)")


# --- the chunk loop --------------------------------------------------------------------------------------------------

class _Stop:
    """Ctrl-C / SIGTERM bookkeeping: the first asks to stop after the chunk in flight, the second abandons it."""

    def __init__(self) -> None:
        self.requests = 0
        self.stop = threading.Event()
        self.abandon = threading.Event()
        self.announced = 0

    def __call__(self, signum, frame) -> None:
        self.requests += 1
        self.stop.set()
        if self.requests >= 2:
            self.abandon.set()


def raise_interrupt(signum, frame) -> None:
    """A signal handler: SIGTERM (or SIGINT) stops the work as Ctrl-C does, through KeyboardInterrupt."""
    raise KeyboardInterrupt


@contextlib.contextmanager
def _signals(handler: Callable) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


class _LocalChunks:
    """The chunks of a run played on this machine: the engine plays one chunk at a time on its thread pool, in a
    worker thread, one chunk ahead of the main thread that converts and writes them. (cluster/ray_runner.py
    is the same for a Ray cluster.)"""

    def __init__(self, player: ChunkPlayer, todo: list[int], threads: int, stop: _Stop):
        self.player, self.todo, self.threads, self.stop = player, todo, threads, stop
        self.results: queue.Queue = queue.Queue(maxsize=1)
        self.finished = False  # every chunk has been handed out (or the worker stopped)
        self.notes: list[str] = []  # messages for the user
        self.worker = threading.Thread(target=self._work, name="galaxysim-engine", daemon=True)

    def describe(self) -> str:
        return f"on {self.threads} thread{'s' * (self.threads != 1)}"

    def session_info(self) -> dict[str, Any]:
        return {}

    def games_played(self) -> int:
        """Games the engine has finished in this session, written or not (it counts within a chunk)."""
        return self.player.runner.games_played

    def start(self) -> None:
        self.worker.start()

    def _put(self, item) -> None:
        while not self.stop.abandon.is_set():
            try:
                self.results.put(item, timeout=0.1)
                return
            except queue.Full:
                pass

    def _work(self) -> None:
        try:
            for k in self.todo:
                if self.stop.stop.is_set():
                    break
                res, secs = self.player.play(k, self.threads)
                self._put(("chunk", k, res, secs))
        except BaseException as e:  # handed to the main thread
            self._put(("error", e))
        finally:
            self._put(("done",))

    def next(self, timeout: float) -> EncodedChunk | None:
        """The next finished chunk, or None if none came within `timeout` seconds (or none is left)."""
        try:
            item = self.results.get(timeout=timeout)
        except queue.Empty:
            return None
        if item[0] == "done":
            self.finished = True
            return None
        if item[0] == "error":
            raise item[1]
        _, k, res, secs = item
        return self.player.encode(k, res, seconds=round(secs, 4))

    def close(self, complete: bool) -> None:
        if complete:
            self.worker.join(timeout=5)


@contextlib.contextmanager
def _cluster(address: str | None, options: dict[str, Any] | None) -> Iterator[Any]:
    """A connection to the Ray cluster at `address` (galaxysim.cluster.connect: checked, clear errors), closed on exit;
    None for a local run. Ray is imported only here."""
    if not address:
        yield None
        return
    from galaxysim.cluster.connect import connect

    conn = connect(address, options or {})
    try:
        yield conn
    finally:
        conn.close()


def live_games(source) -> int:
    """Games a chunk source has played so far in this session, if it can tell within a chunk (else 0)."""
    count = getattr(source, "games_played", None)
    return int(count()) if count is not None else 0


def _play(writer: RunWriter, player: ChunkPlayer, cfg: RunConfig, quiet: bool, progress: bool | None,
          cluster=None) -> RunOutcome:
    m = writer.manifest
    total = m["games"]
    done = writer.done_chunks()
    todo = [k for k in range(m["n_chunks"]) if k not in done]
    already = games_written(m)
    threads = int(cfg.threads or all_cores())
    if not todo:
        if m["status"] != "complete":
            m["status"] = "complete"
            writer.flush()
        return RunOutcome(writer.dir, "complete", already, total, 0, 0.0, threads,
                          message=f"{writer.dir} is already complete ({total:,} games)")
    stop = _Stop()
    source = (_LocalChunks(player, todo, threads, stop) if cluster is None
              else cluster.chunks(player.job, todo, threads, stop))
    if not quiet:
        what = "resuming" if already else "playing"
        rest = f"{total - already:,} of {total:,}" if already else f"{total:,}"
        _stderr(f"galaxysim: {what} {rest} games {source.describe()} into {writer.dir}")
    base_elapsed = float(m.get("elapsed_seconds") or 0.0)
    session = {"started": _now(), "threads": threads, "engine_version": engine_version(), "games": 0,
               "seconds": 0.0, **source.session_info()}
    m.setdefault("sessions", []).append(session)
    m["status"] = "running"
    writer.flush()

    show = (not quiet and sys.stderr.isatty()) if progress is None else progress
    t0 = time.perf_counter()
    played = 0

    def moved() -> None:  # games played in all: written ones, and those the engine finished since
        bar.to(already + max(played, live_games(source)))

    with _signals(stop), Progress(total, already, bar=show, lines=not quiet) as bar:
        source.start()
        try:
            while not source.finished:
                if stop.requests > stop.announced:
                    stop.announced = stop.requests
                    msg = ("galaxysim: stopping after the chunk in flight (Ctrl-C again to stop at once)"
                           if stop.requests == 1 else "galaxysim: stopping now")
                    if not quiet:
                        bar.write(msg)
                if stop.abandon.is_set():
                    break
                enc = source.next(timeout=0.1)
                moved()
                while source.notes:
                    note = source.notes.pop(0)
                    if not quiet:
                        bar.write(note)
                if enc is None or enc.chunk in writer.done_chunks():  # a chunk is written once
                    continue
                now = time.perf_counter() - t0
                session["games"] += enc.games
                session["seconds"] = round(now, 3)
                session.update(source.session_info())
                m["elapsed_seconds"] = round(base_elapsed + now, 3)
                writer.write_encoded_chunk(enc)
                played += enc.games
                moved()
        except BaseException as e:
            stop.abandon.set()
            stop.stop.set()
            source.close(complete=False)
            m["status"] = "interrupted"  # every listed chunk is whole: resumable
            with contextlib.suppress(OSError):
                writer.flush()
            if isinstance(e, OSError):
                again = f" --ray {cluster.address}" if cluster is not None else ""
                raise write_failure(e, writer.dir, games_written(m), total,
                                    f"galaxysim resume {writer.dir}{again}") from e
            raise
    elapsed = time.perf_counter() - t0
    written = games_written(m)
    complete = written == total
    source.close(complete=complete)
    m["status"] = "complete" if complete else "interrupted"
    session["seconds"] = round(elapsed, 3)
    session.update(source.session_info())
    m["elapsed_seconds"] = round(base_elapsed + elapsed, 3)
    writer.flush()
    if complete:
        return RunOutcome(writer.dir, "complete", written, total, played, elapsed, threads)
    again = f" --ray {cluster.address}" if cluster is not None else ""
    msg = (f"interrupted: {written:,} of {total:,} games written to {writer.dir}; "
           f"continue with: galaxysim resume {writer.dir}{again}")
    return RunOutcome(writer.dir, "interrupted", written, total, played, elapsed, threads, message=msg)


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
    from .match import MatchConfig, is_match_run, replay_runner

    if is_match_run(m["config"]):  # game i is deal i % deals of lineup i // deals (galaxysim.sim.match)
        cfg = MatchConfig.from_manifest(m["config"])
        runner, index, bots = replay_runner(cfg, game_index)
    else:
        cfg = RunConfig.from_manifest(m["config"], str(out / mf.MANIFEST))
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
