"""About how long one game takes on one thread, from the config alone (nothing is played).

Chunks are sized with it before a run starts, so that a chunk is a few seconds of play whatever the bots:
with random or heuristic bots a game takes tens of microseconds, with `ismcts` seconds. The figures are
this project's benchmarks on a 2-core AMD EPYC VM (README, Speed); on another machine they are off by a
constant factor, which is harmless: only the order of magnitude sizes a chunk. A seat searches only at its
decisions with more than one legal action, about SEARCHED_DECISIONS of them a game; iterations late in a game
(short playouts) are cheaper than the first-round ones the ISMCTS speed benchmark times.
"""
from __future__ import annotations

from typing import Sequence

from . import bots as botreg

#: A game with random bots, per player (RftG: 2p 19 us, 4p 37 us, RvI 6p 73 us; Alien Frontiers: ~65 us).
GAME_SECONDS_PER_PLAYER = {"rftg": 12e-6, "af": 65e-6}
#: A heuristic seat's extra cost per game (4p base: 37 us with random bots, 67 us with heuristic ones).
HEURISTIC_SECONDS = {"rftg": 8e-6, "af": 30e-6}
#: One ISMCTS iteration over a whole game, per player (measured: RftG 2p 1,000 iterations a decision 1.0 s a
#: game, 4p 100 iterations 0.17 s; AF 2p 100 iterations 1.5 s).
ITERATION_SECONDS_PER_PLAYER = {"rftg": 5.5e-6, "af": 28e-6}
#: Decisions with a choice, per seat and game (measured with ismcts:ms=10: ~90 in RftG 2p, ~260 in AF 2p).
SEARCHED_DECISIONS = {"rftg": 90, "af": 260}
DEFAULT_ITERATIONS = 1000  # core/bots/bot_spec.cpp
#: Decisions a `net:search=N` seat searches, per game: RftG's action cards, one choice a round (about 14); every
#: AF decision with a choice.
NET_SEARCHED_DECISIONS = {"rftg": 14, "af": 260}
#: One decision of a `net` seat: a forward pass (choose=policy), or a step and a forward pass per legal action on
#: a determinization (choose=value, per determinization) (docs/net.md, "Speed").
NET_DECISION_SECONDS = {"policy": 1e-6, "value": 6e-6}
#: A `net:search=N,leaf=policy` iteration over a random playout's (measured in RftG 2p: 4,000 iterations cost 5x).
POLICY_PLAYOUT_FACTOR = 5
#: A `net:search=N,leaf=net` iteration (a forward pass, no playout) over a random playout's (measured: RftG 2p about
#: 1/4; AF 2p, 100 iterations at every decision, 0.08 s a game against the 1.5 s this module gives playouts).
NET_LEAF_FACTOR = {"rftg": 0.25, "af": 0.05}


def seconds_per_game(game: str, players: int, bots: Sequence[str]) -> float:
    """Estimated seconds of one thread's time for one game of `game` with these seat bots (one spec each)."""
    return game_seconds(game, players) + sum(seat_seconds(game, players, spec) for spec in bots)


def game_seconds(game: str, players: int) -> float:
    """A game with random bots."""
    return GAME_SECONDS_PER_PLAYER[_key(game)] * max(1, players)


def seat_seconds(game: str, players: int, spec: str) -> float:
    """What one seat with bot `spec` adds to a game (0 for random, and for a bot this module does not know)."""
    name = botreg.spec_name(spec) if isinstance(spec, str) else ""
    if name == "heuristic":
        return HEURISTIC_SECONDS[_key(game)]
    if name == "ismcts":
        return SEARCHED_DECISIONS[_key(game)] * _search_seconds(_key(game), players, spec)
    if name == "net":
        options = _ismcts_options(spec)  # (any spec's key=value options)
        value = options.get("choose", "value" if game == "af" else "policy") == "value"
        dets = options.get("dets", 1) if isinstance(options.get("dets", 1), int) else 1
        per = NET_DECISION_SECONDS["value"] * max(1, dets) if value else NET_DECISION_SECONDS["policy"]
        search = options.get("search", 0) if isinstance(options.get("search", 0), int) else 0
        searched = NET_SEARCHED_DECISIONS[_key(game)] * _iterations_seconds(game, players, search)
        if options.get("leaf") == "policy":
            searched *= POLICY_PLAYOUT_FACTOR
        elif options.get("leaf") == "net":
            searched *= NET_LEAF_FACTOR[_key(game)]
        return SEARCHED_DECISIONS[_key(game)] * per + searched
    return 0.0


def _key(game: str) -> str:
    return "af" if game == "af" else "rftg"


def _search_seconds(game: str, players: int, spec: str) -> float:
    """One decision of an `ismcts` seat: its time budget, or its iterations times an iteration's cost."""
    options = _ismcts_options(spec)
    ms = options.get("ms")
    if isinstance(ms, (int, float)) and ms > 0:
        return ms / 1000
    iterations = options.get("iterations", options.get("iters", DEFAULT_ITERATIONS))
    if not isinstance(iterations, (int, float)) or iterations <= 0:
        iterations = DEFAULT_ITERATIONS  # the engine rejects it with a clear error later
    return _iterations_seconds(game, players, iterations)


def _iterations_seconds(game: str, players: int, iterations: float) -> float:
    """That many ISMCTS iterations of one decision."""
    return iterations * ITERATION_SECONDS_PER_PLAYER[_key(game)] * max(1, players)


def _ismcts_options(spec: str) -> dict:
    _, _, text = spec.partition(":")
    try:
        return botreg.parse_options(spec, text)
    except botreg.BotSpecError:
        return {}
