"""Training examples for a model, from any data source (docs/net.md, "Training"):

* value examples: input rows of a position as one seat sees it, and the game's result from that seat's view
  (seat block k = the seat k places after it: 1/j for each of j winners, 0 for the others);
* policy examples: input rows of a decision as the deciding seat sees it, the classes of its legal actions
  and a target distribution over them;
* choice examples (a search teacher's decisions, for a model that chooses by value): the input rows of the
  position after each legal action as the deciding seat sees it (or, where the action ends the game, that seat's
  result) and which of them the search chose: the value head learns to rank the actions as the search did.

A data source makes `Samples`: the engine's self-play (`from_self_play`: value examples are the positions
after each chosen action, policy targets the teacher's values of every legal action), or recorded decisions
(value examples are the decisions' positions, policy targets the actions taken). Rows are
int32 input rows (inputs.InputSpec), flat with int64 offsets.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np


@dataclass
class Samples:
    v_rows: np.ndarray
    v_offsets: np.ndarray
    v_target: np.ndarray    # (n, seats) float32: the game's result from the example's seat
    v_players: np.ndarray   # (n,) int8
    v_next: np.ndarray      # (n,) int64: the same seat's next value example of the game, -1 for its last
    p_rows: np.ndarray
    p_offsets: np.ndarray
    p_players: np.ndarray   # (m,) int8
    p_legal_offsets: np.ndarray
    p_legal_class: np.ndarray
    p_legal_target: np.ndarray  # float32, sums to 1 per decision
    games: int = 0
    # choice examples: candidates c_choice_offsets[i] .. [i+1] of choice i; candidate j's rows
    # c_rows[c_offsets[j] .. c_offsets[j+1]] (none where it ends the game), c_end[j] the deciding seat's result
    # then (-1: the game goes on), c_target[j] the search's choice (its most visited; choice_examples)
    c_rows: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    c_offsets: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    c_choice_offsets: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    c_end: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    c_target: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    c_players: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int8))

    @property
    def values(self) -> int:
        return len(self.v_offsets) - 1

    @property
    def decisions(self) -> int:
        return len(self.p_offsets) - 1

    @property
    def choices(self) -> int:
        return len(self.c_choice_offsets) - 1

    @classmethod
    def concat(cls, parts: list["Samples"]) -> "Samples":
        def join(name):
            return np.concatenate([getattr(p, name) for p in parts])

        def join_offsets(off, flat):
            out, base = [np.zeros(1, np.int64)], 0
            for p in parts:
                o = getattr(p, off)
                out.append(o[1:] + base)
                base += len(getattr(p, flat))
            return np.concatenate(out)

        nexts, base = [], 0
        for p in parts:
            nexts.append(np.where(p.v_next >= 0, p.v_next + base, -1))
            base += p.values
        return cls(
            v_rows=join("v_rows"), v_offsets=join_offsets("v_offsets", "v_rows"), v_target=join("v_target"),
            v_players=join("v_players"), v_next=np.concatenate(nexts) if nexts else np.zeros(0, np.int64), p_rows=join("p_rows"), p_offsets=join_offsets("p_offsets", "p_rows"),
            p_players=join("p_players"), p_legal_offsets=join_offsets("p_legal_offsets", "p_legal_class"),
            p_legal_class=join("p_legal_class"), p_legal_target=join("p_legal_target"),
            games=sum(p.games for p in parts), c_rows=join("c_rows"), c_offsets=join_offsets("c_offsets", "c_rows"),
            c_choice_offsets=join_offsets("c_choice_offsets", "c_end"), c_end=join("c_end"), c_target=join("c_target"),
            c_players=join("c_players"))

    def nbytes(self) -> int:
        return sum(getattr(self, f.name).nbytes for f in fields(self) if isinstance(getattr(self, f.name), np.ndarray))


def ragged_take(flat: np.ndarray, offsets: np.ndarray, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The items idx of a ragged array (flat values, offsets): (values, offsets) of the selection, in idx order."""
    starts = offsets[idx]
    lengths = offsets[idx + 1] - starts
    new_offsets = np.zeros(len(idx) + 1, np.int64)
    np.cumsum(lengths, out=new_offsets[1:])
    total = int(new_offsets[-1])
    if total == 0:
        return flat[:0], new_offsets
    pos = np.arange(total, dtype=np.int64) - np.repeat(new_offsets[:-1], lengths) + np.repeat(starts, lengths)
    return flat[pos], new_offsets


def seat_view(result_by_game: np.ndarray, game_rows: np.ndarray, seat: np.ndarray, players: int,
              blocks: int) -> np.ndarray:
    """Targets (n, blocks): for example i, block k holds the result of seat (seat[i] + k) % players."""
    out = np.zeros((len(seat), blocks), np.float32)
    for k in range(players):
        out[:, k] = result_by_game[game_rows, (seat.astype(np.int64) + k) % players]
    return out


def next_in_chain(game: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """For examples in time order within each game: the index of the next example of the same game and seat
    (-1 for the last)."""
    n = len(game)
    order = np.lexsort((np.arange(n), seat, game))
    nxt = np.full(n, -1, np.int64)
    same = (game[order[1:]] == game[order[:-1]]) & (seat[order[1:]] == seat[order[:-1]])
    nxt[order[:-1][same]] = order[1:][same]
    return nxt


def chain_depth(nxt: np.ndarray) -> np.ndarray:
    """Examples after each one along its seat's chain (0 for a chain's last), by pointer jumping."""
    n = len(nxt)
    depth = np.zeros(n, np.int64)
    has = nxt >= 0
    cur = nxt.copy()
    while has.any():
        depth[has] += 1
        cur = np.where(has, nxt[np.maximum(cur, 0)], -1)
        has = cur >= 0
        if depth.max() > 100000:
            raise RuntimeError("example chain with a cycle")
    return depth


def discounted_results(results: np.ndarray, nxt: np.ndarray, players: np.ndarray, discount: float) -> np.ndarray:
    """The results moved towards an even share by `discount` per example still to come in the seat's chain:
    discount^d * result + (1 - discount^d) / players in each present seat block. A won position is then worth
    more the sooner the game ends (and a lost one less), as issue 22 made ISMCTS's reward: a value head that
    sees no difference between ending a won game now or in ten rounds lets games drag on."""
    z = results.astype(np.float32).copy()
    if discount >= 1 or len(nxt) == 0:
        return z
    w = (discount ** chain_depth(nxt)).astype(np.float32)[:, None]
    even = (np.arange(z.shape[1])[None, :] < players.astype(np.int64)[:, None]) / players.astype(np.float32)[:, None]
    return w * z + (1 - w) * even.astype(np.float32)


def lambda_returns(values: np.ndarray, results: np.ndarray, nxt: np.ndarray, lam: float) -> np.ndarray:
    """TD(lambda) targets along each seat's chain of examples: Z_i = result_i for the last of a chain, else
    (1 - lam) V_next + lam Z_next (values, results: (n, blocks))."""
    z = results.astype(np.float32).copy()
    if lam >= 1 or len(nxt) == 0:
        return z
    depth = chain_depth(nxt)  # examples to the end of the chain
    for d in range(1, int(depth.max()) + 1):
        i = np.nonzero(depth == d)[0]
        j = nxt[i]
        z[i] = (1 - lam) * values[j] + lam * z[j]
    return z


def policy_targets(legal_value: np.ndarray, legal_offsets: np.ndarray, temperature: float) -> np.ndarray:
    """Per decision, softmax of the legal actions' value log-odds / temperature (temperature 0: the best ones,
    shared equally)."""
    v = np.clip(legal_value.astype(np.float64), 1e-6, 1 - 1e-6)
    x = np.log(v / (1 - v))
    n = np.diff(legal_offsets)
    seg = np.repeat(np.arange(len(n)), n)
    top = np.full(len(n), -np.inf)
    np.maximum.at(top, seg, x)
    if temperature <= 0:
        w = (x >= top[seg] - 1e-12).astype(np.float64)
    else:
        w = np.exp((x - top[seg]) / temperature)
    s = np.zeros(len(n))
    np.add.at(s, seg, w)
    return (w / s[seg]).astype(np.float32)


def one_hot_targets(chosen: np.ndarray, legal_offsets: np.ndarray) -> np.ndarray:
    """Per decision, 1 for the chosen legal action and 0 for the others."""
    t = np.zeros(int(legal_offsets[-1]), np.float32)
    t[legal_offsets[:-1] + chosen.astype(np.int64)] = 1.0
    return t


def imitation_targets(chosen: np.ndarray, legal_offsets: np.ndarray, visits: np.ndarray | None) -> np.ndarray:
    """Per decision, the teacher's choice: its share of visits where a search chose (they sum to 1), else 1 for
    the chosen legal action."""
    return with_visits(one_hot_targets(chosen, legal_offsets), legal_offsets, visits)


def with_visits(t: np.ndarray, legal_offsets: np.ndarray, visits: np.ndarray | None) -> np.ndarray:
    """The targets t, with the search's share of visits in place of a decision's where a search chose it."""
    if visits is None or not len(visits):
        return t
    visits = np.asarray(visits, np.float32)
    n = np.diff(legal_offsets)
    seg = np.repeat(np.arange(len(n)), n)
    total = np.zeros(len(n), np.float64)
    np.add.at(total, seg, visits)
    searched = total[seg] > 0
    t[searched] = visits[searched]
    return t


def from_self_play(d: dict, players: int, blocks: int, policy_temperature: float, games: int,
                   imitate: bool = False, capped_even: bool = False) -> Samples:
    """Samples from the engine's self_play() output (pycore/src/net_support.h). imitate: the action head's
    targets are the teacher's choices (in the warm-up generations: the heuristic's moves, or the search's share of
    visits of every legal action), not the values. A decision a search took is imitated either way.
    capped_even: a game the safety cap stopped counts as an even share for every seat, not its result."""
    game = d["game"]
    first = int(game.min()) if len(game) else 0
    result = d["result"].reshape(-1, players)
    if capped_even and len(d.get("capped", ())):
        result = result.copy()
        result[np.asarray(d["capped"]) == 1] = 1.0 / players
    g_rows = (game - first).astype(np.int64)
    seat = d["seat"]
    has_after = np.diff(d["after_offsets"]) > 0
    vi = np.nonzero(has_after)[0]
    v_rows, v_off = ragged_take(d["after_rows"], d["after_offsets"], vi)
    v_target = seat_view(result, g_rows[vi], seat[vi], players, blocks)
    v_next = next_in_chain(game[vi], seat[vi])
    targets = imitation_targets(d["chosen"], d["legal_offsets"], d.get("legal_visits")) if imitate else \
        with_visits(policy_targets(d["legal_value"], d["legal_offsets"], policy_temperature), d["legal_offsets"],
                    d.get("legal_visits"))
    n = len(seat)
    choices = choice_examples(d, players)
    return Samples(
        v_rows=v_rows.astype(np.int32), v_offsets=v_off, v_target=v_target,
        v_players=np.full(len(vi), players, np.int8), v_next=v_next,
        p_rows=d["rows"].astype(np.int32), p_offsets=d["rows_offsets"].astype(np.int64),
        p_players=np.full(n, players, np.int8), p_legal_offsets=d["legal_offsets"].astype(np.int64),
        p_legal_class=d["legal_class"].astype(np.int64), p_legal_target=targets, games=games, **choices)


def choice_examples(d: dict, players: int) -> dict:
    """The choice examples (Samples.c_*) of self_play() output recorded with record_candidates: the decisions
    with candidates, their target the search's choice: its most visited actions (shared equally if several).
    Not the share of visits itself: an Alien Frontiers search of 1,000 iterations spreads them widely (its
    most visited action had on average a third of them), and a value model plays only the best."""
    if "cand_decision_offsets" not in d or not len(d["cand_end"]):
        return {}
    cdo = d["cand_decision_offsets"].astype(np.int64)
    has = np.nonzero(np.diff(cdo) > 0)[0]
    legal_off = d["legal_offsets"].astype(np.int64)
    # a decision's candidates are its legal actions, in order: their targets are its legal_visits
    visits, off = ragged_take(np.asarray(d["legal_visits"], np.float32), legal_off, has)
    target = policy_targets(visits, off, 0.0)  # at temperature 0: the most visited, shared equally
    return dict(c_rows=d["cand_rows"].astype(np.int32), c_offsets=d["cand_offsets"].astype(np.int64),
                c_choice_offsets=np.concatenate([[0], cdo[has + 1]]).astype(np.int64),
                c_end=d["cand_end"].astype(np.float32), c_target=target.astype(np.float32),
                c_players=np.full(len(has), players, np.int8))
