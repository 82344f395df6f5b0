"""The `galaxysim` command line (also `python -m galaxysim`).

examples:
    galaxysim run                      # 100,000 games of RftG base, 4 heuristic bots, all cores
    galaxysim summary RUN              # win rates by seat and bot, mean score, rounds, games/s
    galaxysim replay RUN --game 17     # one game, step by step, checked against the stored result
    galaxysim resume RUN               # finish an interrupted run
    galaxysim import keldon FILE... --out RUN   # recorded games of the reference AI, replayed

Exit codes: 0 done; 1 failure (a replay that does not match, an I/O error);
2 bad input (flags, config file, run folder); 130 interrupted (resumable).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from galaxysim.cluster import ClusterError
from galaxysim.stop_requests import current as current_stop_requests
from galaxysim.stop_requests import listening
from galaxysim.user_text import shown

from . import cli_match, cli_train
from .cli_options import add_game_options
from .config import DEFAULT_GAMES, RunConfig, check_threads, load_toml, parse_bots, parse_count
from .errors import ConfigError, RunWriteError

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

RUN_EXAMPLES = f"""\
examples:
  galaxysim run
      {DEFAULT_GAMES:,} games of the base game, 4 heuristic bots, on all cores, into runs/<name>
  galaxysim run --players 2 --bots random,heuristic --games 50000 --seed 7 --out runs/rh
  galaxysim run --config my-run.toml --threads 8
  galaxysim run --out runs/rh --resume        continue runs/rh if it exists (same as: galaxysim resume runs/rh)
  galaxysim run --record-decisions --games 2000     also write decisions/ (the ML dataset)
  galaxysim run --game af --players 3 --games 20000 --seed 1     Alien Frontiers, 3 heuristic bots
  galaxysim run --expansion rvi --players 6 --takeovers --games 20000     Rebel vs Imperium, goals and takeovers
  galaxysim run --expansion tgs --players 3 --draft --no-goals            The Gathering Storm, draft variant
  galaxysim run --expansion rvi --players 1 --solo-config my-solo.txt     the solo game against the robot

config file (TOML; every flag has a key of the same name, flags win over the file):
  game = "rftg"
  players = 4
  bots = ["random", "heuristic", "heuristic", "heuristic"]
  games = 200000
  seed = 42

Ctrl-C stops after the chunk in flight (twice: at once) and leaves a run that
`galaxysim resume RUN` completes with exactly the rows of an uninterrupted run.
"""

SUMMARY_EXAMPLES = """\
examples:
  galaxysim summary runs/rftg-base-4p-seed7
  galaxysim summary runs/rftg-base-4p-seed7 --json
"""

REPLAY_EXAMPLES = """\
examples:
  galaxysim replay runs/rftg-base-4p-seed7 --game 0
  galaxysim replay runs/rftg-base-4p-seed7 --game 1234 | less

The game is re-played from the run's seed and config and its final scores,
rounds and winners are compared with the stored rows; the last line says
whether they match (exit code 1 when they do not).
"""

RESUME_EXAMPLES = """\
examples:
  galaxysim resume runs/rftg-base-4p-seed7
  galaxysim resume runs/rftg-base-4p-seed7 --threads 4 --quiet

Checks the folder (manifest, engine version, the checksum of every finished
chunk), removes files an interrupted run left half-written, and plays the
missing chunks; the result is identical to an uninterrupted run.
"""


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line (and exit code 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _count(text: str) -> int:
    """An integer, also written 100_000, 100k, 2M or 1e6."""
    try:
        return parse_count(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _int(text: str) -> int:
    try:
        return int(text.strip().replace("_", ""), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {shown(text)}") from None


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    p = _Parser(prog="galaxysim", formatter_class=fmt,
                description="Plays Race for the Galaxy against itself, fast, and writes every game to Parquet.",
                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--version", action="store_true", help="print the galaxysim and engine versions")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    S = argparse.SUPPRESS  # run flags: absent unless given, so a config file and the defaults can fill them in
    r = sub.add_parser("run", help="play a batch of games into a run folder", formatter_class=fmt,
                       description="Plays a batch of games on all local cores and writes a run folder\n"
                                   "(manifest.json, games/, seats/, decisions/, cards.parquet), then prints\n"
                                   "a summary. With no flags: the defaults shown below.",
                       epilog=RUN_EXAMPLES, argument_default=S)
    add_game_options(r, _count, _int)
    r.add_argument("--out", metavar="DIR", help="run folder (default runs/<game>-<expansion>-<N>p-seed<seed>, or "
                                                "-<timestamp> without --seed)")
    r.add_argument("--record-decisions", action=argparse.BooleanOptionalAction,
                   help="also write decisions/: every decision of every game, with the deciding seat's "
                        "observation vector (large)")
    r.add_argument("--variant", metavar="CHANGES", dest="what_if",
                   help="a what-if variant, e.g. 'Gambling World.cost=2; hand_limit=12' (docs/variants.md)")
    r.add_argument("--config", metavar="FILE", help="TOML config file; flags given here win over it")
    r.add_argument("--overwrite", action="store_true", help="replace the run in an existing --out folder")
    r.add_argument("--resume", action="store_true", help="if --out holds a run, continue it instead of refusing")
    r.add_argument("-q", "--quiet", action="store_true", help="no progress bar or progress messages")
    r.add_argument("--ray", "--ray-address", metavar="ADDRESS", dest="ray_address",
                   help="play on a Ray cluster: auto (RAY_ADDRESS or the `ray start` cluster of this machine), "
                        "local (a private Ray here), HOST:PORT or ray://HOST:PORT; same rows as a local run")

    s = sub.add_parser("summary", help="summarize a run folder", formatter_class=fmt, epilog=SUMMARY_EXAMPLES,
                       description="Win rate by seat and by bot (95%% Wilson intervals), mean score,\n"
                                   "mean rounds, how games ended, games per second.")
    s.add_argument("run", metavar="RUN", help="run folder")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")

    rp = sub.add_parser("replay", help="show one game of a run, step by step", formatter_class=fmt,
                        epilog=REPLAY_EXAMPLES,
                        description="Re-plays one game of a run from its seed and config, prints every\n"
                                    "decision, and checks the final result against the stored rows.")
    rp.add_argument("run", metavar="RUN", help="run folder")
    rp.add_argument("--game", metavar="N", type=_int, required=True, help="game index (0-based)")

    rs = sub.add_parser("resume", help="finish an interrupted run", formatter_class=fmt, epilog=RESUME_EXAMPLES,
                        description="Plays the games an interrupted or killed run is missing.")
    rs.add_argument("run", metavar="RUN", help="run folder")
    rs.add_argument("--threads", metavar="N", type=_int, help="engine threads (default: all cores)")
    rs.add_argument("-q", "--quiet", action="store_true", help="no progress bar or progress messages")
    rs.add_argument("--ray", metavar="ADDRESS", dest="ray_address",
                    help="play the missing chunks on a Ray cluster (see run --ray), whatever played the rest")
    _SUBPARSERS.clear()
    _SUBPARSERS.update(run=r, summary=s, replay=rp, resume=rs)
    _SUBPARSERS.update(cli_match.add_parsers(sub, fmt, _count, _int))
    _SUBPARSERS["train"] = cli_train.add_parser(sub, fmt, _count, _int)
    from .keldon.command import add_parser as add_import_parser

    _SUBPARSERS["import"] = add_import_parser(sub, fmt)
    from .cli_analysis import add_commands as add_analysis_commands

    add_analysis_commands(sub, fmt, _SUBPARSERS, COMMANDS, _count, _int)
    return p


_SUBPARSERS: dict[str, argparse.ArgumentParser] = {}


#: An error line longer than this is cut (each value in it is cut already: galaxysim.user_text.shown).
MAX_ERROR_CHARS = 2000


def _fail(message: str, code: int) -> int:
    line = " ".join(str(message).split())
    if len(line) > MAX_ERROR_CHARS:
        line = line[:MAX_ERROR_CHARS] + f"... ({len(line):,} characters, cut)"
    print(f"galaxysim: error: {line}", file=sys.stderr, flush=True)
    return code


def _print_summary(path: Path) -> None:
    from galaxysim.results import summarize

    print(summarize(path).format(), flush=True)


def _finish(outcome) -> int:
    if outcome.message and outcome.complete:
        print(outcome.message, file=sys.stderr, flush=True)
    _print_summary(outcome.path)
    if not outcome.complete:
        print(f"galaxysim: {outcome.message}", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED
    return EXIT_OK


def cmd_run(ns: argparse.Namespace) -> int:
    from . import run as runmod

    given: dict[str, Any] = {k: v for k, v in vars(ns).items() if k not in ("command", "version", "config")}
    if "bots" in given:
        given["bots"] = parse_bots(given["bots"])
    values: dict[str, Any] = {}
    labels: dict[str, str] = {}
    if getattr(ns, "config", None):
        values.update(load_toml(ns.config))
        labels.update({k: f"{ns.config}: {k}" for k in values})
    values.update(given)
    labels.update({k: "--variant" if k == "what_if" else f"--{k.replace('_', '-')}" for k in given})
    cfg = RunConfig.from_values(values, labels=labels)
    outcome = runmod.start(cfg, explicit=set(values))
    return _finish(outcome)


def cmd_resume(ns: argparse.Namespace) -> int:
    from . import run as runmod

    check_threads(ns.threads)
    if ns.ray_address is not None:
        from galaxysim.cluster.options import OptionError, check_address

        try:
            check_address(ns.ray_address)
        except OptionError as e:
            raise ConfigError(str(e)) from None
    return _finish(runmod.resume(ns.run, threads=ns.threads, quiet=ns.quiet, ray_address=ns.ray_address))


def cmd_summary(ns: argparse.Namespace) -> int:
    from galaxysim.results import open_run, summarize

    from .stored_config import check

    run = open_run(ns.run)
    check(run)
    s = summarize(run)
    if ns.json:
        print(json.dumps(s.to_dict(), indent=1))
    else:
        print(s.format())
    return EXIT_OK


def cmd_replay(ns: argparse.Namespace) -> int:
    from .replay import replay

    rep = replay(ns.run, ns.game)
    current_stop_requests().check()  # (a replay of a searching bot's game takes a while)
    try:
        for line in rep.lines:
            print(line)
    except BrokenPipeError:  # `| head`: still say whether it matched
        pass
    if not rep.matches:
        return _fail(rep.verdict, EXIT_FAIL)
    try:
        print(rep.verdict, flush=True)
    except BrokenPipeError:
        print(rep.verdict, file=sys.stderr)
    return EXIT_OK


def cmd_import(ns: argparse.Namespace) -> int:
    from .keldon.command import cmd_import as run_import

    return run_import(ns)


COMMANDS = {"run": cmd_run, "resume": cmd_resume, "summary": cmd_summary, "replay": cmd_replay,
            "import": cmd_import, **cli_match.COMMANDS, **cli_train.COMMANDS}


def main(argv: Sequence[str] | None = None) -> int:
    # SIGTERM (kill, a batch system's stop) and Ctrl-C stop every command the same way, at its next safe point
    # (galaxysim.stop_requests), so that its clean-up runs: export and report remove their unfinished files,
    # run and match leave a resumable folder. The requests are recorded from the start, before the heavy imports.
    with listening() as stop:
        return _main(argv, stop)


def _main(argv: Sequence[str] | None, stop) -> int:
    from galaxysim.results import RunFolderError, SchemaError

    parser = build_parser()
    try:
        ns, extra = parser.parse_known_args(argv)
        if extra:  # name the subcommand in the message: "galaxysim run: error: ..."
            sub = _SUBPARSERS.get(getattr(ns, "command", None) or "", parser)
            sub.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # --help (0) or a usage error (2, already printed)
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if ns.version:
        from . import run as runmod

        try:
            engine = runmod.engine_version()
        except Exception:
            engine = "unavailable"
        print(f"galaxysim {runmod.galaxysim_version()} (engine {engine})")
        return EXIT_OK
    if not ns.command:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        stop.check()
        return COMMANDS[ns.command](ns)
    except (ConfigError, RunFolderError) as e:
        return _fail(str(e), EXIT_USAGE)
    except ClusterError as e:
        return _fail(str(e), EXIT_FAIL)
    except RunWriteError as e:
        return _fail(str(e), EXIT_FAIL)
    except SchemaError as e:
        return _fail(f"engine output does not fit the run folder schema: {e}", EXIT_FAIL)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:  # the reader of our output went away (`| head`)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # silence the flush at exit
        except (OSError, ValueError):
            pass
        return EXIT_FAIL
    except OSError as e:
        where = f" {e.filename}" if getattr(e, "filename", None) else ""
        return _fail(f"{e.strerror or e}{':' if where else ''}{where}", EXIT_FAIL)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
