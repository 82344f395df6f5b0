"""The comparison report of `galaxysim compare`: each what-if variant against the baseline, on paired seeds.

    write_compare_report(out, baseline_info, [(name, changes, metrics), ...])
        -> out/compare.html (self-contained), out/compare.csv (every metric of every variant), one PNG per
           variant and group, out/compare.json

Each metric row: the baseline value, the variant value, the difference (variant - baseline) with its 95% paired
interval (galaxysim.results.compare), and whether the interval excludes 0.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from . import figures as F
from .compare import PairedMetric
from .html import Col, csv_text, esc, html_table, img, integer, isnum, page, section, write_folder

HTML_FILE = "compare.html"

#: Metric groups (galaxysim.results.compare.PairedMetric.group) and their titles.
GROUPS = (("card", "Cards the variant changes"), ("seat", "Seat balance"), ("score", "Mean score"),
          ("length", "Game length"), ("end", "How games end"))


def _is_rate(m: dict) -> bool:
    """Rates (shown in percent, differences in percentage points) against plain values."""
    return m["group"] == "end" or "win rate" in m["metric"] or "share of seats" in m["metric"]


def _value(m: dict, key: str) -> str:
    v = m.get(key)
    if not isnum(v):
        return "–"
    return f"{100 * v:.2f}%" if _is_rate(m) else f"{v:,.3f}"


def _diff(m: dict, key: str) -> str:
    v = m.get(key)
    if not isnum(v):
        return "–"
    return f"{100 * v:+.2f} pp" if _is_rate(m) else f"{v:+,.3f}"


COLS: list[Col] = [
    ("metric", lambda m: m["metric"], ""), ("paired games", lambda m: integer(m["n"]), "n"),
    ("baseline", lambda m: _value(m, "baseline"), "n"), ("variant", lambda m: _value(m, "variant"), "n"),
    ("difference", lambda m: _diff(m, "diff"), "n"),
    ("95% CI", lambda m: f"{_diff(m, 'ci_low')} – {_diff(m, 'ci_high')}" if isnum(m.get("ci_low")) else "–", "n"),
    ("", lambda m: "≠ 0" if m["significant"] else "", ""), ("note", lambda m: m.get("note", ""), ""),
]


def write_compare_report(out: Path, baseline: dict[str, Any],
                         variants: Sequence[tuple[str, Sequence[str], Sequence[PairedMetric], str]]) -> Path:
    """`variants`: (name, changes, metrics, run folder) per variant. Returns the HTML file."""
    plt = F.pyplot()
    files: dict[str, bytes | str] = {}
    rows_all: list[dict] = []
    parts = [f'<p class="meta">Baseline: {esc(baseline.get("path", ""))} — {esc(baseline.get("description", ""))}'
             f'</p><p>Every variant is played on the same game seeds as the baseline (game <i>i</i> of each run is '
             'dealt from the same seed, with the same bot seeds), and every metric is compared game by game: the '
             'difference is the mean of the per-game differences, with its 95% paired interval (t quantile; '
             'ratios such as the win rate of a card\'s holders by the delta method). A difference marked ≠ 0 has '
             'an interval that excludes zero.</p>']
    for k, (name, changes, metrics, path) in enumerate(variants, 1):
        rows = [m.to_dict() for m in metrics]
        for r in rows:
            rows_all.append({"variant_name": name, "changes": "; ".join(changes), **r})
        blocks = [f'<p class="meta">Changes: {esc("; ".join(changes) or "none")} — run folder {esc(path)}</p>']
        for group, title in GROUPS:
            sub = [r for r in rows if r["group"] == group]
            if not sub:
                continue
            blocks.append(f"<h3>{esc(title)}</h3>")
            for unit, shown in (("rates", [r for r in sub if _is_rate(r)]), ("values", [r for r in sub
                                                                                       if not _is_rate(r)])):
                if not shown:
                    continue
                fig_name = f"variant-{k}-{group}-{unit}.png"
                files[fig_name] = F.png(plt, F.paired_figure(plt, shown, f"{name}: {title.lower()}", unit == "rates"))
                blocks.append(img(fig_name, files[fig_name], title))
            blocks.append(html_table(sub, COLS, f"t-v{k}-{group}"))
        parts.append(section(f"Variant {k}: {name}", f"variant-{k}", "", blocks))
    files["compare.csv"] = csv_text(rows_all)
    files["compare.json"] = json.dumps({"baseline": baseline, "metrics": rows_all}, indent=1, default=str)
    title = f"galaxysim comparison: {len(variants)} variant{'s' * (len(variants) != 1)} against the baseline"
    files[HTML_FILE] = page(title, "\n".join(parts))
    write_folder(out, files, HTML_FILE)
    return out / HTML_FILE


def format_metrics(name: str, metrics: Sequence[PairedMetric]) -> str:
    """A variant's metrics as a few lines of text."""
    rows = [["metric", "baseline", "variant", "difference", "95% CI", ""]]
    for m in metrics:
        d = m.to_dict()
        rows.append([d["metric"], _value(d, "baseline"), _value(d, "variant"), _diff(d, "diff"),
                     f"{_diff(d, 'ci_low')} .. {_diff(d, 'ci_high')}" if isnum(d.get("ci_low")) else "–",
                     "≠ 0" if m.significant else ""])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [f"variant {name} ({metrics[0].n if metrics else 0:,} paired games):"]
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                                      enumerate(zip(r, widths))).rstrip())
    return "\n".join(lines)


__all__ = ["write_compare_report", "format_metrics", "HTML_FILE"]
