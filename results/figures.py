"""The report's figures, drawn with matplotlib on the Agg backend (no display needed).

Every figure function takes the pyplot module (from `pyplot()`) and rows of galaxysim.results.analysis tables and
returns a Figure; `png` renders one and closes it. Orange marks a small sample (galaxysim.results.stats.SMALL_N).
"""
from __future__ import annotations

import io
import math
from typing import Any, Callable, Mapping, Sequence

SMALL_COLOUR, MAIN_COLOUR, UP_COLOUR, DOWN_COLOUR = "#d98c2b", "#3b6ea5", "#2e8b57", "#b5443b"


def _isnum(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and not (isinstance(x, float) and math.isnan(x))


def pyplot():
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


def rate_bars(plt, rows: list[dict], label: Callable[[dict], str], title: str, expected: float | None,
               horizontal: bool = False):
    """Win rate per row with its interval; the dashed line is `expected` (1/players)."""
    labels = [label(r) for r in rows]
    vals = [r["win_rate"] if _isnum(r["win_rate"]) else 0.0 for r in rows]
    err = _err(vals, [r["win_rate_ci_low"] for r in rows], [r["win_rate_ci_high"] for r in rows])
    colors = [SMALL_COLOUR if r.get("small_sample") else MAIN_COLOUR for r in rows]
    if horizontal:
        fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.32 * len(rows) + 1.0)))
        pos = list(range(len(rows)))[::-1]
        ax.barh(pos, vals, xerr=err, color=colors, capsize=3, height=0.6)
        set_ticks, set_label, line, value_axis = ax.set_yticks, ax.set_xlabel, ax.axvline, ax.xaxis
    else:
        fig, ax = plt.subplots(figsize=(max(4.0, 0.9 * len(rows) + 2.0), 3.2))
        pos = list(range(len(rows)))
        ax.bar(pos, vals, yerr=err, color=colors, capsize=4, width=0.6)
        set_ticks, set_label, line, value_axis = ax.set_xticks, ax.set_ylabel, ax.axhline, ax.yaxis
    set_ticks(pos, labels)
    set_label("win rate (95% Wilson interval)")
    if expected is not None:
        line(expected, color="#888", ls="--", lw=1, label=f"1/players = {expected:.0%}")
        ax.legend(loc="lower right", frameon=False)
    value_axis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_title(title)
    fig.tight_layout()
    return fig


def holding_figure(plt, rows: list[dict], item: str, held: str, title: str):
    """Win rate with the item held minus without it, one dot per item with its interval."""
    rows = [r for r in rows if _isnum(r.get("win_rate_diff"))]
    rows.sort(key=lambda r: r["win_rate_diff"])
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.16 * len(rows) + 1.2)))
    y = list(range(len(rows)))
    vals = [r["win_rate_diff"] for r in rows]
    err = _err(vals, [r["win_rate_diff_ci_low"] for r in rows], [r["win_rate_diff_ci_high"] for r in rows])
    colors = [SMALL_COLOUR if r["small_sample"] else (UP_COLOUR if r["win_rate_diff"] > 0 else DOWN_COLOUR)
              for r in rows]
    ax.errorbar(vals, y, xerr=err, fmt="none", ecolor="#999", elinewidth=0.8, capsize=0)
    ax.scatter(vals, y, c=colors, s=12, zorder=3)
    ax.axvline(0, color="#444", lw=0.8)
    ax.set_yticks(y, [str(r[item]) for r in rows], fontsize=6.5)
    ax.set_ylim(-1, len(rows))
    ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:+.0f} pp")
    ax.set_xlabel(f"win rate with the {item} {held} minus without it (95% Newcombe interval)")
    ax.set_title(f"{title}: win-rate difference, {held} vs not")
    fig.tight_layout()
    return fig


def hist_figure(plt, hists: Mapping[str, Mapping[int, int]], main: str, title: str, xlabel: str):
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    for key, h in hists.items():
        n = sum(h.values())
        if not n:
            continue
        xs = sorted(h)
        ys = [h[x] / n for x in xs]
        if key == main:
            ax.bar(xs, ys, width=1.0, color="#c9d7ea", edgecolor=MAIN_COLOUR, lw=0.3, label=f"{key} (n={n:,})")
        else:
            ax.step(xs, ys, where="mid", lw=1.1, label=f"{key} (n={n:,})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title(title)
    ax.legend(frameon=False, fontsize=7, ncol=2)
    fig.tight_layout()
    return fig


def rounds_figure(plt, rounds_hist: Mapping[str, Mapping[int, int]]):
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    xs = sorted({r for h in rounds_hist.values() for r in h})
    total = sum(sum(h.values()) for h in rounds_hist.values()) or 1
    bottom = [0.0] * len(xs)
    palette = [MAIN_COLOUR, SMALL_COLOUR, DOWN_COLOUR, UP_COLOUR, "#7a5ea8"]
    for i, (reason, h) in enumerate(rounds_hist.items()):
        ys = [h.get(x, 0) / total for x in xs]
        ax.bar(xs, ys, bottom=bottom, width=0.85, color=palette[i % len(palette)],
               label=f"{reason} ({sum(h.values()) / total:.1%})")
        bottom = [b + y for b, y in zip(bottom, ys)]
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title("Game length, by how the game ended")
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


def png(plt, fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", pil_kwargs={"compress_level": 3})  # level 6 (the default) is 3x slower
    plt.close(fig)
    return buf.getvalue()



def end_figure(plt, ends: list[dict]):
    fig, ax = plt.subplots(figsize=(5.5, 2.6))
    labels = [r["end_reason"] for r in ends]
    vals = [r["share"] for r in ends]
    err = _err(vals, [r["share_ci_low"] for r in ends], [r["share_ci_high"] for r in ends])
    y = list(range(len(ends)))[::-1]
    ax.barh(y, vals, xerr=err, color=MAIN_COLOUR, capsize=3, height=0.55)
    ax.set_yticks(y, labels)
    ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")
    ax.set_xlabel("share of games (95% Wilson interval)")
    ax.set_title("How games end")
    fig.tight_layout()
    return fig




def paired_figure(plt, rows: list[dict], title: str, percent: bool):
    """Variant minus baseline for each metric row (metric, diff, ci_low, ci_high), with its paired interval."""
    rows = [r for r in rows if _isnum(r.get("diff"))]
    fig, ax = plt.subplots(figsize=(7.5, max(2.0, 0.3 * len(rows) + 1.0)))
    y = list(range(len(rows)))[::-1]
    scale = 100.0 if percent else 1.0
    vals = [scale * r["diff"] for r in rows]
    lo = [scale * r["ci_low"] if _isnum(r.get("ci_low")) else math.nan for r in rows]
    hi = [scale * r["ci_high"] if _isnum(r.get("ci_high")) else math.nan for r in rows]
    colours = [UP_COLOUR if (_isnum(a) and a > 0) else DOWN_COLOUR if (_isnum(b) and b < 0) else "#888"
               for a, b in zip(lo, hi)]
    ax.errorbar(vals, y, xerr=_err(vals, lo, hi), fmt="none", ecolor="#999", elinewidth=1, capsize=3)
    ax.scatter(vals, y, c=colours, s=18, zorder=3)
    ax.axvline(0, color="#444", lw=0.8)
    ax.set_yticks(y, [r["metric"] for r in rows], fontsize=7.5)
    ax.set_ylim(-1, len(rows))
    ax.set_xlabel(("percentage points" if percent else "difference") + ", variant minus baseline "
                  "(95% paired interval)")
    ax.set_title(title)
    fig.tight_layout()
    return fig
