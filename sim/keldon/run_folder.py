"""Writing imported games into a run folder (docs/run-folder.md, docs/import.md): the usual games, seats and
(when asked) decisions datasets, cards.parquet, and sources.parquet, which maps each game to the record it came
from. Games keep the order of the records; a chunk may hold games of several kinds (level, players, variant),
each row saying its own. The folder is built under a hidden temporary name beside RUN_DIR and renamed to it once
complete, so RUN_DIR is never half-written: it either does not exist (yet) or holds the whole import."""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pyarrow as pa

from galaxysim import rftg
from galaxysim.results import manifest as mf
from galaxysim.results import schema as sch
from galaxysim.results.arrays import column, strings
from galaxysim.results.writer import LOCK_FILE, SOURCES_FILE, RunWriter, folder_is_ours, lock_is_held, write_parquet

from ..engine import goal_names, run_cards_table
from ..run_identity import imported_run_id
from .record import EXPANSIONS
from .replay import Replay

SOURCES_SCHEMA = pa.schema([
    pa.field("game_index", pa.int64(), nullable=False),
    pa.field("game_id", pa.string(), nullable=False),
    pa.field("file", pa.string(), nullable=False),
    pa.field("line", pa.int32(), nullable=False),
], metadata={sch.META_TABLE: b"sources", sch.META_SCHEMA_VERSION: str(sch.SCHEMA_VERSION).encode()})
#: Games a chunk holds at most (each chunk holds games of one kind).
CHUNK_GAMES = 2000
END_REASONS = ["tableau_12", "vp_pool", "round_cap", "bot_error"]  # galaxysim._batch.END_REASONS
RECORD_END_REASONS = {"tableau_12": 0, "vp_pool_empty": 1, "round_limit": 2}
DECISION_KINDS = ["none", "start_discard", "choose_action", "explore_keep", "develop_select", "settle_select",
                  "settle_method", "pay", "trade_good", "consume_power", "consume_good", "consume_hand",
                  "lucky_number", "windfall_power", "windfall_world", "hand_limit", "start_world", "explore_discard",
                  "develop_discount", "zero_cost_card", "temp_military", "takeover", "settle_second", "ante_card",
                  "ante_keep", "discard_produce", "draft_pick"]


class ImportFolderError(Exception):
    """The output folder cannot be written (in use, not empty, not a run folder)."""


def bot_name(record: dict[str, Any]) -> str:
    """The seats' bot label: the record's player type if it names one, else its engine's AI."""
    config = record["config"]
    return str(config.get("player_type") or "keldon-ai")


def kind_of(replay: Replay) -> tuple[str, int, str]:
    game = replay.game
    variant = rftg_variant(game.expansion, game.players, game.advanced, game.goals, game.takeovers)
    return game.expansion, game.players, variant


def rftg_variant(expansion: str, players: int, advanced: bool, goals: bool, takeovers: bool) -> str:
    from galaxysim.sim.config import rftg_variant_label

    return rftg_variant_label(expansion, players, advanced, goals, takeovers, False)


class ImportWriter:
    """Collects replayed games by kind and writes them as chunks of a new run folder (see the module docstring)."""

    def __init__(self, out: Path, files: list[str], record_decisions: bool, reference_readings: tuple[str, ...]):
        self.out = Path(out)
        self.tmp = self.out.with_name(f".{self.out.name}.import-tmp")
        self.record_decisions = record_decisions
        self.files = files
        self.reference_readings = reference_readings
        self.pending: dict[tuple, list[tuple[Replay, int]]] = {}
        self.sources: list[tuple[int, str, str, int]] = []
        self.next_index = 0
        self.max_players = 0
        self.expansions: set[str] = set()
        self.bots: set[str] = set()
        self.writer: RunWriter | None = None
        self.chunk = 0
        self.obs_size: dict[tuple, int] = {}
        self.card_names = list(_design_names())
        self.goal_names = goal_names(rftg.card_text())

    # -- the folder -----------------------------------------------------------------------------------------------

    def start(self, overwrite: bool) -> None:
        if self.out.exists() and not self.out.is_dir():
            raise ImportFolderError(f"--out {self.out} exists and is not a folder")
        if self.out.is_dir() and any(self.out.iterdir()):
            if not overwrite:
                raise ImportFolderError(f"--out {self.out} already exists and is not empty: choose another folder, "
                                        "or pass --overwrite to replace it")
            if not (self.out / mf.MANIFEST).is_file() or not folder_is_ours(self.out):
                raise ImportFolderError(f"refusing to --overwrite {self.out}: it is not a galaxysim run folder")
            if lock_is_held(self.out):
                raise ImportFolderError(f"{self.out} is in use by another galaxysim process")
        if self.tmp.exists():
            if lock_is_held(self.tmp):
                raise ImportFolderError(f"{self.out} is being written by another galaxysim import")
            shutil.rmtree(self.tmp)  # left by an import that was killed
        self.tmp.mkdir(parents=True)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Holds an exclusive lock on the folder being built (POSIX), so two imports never write it."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            yield
            return
        fd = os.open(self.tmp / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise ImportFolderError(f"{self.out} is being written by another galaxysim import") from None
            yield
        finally:
            os.close(fd)

    def abandon(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- games ----------------------------------------------------------------------------------------------------

    def add(self, replay: Replay) -> None:
        """Queues an identically replayed game; the queue becomes a chunk when full."""
        kind = kind_of(replay)
        if self.record_decisions:
            self.obs_size.setdefault(kind, replay.game.observation_size)
            if len(set(self.obs_size.values())) > 1:
                raise ImportFolderError(
                    "--record-decisions: the records are of game kinds whose observation tensors differ in size (" +
                    ", ".join(f"{e} {p}p {v}: {n}" for (e, p, v), n in self.obs_size.items()) + "); import them "
                    "into one run folder each to record decisions")
        self.pending.setdefault("all", []).append((replay, kind))
        if len(self.pending["all"]) >= CHUNK_GAMES:
            self._flush()

    def _flush(self) -> None:
        games = self.pending.pop("all", [])
        if not games:
            return
        if self.writer is None:
            self.writer = RunWriter.create(self.tmp, self._manifest(), run_cards_table("rftg", "rvi", 6))
        first = self.next_index
        by_kind: dict[tuple, list[tuple[Replay, int]]] = {}
        for k, (rep, kind) in enumerate(games):
            by_kind.setdefault(kind, []).append((rep, first + k))
        parts = [self._tables(kind, rows) for kind, rows in by_kind.items()]
        tables = {}
        for name in parts[0]:
            table = pa.concat_tables([p[name] for p in parts]).unify_dictionaries().combine_chunks()
            keys = [("game_index", "ascending")] + ([("seat", "ascending")] if name == "seats" else []) + \
                ([("step", "ascending")] if name == "decisions" else [])
            tables[name] = table.sort_by(keys)
        for rep, _ in games:
            self.sources.append((self.next_index, rep.record.game_id, Path(rep.record.path).name, rep.record.line))
            self.next_index += 1
        self.writer.write_chunk(self.chunk, first, tables)
        self.chunk += 1

    def _tables(self, kind: tuple, games: list[tuple[Replay, int]]) -> dict[str, pa.Table]:
        """The chunk's rows of one game kind (`games`: replays with their game index)."""
        expansion, players, variant = kind
        self.max_players = max(self.max_players, players)
        self.expansions.add(expansion)
        g: dict[str, list] = {k: [] for k in ("game_index", "seed", "rounds", "end_reason", "winners_mask",
                                              "decisions", "wall_time_us", "robot_score", "goals_in_play")}
        s: dict[str, list] = {k: [] for k in ("game_index", "seat", "bot", "start_world", "score", "score_cards",
                                              "score_chips", "score_six_cost", "rank", "won", "hand_size", "goods",
                                              "score_goals", *RECORDED_SEAT_COLUMNS)}
        tableau_offsets, tableau_cards = [0], []
        d: dict[str, list] = {k: [] for k in ("game_index", "step", "seat", "kind", "action", "legal")}
        observations = []
        bots = []
        for rep, index in games:
            data = rep.record.data
            bot = bot_name(data)
            if bot not in bots:
                bots.append(bot)
            self.bots.add(bot)
            end = _end_row(rep, self.card_names)
            g["game_index"].append(index)
            g["seed"].append(int(data["config"].get("seed") or 0) & (2**64 - 1))
            g["rounds"].append(rep.state.round)
            g["end_reason"].append(end["end_reason"])
            g["winners_mask"].append(end["winners_mask"])
            g["decisions"].append(len(rep.decisions))
            g["wall_time_us"].append(int(rep.seconds * 1e6))
            g["robot_score"].append(-1)
            g["goals_in_play"].append(rep.record_values["goals_in_play"])
            for seat_row in end["seats"]:
                s["game_index"].append(index)
                s["bot"].append(bots.index(bot))
                for key in ("seat", "start_world", "score", "score_cards", "score_chips", "score_six_cost", "rank",
                            "won", "hand_size", "goods", "score_goals", *RECORDED_SEAT_COLUMNS):
                    s[key].append(seat_row[key])
                tableau_cards.extend(seat_row["tableau"])
                tableau_offsets.append(len(tableau_cards))
            for row in rep.decisions:
                d["game_index"].append(index)
                d["step"].append(row.step)
                d["seat"].append(row.seat)
                d["kind"].append(DECISION_KINDS.index(row.kind))
                d["action"].append(row.action)
                d["legal"].append(row.legal)
                observations.append(row.observation)
        gcols = {k: np.asarray(v) for k, v in g.items()}
        scols = {k: np.asarray(v) for k, v in s.items()}
        scols["tableau_offsets"] = np.asarray(tableau_offsets, np.int32)
        scols["tableau_cards"] = np.asarray(tableau_cards, np.int16)
        run_id = self._run_id()
        tables = {
            "games": sch.games_table(gcols, run_id=run_id, game="rftg", expansion=expansion, players=players,
                                     variant=variant, end_reasons=END_REASONS, goal_names=self.goal_names),
            "seats": sch.seats_table(scols, players=players, bots=bots, card_names=self.card_names,
                                     goal_names=self.goal_names),
        }
        if self.record_decisions:
            dcols = {k: np.asarray(v) for k, v in d.items()}
            size = len(observations[0]) if observations else 1
            dcols["observation"] = np.asarray(observations, np.int16).reshape(len(observations), size)
            tables["decisions"] = sch.decisions_table(dcols, kinds=DECISION_KINDS)
        return tables

    def _run_id(self) -> str:
        return imported_run_id("keldon", [Path(f).name for f in self.files], list(self.reference_readings))

    def _manifest(self) -> dict[str, Any]:
        from galaxysim.sim.engine import engine_version, galaxysim_version
        from galaxysim.sim.new_manifest import now as _now

        return {
            "format": mf.FORMAT, "format_version": mf.FORMAT_VERSION, "schema_version": sch.SCHEMA_VERSION,
            "run_id": self._run_id(), "engine_version": engine_version(), "galaxysim_version": galaxysim_version(),
            "created": _now(), "config": {}, "tables": ["games", "seats"] + (["decisions"] if self.record_decisions
                                                                               else []),
            "chunk_size": CHUNK_GAMES, "n_chunks": 0, "games": 0, "status": "running", "elapsed_seconds": 0.0,
            "sessions": [], "cards": None, "chunks": [],
        }

    # -- the end --------------------------------------------------------------------------------------------------

    def finish(self, seconds: float, summary: dict[str, Any]) -> int:
        """Writes what is queued, sources.parquet and the final manifest, then puts the folder in place.
        Returns the number of games written."""
        self._flush()
        if self.writer is None:
            self.writer = RunWriter.create(self.tmp, self._manifest(), run_cards_table("rftg", "rvi", 6))
        m = self.writer.manifest
        idx, ids, files, lines = zip(*self.sources) if self.sources else ((), (), (), ())
        sources = pa.Table.from_arrays([column(np.asarray(idx, np.int64)), strings(list(ids)), strings(list(files)),
                                        column(np.asarray(lines, np.int32))], schema=SOURCES_SCHEMA)
        m["sources"] = {"path": SOURCES_FILE, **write_parquet(sources, self.tmp / SOURCES_FILE)}
        players = self.max_players or 2
        bots = sorted(self.bots) or ["keldon-ai"]
        m["config"] = {
            # The highest level imported (the report's card counts); "levels" lists them all.
            "game": "rftg", "expansion": max(self.expansions or {"base"}, key=list(EXPANSIONS.values()).index),
            "levels": sorted(self.expansions, key=list(EXPANSIONS.values()).index),
            "players": players, "bots": bots * players if len(bots) == 1 else bots, "seed": None,
            "games": self.next_index, "lineups": True,
            "imported": {"from": "keldon", "files": [Path(f).name for f in self.files],
                         "reference_readings": list(self.reference_readings), "summary": summary},
        }
        m["games"] = self.next_index
        m["n_chunks"] = self.chunk
        if self.record_decisions and self.obs_size:
            size = next(iter(self.obs_size.values()))
            m["observation"] = {"size": size, "dtype": "int16", "byte_order": "little",
                                "encoding": "rftg-observation-v2"}  # as sim/run.py observation_info
        m["status"] = "complete"
        m["elapsed_seconds"] = round(seconds, 3)
        m["sessions"] = [{"started": m["created"], "threads": 1, "games": self.next_index,
                          "seconds": round(seconds, 3)}]
        self.writer.flush()
        (self.tmp / LOCK_FILE).unlink(missing_ok=True)
        return self.next_index

    def put_in_place(self) -> None:
        """Moves the finished folder to RUN_DIR (replacing an old run there, --overwrite)."""
        old = None
        if self.out.exists():
            old = self.out.with_name(f".{self.out.name}.import-old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(self.out, old)
        os.replace(self.tmp, self.out)
        mf.fsync_dir(self.out.parent)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _design_names() -> list[str]:
    """Card name of every design id (galaxysim's card data order: the ids of seats.tableau)."""
    from galaxysim import _batch

    return list(_batch.design_names(rftg.card_text(), "rvi"))


#: Seat values taken from the batch runner's record of the replayed game (rftg.GameRecorder): goal outcomes
#: (bit masks over the card data's goals) and the takeover tally.
RECORDED_SEAT_COLUMNS = ("goals_first_mask", "goals_most_mask", "goals_most_tied_mask", "takeovers_declared",
                         "takeovers_won", "takeovers_lost", "takeovers_defended")


def _end_row(rep: Replay, card_names: list[str]) -> dict[str, Any]:
    """The games and seats values of a replayed game, from galaxysim's end state (as the engine's runner
    records them: runner/game_record.cpp)."""
    state, game = rep.state, rep.game
    pos = json.loads(state.to_json())
    winners = state.winners()
    design = _design_ids(game.expansion)
    seats, score, tie = [], [], []
    for p in range(game.players):
        me = pos["players"][p]
        parts = state.score_parts(p)
        score.append(parts["total"])
        tie.append(len(me["hand"]) + len(me["goods"]))
        start = rep.record.data["setup"]["seats"]
        start_world = next(x["start_world"] for x in start if x["p"] == p)
        seats.append({
            "seat": p, "start_world": design[start_world], "score": parts["total"], "score_cards": parts["cards"],
            "score_chips": parts["chips"], "score_six_cost": parts["six_cost"], "score_goals": parts["goals"],
            "won": p in winners, "hand_size": len(me["hand"]), "goods": len(me["goods"]),
            "tableau": sorted(design[_bare(c)] for c in me["tableau"]),
            **{k: rep.record_values["seats"][p][k] for k in RECORDED_SEAT_COLUMNS},
        })
    for p, row in enumerate(seats):
        row["rank"] = 1 + sum(1 for q in range(game.players)
                              if score[q] > score[p] or (score[q] == score[p] and tie[q] > tie[p]))
    reasons = rep.record.data["end"].get("end_reasons") or []
    reason = min((RECORD_END_REASONS[r] for r in reasons if r in RECORD_END_REASONS), default=2)
    return {"seats": seats, "winners_mask": sum(1 << w for w in winners), "end_reason": reason}


def _bare(label: str) -> str:
    head, sep, tail = label.rpartition(" #")
    return head if sep and tail.isdigit() else label


@functools.lru_cache(maxsize=None)
def _design_ids(expansion: str) -> dict[str, int]:
    """Card name -> design id (the design of that name present at the level: Gambling World exists twice)."""
    return {row["name"]: row["id"] for row in rftg.card_table(expansion)}
