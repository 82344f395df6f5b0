"""The engine as runs and matches use it: its batch module, the data files it plays, its version, and a run
config's batch runner (the engine's rule errors as one-line ConfigErrors).
"""
from __future__ import annotations

import time
from functools import lru_cache
from importlib import resources
from typing import Any

from galaxysim.user_text import shown

from .config import RunConfig, costed_bots
from .errors import ConfigError, one_line
from .game_cost import seconds_per_game as estimated_seconds_per_game

CARD_FILE = "rftg_cards.txt"


def batch_module():
    from galaxysim import _batch

    if not hasattr(_batch, "Runner"):
        raise RuntimeError("galaxysim._batch has no batch runner: rebuild galaxysim (pip install -e .)")
    return _batch


@lru_cache(maxsize=None)
def card_text() -> str:
    return (resources.files("galaxysim") / "data" / CARD_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def af_texts() -> dict[str, str]:
    """The Alien Frontiers data files by name (galaxysim.af.DATA_FILES)."""
    from galaxysim import af

    root = resources.files("galaxysim") / "data"
    return {name: (root / name).read_text(encoding="utf-8") for name in af.DATA_FILES}


@lru_cache(maxsize=64)
def resolved_variant(variant, expansion: str):
    """A Race for the Galaxy what-if variant resolved against the shipped card data (cached)."""
    return variant.resolve(card_text(), expansion)


@lru_cache(maxsize=64)
def resolved_af_variant(variant):
    """An Alien Frontiers what-if variant resolved against the shipped data (cached)."""
    return variant.resolve()


def af_overrides(cfg: RunConfig) -> str:
    """Alien Frontiers: the data overrides the run's what-if variant writes ("" for the printed rules)."""
    return "" if cfg.what_if is None else resolved_af_variant(cfg.what_if).overrides


def game_card_text(cfg: RunConfig) -> str:
    """The card data the run plays: the shipped file, with the what-if variant's overrides if any."""
    return card_text() if cfg.what_if is None else resolved_variant(cfg.what_if, cfg.expansion).card_text


def run_cards_table(game: str, expansion: str, players: int, what_if=None):
    """cards.parquet of a run: the card table of the game played (its what-if variant applied): RftG every
    card design, Alien Frontiers the tech cards, facilities and territories."""
    from galaxysim.results import schema as sch

    if game == "af":
        from galaxysim import af

        data = resolved_af_variant(what_if).data if what_if is not None else af.data()
        return sch.af_cards_table(data.tech(), data.facilities(), data.territories(), players)
    from galaxysim import _rftg

    text = card_text() if what_if is None else resolved_variant(what_if, expansion).card_text
    return sch.cards_table(_rftg.CardDb(text, "card data").card_table(expansion, all=True))


def goal_names(card_text: str) -> list[str]:
    """The goal names of the card data, in file order: a goal's index is its bit in the engine's goal masks."""
    from galaxysim import _rftg

    return [row["name"] for row in _rftg.CardDb(card_text, "card data").goal_table()]


def rule_options(cfg: RunConfig) -> dict[str, int]:
    """The rule constants the variant changes, as engine keywords (hand_limit, vp_per_player, tableau_end)."""
    return {} if cfg.what_if is None else dict(resolved_variant(cfg.what_if, cfg.expansion).rules)


def expansion_options(cfg: RunConfig) -> dict[str, Any]:
    """The expansions' options as engine keywords (goals, takeovers, draft, the solo game's)."""
    out: dict[str, Any] = {"goals": -1 if cfg.goals is None else int(cfg.goals), "takeovers": cfg.takeovers,
                           "draft": cfg.draft}
    if cfg.players == 1:
        out.update(solo_difficulty=cfg.solo_difficulty, solo_config=cfg.solo_config_text or "")
    return out


def engine_version() -> str:
    return str(batch_module().ENGINE_VERSION)


def galaxysim_version() -> str:
    try:
        from importlib.metadata import version

        return version("galaxysim")
    except Exception:  # not installed as a distribution
        import galaxysim

        return getattr(galaxysim, "__version__", "unknown")


def make_runner(cfg: RunConfig):
    """The engine's batch runner for `cfg`; the engine's rule errors (player count, bots, expansion) become
    ConfigError."""
    b = batch_module()
    for bot in cfg.bots:
        if bot.startswith("py:"):
            raise ConfigError(f"bot {shown(bot)}: galaxysim run plays built-in bots (random, heuristic, ismcts, "
                              "net); play Python bots with galaxysim match or tournament")
    try:
        if cfg.game == "af":
            return b.AfRunner(af_texts(), cfg.players, cfg.long_game, list(cfg.bots), af_overrides(cfg))
        return b.Runner(game_card_text(cfg), cfg.players, cfg.expansion, cfg.advanced, list(cfg.bots),
                        **expansion_options(cfg), **rule_options(cfg))
    except ValueError as e:  # galaxysim._rftg.RulesError (and galaxysim.variant.VariantError) are ValueErrors
        raise ConfigError(one_line(str(e))) from None


def seconds_per_game(cfg: RunConfig, sample_seconds: float = 0.1) -> float:
    """About how long one game of `cfg` takes on one thread here: a short sample, to size chunks by time (one
    game when the bots are slow: sim/game_cost.py)."""
    runner = make_runner(cfg)
    n = max(1, min(8, int(sample_seconds / estimated_seconds_per_game(cfg.game, cfg.players, costed_bots(cfg)))))
    while True:
        t = time.perf_counter()
        runner.run(int(cfg.seed or 0), 0, n, 1, False)
        t = time.perf_counter() - t
        if t >= sample_seconds or n >= 1 << 20:
            return t / n
        n *= 4


def observation_info(runner, game: str = "rftg") -> dict[str, Any]:
    """How decisions.observation is encoded (docs/observation-tensor.md, docs/af-observation-tensor.md)."""
    return {"size": int(runner.observation_size), "dtype": "int16", "byte_order": "little",
            "encoding": "rftg-observation-v2" if game == "rftg" else f"{game}-observation-v1"}  # v2: the expansions' kinds
