"""What-if variants of Alien Frontiers: small changes to the board and card data and to the rule constants.

    from galaxysim.variant import Variant
    v = Variant.parse("Lunar Mine.docks=4; resource_limit=10", game="af")    # an AfVariant
    game = af.Game(players=3, variant=v)

A change is `LEFT=VALUE`; several changes in one string are separated by `;`:

    NAME.FIELD=VALUE        a field of a facility, territory, field generator or alien tech card, with the value
                            in the data files' syntax (docs/af-rules.md, "Data files"), e.g.
                              Lunar Mine.docks=4            Shipyard.ship-cost=4th 1, 5th 2, 6th 3
                              Booster Pod.cost=2            Alien City.vp=2       Temporal Warper.copies=1
                              Burroughs Desert.cost=fuel 2, ore 2    Asimov Crater.amount=2 (its bonus' number)
                              Positron Field.vp=2
    remove=TECH             no copies of that alien tech card in the deck (TECH.copies=0)
    colonies_per_player=N   colony tokens per player, at every player count and in the long game (printed 8/7/6)
    resource_limit=N        ore + fuel a player keeps at the end of a turn (printed 8)
    display=N  start_tech=N  start_ships=N  ships_per_colour=N   the other setup constants (printed 3, 1, 3, 6)

A variant becomes what-if overrides in the data files' syntax (setup keys first, then one block per change),
which the engine checks (af.Data.with_overrides): unknown names, fields and rules are errors naming the close
matches; a value the engine refuses is reported against the change that gave it. docs/variants.md is the user
documentation (AF-G20 in docs/af-rules.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .user_text import close_names, did_you_mean, lone_surrogate, shown
from .af_data import data as shipped_data
from .variant_base import BaseVariant, Change, VariantError, engine_error, int_value, split_change, split_changes

#: Rule constant -> (setup keys it writes, lowest, highest). colonies_per_player writes every player count.
RULES: dict[str, tuple[tuple[str, ...], int, int]] = {
    "colonies_per_player": (("colonies", "colonies-long-game"), 1, 12),
    "resource_limit": (("resource-limit",), 0, 100),
    "display": (("display",), 0, 6),
    "start_tech": (("start-tech",), 0, 3),
    "start_ships": (("start-ships",), 1, 6),
    "ships_per_colour": (("ships-per-colour",), 1, 6),
}
#: Fields every facility takes, and those of one kind only (the data files' keys).
FACILITY_FIELDS = ("docks", "blocked", "group", "shape", "value", "cost")
FACILITY_KIND_FIELDS = {"solar_converter": ("fuel-by-value",), "lunar_mine": ("ore-per-ship",),
                        "colonist_hub": ("advances", "launch-cost"), "terraforming_station": ("min-fleet",),
                        "alien_artifact": ("claim-sum",), "shipyard": ("ship-cost",),
                        "raiders_outpost": ("raid-resources",)}
TERRITORY_FIELDS = ("amount", "cost", "borrowable")
GENERATOR_FIELDS = ("vp",)
TECH_FIELDS = ("copies", "cost", "vp")
#: Fields that exist in the data but are mechanisms, not numbers (AF-G20).
FIXED_FIELDS = {"kind": "the kind of a facility", "bonus": "the kind of a territory's bonus (change its amount)",
                "effect": "the effect of a field generator", "power": "the powers of a tech card",
                "discard": "the powers of a tech card", "name": "a name"}
_ACTIONS = ("remove",)
SOURCE = "variant"  # names the override text in the engine's messages


def parse_change(text: str) -> Change:
    """One change string, checked for form (names and fields are checked against the data by resolve).
    kind: "item" (a facility's, territory's, field generator's or tech card's field), "remove" or "rule"."""
    raw, left, value = split_change(text, "'Lunar Mine.docks=4', 'remove=Alien City' or 'resource_limit=10'")
    if not value:
        raise VariantError(f"change {shown(raw)}: no value after '='")
    if "\n" in value:
        raise VariantError(f"change {shown(raw)}: a value is one line")
    if "." in left:
        name, fld = (s.strip() for s in left.rsplit(".", 1))
        if not name:
            raise VariantError(f"change {shown(raw)}: no name before '.{fld}'")
        return Change("item", name, fld.lower().replace("_", "-"), value)
    key = left.lower().replace("-", "_")
    if key in _ACTIONS:
        return Change(key, value)
    if key in RULES:
        _, lo, hi = RULES[key]
        return Change("rule", key, value=str(int_value(value, f"change {shown(raw)}", lo, hi)))
    raise VariantError(f"change {shown(raw)}: unknown rule {shown(left)}" + did_you_mean(key, list(RULES) + list(_ACTIONS),
                                                                                  "rules")
                       + "; a facility, territory or tech card field is written NAME.FIELD=VALUE")


@dataclass(frozen=True)
class AfVariant(BaseVariant):
    """A named list of Alien Frontiers changes (the same form as a Race for the Galaxy Variant: name, changes)."""

    game = "af"

    @classmethod
    def parse(cls, spec: "str | Sequence[str]", name: str = "", **_: Any) -> "AfVariant":
        texts = split_changes(spec) if isinstance(spec, str) else [t for s in spec for t in split_changes(s)]
        changes = [parse_change(t).text() for t in texts]
        if lone_surrogate(name):
            raise VariantError(f"variant name {shown(name)} is not valid text: it holds {lone_surrogate(name)}")
        return cls(name or "; ".join(changes), tuple(changes))

    @classmethod
    def from_config(cls, value: Any, where: str = "variant", **_: Any) -> "AfVariant | None":
        """From None, a string of changes, a list of them, or {"name": ..., "changes": [...]} (the manifest's)."""
        if value is None or value == "" or value == []:
            return None
        if isinstance(value, AfVariant):
            return value
        if isinstance(value, BaseVariant):
            raise VariantError(f"{where}: a Race for the Galaxy variant cannot change an Alien Frontiers game")
        if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return cls.parse(value)
        if isinstance(value, Mapping):
            unknown = set(value) - {"name", "changes", "cards"}
            if unknown:
                raise VariantError(f"{where}: unknown key {shown(sorted(unknown)[0])} (a variant has name, changes)")
            if value.get("cards"):
                raise VariantError(f"{where}: an Alien Frontiers variant cannot add cards")
            name, changes = value.get("name", ""), value.get("changes", [])
            if not isinstance(name, str):
                raise VariantError(f"{where}: name must be a string")
            if isinstance(changes, str):
                changes = [changes]
            if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
                raise VariantError(f"{where}: changes must be a list of strings like 'Lunar Mine.docks=4'")
            return cls.parse(changes, name=name)
        raise VariantError(f"{where}: expected a string of changes, a list of them, or a table with name and "
                           f"changes, not {shown(value)}")

    def to_config(self) -> dict[str, Any]:
        return {"name": self.name, "changes": list(self.changes)}

    def identity(self) -> dict[str, Any]:
        return {"changes": list(self.changes)}

    @property
    def parsed(self) -> list[Change]:  # type: ignore[override]
        return [parse_change(c) for c in self.changes]

    def rule_options(self) -> dict[str, int]:
        return {c.target: int(c.value) for c in self.parsed if c.kind == "rule"}

    def resolve(self, data=None, expansion: str = "base") -> "ResolvedAfVariant":  # type: ignore[override]
        """Checks every change against the board and card data (galaxysim.af.data() unless given) and writes the
        override text to play."""
        return resolve(self, data)


@dataclass
class ResolvedAfVariant:
    variant: AfVariant
    overrides: str  # what-if overrides in the data files' syntax (af.Game(overrides=...), AfRunner)
    data: Any  # the af.Data with the overrides applied
    # The tech cards and territories the variant changes: label -> (seats list column, value), for
    # galaxysim.results.compare: ("tech", design id) or ("territories", territory name).
    affected: dict[str, tuple[str, Any]] = field(default_factory=dict)
    line_ranges: list[tuple[int, int, str]] = field(default_factory=list)


def resolve(v: AfVariant, data=None) -> ResolvedAfVariant:
    base = data if data is not None else shipped_data()
    facilities = {f["name"]: f for f in base.facilities()}
    territories = {t["name"]: t for t in base.territories()}
    generators = {f["name"]: f for f in base.fields()}
    tech = {t["name"]: (k, t) for k, t in enumerate(base.tech())}
    everything = [*facilities, *territories, *generators, *tech]

    setup: list[tuple[str, list[str]]] = []
    blocks: list[tuple[str, list[str]]] = []
    affected: dict[str, tuple[str, Any]] = {}
    for c in v.parsed:
        change = c.text()
        if c.kind == "rule":
            keys, _, _ = RULES[c.target]
            lines = [f"{k}: 2p {c.value}, 3p {c.value}, 4p {c.value}" if k.startswith("colonies") else f"{k}: {c.value}"
                     for k in keys]
            setup.append((change, lines))
            continue
        name = c.target
        if c.kind == "remove":
            if name not in tech:
                raise VariantError(f"change {shown(change)}: unknown tech card {shown(name)}" + did_you_mean(name, tech, "")
                                   + ("" if name not in everything else " (only alien tech cards can be removed)"))
            blocks.append((change, [f"tech: {name}", "copies: 0"]))
            affected.setdefault(name, ("tech", tech[name][0]))
            continue
        fld = c.field
        if name in facilities:
            allowed, header = FACILITY_FIELDS + FACILITY_KIND_FIELDS.get(facilities[name]["kind"], ()), "facility"
        elif name in territories:
            allowed, header = TERRITORY_FIELDS, "territory"
        elif name in generators:
            allowed, header = GENERATOR_FIELDS, "field"
        elif name in tech:
            allowed, header = TECH_FIELDS, "tech"
        else:
            close = close_names(name, everything)
            hint = (" (did you mean " + " or ".join(repr(x) for x in close) + "?)") if close else \
                " (facilities, territories, field generators and alien tech cards are named as printed)"
            raise VariantError(f"change {shown(change)}: unknown facility, territory or tech card {shown(name)}{hint}")
        if fld not in allowed:
            if fld in FIXED_FIELDS:
                raise VariantError(f"change {shown(change)}: {FIXED_FIELDS[fld]} cannot be changed by a variant")
            raise VariantError(f"change {shown(change)}: {shown(name)} has no field {shown(fld)}" + did_you_mean(fld, allowed,
                                                                                                 "fields"))
        if fld == "amount":
            line = f"bonus: {territories[name]['bonus']} {c.value}"
        else:
            line = f"{fld}: {c.value}"
        blocks.append((change, [f"{header}: {name}", line]))
        if header == "tech":
            affected.setdefault(name, ("tech", tech[name][0]))
        elif header == "territory":
            affected.setdefault(name, ("territories", name))

    text, ranges = "", []
    for change, lines in setup + blocks:
        first = text.count("\n") + 1
        text += "\n".join(lines) + "\n"
        ranges.append((first, text.count("\n"), change))
    try:
        resolved = base.with_overrides(text, SOURCE) if text else base
    except ValueError as e:  # af.DataError
        raise engine_error(str(e), ranges) from None
    return ResolvedAfVariant(v, text, resolved, affected, ranges)
