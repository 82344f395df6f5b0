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

Built-in C++ bots only: the GIL-free batch path on all cores. With a Python bot in a lineup: the C++ game
loop calling the Python bot (one game at a time, the GIL held; slower). A Python bot that raises or answers
an illegal action stops that game: it is written with end_reason "bot_error", nobody wins, and the error
(bot, decision, legal actions) is listed in the manifest's chunk entry under "errors"; the run goes on.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import json
import math
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from galaxysim.results import manifest as mf
from galaxysim.results import schema as sch
from galaxysim.results.reader import open_run, verify_run
from galaxysim.results.writer import RunWriter, clean_folder, games_written, lock_is_held, remove_run_folder_contents

from . import bots as botreg
from . import game_cost
from .config import (EXPANSIONS, MAX_CHUNKS, MAX_GAMES, ConfigError, all_cores, check_counts, check_out,
                     check_types, time_capped)
from .progress import Progress
from .run import (_Converter, _locked, _now, _signals, _stderr, af_texts, batch_module, card_text,
                  check_net_models, engine_version, galaxysim_version, net_models, observation_info, raise_interrupt,
                  refuse_foreign_overwrite, write_failure)

KINDS = ("match", "tournament")
GAMES = ("rftg", "af")
#: Players per game of a match.
PLAYERS = {"rftg": (2, 6), "af": (2, 4)}
#: What names a match (its run id): these, plus game and long_game for Alien Frontiers.
_ID_KEYS = ("kind", "players", "expansion", "advanced", "bots", "games", "seed", "record_decisions")
#: What must match between a stored match and a `--resume` that names it.
DETERMINING_KEYS = _ID_KEYS + ("game", "long_game", "goals", "takeovers", "draft")


@dataclass
class MatchConfig:
    bots: list[str]
    kind: str = "match"
    game: str = "rftg"
    players: int = 2
    expansion: str = "base"
    advanced: bool = False
    long_game: bool = False  # Alien Frontiers: 8 colonies per player with 3 and 4 players
    goals: bool | None = None  # tgs/rvi: None is the rulebook default (on)
    takeovers: bool = False    # rvi
    draft: bool = False        # tgs/rvi
    games: int = 100  # per group of bots; rounded up to a multiple of `players` (the seat rotations)
    seed: int | None = None
    threads: int | None = None
    out: str | None = None
    chunk_size: int | None = None
    record_decisions: bool = False
    overwrite: bool = False
    resume: bool = False
    quiet: bool = False

    def validate(self) -> None:
        check_types(self, _flag)
        if self.kind not in KINDS:
            raise ConfigError(f"unknown kind {self.kind!r} (match or tournament)")
        if self.game not in GAMES:
            raise ConfigError(f"--game: unknown game {self.game!r} (expected one of {', '.join(GAMES)})")
        if self.game == "af":
            if self.expansion != "base":
                raise ConfigError(f"--expansion: Alien Frontiers has no expansions (got {self.expansion!r})")
            if self.advanced:
                raise ConfigError("--advanced is a Race for the Galaxy option (Alien Frontiers has --long-game)")
        elif self.long_game:
            raise ConfigError("--long-game is an Alien Frontiers option")
        if self.expansion not in EXPANSIONS:
            raise ConfigError(f"--expansion: unknown expansion {self.expansion!r}")
        lo, hi = PLAYERS[self.game]
        if not lo <= self.players <= hi:
            raise ConfigError(f"--players must be {lo} to {hi} for a {self.game} {self.kind}, not {self.players}")
        if self.advanced and self.players != 2:
            raise ConfigError("--advanced is the 2-player game: use --players 2")
        if self.expansion == "base" and (self.goals or self.takeovers or self.draft):
            raise ConfigError("--goals, --takeovers and --draft need --expansion tgs or rvi")
        self.bots = [b.strip() for b in self.bots]
        if any(not b for b in self.bots):
            raise ConfigError("--bots: an empty bot name")
        if len(set(self.bots)) != len(self.bots):
            raise ConfigError(f"--bots lists a bot twice ({','.join(self.bots)}): give each bot once")
        k, p = len(self.bots), self.players
        if self.kind == "match" and not 2 <= k <= p:
            raise ConfigError(f"a match takes 2 to {p} bots for {p} players, got {k}" +
                              (" (use galaxysim tournament for more)" if k > p else ""))
        if self.kind == "tournament" and k < max(3, p):
            raise ConfigError(f"a tournament of {p}-player games takes at least {max(3, p)} bots, got {k}")
        check_counts(self.games, self.seed, self.threads, None, _flag)
        check_out(self.out)
        total = self.total_games  # every lineup's games
        if total > MAX_GAMES:
            raise ConfigError(f"--games {self.games:,} per group of bots is {total:,} games in all, more than "
                              f"{MAX_GAMES:,} (1e12)")
        if self.chunk_size is not None:
            check_counts(total, None, None, self.chunk_size, _flag)
        if self.overwrite and self.resume:
            raise ConfigError("--overwrite and --resume exclude each other")

    # --- the plan -----------------------------------------------------------------------------------------------
    @property
    def deals(self) -> int:
        return -(-self.games // self.players)

    def lineups(self) -> list[tuple[str, ...]]:
        """Seat assignments, in order: every group of bots in every rotation."""
        p = self.players
        if self.kind == "match":
            groups = [tuple(self.bots[i % len(self.bots)] for i in range(p))]
        else:
            groups = list(itertools.combinations(self.bots, p))
        return [g[r:] + g[:r] for g in groups for r in range(p)]

    @property
    def total_games(self) -> int:
        return len(self.lineups()) * self.deals

    def manifest_config(self) -> dict[str, Any]:
        out = {"kind": self.kind, "game": self.game, "players": self.players, "expansion": self.expansion,
               "advanced": self.advanced, "bots": list(self.bots), "games": self.games, "seed": self.seed,
               "record_decisions": self.record_decisions, "chunk_size": self.chunk_size, "threads": self.threads,
               "deals": self.deals, "lineups": [list(x) for x in self.lineups()]}
        if self.game == "af":
            out["long_game"] = self.long_game
        elif self.expansion != "base":
            out.update(goals=self.goals, takeovers=self.takeovers, draft=self.draft)
        return out

    def game_options(self) -> dict[str, Any]:
        """The expansions' options as engine keywords (galaxysim._batch.Runner, rftg.Game)."""
        return {"goals": -1 if self.goals is None else int(self.goals), "takeovers": self.takeovers,
                "draft": self.draft}

    @classmethod
    def from_manifest(cls, config: Mapping[str, Any]) -> "MatchConfig":
        keys = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in config.items() if k in keys})

    @property
    def variant(self) -> str:
        if self.game == "af":
            return "long_game" if self.long_game else "standard"
        from .config import rftg_variant_label

        return rftg_variant_label(self.expansion, self.players, self.advanced, self.goals, self.takeovers, self.draft)


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def is_match_run(config: Mapping[str, Any]) -> bool:
    return config.get("kind") in KINDS


def auto_chunk_size(total: int, threads: int, seconds_per_game: float = 0.0) -> int:
    """About 20 chunks, but at most AUTO_CHUNK_SECONDS of play each (a Ctrl-C waits for the chunk in flight);
    `seconds_per_game` is one thread's time for a game (sim/game_cost.py)."""
    size = max(4 * threads, min(10_000, -(-total // 20)))
    size = max(time_capped(size, threads, seconds_per_game), -(-total // MAX_CHUNKS))  # at most MAX_CHUNKS chunks
    return max(1, min(total, size))


def slowest_game_seconds(cfg: "MatchConfig") -> float:
    """The estimated time of a game whose seats hold the slowest entrants (sim/game_cost.py)."""
    seats = sorted(game_cost.seat_seconds(cfg.game, cfg.players, b) for b in cfg.bots)[-cfg.players:]
    return game_cost.game_seconds(cfg.game, cfg.players) + sum(seats)


def default_out(cfg: MatchConfig, root: Path = Path("runs")) -> Path:
    if cfg.game == "af":
        return root / f"{cfg.kind}-af-{cfg.players}p{'-long' if cfg.long_game else ''}-seed{cfg.seed}"
    adv = "-adv" if cfg.advanced else ""
    return root / f"{cfg.kind}-{cfg.game}-{cfg.expansion}-{cfg.players}p{adv}-seed{cfg.seed}"


def run_id(cfg: MatchConfig) -> str:
    key = {k: getattr(cfg, k) for k in _ID_KEYS}
    if cfg.game == "af":
        key.update(game=cfg.game, long_game=cfg.long_game)
    elif cfg.expansion != "base":  # base-game ids as they were
        key.update(goals=cfg.goals, takeovers=cfg.takeovers, draft=cfg.draft)
    key["engine_version"] = engine_version()
    return "m-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]


# --- playing ---------------------------------------------------------------------------------------------------------

class _Seats:
    """Makes and keeps the players of each lineup: a batch Runner for all-C++ lineups, else one object per seat
    (Python bots made from their specs, or given as objects) for the C++ loop with Python calls."""

    def __init__(self, cfg: MatchConfig, objects: Mapping[str, Any]):
        self.cfg = cfg
        self.objects = dict(objects)
        self._runners: dict[tuple[str, ...], Any] = {}
        self._python: dict[tuple[str, ...], list[Any]] = {}
        self._game = None

    def all_builtin(self, lineup: Sequence[str]) -> bool:
        return all(b not in self.objects and botreg.is_builtin(b) for b in lineup)

    def runner(self, lineup: tuple[str, ...]):
        if lineup not in self._runners:
            b = batch_module()
            try:
                if self.cfg.game == "af":
                    self._runners[lineup] = b.AfRunner(af_texts(), self.cfg.players, self.cfg.long_game,
                                                       list(lineup))
                else:
                    self._runners[lineup] = b.Runner(card_text(), self.cfg.players, self.cfg.expansion,
                                                     self.cfg.advanced, list(lineup), **self.cfg.game_options())
            except ValueError as e:
                raise ConfigError(" ".join(str(e).split())) from None
        return self._runners[lineup]

    def game(self):
        if self._game is None:
            if self.cfg.game == "af":
                from galaxysim import af

                self._game = af.Game(players=self.cfg.players, long_game=self.cfg.long_game)
            else:
                from galaxysim import rftg

                opts = self.cfg.game_options()
                self._game = rftg.Game(players=self.cfg.players, expansion=self.cfg.expansion,
                                       advanced=self.cfg.advanced,
                                       goals=None if opts["goals"] < 0 else bool(opts["goals"]),
                                       takeovers=self.cfg.takeovers, draft=self.cfg.draft)
        return self._game

    def play_game(self, *args):
        """The engine's game loop with Python seats (galaxysim._rftg / galaxysim._af play_game)."""
        if self.cfg.game == "af":
            from galaxysim import _af

            return _af.play_game(self.game(), *args)
        from galaxysim import _rftg

        return _rftg.play_game(self.game(), *args)

    def python_seats(self, lineup: tuple[str, ...]) -> list[Any]:
        if lineup not in self._python:
            seats = []
            for b in lineup:
                if b in self.objects:
                    seats.append(self.objects[b])
                elif botreg.is_builtin(b):
                    seats.append(b)
                else:
                    seats.append(botreg.make(b, game=self.cfg.game))
            self._python[lineup] = seats
        return self._python[lineup]

    def check(self) -> None:
        """Every bot can be made (before any file is written)."""
        for lineup in dict.fromkeys(self.cfg.lineups()):
            if self.all_builtin(lineup):
                self.runner(lineup)
            else:
                self.python_seats(lineup)
                for b in lineup:
                    if botreg.is_builtin(b):
                        botreg.make(b, game=self.cfg.game)


def replay_runner(cfg: MatchConfig, game_index: int) -> tuple[Any, int, list[str]]:
    """What re-plays game `game_index` of a match or tournament: the batch runner of its lineup, the game's deal
    (its index in that runner's numbering) and the bots by seat. Only built-in bots re-play from the seed; a
    game that seats a Python bot is refused (ConfigError)."""
    lineup_index, deal = divmod(game_index, cfg.deals)
    lineup = cfg.lineups()[lineup_index]
    seats = _Seats(cfg, {})
    if not seats.all_builtin(lineup):
        python = ", ".join(dict.fromkeys(b for b in lineup if not botreg.is_builtin(b)))
        raise ConfigError(f"--game {game_index} seats the Python bot {python}: galaxysim replay re-plays games of "
                          "built-in bots only")
    return seats.runner(lineup), deal, list(lineup)


#: The per-seat values of a game's record (play_game) and its list column (the engine's <prefix>_offsets and
#: <prefix>_cards), by game.
_SEAT_VALUES = {
    "rftg": (("start_world", "score", "score_cards", "score_chips", "score_six_cost", "rank", "won", "hand_size",
              "goods", "score_goals"), "tableau"),
    "af": (("score", "score_colonies", "score_territories", "score_tech", "score_positron", "rank", "won", "ore",
            "fuel", "ships", "colonies_left", "hub", "territories"), "tech"),
}

#: The per-game values of a game's record beyond those both games have, by game.
_GAME_VALUES = {"rftg": ("robot_score",), "af": ()}


def _empty_columns(game: str) -> dict[str, dict[str, list]]:
    values, lst = _SEAT_VALUES[game]
    return {"games": {k: [] for k in ("game_index", "seed", "rounds", "end_reason", "winners_mask", "decisions",
                                      "wall_time_us", *_GAME_VALUES[game])},
            "seats": {k: [] for k in ("game_index", "seat", "bot", *values)}
            | {f"{lst}_offsets": [0], f"{lst}_cards": []},
            "decisions": {k: [] for k in ("game_index", "step", "seat", "kind", "action", "legal", "observation")}}


def _python_segment(seats: _Seats, lineup, bot_codes, seed, first_deal, count, offset, record, errors, bar):
    """Plays deals first_deal.. with Python bots in the lineup; returns the engine-like column dict."""
    values, lst = _SEAT_VALUES[seats.cfg.game]
    cols = _empty_columns(seats.cfg.game)
    obs_size = seats.game().observation_size
    players = seats.python_seats(lineup)
    labels = list(lineup)
    g, s, d = cols["games"], cols["seats"], cols["decisions"]
    for j in range(first_deal, first_deal + count):
        index = offset + j
        rec = seats.play_game(players, labels, seed, j, record)
        for k, v in (("game_index", index), ("seed", rec["seed"]), ("rounds", rec["rounds"]),
                     ("end_reason", rec["end_reason"]), ("winners_mask", rec["winners_mask"]),
                     ("decisions", rec["decisions"]), ("wall_time_us", rec["wall_time_us"]),
                     *((k, rec[k]) for k in _GAME_VALUES[seats.cfg.game])):
            g[k].append(v)
        for p, row in enumerate(rec["seats"]):
            s["game_index"].append(index)
            s["seat"].append(p)
            s["bot"].append(bot_codes[p])
            for k in values:
                s[k].append(row[k])
            s[f"{lst}_cards"].extend(row[lst])
            s[f"{lst}_offsets"].append(len(s[f"{lst}_cards"]))
        for step, seat, kind, action, legal in rec["decision_rows"]:
            for k, v in zip(("game_index", "step", "seat", "kind", "action", "legal"),
                            (index, step, seat, kind, action, legal)):
                d[k].append(v)
        if record:
            size = rec["observation_size"]
            d["observation"].append(np.frombuffer(rec["observations"], np.int16).reshape(-1, size))
            obs_size = size
        if rec["error"] is not None:
            errors.append({"game_index": index, "seat": rec["error_seat"], "bot": lineup[rec["error_seat"]],
                           "message": rec["error"]})
        bar.update(1)
    obs = d.pop("observation")
    out = {t: {k: np.asarray(v) for k, v in c.items()} for t, c in cols.items()}
    if record:
        out["decisions"]["observation"] = np.concatenate(obs) if obs else np.zeros((0, obs_size), np.int16)
    return out


def _merge(parts: list[dict[str, dict[str, np.ndarray]]]) -> dict[str, dict[str, np.ndarray]]:
    if len(parts) == 1:
        return parts[0]
    out: dict[str, dict[str, np.ndarray]] = {}
    for t in ("games", "seats", "decisions"):
        out[t] = {}
        for k in [k for k in parts[0][t] if all(k in p[t] for p in parts)]:
            if k.endswith("_offsets"):
                base, pieces = 0, [np.zeros(1, np.int64)]
                for p in parts:
                    off = np.asarray(p[t][k], np.int64)
                    pieces.append(off[1:] + base)
                    base += int(off[-1]) if len(off) else 0
                out[t][k] = np.concatenate(pieces)
            else:
                out[t][k] = np.concatenate([np.asarray(p[t][k]) for p in parts])
    return out


def _run_showing_progress(runner, bar: Progress, seed: int, first: int, count: int, threads: int, record: bool) -> dict:
    """runner.run(...) on a helper thread while this one moves the bar as games finish (Runner.games_played)
    and stays free for a Ctrl-C, which abandons the games in flight."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["result"] = runner.run(seed, first, count, threads, record)
        except BaseException as e:  # handed to the caller
            box["error"] = e

    start, before = runner.games_played, bar.games
    worker = threading.Thread(target=work, name="galaxysim-match-engine", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(timeout=0.1)
        bar.to(before + min(count, runner.games_played - start))
    if "error" in box:
        raise box["error"]
    bar.to(before + count)
    return box["result"]


def _play_chunk(seats: _Seats, cfg: MatchConfig, first: int, count: int, threads: int, entrants: list[str],
                errors: list, bar) -> dict:
    lineups = cfg.lineups()
    deals = cfg.deals
    parts = []
    i = first
    while i < first + count:
        li, j = divmod(i, deals)
        n = min(first + count - i, deals - j)
        lineup = lineups[li]
        codes = np.array([entrants.index(b) for b in lineup], np.int8)
        offset = li * deals
        if seats.all_builtin(lineup):
            res = _run_showing_progress(seats.runner(lineup), bar, int(cfg.seed), j, n, threads,
                                        cfg.record_decisions)
            for t in ("games", "seats", "decisions"):
                res[t]["game_index"] = res[t]["game_index"] + offset
            res["seats"]["bot"] = codes[res["seats"]["bot"]]
        else:
            res = _python_segment(seats, lineup, codes, int(cfg.seed), j, n, offset, cfg.record_decisions, errors,
                                  bar)
        parts.append(res)
        i += n
    return _merge(parts)


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
    With cfg.resume, the keys in `explicit` (default: all) must match the stored match."""
    objects = dict(objects or {})
    for name, obj in objects.items():
        if not callable(getattr(obj, "act", None)):
            raise botreg.BotSpecError(f"bot {name!r}: {type(obj).__name__} has no act(state, legal_actions)")
    cfg = dataclasses.replace(cfg)
    cfg.validate()  # (makes its own list of the bots: a string of specs is split as --bots is)
    if cfg.seed is None:
        cfg.seed = secrets.randbits(63)
    threads = int(cfg.threads or all_cores())
    out = Path(cfg.out) if cfg.out else default_out(cfg)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} exists and is not a folder")
    nonempty = out.is_dir() and any(out.iterdir())
    if nonempty and cfg.resume:
        return resume(out, cfg=cfg, objects=objects, threads=cfg.threads, quiet=cfg.quiet, progress=progress,
                      explicit=explicit)
    seats = _Seats(cfg, objects)
    seats.check()  # bad bots fail before any file is touched, and before the folder is looked at
    net_models(cfg, [b for b in cfg.bots if isinstance(b, str)])  # ... and bad net models
    if nonempty and not cfg.overwrite:
        raise ConfigError(f"--out {out} already exists and is not empty: pass --resume to continue the run in "
                          "it, or --overwrite to replace it")
    if nonempty:
        refuse_foreign_overwrite(out)
    if nonempty and lock_is_held(out):
        raise ConfigError(f"{out} is in use by another galaxysim process")
    if cfg.chunk_size is None:
        cfg.chunk_size = auto_chunk_size(cfg.total_games, threads, slowest_game_seconds(cfg))
    converter = _converter(cfg)
    out.mkdir(parents=True, exist_ok=True)
    with _locked(out):
        if nonempty:
            remove_run_folder_contents(out)
        total = cfg.total_games
        manifest: dict[str, Any] = {
            "format": mf.FORMAT, "format_version": mf.FORMAT_VERSION, "schema_version": sch.SCHEMA_VERSION,
            "run_id": run_id(cfg), "engine_version": engine_version(), "galaxysim_version": galaxysim_version(),
            "created": _now(), "config": cfg.manifest_config(),
            "tables": ["games", "seats"] + (["decisions"] if cfg.record_decisions else []),
            **({"observation": observation_info(seats.game(), cfg.game)} if cfg.record_decisions else {}),
            **net_models(cfg, [b for b in cfg.bots if isinstance(b, str)]),
            "chunk_size": cfg.chunk_size, "n_chunks": -(-total // cfg.chunk_size), "games": total,
            "status": "running", "elapsed_seconds": 0.0, "sessions": [], "cards": None, "chunks": [],
        }
        writer = RunWriter.create(out, manifest, sch.cards_table(converter.card_names))
        return _play(writer, seats, converter, cfg, threads, progress)


def resume(path, cfg: MatchConfig | None = None, objects: Mapping[str, Any] | None = None,
           threads: int | None = None, quiet: bool = False, progress: bool | None = None,
           explicit: set[str] | None = None) -> MatchOutcome:
    """Plays the games a match folder is missing (the plan comes from its manifest)."""
    out = Path(path)
    run = open_run(out)
    stored = run.manifest["config"]
    if not is_match_run(stored):
        raise ConfigError(f"{out} holds a run, not a match or tournament: use galaxysim resume {out}")
    if run.manifest.get("engine_version") != engine_version():
        raise ConfigError(f"{out} was played by engine {run.manifest.get('engine_version')}; this is engine "
                          f"{engine_version()}: start a new match instead of resuming")
    have = MatchConfig.from_manifest(stored)
    if cfg is not None:
        for key in DETERMINING_KEYS:
            if explicit is not None and key not in explicit:
                continue
            want = getattr(cfg, key)
            if want is not None and want != getattr(have, key):
                raise ConfigError(f"--resume: {out} was made with {key}={getattr(have, key)!r}, not {want!r}")
    have.quiet = quiet
    check_net_models(run.manifest, have, out)
    threads = int(threads or all_cores())
    seats = _Seats(have, dict(objects or {}))
    seats.check()
    verify_run(run)
    converter = _converter(have)
    with _locked(out):
        run = open_run(out)
        removed = clean_folder(out, run.manifest)
        if removed and not quiet:
            _stderr(f"galaxysim: removed {len(removed)} unfinished file(s) of the interrupted run")
        return _play(RunWriter(out, run.manifest), seats, converter, have, threads, progress)


@dataclass
class _ConverterConfig:
    game: str
    expansion: str
    players: int
    variant: str
    bots: list[str]
    record_decisions: bool


def _converter(cfg: MatchConfig) -> _Converter:
    view = _ConverterConfig(cfg.game, cfg.expansion, cfg.players, cfg.variant, list(cfg.bots), cfg.record_decisions)
    b = batch_module()
    if cfg.game == "af":
        names = b.af_names(af_texts())
        return _Converter(view, run_id(cfg), list(b.AF_END_REASONS), list(b.AF_DECISION_KINDS), list(names["tech"]),
                          names)
    return _Converter(view, run_id(cfg), list(b.END_REASONS), list(b.DECISION_KINDS),
                      list(b.design_names(card_text(), cfg.expansion)))


def _play(writer: RunWriter, seats: _Seats, converter: _Converter, cfg: MatchConfig, threads: int,
          progress: bool | None) -> MatchOutcome:
    m = writer.manifest
    cs, total = m["chunk_size"], m["games"]
    todo = [k for k in range(m["n_chunks"]) if k not in writer.done_chunks()]
    already = games_written(m)
    if not cfg.quiet and todo:
        lineups = cfg.lineups()
        _stderr(f"galaxysim: {cfg.kind} of {len(cfg.bots)} bots, {len(lineups)} seatings x {cfg.deals} deals = "
                f"{total:,} games on {threads} thread{'s' * (threads != 1)} into {writer.dir}")
    session = {"started": _now(), "threads": threads, "engine_version": engine_version(), "games": 0,
               "seconds": 0.0}
    m.setdefault("sessions", []).append(session)
    m["status"] = "running"
    writer.flush()
    base = float(m.get("elapsed_seconds") or 0.0)
    t0 = time.perf_counter()
    played = 0
    show = (not cfg.quiet and sys.stderr.isatty()) if progress is None else progress
    interrupted = False
    # Ctrl-C and SIGTERM both stop the match at once: the games in flight are abandoned, whole chunks stay.
    with _signals(raise_interrupt), Progress(total, already, bar=show, lines=not cfg.quiet) as bar:
        try:
            for k in todo:
                first = k * cs
                count = min(cs, total - first)
                errors: list = []
                t = time.perf_counter()
                res = _play_chunk(seats, cfg, first, count, threads, list(cfg.bots), errors, bar)
                tables = converter.tables(res)
                now = time.perf_counter() - t0
                session["games"] += count
                session["seconds"] = round(now, 3)
                m["elapsed_seconds"] = round(base + now, 3)
                extra = {"seconds": round(time.perf_counter() - t, 4)}
                if errors:
                    extra["errors"] = errors
                writer.write_chunk(k, first, tables, **extra)
                played += count
        except KeyboardInterrupt:
            interrupted = True
        except BaseException as e:  # a full disk, a bot calling sys.exit(): every listed chunk is whole, resumable
            m["status"] = "interrupted"
            with contextlib.suppress(OSError):
                writer.flush()
            if isinstance(e, OSError):
                raise write_failure(e, writer.dir, games_written(m), total,
                                    f"galaxysim {cfg.kind} --out {writer.dir} --resume") from e
            raise
    elapsed = time.perf_counter() - t0
    written = games_written(m)
    m["status"] = "complete" if written == total else "interrupted"
    session["seconds"] = round(elapsed, 3)
    m["elapsed_seconds"] = round(base + elapsed, 3)
    writer.flush()
    n_errors = sum(len(c.get("errors", [])) for c in m["chunks"])
    from galaxysim.results.match_report import match_report

    report = match_report(writer.dir)
    if written == total:
        return MatchOutcome(writer.dir, "complete", written, total, played, elapsed, n_errors, report)
    msg = (f"interrupted: {written:,} of {total:,} games written to {writer.dir}; continue with: "
           f"galaxysim {cfg.kind} --out {writer.dir} --resume" + ("" if interrupted else ""))
    return MatchOutcome(writer.dir, "interrupted", written, total, played, elapsed, n_errors, report, msg)
