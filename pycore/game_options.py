"""Checks of the options rftg.Game and af.Game take from Python, before the engine sees them.

A player count is an integer (an int or a numpy integer, not a bool); an on/off option is a bool
(or 0/1), so that a string such as "false" is refused instead of read as true; text options are
strings. `error` is the game's RulesError."""
from __future__ import annotations

import operator

from .user_text import check_text, shown


def players(value, error: type[Exception]) -> int:
    if not isinstance(value, bool):
        try:
            n = operator.index(value)
        except TypeError:
            pass
        else:
            if abs(n) > 1000:  # the engine's own check names the counts each game takes
                raise error(f"players must be a small number (a game's player count), not {n}")
            return n
    raise error(f"players must be an integer, not {shown(value)}")


def flag(name: str, value, error: type[Exception]) -> bool:
    if not isinstance(value, (str, bytes)):
        try:
            if value in (True, False):
                return bool(value)
        except (TypeError, ValueError):  # e.g. a numpy array
            pass
    raise error(f"{name} must be True or False, not {shown(value)}")


def text(name: str, value, error: type[Exception]) -> str:
    """A string the engine can take (no lone surrogate)."""
    return check_text(name, value, error)
