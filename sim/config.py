"""The configuration of a run: defaults, TOML config files, validation.

Every `galaxysim run` flag has a config key of the same name (dashes or
underscores). A config file holds the keys at the top level or in a [run] table (beside [ray]):

    # my-run.toml
    game = "rftg"
    expansion = "base"
    players = 4
    bots = ["random", "heuristic", "heuristic", "heuristic"]   # or "random,heuristic,heuristic,heuristic"
    games = 200000
    seed = 42
    record_decisions = false
    # The expansions (expansion = "tgs" or "rvi"): goals (default: the rulebook's, on with 2+ players),
    # takeovers (rvi; default off), draft (tgs 2-3, rvi 2-5 players); the solo game (players = 1):
    # solo_difficulty = "easy" | "medium" | "hard", solo_config = "my-solo.txt" (a solo configuration
    # file, relative to this file; default: the one shipped with galaxysim, core/data/rftg_solo.txt).
    goals = true
    variant = "Gambling World.cost=2; hand_limit=12"   # a what-if variant (docs/variants.md); also:
    # [variant]
    # name = "cheap gambling"
    # changes = ["Gambling World.cost=2", "hand_limit=12"]

Flags given on the command line win over the file.
"""
from __future__ import annotations

import dataclasses
import numbers
import os
import secrets
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Mapping

from galaxysim.user_text import close_names, cut, lone_surrogate, shown

from .bots import MAX_SPEC_CHARS, split_specs
from .errors import ConfigError, RunWriteError  # noqa: F401  (RunWriteError: importable from here, as before)
from .game_cost import seconds_per_game

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

GAMES = ("rftg", "af")
GAME_NAMES = {"rftg": "Race for the Galaxy", "af": "Alien Frontiers"}
IMPLEMENTED_GAMES = ("rftg", "af")
EXPANSIONS = ("base", "tgs", "rvi")
DEFAULT_GAMES = 100_000
#: Games per chunk per thread when --chunk-size is not given: chunks of a fraction of a second (bigger ones
#: cost less Parquet encoding per game: 2.0 us instead of 2.6 at 20,000 games a chunk instead of 5,000).
AUTO_CHUNK_PER_THREAD = 10_000
AUTO_CHUNK_MIN, AUTO_CHUNK_MAX = 1_000, 100_000
#: ... and when decisions are recorded (each game then carries ~0.4 MB of observation tensors in memory).
AUTO_CHUNK_RECORD_PER_THREAD, AUTO_CHUNK_RECORD_MAX = 100, 1_000
#: ... and never more than about this many seconds of play per chunk (slow bots: ismcts), so that a Ctrl-C,
#: which finishes the chunk in flight, and a killed run, which loses it, cost seconds, not hours.
AUTO_CHUNK_SECONDS = 10.0
MAX_SEED = 2**64 - 1
#: The most engine threads a run may ask for: the engine starts one per thread, so a larger number is a typo.
MAX_THREADS = 1024
#: The most games in one chunk (a chunk's games are held in memory until its files are written) and the most
#: chunks in one run (the manifest lists each one, and rewrites the list after each); so at most 10**12 games.
MAX_CHUNK_SIZE = 1_000_000
MAX_CHUNKS = 1_000_000
MAX_GAMES = MAX_CHUNK_SIZE * MAX_CHUNKS


def all_cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@dataclass
class RunConfig:
    """What to play and where to write it. None means "choose for me" (see `resolved`)."""

    game: str = "rftg"
    players: int = 4
    expansion: str = "base"
    advanced: bool = False
    bots: list[str] = field(default_factory=lambda: ["heuristic"])  # one per seat, or one for all seats
    games: int = DEFAULT_GAMES
    seed: int | None = None  # None: a random seed, recorded in the manifest
    threads: int | None = None  # None: all cores
    out: str | None = None  # None: runs/<game>-<expansion>-<players>p-<seed or timestamp>
    record_decisions: bool = False
    chunk_size: int | None = None  # None: scaled with the threads (a fraction of a second per chunk)
    overwrite: bool = False
    resume: bool = False
    quiet: bool = False
    # Where to play: None on this machine; "auto", "local", "HOST:PORT" or "ray://HOST:PORT" on a Ray cluster
    # (flag --ray; TOML `ray.address` or `ray = "auto"`). ray_options: the other keys of the TOML [ray] table
    # (see cluster/options.py). Neither changes a row.
    ray_address: str | None = None
    ray_options: dict[str, Any] = field(default_factory=dict)
    #: A what-if variant (galaxysim.variant.Variant), None for the printed rules. Config key `variant` (or what_if).
    what_if: Any = None
    #: Alien Frontiers: 8 colonies per player with 3 and 4 players (rules 2.2).
    long_game: bool = False
    #: The expansions (tgs, rvi): goals (None: the rulebook default, on with 2+ players), takeovers (rvi),
    #: the draft variant; the solo game (players 1): the robot's difficulty and the solo configuration file
    #: (None: the one shipped with galaxysim). solo_config_text: that file's text, read once by validate()
    #: and kept in the manifest, so a resume plays the same robot whatever happened to the file.
    goals: bool | None = None
    takeovers: bool = False
    draft: bool = False
    solo_difficulty: str = "medium"
    solo_config: str | None = None
    solo_config_text: str | None = None

    # --- building ---------------------------------------------------------------------------------------------
    @classmethod
    def keys(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    @classmethod
    def from_values(cls, values: Mapping[str, Any], source: str = "",
                    labels: Mapping[str, str] | None = None) -> "RunConfig":
        """A config from {key: value} (keys as in the config file), type-checked, then validated.

        Error messages name a key by its label: labels[key] if given (e.g. "--players" for a flag), else
        "<source>: <key>" (e.g. "my.toml: players"), else the key."""
        cfg = cls()
        lab = _labeller(source, labels)
        # The game first: a what-if variant is read in the terms of its game.
        for key, value in sorted(values.items(), key=lambda kv: kv[0] != "game"):
            setattr(cfg, key, _check_type(key, value, lab(key), game=cfg.game))
        cfg.validate(lab)
        return cfg

    # --- checking ---------------------------------------------------------------------------------------------
    def validate(self, label: "Callable[[str], str] | str" = "") -> None:
        """Checks the values the engine does not check itself; normalizes `bots` to one name per seat."""
        L = label if callable(label) else _labeller(label, None)
        check_types(self, L)
        if self.game not in GAMES:
            raise ConfigError(f"{L('game')}: unknown game {shown(self.game)} (expected one of {', '.join(GAMES)})")
        if self.game not in IMPLEMENTED_GAMES:
            raise ConfigError(f"{L('game')} {self.game}: Alien Frontiers is not implemented yet; "
                              f"only {', '.join(IMPLEMENTED_GAMES)} can be played for now")
        if self.game == "af":
            if self.expansion != "base":
                raise ConfigError(f"{L('expansion')}: Alien Frontiers has no expansions (got {shown(self.expansion)})")
            if self.advanced:
                raise ConfigError(f"{L('advanced')} is a Race for the Galaxy option (Alien Frontiers has long_game)")
        elif self.long_game:
            raise ConfigError(f"{L('long_game')} is an Alien Frontiers option")
        self._validate_expansion_options(L)
        if self.expansion not in EXPANSIONS:
            raise ConfigError(f"{L('expansion')}: unknown expansion {shown(self.expansion)} "
                              f"(expected one of {', '.join(EXPANSIONS)})")
        if self.players < 1:
            raise ConfigError(f"{L('players')} must be at least 1, not {self.players}")
        if not self.bots or any(not b for b in self.bots):
            raise ConfigError(f"{L('bots')} must list bot names, e.g. heuristic or random,heuristic")
        if len(self.bots) == 1:
            self.bots = self.bots * self.players
        elif len(self.bots) != self.players:
            raise ConfigError(f"{L('bots')} lists {len(self.bots)} bots ({cut(','.join(self.bots))}) for "
                              f"{self.players} players: give one per seat, or a single name for all seats")
        check_counts(self.games, self.seed, self.threads, self.chunk_size, L)
        check_out(self.out, L("out"))
        if self.overwrite and self.resume:
            raise ConfigError(f"{L('overwrite')} and {L('resume')} exclude each other")
        if self.ray_address is not None or self.ray_options:
            from galaxysim.cluster.options import OptionError, check_address, check_options

            try:
                check_address(self.ray_address, L("ray_address").replace("ray_address", "ray.address"))
                check_options(self.ray_options, L("ray_options").replace("ray_options", "ray"))
            except OptionError as e:
                raise ConfigError(str(e)) from None
        if self.what_if is not None:
            from galaxysim import rftg
            from galaxysim.variant import VariantError

            if self.what_if.game != self.game:
                mine, theirs = GAME_NAMES[self.what_if.game], GAME_NAMES[self.game]
                raise ConfigError(f"{L('what_if')}: {_a(mine)} {mine} variant cannot change {_a(theirs)} {theirs} game")
            try:
                if self.game == "af":
                    self.what_if.resolve()
                else:
                    self.what_if.resolve(rftg.card_text(), self.expansion)
            except VariantError as e:
                raise ConfigError(f"{L('what_if')}: {e}") from None

    def _validate_expansion_options(self, L: Callable[[str], str]) -> None:
        """The options of the expansions and the solo game that the engine cannot name a flag for."""
        if self.game == "af" or self.expansion == "base":
            for key, off in (("goals", None), ("takeovers", False), ("draft", False)):
                if getattr(self, key) not in (off, False):
                    where = "Alien Frontiers has no" if self.game == "af" else "the base game has no"
                    raise ConfigError(f"{L(key)}: {where} {key} (they need --expansion tgs or rvi)")
        if self.solo_difficulty not in SOLO_DIFFICULTIES:
            raise ConfigError(f"{L('solo_difficulty')}: unknown difficulty {shown(self.solo_difficulty)} "
                              f"(expected one of {', '.join(SOLO_DIFFICULTIES)})")
        solo = self.game == "rftg" and self.players == 1
        if not solo:
            if self.solo_config is not None:
                raise ConfigError(f"{L('solo_config')} is for the solo game (players 1), not {self.players} players")
            if self.solo_difficulty != "medium":
                raise ConfigError(f"{L('solo_difficulty')} is for the solo game (players 1), "
                                  f"not {self.players} players")
            return
        if self.solo_config_text is None:
            self.solo_config_text = read_solo_config(self.solo_config, L("solo_config"))

    # --- choosing the defaults --------------------------------------------------------------------------------
    def resolved(self) -> "RunConfig":
        """A copy with seed, threads, chunk size and output folder chosen."""
        cfg = dataclasses.replace(self, bots=list(self.bots), ray_options=dict(self.ray_options))
        if cfg.seed is None:
            cfg.seed = secrets.randbits(63)
        if cfg.threads is None:
            cfg.threads = all_cores()
        if cfg.chunk_size is None:
            cfg.chunk_size = auto_chunk_size(cfg.games, cfg.threads, cfg.record_decisions,
                                             seconds_per_game(cfg.game, cfg.players, costed_bots(cfg)))
        if cfg.out is None:
            cfg.out = str(default_out(cfg, seed_given=self.seed is not None))
        return cfg

    def manifest_config(self) -> dict[str, Any]:
        """What the manifest records (everything but the per-invocation switches)."""
        out = {k: getattr(self, k) for k in ("game", "players", "expansion", "advanced", "bots", "games", "seed",
                                              "record_decisions", "chunk_size", "threads")}
        if self.what_if is not None:  # only then: the manifests of runs without a variant stay as they were
            out["what_if"] = self.what_if.to_config()
        if self.game == "af":
            out["long_game"] = self.long_game
        elif self.expansion != "base":  # only then: base-game manifests stay as they were
            out.update(goals=self.goals, takeovers=self.takeovers, draft=self.draft)
            if self.players == 1:
                out.update(solo_difficulty=self.solo_difficulty, solo_config=self.solo_config,
                           solo_config_text=self.solo_config_text)
        return out

    @classmethod
    def from_manifest(cls, config: Mapping[str, Any], source: str) -> "RunConfig":
        # (not threads: those of the first session, which a resume does not take; an older galaxysim let any
        # number through, and such a run must still resume)
        values = {k: v for k, v in config.items() if k in cls.keys() and k != "threads"}
        return cls.from_values(values, labels={k: f"{source}: config.{k}" for k in cls.keys()})

    @property
    def variant(self) -> str:
        """The games table's variant label: standard, advanced, or the expansion options joined by "+"
        (e.g. "goals+takeovers", "advanced+goals+draft", "solo-hard")."""
        if self.game == "af":
            return "long_game" if self.long_game else "standard"
        return rftg_variant_label(self.expansion, self.players, self.advanced, self.goals, self.takeovers, self.draft,
                                  self.solo_difficulty)


def check_types(cfg: Any, label: Callable[[str], str]) -> None:
    """The field types of a config made in Python, as the command line and config files check theirs: a float
    seed, a string count or an on/off option given as "no" was taken as it came (`seed=2.5` played seed 2 and
    recorded 2.5). A string of bots is split as --bots is; counts may be written "50k"; numpy integers are fine."""
    for f in fields(cfg):
        if f.name in _INT_KEYS | _BOOL_KEYS | _STR_KEYS or f.name == "bots":
            setattr(cfg, f.name, _check_type(f.name, getattr(cfg, f.name), label(f.name)))


def check_counts(games: int, seed: int | None, threads: int | None, chunk_size: int | None,
                 label: Callable[[str], str]) -> None:
    """The numbers of a run or a match: games, seed, threads and chunk size (None: chosen later) in range."""
    _in_range(games, MAX_GAMES, label('games'))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"{label('seed')} must be between 0 and 2**64-1, not {seed}")
    check_threads(threads, label('threads'))
    if chunk_size is not None:
        _in_range(chunk_size, MAX_CHUNK_SIZE, label('chunk_size'))
        check_chunk_count(games, chunk_size, label)


def check_out(out: str | None, label: str = "--out") -> None:
    """An empty --out named the current folder."""
    if out is not None and not out.strip():
        raise ConfigError(f"{label} must name a folder, not {shown(out)}")


def check_threads(threads: int | None, label: str = "--threads") -> None:
    if threads is not None:
        _in_range(threads, MAX_THREADS, label)


def _in_range(value: int, most: int, label: str) -> None:
    if value < 1:
        raise ConfigError(f"{label} must be at least 1, not {value}")
    if value > most:
        raise ConfigError(f"{label} must be at most {most:,}, not {value:,}")


def check_chunk_count(games: int, chunk_size: int, label: Callable[[str], str]) -> None:
    """At most MAX_CHUNKS chunks (the manifest lists every one)."""
    n = -(-games // chunk_size)
    if n > MAX_CHUNKS:
        raise ConfigError(f"{label('games')} {games:,} in chunks of {chunk_size:,} would be {n:,} chunk files, "
                          f"more than {MAX_CHUNKS:,}: give a --chunk-size of at least {-(-games // MAX_CHUNKS):,}")


def rftg_variant_label(expansion: str, players: int, advanced: bool, goals: bool | None, takeovers: bool,
                       draft: bool, solo_difficulty: str = "medium") -> str:
    """The games table's variant label of a Race for the Galaxy configuration (docs/run-folder.md)."""
    if expansion == "base":
        return "advanced" if advanced else "standard"
    if players == 1:
        return f"solo-{solo_difficulty}"
    goals = goals if goals is not None else True  # the rulebook default with 2+ players
    parts = [name for name, on in (("advanced", advanced), ("goals", goals), ("takeovers", takeovers),
                                   ("draft", draft)) if on]
    return "+".join(parts) or "standard"


def costed_bots(cfg: Any) -> list[str]:
    """cfg.bots, each net seat with the search its model plays by default written out: what a game costs."""
    from galaxysim.net.manifest import searching_specs

    return searching_specs(cfg, cfg.bots)


def auto_chunk_size(games: int, threads: int, record_decisions: bool = False,
                    seconds_per_game: float = 0.0) -> int:
    """Games per chunk: a fraction of a second of fast games, at most AUTO_CHUNK_SECONDS of slow ones (but one
    game per thread at least); `seconds_per_game` is one thread's time for a game (sim/game_cost.py)."""
    threads = max(1, threads)
    if record_decisions:
        size = min(AUTO_CHUNK_RECORD_MAX, AUTO_CHUNK_RECORD_PER_THREAD * threads)
    else:
        size = max(AUTO_CHUNK_MIN, min(AUTO_CHUNK_MAX, AUTO_CHUNK_PER_THREAD * threads))
    size = max(time_capped(size, threads, seconds_per_game), -(-games // MAX_CHUNKS))  # at most MAX_CHUNKS chunks
    return max(1, min(games, size))


def time_capped(size: int, threads: int, seconds_per_game: float) -> int:
    """`size` games, or fewer if they are more than AUTO_CHUNK_SECONDS of play on `threads` threads (one game
    per thread at least); seconds_per_game <= 0: unknown, no cap."""
    if seconds_per_game <= 0:
        return size
    return min(size, max(threads, int(AUTO_CHUNK_SECONDS * threads / seconds_per_game)))


def default_out(cfg: RunConfig, seed_given: bool, root: Path = Path("runs")) -> Path:
    """runs/rftg-base-4p-seed42 for an explicit seed, else runs/rftg-base-4p-20250101-120000[-N]
    (Alien Frontiers: runs/af-3p-seed42, runs/af-4p-long-seed42)."""
    if cfg.game == "af":
        stem = f"af-{cfg.players}p{'-long' if cfg.long_game else ''}"
    else:
        stem = f"{cfg.game}-{cfg.expansion}-{cfg.players}p{'-adv' if cfg.advanced else ''}"
        if cfg.expansion != "base":
            stem += "".join(f"-{k}" for k in ("takeovers", "draft") if getattr(cfg, k))
            stem += "-nogoals" if cfg.goals is False else ""
    if seed_given:
        return root / f"{stem}-seed{cfg.seed}"
    import time

    base = root / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = base, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


# --- types ----------------------------------------------------------------------------------------------------------

_INT_KEYS = {"players", "games", "seed", "threads", "chunk_size"}
_COUNT_KEYS = {"games", "chunk_size"}  # also written as on the command line ("50k")
#: Config file keys that name a RunConfig field differently ("variant" is also the standard/advanced label).
KEY_ALIASES = {"variant": "what_if"}
_BOOL_KEYS = {"advanced", "record_decisions", "overwrite", "resume", "quiet", "long_game", "goals", "takeovers",
              "draft"}
_STR_KEYS = {"game", "expansion", "out", "ray_address", "solo_difficulty", "solo_config", "solo_config_text"}
SOLO_DIFFICULTIES = ("easy", "medium", "hard")


def read_solo_config(path: str | None, label: str) -> str:
    """The text of a solo configuration file (None: the one shipped with galaxysim); the engine checks it."""
    if path is None:
        from galaxysim import rftg

        return rftg.solo_config_text()
    p = Path(path)
    data = read_file(p, "solo configuration file", f"{label}: ")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{label}: {p} is not a text file (not UTF-8)") from None


def read_file(p: Path, what: str, prefix: str = "") -> bytes:
    """The bytes of a file the user named; a missing file, a folder or an unreadable file is a ConfigError."""
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"{prefix}{what} not found: {p}") from None
    except IsADirectoryError:
        raise ConfigError(f"{prefix}{what} {p} is a folder") from None
    except OSError as e:
        raise ConfigError(f"{prefix}cannot read {what} {p}: {e.strerror}") from None


def parse_bots(text: str) -> list[str]:
    """One bot spec per seat from "random,ismcts:iterations=500,c=0.5" (galaxysim.sim.bots.split_specs)."""
    return split_specs(text)


def _labeller(source: str, labels: Mapping[str, str] | None) -> Callable[[str], str]:
    def label(key: str) -> str:
        if labels and key in labels:
            return labels[key]
        return f"{source}: {key}" if source else key

    return label


def _a(noun: str) -> str:
    return "an" if noun[:1] in "AEIOU" else "a"


def parse_count(text: str) -> int:
    """A count written 100000, 100_000, 100,000, 100k, 2M or 1e6 (ValueError otherwise)."""
    t = text.strip().replace("_", "").replace(",", "")
    scale = 1
    if t[-1:] in ("k", "K"):
        t, scale = t[:-1], 1_000
    elif t[-1:] in ("m", "M"):
        t, scale = t[:-1], 1_000_000
    try:
        return int(t) * scale
    except ValueError:
        pass
    try:
        f = float(t) * scale
    except ValueError:
        raise ValueError(f"not an integer: {shown(text)}") from None
    if not f.is_integer():
        raise ValueError(f"not an integer: {shown(text)}")
    return int(f)


def _check_type(key: str, value: Any, label: str, game: str = "rftg") -> Any:
    if key in _INT_KEYS:
        if value is None and key in ("seed", "threads", "chunk_size"):
            return None
        if key in _COUNT_KEYS and isinstance(value, str):  # as on the command line: "50k", "1M"
            try:
                return parse_count(value)
            except ValueError:
                raise ConfigError(f"{label} must be an integer such as 50000, \"50k\" or \"1M\", not {shown(value)}") from None
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):  # (numpy integers are fine)
            raise ConfigError(f"{label} must be an integer, not {shown(value)}")
        return int(value)
    if key in _BOOL_KEYS:
        if value is None and key == "goals":
            return None
        if not isinstance(value, bool):
            raise ConfigError(f"{label} must be true or false, not {shown(value)}")
        return value
    if key in _STR_KEYS:
        if value is None and key in ("out", "ray_address", "solo_config", "solo_config_text"):
            return None
        if not isinstance(value, str):
            raise ConfigError(f"{label} must be a string, not {shown(value)}")
        return _text(value, label)
    if key == "ray_options":
        if not isinstance(value, dict):
            raise ConfigError(f"{label} must be a table, not {shown(value)}")
        return dict(value)
    if key == "what_if":
        from galaxysim.variant import Variant, VariantError

        try:
            return Variant.from_config(value, where=label, game=game if game in GAMES else "rftg")
        except VariantError as e:
            raise ConfigError(f"{label}: {e}" if not str(e).startswith(label) else str(e)) from None
    if key == "bots":
        if isinstance(value, str):
            return [_bot_spec(b, label) for b in parse_bots(value)]
        if isinstance(value, list) and all(isinstance(b, str) for b in value):
            return [_bot_spec(b.strip(), label) for b in value]
        raise ConfigError(f"{label} must be a string like \"random,heuristic\" or a list of strings, "
                          f"not {shown(value)}")
    raise ConfigError(f"{label}: unknown key {shown(key)} (known keys: {', '.join(file_keys())})")


def _text(value: str, label: str) -> str:
    """A string the engine can take: a lone surrogate (a JSON manifest can hold one) is refused."""
    where = lone_surrogate(value)
    if where:
        raise ConfigError(f"{label} is not valid text: it holds {where}")
    return value


def _bot_spec(spec: str, label: str) -> str:
    if len(spec) > MAX_SPEC_CHARS:
        raise ConfigError(f"{label}: bot {shown(spec)} is longer than a bot spec may be ({MAX_SPEC_CHARS} "
                          "characters)")
    return _text(spec, label)


def file_keys() -> list[str]:
    """The keys of a config file: the RunConfig fields, with the names the file gives some of them."""
    inner = {"what_if": "variant", "ray_address": "ray", "ray_options": None, "solo_config_text": None}
    return [inner.get(k, k) for k in RunConfig.keys() if inner.get(k, k) is not None]


def _unknown_key(key: str, source: str) -> ConfigError:
    close = close_names(key.replace("-", "_"), file_keys() + ["run"], n=1)
    hint = f" (did you mean {shown(close[0])}?)" if close else f" (known keys: {', '.join(file_keys())})"
    return ConfigError(f"{source + ': ' if source else ''}unknown key {shown(key)}{hint}")


def load_toml(path: str | os.PathLike[str], extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The {key: value} of a TOML config file, keys normalized (dashes to underscores) and checked. Keys in
    `extra` (a command's own, e.g. compare's variant tables) are returned as they are."""
    p = Path(path)
    data = read_file(p, "config file")
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{p}: not a TOML file (not UTF-8 text)") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{p}: invalid TOML: {e}") from None
    raw = dict(raw)
    if isinstance(raw.get("run"), dict):  # the run keys may sit in a [run] table, beside [ray] or compare's
        for key, value in raw.pop("run").items():
            if key in raw:
                raise ConfigError(f"{p}: {key} is given both at the top level and in [run]")
            raw[key] = value
    seen: dict[str, str] = {}
    for key in raw:
        norm = key.replace("-", "_")
        if norm in seen:
            raise ConfigError(f"{p}: {seen[norm]} and {key} are the same key: give it once")
        seen[norm] = key
    out: dict[str, Any] = {}
    ray = raw.pop("ray", None)  # `ray = "auto"`, or a [ray] table: address and the Ray options
    if isinstance(ray, dict):
        ray = dict(ray)
        if "address" in ray:
            out["ray_address"] = _check_type("ray_address", ray.pop("address"), f"{p}: ray.address")
        out["ray_options"] = ray
    elif ray is not None:
        out["ray_address"] = _check_type("ray_address", ray, f"{p}: ray")
    for key, value in raw.items():
        if key.replace("-", "_") in extra:
            out[key.replace("-", "_")] = value
            continue
        k = KEY_ALIASES.get(key.replace("-", "_"), key.replace("-", "_"))
        if k not in RunConfig.keys() or k == "solo_config_text":
            raise _unknown_key(key, str(p))
        # A variant is read by RunConfig.from_values, which knows the game (a flag may choose it).
        out[k] = value if k == "what_if" else _check_type(k, value, f"{p}: {k}")
        if k == "solo_config" and not Path(value).is_absolute():  # relative to the config file
            out[k] = str(p.parent / value)
    return out
