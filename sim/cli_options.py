"""The game options of the command line, shared by `galaxysim run` and `galaxysim compare`.

Every option is absent from the parsed namespace unless given (argparse.SUPPRESS), so that a config file and
the RunConfig defaults fill in the rest; each has a config-file key of the same name (sim/config.py).
"""
from __future__ import annotations

import argparse
from typing import Callable

from .config import DEFAULT_GAMES, RunConfig

#: The game options, in the order --help lists them (dest names: RunConfig keys).
GAME_OPTIONS = ("game", "players", "expansion", "advanced", "goals", "takeovers", "draft", "solo_difficulty",
                "solo_config", "long_game", "bots", "games", "seed", "threads", "chunk_size")


def add_game_options(p: argparse.ArgumentParser, count: Callable[[str], int], integer: Callable[[str], int],
                     *, games_help: str | None = None, seed_help: str | None = None) -> None:
    """Adds the options that say what is played (game, players, expansion and its options, Alien Frontiers'
    long game, bots, games, seed) and how (threads, chunk size) to `p`."""
    S = argparse.SUPPRESS
    d = RunConfig()
    p.add_argument("--game", metavar="NAME", default=S,
                   help=f"rftg (Race for the Galaxy) or af (Alien Frontiers) (default {d.game})")
    p.add_argument("--players", metavar="N", type=integer, default=S, help=f"number of players (default {d.players})")
    p.add_argument("--expansion", metavar="NAME", default=S, help=f"base, tgs or rvi (default {d.expansion})")
    p.add_argument("--advanced", action=argparse.BooleanOptionalAction, default=S,
                   help="the advanced 2-player game (default off)")
    p.add_argument("--goals", action=argparse.BooleanOptionalAction, default=S,
                   help="tgs/rvi: the goals (default: on, as the rulebook says, except in the solo game)")
    p.add_argument("--takeovers", action=argparse.BooleanOptionalAction, default=S,
                   help="rvi: takeovers of military worlds (default off, as in a first game)")
    p.add_argument("--draft", action=argparse.BooleanOptionalAction, default=S,
                   help="tgs/rvi: the draft variant, each player with their own deck (tgs 2-3, rvi 2-5 players)")
    p.add_argument("--solo-difficulty", metavar="LEVEL", default=S,
                   help="the solo game (--players 1, tgs/rvi): the robot's level, easy, medium or hard "
                        "(default medium)")
    p.add_argument("--solo-config", metavar="FILE", default=S,
                   help="the solo game: a solo configuration file (robot data and the rulebook's missing values; "
                        "default: the shipped core/data/rftg_solo.txt)")
    p.add_argument("--long-game", action=argparse.BooleanOptionalAction, default=S,
                   help="Alien Frontiers: 8 colonies per player with 3 and 4 players (default off)")
    p.add_argument("--bots", metavar="LIST", default=S,
                   help="one bot per seat, comma-separated, e.g. random,heuristic,heuristic,heuristic; a single "
                        "name plays every seat (default heuristic)")
    p.add_argument("--games", metavar="N", type=count, default=S,
                   help=games_help or f"number of games, e.g. 50000, 50k, 1M (default {DEFAULT_GAMES:,})")
    p.add_argument("--seed", metavar="N", type=integer, default=S,
                   help=seed_help or "run seed, 0..2**64-1 (default: random, recorded in the manifest)")
    p.add_argument("--threads", metavar="N", type=integer, default=S, help="engine threads (default: all cores)")
    p.add_argument("--chunk-size", metavar="N", type=count, default=S,
                   help="games per chunk file (default: 10,000 per thread, at least 1,000; with ismcts bots "
                        "about 10 seconds of play)")
