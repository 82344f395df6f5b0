"""Where training examples come from: a data source makes one generation's Samples (samples.py).

A source is any object with ``generation(model_path, gen) -> Samples``, ``last_mean_length`` and
``last_capped`` (the share of its last generation's games stopped by the safety cap); the training
loop (train.py) asks it once per generation with the model file of that generation. Sources:

* `SelfPlay`: the engine plays `games` self-play games of the model (GIL-free, `threads` threads; game i of
  generation g is game g * games + i of the training seed, so a generation's data depends only on the seed,
  the generation and its model, whatever the threads: a resumed training rebuilds it exactly). In the first
  `warmup` generations every seat plays the teacher instead (`teacher`: the game's heuristic bot, or the ismcts
  search of N iterations): the value head learns from games that end as real games do, and the action head
  imitates the teacher (the heuristic's moves; the search's share of visits of every legal action), before
  self-play takes over. A `net:search=N` teacher takes only the action cards (the model plays the rest).
  Wherever a search chose, in any generation, the action head's target is its share of visits; with
  `dagger` the search also labels the action cards the model plays after the warm-up (DAgger: the teacher's
  targets on the positions the model's own play reaches, where a model alone drifts from the teacher's games).
  A model that chooses by value (`choose` value or hybrid: every Alien Frontiers model) also gets choice
  examples where a search chose or labelled: the position after every legal action, whose values learn to
  rank the actions as the search chose (train.choice_loss).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from .samples import Samples, from_self_play


class SelfPlay:
    def __init__(self, engine, game, cfg, blocks: int):
        self.engine, self.game, self.cfg, self.blocks = engine, game, cfg, blocks
        self.last_mean_length = 0.0
        self.last_capped = 0.0

    def generation(self, model_path: Path, gen: int) -> Samples:
        cfg = self.cfg
        warm = gen < cfg.warmup
        by_policy = cfg.behaviour == "policy"
        d = self.engine.self_play(self.game, str(model_path), seed=cfg.seed, first_game=gen * cfg.games,
                                  count=cfg.games, threads=cfg.threads,
                                  temperature=cfg.sample if by_policy else cfg.explore, dets=cfg.dets,
                                  epsilon=cfg.epsilon, heuristic=1.0 if warm else cfg.mix, by_policy=by_policy,
                                  rollout=cfg.rollout, teacher_search=cfg.teacher_search(),
                                  teacher_at_search_decisions=cfg.teacher_at_search_decisions(),
                                  label_model_moves=cfg.dagger,
                                  teacher_policy_playouts=cfg.teacher_policy_playouts(),
                                  teacher_net_leaves=cfg.teacher_net_leaves(),
                                  teacher_puct=cfg.teacher_puct(),
                                  record_candidates=cfg.teacher_search() > 0 and cfg.choose != "policy")
        self.last_mean_length = round(float(np.mean(d["length"])), 2) if len(d["length"]) else 0.0
        self.last_capped = round(float(np.mean(d["capped"])), 4) if len(d["capped"]) else 0.0
        # a teacher at the action cards only: its decisions are imitated (their visits), the model's own are not
        imitate = warm and not cfg.teacher_at_search_decisions()
        return from_self_play(d, cfg.players, self.blocks, cfg.policy_temperature, cfg.games, imitate=imitate,
                              capped_even=cfg.capped == "even")
