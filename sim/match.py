"""Matches and tournaments: bots against each other on seat-rotated, seeded games, into a run folder.

    from galaxysim.sim.match import MatchConfig, play
    outcome = play(MatchConfig(bots=["ismcts:iterations=1000", "heuristic"], players=2, games=200, seed=7))
    print(outcome.report.format())

The plan (docs/bots.md):
  * a **match** seats its K bots (K <= players; fewer bots than seats are repeated in order: A,B in a
    4-player game is A,B,A,B); a **tournament** plays every group of `players` different bots out of K;
  * each group is played in every seat rotation (A,B and B,A), every rotation on the same deals: deal j of
    the run is game_seed(seed, j), whatever the group or rotation, so bots meet the same cards in every seat
    (common random numbers); `games` per group is rounded up to a multiple of the rotations;
  * game i of the run is rotation i // deals of the plan, on deal i % deals; the games/ and seats/ rows are
    the usual ones (seats.bot names the bot of each seat), and the manifest's config holds the plan.

The config and the plan: galaxysim.sim.match_config; the games of a chunk: galaxysim.sim.match_games; here, a
match's folder: play() makes it (or continues it, with resume=True) and plays the chunks it is missing, resume()
continues one, stored_config() reads one's config back, checked.

Built-in C++ bots only: the GIL-free batch path on all cores. With a Python bot in a lineup: the C++ game
loop calling the Python bot (one game at a time, the GIL held; slower). A Python bot that raises or answers
an illegal action stops that game: it is written with end_reason "bot_error", nobody wins, and the error
(bot, decision, legal actions) is listed in the manifest's chunk entry under "errors"; the run goes on.
"""
from __future__ import annotations

import dataclasses
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from galaxysim.results import schema as sch
from galaxysim.results.manifest import RunFolderError
from galaxysim.results.reader import Run, open_run, verify_run
from galaxysim.results.writer import RunWriter, games_written, remove_run_folder_contents
from galaxysim.stop_requests import StopRequests, listening
from galaxysim.user_text import shown

from . import bots as botreg
from .arrow_tables import TableConverter, TableSpec
from .chunk_plan import chunk_span, missing_chunks
from .config import all_cores
from .engine import card_text, engine_version, observation_info, run_cards_table
from .errors import ConfigError
from .folder_lock import locked, resume_writer
from .manifest_checks import corrupt, manifest_path, require_same, require_tables, stored_engine
from .match_config import (DETERMINING_KEYS, GAMES, KINDS, PLAYERS, MatchConfig, auto_chunk_size, default_out,
                           is_match_run, run_id, slowest_game_seconds)
from .match_games import Seats, check_builtin_seats, chunk_tables, play_games, replay_runner
from .net_models import manifest_models, refuse_changed_models
from .new_manifest import new_manifest
from .out_folder import create as create_folder
from .out_folder import look_at, refuse_occupied, refuse_unstarted
from .play_session import PlaySession
from .progress import Progress, note

__all__ = [
    "MatchConfig", "MatchOutcome", "play", "resume", "stored_config",
    # (names sim/match.py held before galaxysim.sim.match_config and .match_games took them)
    "DETERMINING_KEYS", "GAMES", "KINDS", "PLAYERS", "auto_chunk_size", "default_out", "is_match_run", "run_id",
    "slowest_game_seconds", "Seats", "check_builtin_seats", "chunk_tables", "play_games", "replay_runner",
]


def stored_config(run: Run) -> MatchConfig:
    """The MatchConfig of a match or tournament folder, checked as galaxysim.sim.stored_config checks a run's:
    types and ranges, the engine's checks of its game and built-in bots (no Python bot is imported), the
    seatings and chunk layout its config makes, and its run id (RunFolderError, one line)."""
    stored = run.manifest["config"]
    try:
        cfg = MatchConfig.from_manifest(stored)
        cfg.validate()
        check_builtin_seats(cfg)
    except (ConfigError, TypeError) as e:  # (TypeError: a field of the wrong type that validate() compares)
        raise RunFolderError(f"{manifest_path(run)}: config: {' '.join(str(e).split())}") from None
    if stored.get("deals") != cfg.deals or stored.get("lineups") != [list(x) for x in cfg.lineups()]:
        raise corrupt(run, "the seatings (deals, lineups) are not those of its bots and games")
    require_same(run, "games", cfg.total_games)
    require_same(run, "chunk_size", stored.get("chunk_size"))
    require_tables(run, cfg.record_decisions)
    require_same(run, "run_id", run_id(cfg, stored_engine(run)))
    return cfg


@dataclass
class MatchOutcome:
    path: Path
    status: str
    games_written: int
    games_planned: int
    played: int
    seconds: float
    errors: int
    report: "Any" = None
    message: str = ""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


def play(cfg: MatchConfig, objects: Mapping[str, Any] | None = None, progress: bool | None = None,
         explicit: set[str] | None = None) -> MatchOutcome:
    """Plays a match or tournament into a run folder (or continues one, with cfg.resume), then reports on it.

    `objects` maps a bot name used in cfg.bots to a Python bot object to play it (an alternative to specs).
    With cfg.resume, the keys in `explicit` (default: all) must match the stored match. Ctrl-C and SIGTERM stop
    it at the next safe point (galaxysim.stop_requests): whole chunks are kept, the games in flight dropped."""
    with listening() as stop:
        return _play_new(cfg, objects, progress, explicit, stop)


def _play_new(cfg: MatchConfig, objects: Mapping[str, Any] | None, progress: bool | None, explicit: set[str] | None,
              stop: StopRequests) -> MatchOutcome:
    objects = dict(objects or {})
    for name, obj in objects.items():
        if not callable(getattr(obj, "act", None)):
            raise botreg.BotSpecError(f"bot {shown(name)}: {type(obj).__name__} has no act(state, legal_actions)")
    cfg = dataclasses.replace(cfg)
    cfg.validate()  # (makes its own list of the bots: a string of specs is split as --bots is)
    if cfg.seed is None:
        cfg.seed = secrets.randbits(63)
    threads = int(cfg.threads or all_cores())
    out = Path(cfg.out) if cfg.out else default_out(cfg)
    folder = look_at(out)
    if folder.has_run and cfg.resume:
        return resume(out, cfg=cfg, objects=objects, threads=cfg.threads, quiet=cfg.quiet, progress=progress,
                      explicit=explicit)
    seats = Seats(cfg, objects)
    seats.check()  # bad bots fail before any file is touched, and before the folder is looked at
    models = manifest_models(cfg, cfg.bots)  # ... and bad net models (read and hashed)
    refuse_occupied(folder, cfg.overwrite)
    if cfg.chunk_size is None:
        cfg.chunk_size = auto_chunk_size(cfg.total_games, threads, slowest_game_seconds(cfg))
    converter = _converter(cfg)
    stop.check()  # (the last point where a stop leaves no folder behind)
    out.mkdir(parents=True, exist_ok=True)
    with locked(out):
        if folder.nonempty:
            remove_run_folder_contents(out)
        total = cfg.total_games
        observation = observation_info(seats.game(), cfg.game) if cfg.record_decisions else None
        manifest = new_manifest(run_id(cfg), cfg.manifest_config(), total, cfg.chunk_size, cfg.record_decisions,
                                observation, models)
        writer = create_folder(out, manifest, run_cards_table(cfg.game, cfg.expansion, cfg.players))
        return _play(writer, seats, converter, cfg, threads, progress, stop)


def resume(path, cfg: MatchConfig | None = None, objects: Mapping[str, Any] | None = None,
           threads: int | None = None, quiet: bool = False, progress: bool | None = None,
           explicit: set[str] | None = None) -> MatchOutcome:
    """Plays the games a match folder is missing (the plan comes from its manifest)."""
    with listening() as stop:
        return _resume(Path(path), cfg, objects, threads, quiet, progress, explicit, stop)


def _resume(out: Path, cfg: MatchConfig | None, objects: Mapping[str, Any] | None, threads: int | None, quiet: bool,
            progress: bool | None, explicit: set[str] | None, stop: StopRequests) -> MatchOutcome:
    refuse_unstarted(out, f"galaxysim {cfg.kind if cfg is not None else 'match'} --bots ...")
    run = open_run(out)
    stored = run.manifest["config"]
    if not is_match_run(stored):
        raise ConfigError(f"{out} holds a run, not a match or tournament: use galaxysim resume {out}")
    if run.manifest.get("engine_version") != engine_version():
        raise ConfigError(f"{out} was played by engine {shown(run.manifest.get('engine_version'))}; this is engine "
                          f"{engine_version()}: start a new match instead of resuming")
    have = stored_config(run)
    _refuse_unnamed_python_bots(have, cfg, objects or {}, out)
    if cfg is not None:
        for key in DETERMINING_KEYS:
            if explicit is not None and key not in explicit:
                continue
            want = getattr(cfg, key)
            if want is not None and want != getattr(have, key):
                raise ConfigError(f"--resume: {out} was made with {key}={shown(getattr(have, key))}, not {shown(want)}")
    have.quiet = quiet
    if missing_chunks(run.manifest):  # (a model changed since the match began would play other games)
        refuse_changed_models(run, have, have.bots)
    threads = int(threads or all_cores())
    seats = Seats(have, dict(objects or {}))
    seats.check()
    verify_run(run)
    converter = _converter(have)
    with locked(out):
        writer = resume_writer(out, run, quiet)  # (the folder read again under the lock)
        return _play(writer, seats, converter, have, threads, progress, stop)


def _refuse_unnamed_python_bots(stored: MatchConfig, given: MatchConfig | None, objects: Mapping[str, Any],
                                out: Path) -> None:
    """A `py:` bot's module runs when it is imported: a resume imports only those the user names (in --bots or
    their MatchConfig), never one named by the folder's manifest alone."""
    named = set(given.bots) if given is not None else set()
    unnamed = [b for b in stored.bots if b.startswith(botreg.PY_PREFIX) and b not in named and b not in objects]
    if unnamed:
        bots = ", ".join(shown(b) for b in unnamed)
        raise ConfigError(f"{out} seats the Python bot{'s' * (len(unnamed) > 1)} {bots}: galaxysim imports a "
                          f"Python bot only when you name it; to resume, give every bot of the {stored.kind} "
                          f"with --bots (and the same --out, --resume)")


def _converter(cfg: MatchConfig) -> TableConverter:
    spec = TableSpec(cfg.game, cfg.expansion, cfg.players, cfg.variant, list(cfg.bots), cfg.record_decisions)
    return TableConverter.build(spec, run_id(cfg), card_text())


def _play(writer: RunWriter, seats: Seats, converter: TableConverter, cfg: MatchConfig, threads: int,
          progress: bool | None, stop: StopRequests) -> MatchOutcome:
    m = writer.manifest
    cs, total = m["chunk_size"], m["games"]
    todo = missing_chunks(m)
    already = games_written(m)
    if not cfg.quiet and todo:
        lineups = cfg.lineups()
        note(f"galaxysim: {cfg.kind} of {len(cfg.bots)} bots, {len(lineups)} seatings x {cfg.deals} deals = "
                f"{total:,} games on {threads} thread{'s' * (threads != 1)} into {writer.dir}")
    session = PlaySession(writer, threads, f"galaxysim {cfg.kind} --out {writer.dir} --resume")
    session.begin()
    played = 0
    show = (not cfg.quiet and sys.stderr.isatty()) if progress is None else progress
    interrupted = False
    # Ctrl-C and SIGTERM stop the match at the next safe point (stop.check): the games in flight are abandoned
    # (a game with a Python bot is finished first), whole chunks stay.
    with Progress(total, already, bar=show, lines=not cfg.quiet) as bar:
        try:
            for k in todo:
                stop.check()
                first, count = chunk_span(k, cs, total)
                errors: list = []
                t = time.perf_counter()
                tables = chunk_tables(seats, converter, cfg, first, count, threads, errors, bar, stop, writer.dir)
                session.wrote(count)
                extra = {"seconds": round(time.perf_counter() - t, 4)}
                if errors:
                    extra["errors"] = errors
                writer.write_chunk(k, first, tables, **extra)
                played += count
        except KeyboardInterrupt:
            interrupted = True
        except BaseException as e:  # a full disk, a bot calling sys.exit(): every listed chunk is whole, resumable
            session.stopped_by(e)
            raise
    elapsed = session.elapsed()
    written = session.end(elapsed)
    n_errors = sum(len(c.get("errors", [])) for c in m["chunks"])
    from galaxysim.results.match_report import match_report

    report = match_report(writer.dir)
    if written == total:
        return MatchOutcome(writer.dir, "complete", written, total, played, elapsed, n_errors, report)
    msg = (f"interrupted: {written:,} of {total:,} games written to {writer.dir}; continue with: "
           f"galaxysim {cfg.kind} --out {writer.dir} --resume" + ("" if interrupted else ""))
    return MatchOutcome(writer.dir, "interrupted", written, total, played, elapsed, n_errors, report, msg)
