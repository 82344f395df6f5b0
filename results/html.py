"""HTML building blocks shared by the run report and the comparison report: number formatting, sortable
tables, the page shell (inline CSS and script, no outside resources), CSV files, and writing a report folder
atomically.
"""
from __future__ import annotations

import base64
import csv
import html
import math
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

# --- formatting --------------------------------------------------------------------------------------------------------

def isnum(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and not (isinstance(x, float) and math.isnan(x))


def pct(x: Any, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%" if isnum(x) else "–"


def num(x: Any, digits: int = 1) -> str:
    return f"{x:,.{digits}f}" if isnum(x) else "–"


def integer(x: Any) -> str:
    return f"{int(x):,}" if isnum(x) else "–"


def ci_pct(lo: Any, hi: Any) -> str:
    return f"{pct(lo)} – {pct(hi)}" if isnum(lo) and isnum(hi) else "–"


def ci_num(lo: Any, hi: Any, digits: int = 1) -> str:
    return f"{num(lo, digits)} – {num(hi, digits)}" if isnum(lo) and isnum(hi) else "–"


def signed_pct(x: Any) -> str:
    return f"{100 * x:+.1f} pp" if isnum(x) else "–"


def esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


Col = tuple[str, Callable[[dict], str], str]  # header, cell text, css class ("n" = numeric)


def flag(r: dict) -> str:
    return "small n" if r.get("small_sample") else ""


def html_table(rows: list[dict], cols: Sequence[Col], table_id: str, sortable: bool = True) -> str:
    head = "".join(f'<th class="{c}" title="click to sort">{esc(h)}</th>' if sortable else
                   f'<th class="{c}">{esc(h)}</th>' for h, _, c in cols)
    body = []
    for r in rows:
        cls = ' class="small"' if r.get("small_sample") else ""
        cells = "".join(f'<td class="{c}">{esc(f(r))}</td>' for _, f, c in cols)
        body.append(f"<tr{cls}>{cells}</tr>")
    attr = ' data-sortable="1"' if sortable else ""
    return (f'<table id="{esc(table_id)}"{attr}><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def rate_cols(header: str, key: str, show=None) -> list[Col]:
    """A rate column (galaxysim.results.analysis.rate_cols names: key, key_ci_low, key_ci_high) and its interval."""
    show = show or pct

    def interval(r: dict) -> str:
        lo, hi = r[f"{key}_ci_low"], r[f"{key}_ci_high"]
        return f"{show(lo)} – {show(hi)}" if isnum(lo) and isnum(hi) else "–"

    return [(header, lambda r: show(r[key]), "n"), ("95% CI", interval, "n")]


def mean_cols(header: str, key: str, digits: int = 1) -> list[Col]:
    """A mean column (galaxysim.results.analysis.mean_cols names) and its interval."""
    return [(header, lambda r: num(r[key], digits), "n"),
            ("95% CI", lambda r: ci_num(r[f"{key}_ci_low"], r[f"{key}_ci_high"], digits), "n")]


def win_cols(first: Sequence[Col]) -> list[Col]:
    return [*first, ("n", lambda r: integer(r["n"]), "n"), ("wins", lambda r: integer(r["wins"]), "n"),
            *rate_cols("win rate", "win_rate"), *mean_cols("mean score", "mean_score"), ("flag", flag, "")]


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


def section(title: str, anchor: str, intro: str, parts: Sequence[str]) -> str:
    return f'<section id="{anchor}"><h2>{esc(title)}</h2><p>{intro}</p>{"".join(parts)}</section>'


def img(name: str, data: bytes, alt: str) -> str:
    return (f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}" alt="{esc(alt)}" '
            f'title="{esc(name)}">')




def page(title: str, body: str) -> str:
    """A complete, self-contained HTML page."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title><style>{CSS}</style></head>
<body><main>
<h1>{esc(title)}</h1>
{body}
</main><script>{JS}</script></body></html>
"""


def check_folder(out: Path, marker: str) -> None:
    """FileExistsError unless `out` is free for a report: missing, empty, or an earlier report (has `marker`)."""
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / marker).is_file():
        raise FileExistsError(f"{out} is not empty and holds no galaxysim report: choose another folder")


def write_folder(out: Path, files: Mapping[str, "bytes | str"], marker: str) -> None:
    """Writes `files` (name -> content) as the folder `out`, replacing an earlier report there only once the new
    one is complete. A non-empty `out` without `marker` (not one of our reports) is refused."""
    check_folder(out, marker)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        for name, data in files.items():
            p = tmp / name
            if isinstance(data, bytes):
                p.write_bytes(data)
            else:
                p.write_text(data, encoding="utf-8")
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


def csv_text(rows: list[dict]) -> str:
    """Rows as CSV text (columns in first-seen order; None as an empty cell)."""
    import io

    keys: list[str] = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=keys, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: ("" if v is None else v) for k, v in r.items()})
    return buf.getvalue()
