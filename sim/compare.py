"""`galaxysim compare`: the baseline and each what-if variant on the same game seeds, then paired differences.

    OUT/baseline/          a run folder: the config as given
    OUT/variant-1/ ...     one run folder per variant: the same config and seed, plus the variant
    OUT/compare/           compare.html, compare.csv, compare.json and the figures (galaxysim.results.compare_report)

Game i of every run is dealt from game_seed(seed, i) and its bots are seeded from that, so the runs share their
random numbers game by game (common random numbers) and galaxysim.results.compare pairs them. Running the same compare
again reuses (or resumes) the run folders that match; a folder made with another config is refused.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from galaxysim.stop_requests import listening
from galaxysim.variant import Variant

from .config import ConfigError, RunConfig
from .config import default_out as config_default_out
from .engine import resolved_af_variant, resolved_variant
from .run import RunOutcome, start
from .run_identity import DETERMINING_KEYS, RunMismatch

BASELINE_DIR = "baseline"
REPORT_DIR = "compare"


@dataclass
class CompareOutcome:
    out: Path
    baseline: RunOutcome
    variants: list[tuple[Variant, RunOutcome]]
    metrics: list[list]  # PairedMetric lists, one per variant
    report: Path | None

    @property
    def complete(self) -> bool:
        return self.baseline.complete and all(o.complete for _, o in self.variants)


def default_out(cfg: RunConfig) -> Path:
    """runs/compare- + the name `galaxysim run` gives a run of this config (game, expansion, players and the
    options that change the game: runs/compare-rftg-rvi-6p-takeovers-seed1)."""
    run_out = config_default_out(cfg, True)
    return run_out.with_name(f"compare-{run_out.name}")


def describe(cfg: RunConfig) -> str:
    """One line saying what every run of the compare plays."""
    what = "af" if cfg.game == "af" else f"{cfg.game} {cfg.expansion}"
    options = [o for o, on in (("advanced", cfg.advanced), ("long game", cfg.long_game)) if on]
    if cfg.game == "rftg" and cfg.expansion != "base":
        options.append(cfg.variant)  # goals+takeovers, draft, solo-hard, ...
    opts = "".join(f", {o}" for o in dict.fromkeys(options) if o != "standard")
    return (f"{what}, {cfg.players} players{opts}, bots {','.join(cfg.bots)}, {cfg.games:,} games, "
            f"seed {cfg.seed}")


def compare(cfg: RunConfig, variants: Sequence[Variant], progress: bool | None = None) -> CompareOutcome:
    """Plays (or reuses) the baseline and every variant, then compares each variant with the baseline. Ctrl-C and
    SIGTERM stop the run being played (resumable: the same compare again goes on)."""
    with listening():
        return _compare(cfg, variants, progress)


def _compare(cfg: RunConfig, variants: Sequence[Variant], progress: bool | None) -> CompareOutcome:
    if not variants:
        raise ConfigError("compare needs at least one --variant (e.g. --variant 'Gambling World.cost=2')")
    if cfg.what_if is not None:
        raise ConfigError("compare: the baseline is the config without a variant; give the variants as --variant "
                          "(or [[variant]] tables in the config file)")
    cfg.validate()
    for v in variants:  # every variant is checked before any game is played
        dataclasses.replace(cfg, what_if=v).validate(lambda key: "--variant" if key == "what_if" else f"--{key}")
    resolved = cfg.resolved()  # one seed for all the runs
    out = Path(cfg.out) if cfg.out else default_out(resolved)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} exists and is not a folder")
    from galaxysim.results.compare_report import HTML_FILE
    from galaxysim.results.html import check_folder

    try:
        check_folder(out / REPORT_DIR, HTML_FILE)  # before the games, not after them
    except FileExistsError as e:
        raise ConfigError(f"--out: {e}") from None
    explicit = set(DETERMINING_KEYS) - {"record_decisions", "chunk_size"}  # a folder made otherwise is refused

    def play(where: Path, v: Variant | None) -> RunOutcome:
        c = dataclasses.replace(resolved, what_if=v, out=str(where), resume=not cfg.overwrite)
        try:
            return start(c, explicit=explicit, progress=progress)
        except RunMismatch as e:  # (start's advice, "drop --games", is for `run --resume`)
            raise ConfigError(f"--out {out}: {e.folder} holds a run made with {e.difference}: choose another "
                              "--out, or pass --overwrite to play the compare again there") from None

    base = play(out / BASELINE_DIR, None)
    done = []
    for k, v in enumerate(variants, 1):
        done.append((v, play(out / f"variant-{k}", v)))
    outcome = CompareOutcome(out, base, done, [], None)
    if not outcome.complete:
        return outcome

    from galaxysim.results.compare import compare_paired
    from galaxysim.results.compare_report import write_compare_report

    runs = []
    for k, (v, o) in enumerate(done, 1):
        affected = (resolved_af_variant(v).affected if resolved.game == "af"
                    else resolved_variant(v, resolved.expansion).affected)
        metrics = compare_paired(base.path, o.path, cards=affected, threads=resolved.threads)
        outcome.metrics.append(metrics)
        runs.append((v.name, list(v.changes), metrics, str(o.path)))
    desc = describe(resolved)
    outcome.report = write_compare_report(out / REPORT_DIR, {"path": str(base.path), "description": desc}, runs)
    return outcome
