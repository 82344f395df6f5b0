"""`galaxysim match` and `galaxysim tournament` (registered by sim/cli.py)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

MATCH_EXAMPLES = """\
examples:
  galaxysim match --bots ismcts:iterations=1000,heuristic --games 200 --seed 7
  galaxysim match --bots ismcts:ms=50,random --players 4 --games 400     # seats A,B,A,B, rotated
  galaxysim match --bots py:mybots.Greedy,heuristic --games 100           # a Python bot (mybots.py here)
  galaxysim match --game af --bots ismcts,heuristic --games 100            # Alien Frontiers, 2 players
  galaxysim match --out runs/m1 --resume                                   # finish an interrupted match

Every bot plays every seat equally often, on the same deals (deal j is the same in every seating).
--games is per group of bots and rounded up to a multiple of the players (the seat rotations).
Bot specs: random, heuristic, net[:key=value,...] (docs/net.md), ismcts[:key=value,...] (see docs/bots.md; ismcts
options: iterations, ms, c, determinizations, rollout, epsilon, depth, temperature, margin, margin_scale, threads,
seed, max_nodes, cheat),
py:module.Factory[:key=value,...] for a Python bot.
"""

TOURNAMENT_EXAMPLES = """\
examples:
  galaxysim tournament --bots random,heuristic,ismcts:iterations=250,ismcts:iterations=1000 --games 100
  galaxysim tournament --bots random,heuristic,ismcts --players 3 --games 60 --json
  galaxysim tournament --game af --bots random,heuristic,ismcts:iterations=250 --games 40

Every group of --players different bots plays --games games (every seat rotation, the same deals);
ratings (Bradley-Terry by rank on the Elo scale) come with 95% bootstrap intervals.
"""


def _add(sub, name: str, help_text: str, epilog: str, fmt, count, integer) -> argparse.ArgumentParser:
    p = sub.add_parser(name, help=help_text, formatter_class=fmt, epilog=epilog,
                       description=help_text[0].upper() + help_text[1:] + ": seat-rotated, seeded games into a "
                                   "run folder,\nthen win rates with 95% intervals, head to head and ratings.")
    p.add_argument("--bots", metavar="LIST", help="bot specs, comma-separated; a comma inside ismcts options is "
                                                  "fine (ismcts:iterations=500,c=0.5,random)")
    p.add_argument("--games", metavar="N", type=count, help="games per group of bots (default 100)")
    p.add_argument("--game", metavar="NAME", help="rftg (Race for the Galaxy) or af (Alien Frontiers) (default rftg)")
    p.add_argument("--players", metavar="N", type=integer, help="players per game (default 2)")
    p.add_argument("--expansion", metavar="NAME", help="RftG: base, tgs or rvi (default base)")
    p.add_argument("--advanced", action="store_true", help="RftG: the advanced 2-player game")
    p.add_argument("--long-game", action="store_true", help="AF: 8 colonies per player with 3 and 4 players")
    p.add_argument("--goals", action=argparse.BooleanOptionalAction, default=None,
                   help="RftG tgs/rvi: the goals (default on, as the rulebook says)")
    p.add_argument("--takeovers", action="store_true", help="RftG rvi: takeovers (default off)")
    p.add_argument("--draft", action="store_true", help="RftG tgs/rvi: the draft variant")
    p.add_argument("--seed", metavar="N", type=integer, help="run seed (default: random, recorded)")
    p.add_argument("--threads", metavar="N", type=integer, help="engine threads (default: all cores)")
    p.add_argument("--out", metavar="DIR", help=f"run folder (default runs/{name}-rftg-<expansion>-<N>p-seed<seed>, "
                                                f"runs/{name}-af-<N>p-seed<seed>)")
    p.add_argument("--chunk-size", metavar="N", type=count, help="games per chunk file")
    p.add_argument("--record-decisions", action="store_true", help="also write decisions/")
    p.add_argument("--overwrite", action="store_true", help="replace the run in an existing --out folder")
    p.add_argument("--resume", action="store_true", help="continue the match in --out")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or messages")
    return p


def add_parsers(sub, fmt, count, integer) -> dict[str, argparse.ArgumentParser]:
    return {
        "match": _add(sub, "match", "play bots against each other", MATCH_EXAMPLES, fmt, count, integer),
        "tournament": _add(sub, "tournament", "play every group of bots against each other", TOURNAMENT_EXAMPLES,
                           fmt, count, integer),
    }


def run(ns: argparse.Namespace, kind: str) -> int:
    from .bots import split_specs
    from .config import ConfigError, check_threads
    from .match import MatchConfig, play, resume

    if ns.bots is None:
        if not (ns.resume and ns.out):
            raise ConfigError(f"--bots is required (e.g. --bots heuristic,random), or --out DIR --resume")
        check_threads(ns.threads)
        outcome = resume(ns.out, threads=ns.threads, quiet=ns.quiet)
    else:
        given = {"game": ns.game, "players": ns.players, "expansion": ns.expansion, "games": ns.games,
                 "seed": ns.seed}
        explicit = {"kind", "bots", *(k for k, v in given.items() if v is not None)}
        if ns.advanced:
            explicit.add("advanced")
        if ns.long_game:
            explicit.add("long_game")
        if ns.record_decisions:
            explicit.add("record_decisions")
        explicit.update(k for k in ("goals", "takeovers", "draft") if getattr(ns, k))
        cfg = MatchConfig(bots=split_specs(ns.bots), kind=kind, game=ns.game or "rftg",
                          players=2 if ns.players is None else ns.players, expansion=ns.expansion or "base",
                          advanced=ns.advanced, long_game=ns.long_game, goals=ns.goals, takeovers=ns.takeovers,
                          draft=ns.draft, games=100 if ns.games is None else ns.games, seed=ns.seed,
                          threads=ns.threads, out=ns.out, chunk_size=ns.chunk_size,
                          record_decisions=ns.record_decisions, overwrite=ns.overwrite, resume=ns.resume,
                          quiet=ns.quiet)
        outcome = play(cfg, explicit=explicit)
    if outcome.report is not None:
        print(json.dumps(outcome.report.to_dict(), indent=1) if ns.json else outcome.report.format(), flush=True)
        if outcome.report.all_failed:  # nothing was measured: a script must not take this for a result
            first = outcome.report.error_samples[0]["message"] if outcome.report.error_samples else "?"
            print(f"galaxysim: every game of the {kind} ({outcome.report.games:,}) was stopped by a bot error; "
                  f"first: {first}", file=sys.stderr, flush=True)
            return 1
    if not outcome.complete:
        print(f"galaxysim: {outcome.message}", file=sys.stderr, flush=True)
        return 130
    return 0


COMMANDS: dict[str, Any] = {"match": lambda ns: run(ns, "match"), "tournament": lambda ns: run(ns, "tournament")}
