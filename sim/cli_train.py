"""`galaxysim train` (registered by sim/cli.py): a `net` model by self-play (galaxysim.net.train)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

TRAIN_EXAMPLES = """\
examples:
  galaxysim train --players 2 --out models/base2p --generations 30 --games 4000 --seed 1
  galaxysim train --players 4 --out models/base4p --from shipped          # continue from the shipped model
  galaxysim train --players 4 --variant 'Gambling World.cost=2' --out models/gw2
  galaxysim train --game af --players 2 --out models/af2p
  galaxysim train --players 2 --out models/base2p                         # again: resumes where it stopped

Each generation the model plays --games self-play games, then trains on the last --replay generations'
games; a checkpoint is saved after every generation, so a killed training resumes with the same command and
ends with the same model. The model is OUT/model.gsnet: play it with --bots net:model=OUT/model.gsnet.
At the end it is gated: a seat-rotated match on paired deals against the previous generation and against
heuristic, printed with 95% intervals. Needs PyTorch: pip install 'galaxysim[train]'.
"""


def add_parser(sub, fmt, count, integer) -> argparse.ArgumentParser:
    p = sub.add_parser("train", help="train a net model by self-play", formatter_class=fmt, epilog=TRAIN_EXAMPLES,
                       description="Train a model for the net bot by self-play (docs/net.md).")
    p.add_argument("--out", metavar="DIR", required=True, help="folder of the training: checkpoint, models, log")
    p.add_argument("--game", metavar="NAME", default="rftg", help="rftg or af (default rftg)")
    p.add_argument("--players", metavar="N", type=integer, default=2, help="players (default 2)")
    p.add_argument("--expansion", metavar="NAME", default="base", help="RftG: base, tgs or rvi (default base)")
    p.add_argument("--advanced", action="store_true", help="RftG: the advanced 2-player game")
    p.add_argument("--goals", action=argparse.BooleanOptionalAction, default=None, help="RftG tgs/rvi: goals")
    p.add_argument("--takeovers", action="store_true", help="RftG rvi: takeovers")
    p.add_argument("--draft", action="store_true", help="RftG tgs/rvi: the draft variant")
    p.add_argument("--long-game", action="store_true", help="AF: 8 colonies per player with 3 and 4 players")
    p.add_argument("--variant", metavar="CHANGES", help="a what-if variant (docs/variants.md), e.g. 'hand_limit=12'")
    p.add_argument("--generations", metavar="N", type=integer, default=20, help="generations (default 20)")
    p.add_argument("--games", metavar="N", type=count, default=2000, help="self-play games per generation")
    p.add_argument("--from", dest="start", metavar="MODEL", help="start from a model file, or 'shipped'")
    p.add_argument("--seed", metavar="N", type=integer, default=1, help="seed (default 1)")
    p.add_argument("--threads", metavar="N", type=integer, default=1, help="threads (default 1)")
    for name, kind, help_text in (
            ("h1", integer, "first hidden layer (default 128)"), ("h2", integer, "second hidden layer (default 32)"),
            ("replay", integer, "generations of games trained on (default 3)"),
            ("epochs", float, "passes over them per generation (default 1)"),
            ("batch", integer, "batch size (default 512)"), ("lr", float, "learning rate (default 0.001)"),
            ("explore", float, "self-play sampling temperature on the log-odds of the values (default 0.05)"),
            ("epsilon", float, "self-play: probability of a random move (default 0.03)"),
            ("dets", integer, "self-play: determinizations per value choice (default 1)"),
            ("rollout", integer, "the teacher's look-ahead, in decisions, to the end of the round (default 0)"),
            ("lam", float, "TD(lambda) of the value targets; 1: the game's result (default 1)"),
            ("discount", float, "value targets move towards an even share by this factor per later decision of "
                                "the seat: ending a won game sooner is worth more (default 1: none)"),
            ("capped", str, "value target of a game the safety cap stopped: result (by score) or even (an even "
                            "share for every seat: ending a won game beats stalling it) (default result)"),
            ("warmup", integer, "first generations played by the teacher (default 2)"),
            ("mix", float, "after them: probability of a teacher's move in self-play (default 0)"),
            ("teacher", str, "who plays the warm-up and mixed-in moves: heuristic, ismcts:iterations=N (whose "
                             "share of visits the action head imitates, and whose choices a value model's values "
                             "learn to rank: every AF model), or net:search=N (the search takes only "
                             "the action cards, the model the rest; AF: every decision; net:search=N,leaf=policy: "
                             "its playouts played by the model's action head; leaf=net: its leaves judged by the "
                             "model's value head; ,puct=C: its tree's choices by PUCT with the model's action head "
                             "as the prior) (default heuristic)"),
            ("policy-weight", float, "weight of the action head's loss, and of a value model's choice loss, beside "
                                     "the value loss (default 1)"),
            ("policy-temperature", float, "softness of the action head's target, and of the values' ranking "
                                          "(log-odds units; default 0.1)"),
            ("behaviour", str, "who moves in self-play: policy (the action head) or value (default policy)"),
            ("sample", float, "self-play sampling temperature on the action head's logits (default 0.5)"),
            ("choose", str, "how the model plays by default: policy, hybrid (the action cards by value, the rest by policy) "
                        "or value (default policy; AF: value)"),
            ("play-temperature", float, "... at this temperature: 0 the best action, > 0 sampled from the scores "
                                        "(default 0); a spec's temperature=T overrides it"),
            ("play-card-temperature", float, "... and at the action cards (RftG), if another (default: the same); "
                                             "card_temperature=T overrides it"),
            ("play-stall-temperature", float, "... and at the action cards of a seat in a stall (RftG: no tableau, "
                                              "good or VP changed in its last two rounds), if another "
                                              "(default: as any card); stall_temperature=T overrides it"),
            ("play-search", integer, "... with a search of N iterations at the search decisions (RftG: the action "
                                     "cards; AF: every decision; default 0: none); search=N overrides it"),
            ("play-leaf", str, "... whose leaves are judged by rollout, net (the value head) or policy (playouts by "
                               "the action head) (default rollout); leaf=... overrides it"),
            ("play-puct", float, "... and chooses in its tree by PUCT with the action head as the prior and this "
                                 "constant (default 0: by UCB); puct=C overrides it"),
            ("sample-games", integer, "games per bot kind that size the inputs (default 20)"),
            ("eval-games", integer, "games against heuristic after each generation (default 0)"),
            ("gating-games", integer, "games per gating match (default 400; 0: none)")):
        p.add_argument(f"--{name}", type=kind, default=argparse.SUPPRESS, help=help_text)
    p.add_argument("--dagger", action="store_true", default=argparse.SUPPRESS,
                   help="with --teacher net:search=N: the search also labels the action cards (AF: every decision) "
                        "the model plays after the warm-up (its share of visits is the target there; the model's move is played)")
    p.add_argument("--keep-models", action="store_true", default=argparse.SUPPRESS,
                   help="keep every generation's model gen-NNNN.gsnet in --out, to choose among them later "
                        "(default: only generation 0 and the last --replay + 1, which a resume needs)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return p


def config_of(ns: argparse.Namespace):
    """The TrainConfig of parsed `galaxysim train` arguments."""
    from galaxysim.net.train import TrainConfig

    keys = {f for f in TrainConfig.__dataclass_fields__}
    return TrainConfig(**{k: v for k, v in vars(ns).items() if k in keys})


def run(ns: argparse.Namespace) -> int:
    from galaxysim.net.train import TrainError, train

    from .config import ConfigError

    try:
        cfg = config_of(ns)
        result = train(cfg, progress=not ns.quiet)
    except TrainError as e:
        raise ConfigError(str(e)) from None
    if ns.json:
        print(json.dumps(result.__dict__, indent=1))
    else:
        print(f"model: {result.model} ({result.generations} generations, {result.games:,} self-play games, "
              f"{result.seconds:.0f} s)", flush=True)
    return 0


COMMANDS: dict[str, Any] = {"train": run}
