"""Training a `net` model by self-play (``galaxysim train``; docs/net.md, "Training").

    from galaxysim.net.train import TrainConfig, train
    result = train(TrainConfig(out="models/base2p", players=2, generations=30, games=4000, seed=1))
    print(result.model)          # models/base2p/model.gsnet: play it with net:model=models/base2p/model.gsnet

Each generation: the current model plays `games` self-play games in the engine (every seat choosing by value,
exploring with temperature `explore`), recorded as Samples (samples.py); the network trains on the samples of
the last `replay` generations (value head: each seat's result; action head: the teacher's values of every
legal action); the samples are stored (samples-NNNN.npz, sample_store.py), the new model is written
(gen-NNNN.gsnet) and a checkpoint saved. A training killed at any point resumes from its last checkpoint with
the same command (reading the stored samples of its replay window), and ends with the same model as one that
was never stopped. At the end the model is copied to model.gsnet and gated: a seat-rotated match on paired deals
against the previous generation and against `heuristic`, printed with 95% intervals.

Needs PyTorch (``pip install 'galaxysim[train]'``); playing the model does not.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from . import data_source, model_file, sample_store
from .inputs import InputSpec, build_input_spec, sample_observations
from .samples import Samples, discounted_results, lambda_returns, ragged_take

CHECKPOINT = "checkpoint.pt"
FINAL = "model.gsnet"
LOG = "train.json"


class TrainError(ValueError):
    """A training that cannot start or go on: one line saying why."""


@dataclass
class TrainConfig:
    out: str
    # The game configuration (as galaxysim run's): the model plays exactly this.
    game: str = "rftg"
    players: int = 2
    expansion: str = "base"
    advanced: bool = False
    goals: bool | None = None
    takeovers: bool = False
    draft: bool = False
    long_game: bool = False
    variant: str | None = None
    # Self-play.
    generations: int = 20
    games: int = 2000           # self-play games per generation
    explore: float = 0.05       # sampling temperature on the log-odds of the value choices
    epsilon: float = 0.03       # ... and the probability of a random legal action instead
    dets: int = 1               # determinizations per value choice
    rollout: int = 0            # the teacher judges each action after this many decisions of look-ahead by the
                                # action head, to the end of the round (RftG) or turn (AF); 0: right after it
    lam: float = 1.0            # TD(lambda) of the value targets (1: the game's result only)
    discount: float = 1.0       # value targets move towards an even share by this per later example of the seat
                                # (1: none; < 1: ending a won game sooner is worth more)
    capped: str = "result"      # value target of a game the safety cap stopped: its result by score, or "even"
                                # (an even share for every seat: ending a won game beats stalling it)
    warmup: int = 2             # first generations played by the teacher (0: self-play from the start)
    mix: float = 0.0            # after them: probability of a teacher's move in self-play
    teacher: str = "heuristic"  # who plays those moves: the heuristic bot, "ismcts:iterations=N" (its search;
                                # the action head imitates its share of visits) or "net:search=N" (the search
                                # takes only the action cards, the model the rest: as the net:search=N bot plays;
                                # AF: every decision; "net:search=N,leaf=policy": its playouts played by the
                                # model's action head; ",leaf=net": its leaves judged by the model's value head)
    dagger: bool = False        # with net:search=N: the search also labels the search decisions the model plays (its
                                # visits are the target there; the model's move is played): DAgger
    behaviour: str = "policy"   # who moves in self-play: the action head ("policy", sampled at `sample`) or the
    sample: float = 0.5         # values ("value", sampled at `explore`); the values are the targets either way
    # The network and its training.
    h1: int = 128
    h2: int = 32
    replay: int = 3             # generations of samples trained on
    epochs: float = 1.0         # passes over the replay samples per generation
    batch: int = 512
    lr: float = 1e-3
    policy_weight: float = 1.0  # weight of the action head's loss and of the choice loss beside the value loss
    policy_temperature: float = 0.1  # softness of the action head's target (log-odds units)
    choose: str = "policy"      # how the model plays by default: policy (action head), hybrid or value
    play_temperature: float = 0.0  # ... and at what temperature (0: the best action; > 0: sampled; the header's
                                   # "temperature", which net:temperature=T overrides)
    play_card_temperature: float | None = None  # ... at the action cards (RftG), if not the same ("card_temperature")
    play_stall_temperature: float | None = None  # ... at the action cards of a seat in a stall ("stall_temperature")
    play_search: int = 0        # ... with a search of this many iterations at the game's search decisions ("search";
                                # 0: none; net:search=N overrides it)
    play_leaf: str | None = None  # ... whose leaves are judged so: rollout, net or policy ("leaf"; net:leaf= overrides)
    play_puct: float = 0.0      # ... choosing in its tree by PUCT with the action head as the prior and this constant
                                # ("puct"; 0: by UCB; net:puct= overrides it)
    start: str | None = None    # a model file to start from (same game and layout), or "shipped"
    seed: int = 1
    threads: int = 1
    sample_games: int = 20      # games per bot kind sampled to size the inputs
    gating_games: int = 400     # per opponent (0: no gating)
    eval_games: int = 0         # after each generation: games against heuristic, for the learning curve
    keep_models: bool = False   # keep every generation's gen-NNNN.gsnet (else: 0 and the last replay + 1)

    def validate(self) -> None:
        if self.game not in ("rftg", "af"):
            raise TrainError(f"--game: unknown game {self.game!r} (rftg or af)")
        if not isinstance(self.rollout, int) or self.rollout < 0:
            raise TrainError(f"--rollout must be a whole number >= 0, not {self.rollout!r}")
        for name in ("generations", "games", "h1", "h2", "replay", "batch", "threads", "dets"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise TrainError(f"--{name.replace('_', '-')} must be a whole number >= 1, not {v!r}")
        if self.gating_games < 0 or self.sample_games < 1:
            raise TrainError("--gating-games must be >= 0 and --sample-games >= 1")
        if not (self.explore >= 0 and self.epochs > 0 and self.lr > 0 and self.policy_temperature >= 0
                and self.policy_weight >= 0):
            raise TrainError("--explore, --policy-temperature and --policy-weight must be >= 0, --epochs and --lr > 0")
        if not (0 <= self.epsilon <= 1 and 0 <= self.lam <= 1 and 0 <= self.mix <= 1):
            raise TrainError("--epsilon, --lam and --mix must be in [0, 1]")
        if self.capped not in ("result", "even"):
            raise TrainError(f"--capped must be result or even, not {self.capped!r}")
        if not 0 < self.discount <= 1:
            raise TrainError(f"--discount must be in (0, 1], not {self.discount!r}")
        if not isinstance(self.warmup, int) or self.warmup < 0:
            raise TrainError(f"--warmup must be a whole number >= 0, not {self.warmup!r}")
        self.teacher_search()  # raises for a bad --teacher
        if self.dagger and not self.teacher_at_search_decisions():
            raise TrainError(f"--dagger needs --teacher net:search=N (the search labels the action cards the model "
                             f"plays), not --teacher {self.teacher}")
        if self.behaviour not in ("policy", "value"):
            raise TrainError(f"--behaviour must be policy or value, not {self.behaviour!r}")
        if self.sample < 0:
            raise TrainError("--sample must be >= 0")
        if self.choose not in ("policy", "value", "hybrid"):
            raise TrainError(f"--choose must be policy, value or hybrid, not {self.choose!r}")
        if not 0 <= self.play_temperature <= 100:
            raise TrainError(f"--play-temperature must be in [0, 100], not {self.play_temperature!r}")
        if self.play_card_temperature is not None and not 0 <= self.play_card_temperature <= 100:
            raise TrainError(f"--play-card-temperature must be in [0, 100], not {self.play_card_temperature!r}")
        if self.play_stall_temperature is not None and not 0 <= self.play_stall_temperature <= 100:
            raise TrainError(f"--play-stall-temperature must be in [0, 100], not {self.play_stall_temperature!r}")
        if not isinstance(self.play_search, int) or isinstance(self.play_search, bool) or \
                not 0 <= self.play_search <= 10_000_000:
            raise TrainError(f"--play-search must be a whole number in 0..10000000, not {self.play_search!r}")
        if self.play_leaf is not None:
            if self.play_leaf not in ("rollout", "net", "policy"):
                raise TrainError(f"--play-leaf must be rollout, net or policy, not {self.play_leaf!r}")
            if self.play_search == 0:
                raise TrainError(f"--play-leaf {self.play_leaf} needs --play-search N (the leaves of that search)")
            if self.play_leaf == "policy" and self.game == "af":
                raise TrainError("--play-leaf policy: an Alien Frontiers model has no action head to play the playouts "
                                 "(use net or rollout)")
        if isinstance(self.play_puct, bool) or not isinstance(self.play_puct, (int, float)) or \
                not 0 <= self.play_puct <= 100:
            raise TrainError(f"--play-puct must be a number in [0, 100], not {self.play_puct!r}")
        if self.play_puct and self.play_search == 0:
            raise TrainError(f"--play-puct {self.play_puct} needs --play-search N (PUCT chooses in that search's tree)")
        if self.play_puct and self.game == "af":
            raise TrainError("--play-puct: an Alien Frontiers model has no action head to be the prior")
        if self.game == "af" and self.choose != "value":
            self.choose = "value"  # AF models have no action head (docs/net.md)
        if "," in str(self.out) or ":" in Path(self.out).name:
            raise TrainError(f"--out {self.out}: a folder whose path has no ',' (bot specs name its models)")

    def _teacher(self) -> tuple[int, str, float]:
        """The teacher spec's parts: (search iterations, 0 for the heuristic bot; leaf; PUCT constant)."""
        t = str(self.teacher).strip()
        if t == "heuristic":
            return 0, "rollout", 0.0
        m = re.fullmatch(r"ismcts:iterations=(\d+)|net:search=(\d+)(?:,leaf=(rollout|policy|net))?"
                         r"(?:,puct=(\d+(?:\.\d*)?|\.\d+))?", t)
        if not m or int(m.group(1) or m.group(2)) < 1:
            raise TrainError(f"--teacher must be heuristic, ismcts:iterations=N or net:search=N[,leaf=policy|net]"
                             f"[,puct=C] (N >= 1), not {self.teacher!r}")
        leaf, puct = m.group(3) or "rollout", float(m.group(4) or 0)
        if self.game == "af" and (leaf == "policy" or puct):
            raise TrainError(f"--teacher {t}: an Alien Frontiers model has no action head to play the playouts or be "
                             "the prior (use leaf=net or leave leaf out, without puct)")
        if not 0 <= puct <= 100:
            raise TrainError(f"--teacher {t}: puct must be in [0, 100]")
        return int(m.group(1) or m.group(2)), leaf, puct

    def teacher_search(self) -> int:
        """The teacher's search iterations: 0 for the heuristic bot."""
        return self._teacher()[0]

    def teacher_policy_playouts(self) -> bool:
        """Whether the teacher's search plays its playouts by the model's action head (net:search=N,leaf=policy)."""
        return self._teacher()[1] == "policy"

    def teacher_net_leaves(self) -> bool:
        """Whether the teacher's search judges its leaves by the model's value head (net:search=N,leaf=net)."""
        return self._teacher()[1] == "net"

    def teacher_puct(self) -> float:
        """The teacher's PUCT constant (net:search=N,puct=C: the model's action head as the prior in its tree); 0: UCB."""
        return self._teacher()[2]

    def teacher_at_search_decisions(self) -> bool:
        """Whether the teacher's search takes only the game's search decisions (--teacher net:search=N: RftG's
        action cards; every AF decision)."""
        return str(self.teacher).strip().startswith("net:")

    def command(self) -> str:
        """The `galaxysim train` command line of this configuration (the options that differ from the defaults,
        --out left out): recorded in every model's header, so a model says how it was trained."""
        import shlex
        from dataclasses import fields

        words = ["galaxysim", "train"]
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "out" or v == f.default:
                continue
            flag = "--from" if f.name == "start" else "--" + f.name.replace("_", "-")
            if isinstance(v, bool):
                words.append(flag if v else "--no-" + flag[2:])
            else:
                words += [flag, str(v)]
        return shlex.join(words)

    def game_keys(self) -> dict:
        return {k: getattr(self, k) for k in ("game", "players", "expansion", "advanced", "goals", "takeovers",
                                             "draft", "long_game", "variant")}

    def run_config(self) -> dict:
        """The galaxysim run configuration of this game (for matches)."""
        keys = self.game_keys()
        variant = keys.pop("variant")
        cfg = dict(keys)
        if variant:
            cfg["what_if"] = _variant_object(self.game, variant)
        return cfg


@dataclass
class TrainResult:
    model: str
    generations: int
    games: int
    seconds: float
    gating: list = field(default_factory=list)


def _variant_object(game: str, text: str):
    if game == "af":
        from galaxysim.af_variant import AfVariant

        return AfVariant.from_config(text)
    from galaxysim.variant import Variant

    return Variant.from_config(text)


def make_game(cfg: TrainConfig):
    from galaxysim import af, rftg

    try:
        if cfg.game == "af":
            return af.Game(players=cfg.players, long_game=cfg.long_game, variant=cfg.variant)
        return rftg.Game(players=cfg.players, expansion=cfg.expansion, advanced=cfg.advanced, goals=cfg.goals,
                         takeovers=cfg.takeovers, draft=cfg.draft, variant=cfg.variant)
    except ValueError as e:
        raise TrainError(str(e).splitlines()[0]) from None


def engine_of(cfg: TrainConfig):
    from galaxysim import _af, _rftg

    return _af if cfg.game == "af" else _rftg


def _import_torch():
    try:
        import torch
    except ImportError:
        raise TrainError("galaxysim train needs PyTorch: pip install 'galaxysim[train]' (the CPU wheel is enough)") \
            from None
    return torch


# --- the model file of the network being trained --------------------------------------------------------------------

def export(path: Path, net, spec: InputSpec, actions, cfg: TrainConfig, game, extra: dict) -> str:
    """Writes the network as a model file; returns its content hash."""
    eng = engine_of(cfg)
    encoding, space = eng.action_space(game)
    w = net.weights(spec.slots, actions)
    classes = w.action_class
    unseen = float(w.ba.min()) if len(w.ba) else 0.0
    configuration = cfg.game_keys()
    if cfg.game == "rftg":
        configuration["goals"] = bool(game.goals)  # as played (--goals unset: the rulebook's default)
    head = model_file.header(
        game=cfg.game, expansion="af" if cfg.game == "af" else cfg.expansion, players=[cfg.players],
        observation_size=game.observation_size, layout=eng.layout_fingerprint(game), action_encoding=encoding,
        action_space=space, weights=w, choose=cfg.choose if len(classes) else "value", unseen_logit=unseen,
        configuration=configuration, **({"temperature": cfg.play_temperature} if cfg.play_temperature else {}),
        **({"card_temperature": cfg.play_card_temperature} if cfg.play_card_temperature is not None else {}),
        **({"stall_temperature": cfg.play_stall_temperature} if cfg.play_stall_temperature is not None else {}),
        **({"search": cfg.play_search} if cfg.play_search else {}),
        # leaf=policy and puct need the action head, which a model from scratch has only once it has seen actions
        **({"leaf": cfg.play_leaf} if cfg.play_leaf is not None and (len(classes) or cfg.play_leaf != "policy") else {}),
        **({"puct": float(cfg.play_puct)} if cfg.play_puct and len(classes) else {}),
        **extra)
    return model_file.write(path, head, w)


# --- one generation's training --------------------------------------------------------------------------------------

def _batches(n: int, batch: int, steps: int, rng: np.random.Generator):
    """`steps` index batches drawn from repeated permutations of range(n)."""
    if n == 0:
        for _ in range(steps):
            yield None
        return
    order = rng.permutation(n)
    at = 0
    for _ in range(steps):
        if at + batch > n:
            order, at = rng.permutation(n), 0
        yield order[at:at + batch] if batch <= n else order
        at += batch


def predict_values(net, samples: Samples, torch, batch: int = 8192) -> np.ndarray:
    """The network's win probabilities (n, blocks) for every value example."""
    out = np.zeros((samples.values, net.seats), np.float32)
    with torch.no_grad():
        for a in range(0, samples.values, batch):
            idx = np.arange(a, min(a + batch, samples.values))
            rows, off = ragged_take(samples.v_rows, samples.v_offsets, idx)
            h = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
            lp = net.value_log_probs(h, torch.from_numpy(samples.v_players[idx].astype(np.int64)))
            out[idx] = lp.exp().numpy()
    return out


CHOICE_BATCH = 32  # choice examples per step (each with one value example per legal action)


def choice_loss(net, samples: Samples, idx: np.ndarray, temperature: float, torch):
    """Cross-entropy of the search's choice (c_target) against softmax(log-odds of the deciding seat's win
    probability after each legal action / temperature), for the choice examples idx: the value head learns to
    rank the actions of a decision as the search did, which is how a value model chooses (choose=value)."""
    cand, coff = ragged_take(np.arange(len(samples.c_end), dtype=np.int64), samples.c_choice_offsets, idx)
    n = np.diff(coff)
    end = samples.c_end[cand]
    live = np.nonzero(end < 0)[0]
    p_end = np.clip(end.astype(np.float64), 1e-6, 1 - 1e-6)
    score = torch.from_numpy(np.log(p_end / (1 - p_end)).astype(np.float32))
    if len(live):
        rows, off = ragged_take(samples.c_rows, samples.c_offsets, cand[live])
        h = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
        players = np.repeat(samples.c_players[idx], n)[live]
        lp = net.value_log_probs(h, torch.from_numpy(players.astype(np.int64)))[:, 0]
        odds = lp - torch.log1p(-lp.exp().clamp(max=1 - 1e-6))
        score = score.index_put((torch.from_numpy(live),), odds)
    rowi = np.repeat(np.arange(len(idx)), n)
    col = np.arange(len(cand)) - np.repeat(coff[:-1], n)
    pad = torch.full((len(idx), int(n.max())), float("-inf")).index_put(
        (torch.from_numpy(rowi), torch.from_numpy(col)), score / temperature)
    t = np.zeros((len(idx), int(n.max())), np.float32)
    t[rowi, col] = samples.c_target[cand]
    t = torch.from_numpy(t)
    logp = torch.log_softmax(pad, dim=1)
    return -(torch.where(t > 0, t * logp, torch.zeros(()))).sum(1).mean()


def train_on(net, opt, actions, samples: Samples, cfg: TrainConfig, rng: np.random.Generator, torch) -> dict:
    """One generation's passes over the samples; returns the mean losses. Value targets: TD(lambda) along each
    seat's positions, bootstrapped from the network as it is before this generation's training."""
    targets = discounted_results(samples.v_target, samples.v_next, samples.v_players, cfg.discount)
    if cfg.lam < 1 and samples.values:
        targets = lambda_returns(predict_values(net, samples, torch), targets, samples.v_next, cfg.lam)
    steps = max(1, math.ceil(cfg.epochs * max(samples.values, samples.decisions) / cfg.batch))
    vb = _batches(samples.values, cfg.batch, steps, rng)
    pb = _batches(samples.decisions, cfg.batch, steps, rng)
    has_policy = len(actions) > 0 and samples.decisions > 0
    cb = _batches(samples.choices, CHOICE_BATCH, steps, rng)
    sums = {"value": 0.0, "policy": 0.0, "choice": 0.0}
    for vi, pi, ci in zip(vb, pb, cb):
        loss = torch.zeros(())
        if vi is not None:
            rows, off = ragged_take(samples.v_rows, samples.v_offsets, vi)
            h = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
            lp = net.value_log_probs(h, torch.from_numpy(samples.v_players[vi].astype(np.int64)))
            t = torch.from_numpy(targets[vi])
            lv = -(torch.where(t > 0, t * lp, torch.zeros(()))).sum(1).mean()
            loss = loss + lv
            sums["value"] += float(lv.detach())
        if has_policy and pi is not None:
            rows, off = ragged_take(samples.p_rows, samples.p_offsets, pi)
            h = net.trunk(torch.from_numpy(rows.astype(np.int64)), torch.from_numpy(off[:-1]))
            cls, coff = ragged_take(samples.p_legal_class, samples.p_legal_offsets, pi)
            cls = actions.rows(cls)
            tgt, _ = ragged_take(samples.p_legal_target, samples.p_legal_offsets, pi)
            n = np.diff(coff)
            width = int(n.max())
            pad_cls = np.full((len(pi), width), -1, np.int64)
            pad_t = np.zeros((len(pi), width), np.float32)
            col = np.arange(len(cls)) - np.repeat(coff[:-1], n)
            rowi = np.repeat(np.arange(len(pi)), n)
            pad_cls[rowi, col] = cls
            pad_t[rowi, col] = tgt
            logits = net.action_logits(h, torch.from_numpy(pad_cls))
            logp = torch.log_softmax(logits, dim=1)
            t = torch.from_numpy(pad_t)
            lpol = -(torch.where(t > 0, t * logp, torch.zeros(()))).sum(1).mean()
            loss = loss + cfg.policy_weight * lpol
            sums["policy"] += float(lpol.detach())
        if ci is not None:
            lc = choice_loss(net, samples, ci, cfg.policy_temperature, torch)
            loss = loss + cfg.policy_weight * lc
            sums["choice"] += float(lc.detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v / steps for k, v in sums.items()} | {"steps": steps}


# --- the loop --------------------------------------------------------------------------------------------------------

def _gen_path(out: Path, gen: int) -> Path:
    return out / f"gen-{gen:04d}.gsnet"


def _samples(source, out: Path, gen: int, log) -> Samples:
    """Generation gen's samples: as stored by an earlier run (a resume), else played by its model and stored."""
    model, path = _gen_path(out, gen), sample_store.path_of(out, gen)
    stored = sample_store.load(path, model, log)
    if stored is not None:
        samples, source.last_mean_length, source.last_capped = stored
        return samples
    samples = source.generation(model, gen)
    sample_store.save(path, samples, source.last_mean_length, source.last_capped, model)
    return samples


# settings a resume may change: none changes the weights (the play settings only write the model's header)
_MAY_CHANGE = ("out", "generations", "threads", "gating_games", "play_temperature", "play_card_temperature",
               "play_stall_temperature", "play_search", "play_leaf", "play_puct", "keep_models")


def _comparable(config: dict) -> dict:
    """The settings of a training that a resume must find unchanged, from a TrainConfig's fields or a
    checkpoint's record of them (older checkpoints lack later options, or hold some that may now change)."""
    d = {"discount": 1.0, "capped": "result", "dagger": False, **config}  # (from before these options)
    if d.get("teacher") == "heuristic":
        d.pop("teacher")  # as a checkpoint from before --teacher existed records it
    for k in _MAY_CHANGE:
        d.pop(k, None)
    return d


def _config_for_check(cfg: TrainConfig) -> dict:
    return _comparable(dataclasses.asdict(cfg))


def train(cfg: TrainConfig, progress: bool = True, log: Callable[[str], None] | None = None,
          stop_after: int | None = None) -> TrainResult:
    """Trains (or resumes training) into cfg.out; see the module docstring. `stop_after`: return after that
    many generations of this session (for tests), leaving a resumable checkpoint."""
    cfg = dataclasses.replace(cfg)
    cfg.validate()
    torch = _import_torch()
    log = log or (lambda s: print(s, file=sys.stderr, flush=True))
    torch.set_num_threads(cfg.threads)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    game = make_game(cfg)
    eng = engine_of(cfg)
    _, space = eng.action_space(game)
    from .torch_net import ActionRows, Net

    ckpt_path = out / CHECKPOINT
    t_start = time.perf_counter()
    if ckpt_path.exists():
        ck = torch.load(ckpt_path, weights_only=False)
        saved, now = _comparable(ck["config"]), _config_for_check(cfg)
        if saved != now:
            diff = [k for k in saved if saved[k] != now.get(k)]
            raise TrainError(f"{out} holds a training with other settings ({', '.join(diff)}): use another --out, "
                             "or the same settings to resume it")
        spec = InputSpec(np.asarray(ck["slots"], np.int32), int(ck["inputs"]))
        actions = ActionRows(space, ck["action_classes"])
        net = Net(spec.inputs, cfg.h1, cfg.h2, ck["seats"], len(actions), seed=cfg.seed)
        net.load_state_dict(ck["net"])
        opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
        opt.load_state_dict(ck["opt"])
        gen, history, spent = int(ck["gen"]), list(ck["history"]), float(ck["seconds"])
        log(f"resuming {out} at generation {gen} of {cfg.generations}")
    else:
        spec, net, actions = _initial(cfg, game, space, torch, log)
        opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
        gen, history, spent = 0, [], 0.0
        export(_gen_path(out, 0), net, spec, actions, cfg, game, {"training": {"generation": 0}})
        _save(ckpt_path, torch, cfg, spec, net, opt, actions, gen, history, spent)

    blocks = net.seats
    source = data_source.SelfPlay(eng, game, cfg, blocks)
    buffer: list[Samples] = [_samples(source, out, g, log) for g in range(max(0, gen - cfg.replay + 1), gen)]
    bar = _progress(progress, cfg.generations, gen)
    done_here = 0
    try:
        while gen < cfg.generations:
            t0 = time.perf_counter()
            buffer.append(_samples(source, out, gen, log))
            buffer = buffer[-cfg.replay:]
            t_play = time.perf_counter() - t0
            samples = Samples.concat(buffer)
            new = buffer[-1]
            if space:
                actions.add(new.p_legal_class)
                net.grow_actions(len(actions), opt)
            rng = np.random.default_rng([cfg.seed, gen, 7])
            torch.manual_seed(cfg.seed * 1000 + gen)
            losses = train_on(net, opt, actions, samples, cfg, rng, torch)
            gen += 1
            spent += time.perf_counter() - t0
            stats = {"generation": gen, "games": new.games, "self_play_seconds": round(t_play, 2),
                     "seconds": round(time.perf_counter() - t0, 2), "value_loss": round(losses["value"], 4),
                     "policy_loss": round(losses["policy"], 4),
                     **({"choice_loss": round(losses["choice"], 4)} if samples.choices else {}),
                     "mean_length": source.last_mean_length, "at_cap": source.last_capped,
                     "samples": samples.values + samples.decisions}
            history.append(stats)
            export(_gen_path(out, gen), net, spec, actions, cfg, game, {"training": _facts(cfg, gen, spent, history)})
            if cfg.eval_games:
                stats["vs_heuristic"] = _learning_curve_point(cfg, _gen_path(out, gen), len(actions) > 0)
            _save(ckpt_path, torch, cfg, spec, net, opt, actions, gen, history, spent)
            if not cfg.keep_models:
                for old in range(1, gen - cfg.replay):
                    _gen_path(out, old).unlink(missing_ok=True)
            for old in range(0, gen - cfg.replay + 1):  # a resume at `gen` reads the samples from here on
                sample_store.path_of(out, old).unlink(missing_ok=True)
            _advance(bar, stats, log)
            done_here += 1
            if stop_after is not None and done_here >= stop_after and gen < cfg.generations:
                return TrainResult(str(_gen_path(out, gen)), gen, gen * cfg.games, spent)
    finally:
        if bar is not None:
            bar.close()

    final = out / FINAL
    shutil.copyfile(_gen_path(out, gen), final)
    (out / LOG).write_text(json.dumps({"config": dataclasses.asdict(cfg), "history": history}, indent=1))
    result = TrainResult(str(final), gen, gen * cfg.games, spent)
    if cfg.gating_games:
        result.gating = gate(cfg, final, _gen_path(out, max(0, gen - 1)), log)
    return result


def _initial(cfg: TrainConfig, game, space: int, torch, log):
    from .torch_net import ActionRows, Net

    if cfg.start:
        path = cfg.start
        if path == "shipped":
            path = engine_of(cfg).model_info(game, "")["path"]
        engine_of(cfg).model_info(game, path)  # the model plays this game (layout, players): else RulesError
        head, w = model_file.read_weights(path)
        spec = InputSpec(w.slots, int(w.w1.shape[0]))
        if (w.w1.shape[1], w.w2.shape[1]) != (cfg.h1, cfg.h2):
            raise TrainError(f"--from {path}: its hidden layers are {w.w1.shape[1]}, {w.w2.shape[1]}; give "
                             f"--h1 {w.w1.shape[1]} --h2 {w.w2.shape[1]}")
        net = Net.from_weights(w)
        log(f"starting from {path}")
        return spec, net, ActionRows(space, w.action_class)
    log(f"sizing the inputs on {cfg.sample_games} heuristic and {cfg.sample_games} random games")
    spec = build_input_spec(game.observation_slots(), sample_observations(game, cfg.sample_games, cfg.seed))
    seats = 4 if cfg.game == "af" else {"base": 4, "tgs": 5, "rvi": 6}[cfg.expansion]
    net = Net(spec.inputs, cfg.h1, cfg.h2, seats, 0, seed=cfg.seed)
    return spec, net, ActionRows(space)


def _learning_curve_point(cfg: TrainConfig, model: Path, policy: bool) -> dict:
    """The generation's model against heuristic (win share), by policy and hybrid (if it has an action head) and
    by value."""
    from .evaluation import one_vs_field

    out = {}
    for choose in (["policy", "hybrid"] if policy and cfg.game == "rftg" else []) + ["value"]:
        r = one_vs_field(cfg.run_config(), f"net:model={model},choose={choose}", "heuristic", cfg.eval_games,
                         seed=cfg.seed + 17, threads=cfg.threads)
        out[choose] = round(r.rate, 3)
        out[choose + "_rounds"] = round(r.mean_rounds, 2)
    return out


def _facts(cfg: TrainConfig, gen: int, seconds: float, history: list) -> dict:
    return {"generation": gen, "games": sum(h["games"] for h in history), "seconds": round(seconds, 1),
            "seed": cfg.seed, "explore": cfg.explore, "epsilon": cfg.epsilon, "lambda": cfg.lam, "discount": cfg.discount,
            "capped": cfg.capped, "command": cfg.command()}


def _save(path: Path, torch, cfg, spec, net, opt, actions, gen, history, spent) -> None:
    tmp = path.with_name(path.name + ".tmp")
    torch.save({"config": _config_for_check(cfg), "slots": spec.slots, "inputs": spec.inputs, "seats": net.seats,
                "net": net.state_dict(), "opt": opt.state_dict(), "action_classes": list(actions.classes), "gen": gen, "history": history,
                "seconds": spent}, tmp)
    os.replace(tmp, path)


def _progress(on: bool, total: int, initial: int):
    if not on:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="gen", desc="train", dynamic_ncols=True)


STALL_WARNING = 0.01  # share of self-play games at the safety cap above which training warns


def _percent(stats: dict) -> str:
    return f"{100 * stats.get('at_cap', 0):.1f}%"


def _advance(bar, stats: dict, log) -> None:
    if bar is None:
        log(f"generation {stats['generation']}: {stats['games']} games in {stats['self_play_seconds']} s, "
            f"value loss {stats['value_loss']}, policy loss {stats['policy_loss']}, "
            + (f"choice loss {stats['choice_loss']}, " if "choice_loss" in stats else "") +
            f"mean length {stats['mean_length']}, at the cap {_percent(stats)}"
            + (f", vs heuristic {stats['vs_heuristic']}" if "vs_heuristic" in stats else ""))
    if stats.get("at_cap", 0) > STALL_WARNING:
        log(f"warning: {_percent(stats)} of generation {stats['generation']}'s self-play games ended at the safety "
            f"cap (the model that played them stalls games; above {STALL_WARNING:.0%} a model's results are "
            f"contaminated: docs/net.md, \"Games at the cap\")")
    if bar is None:
        return
    choice = {"c": stats["choice_loss"]} if "choice_loss" in stats else {}
    bar.set_postfix(v=stats["value_loss"], p=stats["policy_loss"], **choice, len=stats["mean_length"],
                    cap=_percent(stats), sp=f"{stats['games'] / max(stats['self_play_seconds'], 1e-9):.0f}g/s")
    bar.update(1)


def gate(cfg: TrainConfig, final: Path, previous: Path, log) -> list:
    """The final model against the previous generation and against heuristic, printed with 95% intervals."""
    from .evaluation import one_vs_field

    me = f"net:model={final}"
    out = []
    for label, other in (("previous generation", f"net:model={previous}"), ("heuristic", "heuristic")):
        if other.endswith(str(final)):
            continue
        r = one_vs_field(cfg.run_config(), me, other, cfg.gating_games, seed=cfg.seed + 991, threads=cfg.threads)
        log(f"gating: final model vs {label}: {100 * r.rate:.1f}% [{100 * r.lo:.1f}, {100 * r.hi:.1f}] "
            f"of {r.games} games, seat-rotated on paired deals (par {100 / r.players:.0f}%)")
        out.append({"opponent": label, "games": r.games, "rate": r.rate, "lo": r.lo, "hi": r.hi})
    return out
