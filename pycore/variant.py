"""What-if variants of Race for the Galaxy: small changes to the card data and the rule constants.

    from galaxysim.variant import Variant
    v = Variant.parse("Gambling World.cost=2; hand_limit=12")
    game = rftg.Game(players=4, variant=v)

A change is `LEFT=VALUE`; several changes in one string are separated by `;`:

    CARD.cost=N  CARD.defence=N  CARD.vp=N       printed numbers (cost of a military world = its defence)
    CARD.copies=N                                copies in the deck at the run's expansion level
    CARD.powers=POWER | POWER ...                replaces all the card's powers (card data syntax, docs/card-data.md)
    CARD.score=LINE | LINE ...                   replaces a six-cost development's scoring lines
    CARD.flags=...  CARD.good=...                as the card data's keys
    remove=CARD                                  no copies of CARD in the deck
    add=FILE                                     card blocks (card data format) added to the deck
    hand_limit=N  vp_pool_per_player=N  tableau_end=N   rule constants (printed: 10, 12, 12)

A variant becomes override blocks appended to the card data (docs/card-data.md) plus GameOptions rule
constants; the engine validates the result. Unknown cards, fields and rules are errors naming the close
matches. docs/variants.md is the user documentation (G16).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from . import _rftg
from .user_text import did_you_mean, lone_surrogate, shown
from .variant_base import (BaseVariant, Change, VariantError, engine_error, int_value, split_change,  # noqa: F401
                           split_changes)

EXPANSIONS = ("base", "tgs", "rvi")
#: Rule constant -> (GameOptions field, printed value, lowest, highest).
RULES: dict[str, tuple[str, int, int, int]] = {
    "hand_limit": ("hand_limit", 10, 0, 100),
    "vp_pool_per_player": ("vp_per_player", 12, 1, 150),
    "tableau_end": ("tableau_end", 12, 1, 40),
}
#: Card fields a change may set, and the card data key each one writes.
CARD_FIELDS: dict[str, str] = {
    "cost": "cost", "defence": "defence", "vp": "vp", "copies": "copies", "powers": "power", "score": "score",
    "flags": "flags", "good": "good",
}
_FIELD_ALIASES = {"power": "powers", "defense": "defence", "scores": "score", "copy": "copies", "flag": "flags"}
_ACTIONS = ("remove", "add")


def parse_change(text: str) -> Change:
    """One change string, checked for form only (card names are checked against a game by Variant.resolve)."""
    raw, left, value = split_change(text, "'Gambling World.cost=2', 'remove=Alien Robot Sentry' or 'hand_limit=12'")
    if "." in left:
        card, fld = (s.strip() for s in left.rsplit(".", 1))
        fld_key = _FIELD_ALIASES.get(fld.lower(), fld.lower())
        if fld_key not in CARD_FIELDS:
            raise VariantError(f"change {shown(raw)}: unknown card field {shown(fld)}" + did_you_mean(fld, CARD_FIELDS,
                                                                                              "fields"))
        if not card:
            raise VariantError(f"change {shown(raw)}: no card name before '.{fld}'")
        if value == "" and fld_key != "flags":
            raise VariantError(f"change {shown(raw)}: no value after '='")
        return Change("card", card, fld_key, value)
    key = left.lower().replace("-", "_")
    if key in _ACTIONS:
        if not value:
            raise VariantError(f"change {shown(raw)}: {key}= needs a " + ("card name" if key == "remove" else "file"))
        return Change(key, value)
    if key in RULES:
        _, _, lo, hi = RULES[key]
        return Change("rule", key, value=str(int_value(value, f"change {shown(raw)}", lo, hi)))
    raise VariantError(f"change {shown(raw)}: unknown rule {shown(left)}" + did_you_mean(key, list(RULES) + list(_ACTIONS),
                                                                                  "rules")
                       + "; a card field is written CARD.FIELD=VALUE")


@dataclass(frozen=True)
class Variant(BaseVariant):
    """A named list of Race for the Galaxy changes; `cards` holds the text of added card blocks (read from
    add=FILE at parse time, so the variant is self-contained in a run's manifest)."""

    game = "rftg"  # (galaxysim.af_variant.AfVariant: "af")

    # --- building -----------------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, spec: "str | Sequence[str]", name: str = "", base_dir: "str | Path | None" = None,
              read_files: bool = True, game: str = "rftg") -> "Variant":
        """From 'change; change' or a list of change strings; add=FILE is read now (relative to base_dir), unless
        `read_files` is False (the manifest form, whose `cards` already holds the text). game="af" gives an
        Alien Frontiers variant (galaxysim.af_variant.AfVariant)."""
        if game != "rftg":
            return _game_class(game).parse(spec, name=name)
        texts = split_changes(spec) if isinstance(spec, str) else [t for s in spec for t in split_changes(s)]
        changes, cards = [], []
        for t in texts:
            c = parse_change(t)
            if c.kind == "add" and read_files:
                path = Path(c.target)
                if base_dir is not None and not path.is_absolute():
                    path = Path(base_dir) / path
                try:
                    cards.append(path.read_text(encoding="utf-8"))
                except OSError as e:
                    raise VariantError(f"change {shown(t)}: cannot read {shown(str(path))}: {e.strerror or e}") from None
            changes.append(c.text())
        if lone_surrogate(name):
            raise VariantError(f"variant name {shown(name)} is not valid text: it holds {lone_surrogate(name)}")
        return cls(name or "; ".join(changes), tuple(changes), "\n".join(cards))

    @classmethod
    def from_config(cls, value: Any, where: str = "variant", game: str = "rftg") -> "Variant | None":
        """From a config value: None, a string of changes, a list of change strings, or
        {"name": ..., "changes": [...] or "...", "cards": "..."} (the manifest's form). game="af": an
        Alien Frontiers variant (galaxysim.af_variant.AfVariant)."""
        if game != "rftg":
            return _game_class(game).from_config(value, where=where)
        if value is None or value == "" or value == []:
            return None
        if isinstance(value, BaseVariant):
            if value.game != "rftg":
                raise VariantError(f"{where}: an Alien Frontiers variant cannot change a Race for the Galaxy game")
            return value
        if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return cls.parse(value)
        if isinstance(value, Mapping):
            unknown = set(value) - {"name", "changes", "cards"}
            if unknown:
                raise VariantError(f"{where}: unknown key {shown(sorted(unknown)[0])} (a variant has name, changes, "
                                   "cards)")
            name, changes, cards = value.get("name", ""), value.get("changes", []), value.get("cards", "")
            if not isinstance(name, str) or not isinstance(cards, str):
                raise VariantError(f"{where}: name and cards must be strings")
            for key, text in (("name", name), ("cards", cards)):
                if lone_surrogate(text):
                    raise VariantError(f"{where}: {key} is not valid text: it holds {lone_surrogate(text)}")
            if isinstance(changes, str):
                changes = [changes]
            if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
                raise VariantError(f"{where}: changes must be a list of strings like 'Gambling World.cost=2'")
            if "cards" in value:  # the manifest form: add=FILE was read when the run started; its text is `cards`
                v = cls.parse(changes, name=name, read_files=False)
                return cls(v.name, v.changes, cards)
            return cls.parse(changes, name=name)
        raise VariantError(f"{where}: expected a string of changes, a list of them, or a table with name and "
                           f"changes, not {shown(value)}")

    def to_config(self) -> dict[str, Any]:
        return {"name": self.name, "changes": list(self.changes), "cards": self.cards}

    def identity(self) -> dict[str, Any]:
        """What decides the games (the name does not)."""
        return {"changes": list(self.changes), "cards": self.cards}

    @property
    def parsed(self) -> list[Change]:
        return [parse_change(c) for c in self.changes]

    # --- applying -------------------------------------------------------------------------------------------------
    def rule_options(self) -> dict[str, int]:
        """GameOptions keywords: {"hand_limit": 12, ...} for the rules the variant changes."""
        out = {}
        for c in self.parsed:
            if c.kind == "rule":
                out[RULES[c.target][0]] = int(c.value)
        return out

    def resolve(self, base_text: str, expansion: str) -> "ResolvedVariant":
        """Checks every change against the card data at `expansion` and writes the card text to play."""
        return resolve(self, base_text, expansion)


def _game_class(game: str):
    if game == "af":
        from .af_variant import AfVariant

        return AfVariant
    raise VariantError(f"unknown game {shown(game)} for a variant (expected rftg or af)")


@dataclass
class ResolvedVariant:
    variant: Variant
    card_text: str  # the base data + added cards + override blocks
    rules: dict[str, int]  # GameOptions keywords
    affected: dict[str, int] = field(default_factory=dict)  # card label -> card id, cards the variant touches
    # Each override block's first and last line in card_text, with the change that wrote it.
    line_ranges: list[tuple[int, int, str]] = field(default_factory=list)


def resolve(v: Variant, base_text: str, expansion: str) -> ResolvedVariant:
    if expansion not in EXPANSIONS:
        raise VariantError(f"unknown expansion {shown(expansion)} (expected one of {', '.join(EXPANSIONS)})")
    level = EXPANSIONS.index(expansion)
    text = base_text if base_text.endswith("\n") else base_text + "\n"
    base_lines = text.count("\n")
    base_db = _rftg.CardDb(text, "card data")
    n_base = len(base_db)
    text += "\n# ---- what-if variant: " + v.name.replace("\n", " ") + "\n"
    if v.cards:
        text += v.cards + ("\n" if not v.cards.endswith("\n") else "")
    try:
        designs = _rftg.CardDb(text, "card data").card_table(expansion, all=True)
    except ValueError as e:
        raise engine_error(str(e), [], base_lines) from None
    in_play = {d["name"]: d for d in designs if d["copies"] > 0}
    anywhere: dict[str, list[str]] = {}
    for d in designs:
        for lv, n in zip(EXPANSIONS, d["copies_by_level"]):
            if n > 0:
                anywhere.setdefault(d["name"], []).append(lv)

    affected: dict[str, int] = {}
    for d in designs[n_base:]:
        if d["copies"] > 0:
            affected[d["name"]] = d["id"]
    ranges: list[tuple[int, int, str]] = []
    rules: dict[str, int] = {}

    def card(name: str, change: str) -> dict:
        if name in in_play:
            return in_play[name]
        if name in anywhere:
            raise VariantError(f"change {shown(change)}: card {shown(name)} is not in the {expansion} game (it is in: "
                               f"{', '.join(anywhere[name])})")
        raise VariantError(f"change {shown(change)}: unknown card {shown(name)}" + did_you_mean(name, in_play, ""))

    blocks: list[tuple[str, list[str]]] = []
    for c in v.parsed:
        change = c.text()
        if c.kind == "rule":
            rules[RULES[c.target][0]] = int(c.value)
            continue
        if c.kind == "add":
            continue
        d = card(c.target, change)
        affected.setdefault(d["name"], d["id"])
        lines: list[str] = []
        if c.kind == "remove":
            copies = list(d["copies_by_level"])
            copies[level] = 0
            lines.append("copies: " + ", ".join(f"{lv} {n}" for lv, n in zip(EXPANSIONS, copies)))
        elif c.field in ("cost", "defence", "vp"):
            lo = -99 if c.field == "vp" else 0
            n = int_value(c.value, f"change {shown(change)}", lo, 99)
            key = c.field
            if key == "cost" and d["military"]:
                key = "defence"  # the number in a military world's cost spot is its defence
            elif key == "defence" and not d["military"]:
                raise VariantError(f"change {shown(change)}: {shown(d['name'])} is not a military world: it has a cost, "
                                   "not a defence")
            lines.append(f"{key}: {n}")
        elif c.field == "copies":
            n = int_value(c.value, f"change {shown(change)}", 0, 20)
            copies = list(d["copies_by_level"])
            copies[level] = n
            lines.append("copies: " + ", ".join(f"{lv} {k}" for lv, k in zip(EXPANSIONS, copies)))
        elif c.field in ("powers", "score"):
            parts = [p.strip() for p in c.value.split("|") if p.strip()]
            if not parts:
                raise VariantError(f"change {shown(change)}: give at least one {CARD_FIELDS[c.field]} line")
            lines += [f"{CARD_FIELDS[c.field]}: {p}" for p in parts]
        else:  # flags, good
            if "\n" in c.value:
                raise VariantError(f"change {shown(change)}: a value is one line")
            lines.append(f"{CARD_FIELDS[c.field]}: {c.value}")
        blocks.append((change, [f"override: {d['name']} [{expansion}]"] + lines))

    for change, lines in blocks:
        first = text.count("\n") + 1
        text += "\n".join(lines) + "\n"
        ranges.append((first, text.count("\n"), change))
    try:
        _rftg.CardDb(text, "card data")
    except ValueError as e:
        raise engine_error(str(e), ranges, base_lines) from None
    return ResolvedVariant(v, text, rules, affected, ranges)
