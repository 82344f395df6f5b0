"""What names a run and what makes two runs the same: the run id (a hash of everything that determines the
rows) and the check of a `run --resume` (or a compare's reuse) against the folder's stored config.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from galaxysim.user_text import cut, shown

from .config import RunConfig
from .errors import ConfigError

#: What must match between a run folder and a `run --resume` that names it.
DETERMINING_KEYS = ("game", "players", "expansion", "advanced", "bots", "games", "seed", "record_decisions",
                    "chunk_size", "what_if", "long_game", "goals", "takeovers", "draft", "solo_difficulty",
                    "solo_config_text")


class RunMismatch(ConfigError):
    """`--resume` into a folder whose run was made otherwise; `difference` says how (e.g. "games=2000, not 100")."""

    def __init__(self, message: str, folder: Path, difference: str):
        super().__init__(message)
        self.folder, self.difference = folder, difference


def imported_run_id(source: str, files: list[str], reference_readings: list[str]) -> str:
    """Names an imported run (galaxysim import): its source, the record files by name and the rules readings
    it was replayed with."""
    key = json.dumps({"import": source, "files": sorted(files), "reference_readings": list(reference_readings)},
                     sort_keys=True)
    return "i-" + hashlib.sha256(key.encode()).hexdigest()[:12]


def run_id(cfg: RunConfig, engine: str) -> str:
    """Names what was played: a hash of everything that determines the rows (not threads or chunking)."""
    key = {k: getattr(cfg, k) for k in ("game", "players", "expansion", "advanced", "bots", "games", "seed")}
    if cfg.what_if is not None:
        key["what_if"] = cfg.what_if.identity()
    if cfg.game == "af":
        key["long_game"] = cfg.long_game
    elif cfg.expansion != "base":  # only then: the ids of base-game runs stay as they were
        key.update(goals=cfg.goals, takeovers=cfg.takeovers, draft=cfg.draft)
        if cfg.players == 1:
            key.update(solo_difficulty=cfg.solo_difficulty,
                       solo_config=hashlib.sha256((cfg.solo_config_text or "").encode()).hexdigest())
    key["engine_version"] = engine
    return "r-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]


def check_same_run(stored: dict[str, Any], cfg: RunConfig, explicit: set[str], out: Path) -> None:
    """RunMismatch when a determining key the user gave (in `explicit`) differs from the folder's stored config."""
    for key in DETERMINING_KEYS:
        if key not in explicit and not (key == "solo_config_text" and "solo_config" in explicit):
            continue
        want, have = getattr(cfg, key), stored.get(key)
        if key == "what_if":  # the same changes make the same games, whatever the variant's name
            from galaxysim.variant import Variant

            want = want.identity() if want is not None else None
            have = Variant.from_config(have, game=cfg.game).identity() if have else None
        elif key not in stored:
            continue
        if want != have:
            show = (lambda v: cut(",".join(v))) if key == "bots" else shown
            flag = key.replace('_', '-')
            if key == "what_if":
                show, flag = (lambda v: repr("; ".join(v["changes"])) if v else "none"), "variant"
            if key == "solo_config_text":
                raise RunMismatch(f"--resume: {out} was made with another solo configuration than "
                                  f"{cfg.solo_config or 'the shipped one'}: drop --solo-config or choose another --out",
                                  out, "another solo configuration")
            raise RunMismatch(f"--resume: {out} was made with {flag}={show(have)}, not {show(want)}: "
                              f"drop --{flag} or choose another --out", out, f"{flag}={show(have)}, not {show(want)}")
