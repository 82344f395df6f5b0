"""The decision dataset of a run (recorded with --record-decisions) as training-ready arrays.

    from galaxysim.results.export import export_decisions
    export_decisions("runs/my-run", "my-run.npz", fmt="npz", slot_names=[...])

One row per decision: where it was taken (game_index, step, seat), what was asked (kind, legal), what was chosen
(action), what the deciding seat knew (observation: the fixed-length int16 vector, docs/observation-tensor.md),
and how the game ended for that seat (won, score, rank). The run is read one chunk file at a time and written as
it is read, so a run of any size exports in bounded memory.

- npz: a NumPy zip archive (np.load) of arrays: observation (N, size) int16, game_index int64, step int16,
  seat int8, kind int8 (an index into kind_names), action int16, legal int16, won bool, score int16, rank int8,
  plus slot_names (size,) and kind_names. Uncompressed unless compress=True.
- parquet: one Parquet file, one column per scalar above (kind as a string) and one int16 column per
  observation slot, named "obs." + the slot name.
"""
from __future__ import annotations

import os
import zipfile
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .arrays import column, numpy, read_parquet, strings
from .manifest import RunFolderError
from .reader import Run, open_run
from .schema import observations

__all__ = ["export_decisions", "decision_rows", "is_export", "FORMATS", "SCALARS"]

FORMATS = ("npz", "parquet")
#: The per-decision scalar arrays, with their dtypes.
SCALARS = (("game_index", np.int64), ("step", np.int16), ("seat", np.int8), ("kind", np.int8),
           ("action", np.int16), ("legal", np.int16), ("won", np.bool_), ("score", np.int16), ("rank", np.int8))


def _chunks(run: Run, kinds: list[str], columns: Sequence[str]) -> Iterator[dict[str, np.ndarray]]:
    """Per chunk: the requested arrays (decision columns, observation, and the seat outcomes won/score/rank)."""
    players = int(run.config["players"])
    want = set(columns)
    for chunk in run.manifest["chunks"]:
        dpath = run.path / chunk["files"]["decisions"]["path"]
        dcols = ["game_index", "seat"] + [c for c in ("step", "kind", "action", "legal", "observation") if c in want]
        try:
            d = read_parquet(dpath, dcols)
            out: dict[str, np.ndarray] = {}
            if want & {"won", "score", "rank"}:
                s = read_parquet(run.path / chunk["files"]["seats"]["path"],
                                 ["game_index", "seat", "won", "score", "rank"])
        except (OSError, pa.ArrowInvalid) as e:
            raise RunFolderError(f"{run.path}: corrupt run folder: cannot read chunk {chunk['chunk']}: {e}") from None
        gi = out["game_index"] = numpy(d.column("game_index"))
        seat = out["seat"] = numpy(d.column("seat"))
        for name in ("step", "action", "legal"):
            if name in want:
                out[name] = numpy(d.column(name))
        if "kind" in want:
            parts = []
            for c in d.column("kind").chunks:  # dictionary-encoded: map each file's dictionary onto `kinds`
                lookup = np.array([kinds.index(v) for v in c.dictionary.to_pylist()] + [0], np.int8)
                parts.append(lookup[numpy(c.indices)])
            out["kind"] = np.concatenate(parts) if parts else np.zeros(0, np.int8)
        if "observation" in want:
            out["observation"] = observations(d.column("observation"))
        if want & {"won", "score", "rank"}:
            first = chunk["first_game"]
            sg = numpy(s.column("game_index"))
            bad = RunFolderError(f"{run.path}: seats of chunk {chunk['chunk']} are not in game and seat order")
            if len(sg) == chunk["games"] * players:  # every game of the run's players
                if np.any(sg[::players] != np.arange(first, first + chunk["games"])):
                    raise bad
                row = (gi - first) * players + seat
            else:  # games of several player counts (an imported run): each decision's seat row, found
                ss = numpy(s.column("seat"))
                if len(sg) and (np.any(np.diff(sg) < 0) or sg[0] != first or sg[-1] != first + chunk["games"] - 1):
                    raise bad
                row = np.searchsorted(sg, gi) + seat
                if np.any(row >= len(sg)) or np.any(sg[np.minimum(row, len(sg) - 1)] != gi) \
                        or np.any(ss[np.minimum(row, len(sg) - 1)] != seat):
                    raise bad
            for name in ("won", "score", "rank"):
                out[name] = numpy(s.column(name))[row]
        yield out


def _npy_header(dtype: np.dtype, shape: tuple[int, ...]) -> bytes:
    import io

    buf = io.BytesIO()
    np.lib.format.write_array_header_2_0(buf, {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)),
                                               "fortran_order": False, "shape": shape})
    return buf.getvalue()


def decision_rows(run: Run) -> int:
    """The number of decisions the run recorded (0 without decisions/), from its manifest."""
    if "decisions" not in run.tables:
        return 0
    return sum(c["files"]["decisions"]["rows"] for c in run.manifest["chunks"])


def is_export(path: Path) -> bool:
    """Whether the file at `path` is a decision dataset this module wrote (npz or Parquet)."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                return {"observation.npy", "slot_names.npy", "kind_names.npy"} <= set(z.namelist())
        meta = pq.read_schema(path).metadata or {}
        return meta.get(b"galaxysim.table") == b"decision_dataset"
    except (OSError, pa.ArrowException, zipfile.BadZipFile):
        return False


def _check_target(out: Path, fmt: str, overwrite: bool) -> None:
    """Refuses an output path where writing would lose something: a folder, or an existing file that is not an
    earlier export (unless `overwrite`). Missing parent folders are made."""
    if out.is_dir():
        raise RunFolderError(f"{out} is a folder: the export is one file, e.g. {out / ('decisions.' + fmt)}")
    if out.exists() and not overwrite and not is_export(out):
        raise RunFolderError(f"{out} exists and is not a galaxysim decision export; it is left as it is "
                             "(choose another path, or --overwrite to replace it)")
    out.parent.mkdir(parents=True, exist_ok=True)


def export_decisions(run: "Run | str | os.PathLike[str]", out: "str | os.PathLike[str]", fmt: str,
                     slot_names: Sequence[str], kinds: Sequence[str], compress: bool = False,
                     overwrite: bool = False, progress: "Callable[[int], None] | None" = None) -> dict:
    """Writes the decision dataset of `run` to the file `out`; returns {"rows", "observation_size", "path"}.
    An earlier export at `out` is replaced once the new one is complete; any other existing file only with
    `overwrite`. `progress(n)`, if given, is called as the work goes: the n add up to the number of rows."""
    tick = progress or (lambda n: None)
    run = open_run(run)
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r} (expected {' or '.join(FORMATS)})")
    if "decisions" not in run.tables:
        raise RunFolderError(f"{run.path}: this run did not record decisions: play it with --record-decisions")
    info = run.manifest.get("observation") or {}
    size = int(info.get("size") or 0)
    if size != len(slot_names):
        raise RunFolderError(f"{run.path}: its observations have {size} slots; this galaxysim's encoder has "
                             f"{len(slot_names)} (made by another version?)")
    rows = decision_rows(run)
    out = Path(out)
    _check_target(out, fmt, overwrite)
    tmp = out.with_name(f".{out.name}.tmp")
    kinds = list(kinds)
    try:
        if fmt == "npz":
            mode = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
            with zipfile.ZipFile(tmp, "w", compression=mode, allowZip64=True) as z:
                arrays = [("observation", np.int16, (rows, size))] + [(n, t, (rows,)) for n, t in SCALARS]
                done = 0
                for k, (name, dtype, shape) in enumerate(arrays):
                    with z.open(f"{name}.npy", "w", force_zip64=True) as f:
                        f.write(_npy_header(dtype, shape))
                        written = 0
                        for part in _chunks(run, kinds, [name]):
                            a = np.ascontiguousarray(part[name], dtype=dtype)
                            written += len(a)
                            f.write(a.tobytes())
                            # The observations take about 85% of the time, the nine scalar arrays the rest.
                            if k == 0:
                                reached = int(0.85 * written)
                            else:
                                reached = int(0.85 * rows + 0.15 * ((k - 1) * rows + written) / len(SCALARS))
                            tick(reached - done)
                            done = reached
                        if written != rows:
                            raise RunFolderError(f"{run.path}: decisions hold {written} rows, the manifest says "
                                                 f"{rows}")
                tick(rows - done)
                for name, values in (("slot_names", list(slot_names)), ("kind_names", kinds)):
                    with z.open(f"{name}.npy", "w") as f:
                        np.lib.format.write_array(f, np.array(values, dtype=str))
        else:
            fields = [pa.field(n, pa.dictionary(pa.int8(), pa.string()) if n == "kind" else pa.from_numpy_dtype(t),
                               nullable=False) for n, t in SCALARS]
            fields += [pa.field("obs." + s, pa.int16(), nullable=False) for s in slot_names]
            schema = pa.schema(fields, metadata={b"galaxysim.table": b"decision_dataset",
                                                 b"galaxysim.observation_size": str(size).encode()})
            kind_dict = strings(kinds)
            with pq.ParquetWriter(tmp, schema, compression="zstd", use_dictionary=["kind"],
                                  write_statistics=False) as w:
                for part in _chunks(run, kinds, [n for n, _ in SCALARS] + ["observation"]):
                    cols = [pa.DictionaryArray.from_arrays(column(part[n]), kind_dict) if n == "kind"
                            else column(np.asarray(part[n], dtype=t)) for n, t in SCALARS]
                    obs = part["observation"]
                    cols += [column(obs[:, k]) for k in range(size)]
                    w.write_table(pa.Table.from_arrays(cols, schema=schema))
                    tick(len(obs))
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return {"rows": rows, "observation_size": size, "path": str(out)}
