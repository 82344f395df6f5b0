"""Which decisions the parallel API takes in one step: the next decision of every seat in a simultaneous choice.

The engine asks a simultaneous choice (RftG: action cards, Explore keeps, Develop/Settle selections, start and
hand-limit discards; galaxysim.envs.games.RFTG_SIMULTANEOUS) one seat after another, and a seat's observation and legal actions do not
depend on what the seats before it chose, which stays hidden. So each seat's decision can be shown before the
earlier seats' actions are known: `Presenter` looks ahead on a copy of the game where the decisions not yet
known are filled with a stand-in (the first legal action), and shows each seat its next decision of the
choice. The real actions are then applied in the engine's order, and `Presenter.apply` checks that every seat
shown a decision after stand-ins meets the decision it was shown (the same observation and legal actions); any
difference stops with an error. (A seat shown with no stand-in before it was shown the real position.)

A step ends where the game leaves the stage (RftG: the round, stage and phase slots of the observation
change), starts a new lap of seat order (whose options may follow from the last lap's choices), or reaches a
decision that is not simultaneous.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np


@dataclass
class Shown:
    """A decision as it was shown to its seat; `guessed`: shown after stand-ins for earlier seats' choices."""
    observation: np.ndarray
    mask: np.ndarray
    guessed: bool = False


class ShownDecisionChanged(RuntimeError):
    """A seat met a decision other than the one it was shown (a bug: please report it with the seed)."""


class Presenter:
    """Decides which seats act in the next parallel step and what each of them sees."""

    def __init__(self, game, simultaneous: frozenset):
        self.simultaneous = simultaneous
        names = self._names = game.observation_slots()
        self._stage_slots = [i for i, n in enumerate(names) if n in ("round", "phase_rep") or n.startswith("stage=")]
        self._first_slots = [names.index(f"seat{k}.is_first") for k in range(game.players)]
        self._players = game.players
        self._queued: dict[int, deque] = {}

    def reset(self) -> None:
        self._queued = {}

    def show(self, state) -> dict[int, Shown]:
        """The seats that decide in the next step and the decision each is shown."""
        look = state.clone()
        queued = {seat: [action for action, _ in q] for seat, q in self._queued.items()}
        shown: dict[int, Shown] = {}
        guessed = False
        where = None   # (stage slots, position in seat order) of the last seat met in a simultaneous choice
        while not look.is_terminal():
            seat = look.current_player
            if queued.get(seat):
                look.apply(queued[seat].pop(0))
                continue
            together = look.decision in self.simultaneous
            if shown and not together:
                break
            if together:
                here = self._where(look, seat)
                if where is not None and (here[0] != where[0] or here[1] < where[1]):
                    break   # a new stage, or a new lap of seat order (its options may follow from this one's)
                where = here
            if seat not in shown:
                shown[seat] = Shown(look.observation_tensor(seat), look.legal_actions_mask().view(np.int8), guessed)
                if not together:
                    break
            look.apply(look.legal_actions()[0])   # a stand-in: the seats after it cannot see it
            guessed = True
        return shown

    def queue(self, seat: int, action: int, shown: Shown) -> None:
        self._queued.setdefault(seat, deque()).append((action, shown))

    def apply(self, state, record=None) -> None:
        """Plays the queued actions the engine can take now, in its order; `record(state, seat, action)` is
        called before each."""
        while not state.is_terminal():
            seat = state.current_player
            q = self._queued.get(seat)
            if not q:
                return
            action, shown = q.popleft()
            if shown.guessed:
                self._check(state, seat, shown)
            if record is not None:
                record(state, seat, action)
            state.apply(action)

    def _check(self, state, seat: int, shown: Shown) -> None:
        mask = state.legal_actions_mask().view(np.int8)
        seen = state.observation_tensor(seat)
        if not (np.array_equal(mask, shown.mask) and np.array_equal(seen, shown.observation)):
            slots = [self._names[i] for i in np.flatnonzero(seen != shown.observation)]
            raise ShownDecisionChanged(
                f"seat {seat} meets a decision ({state.decision}) other than the one it was shown in this step "
                f"(legal actions {'differ' if not np.array_equal(mask, shown.mask) else 'same'}; observation slots "
                f"{', '.join(slots[:8]) or 'same'}); please report it with the seed (the AEC environment plays the "
                "same game one decision at a time)")

    def _where(self, state, seat: int) -> tuple[tuple, int]:
        """The stage (round, stage and phase slots of the observation) and the seat's place in seat order."""
        v = state.observation_tensor(seat)
        first = next((k for k, i in enumerate(self._first_slots) if v[i]), 0)   # relative to `seat`
        return tuple(int(v[i]) for i in self._stage_slots), (-first) % self._players
