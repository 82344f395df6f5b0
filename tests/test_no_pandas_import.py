"""galaxysim.results.arrays (Arrow arrays from numpy and back without pyarrow's pandas probe) gives what pyarrow's own
conversions give, and the run, resume, summary, replay, match, tournament, export and report commands never
import pandas (pyarrow would, at about half a second per process, the first time pa.array or to_numpy runs)."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from galaxysim.results.arrays import column, dictionary, empty_table, nulls, numpy, read_parquet, strings

# Every integer type of the run folder's schemas, bools, and the floats column() also takes.
DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64,
          np.bool_]


def values(dtype, n: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype == np.bool_:
        return rng.random(n) < 0.5
    if np.dtype(dtype).kind == "f":
        return rng.normal(0, 1e3, n).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)  # the extremes included


def same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


# --- numpy -> Arrow ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [0, 1, 13, 1000])
def test_column_equals_pa_array(dtype, n):
    x = values(dtype, n)
    got = column(x)
    got.validate(full=True)
    assert got.type == pa.from_numpy_dtype(np.dtype(dtype)) and got.equals(pa.array(x))
    assert got.null_count == 0


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_column_with_nulls_equals_pa_array_with_mask(dtype):
    x = values(dtype, 77)
    mask = values(np.bool_, 77, seed=2)
    got = column(x, null=mask)
    got.validate(full=True)
    want = pa.array(x, mask=mask)
    assert got.equals(want) and got.null_count == want.null_count == mask.sum()
    assert got.is_null().to_pylist() == mask.tolist()
    assert column(x, null=np.zeros(77, bool)).equals(pa.array(x))  # a mask without nulls: no validity bitmap
    assert column(x, null=np.ones(77, bool)).null_count == 77


def test_column_copies_only_what_arrow_cannot_share():
    x = np.arange(40, dtype=np.int32)
    assert column(x[::3]).equals(pa.array(x[::3]))  # strided: copied
    assert column(x.astype(">i4")).equals(pa.array(x))  # big-endian: converted to native
    raw = np.zeros(41 * 8 + 1, np.uint8)
    unaligned = raw[1:].view(np.int64)  # int64 values at an odd address
    unaligned[:] = np.arange(41)
    assert not unaligned.flags.aligned and column(unaligned).to_pylist() == list(range(41))
    shared = column(x)
    x[0] = 99  # contiguous and aligned: the array is a view of the numpy buffer
    assert shared[0].as_py() == 99


def test_column_refuses_what_it_does_not_handle():
    with pytest.raises(TypeError, match="integers, floats or bools"):
        column(np.array(["a", "b"]))
    with pytest.raises(ValueError, match="1-d"):
        column(np.zeros((2, 2), np.int8))
    with pytest.raises(ValueError, match="null mask"):
        column(np.zeros(3, np.int8), null=np.zeros(2, bool))


@pytest.mark.parametrize("texts", [[], [""], ["", ""], ["x" * 300] * 5,
                                   ["Alpha Centauri", "", "Épsilon Eridani", "新地球", "🚀 x"]])
def test_strings_equal_pa_array(texts):
    got = strings(texts)
    got.validate(full=True)
    assert got.type == pa.string() and got.equals(pa.array(texts, pa.string())) and got.to_pylist() == texts


def test_strings_refuse_non_strings():
    with pytest.raises(TypeError, match="str values"):
        strings(["a", None])


def test_dictionary_equals_pyarrows():
    names = ["heuristic", "random", "ismcts:iterations=500"]
    for dtype in (np.int8, np.int16):
        codes = np.array([2, 0, 0, 1, 2], dtype)
        got = dictionary(codes, names)
        want = pa.DictionaryArray.from_arrays(pa.array(codes), pa.array(names, pa.string()))
        assert got.type == want.type == pa.dictionary(pa.from_numpy_dtype(np.dtype(dtype)), pa.string())
        assert got.equals(want)
    assert dictionary(np.zeros(0, np.int8), ["x"]).equals(
        pa.DictionaryArray.from_arrays(pa.array(np.zeros(0, np.int8)), pa.array(["x"])))


# --- Arrow -> numpy ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_numpy_gives_back_the_values(dtype):
    x = values(dtype, 1000)
    assert same(numpy(pa.array(x)), x)
    assert same(numpy(pa.array(x[:0])), x[:0])
    for start, length in ((3, 10), (5, 0), (999, 1), (0, 1000), (17, 500)):  # offsets off the bitmap's bytes
        assert same(numpy(pa.array(x).slice(start, length)), x[start:start + length])
    chunked = pa.chunked_array([pa.array(x[:7]), pa.array(x[7:7]), pa.array(x[7:]).slice(2)])
    assert same(numpy(chunked), np.concatenate([x[:7], x[9:]]))
    assert same(numpy(pa.chunked_array([], pa.from_numpy_dtype(np.dtype(dtype)))), x[:0])
    assert same(numpy(column(x)), x)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_numpy_with_nulls_needs_a_fill(dtype):
    x = values(dtype, 200)
    mask = values(np.bool_, 200, seed=3)
    arr = pa.array(x, mask=mask)
    with pytest.raises(ValueError, match="nulls"):
        numpy(arr)
    fill = x.dtype.type(1)
    assert same(numpy(arr, fill=fill), np.where(mask, fill, x))
    assert same(nulls(arr), mask)
    part = arr.slice(11, 150)
    assert same(numpy(part, fill=fill), np.where(mask, fill, x)[11:161]) and same(nulls(part), mask[11:161])
    chunked = pa.chunked_array([arr.slice(0, 5), pa.array(x[:4]), arr.slice(101)])
    assert same(nulls(chunked), np.concatenate([mask[:5], np.zeros(4, bool), mask[101:]]))
    assert same(nulls(pa.array(x)), np.zeros(200, bool))


def test_numpy_of_a_dictionary_column_reads_its_indices():
    d = pa.DictionaryArray.from_arrays(pa.array(np.array([1, 0, 1, 1], np.int8)), pa.array(["a", "b"]))
    assert same(numpy(d.slice(1).indices), np.array([0, 1, 1], np.int8))
    with pytest.raises(TypeError, match="integer, float and bool columns, not dictionary"):
        numpy(d)
    with pytest.raises(TypeError, match="not string"):
        numpy(pa.array(["a"]))


def test_numpy_of_list_offsets_and_values():
    lists = pa.array([[1, 2], [], [3]], pa.list_(pa.int16()))
    assert same(numpy(lists.offsets), np.array([0, 2, 2, 3], np.int32))
    assert same(numpy(lists.values), np.array([1, 2, 3], np.int16))


# --- Parquet -----------------------------------------------------------------------------------------------------

def test_read_parquet_is_read_table_for_one_file(tmp_path):
    t = pa.table({"a": pa.array(np.arange(5, dtype=np.int16)),
                  "b": pa.array(["x", "y", "z", "x", "y"]).dictionary_encode(),
                  "c": pa.array([[1], [], [2, 3], [4], []], pa.list_(pa.int16()))})
    t = t.replace_schema_metadata({b"k": b"v"})
    p = tmp_path / "t.parquet"
    pq.write_table(t, p)
    assert read_parquet(p).equals(pq.read_table(p), check_metadata=True)
    for cols in (["c", "a"], ["b"], []):
        assert read_parquet(p, cols).equals(pq.read_table(p, columns=cols), check_metadata=True)
    with pytest.raises(pa.ArrowInvalid, match="no column 'nope'"):
        read_parquet(p, ["a", "nope"])
    (tmp_path / "bad.parquet").write_bytes(p.read_bytes()[:50])
    with pytest.raises(pa.ArrowInvalid):
        read_parquet(tmp_path / "bad.parquet")
    with pytest.raises(OSError):
        read_parquet(tmp_path / "missing.parquet")


def test_empty_table_keeps_the_schema():
    schema = pa.schema([pa.field("a", pa.int8(), nullable=False), pa.field("b", pa.list_(pa.int16()))],
                       metadata={b"galaxysim.table": b"games"})
    t = empty_table(schema)
    assert t.num_rows == 0 and t.schema.equals(schema, check_metadata=True)


# --- the commands, in a fresh interpreter ------------------------------------------------------------------------

COMMANDS = """
import importlib.util, json, sys
from galaxysim.sim.cli import main

def run(*args):
    rc = main([str(a) for a in args])
    assert rc == 0, (args, rc)
    if "pandas" in sys.modules:
        print(json.dumps({"pandas_after": " ".join(map(str, args))}))
        sys.exit(0)

out = sys.argv[1]
run("run", "--games", 200, "--chunk-size", 100, "--seed", 3, "--quiet", "--out", f"{out}/rftg")
run("summary", f"{out}/rftg")
run("replay", f"{out}/rftg", "--game", 150)
run("run", "--game", "af", "--players", 3, "--games", 30, "--seed", 3, "--record-decisions", "--quiet",
    "--out", f"{out}/af")
run("summary", f"{out}/af", "--json")
run("replay", f"{out}/af", "--game", 7)
run("export", f"{out}/af", "--format", "parquet", "--out", f"{out}/af-decisions.parquet")
run("report", f"{out}/af")
run("run", "--expansion", "rvi", "--players", 1, "--games", 50, "--seed", 3, "--quiet", "--out", f"{out}/solo")
m = json.load(open(f"{out}/rftg/manifest.json"))
m["chunks"], m["status"] = m["chunks"][:1], "interrupted"
json.dump(m, open(f"{out}/rftg/manifest.json", "w"))
run("resume", f"{out}/rftg", "--quiet")
run("match", "--game", "af", "--bots", "random,heuristic", "--games", 8, "--seed", 3, "--quiet",
    "--out", f"{out}/match")
run("tournament", "--bots", "random,heuristic,ismcts:iterations=5", "--games", 4, "--seed", 3, "--quiet",
    "--out", f"{out}/tournament")
print(json.dumps({"pandas_after": None, "pandas_importable": importlib.util.find_spec("pandas") is not None}))
"""


@pytest.mark.skipif(importlib.util.find_spec("pandas") is None,
                    reason="pandas is not installed: there is no pandas import to avoid")
def test_commands_do_not_import_pandas(tmp_path):
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(COMMANDS), str(tmp_path)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    last = json.loads(r.stdout.strip().splitlines()[-1])
    assert last["pandas_after"] is None, f"pandas was imported by `galaxysim {last['pandas_after']}`"
    assert last["pandas_importable"]
