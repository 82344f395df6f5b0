"""The bot registry: built-in C++ bots by spec, Python bots by class, module path or registered name.

    from galaxysim.sim import bots
    b = bots.make("ismcts:iterations=2000,c=0.7", seed=1)   # a built-in C++ bot
    b.act(state, state.legal_actions())                     # -> an action

    class Greedy:                                            # a Python bot: any object with act()
        name = "greedy"
        def act(self, state, legal_actions):
            return legal_actions[0]

    bots.register("greedy", Greedy)                          # now "greedy" is a spec like any other

Specs (docs/bots.md):
  * ``random``, ``heuristic``, ``ismcts[:key=value,...]``, ``net[:key=value,...]``: built-in C++ bots, played in
    the GIL-free batch path when every seat is one;
  * a registered name, optionally with options: ``greedy`` or ``greedy:depth=2`` calls the registered
    factory with ``depth=2``;
  * ``py:package.module.Factory[:key=value,...]``: imports ``package.module`` (the current folder is on the
    path) and calls ``Factory(**options)``.

The Python-bot protocol: ``act(state, legal_actions) -> action`` (required), ``reset(seat, seed)`` (optional,
called before each game), ``name`` (optional; results name a bot by its spec or its key in ``objects``, and
``label`` gives the name for your own use). The ``state`` a Python bot is handed is a
determinization from its own seat: a full rftg.State in which every card the seat cannot see is a fresh
random deal (af.State: the position with its future rolls and tech draws reseeded), so the bot may inspect,
clone and search it but cannot read hidden information. Built-in specs work for both games:
``make("ismcts", game="af")``, or without `game` the game of the first state the bot is handed.
"""
from __future__ import annotations

import importlib
import sys
from typing import Any, Callable

from galaxysim.user_text import did_you_mean, shown

from .errors import ConfigError

BUILTIN = ("random", "heuristic", "ismcts", "net")
PY_PREFIX = "py:"
#: The longest bot spec (the longest real one, ismcts with every option or a Python bot's module path with
#: its options, is well under 200 characters).
MAX_SPEC_CHARS = 500


class BotSpecError(ConfigError):
    """An unknown bot name, a bad option, a Python bot that cannot be imported or made."""


GAMES = ("rftg", "af")


def _engine_module(game: str):
    if game == "af":
        from galaxysim import af

        return af
    if game == "rftg":
        from galaxysim import rftg

        return rftg
    raise BotSpecError(f"unknown game {shown(game)} (expected one of {', '.join(GAMES)})")


def _game_of(state) -> str:
    from galaxysim import af

    return "af" if isinstance(state, af.State) else "rftg"


class BuiltinBot:
    """A built-in C++ bot behind the Python-bot protocol (act(state, legal_actions)).

    `game` ("rftg" or "af") makes the engine's bot at once; None (the default) makes it for the game of the
    first state it is handed, so one spec serves both games. The spec is checked either way."""

    def __init__(self, spec: str, seed: int = 0, game: str | None = None):
        self.spec, self._seed, self.game = spec, seed, game
        self._bots: dict[str, Any] = {}
        self._last: Any = None
        self._bot = self._engine_bot(game or "rftg")  # checks the spec (the same for both games)
        self.spec = self._bot.spec
        self.name = self.spec

    def _engine_bot(self, game: str):
        if game not in self._bots:
            try:
                self._bots[game] = _engine_module(game).Bot(self.spec, self._seed)
            except ValueError as e:  # rftg.RulesError, af.RulesError
                raise BotSpecError(str(e)) from None
        return self._bots[game]

    def act(self, state, legal_actions=None) -> int:
        game = self.game or _game_of(state)
        self._last = self._engine_bot(game)
        return self._last.act(state)

    def last_stats(self) -> dict | None:
        """The last ISMCTS search's statistics (None for other bots)."""
        return (self._last or self._bot).last_stats()

    def evaluate(self, state, seat: int | None = None) -> list[float]:
        """A net bot's win probability for every seat, as `seat` (default: the deciding seat) judges the
        position (docs/net.md); a TypeError for other bots."""
        return self._engine_bot(self.game or _game_of(state)).evaluate(state, seat)

    def action_scores(self, state) -> list[float]:
        """What a net bot compares at this decision, one score per legal action (docs/net.md)."""
        return self._engine_bot(self.game or _game_of(state)).action_scores(state)

    def __repr__(self) -> str:
        return f"BuiltinBot({self.spec!r}" + (f", game={self.game!r})" if self.game else ")")


_REGISTRY: dict[str, Callable[..., Any]] = {}


def register(name: str, factory: Callable[..., Any]) -> None:
    """Makes ``name`` (and ``name:key=value,...``) a bot spec: ``factory(**options)`` returns the bot."""
    if not name or ":" in name or "," in name or name.strip() != name:
        raise BotSpecError(f"cannot register bot name {shown(name)}: use letters, digits, '-', '_' or '.'")
    if name in BUILTIN or name == PY_PREFIX.rstrip(":"):
        raise BotSpecError(f"cannot register {shown(name)}: it is a built-in bot name")
    _REGISTRY[name] = factory


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def registered() -> list[str]:
    return sorted(_REGISTRY)


def spec_name(spec: str) -> str:
    """The bot name of a spec ("ismcts:iterations=10" -> "ismcts"; "py:m.Bot:x=1" -> "py:m.Bot")."""
    spec = spec.strip()
    if spec.startswith(PY_PREFIX):
        rest = spec[len(PY_PREFIX):]
        return PY_PREFIX + rest.split(":", 1)[0].strip()
    return spec.split(":", 1)[0].strip()


def split_specs(text: str) -> list[str]:
    """Bot specs from a comma-separated list. An item that has '=' before any ':' (an option, not a bot)
    belongs to the spec before it: "ismcts:iterations=500,c=0.5,random" -> ["ismcts:iterations=500,c=0.5",
    "random"]."""
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if out and "=" in item.split(":", 1)[0] and ":" in out[-1]:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def is_builtin(spec: str) -> bool:
    return isinstance(spec, str) and spec_name(spec) in BUILTIN


def plays_by_the_clock(spec: str) -> bool:
    """Whether a built-in bot's moves depend on time (ismcts with a time budget, ms=...): not re-playable."""
    return spec_name(spec) == "ismcts" and "ms" in parse_options(spec, spec.partition(":")[2])


def _value(text: str) -> Any:
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def parse_options(spec: str, text: str) -> dict[str, Any]:
    """The key=value options of a spec's text after the name: "iterations=500,c=0.5" -> {"iterations": 500,
    "c": 0.5}."""
    out: dict[str, Any] = {}
    if not text.strip():
        return out
    for item in text.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise BotSpecError(f"bot {shown(spec)}: options are key=value separated by commas, got {shown(item.strip())}")
        if key in out:
            raise BotSpecError(f"bot {shown(spec)}: option {key} given twice")
        out[key] = _value(value)
    return out


def _import_factory(spec: str, path: str) -> Callable[..., Any]:
    module_name, dot, attr = path.rpartition(".")
    if not dot or not module_name or not attr:
        raise BotSpecError(f"bot {shown(spec)}: expected py:module.Factory, e.g. py:mybots.Greedy")
    if "" not in sys.path:
        sys.path.insert(0, "")  # the current folder, as `python -m` has it
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # ImportError, or an error inside the module
        raise BotSpecError(f"bot {shown(spec)}: cannot import {module_name}: {type(e).__name__}: {e}") from None
    try:
        return getattr(module, attr)
    except AttributeError:
        raise BotSpecError(f"bot {shown(spec)}: module {module_name} has no {shown(attr)}") from None


def _build(spec: str, factory: Callable[..., Any], options: dict[str, Any]) -> Any:
    try:
        bot = factory(**options)
    except Exception as e:
        raise BotSpecError(f"bot {shown(spec)}: making it failed: {type(e).__name__}: {e}") from None
    if not callable(getattr(bot, "act", None)):
        raise BotSpecError(f"bot {shown(spec)}: {type(bot).__name__} has no act(state, legal_actions) method")
    return bot


def make(spec: str, seed: int = 0, game: str | None = None) -> Any:
    """A bot from a spec (see the module docstring). Built-in specs give a BuiltinBot seeded with `seed`, for
    `game` ("rftg" or "af"; None: the game of the states it is handed)."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"a bot spec is a non-empty string, not {shown(spec)}")
    if len(spec) > MAX_SPEC_CHARS:
        raise BotSpecError(f"bot {shown(spec)}: a bot spec has at most {MAX_SPEC_CHARS} characters")
    spec = spec.strip()
    if is_builtin(spec):
        return BuiltinBot(spec, seed, game)
    if spec.startswith(PY_PREFIX):
        path, _, opts = spec[len(PY_PREFIX):].partition(":")
        return _build(spec, _import_factory(spec, path.strip()), parse_options(spec, opts))
    name, _, opts = spec.partition(":")
    factory = _REGISTRY.get(name.strip())
    if factory is None:
        names = [*BUILTIN, *registered()]
        raise BotSpecError(f"unknown bot {shown(name.strip())}{did_you_mean(name.strip(), names, '')} "
                           f"(bots: {', '.join(names)}; a Python bot: py:module.Factory)")
    return _build(spec, factory, parse_options(spec, opts))


def check(spec: str) -> None:
    """Raises BotSpecError for a spec that make() would refuse (a Python bot is made once to check it)."""
    make(spec)


def label(bot: Any) -> str:
    """The name a bot (a spec or an object) goes by in results: the spec, the object's `name`, or its class."""
    if isinstance(bot, str):
        return bot.strip()
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name:
        return name
    return type(bot).__name__
