"""The analysis subcommands of `galaxysim`: report, compare, export (registered by galaxysim.sim.cli).

    galaxysim report RUN                      HTML balance report (+ PNG, CSV) in RUN/report/
    galaxysim compare --variant 'Gambling World.cost=2' --games 100k --seed 1
    galaxysim export RUN --format npz         the decision dataset (runs made with --record-decisions)
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from galaxysim.stop_requests import current as stop_requests

from .cli_options import add_game_options
from .config import ConfigError, RunConfig, check_threads, load_toml, parse_bots
from .progress import Progress

REPORT_EXAMPLES = """\
examples:
  galaxysim report runs/rftg-base-4p-seed7
  galaxysim report runs/rftg-base-4p-seed7 --out /tmp/report      then open /tmp/report/report.html

The folder holds report.html (self-contained: open it in any browser), one PNG
per figure and one CSV per table. See docs/report.md.
"""

COMPARE_EXAMPLES = """\
examples:
  galaxysim compare --variant 'Gambling World.cost=2' --games 200k --seed 1
  galaxysim compare --variant 'hand_limit=12' --variant 'tableau_end=14; vp_pool_per_player=15' --out runs/cmp
  galaxysim compare --config variants.toml
  galaxysim compare --game af --players 3 --variant 'Lunar Mine.docks=4' --variant 'resource_limit=10'

variants.toml (every `galaxysim run` key, plus one [[variant]] table per variant):
  players = 4
  games = 100000
  seed = 1
  [[variant]]
  name = "cheap gambling"
  changes = ["Gambling World.cost=2"]
  [[variant]]
  name = "longer game"
  changes = ["tableau_end=14", "vp_pool_per_player=15"]

Changes: CARD.cost=N, CARD.vp=N, CARD.copies=N, CARD.powers=POWER | POWER, remove=CARD,
add=FILE (card blocks), hand_limit=N, vp_pool_per_player=N, tableau_end=N; several
in one --variant are separated by ';'. Alien Frontiers (--game af): NAME.FIELD=VALUE for a
facility, territory, field generator or tech card (Lunar Mine.docks=4, Booster Pod.cost=2,
Asimov Crater.amount=2), remove=TECH, colonies_per_player=N, resource_limit=N, display=N.
See docs/variants.md.
"""

EXPORT_EXAMPLES = """\
examples:
  galaxysim run --record-decisions --games 2000 --seed 1 --out runs/ml
  galaxysim export runs/ml --format dataset             -> runs/ml/dataset/ (for training: any size)
  galaxysim export runs/ml --format npz                 -> runs/ml/decisions.npz (small runs)
  galaxysim export runs/ml --format parquet --out ml.parquet

--format dataset writes sharded, compressed Arrow files with legal-action masks and every
seat's outcome, read with galaxysim.results.decision_dataset: docs/decision-dataset.md.
npz and parquet write dense observation vectors (about 2 KB a decision): docs/observation-tensor.md.
"""


def _compare_flags(c: argparse.ArgumentParser, count, integer) -> None:
    S = argparse.SUPPRESS
    c.add_argument("--variant", metavar="CHANGES", action="append", dest="variants",
                   help="a what-if variant: changes separated by ';' (repeat for more variants)")
    c.add_argument("--config", metavar="FILE", help="TOML file: run keys and [[variant]] tables")
    add_game_options(c, count, integer, games_help="games per run (default 100,000)",
                     seed_help="the seed of every run (default: random)")
    c.add_argument("--out", metavar="DIR", default=S,
                   help="folder of the runs and the comparison (default runs/compare-<game>-...-seed<seed>)")
    c.add_argument("--overwrite", action="store_true", default=S, help="replay runs already in --out")
    c.add_argument("-q", "--quiet", action="store_true", default=S)


def add_commands(sub, fmt, subparsers: dict, commands: dict, count, integer) -> None:
    """Registers report, compare and export on the `galaxysim` subparsers."""
    r = sub.add_parser("report", help="HTML balance report of a run folder", formatter_class=fmt,
                       epilog=REPORT_EXAMPLES,
                       description="Win rates by seat, bot and start world, cards in the final tableau, score\n"
                                   "distributions, game length and how games end, with 95%% intervals, as a\n"
                                   "self-contained HTML page with PNG figures and CSV tables.")
    r.add_argument("run", metavar="RUN", help="run folder")
    r.add_argument("--out", metavar="DIR", help="report folder (default RUN/report)")
    r.add_argument("--threads", metavar="N", type=integer, help="DuckDB threads (default: all cores)")
    c = sub.add_parser("compare", help="what-if variants against the baseline on the same seeds",
                       formatter_class=fmt, epilog=COMPARE_EXAMPLES,
                       description="Plays the baseline and each variant on the same game seeds and reports the\n"
                                   "paired differences (cards the variant changes, seat balance, mean scores,\n"
                                   "game length, how games end) with 95%% paired intervals.")
    _compare_flags(c, count, integer)
    e = sub.add_parser("export", help="the decision dataset of a run (for training: --format dataset)",
                       formatter_class=fmt, epilog=EXPORT_EXAMPLES,
                       description="One row per decision: game, step, seat, kind, legal count, action, the deciding\n"
                                   "seat's observation vector, and how the game ended (dataset: the legal-action\n"
                                   "mask, round, bot and every seat's outcome too).")
    e.add_argument("run", metavar="RUN", help="run folder recorded with --record-decisions")
    e.add_argument("--format", choices=("npz", "parquet", "dataset"), default="npz",
                   help="npz (default), parquet, or dataset (Arrow shards for training at scale)")
    e.add_argument("--out", metavar="PATH",
                   help="output file (default RUN/decisions.npz or .parquet) or, for dataset, folder (RUN/dataset)")
    e.add_argument("--compress", action="store_true", help="npz: deflate the arrays (smaller, slower)")
    e.add_argument("-q", "--quiet", action="store_true", help="no progress bar or progress messages")
    e.add_argument("--overwrite", action="store_true",
                   help="replace an existing --out file that is not an earlier export (one is always replaced)")
    subparsers.update(report=r, compare=c, export=e)
    commands.update(report=cmd_report, compare=cmd_compare, export=cmd_export)


# --- report ----------------------------------------------------------------------------------------------------------

def card_universe(config: dict) -> dict[str, dict[int, int]]:
    """{"card": {card id: copies}} for the cards in play in a run (its variant applied); for Alien Frontiers
    the tech cards by card id and the territories by name."""
    if config.get("game") == "af":
        from galaxysim import af
        from galaxysim.variant import Variant

        from .engine import resolved_af_variant

        v = Variant.from_config(config.get("what_if"), game="af")
        data = resolved_af_variant(v).data if v is not None else af.data()
        return {"tech card": {k: c["copies"] for k, c in enumerate(data.tech())},
                "territory": {t["name"]: 1 for t in data.territories()}}
    if config.get("game") != "rftg":
        return {}
    table = _run_card_db(config).card_table(config.get("expansion", "base"))
    return {"card": {row["id"]: row["copies"] for row in table}}


def goal_table(config: dict) -> dict[str, dict]:
    """{goal name: its row of CardDb.goal_table()} for a Race for the Galaxy run (its variant's card data)."""
    if config.get("game") != "rftg":
        return {}
    return {row["name"]: row for row in _run_card_db(config).goal_table()}


def _run_card_db(config: dict):
    """The card data a Race for the Galaxy run played: the shipped file, with its what-if variant's changes."""
    from galaxysim import rftg
    from galaxysim._rftg import CardDb
    from galaxysim.variant import Variant

    from .engine import resolved_variant

    text = rftg.card_text()
    v = Variant.from_config(config.get("what_if"))
    if v is not None:
        text = resolved_variant(v, config.get("expansion", "base")).card_text
    return CardDb(text, "card data")


def cmd_report(ns: argparse.Namespace) -> int:
    from galaxysim.results.reader import open_run
    from galaxysim.results.report import write_report
    from galaxysim.results.safety_cap import cap_counts, format_cap_counts

    from .stored_config import check

    check_threads(ns.threads)  # DuckDB's: 0 or less was a traceback, 100,000 started that many threads
    run = open_run(ns.run)
    check(run)
    res = write_report(run, out=ns.out, universe=card_universe(run.config), threads=ns.threads,
                       checkpoint=stop_requests().check, goal_table=goal_table(run.config))
    print(f"{res.html}  ({res.analysis.info['games']:,} games; {res.seconds:.1f} s: aggregation "
          f"{res.seconds_analysis:.1f} s, figures {res.seconds_figures:.1f} s)")
    for line in format_cap_counts(cap_counts(run), run.config.get("game", "rftg")):
        print(line)
    return 0


# --- compare ---------------------------------------------------------------------------------------------------------

def compare_config(ns: argparse.Namespace) -> tuple[RunConfig, list]:
    """The baseline config and the variants from the flags and the config file (flags win; --variant flags
    replace the file's variants)."""
    from galaxysim.variant import Variant, VariantError

    values: dict[str, Any] = {}
    labels: dict[str, str] = {}
    file_variants: list = []
    if ns.config:
        raw = load_toml(ns.config, extra=("variant", "variants"))
        file_variants = raw.pop("variant", None) or raw.pop("variants", None) or []
        if isinstance(file_variants, dict):
            file_variants = [file_variants]
        values.update(raw)
        labels.update({k: f"{ns.config}: {k}" for k in raw})
    given = {k: v for k, v in vars(ns).items() if k not in ("command", "version", "config", "variants")}
    if "bots" in given:
        given["bots"] = parse_bots(given["bots"])
    values.update(given)
    labels.update({k: f"--{k.replace('_', '-')}" for k in given})
    cfg = RunConfig.from_values(values, labels=labels)
    variants = []
    try:
        if ns.variants:
            variants = [Variant.parse(v, game=cfg.game) for v in ns.variants]
        else:
            base = Path(ns.config).parent if ns.config else None
            for k, v in enumerate(file_variants, 1):
                if isinstance(v, dict) and "changes" in v:
                    variants.append(Variant.parse(v["changes"] if isinstance(v["changes"], list) else [v["changes"]],
                                                  name=str(v.get("name", "")), base_dir=base, game=cfg.game))
                else:
                    variants.append(Variant.from_config(v, where=f"{ns.config}: variant {k}", game=cfg.game))
    except VariantError as e:
        raise ConfigError(str(e)) from None
    return cfg, variants


def cmd_compare(ns: argparse.Namespace) -> int:
    from galaxysim.results.compare_report import format_metrics

    from .compare import compare

    cfg, variants = compare_config(ns)
    outcome = compare(cfg, variants)
    if not outcome.complete:
        print(f"galaxysim: interrupted; run the same compare again to continue ({outcome.out})", file=sys.stderr)
        return 130
    for (v, _), metrics in zip(outcome.variants, outcome.metrics):
        print(format_metrics(v.name, metrics))
    print(f"report: {outcome.report}")
    return 0


# --- export ----------------------------------------------------------------------------------------------------------

def cmd_export(ns: argparse.Namespace) -> int:
    from galaxysim.results.export import decision_rows, export_decisions
    from galaxysim.results.reader import open_run

    from .export import dataset_layout
    from .stored_config import check

    run = open_run(ns.run)
    check(run)
    if ns.format == "dataset":
        return _export_dataset(run, ns)
    slots, kinds = dataset_layout(run.config)
    out = Path(ns.out) if ns.out else run.path / f"decisions.{ns.format}"
    rows = decision_rows(run)
    show = not ns.quiet and sys.stderr.isatty()
    with Progress(max(rows, 1), 0, bar=show, lines=not ns.quiet, unit="decisions") as bar:
        res = export_decisions(run, out, ns.format, slots, kinds, compress=ns.compress, overwrite=ns.overwrite,
                               progress=_stoppable(bar))
    print(f"{res['path']}: {res['rows']:,} decisions, observation vectors of {res['observation_size']} slots")
    return 0


def _export_dataset(run, ns: argparse.Namespace) -> int:
    from galaxysim.results.dataset_export import export_dataset
    from galaxysim.results.export import decision_rows

    from .export import dataset_game

    if ns.compress:
        raise ConfigError("--compress is for npz (a dataset's shards are always compressed)")
    out = Path(ns.out) if ns.out else run.path / "dataset"
    info = dataset_game(run.manifest, str(run.path / "manifest.json"))
    rows = decision_rows(run)
    show = not ns.quiet and sys.stderr.isatty()
    with Progress(max(rows, 1), 0, bar=show, lines=not ns.quiet, unit="decisions") as bar:
        index = export_dataset(run, out, info, overwrite=ns.overwrite, progress=_stoppable(bar))
    size = sum(s["bytes"] for s in index["shards"])
    per = f", {size / index['rows']:.0f} bytes a decision" if index["rows"] else ""
    left = f"; {index['games_left_out']} unfinished games left out" if index["games_left_out"] else ""
    print(f"{out}: {index['rows']:,} decisions of {index['games']:,} games in {len(index['shards'])} shard(s), "
          f"{size / 1e6:.1f} MB{per}{left}")
    return 0


def _stoppable(bar: Progress):
    """The progress callback of an export: it moves the bar and is a safe point for Ctrl-C (an interrupted
    export removes what it had not finished)."""
    stop = stop_requests()

    def progress(n: int) -> None:
        bar.update(n)
        stop.check()

    return progress
