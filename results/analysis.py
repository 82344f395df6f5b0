"""The balance questions a run answers, aggregated with DuckDB straight from the Parquet chunk files.

    from galaxysim.results.analysis import analyze
    a = analyze("runs/my-run")          # a RunAnalysis: plain tables (lists of dicts) with 95% intervals
    a.tables["cards"][0]                 # {'card_id': 0, 'card': 'Old Earth', 'n_in': ..., 'win_rate_in': ...}

Nothing is loaded whole: DuckDB scans the chunk files the manifest lists (only those, so a run being written
reads as its finished part) and hands back counts and sums per group; the intervals are computed from those
(galaxysim.results.stats).

Conventions (the same as `galaxysim summary`): a seat "wins" when it is among the game's winners, so a shared
win counts for every seat sharing it. "Held" (for RftG: in the final tableau) means at least one copy is held
when the game ends. Rates have Wilson intervals, differences of rates Newcombe intervals, means Student-t
intervals; a row with fewer than SMALL_N observations (on either side of a comparison) is flagged
`small_sample`. The game-specific sections come from galaxysim.results.game_kinds.
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np
import pyarrow.parquet as pq

from . import expansion_analysis
from .arrays import numpy, read_parquet
from .game_kinds import GameKind, Grouping, Holding, game_kind
from .manifest import RunFolderError
from .reader import Run, open_run
from .row_cells import finite as _f
from .row_cells import hist_moments as _hist_moments
from .row_cells import mean_cols, rate_cols  # noqa: F401  (analysis.rate_cols, mean_cols as before)
from .row_cells import quantiles as _quantiles
from .safety_cap import cap_counts, cap_warning
from .schema import OLDEST_READABLE_SCHEMA, SCHEMA_VERSION, readable_version, schema_version, table_name
from .stats import SMALL_N, Mean, Rate, mean_from_sums, rate, rate_difference

__all__ = ["RunAnalysis", "analyze", "connect", "SMALL_N"]


# --- DuckDB over a run folder ----------------------------------------------------------------------------------------

def _duckdb():
    try:
        import duckdb
    except ImportError:  # pragma: no cover - a declared dependency
        raise RuntimeError("the report needs DuckDB: pip install 'duckdb>=1.0'") from None
    return duckdb


def _sql_list(paths: Iterable[Path]) -> str:
    return "[" + ", ".join("'" + str(p).replace("'", "''") + "'" for p in paths) + "]"


def _check_files(run: Run, table: str, paths: Sequence[Path]) -> None:
    """Every listed file must be one of our `table` files of this schema version (footer only: cheap)."""
    for p in paths:
        try:
            schema = pq.read_schema(p)
        except (OSError, ValueError) as e:
            raise RunFolderError(f"{run.path}: corrupt run folder: cannot read {p.relative_to(run.path)}: {e}") \
                from None
        if table_name(schema) != table or not readable_version(schema_version(schema)):
            raise RunFolderError(f"{run.path}: {p.relative_to(run.path)} is not a galaxysim {table} file "
                                 f"(schema version {OLDEST_READABLE_SCHEMA} to {SCHEMA_VERSION})")


def connect(run: "Run | str | os.PathLike[str]", con=None, prefix: str = "", threads: int | None = None):
    """A DuckDB connection with views `{prefix}games`, `{prefix}seats` (and `{prefix}cards` when the run folder
    has a cards table) over the chunks the run's manifest lists. RunFolderError for a run without a chunk."""
    run = open_run(run)
    if not run.manifest["chunks"]:
        raise RunFolderError(f"{run.path}: no games written yet (status {run.status})")
    duckdb = _duckdb()
    if con is None:
        con = duckdb.connect(":memory:")
        if threads:
            con.execute(f"SET threads = {int(threads)}")
    for table in ("games", "seats"):
        files = run.files(table)
        _check_files(run, table, files)
        # (union_by_name: a run's files share one schema version, but a compare may pair runs of two)
        con.execute(f"CREATE OR REPLACE VIEW {prefix}{table} AS SELECT * FROM read_parquet({_sql_list(files)}, "
                    "union_by_name = true)")
    cards = run.manifest.get("cards")
    if cards:
        con.execute(f"CREATE OR REPLACE VIEW {prefix}cards AS SELECT * FROM "
                    f"read_parquet({_sql_list([run.path / cards['path']])})")
    return con


# --- rows ------------------------------------------------------------------------------------------------------------

@dataclass
class RunAnalysis:
    """The aggregates of one run: `info` (what was played), `tables` (name -> list of row dicts) and the
    histograms behind the figures."""

    path: Path
    info: dict[str, Any]
    kind: GameKind
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: {group label: {score: count}} ("all", "seat 0", ..., "bot random", ...)
    score_hist: dict[str, dict[int, int]] = field(default_factory=dict)
    #: {end reason: {rounds: games}}
    rounds_hist: dict[str, dict[int, int]] = field(default_factory=dict)
    #: the solo game: {difficulty (games.variant): {robot score: games}}
    robot_hist: dict[str, dict[int, int]] = field(default_factory=dict)
    seconds: float = 0.0


def _columns(con, view: str) -> set[str]:
    """The columns of a view (an older run folder lacks the newer columns)."""
    return {r[0] for r in con.execute(f"DESCRIBE {view}").fetchall()}


def _group_rows(con, key_sql: str, key_name: str) -> list[dict[str, Any]]:
    rows = con.execute(f"""
        SELECT {key_sql} AS k, count(*) AS n, sum(won::INT) AS wins,
               sum(score::BIGINT) AS s, sum(score::BIGINT * score) AS ss
        FROM seats GROUP BY ALL ORDER BY k""").fetchall()
    out = []
    for k, n, wins, s, ss in rows:
        r, m = rate(wins, n), mean_from_sums(n, int(s), int(ss))
        out.append({key_name: k, "n": int(n), "wins": int(wins), **rate_cols("win_rate", r),
                    **mean_cols("mean_score", m), "small_sample": r.small})
    return out


def table_key(g: "Grouping | Holding") -> str:
    """The name of a game-specific table in RunAnalysis.tables (and of its CSV file)."""
    if isinstance(g, Grouping):
        return f"by_{g.column}"
    plural = g.item[:-1] + "ies" if g.item.endswith("y") else g.item + "s"  # territories, tech_cards, cards
    return plural.replace(" ", "_")


def _held_id_sums(run: Run, column: str) -> list[tuple[int, int, int, int, int]]:
    """(id, seats holding it, their wins, sum and sum of squares of their scores) for a list column of small
    integer ids, a seat counting once however many copies it holds. Chunk file by chunk file with numpy
    (three times faster than DuckDB's list_distinct + unnest on a million games)."""
    n = wins = s = ss = np.zeros(0)
    for path in run.files("seats"):
        try:
            t = read_parquet(path, [column, "won", "score"])
        except (OSError, ValueError) as e:
            raise RunFolderError(f"{run.path}: corrupt run folder: cannot read {path.relative_to(run.path)}: {e}") \
                from None
        lists = t.column(column).combine_chunks()
        ids = numpy(lists.values).astype(np.int64)
        if not len(ids):
            continue
        k = int(ids.max()) + 1
        offsets = numpy(lists.offsets)
        row = np.repeat(np.arange(len(offsets) - 1, dtype=np.int64), np.diff(offsets))
        key = row * k + ids
        if np.any(key[1:] < key[:-1]):  # the engine writes tableaus in card order; sort anything else
            key = np.sort(key)
        first = np.ones(len(key), bool)
        first[1:] = key[1:] != key[:-1]  # one entry per (seat, id)
        key = key[first]
        row, ids = key // k, key % k
        won = numpy(t.column("won")).astype(np.float64)
        score = numpy(t.column("score")).astype(np.float64)  # sums stay exact below 2**53
        size = max(k, len(n))
        grow = lambda a: np.pad(a, (0, size - len(a)))
        n, wins = grow(n) + np.bincount(ids, minlength=size), grow(wins) + np.bincount(ids, won[row], size)
        s, ss = grow(s) + np.bincount(ids, score[row], size), grow(ss) + np.bincount(ids, (score ** 2)[row], size)
    return [(i, int(n[i]), int(wins[i]), int(s[i]), int(ss[i])) for i in np.nonzero(n)[0].tolist()]


def _holding_rows(con, run: Run, h: Holding, n_seats: int, totals: tuple[int, int, int],
                  universe: Mapping[Any, int] | None) -> list[dict[str, Any]]:
    """Win rate and mean score of the seats holding each item at the end against the others."""
    tot_wins, tot_s, tot_ss = totals
    names: dict[Any, str] = {}
    if h.names_file:
        path = run.path / h.names_file
        if path.is_file():
            names = dict(con.execute(f"SELECT {h.names_id}, name FROM read_parquet({_sql_list([path])})").fetchall())
    if h.names_file:
        rows = _held_id_sums(run, h.column)
    else:
        rows = con.execute(f"""
            SELECT item, count(*), sum(won::INT), sum(score::BIGINT), sum(score::BIGINT * score)
            FROM (SELECT unnest(list_distinct({h.column})) AS item, won, score FROM seats)
            GROUP BY item ORDER BY item""").fetchall()
    seen = {r[0]: r for r in rows}
    items = list(seen)
    if universe is not None:  # the items in play that were never held still get a row
        items += [key for key, copies in universe.items() if copies > 0 and key not in seen]
    out = []
    for item in sorted(items, key=lambda x: (str(type(x)), x)):
        _, n_in, w_in, s_in, ss_in = seen.get(item, (item, 0, 0, 0, 0))
        n_in, w_in, s_in, ss_in = int(n_in), int(w_in), int(s_in), int(ss_in)
        n_out = n_seats - n_in
        r_in, r_out = rate(w_in, n_in), rate(tot_wins - w_in, n_out)
        m_in, m_out = mean_from_sums(n_in, s_in, ss_in), mean_from_sums(n_out, tot_s - s_in, tot_ss - ss_in)
        d, dlo, dhi = rate_difference(r_in, r_out)
        name = names.get(item, str(item) if not h.names_file else f"#{item}")
        row: dict[str, Any] = {f"{h.item}_id" if h.names_file else h.item + "_key": item, h.item: name}
        if universe is not None:
            row["copies"] = universe.get(item)
        row.update({"presence": n_in / n_seats if n_seats else None, "n_in": n_in, "wins_in": w_in,
                    **rate_cols("win_rate_in", r_in), **mean_cols("mean_score_in", m_in),
                    "n_out": n_out, "wins_out": r_out.k, **rate_cols("win_rate_out", r_out),
                    **mean_cols("mean_score_out", m_out),
                    "win_rate_diff": _f(d), "win_rate_diff_ci_low": _f(dlo), "win_rate_diff_ci_high": _f(dhi),
                    "mean_score_diff": _f(m_in.mean - m_out.mean) if n_in and n_out else None,
                    "small_sample": n_in < SMALL_N or n_out < SMALL_N})
        out.append(row)
    return out


def analyze(run: "Run | str | os.PathLike[str]", universe: Mapping[str, Mapping[Any, int]] | None = None,
            threads: int | None = None, goal_table: Mapping[str, Mapping[str, Any]] | None = None) -> RunAnalysis:
    """Aggregates a run for the report. `universe` ({holding item: {key: copies in play}}, the key being the id
    for a holding with a names table, else the name; e.g. {"card": {0: 1, ...}}) adds the copies and a row for
    every item in play that no seat held. `goal_table` ({goal name: {kind, vp, tie_vp, ...}}) adds each goal's
    VP to the goals section."""
    t0 = time.perf_counter()
    run = open_run(run)
    con = connect(run, threads=threads)
    cfg = run.config
    kind = game_kind(cfg.get("game", ""))
    players = int(cfg["players"])
    bots = list(cfg.get("bots") or [])
    a = RunAnalysis(run.path, {}, kind)

    n_games, dec_s, shared = con.execute(
        "SELECT count(*), sum(decisions::BIGINT), sum((len(winners) > 1)::INT) FROM games").fetchone()
    n_seats, tot_wins, tot_s, tot_ss = con.execute(
        "SELECT count(*), sum(won::INT), sum(score::BIGINT), sum(score::BIGINT * score) FROM seats").fetchone()
    n_games, n_seats = int(n_games), int(n_seats)
    what_if = cfg.get("what_if")
    a.info = {
        "path": str(run.path), "run_id": run.manifest.get("run_id", ""), "status": run.status,
        "complete": run.complete, "game": cfg.get("game"), "game_title": kind.title,
        "expansion": cfg.get("expansion"), "players": players, "advanced": bool(cfg.get("advanced")), "bots": bots,
        "seed": cfg.get("seed"), "games": n_games, "games_planned": run.games_planned, "seat_games": n_seats,
        "engine_version": run.manifest.get("engine_version"), "created": run.manifest.get("created"),
        "elapsed_seconds": run.manifest.get("elapsed_seconds"), "shared_wins": int(shared or 0),
        "what_if": what_if, "mean_decisions": (int(dec_s) / n_games) if n_games else None,
    }
    imported = cfg.get("imported")
    if imported:  # galaxysim import: recorded games, maybe of several levels and player counts
        counts = [int(r[0]) for r in con.execute("SELECT DISTINCT players FROM games ORDER BY 1").fetchall()]
        a.info["imported"] = {"from": imported.get("from"), "files": list(imported.get("files") or []),
                              "levels": list(cfg.get("levels") or [cfg.get("expansion")]), "player_counts": counts}

    # --- common: win rates by seat and by bot ---
    seats = _group_rows(con, "seat", "seat")
    a.tables["seats"] = [{"seat": r["seat"], "bot": bots[r["seat"]] if r["seat"] < len(bots) else "",
                          **{k: v for k, v in r.items() if k != "seat"}} for r in seats]
    a.tables["bots"] = _group_rows(con, "bot::VARCHAR", "bot")

    # --- game-specific groupings and holdings ---
    for g in kind.groupings:
        rows = _group_rows(con, f"{g.column}::VARCHAR", g.column)
        for r in rows:
            r["share"] = r["n"] / n_seats if n_seats else None
        a.tables[table_key(g)] = sorted(rows, key=lambda r: -(r["win_rate"] or 0))
    totals = (int(tot_wins), int(tot_s), int(tot_ss))
    for h in kind.holdings:
        a.tables[table_key(h)] = _holding_rows(con, run, h, n_seats, totals,
                                               (universe or {}).get(h.item) if universe else None)

    # --- scores ---
    hist: dict[str, dict[int, int]] = {"all": {}}
    for seat, bot, score, c in con.execute("SELECT seat, bot::VARCHAR, score, count(*) FROM seats "
                                           "GROUP BY ALL").fetchall():
        for key in ("all", f"seat {seat}", f"bot {bot}"):
            h = hist.setdefault(key, {})
            h[int(score)] = h.get(int(score), 0) + int(c)
    order = ["all"] + [f"seat {s}" for s in range(players)] + [f"bot {b}" for b in dict.fromkeys(bots)]
    a.score_hist = {k: dict(sorted(hist[k].items())) for k in order if k in hist}
    score_rows = []
    for key, h in a.score_hist.items():
        m = _hist_moments(h)
        q = _quantiles(h, [0.1, 0.25, 0.5, 0.75, 0.9])
        score_rows.append({"group": key, "n": m.n, **mean_cols("mean_score", m), "min": min(h) if h else None,
                           "p10": q[0], "p25": q[1], "median": q[2], "p75": q[3], "p90": q[4],
                           "max": max(h) if h else None, "small_sample": m.small})
    a.tables["scores"] = score_rows
    if kind.score_parts:
        # The parts a run has (an older run folder lacks the newer ones: null, left out), then their total, which
        # is the mean score (the parts add up to the score in every game mode).
        have = _columns(con, "seats")
        present = [(c, label) for c, label in kind.score_parts
                   if c in have and con.execute(f"SELECT count({c}) FROM seats").fetchone()[0] == n_seats]
        sums = ", ".join(f"sum({c}::BIGINT), sum({c}::BIGINT * {c})" for c, _ in present)
        parts = con.execute(f"SELECT {sums} FROM seats").fetchone() if present else ()
        a.tables["score_parts"] = [
            {"part": label, "n": n_seats, **mean_cols("mean", mean_from_sums(n_seats, int(parts[2 * i] or 0),
                                                                             int(parts[2 * i + 1] or 0)))}
            for i, (_, label) in enumerate(present)]
        a.tables["score_parts"].append({"part": "total", "n": n_seats,
                                        **mean_cols("mean", mean_from_sums(n_seats, int(tot_s or 0),
                                                                           int(tot_ss or 0)))})
    # --- the expansions: goals, takeovers, the solo robot (results/expansion_analysis.py) ---
    goals = expansion_analysis.goal_rows(con, goal_table)
    if goals:
        a.tables["goals"] = goals
        a.tables["goal_vp"] = expansion_analysis.goal_vp_rows(con)
    summary, effects = expansion_analysis.takeover_rows(con)
    if summary:
        a.tables["takeovers"], a.tables["takeover_effects"] = summary, effects
    robot_wins, robot_scores, a.robot_hist = expansion_analysis.robot_rows(con)
    if robot_wins:
        a.tables["robot_wins"], a.tables["robot_scores"] = robot_wins, robot_scores
    a.tables["score_distribution"] = [
        {"score": v, **{k: a.score_hist[k].get(v, 0) for k in a.score_hist}} for v in sorted(a.score_hist["all"])]

    # --- game length and how games end ---
    rh: dict[str, dict[int, int]] = {}
    for reason, rounds, c in con.execute("SELECT end_reason::VARCHAR, rounds, count(*) FROM games "
                                         "GROUP BY ALL").fetchall():
        rh.setdefault(reason, {})[int(rounds)] = int(c)
    a.rounds_hist = {k: dict(sorted(v.items())) for k, v in sorted(rh.items())}
    all_rounds: dict[int, int] = {}
    for h in a.rounds_hist.values():
        for v, c in h.items():
            all_rounds[v] = all_rounds.get(v, 0) + c
    length_rows = []
    for key, h in [("all", all_rounds)] + [(f"ended by {k}", v) for k, v in a.rounds_hist.items()]:
        m = _hist_moments(h)
        q = _quantiles(h, [0.1, 0.5, 0.9])
        length_rows.append({"group": key, "games": m.n, **mean_cols("mean_rounds", m), "min": min(h),
                            "p10": q[0], "median": q[1], "p90": q[2], "max": max(h), "small_sample": m.small})
    a.tables["game_length"] = length_rows
    a.tables["rounds_distribution"] = [
        {"rounds": v, "games": all_rounds[v], **{k: a.rounds_hist[k].get(v, 0) for k in a.rounds_hist}}
        for v in sorted(all_rounds)]
    ends = []
    for reason, h in a.rounds_hist.items():
        k = sum(h.values())
        ends.append({"end_reason": reason, "meaning": kind.end_reasons.get(reason, ""), "games": k,
                     "n": n_games, **rate_cols("share", rate(k, n_games)), "small_sample": k < SMALL_N})
    a.tables["end_reasons"] = ends
    caps = cap_counts(run)
    a.tables["safety_cap"] = [
        {"bots": ", ".join(c.bots), "games": c.games, "capped": c.capped, "n": c.games,
         **rate_cols("share", rate(c.capped, c.games)), "mean_rounds": _f(c.mean_length), "warn": c.warn,
         "small_sample": c.games < SMALL_N} for c in caps]
    a.info["safety_cap_warning"] = cap_warning(caps, cfg.get("game", "rftg"))
    wcount = con.execute("SELECT len(winners) AS w, count(*) FROM games GROUP BY ALL ORDER BY w").fetchall()
    a.tables["winners"] = [{"winners": int(w), "games": int(c), **rate_cols("share", rate(c, n_games))}
                           for w, c in wcount]
    con.close()
    a.seconds = time.perf_counter() - t0
    return a
