"""What a run folder records about its `net` seats: each net spec's model file and content hash.

`model_records(config, bots)` gives, for every distinct net spec among the bots, the model file it plays (the one
named by model=, or the shipped one for the game) and its "sha256:..." hash; run and match manifests keep it
under "models", and a resume refuses to go on when a model changed since (its games would differ).
"""
from __future__ import annotations

from typing import Any, Mapping

from .model_file import content_hash


def is_net(spec: str) -> bool:
    return isinstance(spec, str) and spec.strip().split(":", 1)[0].strip() == "net"


def spec_options(spec: str) -> list[tuple[str, str]]:
    """A bot spec's options in order, keys and values trimmed as the engine's spec parser trims them
    ("net: model = m.gsnet" names m.gsnet)."""
    _, _, opts = spec.partition(":")
    return [(k.strip(), v.strip()) for k, _, v in (kv.partition("=") for kv in opts.split(",")) if k.strip()]


def game_for(config: Any):
    """The game a run or match config (a RunConfig, MatchConfig or a manifest's config dict) plays."""
    get = (lambda k, d=None: config.get(k, d)) if isinstance(config, Mapping) else \
        (lambda k, d=None: getattr(config, k, d))
    from galaxysim import af, rftg

    variant = get("what_if")
    if get("game", "rftg") == "af":
        return af.Game(players=get("players"), long_game=bool(get("long_game", False)), variant=variant)
    return rftg.Game(players=get("players"), expansion=get("expansion", "base"), advanced=bool(get("advanced", False)),
                     goals=get("goals"), takeovers=bool(get("takeovers", False)), draft=bool(get("draft", False)),
                     variant=variant)


def model_path(game, spec: str) -> str:
    """The model file a net spec plays in this game (checked: a bad model raises the game's RulesError)."""
    from galaxysim import _af, _rftg, af

    engine = _af if isinstance(game, af.Game) else _rftg
    return engine.model_info(game, dict(spec_options(spec)).get("model", ""))["path"]


def searching_specs(config: Any, bots) -> list[str]:
    """`bots`, each net spec with the search its model plays by default written out (",search=N,leaf=...,puct=C" from the
    model file's header), for estimates of a seat's cost (sim/game_cost.py). A spec stays as it is when it gives
    search=, its model has no search of its own, or the model cannot be read (the run refuses it later, with its
    one line). Each distinct spec's model is read once."""
    from .model_file import ModelFileError, read_header

    specs = {b: given for b in bots if is_net(b) and "search" not in (given := dict(spec_options(b)))}
    if not specs:
        return list(bots)
    game = game_for(config)
    written = {}
    for spec, given in specs.items():
        try:
            head = read_header(model_path(game, spec))
        except (ValueError, OSError, ModelFileError):
            continue
        search = head.get("search", 0)
        if not isinstance(search, int) or search <= 0:
            continue
        leaf = [f"leaf={head['leaf']}"] if "leaf" in head and "leaf" not in given else []
        puct = [f"puct={head['puct']:g}"] if head.get("puct") and "puct" not in given else []
        written[spec] = spec.strip() + ("," if ":" in spec else ":") + ",".join([f"search={search}"] + leaf + puct)
    return [written.get(b, b) for b in bots]


def model_records(config: Any, bots) -> dict[str, dict[str, str]]:
    """{spec: {"path": model file, "content_hash": "sha256:..."}} for the net specs among `bots`."""
    specs = sorted({b.strip() for b in bots if is_net(b)})
    if not specs:
        return {}
    game = game_for(config)
    out = {}
    for spec in specs:
        path = model_path(game, spec)
        out[spec] = {"path": path, "content_hash": content_hash(path)}
    return out


def changed_models(recorded: Mapping[str, Mapping[str, str]], config: Any) -> list[str]:
    """The recorded net specs whose model now differs (or cannot be read): one line each."""
    out = []
    if not recorded:
        return out
    game = game_for(config)
    for spec, rec in recorded.items():
        try:
            path = model_path(game, spec)
            now = content_hash(path)
        except (ValueError, OSError) as e:
            out.append(f"{spec}: {str(e).splitlines()[0]}")
            continue
        if now != rec.get("content_hash"):
            out.append(f"{spec}: the model {path} changed since the run began ({rec.get('content_hash')} -> {now})")
    return out
