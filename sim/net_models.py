"""The `net` seats' models in a run or match folder (docs/net.md): the manifest's "models" (each net spec's model
file and content hash, galaxysim.net.manifest) and a resume's check that none changed since the folder began.

Used by sim/run.py and sim/match.py; galaxysim.net is imported only when a function here is called (playing or
recording models needs no PyTorch).
"""
from __future__ import annotations

from typing import Any, Iterable

from galaxysim.results.reader import Run
from galaxysim.user_text import shown

from .errors import ConfigError, one_line
from .manifest_checks import corrupt


def manifest_models(cfg: Any, bots: Iterable[Any]) -> dict[str, Any]:
    """{spec: {"path", "content_hash"}} for the net specs among `bots` (others, and bot objects, are skipped), {}
    without net seats: new_manifest's `models`. A model that cannot play the game: ConfigError, its one line."""
    from galaxysim.net.manifest import model_records

    try:
        records = model_records(cfg, [b for b in bots if isinstance(b, str)])
    except ValueError as e:  # a model that cannot play the game (rftg.RulesError, af.RulesError)
        raise ConfigError(one_line(str(e))) from None
    return records


def refuse_changed_models(run: Run, cfg: Any, bots: Iterable[Any]) -> None:
    """A resume plays the models the folder began with: RunFolderError when the manifest's "models" is malformed
    or lacks a net seat of `bots`, ConfigError when a model changed since or cannot be read."""
    recorded = run.manifest.get("models", {})
    if not isinstance(recorded, dict) or not all(
            isinstance(spec, str) and isinstance(rec, dict) and isinstance(rec.get("content_hash"), str)
            for spec, rec in recorded.items()):
        raise corrupt(run, f"models must map each net spec to its model's path and content_hash, not {shown(recorded)}")
    from galaxysim.net.manifest import changed_models, is_net

    missing = sorted({b.strip() for b in bots if isinstance(b, str) and is_net(b)} - set(recorded))
    if missing:
        raise corrupt(run, f"models does not record the net seat {shown(missing[0])}")
    changed = changed_models(recorded, cfg)
    if changed:
        raise ConfigError(f"{run.path}: {one_line(changed[0])}; its games would differ: "
                          "start a new run instead of resuming")
