"""Race for the Galaxy: the Python face of the C++ engine.

    from galaxysim import rftg
    game = rftg.Game(players=4)              # base game; expansion="base", advanced=False
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.scores(), state.winners())
"""
from __future__ import annotations

import functools
import json
from importlib import resources

from . import _rftg
from . import game_options
from .user_text import shown
from ._rftg import ENGINE_VERSION, STATE_BYTES, Bot, CardDataError, GameRecorder, RulesError, Script, ScriptError, State

EXPANSIONS = ("base", "tgs", "rvi")
CARD_FILE = "rftg_cards.txt"


@functools.lru_cache(maxsize=None)
def card_text() -> str:
    """The text of the card data file shipped with galaxysim (docs/card-data.md)."""
    return (resources.files("galaxysim") / "data" / CARD_FILE).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def card_db() -> _rftg.CardDb:
    """The card designs shipped with galaxysim (parsed once per process)."""
    return _rftg.CardDb(card_text(), f"pycore/data/{CARD_FILE}")


SOLO_FILE = "rftg_solo.txt"


@functools.lru_cache(maxsize=None)
def solo_config_text() -> str:
    """The solo configuration shipped with galaxysim (robot data, PROVISIONAL values of rules §5.10)."""
    return (resources.files("galaxysim") / "data" / SOLO_FILE).read_text(encoding="utf-8")


def card_table(expansion: str = "base") -> list[dict]:
    """One dict per card design present at that level (name, type, cost, vp, good,
    military, windfall, start, copies, flags)."""
    _check_expansion(expansion)
    return card_db().card_table(expansion)


def _check_expansion(expansion) -> None:
    if expansion not in EXPANSIONS:
        raise RulesError(f"unknown expansion {shown(expansion)} (expected one of {', '.join(EXPANSIONS)})")


class Game(_rftg.Game):
    """A Race for the Galaxy game definition: player count, expansion level, variant."""

    def __init__(self, players: int = 4, expansion: str = "base", advanced: bool = False, first_game: bool = False,
                 goals: bool | None = None, takeovers: bool = False, draft: bool = False,
                 solo_difficulty: str = "medium", solo_config: str | None = None, variant=None,
                 narrow_engine: bool = True, reference_readings=()):
        """players 1 (the solo game against the robot, tgs/rvi) to 4 (base), 5 (tgs) or 6 (rvi).
        goals: None = the rulebook default (on at tgs/rvi with 2+ players); takeovers: rvi only
        (off by default, rules E45); solo_config: the text of a solo configuration file
        (default: the file shipped with galaxysim, core/data/rftg_solo.txt).
        `variant`: a what-if variant (galaxysim.variant.Variant, or its changes as a string or list, e.g.
        "Gambling World.cost=2; hand_limit=12"; docs/variants.md).
        `narrow_engine`: random play runs on the engine built with two-word card sets when the
        game's cards fit (the base game): the same games, faster; False keeps it on the full-width
        engine (to compare them). `game.narrow_engine` says which one plays.
        `reference_readings`: entries of the rules docs (e.g. "E21") where the game plays the reference
        engine's reading instead of galaxysim's, to replay that engine's records (docs/import.md)."""
        players = game_options.players(players, RulesError)
        _check_expansion(expansion)
        advanced, first_game, takeovers, draft, narrow_engine = (
            game_options.flag(name, value, RulesError) for name, value in (
                ("advanced", advanced), ("first_game", first_game), ("takeovers", takeovers), ("draft", draft),
                ("narrow_engine", narrow_engine)))
        if goals is not None:
            goals = game_options.flag("goals", goals, RulesError)
        game_options.text("solo_difficulty", solo_difficulty, RulesError)
        from .variant import Variant

        self.variant = Variant.from_config(variant)
        db, rules = card_db(), {}
        if self.variant is not None:
            resolved = self.variant.resolve(card_text(), expansion)
            db, rules = _rftg.CardDb(resolved.card_text, "card data with variant"), resolved.rules
        if solo_config is None:
            solo_config = solo_config_text() if players == 1 else ""
        game_options.text("solo_config", solo_config, RulesError)
        super().__init__(db, players, expansion, advanced, first_game,
                         goals=-1 if goals is None else int(goals), takeovers=takeovers, draft=draft,
                         solo_difficulty=solo_difficulty, solo_config=solo_config, narrow_engine=narrow_engine,
                         reference_readings=[reference_readings] if isinstance(reference_readings, str)
                         else list(reference_readings), **rules)

    def state_from_json(self, text):
        """Load a position written by State.to_json() or by hand (docs/state-json.md); a scripted
        position's "script" (the draws still to come) is followed again (docs/scripted-draws.md)."""
        state = super().state_from_json(text)
        script = json.loads(text).get("script")
        if script is not None:
            state.follow_script(Script(self, script.get("draws", [])))
        return state

    def __repr__(self) -> str:
        adv = ", advanced=True" if self.advanced else ""
        adv += ", first_game=True" if self.first_game else ""
        if self.expansion != "base" and self.players > 1:
            adv += f", goals={self.goals}"
        adv += ", takeovers=True" if self.takeovers else ""
        adv += ", draft=True" if self.draft else ""
        adv += f", solo_difficulty={self.solo_difficulty!r}" if self.solo else ""
        adv += f", variant={self.variant.name!r}" if self.variant is not None else ""
        adv += f", reference_readings={self.reference_readings!r}" if self.reference_readings else ""
        return f"rftg.Game(players={self.players}, expansion={self.expansion!r}{adv})"


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in C++ bot ('random' or 'heuristic'); bot.act(state) returns an action."""
    return Bot(name, seed)
