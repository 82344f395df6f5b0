"""Replaying one record of the reference engine in galaxysim: the game set up and drawn from the
record's script (draws.py), every decision answered from the record (answers.py), and the end state
compared with the record's (every score part, tableau, hand, goods, winner). The first place where the
two engines part is the game's divergence."""
from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from galaxysim import rftg

from .answers import Answers, Unanswered
from .cards import Cards
from .draws import DrawScript
from .record import EXPANSIONS, Record
from .zones import round_starts

#: A game's reorders of the script (draws.py) are bounded: a reorder that does not help is a divergence.
MAX_REORDERS = 400


@dataclass
class Divergence:
    """Where galaxysim and the record part: the round, the phase (galaxysim's stage), the decision kind
    (or "draw", "end"), what differed, and the documented rules reading it comes from (readings.py)."""

    round: int
    phase: str
    kind: str
    detail: str
    reading: str | None = None

    def as_dict(self, game_id: str) -> dict[str, Any]:
        return {"game_id": game_id, "round": self.round, "phase": self.phase, "kind": self.kind,
                "detail": self.detail, "reading": self.reading}


@dataclass
class DecisionRow:
    step: int
    seat: int
    kind: str
    action: int
    legal: int
    observation: Any = None  # the deciding seat's observation tensor (kept when decisions are recorded)


@dataclass
class Replay:
    """The outcome of one record: the state reached (None if the game could not be set up), whether the
    game was played to its end, the divergence if any, and the decisions galaxysim asked."""

    record: Record
    game: rftg.Game | None
    state: Any
    finished: bool
    divergence: Divergence | None
    decisions: list[DecisionRow] = field(default_factory=list)
    script: DrawScript | None = None
    seconds: float = 0.0
    record_values: dict[str, Any] | None = None  # a finished game's games and seats values, as the batch runner's

    @property
    def identical(self) -> bool:
        return self.finished and self.divergence is None


#: The rules entries where the import plays the reference engine's reading by default (docs/import.md):
#: its games replay as they were played; `reference_readings=()` replays them with galaxysim's own readings.
REFERENCE_READINGS = ("E21", "A27")


class GameKinds:
    """One rftg.Game (and its card tables) per game kind of the records, made once."""

    def __init__(self, reference_readings: tuple[str, ...] = REFERENCE_READINGS):
        self.reference_readings = tuple(reference_readings)
        self._kinds: dict[tuple, tuple[rftg.Game, Cards]] = {}

    def get(self, config: dict[str, Any]) -> tuple[rftg.Game, Cards]:
        key = (EXPANSIONS[config["expansion"]], int(config["players"]), bool(config.get("advanced")),
               bool(config.get("goals_enabled")), bool(config.get("takeovers_enabled")))
        hit = self._kinds.get(key)
        if hit is None:
            expansion, players, advanced, goals, takeovers = key
            game = rftg.Game(players=players, expansion=expansion, advanced=advanced,
                             goals=goals if expansion != "base" else None, takeovers=takeovers,
                             reference_readings=self.reference_readings)
            hit = self._kinds[key] = (game, Cards(game))
        return hit


def stage_of(state) -> str:
    return json.loads(state.to_json())["stage"]


def replay(record: Record, kinds: GameKinds, keep_decisions: bool = False, observations: bool = False) -> Replay:
    """Replays `record`: every difference from it becomes the Replay's divergence (an unknown card name is
    UnknownCard). `keep_decisions`: the decisions galaxysim asked (with the observation tensors if
    `observations`)."""
    t0 = time.perf_counter()
    out = _replay(record, kinds, keep_decisions, observations)
    out.seconds = time.perf_counter() - t0
    return out


def _replay(record: Record, kinds: GameKinds, keep_decisions: bool, observations: bool) -> Replay:
    data = record.data
    game, cards = kinds.get(record.config)
    check_names(data, cards)
    script = DrawScript(game, data)
    starts = round_starts(data)
    answers = Answers(data, cards, game, script, starts)
    state = None
    while state is None:
        try:
            state = game.new_state(0, script=script.script)
        except rftg.ScriptError as e:
            if not script.reorder(e) or script.reorders > MAX_REORDERS:
                return Replay(record, game, None, False, Divergence(0, "setup", "draw", str(e)), [], script)
    rows: list[DecisionRow] = []
    step = 0
    checked = 0
    recorder = rftg.GameRecorder(state)  # goal outcomes and the takeover tally, as the batch runner keeps them
    while not state.is_terminal():
        kind, seat, legal = state.decision, state.current_player, state.legal_actions()
        if state.round > checked and state.round in starts:
            checked = state.round
            diff = script.undrawn(state.script_position, checked) or compare_zones(starts[checked], state)
            if diff is not None:
                return Replay(record, game, state, False, Divergence(checked, "round start", "position", diff),
                              rows, script)
        try:
            action = answers.answer(state, kind, seat, legal)
        except Unanswered as e:
            return Replay(record, game, state, False, Divergence(state.round, stage_of(state), kind, e.detail),
                          rows, script)
        if keep_decisions:
            obs = state.observation_tensor(seat) if observations else None
            rows.append(DecisionRow(step, seat, kind, action, len(legal), obs))
        step += 1
        recorder.step(state, action)
        before = state.clone()
        while True:
            try:
                state.apply(action)
                break
            except rftg.ScriptError as e:
                if not script.reorder(e) or script.reorders > MAX_REORDERS:
                    rnd, phase = script.where(e, before.script_position)
                    return Replay(record, game, before, False, Divergence(rnd, phase, "draw", str(e)), rows, script)
                state = before.clone()
                state.follow_script(script.script, before.script_position)
    diff = compare_end(data, game, state)
    div = None if diff is None else Divergence(state.round, "end", "end", diff)
    return Replay(record, game, state, True, div, rows, script, record_values=recorder.end(state))


def check_names(data: dict[str, Any], cards: Cards) -> None:
    """Every card the record's setup, events and end name is a card of this game (else UnknownCard: bad input).
    Names in decisions are checked as they are answered (a name galaxysim does not offer is a divergence)."""
    def check(name: Any) -> None:
        if isinstance(name, str) and not cards.has(name):
            raise UnknownCard(name)

    for seat in data["setup"]["seats"]:
        check(seat.get("start_world"))
        for key in ("start_world_options", "initial_hand", "initial_discards"):
            for name in seat.get(key) or ():
                check(name)
    for e in data["events"]:
        for key in ("card", "world"):
            check(e.get(key))
    for seat in data["end"]["seats"]:
        for key in ("tableau", "hand"):
            for name in seat.get(key) or ():
                check(name)
        for good in seat.get("goods") or ():
            check(good.get("world") if isinstance(good, dict) else None)


class UnknownCard(Exception):
    def __init__(self, name: str):
        super().__init__(f"unknown card name {name!r} (not a card of galaxysim's data at this level)")


def compare_end(data: dict[str, Any], game: rftg.Game, state) -> str | None:
    """What differs between the record's end and galaxysim's end state, None if nothing does."""
    end = data["end"]
    pos = json.loads(state.to_json())
    winners = set(state.winners())
    diffs = []
    if end.get("rounds") is not None and end["rounds"] != state.round:
        diffs.append(f"rounds {end['rounds']} vs {state.round}")
    for seat_end in end["seats"]:
        p = seat_end["p"]
        parts = state.score_parts(p)
        mine = pos["players"][p]
        for theirs, ours in (("vp_chips", "chips"), ("card_vp", "cards"), ("bonus_vp", "six_cost"),
                             ("goal_vp", "goals"), ("score", "total")):
            if seat_end.get(theirs, 0) != parts[ours]:
                diffs.append(f"player {p} {theirs} {seat_end.get(theirs)} vs {parts[ours]}")
        if Counter(seat_end["tableau"]) != Counter(bare_list(mine["tableau"])):
            diffs.append(f"player {p} tableau differs ({_diff(seat_end['tableau'], bare_list(mine['tableau']))})")
        if Counter(seat_end["hand"]) != Counter(bare_list(mine["hand"])):
            diffs.append(f"player {p} hand differs ({_diff(seat_end['hand'], bare_list(mine['hand']))})")
        goods = Counter({g["world"]: g["n"] for g in seat_end.get("goods", [])})
        if +goods != Counter(bare_list(mine["goods"])):
            diffs.append(f"player {p} goods differ ({_diff(list(goods.elements()), bare_list(mine['goods']))})")
        if bool(seat_end.get("winner")) != (p in winners):
            diffs.append(f"player {p} {'won' if seat_end.get('winner') else 'lost'} in the record")
    return "; ".join(diffs) if diffs else None


def compare_zones(start: dict[str, dict[int, Counter]], state) -> str | None:
    """What differs between the record's hands and tableaus at a round's start and galaxysim's."""
    pos = json.loads(state.to_json())
    diffs = []
    for zone in ("tableau", "hand"):
        for p, theirs in start[zone].items():
            ours = Counter(bare_list(pos["players"][p][zone]))
            if theirs != ours:
                diffs.append(f"player {p} {zone} ({_diff(list(theirs.elements()), list(ours.elements()))})")
    deck = len(pos["deck"]) + len(pos["deck_top"])
    if start.get("deck") is not None and start["deck"] != deck:
        diffs.append(f"draw pile {start['deck']} cards in the record, {deck} in galaxysim")
    return "; ".join(diffs) if diffs else None


def bare_list(labels: list[str]) -> list[str]:
    out = []
    for label in labels:
        head, sep, tail = label.rpartition(" #")
        out.append(head if sep and tail.isdigit() else label)
    return out


def _diff(theirs: list[str], ours: list[str]) -> str:
    a, b = Counter(theirs), Counter(ours)
    only_theirs, only_ours = sorted((a - b).elements()), sorted((b - a).elements())
    return f"record only: {', '.join(only_theirs) or '-'}; galaxysim only: {', '.join(only_ours) or '-'}"
