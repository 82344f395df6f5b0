"""`galaxysim report RUN`: a self-contained HTML balance report of a run folder.

    from results.report import write_report
    out = write_report("runs/my-run")          # -> runs/my-run/report/report.html (+ PNG figures, CSV tables)

The report answers the balance questions of a run: win rate by seat, by bot and by start world; win rate and
mean score with every card in the final tableau against without it; score distributions; game length; how games
end. Every rate has its 95% Wilson interval, every mean its 95% t interval, every row its sample size, and rows
with fewer than SMALL_N (30) observations are flagged. The numbers come from results.analysis (DuckDB over the
Parquet files: a million games take seconds); the figures are drawn with matplotlib (Agg backend) and embedded
in the HTML as base64 PNG, and also written as PNG files beside it together with one CSV file per table.
"""
from __future__ import annotations

import base64
import csv
import datetime as _dt
import html
import io
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .analysis import SMALL_N, RunAnalysis, analyze
from .manifest import RunFolderError
from .reader import open_run

__all__ = ["write_report", "ReportResult", "REPORT_DIR"]

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


# --- formatting --------------------------------------------------------------------------------------------------------

def _isnum(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and not (isinstance(x, float) and math.isnan(x))


def _pct(x: Any, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%" if _isnum(x) else "–"


def _num(x: Any, digits: int = 1) -> str:
    return f"{x:,.{digits}f}" if _isnum(x) else "–"


def _int(x: Any) -> str:
    return f"{int(x):,}" if _isnum(x) else "–"


def _ci_pct(lo: Any, hi: Any) -> str:
    return f"{_pct(lo)} – {_pct(hi)}" if _isnum(lo) and _isnum(hi) else "–"


def _ci_num(lo: Any, hi: Any, digits: int = 1) -> str:
    return f"{_num(lo, digits)} – {_num(hi, digits)}" if _isnum(lo) and _isnum(hi) else "–"


def _signed_pct(x: Any) -> str:
    return f"{100 * x:+.1f} pp" if _isnum(x) else "–"


def _esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


# --- figures -----------------------------------------------------------------------------------------------------------

def _plt():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.dpi": 100, "savefig.dpi": 100, "font.size": 9, "axes.titlesize": 10,
                         "axes.spines.top": False, "axes.spines.right": False})
    return plt


def _err(values: Sequence[float], lo: Sequence[float], hi: Sequence[float]):
    import numpy as np

    v, l, h = (np.array([x if _isnum(x) else np.nan for x in a], float) for a in (values, lo, hi))
    return np.vstack([np.clip(v - l, 0, None), np.clip(h - v, 0, None)])


def _rate_bars(plt, rows: list[dict], label: Callable[[dict], str], title: str, expected: float | None,
               horizontal: bool = False):
    labels = [label(r) for r in rows]
    vals = [r["win_rate"] if _isnum(r["win_rate"]) else 0.0 for r in rows]
    err = _err(vals, [r["win_rate_ci_low"] for r in rows], [r["win_rate_ci_high"] for r in rows])
    colors = ["#d98c2b" if r.get("small_sample") else "#3b6ea5" for r in rows]
    if horizontal:
        fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.32 * len(rows) + 1.0)))
        y = list(range(len(rows)))[::-1]
        ax.barh(y, vals, xerr=err, color=colors, capsize=3, height=0.6)
        ax.set_yticks(y, labels)
        ax.set_xlabel("win rate (95% Wilson interval)")
        if expected is not None:
            ax.axvline(expected, color="#888", ls="--", lw=1, label=f"1/players = {expected:.0%}")
            ax.legend(loc="lower right", frameon=False)
        ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")
    else:
        fig, ax = plt.subplots(figsize=(max(4.0, 0.9 * len(rows) + 2.0), 3.2))
        x = list(range(len(rows)))
        ax.bar(x, vals, yerr=err, color=colors, capsize=4, width=0.6)
        ax.set_xticks(x, labels)
        ax.set_ylabel("win rate (95% Wilson interval)")
        if expected is not None:
            ax.axhline(expected, color="#888", ls="--", lw=1, label=f"1/players = {expected:.0%}")
            ax.legend(loc="lower right", frameon=False)
        ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title(title)
    fig.tight_layout()
    return fig


def _cards_figure(plt, cards: list[dict]):
    rows = [r for r in cards if _isnum(r.get("win_rate_diff"))]
    rows.sort(key=lambda r: r["win_rate_diff"])
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.16 * len(rows) + 1.2)))
    y = list(range(len(rows)))
    vals = [r["win_rate_diff"] for r in rows]
    err = _err(vals, [r["win_rate_diff_ci_low"] for r in rows], [r["win_rate_diff_ci_high"] for r in rows])
    colors = ["#d98c2b" if r["small_sample"] else ("#2e8b57" if r["win_rate_diff"] > 0 else "#b5443b")
              for r in rows]
    ax.errorbar(vals, y, xerr=err, fmt="none", ecolor="#999", elinewidth=0.8, capsize=0)
    ax.scatter(vals, y, c=colors, s=12, zorder=3)
    ax.axvline(0, color="#444", lw=0.8)
    ax.set_yticks(y, [r["card"] for r in rows], fontsize=6.5)
    ax.set_ylim(-1, len(rows))
    ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:+.0f} pp")
    ax.set_xlabel("win rate with the card in the final tableau minus without it (95% interval)")
    ax.set_title("Cards: win-rate difference, in the final tableau vs not")
    fig.tight_layout()
    return fig


def _hist_figure(plt, hists: Mapping[str, Mapping[int, int]], main: str, title: str, xlabel: str):
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    for key, h in hists.items():
        n = sum(h.values())
        if not n:
            continue
        xs = sorted(h)
        ys = [h[x] / n for x in xs]
        if key == main:
            ax.bar(xs, ys, width=1.0, color="#c9d7ea", edgecolor="#3b6ea5", lw=0.3, label=f"{key} (n={n:,})")
        else:
            ax.step(xs, ys, where="mid", lw=1.1, label=f"{key} (n={n:,})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title(title)
    ax.legend(frameon=False, fontsize=7, ncol=2)
    fig.tight_layout()
    return fig


def _rounds_figure(plt, rounds_hist: Mapping[str, Mapping[int, int]]):
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    xs = sorted({r for h in rounds_hist.values() for r in h})
    total = sum(sum(h.values()) for h in rounds_hist.values()) or 1
    bottom = [0.0] * len(xs)
    palette = ["#3b6ea5", "#d98c2b", "#b5443b", "#2e8b57", "#7a5ea8"]
    for i, (reason, h) in enumerate(rounds_hist.items()):
        ys = [h.get(x, 0) / total for x in xs]
        ax.bar(xs, ys, bottom=bottom, width=0.85, color=palette[i % len(palette)],
               label=f"{reason} ({sum(h.values()) / total:.1%})")
        bottom = [b + y for b, y in zip(bottom, ys)]
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title("Game length, by how the game ended")
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


def _png(plt, fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


# --- tables ------------------------------------------------------------------------------------------------------------

Col = tuple[str, Callable[[dict], str], str]  # header, cell text, css class ("n" = numeric)


def _flag(r: dict) -> str:
    return "small n" if r.get("small_sample") else ""


def _html_table(rows: list[dict], cols: Sequence[Col], table_id: str, sortable: bool = True) -> str:
    head = "".join(f'<th class="{c}" title="click to sort">{_esc(h)}</th>' if sortable else
                   f'<th class="{c}">{_esc(h)}</th>' for h, _, c in cols)
    body = []
    for r in rows:
        cls = ' class="small"' if r.get("small_sample") else ""
        cells = "".join(f'<td class="{c}">{_esc(f(r))}</td>' for _, f, c in cols)
        body.append(f"<tr{cls}>{cells}</tr>")
    attr = ' data-sortable="1"' if sortable else ""
    return (f'<table id="{_esc(table_id)}"{attr}><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def _win_cols(first: Sequence[Col]) -> list[Col]:
    return [*first,
            ("n", lambda r: _int(r["n"]), "n"),
            ("wins", lambda r: _int(r["wins"]), "n"),
            ("win rate", lambda r: _pct(r["win_rate"]), "n"),
            ("95% CI", lambda r: _ci_pct(r["win_rate_ci_low"], r["win_rate_ci_high"]), "n"),
            ("mean score", lambda r: _num(r["mean_score"]), "n"),
            ("95% CI", lambda r: _ci_num(r["mean_score_ci_low"], r["mean_score_ci_high"]), "n"),
            ("flag", _flag, "")]


def _write_csv(path: Path, rows: list[dict]) -> None:
    keys: list[str] = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if v is None else v) for k, v in r.items()})


CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:1100px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:1.5em;margin:.4em 0 .2em}h2{font-size:1.2em;margin:1.6em 0 .4em;border-bottom:1px solid #ddd}
p.meta{color:#555;margin:.2em 0}.warn{background:#fff4e0;border:1px solid #e2b36b;padding:6px 10px;border-radius:4px}
table{border-collapse:collapse;font-size:13px;margin:.4em 0 1em;background:#fff}
th,td{padding:3px 8px;border-bottom:1px solid #eee;white-space:nowrap}th{background:#f0f2f5;text-align:left}
th[title]{cursor:pointer}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
tr.small td{color:#a06000}tr.small td:last-child{font-weight:600}
img{max-width:100%;height:auto;display:block;margin:.4em 0}
.scroll{max-height:520px;overflow:auto;border:1px solid #e4e4e4}
.scroll thead th{position:sticky;top:0}
nav a{margin-right:12px}dl{display:grid;grid-template-columns:max-content auto;gap:2px 14px}dt{color:#666}
"""

JS = """
(function () {
  function key(td) {
    var t = td.textContent.replace(/[,%\\s]|pp/g, '').replace('\\u2013', '');
    var n = parseFloat(t);
    return isNaN(n) ? td.textContent.toLowerCase() : n;
  }
  document.querySelectorAll('table[data-sortable] th').forEach(function (th, _) {
    th.addEventListener('click', function () {
      var table = th.closest('table'), tbody = table.tBodies[0];
      var idx = Array.prototype.indexOf.call(th.parentNode.children, th);
      var asc = th.dataset.dir !== 'asc';
      th.parentNode.querySelectorAll('th').forEach(function (h) { delete h.dataset.dir; });
      th.dataset.dir = asc ? 'asc' : 'desc';
      var rows = Array.prototype.slice.call(tbody.rows);
      rows.sort(function (a, b) {
        var x = key(a.cells[idx]), y = key(b.cells[idx]);
        if (typeof x !== typeof y) { x = String(x); y = String(y); }
        return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
      });
      rows.forEach(function (r) { tbody.appendChild(r); });
    });
  });
  document.body.setAttribute('data-report-ready', '1');
})();
"""


def _section(title: str, anchor: str, intro: str, parts: Sequence[str]) -> str:
    return f'<section id="{anchor}"><h2>{_esc(title)}</h2><p>{intro}</p>{"".join(parts)}</section>'


def _img(name: str, data: bytes, alt: str) -> str:
    return (f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}" alt="{_esc(alt)}" '
            f'title="{_esc(name)}">')


def render_html(a: RunAnalysis, figures: Mapping[str, bytes]) -> str:
    i = a.info
    t = a.tables
    players = i["players"] or 1
    title = (f"{i['game']} {i['expansion']}, {i['players']} players{', advanced' if i['advanced'] else ''}"
             f" — {i['games']:,} games")
    warn = ""
    if not i["complete"]:
        warn = (f'<p class="warn">This run is {_esc(i["status"])}: the report covers the {i["games"]:,} games '
                f'written so far of {i["games_planned"]:,} planned.</p>')
    what_if = ""
    if i.get("what_if"):
        w = i["what_if"]
        changes = "; ".join(w.get("changes") or []) or "none"
        what_if = (f'<p class="warn">What-if variant <b>{_esc(w.get("name", ""))}</b>: {_esc(changes)}'
                   f'</p>')
    meta = [("run folder", i["path"]), ("run id", i["run_id"]), ("bots", ", ".join(i["bots"])),
            ("seed", i["seed"]), ("games", f"{i['games']:,} ({i['seat_games']:,} seat-games)"),
            ("engine", i["engine_version"]), ("played", i["created"]),
            ("shared wins", f"{i['shared_wins']:,} games (a shared win counts for every seat sharing it)"),
            ("report made", _dt.datetime.now().strftime("%Y-%m-%d %H:%M"))]
    dl = "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(v)}</dd>" for k, v in meta)
    nav = "".join(f'<a href="#{a_}">{_esc(n)}</a>' for a_, n in (
        ("seats", "seats"), ("bots", "bots"), ("start-worlds", "start worlds"), ("cards", "cards"),
        ("scores", "scores"), ("length", "game length"), ("endings", "how games end")))
    note_small = (f"Rows with fewer than {SMALL_N} observations are flagged <i>small n</i> (orange): their "
                  f"intervals are wide and their point estimates unreliable.")
    secs = []
    secs.append(_section("Win rate by seat", "seats",
                         f"Share of games each seat won (95% Wilson interval) and its mean final score (95% t "
                         f"interval). With balanced seats every rate is near 1/players = {1 / players:.1%}.",
                         [_img("win_rate_by_seat.png", figures["win_rate_by_seat"], "win rate by seat"),
                          _html_table(t["seats"], _win_cols([("seat", lambda r: str(r["seat"]), "n"),
                                                             ("bot", lambda r: r["bot"], "")]), "t-seats")]))
    secs.append(_section("Win rate by bot", "bots", "Over all the seats each bot played. " + note_small,
                         [_img("win_rate_by_bot.png", figures["win_rate_by_bot"], "win rate by bot"),
                          _html_table(t["bots"], _win_cols([("bot", lambda r: r["bot"], "")]), "t-bots")]))
    secs.append(_section("Win rate by start world", "start-worlds",
                         "Seats grouped by the start world they were dealt. " + note_small,
                         [_img("win_rate_by_start_world.png", figures["win_rate_by_start_world"],
                               "win rate by start world"),
                          _html_table(t["start_worlds"], _win_cols([
                              ("start world", lambda r: r["start_world"], ""),
                              ("share", lambda r: _pct(r["share"]), "n")]), "t-start-worlds")]))
    card_cols: list[Col] = [("card", lambda r: r["card"], "")]
    if t["cards"] and "copies" in t["cards"][0]:
        card_cols.append(("copies", lambda r: _int(r.get("copies")), "n"))
    card_cols += [
        ("in tableau", lambda r: _pct(r["presence"]), "n"),
        ("n in", lambda r: _int(r["n_in"]), "n"),
        ("win rate in", lambda r: _pct(r["win_rate_in"]), "n"),
        ("95% CI", lambda r: _ci_pct(r["win_rate_in_ci_low"], r["win_rate_in_ci_high"]), "n"),
        ("win rate not", lambda r: _pct(r["win_rate_out"]), "n"),
        ("95% CI", lambda r: _ci_pct(r["win_rate_out_ci_low"], r["win_rate_out_ci_high"]), "n"),
        ("difference", lambda r: _signed_pct(r["win_rate_diff"]), "n"),
        ("mean score in", lambda r: _num(r["mean_score_in"]), "n"),
        ("95% CI", lambda r: _ci_num(r["mean_score_in_ci_low"], r["mean_score_in_ci_high"]), "n"),
        ("mean score not", lambda r: _num(r["mean_score_out"]), "n"),
        ("95% CI", lambda r: _ci_num(r["mean_score_out_ci_low"], r["mean_score_out_ci_high"]), "n"),
        ("flag", _flag, ""),
    ]
    cards_sorted = sorted(t["cards"], key=lambda r: -(r["win_rate_diff"] if _isnum(r["win_rate_diff"]) else -9))
    secs.append(_section(
        "Cards in the final tableau", "cards",
        "For every card: the share of seats that ended the game with it in their tableau, and the win rate and "
        "mean score of those seats against all the others. This is an association, not an effect: strong "
        "players and long games collect more cards. Use <code>galaxysim compare --variant</code> for causal "
        "what-if questions. Click a column header to sort. " + note_small,
        [_img("cards_win_rate.png", figures["cards_win_rate"], "card win-rate differences"),
         f'<div class="scroll">{_html_table(cards_sorted, card_cols, "t-cards")}</div>']))
    score_cols: list[Col] = [
        ("group", lambda r: r["group"], ""), ("n", lambda r: _int(r["n"]), "n"),
        ("mean", lambda r: _num(r["mean_score"], 2), "n"),
        ("95% CI", lambda r: _ci_num(r["mean_score_ci_low"], r["mean_score_ci_high"], 2), "n"),
        ("sd", lambda r: _num(r["mean_score_sd"]), "n"), ("min", lambda r: _int(r["min"]), "n"),
        ("10%", lambda r: _int(r["p10"]), "n"), ("25%", lambda r: _int(r["p25"]), "n"),
        ("median", lambda r: _int(r["median"]), "n"), ("75%", lambda r: _int(r["p75"]), "n"),
        ("90%", lambda r: _int(r["p90"]), "n"), ("max", lambda r: _int(r["max"]), "n"), ("flag", _flag, "")]
    part_cols: list[Col] = [("score part", lambda r: r["part"], ""), ("n", lambda r: _int(r["n"]), "n"),
                            ("mean", lambda r: _num(r["mean"], 2), "n"),
                            ("95% CI", lambda r: _ci_num(r["mean_ci_low"], r["mean_ci_high"], 2), "n"),
                            ("sd", lambda r: _num(r["mean_sd"]), "n")]
    secs.append(_section("Score distributions", "scores",
                         "Final scores of all seats, by seat and by bot; then the parts of the score.",
                         [_img("score_distribution.png", figures["score_distribution"], "score distribution"),
                          _html_table(t["scores"], score_cols, "t-scores"),
                          _html_table(t["score_parts"], part_cols, "t-score-parts", sortable=False)]))
    len_cols: list[Col] = [
        ("games", lambda r: r["group"], ""), ("n", lambda r: _int(r["games"]), "n"),
        ("mean rounds", lambda r: _num(r["mean_rounds"], 2), "n"),
        ("95% CI", lambda r: _ci_num(r["mean_rounds_ci_low"], r["mean_rounds_ci_high"], 2), "n"),
        ("sd", lambda r: _num(r["mean_rounds_sd"]), "n"), ("min", lambda r: _int(r["min"]), "n"),
        ("10%", lambda r: _int(r["p10"]), "n"), ("median", lambda r: _int(r["median"]), "n"),
        ("90%", lambda r: _int(r["p90"]), "n"), ("max", lambda r: _int(r["max"]), "n"), ("flag", _flag, "")]
    md = i.get("mean_decisions")
    secs.append(_section("Game length", "length",
                         "Rounds per game, overall and by how the game ended"
                         + (f"; {md:,.1f} decisions per game on average." if md else "."),
                         [_img("game_length.png", figures["game_length"], "game length"),
                          _html_table(t["game_length"], len_cols, "t-length")]))
    end_cols: list[Col] = [("ended by", lambda r: r["end_reason"], ""), ("games", lambda r: _int(r["games"]), "n"),
                           ("share", lambda r: _pct(r["share"], 2), "n"),
                           ("95% CI", lambda r: _ci_pct(r["share_ci_low"], r["share_ci_high"]), "n"),
                           ("flag", _flag, "")]
    win_cols: list[Col] = [("winners", lambda r: str(r["winners"]), "n"), ("games", lambda r: _int(r["games"]), "n"),
                           ("share", lambda r: _pct(r["share"], 2), "n"),
                           ("95% CI", lambda r: _ci_pct(r["share_ci_low"], r["share_ci_high"]), "n")]
    secs.append(_section("How games end", "endings",
                         "<code>tableau_12</code>: a tableau reached 12 cards; <code>vp_pool</code>: the VP chips ran "
                         "out; <code>round_cap</code>: the engine's safety cap on rounds. Then how many seats "
                         "shared the win.",
                         [_img("end_reasons.png", figures["end_reasons"], "how games end"),
                          _html_table(t["end_reasons"], end_cols, "t-endings"),
                          _html_table(t["winners"], win_cols, "t-winners", sortable=False)]))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>galaxysim report: {_esc(title)}</title><style>{CSS}</style></head>
<body><main>
<h1>galaxysim report: {_esc(title)}</h1>
{warn}{what_if}<dl>{dl}</dl>
<nav>{nav}</nav>
{"".join(secs)}
<p class="meta">95% intervals: Wilson score intervals for rates, Student t for means. Tables are also in the CSV
files beside this page, and the figures as PNG files.</p>
</main><script>{JS}</script></body></html>
"""


def _end_figure(plt, ends: list[dict]):
    fig, ax = plt.subplots(figsize=(5.5, 2.6))
    labels = [r["end_reason"] for r in ends]
    vals = [r["share"] for r in ends]
    err = _err(vals, [r["share_ci_low"] for r in ends], [r["share_ci_high"] for r in ends])
    y = list(range(len(ends)))[::-1]
    ax.barh(y, vals, xerr=err, color="#3b6ea5", capsize=3, height=0.55)
    ax.set_yticks(y, labels)
    ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")
    ax.set_xlabel("share of games (95% Wilson interval)")
    ax.set_title("How games end")
    fig.tight_layout()
    return fig


def make_figures(a: RunAnalysis) -> dict[str, bytes]:
    plt = _plt()
    players = a.info["players"] or 1
    t = a.tables
    figs = {
        "win_rate_by_seat": _rate_bars(plt, t["seats"], lambda r: f"seat {r['seat']}\n{r['bot']}",
                                       "Win rate by seat", 1 / players),
        "win_rate_by_bot": _rate_bars(plt, t["bots"], lambda r: r["bot"], "Win rate by bot", 1 / players),
        "win_rate_by_start_world": _rate_bars(plt, t["start_worlds"], lambda r: r["start_world"],
                                              "Win rate by start world", 1 / players, horizontal=True),
        "cards_win_rate": _cards_figure(plt, t["cards"]),
        "score_distribution": _hist_figure(
            plt, {k: v for k, v in a.score_hist.items() if k == "all" or k.startswith("seat ")}, "all",
            "Final score distribution (all seats; each seat as a line)", "final score"),
        "game_length": _rounds_figure(plt, a.rounds_hist),
        "end_reasons": _end_figure(plt, t["end_reasons"]),
    }
    return {k: _png(plt, f) for k, f in figs.items()}


def write_report(run: Any, out: "str | os.PathLike[str] | None" = None, deck: Mapping[str, int] | None = None,
                 threads: int | None = None) -> ReportResult:
    """Writes the report of `run` into `out` (default RUN/report/): report.html (self-contained), one PNG per
    figure, one CSV per table and report.json (the run info). The folder is written to a temporary name and
    swapped in, so an existing report is replaced only by a complete one."""
    t0 = time.perf_counter()
    r = open_run(run)
    out = Path(out) if out is not None else r.path / REPORT_DIR
    if out.exists() and not out.is_dir():
        raise RunFolderError(f"--out {out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / HTML_FILE).is_file():
        raise RunFolderError(f"--out {out} is not empty and holds no galaxysim report: choose another folder")
    a = analyze(r, deck=deck, threads=threads)
    t1 = time.perf_counter()
    figures = make_figures(a)
    t2 = time.perf_counter()
    page = render_html(a, figures)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        fig_paths, table_paths = [], []
        for name, data in figures.items():
            (tmp / f"{name}.png").write_bytes(data)
            fig_paths.append(out / f"{name}.png")
        for name, rows in a.tables.items():
            _write_csv(tmp / f"{name}.csv", rows)
            table_paths.append(out / f"{name}.csv")
        (tmp / "report.json").write_text(json.dumps({"info": a.info, "small_n": SMALL_N}, indent=1, default=str),
                                         encoding="utf-8")
        (tmp / HTML_FILE).write_text(page, encoding="utf-8")
        if out.exists():
            old = out.with_name(f".{out.name}.old")
            if old.exists():
                shutil.rmtree(old)
            out.rename(old)
            tmp.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return ReportResult(out, out / HTML_FILE, fig_paths, table_paths, a, time.perf_counter() - t0, t1 - t0, t2 - t1)
