"""What the what-if variants of both games share: a change (LEFT=VALUE) and the helpers that read one, the
error they raise, the retelling of an engine data error in terms of the change that caused it, and the variant
itself, a named list of changes (BaseVariant). galaxysim.variant.Variant (Race for the Galaxy) and
galaxysim.af_variant.AfVariant (Alien Frontiers) extend it; docs/variants.md describes both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from .user_text import lone_surrogate, shown


class VariantError(ValueError):
    """A change that names an unknown card, field or rule, or gives a bad value."""


@dataclass(frozen=True)
class Change:
    """One parsed change. kind: "card" (card.field = value), "remove", "add" or "rule" (Alien Frontiers:
    "item" for a facility's, territory's, field generator's or tech card's field)."""

    kind: str
    target: str  # card (item) name, rule name, or the added file's name
    field: str = ""
    value: str = ""

    def text(self) -> str:
        """The canonical change string."""
        if self.field:
            return f"{self.target}.{self.field}={self.value}"
        if self.kind == "rule":
            return f"{self.target}={self.value}"
        return f"{self.kind}={self.target}"


def split_change(text: str, examples: str) -> tuple[str, str, str]:
    """(the change stripped, LEFT, VALUE) of 'LEFT=VALUE'; `examples` are shown when there is no '='."""
    raw = text.strip()
    bad = lone_surrogate(raw)
    if bad:
        raise VariantError(f"change {shown(raw)} is not valid text: it holds {bad}")
    if "=" not in raw:
        raise VariantError(f"change {shown(raw)}: expected LEFT=VALUE, e.g. {examples}")
    left, value = (s.strip() for s in raw.split("=", 1))
    if not left:
        raise VariantError(f"change {shown(raw)}: nothing before '='")
    return raw, left, value


def split_changes(text: str) -> list[str]:
    """'a=1; b=2' -> ['a=1', 'b=2'] (empty parts dropped)."""
    return [p.strip() for p in text.split(";") if p.strip()]


def int_value(text: str, what: str, lo: int, hi: int) -> int:
    """`text` as a whole number from lo to hi (VariantError naming `what` otherwise)."""
    try:
        v = int(text.strip())
    except ValueError:
        raise VariantError(f"{what}: expected a whole number, not {shown(text.strip())}") from None
    if not lo <= v <= hi:
        raise VariantError(f"{what}: {v} is out of range ({lo} to {hi})")
    return v


_LOCATION = re.compile(r"^(?P<src>.*?):(?P<line>\d+): (?P<field>[^:]+): (?P<problem>.*)$", re.S)


def engine_error(message: str, ranges: Sequence[tuple[int, int, str]], base_lines: int | None = None) -> VariantError:
    """A CardDataError ('<source>:<line>: <field>: <problem>'; Alien Frontiers: a DataError, base_lines None)
    retold in terms of the change that caused it."""
    m = _LOCATION.match(message.strip())
    if m:
        line = int(m["line"])
        for lo, hi, change in ranges:
            if lo <= line <= hi:
                return VariantError(f"change {shown(change)}: {m['field']}: {m['problem']}")
        if base_lines is not None and line > base_lines:
            return VariantError(f"added cards, line {line - base_lines}: {m['field']}: {m['problem']}")
    return VariantError(f"variant: {message}")


@dataclass(frozen=True)
class BaseVariant:
    """A named list of changes (canonical change strings); `cards` holds the text of added card blocks (Race for
    the Galaxy's add=FILE). `game` (a class attribute) names the game the variant changes."""

    name: str = ""
    changes: tuple[str, ...] = ()
    cards: str = ""
    game = ""
