"""What a match or tournament is: its config (MatchConfig, checked by validate()), its plan of seatings and deals
(lineups, deals, total_games: see galaxysim.sim.match), its run id, chunk size and default folder. Nothing here
plays a game or touches a folder.
"""
from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from galaxysim.user_text import cut, shown

from . import game_cost
from .config import EXPANSIONS, MAX_CHUNKS, MAX_GAMES, check_counts, check_out, check_types, time_capped
from .engine import engine_version
from .errors import ConfigError

KINDS = ("match", "tournament")
GAMES = ("rftg", "af")
#: Players per game of a match.
PLAYERS = {"rftg": (2, 6), "af": (2, 4)}
#: What names a match (its run id): these, plus game and long_game for Alien Frontiers.
_ID_KEYS = ("kind", "players", "expansion", "advanced", "bots", "games", "seed", "record_decisions")
#: What must match between a stored match and a `--resume` that names it.
DETERMINING_KEYS = _ID_KEYS + ("game", "long_game", "goals", "takeovers", "draft")


@dataclass
class MatchConfig:
    bots: list[str]
    kind: str = "match"
    game: str = "rftg"
    players: int = 2
    expansion: str = "base"
    advanced: bool = False
    long_game: bool = False  # Alien Frontiers: 8 colonies per player with 3 and 4 players
    goals: bool | None = None  # tgs/rvi: None is the rulebook default (on)
    takeovers: bool = False    # rvi
    draft: bool = False        # tgs/rvi
    games: int = 100  # per group of bots; rounded up to a multiple of `players` (the seat rotations)
    seed: int | None = None
    threads: int | None = None
    out: str | None = None
    chunk_size: int | None = None
    record_decisions: bool = False
    overwrite: bool = False
    resume: bool = False
    quiet: bool = False

    def validate(self) -> None:
        check_types(self, _flag)
        if self.kind not in KINDS:
            raise ConfigError(f"unknown kind {shown(self.kind)} (match or tournament)")
        if self.game not in GAMES:
            raise ConfigError(f"--game: unknown game {shown(self.game)} (expected one of {', '.join(GAMES)})")
        if self.game == "af":
            if self.expansion != "base":
                raise ConfigError(f"--expansion: Alien Frontiers has no expansions (got {shown(self.expansion)})")
            if self.advanced:
                raise ConfigError("--advanced is a Race for the Galaxy option (Alien Frontiers has --long-game)")
        elif self.long_game:
            raise ConfigError("--long-game is an Alien Frontiers option")
        if self.expansion not in EXPANSIONS:
            raise ConfigError(f"--expansion: unknown expansion {shown(self.expansion)}")
        lo, hi = PLAYERS[self.game]
        if not lo <= self.players <= hi:
            raise ConfigError(f"--players must be {lo} to {hi} for a {self.game} {self.kind}, not {self.players}")
        if self.advanced and self.players != 2:
            raise ConfigError("--advanced is the 2-player game: use --players 2")
        if self.expansion == "base" and (self.goals or self.takeovers or self.draft):
            raise ConfigError("--goals, --takeovers and --draft need --expansion tgs or rvi")
        self.bots = [b.strip() for b in self.bots]
        if any(not b for b in self.bots):
            raise ConfigError("--bots: an empty bot name")
        if len(set(self.bots)) != len(self.bots):
            raise ConfigError(f"--bots lists a bot twice ({cut(','.join(self.bots))}): give each bot once")
        k, p = len(self.bots), self.players
        if self.kind == "match" and not 2 <= k <= p:
            raise ConfigError(f"a match takes 2 to {p} bots for {p} players, got {k}" +
                              (" (use galaxysim tournament for more)" if k > p else ""))
        if self.kind == "tournament" and k < max(3, p):
            raise ConfigError(f"a tournament of {p}-player games takes at least {max(3, p)} bots, got {k}")
        check_counts(self.games, self.seed, self.threads, None, _flag)
        check_out(self.out)
        total = self.total_games  # every lineup's games
        if total > MAX_GAMES:
            raise ConfigError(f"--games {self.games:,} per group of bots is {total:,} games in all, more than "
                              f"{MAX_GAMES:,} (1e12)")
        if self.chunk_size is not None:
            check_counts(total, None, None, self.chunk_size, _flag)
        if self.overwrite and self.resume:
            raise ConfigError("--overwrite and --resume exclude each other")

    # --- the plan -----------------------------------------------------------------------------------------------
    @property
    def deals(self) -> int:
        return -(-self.games // self.players)

    def lineups(self) -> list[tuple[str, ...]]:
        """Seat assignments, in order: every group of bots in every rotation."""
        p = self.players
        if self.kind == "match":
            groups = [tuple(self.bots[i % len(self.bots)] for i in range(p))]
        else:
            groups = list(itertools.combinations(self.bots, p))
        return [g[r:] + g[:r] for g in groups for r in range(p)]

    @property
    def total_games(self) -> int:
        return len(self.lineups()) * self.deals

    def manifest_config(self) -> dict[str, Any]:
        out = {"kind": self.kind, "game": self.game, "players": self.players, "expansion": self.expansion,
               "advanced": self.advanced, "bots": list(self.bots), "games": self.games, "seed": self.seed,
               "record_decisions": self.record_decisions, "chunk_size": self.chunk_size, "threads": self.threads,
               "deals": self.deals, "lineups": [list(x) for x in self.lineups()]}
        if self.game == "af":
            out["long_game"] = self.long_game
        elif self.expansion != "base":
            out.update(goals=self.goals, takeovers=self.takeovers, draft=self.draft)
        return out

    def game_options(self) -> dict[str, Any]:
        """The expansions' options as engine keywords (galaxysim._batch.Runner, rftg.Game)."""
        return {"goals": -1 if self.goals is None else int(self.goals), "takeovers": self.takeovers,
                "draft": self.draft}

    @classmethod
    def from_manifest(cls, config: Mapping[str, Any]) -> "MatchConfig":
        keys = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in config.items() if k in keys})

    @property
    def variant(self) -> str:
        if self.game == "af":
            return "long_game" if self.long_game else "standard"
        from .config import rftg_variant_label

        return rftg_variant_label(self.expansion, self.players, self.advanced, self.goals, self.takeovers, self.draft)


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def is_match_run(config: Mapping[str, Any]) -> bool:
    return config.get("kind") in KINDS


def auto_chunk_size(total: int, threads: int, seconds_per_game: float = 0.0) -> int:
    """About 20 chunks, but at most AUTO_CHUNK_SECONDS of play each (a Ctrl-C waits for the chunk in flight);
    `seconds_per_game` is one thread's time for a game (sim/game_cost.py)."""
    size = max(4 * threads, min(10_000, -(-total // 20)))
    size = max(time_capped(size, threads, seconds_per_game), -(-total // MAX_CHUNKS))  # at most MAX_CHUNKS chunks
    return max(1, min(total, size))


def slowest_game_seconds(cfg: "MatchConfig") -> float:
    """The estimated time of a game whose seats hold the slowest entrants (sim/game_cost.py)."""
    seats = sorted(game_cost.seat_seconds(cfg.game, cfg.players, b) for b in cfg.bots)[-cfg.players:]
    return game_cost.game_seconds(cfg.game, cfg.players) + sum(seats)


def default_out(cfg: MatchConfig, root: Path = Path("runs")) -> Path:
    if cfg.game == "af":
        return root / f"{cfg.kind}-af-{cfg.players}p{'-long' if cfg.long_game else ''}-seed{cfg.seed}"
    adv = "-adv" if cfg.advanced else ""
    return root / f"{cfg.kind}-{cfg.game}-{cfg.expansion}-{cfg.players}p{adv}-seed{cfg.seed}"


def run_id(cfg: MatchConfig, engine: str | None = None) -> str:
    """Names what was played: a hash of the plan and the engine version (`engine`, default this one's)."""
    key = {k: getattr(cfg, k) for k in _ID_KEYS}
    if cfg.game == "af":
        key.update(game=cfg.game, long_game=cfg.long_game)
    elif cfg.expansion != "base":  # base-game ids as they were
        key.update(goals=cfg.goals, takeovers=cfg.takeovers, draft=cfg.draft)
    key["engine_version"] = engine_version() if engine is None else engine
    return "m-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]
