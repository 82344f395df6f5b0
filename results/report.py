"""`galaxysim report RUN`: a self-contained HTML balance report of a run folder.

    from galaxysim.results.report import write_report
    res = write_report("runs/my-run")          # -> runs/my-run/report/report.html (+ PNG figures, CSV tables)

The report answers the balance questions of a run: win rate by seat and by bot; the game's own groupings
(RftG: start world) and holdings (RftG: every card in the final tableau against not); score distributions;
game length; how games end (galaxysim.results.game_kinds declares the game-specific parts). Every rate has its 95% Wilson
interval, every difference of rates its Newcombe interval, every mean its t interval, every row its sample size,
and rows with fewer than SMALL_N observations are flagged. The numbers come from galaxysim.results.analysis (DuckDB over
the Parquet files); the figures (galaxysim.results.figures) are embedded in the page as PNG and also written beside it,
with one CSV file per table. docs/report.md describes every section and column.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from . import figures as F
from .analysis import SMALL_N, RunAnalysis, analyze, table_key
from .game_kinds import Grouping, Holding
from .html import (Col, check_folder, ci_num, ci_pct, csv_text, esc, flag, html_table, img, integer, mean_cols, num,
                   page, pct, rate_cols, section, signed_pct, win_cols, write_folder)
from .manifest import RunFolderError
from .reader import open_run
from .safety_cap import WARN_SHARE

__all__ = ["write_report", "ReportResult", "REPORT_DIR", "HTML_FILE", "render_html", "make_figures"]

REPORT_DIR = "report"
HTML_FILE = "report.html"


@dataclass
class ReportResult:
    out: Path
    html: Path
    figures: list[Path]
    tables: list[Path]
    analysis: RunAnalysis
    seconds: float
    seconds_analysis: float
    seconds_figures: float


SMALL_NOTE = (f"Rows with fewer than {SMALL_N} observations (on either side of a comparison) are flagged "
              "<i>small n</i> (orange): their intervals are wide and their point estimates unreliable.")


def _grouping_section(g: Grouping, rows: list[dict], fig: bytes) -> str:
    cols = win_cols([(g.label, lambda r: str(r[g.column]), ""), ("share", lambda r: pct(r["share"]), "n")])
    return section(g.title, g.anchor, f"{g.intro} {SMALL_NOTE}",
                   [img(f"{table_key(g)}.png", fig, g.title), html_table(rows, cols, f"t-{g.anchor}")])


def _holding_section(h: Holding, rows: list[dict], fig: bytes) -> str:
    cols: list[Col] = [(h.item, lambda r: str(r[h.item]), "")]
    if rows and "copies" in rows[0]:
        cols.append(("copies", lambda r: integer(r.get("copies")), "n"))
    cols += [("held", lambda r: pct(r["presence"]), "n"), ("n held", lambda r: integer(r["n_in"]), "n"),
             *rate_cols("win rate held", "win_rate_in"), *rate_cols("win rate not", "win_rate_out"),
             *rate_cols("difference", "win_rate_diff", signed_pct),
             *mean_cols("mean score held", "mean_score_in"), *mean_cols("mean score not", "mean_score_out"),
             ("flag", flag, "")]
    ordered = sorted(rows, key=lambda r: -(r["win_rate_diff"] if r["win_rate_diff"] is not None else -9))
    intro = (f"{h.intro} <i>Held</i> means {esc(h.held)} at the end of the game. Click a column header to sort. "
             + SMALL_NOTE)
    return section(h.title, h.anchor, intro,
                   [img(f"{table_key(h)}.png", fig, h.title),
                    f'<div class="scroll">{html_table(ordered, cols, f"t-{h.anchor}")}</div>'])


def _expansion_sections(t: Mapping[str, list[dict]], figures: Mapping[str, bytes]) -> list[str]:
    """Goals, takeovers and the solo robot, for the runs that have them (results/expansion_analysis.py)."""
    out = []
    if "goals" in t:
        cols: list[Col] = [
            ("goal", lambda r: r["goal"], ""), ("kind", lambda r: r["kind"], ""), ("VP", lambda r: integer(r["vp"]), "n"),
            ("games", lambda r: integer(r["games"]), "n"), *rate_cols("claimed", "claim_rate"),
            ("tied (most)", lambda r: pct(r["tie_rate"]), "n"), ("mean VP a seat", lambda r: num(r["mean_vp"], 2), "n"),
            *rate_cols("win rate claimed", "win_rate_claimed"), *rate_cols("win rate not", "win_rate_not_claimed"),
            *rate_cols("lift", "win_rate_lift", signed_pct), ("flag", flag, "")]
        vp_cols: list[Col] = [("seats", lambda r: r["seats"], ""), ("n", lambda r: integer(r["n"]), "n"),
                              *mean_cols("mean goal VP", "mean_goal_vp", 2),
                              ("share of score", lambda r: pct(r["share_of_score"]), "n"), ("flag", flag, "")]
        out.append(section(
            "Goals", "goals",
            "Each goal in play (The Gathering Storm, Rebel vs Imperium): in how many games, the share of seats of "
            "those games that claimed it (a first goal scored, a most goal's tile held at the end) or tied for a "
            "most goal without the tile (which scores the tie VP), the goal VP it gave a seat on average, and the "
            "win rate of the claiming seats against the other seats of those games (the lift, a Newcombe "
            "interval; an association, not an effect). Then the goal VP per seat. " + SMALL_NOTE,
            [img("goals.png", figures["goals"], "goals"),
             f'<div class="scroll">{html_table(t["goals"], cols, "t-goals")}</div>',
             html_table(t.get("goal_vp", []), vp_cols, "t-goal-vp", sortable=False)]))
    if "takeovers" in t:
        sum_cols: list[Col] = [("", lambda r: r["measure"], ""), ("count", lambda r: integer(r["count"]), "n"),
                               ("of", lambda r: integer(r["n"]), "n"), *rate_cols("rate", "rate"),
                               ("per seat-game", lambda r: num(r["per_seat_game"], 3), "n"),
                               ("per game", lambda r: num(r["per_game"], 3), "n")]
        eff_cols: list[Col] = [("seats that", lambda r: r["seats"], ""), *rate_cols("share", "share"),
                               *rate_cols("win rate", "win_rate_event"), *rate_cols("win rate others", "win_rate_not_event"),
                               *rate_cols("difference", "win_rate_lift", signed_pct), ("flag", flag, "")]
        out.append(section(
            "Takeovers", "takeovers",
            "Takeover declarations (Rebel vs Imperium), how many succeeded (the world moved to the attacker) or "
            "were defended, with Wilson intervals; then the win rate of the seats that declared, won, lost or "
            "defended at least one takeover against all the other seats (an association, not an effect). " + SMALL_NOTE,
            [html_table(t["takeovers"], sum_cols, "t-takeovers", sortable=False),
             html_table(t["takeover_effects"], eff_cols, "t-takeover-effects", sortable=False)]))
    if "robot_wins" in t:
        win_cols_: list[Col] = [("difficulty", lambda r: r["difficulty"], ""), ("games", lambda r: integer(r["games"]), "n"),
                                *rate_cols("human win rate", "human_win_rate"),
                                *mean_cols("human mean score", "human_mean_score", 2), ("flag", flag, "")]
        score_cols_: list[Col] = [
            ("difficulty", lambda r: r["difficulty"], ""), ("games", lambda r: integer(r["games"]), "n"),
            *mean_cols("robot mean score", "robot_mean_score", 2), ("sd", lambda r: num(r["robot_mean_score_sd"]), "n"),
            ("min", lambda r: integer(r["min"]), "n"), ("10%", lambda r: integer(r["p10"]), "n"),
            ("median", lambda r: integer(r["median"]), "n"), ("90%", lambda r: integer(r["p90"]), "n"),
            ("max", lambda r: integer(r["max"]), "n"), ("cards", lambda r: num(r["robot_mean_cards"], 2), "n"),
            ("chips", lambda r: num(r["robot_mean_chips"], 2), "n"),
            ("six-cost", lambda r: num(r["robot_mean_six_cost"], 2), "n")]
        out.append(section(
            "The solo robot", "robot",
            "The solo game (The Gathering Storm §5): the human seat's win rate against the robot per difficulty "
            "(Wilson interval; the robot wins ties it is ahead on), then the robot's final score: its "
            "distribution and the mean of its parts (printed VP, VP chips, six-cost VP of markers and '?' "
            "developments).",
            [img("robot_scores.png", figures["robot_scores"], "robot score distribution"),
             html_table(t["robot_wins"], win_cols_, "t-robot-wins", sortable=False),
             html_table(t["robot_scores"], score_cols_, "t-robot-scores", sortable=False)]))
    return out


def render_html(a: RunAnalysis, figures: Mapping[str, bytes]) -> str:
    i, t, kind = a.info, a.tables, a.kind
    players = i["players"] or 1
    imp = i.get("imported")
    levels = ", ".join(imp["levels"]) if imp else i["expansion"]
    counts = imp["player_counts"] if imp else []
    who = f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{i['players']} players"
    title = (f"galaxysim report: {i['game_title']} {levels}, {who}"
             f"{', advanced' if i['advanced'] else ''} — {i['games']:,} games")
    parts = []
    if imp and (len(imp["levels"]) > 1 or len(counts) > 1):
        parts.append(f'<p class="warn">Games imported from {esc(imp["from"])} records of several kinds (levels '
                     f'{esc(levels)}; {esc(who)}): every table below pools them, and the seat rates mix games of '
                     f'different player counts. Import one kind per run folder to compare seats.</p>')
    if not i["complete"]:
        parts.append(f'<p class="warn">This run is {esc(i["status"])}: the report covers the {i["games"]:,} games '
                     f'written so far of {i["games_planned"]:,} planned.</p>')
    if i.get("safety_cap_warning"):
        parts.append(f'<p class="warn">{esc(i["safety_cap_warning"])} (see <a href="#endings">how games end</a>).'
                     '</p>')
    if i.get("what_if"):
        w = i["what_if"]
        parts.append(f'<p class="warn">What-if variant <b>{esc(w.get("name", ""))}</b>: '
                     f'{esc("; ".join(w.get("changes") or []) or "no changes")}</p>')
    meta = [("run folder", i["path"]), ("run id", i["run_id"]), ("bots", ", ".join(i["bots"])),
            ("seed", i["seed"]) if not imp else
            ("imported from", f"{imp['from']} records: {', '.join(imp['files'])}"),
            ("games", f"{i['games']:,} ({i['seat_games']:,} seat-games)"),
            ("engine", i["engine_version"]), ("played", i["created"]),
            ("shared wins", f"{i['shared_wins']:,} games (a shared win counts for every seat sharing it)"),
            ("report made", _dt.datetime.now().strftime("%Y-%m-%d %H:%M"))]
    parts.append("<dl>" + "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in meta) + "</dl>")
    links = [("seats", "seats"), ("bots", "bots")] + [(g.anchor, g.label + "s") for g in kind.groupings] \
        + [(h.anchor, h.item + "s") for h in kind.holdings] \
        + [("scores", "scores")] \
        + [(x, n) for x, n, key in (("goals", "goals", "goals"), ("takeovers", "takeovers", "takeovers"),
                                    ("robot", "solo robot", "robot_wins")) if key in t] \
        + [("length", "game length"), ("endings", "how games end")]
    parts.append("<nav>" + "".join(f'<a href="#{x}">{esc(n)}</a>' for x, n in links) + "</nav>")

    parts.append(section(
        "Win rate by seat", "seats",
        f"Share of games each seat won (95% Wilson interval) and its mean final score (95% t interval). With "
        f"balanced seats every rate is near 1/players = {1 / players:.1%}.",
        [img("seats.png", figures["seats"], "win rate by seat"),
         html_table(t["seats"], win_cols([("seat", lambda r: str(r["seat"]), "n"), ("bot", lambda r: r["bot"], "")]),
                    "t-seats")]))
    parts.append(section("Win rate by bot", "bots", "Over all the seats each bot played. " + SMALL_NOTE,
                         [img("bots.png", figures["bots"], "win rate by bot"),
                          html_table(t["bots"], win_cols([("bot", lambda r: r["bot"], "")]), "t-bots")]))
    for g in kind.groupings:
        parts.append(_grouping_section(g, t[table_key(g)], figures[table_key(g)]))
    for h in kind.holdings:
        parts.append(_holding_section(h, t[table_key(h)], figures[table_key(h)]))

    score_cols: list[Col] = [
        ("group", lambda r: r["group"], ""), ("n", lambda r: integer(r["n"]), "n"),
        ("mean", lambda r: num(r["mean_score"], 2), "n"),
        ("95% CI", lambda r: ci_num(r["mean_score_ci_low"], r["mean_score_ci_high"], 2), "n"),
        ("sd", lambda r: num(r["mean_score_sd"]), "n"), ("min", lambda r: integer(r["min"]), "n"),
        ("10%", lambda r: integer(r["p10"]), "n"), ("25%", lambda r: integer(r["p25"]), "n"),
        ("median", lambda r: integer(r["median"]), "n"), ("75%", lambda r: integer(r["p75"]), "n"),
        ("90%", lambda r: integer(r["p90"]), "n"), ("max", lambda r: integer(r["max"]), "n"), ("flag", flag, "")]
    score_parts = [img("score_distribution.png", figures["score_distribution"], "score distribution"),
                   html_table(t["scores"], score_cols, "t-scores")]
    if "score_parts" in t:
        part_cols: list[Col] = [("score part", lambda r: r["part"], ""), ("n", lambda r: integer(r["n"]), "n"),
                                ("mean", lambda r: num(r["mean"], 2), "n"),
                                ("95% CI", lambda r: ci_num(r["mean_ci_low"], r["mean_ci_high"], 2), "n"),
                                ("sd", lambda r: num(r["mean_sd"]), "n")]
        score_parts.append(html_table(t["score_parts"], part_cols, "t-score-parts", sortable=False))
    parts.append(section("Score distributions", "scores",
                         "Final scores of all seats, by seat and by bot; then the parts of the score.", score_parts))

    parts.extend(_expansion_sections(t, figures))

    len_cols: list[Col] = [
        ("games", lambda r: r["group"], ""), ("n", lambda r: integer(r["games"]), "n"),
        ("mean rounds", lambda r: num(r["mean_rounds"], 2), "n"),
        ("95% CI", lambda r: ci_num(r["mean_rounds_ci_low"], r["mean_rounds_ci_high"], 2), "n"),
        ("sd", lambda r: num(r["mean_rounds_sd"]), "n"), ("min", lambda r: integer(r["min"]), "n"),
        ("10%", lambda r: integer(r["p10"]), "n"), ("median", lambda r: integer(r["median"]), "n"),
        ("90%", lambda r: integer(r["p90"]), "n"), ("max", lambda r: integer(r["max"]), "n"), ("flag", flag, "")]
    md = i.get("mean_decisions")
    parts.append(section("Game length", "length",
                         "Rounds per game, overall and by how the game ended"
                         + (f"; {md:,.1f} decisions per game on average." if md else "."),
                         [img("game_length.png", figures["game_length"], "game length"),
                          html_table(t["game_length"], len_cols, "t-length")]))
    end_cols: list[Col] = [("ended by", lambda r: r["end_reason"], ""), ("meaning", lambda r: r["meaning"], ""),
                           ("games", lambda r: integer(r["games"]), "n"),
                           ("share", lambda r: pct(r["share"], 2), "n"),
                           ("95% CI", lambda r: ci_pct(r["share_ci_low"], r["share_ci_high"]), "n"),
                           ("flag", flag, "")]
    win_count_cols: list[Col] = [("winners", lambda r: str(r["winners"]), "n"),
                                 ("games", lambda r: integer(r["games"]), "n"),
                                 ("share", lambda r: pct(r["share"], 2), "n"),
                                 ("95% CI", lambda r: ci_pct(r["share_ci_low"], r["share_ci_high"]), "n")]
    cap_cols: list[Col] = [("group of bots", lambda r: r["bots"], ""), ("games", lambda r: integer(r["games"]), "n"),
                           ("at the safety cap", lambda r: integer(r["capped"]), "n"),
                           ("share", lambda r: pct(r["share"], 2), "n"),
                           ("95% CI", lambda r: ci_pct(r["share_ci_low"], r["share_ci_high"]), "n"),
                           ("mean rounds", lambda r: num(r["mean_rounds"], 2), "n"),
                           ("flag", lambda r: f"over {100 * WARN_SHARE:.0f}%" if r["warn"] else flag(r), "")]
    parts.append(section("How games end", "endings",
                         "Why each game ended (docs/report.md says which reason counts when a game meets "
                         "several at once), how many games of each group of bots the engine's safety cap "
                         f"stopped (a game stopped there was not played to its end; above {100 * WARN_SHARE:.0f}% "
                         "the report warns), then how many seats shared the win.",
                         [img("end_reasons.png", figures["end_reasons"], "how games end"),
                          html_table(t["end_reasons"], end_cols, "t-endings"),
                          html_table(t["safety_cap"], cap_cols, "t-safety-cap"),
                          html_table(t["winners"], win_count_cols, "t-winners", sortable=False)]))
    parts.append('<p class="meta">95% intervals: Wilson score intervals for rates, Newcombe hybrid score '
                 'intervals for differences of rates, Student t for means. The tables are also in the CSV files '
                 'beside this page, and the figures in the PNG files.</p>')
    return page(title, "\n".join(parts))


def make_figures(a: RunAnalysis) -> dict[str, bytes]:
    plt = F.pyplot()
    expected = 1 / (a.info["players"] or 1)
    t = a.tables
    figs = {
        "seats": F.rate_bars(plt, t["seats"], lambda r: f"seat {r['seat']}\n{r['bot']}", "Win rate by seat",
                             expected),
        "bots": F.rate_bars(plt, t["bots"], lambda r: r["bot"], "Win rate by bot", expected),
    }
    for g in a.kind.groupings:
        figs[table_key(g)] = F.rate_bars(plt, t[table_key(g)], lambda r, c=g.column: str(r[c]), g.title, expected,
                                         horizontal=True)
    for h in a.kind.holdings:
        figs[table_key(h)] = F.holding_figure(plt, t[table_key(h)], h.item, h.held, h.title)
    figs["score_distribution"] = F.hist_figure(
        plt, {k: v for k, v in a.score_hist.items() if k == "all" or k.startswith("seat ")}, "all",
        "Final score distribution (all seats; each seat as a line)", "final score")
    if "goals" in t:
        lift = [{"goal": r["goal"], "small_sample": r["small_sample"], "win_rate_diff": r["win_rate_lift"],
                 "win_rate_diff_ci_low": r["win_rate_lift_ci_low"], "win_rate_diff_ci_high": r["win_rate_lift_ci_high"]}
                for r in t["goals"]]
        figs["goals"] = F.holding_figure(plt, lift, "goal", "claimed", "Goals")
    if a.robot_hist:
        figs["robot_scores"] = F.hist_figure(plt, a.robot_hist, next(iter(a.robot_hist)),
                                             "The solo robot's final score, by difficulty", "robot score")
    figs["game_length"] = F.rounds_figure(plt, a.rounds_hist)
    figs["end_reasons"] = F.end_figure(plt, t["end_reasons"])
    return {k: F.png(plt, f) for k, f in figs.items()}


def write_report(run: Any, out: "str | os.PathLike[str] | None" = None,
                 universe: Mapping[str, Mapping[str, int]] | None = None, threads: int | None = None,
                 checkpoint: Callable[[], None] = lambda: None,
                 goal_table: Mapping[str, Mapping[str, Any]] | None = None) -> ReportResult:
    """Writes the report of `run` into `out` (default RUN/report/): report.html (self-contained), one PNG per
    figure, one CSV per table and report.json (the run info). An existing report there is replaced only by a
    complete new one; a non-empty folder that is not a report is refused. `checkpoint()` is called between the
    steps (the command line stops there on Ctrl-C, before anything is written)."""
    t0 = time.perf_counter()
    r = open_run(run)
    out = Path(out) if out is not None else r.path / REPORT_DIR
    try:
        check_folder(out, HTML_FILE)  # before the work
    except FileExistsError as e:
        raise RunFolderError(f"--out {e}") from None
    checkpoint()
    a = analyze(r, universe=universe, threads=threads, goal_table=goal_table)
    checkpoint()
    t1 = time.perf_counter()
    figures = make_figures(a)
    t2 = time.perf_counter()
    files: dict[str, bytes | str] = {f"{name}.png": data for name, data in figures.items()}
    files.update({f"{name}.csv": csv_text(rows) for name, rows in a.tables.items()})
    files["report.json"] = json.dumps({"info": a.info, "small_n": SMALL_N}, indent=1, default=str)
    files[HTML_FILE] = render_html(a, figures)
    checkpoint()
    try:
        write_folder(out, files, HTML_FILE)
    except FileExistsError as e:
        raise RunFolderError(f"--out {e}") from None
    return ReportResult(out, out / HTML_FILE, [out / f"{n}.png" for n in figures],
                        [out / f"{n}.csv" for n in a.tables], a, time.perf_counter() - t0, t1 - t0, t2 - t1)
