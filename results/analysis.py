"""The balance questions a run answers, aggregated with DuckDB straight from the Parquet chunk files.

    from results.analysis import analyze
    a = analyze("runs/my-run")          # a RunAnalysis: plain tables (lists of dicts) with 95% intervals
    a.tables["cards"][0]                 # {'card_id': 0, 'card': 'Old Earth', 'n_in': ..., 'win_rate_in': ...}

Nothing is loaded whole: DuckDB scans the chunk files the manifest lists (only those, so a run being written
reads as its finished part) and hands back counts and sums per group; the intervals are computed from those
(results.stats). A 1,000,000-game run takes a few seconds.

Conventions (the same as `galaxysim summary`): a seat "wins" when it is among the game's winners, so a shared
win counts for every seat sharing it. "In the final tableau" means at least one copy of the card is in the seat's
tableau when the game ends (start worlds included). Rates have Wilson intervals, means Student-t intervals;
anything with fewer than SMALL_N observations is flagged `small`.

`compare_paired` compares two runs played on the same game seeds (a what-if variant against its baseline) game by
game: each metric is a per-game quantity, and its difference has the paired interval mean ± 1.96·sd/√n.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import pyarrow.parquet as pq

from .manifest import CARDS_FILE, RunFolderError
from .reader import Run, open_run
from .schema import SCHEMA_VERSION, schema_version, table_name
from .stats import SMALL_N, Mean, Rate, mean_from_sums, paired, rate, rate_difference

__all__ = ["RunAnalysis", "analyze", "connect", "compare_paired", "PairedMetric", "SMALL_N"]


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
        if table_name(schema) != table or schema_version(schema) != SCHEMA_VERSION:
            raise RunFolderError(f"{run.path}: {p.relative_to(run.path)} is not a galaxysim {table} file "
                                 f"(schema version {SCHEMA_VERSION})")


def connect(run: "Run | str | os.PathLike[str]", con=None, prefix: str = "", threads: int | None = None):
    """A DuckDB connection with views `{prefix}games`, `{prefix}seats` and `{prefix}cards` over the chunks the
    run's manifest lists. Raises RunFolderError for a run without any finished chunk."""
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
        con.execute(f"CREATE OR REPLACE VIEW {prefix}{table} AS SELECT * FROM read_parquet({_sql_list(files)})")
    con.execute(f"CREATE OR REPLACE VIEW {prefix}cards AS SELECT * FROM "
                f"read_parquet({_sql_list([run.path / CARDS_FILE])})")
    return con


# --- one run ---------------------------------------------------------------------------------------------------------

def _f(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def _rate_cols(prefix: str, r: Rate) -> dict[str, Any]:
    return {f"{prefix}": _f(r.rate), f"{prefix}_ci_low": _f(r.lo), f"{prefix}_ci_high": _f(r.hi)}


def _mean_cols(prefix: str, m: Mean) -> dict[str, Any]:
    return {f"{prefix}": _f(m.mean), f"{prefix}_ci_low": _f(m.lo), f"{prefix}_ci_high": _f(m.hi),
            f"{prefix}_sd": _f(m.sd)}


def _quantiles(hist: Mapping[int, int], qs: Sequence[float]) -> list[float]:
    """Exact quantiles (lower) of a histogram {value: count}."""
    total = sum(hist.values())
    if total == 0:
        return [math.nan] * len(qs)
    items = sorted(hist.items())
    out = []
    for q in qs:
        target = max(1, math.ceil(q * total))
        acc = 0
        for v, c in items:
            acc += c
            if acc >= target:
                out.append(float(v))
                break
    return out


@dataclass
class RunAnalysis:
    """The aggregates of one run: `info` (what was played) and `tables` (name -> list of row dicts)."""

    path: Path
    info: dict[str, Any]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: {group label: {score: count}} for the score histograms ("all", "seat 0", ..., "bot random", ...)
    score_hist: dict[str, dict[int, int]] = field(default_factory=dict)
    #: {end reason: {rounds: games}}
    rounds_hist: dict[str, dict[int, int]] = field(default_factory=dict)
    seconds: float = 0.0


def _group_rows(con, key_sql: str, key_name: str, order: str) -> list[dict[str, Any]]:
    rows = con.execute(f"""
        SELECT {key_sql} AS k, count(*) AS n, sum(won::INT) AS wins,
               sum(score::BIGINT) AS s, sum(score::BIGINT * score) AS ss
        FROM seats GROUP BY ALL ORDER BY {order}""").fetchall()
    out = []
    for k, n, wins, s, ss in rows:
        r, m = rate(wins, n), mean_from_sums(n, int(s), int(ss))
        out.append({key_name: k, "n": int(n), "wins": int(wins), **_rate_cols("win_rate", r),
                    **_mean_cols("mean_score", m), "small_sample": r.small})
    return out


def analyze(run: "Run | str | os.PathLike[str]", deck: Mapping[str, int] | None = None,
            threads: int | None = None) -> RunAnalysis:
    """Aggregates a run for the report. `deck` (card name -> copies in the run's deck), when given, adds the
    copies and lists the cards of the deck that never reached a final tableau."""
    import time

    t0 = time.perf_counter()
    run = open_run(run)
    con = connect(run, threads=threads)
    cfg = run.config
    players = int(cfg["players"])
    bots = list(cfg.get("bots") or [])
    a = RunAnalysis(run.path, {})

    n_games, mean_rounds_s, rounds_ss, dec_s, shared, max_round = con.execute("""
        SELECT count(*), sum(rounds::BIGINT), sum(rounds::BIGINT * rounds), sum(decisions::BIGINT),
               sum((len(winners) > 1)::INT), max(rounds) FROM games""").fetchone()
    n_seats = con.execute("SELECT count(*) FROM seats").fetchone()[0]
    a.info = {
        "path": str(run.path), "run_id": run.manifest.get("run_id", ""), "status": run.status,
        "complete": run.complete, "game": cfg.get("game"), "expansion": cfg.get("expansion"), "players": players,
        "advanced": bool(cfg.get("advanced")), "bots": bots, "seed": cfg.get("seed"),
        "games": int(n_games), "games_planned": run.games_planned, "seat_games": int(n_seats),
        "engine_version": run.manifest.get("engine_version"), "created": run.manifest.get("created"),
        "elapsed_seconds": run.manifest.get("elapsed_seconds"),
        "shared_wins": int(shared or 0), "what_if": run.manifest.get("what_if"),
        "mean_decisions": (int(dec_s) / n_games) if n_games else None,
    }

    # --- win rates by seat, bot, start world ---
    seats = _group_rows(con, "seat", "seat", "k")
    for r in seats:
        r["bot"] = bots[r["seat"]] if r["seat"] < len(bots) else ""
    a.tables["seats"] = [{"seat": r.pop("seat"), "bot": r.pop("bot"), **r} for r in seats]
    a.tables["bots"] = _group_rows(con, "bot::VARCHAR", "bot", "k")
    worlds = _group_rows(con, "start_world::VARCHAR", "start_world", "k")
    for r in worlds:
        r["share"] = r["n"] / n_seats if n_seats else None
    a.tables["start_worlds"] = sorted(worlds, key=lambda r: -(r["win_rate"] or 0))

    # --- cards in the final tableau vs not ---
    tot_wins, tot_s, tot_ss = con.execute(
        "SELECT sum(won::INT), sum(score::BIGINT), sum(score::BIGINT * score) FROM seats").fetchone()
    tot_wins, tot_s, tot_ss = int(tot_wins), int(tot_s), int(tot_ss)
    names = dict(con.execute("SELECT card_id, name FROM cards").fetchall())
    card_rows = con.execute("""
        SELECT card_id, count(*) AS n, sum(won::INT) AS wins, sum(score::BIGINT) AS s,
               sum(score::BIGINT * score) AS ss
        FROM (SELECT unnest(list_distinct(tableau)) AS card_id, won, score FROM seats)
        GROUP BY card_id ORDER BY card_id""").fetchall()
    seen = {int(r[0]): r for r in card_rows}
    ids = sorted(seen)
    if deck is not None:
        by_name: dict[str, list[int]] = {}
        for cid, name in names.items():
            by_name.setdefault(name, []).append(int(cid))
        for name, copies in deck.items():
            if copies > 0:
                for cid in by_name.get(name, []):
                    if cid not in seen and len(by_name[name]) == 1:
                        ids.append(cid)
        ids = sorted(set(ids))
    cards = []
    for cid in ids:
        _, n_in, w_in, s_in, ss_in = seen.get(cid, (cid, 0, 0, 0, 0))
        n_in, w_in, s_in, ss_in = int(n_in), int(w_in), int(s_in), int(ss_in)
        n_out = n_seats - n_in
        r_in, r_out = rate(w_in, n_in), rate(tot_wins - w_in, n_out)
        m_in, m_out = mean_from_sums(n_in, s_in, ss_in), mean_from_sums(n_out, tot_s - s_in, tot_ss - ss_in)
        d, dlo, dhi = rate_difference(r_in, r_out)
        name = names.get(cid, f"#{cid}")
        row = {"card_id": cid, "card": name}
        if deck is not None:
            row["copies"] = deck.get(name)
        row.update({"presence": n_in / n_seats if n_seats else None, "n_in": n_in, "wins_in": w_in,
                    **_rate_cols("win_rate_in", r_in), **_mean_cols("mean_score_in", m_in),
                    "n_out": n_out, "wins_out": r_out.k, **_rate_cols("win_rate_out", r_out),
                    **_mean_cols("mean_score_out", m_out),
                    "win_rate_diff": _f(d), "win_rate_diff_ci_low": _f(dlo), "win_rate_diff_ci_high": _f(dhi),
                    "mean_score_diff": _f(m_in.mean - m_out.mean) if n_in and n_out else None,
                    "small_sample": n_in < SMALL_N or n_out < SMALL_N})
        cards.append(row)
    a.tables["cards"] = cards

    # --- scores ---
    hist_rows = con.execute("SELECT seat, bot::VARCHAR, score, count(*) FROM seats GROUP BY ALL").fetchall()
    hist: dict[str, dict[int, int]] = {"all": {}}
    for seat, bot, score, c in hist_rows:
        for key in ("all", f"seat {seat}", f"bot {bot}"):
            h = hist.setdefault(key, {})
            h[int(score)] = h.get(int(score), 0) + int(c)
    order = ["all"] + [f"seat {s}" for s in range(players)] + [f"bot {b}" for b in dict.fromkeys(bots)]
    a.score_hist = {k: dict(sorted(hist[k].items())) for k in order if k in hist}
    parts = con.execute("""
        SELECT sum(score_cards::BIGINT), sum(score_cards::BIGINT * score_cards),
               sum(score_chips::BIGINT), sum(score_chips::BIGINT * score_chips),
               sum(score_six_cost::BIGINT), sum(score_six_cost::BIGINT * score_six_cost) FROM seats""").fetchone()
    score_rows = []
    for key, h in a.score_hist.items():
        n = sum(h.values())
        s = sum(v * c for v, c in h.items())
        ss = sum(v * v * c for v, c in h.items())
        m = mean_from_sums(n, s, ss)
        q = _quantiles(h, [0.1, 0.25, 0.5, 0.75, 0.9])
        score_rows.append({"group": key, "n": n, **_mean_cols("mean_score", m), "min": min(h) if h else None,
                           "p10": q[0], "p25": q[1], "median": q[2], "p75": q[3], "p90": q[4],
                           "max": max(h) if h else None, "small_sample": m.small})
    a.tables["scores"] = score_rows
    a.tables["score_parts"] = [
        {"part": name, "n": int(n_seats), **_mean_cols("mean", mean_from_sums(n_seats, int(s), int(ss)))}
        for name, s, ss in (("cards (printed VP)", parts[0], parts[1]), ("VP chips", parts[2], parts[3]),
                            ("six-cost bonuses", parts[4], parts[5]))]
    a.tables["score_distribution"] = [
        {"score": v, **{k: a.score_hist[k].get(v, 0) for k in a.score_hist}}
        for v in sorted(a.score_hist["all"])]

    # --- game length and how games end ---
    rrows = con.execute("SELECT end_reason::VARCHAR, rounds, count(*) FROM games GROUP BY ALL").fetchall()
    rh: dict[str, dict[int, int]] = {}
    for reason, rounds, c in rrows:
        rh.setdefault(reason, {})[int(rounds)] = int(c)
    a.rounds_hist = {k: dict(sorted(v.items())) for k, v in sorted(rh.items())}
    all_rounds: dict[int, int] = {}
    for h in a.rounds_hist.values():
        for v, c in h.items():
            all_rounds[v] = all_rounds.get(v, 0) + c
    length_rows = []
    for key, h in [("all", all_rounds)] + [(f"ended by {k}", v) for k, v in a.rounds_hist.items()]:
        n = sum(h.values())
        m = mean_from_sums(n, sum(v * c for v, c in h.items()), sum(v * v * c for v, c in h.items()))
        q = _quantiles(h, [0.1, 0.5, 0.9])
        length_rows.append({"group": key, "games": n, **_mean_cols("mean_rounds", m), "min": min(h),
                            "p10": q[0], "median": q[1], "p90": q[2], "max": max(h), "small_sample": m.small})
    a.tables["game_length"] = length_rows
    a.tables["rounds_distribution"] = [
        {"rounds": v, "games": all_rounds[v], **{k: a.rounds_hist[k].get(v, 0) for k in a.rounds_hist}}
        for v in sorted(all_rounds)]
    ends = []
    for reason, h in a.rounds_hist.items():
        k = sum(h.values())
        r = rate(k, n_games)
        ends.append({"end_reason": reason, "games": k, "n": int(n_games), **_rate_cols("share", r),
                     "small_sample": k < SMALL_N})
    a.tables["end_reasons"] = ends
    wcount = con.execute("SELECT len(winners) AS w, count(*) FROM games GROUP BY ALL ORDER BY w").fetchall()
    a.tables["winners"] = [{"winners": int(w), "games": int(c), **_rate_cols("share", rate(c, n_games))}
                           for w, c in wcount]
    con.close()
    a.seconds = time.perf_counter() - t0
    return a


# --- paired comparison of two runs on the same seeds -------------------------------------------------------------------

@dataclass
class PairedMetric:
    """One metric of a variant against its baseline, game by game on the same seeds."""

    group: str  # "card", "seat", "score", "length", "end"
    metric: str  # e.g. "Gambling World: in final tableau"
    n: int  # paired games
    baseline: float | None
    variant: float | None
    diff: float | None
    ci_low: float | None
    ci_high: float | None
    note: str = ""

    @property
    def significant(self) -> bool:
        return self.ci_low is not None and self.ci_high is not None and (self.ci_low > 0 or self.ci_high < 0)

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "metric": self.metric, "n": self.n, "baseline": self.baseline,
                "variant": self.variant, "diff": self.diff, "ci_low": self.ci_low, "ci_high": self.ci_high,
                "significant": self.significant, "note": self.note}


def _per_game_sql(prefix: str, players: int, cards: Mapping[str, int], reasons: Sequence[str]) -> str:
    cols = ["s.game_index", "avg(s.score) AS mean_score", "any_value(g.rounds) AS rounds"]
    for seat in range(players):
        cols.append(f"max(CASE WHEN s.seat = {seat} THEN s.won::INT END) AS won_{seat}")
        cols.append(f"max(CASE WHEN s.seat = {seat} THEN s.score END) AS score_{seat}")
    for i, cid in enumerate(cards.values()):
        has = f"list_contains(s.tableau, {int(cid)})"
        cols.append(f"sum({has}::INT) AS h_{i}")
        cols.append(f"sum(({has} AND s.won)::INT) AS o_{i}")
        cols.append(f"sum(CASE WHEN {has} THEN s.score ELSE 0 END) AS sc_{i}")
    for j, reason in enumerate(reasons):
        lit = reason.replace("'", "''")
        cols.append(f"any_value((g.end_reason::VARCHAR = '{lit}')::INT) AS end_{j}")
    return (f"SELECT {', '.join(cols)} FROM {prefix}seats s JOIN {prefix}games g USING (game_index) "
            f"GROUP BY s.game_index")


def compare_paired(baseline: "Run | str | os.PathLike[str]", variant: "Run | str | os.PathLike[str]",
                   cards: Mapping[str, int] | None = None, threads: int | None = None) -> list[PairedMetric]:
    """Per-game paired differences variant − baseline over the games both runs hold (same game index = same
    seed). `cards` ({label: card id}) are the cards the variant changes: for each, the share of seats holding it
    at the end ("presence"), the win rate and mean score of its holders (ratio estimators; their paired
    interval uses the delta method on the per-game linearization). Then every seat's win rate and mean score,
    the mean score of all seats, the mean number of rounds and the share of each way of ending."""
    base, var = open_run(baseline), open_run(variant)
    for key in ("game", "players", "expansion", "advanced", "bots", "seed"):
        if base.config.get(key) != var.config.get(key):
            raise RunFolderError(f"{var.path} is not paired with {base.path}: {key} differs "
                                 f"({var.config.get(key)!r} vs {base.config.get(key)!r})")
    cards = dict(cards or {})
    players = int(base.config["players"])
    con = connect(base, prefix="b_", threads=threads)
    connect(var, con=con, prefix="v_")
    reasons = [r for (r,) in con.execute(
        "SELECT DISTINCT end_reason::VARCHAR FROM b_games UNION SELECT DISTINCT end_reason::VARCHAR FROM v_games "
        "ORDER BY 1").fetchall()]
    con.execute(f"CREATE TEMP TABLE pb AS {_per_game_sql('b_', players, cards, reasons)}")
    con.execute(f"CREATE TEMP TABLE pv AS {_per_game_sql('v_', players, cards, reasons)}")
    bcols = [c for (c,) in con.execute("SELECT column_name FROM (DESCRIBE pb)").fetchall() if c != "game_index"]
    sel = ", ".join([f"b.{c} AS b_{c}" for c in bcols] + [f"v.{c} AS v_{c}" for c in bcols])
    con.execute(f"CREATE TEMP TABLE p AS SELECT b.game_index, {sel} FROM pb b JOIN pv v USING (game_index)")
    n = con.execute("SELECT count(*) FROM p").fetchone()[0]
    out: list[PairedMetric] = []

    def simple(group: str, metric: str, col: str, scale: str = "", note: str = "") -> None:
        e = f"({{}}{col}{scale})::DOUBLE"
        b_, v_ = e.format("b_"), e.format("v_")
        mb, mv, md, sd = con.execute(
            f"SELECT avg({b_}), avg({v_}), avg({v_} - {b_}), stddev_samp({v_} - {b_}) FROM p").fetchone()
        d, lo, hi = paired(n, md, sd)
        out.append(PairedMetric(group, metric, int(n), _f(mb), _f(mv), _f(d), _f(lo), _f(hi), note))

    def ratio(group: str, metric: str, num: str, den: str, note: str = "") -> None:
        sb_n, sb_d, sv_n, sv_d = con.execute(
            f"SELECT sum(b_{num})::DOUBLE, sum(b_{den})::DOUBLE, sum(v_{num})::DOUBLE, sum(v_{den})::DOUBLE "
            f"FROM p").fetchone()
        if not n or not sb_d or not sv_d:
            rb = sb_n / sb_d if sb_d else None
            rv = sv_n / sv_d if sv_d else None
            out.append(PairedMetric(group, metric, int(n), _f(rb), _f(rv), None, None, None,
                                    note or "no holder in one of the runs"))
            return
        rb, rv = sb_n / sb_d, sv_n / sv_d
        hb, hv = sb_d / n, sv_d / n
        sd, = con.execute(
            f"SELECT stddev_samp((v_{num} - {rv!r} * v_{den}) / {hv!r} - (b_{num} - {rb!r} * b_{den}) / {hb!r}) "
            f"FROM p").fetchone()
        d, lo, hi = paired(n, rv - rb, sd)
        out.append(PairedMetric(group, metric, int(n), rb, rv, d, lo, hi, note))

    for i, label in enumerate(cards):
        simple("card", f"{label}: in final tableau (share of seats)", f"h_{i}", f" / {players}")
        ratio("card", f"{label}: win rate of its holders", f"o_{i}", f"h_{i}")
        ratio("card", f"{label}: mean score of its holders", f"sc_{i}", f"h_{i}")
    bots = list(base.config.get("bots") or [])
    for seat in range(players):
        who = f" ({bots[seat]})" if seat < len(bots) else ""
        simple("seat", f"seat {seat}{who}: win rate", f"won_{seat}")
    for seat in range(players):
        who = f" ({bots[seat]})" if seat < len(bots) else ""
        simple("seat", f"seat {seat}{who}: mean score", f"score_{seat}")
    simple("score", "mean score (all seats)", "mean_score")
    simple("length", "rounds per game", "rounds")
    for j, reason in enumerate(reasons):
        simple("end", f"games ended by {reason}", f"end_{j}")
    con.close()
    return out
