"""A match's games: the players of each seating (Seats: the engine's batch runner for a seating of built-in bots,
else the engine's game loop calling Python bots) and a chunk's games played lineup by lineup into the engine's
columns (play_games), or into the run folder's tables (chunk_tables: with recorded decisions, in slices as a
run's chunk, galaxysim.sim.recorded_chunk). Game i of a match is deal i % deals of seating i // deals.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from galaxysim.stop_requests import StopRequests

from . import bots as botreg
from .arrow_tables import TableConverter, join_columns
from .engine import af_texts, batch_module, card_text
from .errors import ConfigError, one_line
from .match_config import MatchConfig
from .progress import Progress
from .recorded_chunk import play_in_slices


class Seats:
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
                raise ConfigError(one_line(str(e))) from None
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


def check_builtin_seats(cfg: MatchConfig) -> None:
    """What the engine says of the match's game and of its built-in bots (ConfigError); no Python bot is
    imported."""
    seats = Seats(cfg, {})
    lineup = next((x for x in cfg.lineups() if seats.all_builtin(x)), None)
    if lineup is not None:
        seats.runner(lineup)
    for b in dict.fromkeys(cfg.bots):
        if botreg.is_builtin(b):
            botreg.make(b, game=cfg.game)


def replay_runner(cfg: MatchConfig, game_index: int) -> tuple[Any, int, list[str]]:
    """What re-plays game `game_index` of a match or tournament: the batch runner of its lineup, the game's deal
    (its index in that runner's numbering) and the bots by seat. Only built-in bots re-play from the seed; a
    game that seats a Python bot is refused (ConfigError)."""
    lineup_index, deal = divmod(game_index, cfg.deals)
    lineup = cfg.lineups()[lineup_index]
    seats = Seats(cfg, {})
    if not seats.all_builtin(lineup):
        python = ", ".join(dict.fromkeys(b for b in lineup if not botreg.is_builtin(b)))
        raise ConfigError(f"--game {game_index} seats the Python bot {python}: galaxysim replay re-plays games of "
                          "built-in bots only")
    return seats.runner(lineup), deal, list(lineup)


#: The per-seat values of a game's record (play_game) and its list column (the engine's <prefix>_offsets and
#: <prefix>_cards), by game.
_SEAT_VALUES = {
    "rftg": (("start_world", "score", "score_cards", "score_chips", "score_six_cost", "rank", "won", "hand_size",
              "goods", "score_goals", "goals_first_mask", "goals_most_mask", "goals_most_tied_mask",
              "takeovers_declared", "takeovers_won", "takeovers_lost", "takeovers_defended"), "tableau"),
    "af": (("score", "score_colonies", "score_territories", "score_tech", "score_positron", "rank", "won", "ore",
            "fuel", "ships", "colonies_left", "hub", "territories"), "tech"),
}

#: The per-game values of a game's record beyond those both games have, by game.
_GAME_VALUES = {"rftg": ("robot_score", "robot_score_cards", "robot_score_chips", "robot_score_six_cost",
                         "goals_in_play"), "af": ()}


def _empty_columns(game: str) -> dict[str, dict[str, list]]:
    values, lst = _SEAT_VALUES[game]
    return {"games": {k: [] for k in ("game_index", "seed", "rounds", "end_reason", "winners_mask", "decisions",
                                      "wall_time_us", *_GAME_VALUES[game])},
            "seats": {k: [] for k in ("game_index", "seat", "bot", *values)}
            | {f"{lst}_offsets": [0], f"{lst}_cards": []},
            "decisions": {k: [] for k in ("game_index", "step", "seat", "kind", "action", "legal", "observation")}}


def _python_segment(seats: Seats, lineup, bot_codes, seed, first_deal, count, offset, record, errors, bar,
                    stop: StopRequests):
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
        stop.check()  # (a game with a Python bot is not stopped half way)
    obs = d.pop("observation")
    # (the seeds as uint64, the engine's type: numpy makes a list of ints above and below 2**63 float64)
    out = {t: {k: np.asarray(v, np.uint64 if k == "seed" else None) for k, v in c.items()} for t, c in cols.items()}
    if record:
        out["decisions"]["observation"] = np.concatenate(obs) if obs else np.zeros((0, obs_size), np.int16)
    return out


def _run_showing_progress(runner, bar: Progress, seed: int, first: int, count: int, threads: int, record: bool,
                          stop: StopRequests) -> dict:
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
        stop.check()  # the games in flight are abandoned
        bar.to(before + min(count, runner.games_played - start))
    if "error" in box:
        raise box["error"]
    bar.to(before + count)
    return box["result"]


def play_games(seats: Seats, cfg: MatchConfig, first: int, count: int, threads: int, entrants: list[str],
               errors: list, bar, stop: StopRequests) -> dict:
    """The engine's columns of games first .. first+count-1 of the match, played lineup by lineup (seats.bot as
    indices into `entrants`); a Python bot's failures are appended to `errors`; `bar` moves as games finish and
    `stop` is checked between games (galaxysim.stop_requests)."""
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
                                        cfg.record_decisions, stop)
            for t in ("games", "seats", "decisions"):
                res[t]["game_index"] = res[t]["game_index"] + offset
            res["seats"]["bot"] = codes[res["seats"]["bot"]]
        else:
            res = _python_segment(seats, lineup, codes, int(cfg.seed), j, n, offset, cfg.record_decisions, errors,
                                  bar, stop)
        parts.append(res)
        i += n
    return join_columns(parts)


def chunk_tables(seats: Seats, converter: TableConverter, cfg: MatchConfig, first: int, count: int, threads: int,
                  errors: list, bar, stop: StopRequests, folder: Path) -> dict:
    """The run folder's tables of games first .. first+count-1. With recorded decisions the chunk is played in
    slices, as a run's is, so that memory does not grow with the chunk size (galaxysim.sim.recorded_chunk)."""
    def play(start: int, n: int) -> dict:
        return play_games(seats, cfg, start, n, threads, list(cfg.bots), errors, bar, stop)

    if cfg.record_decisions:
        return play_in_slices(play, converter, first, count, threads, folder).tables
    return converter.tables(play(first, count))
