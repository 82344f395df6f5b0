"""`galaxysim replay RUN --game i`: one game of a run, match or tournament re-played from its seed and config,
decision by decision as readable lines, and checked against the rows stored for it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from galaxysim.results.arrays import column, numpy, read_parquet
from galaxysim.results.manifest import RunFolderError
from galaxysim.results.reader import open_run

from .bots import plays_by_the_clock
from .engine import batch_module, make_runner
from .errors import ConfigError
from .match_games import replay_runner
from .match import stored_config as stored_match_config
from .stored_config import is_match, refuse_imported, run_config


class ReplayMismatch(Exception):
    """A replayed game does not give the stored result."""


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
    refuse_imported(run, "replay")
    m = run.manifest
    if not 0 <= game_index < m["games"]:
        raise ConfigError(f"--game {game_index}: {out} has games 0 to {m['games'] - 1}")
    chunk = run.chunk_for_game(game_index)
    if chunk is None:
        raise ConfigError(f"--game {game_index}: that game is not written yet (the run is {m['status']}; "
                          f"galaxysim resume {out} plays it)")
    if is_match(run):  # game i is deal i % deals of lineup i // deals (galaxysim.sim.match)
        cfg = stored_match_config(run)
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
