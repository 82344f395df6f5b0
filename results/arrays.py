"""Arrow arrays from numpy and back, without pyarrow's pandas probe.

pyarrow imports pandas, when it is installed, the first time pa.array(), Array.to_numpy(),
np.asarray(arrow_array), pa.scalar() or Schema.empty_table() runs (it checks whether the values are
pandas objects), and importing pyarrow.dataset (which pq.read_table does) imports it too. That import
costs about half a second per process: on every `galaxysim run`, summary, match and replay, and in every
Ray worker. Nothing there needs pandas, so galaxysim builds its arrays here from numpy buffers
(Array.from_buffers), reads them back as views of their buffers (np.frombuffer), and reads Parquet files
with pq.ParquetFile.

    column(np.array([1, 2, 3], np.int16))              # an Int16Array (zero-copy)
    column(scores, null=scores < 0)                    # null where the mask is True, like pa.array(mask=)
    strings(["Alpha Centauri", "Épsilon"])             # a StringArray
    numpy(table.column("score"))                       # an int16 ndarray (zero-copy for one chunk)
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

__all__ = ["column", "strings", "optional_strings", "string_lists", "dictionary", "numpy", "nulls", "read_parquet",
           "empty_table", "dictionary_codes"]

_NUMERIC_KINDS = "iuf"  # signed and unsigned integers, floats


def _bits(mask: np.ndarray) -> pa.Buffer:
    """A bool array as an Arrow bitmap (bit i of byte i // 8, least significant bit first)."""
    return pa.py_buffer(np.packbits(mask, bitorder="little"))


def column(values: np.ndarray, null: np.ndarray | None = None) -> pa.Array:
    """A 1-d numpy array of integers, floats or bools as an Arrow array of the same type; `null` (bools,
    True = null) marks null slots, as pa.array(values, mask=null) does. Numbers are not copied when the
    array is contiguous, aligned and in native byte order."""
    a = np.asarray(values)
    if a.ndim != 1:
        raise ValueError(f"column() takes a 1-d array, not one of shape {a.shape}")
    n = len(a)
    validity, null_count = None, 0
    if null is not None:
        null = np.asarray(null, dtype=bool)
        if null.shape != a.shape:
            raise ValueError(f"column(): null mask of shape {null.shape} for values of shape {a.shape}")
        null_count = int(null.sum())
        if null_count:
            validity = _bits(~null)
    if a.dtype == np.bool_:
        return pa.Array.from_buffers(pa.bool_(), n, [validity, _bits(a)], null_count=null_count)
    if a.dtype.kind not in _NUMERIC_KINDS:
        raise TypeError(f"column() takes integers, floats or bools, not {a.dtype}")
    if not a.dtype.isnative:
        a = a.astype(a.dtype.newbyteorder("="))
    if not (a.flags.c_contiguous and a.flags.aligned):
        a = a.copy(order="C")  # (a copy is aligned; a view into a byte buffer need not be)
    return pa.Array.from_buffers(pa.from_numpy_dtype(a.dtype), n, [validity, pa.py_buffer(a)],
                                 null_count=null_count)


def strings(values: Sequence[str]) -> pa.StringArray:
    """Python strings as an Arrow string array (int32 offsets into their UTF-8 bytes)."""
    encoded = []
    for v in values:
        if not isinstance(v, str):
            raise TypeError(f"strings() takes str values, not {type(v).__name__}")
        encoded.append(v.encode("utf-8"))
    offsets = np.zeros(len(encoded) + 1, np.int64)
    np.cumsum([len(b) for b in encoded], out=offsets[1:])
    if offsets[-1] > np.iinfo(np.int32).max:
        raise ValueError("strings(): more than 2 GiB of text (Arrow's string type needs large_string)")
    return pa.StringArray.from_buffers(len(encoded), pa.py_buffer(offsets.astype(np.int32)),
                                       pa.py_buffer(b"".join(encoded)))


def optional_strings(values: Sequence[str | None]) -> pa.StringArray:
    """Python strings or None (null) as an Arrow string array."""
    null = np.array([v is None for v in values], dtype=bool)
    a = strings(["" if v is None else v for v in values])
    if not null.any():
        return a
    return pa.StringArray.from_buffers(len(a), a.buffers()[1], a.buffers()[2], _bits(~null), int(null.sum()))


def string_lists(values: Sequence[Sequence[str]]) -> pa.ListArray:
    """Lists of Python strings as an Arrow list<string> array."""
    offsets = np.zeros(len(values) + 1, np.int32)
    np.cumsum([len(v) for v in values], out=offsets[1:])
    return pa.ListArray.from_arrays(column(offsets), strings([x for v in values for x in v]))


def dictionary(codes: np.ndarray, names: Sequence[str]) -> pa.DictionaryArray:
    """A dictionary-encoded string column: `codes` (integers, their dtype is the index type) into `names`."""
    return pa.DictionaryArray.from_arrays(column(codes), strings(names))


_DTYPES = {pa.int8(): np.int8, pa.int16(): np.int16, pa.int32(): np.int32, pa.int64(): np.int64,
           pa.uint8(): np.uint8, pa.uint16(): np.uint16, pa.uint32(): np.uint32, pa.uint64(): np.uint64,
           pa.float16(): np.float16, pa.float32(): np.float32, pa.float64(): np.float64, pa.bool_(): np.bool_}


def _dtype(t: pa.DataType) -> np.dtype:
    try:
        return np.dtype(_DTYPES[t])
    except KeyError:
        raise TypeError(f"galaxysim.results.arrays.numpy() reads integer, float and bool columns, not {t}") from None


def _chunks(values: "pa.Array | pa.ChunkedArray") -> list[pa.Array]:
    return list(values.chunks) if isinstance(values, pa.ChunkedArray) else [values]


def _one(a: pa.Array, dtype: np.dtype, fill) -> np.ndarray:
    n, off = len(a), a.offset
    if n == 0:
        return np.zeros(0, dtype)
    data = a.buffers()[1]
    if dtype == np.bool_:
        out = np.unpackbits(np.frombuffer(data, np.uint8), count=off + n, bitorder="little")[off:].view(np.bool_)
    else:
        out = np.frombuffer(data, dtype, count=n, offset=off * dtype.itemsize)
    if a.null_count:
        if fill is None:
            raise ValueError(f"galaxysim.results.arrays.numpy(): the {a.type} column has {a.null_count} nulls "
                             "(pass fill= for their slots)")
        out = out.copy()
        out[_null_mask(a)] = fill
    return out


def numpy(values: "pa.Array | pa.ChunkedArray", fill=None) -> np.ndarray:
    """An integer, float or bool Arrow array (or chunked array) as a numpy array of the same type: a read-only
    view of its buffer for one chunk without nulls (bools are unpacked, chunks concatenated). A column with
    nulls needs `fill`, the value its null slots get (nulls() tells which they are)."""
    dtype = _dtype(values.type)
    parts = [_one(c, dtype, fill) for c in _chunks(values)]
    if len(parts) == 1:
        return parts[0]
    return np.concatenate(parts) if parts else np.zeros(0, dtype)


def _null_mask(a: pa.Array) -> np.ndarray:
    n, off = len(a), a.offset
    validity = a.buffers()[0]
    if a.null_count == 0 or validity is None:
        return np.zeros(n, np.bool_)
    valid = np.unpackbits(np.frombuffer(validity, np.uint8), count=off + n, bitorder="little")[off:]
    return valid == 0


def nulls(values: "pa.Array | pa.ChunkedArray") -> np.ndarray:
    """Which slots of an Arrow array (or chunked array) are null, as bools."""
    parts = [_null_mask(c) for c in _chunks(values)]
    return np.concatenate(parts) if parts else np.zeros(0, np.bool_)


def read_parquet(path: "str | Path", columns: Sequence[str] | None = None) -> pa.Table:
    """One Parquet file as a table (what pq.read_table(path, columns=) returns for a file, without importing
    pyarrow.dataset): the named columns in the order given, pa.ArrowInvalid for one the file lacks."""
    with pq.ParquetFile(path) as f:
        if columns is None:
            return f.read()
        columns = list(columns)
        have = set(f.schema_arrow.names)
        missing = [c for c in columns if c not in have]
        if missing:  # (ParquetFile.read would leave it out without a word)
            raise pa.ArrowInvalid(f"the file has no column {missing[0]!r}")
        return f.read(columns=columns)


def empty_table(schema: pa.Schema) -> pa.Table:
    """A table of no rows with `schema` (what schema.empty_table() makes)."""
    return pa.Table.from_batches([], schema)


def dictionary_codes(column: pa.ChunkedArray, names: list[str]) -> np.ndarray:
    """A dictionary-encoded string column as indices into `names` (-1 for a value not in it), chunk by chunk,
    without making a Python string per row."""
    parts = []
    for chunk in column.chunks:
        if pa.types.is_dictionary(chunk.type):
            lookup = np.array([names.index(v) if v in names else -1 for v in chunk.dictionary.to_pylist()] + [-1],
                              np.int64)
            idx = numpy(chunk.indices)
            parts.append(lookup[idx])
        else:
            parts.append(np.array([names.index(v) if v in names else -1 for v in chunk.to_pylist()], np.int64))
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)
