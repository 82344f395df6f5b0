"""Text a user gave (a flag, a config value, a position, a variant, a bot spec, a manifest field), as error
messages show it and as the engine takes it.

    shown("X" * 10_000_000)   -> "'XXXX...XX'... (10,000,000 characters, cut)"   (SHOWN_CHARS of them)
    cut("X" * 10_000_000)     -> "XXXX...XX... (10,000,000 characters, cut)"     (the same, without quotes)
    did_you_mean("heuristc", ["random", "heuristic"], "bots")   -> " (did you mean 'heuristic'?)"
    check_text("solo_config", text, RulesError)   # a lone surrogate: one line naming the argument

Every layer may use this module: it imports nothing of galaxysim.
"""
from __future__ import annotations

import difflib
import reprlib
from typing import Any, Callable, Iterable

#: How much of a value an error message shows.
SHOWN_CHARS = 80
#: Longer words get no "did you mean" suggestion: no name is that long, and difflib's matching costs
#: length x length (a 10 MB unknown name kept a command busy for minutes).
MAX_SUGGESTED_WORD = 100

_short_repr = reprlib.Repr()
_short_repr.maxstring = _short_repr.maxother = SHOWN_CHARS
_short_repr.maxlist = _short_repr.maxtuple = _short_repr.maxdict = _short_repr.maxset = 6
_short_repr.maxlevel = 3


def shown(value: Any) -> str:
    """repr(value) for an error message: a string longer than SHOWN_CHARS is cut, saying so; other values are
    abbreviated (reprlib), so that a huge or deeply nested value costs nothing to show."""
    if isinstance(value, str):
        if len(value) <= SHOWN_CHARS:
            return repr(value)
        return f"{value[:SHOWN_CHARS]!r}... ({len(value):,} characters, cut)"
    text = _short_repr.repr(value)
    return text if len(text) <= 2 * SHOWN_CHARS else text[:2 * SHOWN_CHARS] + "... (cut)"


def cut(text: str) -> str:
    """`text` itself (no quotes), cut to SHOWN_CHARS characters, saying so, when longer."""
    if len(text) <= SHOWN_CHARS:
        return text
    return f"{text[:SHOWN_CHARS]}... ({len(text):,} characters, cut)"


def close_names(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """Up to `n` of `choices` close to `word` (case-insensitive first); none for a word too long to be a name."""
    choices = list(choices)
    if len(word) > MAX_SUGGESTED_WORD:
        return []
    by_lower = {c.lower(): c for c in choices}
    if word.lower() in by_lower:
        return [by_lower[word.lower()]]
    found = difflib.get_close_matches(word, choices, n=n, cutoff=0.6)
    if not found:
        found = [by_lower[c] for c in difflib.get_close_matches(word.lower(), list(by_lower), n=n, cutoff=0.5)]
    return found


def did_you_mean(word: str, choices: Iterable[str], what: str) -> str:
    """' (did you mean 'a' or 'b'?)' for close choices; else ' (known <what>: ...)', or '' when `what` is ''."""
    choices = list(choices)
    close = close_names(word, choices)
    if close:
        return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"
    return f" (known {what}: " + ", ".join(sorted(choices)) + ")" if what else ""


def lone_surrogate(text: str) -> str | None:
    """Where `text` holds a lone surrogate (which has no UTF-8 form: a bad decode with surrogateescape makes
    them), as "a lone surrogate (U+D800) at character 5"; None for text the engine can take."""
    try:
        text.encode("utf-8")
        return None
    except UnicodeEncodeError as e:
        return f"a lone surrogate (U+{ord(text[e.start]):04X}) at character {e.start}"


def check_text(name: str, value: Any, error: Callable[[str], Exception]) -> str:
    """`value` if it is a string the engine can take; else error("<name> must be a string, not ...") or
    error("<name> is not valid text: it holds a lone surrogate ...")."""
    if not isinstance(value, str):
        raise error(f"{name} must be a string, not {shown(value)}")
    where = lone_surrogate(value)
    if where:
        raise error(f"{name} is not valid text: it holds {where}")
    return value
